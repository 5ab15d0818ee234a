"""A lone surrogate in a choice field is a 400 that names the field (issue 24, finding 8):
DRF's refusal quotes the value sent ("\\ud800" is not a valid choice), which no encoder
can write, so ``currency``, ``visibility`` and ``ruleset`` were a 500 on every endpoint
that takes them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from clubs.tests.helpers import evening_of_two

pytestmark = pytest.mark.django_db

LONE = "\ud800"
PLAYERS = ["Aiko", "Bo", "Chen", "Dana"]


def _cases(club: Any, night: Any, table: Any) -> list[tuple[str, str, dict[str, Any], str]]:
    return [
        ("post", "/api/tables/", {"name": "a", "ruleset": "riichi", "visibility": LONE,
                                  "players": PLAYERS}, "visibility"),
        ("post", "/api/groups/", {"name": "a", "visibility": LONE}, "visibility"),
        ("post", "/api/groups/", {"name": "a", "currency": LONE}, "currency"),
        ("patch", f"/api/groups/{club.public_id}/", {"visibility": LONE}, "visibility"),
        ("patch", f"/api/groups/{club.public_id}/", {"currency": LONE}, "currency"),
        ("post", f"/api/groups/{club.public_id}/evenings/", {"name": "n", "currency": LONE},
         "currency"),
        ("put", f"/api/evenings/{night.public_id}/stakes/", {"ruleset": LONE, "amount": "1"},
         "ruleset"),
        ("put", f"/api/tables/{table.public_id}/stake/", {"amount": "1", "currency": LONE},
         "currency"),
        ("post", "/api/score/", {"ruleset": LONE, "hand": "123m"}, "ruleset"),
    ]


def test_a_lone_surrogate_in_a_choice_field_is_a_400_naming_the_field():
    club, night, riichi, _ = evening_of_two()
    staff = APIClient(raise_request_exception=False)
    staff.force_authenticate(get_user_model().objects.create(username="s", is_staff=True))
    for method, url, body, field in _cases(club, night, riichi):
        answer = getattr(staff, method)(url, data=json.dumps(body),
                                        content_type="application/json")
        assert answer.status_code == 400, (method, url, field)
        error = answer.json()["error"]
        assert field in error["message"] and error["text"], (url, error)
