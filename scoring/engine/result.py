"""The one result contract every ruleset returns, for a scored win and a recorded hand.

:class:`Contract` (with :class:`Item`, :class:`Headline`, :class:`Payment`,
:class:`Deferred`) is written once, here: :func:`check` and the API's serializers
(``scoring/serializers.py``, hence the OpenAPI schema) are both read from these
TypedDicts by :func:`fields_of`. A ruleset's ``score(request)`` returns exactly these
keys, and so does every entry of a recorded hand's ``HandSettlement["results"]``; a key
outside them fails :func:`check`, which names it.

``winner``, ``discarder``
    who won, and from whose discard (None for a self-draw); both None for a result that
    is not a win: a draw's payments, 精, a nagashi mangan, a noted penalty.
``items``: list of :class:`Item`
    one entry per scoring element, in the order the ruleset shows them: riichi's yaku and
    its dora, aka and ura; MCR's fans and flowers; Sichuan's fans; Wuhu's 底番, 支番,
    嘴子 and kongs; Ji'an's fans per payer (each with its ``payer``).
``headline``: :class:`Headline`
    the figures a player names the hand by ("3 han 40 fu, 5200", "24 fan", "全交 30").
``ledger``: list of :class:`Payment`
    who paid and who received, split by cause (hand, honba, sticks, kong, 精, 查叫 ...).
    The amounts and ``pot_change`` add up to zero: ``sum(p["amount"]) + pot_change == 0``;
    :func:`payers` reads who paid for the hand itself.
``pot_change``: int
    what went into (+) or came out of (-) the pot (riichi sticks); 0 elsewhere.
``players``: int
    how many players the indices count (4, or 3 at a 3-player table).
``ready`` (a draw), ``penalty_at_end`` (riichi's EMA chombo)
    optional: who was ready at an exhaustive draw; a penalty the game's end will take.

Players are indices. In a recorded hand they are the table's players (0 is the first
dealer); in a stand-alone score request they are the request's own seats: the player
numbers of the Chinese rulesets' requests (``winner``, ``discarder``), and for riichi and
MCR, whose requests name seat winds, the wind order from East (E=0, S=1, W=2, N=3).

A hand settled at the table also gets ``HandSettlement["ledger"]``: the whole hand's
payments by cause (a riichi stick put in the pot, a Sichuan kong, 退税 ...), of which
each result's ``ledger`` is that result's own part.

The English ``name`` of an item and the English ``limit`` of a headline are msgids: the
site translates them (see :func:`msgids` and ``scoring/engine_texts.py``); ``native``
is shown as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import UnionType
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    TypedDict,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

# The units a value can be counted in. "base" is Sichuan's 底 (paid base × 2^fan), "zhi"
# Wuhu's 支, "mouth" a 嘴子, "chips" a Ji'an/Wuhu chip, "points" riichi/MCR points.
Unit = Literal["han", "fan", "fu", "yakuman", "zhi", "mouth", "chips", "tai", "points",
               "base", "count"]
UNITS: tuple[str, ...] = get_args(Unit)

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
CAUSES: tuple[str, ...] = get_args(Cause)

# The table ledger's coarser reason of each cause (``scoring.engine.game.Reason``, the
# values the site's database stores).
REASON_OF: dict[str, str] = {
    "hand": "hand", "honba": "honba", "sticks": "sticks", "pao": "pao", "kong": "kong",
    "kong_transfer": "kong", "tuishui": "kong", "jing": "bonus", "chongguan": "bonus",
    "flowers": "bonus", "chajiao": "draw", "flower_pig": "penalty", "noten": "draw",
    "nagashi": "hand", "penalty": "penalty", "uma": "uma", "oka": "oka",
    "leftover": "leftover",
}


class Doc(str):
    """What a field means: the help text of the OpenAPI schema and of the docs."""


class Min(int):
    """The least value a whole-number field may take."""


class PlayerIndex:
    """Marks a field that names a player: an index below the result's ``players``."""


PLAYER = PlayerIndex()


