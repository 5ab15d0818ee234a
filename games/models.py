"""Tables, seats, players, the append-only event log and what replaying it produces.

The :class:`Event` log is the truth. :class:`Hand` and :class:`LedgerEntry` rows and
``Table.state`` are rebuilt from it by :mod:`games.replay` inside the same transaction
as every write (see :mod:`games.services`), so they can always be thrown away and
recomputed. Standings are the start points plus the sum of a player's ledger rows.
"""

from __future__ import annotations

import secrets
import typing

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import registry
from scoring.engine.game import Reason

REASONS: tuple[str, ...] = typing.get_args(Reason)


def new_public_id() -> str:
    # 12 URL-safe characters (72 bits): the link of a link-only table is its secret. It
    # starts with a letter or digit: an id starting with "-" reads as a negative number
    # or a formula in a spreadsheet and as an option on a command line (issue 24).
    while True:
        public_id = secrets.token_urlsafe(9)
        if public_id[0].isalnum():
            return public_id


def new_join_key() -> str:
    # 16 URL-safe characters (96 bits): the join link's secret, shown only to those who
    # may already write, so watching a table (its public id) is not enough to sit at it.
    return secrets.token_urlsafe(12)


class Player(models.Model):
    """A person who plays; linked to a user account when they have one."""

    display_name = models.CharField(_("display name"), max_length=64, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="mahjong_players",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name", "id"]

    def __str__(self) -> str:
        return self.display_name


class Visibility(models.TextChoices):
    PUBLIC = "public", _("Public: listed, anyone can watch")
    LINK = "link", _("Anyone with the link can watch")
    PRIVATE = "private", _("Only the players and the creator")


class Table(models.Model):
    """One game from the first hand to the final standings."""

    public_id = models.SlugField(max_length=24, unique=True, default=new_public_id,
                                 editable=False)
    name = models.CharField(_("name"), max_length=120)
    ruleset = models.CharField(max_length=20, choices=registry.model_choices)
    preset = models.CharField(max_length=60, blank=True)
    config = models.ForeignKey(
        "scoring.RulesetConfig", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="tables", help_text=_("Where the options came from (informative)."),
    )
    # Every option's value, copied at creation: later admin edits never rewrite a game.
    options = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="mahjong_tables",
    )
    # SHA-256 of the creating browser's device token (games.devices), never the token.
    creator_device = models.CharField(max_length=64, blank=True, default="", db_index=True)
    join_key = models.CharField(max_length=24, default=new_join_key, editable=False)
    # Table-centre mode (issue 28): the device id (games.devices) of the one tablet lying
    # in the middle of the table, which records for every seat (games.permissions).
    centre_device = models.CharField(max_length=64, blank=True, default="", db_index=True)
    visibility = models.CharField(max_length=10, choices=Visibility.choices,
                                  default=Visibility.LINK)
    seq = models.PositiveIntegerField(default=0, help_text=_("Last event sequence number."))
    state = models.JSONField(default=dict, blank=True)
    finished = models.BooleanField(default=False)
    ended_manually = models.BooleanField(default=False)
    can_redo = models.BooleanField(default=False, help_text=_("An undone hand can be redone."))
    # What undo and redo would do now, {"kind": "record"|"correct", "number": n} or null,
    # from the replayed log (games.replay.Folded), so the page can name the hand.
    undo_target = models.JSONField(null=True, blank=True, default=None)
    redo_target = models.JSONField(null=True, blank=True, default=None)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The hash chain of the event log (games.chain): the hash of event ``seq``, and the
    # first change made outside the site that a check found (None: none, or accepted).
    chain_head = models.CharField(max_length=64, blank=True, default="", editable=False)
    chain_break = models.JSONField(null=True, blank=True, default=None, editable=False)
    # Confirmation by the table (issue 29): a recorded hand counts at once but shows as
    # unconfirmed until the other seated players confirm it (games.confirmations).
    confirm_hands = models.BooleanField(
        _("players confirm each hand"), default=False,
        help_text=_("A recorded hand shows as unconfirmed until the other players at the "
                    "table confirm it on their phones."))

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.public_id})"


