"""Migration 0010 turns stored results of every older shape into the result contract,
once, so no reader needs a fallback (issue 25). Its function runs here directly on rows
made in the old shapes (django-test-migrations is not installed)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps

from games import presenter, seat_results, services
from games.models import Hand, SeatResult
from games.queries import ledger, stats
from scoring.engine.result import KEYS, check

from .tables import NAMES, make_table, record

MIGRATION = importlib.import_module("games.migrations.0010_hand_results_contract")

DORA = {"key": "dora", "name": "Dora", "native": "ドラ", "value": 1, "unit": "han", "count": 2}
# As riichi stored a ron: the contract beside its older figures.
RIICHI_RON = {
    "players": 4, "items": [DORA], "ledger": [
        {"player": 1, "amount": 2000, "cause": "hand"},
        {"player": 2, "amount": -2000, "cause": "hand"}],
    "headline": {"value": 2, "unit": "han", "fu": 30, "limit": None, "native_limit": None,
                 "points": 2000},
    "pot_change": 0, "ruleset": "riichi", "winner": 1, "discarder": 2, "han": 2, "fu": 30,
    "yaku": [{"name": "Dora", "name_ja": "ドラ", "han": 2}], "deltas": [0, 2000, -2000, 0],
    "text": "2 han 30 fu, 2000", "mode": "tiles", "pao": None, "sticks": 0}


def _checked(result: dict[str, Any] | None) -> dict[str, Any]:
    assert result is not None
    check(result)
    assert set(result) <= set(KEYS)
    return result


def test_a_win_keeps_the_contract_and_loses_the_older_keys() -> None:
    out = _checked(MIGRATION.contract_of(RIICHI_RON, {}, 4))
    assert (out["winner"], out["discarder"]) == (1, 2)
    assert out["items"] == [DORA] and out["headline"]["points"] == 2000


def test_a_win_without_its_discarder_takes_it_from_the_outcome() -> None:
    # A new ruleset's results (issue 25's "every win pays 1") named no discarder: its win
    # on C's discard read as B's self-draw in the history and in B's statistics.
    flat = {"players": 4, "items": [], "ledger": [
        {"player": 1, "amount": 1, "cause": "hand"}, {"player": 2, "amount": -1, "cause": "hand"}],
        "headline": {"value": 1, "unit": "fan", "points": 1}, "pot_change": 0,
        "ruleset": "flat", "fan": 1, "winner": 1, "deltas": [0, 1, -1, 0]}
    outcome = {"type": "win", "wins": [{"winner": 1, "discarder": 2, "quick": {"fan": 1}}]}
    out = _checked(MIGRATION.contract_of(flat, outcome, 4))
    assert (out["winner"], out["discarder"]) == (1, 2)


def test_draws_penalties_and_payments_name_no_winner() -> None:
    tenpai = _checked(MIGRATION.contract_of({"tenpai": [0, 3]}, {"type": "draw"}, 4))
    assert tenpai["ready"] == [0, 3] and tenpai["winner"] is None
    sichuan = _checked(MIGRATION.contract_of(
        {"players": 4, "items": [], "headline": None, "pot_change": 0,
         "ledger": [{"player": 0, "amount": -2, "cause": "chajiao"},
                    {"player": 2, "amount": 2, "cause": "chajiao"}],
         "draw": True, "flower_pigs": [], "ready": {"2": 1}}, {}, 4))
    assert sichuan["ready"] == [2]
    chombo = _checked(MIGRATION.contract_of(
        {"penalty_at_end": {"player": 2, "amount": -20000}}, {"type": "chombo"}, 4))
    assert chombo["penalty_at_end"] == {"player": 2, "amount": -20000}
    nagashi = _checked(MIGRATION.contract_of(
        {**RIICHI_RON, "winner": None, "discarder": None} | {"nagashi": 1}, {}, 4))
    assert nagashi["winner"] is None
    jing = _checked(MIGRATION.contract_of(
        {"players": 4, "items": [], "headline": None, "pot_change": 0, "ledger": [],
         "jing": {"deltas": [0, 0, 0, 0]}, "lower_jing": 1}, {}, 4))
    assert jing["winner"] is None


def test_a_head_bumped_caller_leaves_no_result() -> None:
    results, _ = MIGRATION.migrated([RIICHI_RON, {"winner": 3, "ignored": "head_bump"}],
                                    [], {}, 4, [])
    assert [r["winner"] for r in results] == [1]


def test_a_result_from_before_the_contract_is_built_from_its_figures() -> None:
    mcr = {"winner": 0, "discarder": None, "total": 8, "deltas": [48, -16, -16, -16],
           "fans": [{"id": "all_chows", "name_zh": "平和", "name_en": "All Chows",
                     "points": 2, "count": 1}]}
    out = _checked(MIGRATION.contract_of(mcr, {}, 4))
    assert out["items"][0]["native"] == "平和" and out["headline"]["value"] == 8
    assert out["headline"]["points"] == 48 and out["pot_change"] == 0


def test_payments_by_cause_come_from_the_ledger_rows_when_missing() -> None:
    _, payments = MIGRATION.migrated([], [], {}, 4, [(0, -1000, "riichi"), (1, 300, "honba"),
                                                     (2, 0, "hand")])
    assert payments == [{"player": 0, "amount": -1000, "cause": "sticks"},
                        {"player": 1, "amount": 300, "cause": "honba"}]


@pytest.mark.django_db
def test_stored_hands_are_migrated_and_read_as_the_contract() -> None:
    table = make_table("riichi", visibility="public")
    assert record(table, {"type": "ron", "wins": [
        {"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 30}}]})["ok"]
    assert record(table, {"type": "draw", "tenpai": [0, 3]})["ok"]
    first, second = Hand.objects.filter(table=table).order_by("number")
    # Stored as before the contract: older keys, riichi's draw with no contract at all,
    # and no payments by cause.
    win = first.result[0]
    Hand.objects.filter(pk=first.pk).update(result=[
        {**{k: v for k, v in win.items() if k != "discarder"}, "han": 2, "fu": 30,
         "deltas": [0, 2000, -2000, 0]}], payments=[])
    Hand.objects.filter(pk=second.pk).update(result=[{"tenpai": [0, 3]}])
    MIGRATION.forward(apps, None)
    first.refresh_from_db()
    second.refresh_from_db()
    for hand in (first, second):
        for result in hand.result:
            _checked(result)
    assert first.result[0]["discarder"] == 2
    assert {(p["player"], p["amount"]) for p in first.payments} == {(1, 2000), (2, -2000)}
    assert second.result[0]["ready"] == [0, 3]
    assert ledger.role(first, 2) == "dealt_in"
    summary = presenter.hand_text(table.ruleset, table.options, first.outcome, first.result,
                                  NAMES)
    assert NAMES[2] in summary  # "… wins on C's discard", not a self-draw
    draw = presenter.hand_text(table.ruleset, table.options, second.outcome, second.result,
                               NAMES)
    assert NAMES[0] in draw and NAMES[3] in draw
    # The stored seat results are counted afresh from the migrated hands, as the seat
    # results' own migration (0012) does after this one.
    seat_results.refresh_tables([table])
    player_id = table.seats.get(position=2).player_id
    counted = seat_results.tallies(SeatResult.objects.filter(table=table))
    mine = stats.player_stats(counted.players.get(player_id, {}))["overall"]
    assert mine["deal_ins"] == 1
    assert services.snapshot(table)["hands"][0]["results"] == first.result
