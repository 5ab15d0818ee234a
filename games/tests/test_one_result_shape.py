"""One hand result for every ruleset, rendered in one place (issue 14): the history, the
results page, the preview, the hands API and a player's statistics show the same items
and the same amounts for a hand of each ruleset, in every language; riichi's dora and
Wuhu's 嘴子 among them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from games import presenter, services
from games.models import Table
from scoring import registry, rendering

from .tables import NAMES, make_table, record

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]

# One winning hand of each ruleset, with the elements the issue names.
HANDS: dict[str, dict[str, Any]] = {
    "riichi": {"type": "ron", "riichi": [3], "wins": [{"winner": 3, "discarder": 1, "hand": {
        "hand": "234m567p23455s66z", "win_tile": "6z", "riichi": True,
        "dora_indicators": ["1m"]}}]},
    "mcr": {"type": "win", "wins": [{"winner": 1, "discarder": None, "hand": {
        "hand": "123m456p789s1122z", "win_tile": "2z"}}]},
    "sichuan": {"type": "hand", "extra": {"events": [
        {"kind": "win", "winner": 1, "discarder": 0, "quick": {"fan": 2}}],
        "draw": [{"player": 0, "ready_fan": None, "flower_pig": False},
                 {"player": 2, "ready_fan": 1, "flower_pig": False},
                 {"player": 3, "ready_fan": None, "flower_pig": False}]}},
    "wuhu": {"type": "win", "wins": [{"winner": 2, "discarder": 0, "quick": {
        "zhi": 9, "ya": 3, "mouths": 1}}]},
    "jian": {"type": "win", "wins": [{"winner": 1, "discarder": 2, "quick": {
        "shape": "small_seven", "deguo": True}}]},
    # The dealer's 台 on another's self-draw count only in the dealer's payment (payer).
    "taiwan": {"type": "win", "wins": [{"winner": 2, "discarder": None, "hand": {
        "hand": "123456789m234p55s67s", "win_tile": "8s", "flowers": "3f"}}]},
    "hongkong": {"type": "win", "wins": [{"winner": 2, "discarder": 0, "hand": {
        "hand": "123456789m111z5m", "win_tile": "5m", "flowers": "2f"}}]},
}
MUST_SHOW = {"riichi": {"dora"}, "wuhu": {"mouths"}}


def numbers(text: str) -> list[int]:
    """The amounts a text names, however it groups them (2,600 or 2600)."""
    return sorted(int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", text))


def played(name: str) -> tuple[Table, dict[str, Any]]:
    # Public, so that a stranger's statistics count it.
    table = make_table(name, next(iter(registry.get(name).presets)), visibility="public")
    assert record(table, HANDS[name])["ok"]
    table.refresh_from_db()
    return table, services.snapshot(table)


@pytest.mark.parametrize("name", [n for n in registry.usable() if n in HANDS])
def test_every_place_shows_the_same_items_and_amounts_in_every_language(name: str) -> None:
    table, snap = played(name)
    hand = snap["hands"][0]
    items = [item for result in hand["results"] for item in result.get("items", [])]
    keys = {item["key"] for item in items}
    assert keys, "a win of each ruleset lists its scoring elements"
    assert MUST_SHOW.get(name, set()) <= keys
    natives = {item["native"] for item in items if item["native"]}
    fresh = make_table(name, table.preset)
    client = Client()
    seen_numbers = {}
    for language in LANGUAGES:
        with translation.override(language):
            history = presenter.view(snap)["hands"][0]
            preview = services.rendered_preview(fresh.pk, HANDS[name])
        page = client.get(reverse("games:results", args=[table.public_id]),
                          HTTP_ACCEPT_LANGUAGE=language).content.decode()
        api = client.get(f"/api/tables/{table.public_id}/hands/",
                         HTTP_ACCEPT_LANGUAGE=language).json()["results"][0]
        for native in natives:
            # In the page's script (MCR's 杠 is 槓 on a 繁體 page); in English it may stand
            # in the English name's brackets, "Without wild 精 (德国)".
            with translation.override(language):
                shown = rendering.respelled(native)
            assert shown in history["html"] and shown in preview["html"], shown
            assert escape(shown) in page
        # The same summary wherever the hand is told, in this language.
        assert history["summary"] == preview["summary"] == api["summary"]
        assert escape(history["summary"]) in page
        assert {i["key"] for win in api["scoring"] for i in win["items"]} == keys
        # Each player's total is the same figure in the history and the preview.
        for delta in hand["deltas"]:
            assert rendering.signed(delta) in history["html"]
            assert rendering.signed(delta) in preview["html"]
        seen_numbers[language] = numbers(history["summary"])
    # The same amounts in every language.
    assert all(found == seen_numbers["en"] for found in seen_numbers.values()), seen_numbers


@pytest.mark.parametrize("name", [n for n in registry.usable() if n in HANDS])
def test_a_players_statistics_count_the_same_items(name: str) -> None:
    table, snap = played(name)
    winner = next(r["winner"] for r in snap["hands"][0]["results"] if rendering.is_win(r))
    player = table.seats.get(position=winner).player_id
    stats = Client().get(f"/api/players/{player}/stats/").json()["overall"]
    shown = {(i["name"], i["native"]) for i in stats["top_scoring"]}
    items = {(i["name"], i["native"]) for r in snap["hands"][0]["results"]
             if r.get("winner") == winner for i in r.get("items", [])}
    assert items and items <= shown


def test_hand_value_and_what_the_winner_received_are_told_apart() -> None:
    table = make_table("riichi", "ema")
    # Bo declared riichi and dealt in: Dana's hand is worth 5,200; with Bo's stick she
    # receives 6,200.
    outcome = {**HANDS["riichi"], "riichi": [1]}
    outcome["wins"] = [{**outcome["wins"][0], "hand": {**outcome["wins"][0]["hand"],
                                                       "riichi": False}}]
    outcome["wins"][0]["hand"]["riichi"] = True
    outcome["riichi"] = [1, 3]
    assert record(table, outcome)["ok"]
    snap = services.snapshot(Table.objects.get(pk=table.pk))
    with translation.override("en"):
        hand = presenter.view(snap)["hands"][0]
    assert "5,200 points" in hand["summary"]
    assert "+6,200" in hand["html"]
    assert f"{NAMES[3]}: Win +5,200 · Deposit sticks +1,000" in hand["html"]


def test_no_summary_names_a_player_by_seat_number_or_wind() -> None:
    for name in [n for n in registry.usable() if n in HANDS]:
        _table, snap = played(name)
        with translation.override("en"):
            summary = presenter.view(snap)["hands"][0]["summary"]
        assert not re.search(r"\bP[0-3]\b|\b[ESWN] (ron|wins)\b", summary), summary
        assert any(player in summary for player in NAMES), summary
