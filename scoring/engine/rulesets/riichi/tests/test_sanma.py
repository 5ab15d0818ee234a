"""Three-player riichi (sanma): seats, tsumo loss or split, North as nukidora, no chi,
2m-8m out, a round of three hands, the end of the game with three places."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.errors import BadInput, BadOption, BadOutcome, TooManyCopies
from scoring.engine.game import GameState, assert_zero_sum
from scoring.engine.options import build_options
from scoring.engine.rulesets.riichi import PRESETS, Options, entry_spec
from scoring.engine.rulesets.riichi.game import GAME
from scoring.engine.rulesets.riichi.score import scored

SANMA = {"preset": "sanma"}
# Riichi, menzen tsumo and green dragons: 3 han 30 fu for a non-dealer (base 960).
THREE_HAN = {"hand": "234p567p23455s66z", "win_tile": "6z", "riichi": True}
MANGAN = {"quick": {"han": 5, "fu": 30}}


def options(name: str = "sanma", **overrides: Any) -> Options:
    return build_options(Options, {**PRESETS[name]["options"], **overrides})


def play(opts: Options, *outcomes: dict[str, Any]) -> GameState:
    state = GAME.initial_state(opts)
    for outcome in outcomes:
        out = GAME.apply(state, outcome, opts)
        assert_zero_sum(out)
        state = out["state"]
    return state


def tsumo(winner: int, **win: Any) -> dict[str, Any]:
    return {"type": "tsumo", "wins": [{"winner": winner, **(win or MANGAN)}]}


def test_three_players_start_with_35000_and_sit_east_south_west() -> None:
    state = GAME.initial_state(options())
    assert state["scores"] == [35000, 35000, 35000]
    with pytest.raises(BadInput):
        GAME.apply(state, tsumo(3), options())


@pytest.mark.parametrize(("name", "winner", "deltas"), [
    # Tsumo loss: a non-dealer mangan is 4,000 + 2,000; the dealer's 4,000 all is 8,000.
    ("sanma", 1, [-4000, 6000, -2000]),
    ("sanma", 0, [8000, -4000, -4000]),
    # North's share split: 5,000 + 3,000, and 6,000 all for the dealer.
    ("sanma_split", 1, [-5000, 8000, -3000]),
    ("sanma_split", 0, [12000, -6000, -6000]),
])
def test_a_mangan_tsumo_loses_or_splits_the_north_share(name: str, winner: int,
                                                        deltas: list[int]) -> None:
    state = play(options(name), tsumo(winner))
    assert [s - 35000 for s in state["scores"]] == deltas


def test_a_ron_is_paid_in_full_by_the_discarder() -> None:
    state = play(options(), {"type": "ron", "wins": [
        {"winner": 2, "discarder": 1, **MANGAN}]})
    assert [s - 35000 for s in state["scores"]] == [0, -8000, 8000]


def test_honba_is_100_from_each_of_the_two_payers_of_a_tsumo() -> None:
    opts = options()
    state = play(opts, {"type": "draw", "tenpai": [0]}, tsumo(1))
    # The dealer was tenpai: one honba; noten payments 3,000 shared by the two noten.
    assert state["honba"] == 0
    assert [s - 35000 for s in state["scores"]] == [3000 - 4100, -1500 + 6200, -1500 - 2100]


def test_the_deal_passes_east_south_west_and_a_round_has_three_hands() -> None:
    opts = options()
    state = play(opts, tsumo(1), tsumo(2), tsumo(0))
    assert (state["round_wind"], state["hand_number"], state["dealer"]) == ("S", 1, 0)


def test_the_game_ends_after_south_3_with_three_places_uma_and_oka() -> None:
    opts = options()
    hands = [tsumo(1), tsumo(2), tsumo(0), tsumo(1), tsumo(2), tsumo(0)]
    state = play(opts, *hands[:-1])
    assert not state["finished"]
    state = play(opts, *hands)
    assert state["finished"]
    table = GAME.final_table(state, opts)
    assert sorted(r["player"] for r in table) == [0, 1, 2]
    # Oka: 3 × 5,000 to the top; uma +20/0/-20 thousand; club scores add up to zero.
    assert round(sum(r["score"] for r in table), 1) == 0
    rows = GAME.final_settlement(state, opts)
    assert sum(r["amount"] for r in rows if r["reason"] == "oka") == 0
    assert sorted(r["amount"] for r in rows if r["reason"] == "uma") == [-20000, 20000]


def test_four_player_aborts_are_refused_by_name() -> None:
    for kind in ("suufon_renda", "suucha_riichi", "sanchahou"):
        with pytest.raises(BadOutcome) as refused:
            GAME.apply(GAME.initial_state(options()),
                       {"type": "abortive", "extra": {"kind": kind}}, options())
        assert refused.value.code == "bad_choice"
    out = GAME.apply(GAME.initial_state(options()),
                     {"type": "abortive", "extra": {"kind": "kyuushu_kyuuhai"}}, options())
    assert out["state"]["honba"] == 1


def test_uma_needs_three_numbers_for_three_players() -> None:
    with pytest.raises(BadOption, match="3 numbers"):
        options(uma=[20000, 10000, -10000, -20000])


def test_the_entry_spec_has_three_seats_no_chi_and_kita() -> None:
    spec = entry_spec(options()).as_json()
    assert spec["players"] == 3 and spec["tiles"]["chow"] is False
    hand = spec["request"]
    assert "kita" in [f["name"] for f in hand]
    seat = next(f for f in hand if f["name"] == "seat_wind")
    assert [c["value"] for c in seat["choices"]] == ["E", "S", "W"]


def test_north_set_aside_is_a_dora_and_west_makes_it_two() -> None:
    one = scored({"options": SANMA, **THREE_HAN, "win": "tsumo", "seat_wind": "S", "kita": 1})
    two = scored({"options": SANMA, **THREE_HAN, "win": "tsumo", "seat_wind": "S", "kita": 1,
                 "dora_indicators": ["3z"]})
    assert (one["han"], two["han"]) == (4, 5)
    assert ("kita", 2) in [(i["key"], i["count"]) for i in two["items"]]
    assert one["players"] == 3 and set(one["deltas"]) == {"E", "S", "W"}


def test_a_one_man_indicator_points_at_nine_man() -> None:
    out = scored({"options": SANMA, "hand": "234p567p23455s99m", "win_tile": "9m", "win": "ron",
                 "discarder": "E", "seat_wind": "S", "dora_indicators": ["1m"], "riichi": True})
    assert out["dora"] == 3


@pytest.mark.parametrize("request_", [
    {"hand": "234m567p23455s66z", "win_tile": "6z", "seat_wind": "S"},
    {"hand": "567p23455s66z", "melds": ["chi 234p"], "win_tile": "6z", "seat_wind": "S"},
    {**THREE_HAN, "seat_wind": "N"},
    {**THREE_HAN, "seat_wind": "S", "kita": 5},
])
def test_what_a_three_player_set_cannot_hold_is_refused_by_name(request_: dict[str, Any]
                                                                ) -> None:
    with pytest.raises(BadInput):
        scored({"options": SANMA, "win": "tsumo", **request_})


def test_a_red_five_of_man_is_refused_with_two_red_fives() -> None:
    with pytest.raises(BadInput, match="red 5m"):
        scored({"options": {"preset": "sanma", "players": 4, "uma": [1, 0, 0, -1]},
               "hand": "034m567p23455s66z", "win_tile": "6z", "win": "tsumo",
               "seat_wind": "S"})


def test_kita_is_refused_with_four_players_or_without_nukidora() -> None:
    with pytest.raises(BadInput, match="three-player"):
        scored({**THREE_HAN, "win": "tsumo", "seat_wind": "S", "kita": 1})
    with pytest.raises(BadInput, match="nukidora"):
        scored({"options": {"preset": "sanma", "nukidora": False}, **THREE_HAN, "win": "tsumo",
               "seat_wind": "S", "kita": 1})


def test_a_tiles_mode_hand_at_a_three_player_table_pays_two_players() -> None:
    opts = options()
    out = GAME.apply(GAME.initial_state(opts), {"type": "tsumo", "riichi": [1], "wins": [
        {"winner": 1, "hand": {**THREE_HAN, "kita": 1}}]}, opts)
    assert_zero_sum(out)
    deltas = {r["player"]: 0 for r in out["rows"]}
    for r in out["rows"]:
        deltas[r["player"]] += r["amount"]
    # 4 han 30 fu non-dealer tsumo, tsumo loss: 3,900 + 2,000 (the stick goes back in).
    assert deltas[0] == -3900 and deltas[2] == -2000 and set(deltas) == {0, 1, 2}
    assert out["results"][0]["players"] == 3


# The example of issue 23: a win on the replacement tile drawn for a North set aside.
KITA_RINSHAN = {"hand": "11m23334p677889s", "win_tile": "1m", "win": "tsumo",
                "seat_wind": "W", "round_wind": "S", "dora_indicators": ["9m"],
                "rinshan": True, "kita": 4, "options": {"preset": "sanma", "red_fives": 0}}


def test_a_win_on_the_replacement_for_a_north_set_aside_is_rinshan() -> None:
    result = scored(KITA_RINSHAN)
    keys = [(i["key"], i["count"]) for i in result["items"]]
    assert ("rinshan", 1) in keys and ("kita", 4) in keys and ("dora", 3) in keys
    assert result["han"] == 9


def test_rinshan_still_needs_a_kan_or_a_north_set_aside() -> None:
    with pytest.raises(BadInput, match="kan among the melds"):
        scored({**KITA_RINSHAN, "kita": 0})
    with pytest.raises(BadInput, match="kan among the melds"):
        scored({**KITA_RINSHAN, "kita": 2, "options": {"preset": "sanma", "red_fives": 0,
                                                     "nukidora": False}})


def test_norths_set_aside_count_as_copies_of_north() -> None:
    # Three Norths in hand with the winning one and four set aside: seven Norths.
    with pytest.raises(TooManyCopies):
        scored({"hand": "123p234456s4477z", "win_tile": "4z", "win": "tsumo",
               "seat_wind": "W", "round_wind": "S", "kita": 4,
               "options": {"preset": "sanma", "red_fives": 0}})
    four = scored({"hand": "123p234456s4477z", "win_tile": "4z", "win": "tsumo",
                  "seat_wind": "W", "round_wind": "S", "kita": 1,
                  "options": {"preset": "sanma", "red_fives": 0}})
    assert ("kita", 1) in [(i["key"], i["count"]) for i in four["items"]]


def test_an_indicator_of_two_to_eight_man_is_refused_in_sanma() -> None:
    with pytest.raises(BadInput, match="2m-8m"):
        scored({**KITA_RINSHAN, "rinshan": False, "dora_indicators": ["3m"]})
