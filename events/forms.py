"""Forms of the event pages. They only shape input; :mod:`events.services` decides."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Case, IntegerField, Value, When
from django.utils.translation import gettext_lazy as _

from clubs import permissions as clubs
from clubs.models import Group, Membership
from games.forms import ConfigChoiceField, usable_configs
from games.permissions import Actor
from scoring.models import RulesetConfig

from .models import MAX_ROUNDS, Entry, Kind, Role, Tournament, Visibility


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

    @classmethod
    def of(cls, event: Tournament, data: Any = None) -> SettingsForm:
        return cls(data, initial={
            "name": event.name, "kind": event.kind, "rounds": event.rounds,
            "starts_at": event.starts_at, "visibility": event.visibility,
            "registration_open": event.registration_open, "description": event.description})


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
