"""A group's game night on a 375 px phone in headless Chromium against a live server:
a group and its evening made from their forms, a riichi and a Sichuan table created for
the evening from the new-table form, their hands recorded (over the API, with the
phone's own session) and the games ended, stakes set, and one settle-up for the evening
in the fewest transfers; then the group page's leaderboard and a player's charts,
photographed in the four languages."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.tests.browser import fits_phone, phone, set_language, snap
from games.tests.live_server import ARTIFACTS
from scoring import registry

from .test_settle import brute_force_minimum

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = ("en", "zh-hans", "zh-hant", "ja")
RIICHI = ["Aiko", "Bo", "陳", "山田"]
SICHUAN = ["Aiko", "Bo", "陳", "Eri"]
RIICHI_HANDS = [
    {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 3, "fu": 30}}]},
    {"type": "tsumo", "wins": [{"winner": 3, "discarder": None,
                                "quick": {"han": 2, "fu": 30}}]},
]
SICHUAN_HANDS = [{"type": "hand", "extra": {"events": [
    {"kind": "win", "winner": 1, "discarder": 0, "quick": {"fan": 2}},
    {"kind": "win", "winner": 2, "discarder": 3, "quick": {"fan": 1}},
    {"kind": "win", "winner": 3, "discarder": None, "quick": {"fan": 1}}]}}]


def small_targets(page: Page) -> list[str]:
    """Links, buttons and fields of the page's content less than 44 px tall (a tick box or
    a radio button counts by its label, which is what a finger taps)."""
    return list(page.evaluate("""() => [...document.querySelectorAll(
        'main a, main button, main select, main input, main summary, main textarea')]
        .filter(n => n.offsetParent !== null && n.type !== 'hidden')
        .map(n => (n.type === 'checkbox' || n.type === 'radio') && n.labels.length
             ? n.labels[0] : n)
        .filter(n => n.getBoundingClientRect().height < 44)
        .map(n => n.outerHTML.slice(0, 100))"""))


def _api(page: Page, server: str, path: str, body: dict[str, Any]) -> Any:
    """A write over the API with the phone's own session (and its CSRF token)."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    answer = page.request.post(f"{server}{path}", data=json.dumps(body), headers={
        "Content-Type": "application/json", "X-CSRFToken": token, "Referer": server})
    assert answer.ok, answer.text()
    return answer.json()


def _play(page: Page, server: str, table: str, hands: list[dict[str, Any]]) -> None:
    for outcome in [*hands, None]:
        seq = page.request.get(f"{server}/api/tables/{table}/").json()["seq"]
        command = {"command_id": str(uuid.uuid4()), "base_seq": seq}
        if outcome is None:
            _api(page, server, f"/api/tables/{table}/end/", command)
        else:
            _api(page, server, f"/api/tables/{table}/hands/", {**command, "outcome": outcome})


def _new_table(page: Page, ruleset: str, names: list[str]) -> str:
    rules = registry.get(ruleset)
    preset = next(iter(rules.presets))  # the first preset of each ruleset is for four
    page.click("#new-evening-table")
    page.fill("#id_name", f"{rules.title} table")
    page.select_option("#id_config", label=f"{rules.title} — {rules.presets[preset]['title']}")
    assert (page.locator("#id_place option:checked").get_attribute("value") or ""
            ).startswith("e:")
    for i, name in enumerate(names):
        page.fill(f"#id_player_{i}", name)
    page.click("button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-state", "live")
    return page.url.split("/t/")[1].split("/")[0]


@pytest.fixture(scope="module")
def night(server: str, browser: Browser) -> Iterator[dict[str, Any]]:
    page = phone(browser)
    page.goto(f"{server}/groups/new/")
    page.fill("#id_name", "木曜会")
    page.select_option("#id_currency", "CNY")
    page.fill("#id_members", "\n".join(dict.fromkeys([*RIICHI, *SICHUAN])))
    page.click("#group-form button[type=submit]")
    expect(page.locator("#leaderboard")).to_be_visible()
    group_url = page.url
    page.fill("#id_name", "Friday night")
    page.click("#evening-form button[type=submit]")
    expect(page.locator("#settle")).to_be_visible()
    evening_url = page.url
    riichi = _new_table(page, "riichi", RIICHI)
    page.goto(evening_url)
    sichuan = _new_table(page, "sichuan", SICHUAN)
    _play(page, server, riichi, RIICHI_HANDS)
    _play(page, server, sichuan, SICHUAN_HANDS)
    yield {"page": page, "group": group_url, "evening": evening_url,
           "tables": [riichi, sichuan]}
    page.context.close()


