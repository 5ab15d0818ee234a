"""What a group's finished tables add up to: settle-ups in money, leaderboards, ratings
and the members' statistics. Reads only; every table passed in has already been
filtered to those the reader may open (:func:`clubs.permissions.group_tables`).

Tables are read through their stored seat results (:mod:`games.seat_results`: one row
per seat with final points, the final settlement included, place and the hands' counts),
a query or two however many tables and never their hands; statistics come from
:func:`games.queries.stats.player_stats`, the same code as ``/api/players/{id}/stats/``, and
ratings from :mod:`clubs.rating`'s cache.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy

from games import seat_results
from games.models import Player, Table
from games.permissions import Actor
from games.queries.stats import player_stats
from games.templatetags.mjtables import ruleset_title

from . import history, money, permissions, rating
from .models import Evening, Group, Season, Stake, TableLink
from .settle import Transfer, settle


@dataclass
class Finished:
    """A finished table: its players by seat, final and start points and places."""

    table_id: int
    key: str  # the table's public id
    label: str  # its name
    ruleset: str
    players: list[Player]
    finals: list[int]
    starts: list[int]
    places: list[int]

    @property
    def player_ids(self) -> list[int]:
        return [p.pk for p in self.players]

    @property
    def units(self) -> list[Decimal]:
        return money.units(self.ruleset, self.finals, self.starts)


def _tables(tables: Iterable[Table] | QuerySet[Table]) -> QuerySet[Table]:
    if isinstance(tables, QuerySet):
        return tables
    return Table.objects.filter(pk__in=[t.pk for t in tables])


def finished(tables: Iterable[Table] | QuerySet[Table]) -> list[Finished]:
    """The finished ones of ``tables``, oldest first (by when they ended), from their
    stored seat results (two queries: the rows' columns, then their players)."""
    rows = history.finished_rows(_tables(tables))
    players = Player.objects.in_bulk({row[4] for row in rows})
    out: dict[int, Finished] = {}
    for table_id, key, label, ruleset, player_id, final, start, place, _ended in rows:
        if table_id not in out:
            out[table_id] = Finished(table_id, key, label, ruleset, [], [], [], [])
        result = out[table_id]
        result.players.append(players[player_id])
        result.finals.append(final)
        result.starts.append(start)
        result.places.append(place)
    return list(out.values())


# --- settle-up -----------------------------------------------------------------------


# Why a table is left out of a settle-up, for people.
LEFT_OUT = {
    "in_play": gettext_lazy("still in play"),
    "no_stake": gettext_lazy("no stake set"),
    "currency": gettext_lazy("its stake is in another currency"),
}


@dataclass
class TableMoney:
    table: Table
    stake: Decimal | None
    currency: str
    unit: str
    # Why the table is left out: "in_play", "no_stake", "currency"; "" when counted.
    left_out: str = ""
    amounts: dict[int, int] = field(default_factory=dict)  # player id -> minor units

    @property
    def why(self) -> str:
        return str(LEFT_OUT.get(self.left_out, ""))


@dataclass
class Net:
    player: Player
    net: int
    by_table: list[int | None]  # minor units per table of the settle-up, None: absent


@dataclass
class SettleUp:
    currency: str
    tables: list[TableMoney]
    nets: list[Net]
    transfers: list[Transfer[Player]]
    exact: bool
    hidden: int = 0  # tables the reader may not open, left out

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of the API (amounts in minor units and as text)."""
        def amount(minor: int, signed: bool = False) -> dict[str, Any]:
            return {"minor": minor, "text": money.money(minor, self.currency, signed)}

        return {
            "currency": self.currency, "digits": money.digits(self.currency),
            "exact": self.exact, "hidden_tables": self.hidden,
            "tables": [{"id": t.table.public_id, "name": t.table.name,
                        "ruleset": t.table.ruleset, "finished": t.table.finished,
                        "stake": str(t.stake) if t.stake is not None else None,
                        "stake_currency": t.currency, "unit": str(t.unit),
                        "counted": not t.left_out, "left_out": t.left_out or None}
                       for t in self.tables],
            "nets": [{"player": {"id": n.player.pk, "name": n.player.display_name},
                      **amount(n.net, True)} for n in self.nets],
            "transfers": [{"payer": {"id": t.payer.pk, "name": t.payer.display_name},
                           "payee": {"id": t.payee.pk, "name": t.payee.display_name},
                           **amount(t.amount)} for t in self.transfers],
        }


def _stakes(tables: list[Table], evening: Evening | None) -> tuple[dict[int, Stake],
                                                                   dict[str, Stake]]:
    own = {s.table_id: s for s in Stake.objects.filter(table__in=tables)}
    shared = ({s.ruleset: s for s in Stake.objects.filter(evening=evening)}
              if evening is not None else {})
    return own, shared


def settle_up(tables: Iterable[Table], currency: str, evening: Evening | None = None,
              hidden: int = 0) -> SettleUp:
    """Each player's net over ``tables`` in ``currency`` and the fewest transfers.

    A table counts when it is finished and has a stake: its own, else its evening's for
    its ruleset. A table's own stake in another currency leaves it out (named).
    """
    tables = list(tables)
    done = {f.table_id: f for f in finished(tables)}
    own, shared = _stakes(tables, evening)
    lines: list[TableMoney] = []
    players: dict[int, Player] = {}
    for table in sorted(tables, key=lambda t: (t.created_at, t.pk)):
        stake = own.get(table.pk) or shared.get(table.ruleset)
        stake_currency = (stake.currency or currency) if stake else currency
        line = TableMoney(table, stake.amount if stake else None, stake_currency,
                          str(money.stake_unit(table.ruleset)[1]))
        lines.append(line)
        result = done.get(table.pk)
        if result is None:
            line.left_out = "in_play"
        elif stake is None:
            line.left_out = "no_stake"
        elif stake_currency != currency:
            line.left_out = "currency"
        else:
            amounts = {pid: u * stake.amount
                       for pid, u in zip(result.player_ids, result.units, strict=True)}
            line.amounts = money.to_minor(amounts, currency)
            players.update((p.pk, p) for p in result.players)
    totals: dict[int, int] = {}
    for line in lines:
        for pid, minor in line.amounts.items():
            totals[pid] = totals.get(pid, 0) + minor
    counted = [line for line in lines if not line.left_out]
    nets = [Net(players[pid], net, [line.amounts.get(pid) for line in counted])
            for pid, net in totals.items()]
    nets.sort(key=lambda n: (-n.net, n.player.display_name, n.player.pk))
    plan = settle({n.player.pk: n.net for n in nets})
    transfers = [Transfer(players[t.payer], players[t.payee], t.amount)
                 for t in plan.transfers]
    transfers.sort(key=lambda t: (t.payer.display_name, -t.amount))
    return SettleUp(currency, lines, nets, transfers, plan.exact, hidden)


def evening_settle(evening: Evening, actor: Actor) -> SettleUp:
    """The evening's settle-up over the tables ``actor`` may open (the others named as
    hidden), in the evening's currency."""
    group = evening.group
    return settle_up(permissions.group_tables(group, actor, evening), evening.money_currency,
                     evening, permissions.hidden_count(group, actor, evening))


