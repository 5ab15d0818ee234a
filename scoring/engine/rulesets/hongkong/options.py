"""Hong Kong old style (港式 番數) options and presets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import BadOption
from ...options import opt


@dataclass(frozen=True, slots=True)
class Options:
    base: int = field(default=1, metadata=opt(
        "Base (底)", "What one payer's share of a 0-fan self-draw is; every share is base × "
        "the table's multiplier for the fan.", minimum=1))
    min_fan: int = field(default=3, metadata=opt(
        "Minimum fan (起糊)", "A win needs at least this many fan, flowers not counted.",
        minimum=0, maximum=13))
    max_fan: int = field(default=13, metadata=opt(
        "Limit (爆棚) in fan", "Fan above this are not paid; limit hands are worth this.",
        minimum=3, maximum=20))
    spicy: str = field(default="half", metadata=opt(
        "Doubling (辣上)", "Half (半辣上): each fan doubles up to 4, then every second fan "
        "doubles with a half step between (5 fan 24, 6 fan 32...); full (全辣上): each fan "
        "doubles.", choices=("half", "full"),
        labels={"half": "Half (半辣上)", "full": "Full (全辣上)"}))
    responsibility: str = field(default="half", metadata=opt(
        "Discard payment (銃)", "Half (半銃): the discarder pays a share and the other two "
        "half a share each; full (全銃): the discarder pays two shares alone.",
        choices=("half", "full"), labels={"half": "Half (半銃)", "full": "Full (全銃)"}))
    flowers: bool = field(default=True, metadata=opt(
        "Play with flowers (花牌)", "Off: the 136-tile game without the eight flowers."))
    no_flower_fan: bool = field(default=True, metadata=opt(
        "無花 1 fan", "A win without any flower is worth 1 fan."))
    full_flush_fan: int = field(default=7, metadata=opt(
        "清一色 fan", "7, or 6 in some houses.", minimum=6, maximum=7))
    dealer_on_draw: str = field(default="stay", metadata=opt(
        "Dealer after a drawn hand", "Whether the dealer deals again after a drawn hand.",
        choices=("stay", "pass"),
        labels={"stay": "The dealer stays", "pass": "Passes to the next player"}))
    rounds: int = field(default=4, metadata=opt(
        "Wind rounds (圈)", "The game ends after this many rounds.", minimum=1, maximum=4))

    def validate(self) -> None:
        if self.min_fan > self.max_fan:
            raise BadOption("min_fan cannot be above max_fan")
        if self.responsibility == "half" and self.min_fan == 0 and self.base % 2:
            raise BadOption("with 雞糊 allowed (min_fan 0) and 半銃, the base must be even: "
                            "a 0-fan discard win is paid half a base by two players")


PRESETS: dict[str, dict[str, Any]] = {
    "hongkong": {"title": "港式 3番起糊, 13番爆棚, 半辣上, 半銃", "options": {}},
    "hongkong_full_liability": {"title": "港式 全銃 (the discarder pays for all)",
                                "options": {"responsibility": "full"}},
    "hongkong_spicy": {"title": "港式 全辣上 (every fan doubles), 10番爆棚",
                       "options": {"spicy": "full", "max_fan": 10}},
    "hongkong_chicken": {"title": "雞糊 allowed (0番起糊), 8番爆棚",
                         "options": {"min_fan": 0, "max_fan": 8, "base": 2}},
}
