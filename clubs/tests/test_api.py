"""The groups API: who may read and write what, the settle-up and leaderboard shapes,
and that no answer names a private table to someone who may not open it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs import services
from clubs.models import Group, Membership, Stake, TableLink
from games.models import Player
from games.permissions import Actor
from games.tests.tables import user

from .helpers import RON, SICHUAN, TSUMO, play, table

pytestmark = pytest.mark.django_db


class Club:
    def __init__(self, visibility: str = "private") -> None:
        self.owner, self.member, self.stranger = user("owner"), user("member"), user("stranger")
        self.staff = user("staff", is_staff=True)
        self.by = Actor(user=self.owner)
        self.group = services.create_group("Club", self.by, visibility=visibility,
                                           members=["Aiko", "Bo"])
        Player.objects.filter(display_name="Bo").update(user=self.member)
        self.evening = services.create_evening(self.group, "Night", self.by)
        self.riichi = play(table("riichi", by=self.by), [RON, TSUMO], by=self.by)
        self.sichuan = play(table("sichuan", by=self.by), [SICHUAN], by=self.by)
        for t in (self.riichi, self.sichuan):
            services.attach_table(t, self.group, self.by, self.evening)

    def client(self, who: str) -> APIClient:
        client = APIClient()
        if who != "anonymous":
            client.force_authenticate(getattr(self, who))
        return client


@pytest.mark.parametrize("who,status", [("owner", 200), ("member", 200), ("staff", 200),
                                        ("stranger", 404), ("anonymous", 404)])
def test_a_private_group_is_read_by_its_people_only(who: str, status: int) -> None:
    club = Club()
    gid, eid = club.group.public_id, club.evening.public_id
    client = club.client(who)
    for url in (f"/api/groups/{gid}/", f"/api/groups/{gid}/leaderboard/",
                f"/api/groups/{gid}/stats/", f"/api/evenings/{eid}/",
                f"/api/evenings/{eid}/settle/"):
        answer = client.get(url)
        assert answer.status_code == status, (url, answer.content)
        if status == 404:
            assert answer.json()["error"]["code"] == "not_found"
    listed = {g["id"] for g in client.get("/api/groups/").json()["results"]}
    assert (gid in listed) == (status == 200)


@pytest.mark.parametrize("who,status", [("owner", 200), ("staff", 200), ("member", 403),
                                        ("stranger", 404), ("anonymous", 404)])
def test_only_managers_change_a_group(who: str, status: int) -> None:
    club = Club()
    answer = club.client(who).patch(f"/api/groups/{club.group.public_id}/",
                                    {"name": "New name"}, format="json")
    assert answer.status_code == status, answer.content
    assert (Group.objects.get().name == "New name") == (status == 200)


@pytest.mark.parametrize("who,status", [("owner", 201), ("member", 201), ("staff", 201),
                                        ("stranger", 404)])
def test_members_add_evenings_and_set_stakes(who: str, status: int) -> None:
    club = Club()
    client = club.client(who)
    answer = client.post(f"/api/groups/{club.group.public_id}/evenings/",
                         {"name": "Saturday", "date": "2026-03-14"}, format="json")
    assert answer.status_code == status, answer.content
    stake = client.put(f"/api/evenings/{club.evening.public_id}/stakes/",
                       {"ruleset": "riichi", "amount": "2.5"}, format="json")
    assert stake.status_code == (200 if status == 201 else status)
    assert Stake.objects.filter(evening=club.evening).exists() == (status == 201)


def test_create_add_and_remove_members_over_the_api() -> None:
    club = Club()
    client = club.client("owner")
    made = client.post("/api/groups/", {"name": "新しい会", "currency": "JPY",
                                        "members": ["山田", "Aiko"]}, format="json")
    assert made.status_code == 201 and made.json()["currency"] == "JPY"
    gid = made.json()["id"]
    added = client.post(f"/api/groups/{gid}/members/", {"name": "Chen", "manager": True},
                        format="json")
    assert added.status_code == 201 and added.json()["manager"] is True
    pid = added.json()["player"]["id"]
    assert client.delete(f"/api/groups/{gid}/members/{pid}/").status_code == 204
    assert client.delete(f"/api/groups/{gid}/members/{pid}/").status_code == 404
    assert club.client("anonymous").post("/api/groups/", {"name": "x"},
                                         format="json").status_code in (401, 403)
    bad = client.post("/api/groups/", {"name": "x", "currency": "XXX"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_request"


def test_the_evening_settle_up_names_nets_and_fewest_transfers() -> None:
    club = Club()
    client = club.client("owner")
    eid = club.evening.public_id
    client.put(f"/api/evenings/{eid}/stakes/", {"ruleset": "riichi", "amount": "1"},
               format="json")
    client.put(f"/api/evenings/{eid}/stakes/", {"ruleset": "sichuan", "amount": "0.5"},
               format="json")
    body = client.get(f"/api/evenings/{eid}/settle/").json()
    assert body["currency"] == "CNY" and body["exact"] is True
    assert sum(n["minor"] for n in body["nets"]) == 0
    owed = {n["player"]["id"]: n["minor"] for n in body["nets"]}
    for t in body["transfers"]:
        owed[t["payer"]["id"]] += t["minor"]
        owed[t["payee"]["id"]] -= t["minor"]
    assert set(owed.values()) == {0}
    assert len(body["transfers"]) <= len([n for n in body["nets"] if n["minor"]]) - 1
    assert all(t["counted"] for t in body["tables"])


def test_a_table_joins_a_group_and_sets_its_stake_over_the_api() -> None:
    club = Club()
    client = club.client("owner")
    extra = play(table("riichi", by=club.by), [RON], by=club.by)
    answer = client.put(f"/api/tables/{extra.public_id}/group/",
                        {"group": club.group.public_id, "evening": club.evening.public_id},
                        format="json")
    assert answer.status_code == 200 and answer.json()["evening"] == club.evening.public_id
    stake = client.put(f"/api/tables/{extra.public_id}/stake/",
                       {"amount": "3", "currency": "USD"}, format="json")
    assert stake.status_code == 200 and stake.json()["currency"] == "USD"
    assert client.get(f"/api/tables/{extra.public_id}/settle/").json()["tables"][0]["counted"]
    stranger = club.client("stranger")
    assert stranger.put(f"/api/tables/{extra.public_id}/stake/", {"amount": "1"},
                        format="json").status_code == 403
    assert stranger.delete(f"/api/tables/{extra.public_id}/group/").status_code == 403
    assert client.delete(f"/api/tables/{extra.public_id}/group/").status_code == 204
    assert not TableLink.objects.filter(table=extra).exists()


def test_a_stranger_cannot_move_someone_else_s_table_into_their_group() -> None:
    club = Club()
    theirs = services.create_group("Theirs", Actor(user=club.stranger))
    answer = club.client("stranger").put(f"/api/tables/{club.riichi.public_id}/group/",
                                         {"group": theirs.public_id}, format="json")
    assert answer.status_code == 403
    assert TableLink.objects.get(table=club.riichi).group == club.group


def test_leaderboard_rates_every_player_of_the_finished_tables() -> None:
    club = Club()
    boards = club.client("owner").get(f"/api/groups/{club.group.public_id}/leaderboard/").json()
    assert [b["ruleset"] for b in boards] == ["riichi", "sichuan"]
    riichi = boards[0]["rows"]
    assert len(riichi) == 4 and all(r["games"] == 1 for r in riichi)
    assert [r["rating"] for r in riichi] == sorted((r["rating"] for r in riichi), reverse=True)


def test_private_tables_in_a_public_group_stay_out_of_every_answer() -> None:
    club = Club(visibility="public")
    secret = play(table("riichi", names=["秘密", "Bo", "Chen", "Dana"], by=club.by,
                        visibility="private"), [RON], by=club.by)
    services.attach_table(secret, club.group, club.by, club.evening)
    client = club.client("stranger")
    gid, eid = club.group.public_id, club.evening.public_id
    for url in (f"/api/groups/{gid}/", f"/api/groups/{gid}/leaderboard/",
                f"/api/groups/{gid}/stats/", f"/api/evenings/{eid}/",
                f"/api/evenings/{eid}/settle/"):
        text = client.get(url).content.decode()
        assert secret.public_id not in text and "秘密" not in text, url
    assert client.get(f"/api/groups/{gid}/").json()["hidden_tables"] == 1
    assert secret.public_id in club.client("owner").get(f"/api/groups/{gid}/").content.decode()
    assert Membership.objects.filter(group=club.group).count() == 2
