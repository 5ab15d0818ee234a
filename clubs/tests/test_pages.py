"""The group pages through the Django test client: create, evenings, leaderboard,
settle-up, share views, and that nothing private leaks."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services
from clubs.models import Evening, Group, Membership, TableLink
from games.devices import COOKIE_NAME
from games.models import Table
from games.permissions import Actor
from games.tests.tables import user
from scoring.presets import sync_presets

from .helpers import OWNER, OWNER_TOKEN, RON, evening_of_two, play, table

pytestmark = pytest.mark.django_db


def owner_client() -> Client:
    """A browser holding the OWNER device (the creator of the groups and tables)."""
    client = Client()
    client.cookies[COOKIE_NAME] = OWNER_TOKEN
    return client


def test_a_group_is_created_from_its_form_with_its_first_members() -> None:
    client = Client()
    answer = client.post(reverse("clubs:group-new"), {
        "name": "麻雀の会", "visibility": "private", "currency": "JPY",
        "members": "Aiko\n山田太郎\n\nAiko"})
    group = Group.objects.get()
    assert answer.status_code == 302 and answer["Location"] == reverse(
        "clubs:group", args=[group.public_id])
    assert sorted(m.player.display_name for m in group.memberships.all()) == ["Aiko", "山田太郎"]
    page = client.get(answer["Location"]).content.decode()
    assert "麻雀の会" in page and "山田太郎" in page
    assert Client().get(answer["Location"]).status_code == 404  # private: not for others


def test_group_page_shows_its_leaderboard_evenings_and_tables() -> None:
    club, night, riichi, sichuan = evening_of_two()
    page = Client().get(reverse("clubs:group", args=[club.public_id])).content.decode()
    assert 'data-ruleset="riichi"' in page and 'data-ruleset="sichuan"' in page
    assert night.name in page and riichi.public_id in page and sichuan.public_id in page


def test_a_private_table_never_shows_on_a_public_group_to_others() -> None:
    club, night, riichi, sichuan = evening_of_two()
    services.update_group(club, OWNER, visibility="public")
    secret = play(table("riichi", names=["秘密", "Bo", "Chen", "Dana"], visibility="private"),
                  [RON])
    services.attach_table(secret, club, OWNER, night)
    stranger = Client()
    for url in (reverse("clubs:group", args=[club.public_id]),
                reverse("clubs:group-stats", args=[club.public_id]),
                reverse("clubs:evening", args=[night.public_id]),
                reverse("clubs:evening-share", args=[night.public_id])):
        page = stranger.get(url).content.decode()
        assert secret.public_id not in page and "秘密" not in page, url
    api = stranger.get(f"/api/evenings/{night.public_id}/settle/").json()
    assert api["hidden_tables"] == 1 and secret.public_id not in str(api)
    mine = owner_client().get(reverse("clubs:evening", args=[night.public_id])).content.decode()
    assert secret.public_id in mine and "秘密" in mine


def test_evening_page_settles_up_and_shares_a_png() -> None:
    club, night, riichi, sichuan = evening_of_two()
    client = Client()
    page = client.get(reverse("clubs:evening", args=[night.public_id])).content.decode()
    assert 'id="transfers"' in page and "¥" in page
    share = client.get(reverse("clubs:evening-share", args=[night.public_id]))
    assert share.status_code == 200
    png = client.get(reverse("clubs:evening-share-png", args=[night.public_id]))
    assert png["Content-Type"] == "image/png" and png.content[:8] == b"\x89PNG\r\n\x1a\n"


def test_stakes_are_set_on_the_evening_page_by_contributors_only() -> None:
    club, night, riichi, sichuan = evening_of_two()
    url = reverse("clubs:evening-stakes", args=[night.public_id])
    Client().post(url, {"stake-riichi": "5"})
    assert night.stakes.get(ruleset="riichi").amount == 1
    owner_client().post(url, {"stake-riichi": "5", "stake-sichuan": "2"})
    assert night.stakes.get(ruleset="riichi").amount == 5
    answer = owner_client().post(url, {"stake-riichi": "-3"}, follow=True)
    assert "stake" in answer.content.decode() and night.stakes.get(ruleset="riichi").amount == 5


def test_a_new_table_joins_an_evening_from_the_new_table_form() -> None:
    sync_presets()
    club, night, riichi, sichuan = evening_of_two()
    client = owner_client()
    form = client.get(reverse("games:new") + f"?place=e:{night.public_id}").content.decode()
    assert f'value="e:{night.public_id}" selected' in form
    from scoring.models import RulesetConfig

    config = RulesetConfig.objects.filter(ruleset="riichi", is_builtin=True).first()
    answer = client.post(reverse("games:new"), {
        "name": "Second table", "config": config.pk, "visibility": "link",
        "place": f"e:{night.public_id}",
        **{f"player_{i}": n for i, n in enumerate(["Aiko", "Fay", "Gus", "Hal"])}})
    assert answer.status_code == 302
    new = Table.objects.get(name="Second table")
    assert TableLink.objects.get(table=new).evening == night


def test_a_table_is_added_to_an_evening_later_and_taken_out() -> None:
    club, night, riichi, sichuan = evening_of_two()
    later = play(table("riichi"), [RON])
    client = owner_client()
    client.post(reverse("clubs:evening-tables", args=[night.public_id]),
                {"table": later.public_id})
    assert TableLink.objects.get(table=later).evening == night
    client.post(reverse("clubs:evening-tables", args=[night.public_id]),
                {"remove": later.public_id})
    assert not TableLink.objects.filter(table=later).exists()


def test_table_settle_page_sets_a_stake_and_shares() -> None:
    t = play(table("riichi"), [RON])
    client = owner_client()
    url = reverse("clubs:table-settle", args=[t.public_id])
    client.post(url, {"amount": "0.5", "currency": "USD"})
    page = client.get(url).content.decode()
    assert "$" in page and 'id="transfers"' in page
    assert Client().post(url, {"amount": "9"}).status_code == 403
    png = Client().get(reverse("clubs:table-share-png", args=[t.public_id]))
    assert png.status_code == 200


def test_members_are_added_and_removed_by_managers_only() -> None:
    club = services.create_group("Club", OWNER)
    url = reverse("clubs:group-members", args=[club.public_id])
    Client().post(url, {"name": "Intruder"})
    assert not Membership.objects.filter(group=club).exists()
    owner_client().post(url, {"name": "Aiko", "manager": "on"})
    member = Membership.objects.get(group=club)
    assert member.manager
    owner_client().post(url, {"remove": str(member.player_id)})
    assert not Membership.objects.filter(group=club).exists()


def test_a_manager_with_an_account_manages_and_a_member_contributes() -> None:
    boss, friend = user("boss"), user("friend")
    club = services.create_group("Club", OWNER, visibility="private")
    services.add_member(club, "Boss", OWNER, manager=True)
    services.add_member(club, "Friend", OWNER)
    Membership.objects.filter(player__display_name="Boss").update()
    from games.models import Player

    Player.objects.filter(display_name="Boss").update(user=boss)
    Player.objects.filter(display_name="Friend").update(user=friend)
    services.update_group(club, Actor(user=boss), name="Renamed")
    with pytest.raises(Exception) as info:
        services.update_group(club, Actor(user=friend), name="Mine now")
    assert getattr(info.value, "code", "") == "forbidden"
    evening = services.create_evening(club, "Night", Actor(user=friend))
    assert Evening.objects.get(pk=evening.pk).group == club
    client = Client()
    client.force_login(friend)
    assert client.get(reverse("clubs:group", args=[club.public_id])).status_code == 200


def test_unknown_or_private_groups_answer_404_not_500() -> None:
    client = Client()
    for url in ("/g/nope/", "/e/nope/", "/e/nope/share.png", "/t/nope/settle/",
                "/g/nope/stats/"):
        assert client.get(url).status_code == 404, url
    club = services.create_group("Hidden", OWNER, visibility="private")
    assert client.get(reverse("clubs:group", args=[club.public_id])).status_code == 404
    assert client.post(reverse("clubs:evening-new", args=[club.public_id]),
                       {"name": "x", "date": "2026-01-01"}).status_code == 404


def test_group_stats_list_each_player_under_the_rulesets_they_played() -> None:
    club, night, riichi, sichuan = evening_of_two()
    page = Client().get(reverse("clubs:group-stats", args=[club.public_id])).content.decode()
    riichi_part, sichuan_part = page.split('data-ruleset="sichuan"')
    assert "Dana" in riichi_part and "Eri" not in riichi_part
    assert "Eri" in sichuan_part and "Dana" not in sichuan_part
