"""Confirmation by the table (issue 29, games.confirmations): the other seated players
confirm a recorded hand or dispute it with a note; who may, once, for the hand as it
stands, and every answer is an event of the chained log."""

from __future__ import annotations

from typing import Any

import pytest

from games import chain, confirmations, services
from games.models import Event, Table
from games.permissions import Actor
from games.queries import audit

from .tables import CREATOR, NAMES, command_id, make_table, seated

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
RON_MORE = {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "quick": {"han": 3, "fu": 40}}]}


def asking_table() -> tuple[Table, list[Actor]]:
    table = make_table(bust_ends_game=False)
    table.confirm_hands = True
    table.save(update_fields=["confirm_hands"])
    phones = [seated(table, p) for p in range(4)]
    return table, phones


def record(table: Table, actor: Actor, outcome: dict[str, Any] = RON) -> dict[str, Any]:
    table.refresh_from_db()
    result = services.record_hand(table.pk, outcome, command_id(), table.seq, actor)
    assert result["ok"], result
    return dict(result)


def confirm(table: Table, actor: Actor, number: int = 1, **kw: Any) -> dict[str, Any]:
    table.refresh_from_db()
    return dict(services.confirm_hand(table.pk, number, command_id(), table.seq, actor, **kw))


def dispute(table: Table, actor: Actor, note: Any, number: int = 1) -> dict[str, Any]:
    table.refresh_from_db()
    return dict(services.dispute_hand(table.pk, number, note, command_id(), table.seq, actor))


def state(table: Table, number: int = 1) -> dict[str, Any]:
    table.refresh_from_db()
    hand = next(h for h in services.snapshot(table)["hands"] if h["number"] == number)
    answers: dict[str, Any] = hand["confirm"]
    return answers


def test_a_hand_counts_at_once_and_is_confirmed_by_the_other_three() -> None:
    table, phones = asking_table()
    record(table, phones[1])  # Bo records
    snap = services.snapshot(table)
    assert snap["standings"][0]["score"] != snap["standings"][0]["start"]  # it counts
    assert sum(s["score"] - s["start"] for s in snap["standings"]) == 0  # zero-sum
    assert state(table) == {"state": "unconfirmed", "confirmed": [], "disputed": [],
                            "waiting": [0, 2, 3]}
    for seat in (2, 0):
        assert confirm(table, phones[seat])["ok"]
    assert state(table)["state"] == "unconfirmed"
    assert state(table)["confirmed"] == [2, 0] and state(table)["waiting"] == [3]
    result = confirm(table, phones[3])
    assert result["ok"] and result["event"] == "hand_confirmed"
    assert state(table) == {"state": "confirmed", "confirmed": [2, 0, 3], "disputed": [],
                            "waiting": []}
    assert confirmations.unconfirmed([table]) == {table.pk: 0}


def test_the_recorders_seat_a_stranger_a_watcher_and_a_second_tap_are_refused() -> None:
    table, phones = asking_table()
    record(table, phones[1])
    own = confirm(table, phones[1])
    assert not own["ok"] and own["error"]["code"] == "confirm_own"
    stranger = confirm(table, Actor(device="stranger"))
    assert not stranger["ok"] and stranger["error"]["code"] == "forbidden"
    # The creator may write at the table, but confirms from no seat.
    creator = confirm(table, CREATOR)
    assert not creator["ok"] and creator["error"]["params"]["reason"] == "confirm_seat"
    assert confirm(table, phones[0])["ok"]
    twice = confirm(table, phones[0])
    assert not twice["ok"] and twice["error"]["code"] == "confirm_twice"
    after_dispute = dispute(table, phones[0], "no, it was 3 han")
    assert not after_dispute["ok"] and after_dispute["error"]["code"] == "confirm_twice"
    missing = confirm(table, phones[2], number=5)
    assert not missing["ok"] and missing["error"]["code"] == "no_such_hand"
    assert [e.kind for e in Event.objects.filter(table=table)] == ["record", "confirm"]


