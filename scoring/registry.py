"""The site's view of the rulesets the engine discovers, and the one place it asks them.

The site only offers rulesets that fulfil the whole contract of
:mod:`scoring.engine.rulesets` (every package exports the same names: ``Options``,
``PRESETS``, ``score``, ``game``, ``entry_spec``, ``ITEMS``, its titles...).

Whatever else the site needs to know about a ruleset is a capability its package declares
(:mod:`scoring.engine.capabilities`, each with its default), read here and nowhere else in
the site: the analyser form's fields (built from its entry spec), its stake unit, whether
the tile-danger tool applies, the live declarations its tables offer (:func:`declarations`)
and the statistics they yield (:func:`statistics`), how its tournaments rank players
(:func:`standings`). A package's own pages live in its
``site`` subpackage (a Django app listed by :func:`scoring.engine.rulesets.site_apps`);
:func:`urlpatterns` mounts each one's ``urls.urlpatterns`` under ``rulesets/<name>/``
(namespace ``<name>``) and its ``root_urlpatterns`` (old addresses kept working) at the
root, and :func:`pages` lists its ``MENU`` for the site menu.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any

from django.urls import URLPattern, URLResolver, include, path, reverse
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, gettext_lazy, pgettext

from scoring.engine import capabilities, rulesets
from scoring.engine.capabilities import Declaration, Standing
from scoring.engine.entry import Field
from scoring.engine.errors import BadOption, EngineError, UnknownRuleset
from scoring.engine.game import GameRules
from scoring.engine.options import build_options, options_schema, options_to_dict

# The kinds of entry-spec field the analyser form can ask (scoring/pages.py).
ANALYSER_KINDS = ("wind", "choice", "bool", "tile", "tiles", "tile_list", "int")


@lru_cache(maxsize=256)
def _stored_options(options_class: type, key: str) -> Any:
    """Options built once per process for each table's stored options (``key``, their
    sorted JSON): every write of a table builds them, and checking each value again was
    a fortieth of a recorded hand's server CPU (bench/load.py's profile). An Options is
    a frozen dataclass whose lists are tuples: nothing can change a shared one. A
    refusal (BadOption) is raised again on each call, never kept."""
    return build_options(options_class, json.loads(key))


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
        """The Options of a table's stored options (every option's value as JSON)."""
        if not isinstance(snapshot, dict) or not all(isinstance(k, str) for k in snapshot):
            return build_options(self.options_class, snapshot)  # refused with its reason
        try:
            key = json.dumps(snapshot, sort_keys=True)
        except (TypeError, ValueError):  # not JSON: build_options says what is wrong
            return build_options(self.options_class, snapshot)
        return _stored_options(self.options_class, key)

    # --- capabilities (scoring.engine.capabilities) --------------------------------------

    def capability(self, name: str) -> Any:
        """The package's declaration of capability ``name``, or its default."""
        return capabilities.read(self.package, name)

    @property
    def stake_unit(self) -> tuple[int, Promise]:
        """Points per stake unit and its name in the active language."""
        size, label = self.capability("STAKE_UNIT")
        return int(size), gettext_lazy(label)

    @property
    def danger_tool(self) -> bool:
        return bool(self.capability("DANGER_TOOL"))

    def analyser_fields(self) -> list[tuple[str, Field]]:
        """(form name, entry-spec field) of each field the analyser asks for this ruleset
        (``ANALYSER_FIELDS``), in its order; a dotted name is a field of an object field."""
        spec = self.package.entry_spec(self.build())
        out = []
        for name in self.capability("ANALYSER_FIELDS"):
            fields: tuple[Field, ...] = spec.request
            found: Field | None = None
            for part in name.split("."):
                found = next((f for f in fields if f.name == part), None)
                if found is None:
                    break
                fields = found.fields
            if found is None or found.kind not in ANALYSER_KINDS:
                raise capabilities.CapabilityError(
                    f"the ruleset {self.name!r} lists {name!r} in ANALYSER_FIELDS, but its "
                    "entry spec's request has no such field of a kind the analyser form "
                    f"asks ({', '.join(ANALYSER_KINDS)})")
            out.append((name, found))
        return out

    def declarations(self) -> tuple[Declaration, ...]:
        """Its live declarations (``DECLARATIONS``), each key checked to be a field of
        kind ``players`` of one of its entry spec's outcomes (under the defaults)."""
        declared: tuple[Declaration, ...] = self.capability("DECLARATIONS")
        fields = _players_fields(self.package.entry_spec(self.build()))
        for declaration in declared:
            if declaration.key not in fields:
                raise capabilities.CapabilityError(
                    f"the ruleset {self.name!r} lists {declaration.key!r} in DECLARATIONS, "
                    f"but no outcome of its entry spec has a field {declaration.key!r} of "
                    "kind players (who declared)")
        return declared

    def standings(self) -> tuple[Standing, ...]:
        """Its tournament conventions (``STANDINGS``), the event's default first."""
        declared: tuple[Standing, ...] = self.capability("STANDINGS")
        return declared

    @property
    def site(self) -> str:
        """The module name of the package's Django app, or "" when it has none."""
        name = f"{self.package.__name__}.site"
        return name if name in rulesets.site_apps() else ""


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


