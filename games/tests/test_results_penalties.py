"""The results page and the table under EMA chombo: the penalty shows from the hand it is
recorded in, is taken from the offender alone at the end, and the results name each
column (end of play, uma and oka, penalties, final). The ledger button asks for the BOM."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Table

from .tables import CREATOR, NAMES, command_id

pytestmark = pytest.mark.django_db

CHOMBO_BY_CHEN: dict[str, Any] = {"type": "chombo", "penalised": 2}
RON: dict[str, Any] = {"type": "ron", "wins": [
    {"winner": 1, "discarder": 3, "quick": {"han": 3, "fu": 30}}]}


def ema_table() -> Table:
    return services.create_table("EMA game", "riichi", "ema", {}, NAMES, visibility="link",
                                 creator=CREATOR)


def record(table: Table, outcome: dict[str, Any], seq: int) -> int:
    result = services.record_hand(table.pk, outcome, command_id(), seq, CREATOR)
    assert result["ok"], result
    return int(result["seq"])


def test_an_ema_chombo_shows_on_the_scoreboard_and_in_the_history_at_once() -> None:
    table = ema_table()
    record(table, CHOMBO_BY_CHEN, 0)
    table.refresh_from_db()
    snap = services.snapshot(table)
    assert [s["penalty_at_end"] for s in snap["standings"]] == [0, 0, -20000, 0]
    assert [s["score"] for s in snap["standings"]] == [30000] * 4  # nothing moves now
    html = Client().get(reverse("games:table", args=[table.public_id])).content.decode()
    card = re.search(r"data-position=['\"]2['\"]>(.*?)</li>", html, re.S)
    assert card is not None and "penalty -20,000 at the end" in card.group(1)
    assert "penalty-mark" not in html.replace(card.group(1), "")  # only on the offender
    assert "Chombo: Chen; 20,000 off the final score" in html


def test_the_ema_chombo_is_paid_to_nobody_and_has_its_own_column() -> None:
    table = ema_table()
    seq = record(table, CHOMBO_BY_CHEN, 0)
    seq = record(table, RON, seq)
    assert services.end_game(table.pk, command_id(), seq, CREATOR)["ok"]
    table.refresh_from_db()
    snap = services.snapshot(table)
    penalties = [r for r in snap["final"] if r["reason"] == "penalty"]
    assert penalties == [{"position": 2, "amount": -20000, "reason": "penalty"}]
    assert [s["penalty_at_end"] for s in snap["standings"]] == [0, 0, 0, 0]
    html = Client().get(reverse("games:results", args=[table.public_id])).content.decode()
    for header in ("End of play", "Uma, oka", "Penalties", "Final", "Score"):
        assert f">{header}</th>" in html
    for row in snap["standings"]:
        tr = re.search(rf'<tr data-position="{row["position"]}">(.*?)</tr>', html, re.S)
        assert tr is not None
        penalty = re.search(r'class="num penalties">([^<]*)<', tr.group(1))
        assert penalty is not None
        assert penalty.group(1) == ("-20,000" if row["position"] == 2 else "–")
    # The others end as if nobody had erred: Bo's 33,900 is +3.9 and 15 uma; Aiko and Chen
    # tie at 30,000 and share the uma of 2nd and 3rd (0); Chen then loses 20. The club
    # scores add up to -20, the penalty.
    scores = {r["player"]: r["score"] for r in snap["final_table"]}
    assert scores == {1: 18.9, 0: 0.0, 2: -20.0, 3: -18.9}
    assert round(sum(scores.values()), 1) == -20.0


def test_the_ledger_button_downloads_the_csv_with_the_byte_order_mark() -> None:
    table = ema_table()
    record(table, RON, 0)
    client = Client()
    for page in ("games:table", "games:results"):
        html = client.get(reverse(page, args=[table.public_id])).content.decode()
        link = re.search(r'<a class="button" href="([^"]+)" id="ledger-csv"', html)
        assert link is not None
        body = client.get(link.group(1).replace("&amp;", "&")).content
        assert body.startswith("\ufeff".encode()), page  # Excel reads it as UTF-8
        assert b"Aiko" in body
