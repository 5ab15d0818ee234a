"""A small but complete site for the backup tests, and what to compare after a restore.

:func:`build` fills every model of the site with rows: accounts (one staff, in an auth
group with a permission, with an API token and an admin log entry), a custom ruleset
configuration, a group with members linked to accounts, two evenings with stakes, a table
of every ruleset played with its sample outcomes, undo/redo/correction/riichi events, an
EMA chombo penalty, a table stake, claimed seats and a private table of no group.
:func:`rows` reads every backed-up table; :func:`pages` fetches what people see (group,
evening, results pages; the leaderboard, settle-up and ledger export of the API).

Run as ``python -m backup.tests.site OP`` (build, rows, pages, record, churn, consistent)
with ``DATABASE_URL`` set (the PostgreSQL integration test, whose pytest process runs on
SQLite): prints JSON.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import sys
from collections.abc import Mapping
from typing import Any

PASSWORD = "right-pass-123"
_ids = itertools.count(1)


def _command() -> str:
    return f"backup-site-{next(_ids)}"


def _write(result: Mapping[str, Any]) -> int:
    assert result.get("ok"), result
    return int(result["seq"])


def build() -> dict[str, Any]:
    """Fill the database; returns the ids :func:`pages` visits."""
    from django.contrib.admin.models import ADDITION, LogEntry
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group as AuthGroup
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType
    from rest_framework.authtoken.models import Token

    from clubs import evening_clock, permissions, results, screen
    from clubs import services as clubs
    from events import officiating
    from events import rounds as event_rounds
    from events import services as events
    from games import services as games
    from games.models import Player, Table
    from games.permissions import Actor
    from games.tests.tables import OUTCOMES
    from scoring import registry
    from scoring.models import RulesetConfig

    users = get_user_model()
    ann = users.objects.create_user("ann", "ann@example.org", PASSWORD, is_staff=True,
                                    first_name="Ann")
    bo = users.objects.create_user("bo", password=PASSWORD)
    referees = AuthGroup.objects.create(name="referees")
    referees.permissions.add(Permission.objects.get(codename="view_table",
                                                    content_type__app_label="games"))
    ann.groups.add(referees)
    bo.user_permissions.add(Permission.objects.get(codename="view_group",
                                                   content_type__app_label="clubs"))
    token = Token.objects.create(user=ann)
    owner = Actor(user=ann, device="owner-device")

    house = RulesetConfig(name="House riichi", ruleset="riichi", preset="",
                          options={"start_points": 30000}, description="Our rules")
    house.full_clean()
    house.save()

    club = clubs.create_group("Thursday club", owner, visibility="public", currency="HKD",
                              members=["Aiko", "Bo", "陈", "Dana"])
    Player.objects.filter(display_name="Aiko").update(user=ann)
    Player.objects.filter(display_name="Bo").update(user=bo)
    nights = [clubs.create_evening(club, "First night", owner),
              clubs.create_evening(club, "Second night", owner)]
    LogEntry.objects.create(user=ann, content_type=ContentType.objects.get_for_model(AuthGroup),
                            object_id=str(referees.pk), object_repr="referees",
                            action_flag=ADDITION, change_message="[]")

    names = ["Aiko", "Bo", "陈", "Dana"]
    tables: list[Table] = []
    for n, ruleset in enumerate(registry.usable()):
        table = games.create_table(f"{ruleset} table", ruleset, "", {}, names,
                                   creator=owner, visibility="public")
        seq = 0
        for outcome in (o for kinds in OUTCOMES[ruleset].values() for o in kinds):
            result = games.record_hand(table.pk, outcome, _command(), seq, owner)
            seq = _write(result)
            if result["snapshot"]["table"]["finished"]:
                break
        night = nights[n % 2]
        clubs.attach_table(table, club, owner, night)
        clubs.set_evening_stake(night, ruleset, "0.5" if n % 2 else "2", owner)
        tables.append(table)

    # Undo, redo, a correction and a riichi declaration on one more riichi table, from a
    # seat claimed by a phone and one by an account; a table stake of its own.
    ron = OUTCOMES["riichi"]["ron"][0]
    edited = games.create_table("Edited", "riichi", "", {}, names, creator=owner,
                                visibility="link", config=house)
    games.claim_seat(edited, 0, device="phone-of-aiko", join_key=edited.join_key)
    games.claim_seat(edited, 1, user=bo, join_key=edited.join_key)
    seq = _write(games.record_hand(edited.pk, ron, _command(), 0, owner))
    seq = _write(games.record_hand(edited.pk, OUTCOMES["riichi"]["tsumo"][0], _command(),
                                   seq, owner))
    seq = _write(games.undo(edited.pk, _command(), seq, owner))
    seq = _write(games.redo(edited.pk, _command(), seq, owner))
    seq = _write(games.undo(edited.pk, _command(), seq, owner))  # stays undone
    seq = _write(games.correct_hand(edited.pk, 1, OUTCOMES["riichi"]["ron"][1], _command(),
                                    seq, owner))
    seq = _write(games.declare(edited.pk, 0, True, _command(), seq, owner))
    clubs.attach_table(edited, club, owner, nights[0])
    clubs.set_table_stake(edited, "1.25", owner, currency="HKD")

    ema = games.create_table("EMA", "riichi", "ema", {}, names, creator=owner,
                             visibility="link")
    seq = _write(games.record_hand(ema.pk, {"type": "chombo", "penalised": 2}, _command(),
                                   0, owner))
    seq = _write(games.record_hand(ema.pk, ron, _command(), seq, owner))
    seq = _write(games.end_game(ema.pk, _command(), seq, owner))
    seq = _write(games.reopen_game(ema.pk, _command(), seq, owner))
    seq = _write(games.end_game(ema.pk, _command(), seq, owner))
    clubs.attach_table(ema, club, owner, nights[1])
    # A change made outside mjsite, found and accepted (issue 29): the accept event and
    # the chain that lets the change pass come back with the rest.
    from games import chain
    from games.models import Event

    Event.objects.filter(table=ema, seq=1).update(actor_name="Mallory")
    chain.forget()
    chain.status(Table.objects.get(pk=ema.pk))
    games.accept_history(ema, owner, _command())

    # The first night's round clock, paused with extra time at one table, and its big
    # screen's key; a tablet in the middle of the EMA table (issue 28).
    evening_clock.set_clock(nights[0], owner, 90, "one_more", [15, 5])
    evening_clock.run(nights[0], owner, "start")
    evening_clock.run(nights[0], owner, "pause")
    evening_clock.extend(nights[0], owner, edited, 5)
    screen.screen_key(nights[0])
    games.put_in_centre(ema, Actor(device="tablet-of-the-club"), ema.join_key)

    private = games.create_table("Kitchen", "sichuan", "", {}, names, creator=owner,
                                 visibility="private")
    _write(games.record_hand(private.pk, OUTCOMES["sichuan"]["hand"][0], _command(), 0, owner))

    # The leaderboard read once: the ratings' cached steps (clubs.RatingStep) are rows too.
    assert results.boards(permissions.group_tables(club, owner))
    every = [*tables, edited, ema, private]

    # An event of the group: an official, entries by name, by membership and by link.
    cup = events.create_event("Spring cup", owner, house, rounds=6, group=club,
                              visibility="public")
    events.add_official(cup, "bo", "referee", owner)
    events.add_members(cup, list(club.memberships.values_list("player_id", flat=True)), owner)
    events.add_player(cup, "Late Lee", owner)
    events.join(cup, cup.join_key, "Phone Pat", Actor(device="pat-device"))
    # Its first round: six players at two tables (two substitutes' seats, one named), a
    # hand, a penalty and a call for a referee.
    first = event_rounds.seat_round(cup, owner)
    empty = first.tables.order_by("number").first().seats.order_by("position").first()
    event_rounds.set_substitute(cup, 1, empty.pk, "Sub Sam", owner)
    event_rounds.start_round(cup, 1, owner)
    played = first.tables.order_by("number").first().table
    _write(games.record_hand(played.pk, OUTCOMES["riichi"]["ron"][0], _command(), 0, owner))
    officiating.add_penalty(cup, cup.entries.get(number=1).pk, -1000, "Late", owner, 1)
    officiating.call_referee(played, owner)
    # A season of the group, counting each player's best two results.
    from django.utils import timezone

    from clubs import seasons
    today = timezone.localdate()
    spring = seasons.create_season(club, "Spring season", today, today, owner, best=2)
    return {"group": club.public_id, "evenings": [e.public_id for e in nights],
            "event": cup.public_id, "season": spring.public_id,
            "tables": [t.public_id for t in every], "token": token.key,
            "players": sorted(Player.objects.values_list("pk", flat=True))}


def rows() -> dict[str, list[list[Any]]]:
    """Every row of every backed-up model, as JSON-able lists in primary-key order."""
    from backup import catalog, codec

    out = {}
    for entry in catalog.entries():
        encoders = [codec.encoder(f) for f in entry.fields]
        values = entry.model._base_manager.order_by("pk").values_list(
            *[f.attname for f in entry.fields])
        out[entry.label] = [[v if e is None else e(v) for v, e in zip(row, encoders,
                                                                      strict=True)]
                            for row in values]
    return out


# Per response: the CSP nonce, the CSRF token and a form's command id, new every time.
_VOLATILE = re.compile(r'(nonce="|csrfmiddlewaretoken" value="|csrf-token" content="'
                       r'|name="command_id" value=")[^"]*')


# The server's time as a page with a round clock was made (games.clock).
_NOW = re.compile(r'("server_now": )\d+')


def _normal(body: bytes) -> str:
    return _NOW.sub(r"\1…", _VOLATILE.sub(r"\1…", body.decode("utf-8")))


def pages(ids: dict[str, Any]) -> dict[str, str]:
    """What a member and a stranger see, by URL: the pages and API answers of the group,
    its evenings, every table (results, settle-up, ledger, log and hash chain) and every
    player, and the ledger export; each body with its per-request tokens blanked."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from games import chain
    from games.services.snapshot import _CACHE

    _CACHE.clear()  # what the database holds now, not a page built before
    chain.forget()
    host = {"HTTP_HOST": "localhost"}
    member = Client(**host)
    member.force_login(get_user_model().objects.get(username="ann"))
    group, evenings, tables = ids["group"], ids["evenings"], ids["tables"]
    # What a stranger may see (and, for the private table, may not) after the restore too.
    public = [f"/g/{group}/", "/groups/", "/tables/", "/api/export/?format=csv",
              "/events/", f"/ev/{ids['event']}/", f"/ev/{ids['event']}/round/1/",
              f"/ev/{ids['event']}/standings/", f"/ev/{ids['event']}/results/",
              f"/g/{group}/seasons/{ids['season']}/", f"/g/{group}/?season={ids['season']}",
              *[f"/e/{e}/" for e in evenings], f"/t/{tables[-1]}/results/"]
    pages = [*public, f"/g/{group}/stats/",
             *[f"/t/{t}/{page}" for t in tables
               for page in ("", "results/", "settle/", "log/")],
             *[f"/players/{p}/" for p in ids["players"]]]
    api = [f"/api/groups/{group}/", f"/api/groups/{group}/leaderboard/",
           f"/api/groups/{group}/stats/", "/api/export/", "/api/export/?format=csv",
           *[f"/api/evenings/{e}/settle/" for e in evenings],
           *[f"/t/{t}/snapshot.json" for t in tables],
           *[f"/api/tables/{t}/{what}/" for t in tables for what in ("settle", "ledger",
                                                                     "hands", "history")],
           "/api/export/?format=csv&chain=true", "/api/history/verify/?all=true",
           *[f"/api/players/{p}/stats/" for p in ids["players"]],
           *[f"/api/events/{ids['event']}/{what}" for what in ("", "standings/?format=csv",
                                                                 "ledger/")]]
    visits = [("stranger", Client(**host), public), ("member", member, pages),
              ("api", Client(HTTP_AUTHORIZATION=f"Token {ids['token']}", **host), api)]
    out = {}
    for who, client, urls in visits:
        for url in urls:
            answer = client.get(url)
            out[f"{who} {url}"] = f"{answer.status_code} {_normal(answer.content)}"
    return out


