"""Recording a hand without scripts: a plain POST form in quick mode.

The table page's script builds outcomes with the tile picker and sends them over the
websocket; this form is the fallback for a phone whose scripts do not run. It covers
quick mode only (values typed in, no tiles) and builds the same outcome objects as
``static/js/record.js`` from plain fields, so :func:`games.services.record_hand` sees no
difference. The hidden ``command_id`` (new at each render) makes a resent form record
the hand once; ``base_seq`` makes a form filled in before someone else's change stale.

Sichuan's hand has its events in order; without scripts the form lists kongs first and
then up to three wins, which is the usual order at the table (kongs are declared during
play, wins end each player's hand). Ji'an's 精 are recorded as the turned-up tiles and
each player's count, as the record panel's quick entry does.
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import ui
from scoring.pages import tile_view

# Outcome types this form can build, in the order the ruleset lists them.
SUPPORTED = ("ron", "tsumo", "win", "draw", "abortive", "chombo", "penalty", "hand")
WIN_TYPES = ("ron", "tsumo", "win")
SICHUAN_WINS = 3
SICHUAN_KONGS = 2
SUITS = (("m", _("Characters")), ("p", _("Dots")), ("s", _("Bamboo")))
KONG_KINDS = (("concealed", _("concealed")), ("added", _("added")),
              ("direct", _("direct (from a discard)")))


class RecordError(Exception):
    """The fields do not describe a hand yet; ``message`` says what to fill in."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _player_choices(names: list[str], empty: Any) -> list[tuple[str, Any]]:
    return [("", empty), *[(str(i), name) for i, name in enumerate(names)]]


def _quick_field(spec: dict[str, Any], ruleset_ui: dict[str, Any]) -> forms.Field:
    default = spec.get("default")
    if spec["name"] == "shape":
        return forms.ChoiceField(label=spec["label"], initial=default,
                                 choices=[(s["name"], s["label"])
                                          for s in ruleset_ui.get("shapes", [])])
    if isinstance(default, bool):
        return forms.BooleanField(label=spec["label"], required=False)
    return forms.IntegerField(label=spec["label"], required=False, min_value=0,
                              initial=default,
                              widget=forms.NumberInput(attrs={"inputmode": "numeric"}))


