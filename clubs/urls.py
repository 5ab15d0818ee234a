"""Pages of groups, evenings and settle-ups, included at the site root; reverse as
"clubs:<name>"."""

from django.urls import URLPattern, URLResolver, include, path

from . import live_views, season_pages, views

app_name = "clubs"

urlpatterns: list[URLPattern | URLResolver] = [
    path("groups/", views.group_list, name="groups"),
    path("groups/new/", views.group_new, name="group-new"),
    path("g/<slug:public_id>/", views.group_detail, name="group"),
    path("g/<slug:public_id>/stats/", views.group_stats, name="group-stats"),
    path("g/<slug:public_id>/settings/", views.group_settings, name="group-settings"),
    path("g/<slug:public_id>/members/", views.group_members, name="group-members"),
    path("g/<slug:public_id>/evenings/", views.evening_new, name="evening-new"),
    path("g/<slug:public_id>/seasons/", season_pages.season_new, name="season-new"),
    path("g/<slug:public_id>/seasons/<slug:season_id>/", season_pages.season_detail,
         name="season"),
    path("g/<slug:public_id>/seasons/<slug:season_id>/remove/", season_pages.season_remove,
         name="season-remove"),
    path("e/<slug:public_id>/", views.evening_detail, name="evening"),
    path("e/<slug:public_id>/stakes/", views.evening_stakes, name="evening-stakes"),
    path("e/<slug:public_id>/tables/", views.evening_tables, name="evening-tables"),
    path("e/<slug:public_id>/clock/", live_views.evening_clock_action, name="evening-clock"),
    path("e/<slug:public_id>/screen/", live_views.evening_screen, name="evening-screen"),
    path("e/<slug:public_id>/share/", views.evening_share, name="evening-share"),
    path("e/<slug:public_id>/share.png", views.evening_share_png, name="evening-share-png"),
    path("t/<slug:public_id>/settle/", views.table_settle, name="table-settle"),
    path("t/<slug:public_id>/settle/group/", views.table_place, name="table-place"),
    path("t/<slug:public_id>/settle/share/", views.table_share, name="table-share"),
    path("t/<slug:public_id>/settle/share.png", views.table_share_png, name="table-share-png"),
    path("api/", include("clubs.api.urls")),
]
