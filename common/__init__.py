"""Helpers every layer may import: named errors, safe text, the rate-limit counter and the
limits built on it, links for other phones, the outage log.

The bottom of the layers (docs/development.md, the import-linter contracts in
pyproject.toml): nothing here imports ``scoring``, ``games``, ``clubs`` or ``mjsite``, so
whatever a lower app needs from these is not borrowed from a higher one.
"""
