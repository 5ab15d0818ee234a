"""Stored hands' results in the result contract's shape (issue 25), once.

Before, each ruleset's results carried 12-18 older keys beside the contract (``fan``,
``total``, ``deltas``, ``payments``...), some results carried none of it (riichi's
``{"tenpai": [...]}`` of a draw, ``{"winner", "ignored": "head_bump"}``), and a win that
left out ``discarder`` read as a self-draw. Every reader now reads the contract alone
(``scoring/engine/result.py``: ``players``, ``winner``, ``discarder``, ``items``,
``headline``, ``ledger``, ``pot_change``, optionally ``ready`` and ``penalty_at_end``),
so this rewrites ``Hand.result`` and fills an empty ``Hand.payments`` from the hand's
ledger rows. Written against the shapes as they were stored, without the engine's code,
which may change after it; the event log, the truth, is untouched.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

KEYS = ("players", "winner", "discarder", "items", "headline", "ledger", "pot_change")
ITEM = ("key", "name", "native", "value", "unit", "count")
# The cause of a ledger row of each reason, as scoring.engine.game.DEFAULT_CAUSE said.
CAUSE_OF_REASON = {
    "hand": "hand", "honba": "honba", "riichi": "sticks", "pao": "pao", "kong": "kong",
    "bonus": "flowers", "penalty": "penalty", "draw": "noten", "uma": "uma", "oka": "oka",
    "leftover": "leftover"}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _discarder(result: dict[str, Any], outcome: Any) -> int | None:
    """The win's discarder: its own, else the outcome's entry for the same winner (the
    toy ruleset's results left it out)."""
    if "discarder" in result:
        return result["discarder"] if _whole(result["discarder"]) else None
    wins = outcome.get("wins") if isinstance(outcome, dict) else None
    for entry in wins if isinstance(wins, list) else []:
        if isinstance(entry, dict) and entry.get("winner") == result["winner"]:
            found = entry.get("discarder")
            return found if _whole(found) else None
    return None


def _items(result: dict[str, Any]) -> list[dict[str, Any]]:
    if isinstance(result.get("items"), list):
        return [{k: i[k] for k in (*ITEM, "payer") if k in i} for i in result["items"]
                if isinstance(i, dict)]
    if isinstance(result.get("fans"), list):  # MCR before the contract
        return [{"key": f.get("id", ""), "name": f.get("name_en", ""),
                 "native": f.get("name_zh", ""), "value": f.get("points", 0),
                 "unit": "fan", "count": f.get("count", 1)}
                for f in result["fans"] if isinstance(f, dict)]
    if isinstance(result.get("yaku"), list):  # riichi before the contract
        return [{"key": str(y.get("name", "")).lower().replace(" ", "_"),
                 "name": y.get("name", ""), "native": y.get("name_ja", ""),
                 "value": y.get("han", 0), "unit": "han", "count": 1}
                for y in result["yaku"] if isinstance(y, dict)]
    return []


def _ledger(result: dict[str, Any]) -> list[dict[str, Any]]:
    if isinstance(result.get("ledger"), list):
        return [{"player": p["player"], "amount": p["amount"], "cause": p["cause"]}
                for p in result["ledger"] if isinstance(p, dict)]
    deltas = result.get("deltas")
    if isinstance(deltas, list):  # a table result before the contract: players' deltas
        return [{"player": p, "amount": a, "cause": "hand"}
                for p, a in enumerate(deltas) if _whole(a) and a]
    return []


def _headline(result: dict[str, Any], ledger: list[dict[str, Any]],
              winner: int | None) -> dict[str, Any] | None:
    if isinstance(result.get("headline"), dict) or "headline" in result:
        return result.get("headline")
    if winner is None:
        return None
    points = sum(p["amount"] for p in ledger if p["player"] == winner and p["amount"] > 0)
    if _whole(result.get("yakuman")) and result["yakuman"]:
        return {"value": result["yakuman"], "unit": "yakuman", "points": points}
    if _whole(result.get("han")):
        return {"value": result["han"], "unit": "han", "fu": result.get("fu") or 0,
                "points": points}
    for key, unit in (("total", "fan"), ("fan", "fan"), ("tai", "tai"), ("value", "chips")):
        if _whole(result.get(key)):
            return {"value": result[key], "unit": unit, "points": points}
    return {"value": 0, "unit": "points", "points": points}


def contract_of(result: Any, outcome: Any, players: int) -> dict[str, Any] | None:
    """One stored result in the contract's shape; None for what settled nothing and names
    no one (a head-bumped caller: the outcome still lists the call)."""
    if not isinstance(result, dict) or "ignored" in result:
        return None
    winner = result.get("winner") if _whole(result.get("winner")) else None
    ledger = _ledger(result)
    pot = result.get("pot_change")
    out: dict[str, Any] = {
        "players": result["players"] if _whole(result.get("players")) else players,
        "winner": winner,
        "discarder": _discarder(result, outcome) if winner is not None else None,
        "items": _items(result),
        "headline": _headline(result, ledger, winner),
        "ledger": ledger,
        "pot_change": pot if _whole(pot) else -sum(p["amount"] for p in ledger),
    }
    ready = result.get("tenpai", result.get("ready"))  # riichi's list, Sichuan's {player: fan}
    if isinstance(ready, list | dict):
        out["ready"] = sorted(int(p) for p in ready if str(p).isdigit())
    if isinstance(result.get("penalty_at_end"), dict):
        later = result["penalty_at_end"]
        out["penalty_at_end"] = {"player": later.get("player"), "amount": later.get("amount")}
    return out


def migrated(results: Any, payments: Any, outcome: Any, players: int,
             rows: list[tuple[int, int, str]]) -> tuple[list[dict[str, Any]],
                                                        list[dict[str, Any]]]:
    """A hand's results and payments by cause in the contract's shape; ``rows`` are its
    ledger rows (position, amount, reason), for a hand stored before payments were."""
    new = [c for r in (results if isinstance(results, list) else [])
           if (c := contract_of(r, outcome, players)) is not None]
    if isinstance(payments, list) and payments:
        return new, payments
    return new, [{"player": p, "amount": a, "cause": CAUSE_OF_REASON.get(r, "hand")}
                 for p, a, r in rows if a]


def forward(apps: Any, schema_editor: Any) -> None:
    hand_model = apps.get_model("games", "Hand")
    entry_model = apps.get_model("games", "LedgerEntry")
    for hand in hand_model.objects.all().iterator():
        scores = (hand.state_after or {}).get("scores") if isinstance(
            hand.state_after, dict) else None
        players = len(scores) if isinstance(scores, list) and len(scores) >= 2 else 4
        rows = list(entry_model.objects.filter(hand_id=hand.pk).order_by("id")
                    .values_list("position", "amount", "reason"))
        result, payments = migrated(hand.result, hand.payments, hand.outcome, players, rows)
        if result != hand.result or payments != hand.payments:
            hand.result, hand.payments = result, payments
            hand.save(update_fields=["result", "payments"])


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0009_event_kind_declare"),
    ]

    operations = [
        # Backwards there is nothing to rebuild the older keys from; the results stay.
        migrations.RunPython(forward, migrations.RunPython.noop),
    ]
