"""Every error under /api/ has the documented shape, ``text`` included (issue 24, finding
8): the answers the middleware writes, for requests no API view reached (an unknown
address, a NUL in the query string), had ``code`` and ``message`` but no ``text``, 83
schema-conformance failures under schemathesis."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scoring.api.common import ErrorSerializer


def _error(answer: Any, status: int) -> dict[str, Any]:
    assert answer.status_code == status, answer.content
    assert answer["Content-Type"].startswith("application/json")
    body = answer.json()
    checked = ErrorSerializer(data=body)
    assert checked.is_valid(), checked.errors
    assert set(body) == {"error"} and body["error"]["text"].strip()
    return dict(body["error"])


@pytest.mark.django_db
def test_an_unknown_api_address_answers_the_error_with_its_sentence():
    error = _error(Client().get("/api/no-such-thing/"), 404)
    assert error["code"] == "not_found" and "no API endpoint" in error["message"]
    assert error["text"] == "This does not exist (any more); check the link."


@pytest.mark.django_db
def test_a_nul_in_the_query_string_answers_bad_text_with_its_sentence():
    error = _error(Client().get("/api/tables/?ruleset=%00"), 400)
    assert error["code"] == "bad_text"


@pytest.mark.django_db
def test_the_sentence_is_in_the_request_s_language():
    error = _error(Client().get("/api/no-such-thing/", HTTP_ACCEPT_LANGUAGE="ja"), 404)
    with translation.override("ja"):
        from scoring.error_text import sentence
        assert error["text"] == sentence("not_found")