def test_an_evening_of_two_rulesets_ends_in_one_settle_up_with_the_fewest_transfers(
        night: dict[str, Any], server: str) -> None:
    page: Page = night["page"]
    page.goto(night["evening"])
    for table in night["tables"]:
        expect(page.locator(f"#evening-tables li[data-table='{table}']")).to_be_visible()
    page.fill("#stake-riichi", "1")
    page.fill("#stake-sichuan", "0.5")
    page.click("#stake-form button[type=submit]")
    expect(page.locator("#transfers li").first).to_be_visible()
    nets = {li.get_attribute("data-player") or "": int(li.get_attribute("data-minor") or "")
            for li in page.locator("#nets li").all()}
    assert len(nets) == 5 and sum(nets.values()) == 0
    left = dict(nets)
    transfers = page.locator("#transfers li").all()
    for li in transfers:
        amount = int(li.get_attribute("data-minor") or "")
        left[li.get_attribute("data-payer") or ""] += amount
        left[li.get_attribute("data-payee") or ""] -= amount
    assert set(left.values()) == {0}
    assert len(transfers) == brute_force_minimum(nets) <= len(nets) - 1
    assert fits_phone(page)
    page.click("#share-link")
    expect(page.locator("#share-card #transfers li")).to_have_count(len(transfers))
    png = page.request.get(f"{server}{page.locator('#share-png').get_attribute('href')}")
    assert png.headers["content-type"] == "image/png" and png.body()[:4] == b"\x89PNG"
    assert fits_phone(page)


def test_group_leaderboard_and_player_charts_fit_a_phone_in_four_languages(
        night: dict[str, Any], server: str) -> None:
    page: Page = night["page"]
    for language in LANGUAGES:
        set_language(page, language)
        page.goto(night["group"])
        boards = page.locator("#leaderboard table.board")
        expect(boards).to_have_count(2)
        expect(page.locator("#leaderboard table[data-ruleset='riichi'] tbody tr")
               ).to_have_count(4)
        assert fits_phone(page), language
        snap(page, f"clubs-group-{language}", "#leaderboard")
        assert small_targets(page) == [], (language, page.url)
        page.goto(night["evening"])
        assert fits_phone(page), language
        snap(page, f"clubs-evening-{language}", "#settle")
        assert small_targets(page) == [], (language, page.url)
        page.click("#share-link")
        snap(page, f"clubs-share-{language}")
        picture = page.request.get(f"{server}{page.locator('#share-png').get_attribute('href')}")
        (ARTIFACTS / f"clubs-share-picture-{language}.png").write_bytes(picture.body())
        assert small_targets(page) == [], (language, page.url)
        page.goto(night["group"])
        page.locator("#leaderboard table[data-ruleset='riichi'] tbody th a").first.click()
        expect(page.locator("#player-score-chart svg.chart-svg")).to_be_visible()
        expect(page.locator("#rating-charts svg.chart-svg")).to_have_count(2)
        assert fits_phone(page), language
        snap(page, f"clubs-player-stats-{language}", "#player-stats")
        snap(page, f"clubs-player-charts-{language}", "#score-chart")
        assert small_targets(page) == [], (language, page.url)
        page.goto(night["group"].rstrip("/") + "/stats/")
        assert fits_phone(page), language
        snap(page, f"clubs-group-stats-{language}")
        assert small_targets(page) == [], (language, page.url)


# The names of a select's choices wider than the box shows them (Chromium draws its arrow
# in about 20 px of the right padding): the currency box cut "US Dollar (USD)".
CUT_CHOICES = """(select) => {
    const style = getComputedStyle(select);
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft)
        - parseFloat(style.paddingRight) - 20;
    return [...select.options].map((o) => o.text)
        .filter((text) => pen.measureText(text).width > room);
}"""


def test_every_currency_name_fits_the_stake_box_on_a_phone_in_four_languages(
        night: dict[str, Any], server: str) -> None:
    page: Page = night["page"]
    for language in LANGUAGES:
        set_language(page, language)
        page.goto(f"{server}/t/{night['tables'][0]}/settle/")
        currency = page.locator("#table-stake-form select[name='currency']")
        expect(currency).to_be_visible()
        assert currency.evaluate(CUT_CHOICES) == [], language
        assert fits_phone(page), language
        snap(page, f"clubs-stake-{language}", "#table-stake-form")
        assert small_targets(page) == [], (language, page.url)


def test_a_season_is_added_and_its_pages_fit_a_phone_in_four_languages(
        night: dict[str, Any]) -> None:
    page: Page = night["page"]
    set_language(page, "en")
    page.goto(night["group"])
    page.locator("#seasons summary").click()
    today = dt.date.today()
    page.fill("#season-form #id_name", "Spring season")
    page.fill("#season-form #id_starts", (today - dt.timedelta(days=30)).isoformat())
    page.fill("#season-form #id_ends", (today + dt.timedelta(days=1)).isoformat())
    page.fill("#season-form #id_best", "1")
    page.click("#season-form button[type=submit]")
    expect(page.locator("#season-facts")).to_be_visible()
    expect(page.locator("section[data-ruleset='riichi'] tbody tr")).to_have_count(4)
    season_url = page.url
    for language in LANGUAGES:
        set_language(page, language)
        for url, name in ((season_url, "season"), (f"{night['group']}?season="
                          f"{season_url.rstrip('/').split('/')[-1]}", "season-leaderboard")):
            page.goto(url)
            assert fits_phone(page), (language, name)
            assert small_targets(page) == [], (language, name)
            snap(page, f"clubs-{name}-{language}")
