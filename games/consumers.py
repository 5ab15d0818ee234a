"""The live table over websockets: ``ws/tables/<public_id>/``.

The protocol is in :mod:`games.messages`. Writes go through :mod:`games.services`, which
broadcasts the resulting event to the table's group after commit; this consumer only
forwards group events, answers its own client and re-checks permissions on every message.
"""

from __future__ import annotations

import json
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError
from django.utils import translation
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

from common.build import scripts_build
from common.errors import NotFound, TableError, database_error
from games import chain, clock, presenter, services
from games.broadcast import entering_group, group_name
from games.latency import DelayedSendMixin
from games.layer_outage import LAYER_OUTAGE, LayerOutageMixin
from games.limits import table_write_wait
from games.messages import (
    CLOSE_FORBIDDEN,
    CLOSE_NOT_FOUND,
    CLOSE_UNAVAILABLE,
    INBOUND,
    PRESENCE_TTL,
    WRITE_LIMIT,
    BadMessage,
    ConfirmHand,
    CorrectHand,
    Declare,
    DisputeHand,
    EndGame,
    Entering,
    GetHands,
    GetSnapshot,
    Presence,
    Preview,
    RecordHand,
    Redo,
    ReopenGame,
    Undo,
    WriteMessage,
    parse_inbound,
)
from games.models import Table
from games.permissions import Actor, can_view, can_write, is_creator, scope_actor, seat_of
from games.services.explain import reads_the_table
from games.socket_dispatch import DirectDispatchMixin
from games.socket_limits import SocketLimits
from scoring.error_text import explained

logger = logging.getLogger(__name__)

MAX_FRAME = 64 * 1024
_NOT_JSON = object()  # a text frame that did not parse
# Events rendered by this process, by (table, seq, language) and the payload itself: the
# first socket of a language renders an event, the others of that language send the same
# text. Rendering happens on the event loop without an await, so two sockets never render
# one together. The payload is part of the key because a table and seq name one event
# only while the table lives: SQLite gives a new table the id of the last one deleted,
# and a restored backup brings tables back under ids this process has seen, and their
# first events were sent the old table's hands (seen in the suite, where every test's
# database starts empty). Its hash is computed once per text, shared by the sockets.
_RENDERED: OrderedDict[tuple[int, int, str, str], str] = OrderedDict()
_RENDERED_SIZE = 512


def rendered_event(table_pk: int, seq: int, payload: str, language: str) -> str:
    """The event of ``payload`` (games.broadcast) as the phones of ``language`` get it,
    rendered once per process and language."""
    key = (table_pk, seq, language, payload)
    text = _RENDERED.get(key)
    if text is None:
        data = json.loads(payload)
        text = presenter.event_text(data["head"], data["changes"], language)
        _RENDERED[key] = text
        while len(_RENDERED) > _RENDERED_SIZE:
            _RENDERED.popitem(last=False)
    return text


def since_of(scope: dict[str, Any]) -> int | None:
    """The seq a reconnecting phone last saw (``?since=N`` on the socket's address), or
    None: it then gets the whole snapshot."""
    query = parse_qs(bytes(scope.get("query_string") or b"").decode("latin-1"))
    values = query.get("since") or []
    if len(values) != 1 or not values[0].isdigit() or len(values[0]) > 10:
        return None
    return int(values[0])
# A phone re-announcing the same presence sooner than this is not passed on again.
PRESENCE_MIN_INTERVAL = 5.0


def language_of(scope: dict[str, Any]) -> str:
    """The phone's language as Django's LocaleMiddleware would pick it for a page: the
    language cookie, else the browser's Accept-Language, else the site's default."""
    candidates = [str((scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME) or "")]
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    candidates += [code for code, _q in parse_accept_lang_header(accept) if code != "*"]
    for code in candidates:
        if not code:
            continue
        try:
            return str(get_supported_language_variant(code))
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


def answer_ids(content: Any) -> dict[str, str]:
    """The ids an answer to ``content`` echoes: its ``request_id`` and, for a write the
    server could not read, its ``command_id`` (when they are texts)."""
    if not isinstance(content, dict):
        return {}
    ids = {key: content[key] for key in ("request_id", "command_id")
           if isinstance(content.get(key), str)}
    if len(ids.get("command_id", "")) > 64:  # not one a phone made: not echoed
        del ids["command_id"]
    return ids


