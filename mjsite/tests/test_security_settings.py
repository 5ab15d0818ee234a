"""Settings behind the rate limits and multi-process deployments: a shared cache from Redis,
a Redis prefix per site, rates checked at start-up, and `check --deploy` still clean."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from common.ratelimit import Rate, hit, parse_rate, password_attempt, unhit
from mjsite.settings import caches_for, channel_layers_for

from .test_deploy import PRODUCTION, manage


def test_no_cache_url_keeps_the_in_process_cache():
    assert caches_for("") == {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def test_redis_url_gives_a_shared_redis_cache_with_the_site_prefix():
    assert caches_for("redis://127.0.0.1:6379/2", "club-a", 40) == {"default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/2", "KEY_PREFIX": "club-a",
        "OPTIONS": {"pool_class": "redis.BlockingConnectionPool", "max_connections": 40,
                    "timeout": 10}}}


def test_cache_url_without_a_redis_scheme_is_refused_naming_the_variable():
    with pytest.raises(ImproperlyConfigured, match="MJ_CACHE_URL='memcached://x'"):
        caches_for("memcached://x")


def test_redis_prefix_reaches_the_channel_layer():
    config = channel_layers_for("redis://127.0.0.1:6379/0", "club-b")["default"]["CONFIG"]
    assert config["prefix"] == "club-b"
    assert config["hosts"][0]["address"] == "redis://127.0.0.1:6379/0"


def test_redis_reads_outwait_the_layers_blocking_pop():
    from channels_redis.core import RedisChannelLayer

    host = channel_layers_for("redis://127.0.0.1:6379/0")["default"]["CONFIG"]["hosts"][0]
    # A read timeout at or under the BZPOPMIN wait kills idle consumers under load.
    assert host["socket_timeout"] > 2 * RedisChannelLayer.brpop_timeout


@pytest.mark.parametrize("text,rate", [("30/minute", Rate(30, 60)), ("5/m", Rate(5, 60)),
                                       ("1000/hour", Rate(1000, 3600)), ("2/s", Rate(2, 1))])
def test_rates_are_read_like_drf_throttle_rates(text, rate):
    assert parse_rate(text) == rate


@pytest.mark.parametrize("text", ["30", "thirty/minute", "30/fortnight", "-1/minute"])
def test_a_bad_rate_says_how_to_write_one(text):
    with pytest.raises(ValueError, match="must look like '30/minute'"):
        parse_rate(text)


def test_fixed_window_counts_each_identity_apart_and_resets_next_window(settings):
    from django.core.cache import cache

    cache.clear()
    settings.MJ_RATE_LIMITS = {**settings.MJ_RATE_LIMITS, "table_write": "2/minute"}
    t = 60 * 16_667 + 20.0  # 20 s into a minute
    assert [hit("table_write", "phone-a", now=t) for _ in range(3)] == [None, None, 40]
    unhit("table_write", "phone-a", now=t)
    assert hit("table_write", "phone-a", now=t) == 40  # one taken back, one more counted
    assert hit("table_write", "phone-b", now=t) is None
    assert hit("table_write", "phone-a", now=t + 60) is None


@pytest.mark.slow
def test_bad_websocket_write_rate_stops_start_up_with_the_variable_named():
    result = manage("check", MJ_WS_WRITE_RATE="lots")
    assert result.returncode != 0
    assert "MJ_WS_WRITE_RATE='lots' is not a rate" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize(("value", "says"), [("nginx", "is not a whole number"),
                                             ("11", "must be at most 10")])
def test_bad_trusted_proxies_stops_start_up_with_the_variable_named(value, says):
    result = manage("check", MJ_TRUSTED_PROXIES=value)
    assert result.returncode != 0
    assert f"MJ_TRUSTED_PROXIES={value!r} {says}" in result.stderr


@pytest.mark.slow
def test_check_deploy_is_clean_with_redis_and_the_new_limits():
    result = manage("check", "--deploy", "--fail-level", "DEBUG", **PRODUCTION,
                    REDIS_URL="redis://127.0.0.1:6379/0", MJ_REDIS_PREFIX="club",
                    MJ_LOGIN_RATE="3/minute", MJ_WS_WRITE_RATE="20/minute")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "System check identified no issues (0 silenced)."


def test_redis_pool_is_capped_and_makes_a_burst_wait_instead_of_raising():
    from redis.asyncio import BlockingConnectionPool

    from mjsite.redis_pool import CappedRedisChannelLayer

    layers = channel_layers_for("redis://127.0.0.1:6379/0", max_connections=12)
    layer = CappedRedisChannelLayer(**layers["default"]["CONFIG"])
    pool = layer.create_pool(0)
    # redis-py 8's plain pool raised "Too many connections" when 400 phones left at once,
    # and below its maximum kept every connection it ever opened (issue 24, finding 7).
    assert isinstance(pool, BlockingConnectionPool)
    assert pool.max_connections == 12


def test_sqlite_uses_the_write_ahead_log_without_a_sync_per_commit():
    from mjsite.settings import database_config

    config = database_config("sqlite:////tmp/club.sqlite3")
    assert config["OPTIONS"]["init_command"] == (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    assert "OPTIONS" not in database_config("postgres://u@h/db") or \
        "init_command" not in database_config("postgres://u@h/db")["OPTIONS"]


def test_limits_allow_and_log_when_the_cache_is_down(settings, caplog):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": "redis://127.0.0.1:1/0"}}
    settings.MJ_RATE_LIMITS = {**settings.MJ_RATE_LIMITS, "table_write": "1/minute",
                               "login": "1/minute"}
    # Changing CACHES resets Django's cache handlers: the limiter now talks to a dead port.
    from common.ratelimit import CACHE_OUTAGE

    CACHE_OUTAGE.reset()  # this outage's first failure is logged in full
    assert [hit("table_write", "phone") for _ in range(3)] == [None, None, None]
    assert password_attempt("boss", "1.2.3.4", "device").wait is None
    assert "the cache is unavailable" in caplog.text
