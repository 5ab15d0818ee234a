"""Admin of events: officials and entries inline."""

from __future__ import annotations

from django.contrib import admin

from .models import Entry, Official, Tournament


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
