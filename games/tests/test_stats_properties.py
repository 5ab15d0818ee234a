"""Property test: the player statistics (games.queries.stats, behind /api/players/{id}/stats/,
the player page and the group pages) agree with a recount from the ledger rows of random
riichi games."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import seat_results, services
from games.models import LedgerEntry, Seat, Table
from games.queries.stats import Tally, player_stats

from .tables import CREATOR, NAMES, command_id

pytestmark = pytest.mark.django_db

players = st.integers(0, 3)


@st.composite
def outcome(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["ron", "tsumo", "draw"]))
    riichi = sorted(draw(st.sets(players, max_size=2)))
    if kind == "draw":
        return {"type": "draw", "tenpai": sorted(draw(st.sets(players))), "riichi": riichi}
    winner = draw(players)
    quick = {"han": draw(st.integers(1, 6)), "fu": draw(st.sampled_from([30, 40]))}
    discarder = None
    if kind == "ron":
        discarder = draw(players.filter(lambda p: p != winner))
    return {"type": kind, "riichi": riichi,
            "wins": [{"winner": winner, "discarder": discarder, "quick": quick}]}


def _recount(table: Any, position: int) -> dict[str, Any]:
    """Wins, deal-ins, self-draws, riichi and hand values from LedgerEntry rows alone."""
    by_hand: dict[int, list[LedgerEntry]] = defaultdict(list)
    totals = list(services.start_scores(table))
    for entry in LedgerEntry.objects.filter(table=table):
        totals[entry.position] += entry.amount
        if entry.hand_number is not None:
            by_hand[entry.hand_number].append(entry)
    hands = table.hands.count()
    wins = deal_ins = self_draws = riichi = 0
    values = []
    for rows in by_hand.values():
        hand: defaultdict[int, int] = defaultdict(int)
        for r in rows:
            if r.reason == "hand":
                hand[r.position] += r.amount
        payers = [p for p, a in hand.items() if a < 0]
        winners = [p for p, a in hand.items() if a > 0]
        is_win = len(winners) == 1 and len(payers) in (1, 3) and len(hand) == len(payers) + 1
        if is_win and position in winners:
            wins += 1
            values.append(hand[position])
            self_draws += len(payers) == 3
        if is_win and payers == [position]:
            deal_ins += 1
        riichi += any(r.reason == "sticks" and r.position == position and r.amount == -1000
                      for r in rows)
    place = 1 + sum(1 for t in totals if t > totals[position])
    return {"hands": hands, "wins": wins, "deal_ins": deal_ins, "self_draws": self_draws,
            "riichi": riichi, "values": values, "place": place}


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(st.lists(outcome(), min_size=1, max_size=7), st.booleans())
def test_stats_agree_with_a_recount_from_the_ledger(outcomes, end) -> None:
    table = services.create_table("Property game", "riichi", "", {}, NAMES, creator=CREATOR)
    for o in outcomes:
        table.refresh_from_db()
        answer = services.record_hand(table.pk, o, command_id(), table.seq, CREATOR)
        if not answer.get("ok"):
            # Only the end of the game (someone bust) or a riichi nobody can pay for
            # refuses a generated hand; what was recorded stands.
            assert answer["error"]["code"] in ("game_over", "game_ended", "bad_outcome",
                                               "bad_input"), answer
            break
    table.refresh_from_db()
    if end and not table.finished and table.hands.exists():
        services.end_game(table.pk, command_id(), table.seq, CREATOR)
        table.refresh_from_db()
    for seat in Seat.objects.filter(table=table):
        stats = player_stats(seat_results.player_tallies(Table.objects.filter(pk=table.pk),
                                                    seat.player_id))["by_ruleset"][0]
        count = _recount(table, seat.position)
        assert stats["hands"] == count["hands"]
        assert (stats["wins"], stats["deal_ins"], stats["self_draws"]) == (
            count["wins"], count["deal_ins"], count["self_draws"])
        assert stats["riichi_rate"] == (round(count["riichi"] / count["hands"], 4)
                                        if count["hands"] else None)
        expected_value = (round(sum(count["values"]) / len(count["values"]), 4)
                          if count["values"] else None)
        assert stats["average_hand_value"] == expected_value
        if table.finished:
            assert stats["placements"][count["place"] - 1] == 1
            assert stats["average_placement"] == count["place"]


def test_equal_counts_keep_the_order_first_seen_however_tallies_are_added() -> None:
    # A kept history plus the tables in play, or newer tables added to it, must list
    # the most frequent items as one count over every table, oldest first, does.
    older = Tally(items=Counter({("pinfu", "Pinfu", "平和"): 1, ("dora", "Dora", "ドラ"): 2}),
                  first={("pinfu", "Pinfu", "平和"): (1, 1, 0, 0),
                         ("dora", "Dora", "ドラ"): (1, 1, 0, 1)})
    newer = Tally(items=Counter({("riichi", "Riichi", "立直"): 2, ("pinfu", "Pinfu", "平和"): 1}),
                  first={("riichi", "Riichi", "立直"): (2, 5, 3, 0),
                         ("pinfu", "Pinfu", "平和"): (2, 5, 3, 1)})
    orders = []
    for parts in ((older, newer), (newer, older)):
        total = Tally()
        for part in parts:
            total.add(part)
        orders.append([key for (key, _name, _native), _count in total.top()])
    assert orders == [["pinfu", "dora", "riichi"]] * 2
