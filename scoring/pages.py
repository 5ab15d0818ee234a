"""Helpers of the analysis and fan pages (scoring/views.py): tiles for drawing, the analyse
and danger requests built from a query string, and the fan page's statistics and plot.

The pages are plain GET forms so that they work without scripts and every result is a
link one can share at the table; static/js/analyse.js and danger.js enhance them by
calling ``POST /api/analyse/`` and ``/api/danger/`` with the same requests.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from scoring import registry, rendering
from scoring.engine.errors import EngineError

HONOURS = "東南西北白發中"
SUIT_MARK = {"m": "萬", "p": "筒", "s": "索"}
WINDS = ("E", "S", "W", "N")
# Rulesets whose score() reads the seat and round wind of the winner.
WIND_RULESETS = ("riichi", "mcr")
MELD_WORDS = ("chi", "pon", "kan", "ankan", "kakan")


@dataclass(frozen=True)
class TileView:
    code: str
    label: str
    suit: str
    red: bool


def tile_view(code: str) -> TileView:
    digit, suit = code[0], code[1]
    if suit == "z":
        label = HONOURS[int(digit) - 1] if "1" <= digit <= "7" else code
    else:
        label = f"{'5' if digit == '0' else digit}{SUIT_MARK.get(suit, suit)}"
    return TileView(code=code, label=label, suit=suit, red=digit == "0")


def expand(text: str | Iterable[str] | None) -> list[str]:
    """``"123m11z"`` → ``["1m", "2m", "3m", "1z", "1z"]``; a list of codes passes through.

    Only for drawing: anything that is not a digit or a suit letter is skipped, and the
    engine itself reports bad notation when the request is run.
    """
    if text is None:
        return []
    if not isinstance(text, str):
        return [str(code) for code in text]
    out: list[str] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        elif ch in "mpsz":
            out.extend(d + ch for d in digits)
            digits = ""
    return out


def tiles(text: str | Iterable[str] | None) -> list[TileView]:
    return [tile_view(code) for code in expand(text)]


def split_melds(text: str) -> list[str]:
    """Melds typed one per line or separated by commas/semicolons: ``"pon 777z, chi 123m"``."""
    return [part.strip() for part in re.split(r"[\n,;]+", text or "") if part.strip()]


def meld_view(text: str) -> dict[str, Any]:
    word, _, rest = text.partition(" ")
    return {"kind": word, "tiles": tiles(rest.split(" from ")[0])}


# --- the analyser -----------------------------------------------------------------------

ANALYSE_FIELDS = ("ruleset", "preset", "hand", "melds", "visible", "seat_wind", "round_wind",
                  "dora", "riichi", "jing", "table")


def ruleset_choices() -> list[dict[str, Any]]:
    """Every usable ruleset with its presets and their full options (for the form and JS)."""
    out = []
    for name in registry.usable():
        rs = registry.get(name)
        out.append({
            "name": name, "title": rs.short_title, "title_native": rs.native_for_reader,
            "presets": [{"name": p, "title": gettext(str(spec["title"])) if spec.get("title")
                         else p,
                         "options": rs.resolve(p)} for p, spec in rs.presets.items()],
        })
    return out


def resolve_options(ruleset: str, preset: str, overrides: Mapping[str, Any] | None = None
                    ) -> tuple[str, dict[str, Any]]:
    """The preset actually used (the ruleset's first when unknown) and its full options."""
    rs = registry.get(ruleset)
    presets = list(rs.presets)
    if preset not in presets:
        preset = presets[0] if presets else ""
    try:
        return preset, rs.resolve(preset, dict(overrides or {}))
    except EngineError:
        # A table's stored overrides that no longer build fall back to the plain preset.
        return preset, rs.resolve(preset)


def analyse_request(form: Mapping[str, str], options: dict[str, Any]) -> dict[str, Any]:
    """The engine request of the analyser form (the same one analyse.js posts)."""
    ruleset = form["ruleset"]
    request: dict[str, Any] = {"ruleset": ruleset, "hand": form.get("hand", ""),
                               "options": options}
    melds = split_melds(form.get("melds", ""))
    if melds:
        request["melds"] = melds
    visible = expand(form.get("visible", ""))
    if ruleset in WIND_RULESETS:
        request["seat_wind"] = form.get("seat_wind") or "E"
        request["round_wind"] = form.get("round_wind") or "E"
    if ruleset == "riichi":
        if form.get("riichi") and not melds:
            request["riichi"] = True
        dora = expand(form.get("dora", ""))
        if dora:
            request["dora_indicators"] = dora
            # An indicator lies face up on the wall, so it is one copy fewer to draw.
            visible += dora
    if ruleset == "jian" and form.get("jing"):
        request["jing"] = {"zheng": form["jing"].strip()}
    if visible:
        request["visible"] = visible
    return request


def error_labels() -> dict[str, str]:
    """Why a wait has no value, in the reader's language (the engine's codes are words)."""
    return {
        "no_yaku": gettext("no yaku"), "below_minimum_fan": gettext("below the minimum fan"),
        "not_a_winning_hand": gettext("not a winning hand"),
        "not_missing_a_suit": gettext("not missing a suit"),
        "not_eight_of_a_suit": gettext("fewer than 8 tiles of one suit"),
        "chow_not_allowed": gettext("no chow in this ruleset"),
    }


def error_label(code: str) -> str:
    return error_labels().get(code, code)


def winner_gain(result: Mapping[str, Any]) -> int | None:
    """What the winner takes from the others: their rows of the win's ledger (the hand,
    honba and sticks included), None when nothing was paid (no payer named)."""
    gain = sum(p["amount"] for p in result["ledger"] if p["player"] == result["winner"])
    return gain if gain > 0 else None


def value_view(result: Mapping[str, Any] | None, phrases: Any = None) -> dict[str, Any]:
    """A priced wait (one ``ron``/``tsumo`` entry) for display: items, totals or the error."""
    if not isinstance(result, Mapping):
        return {"error": None}
    if isinstance(result.get("error"), Mapping):
        error = dict(result["error"])
        error["label"] = error_label(str(error.get("code", "")))
        return {"error": error}
    headline = result.get("headline") or {}
    points = headline.get("points") if isinstance(headline, Mapping) else None
    items = rendering.item_views(result)
    return {"error": None, "items": items, "groups": [{"payer": "", "items": items}],
            "headline": rendering.headline_text(headline, phrases), "points": points,
            "gain": winner_gain(result)}


def wait_views(waits: Iterable[Mapping[str, Any]], phrases: Any = None
               ) -> list[dict[str, Any]]:
    return [{"tile": tile_view(w["tile"]), "remaining": w["remaining"],
             "ron": value_view(w.get("ron"), phrases),
             "tsumo": value_view(w.get("tsumo"), phrases)}
            for w in waits]


def ukeire_views(ukeire: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [{"tile": tile_view(u["tile"]), "remaining": u["remaining"]} for u in ukeire]


def analysis_view(result: Mapping[str, Any], shape_labels: Mapping[str, str],
                  ruleset: str = "", options: Mapping[str, Any] | None = None
                  ) -> dict[str, Any]:
    """The analyse response reshaped for the template (tiles to draw, priced waits, worded
    with the ruleset's phrases)."""
    phrases = rendering.Phrases(getattr(rendering.spec_for(ruleset, options), "phrases",
                                        None)) if ruleset else None
    out: dict[str, Any] = {
        "shanten": result["shanten"],
        "by_shape": [(shape_labels.get(shape, shape), n)
                     for shape, n in result.get("by_shape", {}).items()],
        "tiles": result.get("tiles"), "complete": result.get("complete", False),
        "ukeire": ukeire_views(result.get("ukeire", [])),
        "ukeire_total": result.get("ukeire_total", 0),
        "waits": wait_views(result.get("waits", []), phrases),
        "discards": [
            {"tile": tile_view(d["tile"]), "shanten_after": d["shanten_after"],
             "ukeire": ukeire_views(d.get("ukeire", [])), "ukeire_total": d["ukeire_total"],
             "waits": wait_views(d.get("waits", []), phrases)}
            for d in result.get("discards", [])
        ],
    }
    return out


# --- danger -----------------------------------------------------------------------------

DANGER_FIELDS = ("discards", "passed", "visible", "hand")


def danger_request(form: Mapping[str, str]) -> dict[str, Any]:
    request: dict[str, Any] = {"discards": form.get("discards", "")}
    for key in ("passed", "visible", "hand"):
        if form.get(key):
            request[key] = form[key]
    return request


def danger_views(rows: Iterable[Mapping[str, Any]], labels: Mapping[str, str]
                 ) -> list[dict[str, Any]]:
    """Rows for drawing, each reason with ``label`` in the page's language."""
    out = []
    for rank, row in enumerate(rows, 1):
        reasons = [{**r, "label": labels.get(r["code"], r["name"])} for r in row["reasons"]]
        out.append({"rank": rank, "tile": tile_view(row["tile"]), "score": row["score"],
                    "waits": row["waits"], "visible": row["visible"], "reasons": reasons})
    return out


# --- fans -------------------------------------------------------------------------------


def load_difficulty() -> dict[str, dict[str, Any]]:
    """The shipped difficulty table by fan id (see difficulty.compute_table for its rows)."""
    # Imported here, not at the top: the URLconf imports this module, and a ruleset package
    # that is broken mid-edit must not take every page of the site down with it.
    from scoring.engine.rulesets.mcr.difficulty import DATA_PATH

    rows = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    return {row["id"]: row for row in rows}


def fan_counts(results: Iterable[Any]) -> tuple[int, Counter[str]]:
    """Wins scored from their tiles and, per fan (by Chinese name, the items' ``native``),
    the wins that scored it, over hands' results (the result contract). A win whose fan
    was typed in (the item ``entered``) names no fans, so it is not counted."""
    wins = 0
    seen: Counter[str] = Counter()
    for result_list in results:
        for result in result_list:
            keys = {i["key"] for i in result["items"]}
            if result["winner"] is None or "entered" in keys:
                continue
            wins += 1
            seen.update({i["native"] for i in result["items"]})
    return wins, seen


def fan_rows(wins: int, seen: Mapping[str, int]) -> list[dict[str, Any]]:
    from scoring.engine.rulesets.mcr.fans import FANS

    difficulty = load_difficulty()
    rows = []
    for fan in FANS:
        d = difficulty.get(fan.id, {})
        example = fan.example
        count = seen.get(fan.name_zh, 0)
        rows.append({
            "id": fan.id, "name_zh": fan.name_zh, "name_en": fan.name_en,
            "points": fan.points, "definition": fan.definition,
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
                           "title": f"{r['name_zh']} {r['name_en']}: {r[kind]:.2f}, "
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
