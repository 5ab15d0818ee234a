"""Every engine error code, raised for real, reads in Chinese and Japanese with what its
English message says (issue 22, finding 6): the counts, limits and tiles of the message
are in the sentence, not only "the tile count doesn't fit".

Two checks. ``TRIGGERS`` has a real refusal of the engine for each code of the registry
of codes (every :class:`EngineError` subclass; a test fails when a code has none), and
each refusal's sentence carries every number and tile of its params that its English
message names. And every raise site of the engine, read from its source, is worded with
the params it passes: a sentence that drops a count, a limit or a tile of them fails.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from scoring import registry
from scoring.engine import commands, errors
from scoring.engine.errors import EngineError
from scoring.error_text import sentence

NAMES = ["Aiko", "Bo", "Chen", "Dana"]
LANGUAGES = ["zh-hans", "zh-hant", "ja"]
ENGINE = Path(errors.__file__).parent
# The params that are values a sentence names (the others say where, who or why).
VALUES = ("count", "needed", "min", "max", "fan", "tile", "text", "hand")


def every_code() -> set[str]:
    """The registry of engine codes: every EngineError subclass's."""
    found, stack = set(), [EngineError]
    while stack:
        cls = stack.pop()
        found.add(cls.code)
        stack.extend(cls.__subclasses__())
    return found


# Codes no path raises as such: the base classes' own codes, said when a subclass
# without a code of its own is raised (there is none today).
BASES = {"engine_error", "bad_entry"}


def applied(ruleset: str, outcome: dict[str, Any], options: dict[str, Any] | None = None,
            state: Callable[[Any, Any], Any] | None = None) -> Callable[[], dict[str, Any]]:
    def run() -> dict[str, Any]:
        rules = registry.get(ruleset)
        opts = rules.options_from_snapshot(options or {})
        start = rules.rules.initial_state(opts)
        if state is not None:
            start = state(rules, opts)
        try:
            rules.rules.apply(start, outcome, opts)
        except EngineError as exc:
            return exc.detail()
        raise AssertionError(f"{ruleset} took {outcome}")
    return run


def command(name: str, request: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    def run() -> dict[str, Any]:
        answer = commands.run(name, request)
        assert "error" in answer, answer
        return dict(answer["error"])
    return run


def built(ruleset: str, options: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    def run() -> dict[str, Any]:
        try:
            registry.get(ruleset).build("", options)
        except EngineError as exc:
            return exc.detail()
        raise AssertionError(f"{ruleset} took {options}")
    return run


def ron(hand: str, win: str, **more: Any) -> dict[str, Any]:
    return {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "hand": {
        "hand": hand, "win_tile": win, **more}}]}


def mcr_win(hand: str, win: str, **more: Any) -> dict[str, Any]:
    return {"type": "win", "wins": [{"winner": 0, "discarder": 2, "hand": {
        "hand": hand, "win_tile": win, **more}}]}


def sichuan(*events: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "hand", "extra": {"events": list(events), **extra}}


def ended(rules: Any, opts: Any) -> Any:
    state = rules.rules.initial_state(opts)
    return {**state, "finished": True}


# A real refusal for each code (several where one code says several things).
TRIGGERS: dict[str, list[Callable[[], dict[str, Any]]]] = {
    "bad_tile": [applied("riichi", ron("123m456p789s1122x", "1z")),
                 applied("riichi", ron("123m456p789s1z", "8z")),
                 applied("riichi", ron("123m456p789s1234", "1z"))],
    "too_many_copies": [applied("riichi", ron("1111m456p789s111z", "1m")),
                        command("analyse", {"ruleset": "riichi", "hand": "1112345678999m",
                                            "visible": ["1m", "1m"]})],
    "bad_meld": [applied("riichi", ron("123m456p789s1z", "1z",
                                       melds=["pon 556z"])),
                 applied("riichi", ron("123m456p789s1z", "1z", melds=["chi 135m"]))],
    "wrong_tile_count": [applied("riichi", ron("123m456p789s11z", "1z")),
                         command("waits", {"hand": "123m456p789s11z"}),
                         command("decompose", {"hand": "123m456p789s1z"})],
    "bad_input": [applied("riichi", ron("123m406p789s05p11z", "1z")),
                  applied("riichi", ron("123m456p789s23p11z", "1p",
                                        dora_indicators=["123456m"]))],
    "not_a_winning_hand": [applied("riichi", ron("123m456p789s1359p", "1z"))],
    "no_yaku": [applied("riichi", ron("123m456p789s23p11z", "1p"))],
    "below_minimum_fan": [applied("mcr", {"type": "win", "wins": [
        {"winner": 0, "discarder": 2, "quick": {"fan": 3}}]}, {"min_fan": 8})],
    "unknown_ruleset": [command("score", {"ruleset": "klondike", "hand": "1m"})],
    "bad_option": [built("riichi", {"red_fives": 99})],
    "bad_outcome": [applied("riichi", {"type": "ron", "wins": [
        {"winner": 1, "discarder": 1, "quick": {"han": 1, "fu": 30}}]})],
    "honours_not_used": [applied("sichuan", sichuan(
        {"kind": "win", "winner": 1, "discarder": 0,
         "hand": {"hand": "123m456m789p11z", "win_tile": "1z"}}))],
    "chow_not_allowed": [applied("sichuan", sichuan(
        {"kind": "win", "winner": 1, "discarder": 0,
         "hand": {"hand": "456m789p1122p", "win_tile": "2p", "melds": ["chi 123m"]}}))],
    "not_missing_a_suit": [applied("sichuan", sichuan(
        {"kind": "win", "winner": 1, "discarder": 0,
         "hand": {"hand": "123m456p789s123s1p", "win_tile": "1p"}}))],
    "not_eight_of_a_suit": [applied("wuhu", {"type": "win", "wins": [
        {"winner": 1, "discarder": 0,
         "hand": {"hand": "123m456m789p123s1p", "win_tile": "1p"}}]})],
    "bad_event": [applied("sichuan", sichuan(
        {"kind": "win", "winner": 1, "discarder": 0, "quick": {"fan": 1}},
        {"kind": "win", "winner": 2, "discarder": 0, "quick": {"fan": 1}},
        {"kind": "win", "winner": 3, "discarder": 0, "quick": {"fan": 1}},
        {"kind": "win", "winner": 0, "discarder": None, "quick": {"fan": 1}}),
        {"blood_flow": False})],
    "game_over": [applied("riichi", {"type": "ron", "wins": [
        {"winner": 0, "discarder": 2, "quick": {"han": 1, "fu": 30}}]}, state=ended)],
    "win_flag_conflict": [applied("mcr", mcr_win("123m456p789s55p11z", "5p", kong=True))],
    "missing_field": [command("danger", {"hand": "123m456p789s1122z"})],
    "unknown_shape": [command("shanten", {"hand": "123m456p789s1122z", "shapes": ["moon"]})],
    "unknown_field": [applied("riichi", {"type": "draw", "tenpia": [0]})],
    "bad_field_type": [applied("riichi", {"type": "draw", "tenpai": "everyone"})],
    "out_of_range": [applied("riichi", {"type": "ron", "wins": [
        {"winner": 0, "discarder": 2, "quick": {"han": -1, "fu": 30}}]})],
    "too_long": [applied("riichi", ron("123m456p789s1z" * 20, "1z"))],
    "bad_text": [applied("riichi", ron("123m\x00456p789s1z", "1z"))],
    "bad_choice": [applied("riichi", {"type": "abortive", "extra": {"kind": "boredom"}})],
    "outcome_not_allowed": [applied("riichi", {"type": "nagashi", "players": [0]},
                                    {"nagashi_mangan": False})],
}


