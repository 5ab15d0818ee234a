"""Shapes of the games API: validated command bodies and the documented answers.

Answers are built by :mod:`games.api` as plain dicts (mostly from
:func:`games.services.snapshot`) and passed through these serializers, so the OpenAPI
schema describes exactly what is sent. Ruleset-specific structures (options, state,
outcomes, scoring results) are JSON objects whose shape the ruleset defines.
"""

from __future__ import annotations

from rest_framework import serializers

from scoring import registry
from scoring.serializers import CausePaymentSerializer, ItemSerializer, ResultSerializer


def _any() -> dict[str, serializers.Field]:
    return {"child": serializers.JSONField(allow_null=True)}


class CommandSerializer(serializers.Serializer):
    """What every write carries: an id for retries and the seq it was based on."""

    command_id = serializers.CharField(
        min_length=1, max_length=64,
        help_text="New for each command (a UUID will do); a retry with the same id records "
                  "nothing twice and gets the first answer again.")
    base_seq = serializers.IntegerField(
        min_value=0, help_text="The table's seq you based the command on; if the table has "
                               "moved on you get 409 with its current state.")


class RecordHandSerializer(CommandSerializer):
    outcome = serializers.DictField(
        **_any(), help_text="The hand's outcome in the ruleset's format, e.g. "
        "{\"type\": \"ron\", \"wins\": [{\"winner\": 1, \"discarder\": 2, \"quick\": "
        "{\"han\": 2, \"fu\": 40}}]}.")


class CreateTableSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    ruleset = serializers.CharField(help_text="A ruleset name from GET /api/rulesets/.")
    preset = serializers.CharField(allow_blank=True, default="")
    options = serializers.DictField(child=serializers.JSONField(allow_null=True), default=dict,
                                    help_text="Overrides on top of the preset.")
    players = serializers.ListField(
        child=serializers.CharField(max_length=64), min_length=3, max_length=4,
        help_text="The names in seat order from the first dealer: four, or three when the "
                  "rules are for three players (sanma, 三人两房); an existing player of the "
                  "same name is reused so their history carries over.")
    visibility = serializers.ChoiceField(choices=["public", "link", "private"],
                                         default="link")
    confirm_hands = serializers.BooleanField(
        default=False, help_text="The players confirm each hand: a recorded hand counts at "
        "once but shows as unconfirmed until the other seated players confirm it.")


class ConfirmHandSerializer(CommandSerializer):
    revision = serializers.IntegerField(
        min_value=1, required=False,
        help_text="The hand's revision you looked at; refused (hand_changed) if it was "
                  "corrected since.")


class DisputeHandSerializer(ConfirmHandSerializer):
    note = serializers.CharField(
        max_length=200, trim_whitespace=False,
        help_text="What is wrong with the hand, 1 to 200 characters; at an event's table the "
                  "referees are called with it.")


class ConfirmationSerializer(serializers.Serializer):
    """A hand's confirmation by the table (games.confirmations)."""

    state = serializers.ChoiceField(choices=["unconfirmed", "confirmed", "disputed"])
    confirmed = serializers.ListField(child=serializers.IntegerField(),
                                      help_text="The seats that confirmed it, in order.")
    disputed = serializers.ListField(child=serializers.DictField(**_any()),
                                     help_text="{seat, note} of each dispute.")
    waiting = serializers.ListField(child=serializers.IntegerField(),
                                    help_text="The seats that may still confirm or dispute.")


class ClaimSeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(min_value=0, max_value=3,
                                        help_text="0 is the first dealer.")
    key = serializers.CharField(
        required=False, max_length=64,
        help_text="The table's join key (join_key of GET /api/tables/{id}/ for its players, "
                  "the key of the join link); not needed by the creator, staff or a user "
                  "linked to that seat's player.")


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class PlayerSummarySerializer(PlayerRefSerializer):
    games = serializers.IntegerField(help_text="Tables you can list that they sat at.")


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(min_value=0, max_value=3)
    player = PlayerRefSerializer()
    claimed = serializers.BooleanField()
    wind = serializers.CharField(allow_null=True)


