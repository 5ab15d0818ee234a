"""Root URL configuration.

Apps add their pages in scoring/urls.py and games/urls.py (included at the root, namespaced
"scoring" and "games"), ruleset packages in their site app's urls.py (mounted by
scoring/registry.py, namespaced by the ruleset's name); websocket routes go in games/routing.py.
"""

from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from mjsite.login_limits import limit_login, limit_password_change
from scoring import registry

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
    # Staff only (admin_view), then counted: it checks the old password.
    path("admin/password_change/", admin.site.admin_view(
        limit_password_change(admin.site.password_change), cacheable=True)),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script from this same address instead of
    # inline; Swagger UI itself sets inline styles and data: images.
    path("api/docs/", csp_update({"style-src": ["'unsafe-inline'"], "img-src": ["data:"]})(
        SpectacularSwaggerSplitView.as_view(url_name="schema")), name="api-docs"),
    path("", include("scoring.urls")),
    path("", include("games.urls")),
    path("", include("clubs.urls")),
    path("", include("events.urls")),
    # Each ruleset package's own pages (its site app), under rulesets/<name>/.
    *registry.urlpatterns(),
]
