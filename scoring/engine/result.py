"""The one result contract every ruleset returns, for a scored win and a recorded hand.

Every ruleset's ``score(request)`` adds these keys to its response (its older, ruleset
-specific fields stay beside them for the API's existing callers), and every entry of a
recorded hand's ``HandSettlement["results"]`` that settles something carries them too:

``items``: list of :class:`Item`
    one entry per scoring element, in the order the ruleset shows them: riichi's yaku and
    its dora, aka and ura; MCR's fans and flowers; Sichuan's fans; Wuhu's 底番, 支番,
    嘴子 and kongs; Ji'an's fans per payer (each with its ``payer``).
``headline``: :class:`Headline`
    the figures a player names the hand by ("3 han 40 fu, 5200", "24 fan", "全交 30").
``ledger``: list of :class:`Payment`
    every player's change split by cause (hand, honba, sticks, kong, 精, 查叫 ...). The
    amounts and ``pot_change`` add up to zero: ``sum(p["amount"]) + pot_change == 0``.
``pot_change``: int
    what went into (+) or came out of (-) the pot (riichi sticks); 0 elsewhere.
``players``: int
    how many players the ledger's ``player`` indices count (today 4; a 3-player table
    will say 3). Nothing here assumes four players.

Players are indices. In a recorded hand they are the table's players (0 is the first
dealer); in a stand-alone score request they are the request's own seats: the player
numbers of the Chinese rulesets' requests (``winner``, ``discarder``), and for riichi and
MCR, whose requests name seat winds, the wind order from East (E=0, S=1, W=2, N=3).

A hand settled at the table also gets ``HandSettlement["ledger"]``: the whole hand's
payments by cause (a riichi stick put in the pot, a Sichuan kong, 退税 ...), of which
each result's ``ledger`` is that result's own part.

The English ``name`` of an item and the English ``limit`` of a headline are msgids: the
site translates them (see :func:`msgids` and ``scoring/option_labels.py``); ``native``
is shown as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, NotRequired, TypedDict

# The units a value can be counted in. "base" is Sichuan's 底 (paid base × 2^fan), "zhi"
# Wuhu's 支, "mouth" a 嘴子, "chips" a Ji'an/Wuhu chip, "points" riichi/MCR points.
Unit = Literal["han", "fan", "fu", "yakuman", "zhi", "mouth", "chips", "tai", "points",
               "base", "count"]
UNITS: tuple[str, ...] = ("han", "fan", "fu", "yakuman", "zhi", "mouth", "chips", "tai",
                          "points", "base", "count")

# Why a payment was made. Finer than the table ledger's reasons (kept in the database;
# see :data:`REASON_OF`), so the site can say "查叫" rather than "draw".
Cause = Literal[
    "hand",  # the payment for a win
    "honba",  # riichi counters (本場)
    "sticks",  # riichi sticks: put into the pot (negative) or collected from it (positive)
    "pao",  # the responsible player's share of a win (包)
    "kong",  # kong payments when declared (刮风下雨, 杠分)
    "kong_transfer",  # 杠上炮 呼叫转移: a kong's income handed to the winner
    "tuishui",  # 退税: kong income given back at an exhaustive draw
    "jing",  # Ji'an 精 payments below 冲关
    "chongguan",  # Ji'an 冲关 (5 精 or more; 霸精 included)
    "flowers",  # flower payments where they are paid apart from the hand
    "chajiao",  # 查叫 / 查大叫: a player not ready pays the ready at an exhaustive draw
    "flower_pig",  # 花猪: a player holding three suits at an exhaustive draw
    "noten",  # riichi: noten players pay the tenpai players at an exhaustive draw
    "nagashi",  # riichi: nagashi mangan
    "penalty",  # chombo, false win
    "uma",  # end-of-game placement bonus
    "oka",  # end-of-game return-points bonus
    "leftover",  # riichi sticks left in the pot at the end of the game
]
CAUSES: tuple[str, ...] = (
    "hand", "honba", "sticks", "pao", "kong", "kong_transfer", "tuishui", "jing",
    "chongguan", "flowers", "chajiao", "flower_pig", "noten", "nagashi", "penalty", "uma",
    "oka", "leftover")

# The table ledger's coarser reason of each cause (``scoring.engine.game.Reason``, the
# values the site's database stores).
REASON_OF: dict[str, str] = {
    "hand": "hand", "honba": "honba", "sticks": "riichi", "pao": "pao", "kong": "kong",
    "kong_transfer": "kong", "tuishui": "kong", "jing": "bonus", "chongguan": "bonus",
    "flowers": "bonus", "chajiao": "draw", "flower_pig": "penalty", "noten": "draw",
    "nagashi": "hand", "penalty": "penalty", "uma": "uma", "oka": "oka",
    "leftover": "leftover",
}


class Item(TypedDict):
    """One scoring element of a hand.

    ``value`` is what one unit of it is worth and ``count`` how many the hand holds, so
    three dora are ``{"value": 1, "unit": "han", "count": 3}`` and two concealed kongs in
    Wuhu ``{"value": 2, "unit": "chips", "count": 2}``; the element is worth
    ``value * count`` in ``unit``.
    """

    key: str  # stable id within the ruleset: "riichi", "dora", "full_flush", "four_alive"
    name: str  # English (a msgid)
    native: str  # 立直, 清一色, 嘴子·通天 ... as the players say it
    value: int
    unit: Unit
    count: int
    payer: NotRequired[int]  # Ji'an: the player this item counts for (fans differ by payer)


ITEM_KEYS = frozenset({"key", "name", "native", "value", "unit", "count"})


class Headline(TypedDict):
    """The figures a hand is named by.

    ``value`` in ``unit`` is the hand's size as players say it (riichi han, or the
    yakuman multiple with unit "yakuman"; MCR's total fan; Sichuan's fan; Wuhu's value
    in chips; Ji'an's total in chips). ``points`` is the *hand value*: what the winner
    receives for the hand itself, before honba, riichi sticks, kongs, 精 and the like
    (the ledger's ``hand`` and ``pao`` rows); None when the request names no payer (an
    MCR ron without its discarder).
    """

    value: int
    unit: Unit
    points: int | None
    fu: NotRequired[int]  # riichi
    limit: NotRequired[str | None]  # riichi mangan ... (English msgid); Sichuan "cap"
    native_limit: NotRequired[str | None]  # 満貫, 封顶, 全交 ...


class Payment(TypedDict):
    """One player's change for one cause."""

    player: int
    amount: int
    cause: Cause


