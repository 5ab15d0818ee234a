"""Database models of the scoring app (none yet)."""
