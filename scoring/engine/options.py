"""Ruleset options: one frozen dataclass per ruleset, described by field metadata.

Each ruleset declares its options as a frozen dataclass whose fields carry
``metadata=opt(label=..., help=..., choices=...)``. From that one declaration we get
defaults, validation of user overrides (API, admin, CLI) and the schema the admin and
``GET /api/rulesets/`` render, so the three never drift apart.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from .errors import BadOption

T = TypeVar("T")


def opt(label: str, help: str = "", choices: Sequence[Any] | None = None,
        minimum: int | float | None = None, maximum: int | float | None = None,
        labels: Mapping[Any, str] | None = None) -> dict[str, Any]:
    """Field metadata for an option. ``labels`` names each text choice for a person (the
    choices themselves are stored values, never shown); a choice without a label, like a
    number, is shown as it is."""
    if labels and choices and set(labels) - set(choices):
        raise ValueError(f"labels for unknown choices: {sorted(set(labels) - set(choices))}")
    return {"label": label, "help": help, "choices": tuple(choices) if choices else None,
            "minimum": minimum, "maximum": maximum, "labels": dict(labels or {})}


def _type_name(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin in (tuple, list):
        return "list"
    if tp is bool:
        return "bool"
    if tp is int:
        return "int"
    if tp is float:
        return "float"
    if tp is str:
        return "str"
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return _type_name(args[0]) if len(args) == 1 else "str"
    if origin is typing.Literal:
        return "str"
    return "str"


def _coerce(name: str, tp: Any, value: Any, meta: Mapping[str, Any]) -> Any:
    kind = _type_name(tp)
    origin = typing.get_origin(tp)
    nullable = origin in (typing.Union, types.UnionType) and type(None) in typing.get_args(tp)
    if value is None and nullable:
        return None
    about: dict[str, object] = {"option": name}  # the site names it by its label
    if kind == "bool":
        if not isinstance(value, bool):
            raise BadOption(f"option '{name}' must be true or false, got {value!r}", params=about)
    elif kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadOption(f"option '{name}' must be a whole number, got {value!r}", params=about)
    elif kind == "float":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise BadOption(f"option '{name}' must be a number, got {value!r}", params=about)
        value = float(value)
    elif kind == "str":
        if not isinstance(value, str):
            raise BadOption(f"option '{name}' must be text, got {value!r}", params=about)
    elif kind == "list":
        if not isinstance(value, list | tuple):
            raise BadOption(f"option '{name}' must be a list, got {value!r}", params=about)
        value = tuple(value)
    choices = meta.get("choices")
    if choices:
        items = value if kind == "list" else (value,)
        for item in items:
            if item not in choices:
                allowed = ", ".join(repr(c) for c in choices)
                raise BadOption(f"option '{name}' cannot be {item!r}; allowed: {allowed}",
                                params=about)
    lo, hi = meta.get("minimum"), meta.get("maximum")
    if kind in ("int", "float") and value is not None:
        if lo is not None and value < lo:
            raise BadOption(f"option '{name}' must be at least {lo}, got {value}",
                            params={**about, "min": lo})
        if hi is not None and value > hi:
            raise BadOption(f"option '{name}' must be at most {hi}, got {value}",
                            params={**about, "max": hi})
    return value


# Each Options class's fields and resolved type hints, worked out once: the hints are
# string annotations that get_type_hints evaluates (compiling each) on every call, which
# cost a request with options never seen before about a millisecond.
_CLASS_INFO: dict[type, tuple[dict[str, dataclasses.Field[Any]], dict[str, Any]]] = {}


def _fields_and_hints(cls: type) -> tuple[dict[str, dataclasses.Field[Any]], dict[str, Any]]:
    found = _CLASS_INFO.get(cls)
    if found is None:
        # cls is a dataclass (every Options is); its type cannot say so.
        fields = {f.name: f for f in dataclasses.fields(cls)}
        found = _CLASS_INFO[cls] = (fields, typing.get_type_hints(cls))
    return found


def build_options(cls: type[T], overrides: Mapping[str, Any] | None = None,
                  base: T | None = None) -> T:
    """Defaults (or ``base``) with ``overrides`` applied, each value validated.

    Unknown names are refused rather than ignored: a typo in a club's settings must not
    silently score every hand under the default rule.
    """
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, Mapping):
        raise BadOption(f"options must be an object of name: value, got {type(overrides).__name__}")
    fields, hints = _fields_and_hints(cls)
    values: dict[str, Any] = {}
    for key, value in overrides.items():
        if key not in fields:
            known = ", ".join(sorted(fields))
            raise BadOption(f"unknown option '{key}' (known options: {known})")
        values[key] = _coerce(key, hints[key], value, fields[key].metadata)
    start = base if base is not None else cls()
    result = dataclasses.replace(start, **values)  # type: ignore[type-var]  # a dataclass
    check = getattr(result, "validate", None)
    if callable(check):
        check()  # cross-field rules; raises BadOption
    return result


def options_to_dict(options: Any) -> dict[str, Any]:
    out = {}
    for f in dataclasses.fields(options):
        v = getattr(options, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out


def options_schema(cls: type) -> list[dict[str, Any]]:
    """Describe each option for forms and the API: name, type, default, choices (with
    ``choice_labels``, an English label for each, in the same order), help."""
    hints = typing.get_type_hints(cls)
    default = cls()
    schema = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        d = getattr(default, f.name)
        schema.append({
            "name": f.name,
            "type": _type_name(hints[f.name]),
            "default": list(d) if isinstance(d, tuple) else d,
            "label": meta.get("label", f.name),
            "help": meta.get("help", ""),
            "choices": list(meta["choices"]) if meta.get("choices") else None,
            "choice_labels": ([meta.get("labels", {}).get(c, str(c)) for c in meta["choices"]]
                              if meta.get("choices") else None),
            "minimum": meta.get("minimum"),
            "maximum": meta.get("maximum"),
        })
    return schema
