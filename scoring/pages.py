"""Helpers of the analysis pages (scoring/views.py): tiles for drawing, and the analyse
and danger requests built from a query string. The analyser's ruleset fields are each
ruleset's ``ANALYSER_FIELDS`` capability, built from its entry spec (scoring/registry.py).

The pages are plain GET forms so that they work without scripts and every result is a
link one can share at the table; static/js/analyse.js and danger.js enhance them by
calling ``POST /api/analyse/`` and ``/api/danger/`` with the same requests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from scoring import error_text, registry, rendering
from scoring.engine.errors import EngineError
from scoring.engine.tiles import WIND_LETTERS, split_melds, tile_codes

HONOURS = "東南西北白發中"
SUIT_MARK = {"m": "萬", "p": "筒", "s": "索"}
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

    Only for drawing (the engine's lenient reading, :func:`tile_codes`): the engine itself
    reports bad notation when the request is run.
    """
    if text is None:
        return []
    if not isinstance(text, str):
        return [str(code) for code in text]
    return tile_codes(text)


def tiles(text: str | Iterable[str] | None) -> list[TileView]:
    return [tile_view(code) for code in expand(text)]


def meld_view(text: str) -> dict[str, Any]:
    word, _, rest = text.partition(" ")
    return {"kind": word, "tiles": tiles(rest.split(" from ")[0])}


# --- the analyser -----------------------------------------------------------------------

# The analyser form's fields every ruleset has; each ruleset adds its own (analyser_fields).
BASE_FIELDS = ("ruleset", "preset", "hand", "melds", "visible", "table")


@dataclass(frozen=True)
class FormField:
    """One ruleset field of the analyser form, from the entry spec of the rulesets that
    ask it (``rulesets``: the form shows it only for those)."""

    name: str  # the request key, dotted inside an object field ("jing.zheng")
    kind: str  # the entry spec's kind: wind, bool, tile, tiles, tile_list, int, choice
    label: str  # in the active language
    rulesets: tuple[str, ...]
    choices: tuple[tuple[Any, str], ...] = ()  # (value, label in the active language)
    indicator: bool = False  # tiles face up on the wall: one copy fewer to draw
    help: str = ""

    @property
    def id(self) -> str:
        return "f-" + self.name.replace(".", "-").replace("_", "-")

    @property
    def picker(self) -> bool:
        return self.kind in ("tiles", "tile_list")


def analyser_fields() -> list[FormField]:
    """Every ruleset's analyser fields, one per request key, in the order first asked."""
    found: dict[str, tuple[Any, list[str]]] = {}
    for name in registry.usable():
        for key, spec in registry.get(name).analyser_fields():
            found.setdefault(key, (spec, []))[1].append(name)
    return [FormField(key, spec.kind, gettext(spec.label), tuple(names),
                      tuple((v, gettext(label)) for v, label in spec.choices),
                      spec.group == "indicator", gettext(spec.help) if spec.help else "")
            for key, (spec, names) in found.items()]


def form_names() -> tuple[str, ...]:
    """The query-string keys of the analyser form."""
    return (*BASE_FIELDS, *(f.name for f in analyser_fields()))


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
    for key, spec in registry.get(ruleset).analyser_fields():
        value = field_value(spec, form.get(key, ""))
        if value is None:
            continue
        if spec.group == "indicator":
            # An indicator lies face up on the wall, so it is one copy fewer to draw.
            visible += value
        *parents, last = key.split(".")
        target = request
        for part in parents:
            target = target.setdefault(part, {})
        target[last] = value
    if visible:
        request["visible"] = visible
    return request


def field_value(spec: Any, raw: str) -> Any:
    """The request value of one analyser field typed as ``raw``; None to leave it out (the
    engine then takes its default). Bad tiles go through: the engine names them."""
    raw = raw.strip()
    if spec.kind == "bool":
        return True if raw else None
    if spec.kind in ("wind", "choice"):
        values = [str(v) for v, _ in spec.choices] or list(WIND_LETTERS)
        if raw in values:
            return next(v for v, _ in spec.choices if str(v) == raw) if spec.choices else raw
        return spec.default if spec.default is not None else (
            spec.choices[0][0] if spec.choices else WIND_LETTERS[0])
    if spec.kind == "tile_list":
        return expand(raw) or None
    if spec.kind == "int":
        return int(raw) if raw.isdigit() and len(raw) < 10 else spec.default
    return raw or None


def error_labels() -> dict[str, str]:
    """Why a wait has no value, in the reader's language (the engine's codes are words)."""
    return {
        "no_yaku": gettext("no yaku"), "below_minimum_fan": gettext("below the minimum fan"),
        "not_a_winning_hand": gettext("not a winning hand"),
        "not_missing_a_suit": gettext("not missing a suit"),
        "not_eight_of_a_suit": gettext("fewer than 8 tiles of one suit"),
        "chow_not_allowed": gettext("no chow in this ruleset"),
    }


def error_label(code: str, params: Mapping[str, Any] | None = None) -> str:
    """The short label of a wait's error, else its sentence in the reader's language."""
    return error_labels().get(code) or error_text.sentence(code, params)


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
        params = error.get("params")
        error["label"] = error_label(str(error.get("code", "")),
                                     params if isinstance(params, Mapping) else None)
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
