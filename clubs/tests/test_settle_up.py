"""Settle-ups of tables and evenings: stakes, money, nets and transfers."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubs import money, results, services
from common.errors import TableError
from games import services as games

from .helpers import OWNER, RON, evening_of_two, play, table

pytestmark = pytest.mark.django_db


def _final_units(t):  # stake units of each seat from the table's own final standings
    snap = games.snapshot(t)
    if t.ruleset == "riichi":
        return {s["player"]: Decimal(str(s["score"])) for s in
                [{"player": snap["seats"][r["player"]]["player"]["id"], "score": r["score"]}
                 for r in snap["final_table"]]}
    return {snap["seats"][s["position"]]["player"]["id"]: Decimal(s["score"] - s["start"])
            for s in snap["standings"]}


def test_an_evening_of_two_rulesets_settles_in_one_plan_from_the_final_standings() -> None:
    club, night, riichi, sichuan = evening_of_two()
    settle = results.evening_settle(night, OWNER)
    expected: dict[int, int] = {}
    for t, stake in ((riichi, Decimal(1)), (sichuan, Decimal("0.5"))):
        for pid, minor in money.to_minor({p: u * stake for p, u in _final_units(t).items()},
                                         "CNY").items():
            expected[pid] = expected.get(pid, 0) + minor
    assert {n.player.pk: n.net for n in settle.nets} == {k: v for k, v in expected.items()}
    assert sum(n.net for n in settle.nets) == 0
    paid = dict.fromkeys(expected, 0)
    for transfer in settle.transfers:
        paid[transfer.payer.pk] += transfer.amount
        paid[transfer.payee.pk] -= transfer.amount
    assert all(paid[p] + expected[p] == 0 for p in expected)
    assert len(settle.transfers) <= len([v for v in expected.values() if v]) - 1
    assert settle.exact and all(not line.left_out for line in settle.tables)


def test_riichi_money_is_the_club_score_after_uma_and_oka_times_the_stake() -> None:
    t = play(table("riichi"), [RON])
    services.set_table_stake(t, "10", OWNER, "JPY")
    settle = results.table_settle(t, OWNER)
    snap = games.snapshot(t)
    by_id = {n.player.pk: n.net for n in settle.nets}
    for row in snap["final_table"]:
        pid = snap["seats"][row["player"]]["player"]["id"]
        assert by_id[pid] == Decimal(str(row["score"])) * 10
    assert settle.currency == "JPY" and money.digits("JPY") == 0


def test_tables_in_play_or_without_a_stake_are_named_and_left_out() -> None:
    club, night, riichi, sichuan = evening_of_two()
    running = play(table("riichi"), [RON], end=False)
    services.attach_table(running, club, OWNER, night)
    services.set_evening_stake(night, "sichuan", "", OWNER)
    settle = results.evening_settle(night, OWNER)
    left = {t.table.pk: t.left_out for t in settle.tables}
    assert left == {riichi.pk: "", sichuan.pk: "no_stake", running.pk: "in_play"}


def test_a_table_stake_in_another_currency_is_left_out_of_the_evening() -> None:
    club, night, riichi, sichuan = evening_of_two()
    services.set_table_stake(riichi, "100", OWNER, "JPY")
    settle = results.evening_settle(night, OWNER)
    assert {t.table.pk: t.left_out for t in settle.tables}[riichi.pk] == "currency"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.decimals(-1000, 1000, places=3), min_size=1, max_size=8),
       st.sampled_from(["CNY", "JPY"]))
def test_rounding_to_cents_never_makes_or_loses_money(values, currency) -> None:
    amounts = {i: v for i, v in enumerate([*values, -sum(values)])}
    minor = money.to_minor(amounts, currency)
    scale = Decimal(10) ** money.digits(currency)
    assert sum(minor.values()) == 0
    assert all(abs(minor[k] - amounts[k] * scale) < 1 for k in amounts)


def test_stakes_refuse_bad_amounts_by_name() -> None:
    t = play(table("riichi"), [RON])
    for bad in ("-1", "abc", "1e9", "0.00001", "NaN"):
        with pytest.raises(TableError) as info:
            services.set_table_stake(t, bad, OWNER)
        assert info.value.code == "bad_command"


def test_only_the_table_s_writers_set_its_stake() -> None:
    t = play(table("riichi"), [RON])
    from games.permissions import Actor

    with pytest.raises(TableError) as info:
        services.set_table_stake(t, "1", Actor(device="someone-else"))
    assert info.value.code == "forbidden"
