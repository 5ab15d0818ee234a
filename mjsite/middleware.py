"""Site-wide guards on requests and answers (issue 13).

* :class:`ApiErrorsMiddleware`: every answer under ``/api/`` is JSON. DRF's views answer
  their own errors in the shared ``{"error": {"code", "message"}}`` shape, but a path no
  route matches, a request Django itself refuses (a bad Host, a body too large) or a
  crash answered HTML pages or nothing a program could read.
* :class:`UnstorableInputMiddleware`: a NUL in the query string or a form field is a 400
  with a sentence, before any view (PostgreSQL refuses NUL in text: ``/players/
  names.json?q=%00`` was a 500); a database error a page did not expect (a value out of
  range, the database gone) is a 400 or 503 with a sentence, never a 500.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from http import HTTPStatus

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from common.errors import database_error
from common.safetext import storable
from scoring.error_text import sentence

logger = logging.getLogger(__name__)

API_PREFIX = "/api/"
_NOT_JSON_OK = ("/api/docs/",)  # the Swagger page is HTML by design
# The codes DRF's own refusals use (scoring.api.common), for answers DRF did not make.
_CODES = {400: "bad_request", 401: "not_authenticated", 403: "forbidden", 404: "not_found",
          405: "method_not_allowed", 406: "not_acceptable", 413: "too_large",
          415: "unsupported_media_type", 429: "throttled", 500: "internal_error",
          503: "unavailable"}
_KEEP = ("Allow", "Retry-After")


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX) and not request.path.startswith(_NOT_JSON_OK)


def api_error(code: str, message: str, status: int) -> JsonResponse:
    """The API's error shape (scoring.api.common.ErrorSerializer), ``text`` included: the
    sentence a person reads, in the request's language (issue 24: these answers had
    none, so they broke the documented schema)."""
    return JsonResponse({"error": {"code": code, "message": message,
                                   "text": sentence(code)}}, status=status)


class ApiErrorsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code < 400 or not _is_api(request):
            return response
        kind = response.get("Content-Type", "").split(";")[0].strip()
        if kind == "application/json" and _has_error_shape(response):
            return response
        status = response.status_code
        phrase = HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else ""
        message = {404: f"there is no API endpoint at {request.path}; see /api/docs/",
                   405: f"{request.method} is not allowed here"}.get(
            status, f"the request was refused ({status} {phrase})".strip())
        answer = api_error(_CODES.get(status, "bad_request" if status < 500
                                      else "internal_error"), message, status)
        for header in _KEEP:
            if header in response:
                answer[header] = response[header]
        return answer


def _has_error_shape(response: HttpResponse) -> bool:
    if getattr(response, "streaming", False):
        return True
    try:
        body = json.loads(response.content or b"null")
    except ValueError:
        return False
    return isinstance(body, dict) and isinstance(body.get("error"), dict)


class UnstorableInputMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        checks = [("query string", request.GET)]
        if not _is_api(request):
            # The API parses its own bodies (DRF's text fields refuse NUL); reading the
            # stream here would take it from DRF's parsers.
            checks.append(("form", request.POST))
        for name, params in checks:
            for key, values in params.lists():
                if not all(storable(v) for v in [key, *values]):
                    return self._refuse(request, name)
        return self.get_response(request)

    def _refuse(self, request: HttpRequest, where: str) -> HttpResponse:
        if _is_api(request):
            return api_error("bad_text", f"the {where} contains a NUL character; remove it",
                             400)
        return HttpResponse(_("The address or the form contains a character that cannot be "
                              "used (NUL). Remove it and try again."), status=400,
                            content_type="text/plain; charset=utf-8")

    def process_exception(self, request: HttpRequest,
                          exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DatabaseError):
            return None
        logger.warning("%s %s refused by the database: %s", request.method, request.path,
                       exception)
        error = database_error(exception)
        status = 400 if error.code == "unstorable" else 503
        if _is_api(request):
            return api_error(error.code, error.message, status)
        text = (_("A value could not be saved (a number too large, or a character that "
                  "cannot be stored). Nothing was changed; correct it and try again.")
                if status == 400 else
                _("The database did not answer. Nothing was changed; try again in a "
                  "moment."))
        return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")
