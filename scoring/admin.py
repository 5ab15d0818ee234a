"""Admin registrations of the scoring app (none yet: register models here as they are added)."""
