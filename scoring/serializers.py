"""Shapes of the scoring API's answers, for validation and the OpenAPI schema."""

from __future__ import annotations

from rest_framework import serializers


class OptionSchemaSerializer(serializers.Serializer):
    """One rule variant, from the ruleset's ``Options`` dataclass (``options_schema``)."""

    name = serializers.CharField()
    type = serializers.ChoiceField(choices=["bool", "int", "float", "str", "list"])
    default = serializers.JSONField(allow_null=True)
    label = serializers.CharField()
    help = serializers.CharField(allow_blank=True)
    choices = serializers.ListField(child=serializers.JSONField(), allow_null=True,
                                    help_text="Allowed values, or null for any.")
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
