"""The combinatorial designs behind no-repeat seating."""

from __future__ import annotations

import itertools

import pytest

from events.seating.designs import (
    affine,
    best_design,
    field,
    prime_power,
    stored_rows,
    transversal,
)


def _pairs_meet_at_most_once(rounds: list[list[list[int]]], points: int) -> bool:
    seen: set[tuple[int, int]] = set()
    for tables in rounds:
        assert sorted(p for t in tables for p in t) == list(range(points))
        for table in tables:
            for pair in itertools.combinations(sorted(table), 2):
                if pair in seen:
                    return False
                seen.add(pair)
    return True


@pytest.mark.parametrize("q", [q for q in range(2, 90) if prime_power(q)])
def test_every_prime_power_up_to_89_makes_a_field(q: int) -> None:
    f = field(q)
    assert f is not None
    for x in range(1, q):
        assert sum(1 for y in range(q) if f.mul[x][y] == 1) == 1  # an inverse
        assert f.add[x][0] == x and f.mul[x][1] == x
    for x, y, z in itertools.islice(itertools.product(range(q), repeat=3), 0, None, 7):
        assert f.mul[x][f.add[y][z]] == f.add[f.mul[x][y]][f.mul[x][z]]


def test_a_count_that_is_no_prime_power_has_no_field() -> None:
    assert field(12) is None and prime_power(1) is None and prime_power(18) is None


def test_every_stored_row_set_keeps_its_differences_distinct() -> None:
    for k, by_m in stored_rows().items():
        for m, rows in by_m.items():
            assert prime_power(m) is None
            full = [[0, *r] for r in rows]
            assert all(len(r) == k for r in full)
            for i, j in itertools.combinations(range(k), 2):
                diffs = [(r[j] - r[i]) % m for r in full]
                assert len(set(diffs)) == len(diffs), (k, m, i, j)


def test_the_affine_plane_of_order_4_seats_every_pair_of_16_exactly_once_in_5_rounds() -> None:
    design = affine(4, 2, 5, 0)
    assert design is not None and len(design.rounds) == 5
    pairs = [pair for tables in design.rounds for t in tables
             for pair in itertools.combinations(sorted(t), 2)]
    assert len(pairs) == len(set(pairs)) == 16 * 15 // 2


@pytest.mark.parametrize(("q", "d"), [(4, 3), (3, 3), (3, 2)])
def test_affine_geometries_give_every_parallel_class(q: int, d: int) -> None:
    design = affine(q, d, 100, 0)
    assert design is not None
    assert len(design.rounds) == (q**d - 1) // (q - 1)
    assert _pairs_meet_at_most_once(design.rounds, q**d)


def test_empty_seats_of_an_affine_design_never_share_a_table() -> None:
    design = affine(4, 3, 30, 3)
    assert design is not None and len(design.rounds) == 20
    for tables in design.rounds:
        assert all(len(set(t) & set(design.empty)) <= 1 for t in tables)


def test_a_transversal_design_on_a_field_gives_a_round_per_element() -> None:
    design = transversal(4, 17, 99, 0)
    assert design is not None and len(design.rounds) == 17
    assert _pairs_meet_at_most_once(design.rounds, 68)


def test_every_multiple_of_4_from_64_to_256_has_15_rounds_in_which_no_pair_meets_twice() -> None:
    for points in range(64, 257, 4):
        design = best_design(points, 4, 15, 0)
        assert design is not None and len(design.rounds) == 15, points
        assert _pairs_meet_at_most_once(design.rounds, points), points


def test_a_design_too_short_for_the_rounds_seats_its_groups_by_a_smaller_one() -> None:
    # TD(4, Z20) gives 18 rounds; its groups of 20 take TD(4, GF(5))'s 5 more.
    design = best_design(80, 4, 20, 0)
    assert design is not None and len(design.rounds) == 20 and "+" in design.name
    assert _pairs_meet_at_most_once(design.rounds, 80)


def test_three_player_tables_have_designs_too() -> None:
    for points in (9, 27, 30, 48, 81, 90):
        design = best_design(points, 3, 8, 0)
        assert design is not None and len(design.rounds) >= 4, points
        assert _pairs_meet_at_most_once(design.rounds, points)
