"""The table service layer: the only code that writes games, used by the pages, the
websocket consumer and the API alike.

Reads: :func:`get_table`, :func:`snapshot` (:func:`cached_snapshot` for a table just
read), :func:`missed_changes` (a phone back after a short gap), :func:`hands_page` (the
earlier history a phone asks for), :func:`preview`, :func:`player_games`.
Writes (each returns a :class:`CommandResult`, never raises for a refused command):
:func:`record_hand`, :func:`undo`, :func:`redo`, :func:`correct_hand`, :func:`end_game`,
:func:`reopen_game`, :func:`accept_history` (a history changed outside the site, issue
29), :func:`confirm_hand` and :func:`dispute_hand` (confirmation by the table, issue
29). Set-up: :func:`create_table`, :func:`claim_seat`,
:func:`release_seat`, :func:`set_visibility`, :func:`reseat` (these raise
EngineError/TableError).
Permissions: :mod:`games.permissions` (``can_view``, ``can_write``, ``Actor``).

Conventions chosen where the issue leaves room:

* Undo removes the last active hand and redo brings back the most recently undone one,
  until a new hand is recorded. A correction names the hand by its number (1-based).
* A game ended with ``end_game`` refuses new hands, undo and redo (``game_ended``) until
  ``reopen_game``; a game that ended by the ruleset's own rules is reopened by undoing its
  last hand. A game with no hand cannot be ended.
* A browser (device) holds at most one seat per table; claiming another releases the
  first. Sitting down needs the join link's secret (``Table.join_key``).
* ``link`` tables open to anyone with the link but are not listed (``listed_tables``).
* Hands are identified by (table, number); a hand's row id survives writes that do not
  change it or an earlier hand.
"""

from common.errors import TableError
from games.permissions import (
    Actor,
    can_view,
    can_write,
    is_creator,
    listed_tables,
    seat_of,
)

from .centre import leave_centre, put_in_centre  # table-centre mode (issue 28)
from .commands import (
    OUTBOUND,
    CommandResult,
    actor_name,
    correct_hand,
    declare,
    end_game,
    outcome_of_form,
    record_hand,
    redo,
    reopen_game,
    undo,
)

# Confirmation by the table (issue 29).
from .confirm import confirm_hand, dispute_hand, may_set, set_confirm_hands
from .explain import explain, explain_on_sheet
from .history import accept_history, may_accept
from .players import player_games
from .preview import PreviewResult, preview, rendered_preview
from .snapshot import (
    cached_message,
    cached_snapshot,
    hands_page,
    missed_changes,
    snapshot,
    start_scores,
)
from .tables import (
    claim_seat,
    create_table,
    get_table,
    named_player,
    release_seat,
    reseat,
    set_visibility,
)

__all__ = [
    "OUTBOUND", "Actor", "CommandResult", "PreviewResult", "TableError", "accept_history",
    "may_accept",
    "actor_name", "cached_message", "cached_snapshot", "can_view", "can_write", "claim_seat",
    "confirm_hand", "correct_hand", "create_table", "dispute_hand", "may_set",
    "set_confirm_hands", "declare", "end_game",
    "ensure_session_key", "explain", "explain_on_sheet", "get_table", "hands_page",
    "missed_changes",
    "is_creator", "listed_tables", "named_player", "outcome_of_form", "player_games", "preview",
    "record_hand", "redo",
    "leave_centre", "put_in_centre",
    "release_seat", "rendered_preview", "reseat", "reopen_game", "seat_of", "set_visibility",
    "snapshot", "start_scores", "undo",
]
