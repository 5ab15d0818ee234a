"""A group's organisers and a table's history (issue 29, games.chain): its managers read
a table's log and accept a history changed outside mjsite, as the table's creator does;
an evening's tables are checked together, by the command and the API."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from clubs import services
from clubs.tests.helpers import OWNER, RON, evening_of_two, play, table
from games import chain
from games import services as games
from games.models import Event, Player
from games.permissions import Actor, can_audit
from games.tests.tables import user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh() -> None:
    cache.clear()
    chain.forget()


def test_a_manager_reads_the_log_and_accepts_a_changed_history() -> None:
    club, _night, riichi, _sichuan = evening_of_two()
    manager, member = user("manager"), user("member")
    services.add_member(club, Player.objects.create(display_name="Mei", user=manager), OWNER,
                        manager=True)
    services.add_member(club, Player.objects.create(display_name="Ma", user=member), OWNER)
    assert can_audit(riichi, Actor(user=manager)) and games.may_accept(riichi,
                                                                       Actor(user=manager))
    assert not can_audit(riichi, Actor(user=member))
    assert not games.may_accept(riichi, Actor(user=member))
    Event.objects.filter(table=riichi, seq=1).update(actor_name="Mallory")
    client = Client()
    client.force_login(manager)
    page = client.get(f"/t/{riichi.public_id}/log/").content.decode()
    assert "changed outside mjsite, from its first hand" in page and 'id="accept-history"' in page
    answer = client.post(f"/t/{riichi.public_id}/log/accept/", {"command_id": "ok-1"})
    assert answer.status_code == 302
    riichi.refresh_from_db()
    assert riichi.chain_break is None and chain.verify_table(riichi).ok
    assert Event.objects.get(table=riichi, kind="accept").actor_name == "manager"


def test_an_evening_is_checked_by_the_command_and_the_api(capsys) -> None:
    _club, night, riichi, sichuan = evening_of_two()
    play(table("riichi"), [RON])  # elsewhere: not checked with the evening
    call_command("verify_history", "--evening", night.public_id)
    out = capsys.readouterr().out
    assert riichi.public_id in out and sichuan.public_id in out
    assert "2 table(s) checked, 0 changed" in out
    Event.objects.filter(table=sichuan, seq=1).update(payload={"outcome": {"type": "hand"}})
    answer = APIClient().get(f"/api/history/verify/?evening={night.public_id}").json()
    assert (answer["checked"], answer["changed"]) == (2, 1)
    assert APIClient().get("/api/history/verify/?evening=nope").status_code == 404