class StandingSerializer(serializers.Serializer):
    position = serializers.IntegerField(min_value=0, max_value=3)
    name = serializers.CharField(allow_blank=True)
    score = serializers.IntegerField()
    start = serializers.IntegerField()
    rank = serializers.IntegerField()


class TableStandingSerializer(StandingSerializer):
    """A standing in a table's full picture, which knows the penalties to come."""

    penalty_at_end = serializers.IntegerField(
        max_value=0,
        help_text="Points a penalty already recorded (EMA chombo) will take "
                  "from this seat when the game ends; 0 once it is over.")


class PaymentSerializer(serializers.Serializer):
    position = serializers.IntegerField(min_value=0, max_value=3)
    amount = serializers.IntegerField()
    reason = serializers.CharField()


class TableSummarySerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The table's public id (its link).")
    name = serializers.CharField()
    ruleset = serializers.CharField()
    preset = serializers.CharField(allow_blank=True)
    visibility = serializers.ChoiceField(choices=["public", "link", "private"])
    finished = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    seq = serializers.IntegerField()
    hands_played = serializers.IntegerField()
    seats = SeatSerializer(many=True)
    standings = StandingSerializer(many=True)


class TableMetaSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    ruleset = serializers.CharField()
    ruleset_title = serializers.CharField()
    ruleset_title_native = serializers.CharField(allow_blank=True)
    preset = serializers.CharField(allow_blank=True)
    visibility = serializers.ChoiceField(choices=["public", "link", "private"])
    finished = serializers.BooleanField()
    ended_manually = serializers.BooleanField()
    created_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    confirm_hands = serializers.BooleanField(
        help_text="Whether the players confirm each hand (each hand's confirmation).")


class TableDetailSerializer(serializers.Serializer):
    table = TableMetaSerializer()
    seq = serializers.IntegerField()
    options = serializers.DictField(**_any())
    outcome_types = serializers.ListField(child=serializers.CharField())
    state = serializers.DictField(**_any(), help_text="Round wind, dealer, honba, pot, "
                                                           "scores... as the ruleset keeps them.")
    seats = SeatSerializer(many=True)
    standings = TableStandingSerializer(many=True)
    final = PaymentSerializer(many=True, help_text="The final settlement, once finished.")
    final_table = serializers.ListField(child=serializers.DictField(**_any()))
    can_undo = serializers.BooleanField()
    can_redo = serializers.BooleanField()
    can_write = serializers.BooleanField(help_text="Whether you may record hands here.")
    join_key = serializers.CharField(
        allow_null=True, help_text="The join link's secret, which lets others take a seat "
                                   "(POST .../seats/); only for those who may write.")


class WinScoringSerializer(serializers.Serializer):
    winner = serializers.IntegerField()
    items = ItemSerializer(many=True)


class HandSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    type = serializers.CharField(allow_null=True)
    round = serializers.CharField(allow_blank=True)
    honba = serializers.IntegerField(allow_null=True)
    summary = serializers.CharField(allow_blank=True, help_text="What happened, with the "
                                    "players' names, in the request's language.")
    outcome = serializers.DictField(**_any(), help_text="The input as recorded.")
    results = ResultSerializer(many=True, help_text="What each win, draw or payment of the "
                               "hand settled: the engine's result contract, nothing else.")
    scoring = WinScoringSerializer(many=True)
    settled = ResultSerializer(many=True, help_text="Those of the results that move points "
                               "(a ledger that is not empty).")
    payments = PaymentSerializer(many=True)
    payments_by_cause = CausePaymentSerializer(many=True, help_text="The hand's payments "
                                               "split by cause (hand, honba, sticks, 查叫, "
                                               "精...).")
    deltas = serializers.ListField(child=serializers.IntegerField())
    pot_change = serializers.IntegerField()
    revision = serializers.IntegerField()
    recorded_by = serializers.CharField(allow_blank=True)
    recorded_at = serializers.DateTimeField()
    state_before = serializers.DictField(**_any())
    state_after = serializers.DictField(**_any())
    confirmation = ConfirmationSerializer(
        allow_null=True, help_text="Who confirmed or disputed it, at a table whose players "
        "confirm each hand; null elsewhere.")


