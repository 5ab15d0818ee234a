// The live table page: renders the snapshot, keeps it current over the websocket and
// sends hands, undo/redo, corrections and the end of the game.
//
// One hand is recorded once: the record form fixes the seq it is based on when its
// player starts entering, the other phones see "Chen is entering a hand…", and a hand
// that lands meanwhile is shown in the form at once with a choice (discard mine, or
// record mine as the next hand); the server refuses a write based on an old seq. Hands
// go through sync.js's outbox, so nothing typed is lost to a dropped connection.
//
// Modules: sync.js (websocket client and outbox), render.js (scoreboard, history,
// buttons), chart.js (SVG score chart), record.js (the record form), tiles.js (tile
// picker), i18n.js (strings and a tiny element builder).

import {drawChart} from "./chart.js";
import {el, fmt, t} from "./i18n.js";
import {RecordPanel} from "./record.js";
import {applyView, markMe, names, recorder, renderActions} from "./render.js";
import {PRESENCE_REFRESH_MS, TableSocket} from "./sync.js";

const page = document.getElementById("table-page");
const boot = JSON.parse(document.getElementById("table-boot").textContent);
const ui = JSON.parse(document.getElementById("ruleset-ui").textContent);
const tableId = boot.snapshot.table.id;
const SNAPSHOT_KEY = `mjsite.snapshot.${tableId}`;

// The table as this phone knows it: the state, each hand's outcome and summary, and
// the undo question, all kept current by the socket's messages.
let snapshot = {...boot.snapshot, hands: boot.hands};
let undoQuestion = boot.undo_question;
let you = boot.you;
// The hand being entered: the seq it is based on and, for a correction, its number.
let entry = null;
let previewTimer = null;
let previewToken = 0;
let presenceTimer = null;
const entering = new Map(); // connection id -> {name, hand_number, expires}

const status = document.getElementById("status");
const messageBox = document.getElementById("message");
const recordSection = document.getElementById("record");
const previewBox = document.getElementById("preview");
const saveButton = document.getElementById("save-hand");
const conflictBox = document.getElementById("record-conflict");
const outboxBox = document.getElementById("outbox");
const presenceBox = document.getElementById("presence");

// The page as served may be older than what this phone last saw (a page kept by the
// service worker while offline): the newer stored one, with its rendered view, wins.
function storedMessage() {
  try {
    const stored = JSON.parse(localStorage.getItem(SNAPSHOT_KEY) || "null");
    if (stored?.snapshot?.seq > snapshot.seq && stored.snapshot.table?.id === tableId
        && stored.lang === document.documentElement.lang) return stored;
  } catch {
    // Unreadable storage: the served page is fine.
  }
  return null;
}

// The last whole view this phone showed, in its language, for a page opened offline.
function storeMessage() {
  try {
    const board = document.getElementById("scoreboard-body").innerHTML;
    const hands = snapshot.hands.map((hand) => ({...hand,
      html: document.querySelector(`#history > li[data-number="${hand.number}"]`)?.outerHTML || ""}));
    const {hands: _kept, ...state} = snapshot;
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({lang: document.documentElement.lang,
      snapshot: state, view: {scoreboard: board, hands, hands_from: 1,
        undo_question: undoQuestion}}));
  } catch {
    // Storage full or off: only the offline copy is lost.
  }
}

// A message with the table's state and the rendered hands that changed.
function take(message) {
  const view = message.view;
  const kept = snapshot.hands.filter((h) => h.number < view.hands_from);
  snapshot = {...message.snapshot,
    hands: [...kept, ...view.hands.map(({html: _html, ...hand}) => hand)]};
  undoQuestion = view.undo_question;
  applyView(view);
}

function say(text, kind = "info") {
  messageBox.textContent = text;
  messageBox.className = `alert alert-${kind}`;
  messageBox.hidden = !text;
  if (kind === "info" && text) {
    const shown = text;
    setTimeout(() => {
      if (messageBox.textContent === shown) messageBox.hidden = true;
    }, 4000);
  }
}

function setStatus(state) {
  status.dataset.state = state;
  status.textContent = {connecting: t("connecting"), live: t("live"), offline: t("offline"),
    forbidden: t("forbidden_watch"), not_found: t("not_found")}[state] || state;
  page.dataset.seq = String(snapshot.seq);
  renderActions(snapshot, you, socket?.online ?? false);
  if (state === "live") schedulePreview();
}

// The scripts' record panel replaces the plain form kept for phones without scripts.
document.getElementById("quick-record")?.setAttribute("hidden", "");

