"""A username's limits hold however it is spelled (issue 24, finding 4): the sign-in form
strips spaces and folds full-width letters (NFKC) before it looks the user up, so
``victim␠``, ``\\tvictim`` and ``ｖｉｃｔｉｍ`` sign in as ``victim``; the limiter counted
each spelling as a new name, so a locked-out username could be tried again at once.
Every password path counts the name as the form matches it: the admin's sign-in,
``/api/token/`` and the admin's password change (which checks the old password)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client, override_settings
from rest_framework.test import APIClient

from common import ratelimit

from .tables import rates

LOGIN = "/admin/login/"
SPELLINGS = ["victim ", " victim", "\tvictim\t", "ｖｉｃｔｉｍ", "VICTIM", "victim\u3000"]


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    # What is counted is the point here, not the hash: a fast one keeps the test short.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    # Mid-window, held still: a run crossing a minute's edge would start a new count.
    monkeypatch.setattr(ratelimit, "clock", lambda: 60 * 29_000_000 + 20.0)


def _victim() -> None:
    get_user_model().objects.create_user("victim", password="right-pass-123", is_staff=True)


@pytest.mark.django_db
@override_settings(MJ_RATE_LIMITS=rates(login="3/minute"))
@pytest.mark.parametrize("spelling", SPELLINGS)
def test_a_locked_username_stays_locked_however_it_is_spelled(spelling):
    _victim()
    attacker = Client(REMOTE_ADDR="203.0.113.7")
    codes = [attacker.post(LOGIN, {"username": "victim", "password": f"guess-{n}"}).status_code
             for n in range(3)]
    assert codes == [200, 200, 200]
    respelled = attacker.post(LOGIN, {"username": spelling, "password": "right-pass-123"})
    assert respelled.status_code == 429
    assert "_auth_user_id" not in attacker.session


@pytest.mark.django_db
def test_the_form_does_sign_in_every_spelling_that_the_limiter_folds():
    # Why folding is needed: each of these is the same account to the sign-in form.
    _victim()
    for spelling in SPELLINGS[:4]:
        browser = Client()
        answer = browser.post(LOGIN, {"username": spelling, "password": "right-pass-123"})
        assert answer.status_code == 302, spelling


@pytest.mark.django_db
@override_settings(MJ_RATE_LIMITS=rates(login="100/minute", login_address="100/minute",
                                        login_user="3/hour"))
def test_the_token_endpoint_counts_a_respelled_username_as_the_same_one():
    _victim()
    codes = [APIClient(REMOTE_ADDR=f"203.0.113.{n}").post(
        "/api/token/", {"username": spelling, "password": "guess"}, format="json").status_code
        for n, spelling in enumerate(["victim", " victim", "victim\t", "ｖｉｃｔｉｍ"])]
    assert codes == [400, 400, 400, 429]
    answer = APIClient(REMOTE_ADDR="198.51.100.9").post(
        "/api/token/", {"username": "victim ", "password": "right-pass-123"}, format="json")
    assert answer.status_code == 429


@pytest.mark.django_db
@override_settings(MJ_RATE_LIMITS=rates(login="3/minute"))
def test_the_admin_password_change_counts_guesses_at_the_old_password():
    _victim()
    browser = Client(REMOTE_ADDR="203.0.113.7")
    browser.force_login(get_user_model().objects.get(username="victim"))
    url = "/admin/password_change/"

    def change(old: str) -> int:
        return browser.post(url, {"old_password": old, "new_password1": "n3w-pass-456789",
                                  "new_password2": "n3w-pass-456789"}).status_code

    assert [change(f"guess-{n}") for n in range(3)] == [200, 200, 200]
    assert change("right-pass-123") == 429
    user = get_user_model().objects.get(username="victim")
    assert user.check_password("right-pass-123")
