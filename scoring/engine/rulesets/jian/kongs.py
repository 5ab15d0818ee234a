"""Kong payments (杠分) where the table plays them: each other player pays the kong's
chips (明杠, 暗杠, and 精杠 for a kong of four 精), settled with the hand's 精."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import BadInput
from ...game import check_player
from ...result import Ledger, Payment
from .options import Options

KONG_KINDS = ("exposed", "concealed", "jing")


def chips_of(kind: str, options: Options) -> int:
    return {"exposed": options.exposed_kong, "concealed": options.concealed_kong,
            "jing": options.jing_kong}[kind]


def read_kongs(extra: Mapping[str, Any], options: Options) -> list[tuple[int, str]]:
    """``kongs``: ``[{"player": 1, "kong": "exposed" | "concealed" | "jing"}]`` (a field
    of the entry spec only where some kong pays)."""
    raw = extra.get("kongs")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise BadInput('kongs must be a list like [{"player": 1, "kong": "concealed"}]')
    out = []
    for entry in raw:
        if not isinstance(entry, Mapping) or entry.get("kong") not in KONG_KINDS:
            raise BadInput(f"each kong is {{player, kong}} with kong one of "
                           f"{', '.join(KONG_KINDS)}, got {entry!r}")
        out.append((check_player(entry.get("player"), "kong player"), str(entry["kong"])))
    if sum(kind == "jing" for _, kind in out) > 2:
        raise BadInput("four 正精 and four 副精 make at most two 精杠")
    return out


def kong_ledger(kongs: list[tuple[int, str]], options: Options) -> list[Payment]:
    """Every other player pays each kong its chips (× the chip value)."""
    ledger = Ledger()
    for p, kind in kongs:
        for q in range(4):
            if q != p:
                ledger.pay(q, p, chips_of(kind, options) * options.chip, "kong")
    return ledger.payments()
