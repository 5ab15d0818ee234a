"""Japanese riichi (立直麻雀): hand scoring and, in :mod:`.game`, table settlement.

Request/response of :func:`score` are described in :mod:`.score`; payments in
:mod:`.points`; options and presets (with their sources) in :mod:`.options`.

Conventions chosen where rules vary (the others are options):

* Open tanyao allowed; three red fives; kazoe yakuman at 13 han; no kiriage.
* Double yakuman for kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii;
  different yakuman stack.
* An open hand with no fu beyond the base is 30 fu on ron (seed 001: "20 fu becomes 30"),
  pinfu tsumo is 20 fu, a double-wind pair is 4 fu (Tenhou, majiang-core).
* Renhou is not a yaku by default (Tenhou, M-League); options make it mangan, baiman or
  yakuman. When it is a limit (mangan/baiman) the hand is paid the higher of the limit
  and its ordinary value.
* Pao (包) for daisangen and daisuushii; it covers only the pao yakuman; on ron by a third
  player the discarder and the responsible player split the covered value and the
  discarder pays the honba (majiang-core's published results).
* Seven pairs are fixed 25 fu; the highest-paying reading of the hand wins (seed 001).
"""

from __future__ import annotations

from .game import GAME as game
from .options import PRESETS, Options

# Imported eagerly: a lazy import would let the submodule ``score`` replace this
# package attribute the first time it runs.
from .score import score

NAME = "riichi"
TITLE = "Japanese riichi"
TITLE_NATIVE = "立直麻雀"

__all__ = ["NAME", "TITLE", "TITLE_NATIVE", "Options", "PRESETS", "score", "game"]
