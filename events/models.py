"""Events: a tournament or a league night, its officials and its players' entries.

An event belongs to a group or stands alone, plays one ruleset configuration (copied at
creation, as a table copies its options: later edits of the configuration never change
an event under way) over a number of rounds, and is public, link-only or private like a
group. Its creator organises it; more organisers and referees are accounts named by an
organiser (:class:`Official`). Players enter by name, from the group's members, or
themselves through the event's join link (its QR code); an entry can be marked absent
for a while or dropped, and entries made after the start are late.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Group
from games.models import Player, Table, new_join_key, new_public_id
from scoring import registry

MAX_ROUNDS = 64  # as events.seating plans at most


class Kind(models.TextChoices):
    TOURNAMENT = "tournament", _("Tournament")
    LEAGUE = "league", _("League night")


class Visibility(models.TextChoices):
    PUBLIC = "public", _("Public: listed, anyone can look")
    LINK = "link", _("Anyone with the link can look")
    PRIVATE = "private", _("Only its officials and players")


class Method(models.TextChoices):
    """How an event's rounds are seated (events.seating)."""

    NO_REPEAT = "no_repeat", _("No repeats: players meet as seldom as can be")
    SWISS = "swiss", _("Swiss: tables by standing")
    RANDOM = "random", _("Random")
    FIXED = "fixed", _("Fixed: the organiser's own, typed or uploaded")


class ShortTablePoints(models.TextChoices):
    """What a table of three earns in a table-points convention (MCR's 4/2/1/0) at an
    event of four-player tables (events.standings): no published rule covers it."""

    PLACES = "places", _("Its three places earn the first three places' points")
    PER_PLAYER = "per_player", _(
        "Its points scaled to what a table of four gives each player (3/1.5/0.75)")


class SubstituteRule(models.TextChoices):
    """What a seat played by a substitute counts for the player they replace (never for
    the substitute)."""

    FIXED = "fixed", _("The replaced player gets a fixed result (EMA)")
    SEAT = "seat", _("The seat's result counts for the replaced player")
    NOTHING = "nothing", _("Nothing counts for the replaced player")


class Tournament(models.Model):
    public_id = models.SlugField(max_length=24, unique=True, default=new_public_id,
                                 editable=False)
    name = models.CharField(_("name"), max_length=120)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices,
                            default=Kind.TOURNAMENT)
    description = models.CharField(_("description"), max_length=500, blank=True)
    group = models.ForeignKey(Group, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="tournaments", verbose_name=_("group"))
    # The rules, as a table keeps them: where they came from, and every option's value.
    config = models.ForeignKey("scoring.RulesetConfig", null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="tournaments")
    ruleset = models.CharField(max_length=20, choices=registry.model_choices)
    preset = models.CharField(max_length=60, blank=True)
    options = models.JSONField(default=dict, blank=True)
    seats = models.PositiveSmallIntegerField(default=4)  # at a table: 4, or 3 (sanma...)
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), default=4, validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)])
    visibility = models.CharField(_("who can look"), max_length=10,
                                  choices=Visibility.choices, default=Visibility.LINK)
    starts_at = models.DateTimeField(_("starts"), null=True, blank=True)
    registration_open = models.BooleanField(_("players may enter themselves"), default=True)
    # The join link's secret: seeing the event is not enough to enter it.
    join_key = models.CharField(max_length=24, default=new_join_key, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    # The creating browser's device id (games.devices), as a table keeps its creator's.
    creator_device = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    seating = models.CharField(_("seating"), max_length=12, choices=Method.choices,
                               default=Method.NO_REPEAT)
    # The key of the ruleset's tournament convention (scoring.registry.standings); empty
    # for its first.
    standing = models.CharField(_("standings"), max_length=32, blank=True, default="")
    substitute_rule = models.CharField(_("a seat played by a substitute"), max_length=10,
                                       choices=SubstituteRule.choices,
                                       default=SubstituteRule.FIXED)
    # The fixed result of a replaced player, in the tables' points and table points.
    substitute_score = models.IntegerField(_("fixed score"), default=0)
    substitute_points = models.DecimalField(_("fixed table points"), max_digits=5,
                                            decimal_places=2, default=0)
    # What seats the players a round's four-player tables leave over (issue 27): none,
    # substitutes; else three-player tables with these rules, a three-player
    # configuration of the event's own ruleset (events.services.three_player_configs).
    short_config = models.ForeignKey("scoring.RulesetConfig", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+",
                                     verbose_name=_("short tables"))
    # What a table of three earns where the standings count table points (issue 27):
    # events.standings.short_points.
    short_table_points = models.CharField(
        _("table points at a table of three"), max_length=10,
        choices=ShortTablePoints.choices, default=ShortTablePoints.PLACES)
    # The rounds planned and not yet seated (events.rounds): {"method", "first" (the
    # round the first of them is), "rounds": tables of entry numbers in wind order, None
    # for a substitute's seat}; no-repeat plans every round at once, a fixed seating is
    # typed whole.
    plan = models.JSONField(default=dict, blank=True)
    # Confirmation by the table (issue 29, games.confirmations): the round's tables ask
    # their players to confirm each hand; and, with the second, a round closes (the next
    # one is seated) only once every hand of it is confirmed.
    confirm_hands = models.BooleanField(
        _("players confirm each hand"), default=False,
        help_text=_("A recorded hand shows as unconfirmed until the other players at the "
                    "table confirm it on their phones; a dispute calls the referees."))
    confirm_before_close = models.BooleanField(
        _("every hand confirmed before a round closes"), default=False,
        help_text=_("The next round is not seated while a hand of the last one is "
                    "unconfirmed or disputed."))
    # The big screen's read-only key (events.screen), for an event open only to those
    # with its link, or a private one; made when an organiser first asks for it.
    screen_key = models.CharField(max_length=24, blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(condition=models.Q(rounds__gte=1, rounds__lte=MAX_ROUNDS),
                                   name="event_rounds_1_to_64"),
            models.CheckConstraint(condition=models.Q(seats__in=[3, 4]),
                                   name="event_seats_3_or_4"),
        ]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    ORGANISER = "organiser", _("Organiser")
    REFEREE = "referee", _("Referee")


class Official(models.Model):
    """An account that organises or referees an event (besides its creator)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="officials")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="+")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "role", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"],
                                               name="one_role_per_official")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) of {self.tournament}"


class Status(models.TextChoices):
    ACTIVE = "active", _("Playing")
    ABSENT = "absent", _("Absent")
    DROPPED = "dropped", _("Dropped out")


class Entry(models.Model):
    """A player in an event, by number (what a typed seating names them by)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField()
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.ACTIVE)
    # The device of a player who entered through the join link (games.devices), so that
    # their phone knows them before they have an account.
    device = models.CharField(max_length=64, blank=True, default="")
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"],
                                    name="one_entry_per_player"),
            models.UniqueConstraint(fields=["tournament", "number"],
                                    name="one_entry_per_number"),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.player} in {self.tournament}"

    @property
    def late(self) -> bool:
        """Entered after the event started."""
        starts = self.tournament.starts_at
        return starts is not None and self.entered_at is not None and self.entered_at > starts


