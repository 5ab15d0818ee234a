"""Fuzz runs: malformed websocket frames and API bodies get a clear error, never a crash.

A seated player sends the frames, so writes get past the permission check and reach the
service layer and the engine with whatever the fuzzer made of them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.core.cache import cache
from django.test import Client, override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services
from games.consumers import MAX_FRAME
from games.devices import COOKIE_NAME
from games.messages import INBOUND
from games.models import Table
from mjsite.asgi import application

from .communicator import WebsocketCommunicator
from .tables import make_table, new_device, rates, socket_headers

pytestmark = [pytest.mark.slow,
              pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")]

UNLIMITED = rates(table_write="100000/minute", ws_read="100000/second",
                  ws_preview="100000/second")
API_RATES = {"score": "100000/minute", "record": "100000/minute", "token": "100000/minute"}
REPLY_TYPES = {"snapshot", "ack", "stale", "error", "preview", "hand_recorded", "hand_undone",
               "hand_redone", "hand_corrected", "game_ended", "game_reopened"}
FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.data_too_large])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                  max_size=5),
    max_leaves=20)

# Outcomes shaped roughly like the real ones, so the engine's own checks are exercised.
outcomes = st.fixed_dictionaries(
    {"type": st.sampled_from(["ron", "tsumo", "draw", "chombo", "nagashi", "x", ""])},
    optional={"wins": st.lists(st.fixed_dictionaries({}, optional={
        "winner": json_values | st.integers(-2, 5), "discarder": st.integers(-2, 5),
        "quick": st.fixed_dictionaries({}, optional={"han": json_values | st.integers(-3, 20),
                                                     "fu": json_values | st.integers(0, 200)}),
        "hand": json_values, "riichi": json_values}), max_size=3),
        "tenpai": json_values, "riichi": json_values})

messages = st.fixed_dictionaries(
    {"type": st.sampled_from([*INBOUND, "nope"]) | json_values},
    optional={"command_id": st.text(max_size=70) | json_values,
              "base_seq": st.integers(-3, 5) | json_values,
              "outcome": outcomes | json_values,
              "hand_number": st.integers(-1, 3) | json_values,
              "request_id": st.text(max_size=70) | json_values})

frames = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300),
    json_values.map(json.dumps),
    messages.map(json.dumps),
    st.just("x" * (MAX_FRAME + 1)),
    st.just(json.dumps({"type": "preview", "outcome": {"pad": "y" * MAX_FRAME}})),
    st.just("[" * 20_000 + "]" * 20_000),
    st.just("[" * 100_000),
)


def _seated_device(table: Table, position: int = 0) -> str:
    """A browser's device token, seated at ``position``."""
    token, device = new_device()
    services.claim_seat(table, position, device=device, join_key=table.join_key)
    return token


async def _run_frames(table: Table, device: str, sent: list[str | bytes]) -> None:
    comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/",
                                 headers=socket_headers(device))
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from())["type"] == "snapshot"
    try:
        for n, frame in enumerate(sent):
            # send_input rather than send_to, which refuses empty frames.
            key = "bytes" if isinstance(frame, bytes) else "text"
            await comm.send_input({"type": "websocket.receive", key: frame})
            # A marker read after each frame: whatever the frame caused arrives before it.
            marker = f"probe-{n}"
            await comm.send_json_to({"type": "get_snapshot", "request_id": marker})
            replies = []
            while True:
                output = await comm.receive_output(timeout=10)
                assert output["type"] == "websocket.send", f"socket ended on {frame!r:.200}"
                message = json.loads(output["text"])
                if message.get("request_id") == marker:
                    assert message["type"] == "snapshot"
                    break
                replies.append(message)
            assert replies, f"no answer to {frame!r:.200}"
            for message in replies:
                assert message["type"] in REPLY_TYPES, message
                if message["type"] == "error":
                    assert message["code"] and len(message["message"]) > 5, message
    finally:
        await comm.disconnect()


@pytest.mark.django_db(transaction=True)
@override_settings(MJ_RATE_LIMITS=UNLIMITED)
def test_malformed_websocket_frames_get_error_replies_and_never_end_the_socket():
    table = make_table()
    device = _seated_device(table)

    @FUZZ
    @given(st.lists(frames, min_size=1, max_size=6))
    def run(sent: list[str | bytes]) -> None:
        async_to_sync(_run_frames)(table, device, sent)

    run()


bodies = st.one_of(
    st.binary(max_size=300).map(lambda b: (b, "application/json")),
    st.text(max_size=300).map(lambda t: (t.encode(), "application/json")),
    json_values.map(lambda v: (json.dumps(v).encode(), "application/json")),
    messages.map(lambda v: (json.dumps(v).encode(), "application/json")),
    st.fixed_dictionaries({}, optional={
        "ruleset": st.sampled_from(["riichi", "mcr", "sichuan", "nope"]) | json_values,
        "hand": st.text(max_size=40) | json_values, "tiles": st.text(max_size=40),
        "options": json_values, "win": json_values, "batch": st.lists(json_values,
                                                                      max_size=3),
        "username": json_values, "password": json_values,
    }).map(lambda v: (json.dumps(v).encode(), "application/json")),
    st.text(max_size=100).map(lambda t: (t.encode(), "application/x-www-form-urlencoded")),
    st.binary(max_size=100).map(lambda b: (b, "text/plain")),
    st.just((b"[" * 100_000, "application/json")),
    st.just((b"[" * 20_000 + b"]" * 20_000, "application/json")),
    st.just((json.dumps({"pad": "z" * 300_000}).encode(), "application/json")),
)

API_POSTS = ["/api/score/", "/api/waits/", "/api/analyse/", "/api/danger/", "/api/token/",
             "/api/tables/{id}/hands/", "/api/tables/{id}/undo/", "/api/tables/{id}/redo/",
             "/api/tables/", "/api/tables/{id}/"]


@pytest.mark.django_db
@override_settings(REST_FRAMEWORK={**__import__("django.conf").conf.settings.REST_FRAMEWORK,
                                   "DEFAULT_THROTTLE_RATES": API_RATES})
def test_malformed_api_bodies_get_clear_errors_and_never_a_500():
    table = make_table()
    device = _seated_device(table)
    client = Client(raise_request_exception=False)
    client.cookies[COOKIE_NAME] = device

    @FUZZ
    @given(st.sampled_from(API_POSTS), bodies)
    def run(path: str, body: tuple[bytes, str]) -> None:
        cache.clear()
        answer = client.generic("POST", path.format(id=table.public_id), body[0],
                                content_type=body[1])
        assert answer.status_code < 500, (path, body[0][:200], answer.content[:500])
        if answer.status_code >= 400:
            payload: Any = answer.json()
            error = payload.get("error") or {}
            assert error.get("code") and error.get("message"), payload

    run()
