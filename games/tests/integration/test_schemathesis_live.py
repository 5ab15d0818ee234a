"""The whole API schema, fuzzed against a real daphne process on PostgreSQL and Redis, with
a staff token and without any credential: no server error. In-process runs on SQLite
(games/tests/test_schemathesis_api.py) cannot see what only PostgreSQL refuses (NUL in
text, integers past 64 bits, JSON it cannot store), which is where issue 13's 500s were.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import hypothesis.strategies as st
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import checks

from .conftest import Site
from .harness import RON, Server

pytestmark = pytest.mark.integration

EXAMPLES = 8


@pytest.fixture(scope="module")
def live(site: Site) -> Iterator[tuple[Server, dict[str, Any]]]:
    env = {**site.env(), "MJ_API_SCORE_RATE": "100000/minute",
           "MJ_API_RECORD_RATE": "100000/minute", "MJ_API_TOKEN_RATE": "100000/minute",
           "MJ_CREATE_RATE": "100000/hour", "MJ_TABLE_WRITE_RATE": "100000/minute"}
    server = Server(env, log_dir=site.log_dir)
    server.start()
    (table,) = site.tables(1, visibility="private", prefill=1, outcomes=[RON])
    known = {"table": table["public_id"], "player": 1,
             "token": site.db({"op": "token", "username": "fuzz-staff"})}
    try:
        yield server, known
    finally:
        server.stop()


def _schema(server: Server, known: dict[str, Any]) -> Any:
    schema: Any = schemathesis.openapi.from_url(f"{server.base}/api/schema/?format=json")
    schema = schema.include(path_regex="^/api/(?!schema|docs)")

    @schema.hook("flatmap_path_parameters")
    def real_ids(context: Any, parameters: dict[str, Any]) -> Any:
        if not parameters or "id" not in parameters:
            return st.just(parameters)
        real = known["player"] if isinstance(parameters["id"], int) else known["table"]
        return st.sampled_from([parameters, {**parameters, "id": real}])

    return schema


@pytest.mark.parametrize("credentials", ["staff token", "none"])
def test_no_operation_answers_a_server_error_on_postgresql(
        live: tuple[Server, dict[str, Any]], credentials: str) -> None:
    server, known = live
    headers = {"Authorization": f"Token {known['token']}"} if credentials != "none" else {}
    errors: list[str] = []
    calls = 0
    for result in _schema(server, known).get_all_operations():
        operation = result.ok()

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def check(case: Any) -> None:
            nonlocal calls
            response = case.call(base_url=server.base, headers=headers)
            calls += 1
            if response.status_code >= 500:
                errors.append(f"{case.operation.label}: {response.status_code} "
                              f"{response.text[:200]}")
            else:
                case.validate_response(response, checks=[checks.content_type_conformance])

        check()
    assert calls >= 100
    assert not errors, errors
    log = server.log()
    assert "Traceback" not in log, log[-3000:]
