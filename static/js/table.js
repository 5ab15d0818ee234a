// The live table page: renders the snapshot, keeps it current over the websocket and
// sends hands, undo/redo, corrections and the end of the game.
//
// One hand is recorded once: the record sheet fixes the seq it is based on when its
// player starts entering, the other phones see "Chen is entering a hand…", and a hand
// that lands meanwhile is shown in the sheet at once with a choice (discard mine, or
// record mine as the next hand); the server refuses a write based on an old seq. Hands
// go through sync.js's outbox, so nothing typed is lost to a dropped connection.
//
// The sheet is the server's form (games/record_sheet.py); what is filled in goes to the
// server as it is ({form: fields}) and the server reads it, for the preview and the save.
//
// Modules: sync.js (websocket client and outbox), render.js (scoreboard, history,
// buttons), chart.js (SVG score chart), record.js (the record sheet), picker.js (tile
// picker), i18n.js (strings and a tiny element builder), notices.js (answers at the
// bottom of the screen), awake.js (the screen wake lock), stored.js (the offline copy),
// motion.js (scrolling that honours reduced motion).

import {stayAwake, wakeLock} from "./awake.js";
import {drawChart} from "./chart.js";
import {bringIntoView} from "./motion.js";
import {el, fill, fmt, t} from "./i18n.js";
import {placeNotices, say} from "./notices.js";
import {storedMessage, storeMessage} from "./stored.js";
import {RecordSheet} from "./record.js";
import {addCorrect, appendEarlier, applyView, declaredBy, markMe, names, recorder,
  renderActions, showAnswers, showEarlier, startsOver} from "./render.js";
import {BUILD, PRESENCE_REFRESH_MS, TableSocket} from "./sync.js";
import {RoundClock} from "./clock.js";

const page = document.getElementById("table-page");
const boot = JSON.parse(document.getElementById("table-boot").textContent);
const tableId = boot.snapshot.table.id;
const MODE_KEY = `mjsite.mode.${tableId}`; // tiles or quick, as this phone entered last
// The ruleset's live declarations, their texts in the page's language (scoring/registry.py).
const declarations = new Map(boot.declarations.map((d) => [d.key, d]));
const DECLARED = "declaration_changed"; // the event of one made or taken back
// Events that change no hand: a hand being entered moves onto them (no conflict).
const ANSWERS = new Set(["hand_confirmed", "hand_disputed"]);

// The table as this phone knows it: the state, each hand's outcome and summary, and
// the summary of the hand undo would take back when the history here does not show it,
// all kept current by the socket's messages.
let snapshot = {...boot.snapshot, hands: boot.hands};
let undoSummary = boot.undo_summary || "";
let you = boot.you;
// The hand being entered: the seq it is based on and, for a correction, its number.
let entry = null;
let previewTimer = null;
// The sheet's preview asks the server about one state of the sheet at a time: a change
// while an answer is on its way asks again once it is in (that answer is for an older
// sheet and is not shown). A slow socket then never piles up previews at the server,
// where a burst counts against the phone's read limit (games/socket_limits.py), and the
// sheet always settles on the answer to its latest state.
let previewToken = 0; // one more for each change of the sheet; an older answer is not shown
let previewOut = false; // a preview is on its way
let previewAgain = false; // the sheet changed while it was
let presenceTimer = null;
const entering = new Map(); // connection id -> {name, hand_number, expires}
// Pages built on this one (the tablet in the middle of the table, centre.js) redraw
// their parts after each render: fn(snapshot, you).
export const renderHooks = [];

const status = document.getElementById("status");
const recordSection = document.getElementById("record");
const recordForm = document.getElementById("record-form");
const previewBox = document.getElementById("preview");
const previewLine = document.getElementById("preview-line");
const saveButton = document.getElementById("save-hand");
const conflictBox = document.getElementById("record-conflict");
const outboxBox = document.getElementById("outbox");
const footerOutbox = document.getElementById("footer-outbox");
const presenceBox = document.getElementById("presence");

