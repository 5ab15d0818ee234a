"""The words the table page's scripts show (``static/js/table.js``, ``render.js``,
``chart.js``, ``record.js`` and the tile picker), sent with ``json_script``. Lazy
translations, so ``makemessages`` finds them and each page gets its reader's language.
How a hand is entered is not here: the record sheet comes from the ruleset's entry spec
(:mod:`games.record_sheet`).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.picker_text import picker_strings

# Strings the scripts show; keys are what static/js/*.js look up with t("key").
STRINGS: dict[str, Any] = {
    "connecting": _("Connecting…"),
    "live": _("Live"),
    "offline": _("Offline, reconnecting…"),
    # The socket closed with 4503: the site answers but its database does not.
    "unreachable": _("Can't reach the server, retrying…"),
    "saved": _("Saved."),
    "stale": _("Someone else changed the table first; the latest state is shown. Check "
               "and save again."),
    "error": _("Not saved"),
    "forbidden_watch": _("You may not watch this table."),
    "not_found": _("This table does not exist."),
    "no_hands": _("No hands recorded yet."),
    "correct": _("Correct"),
    "start": _("Start"),
    "final": _("Final settlement"),
    "chart": _("Score chart"),
    "preview_none": _("Fill in the hand to see what everyone pays."),
    "save_hand": _("Save hand"),
    "save_correction": _("Save correction"),
    "undone": _("Hand undone"),
    "recorded": _("Hand recorded"),
    "redone": _("Hand redone"),
    "corrected": _("Hand corrected"),
    "ended": _("Game ended"),
    "reopened": _("Game reopened"),
    "creator": _("creator"),
    "staff": _("staff"),
    "centre": _("the table's tablet"),  # recorded from the tablet in table-centre mode
    "confirm_end": _("End the game now? The final settlement will be added."),
    # The Undo button's question: the hand's summary is its entry's in the history.
    "undo_hand": _("Undo hand %(number)s: %(summary)s?"),
    "undo_correction": _("Undo the correction of hand %(number)s? The hand gets back what "
                         "it was before."),
    # Another phone changed the table (shown in an open record form, and as a notice).
    "just_recorded": _("Hand %(number)s was just recorded by %(actor)s"),
    "just_corrected": _("Hand %(number)s was just corrected by %(actor)s"),
    "just_undone": _("Hand %(number)s was just undone by %(actor)s"),
    "just_undone_correction": _("The correction of hand %(number)s was just undone by "
                                "%(actor)s"),
    "just_redone": _("Hand %(number)s was just redone by %(actor)s"),
    "just_ended": _("%(actor)s just ended the game"),
    "just_reopened": _("%(actor)s just reopened the game"),
    "just_changed": _("%(actor)s just changed the table"),
    # Confirmation by the table (issue 29).
    "just_confirmed": _("%(actor)s confirmed hand %(number)s"),
    "just_disputed": _("%(actor)s disputed hand %(number)s"),
    "confirmed": _("Hand confirmed"),
    "disputed": _("Dispute sent"),
    "what_and_which": pgettext_lazy("a change at the table, then the hand's summary",
                                    "%(what)s: %(summary)s"),
    "discard_mine": _("Discard mine"),
    "record_as": _("Record mine as hand %(number)s"),
    "correct_anyway": _("Correct hand %(number)s anyway"),
    # Presence: who is entering a hand on another phone.
    "presence_entering": _("%(name)s is entering a hand…"),
    "presence_correcting": _("%(name)s is correcting hand %(number)s…"),
    # The outbox: hands saved on this phone and not yet recorded.
    "outbox_one": _("1 hand waiting to send"),
    "outbox_many": _("%(count)s hands waiting to send"),
    "offline_save": _("Offline: Save keeps the hand on this phone and sends it when the "
                      "connection returns; the payments are worked out then."),
    "offline_short": _("Offline: this hand waits on this phone until the connection returns."),
    "offline_action": _("You are offline; try again when the connection returns."),
    "a_hand": _("A hand"),
    "latest_hand": _("Latest: hand %(number)s by %(actor)s: %(summary)s."),
    "not_recorded_stale": _("Not recorded: %(label)s. Someone changed the table before it "
                            "arrived."),
    "not_recorded_error": _("Not recorded: %(label)s (%(reason)s)."),
    "server_failed": _("the server could not take it"),
    "edit": _("Edit"),
    # The "you" line, kept current when seats change.
    "you_sit": _("You sit as %(name)s."),
    "you_creator": _("You created this table and can record hands."),
    "you_watch": _("You are watching."),
    "take_seat": _("Take a seat"),
    "seat_freed": _("Your seat was freed: this phone now only watches."),
    "record_hand": _("Record a hand"),
    "correcting_hand": _("Correcting hand %(number)s"),
    "han_fu_short": _("%(han)s han %(fu)s fu"),
    # Notices at the bottom of the screen: this phone's writes and what became of them.
    "dismiss": _("Dismiss"),
    "choose": _("Choose"),
    "saved_offline": _("Saved on this phone: it will be sent when the connection returns."),
    "undo_waits": _("Waiting for your last change to be recorded…"),
    "after_refused": _("Not sent: your change just before it was not recorded."),
    "nothing_to_undo": _("There is nothing to undo."),
    # The site was upgraded while the page was open: its scripts are older than the
    # server's (common/build.py, static/js/sync.js), and it must be reloaded.
    "outdated": _("Updated: reload this page"),
    "outdated_reload": _("mjsite was updated. Reload this page to go on; the hands saved "
                         "on this phone are kept."),
    "reload": _("Reload"),
    "outdated_save": _("mjsite was updated: Save keeps the hand on this phone and sends it "
                       "once this page is reloaded."),
    "outdated_short": _("This hand waits on this phone until the page is reloaded."),
    "reload_unsaved": _("The hand you are entering is not saved yet. Reload anyway?"),
    # issue 29: this phone kept a hash of the history that the table no longer has.
    "history_seen_other": _("The history of this table was changed outside mjsite: it is "
                            "not the one this phone saw."),
}


def strings_of(keys: tuple[str, ...]) -> dict[str, str]:
    """Some of the script strings (not the tile picker's) in the active language."""
    return {key: str(STRINGS[key]) for key in keys}


# The round clock's words (static/js/clock.js, games/clock.py), on every page that shows it.
CLOCK_STRINGS: dict[str, Any] = {
    "clock_ready": _("The clock has not started."),
    "clock_paused": _("The clock is paused."),
    "clock_over_finish_hand": _("Time is up: finish the hand in play, then stop."),
    "clock_over_one_more": _("Time is up: finish the hand in play and play one more."),
    "clock_over_stop": _("Time is up: stop now."),
    "clock_warning": _("%(minutes)s minutes left"),
    "clock_warning_one": _("1 minute left"),
    # "+5:00 extra for this table", a referee's decision.
    "clock_extra": _("%(time)s extra for this table"),
}


def clock_strings() -> dict[str, str]:
    return {key: str(value) for key, value in CLOCK_STRINGS.items()}


def strings() -> dict[str, str]:
    """The script strings in the active language, the tile picker's and the clock's
    included."""
    return {**picker_strings(), **clock_strings(),
            **{key: str(value) for key, value in STRINGS.items()}}
