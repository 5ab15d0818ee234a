"""Ratings per group and ruleset (OpenSkill): worked out from the finished games, so a
corrected hand changes them at once."""

from __future__ import annotations

import pytest

from clubs import permissions, rating, results, services
from games import services as games
from games.tests.tables import command_id

from .helpers import OWNER, RON, group, play, table

pytestmark = pytest.mark.django_db


def _ratings(club) -> dict[str, float]:
    board = next(b for b in results.boards(permissions.group_tables(club, OWNER))
                 if b.ruleset == "riichi")
    return {r.player.display_name: r.rating.ordinal for r in board.rows if r.rating}


def test_a_corrected_past_hand_recomputes_the_group_s_ratings() -> None:
    club = group()
    first = play(table("riichi"), [RON])  # Bo (seat 1) wins from Chen (seat 2)
    second = play(table("riichi"), [RON])
    for t in (first, second):
        services.attach_table(t, club, OWNER)
    before = _ratings(club)
    assert before["Bo"] > before["Chen"]
    # The first game's hand was Chen's win from Bo, not the other way round.
    corrected = {"type": "ron", "wins": [{"winner": 2, "discarder": 1,
                                          "quick": {"han": 3, "fu": 30}}]}
    first.refresh_from_db()
    answer = games.correct_hand(first.pk, 1, corrected, command_id(), first.seq, OWNER)
    assert answer.get("ok"), answer
    after = _ratings(club)
    assert after != before
    assert after["Chen"] > before["Chen"] and after["Bo"] < before["Bo"]
    # The same as rating the corrected games from scratch.
    done = results.finished(permissions.group_tables(club, OWNER))
    fresh = rating.rate([results.game(r) for r in done], cached=False)
    names = {p.pk: p.display_name for r in done for p in r.players}
    assert {names[p]: r.ordinal for p, r in fresh.items()} == after


def test_ties_share_a_rank_and_newcomers_start_at_zero() -> None:
    assert rating.ranks([30000, 30000, 20000, 20000]) == [1, 1, 3, 3]
    rated = rating.rate([rating.Game("g", "g", [1, 2, 3, 4], [100, 0, 0, -100])])
    assert rated[1].ordinal > rated[2].ordinal == rated[3].ordinal > rated[4].ordinal
    assert rated[1].history[0][0] == "g" and rated[2].games == 1
    assert rating.Rating(9, 25.0, 25 / 3).ordinal == 0.0
