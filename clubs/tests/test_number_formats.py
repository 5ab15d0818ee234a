"""Numbers on the leaderboard and the statistics read alike (issue 22, finding 6): a
column's totals with the same decimals (+43.0 beside +4.9), one first *place*, an average
hand value grouped and named in points."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs import services
from clubs.results import Board, Standing
from clubs.templatetags.clubs import points, units
from games.models import Player, Seat

from .helpers import OWNER, RON, TSUMO, group, play, table


@pytest.mark.parametrize(("value", "places", "text"), [
    (Decimal("43"), 1, "+43.0"), (Decimal("4.9"), 1, "+4.9"), (Decimal("-12"), 0, "-12"),
    (Decimal("-1234.5"), 1, "-1,234.5"), (Decimal("0"), 1, "0.0"),
    (Decimal("50.30"), None, "+50.3"), (Decimal("7"), None, "+7")])
def test_units_are_signed_grouped_and_as_precise_as_asked(value, places, text) -> None:
    with translation.override("en"):
        assert units(value, places) == text


def test_a_boards_total_column_takes_its_most_precise_rows_decimals() -> None:
    rows = [Standing(Player(), units=Decimal("43")),
            Standing(Player(), units=Decimal("4.9")),
            Standing(Player(), units=Decimal("-47.90"))]
    assert Board("riichi", "Riichi", "per 1,000 points", rows).places == 1
    assert Board("mcr", "MCR", "per point", rows[:1]).places == 0


def test_an_average_hand_value_is_grouped_and_named() -> None:
    with translation.override("en"):
        assert points(3900.0) == "3,900 points"
        assert points(1.0) == "1 point"
        assert points(None) == "–"


@pytest.mark.django_db
def test_the_leaderboard_writes_every_total_with_the_same_decimals() -> None:
    club = group()
    for outcomes in ([RON, TSUMO], [TSUMO], [RON]):
        services.attach_table(play(table("riichi"), outcomes), club, OWNER)
    page = Client().get(reverse("clubs:group", args=[club.public_id])).content.decode()
    board = page[page.index('data-ruleset="riichi"'):]
    board = board[:board.index("</table>")]
    totals = re.findall(r'<td class="num (?:up|down|)">([^<]+)</td>\s*</tr>', board)
    assert len(totals) == 4, board
    decimals = {len(t.split(".")[1]) if "." in t else 0 for t in totals}
    assert len(decimals) == 1, totals


@pytest.mark.django_db
def test_one_first_place_is_singular_and_the_average_hand_value_is_in_points() -> None:
    # Bo wins 3 han 30 fu (3,900) and ends first.
    played = play(table("riichi", visibility="public"), [RON])
    bo = Seat.objects.get(table=played, position=1).player
    page = Client().get(reverse("games:player", args=[bo.pk])).content.decode()
    summary = re.sub(r"\s+", " ", page[page.index('id="player-summary"'):].split("</p>")[0])
    assert "1 first place, average place 1.0" in summary, summary
    value = re.search(r"Avg hand value</dt><dd>([^<]+)</dd>", page)
    assert value and value.group(1) == "3,900 points", value
