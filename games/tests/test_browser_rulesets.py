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

from .browser import device, fits_phone, stored_outcome
from .live_server import ARTIFACTS, STATE_TIMEOUT_MS
from .sheet import Sheet

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ["Aiko", "Bo", "Chen", "Dana"]

Step = Callable[[Page], None]


def open_record(page: Page, kind: str) -> Sheet:
    sheet = Sheet(page)
    sheet.open(kind)
    return sheet


def save(page: Page) -> None:
    Sheet(page).save()


def win(page: Page, entry: str, winner: int, discarder: int | None) -> None:
    """A win at ``entry`` (a path: "ron.wins.0", "hand.extra.events.1"); a discarder of
    None is a self-draw, chosen where the sheet asks."""
    sheet = Sheet(page)
    sheet.choose(f"{entry}.winner", winner)
    if discarder is not None:
        sheet.choose(f"{entry}.discarder", discarder)
    elif page.locator(f"label:has(> input[name='{entry}.discarder'][value=''])").count():
        sheet.choose(f"{entry}.discarder", "")


def quick(page: Page, entry: str, values: dict[str, Any]) -> None:
    sheet = Sheet(page)
    sheet.choose(f"{entry}.mode", "quick")
    for name, value in values.items():
        field = f"{entry}.quick.{name}"
        if isinstance(value, bool):
            if value:
                sheet.choose(field)
        elif page.locator(f"input[type=radio][name='{field}']").count():
            sheet.choose(field, value)
        elif page.locator(f"[data-control='{field}'] [data-step='{value}']").count():
            sheet.step(field, value)
        else:
            sheet.type(field, str(value))


def tiles(page: Page, group: str, text: str) -> None:
    """Tap ``text`` ("234m66z") into the picker of ``group``, tile by tile."""
    taps, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            taps += [d + ch for d in digits]
            digits = ""
    Sheet(page).tiles(group, *taps)


def meld(page: Page, group: str, kind: str, text: str) -> None:
    Sheet(page).tap(f"[data-control='{group}'] .picker-targets [data-meld={kind}]")
    tiles(page, group, text)


def riichi_tsumo_with_kan(page: Page) -> None:
    sheet = open_record(page, "tsumo")
    win(page, "tsumo.wins.0", 0, None)
    meld(page, "tsumo.wins.0.hand", "ankan", "1111p")
    tiles(page, "tsumo.wins.0.hand", "234m567p555s6z6z")
    sheet.choose("tsumo.wins.0.hand.rinshan")
    save(page)


def riichi_ron_quick(page: Page) -> None:
    open_record(page, "ron")
    win(page, "ron.wins.0", 2, 1)
    quick(page, "ron.wins.0", {"han": 2, "fu": 40})
    save(page)


def riichi_draw(page: Page) -> None:
    open_record(page, "draw").choose("draw.tenpai", 0)
    save(page)


def mcr_discard_with_kong(page: Page) -> None:
    open_record(page, "win")
    win(page, "win.wins.0", 1, 3)
    meld(page, "win.wins.0.hand", "kan", "1111p")
    tiles(page, "win.wins.0.hand", "123m456m789m5p5p")
    # The picker moves on from the winning tile to the flowers.
    tiles(page, "win.wins.0.hand", "1f2f")
    save(page)


def mcr_self_draw_quick(page: Page) -> None:
    open_record(page, "win")
    win(page, "win.wins.0", 2, None)
    quick(page, "win.wins.0", {"fan": 12})
    save(page)


def plain_draw(page: Page) -> None:
    open_record(page, "draw")
    save(page)


SICHUAN_WINS = ([(1, 0, 1), (2, None, 2), (3, 0, 0)], [(0, None, 1), (2, 1, 0), (3, 1, 3)])
EVENTS = "hand.extra.events"


