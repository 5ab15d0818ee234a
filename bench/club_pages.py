"""Club pages against history: a group's page, its statistics page and a player's page in
a group of 50 finished tables and in one of 500 (one player seated at 300 of them), in
one process with Django's test Client on a temporary SQLite database.

    PYTHONPATH=. .venv/bin/python bench/club_pages.py [--tables 500] [--player-games 300]
                                                      [--repeat 15] [--changes 5]

Games are played through the table services (seeded riichi hands, ended by hand), a few
distinct ones, then copied row for row (events, hands, ledger) under new seatings so that
500 tables take seconds to build; every copy goes through the same stored-results
backfill a migration runs (when the code has one). Each page is fetched once to warm up,
then ``--repeat`` times, the two groups' pages in turn so that the machine's load hits
both alike: median and p95 in ms, the SQL statements of one fetch, at 50 tables (both
lists a full page) and at 500, and the target (150 ms at 500 tables, a query count that
does not grow). Then what a reader pays first after a change,
``--changes`` times each: a new table finishing (the player seated), each page read once
after it; and a hand of the group's first table corrected (every rating after it moves).
Printed as a table and as FIGURE lines (bench/README.md). Nothing asserts a time: the
script prints, people read.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_MS = 150.0
MEMBERS = 12
PAGES = {"group page": "group_page", "statistics page": "stats_page",
         "player's page": "player_page"}


def setup(path: str) -> None:
    from bench.common import django_on_sqlite

    django_on_sqlite(path)


def outcome(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["ron", "ron", "tsumo", "draw"])
    riichi = sorted(rng.sample(range(4), rng.randint(0, 2)))
    if kind == "draw":
        return {"type": "draw", "tenpai": sorted(rng.sample(range(4), rng.randint(0, 4))),
                "riichi": riichi}
    winner = rng.randrange(4)
    quick = {"han": rng.randint(1, 6), "fu": rng.choice([30, 40])}
    discarder = rng.choice([p for p in range(4) if p != winner]) if kind == "ron" else None
    return {"type": kind, "riichi": riichi,
            "wins": [{"winner": winner, "discarder": discarder, "quick": quick}]}


def played(rng: random.Random, names: list[str], owner: Any, hands: int) -> Any:
    """One riichi table of ``hands`` hands (fewer if the game ends), ended."""
    from games import services

    table = services.create_table("Template", "riichi", "", {}, names, creator=owner,
                                  visibility="public")
    seq = 0
    for n in range(hands):
        result = services.record_hand(table.pk, outcome(rng), f"t{table.pk}-{n}", seq, owner)
        if not result.get("ok"):
            continue
        seq = int(result["seq"])
        if result["snapshot"]["table"]["finished"]:
            break
    result = services.end_game(table.pk, f"t{table.pk}-end", seq, owner)
    table.refresh_from_db()
    return table


def copy_table(template: Any, number: int, players: list[Any], group: Any) -> Any:
    """A copy of ``template``'s rows at a new table seating ``players`` (by position)."""
    from django.utils import timezone

    from clubs.models import TableLink
    from games.models import Event, Hand, LedgerEntry, Seat, Table

    now = timezone.now()
    table = Table.objects.create(
        name=f"Game {number}", ruleset=template.ruleset, preset=template.preset,
        options=template.options, visibility="public", seq=template.seq,
        state=template.state, finished=True, ended_manually=template.ended_manually,
        finished_at=now, creator_device=template.creator_device)
    Seat.objects.bulk_create(Seat(table=table, position=p, player=player)
                             for p, player in enumerate(players))
    events = {}
    for ev in Event.objects.filter(table=template).order_by("seq"):
        old = ev.pk
        ev.pk, ev.table = None, table
        events[old] = ev
    Event.objects.bulk_create(events.values())
    hands = {}
    for hand in Hand.objects.filter(table=template).order_by("number"):
        old = hand.pk
        hand.pk, hand.table = None, table
        hand.event, hand.current_event = events[hand.event_id], events[hand.current_event_id]
        hands[old] = hand
    Hand.objects.bulk_create(hands.values())
    entries = []
    for entry in LedgerEntry.objects.filter(table=template):
        entry.pk, entry.table = None, table
        entry.hand = hands[entry.hand_id] if entry.hand_id else None
        entry.player = players[entry.position]
        entries.append(entry)
    LedgerEntry.objects.bulk_create(entries)
    TableLink.objects.create(table=table, group=group)
    return table


