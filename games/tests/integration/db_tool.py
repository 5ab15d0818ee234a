"""Set up and inspect tables in the integration database from outside the servers.

Run as ``python -m games.tests.integration.db_tool`` with ``DATABASE_URL`` set and one JSON
request on stdin; prints one JSON answer. With ``--serve`` it answers one request per line
until stdin closes, each answer one line (``{"answer": ...}`` or ``{"error": text}``), and
closes its database connections after each, so the database can be dropped while it
runs (:class:`~games.tests.integration.harness.DbTool`: a Django start-up costs about a
second of CPU, and the integration tests ask dozens of times). A subprocess because the
test process itself runs pytest-django's SQLite settings, while the servers use the
PostgreSQL database under test.

Requests:

* ``{"op": "tables", "count": n, "visibility": "link", "seated": true, "options": {}}``:
  n riichi tables (``options`` overrides the ruleset's defaults), each with ``prefill``
  hands already recorded from ``outcomes`` in turn;
  each answer item has ``public_id``, ``pk``, ``join_key`` and ``devices`` (four device
  tokens, the cookies of the browsers holding the seats, in seat order; empty when
  ``seated`` is false) and ``creator`` (the creating browser's token).
* ``{"op": "devices", "count": n}``: n fresh browser device tokens that hold no seat.
* ``{"op": "inspect", "public_id": ...}``: the table's seq, events, hands and ledger sums.
* ``{"op": "user", "username": ...}``: a staff user (password ``right-pass-123``).
* ``{"op": "token", "username": ...}``: a staff user's API token.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any


def _device() -> str:
    """A browser's device token (its cookie; the database keeps only its hash)."""
    import secrets

    return secrets.token_urlsafe(32)


def _tables(count: int, visibility: str = "link", seated: bool = True,
            options: dict[str, Any] | None = None, prefill: int = 0,
            outcomes: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    from games import services
    from games.devices import device_id

    out = []
    for i in range(count):
        creator = _device()
        table = services.create_table(f"Integration {i}", "riichi", "", options or {},
                                      ["Aiko", "Bo", "Chen", "Dana"],
                                      creator=services.Actor(device=device_id(creator)),
                                      visibility=visibility)
        keys = []
        if seated:
            for position in range(4):
                key = _device()
                services.claim_seat(table, position, device=device_id(key),
                                    join_key=table.join_key)
                keys.append(key)
        actor = services.Actor(device=device_id(creator))
        samples = outcomes or []
        for n in range(prefill if samples else 0):
            result = services.record_hand(table.pk, samples[n % len(samples)],
                                          f"prefill-{n}", n, actor)
            if not result.get("ok"):
                raise SystemExit(f"prefill hand {n} was refused: {result}")
        out.append({"public_id": table.public_id, "pk": table.pk, "join_key": table.join_key,
                    "devices": keys, "creator": creator, "seq": prefill})
    return out


def _inspect(public_id: str) -> dict[str, Any]:
    from games.models import Event, Hand, LedgerEntry, Table

    table = Table.objects.get(public_id=public_id)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    per_hand = []
    for hand in hands:
        rows = sum(e.amount for e in LedgerEntry.objects.filter(hand=hand))
        per_hand.append({"number": hand.number, "rows": rows, "pot_change": hand.pot_change})
    return {
        "seq": table.seq,
        "events": list(Event.objects.filter(table=table).order_by("seq")
                       .values_list("command_id", flat=True)),
        "hands": per_hand,
        "ledger_total": sum(e.amount for e in LedgerEntry.objects.filter(table=table)),
        "pot": (table.state or {}).get("pot", 0),
    }


def _user(username: str) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username, password="right-pass-123",
                                                is_staff=True)


def _token(username: str) -> str:
    from rest_framework.authtoken.models import Token

    return str(Token.objects.create(user=_user(username)).key)


def _answer(request: dict[str, Any]) -> Any:
    op = request.pop("op")
    if op == "tables":
        answer: Any = _tables(**request)
    elif op == "devices":
        answer = [_device() for _ in range(request["count"])]
    elif op == "inspect":
        answer = _inspect(request["public_id"])
    elif op == "user":
        answer = _user(request["username"]).username
    elif op == "token":
        answer = _token(request["username"])
    else:
        raise SystemExit(f"unknown op {op!r}; use tables, devices, inspect, user or token")
    return answer


def _serve() -> None:
    import traceback

    from django.db import connections

    for line in sys.stdin:
        try:
            reply = {"answer": _answer(json.loads(line))}
        except BaseException:  # noqa: BLE001 - said to the test, which raises it there
            reply = {"error": traceback.format_exc()}
        finally:
            connections.close_all()
        print(json.dumps(reply), flush=True)


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjsite.settings")
    import django

    django.setup()
    if "--serve" in sys.argv[1:]:
        _serve()
        return
    print(json.dumps(_answer(json.loads(sys.stdin.read()))))


if __name__ == "__main__":
    main()