def table_settle(table: Table, actor: Actor) -> SettleUp:
    """One table's settle-up for the reader ``actor``: its own stake, else its evening's for
    its ruleset. The evening's stake and the group's currency are the group's business:
    they count only for readers who may open the group (a public table in a members-only
    group's evening told anyone its stake, nets and transfers; issue 24). Others see the
    table without them: no money unless the table has its own stake."""
    link = TableLink.objects.filter(table=table).select_related("evening", "group").first()
    if link is not None and not permissions.can_view(link.group, actor):
        link = None
    return settle_up([table], table_currency(table, link), link.evening if link else None)


def table_currency(table: Table, link: TableLink | None = None) -> str:
    """A lone table's settle-up currency: its stake's, else that of its evening or group
    (``link``, the table's place when the reader may see it), else the site's default."""
    stake = Stake.objects.filter(table=table).first()
    if stake is not None and stake.currency:
        return stake.currency
    if link is not None:
        return link.evening.money_currency if link.evening else link.group.currency
    return money.reader_currency()


# --- leaderboards, ratings and statistics ------------------------------------------------


@dataclass
class Standing:
    player: Player
    games: int = 0
    firsts: int = 0
    place_sum: int = 0
    units: Decimal = Decimal(0)
    rating: rating.Rating | None = None

    @property
    def average_place(self) -> float | None:
        return round(self.place_sum / self.games, 2) if self.games else None


@dataclass
class Board:
    ruleset: str
    title: str
    unit: str
    rows: list[Standing]

    @property
    def places(self) -> int:
        """Decimal places of the Total column: as many as its most precise row needs, the
        same for every row (+43.0 beside +4.9, never +43 beside +4.9)."""
        return max((max(0, -r.units.normalize().as_tuple().exponent)  # type: ignore[operator]
                    for r in self.rows), default=0)


