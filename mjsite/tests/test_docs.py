"""The README stays a front page and the docs stay whole: README.md is short, every page
under docs/ is reachable from it, every relative link (and its #anchor) leads somewhere,
every file of the project they name exists, and every MJ_* variable the code reads is
documented."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
README_MAX_LINES = 150
# Where the variables are documented: configuration.md lists every one, except the limits,
# which have a page of their own.
VARIABLE_PAGES = (DOCS / "configuration.md", DOCS / "limits.md")
# The folders of the project's own source (not .venv, node_modules or the tests).
SOURCE_DIRS = ("mjsite", "scoring", "games", "clubs", "events", "backup", "bench")

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_CODE_SPAN = re.compile(r"`[^`]*`")
_LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
# A read of an MJ_ variable: through one of the typed helpers of mjsite/settings.py
# (env_str, env_bool, env_int, env_list, env_rate, env_delay_ms) or straight from
# os.environ / os.getenv (mjsite/asgi.py reads MJ_GC before Django is set up).
_READ = re.compile(
    r"""(?:\benv_\w+\(|\benviron\.get\(|\bgetenv\(|\benviron\[)\s*["'](MJ_[A-Z0-9_]+)["']""")
_MENTION = re.compile(r"\bMJ_[A-Z0-9_]+\b")
# A file of the project named in code: `games/replay.py`, `deploy/`,
# `games/tests/test_write_path.py::test_queries_per_record_do_not_grow_with_the_game`.
_PATH = re.compile(r"^([\w.@-]+(?:/[\w.@-]+)*/?)(?:::(\w+))?$")


def _prose_lines(path: Path) -> list[str]:
    """The lines of a Markdown file outside fenced code blocks."""
    lines, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = _CODE_SPAN.sub(lambda m: m.group(0)[1:-1], heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link in a heading: its text
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    anchors: set[str] = set()
    seen: dict[str, int] = {}
    for line in _prose_lines(path):
        found = _HEADING.match(line)
        if not found:
            continue
        slug = _slug(found.group(2))
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _relative_links(path: Path) -> list[str]:
    """Link targets of a Markdown file that are not web addresses, outside code."""
    links = []
    for line in _prose_lines(path):
        for target in _LINK.findall(_CODE_SPAN.sub("", line)):
            if not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
                links.append(target)
    return links


def _resolve(source: Path, target: str) -> tuple[Path, str]:
    where, _sep, anchor = target.partition("#")
    return ((source.parent / where).resolve() if where else source), anchor


def _markdown_pages() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


def _named_paths(path: Path) -> list[tuple[str, str]]:
    """(path, test or function name) of every code span naming a file of the project: its
    first part is a file or folder at the project's top (so `/etc/mjsite/env`,
    `test-artifacts/` or `scoring/engine/rulesets/<name>/` are not taken for one)."""
    tops = {entry.name for entry in ROOT.iterdir()} - {"test-artifacts", "staticfiles"}
    named = []
    for line in _prose_lines(path):
        for span in _CODE_SPAN.findall(line):
            found = _PATH.match(span[1:-1])
            if found and "/" in found.group(1) and found.group(1).split("/")[0] in tops:
                named.append((found.group(1), found.group(2) or ""))
    return named


def _variables_read_by_the_code() -> set[str]:
    found: set[str] = set()
    for folder in SOURCE_DIRS:
        for source in (ROOT / folder).rglob("*.py"):
            if "tests" in source.relative_to(ROOT).parts:
                continue
            found.update(_READ.findall(source.read_text(encoding="utf-8")))
    return found


def test_readme_is_at_most_150_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, (
        f"README.md has {len(lines)} lines; keep it to {README_MAX_LINES} (what mjsite is, "
        "the two commands, game night, links) and move the rest into docs/")


def test_every_docs_page_is_reachable_from_the_readme():
    reached: set[Path] = set()
    queue = [README]
    while queue:
        page = queue.pop()
        for target in _relative_links(page):
            linked, _anchor = _resolve(page, target)
            if linked.is_relative_to(DOCS.resolve()) and linked not in reached:
                reached.add(linked)
                if linked.suffix == ".md" and linked.is_file():
                    queue.append(linked)
    files = {path.resolve() for path in DOCS.rglob("*") if path.is_file()}
    unlinked = sorted(str(path.relative_to(ROOT)) for path in files - reached)
    assert not unlinked, f"not linked from README.md (or a docs page it links): {unlinked}"


def test_every_relative_link_leads_to_a_file_and_its_heading():
    broken = []
    for page in _markdown_pages():
        for target in _relative_links(page):
            linked, anchor = _resolve(page, target)
            name = f"{page.relative_to(ROOT)}: {target}"
            if not linked.exists():
                broken.append(f"{name} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
                broken.append(f"{name} (no heading #{anchor} in {linked.name})")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_every_file_the_docs_name_exists():
    missing = []
    for page in _markdown_pages():
        for name, function in _named_paths(page):
            target = ROOT / name
            where = f"{page.relative_to(ROOT)}: `{name}`"
            if not target.exists():
                missing.append(f"{where} (no such file)")
            elif function and not re.search(rf"^\s*(?:async )?def {function}\(",
                                             target.read_text(encoding="utf-8"), re.MULTILINE):
                missing.append(f"{where}::{function} (no such function)")
    assert not missing, "the docs name what is not there:\n" + "\n".join(missing)


def test_every_mj_variable_the_code_reads_is_documented():
    read = _variables_read_by_the_code()
    # The scan must see the settings' reads at all (a renamed helper would hide them).
    assert "MJ_DEBUG" in read and "MJ_GC" in read, sorted(read)
    documented = set()
    for page in VARIABLE_PAGES:
        documented.update(_MENTION.findall(page.read_text(encoding="utf-8")))
    missing = sorted(read - documented)
    assert not missing, (
        f"read by the code but in neither docs/configuration.md nor docs/limits.md: {missing}")


def test_every_documented_mj_variable_is_read_by_the_code():
    read = _variables_read_by_the_code()
    stale: dict[str, list[str]] = {}
    for page in VARIABLE_PAGES:
        for name in set(_MENTION.findall(page.read_text(encoding="utf-8"))) - read:
            stale.setdefault(page.name, []).append(name)
    assert not stale, f"documented but read nowhere in the code: {stale}"
