"""The organiser's own seating: accepted as given, or refused with a named error."""

from __future__ import annotations

import pytest

from events.seating import Fill, Layout, SeatingError, Substitute, Table, fixed, parse_fixed

PLAYERS = list(range(1, 9))
LOOKUP = {str(p): p for p in PLAYERS} | {"Ann": 1}


def test_a_typed_seating_is_read_and_kept_seat_for_seat() -> None:
    text = """# Round 1
    1-2-3-4
    5 6 7 8

    # Round 2
    ann, 5, 2, 6
    3;7;4;8
    """
    rounds = parse_fixed(text, LOOKUP)
    assert rounds == [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]
    plan = fixed(rounds, PLAYERS)
    assert plan.rounds[1][0] == Table((1, 5, 2, 6))
    assert plan.rounds[1][0].wind_of(2) == "W"
    assert plan.quality.method == "fixed" and plan.quality.repeats == 4  # 1-2 3-4 5-6 7-8


def test_a_star_is_a_substitute_seat() -> None:
    rounds = parse_fixed("1 2 3 *\n4 5 6 *", LOOKUP)
    assert rounds == [[[1, 2, 3, Substitute(1)], [4, 5, 6, Substitute(2)]]]
    plan = fixed(rounds, [1, 2, 3, 4, 5, 6])
    assert plan.quality.short_most == 1


@pytest.mark.parametrize(("rounds", "code", "params"), [
    ([[[1, 2, 3, 9], [5, 6, 7, 8]]], "seating_unknown_player",
     {"round": 1, "table": 1, "player": "9"}),
    ([[[1, 2, 3, 4], [5, 6, 7, 1]]], "seating_player_twice",
     {"round": 1, "table": 2, "player": "1", "tables": [1, 2]}),
    # Pantheon #784: a script for fewer players than the event has.
    ([[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 3, 4]]], "seating_player_missing",
     {"round": 2, "player": "5", "count": 4}),
    ([[[1, 2, 3, 4, 5], [6, 7, 8]]], "seating_wrong_table_size",
     {"round": 1, "table": 1, "size": 5, "sizes": [4]}),
    ([], "seating_empty", {}),
    ([[[1, 2, 3, 4], [5, 6, 7, 8]], []], "seating_empty", {"round": 2}),
])
def test_a_seating_that_disagrees_with_the_event_is_refused_by_name(
        rounds: list[list[list[int]]], code: str, params: dict[str, object]) -> None:
    with pytest.raises(SeatingError) as caught:
        fixed(rounds, PLAYERS)
    assert caught.value.code == code
    assert caught.value.params == params
    assert caught.value.as_dict()["message"]


def test_a_seating_of_some_players_a_round_is_accepted_when_the_organiser_says_so() -> None:
    # Pantheon #300: eight registered, four playing each game.
    rounds = [[[7, 2, 1, 8]], [[4, 2, 6, 3]], [[2, 4, 3, 8]]]
    plan = fixed(rounds, PLAYERS, everyone_plays=False)
    assert len(plan.rounds) == 3
    with pytest.raises(SeatingError):
        fixed(rounds, PLAYERS)


def test_three_seat_tables_are_accepted_only_where_three_player_tables_fill() -> None:
    rounds = [[[1, 2, 3, 4], [5, 6, 7]]]
    with pytest.raises(SeatingError) as caught:
        fixed(rounds, PLAYERS[:7])
    assert caught.value.code == "seating_wrong_table_size"
    plan = fixed(rounds, PLAYERS[:7], layout=Layout(fill=Fill.THREE_PLAYER))
    assert plan.rounds[0][1].seats == (5, 6, 7)


def test_an_unknown_name_in_typed_text_says_where() -> None:
    with pytest.raises(SeatingError) as caught:
        parse_fixed("1 2 3 4\n5 6 Bob 8", LOOKUP)
    assert caught.value.code == "seating_unknown_player"
    assert caught.value.params == {"round": 1, "table": 2, "token": "Bob"}


def test_empty_text_is_refused() -> None:
    with pytest.raises(SeatingError) as caught:
        parse_fixed("\n# nothing\n", LOOKUP)
    assert caught.value.code == "seating_empty"


def test_a_player_listed_twice_is_refused() -> None:
    with pytest.raises(SeatingError) as caught:
        fixed([[[1, 2, 3, 4]]], [1, 2, 3, 4, 4])
    assert caught.value.code == "seating_duplicate_player"
