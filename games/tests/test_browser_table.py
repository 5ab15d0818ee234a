"""Four phones at one riichi table in headless Chromium against a live daphne server:
create the table, join from the other three, record a ron and a tsumo hand in tiles mode
from one phone, see the new standings everywhere within a second, undo everywhere."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring import registry

from .browser import create_table, expect_scores, fits_phone, phone, snap
from .live_server import ARTIFACTS
from .sheet import Sheet

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RON = {"type": "ron", "riichi": [3], "wins": [{"winner": 3, "discarder": 1, "hand": {
    "hand": "234m567p23455s66z", "win_tile": "6z", "riichi": True}}]}
RON_CORRECTED = {"type": "ron", "riichi": [3], "wins": [{"winner": 3, "discarder": 1,
                                                        "quick": {"han": 3, "fu": 40}}]}
THIRD = {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "hand": {
    "hand": "234m567p23455s66z", "win_tile": "6z"}}]}
TSUMO = {"type": "tsumo", "wins": [{"winner": 1, "hand": {
    "hand": "123m456p789s1122z", "win_tile": "2z"}}]}


def expected_scores(*outcomes: dict[str, Any], preset: str = "ema") -> list[int]:
    """The engine's own replay of the outcomes the pages are meant to send."""
    ruleset = registry.get("riichi")
    options = ruleset.build(preset)
    state = ruleset.rules.initial_state(options)
    for outcome in outcomes:
        state = ruleset.rules.apply(state, outcome, options)["state"]
    return list(state["scores"])


def record_in_tiles_mode(page: Page, kind: str, winner: int, discarder: int | None,
                         hand: str, win_tile: str, riichi: bool = False) -> None:
    sheet = Sheet(page)
    sheet.open(kind)
    sheet.choose(f"{kind}.wins.0.winner", winner)
    if discarder is not None:
        sheet.choose(f"{kind}.wins.0.discarder", discarder)
    # The sheet starts in the mode this phone used last (a quick correction, say).
    sheet.choose(f"{kind}.wins.0.mode", "tiles")
    group = f"{kind}.wins.0.hand"
    sheet.tiles(group, *tile_taps(hand))
    expect(page.locator(f"[data-control='{group}'] .picker-targets "
                        f"[data-target='{group}.win_tile']")).to_have_attribute(
        "aria-pressed", "true")
    sheet.tiles(group, *tile_taps(win_tile))
    if riichi:
        sheet.choose(f"{kind}.riichi", winner)
    sheet.save()


def tile_taps(tiles: str) -> list[str]:
    """"234m66z" as the tiles tapped one by one: 2m 3m 4m 6z 6z."""
    out, digits = [], ""
    for ch in tiles:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def test_four_phones_follow_ron_tsumo_and_undo(server: str, browser: Browser) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    phones = [phone(browser) for _ in range(4)]
    join_url = create_table(phones[0], server)
    table_url = phones[0].url.split("?")[0]
    phones[0].goto(join_url)
    phones[0].click("button[data-position='0']")
    for position, page in enumerate(phones[1:], start=1):
        page.goto(join_url)
        page.click(f"button[data-position='{position}']")
        assert page.url.split("?")[0] == table_url
    # The fourth phone reads Japanese; the choice sticks across pages.
    phones[3].select_option("#language-select", "ja")
    phones[3].click(".language-form button[type=submit]")
    expect(phones[3].locator("html")).to_have_attribute("lang", "ja")
    phones[3].goto(table_url)
    expect(phones[3].locator("#record-summary")).to_have_text("局を記録")
    for page in phones:
        expect(page.locator("#status")).to_have_attribute("data-state", "live")
    expect_scores(phones, expected_scores())

    recorder = phones[0]
    sheet = Sheet(recorder)
    sheet.open("ron")
    sheet.choose("ron.wins.0.winner", 3)
    sheet.choose("ron.wins.0.discarder", 1)
    sheet.tiles("ron.wins.0.hand", *tile_taps("234m567p23455s66z6z"))
    sheet.choose("ron.riichi", 3)
    expect(recorder.locator("#preview-table")).to_be_visible()
    snap(recorder, "record-ron-tiles", "#record")
    snap(recorder, "record-ron-preview", "#preview")
    sheet.save()
    after_ron = expected_scores(RON)
    expect_scores(phones, after_ron)

    record_in_tiles_mode(recorder, "tsumo", winner=1, discarder=None,
                         hand="123m456p789s1122z", win_tile="2z")
    after_tsumo = expected_scores(RON, TSUMO)
    expect_scores(phones, after_tsumo)
    for page in phones:
        expect(page.locator("#history > li")).to_have_count(2)
    snap(phones[2], "table-after-two-hands")
    snap(phones[2], "table-history", "#chart")

    recorder.click("#undo")
    expect_scores(phones, after_ron)
    for page in phones:
        expect(page.locator("#history > li")).to_have_count(1)
    snap(phones[3], "table-after-undo")

    recorder.click("#redo")
    expect_scores(phones, after_tsumo)

    # Correct the first hand in quick mode; the later hand is recomputed everywhere.
    recorder.locator("#history li[data-number='1'] .link-button").click()
    # The sheet holds the hand as it was recorded.
    expect(recorder.locator("[name='ron.wins.0.hand.win_tile']")).to_have_value("6z")
    expect(recorder.locator("#record-title")).to_have_text("Correcting hand 1")
    sheet.choose("ron.wins.0.mode", "quick")
    sheet.type("ron.wins.0.quick.han", "3")
    sheet.type("ron.wins.0.quick.fu", "40")
    sheet.save()
    corrected = expected_scores(RON_CORRECTED, TSUMO)
    expect_scores(phones, corrected)
    for page in phones:
        expect(page.locator("#history li[data-number='1'] .badge")).to_be_visible()

    # A phone that loses its connection catches up when it reconnects.
    phones[2].evaluate("window.mjTable.socket.ws.close()")
    # Another phone pretends it missed an event: the next one shows a gap, and it asks
    # for a fresh snapshot instead of applying it.
    phones[1].evaluate("""() => {
        const socket = window.mjTable.socket;
        const send = socket.send.bind(socket);
        window.sentTypes = [];
        socket.send = (message) => { window.sentTypes.push(message.type); return send(message); };
        socket.seq -= 1;
    }""")
    expect(phones[2].locator("#status")).to_have_attribute("data-state", "offline")
    record_in_tiles_mode(recorder, "ron", winner=0, discarder=2,
                         hand="234m567p23455s66z", win_tile="6z")
    after_third = expected_scores(RON_CORRECTED, TSUMO, THIRD)
    expect_scores([p for i, p in enumerate(phones) if i != 2], after_third)
    expect(phones[2].locator("#status")).to_have_attribute("data-state", "live")
    expect_scores([phones[2]], after_third)
    assert "get_snapshot" in phones[1].evaluate("window.sentTypes")

    # A write based on an old state is refused; the phone keeps it and offers the choice.
    late = phones[1]
    late.evaluate("window.mjTable.socket.seq -= 1")
    Sheet(late).open("draw")
    Sheet(late).save()
    stale = late.locator("#outbox .outbox-entry[data-state=stale]")
    expect(stale).to_contain_text("Someone changed the table before it arrived")
    expect_scores(phones, after_third)
    for page in phones:
        expect(page.locator("#history > li")).to_have_count(3)
    stale.locator("[data-action=discard]").click()
    expect(late.locator("#outbox")).to_be_hidden()

    for page in phones:
        assert fits_phone(page)
    recorder.click("#end-game")
    recorder.wait_for_url("**/results/")
    expect(recorder.locator("#final-standings tbody tr")).to_have_count(4)
    # Every other phone follows to the results.
    for page in phones[1:]:
        page.wait_for_url("**/results/")
        expect(page.locator("#final-standings tbody tr")).to_have_count(4)
    phones[3].goto(table_url)
    expect(phones[3].locator("#round-line")).to_have_text("対局は終了しました。")
    expect(phones[3].locator("[data-open-type='ron']")).to_be_disabled()
    snap(recorder, "results")
    assert fits_phone(recorder)
    snap(phones[3], "table-finished-ja")
    for page in phones:
        page.context.close()


