"""Ji'an 冲关 mahjong (吉安冲关麻将) from seed 004: 精 wildcards, 冲关, 霸精, 德国.

Each hand a 正精 and a 副精 tile kind are turned up (副精 defaults to the tile after the
正精: 9 wraps to 1, winds and dragons cycle). Their tiles are wildcards for the win, and
are counted for the 精 payments of :mod:`.jing`: a 正精 counts 2, a 副精 1; a player with
n counted 精 collects n chips from each other player, and from 5 精 (冲关) (n − 3) × n
from each: 5 → 30, 6 → 54 … 12 → 324 in all. When only one player holds 精 (霸精) the
amount doubles: 5 → 60, 6 → 108.

Win payments (:mod:`.score`, fans in :mod:`.fans`): each payer pays ``2^fan`` chips with

    自摸 1 / 点炮 1 (the discarder only) / 精调 2 / 扛调 3   — the win type
    庄家 1 when the dealer wins or is that payer
    小七 (seven pairs) / 十三烂 1, 大七 (all triplets, 大七对) / 七星十三烂 2
    杠开 1, 德国 (won without using 精 as wild) 1 fan + 5 chips

Reverse-engineered from the seed's table of totals, all of which are golden tests:
a dealer's self-drawn 平胡 is 12 = 3 × 2^(自摸+庄); a non-dealer's is 8 = 2^2 from the
dealer + 2 × 2^1. 精调 replaces 自摸 (dealer 精调 平胡 24 = 3 × 2^3) and 扛调 is 精调
won on a kong replacement, 精调 2 + 杠开 1 (dealer 48 = 3 × 2^4, 大七 扛调 192).

The seed's discard columns are garbled, but its readable figures (德国 17 / 15 / 21,
十三烂 12 / 10 / 16, 德国七星十三烂 53 / 45 / 69 for 庄点闲 / 闲点闲 / 闲点庄 …) are
all reproduced by this convention, the default: **all three pay**; the discarder adds the
点炮 fan and pays the 德国 bonus, the other two pay 2^(their fans) without the bonus.
Option ``discard_payment = "discarder_only"``: only the discarder pays his share.

Other conventions chosen where the seed is vague (alternatives are options where noted):

* 德国 is a win whose shape is made with every 精 tile standing for itself (a hand
  without 精 is 德国 too); the hand is paid its best reading, with or without wilds.
* 精调: before the winning tile the hand waited on every tile (a lone 精 pairs with
  anything). A 精调 hand is paid as a 精调 self-draw even when someone discards into it
  (the seed's "点炮 (等于精调)"), the default of ``jingdiao_discard``. The other
  reading, ``plain_discard`` (an ordinary discard win, 精调 counting only on a
  self-draw), fits the table's columns too: there every figure under 扛开 equals the 精调
  column, so the "(等于精调)" may belong to 扛开 rather than to 点炮; and a Ji'an game
  server's rules say "只有自摸才算精吊". The seed's own header is kept as the default
  because it is the only text that speaks of a discard into a 精调 hand, and every
  figure the seed gives is reproduced either way; tables that play the server's rule
  choose ``plain_discard``.
* 小七 counts four identical tiles as two pairs; 大七 is all triplets (大七对) with no chow.
* 精 are paid at the end of a won hand by every player; a drawn hand (荒庄) pays no 精
  (option). 霸精 doubles any count (options: only with 冲关, or never). Twelve 精
  can only be 霸精: the seed's 12 → 324 is the figure without the doubling.
* 霸精 goes to any lone holder by default (``bajing_holder = "any"``), as the seed's
  examples and the server's "四个玩家中仅有一人有精" read; ``"dealer"`` follows the
  seed's sentence "如只有庄家有精，别人都没有，就叫霸精" literally: then a player other
  than the dealer holding all twelve 精 collects 324, the seed's figure, and only the
  dealer's lone 精 double. 霸王+10 (each other player pays 10 more instead of doubling,
  ``bajing_bonus = "plus_ten"``) and counting one's discarded 精 (打出精牌算分,
  ``discarded_jing``) are room options of 闲来南昌麻将, a Jiangxi app whose 南昌 精
  family shares these rules; both are off by default (the seed doubles and counts the
  精 held).

Rules of other Ji'an tables, all off by default (the seed knows none of them), with the
values of a Ji'an game server's rule text (QuiQiJingFeng/M2_CLIENT, 冲关麻将
cgmjRuleListLayer; preset ``jian_server`` turns them all on):

* Kong payments (``exposed_kong`` / ``concealed_kong`` 2, ``jing_kong`` 10 for four 精):
  each other player pays the kong; recorded per hand in ``extra.kongs`` and paid with the
  精 (not on a drawn hand unless ``jing_on_draw``).
* 下精 (``lower_jing``): another 正精/副精 pair turned at the end of the hand, its
  holdings paid like the first (冲关 and 霸精 apply to each pair by itself). 回头一笑 is
  one of 闲来南昌麻将's 下精 variants (无下精 / 埋地雷 / 回头一笑 / 回头上下翻 / 同一首歌);
  no public text found describes it, so it is read as one more pair turned at the end
  (``lower_jing = 2``), the table recording whichever tiles came up.
* 德中德 (``dezhongde``): a 德国 win while no other player holds 精 is ×4 (one fan more
  than 德国's ×2, the +5 unchanged); a table decides it from the recorded 精.
* 天胡 / 地胡 (``heaven_earth_times`` = 20): ×20 per payer; 天胡 (the dealer wins on the
  deal) drops the 自摸 fan, 地胡 (a win on the dealer's first discard) the 点炮 fan.
* 抢杠 (``robbing_kong``): the robbed player, who pays as the discarder, pays double.
* ``wild_plain_self_draw_only``: a 平胡 using 精 as wild is won by self-draw only.
* ``seven_stars_natural``: 七星十三烂's seven honours must be real tiles, not 精.
* ``honour_chows``: three different winds, or 中发白, make a chow (:mod:`scoring.engine.
  honour_runs`), concealed or declared as ``chi 124z``.
* Kongs pay nothing by themselves.
* The dealer keeps the deal after winning and passes it to the next player when anyone
  else wins; after a drawn hand the dealer stays (option: pass). Scores start at 0.
"""

