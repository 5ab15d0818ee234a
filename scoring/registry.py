"""The site's view of the rulesets the engine discovers.

The site only offers rulesets that fulfil the whole contract of
:mod:`scoring.engine.rulesets` (every package exports the same names: ``Options``,
``PRESETS``, ``score``, ``game``, ``entry_spec``, ``ITEMS``, its titles...).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from django.utils.translation import get_language, gettext

from scoring.engine import rulesets
from scoring.engine.errors import BadOption, UnknownRuleset
from scoring.engine.game import GameRules
from scoring.engine.options import build_options, options_schema, options_to_dict


@dataclass(frozen=True)
class Ruleset:
    """A ruleset package that is complete enough to keep a table's score."""

    name: str
    package: ModuleType
    rules: GameRules

    @property
    def title(self) -> str:
        return str(getattr(self.package, "TITLE", self.name))

    @property
    def title_native(self) -> str:
        return str(getattr(self.package, "TITLE_NATIVE", ""))

    @property
    def short_title(self) -> str:
        """The name the site lists it by, in the active language (``SHORT_TITLE`` is a
        msgid of :mod:`scoring.engine_texts`)."""
        return gettext(str(getattr(self.package, "SHORT_TITLE", "") or self.title))

    @property
    def native_for_reader(self) -> str:
        """The native name to show beside :attr:`short_title`: only to English readers,
        for whom it adds something; in Chinese or Japanese the short title already is that
        name ("芜湖麻将 芜湖麻将", "リーチ麻雀 立直麻雀" said it twice)."""
        language = get_language() or "en"
        return self.title_native if language.startswith("en") else ""

    @property
    def description(self) -> str:
        """Its one-line description for the home page, in the active language."""
        return gettext(str(self.package.DESCRIPTION))

    @property
    def options_class(self) -> type:
        return self.package.Options

    @property
    def presets(self) -> dict[str, dict[str, Any]]:
        return dict(self.package.PRESETS)

    def preset_overrides(self, preset: str) -> dict[str, Any]:
        if not preset:
            return {}
        presets = self.presets
        if preset not in presets:
            known = ", ".join(sorted(presets)) or "none"
            raise BadOption(f"unknown preset '{preset}' for {self.name} (presets: {known})")
        return dict(presets[preset].get("options", {}))

    def build(self, preset: str = "", overrides: dict[str, Any] | None = None) -> Any:
        """The Options object of ``preset`` with ``overrides`` on top; raises BadOption."""
        merged = {**self.preset_overrides(preset), **(overrides or {})}
        return build_options(self.options_class, merged)

    def resolve(self, preset: str = "", overrides: dict[str, Any] | None = None
                ) -> dict[str, Any]:
        """Every option's value as JSON, for a table's snapshot of its rules."""
        return options_to_dict(self.build(preset, overrides))

    def localized_schema(self) -> list[dict[str, Any]]:
        """``options_schema`` with labels and help in the active language."""
        return [localize_option(spec) for spec in options_schema(self.options_class)]

    def options_from_snapshot(self, snapshot: dict[str, Any]) -> Any:
        return build_options(self.options_class, snapshot)


def localize_option(spec: dict[str, Any]) -> dict[str, Any]:
    """One ``options_schema`` entry with its label, help and choice labels in the active
    language; ``choice_pairs`` holds (value, label) for a select or a list of ticks."""
    # The engine's English texts are msgids (scoring.engine_texts lists them). An empty
    # help must stay empty: gettext("") is the catalogue's header.
    labels = [gettext(label) for label in spec.get("choice_labels") or []]
    return {**spec, "label": gettext(spec["label"]),
            "help": gettext(spec["help"]) if spec.get("help") else "",
            "choice_labels": labels or None,
            "choice_pairs": list(zip(spec.get("choices") or [], labels, strict=True))}


def get(name: object) -> Ruleset:
    """The ruleset called ``name``; raises UnknownRuleset when it is missing or unfinished."""
    pkg = rulesets.get(name)
    if rulesets.missing(pkg):
        raise UnknownRuleset(f"the ruleset '{name}' is not complete yet; choose one of: "
                             f"{', '.join(usable()) or 'none'}")
    return Ruleset(name=str(name), package=pkg, rules=pkg.game)


def usable() -> list[str]:
    """Names of the rulesets a table can be created with, in the engine's order."""
    return [name for name in rulesets.available() if not rulesets.missing(rulesets.get(name))]


def model_choices() -> list[tuple[str, str]]:
    """The ``choices`` of the models' ruleset fields, worked out when asked: every package
    the engine finds, so that adding one needs no migration."""
    return [(name, name) for name in rulesets.available()]
