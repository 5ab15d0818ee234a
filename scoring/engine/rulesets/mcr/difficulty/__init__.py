"""The fan difficulty index of seed 000 (难度指数), computed by exact counting.

The seed defines, for a fan, ``index = lg(random combinations / fan combinations)``,
where the fan combinations are weighted by a *meld factor* so that a set one may claim
counts as easier than one that must be drawn: per pung that may be claimed from anyone
or self-drawn x4, per pung that may only be claimed x3, per chow that may be claimed
from the left or self-drawn x2, anything else (a chow that may only be claimed, any set
that must stay concealed, a pair, seven pairs, 十三幺, knitted tiles) x1.

Counting model, reverse-engineered from the seed's worked example
------------------------------------------------------------------
字一色 = lg(C(136,14) / (161280 x 256 + 652728)) = 11.01 fixes the model:

* Objects are combinations of *physical* tiles from the 136 (flowers out): a hand whose
  kinds have counts c_i stands for prod C(4, c_i) combinations. 161280 = C(7,4) x
  C(4,3)^4 x C(3,1) x C(4,2) (four honour pungs, then a pair from the other three
  honours; the seed's text prints C(4,1) for the pair's kind but its product is C(3,1)).
  652728 = 6^7 + 7 x C(6,5) x 6^5 + C(7,2) x C(5,3) x 6^3 + C(7,3) x C(4,1) x 6 counts
  seven pairs with four equal tiles allowed as two pairs (1, 2 or 3 such quads).
* Each combination is multiplied by the meld factor of its reading: 4^4 for the four
  claimable pungs, 1 for seven pairs. A combination with several readings that show
  the fan is counted **once**, with the largest factor among those readings (the seed
  never meets such a hand; summing over readings would count one hand several times).
* 和牌 index: 14 tiles from C(136,14) forming a winning hand that shows the fan.
  Winning forms: four sets and a pair, seven pairs, 十三幺, 全不靠 (incl. 七星不靠) and
  组合龙 plus a set and a pair.
* 组牌 index: only the tiles the fan names, e.g. the 9 tiles of 大三元's three pungs
  against C(136,9); the combination must read as exactly those sets (and pair). For a
  fan about the whole hand (清一色, 七对, 全不靠...) the seed says the two coincide, so
  its 组牌 index is its 和牌 index.
* Kongs: as the seed says, every kong counts as a pung except in the kong fans. A fan of
  k kongs is counted on hands of 14 + k tiles (against C(136, 14+k)) read as exactly k
  kongs, the other sets and pair as usual; its 组牌 core is the 4k kong tiles. Kong
  factors: 四杠 / 三杠 x4 (claimed or concealed), 明杠 / 双明杠 x3 (claimed only), 暗杠 /
  双暗杠 x1.
* Concealment: 四暗刻 / 三暗刻 / 双暗刻 give the named pungs x1 and the other sets their
  usual factor; 九莲宝灯, 门前清, 不求人 are concealed throughout (x1); 全求人 has every
  set claimed, so pungs x3 and chows x1.

Choices where the seed is silent (the most common reading, written down)
------------------------------------------------------------------------
* A fan is "shown" when the hand meets its definition; the exclusion principles (不计)
  are ignored, since the index measures how hard a pattern is to assemble, not what the
  scorer pays. So 大四喜 hands also show 三风刻, 清一色 hands show 缺一门 and 无字.
* Tile-property fans (清一色, 断幺, 五门齐, 绿一色...) hold in any winning form whose tiles
  qualify (seven pairs and 十三幺 included). Set-property fans (碰碰和, 平和, 全带幺,
  全带五, 全双刻 and every fan naming sets) need four sets and a pair. 混幺九 is pungs and
  pair or seven pairs with both terminals and honours (十三幺 is a different shape).
* 缺一门 means at least one suit absent; 圈风刻 / 门风刻 are counted for one fixed wind;
  不求人 has the 门前清 count because its self-draw half is a win-time event.
* 四归一: 和牌 counts hands holding four equal tiles that are not a kong; its 组牌 core
  is the four tiles alone (34 combinations, factor 1).
* 组合龙: its 组牌 core is the nine knitted tiles (6 suit orders x 4^9, factor 1).

Fans without an index (reason in ``NOT_COUNTABLE``): the win-time events 妙手回春,
海底捞月, 杠上开花, 抢杠和, 自摸; 和绝张 (depends on visible tiles); the wait shapes 边张,
坎张, 单钓将 (depend on which tile won); 无番和 (the absence of every other fan, events
included); 花牌 (flowers take no part, as the seed says).

Against the seed's own words: 字一色 gives 11.01 and 双暗杠 / 十三幺 and 双明杠 / 小三元
come out close, as it says. Its guesses for the fans it could not count do not all hold:
绿一色 is 11.32 (guessed 10.5-11) and 清一色 7.98 (guessed 9-10; 9.50 without the meld
factor). Its "组牌 is 0.3-0.6 above 和牌" holds for 大四喜, 小四喜 and 小三元; 大三元 and
三风刻 are 0.63 above, and for one-set fans (箭刻, 幺九刻, 暗杠...) the 组牌 index is the
lower one, since three tiles are easy to find among nine but a winning hand is not.
The seed's table of 50 fans is an image missing from the text, so only the figures
printed in the text are reproduced (tests/test_seed.py).

The counting itself is in :mod:`.engine`; the readings it sums over in
:mod:`.readings`; the fans in :mod:`.fans`, :mod:`.hands` and :mod:`.sets`. The whole
table takes well under a minute on one core.

Run ``python -m scoring.engine.rulesets.mcr.difficulty`` to regenerate
``data/fan_difficulty.json`` (progress on stderr).
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..fans import FANS
from . import fans, hands, sets
from .engine import Count, count
from .fans import NOT_COUNTABLE, DifficultyFan

# Every fan the index counts, one instance each (a fan of the table missing here is in
# NOT_COUNTABLE, with the reason).
MODELS: tuple[DifficultyFan, ...] = (*fans.MODELS, *hands.MODELS, *sets.MODELS)

TOTAL_TILES = 136
DATA_PATH = Path(__file__).parent.parent / "data" / "fan_difficulty.json"
# The fingerprint of the sources that wrote DATA_PATH (sources_fingerprint()): the table
# takes half a minute of CPU to count, so its test counts it all again only when these
# sources changed, and otherwise a sample of fans (tests/test_table.py).
FINGERPRINT_PATH = DATA_PATH.with_suffix(".sources.sha256")

Progress = Callable[[int, int, str], None]


def difficulty_index(tiles: int, weighted: int, total: int = TOTAL_TILES) -> float:
    """lg(C(total, tiles) / weighted): the seed's formula."""
    return math.log10(math.comb(total, tiles)) - math.log10(weighted)


