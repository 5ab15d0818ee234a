"""Database models of the games app (none yet)."""
