"""A directory of rulesets for tests: ``toy`` is a sixth ruleset written only in its own
package (see ``tests/test_toy_ruleset.py`` and the engine README's "Adding a ruleset")."""
