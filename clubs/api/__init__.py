"""The groups API (see views.py)."""
