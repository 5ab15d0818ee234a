"""The ledger exports carry the hash chain (issue 29), which ``python -m scoring.engine
verify-chain`` checks on its own; the log and the chain are for the table's players,
creator, organisers and staff only, the check of a chain for anyone who may see it."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.cache import cache
from django.test import Client

from games import chain
from games.models import Event, Table
from games.permissions import Actor
from games.tests.api_helpers import CALLERS, QUICK_RON, TILES_RON, World, finish, record
from scoring.engine import chain as engine_chain

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_throttle() -> None:
    cache.clear()
    chain.forget()


@pytest.fixture
def world() -> World:
    return World()


def played(world: World, visibility: str = "public") -> Table:
    table = world.table(visibility)
    owner = Actor(user=world.owner)
    record(table, QUICK_RON, owner)
    record(table, TILES_RON, owner)
    finish(table, owner)
    table.refresh_from_db()
    return table


def verified(text: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = engine_chain.main([], io.StringIO(text), out, err)
    return status, out.getvalue() + err.getvalue()


def test_the_verifier_accepts_an_untouched_export_and_names_a_tampered_event(world):
    table = played(world)
    owner = world.client("owner")
    text = owner.get(f"/api/tables/{table.public_id}/ledger/?format=csv&bom=1&chain=true"
                     ).content.decode("utf-8")
    assert verified(text) == (0, f"table {table.public_id}: 3 events, the chain holds; last "
                                 f"hash {table.chain_head}\n")
    assert verified(json.dumps(owner.get(f"/api/tables/{table.public_id}/ledger/").json()))[0] == 0
    # A player's copy, edited: the second hand made a bigger win.
    ledger, _, history = text.partition("\r\n\r\n")
    rows = list(csv.reader(io.StringIO(history)))
    content = json.loads(rows[2][7])
    content["payload"]["outcome"]["wins"][0]["dora"] = 5
    rows[2][7] = json.dumps(content, ensure_ascii=False)
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    status, said = verified(f"{ledger}\r\n\r\n{out.getvalue()}")
    assert status == 1
    assert f"table {table.public_id}: CHANGED: event 2 (record hand 2 by owner at " in said


def test_an_export_of_a_history_changed_in_the_database_names_the_event(world):
    table = played(world)
    Event.objects.filter(table=table, seq=1).update(actor_name="Mallory")
    text = world.client("staff").get("/api/export/?format=csv&chain=1").content.decode()
    status, said = verified(text)
    assert status == 1 and f"table {table.public_id}: CHANGED: event 1 " in said


def test_ledger_rows_name_their_event_and_its_hash(world):
    table = played(world)
    rows = world.client("anonymous").get(f"/api/tables/{table.public_id}/ledger/").json()
    hashes = dict(Event.objects.filter(table=table).values_list("seq", "hash"))
    assert {(r["hand"], r["event"]) for r in rows["results"]} == {(1, 1), (2, 2), (None, 3)}
    assert all(r["chain"] == hashes[r["event"]] for r in rows["results"])


@pytest.mark.parametrize("caller", CALLERS)
def test_only_those_who_may_read_the_log_get_the_chain(world, caller):
    table = played(world)
    client = world.client(caller)
    carried = caller in ("owner", "seated", "staff")
    answer = client.get(f"/api/tables/{table.public_id}/ledger/").json()
    assert bool(answer["chains"]) is carried
    text = client.get(f"/api/tables/{table.public_id}/ledger/?format=csv&chain=1").content
    assert (b"\r\n\r\n" in text) is carried
    history = client.get(f"/api/tables/{table.public_id}/history/")
    assert history.status_code == (200 if carried else 403)
    if carried:
        assert [e["what"] for e in history.json()["events"]] == [
            "Hand 1 recorded", "Hand 2 recorded", "Game ended"]
        assert verified(history.content.decode())[0] == 0


@pytest.mark.parametrize("caller", CALLERS)
def test_the_log_page_is_for_the_players_the_creator_and_staff(world, caller):
    for visibility in ("public", "private"):
        table = played(world, visibility)
        client = Client()
        if caller != "anonymous":
            client.force_login(getattr(world, caller))
        page = client.get(f"/t/{table.public_id}/log/")
        allowed = caller in ("owner", "seated", "staff")
        assert page.status_code == (200 if allowed else 403), (caller, visibility)
        table_page = client.get(f"/t/{table.public_id}/").content.decode()
        assert (f'href="/t/{table.public_id}/log/"' in table_page) is allowed
        api = world.client(caller).get(f"/api/tables/{table.public_id}/history/")
        # A private table is not admitted to exist, as its own address answers.
        expected = 200 if allowed else (404 if visibility == "private" else 403)
        assert api.status_code == expected, (caller, visibility)


def test_the_log_page_says_who_did_what_from_which_seat(world):
    table = played(world)
    client = Client()
    client.force_login(world.seated)
    page = client.get(f"/t/{table.public_id}/log/").content.decode()
    assert "Hand 2 recorded" in page and "owner, without a seat" in page
    assert "The history holds: 3 changes, each sealed." in page


def test_the_check_of_a_chain_by_table_and_of_the_whole_site(world):
    table, private = played(world), played(world, "private")
    anonymous, staff = world.client("anonymous"), world.client("staff")
    answer = anonymous.get(f"/api/history/verify/?table={table.public_id}").json()
    assert answer["checked"] == 1 and answer["changed"] == 0
    assert answer["tables"][0]["check"]["head"] == table.chain_head
    assert anonymous.get(f"/api/history/verify/?table={private.public_id}").status_code == 404
    assert anonymous.get("/api/history/verify/?all=true").status_code in (401, 403)
    assert world.client("owner").get("/api/history/verify/?all=1").status_code == 403
    assert anonymous.get("/api/history/verify/").status_code == 400
    Event.objects.filter(table=private, seq=2).delete()
    answer = staff.get("/api/history/verify/?all=true").json()
    assert answer["changed"] == 1
    changed = next(t for t in answer["tables"] if t["table"] == private.public_id)
    assert changed["check"]["changed"]["seq"] == 2
    assert changed["check"]["changed"]["reason"] == "missing"
    private.refresh_from_db()
    assert private.chain_break is not None and private.chain_break["seq"] == 2


def test_the_creator_accepts_a_changed_history_through_the_api(world):
    table = played(world)
    Event.objects.filter(table=table, seq=1).update(actor_name="Mallory")
    seated = world.client("seated").post(f"/api/tables/{table.public_id}/history/accept/",
                                         {"command_id": "a1"}, format="json")
    assert seated.status_code == 403
    owner = world.client("owner")
    refused = owner.post(f"/api/tables/{table.public_id}/history/accept/",
                         {"command_id": "a1"}, format="json")
    assert refused.status_code == 200, refused.content
    log = refused.json()
    assert log["check"]["ok"] and log["events"][-1]["what"] == "Changed history accepted as it is"
    assert log["events"][0]["accepted_at"] == 4
