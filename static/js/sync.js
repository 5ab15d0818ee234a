// The table's websocket: on connect the writes missed since the seq this phone shows
// (or a snapshot when it is far behind), events applied in seq order, a fresh snapshot
// on a gap, reconnect with backoff, writes with a command id and base seq, earlier hands
// of the history on demand. Protocol: games/messages.py.
//
// This phone's writes go one at a time, in the order they were made: a write waits for
// the answer to the one before it (an Undo tapped right after Save is sent after the
// hand is acknowledged), and its base seq counts the phone's own earlier writes, so it
// is based on them instead of being refused as stale. A write that only makes sense on
// top of an earlier one (undo, redo, end...) is not sent when that one was refused.
//
// Hands (the writes that carry one: record_hand, correct_hand) go through an outbox kept
// in the browser's storage
// until the server answers, so a hand typed while the Wi-Fi is gone is sent when it
// comes back, survives a reload, and is recorded once (the command id never changes).
// An answer that refuses it (stale, or an error) stays in the outbox for the player to
// decide; it is never sent again by itself.
//
// A snapshot this phone asks for by itself (a gap, a resync, a late event) and the server
// refuses (a table's watchers over their budget, games/socket_limits.py) is asked again
// after the server's retry_after, spread with jitter so a crowd refused together does not
// come back together, and twice as long after each further refusal. Nobody asked for it:
// the badge says "connecting" meanwhile, no alert.
//
// A page stays open for an evening and keeps running the scripts it loaded. The first
// message of each connection names the release of the scripts the server serves
// (common/build.py); when it is not the one the page was loaded with, the site was
// upgraded meanwhile and this page's scripts may misread the server's messages, or send
// what it misreads: the page reads and sends nothing more and asks to be reloaded. A hand
// saved meanwhile waits in the outbox, which the reloaded page sends.

import {ChainWatch} from "./chain.js"; // issue 29: the history's hash chain

// The protocol as the server declares it (games/messages.py: INBOUND, TABLE_EVENTS, the
// close codes, the presence refresh), handed with the page (<script id="table-protocol">):
// which messages are writes, which of them carry a hand (kept in the outbox until
// answered), and the table's events.
const PROTOCOL = JSON.parse(document.getElementById("table-protocol").textContent);
const WRITES = new Set(PROTOCOL.inbound.filter((m) => m.kind === "write").map((m) => m.type));
const HANDS = new Set(PROTOCOL.inbound.filter((m) => m.kind === "write" && m.hand)
  .map((m) => m.type));
const EVENT_TYPES = new Set(PROTOCOL.events);
// The table may not be watched, or is gone: not tried again.
const CLOSE_FORBIDDEN = PROTOCOL.close.forbidden;
const CLOSE_NOT_FOUND = PROTOCOL.close.not_found;
// The server is up but its database did not answer: retry with backoff.
const CLOSE_UNAVAILABLE = PROTOCOL.close.unavailable;
const NORMAL_CLOSES = new Set([1000, 1001]);
// A connection that lived this long was healthy: the backoff starts again from short.
const STABLE_MS = 15000;
// A command in flight when the server dropped the socket this many times is the likely
// cause (a server error on that very message): it is not sent again automatically.
const MAX_CRASHES = 2;
export const PRESENCE_REFRESH_MS = 1000 * PROTOCOL.presence_refresh;
// The release of the scripts this page runs: the one the server had when it rendered the
// page. A page of one release runs only that release's modules: their imports name each
// other by hashed names when debug is off (mjsite/storage.py), so no module cached from
// an older release is mixed in.
export const BUILD = PROTOCOL.build;
// A refused snapshot request is asked again no later than this.
const SNAPSHOT_RETRY_MAX_MS = 30000;

