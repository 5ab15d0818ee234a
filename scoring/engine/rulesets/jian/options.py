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
        "Discard payment", "Who pays for a win on a discard. When all three pay, the "
        "discarder pays one more fan (点炮) and the 德国 bonus (the seed's "
        "庄点闲 / 闲点闲 / 闲点庄 figures).", choices=("all_pay", "discarder_only"),
        labels={"all_pay": "All three pay", "discarder_only": "The discarder alone pays"}))
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
        choices=("always", "chongguan_only", "off"),
        labels={"always": "Always", "chongguan_only": "Only with 冲关", "off": "Off"}))
    bajing_holder: str = field(default="any", metadata=opt(
        "霸精 holder", "Who has 霸精 when alone holding 精 (the seed: \"如只有庄家有精\", "
        "only the dealer).", choices=("any", "dealer"),
        labels={"any": "Whoever alone holds 精", "dealer": "Only the dealer"}))
    bajing_bonus: str = field(default="double", metadata=opt(
        "霸精 payment", "How the lone holder of 精 is paid more.",
        choices=("double", "plus_ten"),
        labels={"double": "精 payment doubled (霸王×2)",
                "plus_ten": "Each other player pays 10 more (霸王+10)"}))
    discarded_jing: bool = field(default=False, metadata=opt(
        "Discarded 精 count", "精 a player has discarded still count for them, towards "
        "冲关 too (打出精牌算分); the table records them per player."))
    lower_jing: int = field(default=0, metadata=opt(
        "下精 turns", "精 pairs turned again at the end of the hand and counted like the "
        "first (下精): 0 none, 1 下精, 2 下精 and 回头一笑.", minimum=0, maximum=2))
    exposed_kong: int = field(default=0, metadata=opt(
        "明杠 chips", "Chips each other player pays for an exposed kong; 0: kongs of this "
        "kind pay nothing.", minimum=0))
    concealed_kong: int = field(default=0, metadata=opt(
        "暗杠 chips", "Chips each other player pays for a concealed kong.", minimum=0))
    jing_kong: int = field(default=0, metadata=opt(
        "精杠 chips", "Chips each other player pays for a kong of four 精.", minimum=0))
    jingdiao_discard: str = field(default="as_jingdiao", metadata=opt(
        "Discard into a 精调 hand", "How a discard into a 精调 hand is paid (the seed: "
        "\"点炮(等于精调)\").", choices=("as_jingdiao", "plain_discard"),
        labels={"as_jingdiao": "As a 精调 self-draw, paid by all three",
                "plain_discard": "An ordinary discard win (精调 only on a self-draw)"}))
    dezhongde: bool = field(default=False, metadata=opt(
        "德中德", "A 德国 win while no other player holds any 精 counts one more fan (×4)."))
    heaven_earth_times: int = field(default=0, metadata=opt(
        "天胡 / 地胡 multiple", "Each payer pays this many times the hand: 天胡 (the dealer "
        "wins on the deal, no 自摸 fan) and 地胡 (the dealer's first discard, no 点炮 fan); "
        "0: not played.", minimum=0, maximum=100))
    robbing_kong: bool = field(default=False, metadata=opt(
        "抢杠 ×2", "A win on a tile robbed from an added kong: the robbed player pays one "
        "more fan (double)."))
    wild_plain_self_draw_only: bool = field(default=False, metadata=opt(
        "平胡 with wild 精: self-draw only", "A 平胡 that uses 精 as wild can only be won by "
        "self-draw; other shapes and 德国 may still be won on a discard."))
    seven_stars_natural: bool = field(default=False, metadata=opt(
        "七星 honours not 精", "七星十三烂 needs all seven honours as real tiles: 精 cannot "
        "stand for them."))
    honour_chows: bool = field(default=False, metadata=opt(
        "Honour chows", "Any three different winds, or 中发白, make a chow (concealed or "
        "declared as chi)."))
    jing_on_draw: bool = field(default=False, metadata=opt(
        "精 paid on a drawn hand", "By default a drawn hand (荒庄) pays no 精."))
    dealer_on_draw: str = field(default="stay", metadata=opt(
        "Dealer after a drawn hand", "Whether the dealer deals again after a drawn hand.",
        choices=("stay", "pass"),
        labels={"stay": "The dealer stays", "pass": "Passes to the next player"}))
    game_hands: int = field(default=0, metadata=opt(
        "Hands per game", "0 plays until the table ends the game.", minimum=0))


# A Ji'an game server's 冲关 rules (QuiQiJingFeng/M2_CLIENT, cgmjRuleListLayer): kongs 2 / 2
# / 10 from each, 下精, 德中德, 天胡/地胡 ×20, 抢杠 ×2, 平胡 with wild 精 self-drawn only, 七星
# honours real, honour chows, 精调 only on a self-draw.
GAME_SERVER = {"exposed_kong": 2, "concealed_kong": 2, "jing_kong": 10, "lower_jing": 1,
               "dezhongde": True, "heaven_earth_times": 20, "robbing_kong": True,
               "wild_plain_self_draw_only": True, "seven_stars_natural": True,
               "honour_chows": True, "jingdiao_discard": "plain_discard"}

PRESETS: dict[str, dict[str, Any]] = {
    "jian": {"title": "吉安冲关 (all three pay a discard)", "options": {}},
    "jian_discarder_pays": {"title": "吉安冲关, discarder alone pays",
                            "options": {"discard_payment": "discarder_only"}},
    "jian_server": {"title": "吉安冲关, game-server rules (杠分, 下精, 德中德, 天胡/地胡 ×20)",
                    "options": GAME_SERVER},
}
