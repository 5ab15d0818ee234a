"""URL routes of the games app, included at the site root by mjsite/urls.py.

Give each route its full path (the include adds no prefix) and a name; reverse it as
"games:<name>".
"""

from django.urls import URLPattern, URLResolver, include, path

from games import history_pages, views

app_name = "games"

urlpatterns: list[URLPattern | URLResolver] = [
    path("tables/", views.table_list, name="tables"),
    path("tables/new/", views.table_new, name="new"),
    path("t/<slug:public_id>/", views.table_detail, name="table"),
    path("t/<slug:public_id>/record/", views.table_record, name="record"),
    path("t/<slug:public_id>/join/", views.table_join, name="join"),
    path("t/<slug:public_id>/centre/", views.table_centre, name="centre"),
    path("t/<slug:public_id>/seat-list/", views.table_seat_list, name="seat-list"),
    path("t/<slug:public_id>/results/", views.table_results, name="results"),
    path("t/<slug:public_id>/log/", history_pages.table_log, name="log"),
    path("t/<slug:public_id>/log/accept/", history_pages.table_log_accept, name="log-accept"),
    path("t/<slug:public_id>/confirm-hands/", history_pages.table_confirm_setting,
         name="confirm-setting"),
    path("t/<slug:public_id>/snapshot.json", views.table_snapshot, name="snapshot"),
    path("t/<slug:public_id>/qr.svg", views.table_qr, name="qr"),
    path("players/names.json", views.player_names, name="player-names"),
    path("players/<int:pk>/", views.player_detail, name="player"),
    path("api/", include("games.api.urls")),
]
