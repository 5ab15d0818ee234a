// The tablet lying in the middle of the table (table-centre mode, issue 28): the table
// page (table.js, which this module runs) laid out for the one device of a table whose
// players have no phones. Each seat has a side of the screen turned to face its player
// (centre.css) with that player's card from the server's scoreboard (name, wind, score),
// the clock, a button that opens the record sheet facing them and their live
// declarations (as its ruleset declares them). The middle holds the round, the clock, the table's buttons
// and the join code, for phones that want to follow along. The tablet writes for every
// seat (games/permissions.py: for_every_seat).
//
// Seat 0 (the first dealer) sits at the bottom edge and play goes counter-clockwise, as
// around a real table: seat 1 on the right, 2 at the top, 3 on the left. "Turn the
// seats" moves everyone one side on, for a tablet laid down the other way; this browser
// remembers it per table.

import {declaredBy} from "./render.js";
import {currentSnapshot, openSheet, renderHooks, write} from "./table.js";

const SIDES = ["bottom", "right", "top", "left"];
const page = document.getElementById("table-page");
const board = document.getElementById("centre-board");
const middle = document.getElementById("centre-middle");
const tools = document.getElementById("centre-tools");
const record = document.getElementById("record");
const boot = JSON.parse(document.getElementById("table-boot").textContent);
const declarations = new Map(boot.declarations.map((d) => [d.key, d]));
const TURN_KEY = `mjsite.centre-turn.${boot.snapshot.table.id}`;

function storedTurn() {
  try {
    return Number(localStorage.getItem(TURN_KEY)) || 0;
  } catch {
    return 0; // storage refused (private mode): the default layout
  }
}

let turn = storedTurn() % SIDES.length;

function sideOf(position) {
  return SIDES[(position + turn) % SIDES.length];
}

function placeSides() {
  for (const side of board.querySelectorAll(".centre-side")) {
    side.dataset.side = sideOf(Number(side.dataset.position));
  }
}

// The page's own parts the tablet needs gather in the middle: the connection badge, who
// is entering a hand on a phone, the table's buttons (undo...), hands not sent yet, the
// page's messages and the join code.
for (const node of [document.getElementById("status"), document.getElementById("presence"),
  ...page.querySelectorAll(":scope > .alert"), document.getElementById("actions"),
  document.getElementById("outbox")]) {
  if (node) middle.insertBefore(node, tools);
}
const invite = page.querySelector(".invite");
if (invite) {
  invite.open = false;
  middle.append(invite);
}

// After each render: the scoreboard's cards (rendered by the server in the page's
// language) move to their sides, the round line to the middle, and each side's
// declaration buttons show whether its player has made it.
function redraw(state, you) {
  // Replaced by another tablet (or the mode ended elsewhere): this one only watches.
  page.classList.toggle("centre-watching", !(you?.can_write ?? true));
  for (const card of document.querySelectorAll("#standings .player-card")) {
    const slot = board.querySelector(`[data-card-slot="${card.dataset.position}"]`);
    if (slot) slot.replaceChildren(card);
  }
  const round = document.getElementById("round-line");
  if (round) document.getElementById("centre-round").textContent = round.textContent;
  const finished = Boolean(state.table.finished);
  for (const button of board.querySelectorAll("[data-centre-declare]")) {
    const made = declaredBy(state, button.dataset.centreDeclare)
      .includes(Number(button.dataset.player));
    button.textContent = made ? button.dataset.off : button.dataset.on;
    button.setAttribute("aria-pressed", String(made));
    button.hidden = finished;
  }
  for (const button of board.querySelectorAll("[data-record-from]")) button.disabled = finished;
}

renderHooks.push(redraw);

board.addEventListener("click", (event) => {
  const from = event.target.closest("[data-record-from]");
  if (from) {
    // The sheet turns to whoever asked for it.
    record.dataset.facing = sideOf(Number(from.dataset.recordFrom));
    openSheet();
    return;
  }
  const button = event.target.closest("[data-centre-declare]");
  if (button) {
    const declaration = declarations.get(button.dataset.centreDeclare);
    const on = button.getAttribute("aria-pressed") !== "true";
    write("declare", {declaration: declaration.key, player: Number(button.dataset.player), on},
      on ? declaration.done : declaration.undone);
  }
});

document.getElementById("centre-turn").addEventListener("click", () => {
  turn = (turn + 1) % SIDES.length;
  try {
    localStorage.setItem(TURN_KEY, String(turn));
  } catch {
    // Kept for this visit only.
  }
  placeSides();
});

record.dataset.facing = "bottom";
placeSides();
redraw(currentSnapshot(), boot.you);
page.classList.add("centre-ready");