from __future__ import annotations

from typing import Any

from ...items import declared
from ...result import Contract
from ...shapes import SEVEN_PAIRS_QUADS, THIRTEEN_LAN
from ...waits import STANDARD
from .entry import entry_spec
from .fans import ELEMENTS
from .game import JianGame
from .options import PRESETS, Options
from .score import DEGUO_BONUS, EARTHLY, HEAVENLY

NAME = "jian"
TITLE = "Ji'an chongguan"
TITLE_NATIVE = "吉安冲关麻将"
SHORT_TITLE = "Ji'an"
DESCRIPTION = 'Jiangxi chong guan rules with wildcard jing tiles and knitted hands.'
ORDER = 50
# Capabilities (scoring/engine/capabilities.py): the analyser asks the main 精; stakes
# are paid per chip.
ANALYSER_FIELDS: tuple[str, ...] = ("jing.zheng",)
STAKE_UNIT = (1, "per chip")
# The shapes a win may take here, for the analyser's shanten and waits.
WIN_SHAPES: tuple[str, ...] = (STANDARD, SEVEN_PAIRS_QUADS, THIRTEEN_LAN)

game = JianGame()
# The hand shapes stand for the one shape element (Shape.listing); the bonus is paid in
# chips.
ITEMS = (*declared(ELEMENTS), DEGUO_BONUS, HEAVENLY, EARTHLY)

__all__ = ["DESCRIPTION", "ELEMENTS", "ITEMS", "NAME", "ORDER", "PRESETS", "SHORT_TITLE",
           "TITLE", "TITLE_NATIVE", "WIN_SHAPES", "Options", "entry_spec", "game", "score"]


def score(request: dict[str, Any]) -> Contract:
    """Score one win; see :mod:`.score` for the request and response."""
    from .score import score as _score

    return _score(request)
