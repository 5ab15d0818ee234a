"""Words players reported as wrong in Chinese and Japanese (issue 15): each is checked
where it shows, in the language it was reported in."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, pgettext

from games import services
from games.templatetags.mjtables import rules_line
from scoring import registry, rendering

from .tables import CREATOR, NAMES, OUTCOMES, command_id

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "zh-hans", "zh-hant", "ja")


def summaries(language: str) -> list[str]:
    """Every sample outcome's summary in ``language``, as the history shows it."""
    out = []
    with translation.override(language):
        for name, cases in OUTCOMES.items():
            rules = registry.get(name)
            options = rules.build("")
            spec = rendering.spec_for(name, rules.resolve(""))
            for outcome in (o for group in cases.values() for o in group):
                result = rules.rules.apply(rules.rules.initial_state(options), outcome,
                                           options)
                out.append(rendering.hand_summary(outcome, result["results"],
                                                  ["Aiko", "Bob", "Chen", "Dana"], spec))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_summary_says_the_same_thing_twice_in_a_row(language: str) -> None:
    found = summaries(language)
    assert found
    for text in found:
        parts = [p.strip() for p in re.split(r"[，、,；;。]", text) if p.strip()]
        assert all(a != b for a, b in zip(parts, parts[1:], strict=False)), text


def test_a_discard_win_reads_as_who_dealt_in_and_who_won_in_chinese() -> None:
    with translation.override("zh-hans"):
        text = rendering.PHRASES["win_discard"] % {"winner": "Bob", "discarder": "Chen"}
    assert text == "Chen 点炮，Bob 胡"  # not "Bob 和 Chen 点的炮": 和 reads as "and"


@pytest.mark.parametrize(("language", "wrong"), [("zh-hans", "重新开始"),
                                                 ("zh-hant", "重新開始")])
def test_reopening_a_game_does_not_read_as_restarting_it(language: str, wrong: str) -> None:
    with translation.override(language):
        for msgid in ("Reopen the game", "Game reopened", "game reopened"):
            assert wrong not in gettext(msgid), msgid


def test_a_japanese_chombo_is_a_chombo_not_a_noten_payment() -> None:
    with translation.override("ja"):
        for msgid in ("Chombo", "chombo by %(player)s", "Penalised player", "Penalty",
                      "%(points)s off the final score"):
            assert "罰符" not in gettext(msgid), msgid
        assert "チョンボ" in gettext("Chombo")


@pytest.mark.parametrize(("language", "jingdiao", "plain"), [
    ("zh-hans", "精调", "平胡"), ("zh-hant", "精調", "平胡")])
def test_jian_form_words_match_its_summaries(language: str, jingdiao: str,
                                            plain: str) -> None:
    with translation.override(language):
        assert gettext("Jing diao") == jingdiao and gettext("Plain") == plain
    # The items of a scored hand carry the same native names as the form.
    natives = str(registry.get("jian").package.ITEMS)
    assert "精调" in natives and "精钓" not in natives


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_ruleset_or_preset_title_is_said_twice(language: str) -> None:
    class Table:
        def __init__(self, ruleset: str, preset: str) -> None:
            self.ruleset, self.preset = ruleset, preset

    with translation.override(language):
        for name in registry.usable():
            for preset in [*registry.get(name).presets, ""]:
                parts = rules_line(Table(name, preset)).split(" · ")
                assert len(parts) == len(set(parts)), (name, preset, parts)


@pytest.mark.parametrize(("language", "doubled"), [
    ("zh-hans", "芜湖麻将 芜湖麻将"), ("ja", "リーチ麻雀 立直麻雀"),
    ("zh-hans", "吉安冲关 吉安冲关麻将")])
def test_the_table_page_names_its_rules_once(language: str, doubled: str) -> None:
    ruleset = {"芜湖": "wuhu", "リーチ": "riichi", "吉安": "jian"}[
        next(k for k in ("芜湖", "リーチ", "吉安") if k in doubled)]
    table = services.create_table("Title", ruleset, "", {}, NAMES, creator=CREATOR)
    html = Client(HTTP_ACCEPT_LANGUAGE=language).get(
        reverse("games:table", args=[table.public_id])).content.decode()
    title = rules_line_in(language, table)
    assert title in html and doubled not in html


