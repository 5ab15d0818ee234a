// An event's pages kept current over its socket, ws/events/<id>/ (events/consumers.py):
// the standings table, the reader's seat in the current round and the calls for a
// referee. Each message brings the part's HTML, rendered by the server in the reader's
// language: the page keeps no copy of how any of it is worked out.

const page = document.getElementById("event-page");
const status = document.getElementById("live-status");
// Message type -> the element whose content it replaces.
const TARGETS = {standings: "standings-body", round: "my-seat", calls: "calls-body"};
const CLOSED_FOR_GOOD = new Set([4403, 4404]);
let attempts = 0;
let connected = false; // once: a socket opened again asks for what it missed

// Forms the server rendered for the socket carry no CSRF token: the page's own is used.
function withToken(element) {
  const token = document.querySelector("input[name=csrfmiddlewaretoken]");
  if (!token) return;
  for (const form of element.querySelectorAll("form[method=post]")) {
    if (!form.querySelector("input[name=csrfmiddlewaretoken]")) {
      form.prepend(token.cloneNode());
    }
  }
}

function setState(state) {
  if (status) status.dataset.state = state;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const path = page.dataset.socket;
  const again = connected ? `${path.includes("?") ? "&" : "?"}again=1` : "";
  const ws = new WebSocket(`${scheme}://${location.host}${path}${again}`);
  ws.addEventListener("open", () => {
    attempts = 0;
    connected = true;
    setState("live");
  });
  ws.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    const target = document.getElementById(TARGETS[message.type] || "");
    if (!target || typeof message.html !== "string") return;
    target.innerHTML = message.html;
    withToken(target);
    target.dataset.updated = String(Date.now());
  });
  ws.addEventListener("close", (event) => {
    setState("offline");
    if (CLOSED_FOR_GOOD.has(event.code)) return;
    // Backoff with jitter: a server that drops sockets at once is not hammered.
    const delay = Math.min(30000, 1000 * 2 ** attempts) * (0.75 + Math.random() / 2);
    attempts = Math.min(attempts + 1, 6);
    setTimeout(connect, delay);
  });
}

if (page && page.dataset.socket && "WebSocket" in window) connect();
