"""Sichuan / Chengdu mahjong (成都麻将, 血战到底) from seed 004's 成麻五元 table.

Scoring (:mod:`.score`, fans in :mod:`.fans`): 108 suited tiles, no chow, 缺一门 (a win
lacks one suit, and the player's declared 定缺 suit when given). Each payer pays
``base × 2^fan`` with the fan capped at ``cap_fan``. Table rules are in :mod:`.game`.

Conventions chosen where the seed is vague (alternatives are options):

* Fan: 平胡 0, 对子胡 1, 暗七对 2, 龙七对 3 (its four of a kind included), 清一色 2,
  将对 3, 金钩钓 2, 十八学士 2 (a 金钩钓 with four kongs), +1 per declared kong and per
  undeclared four of a kind (根), +1 each for 杠上花, 杠上炮, 抢杠 and 海底捞月 (a self-draw
  of the last tile). Fans add up: 清对 = 清一色 + 对子胡 = 3, 清一色带两杠 = 4, and
  清一色十八学士杠上花 = 2 + 2 + 4 + 1 = 9, the seed's figure. The all-triplets family
  (对子胡 / 金钩钓 / 十八学士 / 将对) is exclusive: the highest applies. The highest-fan
  reading of a hand is paid. 海底炮 (a discard of the last tile) is an option.
* Fans the seed does not list are options, off by default as in the seed; where they are
  played, the values follow lonng/nanoserver (an open-source 成都血战 server, its
  ``DeskOptions`` 门清中张 / 幺九将对 / 夹心五 / 碰碰胡两番 / 全幺九): 门清 +1 (no pon or
  exposed kong; a concealed kong keeps it) and 中张 +1 (no 1 or 9) together
  (``concealed_simples``); 将七对 = seven pairs + 2 (``jiang_seven_pairs``); 夹心五 +1,
  the winning 5 in the middle of a 4-5-6 run of the paid reading (``middle_five``);
  对子胡 at 2 fan (``all_triplets_fan``; 金钩钓, 将对 and 十八学士 move up with it, as
  nanoserver adds them on top of 大对子); 带幺九 (every set and the pair with a 1 or 9,
  standard shapes only) at ``terminals_fan`` fan (nanoserver's 全幺九 counts 3). 天胡 and
  地胡 carry their own fan (``heavenly_fan``, ``earthly_fan``; 0 is not played): tables
  differ widely (3 and 2 fan in one open-source 血战 server's fan table, ×64 and ×32,
  i.e. 6 and 5 fan, in the 萌娘百科 四川麻将 article another open-source calculator
  follows), so the fan is the table's to set.
* Self-draw: 自摸加底 (one more base per payer, the seed's recommendation) by default;
  自摸加番 is an option. The cap applies to the fan; the 加底 base is added after it.
* Cap: 4 fan by default (the seed's figures are uncapped: preset ``chengdu_five``).
* Kongs (刮风下雨) are paid when declared by each player still in: 暗杠 2 bases,
  补杠 1 base; a 直杠 is paid by its feeder alone, 2 bases (3 is an option).
* 杠上炮 呼叫转移 (on): the discarder hands the winner the whole income of the kong they
  just declared; with several winners on that discard the first one gets it.
* 点杠花 (a win on the replacement tile of a 直杠) is a self-draw paid by everyone still in
  by default; option: a discard win paid by the feeder (杠上花 still counts).
* 一炮多响: several players may win on one discard; each is paid by the discarder.
* Exhaustive draw: a 花猪 (holding all three suits, or its 定缺 suit) pays every other
  player still in who is not a 花猪 the cap (``huazhu_fan`` when set) and pays no 查大叫;
  every other player who is not ready pays each ready player still in base × 2^(the
  highest fan their wait can make, as a discard win, capped). Players not ready
  (花猪 included) give their kong income of the hand back to its payers (退税), payers
  who have won since included — the money is only returned.
* Under 血战到底, players who have won neither pay nor receive anything later in the hand.
* 血流成河 (``blood_flow``, off: the seed's 血战到底): a player who has won stays in,
  pays for the others' self-draws and kongs and may win again; the hand ends only with
  the wall, and the draw settles 花猪, 查大叫 and 退税 among the players who never won
  (winners are neither charged nor paid there, as under 血战到底).
* 换三张 (``exchange_three``): each hand records its direction (clockwise,
  counterclockwise, across) and nothing else changes; off by default since the seed's
  成麻 has no exchange (app servers offer it as a room switch).
* Next dealer: the first winner of the hand; when the first win is 一炮多响, the player
  who discarded; when nobody wins the dealer stays.
* Scores start at 0 and the game has no natural end (``game_hands`` can set one).
"""

from __future__ import annotations

from typing import Any

from ...items import declared
from ...result import Contract
from ...shapes import SEVEN_PAIRS_QUADS
from ...waits import STANDARD
from .entry import entry_spec
from .fans import ELEMENTS
from .game import SichuanGame
from .options import PRESETS, Options
from .score import EXTRA_ITEMS

NAME = "sichuan"
TITLE = "Sichuan (Chengdu, bloody to the end)"
TITLE_NATIVE = "四川麻将 (成都血战到底)"
SHORT_TITLE = 'Sichuan'
DESCRIPTION = 'Bloody battle: three suits, one suit left out, play goes on after a win.'
ORDER = 30
# Capabilities (scoring/engine/capabilities.py): score() names wins "discard" and
# "self_draw"; a hand holding all three suits cannot win (缺一门).
WIN_WORDS = ("discard", "self_draw")
NEEDS_MISSING_SUIT = True
# The shapes a win may take here, for the analyser's shanten and waits.
WIN_SHAPES: tuple[str, ...] = (STANDARD, SEVEN_PAIRS_QUADS)

game = SichuanGame()
ITEMS = (*declared(ELEMENTS), *EXTRA_ITEMS)

__all__ = ["DESCRIPTION", "ELEMENTS", "ITEMS", "NAME", "ORDER", "PRESETS", "SHORT_TITLE",
           "TITLE", "TITLE_NATIVE", "WIN_SHAPES", "Options", "entry_spec", "game", "score"]


def score(request: dict[str, Any]) -> Contract:
    """Score one win; see :mod:`.score` for the request and response."""
    from .score import score as _score

    return _score(request)