const panel = new RecordPanel(document.getElementById("record-form"), ui,
  snapshot.outcome_types, names(snapshot), schedulePreview);

function handByNumber(number) {
  return snapshot.hands.find((h) => h.number === number);
}

function describeHand(number) {
  return handByNumber(number)?.summary || "";
}

// "Hand 8 was just recorded by Chen: Dai wins on Bob's discard, 2000 points".
function describeEvent(message) {
  const actor = recorder(message.actor);
  const number = message.hand_number;
  const undoneCorrection = message.type === "hand_undone" && message.change === "correct";
  const key = undoneCorrection ? "just_undone_correction" : {hand_recorded: "just_recorded",
    hand_corrected: "just_corrected", hand_undone: "just_undone", hand_redone: "just_redone",
    game_ended: "just_ended", game_reopened: "just_reopened"}[message.type];
  const summary = ["hand_recorded", "hand_corrected", "hand_redone"].includes(message.type)
    ? describeHand(number) : "";
  const text = fmt(key || "just_changed", {number, actor});
  return summary ? fmt("what_and_which", {what: text, summary}) : text;
}

function renderYou() {
  const line = document.getElementById("you");
  if (!line || !you) return;
  const seat = snapshot.seats.find((s) => s.position === you.seat);
  const text = seat ? fmt("you_sit", {name: seat.player.name})
    : you.can_write ? t("you_creator") : t("you_watch");
  const join = page.dataset.join;
  line.replaceChildren(text, ...(seat || !join ? [] : [" ", el("a", {href: join}, t("take_seat"))]));
}

function render() {
  markMe(you);
  renderActions(snapshot, you, socket?.online ?? false);
  drawChart(document.getElementById("chart"), snapshot.chart, names(snapshot));
  panel.setNames(names(snapshot));
  renderYou();
  page.dataset.seq = String(snapshot.seq);
  if (!you?.can_write && !recordSection.hidden) {
    closePanel();
    say(t("seat_freed"), "error");
  }
  if (snapshot.table.finished && entry && !entry.handNumber) closePanel();
}

const socket = new TableSocket(page.dataset.socket, {
  onSnapshot(message, nextYou) {
    take(message);
    if (nextYou) you = nextYou;
    storeMessage();
    render();
  },
  onEvent(message) {
    const mine = socket.isMine(message.command_id);
    if (!mine && entry && message.seq > entry.baseSeq) showConflict(message);
    if (!mine) say(describeEvent(message));
    if (message.type === "game_ended" || (message.type === "hand_recorded"
        && snapshot.table.finished)) followToResults(message);
  },
  onStatus: setStatus,
  onError(message) {
    say(message.message || message.code, "error");
  },
  onOutbox: renderOutbox,
  onPresence(message) {
    if (message.entering) {
      entering.set(message.id, {name: message.name, hand_number: message.hand_number,
        expires: Date.now() + 1000 * (message.ttl || 45)});
    } else {
      entering.delete(message.id);
    }
    renderPresence();
  },
  onAnswer(sent, message) {
    if (message.type === "ack") {
      say(sent.message.type === "correct_hand" ? t("corrected") : t("recorded"));
    }
  },
}, `mjsite.outbox.${tableId}`, snapshot.seq);

// Everyone goes to the results when the game ends, unless this phone still holds
// hands it could not send (they would wait there unseen).
function followToResults(message) {
  if (socket.outbox.entries.length) return;
  closePanel();
  say(describeEvent(message));
  setTimeout(() => { window.location.href = page.dataset.results; }, 1200);
}

// --- presence --------------------------------------------------------------------------

function renderPresence() {
  const now = Date.now();
  for (const [id, who] of entering) if (who.expires < now) entering.delete(id);
  const lines = [...entering.values()].map((who) => (who.hand_number
    ? fmt("presence_correcting", {name: recorder(who.name), number: who.hand_number})
    : fmt("presence_entering", {name: recorder(who.name)})));
  presenceBox.replaceChildren(...lines.map((line) => el("span", {}, line)));
  presenceBox.hidden = !lines.length;
}
setInterval(renderPresence, 5000);

function announceEntering(active) {
  clearInterval(presenceTimer);
  socket.presence(active, entry?.handNumber || null);
  if (active) presenceTimer = setInterval(() => socket.presence(true, entry?.handNumber || null),
    PRESENCE_REFRESH_MS);
}

// --- record panel ---------------------------------------------------------------------