def rules_line_in(language: str, table: Any) -> str:
    with translation.override(language):
        return rules_line(table)


def test_traditional_chinese_results_name_points_and_score_apart() -> None:
    table = services.create_table("點數", "riichi", "ema", {}, NAMES, creator=CREATOR)
    ron = {"type": "ron", "wins": [{"winner": 1, "discarder": 3, "quick": {"han": 3, "fu": 30}}]}
    seq = services.record_hand(table.pk, ron, command_id(), 0, CREATOR)["seq"]
    assert services.end_game(table.pk, command_id(), seq, CREATOR)["ok"]
    html = Client(HTTP_ACCEPT_LANGUAGE="zh-hant").get(
        reverse("games:results", args=[table.public_id])).content.decode()
    heads = re.findall(r'<th scope="col"[^>]*>([^<]*)</th>', html)
    with translation.override("zh-hant"):
        expected = [
                    pgettext("a results column: the player's name", "Player"),
                    pgettext("a results column: the points after the last hand",
                             "End of play"),
                    pgettext("a results column: what the end of the game adds", "Uma, oka"),
                    pgettext("a results column: the final points", "Final"),
                    pgettext("a results column: the club score after uma, in thousands "
                             "for riichi", "Score")]
    assert heads == expected
    assert "分數" not in heads and len({h[-2:] for h in heads if h.endswith("數")}) <= 1
    assert all(re.search(r"[A-Za-z]", h) is None for h in heads), heads


# Issue 15: "Honba 0 · Pot 0" on rulesets without honba or a pot; Wuhu and Ji'an counted
# their hands as "East 5". Each ruleset's scoreboard line, after one hand of its own.
ROUND_LINES = {
    "riichi": ("East 1 · Honba 0 · Pot 0", True),
    "mcr": ("East", False),
    "sichuan": ("", False),
    "wuhu": ("Hand 2", False),
    "jian": ("Hand 2", False),
}


@pytest.mark.parametrize("name", sorted(ROUND_LINES))
def test_the_scoreboard_counts_hands_as_the_rulesets_players_do(name: str) -> None:
    from games import presenter

    expected, has_honba = ROUND_LINES[name]
    table = services.create_table("Wording", name, "", {}, NAMES, creator=CREATOR)
    if name != "riichi":
        outcome = next(o for group in OUTCOMES[name].values() for o in group)
        services.record_hand(table.pk, outcome, command_id(), table.seq, CREATOR)
    table.refresh_from_db()
    snap = services.snapshot(table)
    spec = rendering.spec_for(name, table.options)
    with translation.override("en"):
        line = presenter.round_line(snap, spec)
    assert expected in line
    assert ("Honba" in line and "Pot" in line) is has_honba
    if name in ("wuhu", "jian"):
        assert "East" not in line


# QA at 375 px: the English breakdown read "德国 Without wild 精 (德国) 1 fan" and
# "台 台 (entered at the table) 3 tai", the native name twice on one line.
ITEM_OUTCOMES: dict[str, dict[str, Any]] = {
    "jian": {"type": "win", "wins": [{"winner": 2, "discarder": 0,
                                      "quick": {"shape": "plain", "deguo": True}}],
             "extra": {"jing": {"zheng": "5m", "fu": "6m"}, "jing_counts": [0, 0, 0, 0]}},
    "taiwan": {"type": "win", "wins": [{"winner": 2, "discarder": 0, "quick": {"tai": 3}}]},
    "wuhu": {"type": "win", "wins": [{"winner": 2, "discarder": 0,
                                      "quick": {"zhi": 8, "ya": 3}}]},
}


@pytest.mark.parametrize("name", sorted(ITEM_OUTCOMES))
def test_an_english_breakdown_names_each_element_in_hanzi_once(name: str) -> None:
    rules = registry.get(name)
    options = rules.build("")
    applied = rules.rules.apply(rules.rules.initial_state(options), ITEM_OUTCOMES[name],
                                options)
    with translation.override("en"):
        items = [i for r in applied["results"] for i in rendering.item_views(r, NAMES)]
    assert items
    for item in items:
        line = f"{item.native} {item.name}"
        for hanzi in set(re.findall(r"[\u3400-\u9fff·]+", line)):
            assert line.count(hanzi) == 1, line
        assert item.name, line  # English readers still get the explanation


