"""What a table's phones show, rendered in one language: the scoreboard, each hand of the
history, the summary of the hand the undo button would take back.

The table page renders these in the reader's language; a write's event is rendered by the
phones' consumers, once per process for each language among its sockets
(:func:`event_text`, :func:`games.consumers.rendered_event`), and the page's script puts
the HTML in place. Phones get the latest :data:`PAGE` hands of a snapshot and ask for
earlier ones (:func:`page_message`). The wording of
hands comes from :mod:`scoring.rendering`, the one renderer of the engine's results; the
templates are ``games/_scoreboard.html`` and ``games/_hand.html``, which the page includes
too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games import record_sheet
from scoring import registry, rendering
from scoring.engine.tiles import WIND_NAMES


def wind_name(letter: Any) -> str:
    """A wind letter's name in the active language (the engine's English names are msgids
    of scoring.engine_texts)."""
    name = WIND_NAMES.get(str(letter))
    return _(name) if name else str(letter or "")


def hand_text(ruleset: str, options: Mapping[str, Any] | None, outcome: Any, results: Any,
              names: Sequence[str]) -> str:
    """A stored hand's summary in the active language, for lists away from the table."""
    return rendering.hand_summary(outcome if isinstance(outcome, Mapping) else {},
                                  results if isinstance(results, list) else [], names,
                                  rendering.spec_for(ruleset, options))


def spec_of(snap: Mapping[str, Any]) -> Any:
    """The entry spec of the snapshot's table (its phrases, outcome labels...), or None
    when its ruleset is no longer installed."""
    return rendering.spec_for(str(snap["table"]["ruleset"]), snap.get("options"))


def names_of(snap: Mapping[str, Any]) -> list[str]:
    out = [""] * len(snap.get("standings") or snap.get("seats") or [])
    for seat in snap.get("seats", []):
        out[seat["position"]] = seat["player"]["name"]
    return out


def round_line(snap: Mapping[str, Any], spec: Any = None) -> str:
    """"East 1 · Honba 0 · Pot 0" where the ruleset has honba and a pot, else the hand."""
    if snap.get("table", {}).get("finished"):
        return _("The game is over.")
    state = snap.get("state") or {}
    say = rendering.Phrases(getattr(spec, "phrases", None))
    hand = state.get("hand_number", 1)
    if say.has("round"):
        parts = [say("round", wind=wind_name(state.get("round_wind", "E")), number=hand,
                     hands=int(state.get("hands_played") or 0) + 1)]
    else:
        parts = [f"{wind_name(state.get('round_wind', 'E'))} {hand}"]
    # Riichi players read "Honba 0 · Pot 0" at every hand; Taiwan's 連莊 is said only once
    # the dealer has kept the deal ("Dealer streak 0" was noise).
    if say.has("honba") and (state.get("honba") or say.has("pot")):
        parts.append(say("honba", honba=state.get("honba", 0)))
    if say.has("pot"):
        parts.append(say("pot", pot=rendering.number(int(state.get("pot", 0) or 0))))
    return " · ".join(parts)


def declared_marks(snap: Mapping[str, Any]) -> dict[int, list[str]]:
    """Each player's marks of the live declarations they made in the hand being played
    (``snap["declared"]``: key -> declarers), in the ruleset's order and the active
    language."""
    table = snap.get("table") or {}
    declared = snap.get("declared")
    if not isinstance(declared, Mapping) or not declared:
        return {}
    out: dict[int, list[str]] = {}
    for declaration in registry.declarations(str(table.get("ruleset")), snap.get("options")):
        for player in declared.get(declaration.key) or []:
            out.setdefault(player, []).append(
                pgettext(registry.DECLARATION_CONTEXT, declaration.mark))
    return out


def standings_rows(snap: Mapping[str, Any]) -> list[dict[str, Any]]:
    finished = snap.get("table", {}).get("finished")
    dealer = (snap.get("state") or {}).get("dealer")
    winds = {s["position"]: s.get("wind") for s in snap.get("seats", [])}
    marks = declared_marks(snap)
    return [{**row, "wind_label": wind_name(winds.get(row["position"])),
             "dealer": row["position"] == dealer and not finished,
             "declared": bool(marks.get(row["position"])),
             "marks": marks.get(row["position"], []),
             "score_text": rendering.number(row["score"]),
             "penalty_text": rendering.signed(int(row.get("penalty_at_end") or 0))
             if row.get("penalty_at_end") else ""}
            for row in snap.get("standings", [])]


