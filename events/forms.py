"""Forms of the event pages. They only shape input; :mod:`events.services` decides."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Case, IntegerField, Value, When
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs import permissions as clubs
from clubs.forms import ExtraMinutesForm, RoundClockForm
from clubs.models import Group, Membership
from games.forms import ConfigChoiceField, usable_configs
from games.permissions import Actor
from games.templatetags.mjtables import preset_title
from scoring import registry
from scoring.models import RulesetConfig

from . import services
from .models import (
    MAX_ROUNDS,
    Entry,
    Kind,
    Method,
    Role,
    Round,
    ShortTablePoints,
    SubstituteRule,
    Tournament,
    Visibility,
)


class EventForm(forms.Form):
    name = forms.CharField(label=_("Event name"), max_length=120)
    kind = forms.ChoiceField(label=_("Kind"), choices=Kind.choices, initial=Kind.TOURNAMENT)
    config = ConfigChoiceField(label=_("Rules"), queryset=RulesetConfig.objects.none(),
                               empty_label=None)
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=MAX_ROUNDS,
                                initial=4)
    starts_at = forms.DateTimeField(
        label=_("Starts"), required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Players who enter after this are marked late."))
    visibility = forms.ChoiceField(label=_("Who can look"), choices=Visibility.choices,
                                   initial=Visibility.LINK)
    group = forms.ModelChoiceField(label=_("Group"), queryset=Group.objects.none(),
                                   required=False, empty_label=_("None: it stands alone"))
    description = forms.CharField(label=_("Description"), max_length=500, required=False,
                                  widget=forms.Textarea(attrs={"rows": 2}))
    # Confirmation by the table (issue 29, games.confirmations).
    confirm_hands = forms.BooleanField(
        label=_("Players confirm each hand"), required=False,
        help_text=_("A recorded hand shows as unconfirmed until the other players at the "
                    "table confirm it on their phones; a dispute calls the referees."))
    confirm_before_close = forms.BooleanField(
        label=_("Every hand confirmed before a round closes"), required=False,
        help_text=_("The next round is not seated while a hand of the last one is "
                    "unconfirmed or disputed."))

    def __init__(self, *args: Any, reader: Actor | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        config = self.fields["config"]
        assert isinstance(config, forms.ModelChoiceField)
        # The new-table page's choices in its order (the registry's, built-in first).
        order = [c.pk for c in usable_configs()]
        config.queryset = RulesetConfig.objects.filter(pk__in=order).order_by(
            Case(*[When(pk=pk, then=Value(i)) for i, pk in enumerate(order)],
                 output_field=IntegerField()))
        group = self.fields["group"]
        assert isinstance(group, forms.ModelChoiceField)
        mine = [g.pk for g in clubs.listed_groups(reader) if clubs.can_manage(g, reader)] \
            if reader is not None else []
        group.queryset = Group.objects.filter(pk__in=mine).order_by("name", "pk")
        if not mine:
            del self.fields["group"]


def rules_title(config: RulesetConfig) -> str:
    """A configuration of the event's own ruleset by its preset's title in the reader's
    language (the admin's own by the name it was given)."""
    return preset_title(config) if config.is_builtin else str(config.name)


class SettingsForm(forms.Form):
    """What an organiser may change once the event exists (not its rules)."""

    name = EventForm.base_fields["name"]
    kind = EventForm.base_fields["kind"]
    rounds = EventForm.base_fields["rounds"]
    starts_at = EventForm.base_fields["starts_at"]
    visibility = EventForm.base_fields["visibility"]
    registration_open = forms.BooleanField(
        label=_("Players may enter themselves through the join link"), required=False)
    description = EventForm.base_fields["description"]
    confirm_hands = EventForm.base_fields["confirm_hands"]
    confirm_before_close = EventForm.base_fields["confirm_before_close"]
    # How the event runs; a field left out keeps its value (services.update_event).
    seating = forms.ChoiceField(label=_("Seating of the rounds"), choices=Method.choices,
                                required=False)
    standing = forms.ChoiceField(label=_("Standings"), choices=[], required=False)
    substitute_rule = forms.ChoiceField(label=_("A seat a substitute plays for a player"),
                                        choices=SubstituteRule.choices, required=False)
    substitute_score = forms.IntegerField(
        label=_("Fixed result: score"), min_value=-10_000_000, max_value=10_000_000,
        required=False,
        help_text=_("In the tables' points, for each round a substitute plays for a player."))
    substitute_points = forms.DecimalField(
        label=_("Fixed result: table points"), max_digits=5, decimal_places=2,
        min_value=-999, max_value=999, required=False)

    # Offered only when the event's ruleset has three-player rules (SettingsForm.of).
    short_tables = forms.ChoiceField(
        label=_("Players the four-player tables leave over"), choices=[], required=False,
        help_text=_("13 players: one table of four and three of three, instead of four "
                    "tables with three substitutes."))

    # Offered only where a table of three can meet table points (SettingsForm.of).
    short_table_points = forms.ChoiceField(
        label=_("Table points at a table of three"), choices=ShortTablePoints.choices,
        required=False,
        help_text=_("No published rule says: the first is what tournaments with uneven "
                    "tables usually do, the second gives each player at a table of three "
                    "what a table of four gives each of its players on average."))

    KEPT = ("seating", "standing", "substitute_rule", "substitute_score",
            "substitute_points", "short_tables", "short_table_points")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in self.KEPT:
            if data.get(name) in ("", None):
                data[name] = None
        return data

    @classmethod
    def of(cls, event: Tournament, data: Any = None) -> SettingsForm:
        form = cls(data, initial={
            "name": event.name, "kind": event.kind, "rounds": event.rounds,
            "starts_at": event.starts_at, "visibility": event.visibility,
            "registration_open": event.registration_open, "description": event.description,
            "seating": event.seating,
            "standing": registry.standing(event.ruleset, event.standing).key,
            "substitute_rule": event.substitute_rule,
            "substitute_score": event.substitute_score,
            "substitute_points": event.substitute_points,
            "confirm_hands": event.confirm_hands,
            "confirm_before_close": event.confirm_before_close,
            "short_tables": (str(event.short_config_id) if event.short_config_id
                             else services.SUBSTITUTES),
            "short_table_points": event.short_table_points})
        short = services.three_player_configs(event)
        if short:
            tables = form.fields["short_tables"]
            assert isinstance(tables, forms.ChoiceField)
            tables.choices = [(services.SUBSTITUTES, gettext("Substitutes fill the seats")),
                              *((str(c.pk), gettext("Three-player tables: %(rules)s")
                                 % {"rules": rules_title(c)}) for c in short)]
        else:  # nothing to choose: substitutes fill the seats
            del form.fields["short_tables"]
        if not short or not any(s.table_points for s in registry.standings(event.ruleset)):
            # No table of three, or no table points to give one: nothing to choose.
            del form.fields["short_table_points"]
        field = form.fields["standing"]
        assert isinstance(field, forms.ChoiceField)
        # Each convention the ruleset offers, with where it comes from.
        field.choices = [(s.key, gettext(s.label)) for s in registry.standings(event.ruleset)]
        field.help_text = " ".join(f"{gettext(s.label)}: {gettext(s.source)}"
                                   for s in registry.standings(event.ruleset))
        return form


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Player's name"), max_length=64)


class MembersForm(forms.Form):
    """Members of the event's group who have not entered yet."""

    members = forms.TypedMultipleChoiceField(
        label=_("Members of the group"), coerce=int, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, event: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        entered = Entry.objects.filter(tournament=event).values("player_id")
        field = self.fields["members"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(m.player_id, m.player.display_name) for m in
                         Membership.objects.filter(group=event.group)
                         .exclude(player_id__in=entered).select_related("player")] \
            if event.group is not None else []

    @property
    def has_choices(self) -> bool:
        field = self.fields["members"]
        assert isinstance(field, forms.ChoiceField)
        return bool(field.choices)


class OfficialForm(forms.Form):
    username = forms.CharField(label=_("Account name"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.REFEREE)


class JoinForm(forms.Form):
    name = forms.CharField(label=_("Your name"), max_length=64)


def _seat_field(label: Any) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(label=label, coerce=int, choices=[])


class SwapForm(forms.Form):
    """Two seats of a round whose players change places."""

    first = _seat_field(_("Swap"))
    second = _seat_field(_("with"))

    def __init__(self, *args: Any, seats: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)
            field.choices = seats


class SubstituteForm(forms.Form):
    """A seat played by a substitute (named), or given back to its player (no name)."""

    seat = _seat_field(_("Seat"))
    name = forms.CharField(label=_("Substitute's name"), max_length=64, required=False,
                           help_text=_("Leave it empty to give the seat back to its player."))

    def __init__(self, *args: Any, seats: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["seat"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = seats


# An uploaded seating is a text file: a few hundred kilobytes at most.
MAX_UPLOAD = 256 * 1024


class FixedForm(forms.Form):
    """The organiser's seating of every round, typed or as a text file."""

    text = forms.CharField(
        label=_("Seating"), required=False, widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("One table a line, East first: players' numbers (1-2-3-4) or names "
                    "separated by commas; * for a substitute's seat; a blank line or a "
                    "line starting with # between rounds."))
    file = forms.FileField(label=_("Or upload a text or CSV file"), required=False)

    def seating_text(self) -> str:
        upload = self.cleaned_data.get("file")
        if upload is not None:
            if upload.size > MAX_UPLOAD:
                raise forms.ValidationError(_("The file is too large."))
            try:
                return str(upload.read().decode("utf-8-sig"))
            except UnicodeDecodeError as exc:
                raise forms.ValidationError(_("Save the file as UTF-8 text.")) from exc
        return str(self.cleaned_data.get("text") or "")


class PenaltyForm(forms.Form):
    entry = forms.TypedChoiceField(label=_("Player"), coerce=int, choices=[])
    points = forms.IntegerField(
        label=_("Points"), min_value=-10_000_000, max_value=10_000_000,
        help_text=_("In the tables' points; negative takes them away."))
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def __init__(self, *args: Any, event: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["entry"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(e.pk, f"{e.number}. {e.player.display_name}") for e in
                         Entry.objects.filter(tournament=event).select_related("player")]


# --- a round's clock (issue 28; events.clock) ----------------------------------------------

# The same settings as an evening's clock: its length, the end-of-round rule, warnings.
EventClockForm = RoundClockForm


class EventExtraTimeForm(ExtraMinutesForm):
    """A referee's extra time for one table of the round, by its number."""

    table = forms.TypedChoiceField(label=_("Table"), coerce=int, choices=())
    field_order = ["table", "minutes"]

    def __init__(self, *args: Any, round_: Round, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["table"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [(n, gettext("Table %(number)s") % {"number": n})
                         for n in round_.tables.filter(table__isnull=False)
                         .order_by("number").values_list("number", flat=True)]
