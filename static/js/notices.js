// Notices of the table page: what the table says back (an answer, a refusal, another
// phone's change) appears at the bottom of the screen, above the record sheet's footer
// when it is open, where the eye is after a tap, and is read out (two live regions of
// templates/games/table_detail.html: #notice polite, #alerts assertive). News fades; a
// refusal stays until it is dismissed.

import {el, t} from "./i18n.js";

const INFO_MS = 5000;
const MAX_ALERTS = 3;

const box = document.getElementById("notices");
const infoBox = document.getElementById("notice");
const alertBox = document.getElementById("alerts");
const sheet = document.getElementById("record");
const footer = document.getElementById("record-footer");

// Above the sheet's footer where it is on screen (stuck to the bottom, or higher up at
// the end of the sheet); at the very bottom when the footer is out of the way.
export function placeNotices() {
  let lift = 0;
  if (sheet?.open && footer) {
    const top = footer.getBoundingClientRect().top;
    if (top < innerHeight && top > innerHeight / 2) lift = innerHeight - top;
  }
  box.style.setProperty("--notice-lift", `${Math.round(lift)}px`);
}

let placing = false;
addEventListener("scroll", () => {
  if (placing || !sheet?.open) return;
  placing = true;
  requestAnimationFrame(() => { placing = false; placeNotices(); });
}, {passive: true});
// The footer grows with the preview line and the outbox count.
if (footer && "ResizeObserver" in window) new ResizeObserver(placeNotices).observe(footer);

// kind: "info" (fades) or "error" (stays); action: {label, run} for a button beside the
// text (e.g. take the player to the choice a refusal needs); key: a notice said again
// (every tap answered the same way) replaces the one of the same key still shown.
export function say(text, kind = "info", action = null, key = "") {
  if (!text) return;
  placeNotices();
  if (key) for (const old of box.querySelectorAll(`[data-key="${key}"]`)) old.remove();
  const item = el("div", {class: `alert notice alert-${kind}`,
    dataset: {kind, ...(key ? {key} : {})}},
    el("span", {class: "notice-text"}, text));
  if (action) {
    item.append(el("button", {type: "button", class: "button notice-action",
      onclick: () => { item.remove(); action.run(); }}, action.label));
  }
  item.append(el("button", {type: "button", class: "notice-close",
    "aria-label": t("dismiss"), title: t("dismiss"), onclick: () => item.remove()}, "×"));
  if (kind === "info") {
    infoBox.replaceChildren(item);
    setTimeout(() => item.remove(), INFO_MS);
  } else {
    alertBox.append(item);
    while (alertBox.children.length > MAX_ALERTS) alertBox.firstElementChild.remove();
  }
}
