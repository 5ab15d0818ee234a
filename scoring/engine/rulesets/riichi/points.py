"""Base points from han and fu, limits, and who pays what for one win.

Seed 001's derivation: base points ``a = fu * 2**(han + 2)``, capped at mangan (2000);
a non-dealer win is worth ``4a`` (ron: the discarder pays all; tsumo: the dealer 2a and
the others a each); a dealer win ``6a`` (ron: 6a from the discarder; tsumo: 2a each).
Every payment is rounded up to 100 *per payer* (non-dealer tsumo 4 han 30 fu: a = 1920,
the dealer pays 3840 -> 3900, not 2 x 2000).

Honba (本場) add 300 per counter: all from the discarder on ron, 100 from each payer on
tsumo.

Three players (sanma) sit East, South and West: a tsumo's North share is not paid
(``north = "loss"``, ツモ損) or shared by the two payers (``"split"``, in hundreds, the odd
hundred to the payer who comes first from East).

The winner also takes the riichi sticks in the pot, so the deltas returned by
:func:`win_payments` sum to ``+1000 * riichi_sticks`` — exactly what the pot loses.
"""

from __future__ import annotations

from typing import Any

from ...errors import BadInput
from ...tiles import WIND_LETTERS

MANGAN = 2000

_LIMIT_BASE = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000}
_MULTIPLE_NAMES = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman",
                   4: "quadruple yakuman", 5: "quintuple yakuman", 6: "sextuple yakuman"}


def yakuman_name(multiple: int, kazoe: bool = False) -> str:
    name = _MULTIPLE_NAMES.get(multiple, f"{multiple}x yakuman")
    return f"kazoe {name}" if kazoe else name


def base_points(han: int, fu: int, yakuman: int, options: Any) -> tuple[int, str | None]:
    """Base points ``a`` and the limit reached (``None`` below mangan)."""
    if yakuman > 0:
        return 8000 * yakuman, yakuman_name(yakuman)
    if han >= 13:
        if options.kazoe_limit == "sanbaiman":
            return 6000, "sanbaiman"
        if options.kazoe_limit == "none":
            multiple = han // 13
            return 8000 * multiple, yakuman_name(multiple, kazoe=True)
        return 8000, "kazoe yakuman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han >= 5:
        return MANGAN, "mangan"
    base = fu * 2 ** (han + 2)
    if base >= MANGAN:
        return MANGAN, "mangan"
    # Kiriage: 4 han 30 fu and 3 han 60 fu (a = 1920) are paid as mangan.
    if options.kiriage and base == 1920:
        return MANGAN, "mangan"
    return base, None


