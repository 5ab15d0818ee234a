"""The one renderer of the engine's results (scoring.rendering): headlines, items,
summaries and payment lines, in the reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring import registry, rendering
from scoring.engine.result import Contract, Headline, check, contract, headline, item

NAMES = ["Aiko", "Bo", "Chen", "Dana"]


def win(winner: int, discarder: int | None, head: Headline) -> Contract:
    """A win in the result contract, checked (what every ruleset returns)."""
    result = contract([], head, [], winner=winner, discarder=discarder)
    check(result)
    return result


def draw(ready: list[int]) -> Contract:
    return contract([], None, [], ready=ready)


def riichi_spec():
    ruleset = registry.get("riichi")
    return ruleset.package.entry_spec(ruleset.build("ema"))


@pytest.mark.parametrize(("headline", "english", "japanese"), [
    ({"value": 3, "unit": "han", "points": 3900, "fu": 40}, "3 han 40 fu", "3翻40符"),
    ({"value": 5, "unit": "han", "points": 8000, "fu": 30, "limit": "Mangan",
      "native_limit": "満貫"}, "5 han 30 fu, Mangan", "5翻30符、満貫"),
    ({"value": 2, "unit": "yakuman", "points": 64000}, "yakuman ×2", "役満×2"),
])
def test_riichi_headlines_use_the_rulesets_phrases(headline, english, japanese):
    say = rendering.Phrases(riichi_spec().phrases)
    with translation.override("en"):
        assert rendering.headline_text(headline, say) == english
    with translation.override("ja"):
        assert rendering.headline_text(headline, say) == japanese


def test_units_agree_with_their_number_and_group_thousands():
    with translation.override("en"):
        assert rendering.unit_text("points", 1) == "1 point"
        assert rendering.unit_text("points", 12000) == "12,000 points"
        assert rendering.unit_text("chips", 2) == "2 chips"


def test_item_names_explain_in_english_and_stay_native_elsewhere():
    result = contract([item("dora", "Dora", "ドラ", 1, "han", 3),
                       item("kong", "Concealed kong", "暗杠", 2, "chips", 2)], None, [])
    with translation.override("en"):
        dora, kong = rendering.item_views(result)
        assert (dora.native, dora.name, dora.worth, dora.times) == ("ドラ", "Dora", "3 han", 0)
        assert (kong.worth, kong.times) == ("4 chips", 2)
    with translation.override("zh-hans"):
        dora, _kong = rendering.item_views(result)
        assert dora.name == "" and dora.worth == "3番"


def test_a_summary_names_players_not_seats():
    result = win(3, 1, headline(1, "han", 1000, fu=30))
    with translation.override("en"):
        text = rendering.hand_summary({"type": "ron"}, [result], NAMES, riichi_spec())
    assert text == "Dana wins on Bo's discard, 1 han 30 fu, 1,000 points"
    with translation.override("zh-hans"):
        text = rendering.hand_summary({"type": "ron"}, [result], NAMES, riichi_spec())
    assert text == "Bo 点炮，Dana 胡，1番30符，1,000分"


def test_a_draw_names_who_was_ready_or_says_nobody():
    spec = riichi_spec()
    with translation.override("en"):
        assert rendering.hand_summary({"type": "draw"}, [draw([0, 3])], NAMES,
                                      spec) == "Exhaustive draw; ready: Aiko, Dana"
        assert rendering.hand_summary({"type": "draw"}, [draw([])], NAMES,
                                      spec) == "Exhaustive draw; nobody ready"


def test_a_penalty_names_the_penalised_player():
    with translation.override("en"):
        assert rendering.hand_summary({"type": "chombo", "penalised": 2}, [], NAMES,
                                      riichi_spec()) == "Chombo: Chen"


def test_payment_lines_split_each_players_change_by_cause_hand_first():
    payments = [{"player": 3, "amount": 1000, "cause": "sticks"},
                {"player": 3, "amount": 5200, "cause": "hand"},
                {"player": 1, "amount": -5200, "cause": "hand"},
                {"player": 1, "amount": -1000, "cause": "sticks"}]
    with translation.override("en"):
        lines = rendering.payment_lines(payments, NAMES)
        assert [line.total for line in lines] == [0, -6200, 0, 6200]
        assert rendering.signed_parts(lines[3]) == "Win +5,200 · Deposit sticks +1,000"
    with translation.override("zh-hant"):
        assert rendering.signed_parts(rendering.payment_lines(payments, NAMES)[3]) == \
            "和牌 +5,200 · 供託 +1,000"


def test_every_cause_of_the_contract_and_every_ledger_reason_has_words():
    from typing import get_args

    from scoring.engine.game import Reason
    from scoring.engine.result import CAUSES, REASON_OF

    assert set(CAUSES) <= set(rendering.CAUSE_TEXT)
    assert set(get_args(Reason)) == set(REASON_OF.values())
    assert set(get_args(Reason)) <= set(rendering.CAUSE_TEXT)


def test_a_value_in_chips_is_told_apart_from_the_points_won_in_all():
    # Wuhu: 14 chips from each payer, 46 points in all; Chinese said 14分，46分.
    result = win(0, None, headline(14, "chips", 46))
    with translation.override("en"):
        assert rendering.win_text(result, NAMES).endswith("14 chips, 46 points in all")
    with translation.override("zh-hans"):
        text = rendering.win_text(result, NAMES)
        assert "14分" in text and "共46分" in text
