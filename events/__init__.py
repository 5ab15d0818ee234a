"""Events: tournaments and league nights (issue 27).

The layer above ``clubs`` (pyproject.toml's import-linter contracts). So far it holds the
seating generator, :mod:`events.seating`, pure Python like the scoring engine.
"""
