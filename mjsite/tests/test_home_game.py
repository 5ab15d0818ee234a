"""The home-game server's parts: which addresses phones get, the join link's host, the
secret key kept in a file, MJ_PUBLIC_URL, and the start-up banner."""

from __future__ import annotations

import io
import json
import os
import stat

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory

from common.links import phone_url
from mjsite import lan
from mjsite.serve import banner
from mjsite.settings import local_secret_key, public_url_setting

from .test_deploy import manage


def iface(name: str, *addresses: str, up: bool = True) -> lan.Interface:
    return lan.Interface(name=name, up=up, addresses=addresses)


def test_wifi_address_comes_first_and_virtual_or_down_interfaces_are_left_out():
    found = lan.pick([
        iface("lo", "127.0.0.1"),
        iface("docker0", "172.17.0.1"),
        iface("veth12ab", "10.200.0.1"),
        iface("eth1", "192.168.5.9", up=False),
        iface("tailscale0", "100.101.102.103"),
        iface("enp3s0", "203.0.113.7"),
        iface("wlan0", "192.168.1.20", "169.254.3.4"),
    ])
    assert found == ["192.168.1.20", "203.0.113.7"]


def test_the_same_address_on_two_interfaces_is_listed_once():
    assert lan.pick([iface("eth0", "10.0.0.5"), iface("wlan0", "10.0.0.5")]) == ["10.0.0.5"]


@pytest.mark.parametrize("address", ["127.0.0.1", "169.254.1.1", "224.0.0.1", "0.0.0.0",
                                     "240.0.0.1", "not an address", "::1"])
def test_addresses_no_phone_could_reach_are_not_usable(address):
    assert not lan.usable(address)


def test_lan_addresses_reads_this_machines_interfaces_without_failing():
    found = lan.lan_addresses()
    assert all(lan.usable(address) for address in found)


def test_host_names_offer_the_mdns_name():
    names = lan.host_names()
    assert not names or names[-1].endswith(".local")


def request_for(host: str, path: str = "/t/x/") -> object:
    return RequestFactory().get(path, HTTP_HOST=host)


def test_join_link_from_a_browser_on_the_server_machine_uses_the_lan_address(settings):
    settings.PUBLIC_URL = ""
    settings.LAN_ADDRESSES = ["192.168.1.20"]
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]", "192.168.1.20"]
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
        assert phone_url(request_for(host), "/t/abc/join/") == \
            "http://192.168.1.20:8000/t/abc/join/"


def test_join_link_from_a_phone_keeps_the_address_the_phone_used(settings):
    settings.PUBLIC_URL = ""
    settings.LAN_ADDRESSES = ["192.168.1.20"]
    settings.ALLOWED_HOSTS = ["vm.local"]
    assert phone_url(request_for("vm.local:8000"), "/t/abc/join/") == \
        "http://vm.local:8000/t/abc/join/"


def test_loopback_without_a_lan_address_stays_as_it_is(settings):
    settings.PUBLIC_URL = ""
    settings.LAN_ADDRESSES = []
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    assert phone_url(request_for("127.0.0.1:8000"), "/t/a/") == "http://127.0.0.1:8000/t/a/"


def test_public_url_sets_every_link(settings):
    settings.PUBLIC_URL = "https://mahjong.example.org"
    settings.LAN_ADDRESSES = ["192.168.1.20"]
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    assert phone_url(request_for("127.0.0.1:8000"), "/t/a/join/") == \
        "https://mahjong.example.org/t/a/join/"


@pytest.mark.parametrize("raw", ["mahjong.example.org", "ftp://x.org", "https://x.org/mj",
                                 "https://x.org/?a=1", "https://"])
def test_public_url_must_be_an_http_origin(raw):
    with pytest.raises(ImproperlyConfigured, match="MJ_PUBLIC_URL"):
        public_url_setting(raw)


def test_public_url_loses_its_trailing_slash():
    assert public_url_setting("https://x.org/") == "https://x.org"


def test_secret_key_is_made_once_readable_only_by_its_owner_and_kept(tmp_path):
    path = tmp_path / "keys" / "secret"
    first = local_secret_key(path)
    assert len(first) >= 50
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert local_secret_key(path) == first


def test_a_secret_key_file_with_a_short_key_is_refused(tmp_path):
    path = tmp_path / "secret"
    path.write_text("short\n")
    with pytest.raises(ImproperlyConfigured, match="holds no usable key"):
        local_secret_key(path)


def test_banner_gives_the_phone_url_and_its_qr_code():
    out = io.StringIO()
    banner("0.0.0.0", 8000, ["192.168.1.20"], out=out)
    text = out.getvalue()
    assert "http://192.168.1.20:8000/" in text
    assert "http://127.0.0.1:8000/" in text
    assert "█" in text or "▀" in text  # the QR code, drawn with block characters


def test_banner_on_loopback_says_phones_cannot_join():
    out = io.StringIO()
    banner("127.0.0.1", 8000, ["192.168.1.20"], out=out)
    assert "HOST=0.0.0.0" in out.getvalue() and "192.168.1.20" not in out.getvalue()


def test_banner_without_a_lan_address_says_what_to_set():
    out = io.StringIO()
    banner("0.0.0.0", 8000, [], out=out)
    assert "MJ_PUBLIC_URL" in out.getvalue()


@pytest.mark.slow
def test_home_game_settings_turn_debug_off_and_allow_the_lan(tmp_path):
    result = manage("shell", "-c", "import json; from django.conf import settings as s; "
                    "print(json.dumps([s.DEBUG, s.SECURE_SSL_REDIRECT, "
                    "s.SESSION_COOKIE_SECURE, s.ALLOWED_HOSTS, s.LAN_ADDRESSES]))",
                    MJ_HOME_GAME="true", MJ_SECRET_KEY_FILE=str(tmp_path / "key"))
    assert result.returncode == 0, result.stderr
    debug, redirect, secure, hosts, found = json.loads(result.stdout.strip().splitlines()[-1])
    assert (debug, redirect, secure) == (False, False, False)
    assert set(found) <= set(hosts)
    assert {"127.0.0.1", "localhost"} <= set(hosts)
    assert (tmp_path / "key").exists()


@pytest.mark.slow
def test_home_game_check_deploy_has_no_error(tmp_path):
    result = manage("check", "--fail-level", "ERROR", MJ_HOME_GAME="true",
                    MJ_SECRET_KEY_FILE=str(tmp_path / "key"))
    assert result.returncode == 0, result.stderr
