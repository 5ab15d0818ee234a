"""Forms of the group pages. They only shape input; :mod:`clubs.services` decides."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.clock import MAX_DURATION, MAX_WARNINGS
from games.models import EndRule, Table
from games.permissions import Actor

from . import money, permissions
from .models import CURRENCIES, Evening, Group, GroupVisibility
from .money import is_plain_amount


def currency_choices(blank: str = "") -> list[tuple[str, str]]:
    # Names in the reader's language, so built when the form is.
    choices = [(c, money.currency_name(c)) for c in CURRENCIES]
    return [("", blank), *choices] if blank else choices


class GroupForm(forms.Form):
    name = forms.CharField(label=_("Group name"), max_length=120)
    description = forms.CharField(label=_("Description"), max_length=500, required=False,
                                  widget=forms.Textarea(attrs={"rows": 2}))
    visibility = forms.ChoiceField(label=_("Who can look"), choices=GroupVisibility.choices,
                                   initial=GroupVisibility.LINK)
    currency = forms.ChoiceField(label=_("Currency"))
    # Confirmation by the table (issue 29): the default of the group's new tables.
    confirm_hands = forms.BooleanField(
        label=_("Players confirm each hand"), required=False,
        help_text=_("New tables of the group and its evenings show a recorded hand as "
                    "unconfirmed until the other players confirm it on their phones."))
    members = forms.CharField(
        label=_("Members"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One name per line; names already known keep their games."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["currency"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = currency_choices()

    def member_names(self) -> list[str]:
        names = [n.strip() for n in self.cleaned_data.get("members", "").splitlines()]
        return list(dict.fromkeys(n for n in names if n))

    def clean_members(self) -> str:
        value: str = self.cleaned_data.get("members", "")
        if any(len(n.strip()) > 64 for n in value.splitlines()):
            raise forms.ValidationError(_("Keep each name to 64 characters."))
        return value


class GroupSettingsForm(GroupForm):
    """The same settings without the first members (added one by one afterwards)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["members"]


class MemberForm(forms.Form):
    name = forms.CharField(label=_("Player's name"), max_length=64)
    manager = forms.BooleanField(label=_("May manage the group"), required=False)


