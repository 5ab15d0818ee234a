"""The table pages through the Django test client: create, join, watch, privacy,
results, player history, the language switch."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games import presenter, services
from games.devices import COOKIE_NAME, device_id
from games.models import Player, Seat, Table
from scoring import registry, rendering
from scoring.models import RulesetConfig
from scoring.presets import sync_presets

from .tables import NAMES, command_id

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}


@pytest.fixture(autouse=True)
def presets() -> None:
    sync_presets()


def config(ruleset: str = "riichi", preset: str = "ema") -> RulesetConfig:
    return RulesetConfig.objects.get(ruleset=ruleset, preset=preset, is_builtin=True)


def create(client: Client, **fields: Any) -> Table:
    data = {"name": "Friday game", "config": config().pk, "visibility": "link",
            **{f"player_{i}": name for i, name in enumerate(NAMES)}, **fields}
    answer = client.post(reverse("games:new"), data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    table = Table.objects.get()
    assert answer["Location"] == reverse("games:table", args=[table.public_id]) + "?created=1"
    return table


def claim(client: Client, table: Table, position: int) -> Any:
    """Take a seat as the join link does (its key comes along in the form)."""
    return client.post(reverse("games:join", args=[table.public_id]),
                       {"position": position, "key": table.join_key})


def session_key(client: Client) -> str:
    """The device id of the browser ``client`` ("" before it has a device cookie)."""
    cookie = client.cookies.get(COOKIE_NAME)
    return device_id(cookie.value) if cookie is not None else ""


def test_create_page_offers_every_usable_preset_and_player_names() -> None:
    services.create_table("Open", "riichi", "", {}, ["Zhou Wen", "B", "C", "D"],
                          visibility="public")
    page = Client().get(reverse("games:new")).content.decode()
    for name in registry.usable():
        for preset in registry.get(name).presets:
            assert f">{escape(config(name, preset).name)}<" in page
    assert '<option value="Zhou Wen">' in page
    assert 'list="player-names"' in page
    assert 'name="opt-riichi-kuitan"' in page and 'name="opt-mcr-min_fan"' in page


def test_create_table_seats_the_four_players_and_uses_the_preset() -> None:
    client = Client()
    table = create(client)
    assert table.ruleset == "riichi" and table.preset == "ema"
    assert table.options == registry.get("riichi").resolve("ema")
    assert [s.player.display_name for s in table.seats.order_by("position")] == NAMES
    assert table.creator_device == session_key(client) != ""


def as_shown(rules: RulesetConfig, **changes: Any) -> dict[str, Any]:
    """The option fields the create page sends for ``rules`` as it shows them (their
    values and the hidden field naming them), with ``changes`` on top."""
    fields: dict[str, Any] = {f"opt-{rules.ruleset}--shown": str(rules.pk)}
    for spec in registry_options(rules.ruleset):
        key, value = f"opt-{rules.ruleset}-{spec['name']}", rules.resolved_options()[spec["name"]]
        if spec["type"] == "bool":
            if value:
                fields[key] = "on"
        elif spec["type"] == "list" and spec["choices"]:
            fields[key] = ["", *value]
        elif isinstance(value, list):
            fields[key] = ", ".join(map(str, value))
        else:
            fields[key] = "" if value is None else str(value)
    for key, value in changes.items():
        if value is None:
            fields.pop(f"opt-{rules.ruleset}-{key}", None)
        else:
            fields[f"opt-{rules.ruleset}-{key}"] = value
    return fields


def test_an_untouched_create_form_stores_no_overrides() -> None:
    table = create(Client(), **as_shown(config()))
    assert table.options == registry.get("riichi").resolve("ema")


def test_a_changed_option_is_applied_without_any_tick() -> None:
    default = registry.get("riichi").resolve("ema")
    flipped = not default["kuitan"]
    table = create(Client(), **as_shown(config(), kuitan="on" if flipped else None))
    assert table.options["kuitan"] == flipped
    assert {k for k, v in table.options.items() if v != default[k]} == {"kuitan"}


def test_fields_left_showing_other_rules_count_only_where_changed() -> None:
    # A browser without the script: the fields still show EMA while M-League is chosen.
    fields = as_shown(config(), multi_ron="double")
    table = create(Client(), **{**fields, "config": config("riichi", "mleague").pk})
    mleague = registry.get("riichi").resolve("mleague")
    assert table.options == {**mleague, "multi_ron": "double"}


def test_a_post_without_option_fields_uses_the_rules_as_they_are() -> None:
    table = create(Client())
    assert table.options == registry.get("riichi").resolve("ema")


def test_number_list_options_are_read_as_numbers() -> None:
    client = Client()
    uma = [30000, 10000, -10000, -30000]
    create(client, **as_shown(config(), uma=", ".join(map(str, uma))))
    assert Table.objects.get().options["uma"] == uma


def test_list_options_with_fixed_choices_are_ticked_one_by_one() -> None:
    client = Client()
    choices = next(o["choices"] for o in registry_options("riichi")
                   if o["name"] == "double_yakuman_hands")
    picked = choices[:2]
    # The page sends the empty hidden value plus one value per ticked box.
    create(client, **as_shown(config(), double_yakuman_hands=["", *picked]))
    assert Table.objects.get().options["double_yakuman_hands"] == picked
    Table.objects.all().delete()
    create(client, **as_shown(config(), double_yakuman_hands=[""]))
    assert Table.objects.get().options["double_yakuman_hands"] == []


def test_create_page_shows_the_first_rules_values_with_choice_labels() -> None:
    page = Client().get(reverse("games:new")).content.decode()
    first = re.search(r'<select name="config"[^>]*>\s*<option value="(\d+)"', page)
    assert first is not None
    rules = RulesetConfig.objects.get(pk=first.group(1))
    ticked = re.findall(r'name="opt-riichi-double_yakuman_hands" value="(\w+)" checked', page)
    assert ticked == rules.resolved_options()["double_yakuman_hands"]
    assert f'name="opt-riichi--shown" value="{rules.pk}"' in page
    # A person reads each choice's label, never its stored value.
    assert "> Thirteen orphans, 13-sided wait</label>" in page
    assert ">Head bump: the first winner only</option>" in page
    assert "> kokushi_13" not in page and ">head_bump<" not in page


def registry_options(name: str) -> list[dict[str, Any]]:
    from scoring.engine.options import options_schema

    return options_schema(registry.get(name).options_class)


def test_a_word_in_a_number_field_is_refused() -> None:
    answer = Client().post(reverse("games:new"), {
        "name": "x", "config": config().pk, "visibility": "link",
        **as_shown(config(), uma="a lot"), **{f"player_{i}": n for i, n in enumerate(NAMES)}})
    assert answer.status_code == 200 and Table.objects.count() == 0
    assert "must be a whole number" in answer.content.decode()


def test_an_invalid_option_is_refused_with_the_engines_message() -> None:
    answer = Client().post(reverse("games:new"), {
        "name": "x", "config": config().pk, "visibility": "link",
        **as_shown(config(), red_fives="7"), **{f"player_{i}": n for i, n in enumerate(NAMES)}})
    assert answer.status_code == 200
    assert Table.objects.count() == 0
    assert "red_fives" in answer.content.decode()


def test_four_players_need_four_different_names() -> None:
    answer = Client().post(reverse("games:new"), {
        "name": "x", "config": config().pk, "visibility": "link",
        **{f"player_{i}": "Same" for i in range(4)}})
    assert answer.status_code == 200 and Table.objects.count() == 0
    assert "four different player names" in answer.content.decode()


def test_existing_players_are_reused_so_their_history_carries_over() -> None:
    bo = Player.objects.create(display_name="Bo")
    table = create(Client())
    assert Seat.objects.get(table=table, position=1).player == bo


def test_new_table_page_shows_join_link_and_qr_code() -> None:
    client = Client()
    table = create(client)
    page = client.get(reverse("games:table", args=[table.public_id]) + "?created=1")
    html = page.content.decode()
    join = ("http://testserver" + reverse("games:join", args=[table.public_id])
            + f"?key={table.join_key}")
    assert f'value="{join}"' in html
    assert "<svg" in html and "<path" in html
    assert '<details class="invite card" open>' in html
    qr = client.get(reverse("games:qr", args=[table.public_id]))
    assert qr["Content-Type"] == "image/svg+xml" and qr.content.startswith(b"<?xml")


def test_a_viewer_sees_no_join_link_and_cannot_sit_without_its_key() -> None:
    # Issue 13: the join link carries a secret of its own; a viewer of a public or link
    # table sits down only through it, never by being able to watch.
    table = create(Client(), visibility="public")
    viewer = Client()
    html = viewer.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert table.join_key not in html and "<svg" not in html
    assert viewer.get(reverse("games:qr", args=[table.public_id])).status_code == 403
    page = viewer.get(reverse("games:join", args=[table.public_id])).content.decode()
    assert 'id="join-key-needed"' in page and "data-position=" not in page
    for key in ("", table.public_id, "x" * 16):
        answer = viewer.post(reverse("games:join", args=[table.public_id]),
                             {"position": 0, "key": key})
        assert answer.status_code == 200 and 'id="join-key-needed"' in answer.content.decode()
    assert not Seat.objects.get(table=table, position=0).is_claimed
    with_key = viewer.get(reverse("games:join", args=[table.public_id]),
                          {"key": table.join_key}).content.decode()
    assert 'data-position="0"' in with_key and 'id="join-key-needed"' not in with_key
    assert claim(viewer, table, 0).status_code == 302
    assert services.can_write(table, services.Actor(device=session_key(viewer)))


def test_table_page_renders_the_scoreboard_and_boot_data() -> None:
    client = Client()
    table = create(client)
    html = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    start = services.start_scores(table)
    for position, name in enumerate(NAMES):
        assert re.search(rf"data-position='{position}'><i>", html)  # the wind first
        assert name in html
    assert f"<b>{start[0]:,}</b>" in html
    assert 'id="table-boot"' in html and 'id="record-form"' in html
    assert f'data-socket="/ws/tables/{table.public_id}/"' in html
    assert "Dealer" in html and "East 1" in html


def test_join_link_claims_the_chosen_seat_for_this_browser() -> None:
    table = create(Client())
    phone = Client()
    phone.get(reverse("games:join", args=[table.public_id]) + f"?key={table.join_key}")
    answer = claim(phone, table, 2)
    assert answer.status_code == 302
    assert answer["Location"] == reverse("games:table", args=[table.public_id])
    seat = Seat.objects.get(table=table, position=2)
    assert seat.claimed_device == session_key(phone) != ""
    html = phone.get(answer["Location"]).content.decode()
    assert f"You sit as {NAMES[2]}." in html
    assert services.can_write(table, services.Actor(device=session_key(phone)))


def test_a_taken_seat_is_refused_with_a_message() -> None:
    table = create(Client())
    claim(Client(), table, 1)
    other = Client()
    answer = claim(other, table, 1)
    assert answer.status_code == 200
    assert "is taken" in answer.content.decode()
    assert Seat.objects.get(table=table, position=1).claimed_device != session_key(other)


def test_the_holder_or_the_creator_frees_a_seat_for_another_phone() -> None:
    owner = Client()
    table = create(owner)
    phone = Client()
    claim(phone, table, 3)
    stranger = Client()
    answer = stranger.post(reverse("games:join", args=[table.public_id]),
                           {"position": 3, "action": "release", "key": table.join_key})
    assert "the seat&#x27;s holder" in answer.content.decode()
    assert Seat.objects.get(table=table, position=3).is_claimed
    page = owner.get(reverse("games:join", args=[table.public_id])).content.decode()
    assert 'data-release="3"' in page
    owner.post(reverse("games:join", args=[table.public_id]), {"position": 3,
                                                                "action": "release"})
    assert not Seat.objects.get(table=table, position=3).is_claimed
    assert claim(Client(), table, 3).status_code == 302


def test_spectator_watches_without_write_access() -> None:
    table = create(Client())
    watcher = Client()
    html = watcher.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert "You are watching." in html
    # Writers' buttons and the record sheet are there (a watcher may take a seat) but
    # hidden: the page is not marked can-write.
    assert '<div class="table-page" id="table-page"' in html
    assert not services.can_write(table, services.Actor(device=session_key(watcher)))
    assert watcher.get(reverse("games:snapshot", args=[table.public_id])).json()["seq"] == 0


def test_private_table_is_refused_to_strangers_but_open_to_its_players() -> None:
    owner = Client()
    table = create(owner, visibility="private")
    stranger = Client()
    for name in ("games:table", "games:join", "games:results", "games:snapshot", "games:qr"):
        assert stranger.get(reverse(name, args=[table.public_id])).status_code == 403
    # Without the join key; with it a phone sits down (issue 24, test_private_join.py).
    assert stranger.post(reverse("games:join", args=[table.public_id]),
                         {"position": 0}).status_code == 403
    assert owner.get(reverse("games:table", args=[table.public_id])).status_code == 200


def test_unknown_table_is_not_found() -> None:
    assert Client().get(reverse("games:table", args=["nope"])).status_code == 404


def test_table_list_shows_public_tables_and_my_own() -> None:
    mine = Client()
    own = create(mine, name="My private game", visibility="private")
    public = services.create_table("Open game", "riichi", "ema", {}, ["P", "Q", "R", "S"],
                                   visibility="public")
    hidden = services.create_table("Someone's link game", "riichi", "ema", {},
                                   ["P", "Q", "R", "S"], visibility="link")
    html = mine.get(reverse("games:tables")).content.decode()
    assert own.name in html and public.name in html and hidden.name not in html
    stranger = Client().get(reverse("games:tables")).content.decode()
    assert own.name not in stranger and public.name in stranger


def finished_table(client: Client) -> Table:
    table = create(client)
    actor = services.Actor(device=session_key(client))
    result = services.record_hand(table.pk, RON, command_id(), 0, actor)
    assert result["ok"], result
    result = services.end_game(table.pk, command_id(), result["seq"], actor)
    assert result["ok"], result
    table.refresh_from_db()
    return table


def test_results_page_shows_final_settlement_in_place_order() -> None:
    client = Client()
    table = finished_table(client)
    snap = services.snapshot(table)
    html = client.get(reverse("games:results", args=[table.public_id])).content.decode()
    assert "The game is over." in html
    order = sorted(snap["standings"], key=lambda s: (s["rank"], s["position"]))
    positions = [html.index(f'<tr data-position="{row["position"]}">') for row in order]
    assert positions == sorted(positions)
    # Points at the end of play, what uma and oka add, and the final points, each named.
    for header in ("End of play", "Uma, oka", "Final", "Score"):
        assert f">{header}</th>" in html
    assert "Penalties" not in html  # no penalty recorded, no column
    for row in snap["standings"]:
        added = sum(r["amount"] for r in snap["final"] if r["position"] == row["position"])
        cells = re.search(rf'<tr data-position="{row["position"]}">.*?end-of-play">([^<]*)<'
                          r'.*?uma-oka">([^<]*)<.*?final"><b>([^<]*)<', html, re.S)
        assert cells is not None
        assert cells.groups() == (f"{row['score'] - added:,}", rendering.signed(added),
                                  f"{row['score']:,}")
    first = presenter.view(snap)["hands"][0]
    assert escape(first["summary"]) in html and "data-number='1'" in html


def test_results_page_shows_placement_points_even_when_zero() -> None:
    client = Client()
    data = {"name": "MCR game", "config": config("mcr", "official").pk, "visibility": "link",
            **{f"player_{i}": name for i, name in enumerate(NAMES)}}
    client.post(reverse("games:new"), data)
    table = Table.objects.get()
    actor = services.Actor(device=session_key(client))
    outcome = {"type": "win", "wins": [{"winner": 1, "discarder": 2, "quick": {"fan": 8}}]}
    seq = services.record_hand(table.pk, outcome, command_id(), 0, actor)["seq"]
    assert services.end_game(table.pk, command_id(), seq, actor)["ok"]
    table.refresh_from_db()
    snap = services.snapshot(table)
    html = client.get(reverse("games:results", args=[table.public_id])).content.decode()
    assert snap["final_table"]
    for row in snap["final_table"]:
        cells = re.search(rf'<tr data-position="{row["player"]}">(.*?)</tr>', html, re.S)
        assert cells is not None
        assert f'<td class="num score">{row["score"]}</td>' in cells.group(1)


def test_player_page_lists_each_game_with_place_and_points() -> None:
    client = Client()
    table = finished_table(client)
    snap = services.snapshot(table)
    bo = Player.objects.get(display_name="Bo")
    html = client.get(reverse("games:player", args=[bo.pk])).content.decode()
    standing = snap["standings"][1]
    assert table.name in html
    assert f'<dd class="num">{standing["score"]}</dd>' in html
    assert "Games played: 1" in html


def test_player_page_hides_private_games_from_strangers() -> None:
    owner = Client()
    table = create(owner, visibility="private")
    bo = Player.objects.get(display_name="Bo")
    assert table.name in owner.get(reverse("games:player", args=[bo.pk])).content.decode()
    assert table.name not in Client().get(reverse("games:player", args=[bo.pk])).content.decode()


def test_player_names_endpoint_autocompletes_by_prefix() -> None:
    services.create_table("Open", "riichi", "", {}, ["Chen", "Cheng", "Dana", "Eve"],
                          visibility="public")
    answer = Client().get(reverse("games:player-names"), {"q": "che"}).json()
    assert answer == {"names": ["Chen", "Cheng"]}


def test_nav_menu_links_tables_and_new_table() -> None:
    html = Client().get(reverse("games:tables")).content.decode()
    assert f'href="{reverse("games:tables")}" aria-current="page"' in html
    assert f'href="{reverse("games:new")}"' in html


@pytest.mark.parametrize(("language", "phrases"), [
    ("zh-hans", ["新建牌桌", "记录一局", "东", "日本立直麻将"]),
    ("zh-hant", ["新建牌桌", "記錄一局", "東", "日本立直麻將"]),
    ("ja", ["新しい卓", "局を記録", "東", "リーチ麻雀"]),
])
def test_language_switch_is_remembered_and_translates_the_table_page(
        language: str, phrases: list[str]) -> None:
    client = Client()
    table = create(client)
    answer = client.post(reverse("set_language"), {"language": language, "next": "/tables/"})
    assert answer.status_code == 302
    html = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert f'<html lang="{language}"' in html
    for phrase in phrases:
        assert phrase in html


def _selected_config(page: str) -> str:
    select = re.search(r'<select name="config"[^>]*>(.*?)</select>', page, re.S)
    assert select, "no Rules select on the create page"
    selected = re.findall(r'<option value="(\d+)"[^>]*selected', select.group(1))
    first = re.findall(r'<option value="(\d+)"', select.group(1))[0]
    return selected[0] if selected else first


def test_new_table_rules_default_to_the_first_ruleset_riichi() -> None:
    page = Client().get(reverse("games:new")).content.decode()
    chosen = RulesetConfig.objects.get(pk=int(_selected_config(page)))
    assert chosen.ruleset == registry.usable()[0] == "riichi"


def test_new_table_rules_remember_this_browsers_last_choice() -> None:
    client = Client()
    sichuan = config("sichuan", next(iter(registry.get("sichuan").presets)))
    create(client, config=sichuan.pk)
    page = client.get(reverse("games:new")).content.decode()
    assert _selected_config(page) == str(sichuan.pk)
    other = Client().get(reverse("games:new")).content.decode()
    assert RulesetConfig.objects.get(pk=int(_selected_config(other))).ruleset == "riichi"
