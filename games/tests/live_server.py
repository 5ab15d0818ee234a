"""A real daphne server for the browser tests: its own temporary SQLite database
(migrated, presets synced), a free loopback port, stopped and removed afterwards.

The test process migrates once, into a template database, and each server starts from a
copy of it: the same tables and presets as its own `migrate` would make, without a
Django start-up and every migration per server (a browser module or chunk starts one or
more)."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import expect

from .integration.harness import DAPHNE

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
# Each new browser window (every phone's context) of Chromium 15x starts a renderer of its
# own for the address bar's suggestion popup, a page of Chromium's own UI that a headless
# test never opens: about 0.6 s of CPU per phone, a quarter of all Chromium's CPU in the
# suite. Chromium reads only the last --disable-features on its command line, so ours
# repeats the features Playwright turns off (as its launch of Chromium 156 lists them;
# test_browser_launch.py checks that none is lost when Playwright changes).
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,"
    "HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,"
    "ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,"
    "TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,"
    "PreconnectToSearch,msForceBrowserSignIn,msEdgeUpdateLaunchServicesPreferredVersion")
DISABLED_FEATURES = f"{PLAYWRIGHT_DISABLED_FEATURES},WebUIOmniboxPopup,WebUIOmniboxAimPopup"
# Playwright gives each launch a fresh user-data directory of its own.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync",
                 f"--disable-features={DISABLED_FEATURES}"]
ARTIFACTS = ROOT / "test-artifacts"

# How long a browser test waits for a state (an element shown, a score, "live") before it
# fails. Playwright's default of 5 s is an idle machine's; CI is a busy 2-core machine that
# may run two suites at once, where a save -> ack -> render can take seconds. Tests wait
# on the state itself, so a longer limit costs nothing when all goes well.
STATE_TIMEOUT_MS = 30_000
# A phone whose socket kept failing retries with sync.js's backoff, at most 30 s +/- 25 %
# apart: a test that waits for it to come back "live" waits that long and then some.
RECONNECT_TIMEOUT_MS = 60_000
expect.set_options(timeout=STATE_TIMEOUT_MS)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# Daphne's own line once it listens; the port is the one the system chose for it.
_LISTENING = re.compile(rb"Listening on TCP address 127\.0\.0\.1:(\d+)")
# How long a server may take to start on a busy machine before the test gives up on it.
START_TIMEOUT_S = 120


_template: Path | None = None
# Each running server's SQLite file, by its base URL: a test that changes a row behind the
# site's back (issue 29's hash chain) opens it.
DATABASES: dict[str, Path] = {}


def _migrated_template(env: dict[str, str]) -> Path:
    """A database `manage.py migrate` made, once per test process (so a code or
    migration change between runs is always seen), removed when the process ends."""
    global _template
    if _template is None:
        where = Path(tempfile.mkdtemp(prefix="mjsite-template-"))
        atexit.register(shutil.rmtree, where, ignore_errors=True)
        database = where / "db.sqlite3"
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=ROOT, env={**env, "DATABASE_URL": f"sqlite:///{database}"},
                       check=True)
        _template = database
    return _template


def _copy_database(template: Path, target: Path) -> None:
    shutil.copyfile(template, target)
    # SQLite in WAL mode (mjsite.settings) folds the log into the file when the last
    # connection closes; one left behind holds committed pages, so it goes along.
    wal = template.with_name(template.name + "-wal")
    if wal.exists():
        shutil.copyfile(wal, target.with_name(target.name + "-wal"))


@contextmanager
def live_server(setup: str = "", socket_delay_ms: str = "",
                links_host: str = "", env: dict[str, str] | None = None) -> Iterator[str]:
    """Yield the base URL (``http://127.0.0.1:<port>``) of a fresh site; ``setup`` is
    Python run once in its ``manage.py shell`` after the migrations (an admin account);
    ``socket_delay_ms`` (e.g. ``"300-800"``) delays every frame the table socket sends, as
    café Wi-Fi would (games/latency.py); ``links_host`` (another loopback address, e.g.
    ``"127.0.0.2"``) is also listened on and is the address the join links hand out
    (MJ_PUBLIC_URL), as ``make run`` hands out its LAN address: another cookie jar.

    Daphne binds port 0 and the port is read from its log: a port picked here and bound
    later could be taken in between by another test process (pytest-xdist's workers each
    start servers), whose server would then answer this one's requests. With
    ``links_host`` the port must be known beforehand (the links name it), so it is picked
    here: a rare race, for the few tests that need a second address. ``env`` sets more
    of the server's environment (``{"MJ_WS_WATCHERS_RATE": "1/second"}``)."""
    extra = env or {}
    with tempfile.TemporaryDirectory(prefix="mjsite-browser-") as tmp:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3", "MJ_DEBUG": "true",
               "DJANGO_SETTINGS_MODULE": "mjsite.settings", "PYTHONPATH": str(ROOT),
               "MJ_LOG_LEVEL": "INFO",
               # Static files as a phone in production gets them: kept, not asked for
               # again at every page (mjsite/settings.py).
               "MJ_STATIC_AUTOREFRESH": "false"}
        env.pop("REDIS_URL", None)
        env.pop("MJ_TEST_SOCKET_DELAY_MS", None)
        if socket_delay_ms:
            env["MJ_TEST_SOCKET_DELAY_MS"] = socket_delay_ms
        env.update(extra)
        _copy_database(_migrated_template(env), Path(tmp) / "db.sqlite3")
        if setup:
            subprocess.run([sys.executable, "manage.py", "shell", "-c", setup],
                           cwd=ROOT, env=env, check=True)
        log_path = Path(tmp) / "daphne.log"
        log = open(log_path, "wb")  # noqa: SIM115 - closed below
        listen = ["-b", "127.0.0.1", "-p", "0"]
        if links_host:
            port = free_port()
            listen = ["-b", "127.0.0.1", "-p", str(port),
                      "-e", f"tcp:port={port}:interface={links_host}"]
            env["MJ_PUBLIC_URL"] = f"http://{links_host}:{port}"
        proc = subprocess.Popen([*DAPHNE, *listen,  # the server production runs
                                 "mjsite.asgi:application"], cwd=ROOT, env=env,
                                stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + START_TIMEOUT_S
            base = ""
            while True:
                if not base and (found := _LISTENING.search(log_path.read_bytes())):
                    base = f"http://127.0.0.1:{int(found.group(1))}"
                if base:
                    try:
                        with urllib.request.urlopen(base + "/healthz", timeout=5) as answer:
                            if answer.status == 200:
                                break
                    except OSError:
                        pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.close()
                    output = log_path.read_text(errors="replace")
                    raise RuntimeError(f"daphne did not start:\n{output}")
                time.sleep(0.1)
            DATABASES[base] = Path(tmp) / "db.sqlite3"
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.close()
