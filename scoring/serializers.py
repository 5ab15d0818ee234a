"""Shapes of the scoring API's answers, for validation and the OpenAPI schema."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from scoring.engine.result import CONTRACT, Item, Payment, Spec, fields_of


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
#
# Built from the contract's TypedDicts (result.fields_of), never written out here: a field
# added to result.Contract reaches the API's schema, and a field taken out leaves it.

# Component names in the OpenAPI schema (Payment is CausePayment: games has a Payment).
COMPONENTS = {"Contract": "Result", "Payment": "CausePayment", "Deferred": "DeferredPenalty"}
_BUILT: dict[str, type[serializers.Serializer]] = {}


def _field(spec: Spec, element: bool = False) -> serializers.Field:
    common: dict[str, Any] = {"allow_null": spec.nullable}
    if not element:
        common["required"] = spec.required
    if spec.help:
        common["help_text"] = spec.help
    if spec.kind == "object":
        return serializer_of(spec)(**common)
    if spec.kind == "list":
        assert spec.element is not None
        if spec.element.kind == "object":
            return serializer_of(spec.element)(many=True, **common)
        return serializers.ListField(child=_field(spec.element, element=True), **common)
    if spec.kind == "int":
        return serializers.IntegerField(min_value=0 if spec.player else spec.minimum, **common)
    if spec.choices:
        return serializers.ChoiceField(choices=list(spec.choices), **common)
    return serializers.CharField(allow_blank=True, **common)


def serializer_of(spec: Spec) -> type[serializers.Serializer]:
    """The serializer of one of the contract's objects (one class per shape)."""
    name = COMPONENTS.get(spec.shape, spec.shape)
    if name not in _BUILT:
        fields = {f.name: _field(f) for f in spec.fields}
        _BUILT[name] = type(f"{name}Serializer", (serializers.Serializer,),
                            {**fields, "__module__": __name__,
                             "__doc__": f"The result contract's {spec.shape} "
                                        "(scoring/engine/result.py)."})
    return _BUILT[name]


ResultSerializer = serializer_of(CONTRACT)
ItemSerializer = serializer_of(Spec(name="", kind="object", fields=fields_of(Item),
                                    shape="Item"))
CausePaymentSerializer = serializer_of(Spec(name="", kind="object",
                                            fields=fields_of(Payment), shape="Payment"))
