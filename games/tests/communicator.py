"""channels' test communicators, waiting as long as a busy machine needs.

channels waits 1 s by default for a socket to open or a message to arrive, an idle
machine's figure: on a busy 2-core CI machine running two suites at once a consumer's
first database query alone can take longer, and the test failed though nothing was wrong.
These wait on the message itself, so a long limit costs nothing when all goes well. A
check that nothing arrives (``receive_nothing``) keeps its own short window.
"""

from __future__ import annotations

from typing import Any

from channels import testing

# Seconds to wait for a socket to open, a message or a response.
WAIT_S = 30.0


class WebsocketCommunicator(testing.WebsocketCommunicator):
    async def connect(self, timeout: float = WAIT_S) -> Any:
        return await super().connect(timeout)

    async def receive_from(self, timeout: float = WAIT_S) -> Any:
        return await super().receive_from(timeout)

    async def receive_json_from(self, timeout: float = WAIT_S) -> Any:
        return await super().receive_json_from(timeout)

    async def receive_output(self, timeout: float = WAIT_S) -> Any:
        return await super().receive_output(timeout)

    async def disconnect(self, code: int = 1000, timeout: float = WAIT_S) -> None:
        await super().disconnect(code, timeout)


class HttpCommunicator(testing.HttpCommunicator):
    async def get_response(self, timeout: float = WAIT_S) -> Any:
        return await super().get_response(timeout)