def hand_context(hand: Mapping[str, Any], names: Sequence[str], spec: Any) -> dict[str, Any]:
    """Everything ``games/_hand.html`` shows of one hand."""
    results = [r for r in hand.get("results") or [] if isinstance(r, Mapping)]
    wins = []
    for result in results:
        items = rendering.item_views(result, names)
        if not items:
            continue
        payers: dict[str, list[rendering.ItemView]] = {}
        for item in items:
            payers.setdefault(item.payer, []).append(item)
        wins.append({"winner": names[result["winner"]] if rendering.is_win(result) else "",
                     "groups": [{"payer": payer, "items": group}
                                for payer, group in payers.items()]})
    lines = rendering.payment_lines(hand["payments"], names, hand.get("deltas"))
    where = _where(hand, spec)
    return {
        "number": hand["number"],
        "summary": rendering.hand_summary(hand.get("outcome") or {}, results, names, spec),
        "wins": wins,
        "lines": lines,
        "details": [pgettext("a player and their payments by cause", "%(name)s: %(parts)s")
                    % {"name": line.name, "parts": rendering.signed_parts(line)}
                    for line in lines if rendering.signed_parts(line)],
        "revision": hand.get("revision", 1),
        "recorded_by": recorder(hand.get("recorded_by")),
        "where": where,
        "confirm": confirm_context(hand.get("confirm"), names),
    }


def _listed(names: Sequence[str]) -> str:
    return pgettext("a list of names", ", ").join(names)


def confirm_context(answers: Any, names: Sequence[str]) -> dict[str, Any] | None:
    """What ``games/_hand.html`` shows of a hand's confirmation (issue 29,
    :mod:`games.confirmations`): its state in words, the disputes with their notes and
    the seats that may still answer (the page shows those phones the ✓ and Dispute
    buttons)."""
    if not isinstance(answers, Mapping):
        return None

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    confirmed = [name(seat) for seat in answers.get("confirmed") or []]
    state = str(answers.get("state") or "unconfirmed")
    if state == "confirmed":
        line = _("Confirmed by %(names)s") % {"names": _listed(confirmed)}
    elif confirmed:
        line = _("Unconfirmed; confirmed so far by %(names)s") % {"names": _listed(confirmed)}
    else:
        line = _("Unconfirmed")
    disputes = [_("Disputed by %(name)s: %(note)s") % {"name": name(d.get("seat")),
                                                       "note": d.get("note", "")}
                for d in answers.get("disputed") or [] if isinstance(d, Mapping)]
    waiting = [seat for seat in answers.get("waiting") or [] if isinstance(seat, int)]
    return {"state": state, "line": line if state != "disputed" or confirmed else "",
            "disputes": disputes, "waiting": " ".join(str(seat) for seat in waiting)}


def _where(hand: Mapping[str, Any], spec: Any) -> str:
    """When a hand was played, as its ruleset counts: "East 2 · Honba 1", "Hand 7"."""
    say = rendering.Phrases(getattr(spec, "phrases", None))
    before = hand.get("state_before") or {}
    wind = wind_name(hand.get("round_wind") or before.get("round_wind") or "E")
    number = hand.get("hand_in_round") or before.get("hand_number") or 1
    if say.has("round"):
        parts = [say("round", wind=wind, number=number, hands=hand["number"])]
    else:
        parts = [f"{wind} {number}"]
    honba = int(hand.get("honba") or 0)
    if honba and say.has("honba"):
        parts.append(say("honba", honba=honba))
    return " · ".join(parts)


def recorder(name: Any) -> str:
    """Who recorded a hand; the service's words for a seatless writer, translated."""
    return {"creator": _("creator"), "staff": _("staff"),
            "centre": _("the table's tablet")}.get(str(name), str(name or ""))


# The templates' line breaks and indentation: nothing a browser shows (inline spaces sit
# on one line), but a third of a hand's HTML in every broadcast.
_LAYOUT = re.compile(r"\s*\n\s*")


