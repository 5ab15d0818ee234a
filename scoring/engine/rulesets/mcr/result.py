"""The JSON-ready parts of a score result: fans, reading, options and payments."""

from __future__ import annotations

from typing import Any

from ...options import options_to_dict
from ...tiles import format_kinds, tile_name
from .fans import FANS
from .payments import payments
from .reading import Reading
from .request import WinRequest

RawFans = tuple[tuple[str, int], ...]
_MEMO_LIMIT = 20_000  # entries; a cache that fills up starts again empty

TILE_NAMES = tuple(tile_name(k) for k in range(34))


def _set_text(shape: str, kind: int) -> str:
    suit = "mpsz"[kind // 9] if kind < 27 else "z"
    rank = kind % 9 + 1 if kind < 27 else kind - 26
    if shape == "chow":
        return f"{rank}{rank + 1}{rank + 2}{suit}"
    return f"{rank}" * (4 if shape == "kong" else 3) + suit


_SET_TEXT = {shape: tuple(_set_text(shape, k) if shape != "chow" or (k < 27 and k % 9 < 7)
                         else "" for k in range(34)) for shape in ("chow", "pung", "kong")}
FAN_NAMES = {f.id: (f.name_zh, f.name_en, f.points) for f in FANS}


def reading_dict(r: Reading) -> dict[str, Any]:
    out: dict[str, Any] = {"form": r.form}
    if r.sets:
        out["sets"] = [{"shape": s.shape, "tiles": _SET_TEXT[s.shape][s.kind],
                        "concealed": s.concealed, "declared": s.declared} for s in r.sets]
    if r.pair >= 0:
        out["pair"] = TILE_NAMES[r.pair]
    if r.knitted:
        out["knitted"] = format_kinds(r.knitted)
    return out


_OPTIONS_OUT: dict[int, tuple[Any, dict[str, Any], tuple[str, ...]]] = {}


def options_out(opts: Any) -> dict[str, Any]:
    """The options as JSON-ready data; lists are fresh copies each time."""
    found = _OPTIONS_OUT.get(id(opts))
    if found is None or found[0] is not opts:
        data = {k: list(v) if isinstance(v, list) else v
                for k, v in options_to_dict(opts).items()}
        found = (opts, data, tuple(k for k, v in data.items() if isinstance(v, list)))
        if len(_OPTIONS_OUT) >= 256:
            _OPTIONS_OUT.clear()
        _OPTIONS_OUT[id(opts)] = found
    out = dict(found[1])
    for k in found[2]:
        out[k] = list(out[k])
    return out


_PAYMENTS: dict[tuple[Any, ...], dict[str, int]] = {}


def deltas_of(req: WinRequest, total: int) -> dict[str, int] | None:
    if not req.tsumo and req.discarder is None:
        return None
    opts = req.options
    key = (total, req.seat, req.tsumo, req.discarder, opts.base, opts.quanchong)
    found = _PAYMENTS.get(key)
    if found is None:
        found = payments(total, req.seat, "tsumo" if req.tsumo else "ron", req.discarder,
                         opts)
        if len(_PAYMENTS) >= _MEMO_LIMIT:
            _PAYMENTS.clear()
        _PAYMENTS[key] = found
    return dict(found)


def clear_result_caches() -> None:
    _PAYMENTS.clear()
