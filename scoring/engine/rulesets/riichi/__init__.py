"""Japanese riichi (立直麻雀): hand scoring and, in :mod:`.game`, table settlement.

Request/response of :func:`score` are described in :mod:`.score`; payments in
:mod:`.points`; options and presets (with their sources) in :mod:`.options`.

Conventions chosen where rules vary (the others are options):

* Open tanyao allowed; three red fives; kazoe yakuman at 13 han; no kiriage.
* Double yakuman for kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii;
  different yakuman stack.
* An open hand with no fu beyond the base is 30 fu on ron (seed 001: "20 fu becomes 30";
  an open tsumo is 22 -> 30 whatever the option), pinfu tsumo is 20 fu (the option
  ``pinfu_tsumo_fu=2`` is the old ピンヅモなし rule: no pinfu on tsumo, 2 fu instead), a
  double-wind pair is 4 fu (Tenhou, majiang-core).
* Renhou is not a yaku by default (Tenhou, M-League); options make it a yakuman, or a
  5-han ("mangan") or 8-han ("baiman") yaku that adds to the hand's other yaku, the
  common club reading (and the ``mahjong`` package's), or (``mangan_or_hand``, the EMA's
  "strict mangan") a mangan unless the hand's own yaku and dora pay more.
* Ura dora count only with riichi; a request with ura indicators and no riichi is refused
  rather than silently ignored. Dora never make a yaku (``no_yaku``).
* Open riichi, when the option is on, is one extra han on top of riichi (2 in all).
* A nagashi mangan request is paid as a mangan tsumo; the table rules decide whether
  honba and sticks are passed with it.
* Pao (包) for daisangen and daisuushii; it covers only the pao yakuman; on ron by a third
  player the discarder and the responsible player split the covered value and the
  discarder pays the honba (majiang-core's published results).
* Seven pairs are fixed 25 fu; the highest-paying reading of the hand wins (seed 001),
  ties going to more han, then more fu.
* Seven pairs and thirteen orphans are recognised by small checks in :mod:`.hand`
  (``scoring.engine.shapes`` had not landed when this was written); standard shapes are
  split by :mod:`.split`, a per-suit cached equivalent of
  :func:`scoring.engine.decompose.decompositions` (tested to agree) that the benchmark
  needs.
"""

from __future__ import annotations

from ...items import info
from .entry import entry_spec
from .game import GAME as game
from .options import PRESETS, Options

# Imported eagerly: a lazy import would let the submodule ``score`` replace this
# package attribute the first time it runs.
from .score import EXTRA_ITEMS, score
from .yaku import YAKU
from .yakuman import YAKUMAN

NAME = "riichi"
TITLE = "Japanese riichi"
TITLE_NATIVE = "立直麻雀"
SHORT_TITLE = 'Riichi'
DESCRIPTION = 'Japanese mahjong: han and fu, riichi sticks, honba and limits.'
ORDER = 10
# Seat and round wind have one item per wind ("Seat wind East", 自風 東).
ITEMS = (*(info(key, name, native, y.unit, y.value) for y in (*YAKU, *YAKUMAN)
           for key, name, native in y.variants()), *EXTRA_ITEMS)

__all__ = ["DESCRIPTION", "ITEMS", "NAME", "ORDER", "PRESETS", "SHORT_TITLE", "TITLE",
           "TITLE_NATIVE", "Options", "entry_spec", "game", "score"]
