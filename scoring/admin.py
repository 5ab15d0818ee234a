"""Admin of ruleset configurations: options edited through the engine's schema."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext

from scoring import registry
from scoring.forms import RulesetConfigForm
from scoring.models import RulesetConfig


@admin.register(RulesetConfig)
class RulesetConfigAdmin(admin.ModelAdmin):
    form = RulesetConfigForm
    list_display = ["name", "ruleset", "preset", "is_builtin", "updated_at"]
    list_filter = ["ruleset", "is_builtin"]
    search_fields = ["name", "preset", "description"]
    readonly_fields = ["is_builtin"]

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False,
                 **kwargs: Any) -> Any:
        # The option fields depend on the ruleset: the instance's, or ?ruleset= on add.
        kwargs["fields"] = None
        form = super().get_form(request, obj, change=change, **kwargs)
        wanted = request.GET.get("ruleset") or request.POST.get("ruleset") or ""
        name = wanted if wanted in registry.usable() else ""
        return type("RulesetConfigFormFor", (form,), {"ruleset_name": name})

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        form = self.get_form(request, obj)(instance=obj)
        options = [n for n in form.fields if n.startswith("opt_")]
        return [
            (None, {"fields": ["name", "ruleset", "preset", "description", "is_builtin"]}),
            (gettext("Options"), {
                "fields": options,
                "description": gettext("Effective values; only those that differ from the "
                                       "preset are stored.")}),
        ]