def _players_fields(spec: Any) -> set[str]:
    return {f.name for o in spec.outcomes for f in o.fields if f.kind == "players"}


@lru_cache(maxsize=256)
def _offered(name: str, options: str, declared: tuple[Declaration, ...]
             ) -> tuple[Declaration, ...]:
    try:
        rs = get(name)
        spec = rs.package.entry_spec(rs.options_from_snapshot(json.loads(options)))
    except EngineError:
        return ()
    fields = _players_fields(spec)
    return tuple(d for d in rs.declarations() if d.key in fields)


def declarations(name: str, options: Mapping[str, Any] | None = None
                 ) -> tuple[Declaration, ...]:
    """The live declarations a table of ruleset ``name`` offers under its stored
    ``options``: its package's ``DECLARATIONS`` whose outcome field those options keep;
    none for a ruleset no longer installed. Asked on every write, so kept per options
    (and per declaration, so a package changed in a test is asked again)."""
    try:
        declared = capabilities.read(rulesets.get(name), "DECLARATIONS")
    except UnknownRuleset:
        return ()
    return _offered(str(name), json.dumps(dict(options or {}), sort_keys=True), declared)


def declaration(name: str, options: Mapping[str, Any] | None, key: str | None
                ) -> Declaration | None:
    """The declaration ``key`` a table offers (None: its first), or None."""
    return next((d for d in declarations(name, options) if key in (None, d.key)), None)


# The context of a declaration's mark on the scoreboard ("Riichi" beside a player is not
# the ruleset's name, which is the same English word).
DECLARATION_CONTEXT = "the mark beside a player who made a live declaration in this hand"


def declaration_texts(declaration: Declaration) -> dict[str, str]:
    """``declaration``'s key, who may make it, its native name and its texts in the active
    language, as the table page hands them to its scripts."""
    return {"key": declaration.key, "who": declaration.who, "native": declaration.native,
            "label": gettext(declaration.label), "label_off": gettext(declaration.label_off),
            "mark": pgettext(DECLARATION_CONTEXT, declaration.mark),
            "done": gettext(declaration.done), "undone": gettext(declaration.undone),
            "said": gettext(declaration.said), "unsaid": gettext(declaration.unsaid)}


def statistics() -> list[tuple[str, str]]:
    """``(key, English name)`` of each statistic the installed rulesets' declarations
    yield, in the rulesets' order, each once: what a player's statistics count."""
    out: dict[str, str] = {}
    for name in usable():
        for declaration in get(name).declarations():
            out.setdefault(declaration.statistic, declaration.statistic_label)
    return list(out.items())


def standings(name: str) -> tuple[Standing, ...]:
    """How events of ruleset ``name`` may rank their players (its ``STANDINGS``, the
    default first); the capability's default for a ruleset no longer installed."""
    try:
        return get(name).standings()
    except UnknownRuleset:
        default: tuple[Standing, ...] = capabilities.CAPABILITIES["STANDINGS"].default
        return default


def standing(name: str, key: str = "") -> Standing:
    """The convention ``key`` of ruleset ``name``, or its first (``key`` empty or no longer
    offered)."""
    offered = standings(name)
    return next((s for s in offered if s.key == key), offered[0])


def stake_unit(name: str) -> tuple[int, Promise]:
    """Points per stake unit of ``name`` and its name; the default for a stake whose
    ruleset is no longer installed."""
    try:
        return get(name).stake_unit
    except UnknownRuleset:
        size, label = capabilities.CAPABILITIES["STAKE_UNIT"].default
        return size, gettext_lazy(label)


def _site_urls(name: str) -> ModuleType | None:
    try:
        rs = get(name)
    except UnknownRuleset:
        return None
    if not rs.site:
        return None
    return importlib.import_module(f"{rs.site}.urls")


def urlpatterns() -> list[URLPattern | URLResolver]:
    """Each ruleset's own pages under ``rulesets/<name>/`` (namespace ``<name>``), and the
    root addresses it keeps working; for the site's URLconf."""
    out: list[URLPattern | URLResolver] = []
    for name in usable():
        urls = _site_urls(name)
        if urls is None:
            continue
        out.append(path(f"rulesets/{name}/", include((urls.urlpatterns, name))))
        out.extend(getattr(urls, "root_urlpatterns", []))
    return out


@dataclass(frozen=True)
class Page:
    """A ruleset's own page for the site menu."""

    url: str
    title: str
    url_name: str  # "<ruleset>:<name>", to mark the current page


def pages() -> list[Page]:
    """Every ruleset's own pages (its site ``urls.MENU``: (url name, English title)), with
    titles in the active language."""
    out = []
    for name in usable():
        urls = _site_urls(name)
        for url_name, title in getattr(urls, "MENU", ()) if urls is not None else ():
            out.append(Page(reverse(f"{name}:{url_name}"), gettext(title),
                            f"{name}:{url_name}"))
    return out