// The chart after a message: its points from `next.from` on replace this phone's (a
// whole snapshot's chart starts at 0). Null if this phone lacks the points before.
function mergeChart(old, next) {
  if (!next) return old;
  const from = next.from ?? 0;
  if (from > 0 && (!old || old.labels.length < from)) return null;
  return {labels: [...(from ? old.labels.slice(0, from) : []), ...next.labels],
    series: next.series.map((points, i) => [...(from ? old.series[i].slice(0, from) : []),
      ...points])};
}

// The oldest hand this phone holds (the count plus one when it holds none).
function oldestHeld() {
  return snapshot.hands.length ? snapshot.hands[0].number : (snapshot.hand_count ?? 0) + 1;
}

const UNSET = {finished: false, ended_manually: false};

// A message with the table's state and the rendered hands that changed: a whole
// snapshot, what was missed while away, or an event (only what a write changes).
function take(message) {
  const view = message.view;
  const kept = startsOver(view) ? [] : snapshot.hands.filter((h) => h.number < view.hands_from);
  const next = message.snapshot;
  const chart = mergeChart(snapshot.chart, next.chart);
  // An event names only the table's flags that are set (games/presenter.py).
  snapshot = {...snapshot, ...next, table: {...snapshot.table, ...UNSET, ...next.table},
    chart: chart || next.chart,
    hands: [...kept, ...view.hands.map(({html: _html, ...hand}) => hand)]};
  undoSummary = view.undo_summary || ""; // none: the message rendered that hand
  applyView(view);
  showEarlier(oldestHeld());
  if (!chart && socket) socket.requestSnapshot(); // points missing here: the whole table
}

function setStatus(state) {
  status.dataset.state = state;
  status.textContent = {connecting: t("connecting"), live: t("live"), offline: t("offline"),
    unreachable: t("unreachable"), forbidden: t("forbidden_watch"),
    not_found: t("not_found"), outdated: t("outdated")}[state] || state;
  if (state === "outdated") sayOutdated();
  page.dataset.seq = String(snapshot.seq);
  refreshActions();
  // The sheet says at once whether the hand is priced now or waits for the connection.
  schedulePreview();
  if (socket) renderOutbox(socket.outbox.entries);
}

// Undo is there as soon as this phone saved something, even before the table shows it;
// Redo as soon as it undid something. On a page to reload the buttons stay: a tap is
// answered by the notice that says to reload (refused()), not by a dead button.
function refreshActions() {
  const online = (socket?.online || socket?.outdated) ?? false;
  const writes = socket ? socket.writes() : [];
  renderActions(snapshot, you, online, {
    undo: Boolean(socket?.busy) && writes.every((w) => w.message.type !== "end_game"),
    redo: writes.some((w) => w.message.type === "undo")});
}

const sheet = new RecordSheet(recordForm,
  JSON.parse(document.getElementById("record-tiles").textContent), schedulePreview);

function handByNumber(number) {
  return snapshot.hands.find((h) => h.number === number);
}

// A hand's summary, from its entry in the history (the server's words).
function describeHand(number) {
  return document.querySelector(`#history > li[data-number="${number}"] .summary`)
    ?.textContent || "";
}

// What Undo asks before it takes back the latest change still in force: the hand by
// its summary, as its entry in the history says it (the server's words), or as the
// last message said it when this phone's history does not hold that hand.
function undoQuestion() {
  const target = snapshot.undo;
  if (!target) return "";
  const number = target.number;
  if (target.kind === "correct") return fmt("undo_correction", {number});
  return fmt("undo_hand", {number, summary: describeHand(number) || undoSummary});
}

// The game's number of hands (this phone may hold only the latest).
function handCount() {
  return snapshot.hand_count ?? snapshot.hands.length;
}

