"""Model constraints: the event log is append-only and unique per table in seq and command."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from games.models import AppendOnlyError, Event, Seat, Table, new_public_id

from .tables import make_table, record

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 1, "fu": 30}}]}


def test_public_ids_are_url_safe_and_distinct():
    ids = {new_public_id() for _ in range(200)}
    assert len(ids) == 200
    assert all(len(i) == 12 and i.replace("-", "").replace("_", "").isalnum() for i in ids)
    assert make_table().public_id != make_table().public_id


def test_a_logged_event_cannot_be_changed_or_deleted():
    table = make_table()
    record(table, RON)
    event = Event.objects.get(table=table)
    event.payload = {"outcome": {"type": "draw"}}
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    assert Event.objects.get(table=table).payload["outcome"] == RON


def test_seq_is_unique_per_table():
    table = make_table()
    Event.objects.create(table=table, seq=1, command_id="a", kind="end")
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(table=table, seq=1, command_id="b", kind="end")
    other = make_table()
    Event.objects.create(table=other, seq=1, command_id="a", kind="end")


def test_command_id_is_unique_per_table():
    table = make_table()
    Event.objects.create(table=table, seq=1, command_id="a", kind="end")
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(table=table, seq=2, command_id="a", kind="end")


def test_one_seat_per_position_and_positions_0_to_3():
    table = make_table()
    player = table.seats.get(position=0).player
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=table, position=0, player=player)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=table, position=4, player=player)


def test_deleting_a_table_removes_its_log_and_rows():
    table = make_table()
    record(table, RON)
    Table.objects.filter(pk=table.pk).delete()
    assert not Event.objects.exists()
