"""Pure-Python mahjong engine (no Django); see README.md."""

from __future__ import annotations


def warm_up() -> None:
    """Do once what every process would otherwise do on its first request: read the win
    tables, import every ruleset and the command modules, and resolve each ruleset's
    default and preset options and their entry specs (all cached for the life of the
    process).

    A server calls this at start-up (the site's ``ScoringConfig.ready``) so that the first
    score request costs about what any other does (``bench/coldstart.py`` measures it).
    Imported here, not at the top: ``import scoring.engine`` alone stays free.
    """
    from . import commands, rulesets
    from .agari import tables
    from .request import resolve_options

    tables()
    commands.available()
    for name in rulesets.available():
        module = rulesets.get(name)
        # The defaults and each preset: what a table or a request names most often.
        for preset in (None, *module.PRESETS):
            module.entry_spec(resolve_options(module.Options, module.PRESETS, None, preset))
