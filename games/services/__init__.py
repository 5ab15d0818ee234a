"""The table service layer: the only code that writes games, used by the pages, the
websocket consumer and the API alike.

Reads: :func:`get_table`, :func:`snapshot`, :func:`preview`, :func:`player_games`.
Writes (each returns a :class:`CommandResult`, never raises for a refused command):
:func:`record_hand`, :func:`undo`, :func:`redo`, :func:`correct_hand`, :func:`end_game`,
:func:`reopen_game`. Set-up: :func:`create_table`, :func:`claim_seat`,
:func:`release_seat`, :func:`set_visibility` (these raise EngineError/TableError).
Permissions: :mod:`games.permissions` (``can_view``, ``can_write``, ``Actor``).
"""

from games.errors import TableError
from games.permissions import (
    Actor,
    actor_from,
    can_view,
    can_write,
    ensure_session_key,
    is_creator,
    listed_tables,
    seat_of,
)

from .commands import (
    OUTBOUND,
    CommandResult,
    PreviewResult,
    correct_hand,
    end_game,
    preview,
    record_hand,
    redo,
    reopen_game,
    undo,
)
from .players import player_games
from .snapshot import scoring_items, snapshot, start_scores
from .tables import claim_seat, create_table, get_table, release_seat, set_visibility

__all__ = [
    "OUTBOUND", "Actor", "CommandResult", "PreviewResult", "TableError", "actor_from",
    "can_view", "can_write", "claim_seat", "correct_hand", "create_table", "end_game",
    "ensure_session_key", "get_table", "is_creator", "listed_tables", "player_games",
    "preview",
    "record_hand", "redo", "release_seat", "reopen_game", "scoring_items", "seat_of",
    "set_visibility", "snapshot", "start_scores", "undo",
]
