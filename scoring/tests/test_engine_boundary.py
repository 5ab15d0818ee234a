"""scoring.engine is pure Python: importing it (through the scoring package) loads no Django.

A ruleset package's ``site`` subpackage is the exception: it is the ruleset's Django app
(its own pages), which the site installs and the engine never imports; the probe below
imports every other engine module, so an engine import of a site module would fail it."""

import pkgutil
import subprocess
import sys

import scoring.engine
from mjsite.settings import BASE_DIR

ENGINE_MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(scoring.engine.__path__, "scoring.engine.")
    if ".tests" not in info.name and not info.name.endswith("__main__")
    and ".site" not in info.name
)

PROBE = """
import importlib, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
print(",".join(loaded))
"""


def test_engine_has_modules_to_check():
    assert "scoring.engine.tiles" in ENGINE_MODULES


def test_engine_modules_import_without_django():
    result = subprocess.run(
        [sys.executable, "-c", PROBE, *ENGINE_MODULES],
        cwd=BASE_DIR,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(BASE_DIR)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"Django loaded by the engine: {result.stdout}"
