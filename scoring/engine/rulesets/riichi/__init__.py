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
* Chombo as a final-score penalty (``chombo = final_points``, the EMA and WRC presets):
  the EMA Riichi Competition Rules (2016 edition) take 20,000 points (-20 after uma) from
  the offender's final score and give the other players nothing, and the WRC rules take
  30,000 from the overall score the same way. So the penalty is a final ``penalty`` row
  on the offender alone, paid to nobody. Every hand stays zero-sum with the pot; the final
  rows other than penalties add up to the pot they empty, and the penalties are the one
  amount outside play (:func:`scoring.engine.game.check_final_settlement`), so a table's
  club scores add up to minus its penalties, as on an EMA score sheet. It is shown from
  the hand it is recorded in: the hand's summary says "20,000 off the final score" and the
  scoreboard marks the offender until the end. Sharing it out to the others (as this
  package once did, +6,700/+6,700/+6,600) is the house rule of no source.
"""

from __future__ import annotations

from ...capabilities import Declaration, Standing
from ...items import declared
from ...shapes import SEVEN_PAIRS, THIRTEEN_ORPHANS
from ...waits import STANDARD
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
# Capabilities (scoring/engine/capabilities.py): the analyser asks the winds, the dora
# indicators and the riichi flag; stakes are paid per 1,000 points; the tile-danger
# estimate is for riichi players; the items' native names are Japanese.
ANALYSER_FIELDS: tuple[str, ...] = ("seat_wind", "round_wind", "dora_indicators", "riichi")
STAKE_UNIT = (1000, "per 1,000 points")
DANGER_TOOL = True
NATIVE_LANGUAGE = "ja"
# Riichi is declared live, from the declarer's phone while the hand is played: the
# outcome's ``riichi`` field lists the declarers, each of whom puts a 1,000-point stick in
# the pot when the hand is recorded (.game).
DECLARATIONS = (Declaration(
    key="riichi", label="Declare riichi", label_off="Take back riichi", mark="Riichi",
    done="Riichi declared: the stick goes in with the hand.", undone="Riichi taken back.",
    said="%(name)s declared riichi", unsaid="%(name)s took back their riichi",
    statistic="riichi_rate", statistic_label="Riichi rate", native="立直"),)
# Tournaments rank by the sessions' scores after uma and oka, which the tables' own final
# settlement adds (.game_end): the standings add up each seat's end points less the start.
STANDINGS = (Standing(
    key="final_score", label="Final score with uma and oka",
    source="EMA Riichi Competition Rules (2016) and the WRC rules: the sum of each "
           "session's score after uma and oka; players tied at a table share the uma of "
           "their places, as the tables' tie rule splits it.",
    unit=1000, decimals=1),)
# The shapes a win may take here, for the analyser's shanten and waits.
WIN_SHAPES: tuple[str, ...] = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
# Seat and round wind have one item per wind ("Seat wind East", 自風 東).
ELEMENTS = (*YAKU, *YAKUMAN)
ITEMS = (*declared(ELEMENTS), *EXTRA_ITEMS)

__all__ = ["DECLARATIONS", "DESCRIPTION", "ELEMENTS", "ITEMS", "NAME", "ORDER", "PRESETS",
           "SHORT_TITLE", "STANDINGS", "TITLE", "TITLE_NATIVE", "WIN_SHAPES", "Options",
           "entry_spec", "game", "score"]
