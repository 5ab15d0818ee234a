"""The one renderer of the engine's result contract (``scoring/engine/result.py``), in the
reader's language.

Every ruleset returns the same shape: ``items`` (one per yaku, fan, 嘴子, dora...),
a ``headline`` (the figures a hand is named by), a ``ledger`` of payments by cause. This
module turns it into what people read: a hand's summary with the players' names, its
items with their worth, and each player's payments split by cause. The table page, the
history, the results page, the API's hand texts and the analysis pages all call it, so a
hand reads the same everywhere, and the same amounts in every language. The scripts in
the browser show what this rendered; they word nothing themselves.

Conventions:

* Native names (立直, 清一色, 嘴子·通天) are shown as they are; the English name is shown
  to English readers as the explanation (the engine's names are English msgids).
* The *hand value* (``headline.points``: what the winner gets for the hand itself) is
  told apart from what a player *received* (every payment of the hand: sticks, honba,
  kongs and 精 included), which the payment lines show.
* Phrases come from the ruleset's entry spec (``phrases``, English msgids the site
  translates) where it has one for the purpose; the generic ones below otherwise.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext, ngettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring import registry
from scoring.engine.errors import EngineError
from scoring.engine.result import CAUSES
from scoring.gen_engine_texts import NATIVE_CONTEXT

# Worth of a scoring element or a headline in each unit of the contract.
UNIT_TEXT = {
    "han": ngettext_lazy("%(amount)s han", "%(amount)s han", "amount"),
    "fan": ngettext_lazy("%(amount)s fan", "%(amount)s fan", "amount"),
    "fu": ngettext_lazy("%(amount)s fu", "%(amount)s fu", "amount"),
    "yakuman": ngettext_lazy("yakuman ×%(amount)s", "yakuman ×%(amount)s", "amount"),
    "zhi": ngettext_lazy("%(amount)s zhi (suit tile)", "%(amount)s zhi (suit tiles)", "amount"),
    "mouth": ngettext_lazy("%(amount)s mouth", "%(amount)s mouths", "amount"),
    "chips": ngettext_lazy("%(amount)s chip", "%(amount)s chips", "amount"),
    "tai": ngettext_lazy("%(amount)s tai", "%(amount)s tai", "amount"),
    "points": ngettext_lazy("%(amount)s point", "%(amount)s points", "amount"),
    "base": ngettext_lazy("%(amount)s base (底)", "%(amount)s base (底)", "amount"),
    "count": ngettext_lazy("×%(amount)s", "×%(amount)s", "amount"),
    # After a per-payer value in chips, what the winner took from everyone.
    "points_in_all": ngettext_lazy("%(amount)s point in all", "%(amount)s points in all",
                                   "amount"),
}

# Why a payment was made (the contract's causes, and the ledger's coarser reasons, which
# the final settlement's rows carry), in the players' words. A reason named like a cause
# ("sticks") shares its words.
CAUSE_TEXT = {
    "hand": _("Win"),
    "honba": _("Honba"),
    "sticks": _("Deposit sticks"),
    "pao": _("Pao (responsibility)"),
    "kong": _("Kongs"),
    "kong_transfer": _("Kong money passed on (呼叫转移)"),
    "tuishui": _("Kong money returned (退税)"),
    "jing": _("Jing (精)"),
    "chongguan": _("Chong guan (冲关, five jing or more)"),
    "flowers": _("Flowers"),
    "chajiao": _("Not ready at the draw (查叫)"),
    "flower_pig": _("Three suits at the draw (花猪)"),
    "noten": _("Noten payments"),
    "nagashi": _("Nagashi mangan"),
    "penalty": _("Penalty"),
    "uma": _("Uma"),
    "oka": _("Oka"),
    "leftover": _("Deposit sticks left at the end"),
    "bonus": _("Bonus"),
    "draw": _("Draw payments"),
}

# Generic phrases, used where a ruleset's entry spec has none of its own.
PHRASES = {
    "win_discard": _("%(winner)s wins on %(discarder)s's discard"),
    "win_self_draw": _("%(winner)s wins by self-draw"),
    "draw_ready": _("ready: %(names)s"),
    "draw_none_ready": _("nobody ready"),
    "with_player": pgettext_lazy("an outcome and the player it concerns", "%(what)s: %(player)s"),
    "with_kind": pgettext_lazy("an outcome and its kind", "%(what)s: %(kind)s"),
    "and": pgettext_lazy("between the parts of one win in a hand summary", ", "),
    "then": pgettext_lazy("between the events of a hand summary", "; "),
    "names": pgettext_lazy("between player names in a list", ", "),
    # A penalty recorded now and taken at the end (EMA chombo): "20,000 off the final score".
    "penalty_at_end": _("%(points)s off the final score"),
}


@lru_cache(maxsize=256)
def _spec(ruleset: str, options_key: str) -> Any:
    try:
        rules = registry.get(ruleset)
        return rules.package.entry_spec(rules.options_from_snapshot(json.loads(options_key)))
    except EngineError:
        return None


def spec_for(ruleset: str, options: Mapping[str, Any] | None) -> Any:
    """The entry spec of a ruleset under a table's options (its phrases and outcome
    labels), or None when the ruleset is no longer installed."""
    return _spec(ruleset, json.dumps(dict(options or {}), sort_keys=True))


def english() -> bool:
    return (get_language() or "en").startswith("en")


def number(value: int) -> str:
    """A whole number grouped by thousands (12,000), the same in every language: score
    sheets write points so in Chinese and Japanese too, and Django's Chinese format
    would group by ten thousands (1,2000)."""
    return f"{value:,}"


def signed(value: int) -> str:
    return f"+{number(value)}" if value > 0 else number(value)


def unit_text(unit: str, amount: int) -> str:
    template = UNIT_TEXT.get(unit)
    if template is None:
        return f"{number(amount)} {unit}"
    # The lazy plural picks its form from the number, then shows it grouped.
    return str(template % {"amount": amount}).replace(str(amount), number(amount), 1)


def cause_text(cause: str) -> str:
    return str(CAUSE_TEXT.get(cause, cause))


class Phrases:
    """A ruleset's summary phrases (its entry spec's, else the generic ones), translated."""

    def __init__(self, own: Mapping[str, str] | None = None) -> None:
        self.own = dict(own or {})

    def has(self, key: str) -> bool:
        return key in self.own

    def __call__(self, key: str, **values: Any) -> str:
        template = gettext(self.own[key]) if key in self.own else str(PHRASES[key])
        return template % values if values else template


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _name(names: Sequence[str], index: Any) -> str:
    return names[index] if _whole(index) and 0 <= index < len(names) else "?"


# --- items ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ItemView:
    key: str
    native: str
    name: str  # the English explanation, for English readers (or when there is no native)
    worth: str  # what it adds up to: "3 han" for three dora, "24 fan", "4 chips"
    times: int  # ×times beside the name: two kongs of 2 chips (0: not shown; 3 dora = 3 han)
    payer: str = ""  # Ji'an: whose payment it counts in


@lru_cache(maxsize=1)
def _chinese_names() -> dict[str, tuple[str, str]]:
    """Each ruleset's names for Chinese readers of its own non-Chinese names (riichi's
    一発 is 一发 / 一發), from the ``names`` module of its package: native -> (简, 繁)."""
    out: dict[str, tuple[str, str]] = {}
    for name in registry.usable():
        module = f"{registry.get(name).package.__name__}.names"
        if importlib.util.find_spec(module) is not None:
            out.update(importlib.import_module(module).CHINESE_NAMES)
    return out


def _script() -> int | None:
    """0 on a 简体 page, 1 on a 繁體 page, None elsewhere."""
    language = (get_language() or "").lower()
    if language.startswith("zh"):
        return 1 if "hant" in language else 0
    return None


def respelled(native: str) -> str:
    """A native name as the page's readers say it: a Chinese name in the page's script,
    word by word where it is built of words ("底番·押档" reads 底番·押檔 on a 繁體 page;
    "8支押3" stays as it is); a Japanese one by its Chinese name on a Chinese page
    (七対子 reads 七对子 / 七對子), as itself elsewhere."""
    script = _script()
    chinese = _chinese_names().get(native) if script is not None else None
    if chinese:
        return chinese[script or 0]
    return "·".join(pgettext(NATIVE_CONTEXT, part) if part else ""
                    for part in native.split("·"))


def _unrepeated(native: str, name: str) -> tuple[str, str]:
    """The native name and the English one, said once: the English names often carry the
    native one in brackets ("Without wild 精 (德国)"), which beside it read "德国 Without
    wild 精 (德国)"; so the native goes when the English holds it, and a bracketed part
    of the native ("Base (底番)" beside "底番·押档") leaves the English."""
    if native in name:
        return "", name
    bracket = re.search(r"\s*\(([^()]*)\)", name)
    if bracket and bracket.group(1) and bracket.group(1) in native:
        return native, (name[:bracket.start()] + name[bracket.end():]).strip()
    return native, name


def item_views(result: Mapping[str, Any], names: Sequence[str] = ()) -> list[ItemView]:
    """The scoring elements of one win, in the ruleset's order."""
    out = []
    for entry in result["items"]:
        # A Chinese name in the page's script: MCR's 杠 reads 槓 on a 繁體 page.
        native = respelled(entry["native"])
        name = entry["name"]
        shown = name if (english() or not native) else ""
        if shown and native:
            native, shown = _unrepeated(native, shown)
        count, value = entry["count"], entry["value"]
        worth = unit_text(entry["unit"], value * count)
        payer = _name(names, entry["payer"]) if "payer" in entry and names else ""
        out.append(ItemView(key=entry["key"], native=native,
                            name=gettext(shown) if shown else "", worth=worth,
                            times=count if count > 1 and value != 1 else 0, payer=payer))
    return out


