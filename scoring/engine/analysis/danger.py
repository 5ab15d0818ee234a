"""Tile danger against a riichi player, after seed ``003_fefb0039211d4a56`` (koba, 電脳麻将).

Every tile kind is scored by the waits of the riichi player that can still be hit by it,
each weighted by how often that wait shape deals in (the seed's Tenhou statistics):

========================  ======  ================================================
wait                      weight  can hit tile ``n`` when
========================  ======  ================================================
single (単騎)                  1  the player can still hold one more copy of ``n``
double pair (双碰)             2  the player can still hold two more copies
closed (嵌張)                  3  ``n-1`` and ``n+1`` are both still available
edge (辺張)                    3  ``1-2`` waiting on 3, ``8-9`` waiting on 7
two-sided (両面)              10  per side: ``n-2 n-1`` or ``n+1 n+2`` held
========================  ======  ================================================

so with nothing visible honours score 3, terminals 13, 2/8 16, 3/7 19 and 4-6 26 (two
two-sided waits, 20). Then impossible waits are removed:

* **genbutsu (現物)**: a tile the player discarded (or let pass after declaring, the
  ``passed`` tiles) cannot win by ron: score 0.
* **suji (スジ)**: the two-sided wait ``n-2 n-1`` also waits on ``n-3``; if ``n-3`` is
  genbutsu that wait would be furiten, so it is removed (likewise ``n+3`` for the other side).
* **kabe (壁)**: when every copy of a neighbour is visible (your hand included) the player
  cannot hold it, so every run through it is removed.
* **copies visible**: ``v`` copies seen besides the one you would throw: ``v <= 1`` keeps
  single and double pair, ``v = 2`` only single, ``v >= 3`` neither.

This is exactly the seed's ``suan_weixian`` code. Where its prose disagrees we follow the
code: the prose says a non-suji 3 whose 4 is all visible scores 3 (single + double pair),
but the code scores 6, because the edge wait ``1-2`` still hits the 3 (the kabe on 4 only
removes the closed ``2-4`` and two-sided ``4-5`` waits). Our golden test pins 6.

Request (JSON)::

    {"discards": "4m7p1z...",      # the riichi player's discards (required)
     "passed": "3s",               # others' discards after the riichi that the player let
                                   #   pass (furiten, so safe); they stay listed in 'visible'
     "visible": "...",             # every other tile seen: other discards, melds, dora
                                   #   indicators; not the riichi player's discards
     "hand": "..."}                # your concealed tiles (optional; they count as seen)

Tiles are written in the engine notation (``"123m5z"``) or as a list of such strings.

Response: ``{"tiles": [...]}`` with all 34 kinds sorted safest first (score, then kind),
each ``{"tile", "score", "waits": {"single", "double_pair", "closed", "edge",
"two_sided"}, "visible", "reasons": [{"code", "name", "native", "detail"}]}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput, MissingField, TooManyCopies
from ..tiles import NUM_KINDS, is_flower, parse_tiles, tile_name

SINGLE = 1  # 単騎
DOUBLE_PAIR = 2  # 双碰
CLOSED = 3  # 嵌張
EDGE = 3  # 辺張
TWO_SIDED = 10  # 両面

REASONS: dict[str, tuple[str, str]] = {
    "genbutsu": ("genbutsu (discarded by the riichi player)", "現物"),
    "suji": ("suji", "スジ"),
    "kabe": ("kabe (all copies of a neighbour visible)", "壁"),
    "copies_visible": ("copies visible", "見え枚数"),
}


@dataclass(frozen=True, slots=True)
class TileDanger:
    kind: int
    score: int
    waits: dict[str, int]
    visible: int
    reasons: tuple[tuple[str, str], ...]  # (code, detail)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tile": tile_name(self.kind),
            "score": self.score,
            "waits": dict(self.waits),
            "visible": self.visible,
            "reasons": [
                {"code": code, "name": REASONS[code][0], "native": REASONS[code][1],
                 "detail": detail}
                for code, detail in self.reasons
            ],
        }


def read_kinds(value: object, field: str) -> list[int]:
    """Kinds of a tile field given as ``"123m"`` or ``["1m", "2m"]``; flowers refused."""
    if value is None:
        return []
    if isinstance(value, str):
        tiles = parse_tiles(value)
    elif isinstance(value, list | tuple):
        tiles = []
        for item in value:
            if not isinstance(item, str):
                raise BadInput(f"'{field}' must list tiles as text like '5m', got {item!r}")
            tiles.extend(parse_tiles(item))
    else:
        raise BadInput(f"'{field}' must be tiles like '123m5z' or a list of them")
    if any(is_flower(t.kind) for t in tiles):
        raise BadInput(f"'{field}' contains a flower; flowers are never discarded or waited on")
    return [t.kind for t in tiles]


def _count(kinds: Sequence[int]) -> list[int]:
    c = [0] * NUM_KINDS
    for k in kinds:
        c[k] += 1
    return c


def tile_danger(kind: int, furiten: Sequence[bool], table: Sequence[int],
                hand: Sequence[int]) -> TileDanger:
    """Score one kind. ``table`` and ``hand`` count copies seen on the table / in your hand."""
    seen = [table[k] + hand[k] for k in range(NUM_KINDS)]
    # Copies seen besides the one you would throw (which is yours, or stands for yours).
    others = seen[kind] - (1 if hand[kind] else 0)
    waits = {"single": 0, "double_pair": 0, "closed": 0, "edge": 0, "two_sided": 0}
    reasons: list[tuple[str, str]] = []
    if furiten[kind]:
        return TileDanger(kind, 0, waits, others,
                          (("genbutsu", f"{tile_name(kind)} is safe against ron: furiten"),))
    left = 3 - others  # copies the riichi player could still hold
    if left >= 2:
        waits["single"], waits["double_pair"] = SINGLE, DOUBLE_PAIR
    elif left == 1:
        waits["single"] = SINGLE
    if left < 2:
        lost = "no double-pair wait" if left == 1 else "no single or double-pair wait"
        reasons.append(("copies_visible", f"{others} other {tile_name(kind)} visible: {lost}"))
    if kind < 27:
        base = kind - kind % 9
        n = kind % 9 + 1  # rank 1-9

        def avail(rank: int) -> bool:
            return seen[base + rank - 1] < 4

        def fur(rank: int) -> bool:
            return furiten[base + rank - 1]

        kabe_ranks: set[int] = set()
        suji_ranks: list[int] = []
        # Run n-2, n-1, n (waiting on n with n-2 n-1 held).
        if n - 2 >= 1:
            if not (avail(n - 2) and avail(n - 1)):
                kabe_ranks.update(r for r in (n - 2, n - 1) if not avail(r))
            elif n - 2 == 1:
                waits["edge"] += EDGE
            elif fur(n - 3):
                suji_ranks.append(n - 3)
            else:
                waits["two_sided"] += TWO_SIDED
        # Run n-1, n, n+1 (closed wait on n).
        if n - 1 >= 1 and n + 1 <= 9:
            if not (avail(n - 1) and avail(n + 1)):
                kabe_ranks.update(r for r in (n - 1, n + 1) if not avail(r))
            else:
                waits["closed"] += CLOSED
        # Run n, n+1, n+2 (waiting on n with n+1 n+2 held).
        if n + 2 <= 9:
            if not (avail(n + 1) and avail(n + 2)):
                kabe_ranks.update(r for r in (n + 1, n + 2) if not avail(r))
            elif n + 2 == 9:
                waits["edge"] += EDGE
            elif fur(n + 3):
                suji_ranks.append(n + 3)
            else:
                waits["two_sided"] += TWO_SIDED
        if suji_ranks:
            names = " and ".join(tile_name(base + r - 1) for r in suji_ranks)
            reasons.append(("suji", f"{names} discarded: two-sided waits on "
                                    f"{tile_name(kind)} would be furiten"))
        if kabe_ranks:
            names = " and ".join(tile_name(base + r - 1) for r in sorted(kabe_ranks))
            reasons.append(("kabe", f"all four {names} visible: no run through "
                                    f"{'them' if len(kabe_ranks) > 1 else 'it'}"))
    return TileDanger(kind, sum(waits.values()), waits, others, tuple(reasons))


def danger(request: Mapping[str, Any]) -> dict[str, Any]:
    """Score all 34 kinds against one riichi player; see the module docstring for the JSON."""
    if not isinstance(request, Mapping):
        raise BadInput("the danger request must be an object with 'discards'")
    unknown = set(request) - {"discards", "passed", "visible", "hand", "ruleset", "options"}
    if unknown:
        raise BadInput(f"unknown field(s) in the danger request: {', '.join(sorted(unknown))} "
                       "(known: discards, passed, visible, hand)")
    if "discards" not in request:
        raise MissingField("'discards' (the riichi player's discards) is required")
    discards = read_kinds(request["discards"], "discards")
    passed = read_kinds(request.get("passed"), "passed")
    visible = read_kinds(request.get("visible"), "visible")
    hand = _count(read_kinds(request.get("hand"), "hand"))
    # Passed tiles lie in other players' discards, which 'visible' already lists.
    table = _count(discards + visible)
    for k in range(NUM_KINDS):
        if table[k] + hand[k] > 4:
            raise TooManyCopies(
                f"{table[k] + hand[k]} copies of {tile_name(k)} are listed as seen (discards, "
                "visible and hand together); a set has only 4. List the riichi player's "
                "discards only under 'discards', not again under 'visible'",
                params={"tile": tile_name(k), "count": table[k] + hand[k]})
    furiten = [False] * NUM_KINDS
    for k in discards + passed:
        furiten[k] = True
    rows = [tile_danger(k, furiten, table, hand) for k in range(NUM_KINDS)]
    rows.sort(key=lambda r: (r.score, r.kind))
    return {"tiles": [r.to_dict() for r in rows]}
