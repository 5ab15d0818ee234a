"""Template context of every page: the rulesets' own pages for the site menu."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from scoring import registry


def ruleset_pages(request: HttpRequest) -> dict[str, Any]:
    # The function itself: the template calls it only on the pages that draw the menu.
    return {"ruleset_pages": registry.pages}