class Contract(TypedDict):
    """The keys every score response and every settling result carries."""

    players: int
    items: list[Item]
    headline: Headline | None  # None for what is not a win: a draw, 精 payments
    ledger: list[Payment]
    pot_change: int


# --- building ---------------------------------------------------------------------------


def item(key: str, name: str, native: str, value: int, unit: Unit, count: int = 1,
         payer: int | None = None) -> Item:
    out = Item(key=key, name=name, native=native, value=value, unit=unit, count=count)
    if payer is not None:
        out["payer"] = payer
    return out


def headline(value: int, unit: Unit, points: int | None, **extra: object) -> Headline:
    out = Headline(value=value, unit=unit, points=points)
    out.update(extra)  # type: ignore[typeddict-item]  # fu / limit / native_limit only
    return out


class Ledger:
    """Payments collected one (player, cause) at a time; zero amounts are dropped.

    Payments in and out for the same cause stay apart (a riichi stick put in and the pot
    won back are two rows), in the order first seen.
    """

    __slots__ = ("_amounts",)

    def __init__(self) -> None:
        self._amounts: dict[tuple[int, str, bool], int] = {}

    def add(self, player: int, amount: int, cause: Cause) -> None:
        if amount:
            key = (player, cause, amount > 0)
            self._amounts[key] = self._amounts.get(key, 0) + amount

    def pay(self, payer: int, receiver: int, amount: int, cause: Cause) -> None:
        """``payer`` gives ``receiver`` ``amount`` for ``cause``."""
        self.add(payer, -amount, cause)
        self.add(receiver, amount, cause)

    def add_deltas(self, deltas: Iterable[int] | Mapping[int, int], cause: Cause) -> None:
        pairs = deltas.items() if isinstance(deltas, Mapping) else enumerate(deltas)
        for player, amount in pairs:
            self.add(player, amount, cause)

    def extend(self, payments: Iterable[Payment]) -> None:
        for p in payments:
            self.add(p["player"], p["amount"], p["cause"])

    def payments(self) -> list[Payment]:
        return [Payment(player=p, amount=a, cause=c)  # type: ignore[typeddict-item]
                for (p, c, _), a in self._amounts.items()]