class CommandResultSerializer(serializers.Serializer):
    ok = serializers.BooleanField()
    command_id = serializers.CharField()
    kind = serializers.CharField()
    event = serializers.CharField()
    seq = serializers.IntegerField()
    hand_number = serializers.IntegerField(allow_null=True)
    duplicate = serializers.BooleanField()
    snapshot = serializers.DictField(**_any(), help_text=(
        "What the command changed, in the shape of the table's snapshot: the hands from "
        "hands_from on, the chart from chart.from, the standings and the rest of the table "
        "after it (GET /t/<id>/snapshot.json has every hand)."))


class StaleSerializer(serializers.Serializer):
    error = serializers.DictField(child=serializers.CharField())
    snapshot = serializers.DictField(**_any(), help_text="The table as it is now.")


class LedgerRowSerializer(serializers.Serializer):
    table = serializers.CharField()
    table_name = serializers.CharField()
    ruleset = serializers.CharField()
    date = serializers.DateTimeField(allow_null=True)
    hand = serializers.IntegerField(allow_null=True, help_text="Empty for the final "
                                                               "settlement.")
    round = serializers.CharField(allow_blank=True, help_text="e.g. E1, S4.")
    honba = serializers.IntegerField(allow_null=True)
    outcome = serializers.CharField(allow_blank=True, help_text="Outcome type, or final.")
    position = serializers.IntegerField(min_value=0, max_value=3)
    player_id = serializers.IntegerField(allow_null=True)
    player = serializers.CharField(allow_blank=True)
    role = serializers.ChoiceField(choices=["", "winner", "dealt_in"])
    scoring = serializers.CharField(allow_blank=True, help_text="This player's yaku/fan.")
    summary = serializers.CharField(allow_blank=True)
    detail = serializers.CharField(allow_blank=True, help_text="Amounts by reason.")
    delta = serializers.IntegerField()
    total = serializers.IntegerField(help_text="Running score, start points included.")
    event = serializers.IntegerField(allow_null=True, help_text="The event (seq) that gave "
                                     "the hand its outcome; for the final settlement, the "
                                     "table's last event.")
    chain = serializers.CharField(allow_blank=True, help_text="That event's hash in the "
                                  "table's hash chain (see the history).")


# --- the hash chain and the log (issue 29, games.chain) ----------------------------------


class ChangedSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The first event found changed (or, found by "
                                   "a phone, the last one it had seen).")
    reason = serializers.CharField(help_text="changed, missing, unchained, unreadable or "
                                   "rewritten (a phone had seen another history).")
    hand = serializers.IntegerField(allow_null=True, help_text="Hands before it.")
    source = serializers.CharField(required=False, help_text="server or phone.")
    found_at = serializers.CharField(required=False)
    kind = serializers.CharField(required=False, allow_blank=True)


class AcceptedSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The accept event.")
    changed = ChangedSerializer()


class ChainCheckSerializer(serializers.Serializer):
    ok = serializers.BooleanField(help_text="Every event hashes to what was sealed, chained "
                                  "to the one before (changes accepted since excepted).")
    events = serializers.IntegerField()
    head = serializers.CharField(allow_null=True, help_text="The last event's hash.")
    head_seq = serializers.IntegerField()
    changed = ChangedSerializer(allow_null=True)
    accepted = AcceptedSerializer(many=True)


class ChainEventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    hand = serializers.IntegerField(allow_null=True)
    actor = serializers.CharField(allow_blank=True)
    seat = serializers.IntegerField(allow_null=True)
    at = serializers.CharField()
    content = serializers.DictField(help_text="The canonical content the hash covers "
                                    "(scoring/engine/chain.py).")
    hash = serializers.CharField()


