"""Pages of events, included at the site root; reverse as "events:<name>"."""

from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "events"

urlpatterns: list[URLPattern | URLResolver] = [
    path("events/", views.event_list, name="list"),
    path("events/new/", views.event_new, name="new"),
    path("ev/<slug:public_id>/", views.event_detail, name="detail"),
    path("ev/<slug:public_id>/settings/", views.event_settings, name="settings"),
    path("ev/<slug:public_id>/players/", views.event_players, name="players"),
    path("ev/<slug:public_id>/officials/", views.event_officials, name="officials"),
    path("ev/<slug:public_id>/join/", views.event_join, name="join"),
]
