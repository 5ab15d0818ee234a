"""A group's pages, its statistics, a player's page and their API answers cost the same
number of queries after 30 finished tables as after 3, a few at most (they read one
stored row per seat, never the hands, and what was kept per version of the finished
tables); long lists come in pages; the ratings' cache works out only the
games from a changed one on, and always equals rating every game afresh."""

from __future__ import annotations

import html
import re
from types import SimpleNamespace
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs import permissions, rating, results, services
from clubs.models import Group, RatingStep
from clubs.views import PER_PAGE
from games import seat_results
from games import services as games
from games.models import Hand, LedgerEntry, Player, Seat, Table
from games.queries.stats import Tally, player_stats
from games.tests.tables import command_id

from .helpers import OWNER, RON, SICHUAN, TSUMO, group, play, table

pytestmark = pytest.mark.django_db

NAMES = ["Aiko", "Bo", "Chen", "Dana", "Eri", "Fei"]


def add_tables(club: Group, count: int, start: int = 0) -> list[Table]:
    made = []
    for n in range(start, start + count):
        names = [NAMES[(n + k) % len(NAMES)] for k in range(4)]
        if "Aiko" not in names:
            names[n % 4] = "Aiko"
        done = play(table("riichi", names=names, visibility="public"),
                    [RON, TSUMO] if n % 2 else [TSUMO])
        services.attach_table(done, club, OWNER)
        made.append(done)
    return made


def urls(club: Group) -> dict[str, str]:
    aiko = Player.objects.filter(display_name="Aiko").first()
    assert aiko is not None
    return {
        "group page": reverse("clubs:group", args=[club.public_id]),
        "statistics page": reverse("clubs:group-stats", args=[club.public_id]),
        "player page": reverse("games:player", args=[aiko.pk]),
        "leaderboard API": f"/api/groups/{club.public_id}/leaderboard/",
        "group stats API": f"/api/groups/{club.public_id}/stats/",
        "player stats API": f"/api/players/{aiko.pk}/stats/",
    }


def query_counts(club: Group) -> dict[str, int]:
    client = Client()
    counts = {}
    for name, url in urls(club).items():
        assert client.get(url).status_code == 200  # warm: new rating steps stored here
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts[name] = len(queries)
    return counts


# The most each reads: one query of every table's version (they key what is kept of the
# finished ones, clubs.history), the page's own rows, and three for the tables in play;
# the group's row comes with its number of tables (the hidden ones are that less the
# versions read), so the group page's list of seasons (clubs.seasons) costs it no more
# than issue 26's 8.
MOST = {"group page": 8, "statistics page": 7, "player page": 9, "leaderboard API": 3,
        "group stats API": 6, "player stats API": 8}


def test_club_pages_and_api_answers_do_not_grow_with_history() -> None:
    club = group()
    live = play(table("riichi", names=NAMES[:4], visibility="public"), [RON], end=False)
    services.attach_table(live, club, OWNER)  # a table in play: read live, never kept
    add_tables(club, 3)
    few = query_counts(club)
    add_tables(club, 27, start=3)
    many = query_counts(club)
    assert many == few
    assert all(many[name] <= most for name, most in MOST.items()), many


def _pager_link(page: str, rel: str) -> str | None:
    found = re.search(rf'<a class="button" rel="{rel}" href="([^"]+)">', page)
    return html.unescape(found.group(1)) if found else None