def backfill(tables: list[Any]) -> bool:
    """The stored results of the copies, as the data migration makes them; False when
    the code measured has none (the baseline)."""
    try:
        from games.seat_results import refresh_tables
    except ImportError:
        return False
    refresh_tables(tables)
    return True


class Site:
    """A group of its own members (named ``name 0``...), its finished tables copied
    from a few played ones."""

    def __init__(self, seed: int, name: str) -> None:
        from clubs import services as clubs
        from games.models import Player
        from games.permissions import Actor

        self.rng = random.Random(seed)
        self.owner = Actor(device="bench-owner")
        self.group = clubs.create_group(f"{name} club", self.owner, visibility="link",
                                        members=[f"{name} {i}" for i in range(MEMBERS)])
        self.players = list(Player.objects.filter(memberships__group=self.group)
                            .order_by("display_name"))
        self.me = self.players[0]
        names = [p.display_name for p in self.players[:4]]
        self.templates = [played(self.rng, names, self.owner, self.rng.randint(8, 14))
                          for _ in range(6)]
        self.count = 0
        self.mine = 0

    def grow(self, to: int, mine: int) -> bool:
        """Finished tables up to ``to``, ``mine`` of them with the measured player."""
        made = []
        while self.count < to:
            left, want = to - self.count, mine - self.mine
            seated = want > 0 and self.rng.random() < want / left
            made.append(self.add(seated))
        return backfill(made)

    def add(self, seated: bool) -> Any:
        """One more finished table (of the next template), the player at it or not."""
        others = self.rng.sample(self.players[1:], 3 if seated else 4)
        four = [self.me, *others] if seated else others
        self.rng.shuffle(four)
        template = self.templates[self.count % len(self.templates)]
        table = copy_table(template, self.count, four, self.group)
        self.count += 1
        self.mine += seated
        return table


