"""No file outside a ruleset package names a ruleset in code: the site asks the packages
(scoring/engine/capabilities.py, scoring/registry.py) and keeps no table of them. A
test-only ruleset (``MJ_EXTRA_RULESETS``: the toy) is named by no file outside its package
at all, tests included: it is played through the generic tests and its own.

A name counts where code could branch or look up by it: a quoted ``"riichi"``, a
``rulesets.mcr`` import or path. The word itself stays free in prose (a riichi stick, a
player who declared riichi). Docs, tests, migrations (frozen history) and the message
catalogues, and the benchmarks (each times named rulesets against a peer), are outside the
rule; :data:`ALLOWED` lists the files still naming one, each
with why, to be emptied as they are reworked. A listed file that no longer names one fails
too, so the list only shrinks.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from mjsite.settings import BASE_DIR
from scoring.engine import rulesets

NAMES = "|".join(rulesets.names())
NAMED = re.compile(rf"([\"'`])({NAMES})\1|rulesets[./]({NAMES})\b")
# Benchmarks are examples by nature: each times named rulesets against their peers.
OUTSIDE = (":!scoring/engine/rulesets/", ":!docs/", ":!*tests/*", ":!*test_*", ":!*.md",
           ":!locale/", ":!*/migrations/*", ":!bench/")

ALLOWED: dict[str, str] = {
    # Generated from the packages by scoring/gen_engine_texts.py, grouped by ruleset.
    "scoring/engine_texts.py": "generated msgid tables, keyed by the package they came from",
    # Examples in API and engine docs (the OpenAPI schema's sample requests).
    "scoring/api/views.py": "OpenAPI examples",
    "scoring/engine/analysis/analyse.py": "request example in the docstring",
    "scoring/engine/analysis/commands.py": "CLI example in the docstring",
}


def _named_files() -> dict[str, list[str]]:
    listed = subprocess.run(["git", "ls-files", "--", ".", *OUTSIDE], cwd=BASE_DIR,
                            capture_output=True, text=True, check=True).stdout.split()
    found: dict[str, list[str]] = {}
    for path in listed:
        file = BASE_DIR / path
        if not file.is_file() or file.suffix not in (".py", ".html", ".js", ".css", ".txt"):
            continue
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            if NAMED.search(line):
                found.setdefault(path, []).append(f"{number}: {line.strip()[:100]}")
    return found


def test_no_file_outside_the_ruleset_packages_names_a_ruleset() -> None:
    found = _named_files()
    unexpected = {path: lines for path, lines in found.items() if path not in ALLOWED}
    assert unexpected == {}, ("ask the ruleset (a capability in scoring/engine/capabilities.py"
                              " read through scoring/registry.py) instead of naming it")


def test_no_script_names_a_ruleset_even_in_a_comment() -> None:
    # The table page's scripts read what a ruleset offers (its live declarations...) from
    # what the page hands them; a ruleset's name in one is a copy of something it says.
    scripts = sorted((BASE_DIR / "static" / "js").glob("*.js"))
    named = {script.name: found for script in scripts
             if (found := re.findall(rf"\b({NAMES})\b", script.read_text(encoding="utf-8"),
                                     re.IGNORECASE))}
    assert scripts and named == {}


def test_every_allowed_file_still_names_one_so_the_list_only_shrinks() -> None:
    found = _named_files()
    assert [path for path in ALLOWED if path not in found] == []


# The files a test-only ruleset's name could hide in: code, templates, data. Markdown is
# prose (the engine README's worked example is the toy).
TEXT_FILES = (".py", ".html", ".js", ".css", ".txt", ".json", ".toml", ".cfg", ".ini", ".yml")


def test_a_test_only_ruleset_is_named_by_no_file_outside_its_package() -> None:
    extra = [name for name in rulesets.names() if name not in rulesets.shipped()]
    assert extra, "the suite plays a test-only ruleset (MJ_EXTRA_RULESETS)"
    for name in extra:
        home = Path(rulesets.get(name).__file__ or "").parent.relative_to(BASE_DIR)
        named = re.compile(rf"([\"'`]){name}\1|rulesets[./]{name}\b")
        listed = subprocess.run(["git", "ls-files", "--", ".", f":!{home.as_posix()}/"],
                                cwd=BASE_DIR, capture_output=True, text=True,
                                check=True).stdout.split()
        found = [f"{path}:{number}" for path in listed if path.endswith(TEXT_FILES)
                 and (BASE_DIR / path).is_file()
                 for number, line in enumerate((BASE_DIR / path).read_text(
                     encoding="utf-8", errors="replace").splitlines(), 1)
                 if named.search(line)]
        assert found == [], f"{name} is named outside {home}: {found}"