# --- headlines and summaries ---------------------------------------------------------------


def headline_text(headline: Mapping[str, Any] | None, phrases: Phrases | None = None) -> str:
    """"2 han 30 fu", "5 han 30 fu, mangan", "yakuman ×2", "24 fan" ... without points."""
    if not headline:
        return ""
    say = phrases or Phrases()
    unit, value = str(headline.get("unit") or ""), int(headline.get("value") or 0)
    fu = headline.get("fu")
    if unit == "han" and isinstance(fu, int):
        text = (say("han_fu", han=number(value), fu=number(fu)) if say.has("han_fu")
                else f"{unit_text('han', value)} {unit_text('fu', fu)}")
    elif unit == "yakuman" and say.has("yakuman"):
        text = say("yakuman", count=number(value))
    elif unit in ("fan", "zhi") and say.has(unit):
        text = say(unit, **{unit: number(value)})
    else:
        text = unit_text(unit, value)
    # Limit names: the players' own (満貫, 封顶) outside English, the English msgid else.
    limit = "" if english() else respelled(str(headline.get("native_limit") or ""))
    if not limit and headline.get("limit"):
        limit = gettext(str(headline["limit"]))
    return say("and").join([text, limit]) if limit and unit != "yakuman" else text


def is_win(result: Any) -> bool:
    """Whether a result (the contract, ``scoring/engine/result.py``) is a win: it names its
    winner. A draw's payments, 精 and a nagashi mangan name none."""
    return isinstance(result, Mapping) and result["winner"] is not None


