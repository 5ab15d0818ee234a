"""POST /api/score/ (and the other engine commands) under hostile bodies (issue 23):
every body answers 200 with results or 400 with ``{"error": {"code", "message"}}``, never
a 500, and a batch answers every item."""

from __future__ import annotations

import json
from typing import Any

from django.core.cache import cache
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from scoring.engine.tests.malformed import RAW_LINES, RULESETS, json_line, requests

ENDPOINTS = ("score", "waits", "analyse", "danger")


def check_error(error: Any) -> None:
    assert isinstance(error, dict)
    assert isinstance(error["code"], str) and error["code"] != "internal_error", error
    assert isinstance(error["message"], str) and error["message"]


def post(command: str, body: str) -> Any:
    cache.clear()  # the throttle counts in the cache; this is one client's long batch
    response = APIClient().post(f"/api/{command}/", body, content_type="application/json")
    assert response.status_code in (200, 400), (response.status_code, body[:200])
    answer = json.loads(response.content)
    if response.status_code == 400:
        check_error(answer["error"])
    return answer


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ENDPOINTS), requests())
def test_a_bent_request_is_a_result_or_a_named_error(command: str, request: Any) -> None:
    answer = post(command, json_line(request))
    if isinstance(answer, dict) and "error" in answer:
        check_error(answer["error"])


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(RULESETS), st.data())
def test_a_batch_of_bent_requests_answers_every_item(ruleset: str, data: st.DataObject) -> None:
    batch = [data.draw(requests(ruleset)) for _ in range(4)]
    for command in ENDPOINTS:
        answers = post(command, json.dumps(batch, ensure_ascii=True))
        if isinstance(answers, dict):  # the body as a whole refused (too deep to read)
            continue
        assert len(answers) == len(batch)
        for answer in answers:
            if isinstance(answer, dict) and "error" in answer:
                check_error(answer["error"])


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(ENDPOINTS), RAW_LINES)
def test_a_body_that_is_no_request_is_a_named_error(command: str, body: str) -> None:
    post(command, body)