class Item(TypedDict):
    """One scoring element of a hand.

    ``value`` is what one unit of it is worth and ``count`` how many the hand holds, so
    three dora are ``{"value": 1, "unit": "han", "count": 3}`` and two concealed kongs in
    Wuhu ``{"value": 2, "unit": "chips", "count": 2}``; the element is worth
    ``value * count`` in ``unit``.
    """

    key: Annotated[str, Doc("Stable id within the ruleset, e.g. riichi, dora, full_flush.")]
    name: Annotated[str, Doc("English name (a msgid the site translates).")]
    native: Annotated[str, Doc("As the players say it, e.g. 立直, 清一色, 嘴子·通天; may be "
                               "empty.")]
    value: Annotated[int, Doc("What one of it is worth, in unit.")]
    unit: Annotated[Unit, Doc("What value counts.")]
    count: Annotated[int, Doc("How many the hand holds (3 dora: count 3)."), Min(0)]
    payer: NotRequired[Annotated[int, Doc("Ji'an: the player this item counts for (fans "
                                          "differ by payer)."), PLAYER]]


class Headline(TypedDict):
    """The figures a hand is named by.

    ``value`` in ``unit`` is the hand's size as players say it (riichi han, or the
    yakuman multiple with unit "yakuman"; MCR's total fan; Sichuan's fan; Wuhu's value
    in chips; Ji'an's total in chips). ``points`` is the *hand value*: what the winner
    receives for the hand itself, before honba, riichi sticks, kongs, 精 and the like
    (the ledger's ``hand`` and ``pao`` rows); None when the request names no payer (an
    MCR ron without its discarder).
    """

    value: Annotated[int, Doc("The hand's size in unit (han, fan...).")]
    unit: Annotated[Unit, Doc("What value counts.")]
    points: Annotated[int | None, Doc(
        "The hand value: what the winner gets for the hand itself, before honba, riichi "
        "sticks, kongs, 精...; null when the request names no payer.")]
    fu: NotRequired[Annotated[int, Doc("Riichi: the hand's fu.")]]
    limit: NotRequired[Annotated[str | None, Doc("English name of the limit the hand "
                                                 "reached (mangan...), a msgid.")]]
    native_limit: NotRequired[Annotated[str | None, Doc("The limit as the players say it: "
                                                        "満貫, 封顶, 全交...")]]


class Payment(TypedDict):
    """One player's change for one cause."""

    player: Annotated[int, Doc("The player paid (+) or paying (-)."), PLAYER]
    amount: Annotated[int, Doc("Points, + received, - paid.")]
    cause: Annotated[Cause, Doc("Why: hand, honba, sticks, kong, 查叫, 精...")]


class Deferred(TypedDict):
    """A penalty noted now and taken when the game ends (riichi's EMA chombo)."""

    player: Annotated[int, Doc("The offender."), PLAYER]
    amount: Annotated[int, Doc("What the end of the game will take (negative).")]


class Contract(TypedDict):
    """Everything a reader of a result needs, and nothing else: what every score response
    and every result of a recorded hand carries."""

    players: Annotated[int, Doc("How many players the indices count."), Min(2)]
    winner: Annotated[int | None, Doc(
        "Who won; null when the result is not a win (a draw, 精 or kong payments, nagashi "
        "mangan, a penalty)."), PLAYER]
    discarder: Annotated[int | None, Doc(
        "Whose discard the winner took; null for a self-draw, and when there is no "
        "winner."), PLAYER]
    items: Annotated[list[Item], Doc("The scoring elements, in the ruleset's order.")]
    headline: Annotated[Headline | None, Doc(
        "The figures the hand is named by; null for what is not a scored hand (a draw, "
        "精 payments).")]
    ledger: Annotated[list[Payment], Doc(
        "Who paid and who received, by cause; with pot_change they add up to zero.")]
    pot_change: Annotated[int, Doc("What went into (+) or came out of (-) the pot (riichi "
                                   "sticks); 0 elsewhere.")]
    ready: NotRequired[Annotated[list[Annotated[int, PLAYER]], Doc(
        "At an exhaustive draw: the players who were ready (tenpai, 听牌).")]]
    penalty_at_end: NotRequired[Annotated[Deferred, Doc(
        "A penalty this hand notes and the end of the game takes (EMA chombo).")]]


# --- the one definition, read -----------------------------------------------------------
#
# The TypedDicts above are the contract. :func:`spec_of` reads them (types, which keys
# are required, the Doc, Min and PLAYER marks) into :class:`Spec` trees; :func:`check`
# walks those trees, and ``scoring/serializers.py`` builds the API's serializers (and so
# the OpenAPI schema) from the same trees, so the three cannot disagree.


@dataclass(frozen=True)
class Spec:
    """One field of the contract, as :func:`check` and the serializers read it."""

    name: str
    kind: Literal["int", "str", "list", "object"]
    help: str = ""
    required: bool = True
    nullable: bool = False
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    player: bool = False  # an index of a player, below the result's ``players``
    element: Spec | None = None  # a list's
    fields: tuple[Spec, ...] = ()  # an object's
    shape: str = ""  # an object's TypedDict name