def payments_of(deltas: Sequence[int] | Mapping[int, int], cause: Cause = "hand"
                ) -> list[Payment]:
    """One payment per non-zero delta, all for ``cause``."""
    ledger = Ledger()
    ledger.add_deltas(deltas, cause)
    return ledger.payments()


def contract(items: list[Item], head: Headline | None, ledger: list[Payment], players: int = 4,
             pot_change: int = 0) -> Contract:
    return Contract(players=players, items=items, headline=head, ledger=ledger,
                    pot_change=pot_change)


def shifted(payments: Iterable[Payment], seat_to_player: Sequence[int]) -> list[Payment]:
    """The same payments with seat indices renamed to table players (riichi/MCR score
    requests count seats from East; a table counts players from the first dealer)."""
    return [Payment(player=seat_to_player[p["player"]], amount=p["amount"],
                    cause=p["cause"]) for p in payments]


# --- checking ---------------------------------------------------------------------------


class ContractError(AssertionError):
    """A ruleset returned something that breaks the contract (a bug, never user input)."""


def check(result: Mapping[str, object]) -> None:
    """Raise :class:`ContractError` unless ``result`` carries the contract correctly."""
    for key in ("players", "items", "headline", "ledger", "pot_change"):
        if key not in result:
            raise ContractError(f"result lacks {key!r}")
    players = result["players"]
    if not isinstance(players, int) or players < 2:
        raise ContractError(f"players must be a count of at least 2, got {players!r}")
    items = result["items"]
    if not isinstance(items, list):
        raise ContractError("items must be a list")
    for it in items:
        if not isinstance(it, Mapping) or set(it) - {"payer"} != ITEM_KEYS:
            raise ContractError(f"bad item {it!r}")
        if it["unit"] not in UNITS or not all(isinstance(it[k], int) and not isinstance(
                it[k], bool) for k in ("value", "count")):
            raise ContractError(f"bad item {it!r}")
        if not (isinstance(it["key"], str) and it["key"] and isinstance(it["name"], str)
                and isinstance(it["native"], str)):
            raise ContractError(f"bad item {it!r}")
        if "payer" in it and not 0 <= it["payer"] < players:
            raise ContractError(f"item payer out of range: {it!r}")
    head = result["headline"]
    if head is not None and not _good_headline(head):
        raise ContractError(f"bad headline {head!r}")
    ledger = result["ledger"]
    if not isinstance(ledger, list):
        raise ContractError("ledger must be a list")
    total = result["pot_change"]
    if not isinstance(total, int):
        raise ContractError("pot_change must be an int")
    for row in ledger:
        if not isinstance(row, Mapping) or set(row) != {"player", "amount", "cause"} \
                or row["cause"] not in CAUSES or not 0 <= row["player"] < players:
            raise ContractError(f"bad ledger row {row!r}")
        total += row["amount"]
    if total != 0:
        raise ContractError(f"ledger plus pot_change is {total}, not zero")


def _good_headline(head: object) -> bool:
    if not isinstance(head, Mapping) or "points" not in head:
        return False
    points = head["points"]
    return (head.get("unit") in UNITS and isinstance(head.get("value"), int)
            and (points is None or isinstance(points, int)))


def msgids(items: Iterable[Item]) -> list[str]:
    """The English names to translate, for a generated msgid list."""
    return sorted({it["name"] for it in items})
