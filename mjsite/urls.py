"""Root URL configuration.

Apps add their pages in scoring/urls.py and games/urls.py (included at the root, namespaced
"scoring" and "games"); websocket routes go in games/routing.py.
"""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from games.ratelimit import limit_login

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    # The installable web app: its manifest, and the service worker at the root so that
    # its scope covers the table pages.
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="service-worker"),
    # Browsers ask for /favicon.ico whatever the page's <link rel="icon"> says.
    path("favicon.ico", views.favicon, name="favicon"),
    # Ahead of admin.site.urls so the sign-in form is rate limited (reverse still works).
    path("admin/login/", limit_login(admin.site.login)),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("", include("scoring.urls")),
    path("", include("games.urls")),
    path("", include("clubs.urls")),
]
