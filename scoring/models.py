"""Ruleset configurations: a base ruleset, a preset and validated option overrides.

A table copies the resolved options when it is created (``games.Table.options``), so
editing a configuration here never rewrites a game already played under it.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring import registry
from scoring.engine.errors import EngineError


class RulesetConfig(models.Model):
    """A named rule set a table can be created with: ``ruleset`` + ``preset`` + ``options``.

    ``options`` holds only the overrides on top of the preset; :meth:`resolved_options`
    gives every option's value. Built-in rows (one per shipped preset) are kept in step
    with the engine by ``manage.py sync_presets``, which also runs after ``migrate``.
    """

    name = models.CharField(_("name"), max_length=120)
    ruleset = models.CharField(
        _("base ruleset"), max_length=20, choices=registry.model_choices
    )
    preset = models.CharField(_("preset"), max_length=60, blank=True)
    options = models.JSONField(
        _("option overrides"), default=dict, blank=True,
        help_text=_("Options that differ from the preset, as name: value."),
    )
    is_builtin = models.BooleanField(_("built in"), default=False, editable=False)
    description = models.TextField(_("description"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["ruleset", "name"]
        verbose_name = _("ruleset configuration")
        verbose_name_plural = _("ruleset configurations")
        constraints = [
            models.UniqueConstraint(
                fields=["ruleset", "preset"], condition=models.Q(is_builtin=True),
                name="one_builtin_row_per_preset",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        if not isinstance(self.options, dict):
            raise ValidationError({"options": _("Options must be an object of name: value.")})
        try:
            ruleset = registry.get(self.ruleset)
        except EngineError as exc:
            raise ValidationError({"ruleset": exc.message}) from exc
        if self.preset and self.preset not in ruleset.presets:
            known = ", ".join(sorted(ruleset.presets)) or "none"
            raise ValidationError(
                {"preset": f"unknown preset '{self.preset}' for {self.ruleset} "
                           f"(presets: {known})"})
        try:
            ruleset.build(self.preset, self.options)
        except EngineError as exc:
            raise ValidationError({"options": exc.message}) from exc

    def resolved_options(self) -> dict[str, Any]:
        """Every option's value (preset, then overrides); raises EngineError if invalid."""
        return registry.get(self.ruleset).resolve(self.preset, self.options)