def measure(urls: dict[Any, str], repeat: int) -> dict[Any, dict[str, float]]:
    """Each page's SQL statements, and its median and p95 over ``repeat`` rounds of
    every page in turn (the small group's beside the large one's: load hits both)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    out: dict[Any, dict[str, float]] = {}
    times: dict[Any, list[float]] = {name: [] for name in urls}
    for name, url in urls.items():
        client.get(url)  # warm: a first read may store what later reads reuse
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        out[name] = {"queries": len(queries)}
    for _ in range(repeat):
        for name, url in urls.items():
            start = time.perf_counter()
            client.get(url)
            times[name].append((time.perf_counter() - start) * 1000)
    for name, values in times.items():
        out[name].update(quantiles(values))
    return out


def quantiles(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {"median": statistics.median(values),
            "p95": values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]}


def urls_of(site: Site) -> dict[str, str]:
    from django.urls import reverse

    return {"group page": reverse("clubs:group", args=[site.group.public_id]),
            "statistics page": reverse("clubs:group-stats", args=[site.group.public_id]),
            "player's page": reverse("games:player", args=[site.me.pk])}


def after_changes(site: Site, urls: dict[str, str], changes: int) -> dict[str, dict[str, float]]:
    """Each page's first read after a table finishes (``changes`` times per page, a new
    table each time, the player seated), then after a hand of the first table is
    corrected (every rating after it moves)."""
    from django.test import Client

    from games import services
    from games.models import Table

    client = Client()
    for url in urls.values():
        client.get(url)
    finished: dict[str, list[float]] = {name: [] for name in urls}
    for _ in range(changes):
        for name, url in urls.items():
            backfill([site.add(seated=True)])
            start = time.perf_counter()
            client.get(url)
            finished[name].append((time.perf_counter() - start) * 1000)
    corrected: dict[str, list[float]] = {name: [] for name in urls}
    first = Table.objects.filter(club_link__group=site.group).order_by("created_at").first()
    assert first is not None
    for n in range(changes):
        for name, url in urls.items():
            first.refresh_from_db()
            outcome = {"type": "tsumo", "riichi": [],
                       "wins": [{"winner": n % 4, "discarder": None,
                                 "quick": {"han": 1 + len(corrected[name]) % 5, "fu": 30}}]}
            answer = services.correct_hand(first.pk, 1, outcome, f"fix-{name}-{n}", first.seq,
                                           site.owner)
            assert answer.get("ok"), answer
            start = time.perf_counter()
            client.get(url)
            corrected[name].append((time.perf_counter() - start) * 1000)
    return {name: {"finished": statistics.median(finished[name]),
                   "corrected": statistics.median(corrected[name])} for name in urls}


def load_text() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    from bench.common import figure

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--player-games", type=int, default=300)
    parser.add_argument("--small", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--changes", type=int, default=5,
                        help="first reads timed after a table finishes, and after a correction")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup(str(Path(tmp) / "bench.sqlite3"))
        built = time.perf_counter()
        # Two groups in one database, measured in turn: history is all that differs.
        small_site, site = Site(args.seed, "Small"), Site(args.seed, "Large")
        stored = small_site.grow(args.small, round(args.small * args.player_games / args.tables))
        site.grow(args.tables, args.player_games)
        print(f"built {small_site.count} + {site.count} finished tables ({small_site.mine} "
              f"and {site.mine} with the player measured) in "
              f"{time.perf_counter() - built:.1f} s; stored results: "
              f"{'yes' if stored else 'no (baseline code)'}; load {load_text()}", flush=True)
        urls = urls_of(site)
        both = {(name, size): url for size, of in ((args.small, urls_of(small_site)),
                                                   (args.tables, urls))
                for name, url in of.items()}
        measured = measure(both, args.repeat)
        small = {name: measured[(name, args.small)] for name in urls}
        large = {name: measured[(name, args.tables)] for name in urls}
        print(f"load {load_text()} after the reads", flush=True)
        changed = after_changes(site, urls, args.changes) if args.changes else {}
        print(f"load {load_text()} after the changes", flush=True)
    head = (f"{'page':<16} {'tables':>6} {'median ms':>10} {'p95 ms':>8} {'queries':>8} "
            f"{'target':>8} {'vs target':>9}")
    print(head)
    print("-" * len(head))
    for name in urls:
        for count, figures in ((args.small, small[name]), (args.tables, large[name])):
            print(f"{name:<16} {count:>6} {figures['median']:>10.1f} {figures['p95']:>8.1f} "
                  f"{figures['queries']:>8.0f} {TARGET_MS:>8.0f} "
                  f"{figures['median'] / TARGET_MS:>8.2f}x")
        growth = large[name]["median"] / small[name]["median"]
        extra = large[name]["queries"] - small[name]["queries"]
        print(f"{'':<16} {'':>6} {args.tables}/{args.small} tables: time {growth:.2f}x, "
              f"queries {extra:+.0f} (target: +0)")
        if name in changed:
            print(f"{'':<16} {'':>6} first read after a table finishes "
                  f"{changed[name]['finished']:.1f} ms, after an old hand is corrected "
                  f"{changed[name]['corrected']:.1f} ms (medians of {args.changes})")
    for name, slug in PAGES.items():
        key = f"club.{slug}.{args.tables}"
        figure(f"{key}.median", large[name]["median"], "ms", f"<={TARGET_MS:g}")
        figure(f"{key}.p95", large[name]["p95"], "ms")
        figure(f"{key}.queries", large[name]["queries"], "queries",
               f"<={small[name]['queries']:g}")
        figure(f"club.{slug}.growth_{args.tables}_over_{args.small}",
               large[name]["median"] / small[name]["median"], "x")
        if name in changed:
            figure(f"{key}.after_a_table_finishes", changed[name]["finished"], "ms",
                   f"<={TARGET_MS:g}")
            figure(f"{key}.after_an_old_hand_is_corrected", changed[name]["corrected"], "ms")


if __name__ == "__main__":
    main()
