"""API routes of the games app, under /api/ (included by games/urls.py)."""

from django.urls import URLPattern, path

from . import confirm, history, views

urlpatterns: list[URLPattern] = [
    path("tables/", views.TableListView.as_view(), name="api-tables"),
    path("tables/<slug:id>/", views.TableDetailView.as_view(), name="api-table"),
    path("tables/<slug:id>/hands/", views.TableHandsView.as_view(), name="api-hands"),
    path("tables/<slug:id>/hands/<int:number>/", views.HandDetailView.as_view(),
         name="api-hand"),
    path("tables/<slug:id>/hands/<int:number>/confirm/", confirm.ConfirmHandView.as_view(),
         name="api-hand-confirm"),
    path("tables/<slug:id>/hands/<int:number>/dispute/", confirm.DisputeHandView.as_view(),
         name="api-hand-dispute"),
    path("tables/<slug:id>/seats/", views.SeatsView.as_view(), name="api-seats"),
    path("tables/<slug:id>/undo/", views.UndoView.as_view(), name="api-undo"),
    path("tables/<slug:id>/redo/", views.RedoView.as_view(), name="api-redo"),
    path("tables/<slug:id>/end/", views.EndView.as_view(), name="api-end"),
    path("tables/<slug:id>/reopen/", views.ReopenView.as_view(), name="api-reopen"),
    path("tables/<slug:id>/ledger/", views.TableLedgerView.as_view(), name="api-ledger"),
    path("tables/<slug:id>/history/", history.TableHistoryView.as_view(), name="api-history"),
    path("tables/<slug:id>/history/accept/", history.AcceptHistoryView.as_view(),
         name="api-history-accept"),
    path("history/verify/", history.VerifyHistoryView.as_view(), name="api-history-verify"),
    path("players/", views.PlayerListView.as_view(), name="api-players"),
    path("players/<int:id>/ledger/", views.PlayerLedgerView.as_view(),
         name="api-player-ledger"),
    path("players/<int:id>/stats/", views.PlayerStatsView.as_view(), name="api-player-stats"),
    path("export/", views.ExportView.as_view(), name="api-export"),
]
