"""Admin of groups: members, evenings and seasons inline, table links and stakes
searchable."""

from __future__ import annotations

from django.contrib import admin

from .models import Evening, Group, Membership, Season, Stake, TableLink


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["player"]


class EveningInline(admin.TabularInline):
    model = Evening
    extra = 0
    fields = ["name", "date", "currency"]
    show_change_link = True


class SeasonInline(admin.TabularInline):
    model = Season
    extra = 0
    fields = ["name", "starts", "ends", "best"]


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    list_display = ["name", "visibility", "currency", "created_by", "created_at"]
    list_filter = ["visibility", "currency"]
    search_fields = ["name", "public_id", "memberships__player__display_name"]
    readonly_fields = ["public_id", "created_at"]
    raw_id_fields = ["created_by"]
    inlines = [MembershipInline, EveningInline, SeasonInline]


class StakeInline(admin.TabularInline):
    model = Stake
    fk_name = "evening"
    extra = 0
    fields = ["ruleset", "amount"]


@admin.register(Evening)
class EveningAdmin(admin.ModelAdmin):
    list_display = ["name", "group", "date", "currency"]
    list_filter = ["date"]
    search_fields = ["name", "public_id", "group__name"]
    readonly_fields = ["public_id", "created_at"]
    inlines = [StakeInline]


@admin.register(TableLink)
class TableLinkAdmin(admin.ModelAdmin):
    list_display = ["table", "group", "evening", "added_at"]
    search_fields = ["table__name", "table__public_id", "group__name"]
    raw_id_fields = ["table", "group", "evening"]
    list_select_related = ["table", "group", "evening"]


@admin.register(Stake)
class StakeAdmin(admin.ModelAdmin):
    list_display = ["ruleset", "amount", "currency", "table", "evening"]
    raw_id_fields = ["table", "evening"]
