"""A riichi win typed in quick: han and fu, yakuman, or the points, read into the base
points the table pays (the tiles are scored by :mod:`.score` instead)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import BadOutcome
from .options import Options
from .points import base_points


def positive_int(quick: Mapping[str, Any], key: str, minimum: int = 1) -> int:
    value = quick.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise BadOutcome(f"quick '{key}' must be a whole number of at least {minimum}, "
                         f"got {value!r}", params={"reason": "at_least",
                                                   "field": f"quick.{key}", "min": minimum})
    return value


def quick_value(quick: Any, dealer: bool,
                opts: Options) -> tuple[int, int, dict[str, Any], str]:
    """Base points, the part pao would cover, result detail and text of a quick entry."""
    if not isinstance(quick, Mapping):
        raise BadOutcome(f"'quick' must be an object, got {quick!r}")
    keys = set(quick)
    if keys == {"han", "fu"}:
        han, fu = positive_int(quick, "han"), positive_int(quick, "fu", 20)
        if fu != 25 and fu % 10:
            raise BadOutcome(f"fu is 25 or a multiple of 10, got {fu}",
                             params={"reason": "fu", "field": "quick.fu"})
        base, limit = base_points(han, fu, 0, opts)
        text = f"{han} han {fu} fu" + (f" {limit}" if limit else "")
        info: dict[str, Any] = {"han": han, "fu": fu, "limit": limit}
        pao_base = base
    elif keys <= {"yakuman", "pao_yakuman"} and "yakuman" in keys:
        count = positive_int(quick, "yakuman")
        covered = positive_int(quick, "pao_yakuman") if "pao_yakuman" in keys else count
        if covered > count:
            raise BadOutcome("'pao_yakuman' cannot exceed 'yakuman'")
        base, limit = base_points(0, 0, count, opts)
        pao_base = base if opts.pao_scope == "whole_hand" else base * covered // count
        text = limit or "yakuman"
        info = {"yakuman": count, "limit": limit}
    elif keys == {"points"}:
        points = positive_int(quick, "points", 100)
        if points % 100:
            raise BadOutcome(f"quick points are a multiple of 100, got {points}",
                             params={"reason": "hundreds", "field": "quick.points"})
        # Floor keeps ron_value(base) == points for every multiple of 100 (the round-up
        # to 100 absorbs the lost fraction); tsumo shares then follow the usual split.
        base = points // (6 if dealer else 4)
        pao_base = base
        text = f"{points} points"
        info = {"points": points}
    else:
        raise BadOutcome("quick must be {\"han\", \"fu\"}, {\"yakuman\"} or {\"points\"}; "
                         f"got keys {sorted(keys)}", params={"reason": "quick_riichi"})
    info.update(mode="quick", base_points=base)
    return base, pao_base, info, text