class TableConsumer(DirectDispatchMixin, DelayedSendMixin, LayerOutageMixin,
                    AsyncJsonWebsocketConsumer):
    table_pk: int | None = None
    public_id: str = ""
    may_write = False  # at the last snapshot sent; classifies the socket for the limits
    # Presence of this connection: None, or what it last announced while entering.
    presence: Presence | None = None
    presence_sent_at: float = 0.0
    # Who this socket is: resolved once, from the handshake; their rights are checked
    # again on every message (games.permissions).
    actor: Actor = Actor()
    connect_clock: dict[str, Any] | None = None  # the round clock read at connect

    # --- connection ------------------------------------------------------------------

    async def connect(self) -> None:
        self.public_id = str(self.scope["url_route"]["kwargs"]["public_id"])
        self.language = language_of(self.scope)
        self.actor = scope_actor(self.scope)
        # Accept first so the browser sees our close code (a refused handshake is 1006).
        await self.accept()
        self.limits = SocketLimits()
        try:
            table = await self._table()
            if not await self._allowed(table, write=False):
                await self.close(code=CLOSE_FORBIDDEN)
                return
        except NotFound:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        except DatabaseError:
            await self.close(code=CLOSE_UNAVAILABLE)
            return
        self.table_pk = table.pk
        self.conn_id = secrets.token_urlsafe(9)
        # issue 29: the chain point this phone kept, checked with its first snapshot.
        self.chain_known = chain.known_of(self.scope)
        await self.join_groups()  # with the layer down: logged, joined when it is back
        try:  # after joining: no event falls between the snapshot and the group
            snapshot = await self._resume_message(table, since_of(self.scope))
        except DatabaseError:  # the database went away since the table was read
            await self.leave_groups()
            self.table_pk = None
            await self.close(code=CLOSE_UNAVAILABLE)
            return
        # The release of the scripts this server serves, on the connection's first
        # message only: a page loaded from an older release reads it before anything
        # else, and stops there (static/js/sync.js).
        await self.send_json({**snapshot, "build": scripts_build()})
        if self.connect_clock is not None:  # read with the snapshot (_resume_message)
            await self.send_json(clock.stamp(self.connect_clock))
        # Phones already entering a hand tell the newcomer, and only it: the question goes
        # to the table's entering phones alone (entering_group), the answers straight to
        # this socket's channel, so a phone connecting costs O(phones entering), and a
        # crowd connecting at once fills nobody's channel.
        await self._group_send({"type": "table.presence_query",
                                "reply_to": self.channel_name}, entering_group(table.pk))

    async def disconnect(self, code: int) -> None:
        if self.table_pk is not None:
            await self._stop_entering()
            await self.leave_groups()

    # --- a channel layer outage (games.layer_outage) ------------------------------------

    def layer_groups(self) -> list[str]:
        if self.table_pk is None:
            return []
        if self.presence is not None:
            return [group_name(self.table_pk), entering_group(self.table_pk)]
        return [group_name(self.table_pk)]

    async def layer_recovered(self) -> None:
        # Events sent during the outage never arrived: the phone resyncs from a snapshot.
        table = await self._table()
        if not await self._allowed(table, write=False):
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.send_json(await self._snapshot_message(table))
        await self._send_clock()

    # --- inbound ---------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None,
                      **kwargs: Any) -> None:
        # Never let a bad frame end the socket: answer it with an error message.
        if self.table_pk is None:
            return
        content: Any = None
        if text_data is not None and len(text_data) <= MAX_FRAME:
            try:
                content = json.loads(text_data)
            except (ValueError, RecursionError):  # RecursionError: nested too deeply
                content = _NOT_JSON
        if not self.may_write:
            # Everything a watcher sends (bad frames too) counts against its table's
            # budget, before any database work; the refusal is worded off the database
            # thread too (games.socket_limits).
            wait = self.limits.watcher_wait(self.table_pk)
            if wait is not None:
                seconds = math.ceil(wait)
                await self._error("rate_limited", f"too many messages from this table's "
                                  f"watchers; wait {seconds} seconds",
                                  retry_after=seconds, **answer_ids(content))
                return
        if text_data is None:
            await self._error("bad_message", "send JSON text frames, not binary")
            return
        if len(text_data) > MAX_FRAME:
            await self._error("bad_message", f"a message may be at most {MAX_FRAME} bytes")
            return
        if content is _NOT_JSON:
            await self._error("bad_json", "the message is not valid JSON")
            return
        try:
            await self.receive_json(content)
        except DatabaseError as exc:
            # A value the database refuses, or the database gone: an answer with a name
            # and the write's command_id (the phone waits for it), not a closed socket
            # (1011) that the phone would reconnect into.
            error = database_error(exc)
            await self._error(error.code, error.message, **answer_ids(content))
        except Exception:  # noqa: BLE001 - a fault of ours (a ruleset's, say) costs one answer
            # A bug must not end the socket: the phone would reconnect into it. Logged
            # with its traceback; the phone reads a sentence and keeps its outbox.
            logger.exception("table %s: a %s message failed", self.public_id,
                             str(content.get("type"))[:40] if isinstance(content, dict)
                             else "non-object")
            await self._error("internal_error", "the server failed to answer this message",
                              **answer_ids(content))

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        # Every answer to this message carries its ids: an error raised before the service
        # layer too, or a phone would wait for its write's answer until it gives up.
        extra = answer_ids(content)
        try:
            message = parse_inbound(content)
        except BadMessage as exc:
            # A refused write names its command: the phone sends its next write only
            # once the one before is answered (static/js/sync.js).
            await self._error(exc.code, exc.message, **answer_ids(content))
            return
        declared = INBOUND[message["type"]]
        if declared.limit != WRITE_LIMIT:
            # Before any database work (games.socket_limits).
            wait = self.limits.wait(declared.limit, self.table_pk, self.may_write)
            if wait is not None:
                seconds = math.ceil(wait)
                await self._error("rate_limited", f"too many requests from this phone; wait "
                                  f"{seconds} seconds", retry_after=seconds, **extra)
                return
        try:
            # A write checks who may make it itself, under the table's lock, and its
            # refusal is sorted out after it (_command): no trip of its own before it.
            refusal = (None if declared.kind == "write"
                       else await self._checked(declared.kind))
            if refusal is not None:
                await self._refuse(refusal, extra)
                return
            # The handler is the method named after the message type (games.messages
            # .INBOUND); it takes the message as its type's TypedDict, which parse_inbound
            # checked.
            handler: Callable[[Any, dict[str, Any]], Awaitable[None]] = getattr(
                self, declared.type)
            await handler(message, extra)
        except NotFound as exc:  # the table is gone
            await self._error(exc.code, exc.message, **extra)
            await self.close(code=CLOSE_NOT_FOUND)

    async def _refuse(self, refusal: str, extra: dict[str, Any]) -> None:
        """Answer a message this phone may no longer send (:meth:`_checked`)."""
        if refusal == "view":
            await self._error("forbidden", "you may no longer watch this table", **extra)
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self._stop_entering()
        await self._error("forbidden", "only the table's seated players, its creator and "
                          "staff may change it; join a seat through the table's link",
                          **extra)

    # One handler per inbound message type (games.messages.INBOUND), named after it.

    async def record_hand(self, msg: RecordHand, extra: dict[str, Any]) -> None:
        await self._command(services.record_hand, msg, extra, self.table_pk,
                            await self._outcome(msg), msg["command_id"], msg["base_seq"],
                            self._actor())

    async def undo(self, msg: Undo, extra: dict[str, Any]) -> None:
        await self._command(services.undo, msg, extra, self.table_pk, msg["command_id"],
                            msg["base_seq"], self._actor())

    async def redo(self, msg: Redo, extra: dict[str, Any]) -> None:
        await self._command(services.redo, msg, extra, self.table_pk, msg["command_id"],
                            msg["base_seq"], self._actor())

    async def correct_hand(self, msg: CorrectHand, extra: dict[str, Any]) -> None:
        await self._command(services.correct_hand, msg, extra, self.table_pk,
                            msg["hand_number"], await self._outcome(msg), msg["command_id"],
                            msg["base_seq"], self._actor())

    async def end_game(self, msg: EndGame, extra: dict[str, Any]) -> None:
        await self._command(services.end_game, msg, extra, self.table_pk, msg["command_id"],
                            msg["base_seq"], self._actor())

    async def reopen_game(self, msg: ReopenGame, extra: dict[str, Any]) -> None:
        await self._command(services.reopen_game, msg, extra, self.table_pk,
                            msg["command_id"], msg["base_seq"], self._actor())

    async def declare(self, msg: Declare, extra: dict[str, Any]) -> None:
        await self._command(services.declare, msg, extra, self.table_pk, msg["player"],
                            msg["on"], msg["command_id"], msg["base_seq"], self._actor(),
                            msg.get("declaration"))

    async def confirm_hand(self, msg: ConfirmHand, extra: dict[str, Any]) -> None:
        await self._command(services.confirm_hand, msg, extra, self.table_pk,
                            msg["hand_number"], msg["command_id"], msg["base_seq"],
                            self._actor(), msg.get("revision"))

    async def dispute_hand(self, msg: DisputeHand, extra: dict[str, Any]) -> None:
        await self._command(services.dispute_hand, msg, extra, self.table_pk,
                            msg["hand_number"], msg["note"], msg["command_id"],
                            msg["base_seq"], self._actor(), msg.get("revision"))

    async def preview(self, msg: Preview, extra: dict[str, Any]) -> None:
        async with self.limits.preview_slot(self.table_pk, self.may_write) as admitted:
            if not admitted:  # games.socket_limits: watchers' previews already running
                await self._error("rate_limited", "too many previews at this table; wait "
                                  "1 second", retry_after=1, **extra)
                return
            result = await database_sync_to_async(self._preview)(await self._outcome(msg),
                                                                 msg.get("hand_number"))
        await self.send_json({"type": "preview", "result": result, **extra})

    def _preview(self, outcome: dict[str, Any], hand_number: int | None) -> dict[str, Any]:
        assert self.table_pk is not None  # receive() answers nothing before the table is known
        with translation.override(self.language):
            return services.rendered_preview(self.table_pk, outcome, hand_number)

    async def get_snapshot(self, msg: GetSnapshot, extra: dict[str, Any]) -> None:
        table = await self._table()
        await self.send_json({**await self._snapshot_message(table), **extra})

    async def get_hands(self, msg: GetHands, extra: dict[str, Any]) -> None:
        count = msg.get("count", presenter.PAGE)
        if not 1 <= count <= presenter.PAGE:
            await self._error("bad_message", f"'count' of 'get_hands' must be 1 to "
                              f"{presenter.PAGE}", **extra)
            return
        await self.send_json({**await self._hands_message(msg["before"], count), **extra})

    async def entering(self, msg: Entering, extra: dict[str, Any]) -> None:
        if not msg["active"]:
            await self._stop_entering()
            return
        hand_number = msg.get("hand_number")
        name = await database_sync_to_async(services.actor_name)(self.table_pk, self._actor())
        presence = Presence(type="presence", id=self.conn_id, name=name, entering=True,
                            hand_number=hand_number, ttl=PRESENCE_TTL)
        now = time.monotonic()
        if presence == self.presence and now - self.presence_sent_at < PRESENCE_MIN_INTERVAL:
            return
        if self.presence is None and self.table_pk is not None:
            await self._group_add(entering_group(self.table_pk))
        self.presence, self.presence_sent_at = presence, now
        await self._group_send({"type": "table.presence", "presence": presence})

    # --- outbound: group events --------------------------------------------------------

    async def table_event(self, event: dict[str, Any]) -> None:
        # games.broadcast carries what the write changed, in no language: rendered here,
        # once per process and language (rendered_event).
        payload, seq = event.get("payload"), event.get("seq")
        if not isinstance(payload, str) or not isinstance(seq, int) or self.table_pk is None:
            await self.send_json({"type": "resync"})  # a process of another release
            return
        if event.get("private"):
            table = await self._table()
            if not await self._allowed(table, write=False):
                await self.close(code=CLOSE_FORBIDDEN)
                return
        await self.send(text_data=rendered_event(self.table_pk, seq, payload, self.language))

    async def table_presence(self, event: dict[str, Any]) -> None:
        # A phone is not told that it is entering a hand itself.
        if event["presence"].get("id") != self.conn_id:
            await self.send_json(event["presence"])

    async def table_presence_query(self, event: dict[str, Any]) -> None:
        # A newcomer asks the entering phones; the answer goes to it alone.
        reply_to = event.get("reply_to")
        if self.presence is None or not isinstance(reply_to, str):
            return
        try:
            await self.channel_layer.send(reply_to, {"type": "table.presence",
                                                     "presence": self.presence})
        except Exception:  # the newcomer left, or the layer is away: a courtesy
            LAYER_OUTAGE.failed("could not answer a presence query at table %s",
                                self.table_pk)

    async def table_seats(self, event: dict[str, Any]) -> None:
        # Seats or visibility changed: this phone's rights may have, so it gets a fresh
        # snapshot with its own "you" (or is closed if it may no longer watch).
        try:
            table = await self._table()
        except NotFound:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        if not await self._allowed(table, write=False):
            await self.close(code=CLOSE_FORBIDDEN)
            return
        message = await self._snapshot_message(table)
        if self.presence is not None and not message["you"]["can_write"]:
            await self._stop_entering()
        await self.send_json(message)

    # --- the round clock (issue 28, games.clock) ----------------------------------------

    async def table_clock(self, event: dict[str, Any]) -> None:
        # The clock as this table sees it, stamped with the server's time as it leaves.
        if isinstance(event.get("clock"), dict):
            await self.send_json(clock.stamp(event["clock"]))

    async def _send_clock(self) -> None:
        """The table's clock, if one times it (after a snapshot: the phone shows it)."""
        try:
            message = await database_sync_to_async(clock.table_message)(self.table_pk)
        except DatabaseError:  # a courtesy: the next connection brings it
            return
        if message is not None:
            await self.send_json(clock.stamp(message))

    # --- helpers ---------------------------------------------------------------------

    async def _group_send(self, event: dict[str, Any], group: str | None = None) -> None:
        if self.table_pk is None:
            return
        try:
            await self.channel_layer.group_send(group or group_name(self.table_pk), event)
        except Exception:
            # Presence is a courtesy: a layer outage must not end this phone's socket.
            LAYER_OUTAGE.failed("could not send %s to table %s", event.get("type"),
                                self.table_pk)

    async def _group_add(self, group: str) -> None:
        try:
            await self.channel_layer.group_add(group, self.channel_name)
        except Exception:  # joined again with layer_groups() once the layer is back
            LAYER_OUTAGE.failed("could not join %s", group)

    async def _group_discard(self, group: str) -> None:
        try:
            await self.channel_layer.group_discard(group, self.channel_name)
        except Exception:  # the membership expires on its own
            LAYER_OUTAGE.failed("could not leave %s", group)

    async def _stop_entering(self) -> None:
        if self.presence is None:
            return
        stopped = Presence(**{**self.presence, "entering": False, "hand_number": None})
        self.presence = None
        if self.table_pk is not None:
            await self._group_discard(entering_group(self.table_pk))
        await self._group_send({"type": "table.presence", "presence": stopped})

    def _actor(self) -> Actor:
        return self.actor

    async def _command(self, fn: Any, msg: WriteMessage, extra: dict[str, Any],
                       *args: Any) -> None:
        wait, result = await database_sync_to_async(self._budgeted)(fn, *args)
        command_id = msg["command_id"]
        if wait is not None:
            await self._error("rate_limited", f"too many changes from this phone; wait "
                              f"{wait} seconds and send it again", retry_after=wait,
                              **extra)
            return
        if result.get("ok"):
            ack = {"type": "ack", "command_id": command_id, "seq": result["seq"],
                   "event": result["event"], "hand_number": result.get("hand_number"),
                   "duplicate": bool(result.get("duplicate")), **extra}
            if result.get("duplicate"):
                # The phone may have missed what it did: the whole table, rendered.
                ack.update(await self._rendered(result["snapshot"]))
            await self.send_json(ack)
            return
        error = result["error"]
        if error["code"] == "stale":
            snap = result["snapshot"]
            await self.send_json({"type": "stale", "command_id": command_id,
                                  "code": "stale", "message": error["message"],
                                  "seq": snap["seq"], **await self._rendered(snap), **extra})
            return
        if error["code"] in ("forbidden", "not_found"):
            # The phone's own rights decide what follows: closed if it may no longer
            # watch (or the table is gone), told it may not write; a refusal of this
            # one write (a riichi from another seat's phone) is answered as it is.
            refusal = await self._checked(INBOUND[msg["type"]].kind)
            if refusal is not None:
                await self._refuse(refusal, extra)
                return
        await self._error(error["code"], error["message"], params=error.get("params"),
                          **extra)

    async def _outcome(self, msg: RecordHand | CorrectHand | Preview) -> dict[str, Any]:
        """The hand a message sends: the engine's outcome, or the record sheet's fields
        read as one (parse_inbound let through exactly one of the two)."""
        if "outcome" in msg:
            return msg["outcome"]
        return await database_sync_to_async(services.outcome_of_form)(self.table_pk,
                                                                      msg.get("form", {}))

    async def _error(self, code: str, message: str, params: Any = None, **extra: Any) -> None:
        """Answer an error: its code, developer message and params for programs, and
        ``text``, the sentence a person reads, in this phone's language."""
        error: dict[str, Any] = {"code": code, "message": message}
        if params:
            error["params"] = params
        if "retry_after" in extra:
            params = {**(params or {}), "retry_after": extra["retry_after"]}
        error_named = {**error, "params": params}
        if reads_the_table(error_named):
            named = await database_sync_to_async(self._explained)(error_named)
        else:  # refusals (limits, bad frames) never wait for the database thread
            with translation.override(self.language):
                named = explained(error_named)
        await self.send_json({"type": "error", **error, "text": named["text"], **extra})

    def _explained(self, error: dict[str, Any]) -> dict[str, Any]:
        with translation.override(self.language):
            return services.explain(self.table_pk, error)

    @database_sync_to_async
    def _checked(self, kind: str) -> str | None:
        """Whether this phone may still send a message of ``kind`` (games.messages.Kind),
        in one trip to the
        database thread (each trip costs the event loop a thread handover): "view" when
        it may no longer watch the table, "write" when the message would change the
        table and it may not, else None. NotFound when the table is gone."""
        table = services.get_table(self.public_id)
        if not can_view(table, self.actor):
            return "view"
        if kind != "read" and not can_write(table, self.actor):
            return "write"
        return None

    def _budgeted(self, fn: Any, *args: Any) -> tuple[int | None, Any]:
        """``(wait, None)`` when the phone's ``table_write`` budget (games.limits) says
        wait, else ``(None, fn(*args))``: both in the write's trip to the database
        thread."""
        wait = table_write_wait(self.public_id, self.actor, self.scope)
        return (wait, None) if wait is not None else (None, fn(*args))

    @database_sync_to_async
    def _table(self) -> Table:
        return services.get_table(self.public_id)

    @database_sync_to_async
    def _allowed(self, table: Table, write: bool) -> bool:
        return can_write(table, self.actor) if write else can_view(table, self.actor)

    @database_sync_to_async
    def _snapshot_message(self, table: Table) -> dict[str, Any]:
        return self._snapshot_now(table)

    def _snapshot_now(self, table: Table) -> dict[str, Any]:
        seat = seat_of(table, self.actor)
        with translation.override(self.language):
            rendered = services.cached_message(table)  # table was just read
        self.may_write = can_write(table, self.actor)
        return {"type": "snapshot", "seq": rendered["snapshot"]["seq"], **rendered,
                "you": {"can_write": self.may_write,
                        "seat": seat.position if seat else None,
                        "is_creator": is_creator(table, self.actor)},
                "chain": self._chain(table)}

    def _chain(self, table: Table) -> dict[str, Any]:
        """issue 29: the table's hash chain for the phone to check (games.chain), with the
        point it kept on the first snapshot of the connection."""
        known, self.chain_known = getattr(self, "chain_known", None), None
        with translation.override(self.language):
            return chain.phone_block(table, known, self.may_write)

    @database_sync_to_async
    def _resume_message(self, table: Table, since: int | None) -> dict[str, Any]:
        """What a connecting phone gets: the writes it missed since ``since`` (``missed``,
        the hands they touched and the state after them) when it was away briefly, else
        the whole snapshot with its latest hands."""
        # The table's round clock, sent right after (games.clock), read in the same hop.
        self.connect_clock = clock.table_message(table.pk)
        changes = services.missed_changes(table, since) if since is not None else None
        if changes is None:
            return self._snapshot_now(table)
        seat = seat_of(table, self.actor)
        self.may_write = can_write(table, self.actor)
        with translation.override(self.language):
            view = presenter.phone_view(presenter.view(changes, int(changes["hands_from"]),
                                                       presenter.PAGE))
        return {"type": "missed", "seq": changes["seq"], "since": since,
                "snapshot": presenter.client_state(changes), "view": view,
                "you": {"can_write": self.may_write, "seat": seat.position if seat else None,
                        "is_creator": is_creator(table, self.actor)},
                "chain": self._chain(table)}

    @database_sync_to_async
    def _hands_message(self, before: int, count: int) -> dict[str, Any]:
        page = services.hands_page(services.get_table(self.public_id), before, count)
        with translation.override(self.language):
            return {**presenter.page_message(page), "before": before}

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        return presenter.compact(content)

    @database_sync_to_async
    def _rendered(self, snap: dict[str, Any]) -> dict[str, Any]:
        """``snapshot`` and ``view`` of a whole snapshot, in this phone's language."""
        with translation.override(self.language):
            message = presenter.message({}, snap)
        return {"snapshot": message["snapshot"], "view": message["view"]}


__all__ = ["TableConsumer", "TableError"]
