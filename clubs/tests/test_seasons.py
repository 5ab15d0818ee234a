"""A group's seasons: standings over a date range across evenings and events, per
ruleset, the members only, counting each player's best N results when asked; who may
add and remove one; the leaderboard and statistics of one season."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import results, seasons, services
from clubs.models import Group, Season
from common.errors import BadCommand, Forbidden
from games.models import Table
from games.permissions import Actor
from games.tests.tables import user

from .helpers import OWNER, OWNER_TOKEN, RON, TSUMO, group, play, table, today

pytestmark = pytest.mark.django_db

WEEK = dt.timedelta(days=7)


def _owner_client() -> Client:
    client = Client()
    client.cookies["mj_device"] = OWNER_TOKEN
    return client


def _played(club: Group, outcomes: list[dict[str, Any]], days_ago: int = 0) -> Table:
    made = play(table("riichi"), outcomes)
    services.attach_table(made, club, OWNER)
    if days_ago:
        Table.objects.filter(pk=made.pk).update(
            created_at=timezone.now() - dt.timedelta(days=days_ago))
    return made


def test_a_season_counts_the_members_tables_within_its_days() -> None:
    club = group()  # members Aiko, Bo, Chen; Dana plays as a guest
    _played(club, [RON])  # Bo wins from Chen
    _played(club, [TSUMO], days_ago=30)  # before the season
    season = seasons.create_season(club, "Spring", today() - WEEK, today(), OWNER)
    (board,) = seasons.boards(season, OWNER)
    assert board.ruleset == "riichi"
    names = [r.player.display_name for r in board.rows]
    assert "Dana" not in names and names[0] == "Bo"
    assert all(r.games == 1 for r in board.rows)
    # Equal totals share a place.
    totals = [r.total for r in board.rows]
    assert [r.place for r in board.rows] == [1 + sum(t > mine for t in totals)
                                              for mine in totals]


def test_only_each_players_best_results_count_when_the_season_says_so() -> None:
    club = group()
    _played(club, [RON])  # Bo wins
    _played(club, [TSUMO])  # Aiko wins, Bo pays
    everything = seasons.create_season(club, "All", today() - WEEK, today(), OWNER)
    best = seasons.create_season(club, "Best one", today() - WEEK, today(), OWNER, best=1)
    bo_all = next(r for r in seasons.boards(everything, OWNER)[0].rows
                  if r.player.display_name == "Bo")
    bo_best = next(r for r in seasons.boards(best, OWNER)[0].rows
                   if r.player.display_name == "Bo")
    assert (bo_all.games, bo_all.counted, bo_best.counted) == (2, 2, 1)
    his = [unit for result in results.finished(seasons.season_tables(everything, OWNER))
           for player, unit in zip(result.players, result.units, strict=True)
           if player.display_name == "Bo"]
    assert len(his) == 2 and bo_all.total == sum(his, Decimal(0))
    assert bo_best.total == max(his)


def test_an_events_tables_count_in_its_groups_season() -> None:
    from events import rounds
    from events import services as events
    from events.tests.helpers import config

    club = group()
    event = events.create_event("Club cup", OWNER, config(), group=club)
    events.add_members(event, list(club.memberships.values_list("player_id", flat=True)),
                       OWNER)
    events.add_player(event, "Dana", OWNER)  # a guest: not ranked in the season
    made = rounds.seat_round(event, OWNER)
    rounds.start_round(event, made.number, OWNER)
    played = play(made.tables.get().table, [RON])
    season = seasons.create_season(club, "Spring", today(), today(), OWNER)
    assert list(seasons.season_tables(season, OWNER)) == [played]
    assert {r.player.display_name for r in seasons.boards(season, OWNER)[0].rows} == \
        {"Aiko", "Bo", "Chen"}


def test_only_managers_add_and_remove_seasons_and_bad_ones_are_refused() -> None:
    club = group()
    stranger = Actor(user=user("stranger"))
    with pytest.raises(Forbidden):
        seasons.create_season(club, "Mine", today(), today(), stranger)
    with pytest.raises(BadCommand):
        seasons.create_season(club, "Backwards", today(), today() - WEEK, OWNER)
    with pytest.raises(BadCommand):
        seasons.create_season(club, "Best none", today(), today(), OWNER, best=0)
    season = seasons.create_season(club, "Ok", today(), today(), OWNER)
    with pytest.raises(Forbidden):
        seasons.remove_season(season, stranger)
    seasons.remove_season(season, OWNER)
    assert not Season.objects.exists()


def test_the_season_pages_and_the_leaderboard_of_one_season() -> None:
    club = group()
    _played(club, [RON])
    _played(club, [TSUMO], days_ago=30)
    owner = _owner_client()
    answer = owner.post(reverse("clubs:season-new", args=[club.public_id]), {
        "name": "Spring", "starts": (today() - WEEK).isoformat(), "ends": today().isoformat(),
        "best": ""})
    season = Season.objects.get()
    assert answer.status_code == 302 and season.public_id in answer["Location"]
    page = owner.get(answer["Location"]).content.decode()
    assert "Spring" in page and 'data-ruleset="riichi"' in page and "season-remove" in page
    board = owner.get(reverse("clubs:group", args=[club.public_id])
                      + f"?season={season.public_id}").content.decode()
    every = owner.get(reverse("clubs:group", args=[club.public_id])).content.decode()
    assert 'id="leaderboard-season"' in board and 'id="leaderboard-season"' not in every
    stats = owner.get(reverse("clubs:group-stats", args=[club.public_id])
                      + f"?season={season.public_id}")
    assert stats.status_code == 200 and 'id="stats-season"' in stats.content.decode()
    missing = owner.get(reverse("clubs:group", args=[club.public_id]) + "?season=nope")
    assert missing.status_code == 404


def test_a_private_groups_season_is_not_found_by_a_stranger_nor_changed_by_a_visitor() -> None:
    club = group(visibility="private")
    season = seasons.create_season(club, "Spring", today(), today(), OWNER)
    stranger = Client()
    url = reverse("clubs:season", args=[club.public_id, season.public_id])
    assert stranger.get(url).status_code == 404
    assert stranger.post(reverse("clubs:season-remove",
                                 args=[club.public_id, season.public_id])).status_code == 404
    visible = group(visibility="link")
    kept = seasons.create_season(visible, "Spring", today(), today(), OWNER)
    stranger.post(reverse("clubs:season-remove", args=[visible.public_id, kept.public_id]))
    stranger.post(reverse("clubs:season-new", args=[visible.public_id]), {
        "name": "Mine", "starts": today().isoformat(), "ends": today().isoformat()})
    assert list(Season.objects.filter(group=visible).values_list("name", flat=True)) == \
        ["Spring"]
