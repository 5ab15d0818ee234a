"""Admin registrations of the games app (none yet: register models here as they are added)."""
