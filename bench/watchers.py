"""Watchers' crowd benchmark (issue 24, finding 6): a seated phone's acknowledgement while
many watcher sockets ask the same table for its snapshot, each within its own limit.

    python bench/watchers.py --watchers 100 --database postgres://postgres@127.0.0.1/test
    python bench/watchers.py --watchers 100 --redis redis://127.0.0.1:6379/0

One daphne process on loopback. The seated phone alternates recording a hand and undoing
it (both table writes) one at a time, and times each from sending it to its ``ack``.
Three runs on the same table: no watchers; the crowd with the per-table watchers' budget
switched off (``MJ_WS_WATCHERS_RATE`` huge, as before the budget existed); the crowd with
the default budget. Each watcher asks ``get_snapshot`` ``--rate`` times a second (under
the per-socket ``MJ_WS_READ_RATE`` of 5). Prints percentiles and ratios; asserts nothing.
With no arguments (``make bench``) it runs a short smoke check: 30 watchers on SQLite.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import secrets
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.tests.integration.harness import (  # noqa: E402
    Client,
    Server,
    db_tool,
    fresh_postgres_database,
    prepare,
    site_env,
)

UNLIMITED = "1000000/second"


async def _watch(client: Client, rate: float, stop: asyncio.Event) -> tuple[int, int]:
    """Ask for the snapshot ``rate`` times a second until ``stop``; (answered, refused)."""
    while not stop.is_set():
        await client.send({"type": "get_snapshot"})
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), 1 / rate)
    seen = [m for m in client.seen if m.get("type") in ("snapshot", "error")]
    return (sum(1 for m in seen if m["type"] == "snapshot") - 1,
            sum(1 for m in seen if m.get("code") == "rate_limited"))


async def _writes(phone: Client, count: int) -> list[float]:
    took = []
    for n in range(count):
        command_id = f"w{n}-{secrets.token_hex(4)}"
        started = time.perf_counter()
        if n % 2 == 0:
            await phone.record(command_id)
        else:
            await phone.send({"type": "undo", "command_id": command_id,
                              "base_seq": phone.seq})
        answer = await phone.answer_to(command_id, timeout=120)
        took.append(time.perf_counter() - started)
        if answer["type"] != "ack":
            raise RuntimeError(f"the seated phone's write was refused: {answer}")
    return took


async def _run(server: Server, table: dict[str, object], watchers: int, rate: float,
               writes: int) -> tuple[list[float], int, int]:
    public_id = str(table["public_id"])
    devices = table["devices"]
    assert isinstance(devices, list)
    phone = Client(server, public_id, devices[0])
    await phone.connect()
    crowd = [Client(server, public_id) for _ in range(watchers)]
    gate = asyncio.Semaphore(50)

    async def join(client: Client) -> None:
        async with gate:
            await client.connect(timeout=60)

    await asyncio.gather(*(join(c) for c in crowd))
    stop = asyncio.Event()
    spam = [asyncio.create_task(_watch(c, rate, stop)) for c in crowd]
    await asyncio.sleep(1.0)  # the crowd is asking before the first write
    try:
        took = await _writes(phone, writes)
    finally:
        stop.set()
        counts = await asyncio.gather(*spam)
        await asyncio.gather(phone.close(), *(c.close() for c in crowd))
    return took, sum(a for a, _r in counts), sum(r for _a, r in counts)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=100)
    parser.add_argument("--rate", type=float, default=4.0,
                        help="snapshot requests per second per watcher")
    parser.add_argument("--writes", type=int, default=20,
                        help="the seated phone's writes per run")
    parser.add_argument("--database", default="",
                        help="PostgreSQL URL to create a throwaway database beside "
                             "(default: a temporary SQLite file)")
    parser.add_argument("--redis", default="", help="channels-redis at this URL")
    args = parser.parse_args(argv)
    if not (sys.argv[1:] if argv is None else argv):  # make bench: a short smoke check
        args.watchers, args.writes = 30, 8
    if not 1 <= args.watchers <= 1000:
        parser.error("--watchers must be 1 to 1000")
    print(f"mjsite watchers: {args.watchers} watcher sockets x {args.rate:g} snapshot "
          f"requests/s, {args.writes} writes per run, database "
          f"{'PostgreSQL' if args.database else 'SQLite'}, layer "
          f"{'channels-redis' if args.redis else 'in-memory'}", flush=True)
    results: dict[str, tuple[list[float], int, int]] = {}
    with ExitStack() as stack:
        if args.database:
            url = stack.enter_context(fresh_postgres_database(args.database))
        else:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="mjsite-watch-"))
            url = f"sqlite:///{tmp}/watch.sqlite3"
        base = site_env(url, args.redis, f"bench-{secrets.token_hex(4)}" if args.redis else "")
        base["MJ_TABLE_WRITE_RATE"] = "1000000/minute"  # the bench's phone writes fast
        base["MJ_DB_CONN_MAX_AGE"] = "600"
        prepare(base)
        (table,) = db_tool(base, {"op": "tables", "count": 1, "visibility": "public"})
        logs = stack.enter_context(tempfile.TemporaryDirectory(prefix="mjsite-watch-logs-"))
        runs = [("quiet", 0, None), ("crowd, no table budget", args.watchers, UNLIMITED),
                ("crowd, table budget", args.watchers, None)]
        for label, watchers, budget in runs:
            env = dict(base)
            if budget:
                env["MJ_WS_WATCHERS_RATE"] = budget
            server = Server(env, log_dir=logs, args=("-v", "0"))
            server.start()
            try:
                results[label] = asyncio.run(_run(server, table, watchers, args.rate,
                                                  args.writes))
            finally:
                server.stop()
            took, answered, refused = results[label]
            print(f"  {label:<24} ack p50 {1000 * statistics.median(took):7.1f} ms  "
                  f"p95 {1000 * _quantile(took, 0.95):7.1f} ms  "
                  f"max {1000 * max(took):7.1f} ms  snapshots answered {answered}, "
                  f"refused {refused}", flush=True)
    quiet = statistics.median(results["quiet"][0])
    for label in ("crowd, no table budget", "crowd, table budget"):
        print(f"  {label} / quiet p50 ratio: "
              f"{statistics.median(results[label][0]) / quiet:.1f}")
    from bench.common import figure

    for label, slug in (("quiet", "quiet"), ("crowd, table budget", "crowd_with_budget")):
        figure(f"watchers.{slug}.ack_p95", 1000 * _quantile(results[label][0], 0.95), "ms")
    figure("watchers.crowd_with_budget_over_quiet.ack_p50",
           statistics.median(results["crowd, table budget"][0]) / quiet, "x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
