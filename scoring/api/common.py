"""What every API view shares: the error shape, pagination, throttling and CSV output.

Every refusal, whatever raised it (the engine, the table service, DRF itself: bad JSON,
authentication, throttling, an unknown address), answers ``{"error": {"code",
"message"}}`` so programs branch on one stable ``code``; only HTTP 409 (stale) adds the
table's current ``snapshot`` beside it.
"""

from __future__ import annotations

import csv
import io
import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import DatabaseError
from django.http import Http404
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

from common.errors import database_error
from common.safetext import printable
from scoring.error_text import sentence

logger = logging.getLogger(__name__)

# DRF's own refusals, by status, when the exception carries no better code.
_STATUS_CODES = {
    400: "bad_request", 401: "not_authenticated", 403: "forbidden", 404: "not_found",
    405: "method_not_allowed", 406: "not_acceptable", 415: "unsupported_media_type",
    429: "throttled",
}


class ErrorBodySerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable machine-readable code, e.g. bad_tile.")
    message = serializers.CharField(help_text="What went wrong, in English, for developers.")
    text = serializers.CharField(help_text="The sentence a person reads, in the request's "
                                 "language (Accept-Language): the player by name, the field "
                                 "by its label.")
    params = serializers.DictField(required=False, help_text=(
        "What the error is about, for programs: field, path (in the outcome, e.g. "
        "wins.0.quick.han), label, player (a seat index), option, type, min, max, choices, "
        "reason."))


class ErrorSerializer(serializers.Serializer):
    error = ErrorBodySerializer()


def error_response(code: str, message: str, status: int,
                   params: Mapping[str, Any] | None = None, text: str = "",
                   **extra: Any) -> Response:
    """The shared error body; ``text`` is the person's sentence (by default the one for
    ``code`` and ``params``, in the active language)."""
    error: dict[str, Any] = {"code": code, "message": printable(message)}
    if params:
        error["params"] = dict(params)
    error["text"] = text or sentence(code, params)
    return Response({"error": error, **extra}, status=status)


def _message(detail: Any) -> str:
    # DRF details nest lists and dicts (per field); flatten them to one readable line.
    if isinstance(detail, Mapping):
        return "; ".join(f"{printable(str(key))}: {_message(value)}"
                         for key, value in detail.items())
    if isinstance(detail, list | tuple):
        return "; ".join(_message(item) for item in detail)
    # A refusal may quote what was sent; a lone surrogate in it could not be encoded.
    return printable(str(detail))


def _code(exc: Exception, status: int) -> str:
    if isinstance(exc, Http404):
        return "not_found"
    if isinstance(exc, exceptions.ValidationError):
        return "bad_request"
    code = getattr(exc, "default_code", None)
    if isinstance(code, str) and code not in ("error", "invalid"):
        return code
    return _STATUS_CODES.get(status, "error")


class ApiSchema(AutoSchema):
    """Documents the 403 that any operation answers to a bad token or session, besides
    what each view declares."""

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation: dict[str, Any] | None = super().get_operation(*args, **kwargs)
        if operation is not None:
            operation.setdefault("responses", {}).setdefault("403", {
                "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Error"}}},
                "description": "The token or session is not valid, or not allowed here.",
            })
        return operation


class ApiErrorsMixin:
    """Rewrites DRF's ``{"detail": ...}`` answers into the shared error shape."""

    schema = ApiSchema()

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, RecursionError):
            # json.loads gives up on very deeply nested bodies with RecursionError, which
            # is not a ValueError, so DRF's parser would let it through as a 500.
            exc = exceptions.ParseError("the JSON body is nested too deeply")
        if isinstance(exc, DatabaseError):
            # A value PostgreSQL refuses (an integer past its range in a filter, say) or a
            # database that went away: a named answer, never a 500 (issue 13).
            logger.warning("API request refused by the database: %s", exc)
            error = database_error(exc)
            status = 400 if error.code == "unstorable" else 503
            self._json_errors()
            return error_response(error.code, error.message, status)
        # DRF is untyped here (no stubs): the base class is Any.
        response: Response = super().handle_exception(exc)  # type: ignore[misc]  # DRF: Any
        self._json_errors()
        data = response.data
        if isinstance(data, Mapping) and "error" in data:
            return response
        detail = data.get("detail", data) if isinstance(data, Mapping) else data
        code = _code(exc, response.status_code)
        response.data = {"error": {"code": code, "message": _message(detail),
                                   "text": sentence(code)}}
        return response

    def _json_errors(self) -> None:
        request = getattr(self, "request", None)
        if request is not None and getattr(request, "accepted_renderer", None) is not None \
                and request.accepted_renderer.format == "csv":
            # An error is never a spreadsheet: answer it as JSON even to a CSV request.
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = "application/json"


class Pagination(PageNumberPagination):
    """Page-number pagination with ``page_size`` (up to 500) chosen by the caller."""

    page_size_query_param = "page_size"
    max_page_size = 500


