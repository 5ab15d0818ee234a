"""Table-centre mode at a three-player table (issue 28 item 3): the tablet has three
sides, one per seat, each facing its player (the fourth edge is left empty), in
landscape and in portrait, and records a hand for three players without phones."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from games.tests.browser import device
from games.tests.live_server import live_server
from games.tests.tables import new_device

from .test_browser_screens import LANDSCAPE, PORTRAIT, expect_awake, record_on_tablet

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TOKEN, _DEVICE = new_device()
SETUP = """
import json
from games import services as games
from games.devices import device_id
from games.permissions import Actor
by = Actor(device=device_id({token!r}))
table = games.create_table("Sanma", "riichi", "sanma", {{}}, ["Ichiro", "Jun", "Kaede"],
                           creator=by, visibility="link")
open({out!r}, "w").write(json.dumps({{"id": table.public_id, "join": table.join_key}}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    out = tmp_path_factory.mktemp("centre-three") / "site.json"
    with live_server(setup=SETUP.format(token=TOKEN, out=str(out))) as base:
        yield {"base": base, **json.loads(Path(out).read_text())}


def test_a_three_player_tablet_has_three_sides_and_records_a_hand(
        site: dict[str, Any], browser: Browser) -> None:
    tablet = device(browser, viewport=LANDSCAPE, has_touch=True).new_page()
    tablet.goto(f"{site['base']}/t/{site['id']}/join/?key={site['join']}")
    tablet.click("#start-centre")
    expect(tablet.locator("#status")).to_have_attribute("data-state", "live")
    expect_awake(tablet, "mjTable")
    expect(tablet.locator("#centre-board")).to_have_attribute("data-players", "3")
    expect(tablet.locator(".centre-side")).to_have_count(3)
    for viewport in (LANDSCAPE, PORTRAIT):
        tablet.set_viewport_size(viewport)
        sides = {p: tablet.locator(f".centre-side[data-position='{p}']").get_attribute(
            "data-side") for p in range(3)}
        assert sides == {0: "bottom", 1: "right", 2: "top"}
        # Each side lies inside the screen, none over another.
        boxes = [tablet.locator(f".centre-side[data-position='{p}']").bounding_box()
                 for p in range(3)]
        for box in boxes:
            assert box is not None and box["x"] >= 0 and box["y"] >= 0
            assert box["x"] + box["width"] <= viewport["width"] + 1
            assert box["y"] + box["height"] <= viewport["height"] + 1
        assert tablet.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # Jun (on the right) records his ron off Kaede from his own edge: 3 han 30 fu by a
    # non-dealer is 3,900 at three players too.
    tablet.set_viewport_size(LANDSCAPE)
    tablet.click("[data-record-from='1']")
    expect(tablet.locator("#record")).to_have_attribute("data-facing", "right")
    tablet.click("#cancel-record")
    record_on_tablet(tablet, 1, "ron", winner=1, discarder=2, han=3, fu=30)
    expect(tablet.locator(".player-card[data-position='1'] > b")
           ).to_have_text("38,900")
    expect(tablet.locator(".player-card[data-position='2'] > b")
           ).to_have_text("31,100")
    expect(tablet.locator("#history > li")).to_have_count(1)
    tablet.context.close()