def numbers_and_tiles(params: dict[str, Any]) -> Iterator[str]:
    for key in VALUES:
        value = params.get(key)
        if isinstance(value, list):
            yield from (str(v) for v in value)
        elif value is not None and not isinstance(value, bool):
            yield str(value)


def test_every_code_of_the_engine_has_a_real_refusal_here() -> None:
    assert every_code() - BASES <= TRIGGERS.keys()
    assert BASES <= every_code()


CASES = [pytest.param(code, n, id=f"{code}-{n}")
         for code, triggers in TRIGGERS.items() for n in range(len(triggers))]


@pytest.mark.parametrize(("code", "n"), CASES)
def test_a_refusal_says_in_every_language_the_numbers_and_tiles_its_message_names(
        code: str, n: int) -> None:
    error = TRIGGERS[code][n]()
    assert error["code"] == code, error
    params = dict(error.get("params") or {})
    message = str(error["message"])
    named = [value for value in numbers_and_tiles(params) if value in message]
    for language in LANGUAGES:
        with translation.override(language):
            text = sentence(code, params, NAMES, "riichi")
        assert "%(" not in text
        missing = [value for value in named if value not in text]
        assert not missing, (language, message, text, missing)
        player = params.get("player")
        if isinstance(player, int):
            assert NAMES[player] in text, (language, text)


# --- every raise site, read from the engine's source ---------------------------------------

SAMPLE: dict[str, Any] = {"count": 37, "needed": [53], "min": 41, "max": 43, "fan": 47,
                          "tile": "6s", "text": "qx9", "hand": 59}


def _constants(node: ast.expr) -> list[Any]:
    """The values a param's expression can take, where they are written out."""
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    return [None]  # computed: any value


def raise_sites() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(where, code, params with sample values) of each raise of an engine error that
    passes its params as a dict written out, one per reason it can give."""
    for path in sorted(ENGINE.rglob("*.py")):
        if "tests" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            cls = getattr(errors, node.func.id, None)
            if not (isinstance(cls, type) and issubclass(cls, EngineError)):
                continue
            given = next((k.value for k in node.keywords if k.arg == "params"), None)
            if not isinstance(given, ast.Dict):
                continue
            keys = {k.value: v for k, v in zip(given.keys, given.values, strict=True)
                    if isinstance(k, ast.Constant)}
            reasons = _constants(keys["reason"]) if "reason" in keys else [None]
            where = f"{path.relative_to(ENGINE)}:{node.lineno}"
            for reason in reasons:
                params = {k: SAMPLE[k] for k in keys if k in SAMPLE}
                if reason is not None:
                    params["reason"] = reason
                yield where, cls.code, params


SITES = list(raise_sites())


def test_the_raise_sites_are_read() -> None:
    codes = {code for _where, code, _params in SITES}
    assert {"wrong_tile_count", "too_many_copies", "bad_meld", "below_minimum_fan"} <= codes
    assert len(SITES) > 60


@pytest.mark.parametrize(("language", "site"), list(itertools.product(
    LANGUAGES, SITES)), ids=lambda v: v if isinstance(v, str) else f"{v[0]}")
def test_every_raise_site_is_worded_with_the_values_it_passes(
        language: str, site: tuple[str, str, dict[str, Any]]) -> None:
    where, code, params = site
    with translation.override(language):
        text = sentence(code, params, NAMES)
    missing = [value for value in numbers_and_tiles(params) if value not in text]
    assert not missing, (where, code, params, text)