def tight(html: str) -> str:
    """``html``, a rendered template, without its line breaks and the indentation after
    them (still safe: only whitespace went)."""
    return mark_safe(_LAYOUT.sub("", html))  # noqa: S308 - a rendered template


def render_hand(hand: Mapping[str, Any], names: Sequence[str], spec: Any) -> tuple[str, str]:
    """(summary, HTML of the history entry) of one hand."""
    context = hand_context(hand, names, spec)
    html = tight(render_to_string("games/_hand.html", {"hand": context}))
    return context["summary"], html


def render_scoreboard(snap: Mapping[str, Any], spec: Any) -> str:
    return tight(render_to_string("games/_scoreboard.html", {
        "round_line": round_line(snap, spec), "rows": standings_rows(snap)}))


def undo_summary(snap: Mapping[str, Any], rendered: Mapping[int, str], spec: Any
                 ) -> dict[str, str]:
    """``{"undo_summary": ...}``: the summary of the hand undo would take back, when the
    message does not render that hand (else nothing). The phone words the Undo button's
    question itself (``undo_hand`` in :mod:`games.ui`, static/js/table.js) with the
    summary from the hand's entry in its history: a hand the message renders is not
    said twice."""
    target = snap.get("undo")
    if not target or target["kind"] != "record" or target["number"] in rendered:
        return {}
    old = next((h for h in [*snap.get("hands", []), snap.get("undo_hand") or {}]
                if h.get("number") == target["number"]), None)
    if old is None:
        return {}
    return {"undo_summary": rendering.hand_summary(
        old.get("outcome") or {}, old.get("results") or [], names_of(snap), spec)}


def present_hands(snap: Mapping[str, Any], hands: Sequence[Mapping[str, Any]],
                  spec: Any) -> list[dict[str, Any]]:
    """``hands`` for the phones: what the scripts need of each (its outcome and the record
    sheet's fields that say it, to correct it; its deltas) and its summary and HTML in
    the active language."""
    names = names_of(snap)
    sheet = record_sheet.shape(str(snap["table"]["ruleset"]), snap.get("options"), len(names))
    out = []
    for hand in hands:
        summary, html = render_hand(hand, names, spec)
        outcome = hand.get("outcome")
        fields = (record_sheet.fields_from(sheet, outcome)
                  if sheet is not None and isinstance(outcome, Mapping) else None)
        out.append({"number": hand["number"], "outcome": outcome, "fields": fields,
                    "revision": hand.get("revision", 1), "deltas": hand.get("deltas"),
                    "recorded_by": hand.get("recorded_by"), "summary": summary,
                    "html": html})
    return out


# Hands a phone is sent rendered at once (on connecting, and at most in an event); older
# ones it asks for when its player scrolls to them (``get_hands``).
PAGE = 10


def rendered_from(snap: Mapping[str, Any], hands_from: int, latest: int | None) -> int:
    """The first hand a message renders: ``hands_from``, or only the ``latest`` hands."""
    if latest is None:
        return hands_from
    count = int(snap.get("hand_count", len(snap.get("hands") or [])))
    return max(hands_from, count - latest + 1, 1)


def view(snap: Mapping[str, Any], hands_from: int = 1, latest: int | None = None
         ) -> dict[str, Any]:
    """The rendered parts of ``snap`` in the active language: the scoreboard, the hands
    numbered ``hands_from`` and up (only the ``latest`` of them, if given: the phone drops
    the older ones it holds, ``rendered_from``, and asks for them again when needed), and
    the summary of the hand undo would take back if none of those is it."""
    spec = spec_of(snap)
    first = rendered_from(snap, hands_from, latest)
    hands = present_hands(snap, [h for h in snap.get("hands", [])
                                 if h["number"] >= first], spec)
    summaries = {h["number"]: h["summary"] for h in hands}
    return {"scoreboard": render_scoreboard(snap, spec), "hands": hands,
            "hands_from": hands_from,
            # Said only when it differs: the phone reads none as hands_from (render.js).
            **({"rendered_from": first} if first != hands_from else {}),
            **undo_summary(snap, summaries, spec)}


# What the table's scripts keep besides the rendered hands: a whole snapshot's message
# carries this much of it, and the rendered view of its latest hands.
CLIENT_KEYS = ("table", "seq", "outcome_types", "seats", "state", "standings", "chart",
               "can_undo", "can_redo", "undo", "redo", "declared", "hand_count")