def paginated(view: Any, request: Request, items: Sequence[Any]) -> Response:
    paginator = Pagination()
    page = paginator.paginate_queryset(items, request, view=view)
    return paginator.get_paginated_response(page)


class ScopedThrottle(ScopedRateThrottle):
    """DRF's scoped throttle counted by :func:`common.ratelimit.hit`, the site's one
    counter: atomic (``cache.add`` then ``cache.incr``), so a burst sent at once is counted
    one by one (DRF's own reads the history, then writes it back: 154 of 300 concurrent
    requests got through a limit of 120 a minute); per user or, anonymously, per the
    client address :func:`common.ratelimit.client_address` trusts, never whatever
    X-Forwarded-For says; the rates read when asked (settings overrides take effect); and
    letting requests through when the cache is down (a Redis outage must not stop the
    table: the limit is a guard, the write is the point)."""

    _wait: int | None = None

    def get_rate(self) -> str | None:
        # The rates are checked at start-up (mjsite.settings.env_rate).
        rates = api_settings.DEFAULT_THROTTLE_RATES or {}
        return rates.get(self.scope) if self.scope else None

    def allow_request(self, request: Request, view: Any) -> bool:
        from common.limits import throttle_wait

        self.scope = getattr(view, self.scope_attr, None)
        rate = self.get_rate()
        if not self.scope or not rate:
            return True
        self._wait = throttle_wait(self.scope, request, rate)
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait


def throttled(wait: int | None) -> None:
    """Refuse an API request over a limit counted outside DRF's throttles
    (:mod:`common.limits`): DRF's own 429 in the shared error shape, with Retry-After."""
    if wait is not None:
        raise exceptions.Throttled(wait)


class CSVRenderer(BaseRenderer):
    """A list of flat rows as CSV (UTF-8); ``?bom=1`` puts the byte-order mark Excel
    needs to read Chinese and Japanese names as UTF-8 in front. Text that a spreadsheet
    would run as a formula gets a leading apostrophe; numbers, and the ids of a
    :class:`Rows`' ``ids`` columns, are written as they are. A :class:`Rows`' further
    ``sections`` follow it, each after an empty line and with its own header."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: Mapping[str, Any] | None = None) -> bytes:
        request = (renderer_context or {}).get("request")
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        sections = [data, *getattr(data, "sections", ())]
        for index, section in enumerate(sections):
            if index:
                writer.writerow([])
            rows: Iterable[Mapping[str, Any]] = section if isinstance(section, list) else []
            columns: Sequence[str] = getattr(section, "columns", None) or _columns(rows)
            ids = set(getattr(section, "ids", ()))
            writer.writerow(columns)
            for row in rows:
                writer.writerow(_id_cell(row.get(c)) if c in ids else _cell(row.get(c))
                                for c in columns)
        bom = "\ufeff" if request is not None and truthy(request.query_params.get("bom")) \
            else ""
        return (bom + out.getvalue()).encode("utf-8")


class Rows(list[Any]):
    """A list of row dicts that remembers its column order for :class:`CSVRenderer`, and
    which columns hold ids the server made (``ids``): written as they are, since an id is
    no formula, and a table whose id starts with "-" must be found by that id (issue 24:
    the export wrote '-abc…)."""

    def __init__(self, rows: Iterable[Mapping[str, Any]], columns: Sequence[str],
                 ids: Iterable[str] = (), sections: Iterable[Rows] = ()) -> None:
        super().__init__(rows)
        self.columns = list(columns)
        self.ids = tuple(ids)
        self.sections = list(sections)  # further tables of the same file, below it


def _columns(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    for row in rows:
        return list(row)
    return []


# A text cell starting with one of these is run as a formula by spreadsheets; a player
# named "=HYPERLINK(...)" must stay a name (OWASP "CSV injection").
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def _id_cell(value: Any) -> Any:
    return "" if value is None else value


def truthy(value: str | None) -> bool:
    """A query parameter's yes (1, true, yes, on)."""
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def wants_csv(request: Request) -> bool:
    renderer = getattr(request, "accepted_renderer", None)
    return renderer is not None and renderer.format == "csv"


# --- shared OpenAPI pieces -------------------------------------------------------------

ERROR_400 = OpenApiResponse(ErrorSerializer, description="Bad input; the code says what.")
ERROR_403 = OpenApiResponse(ErrorSerializer, description="Not allowed (needs a seat, the "
                                                         "creator or staff; or not signed in).")
ERROR_404 = OpenApiResponse(ErrorSerializer, description="No such object, or not visible "
                                                         "to you.")
ERROR_429 = OpenApiResponse(ErrorSerializer, description="Too many requests; wait and retry.")

def paginated_schema(name: str, items: serializers.BaseSerializer) -> Any:
    """The documented shape of :func:`paginated`'s answer around ``items`` (many=True)."""
    return inline_serializer(name=f"Paginated{name}", fields={
        "count": serializers.IntegerField(),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        "results": items,
    })


PAGE_PARAMETERS = [
    OpenApiParameter("page", int, description="Page number, from 1."),
    OpenApiParameter("page_size", int, description="Items per page (default 50, at most 500)."),
]
