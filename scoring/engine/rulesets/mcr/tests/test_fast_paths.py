"""The scorer's shortcuts give the same answers as the plain ways they replace.

The scorer answers the fans of a hand's kinds and situation from small packed keys, asks
only the reading-level detectors a reading's features allow, reads suits from a cache,
finds waits by per-suit lookups and parses tiles two characters at a time. Each shortcut
is checked here against the general engine function or against asking every detector.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from scoring.engine.decompose import decompositions
from scoring.engine.rulesets.mcr import scorer
from scoring.engine.rulesets.mcr.facts import (
    GREEN,
    RANK_SETS,
    REVERSIBLE,
    Situation,
    TileFacts,
    mask_of,
)
from scoring.engine.rulesets.mcr.reading import chow_combination_fans, pung_combination_fans
from scoring.engine.rulesets.mcr.request import _kinds, parse_request
from scoring.engine.rulesets.mcr.rules import ELEMENTS
from scoring.engine.rulesets.mcr.split import standard_waits
from scoring.engine.rulesets.mcr.tests.randomhands import random_hands
from scoring.engine.shapes import (
    HONOURS_AND_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS_QUADS,
    THIRTEEN_ORPHANS,
)
from scoring.engine.tiles import parse_tiles, tile_name
from scoring.engine.waits import standard_waits as engine_standard_waits
from scoring.engine.waits import waits

SEED = 4_242


@pytest.fixture(scope="module")
def hands() -> list[Any]:
    return [parse_request(h["request"]) for h in random_hands(SEED, 4000)]


def test_every_reading_scores_as_if_every_detector_were_asked(hands: list[Any]) -> None:
    for req in hands:
        for reading, fans in scorer.scored_readings(req):
            plain = scorer.evaluate(scorer.full_context(req, reading)) or {"chicken_hand": 1}
            assert fans == plain, (req, reading)


def test_standard_readings_are_the_engine_decompositions(hands: list[Any]) -> None:
    for req in hands:
        ours = Counter(
            (r.pair, tuple(sorted((s.shape == "chow", s.kind) for s in r.sets if not s.declared)))
            for r in scorer.readings(req) if r.form == "standard")
        engine = Counter(
            (d.pair, tuple(sorted((g.shape == "run", g.kind) for g in d.groups)))
            for d in decompositions(req.concealed14))
        assert ours == engine


def test_unique_wait_is_one_wait_among_every_shape(hands: list[Any]) -> None:
    shapes = [SEVEN_PAIRS_QUADS, THIRTEEN_ORPHANS, HONOURS_AND_KNITTED, KNITTED_STRAIGHT]
    for req in hands:
        c13 = list(req.concealed14)
        c13[req.win_tile] -= 1
        assert scorer.unique_wait(req) == (len(waits(c13, req.melds, shapes)) == 1)


@settings(max_examples=300, deadline=None)
@given(hs.lists(hs.integers(0, 33), min_size=1, max_size=13))
def test_wait_lookup_matches_the_engine(kinds: list[int]) -> None:
    counts = [0] * 34
    for k in kinds:
        counts[k] = min(4, counts[k] + 1)
    assert standard_waits(counts) == engine_standard_waits(counts)


def _tile_facts_of(kinds: set[int]) -> TileFacts:
    suited = [k for k in kinds if k < 27]
    return TileFacts(
        suits=sum(1 << s for s in {k // 9 for k in suited}),
        has_winds=any(27 <= k <= 30 for k in kinds), has_dragons=any(k >= 31 for k in kinds),
        beyond=sum(1 << i for i, allowed in enumerate(RANK_SETS)
                   if any(not allowed >> (k % 9) & 1 for k in suited)),
        green=kinds <= GREEN, reversible=kinds <= REVERSIBLE)


@settings(max_examples=300, deadline=None)
@given(hs.sets(hs.integers(0, 33), min_size=1, max_size=14))
def test_tile_facts_survive_packing(kinds: set[int]) -> None:
    assert TileFacts.from_key(TileFacts.key_of(mask_of(kinds))) == _tile_facts_of(kinds)


@given(hs.tuples(hs.booleans(), hs.booleans(), hs.booleans(), hs.booleans(),
                 hs.integers(0, 4), hs.integers(0, 4), hs.integers(0, 4), hs.integers(0, 3)))
def test_situation_survives_packing(fields: tuple[Any, ...]) -> None:
    assert Situation.from_key(Situation.key_of(*fields)) == Situation(*fields)


def test_hand_level_detectors_need_nothing_but_their_facts() -> None:
    # A context for the hand alone has no reading: a detector that looked at one would fail.
    for rule in ELEMENTS:
        if rule.scope == "tiles":
            rule.count(scorer.Ctx.hand_only(tiles=_tile_facts_of({0, 9, 18, 27, 31})))
        elif rule.scope == "situation":
            rule.count(scorer.Ctx.hand_only(situation=Situation(True, True, True, True, 1, 1,
                                                                1, 1)))


def test_set_combination_tables_name_only_their_own_family() -> None:
    family = {r.id: r.family for r in ELEMENTS}
    chow_ids = {f for chows in [(0, 0, 0, 0), (0, 3, 6, 9), (0, 1, 2), (0, 9, 18), (0, 6),
                                (0, 3), (0, 9), (0, 0)] for f in chow_combination_fans(chows, -1)}
    chow_ids |= set(chow_combination_fans((0, 0, 6, 6), 4))
    pung_ids = {f for pungs in [(27, 28, 29, 30), (31, 32, 33), (0, 1, 2, 3), (0, 1, 2),
                                (0, 9, 18), (0, 10, 20), (27, 28, 29), (0, 9), (31, 32)]
                for f in pung_combination_fans(pungs)}
    assert chow_ids and all(family[f] == "chows" for f in chow_ids)
    assert pung_ids and all(family[f] == "pungs" for f in pung_ids)


def _written(kinds: list[int], rng: Any) -> str:
    """Kinds written in a random mix of one-tile and run notation."""
    out = []
    for k in kinds:
        name = tile_name(k)
        if k < 27 and k % 9 == 4 and rng.random() < 0.2:
            name = "0" + name[1]
        out.append(name)
    if rng.random() < 0.5:
        return "".join(out)
    merged: list[str] = []
    for name in out:
        if merged and merged[-1][-1] == name[-1]:
            merged[-1] = merged[-1][:-1] + name
        else:
            merged.append(name)
    return "".join(merged)


@settings(max_examples=300, deadline=None)
@given(hs.lists(hs.integers(0, 41), max_size=16), hs.randoms())
def test_tile_text_reads_as_the_general_parser_does(kinds: list[int], rng: Any) -> None:
    text = _written(kinds, rng)
    assert _kinds(text) == [t.kind for t in parse_tiles(text)]


def _renamed(kinds: tuple[int, ...], suits: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(9 * suits[k // 9] + k % 9 if k < 27 else k for k in kinds))


@settings(max_examples=400, deadline=None)
@given(hs.lists(hs.integers(0, 26).filter(lambda k: k % 9 < 7), min_size=2, max_size=4),
       hs.sampled_from([4, 13, 22, -1]), hs.permutations([0, 1, 2]))
def test_chow_fans_do_not_depend_on_suit_names(chows: list[int], pair: int,
                                               suits: list[int]) -> None:
    # The scorer caches fans between sets under renamed suits (scorer._canonical).
    key = tuple(sorted(chows))
    pair_key = scorer.chow_pair_key(len(key), pair)
    renamed_pair = scorer.chow_pair_key(
        len(key), 9 * suits[pair // 9] + pair % 9 if pair >= 0 else -1)
    assert chow_combination_fans(key, pair_key) == chow_combination_fans(
        _renamed(key, tuple(suits)), renamed_pair)


@settings(max_examples=400, deadline=None)
@given(hs.lists(hs.integers(0, 33), min_size=2, max_size=4, unique=True),
       hs.permutations([0, 1, 2]))
def test_pung_fans_do_not_depend_on_suit_names(pungs: list[int], suits: list[int]) -> None:
    key = tuple(sorted(pungs))
    assert pung_combination_fans(key) == pung_combination_fans(_renamed(key, tuple(suits)))


def test_caches_that_fill_up_and_start_again_score_alike(monkeypatch: Any) -> None:
    from scoring.engine.rulesets.mcr import exclusions, result, split

    requests = [h["request"] for h in random_hands(SEED + 1, 400)]
    roomy = [scorer.score(r) for r in requests]
    for module, name in ((split, "_CACHE_LIMIT"), (exclusions, "_MEMO_LIMIT"),
                         (scorer, "_MEMO_LIMIT"), (result, "_MEMO_LIMIT")):
        monkeypatch.setattr(module, name, 3)
    scorer.clear_caches()
    assert [scorer.score(r) for r in requests] == roomy
    scorer.clear_caches()
