// The evening's big screen (templates/clubs/screen.html, clubs/screen.py): a TV on the
// wall, read-only. Its socket sends the whole screen again at every change (its body
// rendered by the server in the screen's language, and the round clock); the clock
// counts down by the server's time (clock.js); a list too long for the screen shows a
// page at a time and turns its pages by itself. A screen left on across an upgrade of
// the site reloads itself (its scripts may misread the new server's messages).

import {stayAwake, wakeLock} from "./awake.js";
import {RoundClock} from "./clock.js";
import {fmt, t} from "./i18n.js";

const root = document.getElementById("big-screen");
const body = document.getElementById("screen-body");
const status = document.getElementById("screen-status");
const clock = new RoundClock(root);
const PAGE_MS = 10000;
const CLOSE_FORBIDDEN = 4403;
// The release of the scripts this page runs (common/build.py): each message names the
// server's.
const BUILD = root.dataset.build;
const RELOADED_KEY = "mjsite.screen.reloaded";
const RELOAD_EVERY_MS = 60000;
let turned = []; // the page shown of each list, in the order of the lists
let attempts = 0;

// Each list's rows in pages that fit its height; the page shown is kept across updates.
function paginate() {
  const lists = [...body.querySelectorAll("[data-pages]")];
  turned = lists.map((list, i) => {
    const rows = [...list.children];
    for (const row of rows) row.hidden = false;
    const room = list.clientHeight;
    const pages = [];
    let page = [];
    let used = 0;
    for (const row of rows) {
      const height = row.offsetHeight + parseFloat(getComputedStyle(row).marginBottom || "0");
      if (page.length && used + height > room) {
        pages.push(page);
        page = [];
        used = 0;
      }
      page.push(row);
      used += height;
    }
    if (page.length) pages.push(page);
    const shown = Math.min(turned[i]?.shown ?? 0, Math.max(0, pages.length - 1));
    return {list, pages, shown};
  });
  for (const state of turned) showPage(state);
}

function showPage(state) {
  state.pages.forEach((page, i) => {
    for (const row of page) row.hidden = i !== state.shown;
  });
  const label = state.list.closest("section")?.querySelector("[data-page-of]");
  if (label) {
    label.textContent = state.pages.length > 1
      ? fmt("screen_page", {page: state.shown + 1, pages: state.pages.length}) : "";
  }
}

setInterval(() => {
  for (const state of turned) {
    if (state.pages.length < 2) continue;
    state.shown = (state.shown + 1) % state.pages.length;
    showPage(state);
  }
}, PAGE_MS);
addEventListener("resize", paginate);

function show(message) {
  const template = document.createElement("template");
  template.innerHTML = message.html;
  body.replaceChildren(template.content);
  clock.update(message.clock || {state: "off"});
  paginate();
  root.dataset.updates = String(Number(root.dataset.updates) + 1);
}

// The server serves scripts of another release: the site was upgraded while the screen
// was on. A screen has nobody to tap Reload and nothing to lose: it reloads itself, at
// most once a minute, since a page and a socket from two releases (while the processes
// restart one by one) would otherwise reload it over and over; meanwhile it shows what it
// is sent. True when it is reloading.
function reloadOutdated() {
  try {
    if (Date.now() - (Number(sessionStorage.getItem(RELOADED_KEY)) || 0) < RELOAD_EVERY_MS) {
      return false;
    }
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return false; // no storage to keep count with: never reloaded in a loop
  }
  location.reload();
  return true;
}

function setStatus(state) {
  status.dataset.state = state;
  status.textContent = {live: t("screen_live"), offline: t("screen_offline"),
    forbidden: t("screen_forbidden")}[state] || "";
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}${root.dataset.socket}`);
  ws.addEventListener("open", () => {
    attempts = 0;
    setStatus("live");
  });
  ws.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.build !== BUILD && reloadOutdated()) return;
    if (message.type === "screen") show(message);
  });
  ws.addEventListener("close", (event) => {
    if (event.code === CLOSE_FORBIDDEN) {
      setStatus("forbidden");
      return;
    }
    setStatus("offline");
    // Back with a growing pause (at most 30 s), spread so that screens do not return
    // together after a restart.
    const delay = Math.min(30000, 1000 * 2 ** attempts) * (0.75 + Math.random() / 2);
    attempts = Math.min(attempts + 1, 6);
    setTimeout(connect, delay);
  });
}

const first = document.getElementById("screen-clock");
clock.update(first ? JSON.parse(first.textContent) || {state: "off"} : {state: "off"});
paginate();
stayAwake();
connect();
// For the browser tests and the console.
window.mjScreen = {clock, get wakeLock() { return wakeLock(); }};
