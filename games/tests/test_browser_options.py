"""Options in a real browser: the new-table page applies an edited option without any
tick, and the admin's add page refills the option fields when another preset is chosen.
Screenshots at 375 px in each language (test-artifacts/options-*.png)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .browser import NAMES, fits_phone, phone, set_language
from .live_server import ARTIFACTS, live_server

pytestmark = [pytest.mark.browser]

ADMIN = ("from django.contrib.auth import get_user_model; "
         "get_user_model().objects.create_superuser('boss', 'boss@example.com', 'pw-boss-123')")
LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with live_server(setup=ADMIN) as base:
        yield base


def sign_in(page: Page, base: str) -> None:
    page.goto(f"{base}/admin/login/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "pw-boss-123")
    page.click("input[type=submit]")
    expect(page.locator("#user-tools")).to_be_visible()


def test_new_table_applies_an_edited_option_without_a_tick(browser: Browser, site: str) -> None:
    page = phone(browser)
    page.goto(f"{site}/tables/new/")
    page.fill("#id_name", "Options game")
    mleague = page.locator("#id_config option", has_text="M-League").first.get_attribute("value")
    page.select_option("#id_config", mleague)
    for i, name in enumerate(NAMES):
        page.fill(f"#id_player_{i}", name)
    page.click("#options summary")
    # The fields show M-League's values once it is chosen: head bump, by its label.
    multi = page.locator("#opt-riichi-multi_ron")
    expect(multi).to_have_value("head_bump")
    page.select_option("#opt-riichi-multi_ron", label="Every winner is paid")
    page.click("button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-state", "live")
    public_id = page.url.split("?")[0].rstrip("/").split("/")[-1]
    answer = page.request.get(f"{site}/api/tables/{public_id}/")
    assert answer.ok, answer.text()
    options = answer.json()["options"]
    assert options["multi_ron"] == "triple" and options["double_wind_pair_fu"] == 2


def test_admin_add_page_refills_the_fields_for_the_chosen_preset(browser: Browser,
                                                                 site: str) -> None:
    page = phone(browser)
    sign_in(page, site)
    page.goto(f"{site}/admin/scoring/rulesetconfig/add/?ruleset=riichi")
    multi = page.locator("#id_opt_multi_ron")
    expect(multi).to_have_value("double")
    page.select_option("#id_preset", "mleague")
    expect(multi).to_have_value("head_bump")
    expect(page.locator("[name=shown_preset]")).to_have_value("mleague")
    page.fill("#id_name", "Our M-League")
    page.select_option("#id_opt_red_fives", "0")
    page.click("input[name=_save]")
    expect(page.locator(".messagelist")).to_be_visible()
    page.goto(f"{site}/admin/scoring/rulesetconfig/?q=Our")
    expect(page.locator("td.field-differs")).to_have_text("Red fives: 0")


@pytest.mark.parametrize("language", LANGUAGES)
def test_screenshots_of_the_options_in_every_language(browser: Browser, site: str,
                                                      language: str) -> None:
    page = phone(browser)
    page.goto(f"{site}/")
    if language != "en":
        set_language(page, language)
    page.goto(f"{site}/tables/new/")
    page.click("#options summary")
    assert fits_phone(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"options-new-{language}.png"), full_page=True)
    sign_in(page, site)
    page.goto(f"{site}/admin/scoring/rulesetconfig/add/?ruleset=riichi")
    page.select_option("#id_preset", "mleague")
    page.screenshot(path=str(ARTIFACTS / f"options-admin-{language}.png"), full_page=True)
    body = page.locator("#content").inner_text()
    assert "head_bump" not in body and "kokushi_13" not in body
