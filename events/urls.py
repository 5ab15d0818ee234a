"""Pages of events, included at the site root; reverse as "events:<name>"."""

from django.urls import URLPattern, URLResolver, include, path

from . import live_views, pages, views

app_name = "events"

urlpatterns: list[URLPattern | URLResolver] = [
    path("events/", views.event_list, name="list"),
    path("events/new/", views.event_new, name="new"),
    path("ev/<slug:public_id>/", views.event_detail, name="detail"),
    path("ev/<slug:public_id>/settings/", views.event_settings, name="settings"),
    path("ev/<slug:public_id>/players/", views.event_players, name="players"),
    path("ev/<slug:public_id>/officials/", views.event_officials, name="officials"),
    path("ev/<slug:public_id>/join/", views.event_join, name="join"),
    path("ev/<slug:public_id>/rounds/", pages.rounds_action, name="rounds"),
    path("ev/<slug:public_id>/round/<int:number>/", pages.round_detail, name="round"),
    path("ev/<slug:public_id>/round/<int:number>/change/", pages.round_action,
         name="round-action"),
    path("ev/<slug:public_id>/round/<int:number>/clock/", live_views.clock_action,
         name="round-clock"),
    path("ev/<slug:public_id>/screen/", live_views.event_screen, name="screen"),
    path("ev/<slug:public_id>/sit/", pages.sit, name="sit"),
    path("ev/<slug:public_id>/standings/", pages.standings_page, name="standings"),
    path("ev/<slug:public_id>/results/", pages.results_page, name="results"),
    path("ev/<slug:public_id>/penalties/", pages.penalties_action, name="penalties"),
    path("ev/<slug:public_id>/calls/", pages.answer_call, name="calls"),
    path("ev/call/<slug:table_id>/", pages.call_referee, name="call"),
    path("api/", include("events.api.urls")),
]
