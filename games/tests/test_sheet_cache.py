"""The record sheet each table page carries is built and rendered once per process
(games/sheet_cache.py): the same as the page would render it, per table's rules and
names and per language, and never in place of a sheet refilled with a posted hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import record_sheet, services, sheet_cache
from games.models import Table
from scoring.presets import sync_presets

from .tables import NAMES
from .test_pages_record import new_table

pytestmark = pytest.mark.django_db

SHEETS = [("riichi", "ema"), ("mcr", "official"), ("sichuan", "chengdu")]


@pytest.fixture(autouse=True)
def fresh_cache() -> Any:
    sync_presets()
    sheet_cache._sheet.cache_clear()
    sheet_cache._fields_html.cache_clear()
    yield
    sheet_cache._sheet.cache_clear()
    sheet_cache._fields_html.cache_clear()


def table_of(ruleset: str, preset: str, names: list[str] = NAMES) -> Table:
    return services.create_table("Cache", ruleset, preset, {}, names)


def form(html: str) -> str:
    """The record sheet's form, without the command id and CSRF token each render makes
    anew."""
    found = re.search(r'<form id="record-form".*?</form>', html, re.S)
    assert found, "no record sheet on the page"
    return re.sub(r'name="(command_id|csrfmiddlewaretoken)" value="[^"]*"', "",
                  found.group(0))


@pytest.mark.parametrize(("ruleset", "preset"), SHEETS)
def test_the_kept_sheet_is_the_sheet_the_page_renders_itself(
        ruleset: str, preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_of(ruleset, preset)
    url = reverse("games:table", args=[table.public_id])
    client = Client(headers={"accept-language": "zh-hans"})
    kept = client.get(url).content.decode()
    # Without the kept sheet the page renders the fields itself, in its own context.
    monkeypatch.setattr(sheet_cache, "fields_html", lambda *args: "")
    own = client.get(url).content.decode()
    assert 'data-control="' in form(kept)
    assert form(kept) == form(own)


def test_every_phone_of_a_table_gets_a_sheet_built_and_rendered_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[list[str]] = []
    build = record_sheet.build

    def counted(spec: Any, names: list[str]) -> record_sheet.Sheet:
        built.append(list(names))
        return build(spec, names)

    monkeypatch.setattr(record_sheet, "build", counted)
    table = table_of("riichi", "ema")
    url = reverse("games:table", args=[table.public_id])
    pages = [form(Client().get(url).content.decode()) for _ in range(4)]
    assert built.count(NAMES) == 1
    assert pages == [pages[0]] * 4


def test_each_table_gets_its_own_names_and_each_reader_their_language() -> None:
    first = table_of("riichi", "ema")
    second = table_of("riichi", "ema", ["Emi", "Farid", "Gus", "Hana"])
    chinese = Client(headers={"accept-language": "zh-hans"})
    pages = {(t.public_id, who): form(client.get(
        reverse("games:table", args=[t.public_id])).content.decode())
        for t in (first, second) for who, client in (("en", Client()), ("zh", chinese))}
    for who in ("en", "zh"):
        assert "<span>Aiko</span>" in pages[(first.public_id, who)]
        assert "<span>Emi</span>" in pages[(second.public_id, who)]
        assert "Emi" not in pages[(first.public_id, who)]
    assert "Result" in pages[(first.public_id, "en")]
    assert "Result" not in pages[(first.public_id, "zh")]
    assert "结果" in pages[(first.public_id, "zh")]


def test_a_sheet_refilled_with_a_posted_hand_is_not_the_kept_one() -> None:
    client = Client()
    table = new_table(client)  # its creator may record
    url = reverse("games:table", args=[table.public_id])
    client.get(url)  # the kept sheet: nothing filled in
    answer = client.post(reverse("games:record", args=[table.public_id]), {
        "command_id": "refill-1", "base_seq": "0", "type": "ron",
        "ron.wins.0.discarder": "2", "ron.wins.0.mode": "quick", "ron.wins.0.quick.han": "2"})
    assert answer.status_code == 400
    assert re.search(r'name="ron.wins.0.discarder" value="2" checked',
                     answer.content.decode())
    assert not re.search(r'value="2" checked', form(client.get(url).content.decode()))
