"""The events' API: an event with its rounds and seats, its standings and every table's
ledger as JSON and CSV (with the byte-order mark Excel needs), the same visibility as
its pages, and OpenAPI for each endpoint."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from events import officiating, rounds, services

from .helpers import Cast, cast
from .rounds_helpers import record, ron, tables_of

pytestmark = pytest.mark.django_db


def _played(visibility: str = "link") -> Cast:
    people = cast(visibility)
    for name in ("陳", "=HYPERLINK(1)", "Dana"):
        services.add_player(people.event, name, people.actors["creator"])
    made = rounds.seat_round(people.event, people.actors["creator"])
    rounds.start_round(people.event, made.number, people.actors["creator"])
    table, = tables_of(made)
    record(table, ron(1, 2), people.actors["creator"])
    entry = people.event.entries.get(number=1)
    officiating.add_penalty(people.event, entry.pk, -1000, "Slow play",
                            people.actors["referee"])
    return people


def _url(people: Cast, name: str) -> str:
    return reverse(f"events:{name}", args=[people.event.public_id])


def test_the_standings_come_as_json_best_first_with_penalties_counted() -> None:
    people = _played()
    rows = people.clients["spectator"].get(_url(people, "api-standings")).json()
    assert [r["place"] for r in rows] == sorted(r["place"] for r in rows)
    first = next(r for r in rows if r["number"] == 1)
    assert first["penalties"] == -1000 and first["games"] == 1
    assert sum(r["score"] for r in rows) == -1000  # the table zero-sum, the penalty apart
    assert first["by_round"] == {"1": first["score"] + 1000}


def test_the_standings_and_ledger_come_as_csv_with_a_byte_order_mark() -> None:
    people = _played()
    client = people.clients["spectator"]
    answer = client.get(_url(people, "api-standings") + "?format=csv&bom=1")
    assert answer["Content-Type"].startswith("text/csv")
    text = answer.content.decode("utf-8")
    assert text.startswith("\ufeff")
    table = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert {r["player"] for r in table} >= {"陳", "'=HYPERLINK(1)"}  # no formula runs
    assert "round_1" in table[0] and table[0]["shown"].startswith(("+", "−"))
    ledger = client.get(_url(people, "api-ledger") + "?format=csv&bom=1")
    rows = list(csv.DictReader(io.StringIO(ledger.content.decode("utf-8").lstrip("\ufeff"))))
    assert {r["event_round"] for r in rows} == {"1"} and {r["table_number"] for r in rows} \
        == {"1"}
    assert sum(int(r["delta"]) for r in rows) == 0


def test_the_ledger_comes_as_json_pages() -> None:
    people = _played()
    page = people.clients["spectator"].get(_url(people, "api-ledger")).json()
    assert page["count"] == 4 and page["results"][0]["event_round"] == 1


def test_the_event_lists_its_rounds_tables_and_seats() -> None:
    people = _played()
    body = people.clients["player"].get(_url(people, "api-event")).json()
    assert body["role"] == "player" and body["standings"]["key"] == "final_score"
    assert body["standings"]["unit"] == 1000
    (round_,) = body["seated_rounds"]
    (table,) = round_["tables"]
    assert round_["started"] and table["table"] and len(table["seats"]) == 4
    assert [s["wind"] for s in table["seats"]] == ["E", "S", "W", "N"]


@pytest.mark.parametrize("who", ["spectator", "stranger"])
def test_a_private_event_is_not_found_through_the_api_by_those_its_page_refuses(
        who: str) -> None:
    people = _played("private")
    for name in ("api-event", "api-standings", "api-ledger"):
        answer = people.clients[who].get(_url(people, name))
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
    assert people.clients["player"].get(_url(people, "api-standings")).status_code == 200


def test_every_events_endpoint_is_in_the_openapi_schema(client: Client) -> None:
    schema = client.get("/api/schema/?format=json").json()
    for path in ("/api/events/{id}/", "/api/events/{id}/standings/",
                 "/api/events/{id}/ledger/"):
        assert "get" in schema["paths"][path], path
