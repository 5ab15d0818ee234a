"""MCR's "Add up the hand" lists the fans a table scores most first (issue 22, finding 6):
the 1- and 2-fan patterns before the 88s, and none left out."""

from __future__ import annotations

from scoring.engine.rulesets.mcr.entry import entry_spec
from scoring.engine.rulesets.mcr.fans import FANS
from scoring.engine.rulesets.mcr.options import Options


def test_the_checklist_climbs_from_the_common_one_fan_patterns_to_the_88s() -> None:
    checklist = entry_spec(Options()).checklist
    values = [t.value for t in checklist]
    assert values == sorted(values)
    assert values[0] == 1 and values[-1] == 88
    first = [t.key for t in checklist[:25]]  # the 1- and 2-fan lines
    for common in ("pure_double_chow", "self_drawn", "all_chows", "all_simples"):
        assert common in first, first


def test_the_checklist_hides_no_fan() -> None:
    checklist = entry_spec(Options()).checklist
    fixed = [f.id for f in FANS if f.points > 0]
    assert sorted(t.key for t in checklist) == sorted(fixed)
    assert len(checklist) == len(fixed)
