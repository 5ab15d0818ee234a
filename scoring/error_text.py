"""The sentence a person reads for an engine or table error, in the active language.

Errors carry a stable ``code``, an English ``message`` for developers and ``params``
(:class:`scoring.engine.errors.EngineError`). The engine is pure Python and knows no
language; this module is where the site turns a code and its params into a sentence:
the player by the table's name for them (never a seat number), the field by its
translated label, an option by its translated label.

``SENTENCES`` has one entry per code, ``REASONS`` one per situation a code covers (the
``reason`` param): its variants, most specific first. The first variant whose named
arguments (``%(player)s``...) the params can all fill is used, so the last one of each
entry has none: a code without params still reads as a sentence. A variant that does not
name the player who the error is about gets the player's name in front.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, gettext_noop

_ = gettext_noop

SENTENCES: dict[str, tuple[str, ...]] = {
    # Engine errors (scoring.engine.errors).
    "engine_error": (_("This hand cannot be scored as it was entered."),),
    "bad_tile": (
        _("%(label)s holds “%(text)s”, which is not a tile; write tiles like 123m 456p 77z."),
        _("“%(text)s” is not a tile; write tiles like 123m 456p 77z."),
        _("%(label)s holds something that is not a tile; write tiles like 123m 456p 77z."),
        _("Something entered is not a tile; write tiles like 123m 456p 77z."),),
    "too_many_copies": (
        _("%(label)s holds %(count)s of %(tile)s, more than a set has."),
        _("The tiles entered hold %(count)s of %(tile)s, more than a set has."),
        _("%(label)s holds more than four of one tile."),
        _("The tiles entered hold more than four of one tile."),),
    "bad_meld": (
        _("%(label)s holds “%(text)s”, which is not a meld; write melds like “pon 555z” or "
          "“chi 345m”."),
        _("“%(text)s” is not a meld; write melds like “pon 555z” or “chi 345m”."),
        _("%(label)s holds a meld that cannot be; write melds like “pon 555z” or “chi 345m”."),
        _("A meld entered cannot be; write melds like “pon 555z” or “chi 345m”."),),
    "wrong_tile_count": (
        # Each meld counts as 3: a pon and 10 tiles make 13.
        _("%(label)s holds %(count)s tiles (each meld counts as 3), but %(needed)s are "
          "needed."),
        _("The hand holds %(count)s tiles (each meld counts as 3), but %(needed)s are "
          "needed."),
        _("%(label)s does not have the right number of tiles for a winning hand."),
        _("The hand does not have the right number of tiles for a win."),),
    "bad_input": (
        _("%(label)s must be between %(min)s and %(max)s."),
        _("A number entered must be between %(min)s and %(max)s."),
        _("%(label)s is not filled in the way it can be scored."),
        _("Something in this hand is not filled in the way it can be scored."),),
    "not_a_winning_hand": (
        _("%(label)s is not a winning hand."),
        _("The tiles entered are not a winning hand."),),
    "no_yaku": (
        _("%(player)s's hand has no yaku: a win needs at least one."),
        _("The hand has no yaku: a win needs at least one."),),
    "below_minimum_fan": (
        _("%(player)s's hand has %(fan)s fan without flowers; this table needs at least "
          "%(min)s (%(option)s)."),
        _("The hand has %(fan)s fan without flowers; this table needs at least %(min)s."),
        _("The hand has fewer fan than this table needs to win (%(option)s)."),
        _("The hand has fewer fan than this table needs to win."),),
    "unknown_ruleset": (_("This table's rules are not installed on this site."),),
    "bad_option": (
        _("The rule “%(option)s” must be at least %(min)s."),
        _("The rule “%(option)s” must be at most %(max)s."),
        _("The rule “%(option)s” cannot have that setting."),
        _("A rule's setting must be at least %(min)s."),
        _("A rule's setting must be at most %(max)s."),
        _("One of the rules' settings is not possible."),),
    "bad_outcome": (
        _("%(label)s is not possible for this hand."),
        _("This hand cannot be recorded as it was entered under this table's rules."),),
    "honours_not_used": (
        _("These rules play with the suited tiles only: remove %(text)s."),
        _("These rules play without winds and dragons."),),
    "chow_not_allowed": (
        _("These rules do not allow chows, and “%(text)s” is one."),
        _("These rules do not allow chows."),),
    "not_missing_a_suit": (
        _("%(player)s's hand must lack one suit entirely (缺一门)."),
        _("A winning hand must lack one suit entirely (缺一门)."),),
    "not_eight_of_a_suit": (
        _("%(player)s's hand has %(count)s tiles in its longest suit; a win needs at least "
          "%(min)s."),
        _("The hand has %(count)s tiles in its longest suit; a win needs at least %(min)s."),
        _("%(player)s's hand needs at least eight tiles of one suit."),
        _("A winning hand needs at least eight tiles of one suit."),),
    "bad_event": (_("The events of this hand do not fit together (a player who has won "
                    "playing on, or something after the hand was over)."),),
    "game_over": (
        _("The game is over after hand %(hand)s: no more hands can be recorded; undo or "
          "correct a hand first."),
        _("The game is over: no more hands can be recorded."),),
    "win_flag_conflict": (
        _("%(label)s cannot be ticked with these tiles."),
        _("A ticked way of winning is not possible with these tiles."),),
    "missing_field": (
        _("%(label)s is needed."),
        _("Something this needs is missing."),),
    "unknown_shape": (_("That hand shape is not known."),),
    # Strict entry checks (scoring.engine.entry).
    "bad_entry": (
        _("%(label)s is not filled in correctly."),
        _("Something in this hand is not filled in correctly."),),
    "unknown_field": (_("The hand has a field these rules do not know; reload the page and "
                        "enter it again."),),
    "bad_field_type": (
        _("%(label)s is not filled in correctly."),
        _("Something in this hand is not filled in correctly."),),
    "out_of_range": (
        _("%(label)s must be between %(min)s and %(max)s."),
        _("%(label)s must be at least %(min)s."),
        _("%(label)s must be at most %(max)s."),
        _("%(label)s is out of range."),
        _("A number entered must be between %(min)s and %(max)s."),
        _("A number entered must be at least %(min)s."),
        _("A number entered must be at most %(max)s."),
        _("A number entered is out of range."),),
    "too_long": (
        _("%(label)s is too long (at most %(max)s)."),
        _("%(label)s is too long."),
        _("Something entered is too long (at most %(max)s)."),
        _("Something entered is too long."),),
    "bad_text": (
        _("%(label)s holds a character that cannot be stored."),
        _("Something entered holds a character that cannot be stored."),),
    "bad_choice": (
        _("%(label)s must be one of the choices offered."),
        _("A choice is not one of those offered."),),
    "outcome_not_allowed": (
        _("“%(type)s” is not recorded at this table: “%(option)s” is off in its rules."),
        _("“%(type)s” is not recorded under this table's rules."),
        _("This kind of result is not recorded under this table's rules."),),
    # Table errors (common.errors) and the table's other refusals.
    "table_error": (_("The table refused this."),),
    "error": (_("The table refused this."),),
    # Groups refuse with these codes too (clubs.services): the sentences fit both.
    "not_found": (_("This does not exist (any more); check the link."),),
    "forbidden": (_("Only the players, the creator and staff may change this; at a table, "
                    "take a seat through its join link first."),),
    "join_key_needed": (_("Sitting down needs the table's join link."),),
    "stale": (_("Someone changed the table meanwhile; it now shows the latest state."),),
    "bad_command": (_("The phone sent something the table cannot read; reload the page."),),
    "bad_message": (_("The phone sent something the table cannot read; reload the page."),),
    "bad_json": (_("The phone sent something the table cannot read; reload the page."),),
    "unknown_type": (_("The phone sent something the table cannot read; reload the page."),),
    "nothing_to_undo": (_("There is nothing to undo."),),
    "nothing_to_redo": (_("There is nothing to redo."),),
    "nothing_to_declare": (_("This table's rules have no such declaration to make."),),
    "no_such_hand": (
        _("There is no hand %(hand)s at this table."),
        _("There is no such hand at this table."),),
    "game_ended": (_("The game was ended; reopen it before recording a hand."),),
    # issue 29 (games.chain): a change found in the history, not accepted yet.
    "history_changed": (
        _("The history of this table was changed outside mjsite after hand %(hand)s; "
          "nothing can be recorded until its creator or an organiser accepts it on the "
          "table page."),
        _("The history of this table was changed outside mjsite; nothing can be recorded "
          "until its creator or an organiser accepts it on the table page."),),
    "nothing_to_accept": (_("The history of this table holds; there is nothing to "
                            "accept."),),
    # Confirmation by the table (issue 29, games.confirmations).
    "confirm_off": (_("This table does not ask its players to confirm hands."),),
    "confirm_own": (
        _("Hand %(hand)s was recorded from your seat; the other players confirm it."),
        _("This hand was recorded from your seat; the other players confirm it."),),
    "confirm_twice": (
        _("You have already confirmed or disputed hand %(hand)s."),
        _("You have already confirmed or disputed this hand."),),
    "hand_changed": (
        _("Hand %(hand)s was corrected since you looked; look at it again."),
        _("The hand was corrected since you looked; look at it again."),),
    "dispute_note": (
        _("Say what is wrong with the hand in 1 to %(max)s characters."),
        _("Say in a few words what is wrong with the hand."),),
    "not_ended": (_("The game has not ended."),),
    "seat_taken": (_("That seat is already taken."),),
    "table_full": (_("Every seat of this table is taken."),),
    "outcome_too_large": (_("This hand's entry is far larger than a hand needs."),),
    "unstorable": (_("A value is too large to store; correct it and send again."),),
    "database_unavailable": (_("The site's database did not answer; nothing was changed. "
                               "Try again in a moment."),),
    "rate_limited": (
        _("Too many requests from this phone; wait %(retry_after)s seconds."),
        _("Too many requests from this phone; wait a moment."),),
    "internal_error": (_("Something went wrong on the site; try again."),),
    "unbalanced": (_("The amounts do not add up to zero, so they cannot be settled."),),
    # The API's own refusals (scoring.api.common).
    "bad_request": (_("The request could not be understood; check what was sent."),),
    "parse_error": (_("The request is not valid JSON."),),
    "batch_too_large": (_("Too many requests in one batch; split the list."),),
    "not_authenticated": (_("Sign in or send an API token first."),),
    "authentication_failed": (_("The sign-in or API token is not valid."),),
    "permission_denied": (_("You may not do this."),),
    "method_not_allowed": (_("This address does not take that kind of request."),),
    "not_acceptable": (_("The site cannot answer in the format asked for."),),
    "unsupported_media_type": (_("Send the request as JSON."),),
    "throttled": (_("Too many requests; wait a moment and try again."),),
    "too_large": (_("The request is too large; send less at a time."),),
    "unavailable": (_("The site is busy or restarting; try again in a moment."),),
}

# The situations that one code covers, by the ``reason`` param (the same for any code).
REASONS: dict[str, tuple[str, ...]] = {
    "own_discard": (
        # Worded for the sheet (its "Self-draw" chip) and the API (no discarder) alike.
        _("%(player)s cannot win on their own discard; a self-draw has no discarder."),
        _("A player cannot win on their own discard; a self-draw has no discarder."),),
    "choose": (
        _("%(label)s: choose a player."),
        _("Choose a player."),),
    "already_won": (
        _("%(player)s has already won this hand and takes no further part."),
        _("A player who has already won this hand takes no further part."),),
    "no_kong": (
        _("%(player)s has no kong before this win, so no kong income passes on (呼叫转移)."),
        _("There is no kong before this win, so no kong income passes on (呼叫转移)."),),
    "draw_tiles": (
        _("%(player)s's hand at the draw must have 13 tiles (each meld counts as 3)."),
        _("A hand at the draw must have 13 tiles (each meld counts as 3)."),),
    "pig_and_ready": (
        _("%(player)s cannot be both a 花猪 and ready."),
        _("A player cannot be both a 花猪 and ready."),),
    "shown_tenpai": (
        _("%(player)s's shown hand is tenpai: tick them as tenpai."),
        _("A shown hand is tenpai: tick its player as tenpai."),),
    "shown_noten": (
        _("%(player)s's shown hand is not tenpai: untick them."),
        _("A shown hand is not tenpai: untick its player."),),
    "twice": (
        _("%(player)s is listed twice."),
        _("A player is listed twice."),),
    "off": (
        _("%(kind)s cannot be recorded: “%(option)s” is off in this table's rules."),
        _("This cannot be recorded: “%(option)s” is off in this table's rules."),
        _("This cannot be recorded: it is off in this table's rules."),),
    "same_discarder": (
        _("Every winner of one hand must name the same discarder."),),
    "hand_or_quick": (
        _("Enter %(player)s's win either as tiles or quick, one of the two."),
        _("Enter each win either as tiles or quick, one of the two."),),
    "at_least": (
        _("%(label)s must be a whole number of at least %(min)s."),
        _("A number entered must be a whole number of at least %(min)s."),
        _("A number entered is not possible."),),
    "fu": (
        _("%(label)s is 25 or a multiple of 10."),
        _("Fu is 25 or a multiple of 10."),),
    "quick_riichi": (
        _("Enter %(player)s's hand as han and fu, as yakuman, or as points."),
        _("Enter the hand as han and fu, as yakuman, or as points."),),
    "noten_riichi": (
        _("%(player)s declared riichi but is not ticked as tenpai; a noten riichi at the "
          "draw is recorded as a chombo."),
        _("A player who declared riichi is not ticked as tenpai; a noten riichi at the "
          "draw is recorded as a chombo."),),
    "hundreds": (
        _("%(label)s must be a multiple of 100."),
        _("Points must be a multiple of 100."),),
    "flowers": (
        _("%(label)s must be 0 to 8 and no more than the fan."),
        _("Flowers must be 0 to 8 and no more than the fan."),),
    # Tile counts of a hand that no question about it fits (each meld counts as 3).
    "waiting": (
        _("%(label)s holds %(count)s tiles (each meld counts as 3); a waiting hand holds "
          "13, 10, 7, 4 or 1."),
        _("The hand holds %(count)s tiles (each meld counts as 3); a waiting hand holds 13, "
          "10, 7, 4 or 1."),
        _("A waiting hand holds 13, 10, 7, 4 or 1 tiles (each meld counts as 3)."),),
    "complete": (
        _("%(label)s holds %(count)s tiles (each meld counts as 3); a complete hand holds "
          "14, 11, 8, 5 or 2."),
        _("The hand holds %(count)s tiles (each meld counts as 3); a complete hand holds 14, "
          "11, 8, 5 or 2."),
        _("A complete hand holds 14, 11, 8, 5 or 2 tiles (each meld counts as 3)."),),
    "any_size": (
        _("%(label)s holds %(count)s tiles (each meld counts as 3); a hand holds 13 waiting "
          "or 14 complete."),
        _("The hand holds %(count)s tiles (each meld counts as 3); a hand holds 13 waiting "
          "or 14 complete."),
        _("A hand holds 13 tiles waiting or 14 complete (each meld counts as 3)."),),
    "melds": (
        _("%(label)s lists %(count)s melds; a hand has at most %(max)s."),
        _("The hand lists %(count)s melds; a hand has at most %(max)s."),
        _("A hand has at most four melds."),),
    "no_win_tile": (
        _("%(label)s holds 14 tiles but no %(tile)s, the winning tile: give the 13 tiles "
          "before the win, or include it."),
        _("The hand holds 14 tiles but no %(tile)s, the winning tile: give the 13 tiles "
          "before the win, or include it."),
        _("The hand holds 14 tiles but not the winning tile: give the 13 tiles before the "
          "win, or include it."),),
    "red_fives": (
        _("The hand holds %(count)s red fives %(tile)s, but the set has %(max)s."),
        _("The hand holds more red fives than the set has."),),
    "indicators": (
        _("%(label)s holds %(count)s tiles; there are at most %(max)s indicators."),
        _("An indicator list holds %(count)s tiles; there are at most %(max)s indicators."),
        _("There are at most five indicators."),),
    # Writing tiles and flowers (scoring.engine.tiles).
    "one_tile": (
        _("“%(text)s” is not one tile; write one tile like 5p."),
        _("Write one tile, like 5p."),),
    "no_digits": (
        _("In “%(text)s” a suit letter has no digits before it; write tiles like 123m 456p "
          "77z."),
        _("A suit letter has no digits before it; write tiles like 123m 456p 77z."),),
    "no_suit": (
        _("“%(text)s” ends in digits without a suit letter (m, p, s, z or f)."),
        _("Digits at the end have no suit letter (m, p, s, z or f)."),),
    "no_flowers": (
        _("These rules play without flowers: remove %(text)s."),
        _("These rules play without flowers."),),
    "flower_twice": (
        _("%(text)s lists a flower twice; each flower exists once."),
        _("A flower is listed twice; each flower exists once."),),
    "robbed_kong": (
        _("Robbing a kong: the robbed %(tile)s completes another player's kong, so the "
          "winner cannot hold another copy of it."),
        _("Robbing a kong: the winner cannot hold another copy of the robbed tile."),),
    "hand_over": (
        _("%(count)s players have already won; the hand is over."),
        _("The hand is already over."),),
    "one_winner": (
        _("A self-draw has exactly one winner, but %(count)s are entered."),
        _("A self-draw has exactly one winner."),),
    "flowers_held": (
        _("%(count)s flowers are entered; a player holds at most %(max)s."),
        _("A player holds at most eight flowers."),),
    "draw_missing": (
        _("The wall ran out: say whether %(player)s was ready, or give their tiles."),
        _("The wall ran out: say whether each player still in was ready, or give their "
          "tiles."),),
    "last_copy": (
        _("Last of its kind: the hand holds another %(tile)s itself, so the winning tile "
          "cannot be the last copy."),
        _("Last of its kind: the hand holds another copy of the winning tile itself."),),
    "suit_removed": (
        _("Three players play with two suits: remove the %(text)s tiles."),
        _("Three players play with two suits: remove the tiles of the suit taken out."),),
    "per_place": (
        _("The rule “%(option)s” needs %(needed)s numbers, one per place; %(count)s are "
          "given."),
        _("A rule needs %(needed)s numbers, one per place; %(count)s are given."),
        _("The rule “%(option)s” needs one number per place."),
        _("A rule needs one number per place."),),
    # Seats (games.services.tables).
    "seat_taken": (
        _("%(player)s's seat is taken; ask them or the table's creator to free it."),
        _("That seat is taken; ask its player or the table's creator to free it."),),
    "free_seat": (
        _("Only the seat's holder, the table's creator or staff may free this seat."),),
    # Groups' and evenings' own refusals (clubs.services).
    "name_length": (
        _("Give it a name of 1 to %(max)s characters."),
        _("Give it a name that is not too long."),),
    "stake": (
        _("A stake is an amount of money from 0 to %(max)s, such as 0.5, with at most four "
          "decimals."),
        _("A stake is an amount of money such as 0.5."),),
    # Events' own refusals (events.services).
    "event_organise": (_("Only the event's organisers may do this."),),
    "event_referee": (_("Only the event's organisers and referees may do this."),),
    "event_group": (_("Only the group's creator, its managers and staff may add an event "
                      "to it."),),
    "event_join_key": (_("Entering this event needs its join link from an organiser."),),
    "event_closed": (_("This event takes no more entries through its link; ask an "
                       "organiser to enter you."),),
    "event_full": (
        _("This event has %(max)s players already, as many as an event takes."),
        _("This event has as many players as an event takes."),),
    "event_rounds": (
        _("An event has from %(min)s to %(max)s rounds."),
        _("An event cannot have that many rounds."),),
    "event_rules": (_("These rules cannot be used; choose others."),),
    "event_member": (_("Only members of the event's group can be entered that way."),),
    "event_busy": (_("Someone entered at the same moment; send again."),),
    # Rounds, penalties and calls (events.rounds, events.officiating).
    "event_no_round": (_("That round is not seated yet."),),
    "event_no_rounds_left": (
        _("All %(max)s rounds of the event are seated."),
        _("Every round of the event is seated."),),
    "event_no_fixed_round": (
        _("Your seating has no round %(round)s; type it in, or choose another way to "
          "seat the rounds."),
        _("Your seating has no more rounds; type them in."),),
    "event_round_started": (
        _("Round %(round)s has started; its seating can only change by swaps."),
        _("The round has started; its seating can only change by swaps."),),
    "event_seat": (_("There is no such seat in this round; reload the page."),),
    "event_swap": (_("Choose two different seats to swap."),),
    "event_substitute_name": (_("A substitute's seat needs the substitute's name."),),
    "event_not_seated": (_("You have no table in this event yet."),),
    "event_played": (_("This player has played; mark them dropped out instead."),),
    "event_penalty": (_("A penalty needs a reason and points other than 0."),),
    "event_not_event_table": (_("This table is not one of an event's."),),
    "event_call": (_("Only the players at this table may call a referee."),),
    "confirm_setting": (_("Only the table's creator, an organiser of its group or staff may "
                          "change whether its players confirm each hand."),),
    "confirm_seat": (_("Only the players seated at this table confirm or dispute its hands, "
                       "from their own phones."),),
    "event_round_unconfirmed": (
        _("Round %(round)s cannot close yet: hands are not confirmed at table %(tables)s."),
        _("The round cannot close yet: some hands are not confirmed."),),
    "event_short_tables": (_("Three-player tables need three-player rules of the event's "
                             "ruleset."),),
    "event_short_seated": (_("The round was seated with three-player tables, which the "
                             "event no longer has; seat it again."),),
    # A group's seasons (clubs.seasons).
    "season_not_found": (_("There is no such season in this group."),),
    "season_manage": (_("Only the group's creator, its managers and staff may add or remove "
                        "a season."),),
    "season_dates": (_("A season's last day is on or after its first."),),
    "season_best": (
        _("Count from 1 to %(max)s of each player's best results, or leave it empty for "
          "all."),
        _("Count each player's best results from 1 up, or leave it empty for all."),),
    # The seating's refusals (events.seating), as the events pages show them.
    "seating_too_few_players": (
        _("%(count)s players cannot fill a table; enter more players."),
        _("Too few players are playing to fill a table."),),
    "seating_too_many_players": (
        _("An event seats at most %(max)s players."),
        _("Too many players to seat."),),
    "seating_bad_rounds": (
        _("The event has %(max)s rounds; the seating has more."),
        _("The seating has more rounds than the event."),),
    "seating_cannot_fill": (
        _("%(count)s players cannot be seated at these tables, even with a substitute at "
          "each table."),
        _("These players cannot be seated at these tables."),),
    "seating_empty": (_("Type the seating: one table a line, a blank line between rounds."),),
    "seating_unknown_player": (
        _("Round %(round)s, table %(table)s: no player is “%(text)s”."),
        _("The seating names someone who is not a player of this event."),),
    "seating_player_twice": (
        _("Round %(round)s: “%(text)s” sits at two tables."),
        _("The seating seats a player twice in one round."),),
    "seating_player_missing": (
        _("Round %(round)s has no seat for “%(text)s”."),
        _("The seating leaves a playing player without a seat."),),
    "seating_wrong_table_size": (
        _("Round %(round)s, table %(table)s has %(count)s seats; tables here have "
          "%(max)s."),
        _("A table of the seating has the wrong number of seats."),),
    "seating_duplicate_player": (_("A player is listed twice."),),
    "seating_missing_standing": (_("A player has no standing to seat by."),),
    "seating_bad_layout": (_("These tables cannot be laid out for this event."),),
    "no_account": (
        _("There is no account called “%(text)s”."),
        _("There is no account of that name."),),
    # A table whose record grew past what a phone is sent at once (games.services).
    "record_full": (
        _("This table's record has grown past %(max)s KB, more than a phone is sent at "
          "once; start a new table."),
        _("This table's record is full; start a new table."),),
    # Ji'an's wild tiles (精).
    "jing_total": (
        _("The 精 entered add up to %(count)s, but the set has %(max)s in all."),
        _("More 精 are entered than the set has."),),
    "not_jing": (
        _("%(tile)s is not 精 this hand."),
        _("A tile entered is not 精 this hand."),),
    "same_jing": (
        _("正精 and 副精 must be different tiles; both are %(tile)s."),
        _("正精 and 副精 must be different tiles."),),
    # The tablet in the middle of a table, the round clock and the big screen (issue 28).
    "centre_key": (
        _("Putting a tablet in the middle of the table needs the table's join link."),),
    "leave_centre": (
        _("Only the tablet in the middle of the table, the table's creator and staff may end "
          "table-centre mode."),),
    "run_clock": (
        _("Only the group's members and managers may run the clock of its evenings."),),
    "clock_number": (
        _("A time on the clock is a whole number from %(min)s to %(max)s."),
        _("A time on the clock is out of range."),),
    "clock_table": (_("The clock does not time that table."),),
    "no_clock": (_("There is no clock yet: set it first."),),
    "event_clock_before_round": (
        _("Start round %(round)s before its clock: until then it has no tables to time."),
        _("Start the round before its clock."),),
}

# The numbers that would do, said as a list: "13 or 14".
OR = _("%(rest)s or %(last)s")

# Who an error is about, in front of a sentence that does not name them.
ABOUT_PLAYER = _("%(player)s: %(sentence)s")

# Labels the entry checks give to what is not a field of the sheet: no label to show.
_NOT_FIELDS = {"the outcome", "the request", "a key", "an option name", "an option value"}
_NAMED_ARGUMENT = re.compile(r"%\((\w+)\)s")


def format_names(msgid: str) -> set[str]:
    """The named arguments a msgid asks for: {"player", "label"} of "%(player)s: %(label)s"."""
    return set(_NAMED_ARGUMENT.findall(msgid))


def _option_label(name: str, ruleset: str | None) -> str | None:
    if ruleset:
        from scoring import registry  # the registry imports every ruleset: only when needed

        try:
            schema = registry.get(ruleset).localized_schema()
        except (LookupError, ValueError):  # an uninstalled ruleset: the name will do
            schema = []
        for spec in schema:
            if spec["name"] == name and spec["label"]:
                return str(spec["label"])
    return None  # an option's name is no word for a reader


def _type_label(kind: str, ruleset: str | None,
                options: Mapping[str, Any] | None) -> str | None:
    if not ruleset:
        return None
    from scoring import rendering

    # A type these options turn off is not in their spec; the default options have it.
    for spec in (rendering.spec_for(ruleset, options), rendering.spec_for(ruleset, None)):
        found = spec.outcome(kind) if spec is not None else None
        if found is not None:
            return gettext(found.label)
    return None  # an engine name is no word for a reader


def field_at(ruleset: str | None, options: Mapping[str, Any] | None, path: str) -> Any:
    """The entry spec's field at ``path`` in an outcome (``wins.0.quick.han``), in any
    outcome type that has it (their fields of one name are the same field), or None."""
    if not ruleset:
        return None
    from scoring import rendering

    spec = rendering.spec_for(ruleset, options)
    for outcome in spec.outcomes if spec is not None else ():
        fields, found = outcome.fields, None
        for step in path.split("."):
            if step.isdigit() and found is not None:
                continue  # an entry of a list, or a player of a player map
            found = next((f for f in fields if f.name == step), None)
            if found is None:
                break
            fields = found.fields
        if found is not None:
            return found
    return None


def _values(params: Mapping[str, Any], players: Sequence[str], ruleset: str | None,
            options: Mapping[str, Any] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    path = params.get("path")
    entry = field_at(ruleset, options, path) if isinstance(path, str) and path else None
    who = params.get("player")
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < len(players):
        out["player"] = str(players[who])
    label = params.get("label")
    if isinstance(label, str) and label and label not in _NOT_FIELDS:
        out["label"] = gettext(label)
    elif entry is not None:
        out["label"] = gettext(entry.label)
    option = _option_label(params["option"], ruleset) \
        if isinstance(params.get("option"), str) else None
    if option:
        out["option"] = option
    kind = params.get("type")
    type_label = _type_label(kind, ruleset, options) if isinstance(kind, str) else None
    if type_label:
        out["type"] = type_label
    # A value by its label among the field's choices (an abortive draw's kind).
    value = params.get("kind")
    choice = next((label for v, label in entry.choices if v == value), None) \
        if entry is not None else None
    if choice:
        out["kind"] = gettext(choice)
    for key in ("min", "max", "fan", "hand", "retry_after", "count", "round", "table"):
        value = params.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            out[key] = str(value)
    for key in ("tile", "text"):  # tiles in notation, or a few characters typed
        value = params.get(key)
        if isinstance(value, str) and 0 < len(value) <= 24 and value.isprintable():
            out[key] = value
    tables = params.get("tables")  # table numbers, as a round names them
    if isinstance(tables, list) and tables and all(
            isinstance(t, int) and not isinstance(t, bool) for t in tables):
        out["tables"] = ", ".join(str(t) for t in tables)
    needed = _numbers(params.get("needed"))
    if needed:
        out["needed"] = needed
    return out


def _numbers(value: Any) -> str:
    """A list of whole numbers as the reader says it: "13", "13 or 14"; "" for anything
    else."""
    if not isinstance(value, list) or not value or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return ""
    text = str(value[0])
    for number in value[1:]:
        text = gettext(OR) % {"rest": text, "last": number}
    return text


def variants(code: str, params: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """The entry for ``code`` (its ``reason`` first), else the generic sentence."""
    reason = (params or {}).get("reason")
    if isinstance(reason, str) and reason in REASONS:
        return REASONS[reason]
    return SENTENCES.get(code) or SENTENCES["engine_error"]


def sentence(code: str, params: Mapping[str, Any] | None = None,
             players: Sequence[str] = (), ruleset: str | None = None,
             options: Mapping[str, Any] | None = None) -> str:
    """The sentence for an error in the active language. ``players`` are the table's
    names in seat order (a ``player`` param is an index into them); ``ruleset`` and
    ``options`` name options and outcome types by their labels."""
    values = _values(params or {}, players, ruleset, options)
    for msgid in variants(code, params):
        needs = format_names(msgid)
        if needs <= values.keys():
            text = gettext(msgid) % {k: values[k] for k in needs}
            if "player" in values and "player" not in needs:
                text = gettext(ABOUT_PLAYER) % {"player": values["player"], "sentence": text}
            return text
    raise AssertionError(f"the last sentence for {code} has named arguments")  # a test checks


def explained(error: Mapping[str, Any], players: Sequence[str] = (),
              ruleset: str | None = None, options: Mapping[str, Any] | None = None,
              ) -> dict[str, Any]:
    """``error`` (``{"code", "message", "params"?}``) with ``text``, its sentence."""
    params = error.get("params")
    return {**error, "text": sentence(str(error.get("code") or "error"),
                                      params if isinstance(params, Mapping) else None,
                                      players, ruleset, options)}