def record_one(ids: dict[str, Any]) -> dict[str, Any]:
    """Record one more hand on the edited table: a restored site takes new writes (on
    PostgreSQL this needs the id sequences moved past the restored rows)."""
    from games import services as games
    from games.models import Table
    from games.permissions import Actor
    from games.tests.tables import OUTCOMES

    table = Table.objects.get(name="Edited")
    owner = Actor(user=table.created_by, device="owner-device")
    result = games.record_hand(table.pk, OUTCOMES["riichi"]["ron"][0], _command() + "-new",
                               table.seq, owner)
    return {"ok": bool(result.get("ok")), "seq": result.get("seq")}


def churn(stop: str) -> dict[str, Any]:
    """Record and undo hands on a table of its own until the file ``stop`` exists (a
    backup taken meanwhile must still be one consistent moment); prints ``started`` once
    the first hand is in."""
    from pathlib import Path

    from games import services as games
    from games.permissions import Actor
    from games.tests.tables import OUTCOMES

    owner = Actor(device="churn-device")
    table = games.create_table("Churn", "riichi", "", {}, ["W", "X", "Y", "Z"],
                               creator=owner)
    seq, writes = 0, 0
    while not Path(stop).exists() or writes < 2:
        if writes % 2 == 0:
            result = games.record_hand(table.pk, OUTCOMES["riichi"]["ron"][0], _command(),
                                       seq, owner)
        else:
            result = games.undo(table.pk, _command(), seq, owner)
        seq, writes = _write(result), writes + 1
        if writes == 1:
            print("started", flush=True)
    return {"writes": writes}