def sichuan_wins(page: Page, wins: list[tuple[int, int | None, int]], first: int) -> None:
    # Each event is offered as soon as the one before it is filled in.
    for number, (winner, discarder, fan) in enumerate(wins, start=first):
        Sheet(page).choose(f"{EVENTS}.{number}.kind", "win")
        win(page, f"{EVENTS}.{number}", winner, discarder)
        quick(page, f"{EVENTS}.{number}", {"fan": fan})


def sichuan_kong_and_three_wins(page: Page) -> None:
    sheet = open_record(page, "hand")
    sheet.choose(f"{EVENTS}.0.kind", "kong")
    sheet.choose(f"{EVENTS}.0.player", 1)
    sheet.choose(f"{EVENTS}.0.kong", "concealed")
    sichuan_wins(page, SICHUAN_WINS[0], first=1)
    save(page)


def sichuan_three_more_wins(page: Page) -> None:
    # A second hand, so the dealer moves (to the first winner) and the standings add up.
    open_record(page, "hand")
    sichuan_wins(page, SICHUAN_WINS[1], first=0)
    save(page)


def wuhu_discard(page: Page) -> None:
    open_record(page, "win")
    win(page, "win.wins.0", 2, 0)
    quick(page, "win.wins.0", {"zhi": 8, "ya": 3})
    save(page)


def wuhu_self_draw_with_kong(page: Page) -> None:
    open_record(page, "win")
    win(page, "win.wins.0", 0, None)
    quick(page, "win.wins.0", {"zhi": 10, "ya": 2, "concealed_kongs": 1})
    save(page)


def jian_discard(page: Page) -> None:
    open_record(page, "win")
    win(page, "win.wins.0", 1, 2)
    quick(page, "win.wins.0", {"shape": "plain", "deguo": True})
    save(page)


def jian_self_draw_after_kong(page: Page) -> None:
    open_record(page, "win")
    win(page, "win.wins.0", 3, None)
    quick(page, "win.wins.0", {"shape": "small_seven", "after_kong": True})
    save(page)


def taiwan_discard(page: Page) -> None:
    open_record(page, "win")
    win(page, "win.wins.0", 1, 2)
    quick(page, "win.wins.0", {"tai": 3})
    save(page)


def taiwan_dealer_self_draw(page: Page) -> None:
    # P1 deals after P1's win on P0's deal; the dealer's 台 are added by the table.
    open_record(page, "win")
    win(page, "win.wins.0", 1, None)
    quick(page, "win.wins.0", {"tai": 2})
    save(page)


def hongkong_discard(page: Page) -> None:
    open_record(page, "win")
    win(page, "win.wins.0", 1, 2)
    quick(page, "win.wins.0", {"fan": 4, "flowers": 1})
    save(page)


def hongkong_self_draw_paid_by_pao(page: Page) -> None:
    sheet = open_record(page, "win")
    win(page, "win.wins.0", 3, None)
    quick(page, "win.wins.0", {"fan": 5})
    sheet.choose("win.wins.0.pao", 1)
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
            "flowers": "12f"}}]}),
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
    context = device(browser, viewport={"width": 375, "height": 812}, locale="en",
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
        expect(page.locator(f".player-card[data-position='{position}'] > b")
               ).to_have_text(f"{score:,}")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#history").evaluate("node => node.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(ARTIFACTS / f"ruleset-{name}-history.png"))

    if ledger_api_installed():
        download_link = page.locator("#ledger-csv")
        # The export is a request like any other: on a busy machine it may take longer
        # than Playwright's 30 s for a download (seen in CI), so the state's own wait.
        with page.expect_download(timeout=2 * STATE_TIMEOUT_MS) as info:
            download_link.click()
        # The button's file starts with the byte-order mark Excel needs.
        text = info.value.path().read_text(encoding="utf-8")
        assert text.startswith("\ufeff")
        rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))
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
        expect(page.locator(f"#final-standings tr[data-position='{position}'] td.final")
               ).to_have_text(f"{score:,}")
    page.screenshot(path=str(ARTIFACTS / f"ruleset-{name}-results.png"), full_page=True)
    context.close()


