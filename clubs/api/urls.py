"""API routes of groups, evenings and settle-ups, under /api/ (included by clubs/urls.py)."""

from django.urls import URLPattern, path

from . import seasons, views

urlpatterns: list[URLPattern] = [
    path("groups/", views.GroupListView.as_view(), name="api-groups"),
    path("groups/<slug:id>/", views.GroupDetailView.as_view(), name="api-group"),
    path("groups/<slug:id>/members/", views.MembersView.as_view(), name="api-members"),
    path("groups/<slug:id>/members/<int:player>/", views.MemberView.as_view(),
         name="api-member"),
    path("groups/<slug:id>/evenings/", views.EveningsView.as_view(), name="api-evenings"),
    path("groups/<slug:id>/leaderboard/", views.LeaderboardView.as_view(),
         name="api-leaderboard"),
    path("groups/<slug:id>/stats/", views.GroupStatsView.as_view(), name="api-group-stats"),
    path("groups/<slug:id>/seasons/", seasons.SeasonsView.as_view(), name="api-seasons"),
    path("groups/<slug:id>/seasons/<slug:season>/standings/",
         seasons.SeasonStandingsView.as_view(), name="api-season-standings"),
    path("evenings/<slug:id>/", views.EveningDetailView.as_view(), name="api-evening"),
    path("evenings/<slug:id>/stakes/", views.EveningStakesView.as_view(),
         name="api-evening-stakes"),
    path("evenings/<slug:id>/settle/", views.EveningSettleView.as_view(),
         name="api-evening-settle"),
    path("tables/<slug:id>/group/", views.TablePlaceView.as_view(), name="api-table-group"),
    path("tables/<slug:id>/stake/", views.TableStakeView.as_view(), name="api-table-stake"),
    path("tables/<slug:id>/settle/", views.TableSettleView.as_view(), name="api-table-settle"),
]
