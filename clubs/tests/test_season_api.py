"""A group's seasons through the API: the list, a season's standings as JSON and CSV
agreeing with the season page's numbers, the leaderboard and statistics of one season,
and who may read them (a private group's seasons are not found by strangers)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import results, seasons, services
from clubs.models import Season
from games.models import Table

from .helpers import RON, TSUMO, play, table, today
from .test_api import Club

pytestmark = pytest.mark.django_db



def _season(club: Club, best: int | None = None) -> Season:
    return seasons.create_season(club.group, "Spring", today(), today(), club.by, best=best)


def _urls(club: Club, season: Season) -> list[str]:
    gid = club.group.public_id
    return [f"/api/groups/{gid}/seasons/",
            f"/api/groups/{gid}/seasons/{season.public_id}/standings/",
            f"/api/groups/{gid}/seasons/{season.public_id}/standings/?format=csv",
            f"/api/groups/{gid}/leaderboard/?season={season.public_id}",
            f"/api/groups/{gid}/stats/?season={season.public_id}"]


@pytest.mark.parametrize("who,status", [("owner", 200), ("member", 200), ("staff", 200),
                                        ("stranger", 404), ("anonymous", 404)])
def test_a_private_groups_seasons_are_read_by_its_people_only(who: str, status: int) -> None:
    club = Club("private")
    season = _season(club)
    client = club.client(who)
    for url in _urls(club, season):
        answer = client.get(url)
        assert answer.status_code == status, (url, answer.content)
        if status == 404:
            assert answer.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_a_public_groups_seasons_are_read_by_anyone(who: str) -> None:
    club = Club("public")
    season = _season(club)
    client = club.client(who)
    for url in _urls(club, season):
        assert client.get(url).status_code == 200, url


def test_a_season_of_another_group_or_none_is_not_found() -> None:
    club = Club("public")
    other = services.create_group("Other club", club.by, visibility="public")
    theirs = seasons.create_season(other, "Theirs", today(), today(), club.by)
    client = club.client("owner")
    gid = club.group.public_id
    for url in (f"/api/groups/{gid}/seasons/{theirs.public_id}/standings/",
                f"/api/groups/{gid}/seasons/nope/standings/",
                f"/api/groups/{gid}/leaderboard/?season={theirs.public_id}",
                f"/api/groups/{gid}/stats/?season=nope"):
        answer = client.get(url)
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"


def test_the_list_names_each_season_latest_first() -> None:
    club = Club()
    old = seasons.create_season(club.group, "Winter", today() - dt.timedelta(days=90),
                                today() - dt.timedelta(days=1), club.by, best=5)
    new = _season(club)
    listed = club.client("member").get(f"/api/groups/{club.group.public_id}/seasons/").json()
    assert listed["count"] == 2
    assert [(s["id"], s["name"], s["best"]) for s in listed["results"]] == [
        (new.public_id, "Spring", None), (old.public_id, "Winter", 5)]
    assert listed["results"][1]["starts"] == old.starts.isoformat()


def _page_totals(html: str) -> dict[tuple[str, int], tuple[int, Decimal]]:
    """(ruleset, player id) -> (place, total) as the season page shows them (in English:
    +43.0, -1,234.5)."""
    out = {}
    for section in re.findall(r'data-ruleset="(\w+)">(.*?)</section>', html, re.S):
        ruleset, body = section
        for player, place, total in re.findall(
                r'data-player="(\d+)" data-place="(\d+)">.*?data-total>([^<]+)<', body,
                re.S):
            out[(ruleset, int(player))] = (int(place), Decimal(total.replace(",", "")))
    return out


def test_json_and_csv_standings_agree_with_the_season_page() -> None:
    club = Club("public")
    more = play(table("riichi", by=club.by), [TSUMO, RON, RON], by=club.by)
    services.attach_table(more, club.group, club.by)
    season = _season(club, best=1)
    gid, sid = club.group.public_id, season.public_id
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(
        reverse("clubs:season", args=[gid, sid])).content.decode()
    shown = _page_totals(page)
    assert {ruleset for ruleset, _player in shown} == {"riichi", "sichuan"}

    api = club.client("anonymous")
    data = api.get(f"/api/groups/{gid}/seasons/{sid}/standings/").json()
    assert (data["id"], data["best"]) == (sid, 1)
    from_json = {(b["ruleset"], r["player"]["id"]): (r["place"], Decimal(r["total"]))
                 for b in data["boards"] for r in b["rows"]}
    assert from_json == shown
    # Best one of two riichi games: Aiko (a member) played both, one of them counts.
    aiko = next(r for b in data["boards"] if b["ruleset"] == "riichi" for r in b["rows"]
                if r["player"]["name"] == "Aiko")
    assert (aiko["games"], aiko["counted"]) == (2, 1)

    answer = api.get(f"/api/groups/{gid}/seasons/{sid}/standings/?format=csv&bom=1")
    assert answer["Content-Type"].startswith("text/csv")
    assert f'season-{sid}.csv' in answer["Content-Disposition"]
    text = answer.content.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    from_csv = {(r["ruleset"], int(r["player_id"])): (int(r["place"]), Decimal(r["total"]))
                for r in rows}
    assert from_csv == shown
    assert not api.get(f"/api/groups/{gid}/seasons/{sid}/standings/?format=csv") \
        .content.startswith(b"\xef\xbb\xbf")


def test_the_leaderboard_and_stats_of_one_season_count_its_games_alone() -> None:
    club = Club("public")
    old = play(table("riichi", by=club.by), [TSUMO, TSUMO], by=club.by)
    services.attach_table(old, club.group, club.by)
    Table.objects.filter(pk=old.pk).update(created_at=timezone.now() - dt.timedelta(days=30))
    season = _season(club)
    gid, sid = club.group.public_id, season.public_id
    api = club.client("anonymous")
    every = api.get(f"/api/groups/{gid}/leaderboard/").json()
    one = api.get(f"/api/groups/{gid}/leaderboard/?season={sid}").json()
    expected = results.boards(seasons.season_tables(season, club.by))
    riichi = next(b for b in one if b["ruleset"] == "riichi")
    board = next(b for b in expected if b.ruleset == "riichi")
    assert [(r["player"]["id"], r["rating"], r["games"]) for r in riichi["rows"]] == [
        (r.player.pk, r.rating.ordinal if r.rating else None, r.games) for r in board.rows]
    assert {r["games"] for r in riichi["rows"]} == {1}
    assert {r["games"] for b in every if b["ruleset"] == "riichi" for r in b["rows"]} == {2}
    stats = {r["player"]["name"]: r["overall"]["games"]
             for r in api.get(f"/api/groups/{gid}/stats/?season={sid}").json()}
    assert stats["Aiko"] == 2  # this season's riichi and Sichuan tables, not the old one


def test_every_season_endpoint_is_in_the_openapi_schema() -> None:
    schema = Client().get("/api/schema/?format=json").json()
    paths = schema["paths"]
    for path in ("/api/groups/{id}/seasons/",
                 "/api/groups/{id}/seasons/{season}/standings/"):
        assert "get" in paths[path], path
    standings = paths["/api/groups/{id}/seasons/{season}/standings/"]["get"]
    assert {"application/json", "text/csv"} <= set(standings["responses"]["200"]["content"])
    for path in ("/api/groups/{id}/leaderboard/", "/api/groups/{id}/stats/"):
        assert "season" in {p["name"] for p in paths[path]["get"]["parameters"]}
