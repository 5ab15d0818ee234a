"""Nothing ends a batch (issue 23): every line of hostile input, for every command and
every ruleset, answers one JSON line, a result or ``{"error": {"code", "message"}}``, and
the next line is answered too."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.__main__ import serve
from scoring.engine.commands import available, run_line
from scoring.engine.tests.malformed import RULESETS, json_line, lines, requests

REPO = Path(__file__).resolve().parents[3]
COMMANDS = available()
# A line every command answers with a result, to show the batch went on.
LAST = json_line({"ruleset": "riichi", "hand": "1112345678999m", "win_tile": "9m",
                  "win": "tsumo", "seat_wind": "S"})


def check_answer(line: str) -> dict[str, Any]:
    answer = json.loads(line)
    assert isinstance(answer, dict)
    if "error" in answer:
        error = answer["error"]
        assert isinstance(error["code"], str) and error["code"]
        assert isinstance(error["message"], str) and error["message"]
        assert error["code"] != "internal_error", answer
    return answer


def run_batch(command: str, batch: list[str]) -> list[dict[str, Any]]:
    out = io.StringIO()
    serve(command, io.StringIO("".join(line + "\n" for line in [*batch, LAST])), out)
    answers = [check_answer(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len([line for line in batch if line.strip()]) + 1
    return answers


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(COMMANDS), st.lists(lines, min_size=1, max_size=6))
def test_every_line_of_a_hostile_batch_is_answered(command: str, batch: list[str]) -> None:
    answers = run_batch(command, [line.replace("\n", " ") for line in batch])
    assert answers[-1] == run_line(command, LAST)  # answered as if it came alone


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(RULESETS), st.data())
def test_every_ruleset_answers_bent_requests_to_every_command(ruleset: str,
                                                               data: st.DataObject) -> None:
    batch = [json_line(data.draw(requests(ruleset))) for _ in range(3)]
    for command in COMMANDS:
        run_batch(command, batch)


@pytest.mark.parametrize("line", [
    "[" * 5000 + "]" * 5000, '{"ruleset": "riichi", "options": ' + "[" * 900 + "]" * 900 + "}",
    '{"ruleset": "riichi", "options": {"x": ' + "[" * 900 + "]" * 900 + "}}",
    '{"ruleset": "riichi", "hand": 1' + "0" * 5000 + "}", '{"hand": NaN}'])
def test_a_line_nested_too_deep_or_too_long_is_an_error_line(line: str) -> None:
    answer = run_line("score", line)
    assert answer is not None
    assert answer["error"]["code"] in ("bad_json", "bad_input", "bad_option"), answer


def test_the_cli_process_answers_every_hostile_line_and_goes_on() -> None:
    # The process itself: a traceback here would lose every later line of the batch.
    batch = [
        "[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000,
        '{"ruleset": "taiwan", "hand": "\\ud800"}', '{"ruleset": "riichi", "hand": 1'
        + "0" * 5000 + "}", '{"hand": Infinity}', "\x00",
        json_line({"ruleset": "mcr", "seat_wind": None, "hand": "123m456p789s1122z",
                   "win_tile": "2z", "win": "tsumo", "options": {"min_fan": 0}}),
        json_line({"ruleset": "hongkong", "options": {"preset": {"preset": "x"}}}), LAST]
    for command in ("score", "analyse", "waits"):
        proc = subprocess.run(
            [sys.executable, "-m", "scoring.engine", command],
            input="".join(line + "\n" for line in batch), capture_output=True, text=True,
            cwd=REPO, timeout=300, encoding="utf-8")
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr == ""
        answers = [check_answer(line) for line in proc.stdout.splitlines()]
        assert len(answers) == len(batch)
    assert "error" not in answers[-1]
