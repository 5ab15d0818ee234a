"""API routes of events, under /api/ (included by events/urls.py)."""

from django.urls import URLPattern, path

from . import views

urlpatterns: list[URLPattern] = [
    path("events/<slug:id>/", views.EventView.as_view(), name="api-event"),
    path("events/<slug:id>/standings/", views.StandingsView.as_view(), name="api-standings"),
    path("events/<slug:id>/ledger/", views.LedgerView.as_view(), name="api-ledger"),
]
