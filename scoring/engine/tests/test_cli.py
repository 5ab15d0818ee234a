"""The JSON command contract: in process through ``run`` and as ``python -m scoring.engine``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import commands, rulesets
from scoring.engine.commands import COMMANDS, command, register_lazy, run, run_line
from scoring.engine.errors import EngineError

REPO = Path(__file__).resolve().parents[3]
GOLDEN = json.loads((Path(__file__).parent / "data" / "core" / "cli.json").read_text("utf-8"))


def cli(name: str, lines: list[str], *extra: str,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring.engine", name, *extra],
        input="".join(line + "\n" for line in lines),
        capture_output=True, text=True, cwd=REPO, timeout=120, encoding="utf-8", env=env,
    )


def test_cli_answers_a_mixed_batch_line_by_line_in_order() -> None:
    proc = cli("waits", [
        '{"hand": "1112345678999m"}',
        '{"hand": ',
        '{"hand": "1112345678999x"}',
        "",
        '{"hand": "123m456p789s11z2z5z", "wildcards": ["5z"]}',
    ])
    assert proc.returncode == 0
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 4
    assert out[0]["waits"] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    assert out[1]["error"]["code"] == "bad_json"
    assert out[2]["error"] == {
        "code": "bad_tile",
        "message": "in '1112345678999x' character 14 'x' is not a digit or a suit letter "
                   "(m = characters, p = dots, s = bamboo, z = honours, f = flowers)",
        "params": {"text": "x"},
    }
    assert out[3]["waits"] == ["1z", "2z", "5z"]


def test_cli_writes_utf8_without_escapes_whatever_the_locale() -> None:
    env = {**os.environ, "LC_ALL": "en_US.ISO-8859-1", "PYTHONIOENCODING": "latin-1"}
    proc = cli("decompose", ['{"hand": "147m258p369s12345z", "shapes": ["honours_and_knitted"]}'],
               env=env)
    assert proc.returncode == 0
    assert "全不靠" in proc.stdout


def test_cli_help_lists_the_commands() -> None:
    proc = cli("--help", [])
    assert proc.returncode == 0
    for name in ("waits", "decompose", "parse", "score"):
        assert f"  {name}" in proc.stdout


def test_cli_refuses_an_unknown_command() -> None:
    proc = cli("nonsense", ['{"hand": "1m"}'])
    assert proc.returncode == 2
    assert "unknown command 'nonsense'" in proc.stderr
    assert proc.stdout == ""


def test_a_non_object_line_is_bad_input() -> None:
    assert run_line("waits", "[1, 2]") == {"error": {
        "code": "bad_input",
        "message": "each request must be a JSON object like {\"hand\": \"123m...\"}, got list",
    }}


def test_blank_lines_are_skipped() -> None:
    assert run_line("waits", "   ") is None


def test_invalid_json_names_the_column() -> None:
    assert run_line("parse", '{"hand": 12') == {"error": {
        "code": "bad_json",
        "message": "the line is not valid JSON: Expecting ',' delimiter at column 12",
    }}


def test_an_unexpected_exception_becomes_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(request: dict[str, Any]) -> dict[str, Any]:
        return {"value": 1 // len(request["items"])}

    monkeypatch.setitem(COMMANDS, "broken", broken)
    result = run("broken", {"items": []})
    assert result["error"]["code"] == "internal_error"
    assert "ZeroDivisionError" in result["error"]["message"]


def test_parse_normalises_the_hand() -> None:
    assert run("parse", {"hand": "9s1m7p5p2f", "melds": ["PON 555z from n"]}) == {
        "hand": "1m57p9s",
        "melds": ["pon 555z from N"],
        "flowers": "2f",
        "size": 7,
        "state": "waiting",
    }


def test_waits_gives_details_per_wait() -> None:
    result = run("waits", {"hand": "1122m3344p5566s7z", "shapes": ["seven_pairs"]})
    assert result == {"waits": ["7z"],
                      "details": [{"tile": "7z", "remaining": 3, "shapes": ["seven_pairs"]}]}


def test_waits_on_a_complete_hand_is_a_count_error() -> None:
    assert run("waits", {"hand": "11m"})["error"]["code"] == "wrong_tile_count"


def test_decompose_lists_every_reading() -> None:
    result = run("decompose", {"hand": "111222333m11z", "melds": ["chi 789p"]})
    assert result["win"] is True
    assert {tuple(d["sets"]) for d in result["decompositions"]} == {
        ("111m", "222m", "333m"), ("123m", "123m", "123m"),
    }
    assert result["melds"] == ["chi 789p"]


def test_decompose_with_wilds_reports_the_natural_win() -> None:
    result = run("decompose", {"hand": "123m456p789s11z555z", "wildcards": ["5z"]})
    assert result["win"] is True and result["natural"] is True
    assert result["analysis"]["wilds"] == 3
    assert result["shapes"] == []


def test_decompose_with_wilds_names_the_special_shapes() -> None:
    result = run("decompose", {"hand": "14m25p36s1234z6z7z5z5z", "wildcards": ["5z"],
                               "shapes": ["thirteen_lan", "seven_pairs"]})
    assert result["shapes"] == [
        {"shape": "thirteen_lan", "native": "七星十三烂", "seven_stars": True},
    ]
    assert result["natural"] is False and result["decompositions"] == []


def test_decompose_of_a_waiting_hand_is_refused() -> None:
    assert run("decompose", {"hand": "1m"})["error"] == {
        "code": "wrong_tile_count",
        "message": "decompose needs a complete hand of 3n+2 tiles (counting each meld as 3), "
                   "but this one has 1",
        "params": {"count": 1, "reason": "complete"},
    }


@pytest.mark.parametrize(("request_", "message"), [
    ({}, "the request needs a 'hand', e.g. {\"hand\": \"1112345678999m\"}"),
    ({"hand": "1m", "melds": "pon 111z"}, "'melds' must be a list of strings, got 'pon 111z'"),
    ({"hand": "1m", "shapes": ["nine_gates"]},
     "unknown shape 'nine_gates'; known shapes: seven_pairs, seven_pairs_quads, "
     "thirteen_orphans, honours_and_knitted, knitted_straight, thirteen_lan"),
])
def test_bad_requests_say_what_to_fix(request_: dict[str, Any], message: str) -> None:
    assert run("waits", request_)["error"] == {"code": "bad_input", "message": message}


def test_score_with_an_unknown_ruleset() -> None:
    listed = ", ".join(rulesets.available())
    assert listed.startswith("riichi, mcr, sichuan, wuhu, jian, taiwan, hongkong")
    assert run("score", {"ruleset": "klondike"})["error"] == {
        "code": "unknown_ruleset",
        "message": f"unknown ruleset 'klondike'; choose one of: {listed}",
    }


@pytest.mark.parametrize("name", rulesets.available())
def test_score_dispatches_to_the_installed_ruleset(name: str) -> None:
    request = {"ruleset": name, "hand": "123m456p789s11z555z", "win_tile": "1z"}
    module = rulesets.get(name)
    try:
        expected = module.score(dict(request))
    except EngineError as exc:
        expected = {"error": exc.detail()}  # what the CLI answers
    result = run("score", request)
    assert result == expected
    assert result.get("error", {}).get("code") != "internal_error"


def test_commands_register_with_a_decorator_and_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(commands, "COMMANDS", dict(COMMANDS))
    monkeypatch.setattr(commands, "HELP", dict(commands.HELP))
    monkeypatch.setattr(commands, "LAZY_COMMANDS", {})

    @command("echo", "send the request back")
    def echo(request: dict[str, Any]) -> dict[str, Any]:
        return {"echo": request}

    register_lazy("lazy_parse", "scoring.engine.commands:parse_command", "parse, lazily")
    assert commands.run("echo", {"a": 1}) == {"echo": {"a": 1}}
    assert commands.run("lazy_parse", {"hand": "1m"})["hand"] == "1m"
    assert {"echo", "lazy_parse"} <= set(commands.available())
    listed = {c["name"]: c["help"] for c in commands.run("commands", {})["commands"]}
    assert listed["echo"] == "send the request back"
    assert listed["lazy_parse"] == "parse, lazily"


@pytest.mark.parametrize("case", GOLDEN, ids=lambda c: f"{c['in']['command']}:{c['in']['request']}")
def test_golden_command_results(case: dict[str, Any]) -> None:
    assert run(case["in"]["command"], case["in"]["request"]) == case["out"]


def test_golden_cases_through_the_cli_in_one_batch() -> None:
    waits_cases = [c for c in GOLDEN if c["in"]["command"] == "waits"]
    proc = cli("waits", [json.dumps(c["in"]["request"]) for c in waits_cases])
    assert [json.loads(line) for line in proc.stdout.splitlines()] == [
        c["out"] for c in waits_cases
    ]


def test_cli_scores_riichi_hands_line_after_line() -> None:
    # Twice: the second call must reach the same scorer as the first (see score_command).
    request = json.dumps({"ruleset": "riichi", "hand": "234m456p678s3455s", "win_tile": "5s",
                          "win": "ron", "seat_wind": "S", "round_wind": "E", "discarder": "W"})
    proc = cli("score", [request, request])
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first == second
    head = first["headline"]
    assert (head["value"], head["fu"], head["points"]) == (2, 30, 2000)
    assert (first["winner"], first["discarder"]) == (1, 2)  # S and W, counted from East
    assert sum(p["amount"] for p in first["ledger"]) + first["pot_change"] == 0


def test_undecodable_bytes_spoil_only_their_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "scoring.engine", "parse"],
        input=b'{"hand": "1m\xff"}\n{"hand": "1m"}\n', capture_output=True, cwd=REPO, timeout=120,
    )
    first, second = (json.loads(line) for line in proc.stdout.decode("utf-8").splitlines())
    assert first["error"]["code"] == "bad_tile"
    assert second["hand"] == "1m"


@pytest.mark.parametrize("ruleset", rulesets.names())
@pytest.mark.parametrize("options", [{"preset": {"preset": "x"}}, {"preset": ["x"]},
                                     {"preset": 7}])
def test_a_preset_that_is_not_a_name_is_a_bad_option_in_every_ruleset(
        ruleset: str, options: dict[str, Any]) -> None:
    # Issue 23: a dict here was an internal_error (unhashable type).
    answer = run("score", {"ruleset": ruleset, "hand": "123m", "options": options})
    assert answer["error"]["code"] == "bad_option"
    answer = run("score", {"ruleset": ruleset, "hand": "123m", "preset": options["preset"]})
    assert answer["error"]["code"] in ("bad_option", "bad_field_type")
