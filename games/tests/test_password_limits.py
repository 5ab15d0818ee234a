"""Password limits that hold (issue 13, finding 4): each attempt is counted before the
password is checked, per username and address, per address, and per username for new
browsers, so parallel tries are not all checked and an attacker cannot lock the owner
out; the client address comes from X-Forwarded-For only through trusted proxies; the
token endpoint is limited per username and the engine endpoints per honest address."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client, RequestFactory, override_settings
from rest_framework.test import APIClient

from common import ratelimit
from common.ratelimit import client_address

from .tables import rates

LOGIN = "/admin/login/"


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    cache.clear()
    # Mid-window, held still: a run crossing a minute's edge would start a new count.
    monkeypatch.setattr(ratelimit, "clock", lambda: 60 * 29_000_000 + 20.0)


def _try(client: Client, username: str = "boss", password: str = "guess", **extra: Any) -> int:
    return client.post(LOGIN, {"username": username, "password": password},
                       **extra).status_code


@pytest.mark.django_db(transaction=True)
@override_settings(MJ_RATE_LIMITS=rates(login="5/minute"))
def test_thirty_parallel_guesses_get_at_most_the_limit_checked(monkeypatch):
    get_user_model().objects.create_user("boss", password="the-real-one-123")
    checked: list[int] = []
    lock = threading.Lock()
    real = auth_forms.authenticate

    def slow_check(*args: Any, **kwargs: Any) -> Any:
        with lock:
            checked.append(1)
        time.sleep(0.05)  # the slow password hash, where the old count came too late
        return real(*args, **kwargs)

    monkeypatch.setattr(auth_forms, "authenticate", slow_check)
    with ThreadPoolExecutor(30) as pool:
        codes = list(pool.map(lambda n: _try(Client(), password=f"guess-{n}"), range(30)))
    assert len(checked) <= 5, f"{len(checked)} passwords checked"
    assert codes.count(429) >= 25


@pytest.mark.django_db
@override_settings(MJ_RATE_LIMITS=rates(login="3/minute", login_user="10/hour"))
def test_an_attacker_locks_out_their_own_address_not_the_owner():
    get_user_model().objects.create_user("boss", password="right-pass-123", is_staff=True)
    attacker = Client(REMOTE_ADDR="203.0.113.7")
    assert [_try(attacker) for _ in range(5)] == [200, 200, 200, 429, 429]
    # The owner, elsewhere, signs in at once: the lock-out was the attacker's address.
    owner = Client(REMOTE_ADDR="198.51.100.1")
    assert _try(owner, password="right-pass-123") == 302


@pytest.mark.django_db
@override_settings(MJ_RATE_LIMITS=rates(login="3/minute", login_address="100/minute",
                                        login_user="6/hour"))
def test_guesses_from_many_addresses_slow_new_browsers_but_never_the_owners():
    get_user_model().objects.create_user("boss", password="right-pass-123", is_staff=True)
    owner = Client(REMOTE_ADDR="198.51.100.1")
    assert _try(owner, password="right-pass-123") == 302  # this browser is now known
    del owner.cookies["sessionid"]  # signed out; the device cookie stays
    # A botnet spreads guesses over addresses, each under its own limit.
    codes = [_try(Client(REMOTE_ADDR=f"203.0.113.{n}")) for n in range(10)]
    assert codes[:6] == [200] * 6 and set(codes[6:]) == {429}
    # A browser that never signed in as boss now waits, whatever its address...
    assert _try(Client(REMOTE_ADDR="192.0.2.50"), password="right-pass-123") == 429
    # ...but the owner's own browser is not locked out.
    assert _try(owner, password="right-pass-123") == 302


@pytest.mark.django_db
@override_settings(MJ_RATE_LIMITS=rates(login="2/minute"))
def test_successful_sign_ins_do_not_count_against_the_limit():
    get_user_model().objects.create_user("staffer", password="right-pass-123",
                                         is_staff=True)
    for _ in range(4):
        assert _try(Client(), "staffer", "right-pass-123") == 302


@pytest.mark.django_db
@override_settings(MJ_RATE_LIMITS=rates(login="3/minute"), MJ_TRUSTED_PROXIES=0)
def test_a_rotating_forwarded_for_header_does_not_evade_the_limit_without_a_proxy():
    codes = [_try(Client(), HTTP_X_FORWARDED_FOR=f"10.9.8.{n}") for n in range(5)]
    assert codes == [200, 200, 200, 429, 429]


@pytest.mark.django_db
@override_settings(MJ_RATE_LIMITS=rates(login="3/minute"), MJ_TRUSTED_PROXIES=1)
def test_behind_one_proxy_only_the_address_it_wrote_counts():
    # The client writes what it likes in front; the proxy appends the address it saw.
    codes = [_try(Client(), HTTP_X_FORWARDED_FOR=f"10.9.8.{n}, 203.0.113.9")
             for n in range(5)]
    assert codes == [200, 200, 200, 429, 429]
    assert _try(Client(), HTTP_X_FORWARDED_FOR="203.0.113.10") == 200


@pytest.mark.parametrize(("proxies", "forwarded", "expected"), [
    (0, "1.1.1.1", "127.0.0.1"),
    (1, "1.1.1.1", "1.1.1.1"),
    (1, "6.6.6.6, 1.1.1.1", "1.1.1.1"),
    (2, "6.6.6.6, 1.1.1.1, 10.0.0.2", "1.1.1.1"),
    (2, "1.1.1.1", "127.0.0.1"),  # fewer hops than proxies: the request skipped one
    (1, "not-an-address", "127.0.0.1"),
    (1, "2001:db8::1", "2001:db8::1"),
])
def test_client_address_trusts_only_the_configured_proxies(settings, proxies, forwarded,
                                                           expected):
    settings.MJ_TRUSTED_PROXIES = proxies
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected
    scope = {"client": ["127.0.0.1", 5000],
             "headers": [(b"x-forwarded-for", forwarded.encode())]}
    assert client_address(scope) == expected


@pytest.mark.django_db
@override_settings(MJ_RATE_LIMITS=rates(login="100/minute", login_address="100/minute",
                                        login_user="4/hour"))
def test_the_token_endpoint_is_limited_per_username_across_addresses():
    get_user_model().objects.create_user("boss", password="right-pass-123")
    codes = [APIClient(REMOTE_ADDR=f"203.0.113.{n}").post(
        "/api/token/", {"username": "boss", "password": "guess"}, format="json").status_code
        for n in range(6)]
    assert codes == [400, 400, 400, 400, 429, 429]
    other = APIClient().post("/api/token/", {"username": "someone", "password": "guess"},
                             format="json")
    assert other.status_code == 400


@pytest.mark.django_db
def test_the_engine_endpoints_count_an_anonymous_caller_by_its_real_address(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "score": "3/minute"}}
    settings.MJ_TRUSTED_PROXIES = 0
    codes = [APIClient().post("/api/waits/", {"hand": "1112345678999m"}, format="json",
                              HTTP_X_FORWARDED_FOR=f"10.0.0.{n}").status_code
             for n in range(5)]
    assert codes == [200, 200, 200, 429, 429]
