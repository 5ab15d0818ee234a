"""Admin of events: officials and entries inline; rounds with their tables and seats,
penalties and calls for a referee."""

from __future__ import annotations

from django.contrib import admin

from .models import Entry, Official, Penalty, RefereeCall, Round, RoundSeat, RoundTable, Tournament


class OfficialInline(admin.TabularInline):
    model = Official
    extra = 0
    raw_id_fields = ["user"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player"]
    fields = ["number", "player", "status"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "ruleset", "rounds", "visibility", "group", "created_at"]
    list_filter = ["kind", "visibility", "ruleset"]
    search_fields = ["name", "public_id", "entries__player__display_name"]
    readonly_fields = ["public_id", "created_at", "ruleset", "preset", "options", "seats"]
    raw_id_fields = ["created_by", "group", "config"]
    inlines = [OfficialInline, EntryInline]


class RoundTableInline(admin.TabularInline):
    model = RoundTable
    extra = 0
    raw_id_fields = ["table"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "method", "started_at"]
    list_filter = ["method"]
    raw_id_fields = ["tournament"]
    readonly_fields = ["quality", "created_at"]
    inlines = [RoundTableInline]


@admin.register(RoundSeat)
class RoundSeatAdmin(admin.ModelAdmin):
    list_display = ["round_table", "position", "entry", "substitute"]
    raw_id_fields = ["round_table", "entry", "substitute"]


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    list_display = ["tournament", "entry", "points", "reason", "given_by_name", "created_at"]
    raw_id_fields = ["tournament", "entry", "round", "given_by"]


@admin.register(RefereeCall)
class RefereeCallAdmin(admin.ModelAdmin):
    list_display = ["tournament", "round_table", "called_by", "created_at", "answered_at"]
    raw_id_fields = ["tournament", "round_table"]
