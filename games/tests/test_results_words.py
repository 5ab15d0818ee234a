"""The results page reads in the reader's language: on a Chinese page the end-of-game
additions are 马点 and 头名奖励 (馬點, 頭名獎勵), never the English "Oka" nor the Japanese
ウマ/オカ (issue 22, finding 6)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games import services

from .tables import CREATOR, command_id, make_table

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 3, "fu": 30}}]}
KATAKANA = re.compile(r"[\u30A1-\u30FA\u30FC]")  # the middle dot ・ is punctuation


def _finished_riichi_table():
    table = make_table("riichi", "ema")
    services.record_hand(table.pk, RON, command_id(), table.seq, CREATOR)
    table.refresh_from_db()
    services.end_game(table.pk, command_id(), table.seq, CREATOR)
    table.refresh_from_db()
    return table


def _main(page: str) -> str:
    main = page[page.index("<main"):page.index("</main>")]
    return re.sub(r"<[^>]+>", " ", main)


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "uma", "oka"), [
    ("zh-hans", "马点", "头名奖励"), ("zh-hant", "馬點", "頭名獎勵")])
def test_a_chinese_results_page_names_uma_and_oka_in_chinese(language, uma, oka) -> None:
    table = _finished_riichi_table()
    browser = Client()
    browser.cookies["django_language"] = language
    text = _main(browser.get(reverse("games:results", args=[table.public_id])).content
                 .decode())
    assert uma in text and oka in text
    assert not KATAKANA.search(text), KATAKANA.findall(text)
    assert not re.search(r"\b(Oka|Uma|oka|uma)\b", text)