function openPanel(handNumber = null) {
  // What this phone shows (and its own hands on their way) is what the player decides on.
  entry = {baseSeq: socket.nextBase, handNumber};
  conflictBox.hidden = true;
  saveButton.hidden = false;
  recordSection.hidden = false;
  document.getElementById("record-title").textContent = handNumber
    ? `${t("correcting")} ${handNumber}` : document.getElementById("open-record").textContent;
  saveButton.textContent = handNumber ? t("save_correction") : t("save_hand");
  announceEntering(true);
  schedulePreview();
  recordSection.scrollIntoView({behavior: "smooth", block: "start"});
}

function closePanel() {
  if (entry) announceEntering(false);
  recordSection.hidden = true;
  entry = null;
  conflictBox.hidden = true;
  previewBox.replaceChildren();
}

function openCorrection(number) {
  const hand = handByNumber(number);
  if (!hand) return;
  panel.load(hand.outcome);
  openPanel(number);
}

// Each hand's Correct button comes with the server's HTML; writers see it (CSS).
document.getElementById("history").addEventListener("click", (event) => {
  const button = event.target.closest("[data-correct]");
  if (button) openCorrection(Number(button.dataset.correct));
});

// Someone else changed the table while this form was open: say what, and let the
// player choose instead of recording on top of a table they have not seen.
function showConflict(message) {
  const next = snapshot.hands.length + 1;
  const again = entry.handNumber
    ? fmt("correct_anyway", {number: entry.handNumber})
    : fmt("record_as", {number: next});
  conflictBox.replaceChildren(
    el("p", {id: "conflict-text"}, describeEvent(message)),
    el("div", {class: "row"},
      el("button", {type: "button", class: "button", id: "conflict-discard",
        onclick: () => { closePanel(); panel.reset(); }}, t("discard_mine")),
      el("button", {type: "button", class: "button button-primary", id: "conflict-record",
        onclick: () => { entry.baseSeq = socket.nextBase; save(); }}, again)));
  conflictBox.hidden = false;
  saveButton.hidden = true;
  conflictBox.scrollIntoView({behavior: "smooth", block: "nearest"});
  schedulePreview();
}

function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(runPreview, 200);
}

let lastPreview = null; // {outcome text, summary} of the preview on screen

async function runPreview() {
  if (recordSection.hidden) return;
  let outcome;
  try {
    outcome = panel.build();
  } catch (problem) {
    previewBox.replaceChildren(el("p", {class: "muted"}, problem.incomplete || t("preview_none")));
    saveButton.disabled = true;
    return;
  }
  if (!socket.online) {
    // Offline the server cannot price the hand: it is checked when it is sent.
    previewBox.replaceChildren(el("p", {class: "alert", id: "preview-offline"}, t("offline_save")));
    saveButton.disabled = false;
    return;
  }
  const token = (previewToken += 1);
  try {
    const result = await socket.preview(outcome, entry?.handNumber);
    if (token !== previewToken) return;
    if (result.ok) {
      lastPreview = {outcome: JSON.stringify(outcome), summary: result.summary};
      const template = document.createElement("template");
      template.innerHTML = result.html;
      previewBox.replaceChildren(template.content);
      saveButton.disabled = false;
    } else {
      previewBox.replaceChildren(el("p", {class: "alert alert-error"}, result.error.message));
      saveButton.disabled = true;
    }
  } catch (problem) {
    if (token !== previewToken) return;
    if (problem.code === "offline") {
      previewBox.replaceChildren(el("p", {class: "alert", id: "preview-offline"}, t("offline_save")));
      saveButton.disabled = false;
    } else {
      previewBox.replaceChildren(el("p", {class: "muted"}, problem.message || t("offline")));
    }
  }
}

// Save the hand on screen: it goes to the outbox (sent now, or when the connection
// returns) based on the seq fixed when the player started entering it.
function save() {
  let outcome;
  try {
    outcome = panel.build();
  } catch (problem) {
    say(problem.incomplete || t("incomplete"), "error");
    return;
  }
  const text = JSON.stringify(outcome);
  const label = lastPreview?.outcome === text ? lastPreview.summary : t(`type_${outcome.type}`);
  const correcting = entry?.handNumber;
  const fields = correcting ? {hand_number: correcting, outcome} : {outcome};
  socket.command(correcting ? "correct_hand" : "record_hand", fields,
    {baseSeq: entry ? entry.baseSeq : socket.nextBase, persist: true, label}).catch(() => {});
  closePanel();
  panel.reset();
}

saveButton.addEventListener("click", save);

