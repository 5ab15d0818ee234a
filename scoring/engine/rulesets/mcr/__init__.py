"""Chinese Official mahjong (国标麻将, MCR): the 81 fans, the 8-fan minimum and payments.

Scoring follows the official fan table (中国麻将竞赛规则) and its five principles: 不重复
(a fan implied by a higher one is not scored again), 不拆移 (sets used in one combination
are not split up to make another), 不得相同 (a set already in one fan cannot form the same
fan again with another set), 就高不就低 (of all readings of the hand the highest total
wins) and 套算一次 (a set may combine with an already combined set only once). Flowers are
1 fan each and never count toward the minimum.

Conventions chosen where the rule text is silent or clubs differ (the others are options):

* one exposed and one concealed kong score 明杠 1 + 暗杠 2; the 明暗杠 (5) of some
  calculators is not one of the 81 fans;
* 边张, 坎张 and 单钓将 need the winning tile to be the only kind that completes the hand
  (a kind whose four copies the winner already holds is not a wait: 中国麻将竞赛规则's 独听
  is about the tiles that can still complete the hand); when the tile fits several places,
  边张 is taken before 坎张 before 单钓将. Option ``dead_waits`` counts waits by the
  hand's shape alone, a held-out fifth copy included, as pymahjonggb (and several online
  platforms) do;
* a pung completed by a discard is exposed (not 暗刻) unless the discard can be read as part
  of a concealed chow of the same reading;
* a wind pung that scores 圈风刻, 门风刻 or belongs to 三风刻/小四喜/大四喜 is not also 幺九刻;
  清幺九 does not also score 双同刻;
* 全铳 (option ``quanchong``) has the discarder pay fan + 3 x base alone;
* 天和 (dealer wins on the deal, 88), 地和 (non-dealer wins on the dealer's first discard, 88)
  and 人和 (non-dealer self-draws on the first draw, 64) are off by default; when on they are
  added to the hand's fans and replace 不求人/门前清/自摸;
* a false win (错和) costs ``false_win_penalty`` to each other player; the game ends with
  placement points 4/2/1/0.

``score(request)`` input: ``hand`` (13 concealed tiles, or 14 including the winning tile;
flowers may be written in it), ``melds`` (``"chi 123m from N"``, ``"pon 555z from W"``,
``"kan 1111p"``, ``"ankan 9999s"``, ``"kakan 5555m"``), ``win_tile``, ``win`` (``ron`` or
``tsumo``), ``seat_wind`` and ``round_wind`` (E S W N, default E), ``flowers`` (a count or
tiles ``"1f5f"``), flags ``last_tile`` (和绝张), ``kong`` (抢杠和 on ron, 杠上开花 on
tsumo), ``wall_last`` (海底捞月 on ron, 妙手回春 on tsumo), ``discarder`` (seat, for the
deltas of a ron), ``heavenly_hand``/``earthly_hand``/``human_hand``, ``preset``, ``options``.

``score(request)`` output: ``fans`` (``[{"id", "name_zh", "name_en", "points", "count"}]``
in table order, flowers last as 花牌), ``hand_fan`` (without flowers: what the minimum is
checked against), ``flowers``, ``total`` (``hand_fan`` + flowers: what is paid),
``deltas`` (``{"E": .., "S": .., "W": .., "N": ..}``, zero-sum; ``None`` for a ron that
names no discarder), ``win``, ``seat_wind``, ``round_wind``, ``win_tile``, ``reading`` (the
chosen reading's sets and pair) and ``options``. Under the minimum it raises
``below_minimum_fan``. Settling a recorded hand uses :func:`.payments.payments`.

Checked against pymahjonggb (the C++ ChineseOfficialMahjong calculator) on 20,000 seeded
random hands in ``tests/test_reference_differential.py``; the one documented difference
(the four-copy wait rule above) is in ``tests/data/reference_exceptions.json``, and with
``dead_waits`` on every one of those hands scores exactly as pymahjonggb scores it.

Speed: the scorer remembers what hands share (fans per packed tile/situation facts, suit
shapes, fans between sets, exclusion results; see :mod:`.scorer`), so a long-running
process gets faster as it sees hands. ``bench/mcr.py`` measures it against pymahjonggb
both from empty caches and warm.
"""

from __future__ import annotations

from ...capabilities import POINTS_WON, Standing
from ...items import declared, info
from ...shapes import HONOURS_AND_KNITTED, KNITTED_STRAIGHT, SEVEN_PAIRS_QUADS, THIRTEEN_ORPHANS
from ...waits import STANDARD
from .entry import entry_spec
from .fans import FANS, fan_table
from .game import ENTERED
from .game import GAME as game
from .options import PRESETS, Options
from .payments import payments
from .rules import ELEMENTS
from .scorer import INITIAL_HANDS, score

NAME = "mcr"
TITLE = "Chinese Official (MCR)"
TITLE_NATIVE = "国标麻将"
SHORT_TITLE = 'Chinese Official (MCR)'
DESCRIPTION = 'The 81 fan of the Mahjong Competition Rules; a win needs 8.'
ORDER = 20
# Capabilities (scoring/engine/capabilities.py): the analyser asks the winds; the fan
# page is the site subpackage's (site/urls.py).
ANALYSER_FIELDS: tuple[str, ...] = ("seat_wind", "round_wind")
# Tournaments rank by table points, then score; the table points are the placement points
# the tables' final table gives (the option, 4/2/1/0 by default), tied players sharing them.
STANDINGS = (
    Standing(key="table_points", label="Table points (4/2/1/0), then score",
             source="Mahjong Competition Rules (中国麻将竞赛规则, 1998) and the EMA's MCR "
                    "rules: 4, 2, 1 and 0 table points by place at each table, tied players "
                    "sharing the points of their places; the score (the points won) breaks "
                    "ties.",
             table_points=(4, 2, 1, 0), table_points_option="placement_points"),
    POINTS_WON,
)
# The shapes a win may take here, for the analyser's shanten and waits.
WIN_SHAPES: tuple[str, ...] = (STANDARD, SEVEN_PAIRS_QUADS, THIRTEEN_ORPHANS,
                               HONOURS_AND_KNITTED, KNITTED_STRAIGHT)
# The fan table's fans (a detector each, in the table's order), the three initial hands'
# as the scorer lists them, and a quick entry's typed-in fan.
ITEMS = (*declared(ELEMENTS),
         *(info(f"{flag}_hand", en, zh, "fan", 0)
           for flag, (zh, en, _, _) in INITIAL_HANDS.items()), ENTERED)

__all__ = ["DESCRIPTION", "ELEMENTS", "FANS", "ITEMS", "NAME", "ORDER", "PRESETS",
           "SHORT_TITLE", "STANDINGS", "TITLE", "TITLE_NATIVE", "WIN_SHAPES", "Options",
           "entry_spec", "fan_table", "game", "payments", "score"]
