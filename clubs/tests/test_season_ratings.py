"""Ratings of one season: a player's rating chart with ``?season=<id>`` is worked out from
the season's games alone (everyone starts the season at 0), the same number as the
season's leaderboard; the season page and its leaderboard link to it; a season the
reader may not see is not found."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import results, seasons, services
from clubs.models import Group
from games.models import Player, Table
from games.templatetags.mjtables import tenths

from .helpers import OWNER, OWNER_TOKEN, RON, TSUMO, group, play, table, today

pytestmark = pytest.mark.django_db

WEEK = dt.timedelta(days=7)


def _played(club: Group, outcomes: list[dict[str, Any]], days_ago: int = 0) -> Table:
    made = play(table("riichi", visibility="public"), outcomes)
    services.attach_table(made, club, OWNER)
    if days_ago:
        Table.objects.filter(pk=made.pk).update(
            created_at=timezone.now() - dt.timedelta(days=days_ago))
    return made


def _player_page(player: Player, season: str = "", client: Client | None = None) -> Any:
    url = reverse("games:player", args=[player.pk]) + (f"?season={season}" if season else "")
    return (client or Client(HTTP_ACCEPT_LANGUAGE="en")).get(url)


def test_a_players_season_chart_rates_the_seasons_games_alone() -> None:
    club = group(visibility="public")
    _played(club, [TSUMO, TSUMO], days_ago=30)  # before the season: Aiko wins twice
    new = _played(club, [RON])  # Bo wins from Chen
    season = seasons.create_season(club, "Spring", today() - WEEK, today(), OWNER)
    aiko = Player.objects.get(display_name="Aiko", memberships__group=club)
    (every,) = results.player_rating_charts(aiko, OWNER)
    (one,) = results.player_rating_charts(aiko, OWNER, season.public_id)
    assert len(every["games"]) == 2 and [g["key"] for g in one["games"]] == [new.public_id]
    assert one["series"][0][0] == 0.0  # everyone starts the season at 0
    assert one["season"] == season.public_id and "Spring" in one["title"]
    # The season's leaderboard gives her the same rating, and it is not her all-time one.
    (board,) = results.boards(seasons.season_tables(season, OWNER))
    row = next(r for r in board.rows if r.player.pk == aiko.pk)
    assert row.rating is not None and one["rating"] == row.rating.ordinal != every["rating"]

    page = _player_page(aiko, season.public_id)
    html = page.content.decode()
    assert page.status_code == 200 and 'id="rating-season"' in html
    assert f'data-season="{season.public_id}"' in html
    assert reverse("clubs:season", args=[club.public_id, season.public_id]) in html
    shown = re.search(r'class="rating-now">([^<]+)<', html)
    assert shown is not None
    # The season leaderboard shows the same number, rounded alike (6.55: 6.6 on both).
    board_html = Client(HTTP_ACCEPT_LANGUAGE="en").get(
        reverse("clubs:group", args=[club.public_id]) + f"?season={season.public_id}"
    ).content.decode()
    cell = re.search(rf'data-player="{aiko.pk}">.*?class="num rating">([^<]+)<', board_html,
                     re.S)
    assert cell is not None and cell.group(1) == shown.group(1) == tenths(one["rating"])
    whole = _player_page(aiko).content.decode()
    assert 'id="rating-season"' not in whole and "data-season" not in whole


def test_a_season_without_their_games_says_so() -> None:
    club = group(visibility="public")
    _played(club, [RON])
    past = seasons.create_season(club, "Last year", today() - 60 * WEEK, today() - 50 * WEEK,
                                 OWNER)
    aiko = Player.objects.get(display_name="Aiko", memberships__group=club)
    assert results.player_rating_charts(aiko, OWNER, past.public_id) == []
    html = _player_page(aiko, past.public_id).content.decode()
    assert 'id="rating-season-none"' in html and 'data-chart="rating"' not in html


def test_a_season_the_reader_may_not_see_is_not_found_on_a_player_page() -> None:
    club = group(visibility="private")
    _played(club, [RON])  # a public table: its players' pages are open to anyone
    season = seasons.create_season(club, "Spring", today(), today(), OWNER)
    aiko = Player.objects.get(display_name="Aiko", memberships__group=club)
    assert _player_page(aiko).status_code == 200
    assert _player_page(aiko, season.public_id).status_code == 404
    assert _player_page(aiko, "nope").status_code == 404
    owner = Client()
    owner.cookies["mj_device"] = OWNER_TOKEN
    assert _player_page(aiko, season.public_id, owner).status_code == 200


def test_the_season_page_and_its_leaderboard_link_to_the_season_ratings() -> None:
    club = group(visibility="public")
    _played(club, [RON])
    season = seasons.create_season(club, "Spring", today(), today(), OWNER)
    bo = Player.objects.get(display_name="Bo", memberships__group=club)
    link = reverse("games:player", args=[bo.pk]) + f"?season={season.public_id}#rating-charts"
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = client.get(reverse("clubs:season", args=[club.public_id, season.public_id]))
    assert link in page.content.decode()
    board = client.get(reverse("clubs:group", args=[club.public_id])
                       + f"?season={season.public_id}")
    assert link in board.content.decode()
    assert link not in client.get(reverse("clubs:group", args=[club.public_id])) \
        .content.decode()
