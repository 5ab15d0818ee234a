"""The admin form of :class:`~scoring.models.RulesetConfig`, generated from the engine's
option schema (:func:`scoring.engine.options.options_schema`).

Each option becomes a field with the engine's label and help text (translated into the
active language through the msgids of :mod:`scoring.engine_texts`) and allowed values:
choices a select (a checkbox list for lists), true/false a checkbox, whole numbers a number
input with the engine's minimum and maximum, other lists a comma-separated text. The form
shows every option's effective value (preset, then overrides) and saves only the values
that differ from the preset, so a config follows later fixes of its preset. Invalid
combinations are refused with the engine's own message (``Options.validate``).
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext

from scoring import registry
from scoring.engine.errors import EngineError
from scoring.models import RulesetConfig

PREFIX = "opt_"


class ListField(forms.CharField):
    """A list typed as comma-separated values; numbers when the default holds numbers."""

    def __init__(self, *, item_type: type, **kwargs: Any) -> None:
        self.item_type = item_type
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return ", ".join(str(v) for v in value)
        return value

    def to_python(self, value: Any) -> list[Any]:
        text = super().to_python(value)
        items = [v.strip() for v in text.split(",") if v.strip()]
        try:
            return [self.item_type(v) for v in items]
        except ValueError:
            kind = "whole numbers" if self.item_type is int else "numbers"
            raise forms.ValidationError(f"enter {kind} separated by commas") from None


def option_field(spec: dict[str, Any]) -> forms.Field:
    """One form field for one entry of ``options_schema``."""
    kind, choices = spec["type"], spec["choices"]
    common: dict[str, Any] = {"label": spec["label"], "help_text": spec["help"],
                              "required": False}
    nullable = spec["default"] is None
    if kind == "bool":
        return forms.BooleanField(**common)
    if kind == "list":
        if choices:
            return forms.TypedMultipleChoiceField(
                choices=[(c, c) for c in choices], widget=forms.CheckboxSelectMultiple,
                coerce=type(choices[0]), **common)
        sample = spec["default"] or []
        item_type = float if any(isinstance(v, float) for v in sample) else (
            int if sample and all(isinstance(v, int) for v in sample) else str)
        return ListField(item_type=item_type, **common)
    if choices:
        coerce = {"int": int, "float": float}.get(kind, str)
        return forms.TypedChoiceField(choices=[(c, c) for c in choices], coerce=coerce,
                                      **{**common, "required": not nullable},
                                      empty_value=None)
    if kind == "int":
        return forms.IntegerField(min_value=spec["minimum"], max_value=spec["maximum"],
                                  **{**common, "required": not nullable})
    if kind == "float":
        return forms.FloatField(min_value=spec["minimum"], max_value=spec["maximum"],
                                **{**common, "required": not nullable})
    return forms.CharField(**{**common, "required": not nullable})


class RulesetConfigForm(forms.ModelForm):
    """Built for one ruleset: ``ruleset_name`` (from the instance, or the add page's
    ``?ruleset=`` parameter)."""

    ruleset_name: str = ""

    class Meta:
        model = RulesetConfig
        fields = ["name", "ruleset", "preset", "description"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        name = self.instance.ruleset if self.instance.pk else self.ruleset_name
        self.ruleset = registry.get(name or registry.usable()[0])
        # Labels and help in the reader's language, as on the create page.
        self.schema = self.ruleset.localized_schema()
        self.fields["ruleset"].choices = [(self.ruleset.name, self.ruleset.title)]
        self.fields["ruleset"].initial = self.ruleset.name
        if not self.instance.pk:
            others = [n for n in registry.usable() if n != self.ruleset.name]
            links = format_html_join(", ", '<a href="?ruleset={}">{}</a>',
                                     ((n, n) for n in others))
            self.fields["ruleset"].help_text = format_html(
                gettext("Options below are those of {ruleset}. Another ruleset: {links}"),
                ruleset=self.ruleset.name, links=links)
        presets = self.ruleset.presets
        self.fields["preset"] = forms.ChoiceField(
            choices=[("", gettext("(the ruleset's defaults)"))]
            + [(k, gettext(str(v["title"])) if v.get("title") else k)
               for k, v in presets.items()],
            required=False, label=gettext("Preset"))
        if self.instance.pk:
            self.fields["preset"].initial = self.instance.preset
        try:
            current = self.ruleset.resolve(self.instance.preset or "",
                                           self.instance.options or {})
        except EngineError:
            current = self.ruleset.resolve()
        for spec in self.schema:
            field = option_field(spec)
            field.initial = current.get(spec["name"], spec["default"])
            self.fields[PREFIX + spec["name"]] = field

    def _chosen_options(self) -> dict[str, Any]:
        return {spec["name"]: self.cleaned_data.get(PREFIX + spec["name"])
                for spec in self.schema if PREFIX + spec["name"] in self.cleaned_data}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("ruleset") and data["ruleset"] != self.ruleset.name:
            raise forms.ValidationError("the ruleset cannot be changed here; add a new "
                                        "configuration for another ruleset")
        chosen = self._chosen_options()
        try:
            base = self.ruleset.resolve(data.get("preset") or "")
            self.ruleset.build(data.get("preset") or "", chosen)
        except EngineError as exc:
            match = re.search(r"option '(\w+)'", exc.message)
            field = PREFIX + match.group(1) if match else None
            self.add_error(field if field in self.fields else None, exc.message)
            return data
        self.overrides = {k: v for k, v in chosen.items() if base.get(k) != v}
        return data

    def save(self, commit: bool = True) -> RulesetConfig:
        self.instance.ruleset = self.ruleset.name
        self.instance.options = self.overrides
        return super().save(commit)
