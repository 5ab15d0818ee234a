// The table's websocket: snapshot on connect, events applied in seq order, a fresh
// snapshot on a gap, reconnect with backoff, writes with a command id and base seq.
// Protocol: games/messages.py.
//
// Hands (record_hand, correct_hand) go through an outbox kept in the browser's storage
// until the server answers, so a hand typed while the Wi-Fi is gone is sent when it
// comes back, survives a reload, and is recorded once (the command id never changes).
// An answer that refuses it (stale, or an error) stays in the outbox for the player to
// decide; it is never sent again by itself.

const EVENT_TYPES = new Set(["hand_recorded", "hand_undone", "hand_redone",
  "hand_corrected", "game_ended", "game_reopened", "riichi_declared"]);
const CLOSE_FORBIDDEN = 4403;
const CLOSE_NOT_FOUND = 4404;
// The server is up but its database did not answer (games/messages.py): retry with backoff.
const CLOSE_UNAVAILABLE = 4503;
const NORMAL_CLOSES = new Set([1000, 1001]);
// A connection that lived this long was healthy: the backoff starts again from short.
const STABLE_MS = 15000;
// A command in flight when the server dropped the socket this many times is the likely
// cause (a server error on that very message): it is not sent again automatically.
const MAX_CRASHES = 2;
export const PRESENCE_REFRESH_MS = 20000;

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
    this.ws = null;
    this.sentHere = new Set(); // command ids sent on the current connection
    this.mine = new Set(this.outbox.entries.map((e) => e.id)); // every command id of this page
    this.stableTimer = null;
    this.presenceState = null; // {active, hand_number} while this phone enters a hand
  }

  get online() {
    return Boolean(this.synced && this.ws && this.ws.readyState === WebSocket.OPEN);
  }

  // The seq a hand the player starts entering now is based on: the table as this phone
  // shows it, plus this phone's own hands still on their way (they are sent in order,
  // so they will be recorded before it; if one is refused, this one is refused too).
  get nextBase() {
    return this.seq + this.outbox.pending().length;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}${this.path}`);
    this.ws = ws;
    this.sentHere = new Set();
    this.synced = false;
    this.resendDue = true; // writes in flight go again after this connection's snapshot
    this.handlers.onStatus("connecting");
    ws.addEventListener("open", () => {
      this.handlers.onStatus("live");
      clearTimeout(this.stableTimer);
      this.stableTimer = setTimeout(() => { this.attempts = 0; }, STABLE_MS);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.handle(message);
    });
    ws.addEventListener("close", (event) => this.closed(event));
  }

  closed(event) {
    clearTimeout(this.stableTimer);
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
    setTimeout(() => this.connect(), delay);
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
        }
      }
      const memory = this.pending.get(id);
      if (memory && memory.write && !entry) {
        memory.crashes = (memory.crashes || 0) + 1;
        if (memory.crashes >= MAX_CRASHES) this.settle(id, "reject", {code: "server_failed"});
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
    if (type === "snapshot") {
      this.synced = true;
      this.you = message.you;
      this.apply(message, true);
      this.settle(message.request_id, "resolve", message);
      if (this.resendDue) {
        this.resendDue = false;
        this.resendWrites();
        if (this.presenceState?.active) this.send({type: "entering", ...this.presenceState});
      }
    } else if (EVENT_TYPES.has(type)) {
      if (message.seq <= this.seq) return;
      if (message.seq !== this.seq + 1) {
        this.send({type: "get_snapshot"});
        return;
      }
      this.apply(message, false);
      this.handlers.onEvent(message);
    } else if (type === "presence") {
      this.handlers.onPresence(message);
    } else if (type === "resync") {
      this.send({type: "get_snapshot"});
    } else if (type === "ack") {
      if (message.duplicate && message.snapshot) this.apply(message, false);
      this.answered(message.command_id, message);
      this.settle(message.command_id, "resolve", message);
    } else if (type === "stale") {
      this.apply(message, true);
      this.answered(message.command_id, message);
      this.settle(message.command_id, "reject", message);
    } else if (type === "preview") {
      this.settle(message.request_id, "resolve", message.result);
    } else if (type === "error") {
      const id = message.command_id || message.request_id;
      if (message.code === "rate_limited" && id && this.outbox.get(id)) {
        // Not refused, only early: the same command goes again after the wait.
        setTimeout(() => this.resendOne(id), 1000 * (message.retry_after || 5));
        return;
      }
      this.answered(id, message);
      if (id && this.pending.has(id)) this.settle(id, "reject", message);
      else if (!id || !this.outbox.get(id)) this.handlers.onError(message);
    }
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
  }

  settle(id, how, value) {
    if (!id || !this.pending.has(id)) return;
    const entry = this.pending.get(id);
    this.pending.delete(id);
    entry[how](value);
  }

  resendWrites() {
    for (const entry of this.outbox.pending()) this.send(entry.message);
    for (const [id, entry] of this.pending) {
      if (entry.write && !this.outbox.get(id)) this.send(entry.message);
    }
  }

  resendOne(id) {
    const entry = this.outbox.get(id);
    if (entry && entry.state === "pending") this.send(entry.message);
  }

  // A write: record_hand, undo, redo, correct_hand, end_game, reopen_game. `baseSeq` is
  // the seq the player's decision was based on (for a hand: `nextBase` when they began
  // entering it), never simply the latest one, so the server can say "stale" if the
  // table moved meanwhile.
  // With `persist` (hands), the write goes through the outbox and its promise resolves
  // or rejects only while this page lives; the outbox keeps the outcome either way.
  command(type, fields = {}, {baseSeq = null, persist = false, label = ""} = {}) {
    if (baseSeq === null) baseSeq = persist ? this.nextBase : this.seq;
    const message = {type, command_id: newId(), base_seq: baseSeq, ...fields};
    this.mine.add(message.command_id);
    return new Promise((resolve, reject) => {
      this.pending.set(message.command_id, {resolve, reject, message, write: true});
      if (persist) {
        this.outbox.add({id: message.command_id, message, label});
        this.handlers.onOutbox(this.outbox.entries);
      } else if (!this.online) {
        this.pending.delete(message.command_id);
        reject({code: "offline"});
        return;
      }
      if (this.online) this.send(message);
    });
  }

  // Send an outbox entry again as a new command on top of the table as it is now (the
  // player chose "record mine anyway" after a stale answer).
  rebase(id) {
    const entry = this.outbox.get(id);
    if (!entry) return null;
    this.outbox.remove(id);
    const {type, command_id: _old, base_seq: _base, ...fields} = entry.message;
    return this.command(type, fields, {persist: true, label: entry.label});
  }

  discard(id) {
    this.outbox.remove(id);
    this.settle(id, "reject", {code: "discarded"});
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
        reject({code: "offline"});
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
