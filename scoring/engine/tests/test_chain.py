"""The hash chain's canonical form and the offline verifier (``python -m scoring.engine
verify-chain``), on chains built here, without the site (its exports are checked in
games/tests/test_chain_export.py)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from scoring.engine.chain import (
    CSV_COLUMNS,
    Link,
    content_of,
    digest,
    main,
    read_export,
    verify,
)

REPO = Path(__file__).resolve().parents[3]


def chained(events: list[dict[str, Any]], table: str = "T1") -> list[Link]:
    out: list[Link] = []
    for seq, event in enumerate(events, start=1):
        content = content_of(table, seq, event.get("kind", "record"), event.get("hand"),
                             event.get("payload", {}), event.get("actor", "Bo"), 1,
                             f"2026-11-27T19:00:{seq:02d}.000000Z",
                             out[-1].hash if out else None)
        out.append(Link(content, digest(content)))
    return out


def game() -> list[Link]:
    return chained([{"hand": n, "payload": {"outcome": {"type": "draw", "n": n}}}
                    for n in range(1, 6)])


def as_json(links: list[Link]) -> str:
    return json.dumps({"count": 0, "results": [], "chains": [{
        "table": "T1", "name": "Friday", "events": [
            {"seq": link.content["seq"], "content": link.content, "hash": link.hash}
            for link in links]}]})


def test_the_canonical_form_is_stable_and_spelled_out() -> None:
    content = content_of("T1", 1, "record", 1, {"outcome": {"han": 2.0, "名": "王"}}, "Bo",
                         None, "2026-11-27T19:00:00.000000Z", None)
    # Sorted keys, no spaces, ASCII (王 escaped), 2.0 written 2: any language's JSON
    # writer that follows the rule gets the same hash.
    text = ('{"actor":"Bo","at":"2026-11-27T19:00:00.000000Z","hand":1,"kind":"record",'
            '"payload":{"outcome":{"han":2,"\\u540d":"\\u738b"}},"prev":null,"seat":null,'
            '"seq":1,"table":"T1","v":1}')
    assert digest(content) == digest(json.loads(text))
    import hashlib
    assert digest(content) == hashlib.sha256(text.encode()).hexdigest()


def test_an_untouched_chain_holds() -> None:
    verdict = verify(game())
    assert verdict.ok and verdict.events == 5 and verdict.head == game()[-1].hash


def test_the_first_changed_event_is_named() -> None:
    links = game()
    edited = {**links[2].content, "payload": {"outcome": {"type": "ron"}}}
    links[2] = Link(edited, links[2].hash)
    problem = verify(links).problem
    assert problem is not None and (problem.seq, problem.reason) == (3, "changed")
    # Rehashed from there on, it no longer names the hash before it... of the original:
    # the chain alone holds, only a kept hash tells (--expect).
    rehashed = chained([{"hand": n, "payload": {"outcome": {"type": "ron" if n == 3 else
                                                             "draw", "n": n}}}
                        for n in range(1, 6)])
    assert verify(rehashed).ok and rehashed[-1].hash != game()[-1].hash


def test_a_removed_event_is_named() -> None:
    links = game()
    del links[1]
    problem = verify(links).problem
    assert problem is not None and (problem.seq, problem.reason) == (2, "missing")


def test_an_accepted_change_passes_and_a_later_one_is_named_again() -> None:
    links = game()
    links[1] = Link({**links[1].content, "actor": "Mallory"}, links[1].hash)
    verdict = verify(links)
    assert verdict.problem is not None and verdict.problem.seq == 2
    accept = content_of("T1", 6, "accept", None, {"rehash": verdict.rehash}, "Aiko", None,
                        "2026-11-27T20:00:00.000000Z", links[-1].hash)
    accepted = [*links, Link(accept, digest(accept))]
    after = verify(accepted)
    assert after.ok and [(seq, p.seq) for seq, p in after.accepted] == [(6, 2)]
    accepted[0] = Link({**accepted[0].content, "actor": "Eve"}, accepted[0].hash)
    problem = verify(accepted).problem
    assert problem is not None and problem.seq == 1


def test_the_cli_reads_json_and_csv_exports_and_names_the_change() -> None:
    links = game()
    out, err = io.StringIO(), io.StringIO()
    assert main([], io.StringIO(as_json(links)), out, err) == 0
    assert "5 events, the chain holds" in out.getvalue()
    # The CSV: the ledger's rows, an empty line, the chain (a byte-order mark in front).
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(["table", "hand", "delta"])
    writer.writerow(["T1", "1", "1000"])
    writer.writerow([])
    writer.writerow(CSV_COLUMNS)
    for link in links:
        content = dict(link.content)
        if content["seq"] == 4:
            content["payload"] = {"outcome": {"type": "tsumo"}}
        writer.writerow(["T1", content["seq"], content["kind"], content["hand"],
                         content["actor"], 1, content["at"], json.dumps(content), link.hash])
    out = io.StringIO()
    assert main([], io.StringIO("\ufeff" + text.getvalue()), out, err) == 1
    assert "CHANGED: event 4 (record hand 4 by Bo at 2026-11-27T19:00:04.000000Z) was " \
           "changed" in out.getvalue()


def test_the_cli_checks_a_hash_kept_from_before() -> None:
    links = game()
    out, err = io.StringIO(), io.StringIO()
    assert main(["--expect", f"3:{links[2].hash}"], io.StringIO(as_json(links)), out, err) == 0
    assert main(["--expect", f"3:{'0' * 64}"], io.StringIO(as_json(links)), out, err) == 1
    assert "event 3 has" in out.getvalue()
    assert main(["--expect", "3"], io.StringIO(as_json(links)), out, err) == 2


def test_an_unreadable_file_is_told_apart_from_a_changed_history() -> None:
    assert read_export(as_json(game()))[0].table == "T1"
    for text in ("", "not,a,chain\n1,2,3\n", "{", '{"chains": 3}', "[1]"):
        out, err = io.StringIO(), io.StringIO()
        assert main([], io.StringIO(text), out, err) == 2, text
        assert err.getvalue().startswith("verify-chain: ")


def test_python_m_scoring_engine_verify_chain() -> None:
    proc = subprocess.run([sys.executable, "-m", "scoring.engine", "verify-chain"],
                          input=as_json(game()), capture_output=True, text=True, cwd=REPO,
                          timeout=120, encoding="utf-8")
    assert proc.returncode == 0, proc.stderr
    assert "table T1 (Friday): 5 events, the chain holds" in proc.stdout
