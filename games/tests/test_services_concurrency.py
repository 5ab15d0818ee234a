"""Several threads (several server workers) writing one table at the same moment."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from games import services
from games.models import Event, Hand, LedgerEntry

from .tables import CREATOR, make_table

pytestmark = pytest.mark.django_db(transaction=True)

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}


def fire_together(count: int, call):
    barrier = threading.Barrier(count)

    def worker(i: int):
        barrier.wait()
        try:
            return call(i)
        finally:
            connection.close()

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(worker, range(count)))


def test_same_hand_fired_at_once_with_one_command_id_is_recorded_once():
    table = make_table()
    results = fire_together(
        4, lambda i: services.record_hand(table.pk, RON, "same-command", 0, CREATOR))
    assert all(r["ok"] for r in results), results
    assert sorted(r["duplicate"] for r in results) == [False, True, True, True]
    assert {r["seq"] for r in results} == {1}
    assert Hand.objects.filter(table=table).count() == 1
    assert Event.objects.filter(table=table).count() == 1
    assert sum(e.amount for e in LedgerEntry.objects.filter(table=table)) == 0


def test_different_commands_on_the_same_base_seq_record_one_and_refuse_the_rest_as_stale():
    table = make_table()
    results = fire_together(
        3, lambda i: services.record_hand(table.pk, RON, f"phone-{i}", 0, CREATOR))
    assert sum(1 for r in results if r["ok"]) == 1
    assert sorted(r["error"]["code"] for r in results if not r["ok"]) == ["stale", "stale"]
    assert Hand.objects.filter(table=table).count() == 1
    assert [e.seq for e in Event.objects.filter(table=table)] == [1]
