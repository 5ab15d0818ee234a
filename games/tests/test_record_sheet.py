"""The record sheet (games.record_sheet): made from each ruleset's entry spec, it says
every sample outcome of every ruleset (a correction fills it in from the recorded hand),
reads back what it was filled with, and is what the phones send over the websocket."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.utils import translation

from games import presenter, record_sheet, services
from games.models import Hand
from scoring import registry

from .test_consumer import connect, seated_client, setup_table

SAMPLES: dict[str, dict[str, list[dict[str, Any]]]] = json.loads(
    (Path(__file__).parent / "data" / "outcomes.json").read_text())
CASES = [(name, outcome) for name, kinds in SAMPLES.items() if name in registry.usable()
         for outcomes in kinds.values() for outcome in outcomes]


def settled(name: str, outcome: dict[str, Any]) -> Any:
    ruleset = registry.get(name)
    options = ruleset.build("")
    state = ruleset.rules.initial_state(options)
    result = ruleset.rules.apply(state, outcome, options)
    return result["state"]["scores"], [r.get("items") for r in result.get("results", [])]


@pytest.mark.parametrize(("name", "outcome"), CASES,
                         ids=[f"{n}-{o['type']}-{i}" for i, (n, o) in enumerate(CASES)])
def test_a_recorded_hand_fills_the_sheet_and_reads_back_as_the_same_hand(
        name: str, outcome: dict[str, Any]) -> None:
    sheet = record_sheet.shape(name, {}, 4)
    assert sheet is not None
    fields = record_sheet.fields_from(sheet, outcome)
    assert all(isinstance(v, (str, list)) for v in fields.values())
    back = record_sheet.outcome_from(sheet, fields)
    assert back["type"] == outcome["type"]
    assert settled(name, back) == settled(name, outcome)


def test_fields_of_another_result_and_of_a_mode_not_chosen_are_not_read() -> None:
    sheet = record_sheet.shape("riichi", {}, 4)
    assert sheet is not None
    outcome = record_sheet.outcome_from(sheet, {
        "type": "tsumo", "tsumo.wins.0.winner": "2", "tsumo.wins.0.mode": "quick",
        "tsumo.wins.0.quick.han": "3", "tsumo.wins.0.quick.fu": "30",
        "tsumo.wins.0.hand.hand": "123m", "ron.wins.0.winner": "1"})
    assert outcome == {"type": "tsumo", "wins": [{"winner": 2, "quick": {"han": 3, "fu": 30}}]}


def test_a_later_winner_of_a_ron_takes_the_first_ones_discarder() -> None:
    sheet = record_sheet.shape("riichi", {}, 4)
    assert sheet is not None
    outcome = record_sheet.outcome_from(sheet, {
        "type": "ron", "ron.wins.0.winner": "0", "ron.wins.0.discarder": "1",
        "ron.wins.0.mode": "quick", "ron.wins.0.quick.points": "1000",
        "ron.wins.1.winner": "3", "ron.wins.1.mode": "quick", "ron.wins.1.quick.points": "2000"})
    assert [w["discarder"] for w in outcome["wins"]] == [1, 1]


def test_a_win_of_a_player_who_declared_riichi_has_the_riichi_yaku_asked_once() -> None:
    # The sheet asks riichi as a declaration only; the engine gives the winner the yaku.
    hand = {"hand": "234m567p345s88s67m", "win_tile": "8m"}
    declared = {"type": "ron", "riichi": [1], "wins": [{"winner": 1, "discarder": 2,
                                                          "hand": hand}]}
    flagged = {"type": "ron", "riichi": [1], "wins": [{"winner": 1, "discarder": 2,
                                                         "hand": {**hand, "riichi": True}}]}
    assert settled("riichi", declared) == settled("riichi", flagged)
    keys = [i["key"] for i in settled("riichi", declared)[1][0]]
    assert "riichi" in keys


def test_quick_entries_start_empty_and_offer_a_checklist_that_adds_up() -> None:
    with translation.override("en"):
        sheet = record_sheet.build(registry.get("riichi").package.entry_spec(
            registry.get("riichi").build("ema")), ["A", "B", "C", "D"])
    ron = sheet.part("ron")
    assert ron is not None
    quick = next(c for c in ron.controls[0].children[0].children
                 if c.name == "ron.wins.0.quick")
    assert quick.widget == "han_fu" and quick.checklist
    pinfu = next(t for t in quick.checklist if t.key == "pinfu")
    assert (pinfu.value, pinfu.open_value, pinfu.fu) == (1, 0, 30)
    assert "Pinfu" in pinfu.label and "平和" in pinfu.label
    # No quick field is pre-filled: nothing is previewed before anything is typed.
    assert all(c.entry is None or c.entry.default is None for c in quick.children)


def test_a_ji_an_draw_asks_no_jing_that_pays_nothing_and_says_so() -> None:
    spec = registry.get("jian").package.entry_spec(registry.get("jian").build(""))
    draw = spec.outcome("draw")
    assert draw is not None and draw.help and not any(f.ask for f in draw.fields)


def test_correctable_hands_carry_their_sheet_fields_to_the_phones(db: Any) -> None:
    creator = services.Actor(device="sheet-test")
    table = services.create_table("Sheet", "riichi", "", {}, ["A", "B", "C", "D"],
                                  creator=creator)
    outcome = SAMPLES["riichi"]["ron"][0]
    assert services.record_hand(table, outcome, "c1", 0, creator)["ok"]
    snap = services.snapshot(table)
    hands = presenter.view(snap)["hands"]
    assert hands[0]["fields"]["type"] == "ron"
    assert hands[0]["fields"]["ron.wins.0.quick.han"] == "2"


@pytest.mark.django_db(transaction=True)
async def test_a_phone_records_and_previews_a_hand_by_the_sheets_fields() -> None:
    table = await setup_table()
    comm, _ = await seated_client(table, 0)
    form = {"type": "ron", "ron.wins.0.winner": "1", "ron.wins.0.discarder": "2",
            "ron.wins.0.mode": "quick", "ron.wins.0.quick.han": "2",
            "ron.wins.0.quick.fu": "40"}
    await comm.send_json_to({"type": "preview", "form": form, "request_id": "p"})
    answer = await comm.receive_json_from()
    assert answer["type"] == "preview" and answer["result"]["ok"]
    await comm.send_json_to({"type": "record_hand", "command_id": "form-1", "base_seq": 0,
                             "form": form})
    while (await comm.receive_json_from())["type"] != "ack":
        pass
    hand = await sync_to_async(Hand.objects.get)(table=table, number=1)
    assert hand.outcome == {"type": "ron", "wins": [
        {"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
    await comm.disconnect()


@pytest.mark.parametrize("message", [
    {"type": "record_hand", "command_id": "x", "base_seq": 0},
    {"type": "record_hand", "command_id": "x", "base_seq": 0, "outcome": {}, "form": {}},
    {"type": "preview", "form": {"type": ["ron", 3]}},
    {"type": "preview", "form": {"a" * 300: "1"}},
    {"type": "preview", "form": {str(i): "1" for i in range(700)}},
])
@pytest.mark.django_db(transaction=True)
async def test_a_hand_without_exactly_one_readable_body_is_refused_by_name(
        message: dict[str, Any]) -> None:
    table = await setup_table()
    comm, _ = await connect(table)
    await comm.send_json_to(message)
    answer = await comm.receive_json_from()
    assert answer["type"] == "error" and answer["code"] == "bad_message"
    # The socket stays open.
    await comm.send_json_to({"type": "get_snapshot", "request_id": "s"})
    assert (await comm.receive_json_from())["type"] == "snapshot"
    await comm.disconnect()
    assert await database_sync_to_async(Hand.objects.count)() == 0