def _spec(name: str, hint: Any, required: bool) -> Spec:
    help_text, minimum, player = "", None, False
    while get_origin(hint) in (Annotated, NotRequired, Required):
        # Read from the hint, not __required_keys__: with postponed annotations Python
        # 3.11 counts a NotRequired key as required.
        required = required and get_origin(hint) is not NotRequired
        for mark in getattr(hint, "__metadata__", ()):
            if isinstance(mark, Doc):
                help_text = str(mark)
            elif isinstance(mark, Min):
                minimum = int(mark)
            elif mark is PLAYER:
                player = True
        hint = get_args(hint)[0]
    nullable = False
    if get_origin(hint) in (Union, UnionType):
        rest = [a for a in get_args(hint) if a is not type(None)]
        nullable, hint = len(rest) < len(get_args(hint)), rest[0]
    base = Spec(name=name, kind="int", help=help_text, required=required, nullable=nullable,
                minimum=minimum, player=player)
    if get_origin(hint) is Literal:
        return replace(base, kind="str", choices=tuple(get_args(hint)))
    if hint is int:
        return base
    if hint is str:
        return replace(base, kind="str")
    if get_origin(hint) is list:
        return replace(base, kind="list", element=_spec("", get_args(hint)[0], True))
    if is_typeddict(hint):
        return replace(base, kind="object", fields=fields_of(hint), shape=hint.__name__)
    raise TypeError(f"the contract cannot say {hint!r} ({name})")


def fields_of(shape: Any) -> tuple[Spec, ...]:
    """The fields of one of the contract's TypedDicts, in their order."""
    hints = get_type_hints(shape, include_extras=True)
    return tuple(_spec(name, hint, shape.__total__) for name, hint in hints.items())


CONTRACT: Spec = Spec(name="", kind="object", fields=fields_of(Contract), shape="Contract")
# The keys a result may carry, and those it must.
KEYS: tuple[str, ...] = tuple(f.name for f in CONTRACT.fields)
REQUIRED: tuple[str, ...] = tuple(f.name for f in CONTRACT.fields if f.required)


# --- building ---------------------------------------------------------------------------


def item(key: str, name: str, native: str, value: int, unit: Unit, count: int = 1,
         payer: int | None = None) -> Item:
    out = Item(key=key, name=name, native=native, value=value, unit=unit, count=count)
    if payer is not None:
        out["payer"] = payer
    return out


def headline(value: int, unit: Unit, points: int | None, fu: int | None = None,
             limits: tuple[str | None, str | None] | None = None) -> Headline:
    """``limits`` is (English, native) of the limit the hand reached, (None, None) for none;
    leave it out where the ruleset has no limits."""
    out = Headline(value=value, unit=unit, points=points)
    if fu is not None:
        out["fu"] = fu
    if limits is not None:
        out["limit"], out["native_limit"] = limits
    return out


class Ledger:
    """Payments collected one (player, cause) at a time; zero amounts are dropped.

    Payments in and out for the same cause stay apart (a riichi stick put in and the pot
    won back are two rows), in the order first seen.
    """

    __slots__ = ("_amounts",)

    def __init__(self) -> None:
        self._amounts: dict[tuple[int, Cause, bool], int] = {}

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
        return [Payment(player=p, amount=a, cause=c)
                for (p, c, _), a in self._amounts.items()]


def payments_of(deltas: Sequence[int] | Mapping[int, int], cause: Cause = "hand"
                ) -> list[Payment]:
    """One payment per non-zero delta, all for ``cause``."""
    ledger = Ledger()
    ledger.add_deltas(deltas, cause)
    return ledger.payments()


def contract(items: list[Item], head: Headline | None, ledger: list[Payment], players: int = 4,
             pot_change: int = 0, *, winner: int | None = None,
             discarder: int | None = None, ready: list[int] | None = None,
             penalty_at_end: Deferred | None = None) -> Contract:
    """A result: a win names its ``winner`` (and ``discarder``, None for a self-draw);
    anything else (a draw's payments, 精, a nagashi mangan) leaves both None. ``ready``
    (an exhaustive draw's) and ``penalty_at_end`` are left out when not given."""
    out = Contract(players=players, winner=winner, discarder=discarder, items=items,
                   headline=head, ledger=ledger, pot_change=pot_change)
    if ready is not None:
        out["ready"] = ready
    if penalty_at_end is not None:
        out["penalty_at_end"] = penalty_at_end
    return out


