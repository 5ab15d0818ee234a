"""精 payments: each counted 精 collects from every other player; 冲关 and 霸精."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import BadInput
from ...result import Cause, Ledger, Payment
from ...tiles import parse_tiles, tile_name
from .hand import Jing
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
                           f"{tile_name(jing.zheng)}, 副精 {tile_name(jing.fu)})")
    if n > 4 * (options.zheng_jing + options.fu_jing):
        raise BadInput(f"{text} has more 精 tiles than the set holds")
    return n


def read_counts(extra: Mapping[str, Any], jing: Jing | None, options: Options) -> list[int]:
    """Counted 精 per player from ``jing_counts`` or ``jing_tiles``; zeros when neither."""
    if extra.get("jing_tiles") is not None:
        tiles = extra["jing_tiles"]
        if jing is None:
            raise BadInput("jing_tiles needs jing (the 正精 and 副精 of the hand)")
        if not isinstance(tiles, list) or len(tiles) != 4:
            raise BadInput("jing_tiles must list four strings, one per player")
        return [count_from_tiles(t, jing, options) for t in tiles]
    counts = extra.get("jing_counts")
    if counts is None:
        return [0, 0, 0, 0]
    top = 4 * (options.zheng_jing + options.fu_jing)
    if not isinstance(counts, list) or len(counts) != 4 or any(
            isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= top for n in counts):
        raise BadInput(f"jing_counts must list four whole numbers 0-{top}, one per player")
    if sum(counts) > top:
        raise BadInput(f"jing_counts add up to {sum(counts)} but four 正精 and four 副精 "
                       f"count {top} in all")
    return list(counts)


def per_payer(n: int, lone: bool, options: Options) -> int:
    """What each other player pays a holder of ``n`` counted 精."""
    if n <= 0:
        return 0
    amount = (n - 3) * n if n >= options.chongguan_at else n
    doubles = options.bajing == "always" or (
        options.bajing == "chongguan_only" and n >= options.chongguan_at)
    if lone and doubles:
        amount *= 2
    return amount * options.chip


def jing_deltas(counts: Sequence[int], options: Options) -> list[int]:
    holders = [p for p in range(4) if counts[p] > 0]
    out = [0, 0, 0, 0]
    for p in holders:
        amount = per_payer(counts[p], len(holders) == 1, options)
        for q in range(4):
            if q != p:
                out[q] -= amount
                out[p] += amount
    return out


def jing_summary(counts: Sequence[int], options: Options) -> dict[str, list[int]]:
    """Counts, what each holder gets from each other player and in all, and the deltas."""
    holders = [p for p in range(4) if counts[p] > 0]
    each = [per_payer(counts[p], len(holders) == 1, options) for p in range(4)]
    return {"counts": list(counts), "per_payer": each, "collects": [3 * a for a in each],
            "deltas": jing_deltas(counts, options)}


def jing_ledger(counts: Sequence[int], options: Options) -> list[Payment]:
    """The 精 payments by cause: 冲关 for a holder of ``chongguan_at`` or more, else 精."""
    holders = [p for p in range(4) if counts[p] > 0]
    ledger = Ledger()
    for p in holders:
        amount = per_payer(counts[p], len(holders) == 1, options)
        cause: Cause = "chongguan" if counts[p] >= options.chongguan_at else "jing"
        for q in range(4):
            if q != p:
                ledger.pay(q, p, amount, cause)
    return ledger.payments()