class EveningForm(forms.Form):
    name = forms.CharField(label=_("Evening"), max_length=120)
    date = forms.DateField(label=_("Date"), initial=timezone.localdate,
                           widget=forms.DateInput(attrs={"type": "date"}))
    currency = forms.ChoiceField(label=_("Currency"), required=False)

    def __init__(self, *args: Any, group: Group | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["currency"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = currency_choices(
            blank=str(_("The group's (%(currency)s)") % {"currency": group.currency})
            if group else "-")


class PlainDecimalField(forms.DecimalField):
    """A decimal typed with ASCII digits and a point only (:func:`money.is_plain_amount`);
    Django's own also took "1_000" and other scripts' digits."""

    def to_python(self, value: Any) -> Decimal | None:
        if isinstance(value, str) and value.strip() and not is_plain_amount(value.strip()):
            raise forms.ValidationError(self.error_messages["invalid"])
        return super().to_python(value)


class StakeForm(forms.Form):
    """A stake in money per unit of the ruleset (its ``STAKE_UNIT``: 1,000 points...)."""

    amount = PlainDecimalField(label=_("Stake"), min_value=0, max_value=100000,
                                decimal_places=4, required=False,
                                widget=forms.NumberInput(attrs={"step": "any",
                                                                "inputmode": "decimal"}))
    currency = forms.ChoiceField(label=_("Currency"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["currency"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = currency_choices()


class AttachForm(forms.Form):
    """Put one of the reader's tables into an evening."""

    table = forms.ModelChoiceField(label=_("Table"), queryset=Table.objects.none(),
                                   to_field_name="public_id", empty_label=None)

    def __init__(self, *args: Any, tables: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["table"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = tables if tables is not None else Table.objects.none()
        field.label_from_instance = lambda t: f"{t.name} · {t.created_at:%Y-%m-%d}"


def places_for(actor: Actor) -> list[tuple[str, str]]:
    """Where ``actor`` may put a table (the new-table form, a table's settle-up page): no
    group, each group they may add tables to, and each of its recent evenings."""
    groups = [g for g in permissions.listed_groups(actor).order_by("name")
              if permissions.can_contribute(g, actor)]
    evenings = list(Evening.objects.filter(group__in=groups).order_by("-date", "-pk")[:40])
    choices: list[tuple[str, str]] = [("", str(_("No group")))]
    for group in groups:
        choices.append((f"g:{group.public_id}", group.name))
        for evening in evenings:
            if evening.group_id == group.pk:
                choices.append((f"e:{evening.public_id}", f"{group.name} · {evening.name} "
                                f"({evening.date:%Y-%m-%d})"))
    return choices


class SeasonForm(forms.Form):
    """A group's season: a name, its first and last day, and how many results count."""

    name = forms.CharField(label=_("Season name"), max_length=120)
    starts = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    ends = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))
    best = forms.IntegerField(
        label=_("Count each player's best"), min_value=1, max_value=1000, required=False,
        help_text=_("How many of each player's results count, the best first; empty: all."))


# --- the evening's round clock (issue 28; clubs.evening_clock) ---------------------------

# Where each end-of-round rule comes from (games.clock has the citations).
END_RULE_SOURCES = {
    EndRule.FINISH_HAND: _("World Riichi Championship rules 2015, 8.2"),
    EndRule.ONE_MORE: _("EMA tournaments as Pantheon runs them; the RMU's “60 minutes and "
                        "one hand”"),
    EndRule.STOP: _("the WRC's rule for a hand not yet dealt, for every hand"),
}


def _evening_tables(evening: Evening) -> Any:
    return Table.objects.filter(club_link__evening=evening).order_by("created_at", "pk")


class RoundClockForm(forms.Form):
    """A round clock's settings: its length, the end-of-round rule, the warnings (an
    evening's, with :class:`ClockForm`'s tables; an event round's, events.forms)."""

    minutes = forms.IntegerField(label=_("Round length (minutes)"), min_value=1,
                                 max_value=MAX_DURATION // 60, initial=90)
    end_rule = forms.ChoiceField(label=_("When the time is up"), choices=EndRule.choices,
                                 initial=EndRule.FINISH_HAND, widget=forms.RadioSelect)
    warnings = forms.CharField(
        label=_("Warn at (minutes left)"), required=False, max_length=60, initial="15, 5",
        help_text=_("Up to five numbers separated by commas, such as 15, 5."))

    def clean_warnings(self) -> list[int]:
        text: str = self.cleaned_data.get("warnings", "")
        parts = [p.strip() for p in text.replace("，", ",").replace("、", ",").split(",")]
        parts = [p for p in parts if p]
        if (len(parts) > MAX_WARNINGS
                or not all(p.isascii() and p.isdigit() and 0 < int(p) <= MAX_DURATION // 60
                           for p in parts)):
            raise forms.ValidationError(
                _("Give up to %(count)s whole numbers of minutes from 1 to %(max)s, "
                  "separated by commas."),
                params={"count": MAX_WARNINGS, "max": MAX_DURATION // 60})
        return sorted({int(p) for p in parts}, reverse=True)


class ClockForm(RoundClockForm):
    table = forms.ModelChoiceField(label=_("Tables"), queryset=Table.objects.none(),
                                   to_field_name="public_id", required=False,
                                   empty_label=_("All the evening's tables"))

    def __init__(self, *args: Any, evening: Evening, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["table"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = _evening_tables(evening)
        field.label_from_instance = lambda t: t.name


class ExtraMinutesForm(forms.Form):
    """A referee's decision: minutes more (or fewer) for one table (its ``table`` field
    is the owner's: an evening's tables, an event round's numbers)."""

    minutes = forms.IntegerField(label=_("Minutes"), min_value=-60, max_value=60, initial=5)

    def clean_minutes(self) -> int:
        minutes: int = self.cleaned_data["minutes"]
        if minutes == 0:
            raise forms.ValidationError(_("Give a number of minutes other than 0."))
        return minutes


class ExtraTimeForm(ExtraMinutesForm):
    table = forms.ModelChoiceField(label=_("Table"), queryset=Table.objects.none(),
                                   to_field_name="public_id", empty_label=None)
    field_order = ["table", "minutes"]

    def __init__(self, *args: Any, evening: Evening, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["table"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = _evening_tables(evening).filter(clock_link__isnull=False)
        field.label_from_instance = lambda t: t.name
