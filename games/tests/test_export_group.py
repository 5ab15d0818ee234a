"""``/api/export/?group=<id>`` exports a group's tables that the caller may open, and 404
for a group they may not see (issue 24: the filter was silently ignored, exporting every
listed table); ids are written as they are in CSV, the formula guard is for text."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import cache
from django.test import Client

from clubs import services as clubs
from clubs.tests.helpers import OWNER, RON, play, table
from clubs.tests.test_pages import owner_client
from games import models
from games.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_throttle() -> None:
    cache.clear()


def _rows(answer) -> list[dict[str, str]]:
    assert answer.status_code == 200, answer.content
    return list(csv.DictReader(io.StringIO(answer.content.decode())))


def test_export_keeps_only_the_group_s_tables_and_hides_a_group_from_strangers():
    inside = play(table("riichi", visibility="public"), [RON])
    outside = play(table("riichi", visibility="public"), [RON])
    club = clubs.create_group("Members", OWNER, visibility="private")
    clubs.attach_table(inside, club, OWNER)
    owner = owner_client()
    everything = {r["table"] for r in _rows(owner.get("/api/export/?format=csv"))}
    assert {inside.public_id, outside.public_id} <= everything
    grouped = _rows(owner.get(f"/api/export/?group={club.public_id}&format=csv"))
    assert grouped and {r["table"] for r in grouped} == {inside.public_id}
    json_rows = owner.get(f"/api/export/?group={club.public_id}").json()["results"]
    assert {r["table"] for r in json_rows} == {inside.public_id}
    # A members-only group is not admitted to exist for others, nor is an unknown one.
    for caller, group_id in ((Client(), club.public_id), (owner, "no-such-group")):
        answer = caller.get(f"/api/export/?group={group_id}")
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "not_found"


def test_a_group_export_leaves_out_a_private_table_the_caller_may_not_open():
    club = clubs.create_group("Open club", OWNER, visibility="public")
    secret = play(table("riichi", visibility="private"), [RON])
    shown = play(table("riichi", visibility="link"), [RON])
    clubs.attach_table(secret, club, OWNER)
    clubs.attach_table(shown, club, OWNER)
    rows = _rows(Client().get(f"/api/export/?group={club.public_id}&format=csv"))
    assert {r["table"] for r in rows} == {shown.public_id}


def test_an_id_starting_with_a_dash_is_written_as_it_is_and_names_stay_guarded():
    game = play(table("riichi", visibility="public",
                      names=["=HYPERLINK(\"x\")", "Bo", "Chen", "Dana"]), [RON])
    Table.objects.filter(pk=game.pk).update(public_id="-dashed_id01")
    rows = _rows(owner_client().get("/api/export/?format=csv"))
    assert {r["table"] for r in rows} == {"-dashed_id01"}
    assert "'=HYPERLINK(\"x\")" in {r["player"] for r in rows}


def test_new_public_ids_start_with_a_letter_or_digit(monkeypatch):
    made = iter(["-starts_dash", "_underscore", "Good_id-0123"])
    monkeypatch.setattr(models.secrets, "token_urlsafe", lambda n: next(made))
    assert models.new_public_id() == "Good_id-0123"
