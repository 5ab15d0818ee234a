"""The scoring API: rulesets, and engine commands that answer exactly like the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.test import APIClient

from scoring import registry
from scoring.api.views import MAX_BATCH
from scoring.engine import result, rulesets
from scoring.engine.options import options_schema

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = json.loads((Path(__file__).parent / "data" / "score_requests.json")
                      .read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _fresh_throttle() -> None:
    # Throttle counters live in the cache, which outlives a single test.
    cache.clear()


@pytest.fixture
def api() -> APIClient:
    return APIClient()


def cli(command: str, requests: list[Any]) -> list[dict[str, object]]:
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests)
    done = subprocess.run([sys.executable, "-m", "scoring.engine", command], input=lines,
                          capture_output=True, text=True, cwd=ROOT, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_rulesets_lists_every_available_ruleset_with_options_and_presets(api):
    response = api.get("/api/rulesets/")
    assert response.status_code == 200
    body = response.json()
    assert [r["name"] for r in body["results"]] == rulesets.available()
    assert body["count"] == len(rulesets.available())
    for entry in body["results"]:
        pkg = rulesets.get(entry["name"])
        assert entry["title"] == pkg.TITLE
        assert entry["title_native"] == pkg.TITLE_NATIVE
        assert entry["options"] == json.loads(json.dumps(options_schema(pkg.Options)))
        assert {p["name"]: p["options"] for p in entry["presets"]} == {
            k: v.get("options", {}) for k, v in pkg.PRESETS.items()}
        assert entry["table_ready"] == (entry["name"] in registry.usable())


def test_rulesets_keep_native_titles_and_option_help(api):
    body = api.get("/api/rulesets/").json()
    by_name = {r["name"]: r for r in body["results"]}
    assert by_name["riichi"]["title_native"] == "立直麻雀"
    red = next(o for o in by_name["riichi"]["options"] if o["name"] == "red_fives")
    assert red["type"] == "int" and red["choices"] == [0, 2, 3, 4] and red["help"]


def as_cli(answer: Any) -> Any:
    """An API answer as the command line gives it: the same, but an error's ``text`` (the
    sentence for a person, in the request's language) is the API's alone."""
    if isinstance(answer, list):
        return [as_cli(item) for item in answer]
    if isinstance(answer, dict) and isinstance(answer.get("error"), dict):
        error = dict(answer["error"])
        assert error.pop("text")  # every error the API answers has its sentence
        return {**answer, "error": error}
    return answer


def test_score_answers_exactly_like_the_command_line(api):
    expected = cli("score", REQUESTS)
    for request, want in zip(REQUESTS, expected, strict=True):
        response = api.post("/api/score/", request, format="json")
        assert as_cli(response.json()) == want
        assert response.status_code == (400 if set(want) == {"error"} else 200)


def test_score_batch_answers_a_list_like_the_command_line(api):
    response = api.post("/api/score/", REQUESTS, format="json")
    assert response.status_code == 200
    assert as_cli(response.json()) == cli("score", REQUESTS)


def test_score_batch_keeps_each_error_with_its_item(api):
    good, bad = REQUESTS[1], {"ruleset": "riichi", "hand": "12x"}
    answers = api.post("/api/score/", [good, bad, 7], format="json").json()
    assert answers[0]["items"] and answers[0]["winner"] is not None
    assert answers[1]["error"]["code"] == "bad_tile"
    assert answers[2]["error"]["code"] == "bad_input"


def test_score_bad_tile_is_400_with_code_and_message(api):
    response = api.post("/api/score/", {"ruleset": "riichi", "hand": "123m456p789s11222x"},
                        format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_tile"
    assert "'x'" in error["message"]


def test_score_unknown_ruleset_names_the_known_ones(api):
    response = api.post("/api/score/", {"ruleset": "tenhou", "hand": "1m"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_ruleset"
    assert "riichi" in response.json()["error"]["message"]


def test_score_refuses_a_batch_over_the_limit(api):
    response = api.post("/api/score/", [{}] * (MAX_BATCH + 1), format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "batch_too_large"


def test_score_refuses_malformed_json_with_the_shared_error_shape(api):
    response = api.post("/api/score/", "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse_error"


def test_score_refuses_form_data(api):
    response = api.post("/api/score/", {"ruleset": "riichi"})  # multipart
    assert response.status_code == 415
    assert response.json()["error"]["code"] == "unsupported_media_type"


def test_score_is_post_only(api):
    response = api.get("/api/score/")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"


@pytest.mark.parametrize("command", ["waits", "analyse", "danger"])
def test_analysis_commands_answer_like_the_command_line(api, command):
    requests = {
        "waits": [{"hand": "1112345678999m"}, {"hand": "1m2x"}],
        "analyse": [{"ruleset": "riichi", "hand": "123m456p789s1123z"}],
        "danger": [{"discards": "4m7p1z9s", "hand": "123m456p789s1122z"}],
    }[command]
    expected = cli(command, requests)
    for request, want in zip(requests, expected, strict=True):
        response = api.post(f"/api/{command}/", request, format="json")
        assert as_cli(response.json()) == want
        assert response.status_code == (400 if set(want) == {"error"} else 200)


def test_waits_of_the_nine_gates_are_all_nine_tiles(api):
    response = api.post("/api/waits/", {"hand": "1112345678999m"}, format="json")
    assert response.status_code == 200
    assert response.json()["waits"] == [f"{n}m" for n in range(1, 10)]


@pytest.mark.usefixtures("still_limits_clock")  # a minute's edge would start a new count
@override_settings(REST_FRAMEWORK={"DEFAULT_THROTTLE_RATES": {"score": "2/minute"}})
def test_score_is_throttled_per_client(api):
    statuses = [api.post("/api/score/", REQUESTS[1], format="json").status_code
                for _ in range(3)]
    assert statuses == [200, 200, 429]
    response = api.post("/api/score/", REQUESTS[1], format="json")
    assert response.json()["error"]["code"] == "throttled"
    assert int(response["Retry-After"]) > 0


def test_configured_throttle_rates_cover_each_scope():
    from django.conf import settings

    assert {"score", "record", "token"} <= set(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])


def test_throttle_rates_come_from_the_environment():
    from mjsite.settings import env_rate

    assert env_rate("MJ_API_SCORE_RATE", "120/minute", environ={}) == "120/minute"
    assert env_rate("MJ_API_SCORE_RATE", "120/minute",
                    environ={"MJ_API_SCORE_RATE": "5/second"}) == "5/second"


@pytest.mark.parametrize("bad", ["fast", "10", "ten/minute", "10/fortnight", "-1/day"])
def test_a_malformed_throttle_rate_stops_start_up(bad):
    from django.core.exceptions import ImproperlyConfigured

    from mjsite.settings import env_rate

    with pytest.raises(ImproperlyConfigured, match="MJ_API_RECORD_RATE"):
        env_rate("MJ_API_RECORD_RATE", "60/minute", environ={"MJ_API_RECORD_RATE": bad})


@pytest.mark.django_db
def test_an_unknown_token_is_refused_in_the_error_shape(api):
    api.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api.get("/api/rulesets/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "authentication_failed"


def test_the_schema_describes_the_score_answers_result_contract(api):
    schema = api.get("/api/schema/?format=json").json()
    ref = schema["paths"]["/api/score/"]["post"]["responses"]["200"]["content"][
        "application/json"]["schema"]["oneOf"][0]["$ref"]
    components = schema["components"]["schemas"]
    answer = components[ref.rsplit("/", 1)[-1]]
    # The schema is read from the contract's one definition (scoring.engine.result).
    assert sorted(answer["required"]) == sorted(result.REQUIRED) == [
        "discarder", "headline", "items", "ledger", "players", "pot_change", "winner"]
    assert list(answer["properties"]) == list(result.KEYS)
    assert "Who won" in answer["properties"]["winner"]["description"]
    ledger = components[answer["properties"]["ledger"]["items"]["$ref"].rsplit("/", 1)[-1]]
    cause = ledger["properties"]["cause"]
    ref = cause.get("$ref") or cause["allOf"][0]["$ref"]  # allOf when it has a description
    enum = cause.get("enum") or components[ref.rsplit("/", 1)[-1]]["enum"]
    assert "chajiao" in enum
    body = api.post("/api/score/", {"ruleset": "wuhu", "zhi": 9, "ya": 5, "win": "self_draw",
                                    "mouths": ["四活"]}, format="json").json()
    assert set(answer["required"]) <= set(body) <= set(answer["properties"])
    assert [i["key"] for i in body["items"] if i["unit"] == "mouth"] == ["four_alive"]


def test_a_score_error_has_its_sentence_in_the_requests_language(api):
    response = api.post("/api/score/", {"ruleset": "riichi", "hand": "123m456p789s11222x"},
                        format="json", HTTP_ACCEPT_LANGUAGE="ja")
    error = response.json()["error"]
    assert error["code"] == "bad_tile" and "'x'" in error["message"]
    assert "123m 456p 77z" in error["text"] and "牌" in error["text"]
