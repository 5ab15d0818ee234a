"""A group's figures are kept per version of its tables (clubs.history over common.memo):
after every kind of change (a table finishing, a hand recorded at a table in play, an old
hand corrected, a game reopened, a table made private, taken out or removed) each reader
gets what a fresh count gives, and a table that finishes is added to what was kept
rather than the whole history being read again."""

from __future__ import annotations

from typing import Any

import pytest

from clubs import history, permissions, rating, results, services
from clubs.models import Group
from common.memo import Memo
from games import seat_results
from games import services as games
from games.models import SeatResult
from games.permissions import Actor
from games.queries.stats import player_stats
from games.tests.tables import command_id

from .helpers import OWNER, RON, SICHUAN, TSUMO, group, play, table

pytestmark = pytest.mark.django_db

STRANGER = Actor(device="a-stranger-s-phone")
NAMES = ["Aiko", "Bo", "Chen", "Dana", "Eri"]


def figures(club: Group, who: Any) -> dict[str, Any]:
    """What the group's pages show ``who``: leaderboards, statistics, a player's ratings."""
    tables = permissions.group_tables(club, who)
    boards = [(b.ruleset, [(r.player.pk, r.games, r.firsts, r.place_sum, r.units,
                            r.rating and (r.rating.mu, r.rating.sigma, r.rating.games,
                                          r.rating.history)) for r in b.rows])
              for b in results.boards(tables, group=club)]
    stats = [{**row, "player": row["player"].pk}
             for row in results.member_stats(tables, [], seated=True, group=club)]
    aiko = next(p for p in club.memberships.all() if p.player.display_name == "Aiko").player
    ratings = [(r["ruleset"], r["rating"].history)
               for r in results.player_ratings(tables, aiko.pk, club)]
    return {"boards": boards, "stats": stats, "ratings": ratings}


def fresh(club: Group, who: Any) -> dict[str, Any]:
    """The same counted afresh: nothing kept, and the ratings worked out game by game
    without their cached steps."""
    history._KEPT.clear()
    seat_results._KEPT.clear()
    counted = figures(club, who)
    history._KEPT.clear()
    seat_results._KEPT.clear()
    # The statistics as one count over every table, in play or not, oldest first.
    tables = permissions.group_tables(club, who)
    once = seat_results.tallies(SeatResult.objects.filter(table__in=tables.values("pk")))
    assert {row["player"]: {k: v for k, v in row.items() if k != "player"}
            for row in counted["stats"]} == {
        pid: player_stats(per, once.rulesets) for pid, per in once.players.items()}
    done = results.finished(permissions.group_tables(club, who))
    chains: dict[str, list[rating.Game]] = {}
    for result in done:
        chains.setdefault(result.ruleset, []).append(results.game(result))
    uncached = rating.rate_all(chains, cached=False)
    for ruleset, rows in counted["boards"]:
        for pid, *_rest, rated in rows:
            assert rated[:2] == (uncached[ruleset][pid].mu, uncached[ruleset][pid].sigma)
    return counted


def finished_table(club: Group, n: int, **kwargs: Any) -> Any:
    names = [NAMES[(n + k) % len(NAMES)] for k in range(4)]
    if "Aiko" not in names:
        names[0] = "Aiko"
    done = play(table("riichi", names=names, **kwargs), [RON, TSUMO] if n % 2 else [TSUMO])
    services.attach_table(done, club, OWNER)
    return done


def test_kept_figures_equal_a_fresh_count_after_every_kind_of_change(monkeypatch) -> None:
    club = group()
    # The oldest table is still in play: its items were seen before the finished ones'.
    in_play = play(table("riichi", names=NAMES[1:]), [RON, TSUMO], end=False)
    services.attach_table(in_play, club, OWNER)
    made = [finished_table(club, n) for n in range(4)]
    sichuan = play(table("sichuan"), [SICHUAN])
    services.attach_table(sichuan, club, OWNER)
    for who in (OWNER, STRANGER):
        assert figures(club, who) == fresh(club, who)
        assert figures(club, who) == figures(club, who)  # read again: kept

    # A table finishing is added to what was kept: only its own seats are read.
    read: list[int] = []
    real = history.finished_rows

    def counting(tables: Any) -> list[Any]:
        rows = real(tables)
        read.append(len(rows))
        return rows

    monkeypatch.setattr(history, "finished_rows", counting)
    made.append(finished_table(club, 4))
    kept = figures(club, OWNER)
    assert read == [4]
    monkeypatch.setattr(history, "finished_rows", real)
    assert kept == fresh(club, OWNER)

    def change_and_compare(change: Any) -> None:
        change()
        for who in (OWNER, STRANGER):
            assert figures(club, who) == fresh(club, who)
            figures(club, who)  # kept for the next change to go on from

    def record_in_play() -> None:
        play(in_play.__class__.objects.get(pk=in_play.pk), [TSUMO], end=False)

    def correct_old_hand() -> None:
        first = made[0].__class__.objects.get(pk=made[0].pk)
        outcome = {"type": "ron", "wins": [{"winner": 2, "discarder": 3,
                                            "quick": {"han": 4, "fu": 30}}]}
        answer = games.correct_hand(first.pk, 1, outcome, command_id(), first.seq, OWNER)
        assert answer.get("ok"), answer

    def reopen() -> None:
        second = made[1].__class__.objects.get(pk=made[1].pk)
        assert games.reopen_game(second.pk, command_id(), second.seq, OWNER)["ok"]

    def make_private() -> None:  # the stranger no longer sees it; its creator still does
        games.set_visibility(made[2].pk, "private", OWNER)

    for change in (record_in_play, correct_old_hand, reopen, make_private,
                   lambda: services.detach_table(made[3], OWNER),
                   lambda: made[4].__class__.objects.filter(pk=made[4].pk).delete(),
                   lambda: finished_table(club, 5)):
        change_and_compare(change)


def test_a_memo_goes_on_from_its_last_value_only_while_every_item_is_unchanged() -> None:
    memo = Memo(8)
    computed: list[str] = []

    def compute(versions: dict[int, int]) -> Any:
        def everything() -> int:
            computed.append("all")
            return sum(versions.values())
        return everything

    def extend(base: int, added: list[int]) -> int:
        computed.append(f"+{added}")
        return base + sum(versions[k] for k in added)

    versions = {1: 10, 2: 20}
    assert memo.versioned("n", versions, compute(versions), extend, "g") == 30
    versions = {1: 10, 2: 20, 3: 30}
    assert memo.versioned("n", versions, compute(versions), extend, "g") == 60
    assert memo.versioned("n", dict(versions), compute(versions), extend, "g") == 60  # kept
    versions = {1: 11, 2: 20, 3: 30, 4: 40}  # item 1 changed: all again
    assert memo.versioned("n", versions, compute(versions), extend, "g") == 101
    assert computed == ["all", "+[3]", "all"]
    for n in range(20):  # the oldest entries age out
        memo.put(("other", n), n)
    assert memo.peek(("other", 0)) is None and memo.peek(("other", 19)) == 19
