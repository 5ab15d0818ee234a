"""The audit trail a person can read (issue 29 item 4): a table's log page and its API
say who recorded, undid, redid, corrected, confirmed or disputed which hand, when and
from which seat, newest first on the page; the API in the order of the log."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games import services
from games.devices import COOKIE_NAME
from games.models import Table
from games.permissions import Actor

from .tables import CREATOR, command_id, make_table, new_device

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
MORE = {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "quick": {"han": 3, "fu": 40}}]}


def _seat(table: Table, position: int) -> tuple[Client, Actor]:
    token, device = new_device()
    services.claim_seat(table, position, device=device, join_key=table.join_key)
    client = Client()
    client.cookies[COOKIE_NAME] = token
    return client, Actor(device=device)


def _do(table: Table, write: Any, *args: Any) -> None:
    table.refresh_from_db()
    *head, actor = args
    answer = write(table.pk, *head, command_id(), table.seq, actor)
    assert answer["ok"], answer


def test_the_log_says_who_did_what_when_and_from_which_seat() -> None:
    table = make_table(bust_ends_game=False)
    table.confirm_hands = True
    table.save(update_fields=["confirm_hands"])
    (bo_client, bo), (_, aiko), (_, chen), (_, dana) = (
        _seat(table, 1), _seat(table, 0), _seat(table, 2), _seat(table, 3))
    _do(table, services.record_hand, RON, bo)  # Bo records hand 1 from seat 1
    _do(table, services.correct_hand, 1, MORE, aiko)  # Aiko corrects it from seat 0
    _do(table, services.undo, CREATOR)  # the creator, without a seat, undoes it
    _do(table, services.redo, CREATOR)
    # Aiko's correction is the hand now: the others answer it.
    _do(table, services.confirm_hand, 1, dana)
    _do(table, services.dispute_hand, 1, "not 3 han", chen)
    with translation.override("en"):
        answer = bo_client.get(f"/api/tables/{table.public_id}/history/")
    assert answer.status_code == 200
    events = answer.json()["events"]
    assert [(e["kind"], e["what"], e["seat"]) for e in events] == [
        ("record", "Hand 1 recorded", 1),
        ("correct", "Hand 1 corrected", 0),
        ("undo", "Correction of hand 1 undone", None),
        ("redo", "Correction of hand 1 redone", None),
        ("confirm", "Hand 1 confirmed", 3),
        ("dispute", "Hand 1 disputed: not 3 han", 2)]
    assert [e["seat_player"] for e in events] == ["Bo", "Aiko", None, None, "Dana", "Chen"]
    assert all(e["actor"] for e in events)  # a name for each writer, the creator's too
    times = [datetime.fromisoformat(e["at"]) for e in events]
    assert times == sorted(times)
    page = bo_client.get(f"/t/{table.public_id}/log/", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert page.status_code == 200
    said = [text.index(w) for w in ("Hand 1 disputed: not 3 han", "Hand 1 confirmed",
                                    "Correction of hand 1 redone",
                                    "Correction of hand 1 undone", "Hand 1 corrected",
                                    "Hand 1 recorded")]
    assert said == sorted(said)  # newest first
    for name in ("Bo", "Aiko", "Dana", "Chen"):  # each from their own seat
        assert f"{name}, from {name}'s seat" in text
    assert text.count(", without a seat") == 2  # the creator's undo and redo
