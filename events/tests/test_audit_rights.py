"""Who reads the log of an event's table (issue 29, the audit trail): its players, the
event's organisers and referees (who judge its disputes) and staff; not a spectator or a
stranger, even of a public event."""

from __future__ import annotations

import pytest

from events import rounds, services
from events.tests.helpers import cast
from events.tests.rounds_helpers import record, ron, tables_of
from games.permissions import audited_tables, can_audit
from games.services.history import may_accept

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("who", "allowed"), [
    ("creator", True), ("organiser", True), ("referee", True),
    ("spectator", False), ("stranger", False)])
def test_the_log_of_an_events_table_is_for_its_officials(who: str, allowed: bool) -> None:
    people = cast("public")
    boss = people.actors["creator"]
    for i in range(3):

        services.add_player(people.event, f"Player {i}", boss)
    rounds.seat_round(people.event, boss)
    table = tables_of(rounds.start_round(people.event, 1, boss))[0]
    record(table, ron(0, 1), by=boss)
    assert can_audit(table, people.actors[who]) is allowed
    assert (audited_tables(people.actors[who], [table]) == [table]) is allowed
    # Only an organiser accepts a history changed outside the site, not a referee.
    assert may_accept(table, people.actors[who]) is (who in ("creator", "organiser"))
    client = people.clients[who]
    assert client.get(f"/t/{table.public_id}/log/").status_code == (200 if allowed else 403)
    api = client.get(f"/api/tables/{table.public_id}/history/")
    assert api.status_code == (200 if allowed else 403)
    table_page = client.get(f"/t/{table.public_id}/").content.decode()
    assert (f'href="/t/{table.public_id}/log/"' in table_page) is allowed
