from django.apps import AppConfig


class McrSiteConfig(AppConfig):
    """MCR's pages; labelled apart from the engine's own app label ``mcr``."""

    name = "scoring.engine.rulesets.mcr.site"
    label = "ruleset_mcr"
    verbose_name = "MCR pages"
