"""Ji'an on the record sheet: counted 精 pay whether or not the 正精 tile was picked, and a
drawn hand that pays no 精 says so on the sheet (in the reader's language)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import record_sheet
from games.models import LedgerEntry
from scoring import registry, rendering
from scoring.presets import sync_presets

from .test_pages_record import new_table, post

pytestmark = pytest.mark.django_db

WIN_WITH_COUNTS = {"type": "win", "win.wins.0.winner": "0", "win.wins.0.discarder": "",
                   "win.wins.0.mode": "quick", "win.wins.0.quick.shape": "plain",
                   "win.extra.jing_counts.0": "2", "win.extra.jing_counts.1": "1"}


@pytest.fixture(autouse=True)
def presets() -> None:
    sync_presets()


def test_counted_jing_pay_without_the_main_jing_tile() -> None:
    client = Client()
    table = new_table(client, "jian")
    answer = post(client, table, WIN_WITH_COUNTS)  # no 正精 tile chosen
    assert answer.status_code == 302, answer.content.decode()[-2000:]
    bonus = dict(LedgerEntry.objects.filter(table=table, reason="bonus")
                 .values_list("position", "amount"))
    # Two 精 and one 精 are paid for by the others (the engine's jing_ledger): no zeros.
    assert bonus[0] > 0 and bonus[1] > 0 and bonus[2] < 0 and bonus[3] < 0
    assert sum(bonus.values()) == 0


@pytest.mark.parametrize(("language", "words"), [
    ("en", "A drawn hand (荒庄) pays no 精 under these rules."),
    ("zh-hans", "荒庄不算精"), ("ja", "精の支払いはありません")])
def test_a_drawn_hand_that_pays_no_jing_says_so_on_the_sheet(language: str,
                                                             words: str) -> None:
    options = registry.get("jian").resolve("jian")
    assert not options["jing_on_draw"]
    with translation.override(language):
        spec = rendering.spec_for("jian", options)
        draw = record_sheet.build(spec, ["A", "B", "C", "D"]).part("draw")
        assert draw is not None and words in draw.help
        assert draw.controls == []  # no 精 fields that would be silently ignored
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    table = new_table(client, "jian")
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert draw.help in page
