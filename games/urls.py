"""URL routes of the games app, included at the site root by mjsite/urls.py.

Give each route its full path (the include adds no prefix) and a name; reverse it as
"games:<name>".
"""

from django.urls import URLPattern, URLResolver

app_name = "games"

urlpatterns: list[URLPattern | URLResolver] = []
