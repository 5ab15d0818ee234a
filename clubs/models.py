"""Groups (a club, a family, a weekly game), their members and evenings, the tables they
gather, and what the points are worth when the chips are money.

A table belongs to at most one group (:class:`TableLink`), and within it optionally to
one of the group's evenings. The games app knows nothing of groups: the link lives here,
so a table's own rules of who may watch it (:mod:`games.permissions`) stay as they are.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Player, Table, new_public_id
from scoring import registry

# Currencies a group can keep its money in (ISO 4217); Babel names and formats them in
# the reader's language. The ones home games around these four languages use most.
CURRENCIES = ("CNY", "HKD", "TWD", "JPY", "USD", "EUR", "GBP", "AUD", "CAD", "SGD", "MYR",
              "KRW", "NZD", "CHF")


class GroupVisibility(models.TextChoices):
    PUBLIC = "public", _("Public: listed, anyone can look")
    LINK = "link", _("Anyone with the link can look")
    PRIVATE = "private", _("Only the members and the creator")


class Group(models.Model):
    public_id = models.SlugField(max_length=24, unique=True, default=new_public_id,
                                 editable=False)
    name = models.CharField(_("name"), max_length=120)
    description = models.CharField(_("description"), max_length=500, blank=True)
    visibility = models.CharField(_("who can look"), max_length=10,
                                  choices=GroupVisibility.choices,
                                  default=GroupVisibility.LINK)
    currency = models.CharField(_("currency"), max_length=3,
                                choices=[(c, c) for c in CURRENCIES], default="CNY")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="mahjong_groups")
    # The creating browser's device id (games.devices), as a table keeps its creator's.
    creator_device = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    # Confirmation by the table (issue 29): new tables of the group and its evenings ask
    # their players to confirm each hand (clubs.services.attach_table).
    confirm_hands = models.BooleanField(
        _("players confirm each hand"), default=False,
        help_text=_("New tables of the group and its evenings show a recorded hand as "
                    "unconfirmed until the other players confirm it on their phones."))

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A player in a group; a manager may change the group, its members and evenings."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="memberships")
    manager = models.BooleanField(_("manager"), default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["group", "player__display_name", "id"]
        constraints = [models.UniqueConstraint(fields=["group", "player"],
                                               name="one_membership_per_player")]

    def __str__(self) -> str:
        return f"{self.player} in {self.group}"


class Evening(models.Model):
    """Tables played together, possibly in different rulesets, settled up as one."""

    public_id = models.SlugField(max_length=24, unique=True, default=new_public_id,
                                 editable=False)
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="evenings")
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"), default=timezone.localdate)
    # Empty: the group's currency.
    currency = models.CharField(_("currency"), max_length=3, blank=True,
                                choices=[(c, c) for c in CURRENCIES])
    created_at = models.DateTimeField(auto_now_add=True)
    # The evening's round clock (games.clock, issue 28): for all its tables, or for
    # ``clock_table`` alone.
    clock = models.OneToOneField("games.Clock", null=True, blank=True,
                                 on_delete=models.SET_NULL, related_name="evening")
    clock_table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    # The big screen's read-only key for a members-only group (clubs.screen), made when
    # first asked for.
    screen_key = models.CharField(max_length=24, blank=True, default="")

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def money_currency(self) -> str:
        return self.currency or self.group.currency


class Season(models.Model):
    """A group's season: its tables (its evenings' and its events' alike) played from
    ``starts`` to ``ends``, ranked per ruleset over the members, each counting their
    ``best`` results when set (:mod:`clubs.seasons`)."""

    public_id = models.SlugField(max_length=24, unique=True, default=new_public_id,
                                 editable=False)
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=120)
    starts = models.DateField(_("first day"))
    ends = models.DateField(_("last day"))
    # Count each member's best N results (None: all of them).
    best = models.PositiveSmallIntegerField(_("count each player's best"), null=True,
                                            blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts", "-id"]
        constraints = [models.CheckConstraint(condition=models.Q(ends__gte=models.F("starts")),
                                              name="season_ends_after_it_starts")]

    def __str__(self) -> str:
        return f"{self.name} ({self.starts}–{self.ends})"


class TableLink(models.Model):
    """A table of a group, and of one of its evenings when it has one."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="club_link")
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="links")
    evening = models.ForeignKey(Evening, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="links")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-table__created_at", "id"]

    def __str__(self) -> str:
        return f"{self.table} in {self.group}"


class Stake(models.Model):
    """What one unit of a ruleset's result is worth (the unit is the ruleset's
    ``STAKE_UNIT``: 1,000 points after uma and oka, one point, one chip...). Set either on
    one table (its own settle-up, and ahead of its evening's) or on an evening for each
    ruleset."""

    table = models.OneToOneField(Table, null=True, blank=True, on_delete=models.CASCADE,
                                 related_name="stake")
    evening = models.ForeignKey(Evening, null=True, blank=True, on_delete=models.CASCADE,
                                related_name="stakes")
    # Callable choices: the engine's list is asked when needed, so adding a ruleset needs
    # no migration (a list here froze it at import and left a migration pending).
    ruleset = models.CharField(max_length=20, choices=registry.model_choices)
    amount = models.DecimalField(_("stake"), max_digits=12, decimal_places=4)
    # A table's stake names its currency (it may have no group); an evening's follows it.
    currency = models.CharField(max_length=3, blank=True, choices=[(c, c) for c in CURRENCIES])

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["evening", "ruleset"],
                                    condition=models.Q(evening__isnull=False),
                                    name="one_stake_per_evening_ruleset"),
            models.CheckConstraint(
                condition=(models.Q(table__isnull=False, evening__isnull=True)
                           | models.Q(table__isnull=True, evening__isnull=False)),
                name="stake_of_a_table_or_an_evening"),
            models.CheckConstraint(condition=models.Q(amount__gte=0),
                                   name="stake_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.amount} per unit of {self.ruleset}"


class RatingStep(models.Model):
    """One game's step in a sequence of rated games (:mod:`clubs.rating`): its players'
    OpenSkill ``[mu, sigma]`` by seat after it, under a hash of the sequence up to it."""

    key = models.CharField(max_length=64, unique=True)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    after = models.JSONField()

    def __str__(self) -> str:
        return f"rating step {self.key[:12]} of table {self.table_id}"
