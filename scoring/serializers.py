"""Shapes of the scoring API's answers, for validation and the OpenAPI schema."""

from __future__ import annotations

from rest_framework import serializers

from scoring.engine.result import CAUSES, UNITS


class OptionSchemaSerializer(serializers.Serializer):
    """One rule variant, from the ruleset's ``Options`` dataclass (``options_schema``)."""

    name = serializers.CharField()
    type = serializers.ChoiceField(choices=["bool", "int", "float", "str", "list"])
    default = serializers.JSONField(allow_null=True)
    label = serializers.CharField()
    help = serializers.CharField(allow_blank=True)
    choices = serializers.ListField(child=serializers.JSONField(), allow_null=True,
                                    help_text="Allowed values, or null for any.")
    choice_labels = serializers.ListField(
        child=serializers.CharField(), allow_null=True,
        help_text="An English label for each of the choices, in the same order.")
    minimum = serializers.FloatField(allow_null=True)
    maximum = serializers.FloatField(allow_null=True)


class PresetSerializer(serializers.Serializer):
    name = serializers.CharField(allow_blank=True)
    title = serializers.CharField()
    options = serializers.DictField(child=serializers.JSONField(allow_null=True),
                                    help_text="Overrides of the defaults.")


class RulesetSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="Use as \"ruleset\" in score requests.")
    title = serializers.CharField()
    title_native = serializers.CharField(allow_blank=True)
    table_ready = serializers.BooleanField(
        help_text="Whether tables can be created with it (its table rules are complete).")
    options = OptionSchemaSerializer(many=True)
    presets = PresetSerializer(many=True)


# --- the engine's one result contract (scoring/engine/result.py) -------------------------


class ItemSerializer(serializers.Serializer):
    """One scoring element of a win: a yaku, fan, 嘴子, dora, flower..."""

    key = serializers.CharField(help_text="Stable id within the ruleset, e.g. riichi, dora, "
                                          "full_flush.")
    name = serializers.CharField(help_text="English name.")
    native = serializers.CharField(allow_blank=True, help_text="e.g. 立直, 清一色, 嘴子·通天")
    value = serializers.IntegerField(help_text="What one of it is worth, in unit.")
    unit = serializers.ChoiceField(choices=list(UNITS))
    count = serializers.IntegerField(help_text="How many the hand holds (3 dora: count 3).")
    payer = serializers.IntegerField(required=False,
                                     help_text="Ji'an: the player this item counts for.")


class HeadlineSerializer(serializers.Serializer):
    """The figures a hand is named by."""

    value = serializers.IntegerField(help_text="The hand's size in unit (han, fan...).")
    unit = serializers.ChoiceField(choices=list(UNITS))
    points = serializers.IntegerField(
        allow_null=True, help_text="The hand value: what the winner gets for the hand "
        "itself, before honba, riichi sticks, kongs, 精...")
    fu = serializers.IntegerField(required=False)
    limit = serializers.CharField(required=False, allow_null=True,
                                  help_text="English name of the limit (mangan...).")
    native_limit = serializers.CharField(required=False, allow_null=True,
                                         help_text="満貫, 封顶, 全交...")


class CausePaymentSerializer(serializers.Serializer):
    """One player's change for one cause (hand, honba, sticks, 查叫, 精...)."""

    player = serializers.IntegerField()
    amount = serializers.IntegerField()
    cause = serializers.ChoiceField(choices=list(CAUSES))


class ResultSerializer(serializers.Serializer):
    """What every ruleset returns for a scored win (beside its own older fields)."""

    players = serializers.IntegerField(help_text="How many players the indices count.")
    items = ItemSerializer(many=True)
    headline = HeadlineSerializer(allow_null=True)
    ledger = CausePaymentSerializer(many=True, help_text="Each player's payments by cause; with "
                               "pot_change they add up to zero.")
    pot_change = serializers.IntegerField()
