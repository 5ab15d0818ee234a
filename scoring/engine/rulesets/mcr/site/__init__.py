"""MCR's own pages on the site: the fan list with the difficulty of each fan (issue 4).

A Django app (``apps.py``), installed by the site's settings through
:func:`scoring.engine.rulesets.site_apps` and mounted by ``scoring/registry.py`` under
``/rulesets/mcr/``; the engine never imports it. The fan list reads the package's
``FANS`` and ``data/fan_difficulty.json``; ``manage.py fan_difficulty`` recomputes that.
"""

# The pages for the site menu: (url name, English title: a msgid). Here, free of Django,
# so that the texts can be listed without setting the site up.
MENU: tuple[tuple[str, str], ...] = (("fans", "MCR fans"),)
