"""``make run``'s daphne cuts off slow clients (issue 24, finding 8): it faces the LAN
directly, and a client sending its headers a byte at a time held a connection forever
(Twisted drops a connection only after a minute with no data at all). Each request's
headers must now arrive within MJ_HTTP_HEADER_TIMEOUT seconds; an answer still comes to
a client that sends its request in time, and on a kept-alive connection too."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from games.tests.live_server import free_port
from mjsite.serve import daphne_arguments

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def home_game_server(header_timeout: int, setup: str = "") -> Iterator[int]:
    """``python -m mjsite.serve`` (what ``make run`` starts) on loopback; ``setup`` is
    Python run in its ``manage.py shell`` first."""
    with tempfile.TemporaryDirectory(prefix="mjsite-serve-") as tmp:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3",
               "MJ_DEBUG": "true", "DJANGO_SETTINGS_MODULE": "mjsite.settings",
               "MJ_HTTP_HEADER_TIMEOUT": str(header_timeout), "PYTHONPATH": str(ROOT)}
        env.pop("REDIS_URL", None)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=ROOT, env=env, check=True)
        if setup:
            subprocess.run([sys.executable, "manage.py", "shell", "-c", setup],
                           cwd=ROOT, env=env, check=True)
        port = free_port()
        log = open(Path(tmp) / "serve.log", "wb")  # noqa: SIM115 - closed below
        proc = subprocess.Popen([sys.executable, "-m", "mjsite.serve", "--host", "127.0.0.1",
                                 "--port", str(port)], cwd=ROOT, env=env, stdout=log,
                                stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz",
                                                timeout=2) as answer:
                        if answer.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.close()
                    raise RuntimeError("the server did not start:\n" + (
                        Path(tmp) / "serve.log").read_text(errors="replace"))
                time.sleep(0.2)
            yield port
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.close()


def _drip_until_closed(sock: socket.socket, most: int) -> int:
    """Send one header line every 0.25 s (a byte stream that never goes idle) until the
    server closes the connection; the number of lines sent, or ``most`` if it never did."""
    sock.settimeout(0.25)
    for sent in range(most):
        try:
            sock.sendall(f"X-Slow-{sent}: a\r\n".encode())
            if sock.recv(4096) == b"":
                return sent
        except TimeoutError:
            continue
        except OSError:  # reset by the server
            return sent
    return most


def _slowloris(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(_request(port))
        # Generous: 240 lines (a minute at least) against a 2-second deadline; before,
        # the connection stayed open however many were sent.
        assert _drip_until_closed(slow, most=240) < 240


async def _watch_table_while(port: int, action: Callable[[], None]) -> bool:
    """Open the table's websocket, run ``action`` meanwhile, then say whether the socket
    still answers (a snapshot asked for after the action)."""
    from websockets.asyncio.client import connect

    origin = f"http://127.0.0.1:{port}"
    async with connect(f"ws://127.0.0.1:{port}/ws/tables/liveTable001/",
                       origin=origin) as ws:  # type: ignore[arg-type]
        first = json.loads(await ws.recv())
        assert first["type"] == "snapshot"
        await asyncio.get_running_loop().run_in_executor(None, action)
        await ws.send(json.dumps({"type": "get_snapshot", "request_id": "after"}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message.get("request_id") == "after":
                return bool(message["type"] == "snapshot")


def _request(port: int) -> bytes:
    return f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode()


TABLE = ("from games import services; "
         "services.create_table('Live', 'riichi', '', {}, ['A', 'B', 'C', 'D'], "
         "visibility='public').__class__.objects.update(public_id='liveTable001')")


def test_a_client_dripping_its_headers_is_cut_off_and_others_are_answered():
    with home_game_server(header_timeout=2, setup=TABLE) as port:
        # A table's websocket outlives the header deadline: it is cut off only while
        # its headers are coming.
        socket_open = asyncio.run(_watch_table_while(port, lambda: _slowloris(port)))
        assert socket_open
        # Kept alive: the first answer comes, the dripped second request is cut off.
        with socket.create_connection(("127.0.0.1", port)) as kept:
            kept.sendall(_request(port) + b"\r\n")
            kept.settimeout(30)
            first = kept.recv(65536)
            assert first.startswith(b"HTTP/1.1 200")
            kept.sendall(_request(port))
            assert _drip_until_closed(kept, most=240) < 240
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30) as ok:
            assert ok.status == 200


def test_make_run_gives_daphne_its_timeouts():
    argv = daphne_arguments("0.0.0.0", 8000)
    assert argv[-1] == "mjsite.asgi:application"
    options = dict(zip(argv[:-1:2], argv[1:-1:2], strict=True))
    assert int(options["--http-timeout"]) > 0
    assert int(options["--websocket_connect_timeout"]) > 0
    assert int(options["--application-close-timeout"]) > 0
