"""Which scripts a page runs: the release name the live pages compare (common.build)
follows the scripts' contents and nothing else, and with debug off the site's modules
import each other by hashed names (mjsite.storage), so a page reloaded after a release
runs none of the old modules a browser kept."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.files.storage import FileSystemStorage
from pytest_django.fixtures import Settings

from common.build import scripts_build
from mjsite.settings import BASE_DIR
from mjsite.storage import StaticFilesStorage

# A relative module import: `import ... from "./x.js";` (also over several lines).
IMPORT = re.compile(r"""^import\s[^;"']+?\sfrom\s"(\.{1,2}/[^"]+)";""", re.M)
HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")


@pytest.fixture
def fresh_build() -> Iterator[None]:
    """The release is read once per process: each case reads it again, and the tests
    after it read the site's own."""
    scripts_build.cache_clear()
    yield
    scripts_build.cache_clear()


def build_of(settings: Settings, folder: Path, files: dict[str, str]) -> str:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    settings.STATICFILES_DIRS = [folder]  # clears the finders' cache (setting_changed)
    scripts_build.cache_clear()
    return scripts_build()


SCRIPTS = {"js/table.js": 'import {a} from "./sync.js";\n', "js/sync.js": "export const a = 1;\n",
           "css/site.css": "body {}\n"}


def test_the_release_follows_the_scripts_contents_and_only_them(
        settings: Settings, tmp_path: Path, fresh_build: None) -> None:
    first = build_of(settings, tmp_path / "a", SCRIPTS)
    assert re.fullmatch(r"[0-9a-f]{12}", first)
    # The same scripts elsewhere (another process, another checkout of the release).
    assert build_of(settings, tmp_path / "b", SCRIPTS) == first
    # A stylesheet is no script the page runs.
    assert build_of(settings, tmp_path / "c", {**SCRIPTS, "css/site.css": "p {}\n"}) == first
    # One byte of one module, a module more, a module renamed: another release.
    changed = build_of(settings, tmp_path / "d", {**SCRIPTS, "js/sync.js": "export const a = 2;\n"})
    more = build_of(settings, tmp_path / "e", {**SCRIPTS, "js/clock.js": ""})
    renamed = {"js/table.js": SCRIPTS["js/table.js"], "js/sync2.js": SCRIPTS["js/sync.js"]}
    moved = build_of(settings, tmp_path / "f", renamed)
    assert len({first, changed, more, moved}) == 4


def test_the_sites_modules_import_each_other_by_their_hashed_names(tmp_path: Path) -> None:
    # What collectstatic does with debug off, for the site's scripts: copy, then name.
    source = FileSystemStorage(location=BASE_DIR / "static")
    storage = StaticFilesStorage(location=tmp_path, base_url="/static/")
    paths = {f"js/{path.name}": (source, f"js/{path.name}")
             for path in sorted((BASE_DIR / "static" / "js").glob("*.js"))}
    for name, (origin, path) in paths.items():
        with origin.open(path) as handle:
            storage.save(name, handle)
    failed = [(name, processed) for name, _hashed, processed in storage.post_process(paths)
              if isinstance(processed, Exception)]
    assert failed == []
    imports = 0
    for name in paths:
        source_imports = IMPORT.findall(source.open(name).read().decode())
        served = storage.open(storage.stored_name(name)).read().decode()
        served_imports = IMPORT.findall(served)
        assert len(served_imports) == len(source_imports), name
        unhashed = [url for url in served_imports if not HASHED.search(url)]
        assert unhashed == [], f"{name} imports these by their plain names"
        # Every import in any form names a hashed module, not only those of one form.
        assert not re.search(r"""from\s*["'][./][^"']*(?<!\.[0-9a-f]{12})\.js["']""", served)
        imports += len(served_imports)
    assert imports >= 20  # the pattern did find the site's imports
    # The page's entry module names the socket module as it is in this release.
    table = storage.open(storage.stored_name("js/table.js")).read().decode()
    assert f'from "./{storage.stored_name("js/sync.js").split("/")[-1]}";' in table
