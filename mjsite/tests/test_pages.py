"""The home page, language switching, health check, API schema/docs and static files."""

import re

import pytest
from django.db import DatabaseError
from django.urls import reverse

# One string per language from the home page heading, as translated in locale/.
HEADINGS = {
    "en": "Mahjong scores for the table",
    "zh-hans": "牌桌上的麻将计分",
    "zh-hant": "牌桌上的麻將計分",
    "ja": "卓を囲む麻雀の点数記録",
}


@pytest.mark.parametrize("language", HEADINGS)
def test_home_page_renders_in_each_language(client, language):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert HEADINGS[language] in html


@pytest.mark.parametrize(
    ("browser_language", "expected"),
    [("zh-CN,zh;q=0.9", "zh-hans"), ("zh-TW", "zh-hant"), ("ja-JP", "ja"), ("fr", "en")],
)
def test_browser_language_codes_map_to_site_languages(client, browser_language, expected):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=browser_language)
    assert HEADINGS[expected] in response.content.decode()


def test_home_page_lists_the_rulesets_translated(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    for name in ["日本立直麻将", "国标麻将", "四川麻将", "芜湖麻将", "吉安冲关", "台湾十六张",
                 "港式麻将"]:
        assert name in html


def test_home_page_describes_every_ruleset_from_its_own_package(client):
    from django.utils import translation
    from django.utils.html import escape

    from scoring import registry
    from scoring.engine import rulesets

    html = client.get("/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    with translation.override("ja"):
        for name in registry.usable():
            rs = registry.get(name)
            assert escape(rs.short_title) in html and escape(rs.description) in html
            # A test-only ruleset (MJ_EXTRA_RULESETS) has no translations.
            assert rs.description != rs.package.DESCRIPTION or name not in rulesets.shipped(), (
                f"translate {name}'s description")


def test_home_page_is_mobile_ready_and_has_the_site_menu(client):
    html = client.get("/").content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    for url in [reverse("home"), reverse("api-docs"), reverse("admin:index")]:
        assert f'href="{url}"' in html
    assert 'href="/static/css/site.css"' in html


def test_language_switcher_offers_the_four_languages(client):
    html = client.get("/").content.decode()
    form = re.search(r'<form class="language-form" action="([^"]+)" method="post">', html)
    assert form and form.group(1) == reverse("set_language")
    codes = re.findall(r'<option value="([^"]+)"', html)
    assert codes == ["en", "zh-hans", "zh-hant", "ja"]
    assert "日本語" in html and "简体中文" in html and "繁體中文" in html


def test_set_language_remembers_the_choice(client):
    response = client.post(reverse("set_language"), {"language": "ja", "next": "/"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert response.cookies["django_language"].value == "ja"
    # The cookie now wins over the browser's Accept-Language.
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert HEADINGS["ja"] in html


ALL_OK = {"ok": True, "db": True, "cache": True, "channel_layer": True, "static": True}


@pytest.mark.django_db
def test_healthz_reports_each_part_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == ALL_OK
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_answers_503_when_the_database_fails(client, monkeypatch):
    from mjsite import views

    def broken_cursor():
        raise DatabaseError("connection refused")

    monkeypatch.setattr(views.connection, "cursor", broken_cursor)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {**ALL_OK, "ok": False, "db": False}


@pytest.mark.django_db
def test_healthz_answers_503_when_the_cache_is_down(client, settings):
    # Issue 13: healthz said ok while the parts live updates and limits need were broken.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": "redis://127.0.0.1:1/0"}}
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {**ALL_OK, "ok": False, "cache": False}


@pytest.mark.django_db
def test_healthz_answers_503_when_the_channel_layer_is_down(client, settings):
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [{"address": "redis://127.0.0.1:1/0", "socket_connect_timeout": 1}]}}}
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {**ALL_OK, "ok": False, "channel_layer": False}


@pytest.mark.django_db
def test_healthz_answers_503_when_the_static_files_are_missing(client, settings, tmp_path):
    # Production: the manifest storage, and collectstatic not run into STATIC_ROOT.
    settings.WHITENOISE_USE_FINDERS = False
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"}}
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {**ALL_OK, "ok": False, "static": False}


def test_api_schema_is_an_openapi_document(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "mjsite API"


def test_api_docs_load_swagger_ui_from_own_static_files(client):
    html = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    assert "cdn." not in html and "unpkg" not in html


@pytest.mark.parametrize(
    "path",
    [
        "/static/css/site.css",
        "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js",
    ],
)
def test_static_files_are_served_without_collectstatic(client, path):
    # WhiteNoise serves straight from the finders in debug, as under `make run`.
    response = client.get(path)
    assert response.status_code == 200


def test_admin_login_page_renders(client):
    response = client.get(reverse("admin:login"))
    assert response.status_code == 200


@pytest.mark.django_db
def test_admin_index_lists_for_a_superuser(admin_client):
    assert admin_client.get(reverse("admin:index")).status_code == 200


def test_site_menu_is_a_details_toggle_that_works_without_scripts(client):
    html = client.get("/").content.decode()
    menu = re.search(r'<details class="site-menu" id="site-menu">\s*<summary[^>]*>(.*?)</summary>'
                     r'\s*<nav aria-label="Site menu">(.*?)</nav>\s*</details>', html, re.S)
    assert menu, "the site menu is not a <details> with a summary and a labelled nav"
    assert "Menu" in menu.group(1)
    for url in [reverse("home"), reverse("games:tables"), reverse("games:new"),
                reverse("scoring:analyse"), reverse("api-docs")]:
        assert f'href="{url}"' in menu.group(2)


def test_home_page_leads_to_a_new_table_and_the_table_list(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    button = re.search(r'<a class="button button-primary" href="([^"]+)" id="home-new-table">'
                       r'([^<]+)</a>', html)
    assert button and button.group(1) == reverse("games:new")
    assert button.group(2) == "新しい卓"


def test_service_worker_is_served_under_a_releases_manifest_storage(client, settings, tmp_path):
    # Debug off, as `make run` serves: static("") has no manifest entry and was a 500 on
    # every page load; the worker needs only the prefix of the static files.
    (tmp_path / "staticfiles.json").write_text(
        '{"paths": {"css/site.css": "css/site.0123456789ab.css"}, "version": "1.1"}')
    settings.WHITENOISE_USE_FINDERS = False
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"}}
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert f'"{settings.STATIC_URL}"' in response.content.decode()