def test_a_hand_recorded_by_the_creator_from_no_seat_is_confirmed_by_all_four() -> None:
    table, phones = asking_table()
    record(table, CREATOR)
    assert state(table)["waiting"] == [0, 1, 2, 3]
    for phone in phones:
        assert confirm(table, phone)["ok"]
    assert state(table)["state"] == "confirmed"


def test_off_means_refused_by_name_and_nothing_shown() -> None:
    table = make_table()
    phones = [seated(table, p) for p in range(4)]
    record(table, phones[1])
    refused = confirm(table, phones[0])
    assert not refused["ok"] and refused["error"]["code"] == "confirm_off"
    assert "confirm" not in services.snapshot(table)["hands"][0]
    assert confirmations.unconfirmed([table]) == {}


def test_a_dispute_carries_a_checked_note() -> None:
    table, phones = asking_table()
    record(table, phones[1])
    for bad in ("", "   ", "x" * 201, 5, None):
        refused = dispute(table, phones[2], bad)
        assert not refused["ok"] and refused["error"]["code"] == "dispute_note", bad
    nul = dispute(table, phones[2], "bad\x00note")
    assert not nul["ok"]
    done = dispute(table, phones[2], "  Chen did not discard that tile <b>  ")
    assert done["ok"] and done["event"] == "hand_disputed"
    assert state(table) == {"state": "disputed", "confirmed": [],
                            "disputed": [{"seat": 2,
                                          "note": "Chen did not discard that tile <b>"}],
                            "waiting": [0, 3]}
    assert confirmations.unconfirmed([table]) == {table.pk: 1}


def test_undo_takes_the_confirmations_with_it_and_a_correction_asks_again() -> None:
    table, phones = asking_table()
    record(table, phones[1])
    assert confirm(table, phones[0])["ok"]
    assert confirm(table, phones[2])["ok"]
    table.refresh_from_db()
    assert services.undo(table.pk, command_id(), table.seq, phones[1])["ok"]
    table.refresh_from_db()
    assert services.redo(table.pk, command_id(), table.seq, phones[1])["ok"]
    assert state(table)["confirmed"] == []  # the hand came back: asked again
    assert confirm(table, phones[0])["ok"]
    table.refresh_from_db()
    assert services.correct_hand(table.pk, 1, RON_MORE, command_id(), table.seq,
                                 phones[3])["ok"]
    # Corrected from Dana's seat: the three others confirm it again, Dana does not.
    assert state(table) == {"state": "unconfirmed", "confirmed": [], "disputed": [],
                            "waiting": [0, 1, 2]}
    stale = confirm(table, phones[0], revision=1)
    assert not stale["ok"] and stale["error"]["code"] == "hand_changed"
    assert confirm(table, phones[0], revision=2)["ok"]


def test_a_hand_entered_while_others_confirm_is_not_stale() -> None:
    table, phones = asking_table()
    record(table, phones[1])
    table.refresh_from_db()
    base = table.seq
    assert confirm(table, phones[0])["ok"]
    assert services.record_hand(table.pk, RON, command_id(), base, phones[1])["ok"]
    table.refresh_from_db()
    assert table.seq == base + 2
    # But any other write meanwhile still is.
    late = services.record_hand(table.pk, RON, command_id(), base, phones[1])
    assert not late["ok"] and late["error"]["code"] == "stale"


def test_answers_are_chained_and_in_the_log() -> None:
    table, phones = asking_table()
    record(table, phones[1])
    assert confirm(table, phones[0])["ok"]
    assert dispute(table, phones[2], "wrong fu")["ok"]
    table.refresh_from_db()
    assert chain.verify_table(table).problem is None
    events = audit.trail(table)["events"]
    assert [(e["kind"], e["seat"], e["seat_player"]) for e in events] == [
        ("record", 1, "Bo"), ("confirm", 0, NAMES[0]), ("dispute", 2, "Chen")]
    assert events[1]["what"] == "Hand 1 confirmed"
    assert events[2]["what"] == "Hand 1 disputed: wrong fu"
    # Replaying the log (a later write that replays it) passes over the answers.
    table.refresh_from_db()
    assert services.end_game(table.pk, command_id(), table.seq, CREATOR)["ok"]


