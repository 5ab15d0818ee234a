"""Rulesets and the engine's JSON commands over HTTP.

``POST /api/score/`` (and ``analyse``, ``danger``, ``waits``) hands the body to
:func:`scoring.engine.commands.run`, the function behind ``python -m scoring.engine``, so
the CLI and the API cannot drift apart. One object in, one object out (an engine error
becomes HTTP 400); a list in, a list out, each item its result or its own ``error``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring import registry
from scoring.engine import commands, rulesets
from scoring.engine.options import options_schema
from scoring.error_text import explained
from scoring.serializers import RulesetSerializer

from .common import (
    ERROR_400,
    ERROR_404,
    ERROR_429,
    PAGE_PARAMETERS,
    ApiErrorsMixin,
    ScopedThrottle,
    error_response,
    paginated,
    paginated_schema,
)

MAX_BATCH = 100

_OBJECT: dict[str, Any] = {"type": "object", "additionalProperties": True}
_BODY = {"oneOf": [_OBJECT, {"type": "array", "items": _OBJECT, "maxItems": MAX_BATCH}]}
# A scored hand is the engine's result contract and nothing else (the Result component
# comes from scoring.serializers.ResultSerializer, itself read from
# scoring.engine.result.Contract); a batch is a list of them, or of errors.
_RESULT = {"$ref": "#/components/schemas/Result"}
SCORE_ANSWER = {"oneOf": [_RESULT, {"type": "array", "maxItems": MAX_BATCH,
                                    "items": {"anyOf": [_RESULT, _OBJECT]}}]}


def ruleset_entries() -> list[dict[str, Any]]:
    usable = set(registry.usable())
    out = []
    for name in rulesets.available():
        pkg = rulesets.get(name)
        options = getattr(pkg, "Options", None)
        out.append({
            "name": name,
            "title": str(getattr(pkg, "TITLE", name)),
            "title_native": str(getattr(pkg, "TITLE_NATIVE", "")),
            "table_ready": name in usable,
            "options": options_schema(options) if options is not None else [],
            "presets": [{"name": key, "title": str(p.get("title") or key),
                         "options": dict(p.get("options", {}))}
                        for key, p in dict(getattr(pkg, "PRESETS", {})).items()],
        })
    return out


class RulesetListView(ApiErrorsMixin, APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="rulesets_list", tags=["scoring"],
        summary="Every ruleset with its options (type, default, allowed values, help) and "
                "presets",
        parameters=PAGE_PARAMETERS,
        responses={200: paginated_schema("RulesetList", RulesetSerializer(many=True)),
                   404: ERROR_404})
    def get(self, request: Request) -> Response:
        return paginated(self, request, RulesetSerializer(ruleset_entries(), many=True).data)


class EngineCommandView(ApiErrorsMixin, APIView):
    """One engine command; subclasses name it."""

    command: ClassVar[str] = ""
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]
    throttle_classes = [ScopedThrottle]
    throttle_scope = "score"

    def post(self, request: Request) -> Response:
        body = request.data
        if isinstance(body, list):
            if len(body) > MAX_BATCH:
                return error_response(
                    "batch_too_large", f"send at most {MAX_BATCH} requests per batch "
                    f"(got {len(body)}); split the list", 400)
            return Response(_encodable([_explained(commands.run(self.command, item), item)
                                        for item in body]))
        result = _encodable(_explained(commands.run(self.command, body), body))
        if isinstance(result.get("error"), dict) and set(result) == {"error"}:
            status = 500 if result["error"].get("code") == "internal_error" else 400
            return Response(result, status=status)
        return Response(result)


def _encodable(value: Any) -> Any:
    """``value`` with every lone surrogate (an answer may quote the request's text) written
    as its ``\\udc80``-style escape: UTF-8 cannot hold one, and rendering it would be a 500."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-8", "backslashreplace").decode("utf-8")
        return value
    if isinstance(value, list):
        return [_encodable(v) for v in value]
    if isinstance(value, dict):
        return {_encodable(k): _encodable(v) for k, v in value.items()}
    return value


def _explained(result: Any, request: Any) -> Any:
    """An answer whose ``error`` gets ``text``, the sentence in the request's language (the
    field by its label in the requested ruleset; a score request has no player names)."""
    if not isinstance(result, dict) or not isinstance(result.get("error"), dict):
        return result
    ruleset = request.get("ruleset") if isinstance(request, dict) else None
    options = request.get("options") if isinstance(request, dict) else None
    try:
        error = explained(result["error"], (), ruleset if isinstance(ruleset, str) else None,
                          options if isinstance(options, dict) else None)
    except (LookupError, TypeError, ValueError):  # options the ruleset refuses: unlabelled
        error = explained(result["error"])
    return {**result, "error": error}


def _engine_schema(command: str, summary: str, example: dict[str, Any],
                   answer: Any = None) -> Any:
    return extend_schema(
        operation_id=command, tags=["scoring"], summary=summary,
        description=(f"The JSON of `python -m scoring.engine {command}`. Send one object for "
                     "one answer (an engine error is HTTP 400 with its code), or a list of up "
                     f"to {MAX_BATCH} for a list of answers, each an object or "
                     "`{\"error\": {...}}`."),
        request={"application/json": _BODY},
        examples=[OpenApiExample(f"{command} one hand", value=example, request_only=True)],
        responses={
            200: OpenApiResponse(answer or _BODY,
                                 description="The engine's answer (a list for a batch)."),
            400: ERROR_400, 429: ERROR_429,
        })


class ScoreView(EngineCommandView):
    command = "score"

    @_engine_schema("score", "Score one winning hand under any ruleset", {
        "ruleset": "riichi", "hand": "234m567p23455s66z", "win_tile": "6z", "win": "ron",
        "seat_wind": "N", "round_wind": "E", "riichi": True, "dora_indicators": ["1m"]},
        answer=SCORE_ANSWER)
    def post(self, request: Request) -> Response:
        return super().post(request)


class WaitsView(EngineCommandView):
    command = "waits"

    @_engine_schema("waits", "The tiles that complete a waiting hand",
                    {"hand": "1112345678999m"})
    def post(self, request: Request) -> Response:
        return super().post(request)


class AnalyseView(EngineCommandView):
    command = "analyse"

    @_engine_schema("analyse", "Shanten, ukeire, priced waits or the best discards",
                    {"ruleset": "riichi", "hand": "123m456p789s1123z"})
    def post(self, request: Request) -> Response:
        return super().post(request)


class DangerView(EngineCommandView):
    command = "danger"

    @_engine_schema("danger", "How dangerous each tile is against a riichi player",
                    {"discards": "4m7p1z9s", "hand": "123m456p789s1122z"})
    def post(self, request: Request) -> Response:
        return super().post(request)
