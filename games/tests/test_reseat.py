"""games.services.reseat: a seat's player changes and takes over what was played from it
(its ledger rows and results stay with the seat), its claim is freed, every phone at the
table hears of it; a seat the table does not have changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from common.errors import BadCommand
from games import services
from games.models import LedgerEntry, Player, Seat, SeatResult

from .tables import CREATOR, command_id, make_table, seated

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "wins": [{"winner": 0, "discarder": 1, "quick": {"han": 2, "fu": 30}}]}


def test_a_new_player_takes_over_the_seat_with_its_hands(
        django_capture_on_commit_callbacks: Any) -> None:
    table = make_table()
    seated(table, 0)
    assert services.record_hand(table, RON, command_id(), 0, CREATOR)["ok"]
    newcomer = Player.objects.create(display_name="Eve")
    with django_capture_on_commit_callbacks() as told:
        services.reseat([(table, 0, newcomer)])
    seat = Seat.objects.get(table=table, position=0)
    assert seat.player == newcomer and not seat.is_claimed
    assert set(LedgerEntry.objects.filter(table=table, position=0)
               .values_list("player_id", flat=True)) == {newcomer.pk}
    result = SeatResult.objects.get(table=table, position=0)
    assert result.player_id == newcomer.pk and result.final > result.start
    assert len(told) == 1  # the phones get the new seats once it commits


def test_a_seat_the_table_lacks_is_refused_and_nothing_moves() -> None:
    table = make_table()
    before = list(Seat.objects.filter(table=table).values_list("player_id", flat=True))
    newcomer = Player.objects.create(display_name="Eve")
    with pytest.raises(BadCommand):
        services.reseat([(table, 1, newcomer), (table, 3 + 1, newcomer)])
    assert list(Seat.objects.filter(table=table).values_list("player_id", flat=True)) == before
