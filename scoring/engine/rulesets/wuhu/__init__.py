"""Wuhu mahjong (芜湖麻将) from seed 004: 八支, 底番, 支番, 嘴子 and 全交.

A win needs at least eight tiles (支) of one suit; kongs count their four tiles, honours
belong to no suit. A hand's value (what a non-dealer loser pays) is::

    底番 + 支番 + 嘴子 + 杠
    底番  by win type 平胡 / 押档 / 自摸 / 自摸押档: 1 2 3 4 (or 2 4 6 8)
    支番  round-half-up((支数 + 押) × N / 10), N = 2 / 4 (30-point) or 5 / 10 (50, 2468)
    嘴子  each 四活, 通天 (一条龙), 对对胡, 杠开, 混一色: 2 (30) or 5 (50), doubled on 自摸
    杠    明杠 1 / 暗杠 2 (30) or 2 / 4 (50, 2468); 补杠 counts as 明杠
    (the 100-point game: 底番 2 4 6 8, N = 10 / 20, 嘴子 10, 杠 2 / 4; see below)

The dealer (头家) pays one more 底番 when someone else wins and every loser pays one more
when the dealer wins. Two 嘴子 make 全交 (清一色 and 双八支 count as two): each loser
pays ``full_points`` instead, plus ``full_self_draw_extra`` on a self-draw (315: 15 + 5,
so 自摸清一色 is 20 from each). Every figure of the seed's 30-point, 50-point, 315 and
2468 tables is a golden test (``tests/data/seed_tables.json``).

Conventions chosen where the seed is vague (alternatives are options):

* Discards: 一家点炮三家给 (all three pay, the seed's description of current practice) by
  default; 放炮跟庄家一样付 (the discarder also adds one 底番, as the seed recommends; a
  discarder who is the dealer adds it once) and "the discarder alone pays" are options.
* 押档 (丫档): the winning tile fills the middle of a run and is the hand's only wait
  (压档 "需要唯一一种牌"); 押 is its rank. Edge waits (边张) and "any reading" are options.
  The hand's highest-paying reading is used.
* 杠开 with 押档 is paid as a self-draw, without 押档 as a plain win (seed).
* 四活 is every kind held four times outside a declared kong; 通天 needs 123-456-789 of one
  suit as runs of the reading; 混一色 needs at least one honour; 对对胡 has no runs.
* 全交 is flat: the dealer's extra 底番 and kong points are not added.
* 混一色自摸 and 杠开押档 as 全交 ("有的场合") are off by default (option).
* The 100-point game (preset ``wuhu_100``) follows the 30/50/100 算法 text (the seed's
  garbled "芜湖麻将算法" page, whole in a public copy at yaepu.cn/wnfuu): 底番 2 4 6 8,
  支番 "直接计算" (the 支数 plus 押 itself: N = 10, and 20 on a self-draw, which doubles
  支番 and 嘴子), 对对胡/通天/四活/混一色 10 each and the "后三种" 清一色/双八支/杠开 20,
  明杠 2, 暗杠 4. That text pays every 嘴子 as points and has no 全交 (option
  ``full_hand`` off); the seed's 30/50 texts make two 嘴子 全交 (on, the default).
* ``kong_flower_double``: 杠开 as one of the 后三种 counts two 嘴子 (4/10/20 points in
  the 30/50/100 games), like 清一色 and 双八支; off by default, as the 315 text counts
  杠开四活 and 杠开对对胡 as two 嘴子 each (so 杠开 alone is one).
* ``cap_at_chips``: a loser pays at most the chips they have left. Off by default (the
  texts are silent, and today's tables let a 全交 take a player below zero: [5, 30, 30,
  55] → [-15, 10, 90, 35] for a self-drawn 315 全交 by the third player); on, the same
  hand ends at [0, 10, 75, 35].
* Chips start at the stake (30, 50 or 100); the game ends when a player has none left.
* The dealer keeps the deal after winning and passes it to the next player when anyone
  else wins; after a drawn hand the dealer stays (option: pass). The seed is silent here.
"""

from __future__ import annotations

from typing import Any

from ...items import declared
from ...result import Contract
from ...waits import STANDARD
from .entry import entry_spec
from .game import WuhuGame
from .mouths import ELEMENTS
from .options import PRESETS, Options
from .score import EXTRA_ITEMS, WIN_TYPES

NAME = "wuhu"
TITLE = "Wuhu"
TITLE_NATIVE = "芜湖麻将"
SHORT_TITLE = 'Wuhu'
DESCRIPTION = 'Anhui rules: a win needs at least eight tiles of one suit.'
ORDER = 40
# Capabilities (scoring/engine/capabilities.py): score() names wins "discard" and
# "self_draw"; stakes are paid per chip.
WIN_WORDS = ("discard", "self_draw")
STAKE_UNIT = (1, "per chip")
# The shapes a win may take here, for the analyser's shanten and waits.
WIN_SHAPES: tuple[str, ...] = (STANDARD,)

game = WuhuGame()
ITEMS = (*declared(ELEMENTS), *EXTRA_ITEMS)
# The words an item's own name is built from ("底番·押档"), for the pages to respell.
NATIVE_PARTS = WIN_TYPES

__all__ = ["DESCRIPTION", "ELEMENTS", "ITEMS", "NAME", "NATIVE_PARTS", "ORDER", "PRESETS",
           "SHORT_TITLE", "TITLE", "TITLE_NATIVE", "WIN_SHAPES", "Options", "entry_spec",
           "game", "score"]


def score(request: dict[str, Any]) -> Contract:
    """Score one win; see :mod:`.score` for the request and response."""
    from .score import score as _score

    return _score(request)
