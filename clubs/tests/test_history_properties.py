"""Property test: a group's figures kept across writes (the leaderboards and ratings over
their cached steps, clubs.rating's RatingStep; the statistics over the seats' stored
results; both kept per version, clubs.history) always equal a fresh count, with no step
read from the cache and nothing kept, after each write of random mixes of record, undo,
redo, correct, end and reopen at a table of the group (games/tests/test_replay_properties.py
holds the table's own rows to a fresh replay)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from clubs import services
from clubs.models import RatingStep
from games.models import Table
from games.tests.tables import CREATOR, make_table
from games.tests.test_replay_properties import operations, run

from .helpers import RON, TSUMO, group, play, table
from .test_club_history import figures, fresh

pytestmark = pytest.mark.django_db


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=operations)
def test_kept_figures_equal_a_fresh_count_after_every_write(ops: list[Any]) -> None:
    club = group(CREATOR)
    # A game that ended before, one in play (its hands counted live), then the table the
    # writes go to: ending, reopening and ending again moves it in the ratings' order.
    for done in (play(table("riichi", by=CREATOR), [RON, TSUMO], CREATOR),
                 play(table("riichi", by=CREATOR), [RON], CREATOR, end=False)):
        services.attach_table(done, club, CREATOR)
    # It starts ended, so that most writes change a finished table of the group.
    target = play(make_table(length="east"), [TSUMO, RON], CREATOR)
    services.attach_table(target, club, CREATOR)
    assert figures(club, CREATOR) == fresh(club, CREATOR)
    for op, arg in ops:
        figures(club, CREATOR)  # kept (and steps cached) as the group stood before it
        if run(target, op, arg)["ok"]:
            assert figures(club, CREATOR) == fresh(club, CREATOR), op
    # Every step still cached for a table of the group is a step of some version of it.
    ids = set(Table.objects.filter(club_link__group=club).values_list("pk", flat=True))
    assert set(RatingStep.objects.filter(table__in=ids).values_list("table_id", flat=True)) <= ids
