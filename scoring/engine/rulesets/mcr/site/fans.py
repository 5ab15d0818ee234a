"""The fan list's rows and plot: each fan with its example tiles, difficulty indices and
how often this site's MCR wins scored it."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from scoring import rendering
from scoring.pages import meld_view, tile_view, tiles

from .. import NAME
from ..difficulty import DATA_PATH
from ..fans import FANS

__all__ = ["NAME", "Plot", "fan_counts", "fan_rows", "load_difficulty", "scatter"]



def load_difficulty() -> dict[str, dict[str, Any]]:
    """The shipped difficulty table by fan id (see difficulty.compute_table for its rows)."""
    rows = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    return {row["id"]: row for row in rows}


def fan_counts(results: Iterable[Any]) -> tuple[int, Counter[str]]:
    """Wins scored from their tiles and, per fan id, the wins that scored it, over hands'
    results (the result contract: a win names its ``winner``, its fans are its ``items``
    keyed by fan id). A win whose fan was typed in (the item ``entered``) names no fans,
    so it is not counted."""
    wins = 0
    seen: Counter[str] = Counter()
    for result_list in results:
        for result in result_list:
            keys = {item["key"] for item in result["items"]}
            if result["winner"] is None or "entered" in keys:
                continue
            wins += 1
            seen.update(keys)
    return wins, seen


def fan_rows(wins: int, seen: Mapping[str, int]) -> list[dict[str, Any]]:
    difficulty = load_difficulty()
    rows = []
    for fan in FANS:
        d = difficulty.get(fan.id, {})
        example = fan.example
        count = seen.get(fan.id, 0)
        rows.append({
            # The fan's own name in the page's script (绿一色 is 綠一色 on a 繁體 page), the
            # English one for English readers only, the definition in the reader's language.
            "id": fan.id, "name_zh": rendering.respelled(fan.name_zh),
            "name_en": fan.name_en if rendering.english() else "",
            "points": fan.points, "definition": gettext(fan.definition),
            "hand": tiles(example.get("hand", "")),
            "melds": [meld_view(m) for m in example.get("melds", [])],
            "win_tile": tile_view(example["win_tile"]) if example.get("win_tile") else None,
            "win": example.get("win", "ron"),
            "zupai": d.get("zupai_index"), "hupai": d.get("hupai_index"),
            "zupai_text": _index_text(d.get("zupai_index")),
            "hupai_text": _index_text(d.get("hupai_index")),
            "note": d.get("note", ""),
            "count": count, "share": (100.0 * count / wins) if wins else 0.0,
        })
    return rows


def _index_text(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


@dataclass(frozen=True)
class Plot:
    """An SVG scatter plot drawn by the template: coordinates already in pixels."""

    width: int
    height: int
    left: int
    bottom: int
    top: int
    right: int
    points: list[dict[str, Any]]
    x_ticks: list[dict[str, Any]]
    y_ticks: list[dict[str, Any]]

    @property
    def middle(self) -> float:
        return (self.left + self.right) / 2


def scatter(rows: list[dict[str, Any]], width: int = 340, height: int = 240) -> Plot:
    """Difficulty index (x; 和牌 filled, 组牌 hollow) against the share of wins (y, %)."""
    left, right, top, bottom = 36, width - 8, 10, height - 28
    xs = [r[k] for r in rows for k in ("hupai", "zupai") if r[k] is not None]
    x_min = math.floor(min(xs)) if xs else 0
    x_max = math.ceil(max(xs)) if xs else 1
    x_max = max(x_max, x_min + 1)
    y_max_data = max((r["share"] for r in rows), default=0.0)
    y_max = 10.0 if y_max_data <= 0 else _nice_ceiling(y_max_data)

    def px(x: float) -> float:
        return round(left + (x - x_min) / (x_max - x_min) * (right - left), 1)

    def py(y: float) -> float:
        return round(bottom - y / y_max * (bottom - top), 1)

    points = []
    for r in rows:
        for kind in ("hupai", "zupai"):
            if r[kind] is None:
                continue
            points.append({"x": px(r[kind]), "y": py(r["share"]), "kind": kind,
                           "title": f"{r['name_zh']} {r['name_en']}".strip() +
                                    f": {r[kind]:.2f}, "
                                    f"{r['share']:.1f}%"})
    step = 1 if x_max - x_min <= 8 else 2
    x_ticks = [{"pos": px(v), "label": str(v)} for v in range(x_min, x_max + 1, step)]
    y_ticks = [{"pos": py(y_max * i / 4), "label": f"{y_max * i / 4:g}"} for i in range(5)]
    return Plot(width, height, left, bottom, top, right, points, x_ticks, y_ticks)


def _nice_ceiling(value: float) -> float:
    magnitude = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if value <= step * magnitude:
            return step * magnitude
    return 10 * magnitude