// --- outbox ---------------------------------------------------------------------------

function outboxChoice(sent) {
  const label = sent.label ? `${sent.label}` : t("a_hand");
  const number = sent.message.hand_number;
  if (sent.state === "stale") {
    const last = snapshot.hands[snapshot.hands.length - 1];
    const latest = last ? fmt("latest_hand", {number: last.number,
      actor: recorder(last.recorded_by), summary: last.summary}) : "";
    const again = number ? fmt("correct_anyway", {number})
      : fmt("record_as", {number: snapshot.hands.length + 1});
    return [el("p", {}, fmt("not_recorded_stale", {label}), latest ? ` ${latest}` : ""),
      el("div", {class: "row"},
        el("button", {type: "button", class: "button", dataset: {action: "discard"},
          onclick: () => socket.discard(sent.id)}, t("discard_mine")),
        el("button", {type: "button", class: "button button-primary", dataset: {action: "rebase"},
          onclick: () => socket.rebase(sent.id)?.catch(() => {})}, again))];
  }
  const reason = sent.error?.code === "server_failed" ? t("server_failed")
    : (sent.error?.message || sent.error?.code || "");
  return [el("p", {}, fmt("not_recorded_error", {label, reason})),
    el("div", {class: "row"},
      el("button", {type: "button", class: "button", dataset: {action: "discard"},
        onclick: () => socket.discard(sent.id)}, t("discard_mine")),
      el("button", {type: "button", class: "button button-primary", dataset: {action: "edit"},
        onclick: () => editFromOutbox(sent)}, t("edit")))];
}

function editFromOutbox(sent) {
  socket.discard(sent.id);
  const {outcome, hand_number: number} = sent.message;
  panel.load(outcome);
  openPanel(number || null);
}

function renderOutbox(entries) {
  const waiting = entries.filter((e) => e.state === "pending");
  const refused = entries.filter((e) => e.state !== "pending");
  const parts = [];
  if (waiting.length) {
    parts.push(el("p", {class: "outbox-waiting", id: "outbox-waiting"},
      waiting.length === 1 ? t("outbox_one") : fmt("outbox_many", {count: waiting.length})));
  }
  for (const sent of refused) {
    parts.push(el("div", {class: "alert alert-error outbox-entry", dataset: {id: sent.id,
      state: sent.state}}, ...outboxChoice(sent)));
  }
  outboxBox.replaceChildren(...parts);
  outboxBox.hidden = !parts.length;
}

// Leaving with hands not yet sent asks first (they stay in this browser either way).
window.addEventListener("beforeunload", (event) => {
  if (socket.outbox.pending().length) {
    event.preventDefault();
    event.returnValue = "";
  }
});

// --- buttons --------------------------------------------------------------------------

async function write(type, fields, doneText) {
  try {
    await socket.command(type, fields);
    say(doneText || t("saved"));
    return true;
  } catch (problem) {
    if (problem.type === "stale") say(t("stale"), "error");
    else if (problem.code === "offline") say(t("offline_action"), "error");
    else say(`${t("error")}: ${problem.message || problem.code}`, "error");
    return false;
  }
}


document.getElementById("open-record").addEventListener("click", () => openPanel());
document.getElementById("cancel-record").addEventListener("click", () => {
  closePanel();
  panel.reset();
});
document.getElementById("undo").addEventListener("click", () => {
  if (window.confirm(undoQuestion || t("confirm_undo"))) write("undo", {}, t("undone"));
});
document.getElementById("redo").addEventListener("click", () => write("redo", {}, t("redone")));
document.getElementById("end-game").addEventListener("click", async () => {
  if (window.confirm(t("confirm_end")) && await write("end_game", {}, t("ended"))) {
    window.location.href = page.dataset.results;
  }
});
document.getElementById("reopen-game").addEventListener("click",
  () => write("reopen_game", {}, t("reopened")));
document.getElementById("join-url")?.addEventListener("focus", (e) => e.target.select());

// --- the phone stays awake at the table -----------------------------------------------

let wakeLock = null;
async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
  } catch {
    wakeLock = null; // refused (battery saver) or not allowed here: the screen may sleep
  }
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && (!wakeLock || wakeLock.released)) keepAwake();
});
keepAwake();

const stored = storedMessage();
if (stored) take(stored);
render();
renderOutbox(socket.outbox.entries);
socket.connect();
// A handle for the browser tests and for debugging from the console.
window.mjTable = {socket, get snapshot() { return snapshot; }, get wakeLock() { return wakeLock; }};
