"""What the table page's scripts need besides the snapshot: translated strings and, per
ruleset, how its outcomes are entered (which quick fields, which tile flags).

Everything here is plain data sent to the browser with ``json_script``; labels are lazy
translations so ``makemessages`` finds them and each page gets the reader's language.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# Strings the scripts show; keys are what static/js/*.js look up with t("key").
STRINGS: dict[str, Any] = {
    "connecting": _("Connecting…"),
    "live": _("Live"),
    "offline": _("Offline, reconnecting…"),
    "saved": _("Saved."),
    "stale": _("Someone else changed the table first; the latest state is shown. Check "
               "and save again."),
    "error": _("Not saved"),
    "forbidden_watch": _("You may not watch this table."),
    "not_found": _("This table does not exist."),
    "no_hands": _("No hands recorded yet."),
    "start": _("Start"),
    "final": _("Final settlement"),
    "chart": _("Score chart"),
    "incomplete": _("Not complete yet"),
    "choose": _("choose…"),
    "pick_winner": _("Pick the winner."),
    "pick_discarder": _("Pick who discarded the winning tile."),
    "pick_tiles": _("Tap the 13 tiles of the hand and the winning tile."),
    "pick_penalised": _("Pick the penalised player."),
    "pick_quick": _("Type in the hand's value."),
    "add_event": _("Add what happened in this hand."),
    "preview_none": _("Fill in the hand to see what everyone pays."),
    "save_hand": _("Save hand"),
    "save_correction": _("Save correction"),
    "correcting": _("Correcting hand"),
    "outcome": _("Result"),
    "winner": _("Winner"),
    "discarder": _("Discarder"),
    "self_draw": _("Self-draw"),
    "pao": _("Responsible (pao)"),
    "none": _("nobody"),
    "add_winner": _("Add another winner"),
    "remove": _("Remove"),
    "mode_tiles": _("Tiles"),
    "mode_quick": _("Quick"),
    "riichi_declared": _("Riichi declared"),
    "tenpai": _("Ready (tenpai)"),
    "shown_hands": _("Hands shown (optional)"),
    "shown_hand": _("shown hand"),
    "nagashi": _("Nagashi mangan"),
    "penalised": _("Penalised player"),
    "abortive_kind": _("Kind of abortive draw"),
    "flags": _("How it was won"),
    "concealed": _("Concealed tiles"),
    "win_tile": _("Winning tile"),
    "flowers": _("Flowers"),
    "meld_chi": _("chi"),
    "meld_pon": _("pon"),
    "meld_kan": _("kan"),
    "meld_ankan": _("concealed kan"),
    "meld_kakan": _("added kan"),
    "clear": _("Clear"),
    "add_meld": _("Add meld"),
    "events": _("What happened, in order"),
    "add_win": _("Add a win"),
    "add_kong": _("Add a kong"),
    "kong": _("Kong"),
    "kong_kind": _("Kong kind"),
    "kong_concealed": _("concealed"),
    "kong_added": _("added"),
    "kong_direct": _("direct (from a discard)"),
    "feeder": _("Discarded by"),
    "player": _("Player"),
    "with_previous": _("Same discard as the previous win"),
    "wall_ran_out": _("The wall ran out: players still in"),
    "ready_fan": _("Fan if ready (empty: not ready)"),
    "flower_pig": _("Flower pig"),
    "missing_suits": _("Missing suit of each player (dingque)"),
    "missing_unknown": _("unknown"),
    "suit_m": _("Characters"),
    "suit_p": _("Dots"),
    "suit_s": _("Bamboo"),
    "jing": _("Jing tiles turned up"),
    "jing_zheng": _("Zheng jing"),
    "jing_fu": _("Fu jing"),
    "undone": _("Hand undone"),
    "recorded": _("Hand recorded"),
    "redone": _("Hand redone"),
    "corrected": _("Hand corrected"),
    "ended": _("Game ended"),
    "reopened": _("Game reopened"),
    "wind_E": _("East"),
    "wind_S": _("South"),
    "wind_W": _("West"),
    "wind_N": _("North"),
    "type_ron": _("Ron (win on a discard)"),
    "type_tsumo": _("Tsumo (self-draw)"),
    "type_win": _("Win"),
    "type_draw": _("Exhaustive draw"),
    "type_abortive": _("Abortive draw"),
    "type_chombo": _("Chombo"),
    "type_nagashi": _("Nagashi mangan"),
    "type_penalty": _("Penalty (false win)"),
    "type_false_win": _("False win (詐糊)"),
    "type_hand": _("Hand (wins, kongs, draw)"),
    "creator": _("creator"),
    "staff": _("staff"),
    "confirm_end": _("End the game now? The final settlement will be added."),
    "confirm_undo": _("Undo the last hand?"),
    # Another phone changed the table (shown in an open record form, and as a notice).
    "just_recorded": _("Hand %(number)s was just recorded by %(actor)s"),
    "just_corrected": _("Hand %(number)s was just corrected by %(actor)s"),
    "just_undone": _("Hand %(number)s was just undone by %(actor)s"),
    "just_undone_correction": _("The correction of hand %(number)s was just undone by "
                                "%(actor)s"),
    "just_redone": _("Hand %(number)s was just redone by %(actor)s"),
    "just_ended": _("%(actor)s just ended the game"),
    "just_reopened": _("%(actor)s just reopened the game"),
    "just_changed": _("%(actor)s just changed the table"),
    "what_and_which": pgettext_lazy("a change at the table, then the hand's summary",
                                    "%(what)s: %(summary)s"),
    "discard_mine": _("Discard mine"),
    "record_as": _("Record mine as hand %(number)s"),
    "correct_anyway": _("Correct hand %(number)s anyway"),
    # Presence: who is entering a hand on another phone.
    "presence_entering": _("%(name)s is entering a hand…"),
    "presence_correcting": _("%(name)s is correcting hand %(number)s…"),
    # The outbox: hands saved on this phone and not yet recorded.
    "outbox_one": _("1 hand waiting to send"),
    "outbox_many": _("%(count)s hands waiting to send"),
    "offline_save": _("Offline: Save keeps the hand on this phone and sends it when the "
                      "connection returns; the payments are worked out then."),
    "offline_action": _("You are offline; try again when the connection returns."),
    "a_hand": _("A hand"),
    "latest_hand": _("Latest: hand %(number)s by %(actor)s: %(summary)s."),
    "not_recorded_stale": _("Not recorded: %(label)s. Someone changed the table before it "
                            "arrived."),
    "not_recorded_error": _("Not recorded: %(label)s (%(reason)s)."),
    "server_failed": _("the server could not take it"),
    "edit": _("Edit"),
    # The "you" line, kept current when seats change.
    "you_sit": _("You sit as %(name)s."),
    "you_creator": _("You created this table and can record hands."),
    "you_watch": _("You are watching."),
    "take_seat": _("Take a seat"),
    "seat_freed": _("Your seat was freed: this phone now only watches."),
}

# Tile-mode flags and quick-mode fields of each ruleset. ``flags_on`` says whether the
# flags go into the win's ``hand`` request or (Sichuan) on the win event itself.
_RIICHI_FLAGS = [
    ("riichi", _("Riichi (yaku)")), ("double_riichi", _("Double riichi")),
    ("ippatsu", _("Ippatsu")), ("rinshan", _("After a kan (rinshan)")),
    ("chankan", _("Robbing a kan (chankan)")), ("haitei", _("Last tile (haitei)")),
    ("houtei", _("Last discard (houtei)")), ("tenhou", _("Tenhou")),
    ("chiihou", _("Chiihou")), ("renhou", _("Renhou")),
]
_MCR_FLAGS = [
    ("last_tile", _("Last tile of its kind")), ("kong", _("Kong replacement or robbing")),
    ("wall_last", _("Last tile of the wall")), ("heavenly_hand", _("Heavenly hand")),
    ("earthly_hand", _("Earthly hand")), ("human_hand", _("Human hand")),
]
_SICHUAN_FLAGS = [
    ("after_kong", _("Win after a kong")), ("kong_discard", _("Discard after a kong")),
    ("robbing_kong", _("Robbing a kong")), ("last_tile", _("Last tile")),
]
_KONG_FLAG = [("after_kong", _("Win after a kong"))]
# Taiwan and Hong Kong: the least the current record form needs (quick mode, flags);
# the form rebuilt from the packages' entry specs replaces these.
_TAIWAN_FLAGS = [
    ("after_kong", _("Win on a replacement tile (after a kong or a flower)")),
    ("robbing_kong", _("Robbing a kong")),
    ("last_tile", _("Last tile of the wall, drawn or discarded")),
]
_HONGKONG_FLAGS = [
    ("after_kong", _("Win after a kong")),
    ("double_kong", _("Win after two kongs in a row (槓上槓)")),
    ("robbing_kong", _("Robbing a kong")), ("last_tile", _("Last tile of the wall (海底撈月)")),
]

RULESET_UI: dict[str, dict[str, Any]] = {
    "riichi": {
        "multi_ron": True, "pao": True, "riichi_sticks": True, "red_fives": True,
        "flowers": False, "flags": _RIICHI_FLAGS, "flags_on": "hand",
        "indicators": [("dora_indicators", _("Dora indicators")),
                       ("ura_indicators", _("Ura dora indicators"))],
        "quick": [("han", _("Han"), 1), ("fu", _("Fu"), 30), ("yakuman", _("Yakuman"), None),
                  ("points", _("Points (instead of han/fu)"), None)],
        "abortive": [("kyuushu_kyuuhai", _("Nine terminals")),
                     ("suufon_renda", _("Four winds discarded")),
                     ("suucha_riichi", _("Four riichi")), ("suukaikan", _("Four kans")),
                     ("sanchahou", _("Triple ron"))],
    },
    "mcr": {
        "flowers": True, "flags": _MCR_FLAGS, "flags_on": "hand", "indicators": [],
        "quick": [("fan", _("Fan (flowers included)"), 8), ("flowers", _("Flowers"), None)],
    },
    "sichuan": {
        # 108 tiles and no chow: the picker offers neither honours nor chi.
        "honours": False, "no_chow": True,
        "flowers": False, "flags": _SICHUAN_FLAGS, "flags_on": "event", "indicators": [],
        "quick": [("fan", _("Fan (without self-draw)"), 0)],
    },
    "wuhu": {
        "flowers": False, "flags": _KONG_FLAG, "flags_on": "hand", "indicators": [],
        "quick": [("zhi", _("Zhi (suit tiles)"), 8), ("ya", _("Ya"), 0),
                  ("mouths", _("Mouths"), None), ("exposed_kongs", _("Exposed kongs"), None),
                  ("concealed_kongs", _("Concealed kongs"), None),
                  ("after_kong", _("Win after a kong"), False)],
    },
    "jian": {
        "flowers": False, "flags": _KONG_FLAG, "flags_on": "hand", "indicators": [],
        "jing": True,
        "quick": [("shape", _("Shape"), "plain"), ("deguo", _("De guo (no wild jing)"), False),
                  ("jingdiao", _("Jing diao"), False),
                  ("after_kong", _("Win after a kong"), False)],
        "shapes": [("plain", _("Plain")), ("thirteen_lan", _("Thirteen lan")),
                   ("seven_star_lan", _("Seven-star lan")), ("small_seven", _("Small seven")),
                   ("big_seven", _("Big seven"))],
    },
    "taiwan": {
        "flowers": False, "flags": _TAIWAN_FLAGS, "flags_on": "hand", "indicators": [],
        "quick": [("tai", _("Tai (without the dealer's)"), 1)],
    },
    "hongkong": {
        "pao": True, "flowers": False, "flags": _HONGKONG_FLAGS, "flags_on": "hand",
        "indicators": [],
        "quick": [("fan", _("Fan (flowers included)"), 3), ("flowers", _("Fan from flowers"), 0)],
    },
}


def _pairs(items: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    out = []
    for item in items:
        entry = {"name": item[0], "label": str(item[1])}
        if len(item) > 2:
            entry["default"] = item[2]
        out.append(entry)
    return out


def strings() -> dict[str, str]:
    """The script strings in the active language."""
    return {key: str(value) for key, value in STRINGS.items()}


def ruleset_ui(name: str) -> dict[str, Any]:
    """How ``name``'s outcomes are entered, labels in the active language."""
    spec = RULESET_UI.get(name, {})
    out: dict[str, Any] = {"name": name}
    for key, value in spec.items():
        if isinstance(value, list):
            out[key] = _pairs(value)
        else:
            out[key] = value
    out.setdefault("quick", [])
    out.setdefault("flags", [])
    out.setdefault("indicators", [])
    return out
