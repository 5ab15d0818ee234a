// The round clock on a page (games/clock.py, issue 28): every [data-clock] element shows
// the time left, every [data-clock-note] what it means (paused, or what the tables do
// now the time is up), [data-clock-extra] a table's extra time, [data-clock-box] shows
// while there is a clock; a warning is said once at each of the clock's minutes left.
//
// The server's clock is the truth. A message says when the time runs out (ends_at) and
// what time it was on the server as it left (server_now), both on the server's clock;
// the offset between this device's clock and the server's is measured as it arrives,
// so a device whose clock is wrong still counts down to the right moment.

import {fmt, t} from "./i18n.js";

const TICK_MS = 250;

// "1:05:09", "5:09", "0:00": the time left, never below nothing.
export function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}

export class RoundClock {
  // root: where the clock's elements are; onWarn(text): a warning to say (a notice).
  constructor(root = document, onWarn = null) {
    this.root = root;
    this.onWarn = onWarn;
    this.view = null;
    this.offset = 0; // server time minus this device's time, ms
    this.warned = new Set();
    this.timer = null;
  }

  // A clock message (or a screen's clock): newer versions of one clock replace older ones.
  update(view) {
    if (!view || typeof view !== "object") return;
    const old = this.view;
    if (old && view.clock === old.clock && view.version < old.version) return;
    if (Number.isFinite(view.server_now)) this.offset = view.server_now - Date.now();
    this.view = view.state === "off" ? null : view;
    // Warnings already past stay said; those above the new time left (extra time, a
    // reset) may come again.
    const left = this.remaining();
    for (const minutes of [...this.warned]) {
      if (left === null || left > minutes * 60000) this.warned.delete(minutes);
    }
    if (old === null) for (const minutes of this.view?.warnings || []) {
      if (left !== null && left <= minutes * 60000) this.warned.add(minutes); // opened late
    }
    this.tick();
    clearInterval(this.timer);
    if (this.view?.state === "running") this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  // Milliseconds left by the server's clock now (negative: over), or null without a clock.
  remaining() {
    const view = this.view;
    if (!view) return null;
    if (view.state === "running" && Number.isFinite(view.ends_at)) {
      return view.ends_at - (Date.now() + this.offset);
    }
    return view.remaining_ms;
  }

  state() {
    const left = this.remaining();
    if (left === null) return "off";
    if (left <= 0 && this.view.state !== "ready") return "over";
    return this.view.state;
  }

  warning(left) {
    const minutes = (this.view?.warnings || []).filter((m) => left <= m * 60000);
    return minutes.length ? Math.min(...minutes) : null;
  }

  tick() {
    const left = this.remaining();
    const state = this.state();
    const warn = left !== null && state === "running" ? this.warning(left) : null;
    if (warn !== null && !this.warned.has(warn)) {
      this.warned.add(warn);
      this.onWarn?.(warn === 1 ? t("clock_warning_one") : fmt("clock_warning", {minutes: warn}));
    }
    const note = {paused: t("clock_paused"), ready: t("clock_ready"),
      over: t(`clock_over_${this.view?.end_rule}`)}[state] || "";
    for (const node of this.root.querySelectorAll("[data-clock-box]")) node.hidden = state === "off";
    for (const node of this.root.querySelectorAll("[data-clock]")) {
      node.hidden = state === "off";
      node.dataset.state = state;
      node.toggleAttribute("data-warning", warn !== null);
      node.textContent = left === null ? "" : clockText(left);
    }
    const extra = this.view?.extra || 0;
    for (const node of this.root.querySelectorAll("[data-clock-extra]")) {
      node.hidden = !extra;
      node.textContent = extra ? fmt("clock_extra", {time: `${extra > 0 ? "+" : "−"}${
        clockText(Math.abs(extra) * 1000)}`}) : "";
    }
    for (const node of this.root.querySelectorAll("[data-clock-note]")) {
      node.hidden = !note;
      node.dataset.state = state;
      node.textContent = note;
    }
    if (state === "over") clearInterval(this.timer);
  }
}
