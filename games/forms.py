"""Forms of the table pages: creating a table (rules, options, players) and claiming a seat.

The options of every usable ruleset are rendered as fields named ``opt-<ruleset>-<name>``
from the engine's ``options_schema``; only those of the chosen ruleset are read. Each
ruleset's fields show the values of one configuration, named by the hidden
``opt-<ruleset>--shown`` (the page's script refills them when the rules change): a field
that differs from what it showed is an edit, and the edits that differ from the chosen
configuration become the table's overrides. So an untouched form uses the rules as they
are, and a changed field counts without any extra tick, with or without the script.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Case, IntegerField, Value, When
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from games.models import Visibility
from games.permissions import Actor, visible_players
from games.templatetags.mjtables import preset_title, ruleset_title
from scoring import registry
from scoring.engine.errors import EngineError
from scoring.engine.options import options_schema
from scoring.engine.tiles import WIND_LETTERS, WIND_NAMES
from scoring.models import RulesetConfig
from scoring.option_text import same_value

# The seats in wind order, East (the first dealer) first; the engine's wind names are
# msgids of scoring.engine_texts.
SEAT_LABELS = (_("East (first dealer)"), *(_(WIND_NAMES[w]) for w in WIND_LETTERS[1:]))


def _registry_order() -> Case:
    # Rulesets in the registry's order (Japanese riichi first), not alphabetical, so the
    # create page's first choice is the most played one.
    usable = registry.usable()
    return Case(*[When(ruleset=name, then=Value(i)) for i, name in enumerate(usable)],
                default=Value(len(usable)), output_field=IntegerField())


def usable_configs() -> list[RulesetConfig]:
    usable = set(registry.usable())
    return [c for c in RulesetConfig.objects.order_by(_registry_order(), "-is_builtin", "name")
            if c.ruleset in usable]


def option_field_name(ruleset: str, option: str) -> str:
    return f"opt-{ruleset}-{option}"


def shown_field_name(ruleset: str) -> str:
    """The hidden field naming the configuration whose values a ruleset's fields show."""
    return f"opt-{ruleset}--shown"


def option_specs() -> list[dict[str, Any]]:
    """Every usable ruleset's options, for the create page's option fieldsets."""
    out = []
    for name in registry.usable():
        out.append({"ruleset": name, "title": registry.get(name).title,
                    "options": options_schema(registry.get(name).options_class)})
    return out


_UNSET = object()


def _whole(spec: dict[str, Any], raw: str) -> int:
    try:
        return int(raw)
    except ValueError:
        raise forms.ValidationError(
            _("%(label)s must be a whole number.") % {"label": gettext(spec["label"])}) from None


def _parse_option(spec: dict[str, Any], raw: str | None) -> Any:
    """The typed value of one option field; ``_UNSET`` when an empty field means "keep"."""
    kind = spec["type"]
    if kind == "bool":
        return raw in ("on", "true", "1", "yes")
    raw = (raw or "").strip()
    if kind == "int":
        if raw == "":
            # Only options that may be empty (no cap, no limit) take an empty field.
            return None if spec["default"] is None else _UNSET
        return _whole(spec, raw)
    if kind == "list":
        items = [item.strip() for item in raw.split(",") if item.strip()]
        default = spec["default"] or []
        if default and all(isinstance(v, int) for v in default):
            return [_whole(spec, item) for item in items]
        return items
    return raw


class ConfigChoiceField(forms.ModelChoiceField):
    """Built-in configurations by ruleset and preset in the reader's language; the
    admin's own configurations by the name they were given."""

    def label_from_instance(self, obj: Any) -> str:
        # A built-in configuration's stored name is English: ruleset title — preset title.
        if not obj.is_builtin or (get_language() or "en").startswith("en"):
            return str(obj.name)
        return f"{ruleset_title(obj.ruleset)} — {preset_title(obj)}"


