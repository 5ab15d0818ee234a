"""The win tables shipped as data (``data/win_tables.bin``) and the engine's warm-up."""

from __future__ import annotations

import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from scoring.engine import agari, rulesets, win_tables
from scoring.engine.agari import TABLE_MAX_SETS, build_tables

REPO = Path(__file__).resolve().parents[3]


def test_the_shipped_win_tables_equal_a_fresh_build() -> None:
    # If this fails, a builder in agari.py changed: `python -m scoring.engine.win_tables`.
    shipped = win_tables.decode(win_tables.DATA_PATH.read_bytes(), TABLE_MAX_SETS)
    fresh = build_tables()
    for name, ours, theirs in zip(("suit", "honour", "complete suit", "complete honour"),
                                  shipped, fresh, strict=True):
        assert ours == theirs, f"the shipped {name} table is stale"


def test_the_tables_in_use_are_the_fresh_build() -> None:
    agari.tables()
    assert (agari._SUIT_TABLE, agari._HONOUR_TABLE, agari._COMPLETE_SUIT,
            agari._COMPLETE_HONOUR) == build_tables()


def test_the_key_of_both_tables_of_a_suit_is_one_object() -> None:
    suit, _, complete_suit, _ = win_tables.decode(win_tables.DATA_PATH.read_bytes(),
                                                  TABLE_MAX_SETS)
    shared = {id(k) for k in complete_suit}
    assert all(id(k) in shared for k in suit)


def test_encoding_and_decoding_give_back_the_tables() -> None:
    tables = build_tables()
    assert win_tables.decode(win_tables.encode(tables, TABLE_MAX_SETS),
                             TABLE_MAX_SETS) == tables


def test_data_for_other_tables_or_damaged_is_refused() -> None:
    blob = win_tables.encode(build_tables(), TABLE_MAX_SETS)
    with pytest.raises(ValueError):
        win_tables.decode(blob, TABLE_MAX_SETS + 1)
    with pytest.raises(ValueError):
        win_tables.decode(zlib.compress(zlib.decompress(blob)[:-5]), TABLE_MAX_SETS)
    with pytest.raises(ValueError):
        win_tables.decode(zlib.compress(zlib.decompress(blob) + b"\0"), TABLE_MAX_SETS)
    with pytest.raises(zlib.error):
        win_tables.decode(b"not zlib", TABLE_MAX_SETS)


def test_without_the_data_file_the_tables_are_built(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(win_tables, "DATA_PATH", tmp_path / "missing.bin")
    assert win_tables.load(TABLE_MAX_SETS) is None
    # A fresh process reading from a missing file builds the same tables.
    code = ("import json, sys\n"
            "from pathlib import Path\n"
            "from scoring.engine import agari, win_tables\n"
            "win_tables.DATA_PATH = Path(sys.argv[1])\n"
            "suit, honour = agari.tables()\n"
            "print(json.dumps([len(suit), len(honour), agari.is_win("
            "[3,1,1,1,2,1,1,1,3] + [0]*25)]))\n")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path / "missing.bin")],
                          capture_output=True, text=True, cwd=REPO, timeout=120, check=True)
    fresh = build_tables()
    assert json.loads(proc.stdout) == [len(fresh[0]), len(fresh[1]), True]


def test_warm_up_reads_the_tables_and_imports_every_ruleset() -> None:
    code = ("import json, sys\n"
            "import scoring.engine\n"
            "from scoring.engine import agari\n"
            "before = bool(agari._SUIT_TABLE)\n"
            "scoring.engine.warm_up()\n"
            "from scoring.engine.rulesets import module_of, names\n"
            "print(json.dumps([before, bool(agari._SUIT_TABLE), sorted(\n"
            "    n for n in names() if module_of(n) in sys.modules)]))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, timeout=120, check=True)
    before, after, loaded = json.loads(proc.stdout)
    assert (before, after) == (False, True)
    assert set(rulesets.names()) <= set(loaded)
