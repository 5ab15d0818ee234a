"""Content-Security-Policy and Permissions-Policy on every page, pages that need no inline
script or style to work under them, and an /api/ that answers JSON whatever goes wrong
(issue 13, finding 7)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.models import Seat
from games.tests.tables import NAMES, command_id

TEMPLATES = Path(settings.BASE_DIR) / "templates"
RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
# A <script> that runs: one without src whose type is not JSON data.
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>",
                           re.I)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)
INLINE_STYLE = re.compile(r"<style\b|\sstyle\s*=", re.I)


def _directives(header: str) -> dict[str, set[str]]:
    out = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            out[words[0]] = set(words[1:])
    return out


# The site's templates and those of the apps it installs from the project (a ruleset's
# site app keeps its pages' templates beside it).
TEMPLATE_DIRS = [TEMPLATES, *sorted(Path(settings.BASE_DIR).glob(
    "scoring/engine/rulesets/*/site/templates"))]


@pytest.mark.parametrize("template", sorted(p.relative_to(settings.BASE_DIR).as_posix()
                                            for d in TEMPLATE_DIRS for p in d.rglob("*.html")))
def test_no_template_has_inline_script_handlers_or_styles(template):
    text = (Path(settings.BASE_DIR) / template).read_text(encoding="utf-8")
    scripts = [m for m in INLINE_SCRIPT.findall(text)]
    assert not scripts, f"{template}: inline <script> (use a module in static/js)"
    assert not INLINE_HANDLER.search(text), f"{template}: inline event handler"
    assert not INLINE_STYLE.search(text), f"{template}: inline style"
    assert "javascript:" not in text


@pytest.fixture
def pages(db) -> list[str]:
    table = services.create_table("Headers", "riichi", "", {}, NAMES, visibility="public")
    services.record_hand(table.pk, RON, command_id(), 0, services.Actor(device="x"))
    player = Seat.objects.filter(table=table).first().player_id
    return ["/", "/tables/", "/tables/new/", f"/t/{table.public_id}/",
            f"/t/{table.public_id}/join/", f"/t/{table.public_id}/results/",
            f"/players/{player}/", "/analyse/", "/danger/", "/rulesets/mcr/fans/", "/admin/",
            "/admin/games/table/", "/admin/games/seat/", "/healthz", "/api/rulesets/"]


def test_every_page_sends_a_strict_csp_and_a_permissions_policy(pages):
    signed_in = Client()
    signed_in.force_login(get_user_model().objects.create(username="root", is_staff=True,
                                                          is_superuser=True))
    for client, path in [*((signed_in, p) for p in pages), (Client(), "/admin/login/")]:
        response = client.get(path)
        assert response.status_code == 200, path
        csp = _directives(response["Content-Security-Policy"])
        assert csp["script-src"] == {"'self'"}, path
        assert csp["style-src"] == {"'self'"}, path
        assert csp["object-src"] == {"'none'"} and csp["frame-ancestors"] == {"'none'"}
        assert csp["connect-src"] == {"'self'"}, path
        policy = response["Permissions-Policy"]
        assert "camera=()" in policy and "geolocation=()" in policy, path
        if response["Content-Type"].startswith("text/html"):
            html = response.content.decode()
            assert not INLINE_SCRIPT.findall(html), path
            assert not INLINE_HANDLER.search(html), path
            assert not INLINE_STYLE.search(html), path


def test_the_api_docs_run_their_start_up_script_from_the_site_not_inline(client):
    page = client.get("/api/docs/")
    html = page.content.decode()
    assert not INLINE_SCRIPT.findall(html)
    script = re.search(r'<script src="([^"]*script=[^"]*)"', html)
    assert script, "the Swagger UI start-up script is not loaded from the site"
    start_up = client.get(script.group(1).replace("&amp;", "&"))
    assert start_up["Content-Type"].startswith("application/javascript")
    csp = _directives(page["Content-Security-Policy"])
    assert csp["script-src"] == {"'self'"}  # only Swagger UI's styles are relaxed


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path", "status"), [
    ("get", "/api/no-such-endpoint/", 404),
    ("get", "/api/tables/not a slug/", 404),
    ("get", "/api/players/not-a-number/stats/", 404),
    ("get", "/api/tables/nope/hands/abc/", 404),
    ("delete", "/api/score/", 405),
    ("put", "/api/tables/", 405),
    ("get", "/api/tables/?ruleset=%00", 400),
    ("post", "/api/score/", 400),
])
def test_every_api_answer_is_json_in_the_error_shape(method, path, status):
    client = Client(raise_request_exception=False)
    kwargs = {"data": b"{", "content_type": "application/json"} if method == "post" else {}
    response = getattr(client, method)(path, **kwargs)
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    error = response.json()["error"]
    assert error["code"] and error["message"]


@pytest.mark.django_db
def test_an_api_request_with_a_bad_host_is_json_too():
    response = Client(HTTP_HOST="evil.example").get("/api/rulesets/")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_request"
