"""Hong Kong old-style mahjong (港式 番數): 番 items, 半辣上 / 全辣上 tables, 包自摸.

Hands hold 13 tiles; a win is four sets and a pair, or thirteen orphans. Eight flowers
``1f``-``8f`` (春夏秋冬, 梅蘭菊竹). Scoring is in :mod:`.score` with the items in
:mod:`.fan`; the table rules in :mod:`.game`.

Sources: [wiki] en.wikipedia.org "Hong Kong mahjong scoring rules" and the "Old Hong
Kong mahjong rules" of its "Mahjong" article (minimum often 3 fan, flowers outside the
minimum, the discarder pays double); [yawnoc] github.com/yawnoc/mahjong-scorer README
(半辣上 / 辣辣上 multiplier tables, 半銃 / 全銃, 包自摸, 詐糊, base 五一, limit 13);
[yahoo] hk.news.yahoo.com "麻將計番大全" (三番起糊, 爆棚 at 8 or 10); [at99]
at99play.com "廣東麻雀番數表完全指南" (雞糊 0, 平糊 1, 碰碰糊 3, 混一色 3, 小三元 5,
大三元 8, 小四喜 10, 13 番 limit, 清一色 6 in its table); [npm] the ``hk-mahjong`` 3.2.0
package's FaanCalculator (read, not copied).

Conventions chosen (alternatives are options):

* Fan [wiki, npm, at99]: 雞糊 0, 平糊 1 (all chows), 對對糊 3, 混一色 3, 清一色 7
  (``full_flush_fan`` 6 [at99]), 花么九 1 (terminals and honours only, on top of 對對糊),
  小三元 5 and 大三元 8 (instead of the dragons' 1 each), 小四喜 10 [at99] (instead of
  the winds' 1), 三元牌 1 per dragon pung, 門風 1, 圈風 1, 自摸 1, 門前清 1 (no chi, pon
  or open kong; it adds to 自摸), 槓上開花 1 (with 自摸: 2, as [npm]'s 槓上自摸), 搶槓 1,
  海底撈月 1 (the last tile, self-drawn).
* Limit hands (爆棚, worth ``max_fan``) [npm, wiki]: 十三么, 九子連環, 十八羅漢 (four
  kongs), 清么九, 字一色, 大四喜, 坎坎糊 (four concealed triplets self-drawn), 槓上槓,
  天糊, 地糊, 八仙過海. A limit hand lists only its limit items.
* Flowers [wiki, npm]: 無花 1 (option ``no_flower_fan``), 正花 1 per own flower (seat n:
  ``(n+1)f`` and ``(n+5)f``), 一台花 2 per complete set of four (its 正花 not counted
  again), 花糊 (seven flowers) 3 fan as a win of its own [npm]. Flower fan do not count
  towards the minimum [wiki].
* Minimum 3 fan (三番起糊 [yahoo, wiki]) and limit 13 fan [yawnoc, at99], both options.
* Payments [yawnoc]: a share is base × multiplier(fan); 半辣上 (default) doubles up to 4
  fan (1 2 4 8 16) and then goes 24 32 48 64 96 128 192 256 384, 全辣上 (辣辣上) doubles
  every fan. A self-draw is one share from each other player; 包自摸 makes the
  responsible player pay all three. A discard is 半銃 by default (the discarder one
  share, the two others half a share each: "the discarder pays double" [wiki]) or 全銃
  (two shares from the discarder alone). 詐糊: the offender pays each other player a
  limit self-drawn share [yawnoc].
* No dealer bonus (old style); the dealer keeps the deal on his win and on a drawn hand
  (option ``dealer_on_draw``); the game is four wind rounds (``rounds``). One winner per
  hand (截糊: the first in turn order). Scores start at 0.
* The hand is paid as its best reading: every split into sets and a pair and every place
  of the winning tile in it (which decides whether a triplet won on a discard is
  concealed), or 十三么 (``WIN_SHAPES``: the analyser's shanten and waits know it too).

Differential test: the npm package ``hk-mahjong`` 3.2.0 scores the same hands
(``tests/test_differential.py``, 1200 seeded hands agree); its differences of convention
(大三元 and 小四喜 as limit hands, 無花 only when asked) are mapped there.
"""

from __future__ import annotations

from typing import Any

from ...items import declared
from ...result import Contract
from ...shapes import THIRTEEN_ORPHANS
from ...waits import STANDARD
from .entry import entry_spec
from .fan import ELEMENTS, EXTRA_ITEMS
from .game import HongKongGame
from .options import PRESETS, Options

NAME = "hongkong"
TITLE = "Hong Kong (old style)"
TITLE_NATIVE = "港式麻雀"
SHORT_TITLE = "Hong Kong"
DESCRIPTION = "Cantonese old style: fan with a minimum to win and a limit, doubling payments."
ORDER = 70
# The shapes a win may take here, for the analyser's shanten and waits.
WIN_SHAPES: tuple[str, ...] = (STANDARD, THIRTEEN_ORPHANS)

game = HongKongGame()
ITEMS = (*declared(ELEMENTS), *EXTRA_ITEMS)

__all__ = ["DESCRIPTION", "ELEMENTS", "ITEMS", "NAME", "ORDER", "PRESETS", "SHORT_TITLE",
           "TITLE", "TITLE_NATIVE", "WIN_SHAPES", "Options", "entry_spec", "game", "score"]


def score(request: dict[str, Any]) -> Contract:
    """Score one win; see :mod:`.score` for the request and response."""
    from .score import score as _score

    return _score(request)
