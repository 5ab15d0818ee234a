"""The words the table page's scripts get: every key a script looks up is there, in the
reader's language."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

from games import ui
from scoring import registry


def test_strings_follow_the_active_language() -> None:
    with translation.override("ja"):
        japanese = ui.strings()
    with translation.override("zh-hans"):
        chinese = ui.strings()
    assert japanese["save_hand"] == "局を保存"
    assert chinese["save_hand"] == "保存这一局"
    with translation.override("en"):
        assert ui.strings()["save_hand"] == "Save hand"


def test_tables_show_their_presets_title() -> None:
    from types import SimpleNamespace

    from games.templatetags.mjtables import preset_title

    title = registry.get("riichi").presets["ema"]["title"]
    assert preset_title(SimpleNamespace(ruleset="riichi", preset="ema")) == title
    assert preset_title(SimpleNamespace(ruleset="riichi", preset="gone")) == "gone"


def test_every_string_a_table_script_looks_up_is_sent_to_the_page() -> None:
    # A key missing here would show on the phone as the raw key ("save_hand").
    scripts = Path(__file__).resolve().parents[2] / "static" / "js"
    used: set[str] = set()
    for name in ("table.js", "render.js", "chart.js", "record.js", "picker.js"):
        used |= set(re.findall(r"\b(?:t|fmt)\(\"([a-z_]+)\"", (scripts / name).read_text()))
    # picker.js names its meld buttons by kind: t(`meld_${kind}`).
    used |= {"meld_chi", "meld_pon", "meld_kan", "meld_ankan"}
    assert used - set(ui.strings()) == set()
