"""A members-only group's money stays with the people who may open the group (issue 24,
finding 2): a public table in one of its evenings settles with the evening's stake only
for them. Before, anyone with the table's address read the evening's stake, every net
and the transfers on the table's settle page, its API, its share page and its picture."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from clubs import results, services, share
from clubs.models import Group

from .helpers import OWNER, RON, TSUMO, play, table
from .test_pages import owner_client

pytestmark = pytest.mark.django_db


def _private_evening_with_a_public_table():
    club = services.create_group("Members only", OWNER, visibility="private",
                                 currency="EUR", members=["Aiko", "Bo"])
    night = services.create_evening(club, "Secret night", OWNER)
    public = play(table("riichi", visibility="public"), [RON, TSUMO])
    services.attach_table(public, club, OWNER, night)
    services.set_evening_stake(night, "riichi", "7.25", OWNER)
    return club, public


def _urls(public_id: str) -> dict[str, str]:
    return {"page": reverse("clubs:table-settle", args=[public_id]),
            "api": f"/api/tables/{public_id}/settle/",
            "share": reverse("clubs:table-share", args=[public_id]),
            "png": reverse("clubs:table-share-png", args=[public_id])}


def test_a_stranger_reads_no_money_of_a_members_only_group_through_its_public_table():
    club, public = _private_evening_with_a_public_table()
    urls = _urls(public.public_id)
    # What a member sees: the evening's stake in euros, nets and transfers.
    member = owner_client().get(urls["api"]).json()
    assert member["currency"] == "EUR" and Decimal(member["tables"][0]["stake"]) == Decimal("7.25")
    assert member["nets"] and member["transfers"]
    money = {n["text"] for n in member["nets"]} | {t["text"] for t in member["transfers"]}

    stranger = Client()
    answer = stranger.get(urls["api"])
    assert answer.status_code == 200
    data = answer.json()
    assert data["tables"][0]["stake"] is None and data["tables"][0]["left_out"] == "no_stake"
    assert data["nets"] == [] and data["transfers"] == [] and data["currency"] != "EUR"
    for name in ("page", "share"):
        page = stranger.get(urls[name])
        assert page.status_code == 200, name
        html = page.content.decode()
        assert "7.25" not in html and "€" not in html and "EUR" not in html, name
        assert not [text for text in money if text in html], name
        assert club.name not in html and "Secret night" not in html, name
    picture = stranger.get(urls["png"])
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"
    # The picture is the table settled without any stake, not the member's one.
    without = results.settle_up([public], "CNY")
    assert picture.content == share.render_png(
        public.name, f"{public.created_at:%Y-%m-%d}", without)
    assert owner_client().get(urls["png"]).content != picture.content


def test_a_group_anyone_may_open_still_settles_its_public_table_with_the_stake():
    club, public = _private_evening_with_a_public_table()
    Group.objects.filter(pk=club.pk).update(visibility="public")
    data = Client().get(_urls(public.public_id)["api"]).json()
    assert data["currency"] == "EUR" and Decimal(data["tables"][0]["stake"]) == Decimal("7.25")
    assert data["nets"] and sum(n["minor"] for n in data["nets"]) == 0
