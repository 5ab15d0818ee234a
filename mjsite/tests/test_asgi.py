"""The ASGI application serves HTTP through Django (as daphne does under `make run`)."""

from games.tests.communicator import HttpCommunicator
from mjsite.asgi import application


async def test_asgi_http_serves_the_home_page():
    communicator = HttpCommunicator(
        application, "GET", "/", headers=[(b"host", b"testserver"), (b"accept-language", b"ja")]
    )
    response = await communicator.get_response()
    assert response["status"] == 200
    assert "卓を囲む麻雀の点数記録" in response["body"].decode()
