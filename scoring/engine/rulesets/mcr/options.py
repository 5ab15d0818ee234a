"""Rule variants of Chinese Official (MCR) scoring and settlement."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import BadOption
from ...options import opt


@dataclass(frozen=True)
class Options:
    min_fan: int = field(default=8, metadata=opt(
        "Minimum fan", "Fan a hand needs to be allowed to win (起和番); flowers never count "
        "toward it.", minimum=0, maximum=88))
    base: int = field(default=8, metadata=opt(
        "Base payment", "Points every loser pays on top of the fan (底分).", minimum=0,
        maximum=1000))
    flowers_count: bool = field(default=True, metadata=opt(
        "Flowers score", "Each flower is worth 1 fan (花牌), added after the minimum check."))
    quanchong: bool = field(default=False, metadata=opt(
        "Discarder pays all (全铳)", "On a discard win the discarder alone pays what the three "
        "losers would have paid (fan + 3 x base); the other two pay nothing."))
    heavenly_hand: bool = field(default=False, metadata=opt(
        "Heavenly hand (天和)", "Dealer wins on the dealt fourteen tiles: scored as 88 fan "
        "(the common club convention; not one of the official 81 fans)."))
    earthly_hand: bool = field(default=False, metadata=opt(
        "Earthly hand (地和)", "A non-dealer wins on the dealer's first discard before any "
        "claim: 88 fan (club convention)."))
    human_hand: bool = field(default=False, metadata=opt(
        "Human hand (人和)", "A non-dealer wins by self-draw on their first draw before any "
        "claim: 64 fan (club convention)."))
    heavenly_points: int = field(default=88, metadata=opt(
        "Heavenly hand fan", "Fan for 天和 when enabled.", minimum=1, maximum=88))
    earthly_points: int = field(default=88, metadata=opt(
        "Earthly hand fan", "Fan for 地和 when enabled.", minimum=1, maximum=88))
    human_points: int = field(default=64, metadata=opt(
        "Human hand fan", "Fan for 人和 when enabled.", minimum=1, maximum=88))
    dead_waits: bool = field(default=False, metadata=opt(
        "Dead waits count (边张/坎张/单钓将)", "Off: a tile the winner already holds all four "
        "of (in the hand or in melds) is no wait, so a hand whose other wait is dead still "
        "scores 边张, 坎张 or 单钓将 (独听). On: waits are counted by the shape of the hand "
        "alone, so that hand has two waits and no wait fan (pymahjonggb and several online "
        "platforms)."))
    false_win_penalty: int = field(default=10, metadata=opt(
        "False win penalty (错和)", "Points a player who declares a false win pays to each of "
        "the other three.", minimum=0, maximum=1000))
    placement_points: tuple[int, ...] = field(default=(4, 2, 1, 0), metadata=opt(
        "Placement points", "Table points for 1st, 2nd, 3rd and 4th place at the end of a "
        "game (标准分); tied players share the points of the places they cover."))

    def validate(self) -> None:
        pts = self.placement_points
        if len(pts) != 4:
            raise BadOption(
                f"placement_points needs four numbers (1st to 4th), got {len(pts)}",
                params={"option": "placement_points", "needed": [4], "count": len(pts),
                        "reason": "per_place"})
        if any(isinstance(p, bool) or not isinstance(p, int) for p in pts):
            raise BadOption(f"placement_points must be whole numbers, got {list(pts)}")
        if list(pts) != sorted(pts, reverse=True):
            raise BadOption(
                f"placement_points must not increase from 1st to 4th place, got {list(pts)}")


PRESETS: dict[str, dict[str, Any]] = {
    "official": {"title": "Official rules (8 fan minimum, flowers score)", "options": {}},
    "no_flowers": {"title": "Official rules without flowers",
                   "options": {"flowers_count": False}},
    "club": {"title": "Club rules: 天和/地和/人和 and the discarder pays all (全铳)",
             "options": {"heavenly_hand": True, "earthly_hand": True, "human_hand": True,
                         "quanchong": True}},
}