// "Hand 8 was just recorded by Chen: Dai wins on Bob's discard, 2000 points".
function describeEvent(message) {
  if (message.type === DECLARED) {
    const name = names(snapshot)[message.player] || recorder(message.actor);
    const declaration = declarations.get(message.declaration);
    const text = declaration ? (message.on ? declaration.said : declaration.unsaid) : "";
    return text ? fill(text, {name}) : fmt("just_changed", {actor: name});
  }
  const actor = recorder(message.actor);
  const number = message.hand_number;
  if (ANSWERS.has(message.type)) {
    return fmt(message.type === "hand_confirmed" ? "just_confirmed" : "just_disputed",
      {number, actor});
  }
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
  showAnswers(document.getElementById("history"), you);
  refreshActions();
  drawChart(document.getElementById("chart"), snapshot.chart, names(snapshot));
  renderYou();
  page.dataset.seq = String(snapshot.seq);
  if (!you?.can_write && entry) {
    closePanel();
    say(t("seat_freed"), "error");
  }
  if (snapshot.table.finished && entry && !entry.handNumber) closePanel();
  for (const hook of renderHooks) hook(snapshot, you);
}

// The round clock, when one times this table (games/clock.py): its warnings are notices.
export const clock = new RoundClock(document, (text) => say(text));

