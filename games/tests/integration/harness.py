"""Real services for the integration tests: a fresh PostgreSQL database, a Redis channel
prefix of its own, daphne processes on free loopback ports and websocket clients.

Also used by ``bench/load.py``, so nothing here depends on pytest.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import json
import os
import secrets
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
PYTHON = sys.executable
# The server command production runs (mjsite.daphne_server: daphne with cheaper timers).
DAPHNE = [sys.executable, "-m", "mjsite.daphne_server"]


def daphne_command() -> list[str]:
    """:data:`DAPHNE`, or plain daphne for a checkout at ``ROOT`` older than
    mjsite.daphne_server (a benchmark's baseline worktree)."""
    if (ROOT / "mjsite" / "daphne_server.py").exists():
        return DAPHNE
    return [str(Path(sys.executable).parent / "daphne")]

# A ron the riichi ruleset accepts in every state: seat 2 pays seat 1.
RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
# Seconds a client waits for its socket or a message by default: the tests wait on the
# message, and CI is a busy 2-core machine where an answer may take seconds.
WAIT_S = 30.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("MJ_") and k not in {"DATABASE_URL", "REDIS_URL"}}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


@functools.cache
def _static_root() -> str:
    # The test process's own collectstatic target: pytest-xdist's workers each prepare a
    # site (conftest.py spreads these files), and two collectstatic runs writing one
    # manifest at once would leave it half of each.
    where = tempfile.mkdtemp(prefix="mjsite-it-static-")
    atexit.register(shutil.rmtree, where, ignore_errors=True)
    return where


def site_env(database_url: str, redis_url: str = "", prefix: str = "") -> dict[str, str]:
    """The environment of a production-like site process (debug off, plain HTTP)."""
    env = {
        **_clean_env(),
        "DJANGO_SETTINGS_MODULE": "mjsite.settings",
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": database_url,
        "MJ_DEBUG": "false",
        "MJ_SECRET_KEY": "integration-" + secrets.token_hex(24),
        "MJ_ALLOWED_HOSTS": "127.0.0.1,localhost",
        # Loopback without TLS: no redirect to https, cookies sent over plain http.
        "MJ_SECURE_SSL_REDIRECT": "false",
        "MJ_SECURE_COOKIES": "false",
        "MJ_HSTS_SECONDS": "0",
        "MJ_LOG_LEVEL": "WARNING",
        "MJ_STATIC_ROOT": _static_root(),
    }
    if redis_url:
        env["REDIS_URL"] = redis_url
    if prefix:
        env["MJ_REDIS_PREFIX"] = prefix
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=300)


def prepare(env: dict[str, str]) -> None:
    """What a release does before its servers start (deploy/README.md): migrate the
    database and collect the static files (``/healthz`` answers 503 without them)."""
    manage(env, "migrate", "--noinput", "-v", "0")
    collect_static(env)


_collected: set[str] = set()


def collect_static(env: dict[str, str]) -> None:
    """``collectstatic`` into ``env``'s static root, once per test process and root: the
    sources do not change during a run, and each run hashes every file again (6-7 s of
    CPU)."""
    root = env.get("MJ_STATIC_ROOT", "")
    if root and root in _collected:
        return
    manage(env, "collectstatic", "--noinput", "-v", "0")
    if root:
        _collected.add(root)


def db_tool(env: dict[str, str], request: dict[str, Any]) -> Any:
    done = subprocess.run([PYTHON, "-m", "games.tests.integration.db_tool"], cwd=ROOT,
                          env=env, input=json.dumps(request), capture_output=True, text=True,
                          timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"db_tool {request} failed:\n{done.stderr}")
    return json.loads(done.stdout)