# An event carries only what a write can change that the scripts read (the standings and
# the round are in the rendered scoreboard); the phone keeps the rest of its snapshot.
EVENT_KEYS = ("seq", "chart", "can_undo", "can_redo", "undo", "redo", "declared",
              "hand_count")
# The table's flags an event names when they are set; the phone reads one it does not
# name as unset (static/js/table.js): both are false in all but a game's last events.
EVENT_TABLE_FLAGS = ("finished", "ended_manually")


# What the table's scripts keep of each rendered hand: the record sheet's fields that say
# it (to correct it), its revision and recorder; its summary is read from its HTML. An
# event leaves the fields out (they are asked for with get_hands when the hand is
# corrected): they were a tenth of its size.
PHONE_HAND_KEYS = ("number", "fields", "revision", "recorded_by", "html")
EVENT_HAND_KEYS = ("number", "revision", "recorded_by", "html")


def phone_view(rendered: Mapping[str, Any], keys: Sequence[str] = PHONE_HAND_KEYS
               ) -> dict[str, Any]:
    """:func:`view` as the phones get it: each hand only with ``keys``."""
    return {**rendered, "hands": [{key: hand.get(key) for key in keys}
                                  for hand in rendered.get("hands", [])]}


def client_state(snap: Mapping[str, Any]) -> dict[str, Any]:
    return {key: snap.get(key) for key in CLIENT_KEYS}


def event_state(snap: Mapping[str, Any]) -> dict[str, Any]:
    table = snap.get("table") or {}
    flags = {key: True for key in EVENT_TABLE_FLAGS if table.get(key)}
    return {**({"table": flags} if flags else {}), **{key: snap.get(key) for key in EVENT_KEYS}}


def message(head: Mapping[str, Any], snap: Mapping[str, Any], hands_from: int = 1
            ) -> dict[str, Any]:
    """A message with a whole snapshot in the active language: ``head`` (its type,
    seq...), the client's share of ``snap`` and the rendered view of its latest
    :data:`PAGE` hands (from ``hands_from`` on)."""
    return {**head, "snapshot": client_state(snap),
            "view": phone_view(view(snap, hands_from, PAGE))}


def event_message(head: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """An event in the active language: what the write changed
    (:func:`games.services.snapshot.build_changes`), the hands from the first it changed
    rendered (at most the latest :data:`PAGE`)."""
    return {**head, "snapshot": event_state(changes),
            "view": phone_view(view(changes, int(changes.get("hands_from") or 1), PAGE),
                               EVENT_HAND_KEYS)}


def compact(message: Any) -> str:
    """JSON as small as it gets: no spaces, and CJK as UTF-8 (3 bytes a character, not
    the 6 of an escape); escaped after all if a text holds a lone surrogate."""
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(message, separators=(",", ":"))
    return text


def event_text(head: Mapping[str, Any], changes: Mapping[str, Any], language: str) -> str:
    """:func:`event_message` in ``language``, serialised."""
    with translation.override(language):
        return compact(event_message(head, changes))


def page_message(page: Mapping[str, Any]) -> dict[str, Any]:
    """Earlier hands a phone asked for (:func:`games.services.snapshot.hands_page`),
    rendered in the active language, oldest first."""
    return {"type": "hands", "seq": page["seq"], "hands_from": page["hands_from"],
            **phone_view({"hands": present_hands(page, page["hands"], spec_of(page))})}


def preview(snap: Mapping[str, Any], hand: Mapping[str, Any], scores: Sequence[int],
            later: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """The record form's preview of ``hand``: its summary and HTML."""
    names = names_of(snap)
    context = hand_context(hand, names, spec_of(snap))
    rows = [{"line": line, "score": scores[line.position] if line.position < len(scores)
             else None} for line in context["lines"]]
    changes = [{"number": h["number"], "moves": [
        {"name": names[p], "before": h["before"][p], "after": after}
        for p, after in enumerate(h["after"]) if after != h["before"][p]]} for h in later]
    html = render_to_string("games/_preview.html", {
        "hand": context, "rows": rows, "later": changes,
        "later_numbers": ", ".join(str(h["number"]) for h in later)})
    return {"summary": context["summary"], "html": html}
