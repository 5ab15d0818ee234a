"""One phone plays several hands of every installed ruleset in headless Chromium: a kong,
a self-draw and a discard win (tiles mode where the ruleset scores tiles, quick mode
otherwise), then checks the standings against the engine and downloads the ledger."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import NoReverseMatch, reverse
from playwright.sync_api import Browser, Page, expect

from scoring import registry

from .browser import fits_phone, tap_tiles
from .live_server import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ["Aiko", "Bo", "Chen", "Dana"]

Step = Callable[[Page], None]


def open_record(page: Page, kind: str) -> None:
    page.click("#open-record")
    page.select_option("#outcome-type", kind)


def save(page: Page) -> None:
    expect(page.locator("#preview-table")).to_be_visible()
    page.click("#save-hand")
    expect(page.locator("#record")).to_be_hidden()


def win(page: Page, winner: int, discarder: int | None, entry: int = 0) -> None:
    box = page.locator(".win-entry").nth(entry)
    box.locator("select[name=winner]").select_option(str(winner))
    select = box.locator("select[name=discarder]")
    if select.count():
        select.select_option("self" if discarder is None else str(discarder))
    elif discarder is not None:
        page.select_option("#record-form select[name=discarder]", str(discarder))


def quick(page: Page, values: dict[str, Any], entry: int = 0) -> None:
    box = page.locator(".win-entry").nth(entry)
    box.locator("[data-mode=quick]").click()
    for name, value in values.items():
        control = box.locator(f"[name=quick-{name}]")
        if isinstance(value, bool):
            control.set_checked(value)
        elif control.evaluate("node => node.tagName") == "SELECT":
            control.select_option(str(value))
        else:
            control.fill(str(value))


def meld(page: Page, kind: str, tiles: str) -> None:
    page.locator(f".win-entry [data-meld={kind}]").first.click()
    tap_tiles(page, tiles)


def riichi_tsumo_with_kan(page: Page) -> None:
    open_record(page, "tsumo")
    win(page, 0, None)
    meld(page, "ankan", "1111p")
    tap_tiles(page, "234m567p555s6z6z")
    page.check(".win-entry input[name=flag-rinshan]")
    save(page)


def riichi_ron_quick(page: Page) -> None:
    open_record(page, "ron")
    win(page, 2, 1)
    quick(page, {"han": 2, "fu": 40})
    save(page)


def riichi_draw(page: Page) -> None:
    open_record(page, "draw")
    page.check("input[name=tenpai-0]")
    save(page)


def mcr_discard_with_kong(page: Page) -> None:
    open_record(page, "win")
    win(page, 1, 3)
    meld(page, "kan", "1111p")
    tap_tiles(page, "123m456m789m5p5p")
    page.fill(".win-entry input[name=hand-flowers]", "2")
    save(page)


def mcr_self_draw_quick(page: Page) -> None:
    open_record(page, "win")
    win(page, 2, None)
    quick(page, {"fan": 12})
    save(page)


def plain_draw(page: Page) -> None:
    open_record(page, "draw")
    save(page)


SICHUAN_WINS = ([(1, 0, 1), (2, None, 2), (3, 0, 0)], [(0, None, 1), (2, 1, 0), (3, 1, 3)])


def sichuan_wins(page: Page, wins: list[tuple[int, int | None, int]]) -> None:
    for entry, (winner, discarder, fan) in enumerate(wins):
        page.click("#add-win")
        win(page, winner, discarder, entry)
        quick(page, {"fan": fan}, entry)


def sichuan_kong_and_three_wins(page: Page) -> None:
    open_record(page, "hand")
    page.click("#add-kong")
    page.select_option(".kong-entry select[name=kong-player]", "1")
    page.select_option(".kong-entry select[name=kong-kind]", "concealed")
    sichuan_wins(page, SICHUAN_WINS[0])
    save(page)


def sichuan_three_more_wins(page: Page) -> None:
    # A second hand, so the dealer moves (to the first winner) and the standings add up.
    open_record(page, "hand")
    sichuan_wins(page, SICHUAN_WINS[1])
    save(page)


def wuhu_discard(page: Page) -> None:
    open_record(page, "win")
    win(page, 2, 0)
    quick(page, {"zhi": 8, "ya": 3})
    save(page)


def wuhu_self_draw_with_kong(page: Page) -> None:
    open_record(page, "win")
    win(page, 0, None)
    quick(page, {"zhi": 10, "ya": 2, "concealed_kongs": 1})
    save(page)


def jian_discard(page: Page) -> None:
    open_record(page, "win")
    win(page, 1, 2)
    quick(page, {"shape": "plain", "deguo": True})
    save(page)


def jian_self_draw_after_kong(page: Page) -> None:
    open_record(page, "win")
    win(page, 3, None)
    quick(page, {"shape": "small_seven", "after_kong": True})
    save(page)


def taiwan_discard(page: Page) -> None:
    open_record(page, "win")
    win(page, 1, 2)
    quick(page, {"tai": 3})
    save(page)


def taiwan_dealer_self_draw(page: Page) -> None:
    # P1 deals after P1's win on P0's deal; the dealer's 台 are added by the table.
    open_record(page, "win")
    win(page, 1, None)
    quick(page, {"tai": 2})
    save(page)


def hongkong_discard(page: Page) -> None:
    open_record(page, "win")
    win(page, 1, 2)
    quick(page, {"fan": 4, "flowers": 1})
    save(page)


def hongkong_self_draw_paid_by_pao(page: Page) -> None:
    open_record(page, "win")
    win(page, 3, None)
    page.select_option(".win-entry select[name=pao]", "1")
    quick(page, {"fan": 5})
    save(page)


# Each step and the outcome the engine is given for the expected standings.
PLAYS: dict[str, list[tuple[Step, dict[str, Any]]]] = {
    "riichi": [
        (riichi_tsumo_with_kan, {"type": "tsumo", "wins": [{"winner": 0, "hand": {
            "hand": "234m567p555s6z", "win_tile": "6z", "melds": ["ankan 1111p"],
            "rinshan": True}}]}),
        (riichi_ron_quick, {"type": "ron", "wins": [{"winner": 2, "discarder": 1,
                                                     "quick": {"han": 2, "fu": 40}}]}),
        (riichi_draw, {"type": "draw", "tenpai": [0]}),
    ],
    "mcr": [
        (mcr_discard_with_kong, {"type": "win", "wins": [{"winner": 1, "discarder": 3, "hand": {
            "hand": "123m456m789m5p", "win_tile": "5p", "melds": ["kan 1111p"],
            "flowers": 2}}]}),
        (mcr_self_draw_quick, {"type": "win", "wins": [{"winner": 2, "discarder": None,
                                                        "quick": {"fan": 12}}]}),
        (plain_draw, {"type": "draw"}),
    ],
    "sichuan": [
        (sichuan_kong_and_three_wins, {"type": "hand", "extra": {"events": [
            {"kind": "kong", "player": 1, "kong": "concealed"},
            {"kind": "win", "winner": 1, "discarder": 0, "quick": {"fan": 1}},
            {"kind": "win", "winner": 2, "discarder": None, "quick": {"fan": 2}},
            {"kind": "win", "winner": 3, "discarder": 0, "quick": {"fan": 0}}]}}),
        (sichuan_three_more_wins, {"type": "hand", "extra": {"events": [
            {"kind": "win", "winner": w, "discarder": d, "quick": {"fan": f}}
            for w, d, f in SICHUAN_WINS[1]]}}),
    ],
    "wuhu": [
        (wuhu_discard, {"type": "win", "wins": [{"winner": 2, "discarder": 0,
                                                 "quick": {"zhi": 8, "ya": 3}}]}),
        (wuhu_self_draw_with_kong, {"type": "win", "wins": [{
            "winner": 0, "discarder": None,
            "quick": {"zhi": 10, "ya": 2, "concealed_kongs": 1}}]}),
        (plain_draw, {"type": "draw"}),
    ],
    "jian": [
        (jian_discard, {"type": "win", "wins": [{"winner": 1, "discarder": 2, "quick": {
            "shape": "plain", "deguo": True, "jingdiao": False}}]}),
        (jian_self_draw_after_kong, {"type": "win", "wins": [{
            "winner": 3, "discarder": None,
            "quick": {"shape": "small_seven", "deguo": False, "jingdiao": False,
                      "after_kong": True}}]}),
        (plain_draw, {"type": "draw"}),
    ],
    "taiwan": [
        (taiwan_discard, {"type": "win", "wins": [{"winner": 1, "discarder": 2,
                                                   "quick": {"tai": 3}}]}),
        (taiwan_dealer_self_draw, {"type": "win", "wins": [{"winner": 1, "discarder": None,
                                                            "quick": {"tai": 2}}]}),
        (plain_draw, {"type": "draw"}),
    ],
    "hongkong": [
        (hongkong_discard, {"type": "win", "wins": [{"winner": 1, "discarder": 2, "quick": {
            "fan": 4, "flowers": 1}}]}),
        (hongkong_self_draw_paid_by_pao, {"type": "win", "wins": [{
            "winner": 3, "discarder": None, "pao": 1, "quick": {"fan": 5, "flowers": 0}}]}),
        (plain_draw, {"type": "draw"}),
    ],
}


def final_scores(name: str, preset: str) -> list[int]:
    """Standings after ending the game now: the hands, then the final settlement."""
    ruleset = registry.get(name)
    options = ruleset.build(preset)
    state = ruleset.rules.initial_state(options)
    for _, outcome in PLAYS[name]:
        state = ruleset.rules.apply(state, outcome, options)["state"]
    scores = list(state["scores"])
    for row in ruleset.rules.final_settlement(state, options):
        scores[row["player"]] += row["amount"]
    return scores


def ledger_api_installed() -> bool:
    try:
        reverse("games:api-ledger", args=["x"])
    except NoReverseMatch:
        return False
    return True


def expected_scores(name: str, preset: str) -> list[int]:
    ruleset = registry.get(name)
    options = ruleset.build(preset)
    state = ruleset.rules.initial_state(options)
    for _, outcome in PLAYS[name]:
        state = ruleset.rules.apply(state, outcome, options)["state"]
    return list(state["scores"])


@pytest.mark.parametrize("name", [n for n in registry.usable() if n in PLAYS])
def test_several_hands_of_each_ruleset_match_the_engine(server: str, browser: Browser,
                                                        name: str) -> None:
    ruleset = registry.get(name)
    preset = next(iter(ruleset.presets))
    label = f"{ruleset.title} — {ruleset.presets[preset].get('title') or preset}"
    context = browser.new_context(viewport={"width": 375, "height": 812}, locale="en",
                                  accept_downloads=True)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{server}/tables/new/")
    page.fill("#id_name", f"{name} browser game")
    page.select_option("#id_config", label=label)
    for i, player in enumerate(NAMES):
        page.fill(f"#id_player_{i}", player)
    page.click("button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-state", "live")

    for step, _ in PLAYS[name]:
        step(page)
    expect(page.locator("#history > li")).to_have_count(len(PLAYS[name]))
    scores = expected_scores(name, preset)
    for position, score in enumerate(scores):
        expect(page.locator(f".player-card[data-position='{position}'] .score")
               ).to_have_attribute("data-score", str(score))
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#history").evaluate("node => node.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(ARTIFACTS / f"ruleset-{name}-history.png"))

    if ledger_api_installed():
        download_link = page.locator("#ledger-csv")
        with page.expect_download() as info:
            download_link.click()
        rows = list(csv.DictReader(io.StringIO(info.value.path().read_text(encoding="utf-8"))))
        last = {}
        per_hand: dict[str, int] = {}
        for row in rows:
            last[int(row["position"])] = int(row["total"])
            per_hand[row["hand"]] = per_hand.get(row["hand"], 0) + int(row["delta"])
        assert [last[p] for p in range(4)] == scores
        # No riichi stick is declared in these plays, so nothing goes to the pot and every
        # hand's rows must cancel out.
        assert len(per_hand) == len(PLAYS[name])
        assert all(total == 0 for total in per_hand.values()), per_hand

    # Ending the game adds the ruleset's final settlement; the results page lists it.
    page.click("#end-game")
    page.wait_for_url("**/results/")
    final = final_scores(name, preset)
    for position, score in enumerate(final):
        expect(page.locator(f"#final-standings tr[data-position='{position}'] td.num").nth(1)
               ).to_have_text(str(score))
    page.screenshot(path=str(ARTIFACTS / f"ruleset-{name}-results.png"), full_page=True)
    context.close()


def new_table(browser: Browser, server: str, name: str, preset: str = "") -> Page:
    ruleset = registry.get(name)
    preset = preset or next(iter(ruleset.presets))
    label = f"{ruleset.title} — {ruleset.presets[preset].get('title') or preset}"
    context = browser.new_context(viewport={"width": 375, "height": 812}, locale="en")
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{server}/tables/new/")
    page.select_option("#id_config", label=label)
    for i, player in enumerate(NAMES):
        page.fill(f"#id_player_{i}", player)
    page.click("button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-state", "live")
    return page


def replayed(name: str, outcomes: list[dict[str, Any]], preset: str = "") -> list[int]:
    ruleset = registry.get(name)
    options = ruleset.build(preset or next(iter(ruleset.presets)))
    state = ruleset.rules.initial_state(options)
    for outcome in outcomes:
        state = ruleset.rules.apply(state, outcome, options)["state"]
    scores = list(state["scores"])
    if state.get("finished"):
        for row in ruleset.rules.final_settlement(state, options):
            scores[row["player"]] += row["amount"]
    return scores


def expect_standings(page: Page, scores: list[int], hands: int) -> None:
    expect(page.locator("#history > li")).to_have_count(hands)
    for position, score in enumerate(scores):
        expect(page.locator(f".player-card[data-position='{position}'] .score")
               ).to_have_attribute("data-score", str(score))


def test_riichi_double_ron_nagashi_abortive_chombo_and_pao(server: str,
                                                           browser: Browser) -> None:
    # Tenhou rules pay nagashi mangan (EMA has none).
    page = new_table(browser, server, "riichi", "tenhou")
    outcomes: list[dict[str, Any]] = []

    open_record(page, "ron")
    page.select_option("#record-form select[name=discarder]", "1")
    win(page, 0, None)
    quick(page, {"han": 2, "fu": 30})
    page.click("#add-winner")
    win(page, 3, None, entry=1)
    quick(page, {"han": 1, "fu": 30}, entry=1)
    save(page)
    outcomes.append({"type": "ron", "wins": [
        {"winner": 0, "discarder": 1, "quick": {"han": 2, "fu": 30}},
        {"winner": 3, "discarder": 1, "quick": {"han": 1, "fu": 30}}]})
    expect_standings(page, replayed("riichi", outcomes, "tenhou"), 1)

    open_record(page, "nagashi")
    page.check("input[name=nagashi-1]")
    page.check("input[name=tenpai-1]")
    save(page)
    outcomes.append({"type": "nagashi", "tenpai": [1], "extra": {"nagashi": [1]}})
    expect_standings(page, replayed("riichi", outcomes, "tenhou"), 2)

    open_record(page, "abortive")
    page.select_option("select[name=abortive]", "kyuushu_kyuuhai")
    page.check("input[name=riichi-0]")
    save(page)
    outcomes.append({"type": "abortive", "riichi": [0], "extra": {"kind": "kyuushu_kyuuhai"}})
    expect_standings(page, replayed("riichi", outcomes, "tenhou"), 3)

    open_record(page, "chombo")
    page.select_option("select[name=penalised]", "2")
    save(page)
    outcomes.append({"type": "chombo", "penalised": 2})
    expect_standings(page, replayed("riichi", outcomes, "tenhou"), 4)

    # Pao last: a yakuman can end the game by busting someone.
    open_record(page, "ron")
    page.select_option("#record-form select[name=discarder]", "3")
    win(page, 2, None)
    page.select_option(".win-entry select[name=pao]", "0")
    quick(page, {"han": "", "fu": "", "yakuman": 1})
    save(page)
    outcomes.append({"type": "ron", "wins": [{"winner": 2, "discarder": 3, "pao": 0,
                                              "quick": {"yakuman": 1}}]})
    expect_standings(page, replayed("riichi", outcomes, "tenhou"), 5)
    page.context.close()


def test_riichi_draw_with_a_shown_tenpai_hand_pays_the_shown_player(
        server: str, browser: Browser) -> None:
    page = new_table(browser, server, "riichi")
    open_record(page, "draw")
    page.check("input[name=tenpai-0]")
    # A ticked player whose shown hand is noten: the engine's error replaces the payments.
    page.fill("input[name=shown-hand-0]", "1357m2468p1357s9s")
    expect(page.locator("#preview .alert-error")).to_contain_text("not tenpai")
    page.fill("input[name=shown-hand-0]", "")
    # Player 1 is not ticked but shows a tenpai hand, tapped in with the picker.
    page.click("[data-shown='1']")
    tap_tiles(page, "123m456p789s1z1z2z2z", ".shown-picker")
    expect(page.locator("input[name=shown-hand-1]")).to_have_value("123m456p789s1122z")
    assert fits_phone(page)
    expect(page.locator("#preview-table")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#record").screenshot(path=str(ARTIFACTS / "riichi-draw-shown-hand.png"))
    save(page)

    outcome = {"type": "draw", "tenpai": [0],
               "extra": {"hands": {"1": {"hand": "123m456p789s1122z"}}}}
    ruleset = registry.get("riichi")
    options = ruleset.build(next(iter(ruleset.presets)))
    start = ruleset.rules.initial_state(options)
    shown = ruleset.rules.apply(start, outcome, options)["state"]["scores"]
    unshown = ruleset.rules.apply(start, {"type": "draw", "tenpai": [0]},
                                  options)["state"]["scores"]
    assert shown != unshown
    expect_standings(page, list(shown), 1)

    if ledger_api_installed():
        href = page.locator("#ledger-csv").get_attribute("href")
        response = page.request.get(f"{server}{href}")
        assert response.ok
        rows = list(csv.DictReader(io.StringIO(response.text())))
        deltas = [0, 0, 0, 0]
        for row in rows:
            deltas[int(row["position"])] += int(row["delta"])
        assert deltas == [s - b for s, b in zip(shown, start["scores"], strict=True)]
        assert sum(deltas) == 0
    page.context.close()


def test_mcr_penalty_is_recorded(server: str, browser: Browser) -> None:
    page = new_table(browser, server, "mcr")
    open_record(page, "penalty")
    page.select_option("select[name=penalised]", "3")
    save(page)
    expect_standings(page, replayed("mcr", [{"type": "penalty", "penalised": 3}]), 1)
    page.context.close()


def test_sichuan_hand_with_a_draw_is_corrected(server: str, browser: Browser) -> None:
    page = new_table(browser, server, "sichuan")
    open_record(page, "hand")
    for player, suit in enumerate(["s", "m", "p", "m"]):
        page.select_option(f"select[name=missing-suit-{player}]", suit)
    page.click("#add-kong")
    page.select_option(".kong-entry select[name=kong-player]", "3")
    page.select_option(".kong-entry select[name=kong-kind]", "direct")
    page.select_option(".kong-entry select[name=kong-feeder]", "0")
    page.click("#add-win")
    win(page, 2, None)
    quick(page, {"fan": 1})
    page.fill("input[name=ready-fan-1]", "2")
    page.check("input[name=flower-pig-0]")
    save(page)
    first: dict[str, Any] = {"type": "hand", "extra": {
        "missing_suits": ["s", "m", "p", "m"], "events": [
        {"kind": "kong", "player": 3, "kong": "direct", "feeder": 0},
        {"kind": "win", "winner": 2, "discarder": None, "quick": {"fan": 1}}],
        "draw": [{"player": 0, "ready_fan": None, "flower_pig": True},
                 {"player": 1, "ready_fan": 2, "flower_pig": False},
                 {"player": 3, "ready_fan": None, "flower_pig": False}]}}
    expect_standings(page, replayed("sichuan", [first]), 1)

    page.locator("#history li[data-number='1'] .link-button").click()
    expect(page.locator(".kong-entry select[name=kong-feeder]")).to_have_value("0")
    expect(page.locator("input[name=ready-fan-1]")).to_have_value("2")
    # The 定缺 went to the server with the hand and comes back for the correction.
    expect(page.locator("select[name=missing-suit-1]")).to_have_value("m")
    expect(page.locator("select[name=missing-suit-2]")).to_have_value("p")
    page.locator(".win-entry [name=quick-fan]").fill("3")
    save(page)
    first["extra"]["events"][1]["quick"]["fan"] = 3
    expect_standings(page, replayed("sichuan", [first]), 1)
    expect(page.locator("#history li[data-number='1'] .badge")).to_be_visible()
    page.context.close()


@pytest.mark.parametrize("name", ["taiwan", "hongkong"])
def test_a_hand_is_undone_and_recorded_again(server: str, browser: Browser, name: str) -> None:
    page = new_table(browser, server, name)
    step, outcome = PLAYS[name][0]
    step(page)
    expect_standings(page, replayed(name, [outcome]), 1)
    page.click("#undo")
    expect(page.locator("#history > li.empty")).to_have_count(1)
    for position in range(4):
        expect(page.locator(f".player-card[data-position='{position}'] .score")
               ).to_have_attribute("data-score", "0")
    step(page)
    expect_standings(page, replayed(name, [outcome]), 1)
    page.context.close()
