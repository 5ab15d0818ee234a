// The phone stays awake at the table: a screen wake lock while the page is visible,
// asked for again when it comes back (browsers drop it when the page is hidden).

let lock = null;

async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  try {
    lock = await navigator.wakeLock.request("screen");
  } catch {
    lock = null; // refused (battery saver) or not allowed here: the screen may sleep
  }
}

export function stayAwake() {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && (!lock || lock.released)) keepAwake();
  });
  keepAwake();
}

export function wakeLock() {
  return lock;
}