def ceil100(points: int) -> int:
    return -(-points // 100) * 100


def ron_value(base: int, dealer: bool) -> int:
    """What the discarder pays for a ron before honba: 6a or 4a, rounded up to 100."""
    return ceil100(base * (6 if dealer else 4))


SANMA_SEATS = WIND_LETTERS[:3]


def seats_of(options: Any) -> tuple[str, ...]:
    """The seat winds at the table: four, or East, South and West for three players."""
    return SANMA_SEATS if getattr(options, "players", 4) == 3 else WIND_LETTERS


def tsumo_shares(base: int, winner: str, seats: tuple[str, ...] = WIND_LETTERS,
                 north: str = "loss") -> dict[str, int]:
    """Each loser's share of a tsumo before honba, rounded up to 100 per payer; without a
    North seat its share is lost or split (see the module docstring)."""
    double = -(-2 * base // 100) * 100
    single = -(-base // 100) * 100
    shares = {s: double if winner == "E" or s == "E" else single
              for s in WIND_LETTERS if s != winner}
    if seats is WIND_LETTERS:
        return shares
    absent = shares.pop("N")
    if north == "split":
        first, second = (s for s in seats if s != winner)
        hundreds, odd = divmod(absent // 100, 2)
        shares[first] += (hundreds + odd) * 100
        shares[second] += hundreds * 100
    return shares


def plain_payments(base: int, winner: str, tsumo: bool, discarder: str | None, honba: int,
                   riichi_sticks: int, seats: tuple[str, ...] = WIND_LETTERS,
                   north: str = "loss") -> dict[str, int]:
    """:func:`win_payments` without pao, for arguments already checked: the deltas are
    written out directly, since every scored hand pays through here."""
    if seats is not WIND_LETTERS:
        deltas = dict.fromkeys(seats, 0)
        if tsumo:
            for seat, share in tsumo_shares(base, winner, seats, north).items():
                deltas[seat] -= share + 100 * honba
                deltas[winner] += share + 100 * honba
        else:
            paid = ceil100(base * (6 if winner == "E" else 4)) + 300 * honba
            deltas[discarder] = -paid  # type: ignore[index]
            deltas[winner] = paid
        deltas[winner] += 1000 * riichi_sticks
        return deltas
    if tsumo:
        double = -(-2 * base // 100) * 100 + 100 * honba
        if winner == "E":
            deltas = {"E": 3 * double, "S": -double, "W": -double, "N": -double}
        else:
            single = -(-base // 100) * 100 + 100 * honba
            deltas = {"E": -double, "S": -single, "W": -single, "N": -single}
            deltas[winner] = double + 2 * single
    else:
        paid = -(-base * (6 if winner == "E" else 4) // 100) * 100 + 300 * honba
        deltas = {"E": 0, "S": 0, "W": 0, "N": 0}
        deltas[discarder] = -paid  # type: ignore[index]  # a ron names its discarder
        deltas[winner] = paid
    if riichi_sticks:
        deltas[winner] += 1000 * riichi_sticks
    return deltas


def _check_seat(value: Any, what: str, seats: tuple[str, ...] = WIND_LETTERS) -> str:
    if value not in seats:
        if seats is SANMA_SEATS and value == "N":
            raise BadInput(f"{what}: three players sit East, South and West; there is no "
                           "North seat")
        raise BadInput(f"{what} must be a seat wind E, S, W or N, got {value!r}")
    return str(value)


def win_payments(base: int, winner: str, win: str, discarder: str | None, honba: int,
                 riichi_sticks: int, options: Any, pao: str | None = None,
                 pao_base: int = 0) -> dict[str, int]:
    """Every seat's change for one win, honba and riichi sticks included.

    ``pao_base`` is the part of ``base`` the responsible player ``pao`` is liable for (the
    pao yakuman alone, or all of ``base`` when the option covers the whole hand). On tsumo
    the responsible player pays that part as if it had been dealt in, plus all honba; on
    ron by a third player the discarder and the responsible player split it evenly and the
    honba follows ``options.pao_ron_honba``. The sum of the deltas is
    ``+1000 * riichi_sticks`` (the sticks leave the pot).
    """
    seats = seats_of(options)
    north = getattr(options, "sanma_tsumo", "loss")
    _check_seat(winner, "winner", seats)
    if win not in ("ron", "tsumo"):
        raise BadInput(f"win must be 'ron' or 'tsumo', got {win!r}")
    if honba < 0 or riichi_sticks < 0:
        raise BadInput("honba and riichi_sticks cannot be negative")
    if pao is None and (win == "tsumo" or (discarder in seats and discarder != winner)):
        if win == "tsumo" and discarder is not None:
            raise BadInput("a tsumo has no discarder; leave 'discarder' out")
        return plain_payments(base, winner, win == "tsumo", discarder, honba, riichi_sticks,
                              seats, north)
    dealer = winner == "E"
    deltas = dict.fromkeys(seats, 0)
    if pao is not None:
        _check_seat(pao, "pao", seats)
        if pao == winner:
            raise BadInput("the responsible player (pao) cannot be the winner")
        pao_base = max(0, min(pao_base, base))
    else:
        pao_base = 0

    def pay(seat: str, amount: int) -> None:
        deltas[seat] -= amount
        deltas[winner] += amount

    if win == "ron":
        discarder = _check_seat(discarder, "discarder", seats)
        if discarder == winner:
            raise BadInput("the discarder cannot be the winner on a ron")
        if pao is None or pao == discarder or pao_base == 0:
            pay(discarder, ron_value(base, dealer) + 300 * honba)
        else:
            covered = ron_value(pao_base, dealer)
            rest = ron_value(base, dealer) - covered if pao_base < base else 0
            pao_half = ceil100(covered // 2) if covered % 200 else covered // 2
            pay(pao, pao_half)
            pay(discarder, covered - pao_half + rest)
            honba_points = 300 * honba
            if options.pao_ron_honba == "responsible":
                pay(pao, honba_points)
            elif options.pao_ron_honba == "split":
                pay(pao, honba_points // 2)
                pay(discarder, honba_points - honba_points // 2)
            else:
                pay(discarder, honba_points)
    else:
        if discarder is not None:
            raise BadInput("a tsumo has no discarder; leave 'discarder' out")
        if pao is None or pao_base == 0:
            for seat, share in tsumo_shares(base, winner, seats, north).items():
                pay(seat, share + 100 * honba)
        else:
            pay(pao, ron_value(pao_base, dealer) + 300 * honba)
            if pao_base < base:
                for seat, share in tsumo_shares(base - pao_base, winner, seats, north).items():
                    pay(seat, share)
    deltas[winner] += 1000 * riichi_sticks
    return deltas