def new_table(browser: Browser, server: str, name: str, preset: str = "") -> Page:
    ruleset = registry.get(name)
    preset = preset or next(iter(ruleset.presets))
    label = f"{ruleset.title} — {ruleset.presets[preset].get('title') or preset}"
    context = device(browser, viewport={"width": 375, "height": 812}, locale="en")
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
        expect(page.locator(f".player-card[data-position='{position}'] > b")
               ).to_have_text(f"{score:,}")


def test_riichi_double_ron_nagashi_abortive_chombo_and_pao(server: str,
                                                           browser: Browser) -> None:
    # Tenhou rules pay nagashi mangan (EMA has none).
    page = new_table(browser, server, "riichi", "tenhou")
    outcomes: list[dict[str, Any]] = []

    open_record(page, "ron")
    win(page, "ron.wins.0", 0, 1)
    quick(page, "ron.wins.0", {"han": 2, "fu": 30})
    Sheet(page).tap("[data-add='ron.wins']")
    # A later winner of the same ron shares its discarder: not asked again.
    win(page, "ron.wins.1", 3, None)
    quick(page, "ron.wins.1", {"han": 1, "fu": 30})
    save(page)
    outcomes.append({"type": "ron", "wins": [
        {"winner": 0, "discarder": 1, "quick": {"han": 2, "fu": 30}},
        {"winner": 3, "discarder": 1, "quick": {"han": 1, "fu": 30}}]})
    expect_standings(page, replayed("riichi", outcomes, "tenhou"), 1)

    sheet = open_record(page, "nagashi")
    sheet.choose("nagashi.extra.nagashi", 1)
    sheet.choose("nagashi.tenpai", 1)
    save(page)
    outcomes.append({"type": "nagashi", "tenpai": [1], "extra": {"nagashi": [1]}})
    expect_standings(page, replayed("riichi", outcomes, "tenhou"), 2)

    sheet = open_record(page, "abortive")
    sheet.choose("abortive.extra.kind", "kyuushu_kyuuhai")
    sheet.choose("abortive.riichi", 0)
    save(page)
    outcomes.append({"type": "abortive", "riichi": [0], "extra": {"kind": "kyuushu_kyuuhai"}})
    expect_standings(page, replayed("riichi", outcomes, "tenhou"), 3)

    open_record(page, "chombo").choose("chombo.penalised", 2)
    save(page)
    outcomes.append({"type": "chombo", "penalised": 2})
    expect_standings(page, replayed("riichi", outcomes, "tenhou"), 4)

    # Pao last: a yakuman can end the game by busting someone.
    sheet = open_record(page, "ron")
    win(page, "ron.wins.0", 2, 3)
    quick(page, "ron.wins.0", {"yakuman": 1})
    sheet.choose("ron.wins.0.pao", 0)
    save(page)
    outcomes.append({"type": "ron", "wins": [{"winner": 2, "discarder": 3, "pao": 0,
                                              "quick": {"yakuman": 1}}]})
    expect_standings(page, replayed("riichi", outcomes, "tenhou"), 5)
    page.context.close()


def test_riichi_draw_with_a_shown_tenpai_hand_pays_the_shown_player(
        server: str, browser: Browser) -> None:
    page = new_table(browser, server, "riichi")
    sheet = open_record(page, "draw")
    sheet.choose("draw.tenpai", 0)
    # A ticked player whose shown hand is noten: the hand shown decides.
    sheet.tap("[data-control='draw.extra.hands.0'] > summary")
    tiles(page, "draw.extra.hands.0", "1357m2468p1357s9s")
    expect(page.locator("#preview-summary")).to_contain_text("nobody ready")
    sheet.tiles("draw.extra.hands.0", "clear")
    # Player 1 is not ticked but shows a tenpai hand, tapped in with the picker.
    sheet.tap("[data-control='draw.extra.hands.1'] > summary")
    tiles(page, "draw.extra.hands.1", "123m456p789s1z1z2z2z")
    expect(page.locator("input[name='draw.extra.hands.1.hand']")).to_have_value(
        "123m456p789s1122z")
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
        rows = list(csv.DictReader(io.StringIO(response.text().removeprefix("\ufeff"))))
        deltas = [0, 0, 0, 0]
        for row in rows:
            deltas[int(row["position"])] += int(row["delta"])
        assert deltas == [s - b for s, b in zip(shown, start["scores"], strict=True)]
        assert sum(deltas) == 0
    page.context.close()


