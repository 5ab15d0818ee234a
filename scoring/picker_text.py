"""The words of the tile picker (``static/js/picker.js``), in one place for every page that
shows it: the table's record sheet and the analysis pages. Lazy translations, so
``makemessages`` finds them and each page gets its reader's language."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

PICKER_STRINGS: dict[str, Promise] = {
    "clear": _("Clear"),
    "undo_tile": _("Remove last"),
    "red_five": _("red five"),
    # The short name of a flower tile on its button, "F3" (花3): a ninth of a phone's width
    # holds two or three characters; "Flower 3" broke into three lines there.
    "flower_short": pgettext_lazy("a flower tile's button, before its number", "F"),
    "run": pgettext_lazy("the picker's button adding the next two tiles of a run", "Run"),
    "concealed_count": _("Concealed %(count)s/%(of)s"),
    "melds_count": _("called melds: %(count)s"),
    "meld_chi": _("chi"),
    "meld_pon": _("pon"),
    "meld_kan": _("kan"),
    "meld_ankan": _("concealed kan"),
}


def picker_strings() -> dict[str, str]:
    """The picker's words in the active language."""
    return {key: str(value) for key, value in PICKER_STRINGS.items()}
