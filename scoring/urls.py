"""URL routes of the scoring app, included at the site root by mjsite/urls.py.

Give each route its full path (the include adds no prefix) and a name; reverse it as
"scoring:<name>".
"""

from django.urls import URLPattern, URLResolver, include, path

from scoring import views

app_name = "scoring"

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/", include("scoring.api.urls")),
    path("analyse/", views.analyse_page, name="analyse"),
    path("danger/", views.danger_page, name="danger"),
]
