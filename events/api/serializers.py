"""Shapes of the events API's answers (built as dicts by :mod:`events.api.views` and
passed through these, so the OpenAPI schema is what is sent)."""

from __future__ import annotations

from rest_framework import serializers

from games.serializers import LedgerRowSerializer


class StandingConventionSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The ruleset's convention (events' standings).")
    label = serializers.CharField()
    source = serializers.CharField(help_text="Where the convention comes from.")
    table_points = serializers.ListField(child=serializers.IntegerField(),
                                         help_text="By place, best first; empty: by score.")
    unit = serializers.IntegerField(help_text="A score is shown divided by this.")
    decimals = serializers.IntegerField()


class RoundSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="0 East (first dealer) to 3 North.")
    wind = serializers.CharField()
    number = serializers.IntegerField(allow_null=True, help_text="The entry's number; null "
                                      "for a substitute's seat.")
    player = serializers.CharField(allow_blank=True)
    substitute = serializers.CharField(allow_blank=True,
                                       help_text="Who plays the seat instead, if anyone.")


class EventRoundTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    table = serializers.CharField(allow_null=True, help_text="The table's public id, once "
                                  "the round started (/api/tables/{id}/).")
    seats = RoundSeatSerializer(many=True)


class EventRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    method = serializers.CharField()
    started = serializers.BooleanField()
    tables = EventRoundTableSerializer(many=True)


class ShortRulesSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    preset = serializers.CharField(allow_blank=True)
    name = serializers.CharField()


class EventSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.CharField()
    ruleset = serializers.CharField()
    preset = serializers.CharField(allow_blank=True)
    rounds = serializers.IntegerField(help_text="How many rounds the event has.")
    seats = serializers.IntegerField(help_text="Players at a table: 4, or 3.")
    visibility = serializers.CharField()
    seating = serializers.CharField()
    standings = StandingConventionSerializer()
    substitute_rule = serializers.CharField()
    short_table_points = serializers.CharField(
        help_text="What a table of three earns where the standings count table points: "
                  "places (the first three places' points) or per_player (scaled to what "
                  "a table of four gives each player).")
    confirm_hands = serializers.BooleanField(
        help_text="Its tables' players confirm each hand (a dispute calls the referees).")
    confirm_before_close = serializers.BooleanField(
        help_text="A round closes (the next is seated) only once every hand is confirmed.")
    short_tables = serializers.CharField(
        help_text="What seats the players the four-player tables leave over: substitutes, "
                  "or three_player (tables of three with short_rules).")
    short_rules = ShortRulesSerializer(allow_null=True, help_text="The three-player "
                                       "tables' rules: the ruleset and its preset.")
    role = serializers.CharField(help_text="Yours: organiser, referee, player or spectator.")
    seated_rounds = EventRoundSerializer(many=True)


class EventStandingSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="Equal players share a place.")
    number = serializers.IntegerField(help_text="The entry's number.")
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    status = serializers.CharField()
    table_points = serializers.FloatField(help_text="0 when the convention has none.")
    score = serializers.IntegerField(help_text="In the tables' points, penalties included.")
    shown = serializers.CharField(help_text="The score as the convention shows it.")
    penalties = serializers.IntegerField()
    games = serializers.IntegerField()
    live = serializers.BooleanField(help_text="A table counted has not ended.")
    by_round = serializers.DictField(child=serializers.IntegerField(),
                                     help_text="Score of each round, by its number.")


class EventLedgerRowSerializer(LedgerRowSerializer):
    event_round = serializers.IntegerField(help_text="The event's round.")
    table_number = serializers.IntegerField(help_text="The table's number in its round.")
