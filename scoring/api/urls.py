"""API routes of the scoring app, under /api/ (included by scoring/urls.py)."""

from django.urls import URLPattern, path

from . import auth, views

urlpatterns: list[URLPattern] = [
    path("rulesets/", views.RulesetListView.as_view(), name="api-rulesets"),
    path("score/", views.ScoreView.as_view(), name="api-score"),
    path("waits/", views.WaitsView.as_view(), name="api-waits"),
    path("analyse/", views.AnalyseView.as_view(), name="api-analyse"),
    path("danger/", views.DangerView.as_view(), name="api-danger"),
    path("token/", auth.TokenView.as_view(), name="api-token"),
]