def test_the_hand_list_says_who_confirmed_and_who_disputed() -> None:
    from games import presenter

    table, phones = asking_table()
    record(table, phones[1])
    snap = services.snapshot(table)
    html = presenter.view(snap)["hands"][0]["html"]
    assert "Unconfirmed" in html and "data-waiting='0 2 3'" in html
    assert confirm(table, phones[0])["ok"] and confirm(table, phones[2])["ok"]
    assert dispute(table, phones[3], "<script>x</script>")["ok"]
    table.refresh_from_db()
    html = presenter.view(services.snapshot(table))["hands"][0]["html"]
    assert "confirmed so far by Aiko, Chen" in html
    assert "Disputed by Dana: &lt;script&gt;x&lt;/script&gt;" in html
    assert "data-waiting=''" in html and "data-confirm" not in html


def test_the_api_confirms_and_disputes_and_lists_each_hand_s_confirmation() -> None:
    from django.test import Client

    from games.devices import COOKIE_NAME
    from games.tests.tables import new_device

    table, phones = asking_table()
    # Dana's seat goes to a browser whose cookie the test client holds.
    token, device = new_device()
    services.release_seat(table, 3, CREATOR)
    seated(table, 3, key=device)
    record(table, phones[1])
    client = Client(enforce_csrf_checks=False)
    client.cookies[COOKIE_NAME] = token
    base = f"/api/tables/{table.public_id}/hands/1"
    table.refresh_from_db()
    answer = client.post(f"{base}/confirm/", {"command_id": "api-1", "base_seq": table.seq,
                                              "revision": 1}, content_type="application/json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["event"] == "hand_confirmed"
    again = client.post(f"{base}/dispute/", {"command_id": "api-2", "base_seq": table.seq,
                                             "note": "no"}, content_type="application/json")
    assert again.status_code == 400 and again.json()["error"]["code"] == "confirm_twice"
    stranger = Client().post(f"{base}/confirm/", {"command_id": "api-3", "base_seq": 0},
                             content_type="application/json")
    assert stranger.status_code == 403
    hands = client.get(f"/api/tables/{table.public_id}/hands/").json()["results"]
    assert hands[0]["confirmation"] == {"state": "unconfirmed", "confirmed": [3],
                                        "disputed": [], "waiting": [0, 2]}
    assert client.get(f"/api/tables/{table.public_id}/").json()["table"]["confirm_hands"]


def test_the_creator_turns_it_on_for_a_table_and_a_player_may_not(client: Any) -> None:
    from games.devices import COOKIE_NAME
    from games.tests.tables import new_device

    token, device = new_device()
    table = services.create_table("Home", "riichi", "", {}, NAMES,
                                  creator=Actor(device=device))
    phones = [seated(table, p) for p in range(4)]
    with pytest.raises(services.TableError) as refused:
        services.set_confirm_hands(table, True, phones[0])
    assert refused.value.params == {"reason": "confirm_setting"}
    client.cookies[COOKIE_NAME] = token
    page = client.get(f"/t/{table.public_id}/").content.decode()
    assert 'id="confirm-hands-setting"' in page
    answer = client.post(f"/t/{table.public_id}/confirm-hands/", {"confirm_hands": "on"})
    assert answer.status_code == 302
    table.refresh_from_db()
    assert table.confirm_hands
    record(table, phones[1])
    assert confirm(table, phones[2])["ok"]
    client.post(f"/t/{table.public_id}/confirm-hands/", {})
    table.refresh_from_db()
    assert not table.confirm_hands
    assert confirm(table, phones[3])["error"]["code"] == "confirm_off"
    # The answer given stays in the log.
    assert [e.kind for e in Event.objects.filter(table=table)] == ["record", "confirm"]