export function newId() {
  // crypto.randomUUID only exists in secure contexts; a phone on http://192.168.x.x
  // still needs unique command ids.
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Writes of hands waiting for the server's answer, in localStorage under `key`.
// Entry: {id, message, label, state: "pending" | "stale" | "refused", error, crashes,
// created}. Storage can be missing or full (private mode): the outbox then lives in
// memory only, and still works until a reload.
export class Outbox {
  constructor(key) {
    this.key = key;
    this.entries = [];
    try {
      const saved = JSON.parse(localStorage.getItem(key) || "[]");
      if (Array.isArray(saved)) this.entries = saved.filter((e) => e && e.id && e.message);
    } catch {
      this.entries = [];
    }
  }

  save() {
    try {
      if (this.entries.length) localStorage.setItem(this.key, JSON.stringify(this.entries));
      else localStorage.removeItem(this.key);
    } catch {
      // Kept in memory; nothing else to do.
    }
  }

  get(id) {
    return this.entries.find((e) => e.id === id);
  }

  add(entry) {
    this.entries.push({state: "pending", crashes: 0, created: Date.now(), ...entry});
    this.save();
  }

  update(id, patch) {
    const entry = this.get(id);
    if (entry) Object.assign(entry, patch);
    this.save();
    return entry;
  }

  remove(id) {
    this.entries = this.entries.filter((e) => e.id !== id);
    this.save();
  }

  pending() {
    return this.entries.filter((e) => e.state === "pending");
  }
}

export class TableSocket {
  // handlers: onSnapshot(message, you), onEvent(msg), onStatus(state), onError(msg),
  // onOutbox(entries), onPresence(msg), onAnswer(entry, msg) for an outbox entry's answer.
  constructor(path, handlers, outboxKey, seq = -1) {
    this.path = path;
    this.handlers = handlers;
    this.seq = seq; // the last seq applied (the page's snapshot until the socket's arrives)
    this.synced = false; // a snapshot arrived on the current connection
    this.you = null;
    this.attempts = 0;
    this.pending = new Map(); // command_id or request_id -> {resolve, reject, message, write}
    this.outbox = new Outbox(outboxKey);
    this.closedForGood = false;
    this.outdated = false; // the server serves newer scripts: reload (outdate())
    this.ws = null;
    this.sentHere = new Set(); // command ids sent on the current connection
    this.mine = new Set(this.outbox.entries.map((e) => e.id)); // every command id of this page
    this.stableTimer = null;
    this.reconnectTimer = null;
    this.presenceState = null; // {active, hand_number} while this phone enters a hand
    // The highest seq an ack of this phone's own write named: the table is there even
    // before the event that shows it arrives.
    this.acked = -1;
    this.order = 0; // orders the writes made within one millisecond
    this.made = 0; // writes made on this page (a hand being entered counts those after it)
    this.inFlight = null; // the command id sent and not yet answered
    this.holdUntil = 0; // rate limited: nothing is sent before then
    this.waiters = []; // settled() callers
    this.catchUpTimer = null;
    this.snapshotRequests = new Set(); // request_ids of the snapshots it asked for
    this.snapshotRefusals = 0; // refusals of it in a row
    this.snapshotTimer = null; // asks again after a refusal
    // The Wi-Fi going away rarely closes a socket at once: the browser says so first.
    window.addEventListener("offline", () => this.wentOffline());
    window.addEventListener("online", () => this.cameOnline());
    this.chain = new ChainWatch(path); // issue 29
  }

  get online() {
    return Boolean(this.synced && this.ws && this.ws.readyState === WebSocket.OPEN);
  }

  // The table as this phone knows it is: its snapshot, or further on by its own acks.
  get known() {
    return Math.max(this.seq, this.acked);
  }

  // This phone's writes not yet answered, in the order they were made: hands in the
  // outbox (also from an earlier visit) and the other writes of this page.
  writes() {
    const stored = this.outbox.pending().map((e) => ({id: e.id, message: e.message,
      created: e.created || 0, order: e.order || 0}));
    const memory = [...this.pending].filter(([id, p]) => p.write && !this.outbox.get(id))
      .map(([id, p]) => ({id, message: p.message, created: p.created, order: p.order}));
    return [...stored, ...memory].sort((a, b) => a.created - b.created || a.order - b.order);
  }

  // Something of this phone's is on its way, or the table has not caught up with it:
  // Undo has a hand to undo even before the table shows it.
  get busy() {
    return this.writes().length > 0 || this.seq < this.acked;
  }

  // The seq a write decided now is based on: the table as this phone knows it, plus its
  // own writes still on their way (each moves the table on by one, and they go first).
  get nextBase() {
    return this.known + this.writes().length;
  }

  connect() {
    clearTimeout(this.reconnectTimer);
    this.stopSnapshotRetry(); // every connection begins with a snapshot
    this.snapshotRequests.clear(); // and answers nothing asked on the one before
    this.sentHere = new Set();
    this.synced = false;
    this.inFlight = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // The seq this phone shows: the server sends what happened since (``missed``) rather
    // than the whole table, unless that is too much.
    // issue 29: and the point of the history's hash chain this phone kept.
    const query = [this.seq >= 0 ? `since=${this.seq}` : "", this.chain.query()]
      .filter(Boolean).join("&");
    const ws = new WebSocket(`${scheme}://${location.host}${this.path}${query ? "?" : ""}${query}`);
    this.ws = ws;
    this.resendDue = true; // writes in flight go again after this connection's snapshot
    // Tried all the same (a phone on a network of its own may call itself offline), but
    // the badge keeps saying offline while the browser does.
    this.handlers.onStatus(navigator.onLine === false ? "offline" : "connecting");
    // A socket given up (the phone went offline) says nothing more.
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      this.handlers.onStatus("live");
      clearTimeout(this.stableTimer);
      this.stableTimer = setTimeout(() => { this.attempts = 0; }, STABLE_MS);
    });
    ws.addEventListener("message", (event) => {
      if (this.ws !== ws) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.handle(message);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws === ws) this.closed(event);
    });
  }

  // issue 29: this phone saw another history than the one stored; connecting again
  // tells the server the point it kept (?chain=), which it checks.
  chainReport() {
    this.wentOffline();
    this.cameOnline();
  }

  wentOffline() {
    const ws = this.ws;
    if (!ws || this.closedForGood) return;
    this.ws = null;
    try {
      ws.close(1000);
    } catch {
      // Already closing.
    }
    this.closed({code: 1000});
  }

  // The server serves scripts of another release than this page runs: its messages may
  // not mean what these scripts read in them, and what they send it may be misread.
  // Nothing more is read or sent, and no connection is tried again: the page asks its
  // reader to reload (onStatus("outdated")). Hands saved on this page stay in the outbox
  // in the browser's storage, now and when saved from here on; the reloaded page sends
  // them with their command ids, so each is recorded once. The other writes waiting (an
  // undo...) are refused here ({code: "outdated"}), as every write and read from now on.
  outdate() {
    this.outdated = true;
    this.closedForGood = true;
    this.synced = false;
    this.inFlight = null;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.stableTimer);
    clearTimeout(this.catchUpTimer);
    this.stopSnapshotRetry();
    const ws = this.ws;
    this.ws = null; // its close event is not a connection lost
    try {
      ws?.close(1000);
    } catch {
      // Already closing.
    }
    for (const waiter of this.waiters) waiter.reject({code: "outdated"});
    this.waiters = [];
    for (const [id, entry] of this.pending) {
      if (this.outbox.get(id)) continue;
      entry.reject({code: "outdated"});
      this.pending.delete(id);
    }
    this.handlers.onStatus("outdated");
    this.handlers.onOutbox(this.outbox.entries);
  }

  // Why this page cannot reach the server now: its scripts are outdated, or it is offline.
  get away() {
    return {code: this.outdated ? "outdated" : "offline"};
  }

  cameOnline() {
    if (this.closedForGood || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    this.attempts = 0;
    this.connect();
  }

  closed(event) {
    clearTimeout(this.stableTimer);
    this.synced = false;
    this.stopSnapshotRetry();
    for (const waiter of this.waiters) waiter.reject({code: "offline"});
    this.waiters = [];
    if (event.code === CLOSE_FORBIDDEN || event.code === CLOSE_NOT_FOUND) {
      this.closedForGood = true;
      this.handlers.onStatus(event.code === CLOSE_FORBIDDEN ? "forbidden" : "not_found");
      for (const entry of this.pending.values()) entry.reject({code: "closed"});
      this.pending.clear();
      return;
    }
    const unavailable = event.code === CLOSE_UNAVAILABLE; // closed at connect: nothing sent
    this.handlers.onStatus(unavailable ? "unreachable" : "offline");
    if (!NORMAL_CLOSES.has(event.code) && !unavailable) this.blameInFlight();
    this.inFlight = null;
    // Reads die with the connection; writes are sent again after the next snapshot
    // with the same command id, which the server answers once whatever happened.
    for (const [id, entry] of this.pending) {
      if (!entry.write) {
        entry.reject({code: "offline"});
        this.pending.delete(id);
      }
    }
    // Exponential backoff with jitter, reset only by a connection that stayed up: a
    // server that drops the socket at once is not hammered once a second.
    const delay = Math.min(30000, 1000 * 2 ** this.attempts) * (0.75 + Math.random() / 2);
    this.attempts = Math.min(this.attempts + 1, 6);
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  // The socket dropped abnormally while these commands were unanswered: after
  // MAX_CRASHES such drops a command is set aside instead of being resent forever.
  blameInFlight() {
    for (const id of this.sentHere) {
      const entry = this.outbox.get(id);
      if (entry && entry.state === "pending") {
        const crashes = (entry.crashes || 0) + 1;
        const refused = crashes >= MAX_CRASHES;
        this.outbox.update(id, refused
          ? {crashes, state: "refused", error: {code: "server_failed"}}
          : {crashes});
        if (refused) {
          this.settle(id, "reject", {type: "error", code: "server_failed"});
          this.handlers.onAnswer(entry, {type: "error", code: "server_failed"});
          this.finish(id, false);
        }
      }
      const memory = this.pending.get(id);
      if (memory && memory.write && !entry) {
        memory.crashes = (memory.crashes || 0) + 1;
        if (memory.crashes >= MAX_CRASHES) {
          this.settle(id, "reject", {code: "server_failed"});
          this.finish(id, false);
        }
      }
    }
    this.handlers.onOutbox(this.outbox.entries);
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      if (message.command_id) this.sentHere.add(message.command_id);
      return true;
    }
    return false;
  }

  handle(message) {
    const type = message.type;
    // The connection's first message, read before anything of it is taken: a server of
    // another release (no build at all: one from before the releases were named).
    if (!this.synced && (type === "snapshot" || type === "missed") && message.build !== BUILD) {
      this.outdate();
      return;
    }
    if (type === "snapshot" || type === "missed") {
      this.synced = true;
      this.you = message.you;
      const wasRefused = this.snapshotRefusals > 0;
      this.snapshotRequests.delete(message.request_id);
      this.stopSnapshotRetry();
      this.apply(message, true);
      if (this.chain.snapshot(message)) this.chainReport(); // issue 29
      if (wasRefused) this.handlers.onStatus("live");
      this.settle(message.request_id, "resolve", message);
      if (this.resendDue) {
        this.resendDue = false;
        this.resendWrites();
        if (this.presenceState?.active) this.send({type: "entering", ...this.presenceState});
      }
    } else if (EVENT_TYPES.has(type)) {
      if (message.seq <= this.seq) return;
      if (message.seq !== this.seq + 1) {
        this.requestSnapshot();
        return;
      }
      this.apply(message, false);
      if (this.chain.event(message)) this.chainReport(); // issue 29
      this.handlers.onEvent(message);
    } else if (type === "presence") {
      this.handlers.onPresence(message);
    } else if (type === "resync") {
      this.requestSnapshot();
    } else if (type === "ack") {
      if (message.duplicate && message.snapshot) this.apply(message, false);
      if (Number.isInteger(message.seq) && message.seq > this.acked) {
        this.acked = message.seq;
        this.catchUp();
      }
      this.answered(message.command_id, message);
      this.settle(message.command_id, "resolve", message);
      this.finish(message.command_id, true);
    } else if (type === "stale") {
      this.apply(message, true);
      this.answered(message.command_id, message);
      this.settle(message.command_id, "reject", message);
      this.finish(message.command_id, false);
    } else if (type === "preview") {
      this.settle(message.request_id, "resolve", message.result);
    } else if (type === "hands") {
      this.settle(message.request_id, "resolve", message);
    } else if (type === "error") {
      const id = message.command_id || message.request_id;
      if (id && this.snapshotRequests.delete(id)) {
        this.snapshotRefused(message);
        return;
      }
      if (message.code === "rate_limited" && id && this.outbox.get(id)) {
        // Not refused, only early: the same command goes again after the wait.
        this.sentHere.delete(id);
        if (this.inFlight === id) this.inFlight = null;
        const wait = 1000 * (message.retry_after || 5);
        this.holdUntil = Date.now() + wait;
        setTimeout(() => this.pump(), wait);
        return;
      }
      const write = Boolean(message.command_id && (this.outbox.get(id)
        || this.pending.get(id)?.write));
      this.answered(id, message);
      if (id && this.pending.has(id)) this.settle(id, "reject", message);
      else if (!id || !this.outbox.get(id)) this.handlers.onError(message);
      if (write) this.finish(id, false);
    } else {
      // Messages the page's other modules read (the round clock, games/clock.py).
      this.handlers.onMessage?.(message);
    }
  }

  // A write was answered (ok, or refused): the next one may go. Writes waiting behind a
  // refused one were decided on a table that will not be: they are not sent.
  finish(id, ok) {
    if (!id) return;
    this.sentHere.delete(id);
    if (this.inFlight === id) this.inFlight = null;
    for (const waiter of this.waiters) if (waiter.ids.has(id) && !ok) waiter.refused = true;
    if (!ok) {
      for (const later of this.writes()) {
        if (!this.outbox.get(later.id)) {
          this.settle(later.id, "reject", {code: "after_refused"});
          for (const waiter of this.waiters) if (waiter.ids.has(later.id)) waiter.refused = true;
        }
      }
    }
    this.pump();
    this.checkWaiters();
    this.handlers.onOutbox(this.outbox.entries);
  }

  // Send the next of this phone's writes, once the one before it is answered.
  pump() {
    if (!this.online || this.inFlight || Date.now() < this.holdUntil) return;
    const next = this.writes()[0];
    if (!next) return;
    this.inFlight = next.id;
    this.send(next.message);
  }

  // The ack came before the event that shows the table there; if that event went
  // missing, a snapshot brings the table up to date.
  catchUp() {
    clearTimeout(this.catchUpTimer);
    this.catchUpTimer = setTimeout(() => {
      if (this.seq < this.acked && this.online) this.requestSnapshot();
    }, 3000);
  }

  // A snapshot this phone needs: asked with a request id, so a refusal is known for its
  // answer. While one is refused and waiting to be asked again, a further need is met by
  // that one. Offline nothing is sent: the next connection's snapshot brings the table.
  requestSnapshot() {
    if (this.snapshotTimer !== null) return;
    const id = newId();
    if (this.send({type: "get_snapshot", request_id: id})) this.snapshotRequests.add(id);
  }

  // Refused (rate_limited with retry_after, or the database away): asked again after
  // retry_after, doubled for each refusal in a row, times 1 to 2 so the watchers refused
  // in the same second spread over the next windows instead of coming back in step.
  snapshotRefused(message) {
    if (this.snapshotTimer !== null) return; // two asked, both refused: one wait
    this.snapshotRefusals += 1;
    const base = 1000 * (Number(message.retry_after) > 0 ? Number(message.retry_after) : 1);
    const delay = Math.min(SNAPSHOT_RETRY_MAX_MS, base * 2 ** (this.snapshotRefusals - 1))
      * (1 + Math.random());
    this.handlers.onStatus("connecting");
    clearTimeout(this.snapshotTimer);
    this.snapshotTimer = setTimeout(() => {
      this.snapshotTimer = null;
      this.requestSnapshot();
    }, delay);
  }

  stopSnapshotRetry() {
    clearTimeout(this.snapshotTimer);
    this.snapshotTimer = null;
    this.snapshotRefusals = 0;
  }

  // Resolves once every write of this phone made so far is answered and the table shows
  // them: true if all were recorded, false if one was refused. Rejects ({code:
  // "offline"}) if the connection drops meanwhile. A decision that depends on the
  // table as it will be (the undo question) waits for this.
  settled() {
    if (!this.online) return Promise.reject(this.away);
    const ids = new Set(this.writes().map((w) => w.id));
    return new Promise((resolve, reject) => {
      this.waiters.push({ids, refused: false, resolve, reject});
      this.checkWaiters();
    });
  }

  checkWaiters() {
    const open = new Set(this.writes().map((w) => w.id));
    const behind = this.seq < this.acked;
    this.waiters = this.waiters.filter((waiter) => {
      if (behind || [...waiter.ids].some((id) => open.has(id))) return true;
      waiter.resolve(!waiter.refused);
      return false;
    });
  }

  // The server's answer to an outbox entry: gone when recorded, kept for the player to
  // decide when refused.
  answered(id, message) {
    const entry = id && this.outbox.get(id);
    if (!entry) return;
    this.sentHere.delete(id);
    if (message.type === "ack") {
      this.outbox.remove(id);
    } else if (message.type === "stale") {
      this.outbox.update(id, {state: "stale", error: {code: "stale"}});
    } else {
      this.outbox.update(id, {state: "refused",
        error: {code: message.code, message: message.message, params: message.params,
          text: message.text}});
    }
    this.handlers.onAnswer(entry, message);
    this.handlers.onOutbox(this.outbox.entries);
  }

  // A message carrying the table's state and its rendered view (a whole snapshot, or
  // an event with the hands it changed).
  apply(message, force) {
    const snapshot = message.snapshot;
    if (!snapshot) return;
    if (!force && snapshot.seq <= this.seq) return;
    this.seq = snapshot.seq;
    this.handlers.onSnapshot(message, this.you);
    this.checkWaiters();
  }

  settle(id, how, value) {
    if (!id || !this.pending.has(id)) return;
    const entry = this.pending.get(id);
    this.pending.delete(id);
    entry[how](value);
  }

  // After a reconnect the write that was in flight goes again (the server answers a
  // command id once, whatever happened), then the rest, one at a time.
  resendWrites() {
    this.inFlight = null;
    this.pump();
  }

  // A write: one of the protocol's writes (WRITES). `baseSeq` is the seq the player's
  // decision was based on (for a hand: `nextBase` when they began entering it; otherwise
  // `nextBase` now, which counts this phone's own writes still on their way), so the
  // server can say "stale" if the table moved meanwhile. It is sent after this phone's
  // earlier writes are answered.
  // A write that carries a hand goes through the outbox and its promise resolves or
  // rejects only while this page lives; the outbox keeps the outcome either way.
  // Other writes need the connection: offline they are refused at once ({code:
  // "offline"}, or "outdated" once the page must be reloaded, outdate()); behind a
  // refused write they are not sent ({code: "after_refused"}).
  command(type, fields = {}, {baseSeq = null, label = ""} = {}) {
    if (!WRITES.has(type)) return Promise.reject({code: "not_a_write", type});
    const persist = HANDS.has(type);
    if (!persist && !this.online) return Promise.reject(this.away);
    if (baseSeq === null) baseSeq = this.nextBase;
    const message = {type, command_id: newId(), base_seq: baseSeq, ...fields};
    this.mine.add(message.command_id);
    this.order += 1;
    this.made += 1;
    const promise = new Promise((resolve, reject) => {
      this.pending.set(message.command_id, {resolve, reject, message, write: true,
        created: Date.now(), order: this.order});
    });
    if (persist) this.outbox.add({id: message.command_id, message, label, order: this.order});
    this.handlers.onOutbox(this.outbox.entries);
    this.pump();
    return promise;
  }

  // Send an outbox entry again as a new command on top of the table as it is now (the
  // player chose "record mine anyway" after a stale answer).
  rebase(id) {
    const entry = this.outbox.get(id);
    if (!entry) return null;
    this.outbox.remove(id);
    const {type, command_id: _old, base_seq: _base, ...fields} = entry.message;
    return this.command(type, fields, {label: entry.label});
  }

  discard(id) {
    this.outbox.remove(id);
    this.settle(id, "reject", {code: "discarded"});
    if (this.inFlight === id) this.inFlight = null;
    this.pump();
    this.checkWaiters();
    this.handlers.onOutbox(this.outbox.entries);
  }

  isMine(commandId) {
    return this.mine.has(commandId);
  }

  // body: {form} (the record sheet's fields) or {outcome} (the engine's outcome).
  preview(body, handNumber) {
    const message = {type: "preview", ...body, request_id: newId()};
    if (handNumber) message.hand_number = handNumber;
    return new Promise((resolve, reject) => {
      this.pending.set(message.request_id, {resolve, reject, message, write: false});
      if (!this.online || !this.send(message)) {
        this.pending.delete(message.request_id);
        reject(this.away);
      }
    });
  }

  // Earlier hands of the history: the `count` (at most a page) before hand `before`,
  // rendered, oldest first ({type: "hands", seq, hands_from, hands}).
  hands(before, count = null) {
    const message = {type: "get_hands", before, request_id: newId()};
    if (count) message.count = count;
    return new Promise((resolve, reject) => {
      this.pending.set(message.request_id, {resolve, reject, message, write: false});
      if (!this.online || !this.send(message)) {
        this.pending.delete(message.request_id);
        reject(this.away);
      }
    });
  }

  // Presence: this phone's player is entering a hand (or correcting `handNumber`), or
  // stopped. Not stored: it is announced again after every reconnect.
  presence(active, handNumber = null) {
    this.presenceState = active ? {active: true, ...(handNumber ? {hand_number: handNumber} : {})}
      : null;
    if (this.online) this.send(active ? {type: "entering", ...this.presenceState}
      : {type: "entering", active: false});
  }
}
