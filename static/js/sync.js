// The table's websocket: snapshot on connect, events applied in seq order, a fresh
// snapshot on a gap, reconnect with backoff, writes with a command id and base seq.
// Protocol: games/messages.py.

const EVENT_TYPES = new Set(["hand_recorded", "hand_undone", "hand_redone",
  "hand_corrected", "game_ended", "game_reopened"]);
const CLOSE_FORBIDDEN = 4403;
const CLOSE_NOT_FOUND = 4404;

export function newId() {
  // crypto.randomUUID only exists in secure contexts; a phone on http://192.168.x.x
  // still needs unique command ids.
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class TableSocket {
  constructor(path, handlers) {
    this.path = path;
    this.handlers = handlers; // onSnapshot(snapshot, you), onEvent(msg), onStatus(state), onError(msg)
    this.seq = -1;
    this.you = null;
    this.attempts = 0;
    this.pending = new Map(); // command_id or request_id -> {resolve, reject, message}
    this.closedForGood = false;
    this.ws = null;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}${this.path}`);
    this.ws = ws;
    this.handlers.onStatus("connecting");
    ws.addEventListener("open", () => {
      this.attempts = 0;
      this.handlers.onStatus("live");
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
    if (event.code === CLOSE_FORBIDDEN || event.code === CLOSE_NOT_FOUND) {
      this.closedForGood = true;
      this.handlers.onStatus(event.code === CLOSE_FORBIDDEN ? "forbidden" : "not_found");
      for (const entry of this.pending.values()) entry.reject({code: "closed"});
      this.pending.clear();
      return;
    }
    this.handlers.onStatus("offline");
    // Reads die with the connection; writes are sent again after the next snapshot
    // with the same command id, which the server answers once whatever happened.
    for (const [id, entry] of this.pending) {
      if (!entry.write) {
        entry.reject({code: "offline"});
        this.pending.delete(id);
      }
    }
    const delay = Math.min(10000, 500 * 2 ** this.attempts) * (0.75 + Math.random() / 2);
    this.attempts += 1;
    setTimeout(() => this.connect(), delay);
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  handle(message) {
    const type = message.type;
    if (type === "snapshot") {
      this.you = message.you;
      this.apply(message.snapshot, true);
      this.settle(message.request_id, "resolve", message);
      this.resendWrites();
    } else if (EVENT_TYPES.has(type)) {
      if (message.seq <= this.seq) return;
      if (message.seq !== this.seq + 1) {
        this.send({type: "get_snapshot"});
        return;
      }
      this.apply(message.snapshot, false);
      this.handlers.onEvent(message);
    } else if (type === "ack") {
      if (message.duplicate && message.snapshot) this.apply(message.snapshot, false);
      this.settle(message.command_id, "resolve", message);
    } else if (type === "stale") {
      this.apply(message.snapshot, true);
      this.settle(message.command_id, "reject", message);
    } else if (type === "preview") {
      this.settle(message.request_id, "resolve", message.result);
    } else if (type === "error") {
      const id = message.command_id || message.request_id;
      if (id && this.pending.has(id)) this.settle(id, "reject", message);
      else this.handlers.onError(message);
    }
  }

  apply(snapshot, force) {
    if (!snapshot) return;
    if (!force && snapshot.seq <= this.seq) return;
    this.seq = snapshot.seq;
    this.handlers.onSnapshot(snapshot, this.you);
  }

  settle(id, how, value) {
    if (!id || !this.pending.has(id)) return;
    const entry = this.pending.get(id);
    this.pending.delete(id);
    entry[how](value);
  }

  resendWrites() {
    for (const entry of this.pending.values()) {
      if (entry.write) this.send(entry.message);
    }
  }

  // A write: record_hand, undo, redo, correct_hand, end_game, reopen_game.
  command(type, fields = {}) {
    const message = {type, command_id: newId(), base_seq: this.seq, ...fields};
    return new Promise((resolve, reject) => {
      this.pending.set(message.command_id, {resolve, reject, message, write: true});
      this.send(message);
    });
  }

  preview(outcome, handNumber) {
    const message = {type: "preview", outcome, request_id: newId()};
    if (handNumber) message.hand_number = handNumber;
    return new Promise((resolve, reject) => {
      this.pending.set(message.request_id, {resolve, reject, message, write: false});
      if (!this.send(message)) {
        this.pending.delete(message.request_id);
        reject({code: "offline"});
      }
    });
  }
}
