"""Sichuan table rules: 血战到底, one recorded outcome per hand with its events in order.

Outcome (``type`` is always ``"hand"``)::

    {"type": "hand",
     "extra": {
       "missing_suits": ["s", "m", "p", "m"],      # optional 定缺 per player
       "events": [                                 # in the order they happened
         {"kind": "kong", "player": 1, "kong": "concealed" | "added" | "direct",
          "feeder": 2},                            # feeder: direct kongs only
         {"kind": "win", "winner": 2, "discarder": 0 | null,
          "hand": {"hand": "...", "win_tile": "5m", "melds": [...]},   # tiles mode, or
          "quick": {"fan": 2},                     # quick mode (fan without self-draw)
          "after_kong": false, "kong_discard": false, "robbing_kong": false,
          "last_tile": false,
          "with_previous": false}                  # same discard as the previous win
       ],
       "draw": [                                   # when the wall ran out: every player
         {"player": 1, "hand": "1112345678999m", "melds": []},    # still in, tiles or
         {"player": 3, "ready_fan": 2 | null, "flower_pig": false}   # quick
       ]}}

``outcome["wins"]`` (a list of win entries) is accepted as a shorthand for events that are
all wins. A robbed kong (抢杠) is not recorded as a kong: the win names the robbed player
as its discarder and sets ``robbing_kong``. Flags may be given on the event or inside the
tiles-mode hand; in quick mode the fan typed in already includes them.

The hand ends when three players have won; otherwise the wall ran out and
``draw`` must describe every player still in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...errors import BadEvent, BadInput
from ...game import (
    GameState,
    HandSettlement,
    LedgerRow,
    Outcome,
    Reason,
    check_player,
    check_unfinished,
    fresh_state,
    how_won,
    next_hand,
)
from ...options import build_options
from ...request import flag
from ...result import Cause, Ledger, contract
from ...tiles import counts34, parse_tiles
from .hand import SUIT_LETTERS, check_suited, parse_melds, read_flags, suits_held
from .options import Options
from .score import best_ready_fan, paid_fan, resolve_options, win_headline, win_value

KONG_KINDS = ("concealed", "added", "direct")


@dataclass
class KongIncome:
    receiver: int
    paid: dict[int, int]
    transferred: bool = False


@dataclass
class HandLedger:
    """Payments of one hand, kept per (player, reason) so each ledger row is a sum, and
    by cause (:attr:`causes`, the result contract's ledger)."""

    amounts: dict[tuple[int, str], int] = field(default_factory=dict)
    causes: Ledger = field(default_factory=Ledger)

    def pay(self, payer: int, receiver: int, amount: int, reason: Reason,
            cause: Cause) -> None:
        if amount == 0:
            return
        self.amounts[(payer, reason)] = self.amounts.get((payer, reason), 0) - amount
        self.amounts[(receiver, reason)] = self.amounts.get((receiver, reason), 0) + amount
        self.causes.pay(payer, receiver, amount, cause)

    def rows(self) -> list[LedgerRow]:
        return [LedgerRow(player=p, amount=a, reason=r)  # type: ignore[typeddict-item]
                for (p, r), a in sorted(self.amounts.items()) if a]


def _options(options: Any) -> Options:
    if isinstance(options, Options):
        return options
    return resolve_options(options) if options else build_options(Options)


class _Hand:
    """One hand being settled: who is still in, kong incomes, payments."""

    def __init__(self, options: Options, missing: list[str | None]) -> None:
        self.o = options
        self.missing = missing
        self.in_play = [0, 1, 2, 3]
        self.ledger = HandLedger()
        self.kongs: list[KongIncome] = []
        self.results: list[dict[str, Any]] = []
        self.summary: list[str] = []
        self.first_winner: int | None = None
        self.first_discarder: int | None = None
        self.first_multi = False
        self.last: Mapping[str, Any] | None = None
        self.last_discarder: int | None = None

    def player_in(self, value: Any, what: str) -> int:
        p = check_player(value, what)
        if p not in self.in_play:
            raise BadEvent(f"{what} {p} has already won this hand and takes no further part")
        return p

    def kong(self, ev: Mapping[str, Any]) -> None:
        p = self.player_in(ev.get("player"), "kong player")
        kind = ev.get("kong")
        if kind not in KONG_KINDS:
            raise BadInput(f"kong must be one of {', '.join(KONG_KINDS)}, got {kind!r}")
        base = self.o.base
        if kind == "direct":
            feeder = self.player_in(ev.get("feeder"), "feeder")
            if feeder == p:
                raise BadEvent("a direct kong (直杠) is fed by another player's discard")
            paid = {feeder: self.o.direct_kong * base}
        else:
            each = (self.o.concealed_kong if kind == "concealed" else self.o.added_kong) * base
            paid = {q: each for q in self.in_play if q != p}
        for q, amount in paid.items():
            self.ledger.pay(q, p, amount, "kong", "kong")
        self.kongs.append(KongIncome(p, paid))
        self.summary.append(f"P{p} {kind} kong +{sum(paid.values())}")

    def win(self, ev: Mapping[str, Any]) -> None:
        if len(self.in_play) <= 1:
            raise BadEvent("three players have already won; the hand is over")
        winner = self.player_in(ev.get("winner"), "winner")
        raw_d = ev.get("discarder")
        discarder = None if raw_d is None else self.player_in(raw_d, "discarder")
        if discarder == winner:
            raise BadEvent("a player cannot win on their own discard; use discarder null")
        flags = read_flags(ev)
        with_previous = flag(ev, "with_previous")
        if with_previous and (discarder is None or self.last_discarder != discarder
                              or self.last is None or self.last.get("kind") != "win"):
            raise BadEvent("with_previous (一炮多响) needs the previous event to be a win on "
                           "the same discard")
        request = self._request(ev, discarder, flags, winner)
        body = ev.get("hand") if isinstance(ev.get("hand"), Mapping) else ev.get("quick")
        if isinstance(body, Mapping):  # a flag set inside the hand counts for the table too
            flags = {name: on or body.get(name) is True for name, on in flags.items()}
        value = win_value(request, self.o)
        payer_list = [discarder] if discarder is not None else [
            q for q in self.in_play if q != winner]
        fed_by = self._fed_kong_flower(winner, flags, discarder)
        if fed_by is not None:
            payer_list = [fed_by]
            value = win_value({**request, "win": "discard"}, self.o)
        own = Ledger()
        for q in payer_list:
            self.ledger.pay(q, winner, value["per_payer"], "hand", "hand")
            own.pay(q, winner, value["per_payer"], "hand")
        if flags["kong_discard"] and discarder is not None and self.o.transfer_on_kong_discard:
            own.pay(discarder, winner, self._transfer(discarder, winner), "kong_transfer")
        if self.first_winner is None:
            self.first_winner, self.first_discarder = winner, discarder
        elif with_previous and self.first_discarder == discarder and len(self.results) == 1:
            self.first_multi = True
        items = value.pop("items")
        head = win_headline(value, value["per_payer"] * len(payer_list))
        self.results.append({**contract(items, head, own.payments()), "winner": winner,
                             "discarder": discarder, "payers": payer_list, **value})
        self.summary.append(f"P{winner} wins {how_won(discarder)}: {value['fan']} fan, "
                            f"{value['per_payer']} × {len(payer_list)}")
        self.in_play.remove(winner)
        self.last_discarder = discarder

    def _request(self, ev: Mapping[str, Any], discarder: int | None, flags: dict[str, bool],
                 winner: int) -> dict[str, Any]:
        win = "discard" if discarder is not None else "self_draw"
        if "hand" in ev:
            hand = ev["hand"]
            if not isinstance(hand, Mapping):
                raise BadInput("a win's hand must be an object: {hand, win_tile, melds}")
            request = {**hand, "win": win}
            for name, on in flags.items():
                request[name] = on or bool(hand.get(name, False))
            if self.missing[winner] is not None:
                request["missing_suit"] = self.missing[winner]
            return request
        quick = ev.get("quick")
        if not isinstance(quick, Mapping):
            raise BadInput("a win needs either hand (the tiles) or quick ({\"fan\": n})")
        return {**quick, "win": win}

    def _fed_kong_flower(self, winner: int, flags: dict[str, bool],
                         discarder: int | None) -> int | None:
        """The feeder who pays a 点杠花, under the ``feeder_pays`` option."""
        if self.o.kong_flower_fed != "feeder_pays" or discarder is not None:
            return None
        last = self.last
        if not (flags["after_kong"] and last and last.get("kind") == "kong"
                and last.get("kong") == "direct" and last.get("player") == winner):
            return None
        return int(last["feeder"])

    def _transfer(self, discarder: int, winner: int) -> int:
        """Hands the discarder's last kong income to the winner; returns the amount."""
        for income in reversed(self.kongs):
            if income.receiver == discarder and not income.transferred:
                income.transferred = True
                amount = sum(income.paid.values())
                self.ledger.pay(discarder, winner, amount, "kong", "kong_transfer")
                self.summary.append(f"呼叫转移: P{discarder}'s kong income to P{winner}")
                return amount
        raise BadEvent(f"杠上炮 呼叫转移: P{discarder} has no kong recorded before this win")

    def draw(self, entries: Any) -> None:
        if not isinstance(entries, list):
            raise BadInput("draw must list every player still in: {player, hand, melds} or "
                           "{player, ready_fan, flower_pig}")
        info: dict[int, tuple[bool, int | None]] = {}
        for entry in entries:
            if not isinstance(entry, Mapping):
                raise BadInput("each draw entry must be an object with a player")
            p = self.player_in(entry.get("player"), "draw player")
            info[p] = self._draw_state(p, entry)
        missing = [p for p in self.in_play if p not in info]
        if missing:
            raise BadInput(f"the wall ran out: give the tiles or readiness of players "
                           f"{', '.join(map(str, missing))} (draw)")
        pigs = [p for p in self.in_play if info[p][0]]
        ready = {p: info[p][1] for p in self.in_play if not info[p][0] and info[p][1] is not None}
        penalty = self.o.base * 2 ** self.o.penalty_fan
        own = Ledger()
        for pig in pigs:
            for q in self.in_play:
                if q not in pigs:
                    self.ledger.pay(pig, q, penalty, "penalty", "flower_pig")
                    own.pay(pig, q, penalty, "flower_pig")
        for p in self.in_play:
            if p in pigs or p in ready:
                continue
            for q, fan in ready.items():
                amount = self.o.base * 2 ** paid_fan(int(fan or 0), self.o)
                self.ledger.pay(p, q, amount, "draw", "chajiao")
                own.pay(p, q, amount, "chajiao")
        if self.o.refund_kongs:
            for income in self.kongs:
                if income.receiver not in ready and income.receiver in self.in_play \
                        and not income.transferred:
                    for q, amount in income.paid.items():
                        self.ledger.pay(income.receiver, q, amount, "kong", "tuishui")
                        own.pay(income.receiver, q, amount, "tuishui")
        self.results.append({**contract([], None, own.payments()), "draw": True,
                             "flower_pigs": pigs, "ready": ready})
        self.summary.append("wall exhausted: " + (f"花猪 {pigs}, " if pigs else "")
                            + f"ready {sorted(ready)}")

    def _draw_state(self, p: int, entry: Mapping[str, Any]) -> tuple[bool, int | None]:
        """(is a 花猪, highest ready fan or None) of a player at the exhaustive draw."""
        if "hand" in entry:
            tiles = parse_tiles(entry["hand"]) if isinstance(entry["hand"], str) else None
            if tiles is None:
                raise BadInput("a draw entry's hand must be a tile string")
            melds = parse_melds(entry.get("melds"))
            check_suited(tiles + [t for m in melds for t in m.tiles])
            if len(tiles) + 3 * len(melds) != 13:
                raise BadInput(f"player {p}'s hand at the draw must have 13 tiles (each meld "
                               "counted as 3)")
            concealed = counts34(tiles)
            every = list(concealed)
            for m in melds:
                for k in m.kinds:
                    every[k] += 1
            held = suits_held(every)
            pig = len(held) == 3 or (self.missing[p] is not None and self.missing[p] in held)
            if pig:
                return True, None
            return False, best_ready_fan(concealed, melds, self.o, self.missing[p])
        pig = flag(entry, "flower_pig")
        fan = entry.get("ready_fan")
        if fan is not None and (isinstance(fan, bool) or not isinstance(fan, int) or fan < 0):
            raise BadInput(f"ready_fan must be a whole number or null, got {fan!r}")
        if pig and fan is not None:
            raise BadInput(f"player {p} cannot be both a 花猪 and ready")
        return pig, fan

    def next_dealer(self, dealer: int) -> int:
        if self.first_winner is None:
            return dealer
        if self.first_multi and self.first_discarder is not None:
            return self.first_discarder
        return self.first_winner


class SichuanGame:
    outcome_types: tuple[str, ...] = ("hand",)

    def initial_state(self, options: Any) -> GameState:
        return fresh_state()

    def apply(self, state: GameState, outcome: Outcome, options: Any) -> HandSettlement:
        o = _options(options)
        if not isinstance(outcome, Mapping) or outcome.get("type") != "hand":
            raise BadInput("a Sichuan outcome is {\"type\": \"hand\", \"extra\": {\"events\": "
                           "[...]}}")
        check_unfinished(state)
        extra = outcome.get("extra") or {}
        events = extra.get("events")
        if events is None:
            events = [{"kind": "win", **w} for w in (outcome.get("wins") or [])]
        if not isinstance(events, list):
            raise BadInput("events must be a list of {kind: kong|win, ...}")
        missing = extra.get("missing_suits") or [None] * 4
        if not isinstance(missing, list) or len(missing) != 4 or any(
                m is not None and m not in SUIT_LETTERS for m in missing):
            raise BadInput("missing_suits must list four suits ('m', 'p', 's' or null)")
        hand = _Hand(o, list(missing))
        for ev in events:
            if not isinstance(ev, Mapping) or ev.get("kind") not in ("kong", "win"):
                raise BadInput("each event must be an object with kind 'kong' or 'win'")
            if len(hand.in_play) <= 1:
                raise BadEvent("three players have already won; the hand is over")
            if ev["kind"] == "kong":
                hand.kong(ev)
            else:
                hand.win(ev)
            hand.last = ev
        if len(hand.in_play) > 1:
            hand.draw(extra.get("draw"))
        elif extra.get("draw"):
            raise BadEvent("three players won, so the wall did not run out: drop draw")
        rows = hand.ledger.rows()
        new = next_hand(state, rows, hand.next_dealer(state.get("dealer", 0)))
        new["finished"] = bool(o.game_hands and new["hands_played"] >= o.game_hands)
        return HandSettlement(rows=rows, pot_change=0, state=new, results=hand.results,
                              summary="; ".join(hand.summary) or "no events",
                              ledger=hand.ledger.causes.payments())

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return []