class Round(models.Model):
    """A round of an event: its seating, then, once started, a table for each of its
    tables (:class:`RoundTable`)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="round_list")
    number = models.PositiveSmallIntegerField()
    method = models.CharField(max_length=12, choices=Method.choices)
    # events.seating's Quality of the plan it came from (repeats, winds...), as JSON.
    quality = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    # The round's clock (games.clock, issue 28; events.clock): it times the round's
    # tables once they exist.
    clock = models.OneToOneField("games.Clock", null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="event_round")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="one_round_per_number")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"

    @property
    def started(self) -> bool:
        return self.started_at is not None


class RoundTable(models.Model):
    """A table of a round, numbered from 1; its mjsite table once the round starts."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    table = models.OneToOneField(Table, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="round_table")

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"],
                                               name="one_table_per_number")]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class RoundSeat(models.Model):
    """A seat of a round's table, by wind (0 East ... 3 North): the entry the seating put
    there (none: a substitute's seat) and, when someone else plays it, that substitute.
    The seat's result counts for the entry (:mod:`events.standings`), never for the
    substitute."""

    round_table = models.ForeignKey(RoundTable, on_delete=models.CASCADE,
                                    related_name="seats")
    position = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="round_seats")
    substitute = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")

    class Meta:
        ordering = ["round_table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round_table", "position"],
                                    name="one_round_seat_per_position"),
            models.CheckConstraint(condition=models.Q(position__lte=3),
                                   name="round_seat_position_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.round_table} seat {self.position}"


class Penalty(models.Model):
    """Points an organiser or referee gives or takes from a player, with the reason: they
    count in the standings, outside every table (whose scores stay zero-sum)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="penalties")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="penalties")
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")
    points = models.IntegerField(_("points"))  # in the tables' points; negative takes
    reason = models.CharField(_("reason"), max_length=200)
    given_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="+")
    given_by_name = models.CharField(max_length=150, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "created_at", "id"]
        verbose_name_plural = "penalties"

    def __str__(self) -> str:
        return f"{self.entry} {self.points:+d}: {self.reason}"


class RefereeCall(models.Model):
    """A table's call for a referee, from a phone at the table, until one answers."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="calls")
    round_table = models.ForeignKey(RoundTable, on_delete=models.CASCADE,
                                    related_name="calls")
    called_by = models.CharField(max_length=64, blank=True, default="")
    # A hand disputed at the table (issue 29): which, and the player's note.
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    note = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.CharField(max_length=150, blank=True, default="")

    class Meta:
        ordering = ["tournament", "-created_at", "-id"]

    def __str__(self) -> str:
        return f"call from {self.round_table}"
