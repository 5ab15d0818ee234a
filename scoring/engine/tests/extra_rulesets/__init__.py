"""Ruleset packages for the tests only, found beside the shipped ones when
``MJ_EXTRA_RULESETS`` names this package (the root ``conftest.py`` sets it for the suite
and the live servers it starts; a production site never does, and with debug off the
site refuses it). Each package here owns its whole slice, its tests included: no file
outside it names it (``scoring/tests/test_no_ruleset_named_outside_its_package.py``)."""