def test_the_group_s_tables_and_a_player_s_games_come_in_pages() -> None:
    club = group()
    made = add_tables(club, PER_PAGE + 2)
    client = Client()
    url = reverse("clubs:group", args=[club.public_id])
    newest = [t.public_id for t in sorted(made, key=lambda t: (t.created_at, t.pk),
                                          reverse=True)]
    # Paged through by the pager's own links (plain links: no script involved), newest
    # first, every table once, each page saying where it is; then back again.
    pages: list[list[str]] = []
    link: str | None = ""
    while link is not None:
        assert link == "" or (link.startswith("?page=") and link.endswith("#tables")), link
        text = client.get(url + link.split("#")[0]).content.decode()
        pages.append(re.findall(r'data-table="([^"]+)"', text))
        assert f"Page {len(pages)} of 2" in text
        assert (_pager_link(text, "prev") is None) == (len(pages) == 1)
        link = _pager_link(text, "next")
    assert [len(shown) for shown in pages] == [PER_PAGE, 2]
    assert [public_id for shown in pages for public_id in shown] == newest
    back = _pager_link(text, "prev")
    assert back is not None
    text = client.get(url + back.split("#")[0]).content.decode()
    assert re.findall(r'data-table="([^"]+)"', text) == pages[0]
    # A page past the last, or not a number, shows the last or the first.
    for wrong, shown in (("?page=9", pages[1]), ("?page=x", pages[0])):
        text = client.get(url + wrong).content.decode()
        assert re.findall(r'data-table="([^"]+)"', text) == shown
    # The leaderboard still counts every table, not the page's.
    board = results.boards(permissions.group_tables(club, OWNER))[0]
    aiko = next(r for r in board.rows if r.player.display_name == "Aiko")
    assert aiko.games == PER_PAGE + 2
    player = client.get(reverse("games:player", args=[aiko.player.pk]) + "?page=2")
    page = player.content.decode()
    assert page.count('class="card game-item"') == 2
    assert f"Games played: {PER_PAGE + 2}" in page


def test_statistics_added_up_by_the_database_equal_a_count_over_every_hand() -> None:
    club = group()
    add_tables(club, 4)
    for extra in (play(table("sichuan", visibility="public"), [SICHUAN]),
                  play(table("riichi", visibility="public"), [RON], end=False)):
        services.attach_table(extra, club, OWNER)
    tables = permissions.group_tables(club, OWNER)
    # The reference: every table's hands counted afresh, added up here, oldest first.
    per_player: dict[int, dict[str, Tally]] = {}
    rulesets: dict[str, None] = {}
    for t in tables.order_by("created_at", "pk"):
        rulesets[t.ruleset] = None
        for fields in seat_results.computed(t, Seat.objects.filter(table=t),
                                            Hand.objects.filter(table=t),
                                            LedgerEntry.objects.filter(table=t)):
            row = SimpleNamespace(**fields)
            per_player.setdefault(row.player_id, {}).setdefault(t.ruleset, Tally()).add(
                Tally.of_seat(row, t.finished))
    got = {row["player"].pk: {k: v for k, v in row.items() if k != "player"}
           for row in results.member_stats(tables, [], seated=True)}
    assert got == {pid: player_stats(per, list(rulesets)) for pid, per in per_player.items()}
    assert any(block["games"] == 0 for row in got.values() for block in row["by_ruleset"])
    for pid, per in per_player.items():
        assert player_stats(seat_results.player_tallies(tables, pid)) == player_stats(per)


def _ordinals(club: Group, cached: bool) -> dict[int, float]:
    done = results.finished(permissions.group_tables(club, OWNER))
    return {p: r.ordinal for p, r in
            rating.rate([results.game(r) for r in done], cached=cached).items()}


def test_cached_ratings_recompute_from_the_changed_table_on() -> None:
    club = group()
    made = add_tables(club, 5)
    assert _ordinals(club, True) == _ordinals(club, False)
    assert RatingStep.objects.count() == 5
    # A past hand of the third table changes: its step and the two after it are new.
    third = made[2]
    corrected: dict[str, Any] = {"type": "ron", "wins": [{"winner": 3, "discarder": 0,
                                                          "quick": {"han": 5, "fu": 30}}]}
    answer = games.correct_hand(third.pk, 1, corrected, command_id(), third.seq, OWNER)
    assert answer.get("ok"), answer
    assert _ordinals(club, True) == _ordinals(club, False)
    assert RatingStep.objects.count() == 5 + 3
    # A table taken out of the group, or removed, likewise.
    services.detach_table(made[3], OWNER)
    assert _ordinals(club, True) == _ordinals(club, False)
    assert RatingStep.objects.count() == 5 + 3 + 1
    Table.objects.filter(pk=made[0].pk).delete()
    assert _ordinals(club, True) == _ordinals(club, False)
    # A game reopened leaves the leaderboard until it ends again.
    last = made[4]
    last.refresh_from_db()
    assert games.reopen_game(last.pk, command_id(), last.seq, OWNER)["ok"]
    ordinals = _ordinals(club, True)
    assert ordinals == _ordinals(club, False)
    assert len(results.finished(permissions.group_tables(club, OWNER))) == 2
