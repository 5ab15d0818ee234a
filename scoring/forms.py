"""The admin form of :class:`~scoring.models.RulesetConfig`, generated from the engine's
option schema (:func:`scoring.engine.options.options_schema`).

Each option becomes a field with the engine's label and help text (translated into the
active language through the msgids of :mod:`scoring.engine_texts`) and allowed values:
choices a select (a checkbox list for lists) showing each choice's label, true/false a
checkbox, whole numbers a number input with the engine's minimum and maximum, other lists a
comma-separated text. The form shows every option's effective value (preset, then
overrides) and saves only the values that differ from the preset, so a config follows later
fixes of its preset. Invalid combinations are refused with the engine's own message
(``Options.validate``).

Choosing another preset refills the fields with that preset's values
(``static/js/ruleset_admin.js``, from the values this form puts on the preset select). The
hidden ``shown_preset`` says which preset the fields show: when a browser without scripts
sends another preset than the one shown, only the fields changed from what was shown count
as edits, so the fields left as they were never become a dozen accidental overrides.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext

from scoring import registry
from scoring.engine.errors import EngineError
from scoring.models import RulesetConfig
from scoring.option_text import same_value

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
    # (value, label in the reader's language), from localize_option.
    pairs = spec.get("choice_pairs") or [(c, str(c)) for c in choices or []]
    nullable = spec["default"] is None
    if kind == "bool":
        return forms.BooleanField(**common)
    if kind == "list":
        if choices:
            return forms.TypedMultipleChoiceField(
                choices=pairs, widget=forms.CheckboxSelectMultiple,
                coerce=type(choices[0]), **common)
        sample = spec["default"] or []
        item_type = float if any(isinstance(v, float) for v in sample) else (
            int if sample and all(isinstance(v, int) for v in sample) else str)
        return ListField(item_type=item_type, **common)
    if choices:
        coerce = {"int": int, "float": float}.get(kind, str)
        return forms.TypedChoiceField(choices=pairs, coerce=coerce,
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
    # Which preset's values the option fields show; see the module's docstring.
    shown_preset = forms.CharField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = RulesetConfig
        fields = ["name", "ruleset", "preset", "description"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        name = self.instance.ruleset if self.instance.pk else self.ruleset_name
        self.ruleset = registry.get(name or registry.usable()[0])
        # Labels and help in the reader's language, as on the create page.
        self.schema = self.ruleset.localized_schema()
        ruleset_field = self.fields["ruleset"]
        assert isinstance(ruleset_field, forms.ChoiceField)
        ruleset_field.initial = self.ruleset.name
        if self.instance.pk:
            ruleset_field.choices = [(self.ruleset.name, self.ruleset.short_title)]
        else:
            # Choosing another opens the add page for it (the script), or its link.
            ruleset_field.choices = [(n, registry.get(n).short_title)
                                     for n in registry.usable()]
            ruleset_field.widget.attrs["data-reload"] = "ruleset"
            others = [n for n in registry.usable() if n != self.ruleset.name]
            links = format_html_join(", ", '<a href="?ruleset={}">{}</a>',
                                     ((n, registry.get(n).short_title) for n in others))
            ruleset_field.help_text = format_html(
                gettext("Options below are those of {ruleset}. Another ruleset: {links}"),
                ruleset=self.ruleset.short_title, links=links)
        presets = self.ruleset.presets
        self.fields["preset"] = forms.ChoiceField(
            choices=[("", gettext("(the ruleset's defaults)"))]
            + [(k, gettext(str(v["title"])) if v.get("title") else k)
               for k, v in presets.items()],
            required=False, label=gettext("Preset"),
            help_text=gettext("Choosing a preset fills the options below with its values."))
        # Every preset's values by field name, for the script that refills the fields.
        values = {key: {PREFIX + k: v for k, v in self.ruleset.resolve(key).items()}
                  for key in ["", *presets]}
        self.fields["preset"].widget.attrs["data-values"] = json.dumps(values)
        shown = self.instance.preset if self.instance.pk else ""
        self.fields["preset"].initial = shown
        self.fields["shown_preset"].initial = shown
        shown_values = self._shown_values(shown)
        for spec in self.schema:
            field = option_field(spec)
            field.initial = shown_values.get(spec["name"], spec["default"])
            self.fields[PREFIX + spec["name"]] = field

    def _shown_values(self, preset: str) -> dict[str, Any]:
        """The values the option fields show for ``preset``: this configuration's own on
        its change page (preset and overrides), else the preset's."""
        try:
            if self.instance.pk and preset == self.instance.preset:
                return self.ruleset.resolve(preset, self.instance.options or {})
            return self.ruleset.resolve(preset)
        except EngineError:
            return self.ruleset.resolve()

    def _chosen_options(self) -> dict[str, Any]:
        return {spec["name"]: self.cleaned_data.get(PREFIX + spec["name"])
                for spec in self.schema if PREFIX + spec["name"] in self.cleaned_data}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("ruleset") and data["ruleset"] != self.ruleset.name:
            raise forms.ValidationError("the ruleset cannot be changed here; add a new "
                                        "configuration for another ruleset")
        preset = data.get("preset") or ""
        chosen = self._chosen_options()
        shown = data.get("shown_preset") or ""
        try:
            base = self.ruleset.resolve(preset)
            if "shown_preset" in self.data and shown != preset:
                # The fields still show another preset (no script ran): a field left as
                # it was takes the chosen preset's value; only the fields changed are edits.
                before = self._shown_values(shown)
                chosen = {k: (base.get(k, v) if same_value(v, before.get(k)) else v)
                          for k, v in chosen.items()}
            self.ruleset.build(preset, chosen)
        except EngineError as exc:
            match = re.search(r"option '(\w+)'", exc.message)
            field = PREFIX + match.group(1) if match else None
            self.add_error(field if field in self.fields else None, exc.message)
            return data
        self.overrides = {k: v for k, v in chosen.items() if not same_value(base.get(k), v)}
        return data

    def save(self, commit: bool = True) -> RulesetConfig:
        self.instance.ruleset = self.ruleset.name
        self.instance.options = self.overrides
        return super().save(commit)
