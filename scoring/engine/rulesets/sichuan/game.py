"""Sichuan table rules: 血战到底, one recorded outcome per hand with its events in order.

Outcome (``type`` is always ``"hand"``)::

    {"type": "hand",
     "extra": {
       "missing_suits": ["s", "m", "p", "m"],      # optional 定缺 per player
       "exchange": "clockwise",                    # 换三张 tables only: clockwise,
                                                   # counterclockwise or across
       "events": [                                 # in the order they happened
         {"kind": "kong", "player": 1, "kong": "concealed" | "added" | "direct",
          "feeder": 2},                            # feeder: direct kongs only
         {"kind": "win", "winner": 2, "discarder": 0 | null,
          "hand": {"hand": "...", "win_tile": "5m", "melds": [...]},   # tiles mode, or
          "quick": {"fan": 2},                     # quick mode (fan without self-draw)
          "after_kong": false, "kong_discard": false, "robbing_kong": false,
          "last_tile": false, "heavenly_hand": false, "earthly_hand": false,
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

The hand ends when all but one player have won (three of four; two of three in
三人两房, where nobody declares a missing suit and the taken-out suit may not appear);
otherwise the wall ran out and ``draw`` must describe every player still in. Under
血流成河 (option ``blood_flow``) a player who has won stays in, pays and may win again;
the hand always ends with the wall, and ``draw`` describes every player who has not won
(it is left out when all have). ``heavenly_hand`` (天胡) must be the dealer's win opening
the hand, ``earthly_hand`` (地胡) another player's first win before any kong; both count
only where their fan option is set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...entry import check_outcome
from ...errors import BadEvent, BadInput, about
from ...game import (
    GameState,
    HandSettlement,
    LedgerRow,
    Reason,
    about_win,
    check_player,
    check_unfinished,
    fresh_state,
    how_won,
    next_hand,
    ruleset_options,
)
from ...request import flag
from ...result import Cause, Contract, Ledger, contract
from ...tiles import counts34, parse_tiles
from .entry import entry_spec
from .hand import (
    SUIT_LETTERS,
    check_suited,
    check_two_suits,
    parse_melds,
    read_flags,
    suits_held,
)
from .options import PRESETS, Options
from .score import best_ready_fan, paid_fan, win_headline, win_value

KONG_KINDS = ("concealed", "added", "direct")
# 换三张: who each player passes their three tiles to.
EXCHANGES = ("clockwise", "counterclockwise", "across")


def empty_draw_entry(entry: Mapping[str, Any]) -> bool:
    """A draw row with only its player: nothing said about that player's hand."""
    def said(value: Any) -> bool:
        # 0 is a ready fan; only absence, an empty text or list, or false say nothing.
        return value is not None and value is not False and value != "" and value != []

    return not any(said(entry.get(k)) for k in ("hand", "melds", "ready_fan", "flower_pig"))


@dataclass
class KongIncome:
    receiver: int
    paid: dict[int, int]
    transferred: bool = False


@dataclass
class HandLedger:
    """Payments of one hand, kept per (player, reason) so each ledger row is a sum, and
    by cause (:attr:`causes`, the result contract's ledger)."""

    amounts: dict[tuple[int, Reason], int] = field(default_factory=dict)
    causes: Ledger = field(default_factory=Ledger)

    def pay(self, payer: int, receiver: int, amount: int, reason: Reason,
            cause: Cause) -> None:
        if amount == 0:
            return
        self.amounts[(payer, reason)] = self.amounts.get((payer, reason), 0) - amount
        self.amounts[(receiver, reason)] = self.amounts.get((receiver, reason), 0) + amount
        self.causes.pay(payer, receiver, amount, cause)

    def rows(self) -> list[LedgerRow]:
        return [LedgerRow(player=p, amount=a, reason=r)
                for (p, r), a in sorted(self.amounts.items()) if a]