class TableChainSerializer(serializers.Serializer):
    table = serializers.CharField()
    name = serializers.CharField()
    head = serializers.CharField(allow_null=True)
    events = ChainEventSerializer(many=True)


class LogEventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.CharField(help_text="record, undo, redo, correct, end, reopen, "
                                 "declare or accept.")
    hand = serializers.IntegerField(allow_null=True)
    what = serializers.CharField(help_text="What it did, in the reader's language.")
    detail = serializers.CharField(allow_blank=True, help_text="The hand, in words.")
    actor = serializers.CharField(allow_blank=True, help_text="Who, as the table named them.")
    seat = serializers.IntegerField(allow_null=True, help_text="The seat they wrote from "
                                    "(null: the creator or staff without one, or unknown).")
    seat_player = serializers.CharField(allow_null=True)
    at = serializers.DateTimeField()
    hash = serializers.CharField()
    changed = serializers.BooleanField(help_text="The first event a check found changed.")
    accepted_at = serializers.IntegerField(allow_null=True, help_text="A change found here "
                                           "was accepted by this event.")
    content = serializers.DictField(help_text="The canonical content the hash covers "
                                    "(scoring/engine/chain.py): python -m scoring.engine "
                                    "verify-chain checks a saved copy of this answer.")


class TableLogSerializer(serializers.Serializer):
    table = serializers.CharField()
    name = serializers.CharField()
    head = serializers.CharField(allow_null=True)
    check = ChainCheckSerializer()
    changed = ChangedSerializer(allow_null=True, help_text="A change recorded and not "
                                "accepted yet: the table refuses writes (history_changed).")
    text = serializers.CharField(allow_blank=True)
    events = LogEventSerializer(many=True)


class VerifiedTableSerializer(serializers.Serializer):
    table = serializers.CharField()
    name = serializers.CharField()
    check = ChainCheckSerializer()


class VerifySerializer(serializers.Serializer):
    checked = serializers.IntegerField()
    changed = serializers.IntegerField(help_text="Tables whose history was changed.")
    tables = VerifiedTableSerializer(many=True)


class AcceptSerializer(serializers.Serializer):
    command_id = serializers.CharField(min_length=1, max_length=64, help_text="New for each "
                                       "command; a repeat answers the first acceptance.")


class TopScoringSerializer(serializers.Serializer):
    key = serializers.CharField(allow_blank=True, help_text="The item's key in its ruleset.")
    name = serializers.CharField(allow_blank=True)
    native = serializers.CharField(allow_blank=True)
    count = serializers.IntegerField()


class StatsBlockSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    finished_games = serializers.IntegerField()
    placements = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Finished games ended in 1st, 2nd... place (ties share the better place).")
    average_placement = serializers.FloatField(allow_null=True)
    hands = serializers.IntegerField()
    wins = serializers.IntegerField()
    deal_ins = serializers.IntegerField()
    self_draws = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)
    deal_in_rate = serializers.FloatField(allow_null=True)
    self_draw_rate = serializers.FloatField(allow_null=True)
    average_win_value = serializers.FloatField(allow_null=True)
    average_hand_value = serializers.FloatField(
        allow_null=True, help_text="Mean hand value of the wins (before honba, sticks and "
                                   "extras), in the ruleset's points.")
    top_scoring = TopScoringSerializer(many=True)

    def get_fields(self) -> dict[str, serializers.Field]:
        # A share per statistic the rulesets' live declarations yield (riichi's
        # riichi_rate), named by the packages (scoring.registry.statistics).
        fields = super().get_fields()
        for name, label in registry.statistics():
            fields[name] = serializers.FloatField(
                allow_null=True, help_text=f"{label}: hands the player made this live "
                "declaration in, over hands at tables whose rules offer it; null without any.")
        return fields


class RulesetStatsSerializer(StatsBlockSerializer):
    ruleset = serializers.CharField()


class PlayerStatsSerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    overall = StatsBlockSerializer()
    by_ruleset = RulesetStatsSerializer(many=True)