def test_a_flower_tiles_label_fits_its_ninth_of_a_phone() -> None:
    from scoring.picker_text import picker_strings

    for language in LANGUAGES:
        with translation.override(language):
            label = picker_strings()["flower_short"] + "8"
        assert len(label) <= 2, (language, label)


# QA at 375 px: the breakdown showed each ruleset's own spelling whatever the page's
# script: 德国, 点炮 on a 繁體 page (Ji'an), 莊家 on a 简体 page (Taiwan).
@pytest.mark.parametrize(("name", "language", "wanted", "wrong"), [
    ("jian", "zh-hant", {"德國", "點炮", "莊家"}, {"德国", "点炮", "庄家"}),
    ("taiwan", "zh-hans", {"庄家"}, {"莊家"}),
    ("taiwan", "zh-hant", {"莊家"}, {"庄家"}),
])
def test_a_breakdown_spells_its_chinese_names_in_the_pages_script(
        name: str, language: str, wanted: set[str], wrong: set[str]) -> None:
    rules = registry.get(name)
    options = rules.build("")
    applied = rules.rules.apply(rules.rules.initial_state(options), ITEM_OUTCOMES[name],
                                options)
    with translation.override(language):
        natives = {i.native for r in applied["results"] for i in rendering.item_views(r, NAMES)}
    assert wanted <= natives and not wrong & natives, natives


def test_japanese_says_who_recorded_without_an_honorific_on_a_role() -> None:
    # QA at 375 px: "卓の作成者さんが記録": the sentences put さん after a role as after a name.
    from games.presenter import recorder
    from games.ui import STRINGS

    with translation.override("ja"):
        creator = recorder("creator")
        lines = [str(text) % {"actor": creator, "name": creator, "number": 1,
                              "summary": "…"}
                 for text in STRINGS.values()
                 if "%(actor)s" in str(text) or "%(name)s" in str(text)]
        lines.append(gettext("by %(name)s") % {"name": creator})
    assert len(lines) > 5
    assert [line for line in lines if "さん" in line] == [], lines


def test_the_japanese_sheet_counts_chinese_fan_as_ban_throughout() -> None:
    # QA at 375 px: Hong Kong's quick entry read 番数（花牌込み） over うち花牌の翻, and
    # the preview says 4番: one word for fan on one sheet.
    from scoring.engine_texts import ENTRY_TEXTS

    with translation.override("ja"):
        labels = [gettext(t) for name, texts in ENTRY_TEXTS.items() if name != "riichi"
                  for t in texts]
    assert [label for label in labels if "翻" in label.replace("翻牌", "")] == []


@pytest.mark.parametrize(("winner", "streak"), [(2, ""), (0, "Dealer streak 1")])
def test_taiwans_scoreboard_names_the_dealer_streak_only_once_there_is_one(
        winner: int, streak: str) -> None:
    from games import presenter

    table = services.create_table("Wording", "taiwan", "", {}, NAMES, creator=CREATOR)
    outcome = {"type": "win", "wins": [{"winner": winner, "discarder": 1,
                                        "quick": {"tai": 3}}]}
    services.record_hand(table.pk, outcome, command_id(), table.seq, CREATOR)
    table.refresh_from_db()
    with translation.override("en"):
        line = presenter.round_line(services.snapshot(table),
                                    rendering.spec_for("taiwan", table.options))
    assert ("Dealer streak" in line) is bool(streak)
    assert streak in line


def test_a_wuhu_base_spells_its_win_type_in_the_pages_script() -> None:
    # "底番·押档" is built from words; on a 繁體 page it read 档 (simplified).
    outcome = {"type": "win", "wins": [{"winner": 2, "discarder": 0,
                                        "quick": {"zhi": 8, "ya": 3}}]}
    rules = registry.get("wuhu")
    options = rules.build("")
    applied = rules.rules.apply(rules.rules.initial_state(options), outcome, options)
    with translation.override("zh-hant"):
        natives = [i.native for r in applied["results"]
                   for i in rendering.item_views(r, NAMES)]
    assert "底番·押檔" in natives and "支番·8支押3" in natives, natives
