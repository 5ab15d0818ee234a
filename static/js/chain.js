// The table's history is a hash chain (issue 29, games/chain.py): each event's hash
// covers it and the hash before it. This phone keeps the latest hash it has seen (in
// the browser's storage, per table, so a reload keeps it) and checks each snapshot and
// event against it:
// * an event must name the kept hash as the one before it;
// * a snapshot carries the table's latest hashes (and, on connecting, the hash stored at
//   the point this phone kept, which it sends as ?chain=SEQ.HASH): the one at the kept
//   point must be the kept one.
// A mismatch means the history was rewritten outside mjsite: the notice says so at once,
// and the phone reconnects so the server hears of it from the point it kept (a seated
// phone's word marks the table; every phone then gets the server's notice). The notice
// also shows whatever the server found itself (a snapshot's chain.text).

import {t} from "./i18n.js";

// An event names hashes by their first 16 hex digits (games/chain.py), a snapshot whole.
const same = (a, b) => typeof a === "string" && typeof b === "string"
  && (a.startsWith(b) || b.startsWith(a));

const notice = document.getElementById("history-notice");
const noticeText = document.getElementById("history-notice-text");

export class ChainWatch {
  constructor(key) {
    this.key = `mj-chain:${key}`;
    this.kept = null; // {seq, hash}: the latest point of the chain this phone has seen
    this.serverText = "";
    this.seenOther = false; // a mismatch found on this phone
    try {
      const saved = JSON.parse(localStorage.getItem(this.key) || "null");
      if (saved && Number.isInteger(saved.seq) && typeof saved.hash === "string") this.kept = saved;
    } catch {
      this.kept = null;
    }
  }

  // The socket address's parameter telling the server the point this phone kept.
  query() {
    return this.kept ? `chain=${this.kept.seq}.${this.kept.hash}` : "";
  }

  keep(seq, hash) {
    if (!Number.isInteger(seq) || typeof hash !== "string" || this.seenOther) return;
    this.kept = {seq, hash};
    try {
      localStorage.setItem(this.key, JSON.stringify(this.kept));
    } catch {
      // Kept in memory until a reload.
    }
  }

  // A snapshot or missed message; true when this phone saw another history (the caller
  // reconnects, so the server checks the point it kept).
  snapshot(message) {
    const chain = message.chain;
    if (!chain) return false;
    this.serverText = chain.text || "";
    let stored;
    if (this.kept) {
      if (chain.at && chain.at.seq === this.kept.seq) stored = chain.at.hash;
      else stored = (chain.recent || []).find(([seq]) => seq === this.kept.seq)?.[1];
    }
    // undefined: the kept point is older than the hashes sent, nothing to compare.
    const other = stored !== undefined && !same(stored, this.kept.hash);
    if (!other && chain.head) this.keep(chain.seq, chain.head);
    const report = other && !this.seenOther && !chain.at;
    if (other) this.seenOther = true;
    this.show();
    return report;
  }

  // An event (hand_recorded...): it must follow the kept hash.
  event(message) {
    const chain = message.chain;
    if (!chain || !Number.isInteger(message.seq)) return false;
    if (this.kept && message.seq === this.kept.seq + 1 && !same(chain.prev, this.kept.hash)) {
      const report = !this.seenOther;
      this.seenOther = true;
      this.show();
      return report;
    }
    this.keep(message.seq, chain.hash);
    return false;
  }

  show() {
    if (!notice) return;
    const text = this.serverText || (this.seenOther ? t("history_seen_other") : "");
    if (noticeText) noticeText.textContent = text;
    notice.hidden = !text;
  }
}
