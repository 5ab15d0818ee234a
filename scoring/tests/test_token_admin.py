"""The admin never shows an API token's key (issue 24, finding 1): a staff user allowed only
to view tokens read the superuser's key in the change page's title, breadcrumbs and
history, and called the API as the superuser. A key is shown to its owner alone, by
``POST /api/token/``; the admin names a token by its user."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token, TokenProxy

pytestmark = pytest.mark.django_db


def _staff(*codenames: str) -> Client:
    user = get_user_model().objects.create_user("viewer", password="viewer-pass-123",
                                                is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    client = Client()
    client.force_login(user)
    return client


def _pages(user_id: int) -> list[str]:
    return [reverse("admin:authtoken_tokenproxy_changelist"),
            reverse("admin:authtoken_tokenproxy_change", args=[user_id]),
            reverse("admin:authtoken_tokenproxy_history", args=[user_id]),
            reverse("admin:index")]


def test_view_only_staff_see_no_key_on_any_token_page():
    boss = get_user_model().objects.create_superuser("boss", password="boss-pass-123")
    key = Token.objects.create(user=boss).key
    staff = _staff("view_tokenproxy")
    for url in _pages(boss.pk):
        page = staff.get(url)
        assert page.status_code == 200, url
        html = page.content.decode()
        assert key not in html, f"{url} shows the key"
        assert key[:10] not in html, f"{url} shows part of the key"
    # The change page still says whose token it is.
    assert "boss" in staff.get(_pages(boss.pk)[1]).content.decode()


def test_the_admin_shows_no_key_to_a_superuser_either_nor_when_it_adds_one():
    boss = get_user_model().objects.create_superuser("boss", password="boss-pass-123")
    bot = get_user_model().objects.create_user("bot", password="bot-pass-12345")
    admin_browser = Client()
    admin_browser.force_login(boss)
    added = admin_browser.post(reverse("admin:authtoken_tokenproxy_add"), {"user": bot.pk},
                               follow=True)
    assert added.status_code == 200
    key = Token.objects.get(user=bot).key
    html = added.content.decode()
    assert key not in html and "bot" in html
    for url in [*_pages(bot.pk), reverse("admin:authtoken_tokenproxy_delete", args=[bot.pk]),
                reverse("admin:auth_user_delete", args=[bot.pk])]:
        page = admin_browser.get(url)
        assert page.status_code == 200, url
        assert key not in page.content.decode(), f"{url} shows the key"
    # What the admin wrote in its log names the user, not the key.
    from django.contrib.admin.models import LogEntry
    assert not LogEntry.objects.filter(object_repr__contains=key[:10]).exists()
    # The owner gets the key the one way there is.
    answer = Client().post("/api/token/", {"username": "bot", "password": "bot-pass-12345"})
    assert answer.status_code == 200 and answer.json()["token"] == key


def test_search_by_key_finds_nothing():
    boss = get_user_model().objects.create_superuser("boss", password="boss-pass-123")
    key = Token.objects.create(user=boss).key
    staff = _staff("view_tokenproxy")
    html = staff.get(reverse("admin:authtoken_tokenproxy_changelist"), {"q": key}
                     ).content.decode()
    assert TokenProxy.objects.count() == 1 and "boss" not in html

