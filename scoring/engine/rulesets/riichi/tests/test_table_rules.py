"""Riichi table rules: each recorded hand's payments, the dealer, honba, pot and game end."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoring.engine.errors import BadOutcome, GameOver
from scoring.engine.game import GameState, HandSettlement, assert_zero_sum
from scoring.engine.options import build_options
from scoring.engine.result import Contract
from scoring.engine.rulesets.riichi.game import GAME
from scoring.engine.rulesets.riichi.options import Options


def opts(**overrides: Any) -> Options:
    return build_options(Options, overrides)


def state(**fields: Any) -> GameState:
    base = GAME.initial_state(opts())
    base.update(fields)  # type: ignore[typeddict-item]  # GameState keys from each test
    return base


def apply(st: GameState, outcome: dict[str, Any], **overrides: Any) -> HandSettlement:
    before = copy.deepcopy(st)
    out = GAME.apply(st, outcome, opts(**overrides))
    assert st == before, "apply must not change the state it was given"
    assert_zero_sum(out)
    assert out["state"]["pot"] == st["pot"] + out["pot_change"]
    rows_per_player = [0, 0, 0, 0]
    for row in out["rows"]:
        rows_per_player[row["player"]] += row["amount"]
    assert out["state"]["scores"] == [s + d for s, d in zip(st["scores"], rows_per_player,
                                                             strict=True)]
    return out


def received(result: Contract) -> list[int]:
    """Each player's change in one result's ledger (hand, honba and sticks)."""
    out = [0] * result["players"]
    for p in result["ledger"]:
        out[p["player"]] += p["amount"]
    return out


def deltas(out: HandSettlement, reason: str | None = None) -> list[int]:
    total = [0, 0, 0, 0]
    for row in out["rows"]:
        if reason is None or row["reason"] == reason:
            total[row["player"]] += row["amount"]
    return total


def ron(winner: int, discarder: int, quick: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"winner": winner, "discarder": discarder, "quick": quick, **extra}


# --- wins -----------------------------------------------------------------------------


def test_dealer_tsumo_pays_each_player_double_and_repeats_the_deal() -> None:
    out = apply(state(), {"type": "tsumo", "wins": [{"winner": 0, "quick": {"han": 4, "fu": 30}}]})
    # 4 han 30 fu: a = 1920, dealer tsumo 2a each rounded up = 3900 all.
    assert deltas(out) == [11700, -3900, -3900, -3900]
    new = out["state"]
    assert (new["dealer"], new["round_wind"], new["hand_number"], new["honba"]) == (0, "E", 1, 1)
    assert new["hands_played"] == 1


def test_non_dealer_tsumo_seed_001_example_pays_2000_2000_3900() -> None:
    out = apply(state(), {"type": "tsumo", "wins": [{"winner": 2, "quick": {"han": 4, "fu": 30}}]})
    assert deltas(out) == [-3900, -2000, 7900, -2000]
    assert out["state"]["dealer"] == 1


def test_non_dealer_ron_rotates_the_dealer_and_resets_honba() -> None:
    st = state(dealer=1, hand_number=2, honba=2)
    out = apply(st, {"type": "ron", "wins": [ron(3, 0, {"han": 3, "fu": 30})]})
    assert deltas(out, "hand") == [-3900, 0, 0, 3900]
    assert deltas(out, "honba") == [-600, 0, 0, 600]
    new = out["state"]
    assert (new["dealer"], new["hand_number"], new["honba"]) == (2, 3, 0)


def test_honba_on_tsumo_is_100_from_each_payer() -> None:
    tsumo = {"type": "tsumo", "wins": [{"winner": 1, "quick": {"han": 1, "fu": 30}}]}
    out = apply(state(honba=3), tsumo)
    assert deltas(out, "honba") == [-300, 900, -300, -300]
    assert deltas(out, "hand") == [-500, 1100, -300, -300]


def test_riichi_sticks_go_into_the_pot_and_the_winner_takes_the_pot() -> None:
    out = apply(state(pot=2000), {"type": "ron", "riichi": [1, 2],
                                  "wins": [ron(2, 3, {"han": 1, "fu": 40})]})
    riichi_rows = [(r["player"], r["amount"]) for r in out["rows"] if r["reason"] == "sticks"]
    assert (1, -1000) in riichi_rows and (2, -1000) in riichi_rows
    assert (2, 4000) in riichi_rows
    assert out["pot_change"] == -2000
    assert out["state"]["pot"] == 0


def test_stick_declared_in_a_drawn_hand_stays_in_the_pot() -> None:
    out = apply(state(), {"type": "draw", "tenpai": [2], "riichi": [2]})
    assert out["pot_change"] == 1000
    assert out["state"]["pot"] == 1000
    assert deltas(out, "sticks") == [0, 0, -1000, 0]


def test_quick_yakuman_and_points_modes() -> None:
    out = apply(state(), {"type": "ron", "wins": [ron(0, 3, {"yakuman": 1})]})
    assert deltas(out) == [48000, 0, 0, -48000]
    out = apply(state(), {"type": "ron", "wins": [ron(1, 3, {"points": 2600})]})
    assert deltas(out) == [0, 2600, 0, -2600]
    out = apply(state(), {"type": "tsumo", "wins": [{"winner": 1, "quick": {"points": 8000}}]})
    assert deltas(out) == [-4000, 8000, -2000, -2000]


@pytest.mark.parametrize("quick", [{"han": 0, "fu": 30}, {"han": 2, "fu": 35}, {"fu": 30},
                                   {"points": 1050}, {"yakuman": 0}, {"han": 1, "fu": 30,
                                                                      "points": 1000}])
def test_bad_quick_entries_are_refused(quick: dict[str, Any]) -> None:
    with pytest.raises(BadOutcome):
        GAME.apply(state(), {"type": "ron", "wins": [ron(1, 0, quick)]}, opts())


def test_a_win_needs_a_hand_or_quick_value_and_a_valid_discarder() -> None:
    with pytest.raises(BadOutcome):
        GAME.apply(state(), {"type": "ron", "wins": [{"winner": 1, "discarder": 0}]}, opts())
    with pytest.raises(BadOutcome):
        GAME.apply(state(), {"type": "ron", "wins": [ron(1, 1, {"han": 1, "fu": 30})]}, opts())
    with pytest.raises(BadOutcome):
        GAME.apply(state(), {"type": "tsumo", "wins": [ron(1, 0, {"han": 1, "fu": 30})]}, opts())
    with pytest.raises(BadOutcome):
        GAME.apply(state(), {"type": "ron", "wins": [ron(1, 0, {"han": 1, "fu": 30}),
                                                     ron(2, 3, {"han": 1, "fu": 30})]}, opts())


# --- multiple ron ---------------------------------------------------------------------


def test_double_ron_pays_both_and_honba_and_sticks_go_to_the_nearer_winner() -> None:
    # Discarder 1; counter-clockwise from it the order is 2, 3, 0: player 3 is nearer than 0.
    st = state(honba=1, pot=1000)
    out = apply(st, {"type": "ron", "wins": [ron(0, 1, {"han": 2, "fu": 30}),
                                             ron(3, 1, {"han": 1, "fu": 30})]})
    assert deltas(out, "hand") == [2900, -3900, 0, 1000]
    assert deltas(out, "honba") == [0, -300, 0, 300]
    assert deltas(out, "sticks") == [0, 0, 0, 1000]
    assert out["state"]["pot"] == 0
    # The dealer (0) is among the winners: renchan.
    assert (out["state"]["dealer"], out["state"]["honba"]) == (0, 2)


def test_double_ron_honba_each_and_split_sticks_options() -> None:
    st = state(honba=1, pot=2000)
    out = apply(st, {"type": "ron", "wins": [ron(0, 1, {"han": 2, "fu": 30}),
                                             ron(3, 1, {"han": 1, "fu": 30})]},
                multi_ron_honba="each", multi_ron_sticks="split")
    assert deltas(out, "honba") == [300, -600, 0, 300]
    assert deltas(out, "sticks") == [1000, 0, 0, 1000]


def test_head_bump_scores_only_the_first_winner_after_the_discarder() -> None:
    st = state(honba=1, pot=1000)
    out = apply(st, {"type": "ron", "wins": [ron(0, 1, {"han": 2, "fu": 30}),
                                             ron(3, 1, {"han": 1, "fu": 30})]},
                multi_ron="head_bump")
    assert deltas(out) == [0, -1300, 0, 2300]
    # The bumped caller did not win: only the first winner has a result.
    assert [(r["winner"], r["discarder"]) for r in out["results"]] == [(3, 1)]
    # The dealer's win was bumped, so the deal passes.
    assert (out["state"]["dealer"], out["state"]["honba"]) == (1, 0)


def test_triple_ron_aborts_unless_the_option_allows_it() -> None:
    wins = [ron(1, 0, {"han": 1, "fu": 30}), ron(2, 0, {"han": 1, "fu": 30}),
            ron(3, 0, {"han": 1, "fu": 30})]
    out = apply(state(pot=1000), {"type": "ron", "wins": wins})
    assert deltas(out) == [0, 0, 0, 0]
    assert (out["state"]["dealer"], out["state"]["honba"], out["state"]["pot"]) == (0, 1, 1000)
    assert "sanchahou" in out["summary"]
    out = apply(state(pot=1000), {"type": "ron", "wins": wins}, multi_ron="triple")
    assert deltas(out) == [-3000, 2000, 1000, 1000]
    assert out["state"]["dealer"] == 1


# --- pao ------------------------------------------------------------------------------


def test_pao_tsumo_the_responsible_player_pays_all() -> None:
    # majiang-core: dealer tsumo daisangen, the last dragon fed by North; 1 honba, 1 stick.
    st = state(honba=1, pot=1000)
    out = apply(st, {"type": "tsumo", "wins": [{"winner": 0, "pao": 3, "quick": {"yakuman": 1}}]})
    assert deltas(out) == [49300, 0, 0, -48300]
    assert deltas(out, "pao") == [0, 0, 0, -48000]


def test_pao_ron_by_a_third_player_is_split_50_50() -> None:
    st = state(honba=1, pot=1000)
    out = apply(st, {"type": "ron", "wins": [ron(0, 2, {"yakuman": 1}, pao=3)]})
    assert deltas(out) == [49300, 0, -24300, -24000]
    assert deltas(out, "pao") == [0, 0, 0, -24000]


def test_pao_ron_from_the_responsible_player_pays_all() -> None:
    st = state(honba=1, pot=1000)
    out = apply(st, {"type": "ron", "wins": [ron(0, 3, {"yakuman": 1}, pao=3)]})
    assert deltas(out) == [49300, 0, 0, -48300]


def test_pao_covers_only_the_pao_yakuman_when_stacked() -> None:
    out = apply(state(), {"type": "tsumo", "wins": [{"winner": 1, "pao": 3,
                                                      "quick": {"yakuman": 2, "pao_yakuman": 1}}]})
    # Non-dealer: the covered yakuman (32000) from the pao player, the other as a tsumo.
    assert deltas(out) == [-16000, 64000, -8000, -40000]


# --- draws ----------------------------------------------------------------------------


@pytest.mark.parametrize(("tenpai", "expected"), [
    ([1], [-1000, 3000, -1000, -1000]),
    ([0, 2], [1500, -1500, 1500, -1500]),
    ([0, 1, 3], [1000, 1000, -3000, 1000]),
])
def test_exhaustive_draw_noten_payments(tenpai: list[int], expected: list[int]) -> None:
    out = apply(state(honba=1), {"type": "draw", "tenpai": tenpai})
    assert deltas(out, "draw") == expected
    assert out["state"]["honba"] == 2
    assert out["state"]["dealer"] == (0 if 0 in tenpai else 1)


@pytest.mark.parametrize("tenpai", [[], [0, 1, 2, 3]])
def test_all_tenpai_or_all_noten_moves_no_points(tenpai: list[int]) -> None:
    out = apply(state(), {"type": "draw", "tenpai": tenpai})
    assert out["rows"] == []
    assert out["state"]["honba"] == 1
    assert out["state"]["dealer"] == (0 if tenpai else 1)


def test_noten_payment_total_option() -> None:
    out = apply(state(), {"type": "draw", "tenpai": [3]}, noten_payment_total=1500)
    assert deltas(out) == [-500, -500, -500, 1500]


def test_riichi_declarer_must_be_tenpai_at_an_exhaustive_draw() -> None:
    with pytest.raises(BadOutcome):
        GAME.apply(state(), {"type": "draw", "tenpai": [1], "riichi": [2]}, opts())


READY = {"hand": "123m456p789s1122z"}  # waits on East or South
NOT_READY = {"hand": "13579m2468p1357s"}


def test_hands_shown_at_the_draw_decide_tenpai_through_the_analyser() -> None:
    out = apply(state(), {"type": "draw", "tenpai": [2],
                          "extra": {"hands": {"1": READY, "2": NOT_READY}}})
    assert deltas(out, "draw") == [-1000, 3000, -1000, -1000]
    assert "tenpai: S" in out["summary"]


def test_a_shown_hand_that_contradicts_its_tenpai_claim_is_refused() -> None:
    with pytest.raises(BadOutcome, match="not tenpai"):
        GAME.apply(state(), {"type": "draw",
                             "extra": {"hands": {"3": {**NOT_READY, "tenpai": True}}}}, opts())


def test_a_riichi_declarer_whose_shown_hand_is_noten_is_refused() -> None:
    with pytest.raises(BadOutcome, match="chombo"):
        GAME.apply(state(), {"type": "draw", "tenpai": [1], "riichi": [1],
                             "extra": {"hands": {"1": NOT_READY}}}, opts())


def test_nagashi_mangan_is_a_mangan_tsumo_without_noten_payments() -> None:
    st = state(honba=1, pot=1000)
    out = apply(st, {"type": "draw", "tenpai": [0], "extra": {"nagashi": [2]}})
    assert deltas(out) == [-4000, -2000, 8000, -2000]
    assert (out["state"]["dealer"], out["state"]["honba"], out["state"]["pot"]) == (0, 2, 1000)
    out = apply(st, {"type": "nagashi", "tenpai": [], "extra": {"nagashi": [0]}})
    assert deltas(out) == [12000, -4000, -4000, -4000]
    assert out["state"]["dealer"] == 1
    with pytest.raises(BadOutcome):
        GAME.apply(st, {"type": "nagashi", "tenpai": []}, opts())
    with pytest.raises(BadOutcome):
        GAME.apply(st, {"type": "draw", "extra": {"nagashi": [0]}}, opts(nagashi_mangan=False))


@pytest.mark.parametrize("kind", ["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi",
                                  "suukaikan", "sanchahou"])
def test_abortive_draw_repeats_the_dealer_adds_honba_and_keeps_sticks(kind: str) -> None:
    st = state(dealer=2, hand_number=3, honba=1, pot=1000)
    riichi = [0, 1, 2, 3] if kind == "suucha_riichi" else []
    out = apply(st, {"type": "abortive", "riichi": riichi, "extra": {"kind": kind}})
    new = out["state"]
    assert (new["dealer"], new["hand_number"], new["honba"]) == (2, 3, 2)
    assert new["pot"] == 1000 + 1000 * len(riichi)
    assert deltas(out) == [-1000 * (p in riichi) for p in range(4)]


def test_abortive_draws_can_be_switched_off() -> None:
    with pytest.raises(BadOutcome):
        GAME.apply(state(), {"type": "abortive", "extra": {"kind": "suufon_renda"}},
                   opts(abortive_draws=False))
    with pytest.raises(BadOutcome):
        GAME.apply(state(), {"type": "abortive", "extra": {"kind": "tsubame"}}, opts())


# --- chombo ---------------------------------------------------------------------------


def test_chombo_by_a_non_dealer_pays_a_reverse_mangan_and_replays_the_hand() -> None:
    st = state(dealer=1, hand_number=2, honba=2, pot=1000)
    out = apply(st, {"type": "chombo", "penalised": 3, "riichi": [3]})
    assert deltas(out, "penalty") == [2000, 4000, 2000, -8000]
    assert deltas(out, "sticks") == [0, 0, 0, 0]
    new = out["state"]
    assert (new["dealer"], new["hand_number"], new["honba"], new["pot"]) == (1, 2, 2, 1000)
    assert new["hands_played"] == 1


def test_chombo_by_the_dealer_pays_4000_to_each() -> None:
    out = apply(state(), {"type": "chombo", "penalised": 0})
    assert deltas(out) == [-12000, 4000, 4000, 4000]


def test_chombo_final_points_is_kept_for_the_end() -> None:
    out = apply(state(), {"type": "chombo", "penalised": 2}, chombo="final_points")
    assert out["rows"] == []
    assert out["state"]["extra"]["chombo"] == [0, 0, 1, 0]
    with pytest.raises(BadOutcome):
        GAME.apply(state(), {"type": "chombo"}, opts())


# --- progression and game end ---------------------------------------------------------


def test_last_hand_of_south_ends_the_game_when_the_deal_passes() -> None:
    st = state(round_wind="S", hand_number=4, dealer=3, scores=[25000] * 4)
    out = apply(st, {"type": "ron", "wins": [ron(0, 1, {"han": 1, "fu": 30})]})
    assert out["state"]["finished"] is True
    with pytest.raises(GameOver):
        GAME.apply(out["state"], {"type": "draw", "tenpai": []}, opts())


def test_east_4_passes_into_south_in_a_hanchan_and_ends_an_east_only_game() -> None:
    st = state(round_wind="E", hand_number=4, dealer=3)
    outcome = {"type": "draw", "tenpai": []}
    out = apply(st, outcome)
    assert (out["state"]["round_wind"], out["state"]["hand_number"], out["state"]["dealer"]) \
        == ("S", 1, 0)
    assert out["state"]["finished"] is False
    assert apply(st, outcome, length="east")["state"]["finished"] is True


def test_all_last_dealer_repeat_continues_unless_agari_yame() -> None:
    st = state(round_wind="S", hand_number=4, dealer=3, scores=[20000, 20000, 20000, 40000])
    outcome = {"type": "draw", "tenpai": [3]}
    assert apply(st, outcome)["state"]["finished"] is False
    assert apply(st, outcome, agari_yame=True)["state"]["finished"] is True
    behind = state(round_wind="S", hand_number=4, dealer=3, scores=[40000, 20000, 20000, 20000])
    assert apply(behind, outcome, agari_yame=True)["state"]["finished"] is False


def test_bust_ends_the_game_if_the_option_is_on() -> None:
    st = state(scores=[25000, 25000, 25000, 3000])
    outcome = {"type": "ron", "wins": [ron(0, 3, {"han": 3, "fu": 30})]}
    assert apply(st, outcome)["state"]["finished"] is True
    assert apply(st, outcome, bust_ends_game=False)["state"]["finished"] is False


def test_west_extension_plays_on_until_someone_reaches_the_return_points() -> None:
    st = state(round_wind="S", hand_number=4, dealer=3, scores=[26000, 25000, 25000, 24000])
    draw = {"type": "draw", "tenpai": []}
    out = apply(st, draw, west_extension=True)
    assert (out["state"]["round_wind"], out["state"]["finished"]) == ("W", False)
    win = {"type": "ron", "wins": [ron(0, 1, {"han": 3, "fu": 30})]}
    out = apply(out["state"], win, west_extension=True)
    assert out["state"]["finished"] is True
    last = state(round_wind="W", hand_number=4, dealer=3, scores=[26000, 25000, 25000, 24000])
    assert apply(last, draw, west_extension=True)["state"]["finished"] is True


def test_unknown_outcome_type_is_refused() -> None:
    with pytest.raises(BadOutcome):
        GAME.apply(state(), {"type": "tenhou"}, opts())


ALL_OUTCOMES: list[dict[str, Any]] = [
    {"type": "ron", "riichi": [1], "wins": [ron(1, 2, {"han": 2, "fu": 40})]},
    {"type": "ron", "wins": [ron(0, 1, {"han": 2, "fu": 30}), ron(3, 1, {"han": 1, "fu": 30})]},
    {"type": "tsumo", "riichi": [0, 3], "wins": [{"winner": 3, "quick": {"han": 3, "fu": 40}}]},
    {"type": "tsumo", "wins": [{"winner": 2, "pao": 0, "quick": {"yakuman": 2,
                                                                  "pao_yakuman": 1}}]},
    {"type": "draw", "riichi": [2], "tenpai": [2, 3]},
    {"type": "nagashi", "tenpai": [1], "extra": {"nagashi": [1, 3]}},
    {"type": "abortive", "riichi": [0, 1, 2, 3], "extra": {"kind": "suucha_riichi"}},
    {"type": "chombo", "penalised": 1},
]


@pytest.mark.parametrize("outcome", ALL_OUTCOMES, ids=[o["type"] for o in ALL_OUTCOMES])
@pytest.mark.parametrize("preset", ["tenhou", "ema", "mleague"])
def test_every_outcome_type_is_zero_sum_with_the_pot(outcome: dict[str, Any],
                                                    preset: str) -> None:
    from scoring.engine.rulesets.riichi.options import PRESETS

    options = build_options(Options, PRESETS[preset]["options"])
    switched_off = {"nagashi": not options.nagashi_mangan,
                    "abortive": not options.abortive_draws}
    if switched_off.get(outcome["type"]):
        with pytest.raises(BadOutcome):
            GAME.apply(state(honba=2, pot=3000), outcome, options)
        return
    st = state(honba=2, pot=3000, dealer=1, hand_number=2)
    out = GAME.apply(st, outcome, options)
    assert_zero_sum(out)
    assert sum(r["amount"] for r in out["rows"]) == -out["pot_change"]
    assert out["summary"].startswith("East 2, 2 honba: ")


# --- tiles mode -----------------------------------------------------------------------

DAISANGEN = ["pon 555z", "pon 666z", "pon 777z from N"]


def test_tiles_mode_fills_winds_honba_and_sticks_from_the_table() -> None:
    st = state(honba=1, pot=1000)
    hand = {"hand": "234m567p678s34s88p", "win_tile": "5s", "riichi": True,
            "seat_wind": "N", "honba": 7}
    out = apply(st, {"type": "ron", "riichi": [1],
                     "wins": [{"winner": 1, "discarder": 2, "hand": hand}]})
    # Riichi, pinfu, tanyao: 3 han 30 fu for the South seat, 3900 + 300 honba + 2 sticks.
    head = out["results"][0]["headline"]
    assert head is not None and (head["value"], head["fu"]) == (3, 30)
    assert deltas(out) == [0, 5200, -4200, 0]
    assert received(out["results"][0]) == [0, 6200, -4200, 0]


@pytest.mark.parametrize(("win", "discarder", "expected"), [
    ("tsumo", None, [49300, 0, 0, -48300]),
    ("ron", 2, [49300, 0, -24300, -24000]),
    ("ron", 3, [49300, 0, 0, -48300]),
])
def test_tiles_mode_pao_matches_majiang_core(win: str, discarder: int | None,
                                             expected: list[int]) -> None:
    hand = {"hand": "123m1p", "melds": DAISANGEN, "win_tile": "1p"}
    out = apply(state(honba=1, pot=1000),
                {"type": win, "wins": [{"winner": 0, "discarder": discarder, "pao": 3,
                                        "hand": hand}]})
    assert deltas(out) == expected


def test_tiles_mode_pao_covers_only_daisangen_when_stacked_with_tsuuiisou() -> None:
    hand = {"hand": "1112z", "melds": DAISANGEN, "win_tile": "2z"}
    out = apply(state(), {"type": "tsumo", "wins": [{"winner": 0, "pao": 3, "hand": hand}]})
    # Daisangen 48000 from North alone; tsuuiisou as a dealer tsumo, 16000 from each.
    assert deltas(out) == [96000, -16000, -16000, -64000]


def test_the_draw_reports_the_judged_tenpai_list_for_the_history() -> None:
    out = apply(state(), {"type": "draw", "tenpai": [],
                          "extra": {"hands": {"1": READY}}})
    assert [r.get("ready") for r in out["results"]] == [[1]]
