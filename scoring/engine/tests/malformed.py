"""Hypothesis strategies for hostile input to the engine's commands: requests of every
ruleset bent out of shape (wrong types, unknown keys, huge numbers, NUL and lone
surrogates, deep nesting, fifth copies, presets that are no names) and raw lines that are
no request at all. Shared by the CLI's and the API's "nothing ends the batch" properties.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from scoring.engine import capabilities, rulesets

RULESETS = rulesets.names()

# A plausible request per ruleset, for the strategies to bend.
BASE: dict[str, dict[str, Any]] = {
    "riichi": {"hand": "123m456p789s1122z", "win_tile": "2z", "win": "ron", "seat_wind": "S",
               "discarder": "E", "dora_indicators": ["1m"]},
    "mcr": {"hand": "123m456p789s1122z", "win_tile": "2z", "win": "tsumo", "seat_wind": "S"},
    "sichuan": {"hand": "1122335566778m", "win_tile": "8m", "win": "self_draw"},
    "wuhu": {"hand": "1112345678999m", "win_tile": "5m", "win": "self_draw", "winner": 1},
    "jian": {"hand": "1134m258p369s1234z", "win_tile": "7z", "win": "self_draw",
             "jing": {"zheng": "5m", "fu": "6m"}},
    "taiwan": {"hand": "1123678m567p678s", "melds": ["chi 789p"], "win_tile": "1m",
               "win": "discard", "winner": 1, "discarder": 2, "flowers": "1f"},
    "hongkong": {"hand": "19m19p19s1234567z", "win_tile": "1m", "win": "self_draw"},
}

def _plain(name: str) -> dict[str, Any]:
    """A plausible request of a ruleset not listed above: a hand of sets and a pair, won
    by self-draw in the ruleset's own word (its WIN_WORDS)."""
    words = capabilities.read(rulesets.get(name), "WIN_WORDS")
    return {"hand": "111222333m456p7m", "win_tile": "7m", "win": words[1], "winner": 1}


HUGE = st.sampled_from([10 ** 30, -10 ** 30, 2 ** 63, -2 ** 63 - 1, 10 ** 300, 1e308, -1e308,
                        0.5, -1, 4 ** 40])
NASTY_TEXT = st.sampled_from(["\x00", "1m\x00", "\ud800", "12\udfffm", "", " ", "\u202e1m",
                              "1" * 5000, "🀄", "chi", "pon 5555z", "9999m", "0z", "8f8f",
                              "11111m", "NaN"])
KEYS = st.sampled_from(["hand", "win_tile", "melds", "win", "winner", "dealer", "discarder",
                        "seat_wind", "round_wind", "options", "preset", "flowers", "kita",
                        "dora_indicators", "ura_indicators", "jing", "riichi", "rinshan",
                        "honba", "visible", "values", "shapes", "wildcards", "tai", "fan",
                        "unknown_key", "\ud800", "a\x00b", "__class__"])


def nested(depth: int, leaf: Any = 1) -> Any:
    """``depth`` lists inside each other (a dict every third level)."""
    value = leaf
    for i in range(depth):
        value = {"x": value} if i % 3 == 2 else [value]
    return value


scalars = st.one_of(st.none(), st.booleans(), HUGE, NASTY_TEXT, st.integers(-5, 5),
                    st.floats(allow_nan=False, allow_infinity=False))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(KEYS, st.text(max_size=4)), inner,
                                                 max_size=4)), max_leaves=12)
deep = st.integers(20, 400).map(nested)


@st.composite
def requests(draw: st.DrawFn, ruleset: str | None = None) -> Any:
    """A request of ``ruleset`` (or of any, or none) with some of its keys bent."""
    name = ruleset or draw(st.sampled_from(RULESETS))
    request: dict[str, Any] = {"ruleset": name, **(BASE.get(name) or _plain(name))}
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.integers(0, 6))
        key = draw(KEYS)
        if how == 0:
            request[key] = draw(values)
        elif how == 1:
            request[key] = draw(deep)
        elif how == 2:
            request[key] = draw(HUGE)
        elif how == 3:
            request[key] = draw(NASTY_TEXT)
        elif how == 4:  # a fifth copy: in the hand, among the melds, indicators or kita
            request.update(draw(st.sampled_from([
                {"hand": "11111m456p789s11z", "win_tile": "1z"},
                {"hand": "1111m456p789s112z", "melds": ["pon 111m"]},
                {"dora_indicators": ["1z", "1z", "1z"], "hand": "123m456p789s1z", "win_tile": "1z"},
                {"win_tile": "9s", "hand": "123m456p9999s11z"},
                {"kita": 4, "hand": "123p234456s4477z", "win_tile": "4z",
                 "options": {"preset": "sanma"}},
                {"flowers": "1f1f"}, {"visible": "1111m", "hand": "1m"}])))
        elif how == 5:  # options and presets of the wrong shape
            request[draw(st.sampled_from(["options", "preset"]))] = draw(st.one_of(
                values, st.just({"preset": {"preset": "x"}}), st.just({"preset": ["x"]}),
                st.just({"red_fives": 10 ** 30}), st.just({"\ud800": 1})))
        else:
            request.pop(key, None)
    return request if draw(st.integers(0, 9)) else draw(values)


def json_line(value: Any) -> str:
    """A value as one line of JSON; lone surrogates as the \\ud800 escapes JSON allows."""
    return json.dumps(value, ensure_ascii=True)


# Lines that are not a request at all: nesting past any parser, long numbers, constants
# JSON does not allow, broken text.
RAW_LINES = st.sampled_from([
    "[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000, "[" * 100000,
    '{"ruleset": "riichi", "hand": 1' + "0" * 5000 + "}", '{"hand": NaN}',
    '{"hand": Infinity}', '{"hand": -Infinity}', "{not json", "\x00", '"\\ud800"', "null",
    "[]", "7", '{"ruleset": "riichi", "hand": "\\u0000"}', '{"\\ud800": "\\udfff"}',
    "\ufeff{}", '{"a": 1} {"b": 2}',
])

lines = st.one_of(requests().map(json_line), RAW_LINES, deep.map(json_line))