def tutorial_coefficient(needed: int, limited: int, total: int = 144) -> float:
    """The 《国标麻将教程》 coefficient the seed starts from (and rejects).

    (tiles the fan needs / tiles it may use) / (tiles it may use / all 144 tiles):
    大四喜 needs 12 of the 16 winds, 6.75.
    """
    return (needed / limited) / (limited / total)


def frequency_index(total_hands: int, occurrences: int) -> float:
    """lg(hands played / hands showing the fan): the seed's 频率指数 (七对 1.50)."""
    return math.log10(total_hands / occurrences)


def _counts(tiles: int, c: Count) -> dict[str, Any]:
    return {
        "tiles": tiles,
        "random": math.comb(TOTAL_TILES, tiles),
        "weighted": c.weighted,
        "hands": c.hands,
    }


def fan_entry(fan: DifficultyFan) -> dict[str, Any]:
    """Both indices of one fan with the counts behind them."""
    hupai = count(fan, whole=True)
    hu = _counts(fan.hand_size, hupai)
    if fan.core is None:
        zu = hu
    else:
        core = fan.core_count() or count(fan, whole=False)
        zu = _counts(fan.core_size, core)
    return {
        "zupai_index": round(difficulty_index(zu["tiles"], zu["weighted"]), 4),
        "hupai_index": round(difficulty_index(hu["tiles"], hu["weighted"]), 4),
        "counts": {"zupai": zu, "hupai": hu},
        "whole_hand": fan.core is None,
        "note": fan.note,
    }


def sources_fingerprint() -> str:
    """SHA-256 of everything the table is counted from: this package's modules and the
    fan table (``..fans``: ids, names, points). The counting is exact and deterministic,
    so the same sources give the same table."""
    here = Path(__file__).parent
    digest = hashlib.sha256()
    for source in [*sorted(here.glob("*.py")), here.parent / "fans.py"]:
        digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()


def compute_table(progress: Progress | None = None,
                  only: set[str] | None = None) -> list[dict[str, Any]]:
    """One dict per official fan, in the order of the 81-fan table (``only``: the fans of
    these Chinese names alone, in the same order).

    Keys: ``id``, ``name_zh``, ``name_en``, ``points``, ``zupai_index`` (组牌),
    ``hupai_index`` (和牌), ``counts`` (``{"zupai"|"hupai": {"tiles", "random",
    "weighted", "hands"}}``, exact integers), ``whole_hand``, ``note``. Fans the model
    cannot count have both indices ``None``, ``counts`` ``None`` and the reason in
    ``note``. ``progress(done, total, name_zh)`` is called after each fan.
    """
    by_name = {f.name_zh: f for f in MODELS}
    rows: list[dict[str, Any]] = []
    chosen = [f for f in FANS if only is None or f.name_zh in only]
    for i, fdef in enumerate(chosen):
        row: dict[str, Any] = {
            "id": fdef.id,
            "name_zh": fdef.name_zh,
            "name_en": fdef.name_en,
            "points": fdef.points,
        }
        fan = by_name.get(fdef.name_zh)
        if fan is None:
            row.update(
                zupai_index=None,
                hupai_index=None,
                counts=None,
                whole_hand=None,
                note=NOT_COUNTABLE[fdef.name_zh],
            )
        else:
            row.update(fan_entry(fan))
        rows.append(row)
        if progress is not None:
            progress(i + 1, len(chosen), fdef.name_zh)
    return rows


def write_table(path: Path = DATA_PATH, progress: Progress | None = None,
                only: set[str] | None = None) -> list[dict[str, Any]]:
    rows = compute_table(progress, only)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if path == DATA_PATH and only is None:
        FINGERPRINT_PATH.write_text(sources_fingerprint() + "\n", encoding="utf-8")
    return rows


def _stderr_progress(done: int, total: int, name: str) -> None:
    print(f"[{done:2d}/{total}] {name}", file=sys.stderr, flush=True)


def main() -> None:
    write_table(progress=_stderr_progress)
    print(f"wrote {DATA_PATH}", file=sys.stderr)
