"""Admin of ruleset configurations (options edited through the engine's schema), and of
API tokens without showing their keys."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken import admin as authtoken_admin
from rest_framework.authtoken.models import TokenProxy

from scoring import registry
from scoring.forms import RulesetConfigForm
from scoring.models import RulesetConfig
from scoring.option_text import differences_html


@admin.register(RulesetConfig)
class RulesetConfigAdmin(admin.ModelAdmin):
    form = RulesetConfigForm
    list_display = ["name", "ruleset", "preset", "differs", "is_builtin", "updated_at"]
    list_filter = ["ruleset", "is_builtin"]
    search_fields = ["name", "preset", "description"]
    readonly_fields = ["is_builtin", "differs", "ruleset_title", "preset_title"]

    class Media:
        # Refills the option fields when the preset changes (see scoring.forms).
        js = ["js/ruleset_admin.js"]

    @admin.display(description=_("Differs from preset"))
    def differs(self, obj: RulesetConfig) -> SafeString | str:
        """The stored overrides by label and value in the reader's language."""
        return differences_html(obj.ruleset, obj.preset, obj.options)

    @admin.display(description=_("Ruleset"))
    def ruleset_title(self, obj: RulesetConfig) -> str:
        """The ruleset by its title in the reader's language, for the read-only page."""
        return str(registry.get(obj.ruleset).short_title) if obj.ruleset in registry.usable() \
            else obj.ruleset

    @admin.display(description=_("Preset"))
    def preset_title(self, obj: RulesetConfig) -> str:
        presets = (registry.get(obj.ruleset).presets if obj.ruleset in registry.usable()
                   else {})
        title = (presets.get(obj.preset) or {}).get("title")
        # Preset titles are msgids (scoring.engine_texts).
        return gettext(str(title)) if title else obj.preset

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False,
                 **kwargs: Any) -> Any:
        if change and not self.has_change_permission(request, obj):
            # Staff who may only view get every field read-only (Django's own way: the
            # fields of get_fieldsets, all excluded from the form); with the generated
            # option fields' names Django's exclusion got None and the page was a 500.
            # A plain model form: the generated one needs the fields it edits.
            return super().get_form(request, obj, change=change, form=forms.ModelForm,
                                    **kwargs)
        # The option fields depend on the ruleset: the instance's, or ?ruleset= on add.
        kwargs["fields"] = None
        form = super().get_form(request, obj, change=change, **kwargs)
        wanted = request.GET.get("ruleset") or request.POST.get("ruleset") or ""
        name = wanted if wanted in registry.usable() else ""
        return type("RulesetConfigFormFor", (form,), {"ruleset_name": name})

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is not None and not self.has_change_permission(request, obj):
            # Read-only: the configuration and how it differs from its preset, by label
            # and value (the option fields exist only in the editable form).
            return [(None, {"fields": ["name", "ruleset_title", "preset_title", "differs",
                                       "description", "is_builtin"]})]
        form = self.get_form(request, obj)(instance=obj)
        options = [n for n in form.fields if n.startswith("opt_")]
        head = ["name", "ruleset", "preset", "shown_preset", "description", "is_builtin"]
        if obj is not None:
            head.insert(3, "differs")
        return [
            (None, {"fields": head}),
            (gettext("Options"), {
                "fields": options,
                "description": gettext("Effective values; only those that differ from the "
                                       "preset are stored.")}),
        ]


class TokenAdmin(authtoken_admin.TokenAdmin):
    """DRF's API tokens, whose keys are credentials: the admin lists, adds and revokes them
    but shows no key to anyone, a superuser included (issue 24: a staff user allowed only
    to view tokens read the superuser's key on its change page). A token is named by its
    user (:func:`scoring.apps.token_name`); its owner gets the key from ``POST /api/token/``."""

    list_display = ("user", "created")

    def get_list_display(self, request: HttpRequest) -> Any:
        return [field for field in super().get_list_display(request) if field != "key"]


admin.site.unregister(TokenProxy)
admin.site.register(TokenProxy, TokenAdmin)
