"""MCR's pages, mounted by the site's registry under ``rulesets/mcr/`` (namespace "mcr").

``MENU`` (from the package) lists the pages for the site menu;
``root_urlpatterns`` keeps the fan list's first address, /fans/, working.
"""

from django.urls import URLPattern, path
from django.views.decorators.http import require_GET
from django.views.generic import RedirectView

from . import MENU, views

urlpatterns: list[URLPattern] = [
    path("fans/", require_GET(views.fans_page), name="fans"),
]

__all__ = ["MENU", "root_urlpatterns", "urlpatterns"]

root_urlpatterns: list[URLPattern] = [
    path("fans/", RedirectView.as_view(pattern_name="mcr:fans", permanent=True,
                                       query_string=True)),
]