def test_mcr_penalty_is_recorded(server: str, browser: Browser) -> None:
    page = new_table(browser, server, "mcr")
    open_record(page, "penalty").choose("penalty.penalised", 3)
    save(page)
    expect_standings(page, replayed("mcr", [{"type": "penalty", "penalised": 3}]), 1)
    page.context.close()


def test_sichuan_hand_with_a_draw_is_corrected(server: str, browser: Browser) -> None:
    page = new_table(browser, server, "sichuan")
    sheet = open_record(page, "hand")
    for player, suit in enumerate(["s", "m", "p", "m"]):
        sheet.choose(f"hand.extra.missing_suits.{player}", suit)
    sheet.choose(f"{EVENTS}.0.kind", "kong")
    sheet.choose(f"{EVENTS}.0.player", 3)
    sheet.choose(f"{EVENTS}.0.kong", "direct")
    sheet.choose(f"{EVENTS}.0.feeder", 0)
    sichuan_wins(page, [(2, None, 1)], first=1)
    sheet.tap("[data-control='hand.extra.draw'] > summary")
    sheet.type("hand.extra.draw.1.ready_fan", "2")
    sheet.choose("hand.extra.draw.0.flower_pig")
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
    expect(page.locator(f"input[name='{EVENTS}.0.feeder'][value='0']")).to_be_checked()
    expect(page.locator("input[name='hand.extra.draw.1.ready_fan']")).to_have_value("2")
    # The 定缺 went to the server with the hand and comes back for the correction.
    expect(page.locator("input[name='hand.extra.missing_suits.1'][value='m']")).to_be_checked()
    expect(page.locator("input[name='hand.extra.missing_suits.2'][value='p']")).to_be_checked()
    sheet.step(f"{EVENTS}.1.quick.fan", 3)
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
        expect(page.locator(f".player-card[data-position='{position}'] > b")
               ).to_have_text("0")
    step(page)
    expect_standings(page, replayed(name, [outcome]), 1)
    page.context.close()


def test_a_taiwan_sixteen_tile_hand_in_tiles_and_a_hong_kong_false_win(
        server: str, browser: Browser) -> None:
    page = new_table(browser, server, "taiwan")
    sheet = open_record(page, "win")
    win(page, "win.wins.0", 0, 2)
    hand = "win.wins.0.hand"
    # Sixteen concealed tiles, then the winning one and a flower: the picker moves on.
    sheet.tiles(hand, "1m", "run", "run", "run", "1p", "run", "run", "7p")
    expect(page.locator(f"[data-control='{hand}'] .picker-targets "
                        f"[data-target='{hand}.win_tile']")).to_have_attribute(
        "aria-pressed", "true")
    sheet.tiles(hand, "7p", "1f")
    save(page)
    outcome = {"type": "win", "wins": [{"winner": 0, "discarder": 2, "hand": {
        "hand": "123456789m1234567p", "win_tile": "7p", "flowers": "1f"}}]}
    expect(page.locator("#history > li[data-number='1']")).to_be_visible()
    assert stored_outcome(page) == outcome
    expect_standings(page, replayed("taiwan", [outcome]), 1)
    page.context.close()

    page = new_table(browser, server, "hongkong")
    open_record(page, "false_win").choose("false_win.penalised", 2)
    save(page)
    expect_standings(page, replayed("hongkong", [{"type": "false_win", "penalised": 2}]), 1)
    page.context.close()
