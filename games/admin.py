"""Admin of the live tables: browsable and searchable; the event log is read-only.

No page, list, filter or search shows a secret: browsers are told apart by the hash of
their device token (games.devices), never by a session key, which signs its holder in,
and a table's join key (which lets people sit down) is not shown at all.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from games import services
from games.models import Event, Hand, LedgerEntry, Player, Seat, Table
from games.permissions import request_actor
from scoring.option_text import differences_html


def _json(value: Any) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False))


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows rebuilt from the event log (or the log itself): look, never touch."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "user", "created_at"]
    search_fields = ["display_name", "user__username"]
    raw_id_fields = ["user"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    max_num = 4
    can_delete = False
    fields = ["position", "player", "claimed", "claimed_user", "claimed_at"]
    readonly_fields = ["position", "player", "claimed", "claimed_at"]
    raw_id_fields = ["claimed_user"]

    @admin.display(boolean=True, description=_("claimed"))
    def claimed(self, obj: Seat) -> bool:
        return obj.is_claimed

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    """Staff may release seats with the "free the seats" action."""

    list_display = ["table", "position", "player", "claimed", "claimed_user", "claimed_at"]
    list_filter = ["position"]
    search_fields = ["table__name", "table__public_id", "player__display_name"]
    list_select_related = ["table", "player", "claimed_user"]
    fields = ["table", "position", "player", "claimed", "claimed_user", "claimed_at"]
    readonly_fields = ["table", "position", "player", "claimed", "claimed_at"]
    raw_id_fields = ["claimed_user"]
    actions = ["free_seats"]

    @admin.display(boolean=True, description=_("claimed"))
    def claimed(self, obj: Seat) -> bool:
        return obj.is_claimed

    @admin.action(description=_("Free the selected seats"), permissions=["change"])
    def free_seats(self, request: HttpRequest, queryset: Any) -> None:
        for seat in queryset.select_related("table"):
            services.release_seat(seat.table, seat.position, request_actor(request))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["name", "public_id", "ruleset", "preset", "visibility", "seq",
                    "finished", "created_at"]
    list_filter = ["ruleset", "visibility", "finished", "created_at"]
    search_fields = ["name", "public_id", "seats__player__display_name",
                     "created_by__username"]
    date_hierarchy = "created_at"
    inlines = [SeatInline]
    # The rules and state are a snapshot and a replay: editing them would falsify the game.
    readonly_fields = ["public_id", "ruleset", "preset", "config", "options_pretty", "seq",
                       "state_pretty", "finished", "ended_manually", "can_redo",
                       "created_by", "created_at", "updated_at",
                       "finished_at"]
    fields = ["name", "visibility", *readonly_fields]

    @admin.display(description=_("Options that differ from the preset"))
    def options_pretty(self, obj: Table) -> str:
        # Labels and choice labels in the reader's language, never the engine's keys.
        return differences_html(obj.ruleset, obj.preset, obj.options)

    @admin.display(description="state")
    def state_pretty(self, obj: Table) -> str:
        return _json(obj.state)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # tables are created on the site, through games.services


class LedgerInline(admin.TabularInline):
    model = LedgerEntry
    extra = 0
    can_delete = False
    fields = ["position", "player", "amount", "reason"]
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "summary", "revision", "recorded_by"]
    list_filter = ["table__ruleset", "revision"]
    search_fields = ["table__name", "table__public_id", "summary", "recorded_by"]
    list_select_related = ["table"]
    inlines = [LedgerInline]
    fields = ["table", "number", "summary", "revision", "recorded_by", "outcome_pretty",
              "result_pretty", "history"]
    readonly_fields = fields

    @admin.display(description="outcome")
    def outcome_pretty(self, obj: Hand) -> str:
        return _json(obj.outcome)

    @admin.display(description="scoring detail")
    def result_pretty(self, obj: Hand) -> str:
        return _json(obj.result)

    @admin.display(description="history")
    def history(self, obj: Hand) -> str:
        """Every event that touched this hand number, with what it set."""
        rows = format_html_join(
            "", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            ((e.seq, e.get_kind_display(), e.actor_name, e.created_at.strftime("%Y-%m-%d %H:%M:%S"),
              json.dumps(e.payload.get("outcome", ""), ensure_ascii=False)[:300])
             for e in obj.history()))
        return format_html(
            "<table><tr><th>seq</th><th>event</th><th>by</th><th>at</th><th>outcome</th></tr>"
            "{}</table>", rows)


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["table", "seq", "kind", "hand_number", "actor_name", "created_at"]
    list_filter = ["kind", "table__ruleset", "created_at"]
    search_fields = ["table__name", "table__public_id", "actor_name", "command_id"]
    list_select_related = ["table"]
    fields = ["table", "seq", "kind", "hand_number", "command_id", "actor_name",
              "actor_user", "created_at", "payload_pretty"]
    readonly_fields = fields

    @admin.display(description="payload")
    def payload_pretty(self, obj: Event) -> str:
        return _json(obj.payload)


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = ["table", "hand_number", "position", "player", "amount", "reason"]
    list_filter = ["reason", "table__ruleset"]
    search_fields = ["table__name", "table__public_id", "player__display_name"]
    list_select_related = ["table", "player"]
