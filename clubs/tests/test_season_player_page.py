"""A player's page with ``?season=<id>`` describes that season alone: its statistics, its
list of games and its rating charts count only the season's tables, the page says which
season it is and links back to every game, its own links (pages, another game's chart)
keep the season; and it reads as few queries after 30 of the season's tables as after 3.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from clubs import seasons, services
from clubs.models import Group
from games.models import Hand, Player, Table
from games.views import PER_PAGE

from .helpers import OWNER, RON, TSUMO, group, play, table, today
from .test_club_pages_scale import MOST, add_tables

pytestmark = pytest.mark.django_db

WEEK = dt.timedelta(days=7)


def _played(club: Group, outcomes: list[dict[str, Any]], days_ago: int = 0) -> Table:
    made = play(table("riichi", visibility="public"), outcomes)
    services.attach_table(made, club, OWNER)
    if days_ago:
        Table.objects.filter(pk=made.pk).update(
            created_at=timezone.now() - dt.timedelta(days=days_ago))
    return made


def _page(player: Player, query: str = "") -> str:
    answer = Client(HTTP_ACCEPT_LANGUAGE="en").get(
        reverse("games:player", args=[player.pk]) + query)
    assert answer.status_code == 200
    return answer.content.decode()


def _hands_shown(page: str) -> int:
    found = re.search(r'id="player-stats".*?<dt>Hands</dt><dd>(\d+)</dd>', page, re.S)
    assert found is not None
    return int(found.group(1))


def test_the_whole_player_page_describes_the_season() -> None:
    club = group(visibility="public")
    old = _played(club, [TSUMO, TSUMO, RON], days_ago=30)  # before the season
    new = _played(club, [RON])
    season = seasons.create_season(club, "Spring", today() - WEEK, today(), OWNER)
    aiko = Player.objects.get(display_name="Aiko", memberships__group=club)

    every = _page(aiko)
    assert "Games played: 2" in every and 'id="player-season"' not in every
    assert old.name in every and _hands_shown(every) == 4

    page = _page(aiko, f"?season={season.public_id}")
    # Labelled: which season of which group, its days, and a way back to every game.
    assert 'id="player-season"' in page and f'data-season="{season.public_id}"' in page
    assert "Season “Spring” of Thursday club" in html.unescape(page)
    back = re.search(r'id="player-every-game" href="([^"]+)"', page)
    assert back is not None and back.group(1) == reverse("games:player", args=[aiko.pk])
    assert reverse("clubs:season", args=[club.public_id, season.public_id]) in page
    # The summary, the statistics and the games count the season's table alone: as
    # many hands as were played there, recounted from the hands themselves.
    assert "Games played this season: 1" in page
    assert _hands_shown(page) == Hand.objects.filter(table=new).count() == 1
    listed = re.findall(r'<a href="/t/([^/]+)/results/"', page)
    assert listed == [new.public_id] and old.public_id not in page
    assert "Statistics of the season" in page and "Games of the season" in page
    # The rating charts are the season's too (clubs/tests/test_season_ratings.py).
    assert 'id="rating-season"' in page


def test_a_season_without_their_games_lists_none() -> None:
    club = group(visibility="public")
    _played(club, [RON])
    past = seasons.create_season(club, "Last year", today() - 60 * WEEK, today() - 50 * WEEK,
                                 OWNER)
    aiko = Player.objects.get(display_name="Aiko", memberships__group=club)
    page = _page(aiko, f"?season={past.public_id}")
    assert "Games played this season: 0" in page and 'id="player-stats"' not in page
    assert "No games of theirs in this season." in page and 'id="score-chart"' not in page


def test_the_pages_links_keep_the_season() -> None:
    club = group(visibility="public")
    made = add_tables(club, PER_PAGE + 2)
    _played(club, [RON], days_ago=30)  # outside the season: never listed
    season = seasons.create_season(club, "Spring", today() - WEEK, today(), OWNER)
    aiko = Player.objects.get(display_name="Aiko", memberships__group=club)
    page = _page(aiko, f"?season={season.public_id}")
    assert f"Games played this season: {PER_PAGE + 2}" in page
    nxt = re.search(r'<a class="button" rel="next" href="([^"]+)">', page)
    assert nxt is not None
    link = html.unescape(nxt.group(1))
    assert link == f"?season={season.public_id}&page=2#player-games"
    second = _page(aiko, link.split("#")[0])
    assert second.count('class="card game-item"') == 2 and 'id="player-season"' in second
    # Another game's score chart: still this season's page.
    other = re.search(r'class="game-links small"><a href="([^"]+)"', page)
    assert other is not None
    assert html.unescape(other.group(1)).startswith(f"?season={season.public_id}&game=")
    chosen = _page(aiko, html.unescape(other.group(1)).split("#")[0])
    assert 'id="player-season"' in chosen
    shown = {t.public_id for t in made}
    assert set(re.findall(r'<a href="/t/([^/]+)/results/"', page)) <= shown


def test_a_season_page_does_not_grow_with_the_seasons_tables() -> None:
    club = group()
    _played(club, [RON], days_ago=30)  # before the season
    live = play(table("riichi", names=["Aiko", "Bo", "Chen", "Dana"], visibility="public"),
                [RON], end=False)
    services.attach_table(live, club, OWNER)  # in play: read live, never kept
    season = seasons.create_season(club, "Spring", today() - WEEK, today(), OWNER)
    aiko = Player.objects.get(display_name="Aiko", memberships__group=club)
    url = reverse("games:player", args=[aiko.pk]) + f"?season={season.public_id}"
    client = Client()

    def count() -> int:
        assert client.get(url).status_code == 200  # warm: rating steps stored here
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    add_tables(club, 3)
    few = count()
    add_tables(club, 27, start=3)
    many = count()
    # The page without a season, plus one for the season (found, its group's rights
    # checked) and one for the season's rating charts finding it again.
    assert many == few <= MOST["player page"] + 2, (few, many)


def test_the_season_page_reads_a_few_queries_at_3_and_30_tables(
        django_assert_max_num_queries: Any) -> None:
    club = group()
    season = seasons.create_season(club, "Spring", today() - WEEK, today(), OWNER)
    aiko_url = ""
    for tables in (3, 30):
        add_tables(club, tables - Table.objects.count(), start=Table.objects.count())
        if not aiko_url:
            aiko = Player.objects.get(display_name="Aiko", memberships__group=club)
            aiko_url = reverse("games:player", args=[aiko.pk]) + f"?season={season.public_id}"
        client = Client()
        assert client.get(aiko_url).status_code == 200  # warm
        with django_assert_max_num_queries(MOST["player page"] + 2):
            page = client.get(aiko_url)
        assert f"Games played this season: {tables}" in page.content.decode()
