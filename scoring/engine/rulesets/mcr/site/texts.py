"""The English texts of MCR's pages that live as data (msgids): the fan definitions, in
the engine's fan order, and the menu title. ``python -m scoring.gen_engine_texts`` copies
them for ``makemessages``."""

from ..fans import FANS
from . import MENU

TEXTS: tuple[str, ...] = (*(str(fan.definition) for fan in FANS if fan.definition),
                          *(title for _, title in MENU))
