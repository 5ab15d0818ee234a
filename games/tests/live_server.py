"""A real daphne server for the browser tests: its own temporary SQLite database
(migrated, presets synced), a free loopback port, stopped and removed afterwards."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
ARTIFACTS = ROOT / "test-artifacts"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def live_server(setup: str = "", socket_delay_ms: str = "",
                links_host: str = "") -> Iterator[str]:
    """Yield the base URL (``http://127.0.0.1:<port>``) of a fresh site; ``setup`` is
    Python run once in its ``manage.py shell`` after the migrations (an admin account);
    ``socket_delay_ms`` (e.g. ``"300-800"``) delays every frame the table socket sends, as
    café Wi-Fi would (games/latency.py); ``links_host`` (another loopback address, e.g.
    ``"127.0.0.2"``) is also listened on and is the address the join links hand out
    (MJ_PUBLIC_URL), as ``make run`` hands out its LAN address: another cookie jar."""
    with tempfile.TemporaryDirectory(prefix="mjsite-browser-") as tmp:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3", "MJ_DEBUG": "true",
               "DJANGO_SETTINGS_MODULE": "mjsite.settings", "PYTHONPATH": str(ROOT)}
        env.pop("REDIS_URL", None)
        env.pop("MJ_TEST_SOCKET_DELAY_MS", None)
        if socket_delay_ms:
            env["MJ_TEST_SOCKET_DELAY_MS"] = socket_delay_ms
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=ROOT, env=env, check=True)
        if setup:
            subprocess.run([sys.executable, "manage.py", "shell", "-c", setup],
                           cwd=ROOT, env=env, check=True)
        port = free_port()
        log = open(Path(tmp) / "daphne.log", "wb")  # noqa: SIM115 - closed below
        daphne = Path(sys.executable).parent / "daphne"
        listen = ["-b", "127.0.0.1", "-p", str(port)]
        if links_host:
            listen += ["-e", f"tcp:port={port}:interface={links_host}"]
            env["MJ_PUBLIC_URL"] = f"http://{links_host}:{port}"
        proc = subprocess.Popen([str(daphne), *listen,
                                 "mjsite.asgi:application"], cwd=ROOT, env=env,
                                stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(base + "/healthz", timeout=1) as answer:
                        if answer.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.close()
                    output = (Path(tmp) / "daphne.log").read_text(errors="replace")
                    raise RuntimeError(f"daphne did not start:\n{output}")
                time.sleep(0.2)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.close()