def win_text(result: Mapping[str, Any], names: Sequence[str],
             phrases: Phrases | None = None) -> str:
    """"Dana wins on Bo's discard, 2 han 30 fu, 2,000 points"."""
    say = phrases or Phrases()
    winner = _name(names, result["winner"])
    discarder = result["discarder"]
    parts = [say("win_discard", winner=winner, discarder=_name(names, discarder))
             if discarder is not None else say("win_self_draw", winner=winner)]
    headline = result["headline"] or {}
    points = headline.get("points")
    # A headline already in the currency of the points says it once ("25 chips").
    same = headline.get("unit") in ("points", "chips") and headline.get("value") == points
    figure = headline_text(headline, say)
    if figure and not (same and headline.get("unit") == "chips"):
        parts.append(figure)
    if isinstance(points, int) and _whole(points) and headline.get("unit") != "points":
        # A value in chips is what each payer pays: the points after it are the total,
        # said so ("14 chips, 46 points in all"), or Chinese reads 14分，46分.
        unit = "points_in_all" if headline.get("unit") == "chips" and figure else "points"
        parts.append(unit_text(unit, points))
    return say("and").join(parts)


def _choice_label(spec: Any, kind: str, name: str, value: Any) -> str:
    """The label of ``value`` among the choices of the outcome field ``name``."""
    outcome = spec.outcome(kind) if spec is not None else None
    stack = list(outcome.fields) if outcome is not None else []
    while stack:
        f = stack.pop()
        if f.name == name and f.choices:
            for choice, label in f.choices:
                if choice == value:
                    return gettext(label)
        stack.extend(f.fields)
    return str(value)