class Seat(models.Model):
    """A table position (0 is the first dealer) and who may write from it."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    # SHA-256 of the claiming browser's device token (games.devices), never the token.
    claimed_device = models.CharField(max_length=64, blank=True, default="", db_index=True)
    claimed_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="mahjong_seats",
    )
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_seat_per_position"),
            models.CheckConstraint(condition=models.Q(position__lte=3),
                                   name="seat_position_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.table.name} #{self.position}: {self.player}"

    @property
    def is_claimed(self) -> bool:
        return bool(self.claimed_device or self.claimed_user_id)


class EventKind(models.TextChoices):
    RECORD = "record", _("hand recorded")
    UNDO = "undo", _("hand undone")
    REDO = "redo", _("hand redone")
    CORRECT = "correct", _("hand corrected")
    END = "end", _("game ended")
    REOPEN = "reopen", _("game reopened")
    DECLARE = "declare", _("declaration made or taken back")
    ACCEPT = "accept", _("changed history accepted")
    CONFIRM = "confirm", _("hand confirmed")
    DISPUTE = "dispute", _("hand disputed")


class AppendOnlyError(Exception):
    """An attempt to change or delete a logged event."""


class Event(models.Model):
    """One accepted write, in order. Never updated or deleted (except with its table)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    command_id = models.CharField(max_length=64)
    kind = models.CharField(max_length=10, choices=EventKind.choices)
    payload = models.JSONField(default=dict, blank=True)
    # What the command answered, returned again when the same command_id is repeated.
    response = models.JSONField(default=dict, blank=True)
    actor_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    actor_device = models.CharField(max_length=64, blank=True, default="")
    actor_name = models.CharField(max_length=64, blank=True, default="")
    hand_number = models.PositiveIntegerField(null=True, blank=True, db_index=True)
    # Set when the event is made, not when saved: its hash covers it (games.chain).
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    # The seat the writer held (None: the creator or staff without one, or unknown for an
    # event logged before it was kept).
    seat = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    # SHA-256 of its canonical content, which includes the previous event's hash
    # (scoring.engine.chain); "" only between its creation and its sealing.
    hash = models.CharField(max_length=64, blank=True, default="", editable=False)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="unique_event_seq"),
            models.UniqueConstraint(fields=["table", "command_id"],
                                    name="unique_event_command_id"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq} {self.kind}"

    def save(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        if self.pk is not None and not self._state.adding:
            raise AppendOnlyError("events are append-only; record a new event instead")
        super().save(*args, **kwargs)

    def delete(self, *args: typing.Any, **kwargs: typing.Any) -> typing.NoReturn:
        raise AppendOnlyError("events are append-only; undo or correct with a new event")


class Hand(models.Model):
    """One active hand of the replayed log: its input, result and payments."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    outcome = models.JSONField(help_text=_("The full input as recorded (or corrected)."))
    result = models.JSONField(default=list, blank=True,
                              help_text=_("Scoring detail of each win (yaku/fan, points)."))
    summary = models.TextField(blank=True)
    # The hand's payments by cause (hand, honba, sticks, 查叫, 精 ...): the engine's
    # result contract (scoring.engine.result.Payment), finer than the ledger's reasons.
    payments = models.JSONField(default=list, blank=True)
    state_before = models.JSONField(default=dict, blank=True)
    state_after = models.JSONField(default=dict, blank=True)
    pot_change = models.IntegerField(default=0)
    recorded_by = models.CharField(max_length=64, blank=True)
    # The event that recorded this hand and the one that gave it its current outcome.
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    current_event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    revision = models.PositiveIntegerField(default=1, help_text=_("1 + corrections."))
    # What undo would have taken back just before this hand was added (recorded, or
    # redone): {"kind", "number"} or null. Undoing the hand brings it back as what undo
    # takes next, without reading the log (games.services.undo).
    undo_before = models.JSONField(null=True, blank=True, default=None)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_hand_number"),
        ]

    def __str__(self) -> str:
        return f"{self.table.name} hand {self.number}"

    def history(self) -> models.QuerySet[Event]:
        """Every event that touched this hand number, oldest first."""
        return Event.objects.filter(table_id=self.table_id, hand_number=self.number)


class LedgerEntry(models.Model):
    """One payment: a player's delta for a reason in a hand, or in the final settlement."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="ledger")
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="ledger")
    hand_number = models.PositiveIntegerField(null=True, blank=True,
                                              help_text=_("Empty for the final settlement."))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="ledger")
    position = models.PositiveSmallIntegerField()
    amount = models.IntegerField()
    reason = models.CharField(max_length=12, choices=[(r, r) for r in REASONS])

    class Meta:
        ordering = ["table", models.F("hand_number").asc(nulls_last=True), "id"]
        verbose_name_plural = "ledger entries"
        indexes = [models.Index(fields=["table", "hand_number"])]

    def __str__(self) -> str:
        return f"{self.table_id} hand {self.hand_number}: {self.player} {self.amount:+d}"