class CreateTableForm(forms.Form):
    name = forms.CharField(label=_("Table name"), max_length=120)
    config = ConfigChoiceField(label=_("Rules"), queryset=RulesetConfig.objects.none(),
                               empty_label=None)
    player_0 = forms.CharField(label=SEAT_LABELS[0], max_length=64)
    player_1 = forms.CharField(label=SEAT_LABELS[1], max_length=64)
    player_2 = forms.CharField(label=SEAT_LABELS[2], max_length=64)
    # North: left empty when the rules are for three players (sanma, 三人两房).
    player_3 = forms.CharField(label=SEAT_LABELS[3], max_length=64, required=False)
    visibility = forms.ChoiceField(label=_("Who can watch"), choices=Visibility.choices,
                                   initial=Visibility.LINK)
    # A group or one of its evenings ("g:<id>", "e:<id>"; see games.extensions.places_for).
    place = forms.ChoiceField(label=_("Played with"), required=False)
    # Confirmation by the table (issue 29, games.confirmations); a group that asks for it
    # turns it on for its new tables whatever this says.
    confirm_hands = forms.BooleanField(
        label=_("Players confirm each hand"), required=False,
        help_text=_("A recorded hand shows as unconfirmed until the other players at the "
                    "table confirm it on their phones."))

    def __init__(self, *args: Any, places: list[tuple[str, str]] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if places and len(places) > 1:
            place = self.fields["place"]
            assert isinstance(place, forms.ChoiceField)
            place.choices = places
        else:
            del self.fields["place"]
        configs = usable_configs()
        field = self.fields["config"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = RulesetConfig.objects.filter(pk__in=[c.pk for c in configs]
                                                      ).order_by(_registry_order(), "-is_builtin",
                                                                 "name")
        for i in range(4):
            self.fields[f"player_{i}"].widget.attrs.update(
                {"list": "player-names", "autocomplete": "off"})

    def player_names(self) -> list[str]:
        count = self.cleaned_data.get("seats", 4)
        return [self.cleaned_data[f"player_{i}"].strip() for i in range(count)]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        config: RulesetConfig | None = data.get("config")
        data["overrides"] = {}
        data["seats"] = 4
        if config is not None:
            try:
                data["overrides"] = self._overrides(config)
                ruleset = registry.get(config.ruleset)
                options = ruleset.resolve(config.preset, {**config.options, **data["overrides"]})
                start = ruleset.rules.initial_state(ruleset.options_from_snapshot(options))
            except EngineError as exc:
                raise forms.ValidationError(exc.message) from exc
            data["seats"] = len(start.get("scores") or [0] * 4)
        names = [(data.get(f"player_{i}") or "").strip() for i in range(4)]
        if data["seats"] == 3 and names[3]:
            self.add_error("player_3", _("These rules are for three players: leave North "
                                         "empty."))
        elif data["seats"] == 4 and not names[3] and "player_3" not in self.errors:
            self.add_error("player_3", forms.Field.default_error_messages["required"])
        seated = names[:data["seats"]]
        if all(seated) and len(set(seated)) != len(seated):
            raise forms.ValidationError(_("Give four different player names.")
                                        if len(seated) == 4 else
                                        _("Give three different player names."))
        return data

    def _basis(self, ruleset: str, key: str) -> dict[str, Any]:
        """The values shown for the configuration ``key`` ("" or unknown: the ruleset's
        defaults)."""
        config = next((c for c in usable_configs()
                       if str(c.pk) == key and c.ruleset == ruleset), None)
        try:
            return (config.resolved_options() if config is not None
                    else registry.get(ruleset).resolve())
        except EngineError:
            return registry.get(ruleset).resolve()

    def _submitted(self, ruleset: str) -> dict[str, Any]:
        """The typed values of a ruleset's option fields as posted (unreadable ones left
        out; they are refused by name in :meth:`_overrides`)."""
        out = {}
        for spec in options_schema(registry.get(ruleset).options_class):
            key = option_field_name(ruleset, spec["name"])
            if spec["type"] != "bool" and key not in self.data:
                continue
            if spec["type"] == "list" and spec.get("choices"):
                # Ticked choices arrive as repeated fields (see table_new.html).
                value = [v for v in self.data.getlist(key) if v]
            else:
                value = _parse_option(spec, self.data.get(key))
            if value is not _UNSET:
                out[spec["name"]] = value
        return out

    def shown_options(self, ruleset: str, initial_config: RulesetConfig | None
                      ) -> tuple[str, dict[str, Any]]:
        """What a ruleset's fields show: the key of the configuration they started from
        and each option's value (as posted when the page comes back with an error)."""
        if self.is_bound and shown_field_name(ruleset) in self.data:
            key = str(self.data.get(shown_field_name(ruleset)))
            try:
                typed = self._submitted(ruleset)
            except forms.ValidationError:
                typed = {}
            return key, {**self._basis(ruleset, key), **typed}
        key = str(initial_config.pk) if initial_config and initial_config.ruleset == ruleset \
            else ""
        return key, self._basis(ruleset, key)

    def _overrides(self, config: RulesetConfig) -> dict[str, Any]:
        """Options changed from what their fields showed that differ from the chosen
        configuration; none when the option fields were not sent at all."""
        if shown_field_name(config.ruleset) not in self.data:
            return {}
        current = config.resolved_options()
        before = self._basis(config.ruleset, str(self.data.get(shown_field_name(config.ruleset))))
        edited = {k: v for k, v in self._submitted(config.ruleset).items()
                  if not same_value(v, before.get(k))}
        return {k: v for k, v in edited.items() if not same_value(v, current.get(k))}


class ClaimSeatForm(forms.Form):
    position = forms.TypedChoiceField(choices=[(i, str(i)) for i in range(4)], coerce=int)


def player_name_choices(actor: Actor, limit: int = 300) -> list[str]:
    """Names ``actor`` may see (:func:`games.permissions.visible_players`) for the create
    page's autocomplete, most recently created first."""
    names = (visible_players(actor).order_by("-created_at")
             .values_list("display_name", flat=True))
    seen: list[str] = []
    for name in names[: limit * 2]:
        if name not in seen:
            seen.append(name)
        if len(seen) >= limit:
            break
    return seen
