"""Every language has a complete translation, and the committed .mo files match the .po files.

The .mo files are committed so that `make run` and `make test` need no gettext; after
editing a .po file run `make compilemessages` (needs gettext) and commit both.
"""

import ast
import gettext
from pathlib import Path

import pytest
from django.conf import settings
from django.utils.translation import to_locale

LOCALE_DIR = settings.LOCALE_PATHS[0]
LOCALES = ["zh_Hans", "zh_Hant", "ja"]


PLURALS: dict[str, str] = {}  # msgid -> msgid_plural of the plural entries read


def read_po(path: Path) -> tuple[dict[str, str], set[str]]:
    """Return {msgid: msgstr} of a .po file, skipping the header, and the fuzzy msgids
    (a plural entry gives its first form: these languages have one)."""
    entries: dict[str, str] = {}
    fuzzy: set[str] = set()
    current: dict[str, str] = {}
    field: str | None = None
    is_fuzzy = False

    def flush():
        nonlocal current, is_fuzzy
        if current.get("msgid"):
            # gettext keys a message with a context as "context\x04msgid".
            key = current["msgid"]
            if "msgctxt" in current:
                key = f"{current['msgctxt']}\x04{key}"
            entries[key] = current.get("msgstr", current.get("msgstr[0]", ""))
            if "msgid_plural" in current:
                PLURALS[key] = current["msgid_plural"]
            if is_fuzzy:
                fuzzy.add(key)
        current, is_fuzzy = {}, False

    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            flush()
        elif line.startswith("#,") and "fuzzy" in line:
            is_fuzzy = True
        elif line.startswith("#"):
            continue
        elif line.startswith(("msgctxt ", "msgid ", "msgstr ", "msgid_plural ", "msgstr[0] ")):
            field, _, literal = line.partition(" ")
            if field in ("msgctxt", "msgid") and "msgstr" in current:
                flush()
            current[field] = ast.literal_eval(literal)
        elif line.startswith('"') and field:
            current[field] += ast.literal_eval(line)
    return entries, fuzzy


def test_the_site_languages_have_locale_folders():
    codes = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
    assert [to_locale(code) for code in codes] == LOCALES


@pytest.mark.parametrize("locale", LOCALES)
def test_every_string_is_translated(locale):
    entries, fuzzy = read_po(LOCALE_DIR / locale / "LC_MESSAGES" / "django.po")
    assert entries, "no messages found"
    assert [msgid for msgid, msgstr in entries.items() if not msgstr] == []
    assert sorted(fuzzy) == []


@pytest.mark.parametrize("locale", LOCALES)
def test_compiled_mo_matches_po(locale):
    folder = LOCALE_DIR / locale / "LC_MESSAGES"
    entries, _ = read_po(folder / "django.po")
    with open(folder / "django.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    def compiled_text(msgid: str) -> str:
        if msgid in PLURALS:
            return compiled.ngettext(msgid, PLURALS[msgid], 1)
        return compiled.gettext(msgid)

    stale = {msgid: msgstr for msgid, msgstr in entries.items()
             if compiled_text(msgid) != msgstr}
    assert stale == {}, "run `make compilemessages` and commit the .mo files"
