"""The 81 fans as detectors: one small class per fan, one shared signature ``count(ctx)``.

:data:`ELEMENTS` lists one instance of every detector, in the order of the fan table; the
scorer loops over it for each reading of a hand.
"""

from __future__ import annotations

from .rules_base import Fan
from .rules_high import HIGH
from .rules_low import LOW

ELEMENTS: tuple[Fan, ...] = (*HIGH, *LOW)

__all__ = ["ELEMENTS", "Fan"]
