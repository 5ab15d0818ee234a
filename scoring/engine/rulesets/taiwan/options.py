"""Taiwan 16-tile (台灣十六張) options and presets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...options import opt


@dataclass(frozen=True, slots=True)
class Options:
    base: int = field(default=30, metadata=opt(
        "Base (底)", "What every payment starts with, before the 台.", minimum=0))
    per_tai: int = field(default=10, metadata=opt(
        "Value of one 台", "Each payment is 底 + 台 × this.", minimum=0))
    flowers: bool = field(default=True, metadata=opt(
        "Play with flowers (花牌)", "Off: the 136-tile game without the eight flowers."))
    flower_tai: str = field(default="seat", metadata=opt(
        "Flower 台", "Which flowers are worth 1 台 each.", choices=("seat", "each"),
        labels={"seat": "Only your own two flowers (正花)", "each": "Every flower (見花見台)"}))
    flower_kong_tai: int = field(default=2, metadata=opt(
        "花槓 (four seasons or four flowers)", "台 for each complete set of four.",
        minimum=0, maximum=8))
    concealed_self_draw_tai: int = field(default=3, metadata=opt(
        "門清自摸", "台 for a concealed self-drawn win, instead of 門清 1 + 自摸 1.",
        minimum=2, maximum=4))
    dealer_streak: str = field(default="2n", metadata=opt(
        "連莊 台", "台 for the dealer's streak (連N拉N), on top of the dealer's 1.",
        choices=("2n", "n"),
        labels={"2n": "2N 台 (連一拉一 = 3)", "n": "N 台 (連N only)"}))
    heavenly_tai: int = field(default=24, metadata=opt(
        "天胡", "台 for the dealer's win on the first draw.", minimum=8, maximum=32))
    cap_tai: int | None = field(default=None, metadata=opt(
        "Cap in 台", "Empty: no cap.", minimum=1, maximum=200))
    dealer_on_draw: str = field(default="stay", metadata=opt(
        "Dealer after a drawn hand", "Whether the dealer deals again after a drawn hand.",
        choices=("stay", "pass"),
        labels={"stay": "The dealer stays", "pass": "Passes to the next player"}))
    rounds: int = field(default=4, metadata=opt(
        "Wind rounds (圈)", "The game ends after this many rounds; 4 is one 將.",
        minimum=1, maximum=4))


PRESETS: dict[str, dict[str, Any]] = {
    "taiwan": {"title": "台灣十六張 (底 30, 台 10, 正花)", "options": {}},
    "taiwan_50_20": {"title": "台灣十六張 (底 50, 台 20)", "options": {"base": 50, "per_tai": 20}},
    "taiwan_each_flower": {"title": "見花見台 (every flower 1 台)",
                           "options": {"flower_tai": "each"}},
    "taiwan_no_flowers": {"title": "十六張 without flowers", "options": {"flowers": False}},
}
