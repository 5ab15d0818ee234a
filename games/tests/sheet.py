"""Filling in the record sheet from a browser test, one tap at a time, counted: the
helpers the browser tests share (games/record_sheet.py names the fields; a tap is a
click on a chip, a tile or a button, or one key typed)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect


class Sheet:
    """The record sheet of a table page, and how many taps it took so far."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        # The sheet holds every result's part; only the one on screen is tapped.
        self.page.locator(f"{selector} >> visible=true").first.click()
        self.taps += 1

    def open(self, kind: str) -> None:
        """A result's own button: the sheet opens on it."""
        self.tap(f"[data-open-type='{kind}']")
        expect(self.page.locator("#record")).to_have_attribute("open", "")

    def choose(self, name: str, value: Any = "on") -> None:
        """Tap the chip of ``name`` = ``value`` (a radio or a checkbox), and see that it
        took (:func:`tap_chip`)."""
        label = self.page.locator(f"input[name='{name}'][value='{value}'] "
                                  ">> xpath=parent::label >> visible=true").first
        tap_chip(label, label.locator("input"))
        self.taps += 1

    def type(self, name: str, text: str) -> None:
        """Tap a box and type ``text``: one tap for the box, one per key."""
        self.tap(f"[name='{name}']")
        self.page.keyboard.type(text)
        self.taps += len(text)

    def step(self, name: str, value: int) -> None:
        """A small number's one-tap value beside its box."""
        self.tap(f"[data-control='{name}'] [data-step='{value}']")

    def grid(self, han: int, fu: int) -> None:
        self.tap(f"[data-han-fu] [data-han='{han}'][data-fu='{fu}']")

    def target(self, group: str, name: str) -> None:
        """Point the tile picker of ``group`` at its field ``name``."""
        self.tap(f"[data-control='{group}'] .picker-targets [data-target='{group}.{name}']")

    def tiles(self, group: str, *taps: str) -> None:
        """Tap the picker of the fieldset ``group``: tiles ("2m") and its tools ("run",
        "pair", "triplet", "undo", "clear")."""
        picker = f"[data-control='{group}'] > .tile-picker"
        for tap in taps:
            if tap[0].isdigit():
                self.tap(f"{picker} .palette [data-tile='{tap}']")
            else:
                self.tap(f"{picker} [data-action='{tap}']")

    def value(self, name: str) -> str:
        return self.page.locator(f"[name='{name}']").first.input_value()

    def save(self) -> None:
        """Save once the preview priced the hand; the sheet closes."""
        expect(self.page.locator("#save-hand")).to_be_enabled()
        expect(self.page.locator("#preview-table")).to_be_visible()
        self.tap("#save-hand")
        expect(self.page.locator("#record")).not_to_have_attribute("open", "")


def tap_chip(label: Locator, box: Locator) -> None:
    """Tap the chip ``label`` of the checkbox or radio ``box``, and see that it took: a
    person sees the chip light up, and taps again when it did not. Playwright's click is
    a mousedown and a mouseup sent one after the other; a notice that pops up over the
    chip in between (the answer to the previous Save, held 300-800 ms by a slow socket,
    saying "Hand recorded" where the last rows of a short sheet are) takes the mouseup,
    the click goes to the page instead of the chip, and nothing is ticked. Where the
    preview cannot show it (riichi on a chombo, pao on a yakuman, change no total), Save
    would go out without the tick (ciB: a yakuman recorded without its pao)."""
    before = box.is_checked()
    if before and box.get_attribute("type") == "radio":
        # Already chosen (the mode this phone used last): the tap changes nothing to see.
        label.click()
        return
    for _ in range(3):
        label.click()
        # The label's click ticks its box in the same task: no waiting needed to see it.
        if box.is_checked() != before:
            break
    expect(box).to_be_checked(checked=not before)