class SeatResult(models.Model):
    """What one seat of a table adds up to, kept by every write of the table in its
    transaction (:mod:`games.seat_results`), so leaderboards, statistics, ratings and
    player pages read one row per game instead of every hand and ledger row. Like
    :class:`Hand`, derived: it can be thrown away and recomputed from the hands."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_results")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    start = models.IntegerField(default=0)
    # The final settlement's rows (uma, oka, penalties...); ``final`` includes them.
    settlement = models.IntegerField(default=0)
    final = models.IntegerField(default=0)
    place = models.PositiveSmallIntegerField(default=1)  # by final points, ties share
    hands = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    deal_ins = models.PositiveIntegerField(default=0)
    self_draws = models.PositiveIntegerField(default=0)
    win_value_sum = models.BigIntegerField(default=0)
    win_value_count = models.PositiveIntegerField(default=0)
    hand_value_sum = models.BigIntegerField(default=0)
    hand_value_count = models.PositiveIntegerField(default=0)
    # [[key, name, native, wins], ...] in order of first appearance (ties of the most
    # frequent keep that order, as a count over the hands did).
    items = models.JSONField(default=list, blank=True)
    # The live declarations its hands count for, by statistic (riichi_rate...):
    # {statistic: [hands the player made it in, hands at which it was offered]}.
    declarations = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["table", "position"]
        constraints = [models.UniqueConstraint(fields=["table", "position"],
                                               name="one_result_per_seat")]

    def __str__(self) -> str:
        return f"{self.table_id} seat {self.position}: {self.final}"


# --- the round clock (issue 28; games.clock) --------------------------------------------


class EndRule(models.TextChoices):
    """What the tables do when the time is up (their sources: games.clock)."""

    FINISH_HAND = "finish_hand", _("Finish the hand in play, then stop")
    ONE_MORE = "one_more", _("Finish the hand in play and play one more")
    STOP = "stop", _("Stop at once")


class ClockState(models.TextChoices):
    READY = "ready", _("not started")
    RUNNING = "running", _("running")
    PAUSED = "paused", _("paused")


class Clock(models.Model):
    """A round's clock, kept by the server: phones show the time it says is left whatever
    their own clocks say. An owner holds it (a group's evening, ``clubs.Evening.clock``;
    an event's round later); the tables it times are its :class:`ClockTable` rows, each
    with the extra time a referee gave that table. Written only by :mod:`games.clock`."""

    duration = models.PositiveIntegerField(default=90 * 60)  # seconds
    # Seconds run before ``started_at`` (the pauses in between do not count).
    elapsed = models.FloatField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)  # while running
    state = models.CharField(max_length=10, choices=ClockState.choices,
                             default=ClockState.READY)
    end_rule = models.CharField(max_length=12, choices=EndRule.choices,
                                default=EndRule.FINISH_HAND)
    # Minutes left at which the phones warn, largest first ([15, 5]).
    warnings = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=0)  # one more at every change
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"clock {self.pk} ({self.state})"


class ClockTable(models.Model):
    """A table a clock times (one clock at a time) and the extra seconds it was given."""

    clock = models.ForeignKey(Clock, on_delete=models.CASCADE, related_name="tables")
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="clock_link")
    extra = models.IntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.table_id} on clock {self.clock_id} (+{self.extra}s)"
