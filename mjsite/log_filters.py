"""Logging filters of the site (``LOGGING`` in mjsite/settings.py)."""

from __future__ import annotations

import logging


class OneLineRefusals(logging.Filter):
    """Log an ordinary refusal (a 4xx: a private table opened by a stranger, a page with
    a bad Host) as its one line, without the traceback Django attaches to the
    PermissionDenied or SuspiciousOperation behind it (issue 24: every 403 wrote a full
    traceback). Errors (5xx) keep theirs."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