class _Hand:
    """One hand being settled: who is still in, kong incomes, payments."""

    def __init__(self, options: Options, missing: list[str | None], dealer: int = 0) -> None:
        self.o = options
        self.missing = missing
        self.dealer = dealer
        # Players who still take part: under 血流成河 everyone, all hand long.
        self.in_play = list(range(options.players))
        self.won: list[int] = []  # players who have won, in the order of their first win
        self.seen: list[Mapping[str, Any]] = []  # the events before the current one
        self.ledger = HandLedger()
        self.kongs: list[KongIncome] = []
        self.results: list[Contract] = []
        self.summary: list[str] = []
        self.first_winner: int | None = None
        self.first_discarder: int | None = None
        self.first_multi = False
        self.last: Mapping[str, Any] | None = None
        self.last_discarder: int | None = None

    def player_in(self, value: Any, what: str) -> int:
        p = check_player(value, what, self.o.players)
        if p not in self.in_play:
            raise BadEvent(f"{what} {p} has already won this hand and takes no further part",
                           params={"reason": "already_won", "player": p})
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

    def judged(self) -> list[int]:
        """The players the exhaustive draw settles: those who have not won (none once the
        third win of 血战到底 has ended the hand)."""
        if self.o.blood_flow:
            return [p for p in range(self.o.players) if p not in self.won]
        return list(self.in_play) if len(self.in_play) > 1 else []

    def win(self, ev: Mapping[str, Any], at: str) -> None:
        if not self.o.blood_flow and len(self.in_play) <= 1:
            raise BadEvent(f"{self.o.players - 1} players have already won; the hand is over",
                           params={"count": self.o.players - 1, "reason": "hand_over"})
        winner = self.player_in(ev.get("winner"), "winner")
        raw_d = ev.get("discarder")
        discarder = None if raw_d is None else self.player_in(raw_d, "discarder")
        if discarder == winner:
            raise BadEvent("a player cannot win on their own discard; use discarder null",
                           params={"reason": "own_discard", "player": winner,
                                   "field": "discarder", "path": f"{at}.discarder",
                                   "label": "Discarder"})
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
        self._check_first_win(flags, winner, discarder, with_previous)
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
        self.results.append(contract(items, head, own.payments(), self.o.players,
                                     winner=winner, discarder=discarder))
        self.summary.append(f"P{winner} wins {how_won(discarder)}: {value['fan']} fan, "
                            f"{value['per_payer']} × {len(payer_list)}")
        if winner not in self.won:
            self.won.append(winner)
        if not self.o.blood_flow:
            self.in_play.remove(winner)
        self.last_discarder = discarder

    def _check_first_win(self, flags: Mapping[str, bool], winner: int, discarder: int | None,
                         with_previous: bool) -> None:
        """天胡 is the dealer's and opens the hand; 地胡 is another player's, before any
        kong and before any other win but one on the same discard."""
        if flags["heavenly_hand"] and (winner != self.dealer or self.seen):
            raise BadEvent("天胡 (heavenly_hand) is the dealer's win on the deal, the first "
                           "event of the hand")
        if flags["earthly_hand"]:
            if winner == self.dealer:
                raise BadEvent("地胡 (earthly_hand) is won by a player other than the dealer")
            if any(e.get("kind") != "win" for e in self.seen) or (
                    self.seen and not with_previous):
                raise BadEvent("地胡 (earthly_hand) is won at the first chance, before any "
                               "kong or other win")

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
            raise BadInput("a win needs either hand (the tiles) or quick ({\"fan\": n})",
                           params={"reason": "hand_or_quick"})
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
        raise BadEvent(f"杠上炮 呼叫转移: P{discarder} has no kong recorded before this win",
                       params={"reason": "no_kong", "player": discarder})

    def draw(self, entries: Any) -> None:
        """Settle the exhaustive draw from ``entries``, one per player still in.

        A record form sends a row per player; a row that says nothing (no tiles, no ready
        fan, no 花猪) for a player who won, or when nobody is left, is passed over."""
        if not isinstance(entries, list):
            raise BadInput("draw must list every player still in: {player, hand, melds} or "
                           "{player, ready_fan, flower_pig}")
        judged = self.judged()
        info: dict[int, tuple[bool, int | None]] = {}
        for k, entry in enumerate(entries):
            if not isinstance(entry, Mapping):
                raise BadInput("each draw entry must be an object with a player")
            p = check_player(entry.get("player"), "draw player")
            if p not in judged and empty_draw_entry(entry):
                continue  # a record form's row for a player who won: nothing was said
            p = self.player_in(p, "draw player")
            if p not in judged:
                raise BadEvent(f"draw player {p} has won this hand; the draw describes only "
                               "the players who have not won",
                               params={"reason": "already_won", "player": p})
            with about(f"extra.draw.{k}", "hand", player=p):
                info[p] = self._draw_state(p, entry)
        missing = [p for p in judged if p not in info]
        if missing:
            raise BadInput(f"the wall ran out: give the tiles or readiness of players "
                           f"{', '.join(map(str, missing))} (draw)",
                           params={"player": missing[0], "reason": "draw_missing"})
        pigs = [p for p in judged if info[p][0]]
        ready = {p: info[p][1] for p in judged if not info[p][0] and info[p][1] is not None}
        penalty = self.o.base * 2 ** self.o.penalty_fan
        own = Ledger()
        for pig in pigs:
            for q in judged:
                if q not in pigs:
                    self.ledger.pay(pig, q, penalty, "penalty", "flower_pig")
                    own.pay(pig, q, penalty, "flower_pig")
        for p in judged:
            if p in pigs or p in ready:
                continue
            for q, fan in ready.items():
                amount = self.o.base * 2 ** paid_fan(int(fan or 0), self.o)
                self.ledger.pay(p, q, amount, "draw", "chajiao")
                own.pay(p, q, amount, "chajiao")
        if self.o.refund_kongs:
            for income in self.kongs:
                if income.receiver not in ready and income.receiver in judged \
                        and not income.transferred:
                    for q, amount in income.paid.items():
                        self.ledger.pay(income.receiver, q, amount, "kong", "tuishui")
                        own.pay(income.receiver, q, amount, "tuishui")
        self.results.append(contract([], None, own.payments(), self.o.players,
                                     ready=sorted(ready)))
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
                               "counted as 3)", params={"reason": "draw_tiles", "field": "hand"})
            concealed = counts34(tiles)
            every = list(concealed)
            for m in melds:
                for k in m.kinds:
                    every[k] += 1
            check_two_suits(every, self.o)
            held = suits_held(every)
            pig = len(held) == 3 or (self.missing[p] is not None and self.missing[p] in held)
            if pig:
                return True, None
            return False, best_ready_fan(concealed, melds, self.o, self.missing[p])
        pig = flag(entry, "flower_pig")
        fan = entry.get("ready_fan")
        if fan is not None and (isinstance(fan, bool) or not isinstance(fan, int) or fan < 0):
            raise BadInput(f"ready_fan must be a whole number or null, got {fan!r}",
                           params={"field": "ready_fan"})
        if pig and fan is not None:
            raise BadInput(f"player {p} cannot be both a 花猪 and ready",
                           params={"reason": "pig_and_ready", "field": "flower_pig"})
        return pig, fan

    def next_dealer(self, dealer: int) -> int:
        if self.first_winner is None:
            return dealer
        if self.first_multi and self.first_discarder is not None:
            return self.first_discarder
        return self.first_winner


