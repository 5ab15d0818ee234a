"""Club pages against history: a group's page, its statistics page and a player's page at
10 finished tables and at 500 (one player seated at 300 of them), in one process with
Django's test Client on a temporary SQLite database.

    .venv/bin/python bench/club_pages.py [--tables 500] [--player-games 300] [--repeat 15]

Games are played through the table services (seeded riichi hands, ended by hand), a few
distinct ones, then copied row for row (events, hands, ledger) under new seatings so that
500 tables take seconds to build; every copy goes through the same stored-results
backfill a migration runs (when the code has one). Each page is fetched once to warm up,
then ``--repeat`` times, page after page; printed: median and p95 in ms, the SQL statements of
one fetch, the same at 10 tables, the ratio, and the target (150 ms at 500 tables, a query
count that does not grow). Nothing asserts a time: the script prints, people read.
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


def setup(path: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjsite.settings")
    # Debug as the test suite runs (static files from the source, no collectstatic).
    os.environ["MJ_DEBUG"] = "true"
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)


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
        finished_at=now)
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
    def __init__(self, seed: int) -> None:
        from clubs import services as clubs
        from games.models import Player
        from games.permissions import Actor

        self.rng = random.Random(seed)
        self.owner = Actor(device="bench-owner")
        self.group = clubs.create_group("Bench club", self.owner, visibility="link",
                                        members=[f"Player {i}" for i in range(MEMBERS)])
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
            others = self.rng.sample(self.players[1:], 3 if seated else 4)
            four = [self.me, *others] if seated else others
            self.rng.shuffle(four)
            template = self.templates[self.count % len(self.templates)]
            made.append(copy_table(template, self.count, four, self.group))
            self.count += 1
            self.mine += seated
        return backfill(made)


def measure(urls: dict[str, str], repeat: int) -> dict[str, dict[str, float]]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    out: dict[str, dict[str, float]] = {}
    times: dict[str, list[float]] = {name: [] for name in urls}
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
        values.sort()
        out[name]["median"] = statistics.median(values)
        out[name]["p95"] = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--player-games", type=int, default=300)
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup(str(Path(tmp) / "bench.sqlite3"))
        from django.urls import reverse

        built = time.perf_counter()
        site = Site(args.seed)
        small_mine = round(args.small * args.player_games / args.tables)
        stored = site.grow(args.small, small_mine)
        urls = {"group page": reverse("clubs:group", args=[site.group.public_id]),
                "statistics page": reverse("clubs:group-stats", args=[site.group.public_id]),
                "player's page": reverse("games:player", args=[site.me.pk])}
        small = measure(urls, args.repeat)
        site.grow(args.tables, args.player_games)
        print(f"built {site.count} finished tables ({site.mine} with {site.me.display_name}) "
              f"in {time.perf_counter() - built:.1f} s; stored results: "
              f"{'yes' if stored else 'no (baseline code)'}; load "
              f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        large = measure(urls, args.repeat)
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


if __name__ == "__main__":
    main()