def consistent() -> list[str]:
    """What in the database does not fit one moment of the site: a table whose last event
    number is not its number of events, a hand whose ledger is not zero-sum."""
    from games.models import Hand, LedgerEntry, Table

    problems = []
    for table in Table.objects.all():
        events = table.events.count()
        if table.seq != events:
            problems.append(f"{table.name}: seq {table.seq}, {events} events")
    for hand in Hand.objects.all():
        total = sum(LedgerEntry.objects.filter(hand=hand).values_list("amount", flat=True))
        if total + hand.pot_change:
            problems.append(f"{hand}: not zero-sum")
    return problems


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjsite.settings")
    import django

    django.setup()
    op = sys.argv[1]
    if op == "build":
        answer: Any = build()
    elif op == "rows":
        answer = rows()
    elif op == "pages":
        answer = pages(json.loads(sys.stdin.read()))
    elif op == "record":
        answer = record_one(json.loads(sys.stdin.read()))
    elif op == "churn":
        answer = churn(sys.argv[2])
    elif op == "consistent":
        answer = consistent()
    else:
        raise SystemExit(f"unknown op {op!r}; use build, rows, pages, record, churn or "
                         "consistent")
    print(json.dumps(answer, ensure_ascii=False))


if __name__ == "__main__":
    main()
