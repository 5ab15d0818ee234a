"""``POST /api/token/``: trade a username and password for the API token of a program."""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from common.ratelimit import client_address, password_attempt

from .common import ERROR_400, ERROR_429, ApiErrorsMixin, ScopedThrottle


class TokenView(ApiErrorsMixin, ObtainAuthToken):
    """DRF's token view, throttled (it checks passwords) and answering the shared errors.
    Tokens can also be made and revoked in the admin.

    Besides the per-address throttle, each request is counted against the username's
    password limits before the password is checked, as the admin's sign-in form is
    (:func:`common.ratelimit.password_attempt`)."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]
    throttle_classes = [ScopedThrottle]
    throttle_scope = "token"

    @extend_schema(
        operation_id="token_create", tags=["auth"],
        summary="Get your API token; send it as 'Authorization: Token <token>'",
        request=AuthTokenSerializer,
        responses={200: inline_serializer("Token", {"token": serializers.CharField()}),
                   400: ERROR_400, 429: ERROR_429})
    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        data = request.data
        username = str(data.get("username") or "")[:150] if isinstance(data, Mapping) else ""
        attempt = password_attempt(username, client_address(request))
        if attempt.wait is not None:
            raise Throttled(wait=attempt.wait)
        response = super().post(request, *args, **kwargs)
        attempt.succeeded(username, "")  # a program has no device to remember
        return response