def result_of(figures: Mapping[str, Any], winner: int | None,
              discarder: int | None = None) -> Contract:
    """The result of a ruleset's working ``figures`` (a scorer's own dict, holding the
    contract's parts beside the figures they were made from, which stay in the ruleset)."""
    return contract(figures["items"], figures["headline"], figures["ledger"],
                    figures["players"], figures["pot_change"], winner=winner,
                    discarder=discarder)


def payers(result: Mapping[str, Any]) -> list[int]:
    """Who paid for the hand itself: the players the ledger's ``hand`` and ``pao`` rows
    take from (the discarder, the responsible player, everyone else on a self-draw)."""
    return sorted({p["player"] for p in result["ledger"]
                   if p["amount"] < 0 and p["cause"] in ("hand", "pao")})


def shifted(payments: Iterable[Payment], seat_to_player: Sequence[int]) -> list[Payment]:
    """The same payments with seat indices renamed to table players (riichi/MCR score
    requests count seats from East; a table counts players from the first dealer)."""
    return [Payment(player=seat_to_player[p["player"]], amount=p["amount"],
                    cause=p["cause"]) for p in payments]


# --- checking ---------------------------------------------------------------------------


class ContractError(AssertionError):
    """A ruleset returned something that breaks the contract (a bug, never user input)."""


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _walk(spec: Spec, value: object, path: str, players: int) -> None:
    """``value`` against ``spec``; ``path`` names it in the error (``ledger.2.cause``)."""
    where = path or "the result"
    if value is None:
        if not spec.nullable:
            raise ContractError(f"{where} must not be null")
        return
    if spec.kind == "int":
        if not _whole(value):
            raise ContractError(f"{where} must be a whole number, got {value!r}")
        assert isinstance(value, int)
        if spec.minimum is not None and value < spec.minimum:
            raise ContractError(f"{where} must be at least {spec.minimum}, got {value}")
        if spec.player and not 0 <= value < players:
            raise ContractError(f"{where} names player {value} of {players}")
    elif spec.kind == "str":
        if not isinstance(value, str):
            raise ContractError(f"{where} must be text, got {value!r}")
        if spec.choices and value not in spec.choices:
            raise ContractError(f"{where} must be one of {', '.join(spec.choices)}, got "
                                f"{value!r}")
    elif spec.kind == "list":
        if not isinstance(value, list):
            raise ContractError(f"{where} must be a list, got {type(value).__name__}")
        assert spec.element is not None
        for i, entry in enumerate(value):
            _walk(spec.element, entry, f"{path}.{i}" if path else str(i), players)
    else:
        if not isinstance(value, Mapping):
            raise ContractError(f"{where} must be an object, got {type(value).__name__}")
        known = {f.name for f in spec.fields}
        extra = [k for k in value if k not in known]
        if extra:
            raise ContractError(f"{where} has keys outside the contract: "
                                f"{', '.join(map(repr, extra))} (result.{spec.shape} "
                                f"defines {', '.join(sorted(known))})")
        for f in spec.fields:
            if f.name in value:
                _walk(f, value[f.name], f"{path}.{f.name}" if path else f.name, players)
            elif f.required:
                raise ContractError(f"{where} lacks {f.name!r}")


def check(result: Mapping[str, object]) -> None:
    """Raise :class:`ContractError` unless ``result`` is the contract and nothing else:
    every key of :class:`Contract` with its type, no other key (the error names it),
    players in range, a discarder only beside a winner, the ledger zero-sum."""
    if not isinstance(result, Mapping):
        raise ContractError(f"a result must be an object, got {type(result).__name__}")
    players = result.get("players")
    if not _whole(players) or not isinstance(players, int) or players < 2:
        raise ContractError(f"players must be a count of at least 2, got {players!r}")
    _walk(CONTRACT, result, "", players)
    winner, discarder = result["winner"], result["discarder"]
    if discarder is not None and (winner is None or discarder == winner):
        raise ContractError(f"discarder {discarder} beside winner {winner}")
    for it in result["items"]:  # type: ignore[attr-defined]
        if not it["key"]:
            raise ContractError(f"an item without a key: {it!r}")
    total = result["pot_change"] + sum(  # type: ignore[operator]
        p["amount"] for p in result["ledger"])  # type: ignore[attr-defined]
    if total != 0:
        raise ContractError(f"ledger plus pot_change is {total}, not zero")


def msgids(items: Iterable[Item]) -> list[str]:
    """The English names to translate, for a generated msgid list."""
    return sorted({it["name"] for it in items})
