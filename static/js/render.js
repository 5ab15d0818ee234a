// Puts what the server rendered in place: the scoreboard and the hands of the history
// arrive as HTML in the reader's language (games/presenter.py), so nothing is worded
// here. Also the action buttons, which depend on this phone's rights.

import {el, t} from "./i18n.js";

export function names(state) {
  const out = state.standings.map(() => "");
  for (const seat of state.seats) out[seat.position] = seat.player.name;
  return out;
}

export function recorder(name) {
  return ["creator", "staff", "centre"].includes(name) ? t(name) : name;
}

function fragment(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

// Each hand's Correct button (writers see it, tables.css): added here rather than sent
// with every hand to every phone.
export function addCorrect(root) {
  for (const head of root.querySelectorAll(".hand .hand-head")) {
    if (head.querySelector("[data-correct]")) continue;
    const number = head.closest(".hand").dataset.number;
    head.append(el("button", {type: "button", class: "link-button correct-hand",
      dataset: {correct: number}}, t("correct")));
  }
}

function hand(html) {
  const node = fragment(html);
  addCorrect(node);
  showAnswers(node, currentYou);
  return node;
}

// Confirmation by the table (issue 29): the server says which seats may still confirm or
// dispute each hand (data-waiting, games/confirmations.py); this phone shows the ✓ and
// Dispute buttons when its seat is one of them.
let currentYou = null;
export function showAnswers(root, you) {
  currentYou = you;
  const seat = you?.can_write ? you.seat : null;
  for (const box of root.querySelectorAll(".confirm[data-waiting]")) {
    const waiting = box.dataset.waiting.split(" ").filter(Boolean).map(Number);
    const actions = box.querySelector(".confirm-actions");
    const mayAnswer = seat !== null && seat !== undefined && waiting.includes(seat);
    if (actions) actions.hidden = !mayAnswer;
    if (!mayAnswer) box.querySelector(".dispute-form")?.setAttribute("hidden", "");
  }
}

// Whether a message's view starts a new run of hands: it renders only the latest ones
// (rendered_from) and the phone would have a hole between them and those it holds.
export function startsOver(view) {
  return (view.rendered_from ?? view.hands_from) > view.hands_from;
}

// The hands numbered view.hands_from and up are replaced by the rendered ones (all the
// hands, when the view starts over); the history lists the latest first.
export function applyView(view) {
  const board = document.getElementById("scoreboard-body");
  if (view.scoreboard !== undefined) board.replaceChildren(fragment(view.scoreboard));
  const list = document.getElementById("history");
  const over = startsOver(view);
  for (const item of [...list.children]) {
    const number = Number(item.dataset.number);
    if (over || item.classList.contains("empty") || number >= view.hands_from) item.remove();
  }
  for (const entry of view.hands) list.prepend(hand(entry.html));
  if (!list.children.length) {
    const empty = document.createElement("li");
    empty.className = "empty";
    empty.textContent = t("no_hands");
    list.append(empty);
  }
}

// Earlier hands (oldest first) go below the ones shown.
export function appendEarlier(hands) {
  const list = document.getElementById("history");
  for (const entry of [...hands].reverse()) list.append(hand(entry.html));
}

// "Show earlier hands" while the history has hands before the oldest shown.
export function showEarlier(oldest) {
  const row = document.getElementById("earlier-row");
  if (row) row.hidden = !(oldest > 1);
}

export function markMe(you) {
  for (const card of document.querySelectorAll("#standings .player-card")) {
    card.classList.toggle("is-me", Boolean(you) && Number(card.dataset.position) === you.seat);
  }
}

// Recording works offline (the outbox sends the hand later); undo, redo, ending and
// reopening act on the table as it is now, so they wait for the connection.
// `mine`: {undo, redo}, this phone's own writes on their way make these possible before
// the table shows them (a hand just saved can be undone at once).
export function renderActions(state, you, online, mine = {}) {
  const canWrite = Boolean(you?.can_write);
  const page = document.getElementById("table-page");
  page.classList.toggle("can-write", canWrite);
  page.classList.toggle("ended", Boolean(state.table.ended_manually));
  document.getElementById("actions").hidden = !canWrite;
  const finished = state.table.finished;
  document.getElementById("undo").disabled = !(state.can_undo || mine.undo) || !online;
  document.getElementById("redo").disabled = !(state.can_redo || mine.redo) || !online;
  for (const button of document.querySelectorAll("[data-open-type]")) button.disabled = finished;
  document.getElementById("end-game").hidden = finished;
  document.getElementById("end-game").disabled = !online;
  document.getElementById("reopen-game").hidden = !state.table.ended_manually;
  document.getElementById("reopen-game").disabled = !online;
  // The ruleset's live declarations are made from a seated player's own phone while the
  // hand is played: a button each, pressed while this phone's player has made it.
  const seated = canWrite && you?.seat !== null && you?.seat !== undefined;
  for (const button of document.querySelectorAll("[data-declare]")) {
    const declared = declaredBy(state, button.dataset.declare).includes(you?.seat);
    button.hidden = !seated || finished;
    button.disabled = !online;
    button.textContent = declared ? button.dataset.off : button.dataset.on;
    button.setAttribute("aria-pressed", String(declared));
  }
}

// Who has made the live declaration `key` in the hand being played.
export function declaredBy(state, key) {
  const declared = state.declared;
  return (declared && !Array.isArray(declared) && declared[key]) || [];
}
