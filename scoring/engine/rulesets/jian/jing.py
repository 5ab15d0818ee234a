"""精 payments: each counted 精 collects from every other player; 冲关 and 霸精.

The same payments settle the 精 turned at the start (上精) and, where the table plays it,
each pair turned again at the end (下精, 回头一笑): :func:`jing_summary` and
:func:`jing_ledger` are asked once per pair of 精. ``dealer`` matters only where 霸精 is
the dealer's alone (``bajing_holder``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import BadInput
from ...result import Cause, Ledger, Payment
from ...tiles import parse_tiles, tile_name
from .hand import Jing, read_jing
from .options import Options


def count_from_tiles(text: Any, jing: Jing, options: Options) -> int:
    """Counted 精 of a player's 精 tiles: 正精 count ``zheng_jing`` (2), 副精 ``fu_jing``."""
    if not isinstance(text, str):
        raise BadInput("jing_tiles must list each player's 精 tiles as a string, e.g. '5m5m6m'")
    n = 0
    for t in parse_tiles(text):
        if t.kind == jing.zheng:
            n += options.zheng_jing
        elif t.kind == jing.fu:
            n += options.fu_jing
        else:
            raise BadInput(f"{tile_name(t.kind)} is not 精 this hand (正精 "
                           f"{tile_name(jing.zheng)}, 副精 {tile_name(jing.fu)})",
                           params={"tile": tile_name(t.kind), "reason": "not_jing"})
    if n > 4 * (options.zheng_jing + options.fu_jing):
        raise BadInput(f"{text} has more 精 tiles than the set holds")
    return n


def read_counts(extra: Mapping[str, Any], jing: Jing | None, options: Options,
                counts_key: str = "jing_counts", tiles_key: str = "jing_tiles") -> list[int]:
    """Counted 精 per player from ``jing_counts`` or ``jing_tiles`` (or the keys named);
    zeros when neither is given."""
    if extra.get(tiles_key) is not None:
        tiles = extra[tiles_key]
        if jing is None:
            raise BadInput(f"{tiles_key} needs jing (the 正精 and 副精 of the hand)")
        if not isinstance(tiles, list) or len(tiles) != 4:
            raise BadInput(f"{tiles_key} must list four strings, one per player")
        return [count_from_tiles(t, jing, options) for t in tiles]
    counts = extra.get(counts_key)
    if counts is None:
        return [0, 0, 0, 0]
    top = 4 * (options.zheng_jing + options.fu_jing)
    if not isinstance(counts, list) or len(counts) != 4 or any(
            isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= top for n in counts):
        raise BadInput(f"{counts_key} must list four whole numbers 0-{top}, one per player",
                       params={"field": counts_key, "min": 0, "max": top})
    if sum(counts) > top:
        raise BadInput(f"{counts_key} add up to {sum(counts)} but four 正精 and four 副精 "
                       f"count {top} in all", params={"field": counts_key, "count": sum(counts),
                                                      "max": top, "reason": "jing_total"})
    return list(counts)


BAJING_PLUS = 10  # 霸王+10: chips each other player adds for a lone holder


def per_payer(n: int, lone: bool, options: Options) -> int:
    """What each other player pays a holder of ``n`` counted 精 (``lone``: 霸精)."""
    if n <= 0:
        return 0
    amount = (n - 3) * n if n >= options.chongguan_at else n
    doubles = options.bajing == "always" or (
        options.bajing == "chongguan_only" and n >= options.chongguan_at)
    if lone and doubles:
        amount = amount * 2 if options.bajing_bonus == "double" else amount + BAJING_PLUS
    return amount * options.chip


def is_lone(p: int, holders: Sequence[int], options: Options, dealer: int | None) -> bool:
    """霸精: ``p`` alone holds 精 (and is the dealer, where only the dealer's counts)."""
    return len(holders) == 1 and (options.bajing_holder == "any" or p == dealer)


def jing_deltas(counts: Sequence[int], options: Options, dealer: int | None = None
                ) -> list[int]:
    holders = [p for p in range(4) if counts[p] > 0]
    out = [0, 0, 0, 0]
    for p in holders:
        amount = per_payer(counts[p], is_lone(p, holders, options, dealer), options)
        for q in range(4):
            if q != p:
                out[q] -= amount
                out[p] += amount
    return out


def jing_summary(counts: Sequence[int], options: Options, dealer: int | None = None
                 ) -> dict[str, list[int]]:
    """Counts, what each holder gets from each other player and in all, and the deltas."""
    holders = [p for p in range(4) if counts[p] > 0]
    each = [per_payer(counts[p], is_lone(p, holders, options, dealer), options)
            for p in range(4)]
    return {"counts": list(counts), "per_payer": each, "collects": [3 * a for a in each],
            "deltas": jing_deltas(counts, options, dealer)}


def jing_ledger(counts: Sequence[int], options: Options, dealer: int | None = None
                ) -> list[Payment]:
    """The 精 payments by cause: 冲关 for a holder of ``chongguan_at`` or more, else 精."""
    holders = [p for p in range(4) if counts[p] > 0]
    ledger = Ledger()
    for p in holders:
        amount = per_payer(counts[p], is_lone(p, holders, options, dealer), options)
        cause: Cause = "chongguan" if counts[p] >= options.chongguan_at else "jing"
        for q in range(4):
            if q != p:
                ledger.pay(q, p, amount, cause)
    return ledger.payments()


DISCARDED_KEYS = ("jing_discarded", "jing_discarded_tiles")


def read_discarded(extra: Mapping[str, Any], jing: Jing | None, options: Options) -> list[int]:
    """Counted 精 each player discarded (``jing_discarded`` or ``jing_discarded_tiles``),
    where they still count (``discarded_jing``; elsewhere the entry spec has no such
    field, so a table refuses them as unknown)."""
    if not options.discarded_jing:
        return [0, 0, 0, 0]
    return read_counts(extra, jing, options, *DISCARDED_KEYS)


def read_lower(extra: Mapping[str, Any], options: Options) -> list[list[int]]:
    """Counted 精 per player of each 下精 pair turned at the end (``lower_jing`` turns).

    ``extra.lower_jing`` lists one object per turn: ``{"zheng": "3p", "fu": "4p",
    "jing_counts": [...]}`` or ``"jing_tiles"`` (which needs the turned ``zheng``), like the
    hand's own 精; zeros for a turn (or all of them) not given.
    """
    raw = extra.get("lower_jing")
    turns = options.lower_jing
    if not turns:  # no such field in the entry spec: a table refuses it as unknown
        return []
    if raw is None:
        return [[0, 0, 0, 0] for _ in range(turns)]
    if not isinstance(raw, list) or len(raw) != turns or not all(
            isinstance(turn, Mapping) for turn in raw):
        raise BadInput(f"lower_jing must list the {turns} 下精 pair(s) turned at the end, "
                       'each like {"zheng": "3p", "jing_counts": [0, 2, 0, 1]}')
    return [read_counts(turn, read_jing(turn) if turn.get("zheng") is not None else None,
                        options) for turn in raw]