class QuickRecordForm(forms.Form):
    """The fields of one ruleset's quick-mode outcome; :meth:`outcome` builds it."""

    command_id = forms.CharField(widget=forms.HiddenInput, max_length=64)
    base_seq = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, ruleset: str, names: list[str], outcome_types: list[str], seq: int,
                 *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].update({"command_id": f"form-{uuid.uuid4()}", "base_seq": seq})
        kwargs.setdefault("auto_id", "quick-%s")
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.ui = ui.ruleset_ui(ruleset)
        self.names = names
        self.types = [t for t in outcome_types if t in SUPPORTED]
        self.fields["type"] = forms.ChoiceField(
            label=ui.STRINGS["outcome"],
            choices=[(t, ui.STRINGS.get(f"type_{t}", t)) for t in self.types])
        self.groups: list[tuple[Any, list[str]]] = [(None, ["type"])]
        if ruleset == "sichuan":
            self._sichuan_fields()
        else:
            self._win_fields()
        self._table_fields()
        if self.ui.get("jing"):
            self._jing_fields()

    # Field groups, each shown as one fieldset by the template.
    def _add(self, legend: Any, fields: dict[str, forms.Field]) -> None:
        self.fields.update(fields)
        self.groups.append((legend, list(fields)))

    def _win_fields(self) -> None:
        choose = ui.STRINGS["choose"]
        fields: dict[str, forms.Field] = {
            "winner": forms.ChoiceField(label=ui.STRINGS["winner"], required=False,
                                        choices=_player_choices(self.names, choose)),
            "discarder": forms.ChoiceField(
                label=ui.STRINGS["discarder"], required=False,
                choices=[("", choose), ("self", ui.STRINGS["self_draw"]),
                         *[(str(i), n) for i, n in enumerate(self.names)]]),
        }
        if self.ui.get("pao"):
            fields["pao"] = forms.ChoiceField(
                label=ui.STRINGS["pao"], required=False,
                choices=_player_choices(self.names, ui.STRINGS["none"]))
        for spec in self.ui["quick"]:
            fields[f"quick_{spec['name']}"] = _quick_field(spec, self.ui)
        self._add(ui.STRINGS["type_win"], fields)

    def _table_fields(self) -> None:
        players = [(str(i), n) for i, n in enumerate(self.names)]
        fields: dict[str, forms.Field] = {}
        if self.ui.get("riichi_sticks"):
            fields["riichi"] = forms.MultipleChoiceField(
                label=ui.STRINGS["riichi_declared"], required=False, choices=players,
                widget=forms.CheckboxSelectMultiple)
        if "draw" in self.types and self.ui.get("riichi_sticks"):
            fields["tenpai"] = forms.MultipleChoiceField(
                label=ui.STRINGS["tenpai"], required=False, choices=players,
                widget=forms.CheckboxSelectMultiple)
        if "abortive" in self.types:
            fields["abortive"] = forms.ChoiceField(
                label=ui.STRINGS["abortive_kind"], required=False,
                choices=[(a["name"], a["label"]) for a in self.ui.get("abortive", [])])
        if {"chombo", "penalty"} & set(self.types):
            fields["penalised"] = forms.ChoiceField(
                label=ui.STRINGS["penalised"], required=False,
                choices=_player_choices(self.names, ui.STRINGS["choose"]))
        if fields:
            self._add(None, fields)

    def _jing_fields(self) -> None:
        codes = [f"{d}{suit}" for suit in "mps" for d in range(1, 10)]
        codes += [f"{d}z" for d in range(1, 8)]
        tiles = [("", ui.STRINGS["choose"]), *[(c, tile_view(c).label) for c in codes]]
        fields: dict[str, forms.Field] = {
            "jing_zheng": forms.ChoiceField(label=ui.STRINGS["jing_zheng"], required=False,
                                            choices=tiles),
            "jing_fu": forms.ChoiceField(label=ui.STRINGS["jing_fu"], required=False,
                                         choices=tiles)}
        for p, name in enumerate(self.names):
            fields[f"jing_count_{p}"] = forms.IntegerField(
                label=name, required=False, min_value=0, initial=0,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
        self._add(ui.STRINGS["jing"], fields)

    def _sichuan_fields(self) -> None:
        choose = ui.STRINGS["choose"]
        if len(self.names) == 4:  # 三人两房 has no 定缺: two suits already lack one
            self._add(ui.STRINGS["missing_suits"], {
                f"missing_{p}": forms.ChoiceField(
                    label=name, required=False,
                    choices=[("", ui.STRINGS["missing_unknown"]), *SUITS])
                for p, name in enumerate(self.names)})
        for k in range(SICHUAN_KONGS):
            self._add(ui.STRINGS["kong"], {
                f"kong{k}_player": forms.ChoiceField(
                    label=ui.STRINGS["player"], required=False,
                    choices=_player_choices(self.names, ui.STRINGS["none"])),
                f"kong{k}_kind": forms.ChoiceField(label=ui.STRINGS["kong_kind"],
                                                   required=False, choices=KONG_KINDS),
                f"kong{k}_feeder": forms.ChoiceField(
                    label=ui.STRINGS["feeder"], required=False,
                    choices=_player_choices(self.names, ui.STRINGS["none"]))})
        for w in range(SICHUAN_WINS):
            self._add(ui.STRINGS["type_win"], {
                f"win{w}_winner": forms.ChoiceField(
                    label=ui.STRINGS["winner"], required=False,
                    choices=_player_choices(self.names, ui.STRINGS["none"])),
                f"win{w}_discarder": forms.ChoiceField(
                    label=ui.STRINGS["discarder"], required=False,
                    choices=[("", choose), ("self", ui.STRINGS["self_draw"]),
                             *[(str(i), n) for i, n in enumerate(self.names)]]),
                f"win{w}_fan": forms.IntegerField(
                    label=_("Fan (without self-draw)"), required=False, min_value=0,
                    initial=0, widget=forms.NumberInput(attrs={"inputmode": "numeric"}))})
        fields: dict[str, forms.Field] = {}
        for p, name in enumerate(self.names):
            fields[f"ready_fan_{p}"] = forms.IntegerField(
                label=f"{name}: {ui.STRINGS['ready_fan']}", required=False, min_value=0,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
            fields[f"flower_pig_{p}"] = forms.BooleanField(
                label=f"{name}: {ui.STRINGS['flower_pig']}", required=False)
        self._add(ui.STRINGS["wall_ran_out"], fields)

    def field_groups(self) -> list[dict[str, Any]]:
        return [{"legend": legend, "fields": [self[name] for name in names]}
                for legend, names in self.groups]

    # Building the outcome, as static/js/record.js does.
    def _player(self, name: str) -> int | None:
        value = self.cleaned_data.get(name)
        return None if value in (None, "", "self") else int(value)

    def _quick(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for spec in self.ui["quick"]:
            value = self.cleaned_data.get(f"quick_{spec['name']}")
            if value is not None:
                out[spec["name"]] = value
        # Riichi: a yakuman count or a points figure replaces han/fu.
        if out.get("yakuman"):
            return {"yakuman": out["yakuman"]}
        if out.get("points"):
            return {"points": out["points"]}
        out.pop("yakuman", None)
        out.pop("points", None)
        if not out:
            raise RecordError(str(ui.STRINGS["pick_quick"]))
        return out

    def _win(self, kind: str) -> dict[str, Any]:
        winner = self._player("winner")
        if winner is None:
            raise RecordError(str(ui.STRINGS["pick_winner"]))
        discarder = self.cleaned_data.get("discarder") or ""
        if kind == "ron" and discarder in ("", "self"):
            raise RecordError(str(ui.STRINGS["pick_discarder"]))
        if kind == "win" and discarder == "":
            raise RecordError(str(ui.STRINGS["pick_discarder"]))
        entry: dict[str, Any] = {
            "winner": winner,
            "discarder": None if kind == "tsumo" else self._player("discarder"),
            "quick": self._quick()}
        if self._player("pao") is not None:
            entry["pao"] = self._player("pao")
        return entry

    def _sichuan(self) -> dict[str, Any]:
        events: list[dict[str, Any]] = []
        for k in range(SICHUAN_KONGS):
            player = self._player(f"kong{k}_player")
            if player is None:
                continue
            kind = self.cleaned_data.get(f"kong{k}_kind") or "concealed"
            kong: dict[str, Any] = {"kind": "kong", "player": player, "kong": kind}
            if kind == "direct":
                kong["feeder"] = self._player(f"kong{k}_feeder")
            events.append(kong)
        winners = []
        for w in range(SICHUAN_WINS):
            winner = self._player(f"win{w}_winner")
            if winner is None:
                continue
            if not self.cleaned_data.get(f"win{w}_discarder"):
                raise RecordError(str(ui.STRINGS["pick_discarder"]))
            winners.append(winner)
            events.append({"kind": "win", "winner": winner,
                           "discarder": self._player(f"win{w}_discarder"),
                           "quick": {"fan": self.cleaned_data.get(f"win{w}_fan") or 0}})
        if not events:
            raise RecordError(str(ui.STRINGS["add_event"]))
        extra: dict[str, Any] = {"events": events}
        seats = range(len(self.names))
        missing = [self.cleaned_data.get(f"missing_{p}") or None for p in seats]
        if any(missing):
            extra["missing_suits"] = missing
        # The hand goes on until all but one have won; otherwise the wall ran out.
        if len(set(winners)) < len(self.names) - 1:
            extra["draw"] = [{"player": p, "ready_fan": self.cleaned_data.get(f"ready_fan_{p}"),
                              "flower_pig": bool(self.cleaned_data.get(f"flower_pig_{p}"))}
                             for p in seats if p not in winners]
        return {"type": "hand", "extra": extra}

    def outcome(self) -> dict[str, Any]:
        """The outcome of the valid form; raises :class:`RecordError` when incomplete."""
        kind = self.cleaned_data["type"]
        if kind == "hand":
            return self._sichuan()
        outcome: dict[str, Any] = {"type": kind}
        if kind in WIN_TYPES:
            outcome["wins"] = [self._win(kind)]
        if kind == "draw" and "tenpai" in self.fields:
            outcome["tenpai"] = sorted(int(p) for p in self.cleaned_data.get("tenpai") or [])
        if kind == "abortive":
            outcome["extra"] = {"kind": self.cleaned_data.get("abortive")}
        if kind in ("chombo", "penalty"):
            who = self._player("penalised")
            if who is None:
                raise RecordError(str(ui.STRINGS["pick_penalised"]))
            outcome["penalised"] = who
        riichi = sorted(int(p) for p in self.cleaned_data.get("riichi") or [])
        if riichi and kind != "chombo":
            outcome["riichi"] = riichi
        zheng = self.cleaned_data.get("jing_zheng")
        if zheng and kind in (*WIN_TYPES, "draw"):
            jing = {"zheng": zheng}
            if self.cleaned_data.get("jing_fu"):
                jing["fu"] = self.cleaned_data["jing_fu"]
            outcome["extra"] = {**outcome.get("extra", {}), "jing": jing,
                                "jing_counts": [self.cleaned_data.get(f"jing_count_{p}") or 0
                                                for p in range(len(self.names))]}
        return outcome
