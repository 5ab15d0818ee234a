"""Who pays what for one MCR win.

Standard rule: on a self-draw each of the three others pays base + fan; on a discard the
discarder pays base + fan and the other two pay the base only. Under 全铳 the discarder
pays the whole fan + 3 x base alone. Flowers are already inside ``total_fan``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, TypeVar

from ...errors import BadInput
from ...tiles import WIND_LETTERS

K = TypeVar("K", bound=Hashable)


def _seats_like(winner: Any) -> tuple[Any, ...]:
    if isinstance(winner, str):
        if winner not in WIND_LETTERS:
            raise BadInput(f"winner must be a seat E, S, W or N, got {winner!r}")
        return WIND_LETTERS
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner <= 3:
        raise BadInput(f"winner must be a player 0-3 or a seat E/S/W/N, got {winner!r}")
    return (0, 1, 2, 3)


def payments(total_fan: int, winner: K, win: str, discarder: K | None,
             options: Any) -> dict[K, int]:
    """Point changes of one win, keyed like ``winner`` (players 0-3 or seats ``E``-``N``).

    ``win`` is ``"tsumo"`` or ``"ron"``; ``discarder`` is required for ``"ron"``.
    ``options`` is an :class:`~.options.Options`. The result always sums to zero.
    """
    if isinstance(total_fan, bool) or not isinstance(total_fan, int) or total_fan < 0:
        raise BadInput(f"total_fan must be a whole number of fan, got {total_fan!r}")
    seats = _seats_like(winner)
    base = options.base
    out: dict[Any, int] = dict.fromkeys(seats, 0)
    if win == "tsumo":
        for s in seats:
            if s != winner:
                out[s] = -(base + total_fan)
    elif win == "ron":
        if discarder not in seats or discarder == winner:
            raise BadInput(
                f"a discard win needs the discarder, one of the other seats "
                f"({', '.join(str(s) for s in seats if s != winner)}), got {discarder!r}")
        if options.quanchong:
            out[discarder] = -(total_fan + 3 * base)
        else:
            for s in seats:
                if s != winner:
                    out[s] = -base
            out[discarder] = -(base + total_fan)
    else:
        raise BadInput(f"win must be 'ron' or 'tsumo', got {win!r}")
    out[winner] = -sum(v for s, v in out.items() if s != winner)
    return out