class DbTool:
    """:func:`db_tool` as one process that stays, for a site's many requests: started at
    the first, stopped by :meth:`close` (or when the test process ends)."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.proc: subprocess.Popen[str] | None = None

    def __call__(self, request: dict[str, Any]) -> Any:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [PYTHON, "-m", "games.tests.integration.db_tool", "--serve"], cwd=ROOT,
                env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True)
            atexit.register(self.close)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], 300)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            self.close()
            raise RuntimeError(f"db_tool {request} got no answer")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"db_tool {request} failed:\n{reply['error']}")
        return reply["answer"]

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None


# --- PostgreSQL --------------------------------------------------------------------------


@contextmanager
def fresh_postgres_database(admin_url: str, migrated: bool = False) -> Iterator[str]:
    """Create ``mjsite_it_<random>`` beside ``admin_url``'s database; yield its URL; drop it.
    ``migrated``: as ``manage.py migrate`` leaves a new database, copied from a template
    this process migrated once (a migrate costs 7 s of CPU; a copy a fraction of one)."""
    import psycopg

    name = f"mjsite_it_{secrets.token_hex(6)}"
    template = f' TEMPLATE "{_migrated_template(admin_url)}"' if migrated else ""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"{template}')
    parts = urllib.parse.urlsplit(admin_url)
    url = urllib.parse.urlunsplit(parts._replace(path="/" + name))
    try:
        yield url
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


_templates: dict[str, str] = {}


def _migrated_template(admin_url: str) -> str:
    """The name of a database beside ``admin_url``'s that ``manage.py migrate`` made, once
    per test process (a code or migration change between runs is always seen); nothing
    stays connected to it (PostgreSQL copies only an unused template). Dropped when the
    process ends."""
    import psycopg

    if admin_url not in _templates:
        name = f"mjsite_it_template_{secrets.token_hex(6)}"
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')

        def drop() -> None:
            with psycopg.connect(admin_url, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        atexit.register(drop)
        parts = urllib.parse.urlsplit(admin_url)
        manage(site_env(urllib.parse.urlunsplit(parts._replace(path="/" + name))),
               "migrate", "--noinput", "-v", "0")
        _templates[admin_url] = name
    return _templates[admin_url]


# --- Redis ---------------------------------------------------------------------------------


class RedisServer:
    """A throwaway redis-server on a free loopback port (nothing kept on disk), so a test
    can stop and restart it without disturbing the shared one."""

    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
        self.proc = subprocess.Popen(
            [binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer on port {self.port}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


# --- daphne ----------------------------------------------------------------------------------


class Server:
    """One daphne process of the site; can be killed (SIGKILL) and started again."""

    def __init__(self, env: dict[str, str], port: int | None = None,
                 log_dir: str | None = None, args: tuple[str, ...] = (),
                 command: list[str] | None = None) -> None:
        self.env = env
        self.args = args
        self.command = command  # a whole command line instead of the default one
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self._log_dir = log_dir or tempfile.mkdtemp(prefix="mjsite-daphne-")
        # A log of this server's own (kept across its restarts): a later server on a port
        # the system hands out again must not read an earlier one's tracebacks as its own.
        handle, name = tempfile.mkstemp(prefix=f"daphne-{self.port}-", suffix=".log",
                                        dir=self._log_dir)
        os.close(handle)
        self.log_path = Path(name)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def origin(self) -> str:
        return self.base

    def ws_url(self, public_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/tables/{public_id}/"

    def start(self, timeout: float = 120) -> None:
        log = open(self.log_path, "ab")  # noqa: SIM115 - the child keeps writing to it
        command = self.command or [*daphne_command(), "-b", "127.0.0.1", "-p", str(self.port),
                                   *self.args, "mjsite.asgi:application"]
        self.proc = subprocess.Popen(command, cwd=ROOT, env=self.env,
                                     stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"daphne did not start on {self.port}:\n{self.log()}")
            time.sleep(0.1)

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, as when a machine or process dies."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None


# --- websocket clients --------------------------------------------------------------------


class Client:
    """A phone at the table: one websocket, the messages it received, its current seq."""

    def __init__(self, server: Server, public_id: str, device: str = "",
                 origin: str | None = None) -> None:
        self.server = server
        self.public_id = public_id
        self.device = device
        self.origin = origin or server.origin
        self.ws: Any = None
        self.seq = -1
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.seen: list[dict[str, Any]] = []
        self._reader: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()
        self.close_code: int | None = None

    async def connect(self, timeout: float = WAIT_S) -> dict[str, Any]:
        """Open the socket and return the first message (the snapshot)."""
        from websockets.asyncio.client import connect

        headers = {"Cookie": f"mj_device={self.device}"} if self.device else {}
        self.closed = asyncio.Event()
        self.ws = await asyncio.wait_for(
            connect(self.server.ws_url(self.public_id), origin=self.origin,  # type: ignore[arg-type]  # websockets types origin narrowly
                    additional_headers=headers, open_timeout=timeout, max_size=2**22,
                    ping_interval=None),
            timeout)
        self._reader = asyncio.create_task(self._read())
        first = await self.expect(lambda m: True, timeout)
        return first

    async def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in self.ws:
                message = json.loads(raw)
                if isinstance(message.get("seq"), int) and message.get("type") != "stale":
                    self.seq = max(self.seq, message["seq"])
                elif message.get("type") == "stale":
                    self.seq = message["seq"]
                self.seen.append(message)
                await self.inbox.put(message)
        except ConnectionClosed:
            pass
        finally:
            self.close_code = getattr(self.ws, "close_code", None)
            self.closed.set()

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def expect(self, predicate: Callable[[dict[str, Any]], bool],
                     timeout: float = WAIT_S) -> dict[str, Any]:
        """The next received message that matches (skipping others)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError(f"no matching message within {timeout}s; saw "
                                   f"{[m.get('type') for m in self.seen]}")
            get = asyncio.ensure_future(self.inbox.get())
            closed = asyncio.ensure_future(self.closed.wait())
            done, _ = await asyncio.wait({get, closed}, timeout=left,
                                         return_when=asyncio.FIRST_COMPLETED)
            if get in done:
                closed.cancel()
                message = get.result()
                if predicate(message):
                    return message
                continue
            get.cancel()
            closed.cancel()
            if closed in done and self.inbox.empty():
                raise ConnectionError(f"socket closed ({self.close_code}) while waiting")

    async def record(self, command_id: str, base_seq: int | None = None,
                     outcome: dict[str, Any] | None = None) -> None:
        await self.send({"type": "record_hand", "command_id": command_id,
                         "base_seq": self.seq if base_seq is None else base_seq,
                         "outcome": outcome or RON})

    async def answer_to(self, command_id: str, timeout: float = WAIT_S) -> dict[str, Any]:
        return await self.expect(lambda m: m.get("type") in {"ack", "stale", "error"}
                                 and m.get("command_id") == command_id, timeout)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
