"""DATABASE_URL and REDIS_URL are turned into Django settings by small, testable builders."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from mjsite.settings import BASE_DIR, DEFAULT_DATABASE_URL, channel_layers_for, database_config


def test_redis_url_selects_the_redis_channel_layer():
    layers = channel_layers_for("redis://127.0.0.1:6379/0")
    assert layers == {
        "default": {
            "BACKEND": "mjsite.redis_pool.CappedRedisChannelLayer",
            "CONFIG": {"hosts": [{"address": "redis://127.0.0.1:6379/0",
                                  "socket_timeout": 30, "socket_connect_timeout": 5,
                                  "max_connections": 50}],
                       "capacity": 100},
        }
    }


@pytest.mark.parametrize("url", ["rediss://cache.example:6380/1", "unix:///run/redis.sock"])
def test_tls_and_socket_redis_urls_are_accepted(url):
    assert channel_layers_for(url)["default"]["CONFIG"]["hosts"][0]["address"] == url


@pytest.mark.parametrize("url", [None, ""])
def test_no_redis_url_selects_the_in_memory_layer(url):
    assert channel_layers_for(url) == {
        "default": {"BACKEND": "mjsite.memory_layer.SweptInMemoryChannelLayer",
                    "CONFIG": {"capacity": 100}}
    }


@pytest.mark.parametrize("url", ["127.0.0.1:6379", "http://127.0.0.1:6379"])
def test_redis_url_without_a_redis_scheme_is_refused(url):
    with pytest.raises(ImproperlyConfigured, match="must start with redis://"):
        channel_layers_for(url)


def test_default_database_is_sqlite_in_the_project_folder():
    config = database_config(DEFAULT_DATABASE_URL)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(BASE_DIR / "db.sqlite3")


def test_postgres_url_selects_the_postgresql_backend():
    config = database_config("postgres://mj:secret@db.example:5433/mahjong", conn_max_age=60)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["USER"], config["PASSWORD"]) == ("mj", "secret")
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.example", 5433, "mahjong")
    assert config["CONN_MAX_AGE"] == 60
    assert config["CONN_HEALTH_CHECKS"] is True


def test_postgres_backend_uses_psycopg_3():
    import psycopg  # noqa: F401  (the driver Django's backend picks first)
    from django.db.backends.postgresql import base

    assert base.is_psycopg3


def test_unknown_database_scheme_is_refused_with_the_url():
    with pytest.raises(ImproperlyConfigured, match=r"DATABASE_URL='nosuchdb://x' cannot be used"):
        database_config("nosuchdb://x")
