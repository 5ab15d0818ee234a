"""The 81 fans as detectors: one small class per fan, one shared signature ``count(ctx)``.

Importing this module fills :data:`REGISTRY` with one instance of every detector; the
scorer loops over it for each reading of a hand.
"""

from __future__ import annotations

from . import rules_high, rules_low  # noqa: F401  (each module registers its fans)
from .rules_base import REGISTRY, Fan

__all__ = ["REGISTRY", "Fan"]
