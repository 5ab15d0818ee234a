"""The apps stand in layers (docs/development.md; `lint-imports` in `make lint` keeps the
imports so): where a lower app shows what a higher one knows, the higher one fills it in
when Django starts, and the lower one stands alone without it."""

import pytest

from clubs import forms, results, seasons, services
from common.errors import NotFound
from events import officiating, pages, permissions
from games import extensions, lends
from games.models import Player, Table
from games.permissions import Actor
from scoring import sources


def test_games_lends_scoring_its_tables_at_start_up():
    assert sources._lent["table_rules"] is lends.table_rules
    assert sources._lent["recorded_results"] is lends.recorded_results


def test_clubs_adds_its_groups_and_events_their_banner_to_games_pages_at_start_up():
    assert extensions._added == {
        "places_for": forms.places_for, "attach_to_place": services.attach_to_place,
        "player_rating_charts": results.player_rating_charts,
        "group_tables": services.group_tables,
        "organised_tables": services.organised_tables,  # issue 29: organisers
        "evening_tables": services.evening_tables,  # issue 29: an evening's check
        "table_banner": pages.table_banner,
        "tables_waiting": officiating.tables_waiting,  # issue 28: the screens
        "season_scope": seasons.season_scope,  # issue 27: a season's player page
        "officiated_tables": permissions.officiated_tables,  # issue 29: event officials
    }


def test_scoring_without_games_finds_no_table_and_no_results(monkeypatch, rf):
    monkeypatch.setattr(sources, "_lent", dict(sources.ALONE))
    assert sources.table_rules(rf.get("/analyse/"), "abc") is None
    assert list(sources.recorded_results("mcr")) == []


@pytest.mark.django_db
def test_games_without_clubs_offers_no_place_and_knows_no_group(monkeypatch):
    monkeypatch.setattr(extensions, "_added", dict(extensions.ALONE))
    table = Table.objects.create(name="t", ruleset="mcr")
    assert extensions.places_for(Actor()) == []
    extensions.attach_to_place(table, "", Actor())  # no place asked: nothing to refuse
    with pytest.raises(NotFound):
        extensions.attach_to_place(table, "g:abc", Actor())
    assert extensions.player_rating_charts(Player(), Actor()) == []
    with pytest.raises(NotFound):  # no groups, so no season of one
        extensions.player_rating_charts(Player(), Actor(), "abc")
    with pytest.raises(NotFound):
        extensions.group_tables("abc", Actor())
    assert extensions.table_banner(table, None) == ""
