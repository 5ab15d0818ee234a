"""Shapes of the groups API: validated bodies and the documented answers (built as plain
dicts by :mod:`clubs.api.views` and passed through these, so the schema is what is sent)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.serializers import PlayerRefSerializer, RulesetStatsSerializer, StatsBlockSerializer
from scoring.engine.rulesets import RULESET_NAMES

from ..models import CURRENCIES, GroupVisibility
from ..money import is_plain_amount

CURRENCY_HELP = "ISO 4217 code, one of " + ", ".join(CURRENCIES) + "."


class GroupWriteSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    description = serializers.CharField(max_length=500, allow_blank=True, default="")
    visibility = serializers.ChoiceField(choices=GroupVisibility.values, default="link")
    currency = serializers.ChoiceField(choices=list(CURRENCIES), default="CNY",
                                       help_text=CURRENCY_HELP)
    members = serializers.ListField(child=serializers.CharField(max_length=64), default=list,
                                    max_length=50, help_text="Names of the first members.")


class GroupPatchSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False)
    description = serializers.CharField(max_length=500, allow_blank=True, required=False)
    visibility = serializers.ChoiceField(choices=GroupVisibility.values, required=False)
    currency = serializers.ChoiceField(choices=list(CURRENCIES), required=False,
                                       help_text=CURRENCY_HELP)


class MemberWriteSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=64, help_text="An existing player of that name "
                                                          "is reused.")
    manager = serializers.BooleanField(default=False)


class MemberSerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    manager = serializers.BooleanField()


class EveningWriteSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    date = serializers.DateField(required=False)
    currency = serializers.ChoiceField(choices=["", *CURRENCIES], default="",
                                       help_text="Empty: the group's. " + CURRENCY_HELP)


class EveningRefSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    date = serializers.DateField()
    currency = serializers.CharField(help_text="The evening's money currency.")


class TableRefSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    ruleset = serializers.CharField()
    finished = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    evening = serializers.CharField(allow_null=True, help_text="The evening's id, if any.")


class GroupSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    visibility = serializers.CharField()
    currency = serializers.CharField()
    can_manage = serializers.BooleanField()
    can_contribute = serializers.BooleanField()


class GroupDetailSerializer(GroupSerializer):
    members = MemberSerializer(many=True)
    evenings = EveningRefSerializer(many=True)
    tables = TableRefSerializer(many=True, help_text="The group's tables you may open.")
    hidden_tables = serializers.IntegerField(help_text="Tables of the group you may not "
                                                       "open (private to their players).")


class PlainDecimalField(serializers.DecimalField):
    """A decimal sent as a JSON number or as text of ASCII digits and a point only
    (:func:`clubs.money.is_plain_amount`): DRF's own also took "1_000", "１０" and "١٠"."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str) and not is_plain_amount(data.strip()):
            self.fail("invalid")
        return super().to_internal_value(data)


class StakeWriteSerializer(serializers.Serializer):
    ruleset = serializers.ChoiceField(choices=list(RULESET_NAMES))
    amount = PlainDecimalField(max_digits=12, decimal_places=4, min_value=0,
                               max_value=100000, allow_null=True,
                                      help_text="Money per unit of the ruleset's result "
                                                "(its stake unit, as the stake's 'unit' "
                                                "names it: per 1,000 points, per point, per "
                                                "chip...); null removes the stake.")


class TableStakeWriteSerializer(serializers.Serializer):
    amount = PlainDecimalField(
        max_digits=12, decimal_places=4, min_value=0, max_value=100000, allow_null=True,
        help_text="Money per unit; null removes the table's own stake.")
    currency = serializers.ChoiceField(choices=["", *CURRENCIES], default="",
                                       help_text="Empty: the evening's or group's.")


class StakeSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    amount = serializers.CharField(help_text="A decimal amount, as text.")
    unit = serializers.CharField(help_text="What one unit is, e.g. per 1,000 points.")


class EveningSerializer(EveningRefSerializer):
    group = serializers.CharField(help_text="The group's id.")
    stakes = StakeSerializer(many=True)
    tables = TableRefSerializer(many=True)
    hidden_tables = serializers.IntegerField()


class PlaceWriteSerializer(serializers.Serializer):
    group = serializers.CharField(max_length=24)
    evening = serializers.CharField(max_length=24, required=False, allow_blank=True,
                                    help_text="One of the group's evenings.")


class MoneySerializer(serializers.Serializer):
    minor = serializers.IntegerField(help_text="In the currency's minor units (cents).")
    text = serializers.CharField(help_text="Formatted in the reader's language.")


class NetSerializer(MoneySerializer):
    player = PlayerRefSerializer()


class TransferSerializer(MoneySerializer):
    payer = PlayerRefSerializer()
    payee = PlayerRefSerializer()


class SettleTableSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    ruleset = serializers.CharField()
    finished = serializers.BooleanField()
    stake = serializers.CharField(allow_null=True)
    stake_currency = serializers.CharField()
    unit = serializers.CharField()
    counted = serializers.BooleanField()
    left_out = serializers.ChoiceField(choices=["in_play", "no_stake", "currency"],
                                       allow_null=True)


class SettleUpSerializer(serializers.Serializer):
    currency = serializers.CharField()
    digits = serializers.IntegerField(help_text="Minor-unit digits of the currency.")
    exact = serializers.BooleanField(help_text="The transfers are proven fewest.")
    hidden_tables = serializers.IntegerField()
    tables = SettleTableSerializer(many=True)
    nets = NetSerializer(many=True)
    transfers = TransferSerializer(many=True)


class BoardRowSerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    rating = serializers.FloatField(allow_null=True, help_text="OpenSkill ordinal mu - 3σ.")
    mu = serializers.FloatField(allow_null=True)
    sigma = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField()
    firsts = serializers.IntegerField()
    average_placement = serializers.FloatField(allow_null=True)
    total = serializers.CharField(help_text="Sum of results in stake units, as text.")


class BoardSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    unit = serializers.CharField()
    rows = BoardRowSerializer(many=True)


class MemberStatsSerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    overall = StatsBlockSerializer()
    by_ruleset = RulesetStatsSerializer(many=True)


class SeasonSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The season's public id.")
    name = serializers.CharField()
    starts = serializers.DateField(help_text="Its first day.")
    ends = serializers.DateField(help_text="Its last day (tables started up to it count).")
    best = serializers.IntegerField(allow_null=True, help_text="How many of each player's "
                                    "results count, the best first; null: all of them.")


class SeasonRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="Equal totals share a place.")
    player = PlayerRefSerializer()
    games = serializers.IntegerField(help_text="Finished games in the season.")
    counted = serializers.IntegerField(help_text="Of which count (the best N).")
    average_placement = serializers.FloatField(allow_null=True)
    total = serializers.CharField(help_text="Sum of the results that count, in stake units, "
                                            "as text (the board's decimals).")


class SeasonBoardSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    title = serializers.CharField()
    unit = serializers.CharField()
    rows = SeasonRowSerializer(many=True)


class SeasonStandingsSerializer(SeasonSerializer):
    boards = SeasonBoardSerializer(many=True)
