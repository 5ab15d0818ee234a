"""Confirmation by the table over HTTP (issue 29, :mod:`games.confirmations`), as the
phones' ✓ and Dispute do on the socket:

* ``POST /api/tables/<id>/hands/<number>/confirm/``: the caller's seat confirms the hand;
* ``POST /api/tables/<id>/hands/<number>/dispute/``: disputes it with a ``note`` (at an
  event's table the referees are called).

Both carry ``command_id`` and ``base_seq`` like every write (a later seq is not stale for
them: ``revision`` says which version of the hand was looked at) and answer as the other
writes do; each hand's ``confirmation`` is in ``GET .../hands/``.
"""

from __future__ import annotations

from rest_framework.request import Request
from rest_framework.response import Response

from games import services
from games.limits import table_write_wait
from games.serializers import ConfirmHandSerializer, DisputeHandSerializer
from scoring.api.common import throttled

from .access import actor, viewable_table
from .views import ReadView, WriteMixin, _command_schema, command_response


class ConfirmHandView(WriteMixin, ReadView):
    @_command_schema("tables_hands_confirm", "Confirm a hand from your seat (a table whose "
                     "players confirm each hand)", ConfirmHandSerializer, 201, hand=True)
    def post(self, request: Request, id: str, number: int) -> Response:
        table = viewable_table(request, id)
        body = ConfirmHandSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        throttled(table_write_wait(table.public_id, actor(request), request))
        data = body.validated_data
        return command_response(services.confirm_hand(
            table, number, data["command_id"], data["base_seq"], actor(request),
            data.get("revision")), table)


class DisputeHandView(WriteMixin, ReadView):
    @_command_schema("tables_hands_dispute", "Dispute a hand from your seat, with a note",
                     DisputeHandSerializer, 201, hand=True)
    def post(self, request: Request, id: str, number: int) -> Response:
        table = viewable_table(request, id)
        body = DisputeHandSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        throttled(table_write_wait(table.public_id, actor(request), request))
        data = body.validated_data
        return command_response(services.dispute_hand(
            table, number, data["note"], data["command_id"], data["base_seq"],
            actor(request), data.get("revision")), table)
