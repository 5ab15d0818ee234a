"""The engine's JSON command contract, shared by the CLI and the site.

A command takes one JSON object and returns one JSON object. Errors never escape:
:func:`run` turns a named :class:`~scoring.engine.errors.EngineError` into
``{"error": {"code", "message"}}`` and anything unexpected into ``internal_error``, so one
bad line never stops a batch.

Other modules add commands with the decorator::

    from scoring.engine.commands import command

    @command("analyse", "shanten, waits and discards of a hand")
    def analyse(request: dict) -> dict: ...

and name their module in :data:`COMMAND_MODULES` (imported on first use), or register a
lazy ``"module:function"`` target with :func:`register_lazy`.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from types import ModuleType
from typing import Any

from . import rulesets
from .decompose import decompositions
from .entry import check_request
from .errors import BadInput, EngineError, WrongTileCount
from .request import request_options
from .shapes import NATIVE_NAMES, THIRTEEN_LAN, check_shapes, special_shapes
from .tiles import Hand, format_kinds, format_tiles, kind_of, parse_hand, tile_name
from .waits import STANDARD, hand_waits
from .wildcards import analyse_wild, split_wilds, wild_decompositions, wild_wait_details

Handler = Callable[[dict[str, Any]], dict[str, Any]]

COMMANDS: dict[str, Handler] = {}
HELP: dict[str, str] = {}

# Modules that register commands when imported; loaded once, on the first lookup.
COMMAND_MODULES: list[str] = ["scoring.engine.analysis.commands"]
# name -> "module:function", imported only when that command runs.
LAZY_COMMANDS: dict[str, str] = {}
_loaded = False


def command(name: str, help: str = "") -> Callable[[Handler], Handler]:
    """Register ``fn`` as the handler of ``python -m scoring.engine <name>``."""

    def register(fn: Handler) -> Handler:
        COMMANDS[name] = fn
        doc = (fn.__doc__ or "").strip().splitlines()
        HELP[name] = help or (doc[0] if doc else "")
        return fn

    return register


def register_lazy(name: str, target: str, help: str = "") -> None:
    """Register a command by ``"package.module:function"`` without importing it yet."""
    LAZY_COMMANDS[name] = target
    HELP.setdefault(name, help)


def _load_modules() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in COMMAND_MODULES:
        importlib.import_module(module)


def available() -> list[str]:
    _load_modules()
    return sorted(set(COMMANDS) | set(LAZY_COMMANDS))


def lookup(name: str) -> Handler:
    _load_modules()
    if name in COMMANDS:
        return COMMANDS[name]
    if name in LAZY_COMMANDS:
        module, _, attr = LAZY_COMMANDS[name].partition(":")
        fn: Handler = getattr(importlib.import_module(module), attr)
        COMMANDS[name] = fn
        return fn
    raise BadInput(f"unknown command '{name}'; commands: {', '.join(available())}",
                   "unknown_command")


def run(name: str, request: object) -> dict[str, Any]:
    """Run one command on one request; always returns a JSON-ready dict."""
    try:
        handler = lookup(name)
        if not isinstance(request, dict):
            raise BadInput(
                f"each request must be a JSON object like {{\"hand\": \"123m...\"}}, "
                f"got {type(request).__name__}"
            )
        return handler(request)
    except EngineError as exc:
        return {"error": exc.detail()}
    except RecursionError:
        return {"error": {"code": "bad_input",
                          "message": "the request is nested too deeply to read"}}
    except Exception as exc:  # noqa: BLE001 - one broken request must not end the batch
        return {"error": {"code": "internal_error",
                          "message": f"the engine failed on this request ({type(exc).__name__}: "
                                     f"{exc}); please report it with the input"}}


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def run_line(name: str, line: str) -> dict[str, Any] | None:
    """Run a command on one line of JSON; ``None`` for a blank line. Never raises: a line
    nested too deep for the parser, a number too long to read or NaN is ``bad_json``."""
    try:
        if not line.strip():
            return None
        request = json.loads(line, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        return {"error": {"code": "bad_json",
                          "message": f"the line is not valid JSON: {exc.msg} at column "
                                     f"{exc.colno}"}}
    except RecursionError:
        return {"error": {"code": "bad_json",
                          "message": "the line is nested too deeply to read"}}
    except (ValueError, TypeError, MemoryError) as exc:  # an integer past Python's digit limit
        return {"error": {"code": "bad_json",
                          "message": f"the line cannot be read: {str(exc)[:200]}"}}
    return run(name, request)


def encode_result(result: dict[str, Any]) -> str:
    """One result as a JSON line. A result that cannot be written as UTF-8 JSON (a text
    echoing a lone surrogate, a float the request smuggled in) is written escaped, or as
    an ``internal_error`` line: the batch goes on whatever the result holds."""
    try:
        text = json.dumps(result, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    except (ValueError, TypeError, RecursionError):
        return json.dumps({"error": {"code": "internal_error",
                                     "message": "the engine's answer to this request could "
                                                "not be written as JSON; please report it "
                                                "with the input"}})
    try:
        return json.dumps(result, ensure_ascii=True, allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        return json.dumps({"error": {"code": "internal_error",
                                     "message": "the engine's answer to this request could "
                                                "not be written as JSON"}})


# --- request helpers ----------------------------------------------------------------------


def _text_list(request: dict[str, Any], key: str) -> list[str]:
    value = request.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadInput(f"'{key}' must be a list of strings, got {value!r}")
    return value


def read_hand(request: dict[str, Any]) -> Hand:
    """The ``hand`` (tile string) and ``melds`` (list of meld strings) of a request."""
    if "hand" not in request:
        raise BadInput("the request needs a 'hand', e.g. {\"hand\": \"1112345678999m\"}")
    return parse_hand(request["hand"], _text_list(request, "melds"))


def read_wildcards(request: dict[str, Any]) -> list[int]:
    return [kind_of(t) for t in _text_list(request, "wildcards")]


def read_shapes(request: dict[str, Any]) -> tuple[str, ...]:
    return check_shapes(_text_list(request, "shapes"))


# --- built-in commands --------------------------------------------------------------------


@command("parse", "normalise a hand: sorted tiles, melds, flowers, size and state")
def parse_command(request: dict[str, Any]) -> dict[str, Any]:
    hand = read_hand(request)
    size = hand.shape_size
    return {
        "hand": format_tiles(hand.concealed, sort=True),
        "melds": [str(m) for m in hand.melds],
        "flowers": format_tiles(hand.flowers, sort=True),
        "size": size,
        "state": "waiting" if size % 3 == 1 else "complete",
    }


@command("waits", "the tiles that complete a waiting hand (3n+1), with wilds and shapes")
def waits_command(request: dict[str, Any]) -> dict[str, Any]:
    hand = read_hand(request)
    shapes = read_shapes(request)
    wild = read_wildcards(request)
    if wild:
        details = wild_wait_details(hand.counts, wild, hand.melds, shapes)
    else:
        details = hand_waits(hand, shapes)
    return {"waits": [tile_name(w.kind) for w in details],
            "details": [w.to_dict() for w in details]}


@command("decompose", "every reading of a complete hand (3n+2) and its special shapes")
def decompose_command(request: dict[str, Any]) -> dict[str, Any]:
    hand = read_hand(request)
    if hand.shape_size % 3 != 2:
        raise WrongTileCount(
            f"decompose needs a complete hand of 3n+2 tiles (counting each meld as 3), "
            f"but this one has {hand.shape_size}",
            params={"count": hand.shape_size, "reason": "complete"})
    shapes = read_shapes(request)
    wild = read_wildcards(request)
    counts = hand.counts
    melds = [str(m) for m in hand.melds]
    if wild:
        analysis = analyse_wild(counts, wild, len(hand.melds), shapes)
        rest, w = split_wilds(counts, wild)
        found = []
        for name in analysis.shapes:
            if name == STANDARD:
                continue
            entry: dict[str, Any] = {"shape": name, "native": NATIVE_NAMES[name]}
            if name == THIRTEEN_LAN and analysis.seven_stars:
                entry.update(native=NATIVE_NAMES["seven_star_thirteen_lan"], seven_stars=True)
            found.append(entry)
        return {
            "win": analysis.win,
            "natural": analysis.natural,
            "decompositions": [d.to_dict() for d in wild_decompositions(rest, w)],
            "shapes": found,
            "analysis": analysis.to_dict(),
            "melds": melds,
        }
    readings = [
        {"pair": tile_name(d.pair), "sets": [format_kinds(g.kinds) for g in d.groups]}
        for d in decompositions(counts)
    ]
    found = [m.to_dict() for m in special_shapes(counts, shapes, len(hand.melds))]
    return {"win": bool(readings or found), "decompositions": readings, "shapes": found,
            "melds": melds}


@command("score", "score one win under a ruleset: {\"ruleset\": \"riichi\", ...}")
def score_command(request: dict[str, Any]) -> dict[str, Any]:
    module = rulesets.get(request.get("ruleset"))
    scorer = module.score
    if isinstance(scorer, ModuleType):
        # A package whose score() imports its own ``score`` submodule gets that attribute
        # rebound to the submodule; the function is then one level down.
        scorer = scorer.score
    # Strict at the boundary (API and CLI): every key known, every value bounded, under
    # the options the request asks for; the ruleset then checks what the hand means.
    options = request_options(request, module.Options, module.PRESETS)
    check_request(module.entry_spec(options), request)
    result: dict[str, Any] = scorer(request)
    return result


@command("commands", "list the available commands")
def commands_command(request: dict[str, Any]) -> dict[str, Any]:
    return {"commands": [{"name": n, "help": HELP.get(n, "")} for n in available()]}