def boards(tables: QuerySet[Table], versions: Sequence[seat_results.Version] | None = None,
           group: Group | None = None) -> list[Board]:
    """A leaderboard per ruleset of the finished ``tables``: rating first (OpenSkill
    ordinal), then games, first places, average place and the sum of results in stake
    units (riichi: thousands of points after uma and oka). Kept per version of the
    tables (:mod:`clubs.history`; ``versions``: theirs, when read already; ``group``:
    theirs, so that a table ending adds to what was kept); the players' names are read
    each time."""
    chains = history.chains(tables, versions, _scope(group))
    players = Player.objects.in_bulk({pid for chain in chains for pid in chain.lines})
    out = []
    for chain in chains:
        rows = [Standing(players[pid], line.games, line.firsts, line.place_sum,
                         money.units(chain.ruleset, [line.points], [0])[0],
                         chain.ratings.get(pid))
                for pid, line in chain.lines.items()]
        rows.sort(key=lambda r: (-(r.rating.ordinal if r.rating else 0), -r.games,
                                 r.player.display_name))
        out.append(Board(chain.ruleset, ruleset_title(chain.ruleset),
                         str(money.stake_unit(chain.ruleset)[1]), rows))
    return out


ruleset_order = history.ruleset_order


def game(result: Finished) -> rating.Game:
    return rating.Game(key=result.key, label=result.label, players=result.player_ids,
                       finals=result.finals, table_id=result.table_id)


def member_stats(tables: QuerySet[Table], players: list[Player], seated: bool = False,
                 versions: Sequence[seat_results.Version] | None = None,
                 group: Group | None = None) -> list[dict[str, Any]]:
    """``player_stats`` of each of ``players`` over ``tables``, for the group's pages,
    each with every ruleset of the tables (played or not); ``seated``: players seated
    at the tables who are not in ``players`` follow them. Added up by the database
    (:func:`games.seat_results.tallies`), the finished tables' part kept per version
    (:func:`clubs.history.tallies`)."""
    counted = history.tallies(tables, versions, _scope(group))
    per_player = counted.players
    if seated:
        listed = {p.pk for p in players}
        others = Player.objects.in_bulk([pid for pid in per_player if pid not in listed])
        players = [*players, *sorted(others.values(), key=lambda p: (p.display_name, p.pk))]
    return [{"player": p, **player_stats(per_player.get(p.pk, {}), counted.rulesets)}
            for p in players]


def player_ratings(tables: QuerySet[Table], player_id: int,
                   group: Group | None = None) -> list[dict[str, Any]]:
    """The player's rating history per ruleset over ``tables``' finished ones (those of
    ``group`` the reader may open): ``[{"ruleset", "title", "rating": Rating}]``."""
    return [{"ruleset": chain.ruleset, "title": ruleset_title(chain.ruleset),
             "rating": chain.ratings[player_id]}
            for chain in history.chains(tables, scope=_scope(group))
            if player_id in chain.ratings]


def _scope(group: Group | None) -> tuple[str, int] | None:
    return ("group", group.pk) if group is not None else None


def player_rating_charts(player: Player, actor: Actor,
                         season: str = "") -> list[dict[str, Any]]:
    """The player's rating over time in each group (that ``actor`` may look at) and
    ruleset, as charts for ``static/js/chart.js``: one line, from the newcomer's 0.

    With ``season`` (a season's id), only that season's group, the rating worked out from
    the season's games alone, as its leaderboard (``?season=``) ranks them: everyone starts
    a season at 0 (docs/groups.md, "Seasons"). NotFound for a season of a group ``actor``
    may not look at."""
    from .seasons import find_season, season_tables  # seasons builds on this module

    if season:
        found = find_season(season, actor)
        return [_chart(player, found.group, entry, found)
                for entry in player_ratings(season_tables(found, actor), player.pk)]
    group_ids = (TableLink.objects.filter(table__seats__player=player)
                 .values_list("group_id", flat=True).distinct())
    out: list[dict[str, Any]] = []
    for group in Group.objects.filter(pk__in=group_ids).order_by("name"):
        if not permissions.can_view(group, actor):
            continue
        out.extend(_chart(player, group, entry) for entry in
                   player_ratings(permissions.group_tables(group, actor), player.pk, group))
    return out


def _chart(player: Player, group: Group, entry: dict[str, Any],
           season: Season | None = None) -> dict[str, Any]:
    steps = entry["rating"].history
    title = (f"{group.name} · {season.name} · {entry['title']}" if season
             else f"{group.name} · {entry['title']}")
    return {
        "title": title, "group": group.public_id, "season": season.public_id if season else "",
        "ruleset": entry["ruleset"], "rating": entry["rating"].ordinal,
        "games": [{"key": key, "label": label, "rating": value}
                  for key, label, value in steps],
        "labels": ["start", *[str(i + 1) for i in range(len(steps))]],
        "series": [[0.0, *[value for _key, _label, value in steps]]],
        "names": [player.display_name]}