def _exchange(extra: Mapping[str, Any], o: Options) -> str | None:
    """The hand's 换三张 direction, required where the table plays it (elsewhere the entry
    spec has no such field)."""
    direction = extra.get("exchange")
    if not o.exchange_three:
        return None
    if direction not in EXCHANGES:
        raise BadInput(f"exchange (换三张) must be one of {', '.join(EXCHANGES)}, got "
                       f"{direction!r}")
    return str(direction)


class SichuanGame:
    outcome_types: tuple[str, ...] = ("hand",)

    def initial_state(self, options: Any) -> GameState:
        o = ruleset_options(options, Options, PRESETS, "Sichuan")
        return fresh_state(players=o.players)

    def apply(self, state: GameState, outcome: Mapping[str, Any], options: Any) -> HandSettlement:
        o = ruleset_options(options, Options, PRESETS, "Sichuan")
        if not isinstance(outcome, Mapping) or outcome.get("type") != "hand":
            raise BadInput("a Sichuan outcome is {\"type\": \"hand\", \"extra\": {\"events\": "
                           "[...]}}")
        check_unfinished(state)
        check_outcome(entry_spec(o), outcome)
        extra = outcome.get("extra") or {}
        events = extra.get("events")
        if events is None:
            events = [{"kind": "win", **w} for w in (outcome.get("wins") or [])]
        if not isinstance(events, list):
            raise BadInput("events must be a list of {kind: kong|win, ...}")
        n = o.players
        if n == 3 and extra.get("missing_suits"):
            raise BadInput("三人两房: every hand already lacks the suit taken out, so there "
                           "is no 定缺; drop missing_suits")
        missing = extra.get("missing_suits") or [None] * n
        if not isinstance(missing, list) or len(missing) != n or any(
                m is not None and m not in SUIT_LETTERS for m in missing):
            raise BadInput("missing_suits must list four suits ('m', 'p', 's' or null)")
        exchange = _exchange(extra, o)
        hand = _Hand(o, list(missing), state.get("dealer", 0))
        for i, ev in enumerate(events):
            if not isinstance(ev, Mapping) or ev.get("kind") not in ("kong", "win"):
                raise BadInput("each event must be an object with kind 'kong' or 'win'")
            if not o.blood_flow and len(hand.in_play) <= 1:
                raise BadEvent(f"{n - 1} players have already won; the hand is over",
                               params={"count": n - 1, "reason": "hand_over"})
            if ev["kind"] == "kong":
                hand.kong(ev)
            else:
                with about_win(ev, f"extra.events.{i}"):
                    hand.win(ev, f"extra.events.{i}")
            hand.last = ev
            hand.seen.append(ev)
        if hand.judged():
            hand.draw(extra.get("draw"))
        elif extra.get("draw") and not all(isinstance(e, Mapping) and empty_draw_entry(e)
                                           for e in extra["draw"]):
            raise BadEvent("every player has won, so nobody is left for the draw: drop draw"
                           if o.blood_flow else
                           f"{n - 1} players won, so the wall did not run out: drop draw")
        if exchange:
            hand.summary.insert(0, f"换三张 {exchange}")
        rows = hand.ledger.rows()
        new = next_hand(state, rows, hand.next_dealer(state.get("dealer", 0)))
        new["finished"] = bool(o.game_hands and new["hands_played"] >= o.game_hands)
        return HandSettlement(rows=rows, pot_change=0, state=new, results=hand.results,
                              summary="; ".join(hand.summary) or "no events",
                              ledger=hand.ledger.causes.payments())

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return []
