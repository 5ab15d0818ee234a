"""Ji'an 冲关 (吉安冲关麻将) options and presets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...options import opt


@dataclass(frozen=True, slots=True)
class Options:
    chip: int = field(default=1, metadata=opt(
        "Chip value (子)", "Every payment is counted in chips; this multiplies them.",
        minimum=1))
    discard_payment: str = field(default="all_pay", metadata=opt(
        "Discard payment", "all_pay: all three pay, the discarder one more fan (点炮) and "
        "the 德国 bonus (reproduces the seed's 庄点闲 / 闲点闲 / 闲点庄 figures); "
        "discarder_only: only the discarder pays.", choices=("all_pay", "discarder_only")))
    deguo_bonus: int = field(default=5, metadata=opt(
        "德国 bonus", "Chips added per payer to a win made without using 精 as wild.",
        minimum=0))
    zheng_jing: int = field(default=2, metadata=opt(
        "正精 count", "How many 精 one 正精 tile counts for.", minimum=1))
    fu_jing: int = field(default=1, metadata=opt(
        "副精 count", "How many 精 one 副精 tile counts for.", minimum=1))
    chongguan_at: int = field(default=5, metadata=opt(
        "冲关 from", "n 精 at or above this collect (n − 3) × n from each player.",
        minimum=4))
    bajing: str = field(default="always", metadata=opt(
        "霸精", "A lone holder of 精 doubles: always, only with 冲关, or off.",
        choices=("always", "chongguan_only", "off")))
    jing_on_draw: bool = field(default=False, metadata=opt(
        "精 paid on a drawn hand", "By default a drawn hand (荒庄) pays no 精."))
    dealer_on_draw: str = field(default="stay", metadata=opt(
        "Dealer after a drawn hand", "stay or pass to the next player.",
        choices=("stay", "pass")))
    game_hands: int = field(default=0, metadata=opt(
        "Hands per game", "0 plays until the table ends the game.", minimum=0))


PRESETS: dict[str, dict[str, Any]] = {
    "jian": {"title": "吉安冲关 (all three pay a discard)", "options": {}},
    "jian_discarder_pays": {"title": "吉安冲关, discarder alone pays",
                            "options": {"discard_payment": "discarder_only"}},
}
