"""Riichi table rules: what each recorded hand does to the scores, the dealer and the pot.

The site replays its log of :class:`~scoring.engine.game.Outcome` objects through
:data:`GAME`; ``apply`` is a pure function of (state, outcome, options).

Outcome types
    ``ron``, ``tsumo``
        ``wins``: ``[{"winner", "discarder", "pao"?, "hand" | "quick"}]``. ``hand`` is the
        :func:`~.score` request without ``seat_wind``, ``round_wind``, ``honba``,
        ``riichi_sticks``, ``discarder``, ``win`` and ``pao`` (filled from the table).
        ``quick`` is ``{"han", "fu"}``, ``{"yakuman": k}`` (optionally ``"pao_yakuman": j``,
        how many of the k yakuman the responsible player covers) or ``{"points": n}``, the
        hand's value as a ron would pay it (a tsumo is split as base ``n/4``, dealer ``n/6``).
    ``draw``
        exhaustive draw: ``tenpai`` list; ``extra.nagashi`` lists nagashi-mangan players;
        ``extra.hands`` (player -> ``{hand, melds}``) lets the engine judge shown hands.
    ``nagashi``
        the same as a draw with a non-empty ``extra.nagashi``.
    ``abortive``
        ``extra.kind`` one of :data:`ABORTIVE_KINDS`.
    ``chombo``
        ``penalised`` player.

Every outcome may list ``riichi``: each declarer puts a 1000-point stick in the pot.

Conventions (the others are options of :class:`~.options.Options`):

* Renchan: the dealer keeps the deal after winning (also as one of several ron winners)
  or being tenpai at an exhaustive draw, and after an abortive draw; honba +1 then and on
  every draw, reset to 0 when a non-dealer wins.
* Multiple ron: each winner is scored with their own hand; the honba and the pot go to the
  winner nearest the discarder counting counter-clockwise (South of the discarder first),
  per ``multi_ron_honba``/``multi_ron_sticks``. Head bump keeps only that winner, however
  many call. Three winners abort the hand (sanchahou) only when ``multi_ron`` is
  ``double``.
* Nagashi mangan is paid as a mangan tsumo without honba; the pot stays, there are no
  noten payments that hand, and it counts as a draw for renchan and honba (Tenhou).
* Chombo (``reverse_mangan``): the offender pays a mangan as if the others had won a
  tsumo (dealer offender 4000 to each; otherwise 4000 to the dealer, 2000 to the others).
  The hand is replayed: dealer, round and honba do not change. Riichi sticks declared in a
  void hand are returned, so ``riichi`` on a chombo moves nothing. With ``final_points``
  (EMA) the penalty is only noted in ``state["extra"]["chombo"]`` and in the hand's result
  (``{"penalty_at_end": {"player", "amount"}}``), and taken from the offender alone at the
  end, paid to nobody (see :mod:`.game_end`).
* A riichi declarer must be listed tenpai at an exhaustive draw (otherwise record a chombo).
* When the game ends, round, dealer, hand number and honba stay those of the last hand.
* Game end: after the last hand of the last round wind (East 4 or South 4) unless the
  dealer repeats, or when a score drops below zero (``bust_ends_game``). ``agari_yame``
  (off by default): the all-last dealer who wins or is tenpai while strictly on top ends
  the game. ``west_extension`` (off by default): if nobody has reached the return points
  after the last hand, play continues into the next wind round as sudden death (ends
  after the first hand that leaves someone at or above the return points, or after that
  round's fourth hand).

Final settlement is in :mod:`.game_end`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from ...entry import check_outcome
from ...errors import BadOutcome, about
from ...game import (
    GameState,
    HandSettlement,
    LedgerRow,
    Rows,
    add_scores,
    check_player,
    check_unfinished,
    choose_params,
    clone_state,
    fresh_state,
    outcome_type,
    own_discard,
    player_list,
    ruleset_options,
    seat_wind,
    split_evenly,
)
from ...items import listed
from ...options import options_to_dict
from ...result import Contract, Deferred, Headline, Item, Ledger, contract, headline, payments_of
from ...tiles import WIND_LETTERS, WIND_NAMES
from . import game_end
from .options import PRESETS, Options
from .points import MANGAN, win_payments
from .quick import quick_value
from .score import NAGASHI, riichi_headline

OUTCOME_TYPES = ("ron", "tsumo", "draw", "abortive", "chombo", "nagashi")
ABORTIVE_KINDS = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan",
                  "sanchahou")
# Four winds discarded, four riichi and three rons need four players (the entry spec
# offers the others only).
FOUR_PLAYER_ABORTS = ("suufon_renda", "suucha_riichi", "sanchahou")
STICK = 1000


def entry_spec(opts: Options) -> Any:
    from .entry import entry_spec as spec  # the entry spec reads this module's kinds

    return spec(opts)


def riichi_options(options: Any) -> Options:
    """The table's options object; a mapping of overrides (may name a ``preset``) or None
    is built and checked."""
    return ruleset_options(options, Options, PRESETS, "riichi")


@dataclass
class _Step:
    """What one outcome did, before the round moves on."""

    keep_dealer: bool
    honba: int  # the honba count of the next hand
    pot_taken: int = 0
    results: list[Contract] = field(default_factory=list)
    text: str = ""
    replay: bool = False  # chombo: the same hand is played again


@dataclass
class _Table:
    """Read-only view of the state the outcome applies to."""

    state: GameState
    opts: Options
    pot: int  # the pot including this hand's riichi sticks

    @property
    def dealer(self) -> int:
        return self.state["dealer"]

    @property
    def honba(self) -> int:
        return self.state.get("honba", 0)

    @property
    def players(self) -> int:
        return self.opts.players

    def wind(self, player: int) -> str:
        return seat_wind(player, self.dealer, self.players)

    def player(self, value: Any, what: str, path: str = "") -> int:
        return check_player(value, what, self.players, path)

    def player_list(self, value: Any, what: str) -> list[int]:
        return player_list(value, what, self.players)


class RiichiGame:
    """Implements :class:`~scoring.engine.game.GameRules` for riichi."""

    outcome_types = OUTCOME_TYPES

    def initial_state(self, options: Any) -> GameState:
        opts = riichi_options(options)
        return fresh_state(opts.start_points, opts.players)

    def apply(self, state: GameState, outcome: Mapping[str, Any], options: Any) -> HandSettlement:
        opts = riichi_options(options)
        check_unfinished(state)
        kind = outcome_type(outcome, OUTCOME_TYPES)
        check_outcome(entry_spec(opts), outcome)
        rows = Rows()
        pot_change = 0
        if kind != "chombo":
            for player in player_list(outcome.get("riichi"), "riichi", opts.players):
                rows.add(player, -STICK, "sticks")
                pot_change += STICK
        table = _Table(state, opts, state.get("pot", 0) + pot_change)
        handlers: dict[str, Callable[[_Table, Mapping[str, Any], Rows], _Step]] = {
            "ron": _ron, "tsumo": _tsumo, "draw": _draw, "nagashi": _draw,
            "abortive": _abortive, "chombo": _chombo,
        }
        step = handlers[kind](table, outcome, rows)
        pot_change -= step.pot_taken
        ledger = rows.rows()
        new = clone_state(state)
        new["scores"] = add_scores(state["scores"], ledger)
        new["pot"] = state.get("pot", 0) + pot_change
        new["hands_played"] = state.get("hands_played", 0) + 1
        if kind == "chombo" and opts.chombo == "final_points":
            counts = list(new.setdefault("extra", {}).get("chombo", [0] * opts.players))
            counts[outcome["penalised"]] += 1
            new["extra"]["chombo"] = counts
        label = _hand_label(state)
        _advance(state, new, step, opts)
        return HandSettlement(rows=ledger, pot_change=pot_change, state=new,
                              results=step.results, summary=f"{label}: {step.text}",
                              ledger=rows.ledger.payments())

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return game_end.final_settlement(state, riichi_options(options))

    def final_table(self, state: GameState, options: Any) -> list[dict[str, Any]]:
        """Final standings with the club score; see :func:`.game_end.final_table`."""
        return game_end.final_table(state, riichi_options(options))


def _hand_label(state: GameState) -> str:
    label = f"{WIND_NAMES[state['round_wind']]} {state['hand_number']}"
    honba = state.get("honba", 0)
    return f"{label}, {honba} honba" if honba else label


# --- wins -----------------------------------------------------------------------------


@dataclass
class _Value:
    """A scored win: ``pay(honba)`` gives each seat's change, without riichi sticks."""

    pay: Callable[[int], dict[str, int]]
    items: list[Item]
    text: str
    headline: Callable[[int], Headline]  # from the hand value the table pays


