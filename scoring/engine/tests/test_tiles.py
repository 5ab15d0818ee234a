"""Tile notation: parsing, formatting and every error a user can hit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.errors import BadMeld, BadTile, TooManyCopies, WrongTileCount
from scoring.engine.tiles import (
    Meld,
    Tile,
    counts34,
    counts_of,
    format_hand,
    format_tiles,
    kind_of,
    next_kind,
    parse_hand,
    parse_meld,
    parse_tiles,
    tile_name,
)

# Any tile a hand can hold: 34 kinds, the three red fives and eight flowers.
TILES = st.one_of(
    st.integers(0, 33).map(Tile),
    st.sampled_from([Tile(4, True), Tile(13, True), Tile(22, True)]),
    st.integers(34, 41).map(Tile),
)


@settings(deadline=None)
@given(st.lists(TILES, max_size=20))
def test_any_tile_list_survives_format_then_parse(tiles: list[Tile]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tiles


@settings(deadline=None)
@given(st.lists(TILES, max_size=20))
def test_sorted_notation_is_canonical(tiles: list[Tile]) -> None:
    text = format_tiles(tiles, sort=True)
    assert format_tiles(parse_tiles(text)) == text
    assert format_tiles(parse_tiles(text), sort=True) == text


@pytest.mark.parametrize(
    "text",
    ["123m456p789s1122z", "0m0p0s", "1112345678999m", "19m19p19s1234567z", "1234f", "5z", ""],
)
def test_canonical_strings_round_trip_exactly(text: str) -> None:
    assert format_tiles(parse_tiles(text)) == text


def test_sorting_groups_suits_in_m_p_s_z_f_order() -> None:
    assert format_tiles(parse_tiles("3z1f9s1m5p"), sort=True) == "1m5p9s3z1f"


def test_zero_is_a_red_five_that_counts_as_a_five() -> None:
    red = parse_tiles("0p")[0]
    assert red == Tile(13, red=True)
    assert str(red) == "0p"
    assert counts_of("05p")[13] == 2


def test_honour_and_flower_kinds() -> None:
    assert kind_of("1z") == 27
    assert kind_of("7z") == 33
    assert kind_of("1f") == 34
    assert tile_name(41) == "8f"


def test_flowers_are_not_counted_in_the_34_vector() -> None:
    assert sum(counts34(parse_tiles("11m2f"))) == 2


@pytest.mark.parametrize(
    ("text", "kind", "kinds", "source"),
    [
        ("chi 123m", "chi", (0, 1, 2), None),
        ("chi 312m from N", "chi", (2, 0, 1), "N"),
        ("pon 555z", "pon", (31, 31, 31), None),
        ("kan 1111p", "kan", (9, 9, 9, 9), None),
        ("ankan 9999s", "ankan", (26, 26, 26, 26), None),
        ("kakan 5505m from E", "kakan", (4, 4, 4, 4), "E"),
    ],
)
def test_melds_parse_and_write_back(text: str, kind: str, kinds: tuple[int, ...],
                                    source: str | None) -> None:
    meld = parse_meld(text)
    assert (meld.kind, meld.kinds, meld.source) == (kind, kinds, source)
    assert str(meld) == text
    assert parse_meld(str(meld)) == meld


def test_meld_properties() -> None:
    assert parse_meld("ankan 9999s").is_open is False
    assert parse_meld("kakan 5555m").is_kan
    assert parse_meld("chi 345p").is_run
    assert parse_meld("chi 345p").base == 11
    assert parse_meld("pon 505m").red_count == 1


def test_hand_splits_off_flowers_and_counts_melds_as_three() -> None:
    hand = parse_hand("123m456p789s1z2f", ["kan 1111p", "pon 555z from W"])
    assert len(hand.flowers) == 1
    assert hand.shape_size == 10 + 6
    assert format_hand(hand) == {
        "hand": "123m456p789s1z2f",
        "melds": ["kan 1111p", "pon 555z from W"],
    }
    assert isinstance(hand.melds[0], Meld)


# --- every error path, with the message the player reads ---------------------------------

BAD_TILES = [
    ("12x", "in '12x' character 3 'x' is not a digit or a suit letter "
     "(m = characters, p = dots, s = bamboo, z = honours, f = flowers)"),
    ("m12", "in 'm12' the suit letter 'm' at character 1 has no digits before it"),
    ("123", "in '123' the digits '123' at the end have no suit letter (m, p, s, z, f)"),
    ("11m23", "in '11m23' the digits '23' at the end have no suit letter (m, p, s, z, f)"),
    ("8z", "8z is not a tile in '8z' at character 1: honours are 1z-7z "
     "(East, South, West, North, White, Green, Red)"),
    ("0z", "0z is not a tile in '0z' at character 1: only suited fives can be red (0m, 0p, 0s)"),
    ("9f", "9f is not a tile in '9f' at character 1: flowers are 1f-8f"),
    ("0f", "0f is not a tile in '0f' at character 1: flowers are 1f-8f"),
    ("12M", "in '12M' character 3 'M' is not a digit or a suit letter "
     "(m = characters, p = dots, s = bamboo, z = honours, f = flowers)"),
]


@pytest.mark.parametrize(("text", "message"), BAD_TILES)
def test_bad_tile_strings_name_the_offending_character(text: str, message: str) -> None:
    with pytest.raises(BadTile) as err:
        parse_tiles(text)
    assert err.value.message == message
    assert err.value.code == "bad_tile"


def test_a_non_string_is_refused() -> None:
    with pytest.raises(BadTile, match="a tile string is expected, got int"):
        parse_tiles(123)  # type: ignore[arg-type]  # the wrong type is the test


def test_kind_of_wants_exactly_one_tile() -> None:
    with pytest.raises(BadTile, match="'12m' is not a single tile"):
        kind_of("12m")


def test_a_fifth_copy_across_hand_and_melds_is_refused() -> None:
    with pytest.raises(TooManyCopies) as err:
        parse_hand("11m234p", ["pon 111m"])
    assert err.value.message == "the hand has 5 copies of 1m; a set has only 4"
    assert err.value.code == "too_many_copies"


def test_a_second_copy_of_a_flower_is_refused() -> None:
    with pytest.raises(TooManyCopies, match="the hand has 2 copies of 3f; a set has only 1"):
        parse_hand("123m456p789s1z3f3f")


BAD_MELDS = [
    ("chi 124m", "'chi 124m' is not a chi: a chi is three consecutive tiles of one suit, "
     "like 'chi 345p'"),
    ("chi 123z", "'chi 123z' is not a chi: a chi is three consecutive tiles of one suit, "
     "like 'chi 345p'"),
    ("chi 89m1p", "'chi 89m1p' is not a chi: a chi is three consecutive tiles of one suit, "
     "like 'chi 345p'"),
    ("pon 556z", "'pon 556z' is not a pon: a pon is 3 identical tiles, like 'pon 555z'"),
    ("kan 111p", "'kan 111p' is not a kan: a kan is 4 identical tiles, like 'kan 5555z'"),
    ("ankan 99999s", "'ankan 99999s' is not an ankan: an ankan is 4 identical tiles, "
     "like 'ankan 5555z'"),
    ("pung 555z", "'pung 555z': 'pung' is not a meld kind (chi, pon, kan, ankan, kakan)"),
    ("pon 555z from X", "'pon 555z from X': 'X' is not a seat (E, S, W, N)"),
    ("pon 111f", "'pon 111f': flowers cannot be part of a meld"),
]


@pytest.mark.parametrize(("text", "message"), BAD_MELDS)
def test_a_meld_that_is_not_a_meld_says_why(text: str, message: str) -> None:
    with pytest.raises(BadMeld) as err:
        parse_meld(text)
    assert err.value.message == message
    assert err.value.code == "bad_meld"


@pytest.mark.parametrize("text", ["pon", "pon 555z by N", "chi 123m from"])
def test_a_malformed_meld_shows_the_expected_form(text: str) -> None:
    with pytest.raises(BadMeld) as err:
        parse_meld(text)
    assert err.value.message == (
        f"'{text}' is not a meld: write it as '<kind> <tiles>' such as 'chi 123m', "
        "'pon 555z', 'kan 1111p', 'ankan 9999s', 'kakan 5555m', optionally followed by "
        "'from E|S|W|N'"
    )


def test_a_bad_tile_inside_a_meld_is_a_tile_error() -> None:
    with pytest.raises(BadTile, match="8z is not a tile"):
        parse_meld("pon 888z")


def test_a_hand_of_3n_tiles_is_the_wrong_count() -> None:
    with pytest.raises(WrongTileCount) as err:
        parse_hand("123m456p789s")
    assert err.value.message == (
        "the hand has 9 tiles (counting each meld as 3); a hand has 3n+1 tiles waiting "
        "or 3n+2 tiles complete"
    )


def test_a_hand_outside_the_allowed_sizes_is_the_wrong_count() -> None:
    with pytest.raises(WrongTileCount) as err:
        parse_hand("123m456p789s11z", ["chi 123m", "pon 555z"], sizes=(13, 14))
    assert err.value.message == (
        "the hand has 17 tiles (counting each meld as 3) but 13 or 14 are needed"
    )


def test_a_meld_must_be_a_string() -> None:
    with pytest.raises(BadMeld) as err:
        parse_meld(555)  # type: ignore[arg-type]  # the wrong type is the test
    assert err.value.message == "a meld is written like 'pon 555z', got int"


def test_flowers_can_be_refused_by_a_ruleset() -> None:
    with pytest.raises(BadTile) as err:
        parse_hand("123m456p789s1122z3f", allow_flowers=False)
    assert err.value.message == "flowers (3f) are not used in this ruleset"


def test_kind_of_an_empty_string_is_not_a_tile() -> None:
    with pytest.raises(BadTile) as err:
        kind_of("")
    assert err.value.message == "'' is not a single tile"


MELDS = st.one_of(
    st.builds(lambda k, src: f"chi {k % 7 + 1}{k % 7 + 2}{k % 7 + 3}{'mps'[k // 7]}{src}",
              st.integers(0, 20), st.sampled_from(["", " from N", " from W"])),
    st.builds(lambda kind, t: f"{kind} {t[0] * (3 if kind == 'pon' else 4)}{t[1]}",
              st.sampled_from(["pon", "kan", "ankan", "kakan"]),
              st.sampled_from(["1m", "9p", "5s", "7z", "3z"])),
)


@settings(deadline=None)
@given(st.lists(MELDS, max_size=4))
def test_melds_survive_write_then_parse(texts: list[str]) -> None:
    melds = [parse_meld(t) for t in texts]
    assert [str(m) for m in melds] == texts
    assert [parse_meld(str(m)) for m in melds] == melds


@pytest.mark.parametrize(("kind", "after"), [("1m", "2m"), ("9m", "1m"), ("9s", "1s"),
                                             ("4z", "1z"), ("1z", "2z"), ("7z", "5z"),
                                             ("5z", "6z")])
def test_the_next_tile_wraps_within_its_cycle(kind: str, after: str) -> None:
    assert tile_name(next_kind(kind_of(kind))) == after
