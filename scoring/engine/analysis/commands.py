"""CLI/JSON commands of the analysis package: ``analyse``, ``shanten`` and ``danger``.

Registered in :data:`scoring.engine.commands.COMMAND_MODULES`, so
``echo '{"ruleset": "riichi", "hand": "..."}' | python -m scoring.engine analyse`` works.
"""

from __future__ import annotations

from typing import Any

from ..commands import command, read_hand
from ..errors import BadInput, UnknownShape
from .analyse import analyse
from .danger import danger
from .shanten import STANDARD, check_shapes, hand_shanten_by_shape, shapes_for


@command("analyse", "shanten, ukeire, waits with their ron/tsumo value, or the best discards")
def analyse_command(request: dict[str, Any]) -> dict[str, Any]:
    return analyse(request)


@command("shanten", "shanten number of a hand: {\"hand\", \"melds\", \"ruleset\" or \"shapes\"}")
def shanten_command(request: dict[str, Any]) -> dict[str, Any]:
    """Shanten per shape; the shapes come from ``ruleset`` (and its options) or ``shapes``."""
    hand = read_hand(request)
    if "shapes" in request:
        raw = request["shapes"]
        if not isinstance(raw, list):
            raise BadInput("'shapes' must be a list like [\"standard\", \"seven_pairs\"]")
        shapes = check_shapes(raw)
    elif "ruleset" in request:
        shapes = shapes_for(str(request["ruleset"]), request.get("options") or {})
    else:
        shapes = (STANDARD,)
    by_shape = hand_shanten_by_shape(hand, shapes)
    if not by_shape:
        raise UnknownShape("none of the given shapes applies to this hand; include 'standard'")
    return {"shanten": min(by_shape.values()), "by_shape": by_shape, "shapes": list(shapes)}


@command("danger", "danger of all 34 tiles against a riichi player (seed 003), safest first")
def danger_command(request: dict[str, Any]) -> dict[str, Any]:
    return danger(request)
