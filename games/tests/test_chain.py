"""The hash chain of a table's event log (issue 29): sealed by every write, checked from
the database, a change made outside the site refused as the basis of new writes until
someone allowed to accepts it."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps
from django.core.management import call_command

from games import chain, services
from games.models import Event, Hand, Table
from games.permissions import Actor
from scoring.engine import chain as engine_chain

from .tables import CREATOR, command_id, make_table, record, seated, user

pytestmark = pytest.mark.django_db

RON: dict[str, Any] = {"type": "ron", "wins": [{"winner": 1, "discarder": 2,
                                                "quick": {"han": 2, "fu": 40}}]}
TSUMO: dict[str, Any] = {"type": "tsumo", "wins": [{"winner": 0, "quick": {"han": 3, "fu": 30}}]}
DRAW: dict[str, Any] = {"type": "draw", "tenpai": []}


def played(hands: int = 6) -> Table:
    """A riichi table with ``hands`` hands, an undo and a redo among them."""
    table = make_table()
    bo = seated(table, 1)
    for i in range(hands):
        assert record(table, [RON, TSUMO, DRAW][i % 3], bo)["ok"]
    table.refresh_from_db()
    assert services.undo(table.pk, command_id(), table.seq, bo)["ok"]
    table.refresh_from_db()
    assert services.redo(table.pk, command_id(), table.seq, bo)["ok"]
    table.refresh_from_db()
    chain.forget()
    return table


def edit_outcome(table: Table, seq: int) -> None:
    """What someone with the database does: change a logged hand in place."""
    Event.objects.filter(table=table, seq=seq).update(
        payload={"outcome": {**RON, "wins": [{**RON["wins"][0], "quick": {"han": 5, "fu": 40}}]}})
    chain.forget()


def test_every_write_seals_its_event_to_the_one_before() -> None:
    table = played()
    events = list(Event.objects.filter(table=table).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, 9))
    assert all(len(e.hash) == 64 for e in events)
    assert table.chain_head == events[-1].hash
    verdict = chain.verify_table(table)
    assert verdict.ok and verdict.events == 8 and verdict.head == table.chain_head
    # The seat the writer held is kept and covered by the hash.
    assert {e.seat for e in events} == {1}


def test_a_write_committed_during_a_check_is_no_change() -> None:
    table = played()
    read_before = Table.objects.get(pk=table.pk)
    assert record(table, DRAW)["ok"]  # another phone's hand, after the table was read
    assert chain.verify_table(read_before).ok
    assert chain.status(read_before)[0] is None


def test_an_event_changed_in_the_database_is_named() -> None:
    table = played()
    edit_outcome(table, 4)
    verdict = chain.verify_table(table)
    assert verdict.problem is not None
    assert (verdict.problem.seq, verdict.problem.reason) == (4, "changed")


def test_an_event_removed_from_the_database_is_named() -> None:
    table = played()
    Event.objects.filter(table=table, seq=3).delete()  # the queryset's delete: raw rows
    assert chain.verify_table(table).problem == engine_chain.Problem(3, "missing")
    table = played()
    Event.objects.filter(table=table, seq=table.seq).delete()
    problem = chain.verify_table(table).problem
    assert problem is not None and (problem.seq, problem.reason) == (table.seq, "missing")


def test_a_found_change_is_recorded_and_refuses_writes_by_name() -> None:
    table = played()
    edit_outcome(table, 5)
    changed, _recent = chain.status(table)
    assert changed is not None
    assert changed["seq"] == 5 and changed["hand"] == 4 and changed["source"] == "server"
    table.refresh_from_db()
    assert table.chain_break == changed
    result = record(table, DRAW)
    assert not result["ok"]
    assert result["error"]["code"] == "history_changed"
    assert result["error"]["params"] == {"hand": 4}
    text = services.explain(table, result["error"])["text"]
    assert "changed outside mjsite" in text and "4" in text
    assert chain.changed_text(changed) == ("The history of this table was changed outside "
                                           "mjsite after hand 4.")


def test_accepting_lets_the_table_write_again_and_the_chain_hold() -> None:
    table = played()
    edit_outcome(table, 2)
    chain.status(table)
    table.refresh_from_db()
    event = services.accept_history(table, CREATOR, "accept-1")
    assert event.kind == "accept" and event.payload["changed"]["seq"] == 2
    table.refresh_from_db()
    assert table.chain_break is None and table.seq == event.seq
    verdict = chain.verify_table(table)
    assert verdict.ok
    assert [(seq, p.seq) for seq, p in verdict.accepted] == [(event.seq, 2)]
    # The hands are those the log now says: hand 2 is the 5-han ron.
    hand = Hand.objects.get(table=table, number=2)
    assert hand.outcome["wins"][0]["quick"]["han"] == 5
    assert record(table, DRAW)["ok"]
    assert chain.verify_table(Table.objects.get(pk=table.pk)).ok
    # The same command again is the same acceptance; a later change is found again.
    assert services.accept_history(table, CREATOR, "accept-1").pk == event.pk
    edit_outcome(table, 1)
    problem = chain.verify_table(Table.objects.get(pk=table.pk)).problem
    assert problem is not None and problem.seq == 1


def test_only_the_creator_an_organiser_or_staff_may_accept() -> None:
    table = played()
    edit_outcome(table, 3)
    chain.status(table)
    seated_player = Actor(device="seat-1-device")
    with pytest.raises(services.TableError) as refused:
        services.accept_history(table, seated_player, "accept-2")
    assert refused.value.code == "forbidden"
    assert services.may_accept(table, Actor(user=user("root", is_staff=True)))
    assert services.may_accept(table, CREATOR)
    with pytest.raises(services.TableError) as nothing:
        services.accept_history(played(), CREATOR, "accept-3")
    assert nothing.value.code == "nothing_to_accept"


def test_a_phone_that_saw_another_history_marks_it_changed() -> None:
    table = played()
    head = table.chain_head
    # Someone rewrote the history, hashes and all: the database alone holds.
    rows = chain.rows_of(table)
    rows[2].payload = {"outcome": RON}  # hand 3 was a draw
    for event, sealed in zip(Event.objects.filter(table=table).order_by("seq"),
                             chain.rehashed(table.public_id, rows), strict=True):
        Event.objects.filter(pk=event.pk).update(payload=rows[event.seq - 1].payload,
                                                 hash=sealed)
    Table.objects.filter(pk=table.pk).update(chain_head=sealed)
    table.refresh_from_db()
    chain.forget()
    assert chain.verify_table(table).ok
    # A watcher's memory is shown to it alone; a seat's marks the table.
    block = chain.phone_block(table, (table.seq, head), may_write=False)
    assert block["at"] == {"seq": table.seq, "hash": sealed} and block["changed"] is None
    block = chain.phone_block(table, (table.seq, head), may_write=True)
    assert block["changed"]["source"] == "phone" and block["changed"]["hand"] == 6
    assert "a phone had seen a different history up to hand 6" in block["text"]


def test_the_migration_chains_the_tables_played_before_it() -> None:
    table = played()
    sealed = list(Event.objects.filter(table=table).order_by("seq").values_list("hash",
                                                                                flat=True))
    Event.objects.filter(table=table).update(hash="")
    Table.objects.filter(pk=table.pk).update(chain_head="")
    migration = importlib.import_module("games.migrations.0017_event_chain")
    migration.backfill(apps, None)
    assert list(Event.objects.filter(table=table).order_by("seq")
                .values_list("hash", flat=True)) == sealed
    assert Table.objects.get(pk=table.pk).chain_head == sealed[-1]


def test_the_command_checks_a_table_and_the_whole_database(capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    table, other = played(), played(3)
    call_command("verify_history", "--table", table.public_id)
    assert "holds" in capsys.readouterr().out
    edit_outcome(other, 2)
    with pytest.raises(SystemExit) as failed:
        call_command("verify_history", "--all")
    assert failed.value.code == 1
    out = capsys.readouterr().out
    assert f"{other.public_id}" in out and "event 2" in out


def test_the_log_says_a_declaration_in_the_rulesets_words() -> None:
    """A ``declare`` event reads as its ruleset says the declaration (its ``said`` and
    ``unsaid`` texts), with the hand it was made in; a payload changed outside the site
    into something that is no declaration is shown as it is, not a crash."""
    from django.utils import translation

    from games.queries import audit

    table = make_table()
    bo = seated(table, 1)
    assert services.declare(table, 1, True, command_id(), table.seq, bo)["ok"]
    table.refresh_from_db()
    assert services.declare(table, 1, False, command_id(), table.seq, bo)["ok"]
    table.refresh_from_db()
    with translation.override("en"):
        said = [e["what"] for e in audit.trail(table)["events"]]
    assert len(said) == 2
    assert said[0].endswith(" declared riichi in hand 1"), said
    assert said[1].endswith(" took back their riichi in hand 1"), said
    assert said[0].split(" declared")[0] == said[1].split(" took back")[0] != "?"
    Event.objects.filter(table=table, seq=1).update(payload={"a": 1, "b": 2})
    chain.forget()
    with translation.override("en"):
        first = audit.trail(table)["events"][0]["what"]
    assert first == '{"a": 1, "b": 2} in hand 1'
