"""Table-side analysis: shanten, ukeire, waits with their value, and tile danger.

Pure engine code (no Django). The site's analyser and danger pages and
``POST /api/analyse/`` call :func:`.analyse.analyse` and :func:`.danger.danger`; draw
settlement (tenpai/noten payments, 查大叫) calls :func:`.analyse.tenpai` and
:func:`.analyse.best_value_if_ready`. The CLI commands ``analyse``, ``shanten`` and
``danger`` (``python -m scoring.engine <command>``) are in :mod:`.commands`.

Conventions chosen where rules or sources vary:

* **Shanten is exact**: the fewest draws to a complete hand, never counting on a fifth
  copy of a kind (copies in the player's own declared melds count). Differential tests
  agree with ``mahjong`` 2.1.0 on random hands; on hands where a fifth copy would be
  needed the exact number is checked against a brute force over all targets.
* **Shapes by ruleset**: each package declares its ``WIN_SHAPES`` capability
  (:mod:`scoring.engine.capabilities`, read by :func:`.shanten.ruleset_shapes`; sets and
  a pair alone by default): seven pairs with four of a kind as one pair (seven kinds
  needed) or as two, thirteen orphans, 全不靠, 组合龙, 十三烂.
  A boolean ruleset option named like a shape (``seven_pairs``, ``kokushi``...) set to
  false removes it. Ji'an's 精 wildcards are not counted in shanten (the number is that of
  the hand as tiles); the ruleset's own ``score()`` still prices the waits with them.
* **Tenpai** is shape-based (a yaku-less riichi hand is tenpai at a draw, as in every
  major rule set), except that a wait on a kind the hand holds all four of does not count,
  and where a win must lack a suit (the ``NEEDS_MISSING_SUIT`` capability, 缺一门) a hand
  still holding all three suits is not ready.
* **Danger** follows seed 003's ``suan_weixian`` code where its prose differs (a non-suji 3
  behind a 4-kabe scores 6, not 3): see :mod:`.danger`.
"""

from .analyse import analyse, best_value_if_ready, tenpai
from .danger import danger
from .shanten import hand_shanten, shanten, shapes_for

__all__ = ["analyse", "best_value_if_ready", "danger", "hand_shanten", "shanten", "shapes_for",
           "tenpai"]