def test_every_table_page_fits_a_phone(server: str, browser: Browser) -> None:
    page = phone(browser)
    page.goto(f"{server}/tables/new/")
    page.locator("#options").evaluate("node => { node.open = true; }")
    assert fits_phone(page)
    create_table(page, server)
    table_url = page.url.split("?")[0]
    for path in ("", "join/", "results/"):
        page.goto(table_url + path)
        assert fits_phone(page), path
    page.goto(f"{server}/tables/")
    assert fits_phone(page)
    page.locator(".table-items a").first.click()
    page.goto(table_url + "results/")
    page.locator("#final-standings a").first.click()
    expect(page.locator("#player-games")).to_be_visible()
    assert fits_phone(page)
    page.context.close()


def test_site_menu_folds_on_a_phone_and_is_a_row_on_a_wide_screen(
        server: str, browser: Browser) -> None:
    page = phone(browser)
    page.goto(f"{server}/tables/")
    tables_link = page.locator("#site-menu nav a[aria-current=page]")
    expect(tables_link).to_be_hidden()
    summary = page.locator("#site-menu > summary")
    # The folded menu takes one header line, not a third of the screen.
    box = page.locator(".site-header").bounding_box()
    assert box is not None and box["height"] < 80
    summary.click()
    expect(tables_link).to_be_visible()
    page.locator("#site-menu nav a", has_text="New table").click()
    expect(page.locator("#id_config")).to_be_visible()
    assert fits_phone(page)
    page.context.close()
    wide = browser.new_context(viewport={"width": 1100, "height": 800}, locale="en").new_page()
    wide.goto(f"{server}/tables/")
    expect(wide.locator("#site-menu > summary")).to_be_hidden()
    expect(wide.locator("#site-menu nav a[aria-current=page]")).to_be_visible()
    wide.context.close()


def test_record_sheet_offers_the_analyser_beside_the_tenpai_picks_of_a_draw(
        server: str, browser: Browser) -> None:
    page = phone(browser)
    create_table(page, server)
    sheet = Sheet(page)
    sheet.open("ron")
    link = page.locator("#record-analyse-link")
    expect(link).to_be_hidden()
    sheet.choose("type", "draw")
    expect(link).to_be_visible()
    # It sits right after the ready picks, inside the sheet being filled in.
    assert page.evaluate("""() => {
        const tenpai = document.querySelector('[data-control="draw.tenpai"]');
        return tenpai.nextElementSibling.id === 'record-analyse';
    }""")
    assert "table=" in (link.get_attribute("href") or "")
    sheet.choose("type", "tsumo")
    expect(link).to_be_hidden()
    page.context.close()
