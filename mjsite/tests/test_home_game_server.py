"""`make run` as four friends meet it: started the way the README says, in a network
namespace of the test's own whose only non-loopback interface has a LAN address, then
reached as a phone on that LAN (a request to 127.0.0.1 with the LAN address as Host):
no debug page ever, and the table's join link names the LAN address.

Creating the namespace needs root (CI runs as root); every packet stays in it.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from games.tests.live_server import free_port

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CLIENT = Path(__file__).with_name("home_game_client.py")


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


@contextmanager
def lan_namespace() -> Iterator[tuple[str, str]]:
    """A network namespace with loopback and a veth pair of its own (both ends inside, so
    the link has a carrier and nothing leads out), one end holding a private address."""
    tag = secrets.token_hex(3)
    name, outer, inner = f"mjt-{tag}", f"eth{tag}", f"wlan{tag}"
    address = f"10.{secrets.randbelow(200) + 20}.{secrets.randbelow(250)}.5"
    try:
        ip("netns", "add", name)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise RuntimeError("this test makes a network namespace and needs root and "
                           f"iproute2 (`ip`): {exc}") from exc
    try:
        ip("-n", name, "link", "set", "lo", "up")
        ip("-n", name, "link", "add", outer, "type", "veth", "peer", "name", inner)
        ip("-n", name, "addr", "add", f"{address}/24", "dev", inner)
        ip("-n", name, "link", "set", outer, "up")
        ip("-n", name, "link", "set", inner, "up")
        yield name, address
    finally:
        subprocess.run(["ip", "netns", "del", name], capture_output=True)


def test_make_run_serves_phones_on_the_lan_with_no_debug_page_and_a_lan_join_link():
    port = free_port()
    with lan_namespace() as (namespace, address), \
            tempfile.TemporaryDirectory(prefix="mjsite-home-") as tmp:
        env = {key: value for key, value in os.environ.items()
               if not key.startswith("MJ_") and key not in {"REDIS_URL", "HOST"}}
        env.pop("DJANGO_SETTINGS_MODULE", None)
        env.update(DATABASE_URL=f"sqlite:///{tmp}/db.sqlite3",
                   MJ_SECRET_KEY_FILE=f"{tmp}/secret-key", MJ_STATIC_ROOT=f"{tmp}/static")
        log_path = Path(tmp) / "server.log"
        with open(log_path, "wb") as log:
            server = subprocess.Popen(
                ["ip", "netns", "exec", namespace, "make", "-C", str(ROOT), "run",
                 f"PORT={port}", f"PYTHON={sys.executable}"],
                env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
            try:
                answer = subprocess.run(
                    ["ip", "netns", "exec", namespace, sys.executable, str(CLIENT), str(port),
                     address], capture_output=True, text=True, timeout=420, env=env)
            finally:
                os.killpg(server.pid, signal.SIGTERM)
                try:
                    server.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(server.pid, signal.SIGKILL)
                    server.wait()
        output = log_path.read_text(errors="replace")
        assert answer.returncode == 0, answer.stderr + output
        seen = json.loads(answer.stdout.strip().splitlines()[-1])
        assert "error" not in seen, output

    # The start-up banner names the phones' address and draws its QR code.
    assert f"http://{address}:{port}/" in output
    assert "Scan to open it on a phone" in output

    status, home = seen["home"]
    assert status == 200 and "mjsite" in home
    for status, text in (seen["missing"], seen["bad_host"]):
        assert status in (400, 404)
        for debug_mark in ("Traceback", "DEBUG = True", "DisallowedHost", "URLconf",
                           "technical"):
            assert debug_mark not in text
    assert seen["missing"][0] == 404 and "Page not found" in seen["missing"][1]
    assert seen["favicon"] in (301, 302)
    # Static files come from WhiteNoise with hashed names (collected, debug off).
    assert seen["css"] == 200 and seen["css_path"] != "/static/css/site.css"
    assert seen["service_worker"] == 200 and seen["manifest"] == 200

    assert seen["create"] == 302
    assert seen["join_url"].startswith(f"http://{address}:{port}/t/")
    assert seen["join_page"] == 200
