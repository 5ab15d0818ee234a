// The live table page: renders the snapshot, keeps it current over the websocket and
// sends hands, undo/redo, corrections and the end of the game.
//
// Modules: sync.js (websocket client), render.js (scoreboard, history, buttons),
// chart.js (SVG score chart), record.js (the record form), tiles.js (tile picker),
// i18n.js (strings and a tiny element builder).

import {drawChart} from "./chart.js";
import {el, signed, t} from "./i18n.js";
import {RecordPanel} from "./record.js";
import {fanList, handSummary, names, renderActions, renderHistory, renderScoreboard} from "./render.js";
import {TableSocket} from "./sync.js";

const page = document.getElementById("table-page");
const boot = JSON.parse(document.getElementById("table-boot").textContent);
const ui = JSON.parse(document.getElementById("ruleset-ui").textContent);

let snapshot = boot.snapshot;
let you = boot.you;
let correcting = null; // hand number being corrected, or null for a new hand
let previewTimer = null;
let previewToken = 0;

const status = document.getElementById("status");
const messageBox = document.getElementById("message");
const recordSection = document.getElementById("record");
const previewBox = document.getElementById("preview");
const saveButton = document.getElementById("save-hand");

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
}

// The scripts' record panel replaces the plain form kept for phones without scripts.
document.getElementById("quick-record")?.setAttribute("hidden", "");

const panel = new RecordPanel(document.getElementById("record-form"), ui,
  snapshot.outcome_types, names(snapshot), schedulePreview);

function render() {
  renderScoreboard(snapshot, you);
  renderHistory(snapshot, {canWrite: Boolean(you?.can_write), onCorrect: openCorrection});
  renderActions(snapshot, you);
  drawChart(document.getElementById("chart"), snapshot.chart, names(snapshot));
  panel.setNames(names(snapshot));
  page.dataset.seq = String(snapshot.seq);
  if (snapshot.table.finished && !correcting) closePanel();
}

const EVENT_TEXT = {hand_recorded: "recorded", hand_undone: "undone", hand_redone: "redone",
  hand_corrected: "corrected", game_ended: "ended", game_reopened: "reopened"};

const socket = new TableSocket(page.dataset.socket, {
  onSnapshot(next, nextYou) {
    snapshot = next;
    if (nextYou) you = nextYou;
    render();
  },
  onEvent(message) {
    const what = t(EVENT_TEXT[message.type] || message.type);
    const hand = message.hand_number ? ` ${message.hand_number}` : "";
    say(`${what}${hand} · ${t("by")} ${message.actor}`);
  },
  onStatus: setStatus,
  onError(message) {
    say(message.message || message.code, "error");
  },
});

// --- record panel ---------------------------------------------------------------------

function openPanel() {
  recordSection.hidden = false;
  document.getElementById("record-title").textContent =
    correcting ? `${t("correcting")} ${correcting}` : document.getElementById("open-record").textContent;
  saveButton.textContent = correcting ? t("save_correction") : t("save_hand");
  schedulePreview();
  recordSection.scrollIntoView({behavior: "smooth", block: "start"});
}

function closePanel() {
  recordSection.hidden = true;
  correcting = null;
  previewBox.replaceChildren();
}

function openCorrection(hand) {
  correcting = hand.number;
  panel.load(hand.outcome);
  openPanel();
}

function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(runPreview, 200);
}

function previewTable(result, outcome) {
  const who = names(snapshot);
  const scores = result.scores || [];
  const rows = result.deltas.map((delta, position) => el("tr", {dataset: {position}},
    el("th", {scope: "row"}, who[position]),
    el("td", {class: delta > 0 ? "up" : delta < 0 ? "down" : ""}, signed(delta)),
    el("td", {}, scores[position] ?? "")));
  const settlement = result.settlement || {};
  return [
    el("p", {class: "summary", id: "preview-summary"}, handSummary({type: outcome.type, outcome,
      results: settlement.results, summary: settlement.summary}, who)),
    ...(settlement.results || []).map(fanList).filter(Boolean),
    el("table", {class: "preview-table", id: "preview-table"}, el("tbody", {}, rows)),
  ];
}

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
  const token = (previewToken += 1);
  try {
    const result = await socket.preview(outcome, correcting);
    if (token !== previewToken) return;
    if (result.ok) {
      previewBox.replaceChildren(el("h3", {}, t("preview")), ...previewTable(result, outcome));
      saveButton.disabled = false;
    } else {
      previewBox.replaceChildren(el("p", {class: "alert alert-error"}, result.error.message));
      saveButton.disabled = true;
    }
  } catch (problem) {
    if (token !== previewToken) return;
    previewBox.replaceChildren(el("p", {class: "muted"}, problem.message || t("offline")));
  }
}

async function write(type, fields, doneText) {
  try {
    await socket.command(type, fields);
    say(doneText || t("saved"));
    return true;
  } catch (problem) {
    if (problem.type === "stale") say(t("stale"), "error");
    else say(`${t("error")}: ${problem.message || problem.code}`, "error");
    return false;
  }
}

saveButton.addEventListener("click", async () => {
  let outcome;
  try {
    outcome = panel.build();
  } catch (problem) {
    say(problem.incomplete || t("incomplete"), "error");
    return;
  }
  saveButton.disabled = true;
  const ok = correcting
    ? await write("correct_hand", {hand_number: correcting, outcome}, t("corrected"))
    : await write("record_hand", {outcome}, t("recorded"));
  saveButton.disabled = false;
  if (ok) {
    closePanel();
    panel.reset();
  }
});

document.getElementById("open-record").addEventListener("click", () => {
  correcting = null;
  openPanel();
});
document.getElementById("cancel-record").addEventListener("click", closePanel);
document.getElementById("undo").addEventListener("click", () => {
  if (window.confirm(t("confirm_undo"))) write("undo", {}, t("undone"));
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

render();
socket.connect();
// A handle for the browser tests and for debugging from the console.
window.mjTable = {socket, get snapshot() { return snapshot; }};
