"""Running the npm peer engines of the differential tests (``tests/peers``): each adapter
reads one JSON request per line and answers one JSON line per request. Test-only.

``make test`` installs them (``npm ci --prefix scoring/engine/tests/peers``); a missing
install fails the tests that need it with that command, rather than skipping them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

PEERS = Path(__file__).parent / "peers"
INSTALL = "npm ci --prefix scoring/engine/tests/peers"


def run(adapter: str, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    node = shutil.which("node")
    if node is None or not (PEERS / "node_modules").is_dir():
        raise AssertionError(f"the npm peer engines are not installed: {INSTALL}")
    done = subprocess.run([node, str(PEERS / adapter)], cwd=PEERS, check=True, text=True,
                          capture_output=True, timeout=300,
                          input="".join(json.dumps(r) + "\n" for r in requests))
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert len(answers) == len(requests), done.stderr
    return answers
