"""Taiwan 16-tile mahjong (台灣十六張): 台 items, 底 + 台 payments, 連莊 and 一將.

Hands hold 16 tiles; a win is five sets (chi, pon, kong) and a pair, 17 tiles with the
winning one (:mod:`scoring.engine.winning_hand` reads it; seed 002's 16-tile wait counts
hold for the engine's waits). Eight flowers ``1f``-``8f`` (春夏秋冬, 梅蘭菊竹). Scoring is in
:mod:`.score` with the items in :mod:`.tai`; the table rules in :mod:`.game`.

Sources (台數表 of home play; the values below agree across them unless noted):
[chh] chh.cx/archives/12 "2023台灣最新麻將16張台數表"; [wawa] wawa3c.com/9173/ap7Unc2
"台灣 16 張麻將台數表"; [nh48] nh48jid.com "台灣十六張麻將：台數表一覽"; [blog]
10655051.blogspot.com/2019/03 "麻將之台麻"; [4w] 4windsmj.com Taiwanese 16-Tile rules
(payment scheme); [uis] xn--uis76c70x.me/majong-count "麻將台數表" (底 + 台 payment).

Conventions chosen (alternatives are options):

* Payment [4w, uis]: a self-draw is paid by all three others, a discard by the discarder
  alone; each payment is 底 + 台 × value per 台 (default 30 and 10, [uis]'s example).
* 莊家 1 台 and 連莊 [chh, wawa, nh48, blog]: "連一拉一三台, 連二拉二五台", i.e. the
  dealer's 1 plus 2N on the N-th extra deal, counted only in the payments between the
  dealer and the winner: the dealer winning collects them from every payer, a dealer who
  pays (by discarding, or on another's self-draw) pays them. Option ``dealer_streak``
  ``n``: N only. The dealer keeps the deal on his win and on a drawn hand (流局連莊,
  [chh]); option ``dealer_on_draw``.
* 1 台: 自摸, 門清, 圈風 and 門風 (a triplet or kong of the wind), 三元牌 (each dragon
  triplet), 正花 (the seat's own season and flower: East 春梅, South 夏蘭, West 秋菊, North
  冬竹 [wawa]; option ``flower_tai`` ``each``: 見花見台), 獨聽 (邊張 / 中洞 / 單吊: the
  hand waited on one kind only [chh, wawa]), 搶槓, 槓上開花 (after a kong or a flower
  [chh]), 海底撈月, 河底撈魚. 門清自摸 is 3 instead of 門清 + 自摸 [chh, wawa, nh48]. A
  concealed kong keeps the hand 門清.
* 2 台: 平胡 (five runs, a suited pair, no flowers [chh], won on a discard with a two-sided
  wait: the hand waited on two kinds or more and the winning tile can be read as the open
  side of a run, even when it could also be read into the pair or an edge), 全求人
  (five claimed sets and a discard onto the single tile [chh]; it does not also count
  獨聽), 三暗刻, 花槓 (all four seasons or all four flowers; the 正花 among them still
  count).
* 4 台: 碰碰胡, 混一色, 小三元. 5: 四暗刻. 8: 清一色, 大三元, 小四喜, 五暗刻, 人胡,
  八仙過海 and 七搶一 (flower wins: all eight drawn is a self-draw; seven robbing the
  eighth is paid by its holder alone). 16: 大四喜, 字一色, 地胡. 24: 天胡 [nh48] (option
  ``heavenly_tai``). A triplet won on a discard is not concealed.
* Exclusions: 小三元 / 大三元 replace the dragons' 三元牌; 小四喜 / 大四喜 replace 圈風 and
  門風; 字一色 replaces 碰碰胡 and 混一色; 天胡 / 地胡 stand instead of 自摸, 門清,
  門清自摸 and 獨聽. Otherwise items add up; the highest-台 reading is paid, over every
  split of the hand and every place the winning tile can take in it (pair, edge, closed,
  open side, triplet: :func:`scoring.engine.winning_hand.readings`).
* No minimum 台 and no cap by default (``cap_tai``); one winner per hand (the first in
  turn order when several could win, 截胡).
* The game is one 將 of four wind rounds (``rounds``); it ends when the deal passes on
  from the fourth dealer of the last round. Scores start at 0.

Differential test: no open 台 scorer exists on PyPI or npm (searched: PyPI names and
summaries with taiwan / mahjong / 麻將, npm "taiwan mahjong tai", the docs and code
corpora: the open 台 calculators found are web apps, not packages). The npm package
``mahjong-tile-efficiency`` (its ``Taiwan`` rule set) is compared with the engine on
16-tile win detection and waits instead (``tests/test_differential.py``).
"""

from __future__ import annotations

from typing import Any

from ...items import declared
from ...result import Contract
from ...waits import STANDARD
from .entry import entry_spec
from .game import TaiwanGame
from .options import PRESETS, Options
from .tai import ELEMENTS, EXTRA_ITEMS

NAME = "taiwan"
TITLE = "Taiwan 16-tile"
TITLE_NATIVE = "台灣十六張麻將"
SHORT_TITLE = "Taiwan"
DESCRIPTION = "Sixteen-tile hands with flowers: a base plus tai, more for the dealer's streak."
ORDER = 60
# The shapes a win may take here, for the analyser's shanten and waits.
WIN_SHAPES: tuple[str, ...] = (STANDARD,)

game = TaiwanGame()
ITEMS = (*declared(ELEMENTS), *EXTRA_ITEMS)

__all__ = ["DESCRIPTION", "ELEMENTS", "ITEMS", "NAME", "ORDER", "PRESETS", "SHORT_TITLE",
           "TITLE", "TITLE_NATIVE", "WIN_SHAPES", "Options", "entry_spec", "game", "score"]


def score(request: dict[str, Any]) -> Contract:
    """Score one win; see :mod:`.score` for the request and response."""
    from .score import score as _score

    return _score(request)
