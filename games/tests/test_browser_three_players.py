"""Three-player games played through on a 375 px phone: a sanma (三麻) game and a
三人两房 Sichuan game, each created from the new-table form with three names, hands
recorded and one undone on the live table page, ended, and settled up."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring import registry

from .browser import fits_phone, phone, snap
from .sheet import Sheet
from .test_browser_rulesets import open_record, quick, save, win

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ["Aiko", "Bo", "陳"]


def create(page: Page, server: str, ruleset: str, preset: str) -> None:
    rules = registry.get(ruleset)
    label = f"{rules.title} — {rules.presets[preset]['title']}"
    page.goto(f"{server}/tables/new/")
    page.fill("#id_name", f"{preset} game")
    page.select_option("#id_config", label=label)
    expect(page.locator("#id_player_3")).to_be_hidden()
    for i, name in enumerate(NAMES):
        page.fill(f"#id_player_{i}", name)
    page.click("button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-state", "live")
    expect(page.locator(".player-card")).to_have_count(3)


def engine_scores(ruleset: str, preset: str, outcomes: list[dict[str, Any]],
                  end: bool = False) -> list[int]:
    rules = registry.get(ruleset)
    options = rules.build(preset)
    state = rules.rules.initial_state(options)
    for outcome in outcomes:
        state = rules.rules.apply(state, outcome, options)["state"]
    scores = list(state["scores"])
    if end:
        for row in rules.rules.final_settlement(state, options):
            scores[row["player"]] += row["amount"]
    return scores


def shows(page: Page, scores: list[int]) -> None:
    for position, score in enumerate(scores):
        expect(page.locator(f".player-card[data-position='{position}'] > b")
               ).to_have_text(f"{score:,}")


def end_and_settle(page: Page, expected: list[int], name: str) -> None:
    """End the game (every phone follows to the results), then settle up at 1 a unit."""
    page.click("#end-game")
    expect(page).to_have_url(re.compile(r"/results/"))
    settle(page, expected, name)


def settle(page: Page, expected: list[int], name: str) -> None:
    rows = page.locator("#final-standings tbody tr")
    expect(rows).to_have_count(3)
    points = [page.locator(f"#final-standings tr[data-position='{p}'] td.final").inner_text()
              for p in range(3)]
    assert [int(re.sub(r"[^\d-]", "", text)) for text in points] == expected
    page.click("#settle-up")
    page.fill("#id_amount", "1")
    page.click("#table-stake-form button[type=submit]")
    nets = page.locator("#nets li")
    expect(nets).to_have_count(3)
    assert sum(int(n.get_attribute("data-minor") or "") for n in nets.all()) == 0
    assert page.locator("#transfers li").count() <= 2
    assert fits_phone(page)
    snap(page, f"three-players-{name}-settle")


SANMA = [
    {"type": "tsumo", "wins": [{"winner": 1, "discarder": None,
                                "quick": {"han": 5, "fu": 30}}]},
    {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "quick": {"han": 3, "fu": 30}}]},
]


def test_a_sanma_game_is_played_through(server: str, browser: Browser) -> None:
    page = phone(browser)
    create(page, server, "riichi", "sanma")
    open_record(page, "tsumo")
    win(page, "tsumo.wins.0", 1, None)
    quick(page, "tsumo.wins.0", {"han": 5, "fu": 30})
    save(page)
    shows(page, engine_scores("riichi", "sanma", SANMA[:1]))
    # Three players: no chi, no 2m-8m, no fourth name in the sheet.
    sheet = Sheet(page)
    sheet.open("ron")
    sheet.choose("ron.wins.0.mode", "tiles")
    picker = page.locator("[data-control='ron.wins.0.hand'] > .tile-picker")
    expect(picker.locator("[data-tile='5m']")).to_have_count(0)
    expect(picker.locator("[data-tile='9m']")).to_have_count(1)
    expect(picker.locator("[data-meld=chi]")).to_have_count(0)
    expect(page.locator("input[name='ron.wins.0.winner']")).to_have_count(3)
    page.click("#cancel-record")
    # A wrong hand, undone.
    open_record(page, "ron")
    win(page, "ron.wins.0", 2, 0)
    quick(page, "ron.wins.0", {"han": 1, "fu": 30})
    save(page)
    page.click("#undo")
    shows(page, engine_scores("riichi", "sanma", SANMA[:1]))
    open_record(page, "ron")
    win(page, "ron.wins.0", 0, 2)
    quick(page, "ron.wins.0", {"han": 3, "fu": 30})
    save(page)
    shows(page, engine_scores("riichi", "sanma", SANMA))
    assert fits_phone(page)
    snap(page, "three-players-sanma-table")
    end_and_settle(page, engine_scores("riichi", "sanma", SANMA, end=True), "sanma")
    page.context.close()


SICHUAN = [
    # A self-draw and a discard win: two of three have won, so the hand is over.
    {"type": "hand", "extra": {"events": [
        {"kind": "win", "winner": 1, "discarder": None, "quick": {"fan": 1}},
        {"kind": "win", "winner": 2, "discarder": 0, "quick": {"fan": 2}}]}},
]


def test_a_three_handed_sichuan_game_is_played_through(server: str, browser: Browser) -> None:
    page = phone(browser)
    create(page, server, "sichuan", "three_two_suits")
    table = page.url.split("/t/")[1].split("/")[0]
    sheet = open_record(page, "hand")
    # No 定缺 with two suits, and the suit taken out is not offered.
    expect(page.locator("[data-control='hand.extra.missing_suits']")).to_have_count(0)
    for number, (winner, discarder, fan) in enumerate([(1, None, 1), (2, 0, 2)]):
        sheet.choose(f"hand.extra.events.{number}.kind", "win")
        win(page, f"hand.extra.events.{number}", winner, discarder)
        quick(page, f"hand.extra.events.{number}", {"fan": fan})
    save(page)
    shows(page, engine_scores("sichuan", "three_two_suits", SICHUAN))
    assert fits_phone(page)
    snap(page, "three-players-sichuan-table")
    page.click("#end-game")
    page.wait_for_url("**/results/")
    assert table in page.url
    settle(page, engine_scores("sichuan", "three_two_suits", SICHUAN, end=True), "sichuan")
    page.context.close()