const socket = new TableSocket(page.dataset.socket, {
  onMessage(message) {
    if (message.type === "clock") clock.update(message);
  },
  onSnapshot(message, nextYou) {
    take(message);
    if (nextYou) you = nextYou;
    storeMessage(snapshot, undoSummary, BUILD);
    render();
  },
  onEvent(message) {
    const mine = socket.isMine(message.command_id);
    if (entry && message.type === DECLARED && message.seq === entry.baseSeq + 1) {
      // A declaration changes no hand: the hand being entered moves onto it, its
      // declarer ticked (or unticked), instead of a conflict.
      entry.baseSeq = message.seq;
      recordForm.elements.base_seq.value = String(entry.baseSeq);
      if (!entry.handNumber) {
        presetDeclared();
        schedulePreview();
      }
    } else if (entry && ANSWERS.has(message.type) && message.seq === entry.baseSeq + 1) {
      // A hand confirmed or disputed changes none: the hand being entered moves onto it.
      entry.baseSeq = message.seq;
      recordForm.elements.base_seq.value = String(entry.baseSeq);
    } else if (!mine && entry && message.seq > entry.baseSeq) showConflict(message);
    if (!mine) say(describeEvent(message));
    if (message.type === "game_ended" || (message.type === "hand_recorded"
        && snapshot.table.finished)) followToResults(message);
  },
  onStatus: setStatus,
  onError(message) {
    // The server's sentence in this page's language; never its code or developer text.
    say(message.text || t("error"), "error");
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
      return;
    }
    // Refused: the choice it needs is in the outbox box; the notice says so where the
    // player is looking and takes them there.
    const label = sent.label || t("a_hand");
    const text = message.type === "stale" ? fmt("not_recorded_stale", {label})
      : fmt("not_recorded_error", {label, reason: message.code === "server_failed"
        ? t("server_failed") : (message.text || t("error"))});
    say(text, "error", {label: t("choose"), run: showOutbox});
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

// --- record sheet ----------------------------------------------------------------------

// Each live declaration's field of every result on the sheet (its key) ticks the players
// who made it in the hand being played.
function presetDeclared() {
  for (const key of declarations.keys()) {
    for (const part of recordForm.querySelectorAll(".outcome-part")) {
      sheet.preset(`${part.dataset.type}.${key}`, declaredBy(snapshot, key));
    }
  }
}

// The sheet as it opens: a result's own button picks it (one tap), the mode this phone
// used last (tiles or quick) is ticked, the declarations made live are already ticked.
function freshSheet(type) {
  sheet.reset(type);
  const mode = localStorage.getItem(MODE_KEY);
  if (mode) {
    for (const radio of recordForm.querySelectorAll(`[data-kind=mode] input[value="${mode}"]`)) {
      radio.checked = true;
    }
  }
  presetDeclared();
  sheet.refresh();
}

function openPanel(handNumber = null) {
  placeAnalyseLink();
  // What this phone shows (and its own hands on their way) is what the player decides on.
  // `made`: this phone's own writes so far; those made while the sheet is open (an undo
  // confirmed meanwhile) go before the hand, which is based on them too.
  entry = {baseSeq: socket.nextBase, made: socket.made, handNumber};
  recordForm.elements.base_seq.value = String(entry.baseSeq);
  recordForm.elements.hand_number.value = handNumber ? String(handNumber) : "";
  conflictBox.hidden = true;
  saveButton.hidden = false;
  recordSection.open = true;
  document.getElementById("record-title").textContent = handNumber
    ? fmt("correcting_hand", {number: handNumber}) : t("record_hand");
  saveButton.textContent = handNumber ? t("save_correction") : t("save_hand");
  document.getElementById("cancel-record").hidden = false;
  placeNotices();
  announceEntering(true);
  schedulePreview();
  bringIntoView(recordSection);
}

function closePanel() {
  if (entry) announceEntering(false);
  recordSection.open = false;
  placeNotices();
  entry = null;
  conflictBox.hidden = true;
  document.getElementById("cancel-record").hidden = true;
  previewBox.replaceChildren();
  previewLine.textContent = "";
  lastPreview = null;
  previewToken += 1; // an answer still on its way is for a sheet that is gone
}

// Opening the sheet by its summary (or a shortcut) starts an entry; closing it ends it.
recordSection.addEventListener("toggle", () => {
  if (recordSection.open && !entry) {
    freshSheet(sheet.type);
    openPanel();
  } else if (!recordSection.open && entry) {
    closePanel();
  }
});

for (const button of document.querySelectorAll("[data-open-type]")) {
  button.addEventListener("click", () => {
    if (entry && !entry.handNumber && sheet.type === button.dataset.openType) {
      bringIntoView(recordSection);
      return;
    }
    openSheet(button.dataset.openType);
  });
}

// The record sheet, fresh, on a result (`type`; null: the one it shows).
export function openSheet(type = null) {
  if (entry) closePanel();
  freshSheet(type || sheet.type);
  openPanel();
}

// A hand's record-sheet fields come with the hands of a snapshot or a page, not with
// the event that showed it: asked for when it is corrected.
async function handFields(number) {
  const hand = handByNumber(number);
  if (!hand || hand.fields) return hand?.fields;
  const page = await socket.hands(number + 1, 1);
  const fresh = page.hands.find((h) => h.number === number);
  const held = handByNumber(number);
  if (fresh && held && held.revision === fresh.revision) held.fields = fresh.fields;
  return fresh?.fields;
}

async function openCorrection(number) {
  let fields;
  try {
    fields = await handFields(number);
  } catch (problem) {
    refused(problem);
    return;
  }
  if (!fields) return;
  if (entry) closePanel();
  sheet.load(fields);
  openPanel(number);
}

// --- earlier hands ----------------------------------------------------------------------

// The hands before the oldest this phone holds, asked for when the reader scrolls to
// them (or taps the link, which without scripts opens the page with every hand).
let loadingEarlier = false;
async function loadEarlier() {
  const before = oldestHeld();
  if (loadingEarlier || before <= 1) return;
  loadingEarlier = true;
  const link = document.getElementById("earlier-hands");
  link.setAttribute("aria-busy", "true");
  try {
    const page = await socket.hands(before);
    // Still what this phone holds, and no older than it (later events redo what changed).
    const last = page.hands[page.hands.length - 1];
    if (oldestHeld() === before && page.seq >= socket.seq && last?.number === before - 1) {
      snapshot = {...snapshot, hands: [...page.hands.map(({html: _html, ...h}) => h),
        ...snapshot.hands]};
      appendEarlier(page.hands);
    }
  } catch (problem) {
    refused(problem);
  } finally {
    loadingEarlier = false;
    link.removeAttribute("aria-busy");
    showEarlier(oldestHeld());
  }
}

document.getElementById("earlier-hands").addEventListener("click", (event) => {
  event.preventDefault();
  loadEarlier();
});
if ("IntersectionObserver" in window) {
  new IntersectionObserver((seen) => {
    if (seen.some((e) => e.isIntersecting) && socket.online) loadEarlier();
  }).observe(document.getElementById("earlier-row"));
}

// Each hand's Correct button comes with the server's HTML; writers see it (CSS).
document.getElementById("history").addEventListener("click", (event) => {
  const button = event.target.closest("[data-correct]");
  if (button) openCorrection(Number(button.dataset.correct));
});

// Confirmation by the table (issue 29): ✓ confirms the hand as this phone shows it (its
// revision); Dispute opens a note, sent with it. The server checks who may answer.
document.getElementById("history").addEventListener("click", (event) => {
  const yes = event.target.closest("[data-confirm]");
  if (yes) {
    const box = yes.closest(".confirm");
    yes.disabled = true;
    write("confirm_hand", {hand_number: Number(box.dataset.hand),
      revision: Number(box.dataset.revision)}, t("confirmed")).finally(() => {
      yes.disabled = false;
    });
    return;
  }
  const open = event.target.closest("[data-dispute-open]");
  if (open) {
    const form = open.closest(".confirm").querySelector(".dispute-form");
    form.hidden = !form.hidden;
    if (!form.hidden) form.elements.note.focus();
  }
});
document.getElementById("history").addEventListener("submit", (event) => {
  const form = event.target.closest(".dispute-form");
  if (!form) return;
  event.preventDefault();
  const box = form.closest(".confirm");
  const note = form.elements.note.value.trim();
  if (!note) return;
  write("dispute_hand", {hand_number: Number(box.dataset.hand),
    revision: Number(box.dataset.revision), note}, t("disputed"));
});

// Someone else changed the table while this form was open: say what, and let the
// player choose instead of recording on top of a table they have not seen.
function showConflict(message) {
  const next = handCount() + 1;
  const again = entry.handNumber
    ? fmt("correct_anyway", {number: entry.handNumber})
    : fmt("record_as", {number: next});
  conflictBox.replaceChildren(
    el("p", {id: "conflict-text"}, describeEvent(message)),
    el("div", {class: "row"},
      el("button", {type: "button", class: "button", id: "conflict-discard",
        onclick: () => { closePanel(); sheet.reset(); }}, t("discard_mine")),
      el("button", {type: "button", class: "button button-primary", id: "conflict-record",
        onclick: () => {
          entry.baseSeq = socket.nextBase;
          entry.made = socket.made;
          save();
        }}, again)));
  conflictBox.hidden = false;
  saveButton.hidden = true;
  bringIntoView(conflictBox, "nearest");
  schedulePreview();
}

function schedulePreview(wait = 200) {
  previewToken += 1; // the sheet changed: an answer on its way is for an older one
  clearTimeout(previewTimer);
  previewTimer = setTimeout(runPreview, wait);
}

let lastPreview = null; // {form text, summary} of the preview on screen

// The sheet while the server cannot price the hand: Save keeps it on this phone until
// the connection returns, or until the page is reloaded when the site was upgraded.
function showHeld() {
  const outdated = socket.outdated;
  showPreview([el("p", {class: "alert", id: outdated ? "preview-outdated" : "preview-offline"},
    t(outdated ? "outdated_save" : "offline_save"))],
  t(outdated ? "outdated_short" : "offline_short"), true);
}

function showPreview(nodes, line, canSave) {
  previewBox.replaceChildren(...nodes);
  previewLine.textContent = line;
  saveButton.disabled = !canSave;
}

async function runPreview() {
  const token = previewToken;
  if (!entry) return;
  const form = sheet.values();
  if (!sheet.type) {
    showPreview([], t("preview_none"), false);
    return;
  }
  if (!socket.online) {
    // Offline the server cannot price the hand: it is checked when it is sent.
    showHeld();
    return;
  }
  if (previewOut) {
    previewAgain = true;
    return;
  }
  previewOut = true;
  let result;
  try {
    result = await socket.preview({form}, entry?.handNumber);
  } catch (problem) {
    result = {problem};
  }
  previewOut = false;
  if (token !== previewToken) {
    if (previewAgain) {
      previewAgain = false;
      runPreview();
    }
    return;
  }
  previewAgain = false; // asked about this very sheet: the answer is in
  const problem = result.problem;
  if (problem?.code === "rate_limited") {
    // Not refused, only early: asked again after the server's wait. Nothing the player
    // does should be needed for Save to come on.
    schedulePreview(1000 * (Number(problem.retry_after) || 1));
  } else if (problem?.code === "offline" || problem?.code === "outdated") {
    showHeld();
  } else if (problem) {
    showPreview([el("p", {class: "muted"}, problem.text || t("error"))], "", false);
  } else {
    if (result.ok || !sheet.started()) markField(null);
    if (result.ok) {
      lastPreview = {form: JSON.stringify(form), summary: result.summary};
      const template = document.createElement("template");
      template.innerHTML = result.html;
      showPreview([template.content], result.summary, true);
    } else if (!sheet.started()) {
      // Nothing said yet (a draw with nobody ready is complete as it is): no error for
      // fields nobody has reached.
      showPreview([], t("preview_none"), false);
    } else {
      // Not a hand yet, or a wrong one: the server's sentence says which field.
      const text = result.error.text || t("error");
      showPreview([el("p", {class: "alert alert-error", id: "preview-error"}, text)], text,
        false);
      markField(result.error.control);
    }
  }
}

// The field an error names (the server found its control), outlined until the sheet
// changes; the one a page without scripts outlined goes too.
function markField(name) {
  for (const node of recordForm.querySelectorAll(".has-error")) node.classList.remove("has-error");
  for (const node of recordForm.querySelectorAll("[data-error]")) node.removeAttribute("data-error");
  if (!name) return;
  const control = recordForm.querySelector(`[data-control="${CSS.escape(name)}"]`);
  control?.classList.add("has-error");
}

// Save the hand on screen: it goes to the outbox (sent now, or when the connection
// returns) based on the seq fixed when the player started entering it.
function save() {
  const form = sheet.values();
  const text = JSON.stringify(form);
  const label = lastPreview?.form === text ? lastPreview.summary
    : recordForm.querySelector(`#outcome-types input[value="${CSS.escape(sheet.type)}"]`)
      ?.nextElementSibling?.textContent || t("a_hand");
  const mode = recordForm.querySelector("[data-kind=mode] input:checked:not([hidden])");
  if (mode) localStorage.setItem(MODE_KEY, mode.value);
  const correcting = entry?.handNumber;
  const fields = correcting ? {hand_number: correcting, form} : {form};
  const offline = !socket.online;
  socket.command(correcting ? "correct_hand" : "record_hand", fields,
    {baseSeq: entry ? entry.baseSeq + socket.made - entry.made : socket.nextBase, label})
    .catch(() => {});
  closePanel();
  sheet.reset();
  // The result shows up in the standings (and the outbox box under them): the player
  // is taken there instead of staying at the bottom of a closed sheet.
  bringIntoView(document.getElementById("scoreboard"));
  if (socket.outdated) sayOutdated();
  else if (offline) say(t("saved_offline"));
}

// A draw's ready picks get a link to the analyser right after them: was a hand ready?
const analyse = document.getElementById("record-analyse");
function placeAnalyseLink() {
  const tenpai = sheet.part()?.querySelector("[data-control$='.tenpai'][data-kind=players]");
  if (tenpai) tenpai.after(analyse);
  analyse.hidden = !tenpai;
}
recordForm.addEventListener("change", placeAnalyseLink);

// The sheet is a form: Save submits it; with scripts it goes over the socket.
recordForm.addEventListener("submit", (event) => {
  event.preventDefault();
  if (!saveButton.disabled) save();
});

// --- outbox ---------------------------------------------------------------------------

function outboxChoice(sent) {
  const label = sent.label ? `${sent.label}` : t("a_hand");
  const number = sent.message.hand_number;
  if (sent.state === "stale") {
    const last = handByNumber(handCount());
    const latest = last ? fmt("latest_hand", {number: last.number,
      actor: recorder(last.recorded_by), summary: describeHand(last.number)}) : "";
    const again = number ? fmt("correct_anyway", {number})
      : fmt("record_as", {number: handCount() + 1});
    return [el("p", {}, fmt("not_recorded_stale", {label}), latest ? ` ${latest}` : ""),
      el("div", {class: "row"},
        el("button", {type: "button", class: "button", dataset: {action: "discard"},
          onclick: () => socket.discard(sent.id)}, t("discard_mine")),
        el("button", {type: "button", class: "button button-primary", dataset: {action: "rebase"},
          onclick: () => socket.rebase(sent.id)?.catch(() => {})}, again))];
  }
  const reason = sent.error?.code === "server_failed" ? t("server_failed")
    : (sent.error?.text || t("error"));
  return [el("p", {}, fmt("not_recorded_error", {label, reason})),
    el("div", {class: "row"},
      el("button", {type: "button", class: "button", dataset: {action: "discard"},
        onclick: () => socket.discard(sent.id)}, t("discard_mine")),
      el("button", {type: "button", class: "button button-primary", dataset: {action: "edit"},
        onclick: () => editFromOutbox(sent)}, t("edit")))];
}

function editFromOutbox(sent) {
  socket.discard(sent.id);
  const {form, outcome, hand_number: number} = sent.message;
  if (entry) closePanel();
  if (form) sheet.load(form);
  else if (number && handByNumber(number)?.fields) sheet.load(handByNumber(number).fields);
  else freshSheet(outcome?.type);
  openPanel(number || null);
}

// A hand on its way is not "waiting" unless the phone is offline or the server is slow
// to answer: each save would otherwise flash the notice.
const WAITING_AFTER_MS = 1500;
let outboxTimer = null;

// A refusal's notice takes the player to the choice it needs.
function showOutbox() {
  bringIntoView(outboxBox, "center");
  outboxBox.querySelector("button")?.focus({preventScroll: true});
}

function renderOutbox(entries) {
  const now = Date.now();
  const pending = entries.filter((e) => e.state === "pending");
  const waiting = pending.filter((e) => !socket?.online || now - (e.created || 0) > WAITING_AFTER_MS);
  clearTimeout(outboxTimer);
  if (waiting.length < pending.length) {
    outboxTimer = setTimeout(() => renderOutbox(socket.outbox.entries), WAITING_AFTER_MS);
  }
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
  // While the sheet is open the count sits beside Save, where the next hand is saved.
  footerOutbox.textContent = waiting.length === 0 ? ""
    : waiting.length === 1 ? t("outbox_one") : fmt("outbox_many", {count: waiting.length});
  footerOutbox.hidden = !waiting.length;
  refreshActions();
}

// --- a page older than the site -------------------------------------------------------

// The site was upgraded while this page was open (sync.js, outdate()): it says so until
// reloaded, and again at every tap of a button that would write.
function sayOutdated() {
  say(t("outdated_reload"), "error", {label: t("reload"), run: reloadPage}, "outdated");
}

let reloading = false;

// The reloaded page sends the hands waiting in the outbox (kept in this browser). A hand
// being entered and not saved yet is all a reload could lose: asked first.
function reloadPage() {
  if (entry && sheet.started() && !window.confirm(t("reload_unsaved"))) {
    sayOutdated();
    return;
  }
  reloading = true;
  window.location.reload();
}

// Leaving with hands not yet sent asks first (they stay in this browser either way);
// not on the reload this page asked for, which sends them.
window.addEventListener("beforeunload", (event) => {
  if (!reloading && socket.outbox.pending().length) {
    event.preventDefault();
    event.returnValue = "";
  }
});

// --- buttons --------------------------------------------------------------------------

async function write(type, fields, doneText, baseSeq = null) {
  try {
    await socket.command(type, fields, {baseSeq});
    say(doneText || t("saved"));
    return true;
  } catch (problem) {
    refused(problem);
    return false;
  }
}

function refused(problem) {
  if (problem.code === "outdated") sayOutdated();
  else if (problem.type === "stale") say(t("stale"), "error");
  else if (problem.code === "offline") say(t("offline_action"), "error");
  else if (problem.code === "after_refused") say(t("after_refused"), "error");
  else say(problem.text ? `${t("error")}: ${problem.text}` : t("error"), "error");
}

// Undo asks which hand it removes: the table it asks about is the one this phone's
// own writes lead to, so it waits for their answers first (a tap right after Save
// undoes that hand, and the question names it).
let undoAsking = false;
async function undoTapped() {
  if (undoAsking) return;
  const button = document.getElementById("undo");
  undoAsking = true;
  button.setAttribute("aria-busy", "true");
  const slow = setTimeout(() => say(t("undo_waits")), 1000);
  let recorded;
  try {
    recorded = await socket.settled();
  } catch (problem) {
    recorded = problem;
  } finally {
    clearTimeout(slow);
    undoAsking = false;
    button.removeAttribute("aria-busy");
  }
  if (recorded !== true) {
    refused(recorded === false ? {code: "after_refused"} : recorded);
    return;
  }
  const question = undoQuestion();
  if (!snapshot.can_undo || !question) {
    say(t("nothing_to_undo"), "error");
    return;
  }
  // The question is answered on the table as it is now; a change from another phone
  // meanwhile makes the server refuse it (stale) rather than undo something else.
  const base = socket.nextBase;
  if (window.confirm(question)) write("undo", {}, t("undone"), base);
}


document.getElementById("cancel-record").addEventListener("click", () => {
  closePanel();
  sheet.reset();
});
document.getElementById("undo").addEventListener("click", undoTapped);
document.getElementById("redo").addEventListener("click", () => write("redo", {}, t("redone")));
document.getElementById("end-game").addEventListener("click", async () => {
  if (socket.outdated) {
    sayOutdated(); // not asked first whether to end a game this page cannot end
    return;
  }
  if (window.confirm(t("confirm_end")) && await write("end_game", {}, t("ended"))) {
    window.location.href = page.dataset.results;
  }
});
for (const button of document.querySelectorAll("[data-declare]")) {
  button.addEventListener("click", () => {
    const declaration = declarations.get(button.dataset.declare);
    const on = button.getAttribute("aria-pressed") !== "true";
    write("declare", {declaration: declaration.key, player: you.seat, on},
      on ? declaration.done : declaration.undone);
  });
}
document.getElementById("reopen-game").addEventListener("click",
  () => write("reopen_game", {}, t("reopened")));
document.getElementById("join-url")?.addEventListener("focus", (e) => e.target.select());

// The phone stays awake at the table.
stayAwake();

// A sheet the server sent back open (a plain post that needs fixing) is an entry already.
if (recordSection.open) openPanel();

addCorrect(document.getElementById("history")); // the hands the page came with
const stored = storedMessage(snapshot, BUILD);
if (stored) take(stored);
render();
renderOutbox(socket.outbox.entries);
socket.connect();
export {socket, write};
export function currentSnapshot() {
  return snapshot;
}
// A handle for the browser tests and for debugging from the console.
window.mjTable = {socket, clock, get snapshot() { return snapshot; },
  get wakeLock() { return wakeLock(); }};