def outcome_label(spec: Any, kind: str) -> str:
    outcome = spec.outcome(kind) if spec is not None else None
    return gettext(outcome.label) if outcome is not None else kind


def hand_summary(outcome: Mapping[str, Any], results: Sequence[Any], names: Sequence[str],
                 spec: Any = None) -> str:
    """What happened in a hand, with the players' names, in the reader's language."""
    say = Phrases(getattr(spec, "phrases", None))
    kind = str(outcome.get("type") or "")
    wins = [r for r in results if is_win(r)]
    parts = [win_text(r, names, say) for r in wins]
    if not wins and kind not in ("", "hand"):
        label = outcome_label(spec, kind)
        penalised = outcome.get("penalised")
        raw = outcome.get("extra")
        extra: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
        if _whole(penalised):
            label = say("with_player", what=label, player=_name(names, penalised))
        elif kind == "abortive" and extra.get("kind"):
            label = say("with_kind", what=label,
                        kind=_choice_label(spec, kind, "kind", extra["kind"]))
        parts.append(label)
    # The contract's optional ``ready``: who was ready at an exhaustive draw.
    ready = next((r["ready"] for r in results if isinstance(r, Mapping) and "ready" in r),
                 None)
    if ready is not None and not wins:
        listed = [_name(names, p) for p in ready]
        parts.append(say("draw_ready", names=say("names").join(listed)) if listed
                     else say("draw_none_ready"))
    for result in results:
        later = result.get("penalty_at_end") if isinstance(result, Mapping) else None
        if isinstance(later, Mapping) and _whole(later.get("amount")):
            parts.append(say("penalty_at_end", points=number(abs(later["amount"]))))
    if kind == "hand" and len(wins) < 3 and isinstance(outcome.get("extra"), Mapping) \
            and outcome["extra"].get("draw") is not None:
        parts.append(say("draw") if say.has("draw") else outcome_label(spec, "draw"))
    if not parts:
        parts.append(outcome_label(spec, kind))
    return say("then").join(parts)


# --- payments ---------------------------------------------------------------------------


@dataclass
class PaymentLine:
    """One player's change in a hand, and its parts by cause."""

    position: int
    name: str
    total: int
    parts: list[tuple[str, int]] = field(default_factory=list)  # (cause text, amount)

    @property
    def direction(self) -> str:
        return "up" if self.total > 0 else "down" if self.total < 0 else ""


def payment_lines(payments: Sequence[Mapping[str, Any]], names: Sequence[str],
                  deltas: Sequence[int] | None = None) -> list[PaymentLine]:
    """Every player's total and its causes, in seat order, from a hand's payments by cause
    (the contract's ledger rows). ``deltas`` (the ledger's own totals) win where given, so
    a line always adds up to what the standings moved."""
    count = len(names)
    lines = [PaymentLine(position=p, name=names[p], total=0) for p in range(count)]
    by_cause: list[dict[str, int]] = [{} for _ in range(count)]
    for payment in payments:
        player = payment.get("player")
        if not isinstance(player, int) or not 0 <= player < count:
            continue
        cause, amount = str(payment["cause"]), int(payment["amount"])
        by_cause[player][cause] = by_cause[player].get(cause, 0) + amount
    for p, line in enumerate(lines):
        line.total = deltas[p] if deltas is not None else sum(by_cause[p].values())
        ordered = sorted(by_cause[p].items(), key=lambda pair: _CAUSE_ORDER.get(pair[0], 99))
        line.parts = [(cause_text(c), a) for c, a in ordered if a]
    return lines


# The hand first, then what came with it, in the contract's order of causes.
_CAUSE_ORDER = {cause: i for i, cause in enumerate(CAUSES)}


def signed_parts(line: PaymentLine) -> str:
    """"Win +2,000 · Riichi sticks +1,000" when a line has more than one cause."""
    if len(line.parts) < 2:
        return ""
    return " · ".join(f"{label} {signed(amount)}" for label, amount in line.parts)
