"""Scoring names as the page's readers say them (issue 22, finding 6): riichi's yaku in
Chinese on the Chinese pages (一发, 七对子 on 简体; 一發, 七對子 on 繁體), in Japanese on the
Japanese ones; MCR's fans in traditional characters on a 繁體 page; on the record sheet's
checklist, on the results and in the players' statistics alike."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import record_sheet
from games.record_sheet import Control, TallyView
from scoring import registry, rendering
from scoring.engine.rulesets.riichi.names import CHINESE_NAMES
from scoring.engine.rulesets.riichi.score import LIMIT_NATIVE
from scoring.gen_engine_texts import NATIVE_CONTEXT
from scoring.presets import sync_presets

from .test_pages_record import new_table

KANA = re.compile(r"[\u3040-\u30ff]")
# Characters a 简体 name does not use: Japanese forms (発 for 发, 対 for 对, 盃 for 杯...)
# and traditional ones (無, 嶺, 頭...).
NOT_SIMPLIFIED = re.compile(r"[発対帯気盃単緑満抜裏無嶺槍撈魚頭]")


def checklist(ruleset: str, language: str) -> list[TallyView]:
    with translation.override(language):
        spec = rendering.spec_for(ruleset, None)
        sheet = record_sheet.build(spec, ["A", "B", "C", "D"])

    def walk(controls: list[Control]) -> Iterator[TallyView]:
        for control in controls:
            yield from control.checklist
            yield from walk(control.children)

    part = sheet.parts[0]
    return list(walk(part.controls))


def riichi_natives() -> set[str]:
    package = registry.get("riichi").package
    spec = package.entry_spec(registry.get("riichi").build())
    return ({str(i["native"]) for i in package.ITEMS if i.get("native")}
            | {t.native for t in spec.checklist} | set(LIMIT_NATIVE.values()))


def test_every_japanese_name_of_riichi_has_a_chinese_name_in_both_scripts() -> None:
    missing = riichi_natives() - CHINESE_NAMES.keys()
    assert not missing
    for simplified, traditional in CHINESE_NAMES.values():
        assert not KANA.search(simplified + traditional)
        assert not NOT_SIMPLIFIED.search(simplified), simplified


@pytest.mark.parametrize(("language", "expected"), [
    ("zh-hans", ["立直", "一发", "门前清自摸和", "平和", "断幺九", "一杯口", "役牌 白",
                 "三色同顺", "一气通贯", "七对子", "对对和", "三暗刻", "混全带幺九",
                 "纯全带幺九", "混一色", "清一色", "国士无双", "宝牌"]),
    ("zh-hant", ["立直", "一發", "門前清自摸和", "平和", "斷幺九", "一杯口", "役牌 白",
                 "三色同順", "一氣通貫", "七對子", "對對和", "三暗刻", "混全帶幺九",
                 "純全帶幺九", "混一色", "清一色", "國士無雙", "寶牌"]),
    ("ja", ["立直", "一発", "門前清自摸和", "七対子", "対々和", "国士無双", "ドラ"]),
])
def test_the_riichi_checklist_names_the_yaku_as_the_pages_readers_do(
        language: str, expected: list[str]) -> None:
    labels = [t.label for t in checklist("riichi", language)]
    for name in expected:
        assert name in labels, (name, labels)
    if language.startswith("zh"):
        assert not any(KANA.search(label) for label in labels), labels


def test_english_readers_see_the_japanese_name_and_the_english_one() -> None:
    labels = [t.label for t in checklist("riichi", "en")]
    assert "七対子 Seven pairs" in labels


@pytest.mark.parametrize(("simplified", "traditional"), [
    ("绿一色", "綠一色"), ("九莲宝灯", "九蓮寶燈"), ("四杠", "四槓"), ("连七对", "連七對"),
    ("一色双龙会", "一色雙龍會"), ("门前清", "門前清")])
def test_the_mcr_checklist_is_in_traditional_characters_on_a_traditional_page(
        simplified: str, traditional: str) -> None:
    hant = [t.label for t in checklist("mcr", "zh-hant")]
    hans = [t.label for t in checklist("mcr", "zh-hans")]
    assert traditional in hant and simplified not in hant
    assert simplified in hans


def test_a_chinese_name_of_another_ruleset_that_riichi_shares_reads_the_same() -> None:
    # The names are looked up by the name itself: a Chinese ruleset's 清一色 must not
    # read differently because riichi has a yaku of that name.
    for name in registry.usable():
        if name == "riichi":
            continue
        natives = {str(i["native"]) for i in registry.get(name).package.ITEMS
                   if i.get("native")}
        for native in natives & CHINESE_NAMES.keys():
            for language, script in (("zh-hans", 0), ("zh-hant", 1)):
                with translation.override(language):
                    other = translation.pgettext(NATIVE_CONTEXT, native)
                assert other == CHINESE_NAMES[native][script], (name, native, language)


@pytest.mark.parametrize(("language", "yaku", "limit"), [
    ("zh-hans", "一发", "跳满"), ("zh-hant", "一發", "跳滿"), ("ja", "一発", "跳満")])
def test_a_scored_riichi_hand_names_its_yaku_and_limit_in_the_pages_words(
        language: str, yaku: str, limit: str) -> None:
    rules = registry.get("riichi")
    result = rules.package.score({"hand": "234m345p234s567s5p", "win_tile": "5p",
                                  "riichi": True, "ippatsu": True, "win": "tsumo", "seat_wind": "S",
                                  "round_wind": "E",
                                  "dora_indicators": ["1m"]})
    with translation.override(language):
        natives = [i.native for i in rendering.item_views(result)]
        headline = rendering.headline_text(result["headline"])
    assert yaku in natives, natives
    assert limit in headline, headline


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "shown", "hidden_name"), [
    ("zh-hans", "一发", "一発"), ("zh-hant", "一發", "一発"), ("ja", "一発", "一发")])
def test_the_record_page_offers_the_checklist_in_the_pages_words(
        language: str, shown: str, hidden_name: str) -> None:
    sync_presets()
    client = Client(headers={"accept-language": language})
    table = new_table(client)
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    checklist_html = page[page.index("data-add-up"):]
    assert f"<span>{shown} <b>1</b></span>" in checklist_html
    assert hidden_name not in checklist_html


@pytest.mark.parametrize(("language", "shown"), [
    ("zh-hans", "七对子 ×3"), ("zh-hant", "七對子 ×3"), ("ja", "七対子 ×3")])
def test_the_players_statistics_name_their_most_scored_yaku_in_the_pages_words(
        language: str, shown: str) -> None:
    from django.template.loader import render_to_string

    block = {"games": 1, "hands": 4, "average_placement": 2.0, "win_rate": 0.25,
             "deal_in_rate": 0.0, "self_draw_rate": 0.0, "riichi_rate": None,
             "average_hand_value": None, "placements": [], "top_scoring": [
                 {"key": "chiitoitsu", "name": "Seven pairs", "native": "七対子", "count": 3}]}
    with translation.override(language):
        html = render_to_string("clubs/_stats_block.html", {"block": block})
    assert shown in html, html