def _wins(outcome: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    wins = outcome.get("wins")
    if not isinstance(wins, list) or not wins:
        raise BadOutcome("a win needs 'wins': a list with one entry per winner",
                         params=choose_params("wins.0.winner"))
    for w in wins:
        if not isinstance(w, Mapping):
            raise BadOutcome(f"each entry of 'wins' must be an object, got {w!r}")
    return wins


def _tsumo(table: _Table, outcome: Mapping[str, Any], rows: Rows) -> _Step:
    wins = _wins(outcome)
    if len(wins) != 1:
        raise BadOutcome(f"a tsumo has exactly one winner, got {len(wins)}",
                         params={"count": len(wins), "reason": "one_winner"})
    win = wins[0]
    if win.get("discarder") is not None:
        raise BadOutcome("a tsumo has no discarder; leave 'discarder' out or null")
    winner = table.player(win.get("winner"), "winner", "wins.0.winner")
    win = _declared(win, outcome)
    result, text = _pay_win(table, win, winner, None, table.honba, table.pot, rows, "wins.0")
    keep = winner == table.dealer
    return _Step(keep_dealer=keep, honba=table.honba + 1 if keep else 0, pot_taken=table.pot,
                 results=[result], text=f"{table.wind(winner)} tsumo, {text}")


def _ron(table: _Table, outcome: Mapping[str, Any], rows: Rows) -> _Step:
    wins = _wins(outcome)
    discarder = table.player(wins[0].get("discarder"), "discarder", "wins.0.discarder")
    winners: list[int] = []
    for i, w in enumerate(wins):
        if w.get("discarder") != discarder:
            raise BadOutcome("every winner of one ron must name the same discarder",
                             params={"reason": "same_discarder", "field": "discarder",
                                     "path": f"wins.{i}.discarder"})
        winner = table.player(w.get("winner"), "winner", f"wins.{i}.winner")
        if winner == discarder:
            raise own_discard(winner, f"wins.{i}.discarder")
        if winner in winners:
            raise BadOutcome(f"a player is listed twice among the winners: {winners}",
                             params={"reason": "twice", "player": winner, "field": "winner",
                                     "path": f"wins.{i}.winner"})
        winners.append(winner)
    # Counter-clockwise from the discarder: the player on the discarder's right first.
    ordered = sorted(wins, key=lambda w: (w["winner"] - discarder) % table.players)
    opts = table.opts
    # Under head bump three callers are settled like two (WRC, M-League): only under
    # "double" does a third winner void the hand.
    if len(ordered) == 3 and opts.multi_ron == "double":
        return _abort(table, "sanchahou", rows)
    ignored = []
    if opts.multi_ron == "head_bump":
        ordered, ignored = ordered[:1], ordered[1:]
    sticks = _stick_shares(table.pot, [w["winner"] for w in ordered], opts)
    results, texts = [], []
    for i, win in enumerate(ordered):
        at = f"wins.{wins.index(win)}"  # where the sheet entered it, for the error's path
        win = _declared(win, outcome)
        honba = table.honba if i == 0 or opts.multi_ron_honba == "each" else 0
        result, text = _pay_win(table, win, win["winner"], discarder, honba,
                                sticks.get(win["winner"], 0), rows, at)
        results.append(result)
        texts.append(f"{table.wind(win['winner'])} ron from {table.wind(discarder)}, {text}")
    for win in ignored:
        # A head-bumped caller did not win: no result of theirs (the outcome keeps the call).
        texts.append(f"{table.wind(win['winner'])} head-bumped")
    keep = any(w["winner"] == table.dealer for w in ordered)
    return _Step(keep_dealer=keep, honba=table.honba + 1 if keep else 0, pot_taken=table.pot,
                 results=results, text="; ".join(texts))


def _declared(win: Mapping[str, Any], outcome: Mapping[str, Any]) -> Mapping[str, Any]:
    """A win in tiles by a player listed in the outcome's ``riichi`` has the riichi yaku
    without saying so in its hand (the record sheet asks riichi once, as a declaration);
    a hand that names double or open riichi keeps it."""
    hand = win.get("hand")
    if not isinstance(hand, Mapping) or win.get("winner") not in (outcome.get("riichi") or ()):
        return win
    if any(hand.get(f) for f in ("riichi", "double_riichi", "open_riichi")):
        return win
    return {**win, "hand": {**hand, "riichi": True}}


def _stick_shares(pot: int, winners: list[int], opts: Options) -> dict[int, int]:
    if opts.multi_ron_sticks == "split":
        return split_evenly(pot, winners, unit=100)
    return {winners[0]: pot}


def _pay_win(table: _Table, win: Mapping[str, Any], winner: int, discarder: int | None, honba: int,
             sticks: int, rows: Rows, at: str) -> tuple[Contract, str]:
    """Rows for one win (entered at ``at`` in the outcome): the hand (``pao`` for the
    responsible player), honba, sticks; its result and its line of the summary."""
    pao = win.get("pao")
    if pao is not None:
        pao = table.player(pao, "pao")
        if pao == winner:
            raise BadOutcome("the responsible player (pao) cannot be the winner")
    kind = "tsumo" if discarder is None else "ron"
    tiles = "hand" in win
    with about(f"{at}.hand" if tiles else at, "hand" if tiles else "quick", player=winner):
        value = _win_value(table, win, winner, discarder, pao, kind)
    everyone = range(table.players)
    seats = {table.wind(p): p for p in everyone}

    def pay(with_honba: int) -> dict[int, int]:
        return {seats[s]: d for s, d in value.pay(with_honba).items()}

    hand = pay(0)
    total = pay(honba) if honba else hand
    own = Ledger()
    for player, amount in hand.items():
        reason: Literal["pao", "hand"] = "pao" if player == pao and amount < 0 else "hand"
        rows.add(player, amount, reason)
        own.add(player, amount, reason)
    honba_deltas = {p: total[p] - hand[p] for p in everyone}
    rows.add_deltas(honba_deltas, "honba")
    own.add_deltas(honba_deltas, "honba")
    rows.add(winner, sticks, "sticks")
    own.add(winner, sticks, "sticks")
    gained = total[winner] + sticks
    result = contract(value.items, value.headline(hand[winner]), own.payments(),
                      table.players, pot_change=-sticks, winner=winner, discarder=discarder)
    return result, f"{value.text}, {gained}"


def _win_value(table: _Table, win: Mapping[str, Any], winner: int, discarder: int | None,
               pao: int | None, kind: str) -> _Value:
    has_hand, has_quick = "hand" in win, "quick" in win
    if has_hand == has_quick:
        raise BadOutcome("each win needs either 'hand' (tiles) or 'quick' (han/fu, yakuman "
                         "or points), not both", params={"reason": "hand_or_quick"})
    if not has_quick:
        return _tiles_value(table, win["hand"], winner, discarder, pao, kind)
    base, pao_base, info, text = quick_value(win["quick"], winner == table.dealer, table.opts)
    if pao is None:
        pao_base = 0

    def head(points: int) -> Headline:
        if "han" in info:
            return riichi_headline(info["han"], info["fu"], 0, info["limit"], points)
        if "yakuman" in info:
            return riichi_headline(0, 0, info["yakuman"], info["limit"], points)
        return headline(info["points"], "points", points)

    def pay(honba: int) -> dict[str, int]:
        return win_payments(base, table.wind(winner), kind,
                            None if discarder is None else table.wind(discarder), honba, 0,
                            table.opts, None if pao is None else table.wind(pao), pao_base)

    # A quick entry names figures, no scoring elements.
    return _Value(pay=pay, items=[], text=text, headline=head)


def _tiles_value(table: _Table, hand: Any, winner: int, discarder: int | None,
                 pao: int | None, kind: str) -> _Value:
    from .score import scored

    if not isinstance(hand, Mapping):
        raise BadOutcome(f"'hand' must be a riichi score request object, got {hand!r}")
    request = dict(hand)
    request.update(seat_wind=table.wind(winner), round_wind=table.state["round_wind"],
                   honba=0, riichi_sticks=0, win=kind,
                   options=options_to_dict(table.opts))
    request.pop("discarder", None)
    request.pop("pao", None)
    if discarder is not None:
        request["discarder"] = table.wind(discarder)
    if pao is not None:
        request["pao"] = table.wind(pao)
    result = scored(request)
    first = dict(result["deltas"])

    def pay(honba: int) -> dict[str, int]:
        # scored() applies the pao rules itself; a second call with the honba isolates it.
        return first if not honba else dict(scored({**request, "honba": honba})["deltas"])

    han, fu, limit = result.get("han"), result.get("fu"), result.get("limit")
    if limit and "yakuman" in limit:
        text = limit
    else:
        text = f"{han} han {fu} fu" + (f" {limit}" if limit else "")
    def head(points: int) -> Headline:
        head = cast(Headline, dict(result["headline"]))  # the score() just above made it
        head["points"] = points
        return head

    return _Value(pay=pay, items=result["items"], text=text, headline=head)


# --- draws, aborts, chombo ------------------------------------------------------------


def _shown_tenpai(table: _Table, typed: list[int], shown: Any) -> list[int]:
    """The tenpai list with every hand shown at the draw judged by the engine.

    ``shown`` maps a player (0-3, as a number or a string) to ``{"hand", "melds"}``, the
    13 tiles laid down at the draw. Those players' tenpai comes from the analyser, the
    same code the analyser page runs, so a shown hand can't be recorded the wrong way; a
    player who does not show keeps what was typed (a noten player may keep the hand
    hidden).
    """
    if shown is None:
        return typed
    if not isinstance(shown, Mapping):
        raise BadOutcome("'extra.hands' must map players 0-3 to {hand, melds}")
    # Imported here: the analyser prices waits through this ruleset's own package.
    from ...analysis import tenpai as is_tenpai

    result = set(typed)
    for key, body in shown.items():
        player = table.player(int(key) if isinstance(key, str) and key.isdigit() else key,
                              "each player in 'extra.hands'")
        if not isinstance(body, Mapping) or not isinstance(body.get("hand"), str):
            raise BadOutcome(f"the hand shown by player {player} must be "
                             "{\"hand\": \"<13 tiles>\", \"melds\": [...]}",
                             params={"player": player, "path": f"extra.hands.{player}.hand"})
        request = {"ruleset": "riichi", "hand": body["hand"], "melds": body.get("melds") or [],
                   "options": options_to_dict(table.opts)}
        ready = is_tenpai(request)
        if "tenpai" in body and bool(body["tenpai"]) != ready:
            state = "tenpai" if ready else "not tenpai"
            raise BadOutcome(f"player {player}'s shown hand {body['hand']} is {state}",
                             params={"reason": "shown_tenpai" if ready else "shown_noten",
                                     "player": player, "path": f"extra.hands.{player}.tenpai"})
        if ready:
            result.add(player)
        else:
            result.discard(player)
    return sorted(result)


def _draw(table: _Table, outcome: Mapping[str, Any], rows: Rows) -> _Step:
    opts = table.opts
    extra = outcome.get("extra") or {}
    tenpai = _shown_tenpai(table, table.player_list(outcome.get("tenpai"), "tenpai"),
                           extra.get("hands") if isinstance(extra, Mapping) else None)
    riichi = table.player_list(outcome.get("riichi"), "riichi")
    for player in riichi:
        if player not in tenpai:
            raise BadOutcome(f"player {player} declared riichi but is not listed tenpai; "
                             "a noten riichi at the draw is recorded as a chombo",
                             params={"reason": "noten_riichi", "player": player,
                                     "field": "tenpai", "path": "tenpai"})
    nagashi = table.player_list(extra.get("nagashi"), "extra.nagashi")
    if outcome["type"] == "nagashi" and not nagashi:
        raise BadOutcome("a nagashi outcome needs 'extra': {'nagashi': [players]}")
    if nagashi and not opts.nagashi_mangan:
        raise BadOutcome("nagashi mangan is off in this table's rules (option nagashi_mangan)",
                         params={"reason": "off", "option": "nagashi_mangan",
                                 "path": "extra.nagashi"})
    keep = table.dealer in tenpai
    step = _Step(keep_dealer=keep, honba=table.honba + 1)
    if nagashi:
        texts = []
        for player in nagashi:
            deltas = win_payments(MANGAN, table.wind(player), "tsumo", None, 0, 0, opts)
            by_player = {p: deltas[table.wind(p)] for p in range(table.players)}
            rows.add_deltas(by_player, "hand", "nagashi")
            points = deltas[table.wind(player)]
            # Not a win: the result names no winner, its ledger says who was paid.
            step.results.append(
                contract([listed(NAGASHI)], riichi_headline(5, 0, 0, "mangan", points),
                         payments_of(by_player, "nagashi"), table.players))
            texts.append(f"{table.wind(player)} nagashi mangan")
        step.text = "draw, " + ", ".join(texts)
        return step
    noten = [p for p in range(table.players) if p not in tenpai]
    total = opts.noten_payment_total
    own = Ledger()
    if tenpai and noten and total:
        for player, amount in split_evenly(total, noten, unit=100).items():
            rows.add(player, -amount, "draw", "noten")
            own.add(player, -amount, "noten")
        received = split_evenly(total, tenpai, unit=100)
        rows.add_deltas(received, "draw", "noten")
        own.add_deltas(received, "noten")
    names = "".join(table.wind(p) for p in sorted(
        tenpai, key=lambda p: (p - table.dealer) % table.players))
    # The judged list (shown hands included) for the site's history line, and the noten
    # payments.
    step.results.append(contract([], None, own.payments(), table.players,
                                 ready=sorted(tenpai)))
    step.text = f"draw, tenpai: {names}" if tenpai else "draw, all noten"
    return step


def _abortive(table: _Table, outcome: Mapping[str, Any], rows: Rows) -> _Step:
    kind = (outcome.get("extra") or {}).get("kind")
    if kind not in ABORTIVE_KINDS:
        raise BadOutcome(f"an abortive draw needs extra.kind, one of {', '.join(ABORTIVE_KINDS)}"
                         f"; got {kind!r}")
    return _abort(table, kind, rows)


def _abort(table: _Table, kind: str, rows: Rows) -> _Step:
    if not table.opts.abortive_draws:
        raise BadOutcome(f"abortive draws are off in this table's rules; {kind} does not "
                         "apply (option abortive_draws)",
                         params={"reason": "off", "option": "abortive_draws", "kind": kind,
                                 **({"field": "kind", "path": "extra.kind"}
                                    if kind != "sanchahou" else {})})
    return _Step(keep_dealer=True, honba=table.honba + 1,
                 text=f"abortive draw ({kind.replace('_', ' ')})")


def _chombo(table: _Table, outcome: Mapping[str, Any], rows: Rows) -> _Step:
    if "penalised" not in outcome:
        raise BadOutcome("a chombo needs 'penalised': the offending player",
                         params=choose_params("penalised"))
    offender = table.player(outcome["penalised"], "penalised", "penalised")
    opts = table.opts
    step = _Step(keep_dealer=True, honba=table.honba, replay=True)
    name = table.wind(offender)
    if opts.chombo == "reverse_mangan":
        for player in range(table.players):
            if player != offender:
                amount = 2 * MANGAN if table.dealer in (player, offender) else MANGAN
                rows.add(player, amount, "penalty")
                rows.add(offender, -amount, "penalty")
        step.text = f"chombo by {name}, pays a mangan"
    elif opts.chombo == "final_points":
        # Nothing moves now; the result says what the end will take, so the history
        # can show it from the hand on (rendering.hand_summary).
        step.results = [contract([], None, [], table.players, penalty_at_end=Deferred(
            player=offender, amount=-opts.chombo_points))]
        step.text = f"chombo by {name}, {opts.chombo_points} off the final score"
    else:
        step.text = f"chombo by {name}, hand replayed"
    return step


# --- round progression ----------------------------------------------------------------


def _advance(old: GameState, new: GameState, step: _Step, opts: Options) -> None:
    """Move ``new`` to the next hand and decide whether the game is over."""
    last_round = WIND_LETTERS.index("E" if opts.length == "east" else "S")
    round_index = WIND_LETTERS.index(old["round_wind"])
    hands = opts.players  # hands in a wind round: each player deals once
    all_last = round_index >= last_round and old["hand_number"] == hands
    extension = round_index > last_round
    scores = new["scores"]
    target = opts.return_points
    new["honba"] = step.honba
    if step.replay:
        new["finished"] = opts.bust_ends_game and min(scores) < 0
        return
    if not step.keep_dealer:
        new["dealer"] = (old["dealer"] + 1) % hands
        new["hand_number"] = old["hand_number"] + 1
        if new["hand_number"] > hands:
            new["hand_number"] = 1
            new["round_wind"] = WIND_LETTERS[(round_index + 1) % 4]
    finished = opts.bust_ends_game and min(scores) < 0
    west = opts.west_extension
    if extension and max(scores) >= target:
        finished = True
    elif all_last and not step.keep_dealer:
        if extension or not west or max(scores) >= target:
            finished = True
    elif all_last and opts.agari_yame:
        dealer = old["dealer"]
        top = all(scores[dealer] > s for p, s in enumerate(scores) if p != dealer)
        if top and (not west or scores[dealer] >= target):
            finished = True
    new["finished"] = bool(finished)
    if finished:
        # No next hand: the state keeps showing the hand that ended the game.
        for key in ("round_wind", "dealer", "hand_number"):
            new[key] = old[key]
        new["honba"] = old.get("honba", 0)


GAME = RiichiGame()
