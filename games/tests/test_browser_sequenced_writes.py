"""A phone's writes over a slow network (issue 22), in headless Chromium at 375 px against
a server whose table socket answers 300-800 ms late (games/latency.py): an Undo or a
Correct tapped right after Save acts on the hand just saved, a refusal is shown at the
bottom of the screen and read out, and a phone that goes offline says so (badge, sheet,
the count beside Save) and sends its hand once when it is back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring import registry

from .browser import create_table, dialogs, phone, set_language, snap, take_seat
from .live_server import ARTIFACTS, live_server
from .sheet import Sheet

pytestmark = [pytest.mark.browser, pytest.mark.slow]
# Minutes of slow-socket waiting: each test to a worker of its own (the root conftest.py).
XDIST_CHUNK_ID_PARTS = 0

DELAY = "300-800"
# An answer crosses the slow socket in at most 0.8 s: the suite's wait on a state
# (live_server.STATE_TIMEOUT_MS, a busy CI machine's) covers it.

RON_1 = {"type": "ron", "wins": [{"winner": 3, "discarder": 1, "quick": {"han": 2, "fu": 30}}]}
RON_2 = {"type": "ron", "wins": [{"winner": 2, "discarder": 0, "quick": {"han": 1, "fu": 30}}]}
RON_1_CORRECTED = {"type": "ron", "wins": [{"winner": 3, "discarder": 1,
                                            "quick": {"han": 4, "fu": 30}}]}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(socket_delay_ms=DELAY) as base:
        yield base


def engine_scores(*outcomes: dict[str, Any]) -> list[int]:
    ruleset = registry.get("riichi")
    options = ruleset.build("ema")
    state = ruleset.rules.initial_state(options)
    for outcome in outcomes:
        state = ruleset.rules.apply(state, outcome, options)["state"]
    return list(state["scores"])


def seated(browser: Browser, server: str, count: int = 2,
           language: str = "en") -> list[Page]:
    phones = [phone(browser) for _ in range(count)]
    join_url = create_table(phones[0], server)
    for position, page in enumerate(phones):
        take_seat(page, join_url, position)
        if language != "en":
            set_language(page, language)
            expect(page.locator("#status")).to_have_attribute("data-state", "live")
    return phones


def fill_quick_ron(page: Page, winner: int, discarder: int, han: int, fu: int = 30) -> None:
    sheet = Sheet(page)
    sheet.open("ron")
    sheet.choose("ron.wins.0.winner", winner)
    sheet.choose("ron.wins.0.discarder", discarder)
    sheet.choose("ron.wins.0.mode", "quick")
    sheet.grid(han, fu)
    expect(page.locator("#preview-table")).to_be_visible()
    expect(page.locator("#save-hand")).to_be_enabled()


def save_then_tap(page: Page, selector: str) -> None:
    """Save, and tap ``selector`` in the same instant: long before the ack arrives."""
    page.evaluate("""(selector) => {
        document.getElementById("save-hand").click();
        document.querySelector(selector).click();
    }""", selector)


def shows(pages: list[Page], scores: list[int], hands: int) -> None:
    for page in pages:
        expect(page.locator("#history > li[data-number]")).to_have_count(hands)
        for position, score in enumerate(scores):
            expect(page.locator(f".player-card[data-position='{position}'] > b")
                   ).to_have_text(f"{score:,}")


def recorded_hands(server: str, page: Page) -> list[dict[str, Any]]:
    table = page.url.split("/t/")[1].split("/")[0]
    return list(page.request.get(f"{server}/t/{table}/snapshot.json").json()["hands"])


def confirms(page: Page) -> list[str]:
    return [message for kind, message in dialogs(page) if kind == "confirm"]


def test_undo_tapped_as_save_is_tapped_undoes_the_hand_just_saved(
        server: str, browser: Browser) -> None:
    aiko, bo = seated(browser, server)
    # The game's first hand: Undo works before the table shows the hand.
    fill_quick_ron(aiko, 3, 1, 2)
    save_then_tap(aiko, "#undo")
    expect(aiko.locator("#notice")).to_contain_text("Hand undone")
    shows([aiko, bo], engine_scores(), 0)
    assert confirms(aiko)[-1].startswith("Undo hand 1: Dana wins on Bo's discard")
    assert recorded_hands(server, aiko) == []

    # A later hand: the one just saved goes, the one before stays.
    fill_quick_ron(aiko, 3, 1, 2)
    aiko.click("#save-hand")
    shows([aiko, bo], engine_scores(RON_1), 1)
    fill_quick_ron(aiko, 2, 0, 1)
    save_then_tap(aiko, "#undo")
    expect(aiko.locator("#notice")).to_contain_text("Hand undone")
    shows([aiko, bo], engine_scores(RON_1), 1)
    question = confirms(aiko)[-1]
    assert question.startswith("Undo hand 2: Chen wins on Aiko's discard"), question
    assert len(recorded_hands(server, bo)) == 1
    expect(aiko.locator("#outbox")).to_be_hidden()
    expect(aiko.locator("#alerts .notice")).to_have_count(0)


def test_a_hand_entered_while_the_undo_is_on_its_way_is_recorded_after_it(
        server: str, browser: Browser) -> None:
    # The sanma game's "a wrong hand, undone, then the right one" at café Wi-Fi speed.
    aiko, bo = seated(browser, server)
    fill_quick_ron(aiko, 3, 1, 2)
    aiko.click("#save-hand")
    shows([aiko, bo], engine_scores(RON_1), 1)
    fill_quick_ron(aiko, 0, 2, 1)  # the wrong hand
    save_then_tap(aiko, "#undo")
    fill_quick_ron(aiko, 2, 0, 1)  # the right one, begun before the undo is answered
    aiko.click("#save-hand")
    shows([aiko, bo], engine_scores(RON_1, RON_2), 2)
    assert confirms(aiko)[-1].startswith("Undo hand 2: Aiko wins on Chen's discard")
    expect(aiko.locator("#outbox")).to_be_hidden()
    expect(aiko.locator("#alerts .notice")).to_have_count(0)
    assert [h["outcome"]["wins"][0]["winner"] for h in recorded_hands(server, bo)] == [3, 2]


def test_redo_tapped_while_the_undo_is_on_its_way_brings_the_hand_back(
        server: str, browser: Browser) -> None:
    aiko, bo = seated(browser, server)
    fill_quick_ron(aiko, 3, 1, 2)
    aiko.click("#save-hand")
    shows([aiko, bo], engine_scores(RON_1), 1)
    # Redo is tapped the moment the undo is confirmed, before its answer.
    aiko.evaluate("""() => {
        const confirm = window.confirm;
        window.confirm = (question) => {
            const yes = confirm.call(window, question);
            setTimeout(() => document.getElementById("redo").click());
            return yes;
        };
    }""")
    aiko.click("#undo")
    expect(aiko.locator("#notice")).to_contain_text("Hand redone")
    shows([aiko, bo], engine_scores(RON_1), 1)
    expect(aiko.locator("#alerts .notice")).to_have_count(0)


def test_correct_tapped_as_save_is_tapped_corrects_on_top_of_the_hand_just_saved(
        server: str, browser: Browser) -> None:
    aiko, bo = seated(browser, server)
    fill_quick_ron(aiko, 3, 1, 2)
    aiko.click("#save-hand")
    shows([aiko, bo], engine_scores(RON_1), 1)
    fill_quick_ron(aiko, 2, 0, 1)
    save_then_tap(aiko, "#history li[data-number='1'] [data-correct]")
    expect(aiko.locator("#record-title")).to_have_text("Correcting hand 1")
    sheet = Sheet(aiko)
    sheet.grid(4, 30)
    expect(aiko.locator("#preview-table")).to_be_visible()
    sheet.save()
    shows([aiko, bo], engine_scores(RON_1_CORRECTED, RON_2), 2)
    for page in (aiko, bo):
        expect(page.locator("#history li[data-number='1'] .badge")).to_be_visible()
    expect(aiko.locator("#outbox")).to_be_hidden()
    assert len(recorded_hands(server, bo)) == 2


def test_a_refusal_is_shown_at_the_bottom_of_the_screen_and_read_out(
        server: str, browser: Browser) -> None:
    aiko, bo = seated(browser, server)
    fill_quick_ron(aiko, 3, 1, 2)
    aiko.click("#save-hand")
    shows([aiko, bo], engine_scores(RON_1), 1)
    # Bo's phone missed that hand (a stale view) and Bo, scrolled down, taps Undo.
    bo.evaluate("window.mjTable.socket.seq -= 1")
    bo.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    bo.locator("#undo").click()
    notice = bo.locator("#alerts[role=alert] .notice")
    expect(notice).to_contain_text("Someone else changed the table first")
    expect(notice).to_be_in_viewport()
    box = notice.bounding_box()
    assert box is not None and box["y"] > 812 / 2  # the lower half of the screen
    shows([aiko, bo], engine_scores(RON_1), 1)
    # A hand refused: the notice takes the player to the choice it needs.
    bo.evaluate("window.mjTable.socket.seq -= 1")
    fill_quick_ron(bo, 2, 0, 1)
    bo.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    bo.click("#save-hand")
    refused = bo.locator("#alerts .notice", has_text="Someone changed the table before")
    expect(refused).to_be_in_viewport()
    refused.get_by_role("button", name="Choose").click()
    expect(bo.locator("#outbox .outbox-entry[data-state=stale]")).to_be_in_viewport()
    bo.locator("#outbox [data-action=discard]").click()
    expect(bo.locator("#outbox")).to_be_hidden()
    # Dismissed, the notice goes.
    bo.locator("#alerts .notice-close").first.click()
    expect(bo.locator("#alerts .notice", has_text="Someone else changed")).to_have_count(0)
    assert len(recorded_hands(server, aiko)) == 1


def test_after_save_the_standings_are_in_view(server: str, browser: Browser) -> None:
    aiko, bo = seated(browser, server)
    fill_quick_ron(aiko, 3, 1, 2)
    aiko.click("#save-hand")
    expect(aiko.locator("#scoreboard")).to_be_in_viewport()
    expect(aiko.locator("#undo")).to_be_in_viewport()
    expect(aiko.locator("#notice")).to_contain_text("Hand recorded")
    expect(aiko.locator("#notice .notice")).to_be_in_viewport()
    shows([aiko, bo], engine_scores(RON_1), 1)
    aiko.screenshot(path=str(artifact("after-save-en")))


def test_a_phone_offline_says_so_and_sends_its_hand_once_when_back(
        server: str, browser: Browser) -> None:
    aiko, bo = seated(browser, server)
    status = aiko.locator("#status")
    aiko.context.set_offline(True)
    expect(status).to_have_attribute("data-state", "offline")
    expect(status).to_have_text("Offline, reconnecting…")
    fill_offline_ron(aiko)
    expect(aiko.locator("#preview-offline")).to_contain_text("sends it when the connection")
    aiko.click("#save-hand")
    expect(aiko.locator("#notice")).to_contain_text("Saved on this phone")
    expect(aiko.locator("#outbox-waiting")).to_have_text("1 hand waiting to send")
    # The next hand's sheet says so beside Save.
    Sheet(aiko).open("tsumo")
    footer = aiko.locator("#footer-outbox")
    expect(footer).to_have_text("1 hand waiting to send")
    expect(footer).to_be_in_viewport()
    expect(aiko.locator("#preview-offline")).to_be_visible()
    aiko.click("#cancel-record")
    expect(status).to_have_attribute("data-state", "offline")
    assert recorded_hands(server, bo) == []

    aiko.context.set_offline(False)
    expect(status).to_have_attribute("data-state", "live")
    expect(status).to_have_text("Live")
    expect(aiko.locator("#outbox")).to_be_hidden()
    shows([aiko, bo], engine_scores(RON_1), 1)
    assert len(recorded_hands(server, bo)) == 1


def fill_offline_ron(page: Page) -> None:
    """The quick ron RON_1, entered with no preview to wait for."""
    sheet = Sheet(page)
    sheet.open("ron")
    sheet.choose("ron.wins.0.winner", 3)
    sheet.choose("ron.wins.0.discarder", 1)
    sheet.choose("ron.wins.0.mode", "quick")
    sheet.grid(2, 30)
    expect(page.locator("#preview-offline")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "zh-hans", "zh-hant", "ja"])
def test_the_refusal_notice_and_the_offline_sheet_in_every_language(
        server: str, browser: Browser, language: str) -> None:
    aiko, bo = seated(browser, server, language=language)
    fill_quick_ron(aiko, 3, 1, 2)
    aiko.click("#save-hand")
    expect(bo.locator("#history > li[data-number]")).to_have_count(1)
    bo.evaluate("window.mjTable.socket.seq -= 1")
    bo.locator("#undo").click()
    notice = bo.locator("#alerts .notice")
    expect(notice).to_be_in_viewport()
    bo.screenshot(path=str(artifact(f"notice-refused-{language}")))
    aiko.context.set_offline(True)
    expect(aiko.locator("#status")).to_have_attribute("data-state", "offline")
    fill_offline_ron(aiko)
    aiko.click("#save-hand")
    expect(aiko.locator("#outbox-waiting")).to_be_visible()
    Sheet(aiko).open("tsumo")
    Sheet(aiko).choose("tsumo.wins.0.winner", 1)
    expect(aiko.locator("#footer-outbox")).to_be_visible()
    expect(aiko.locator("#preview-offline")).to_be_visible()
    aiko.locator("#preview").evaluate("node => node.scrollIntoView({block: 'center'})")
    aiko.screenshot(path=str(artifact(f"offline-sheet-{language}")))
    snap(aiko, f"offline-table-{language}")
    texts = [bo.locator("#alerts").inner_text(), aiko.locator("#record").inner_text(),
             aiko.locator("#status").inner_text()]
    for text in texts:
        assert "_" not in text.replace("__", ""), text  # no raw string keys
        if language != "en":
            for english in ("Someone", "Offline", "waiting to send", "Dismiss"):
                assert english not in text, text
    aiko.context.set_offline(False)
    expect(aiko.locator("#status")).to_have_attribute("data-state", "live")
    expect(aiko.locator("#outbox")).to_be_hidden()


def artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"
