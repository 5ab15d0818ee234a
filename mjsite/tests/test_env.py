"""The typed environment helpers read values strictly and fail loudly on bad ones."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from mjsite.settings import env_bool, env_int, env_list, env_str


@pytest.mark.parametrize("word", ["1", "true", "TRUE", "yes", "On", " true "])
def test_env_bool_reads_true_words(word):
    assert env_bool("MJ_X", False, environ={"MJ_X": word}) is True


@pytest.mark.parametrize("word", ["0", "false", "False", "no", "OFF"])
def test_env_bool_reads_false_words(word):
    assert env_bool("MJ_X", True, environ={"MJ_X": word}) is False


def test_env_bool_rejects_unknown_word():
    with pytest.raises(ImproperlyConfigured) as excinfo:
        env_bool("MJ_DEBUG", True, environ={"MJ_DEBUG": "maybe"})
    message = str(excinfo.value)
    assert "MJ_DEBUG='maybe' is not a boolean" in message
    assert "true/false" in message


@pytest.mark.parametrize("value", [None, "", "   "])
def test_env_bool_uses_default_when_unset_or_empty(value):
    environ = {} if value is None else {"MJ_X": value}
    assert env_bool("MJ_X", True, environ=environ) is True
    assert env_bool("MJ_X", False, environ=environ) is False


def test_env_bool_without_default_requires_the_variable():
    with pytest.raises(ImproperlyConfigured, match="MJ_X is required"):
        env_bool("MJ_X", environ={})


def test_env_str_returns_stripped_value():
    assert env_str("MJ_X", "d", environ={"MJ_X": "  value "}) == "value"


def test_env_str_without_default_names_the_variable_and_why():
    with pytest.raises(ImproperlyConfigured) as excinfo:
        env_str("MJ_SECRET_KEY", environ={}, why="MJ_DEBUG is false")
    assert str(excinfo.value) == (
        "The environment variable MJ_SECRET_KEY is required (MJ_DEBUG is false)."
    )


def test_env_int_parses_whole_numbers():
    assert env_int("MJ_N", 0, environ={"MJ_N": "-12"}) == -12
    assert env_int("MJ_N", 7, environ={}) == 7


@pytest.mark.parametrize("bad", ["ten", "1.5", "0x10", "3 4"])
def test_env_int_rejects_non_integers(bad):
    with pytest.raises(ImproperlyConfigured, match=r"MJ_N=.* is not a whole number"):
        env_int("MJ_N", 0, environ={"MJ_N": bad})


def test_env_int_enforces_minimum():
    with pytest.raises(ImproperlyConfigured, match="MJ_HSTS_SECONDS='-1' must be at least 0"):
        env_int("MJ_HSTS_SECONDS", 0, environ={"MJ_HSTS_SECONDS": "-1"}, minimum=0)


def test_env_list_splits_on_commas_and_drops_blanks():
    environ = {"MJ_ALLOWED_HOSTS": " a.example, b.example ,,"}
    assert env_list("MJ_ALLOWED_HOSTS", [], environ=environ) == ["a.example", "b.example"]


def test_env_list_default_is_copied():
    default = ["x"]
    result = env_list("MJ_L", default, environ={})
    assert result == ["x"]
    result.append("y")
    assert default == ["x"]


def test_env_list_without_default_requires_the_variable():
    with pytest.raises(ImproperlyConfigured, match="MJ_L is required"):
        env_list("MJ_L", environ={})


@pytest.mark.parametrize("bad", ["-1", "11", "one", "1, 2"])
def test_trusted_proxies_out_of_range_or_not_a_number_stops_start_up(bad):
    # MJ_TRUSTED_PROXIES decides whose X-Forwarded-For is believed: a typo must not
    # quietly trust the header (or ignore the proxy).
    with pytest.raises(ImproperlyConfigured, match="MJ_TRUSTED_PROXIES"):
        env_int("MJ_TRUSTED_PROXIES", 0, environ={"MJ_TRUSTED_PROXIES": bad}, minimum=0,
                maximum=10)
