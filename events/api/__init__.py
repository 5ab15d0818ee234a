"""The events' API: an event, its standings and every table's ledger (JSON and CSV)."""
