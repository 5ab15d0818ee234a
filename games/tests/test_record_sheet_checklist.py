"""A quick entry's checklist ("Add up the hand"): the ticked yaku or fan go to the server
with the sheet's fields and record_sheet adds them up, so the hand saves with or without
the page's scripts; a bad count gets the engine's named error, never a crash."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games import record_sheet
from games.models import Hand
from scoring import registry

from .test_consumer import seated_client, setup_table

RON = {"type": "ron", "ron.wins.0.winner": "1", "ron.wins.0.discarder": "2",
       "ron.wins.0.mode": "quick"}
TALLY = "ron.wins.0.quick.tally"


def read(form: dict[str, Any], ruleset: str = "riichi") -> dict[str, Any]:
    sheet = record_sheet.shape(ruleset, {}, 4)
    assert sheet is not None
    return record_sheet.outcome_from(sheet, form)


def quick_of(outcome: dict[str, Any]) -> Any:
    return outcome["wins"][0].get("quick")


def test_ticked_yaku_and_counted_dora_add_up_to_han_with_the_fu_pinfu_suggests() -> None:
    outcome = read({**RON, TALLY: ["tanyao", "pinfu"], f"{TALLY}.dora": "2",
                    f"{TALLY}.aka": ""})
    assert quick_of(outcome) == {"han": 4, "fu": 30}
    # Pinfu on a self-draw suggests 20 fu.
    tsumo = read({"type": "tsumo", "tsumo.wins.0.winner": "1", "tsumo.wins.0.mode": "quick",
                  "tsumo.wins.0.quick.tally": ["pinfu", "menzen_tsumo"]})
    assert quick_of(tsumo) == {"han": 2, "fu": 20}


def test_what_was_typed_wins_over_the_sum_of_the_ticks() -> None:
    # The page's script writes the sums into the fields; a player may then correct them.
    outcome = read({**RON, TALLY: ["tanyao", "pinfu"], "ron.wins.0.quick.han": "3",
                    "ron.wins.0.quick.fu": "40"})
    assert quick_of(outcome) == {"han": 3, "fu": 40}


def test_an_open_hand_counts_the_open_values_and_drops_concealed_only_yaku() -> None:
    outcome = read({**RON, TALLY: ["chinitsu", "riichi", "toitoi"],
                    "ron.wins.0.quick.open": "on", "ron.wins.0.quick.fu": "40"})
    assert quick_of(outcome) == {"han": 7, "fu": 40}


def test_a_ticked_yakuman_is_the_whole_entry() -> None:
    outcome = read({**RON, TALLY: ["tanyao", "daisangen"]})
    assert quick_of(outcome) == {"yakuman": 1}


def test_an_mcr_checklist_adds_up_fan_and_counts_flowers() -> None:
    outcome = read({"type": "win", "win.wins.0.winner": "2", "win.wins.0.discarder": "0",
                    "win.wins.0.mode": "quick",
                    "win.wins.0.quick.tally": ["all_chows", "all_simples", "no_honors",
                                               "concealed_hand", "edge_wait"],
                    "win.wins.0.quick.tally.flower_tiles": "2"}, "mcr")
    assert quick_of(outcome) == {"fan": 10}


@pytest.mark.parametrize(("extra", "field"), [
    ({f"{TALLY}.dora": "lots"}, "han"),
    ({f"{TALLY}.dora": "999"}, "han"),
])
def test_a_count_that_is_not_a_small_number_is_refused_by_the_field_it_adds_to(
        extra: dict[str, str], field: str) -> None:
    ruleset = registry.get("riichi")
    outcome = read({**RON, TALLY: ["tanyao"], "ron.wins.0.quick.fu": "30", **extra})
    with pytest.raises(Exception) as refused:
        ruleset.rules.apply(ruleset.rules.initial_state(ruleset.build("")), outcome,
                            ruleset.build(""))
    assert getattr(refused.value, "params", {}).get("field") == field


def test_unknown_or_foreign_ticks_are_not_read() -> None:
    outcome = read({**RON, TALLY: ["no_such_yaku", "tanyao", "<script>"],
                    "ron.wins.0.quick.fu": "30"})
    assert quick_of(outcome) == {"han": 1, "fu": 30}


@pytest.mark.django_db(transaction=True)
async def test_a_phone_saves_a_hand_added_up_on_the_checklist() -> None:
    table = await setup_table()
    comm, _ = await seated_client(table, 0)
    # As record.js sends it: the sums it wrote into the fields and the ticks themselves.
    form = {**RON, "ron.wins.0.quick.han": "3", "ron.wins.0.quick.fu": "30",
            TALLY: ["tanyao", "pinfu"], f"{TALLY}.dora": "1", f"{TALLY}.aka": ""}
    await comm.send_json_to({"type": "preview", "form": form, "request_id": "p"})
    answer = await comm.receive_json_from()
    assert answer["type"] == "preview" and answer["result"]["ok"]
    await comm.send_json_to({"type": "record_hand", "command_id": "tally-1", "base_seq": 0,
                             "form": form})
    while (await comm.receive_json_from())["type"] != "ack":
        pass
    hand = await database_sync_to_async(Hand.objects.get)(table=table, number=1)
    assert hand.outcome == {"type": "ron", "wins": [
        {"winner": 1, "discarder": 2, "quick": {"han": 3, "fu": 30}}]}
    await comm.disconnect()


@pytest.mark.django_db
def test_a_form_posted_without_scripts_records_the_ticks_and_refuses_a_bad_count() -> None:
    from scoring.presets import sync_presets

    from .test_pages_record import new_table, post

    sync_presets()
    client = Client()
    table = new_table(client, "riichi")
    answer = post(client, table, {**RON, TALLY: ["tanyao", "pinfu"], f"{TALLY}.dora": "1"})
    assert answer.status_code == 302, answer.content.decode()[-2000:]
    assert Hand.objects.get(table=table).outcome["wins"][0]["quick"] == {"han": 3, "fu": 30}
    refused = post(client, table, {**RON, TALLY: ["tanyao"], f"{TALLY}.dora": "many",
                                   "ron.wins.0.quick.fu": "30"})
    assert refused.status_code == 400
    assert 'id="sheet-error"' in refused.content.decode()
    assert Hand.objects.filter(table=table).count() == 1
