// Tile danger against a riichi player: tile picker on the form, the 34 tiles redrawn from
// POST /api/danger/ (safest first) as the discards and visible tiles are entered.

import {el, t} from "./i18n.js";
import {fromText} from "./tiles.js";
import {FieldPicker, debounce, errorNode, postJSON, tileNode, tileRow} from "./picker.js";

const form = document.getElementById("danger-form");
const result = document.getElementById("danger-result");

function level(score) {
  if (score === 0) return 0;
  if (score <= 3) return 1;
  if (score <= 10) return 2;
  if (score <= 19) return 3;
  return 4;
}

function request() {
  const out = {discards: form.elements.discards.value.trim()};
  for (const key of ["passed", "visible", "hand"]) {
    const value = form.elements[key].value.trim();
    if (value) out[key] = value;
  }
  return out;
}

function render(body, answer) {
  const discards = fromText(body.discards);
  const rows = answer.tiles.map((row) => el("li", {class: `danger-row level-${level(row.score)}`,
    dataset: {tile: row.tile, score: row.score}},
  tileNode(row.tile),
  el("span", {class: "danger-score"}, String(row.score)),
  el("span", {class: "danger-reasons"}, row.reasons.length
    ? row.reasons.map((r) => el("span", {class: "reason", dataset: {code: r.code}, title: r.detail},
      t(`reason_${r.code}`).includes(r.native) ? null : el("span", {lang: "ja"}, `${r.native} `),
      t(`reason_${r.code}`),
      r.code === "copies_visible" ? `: ${row.visible}` : ""))
    : el("span", {class: "muted"}, t("no_reduction")))));
  result.replaceChildren(el("div", {class: "card"},
    discards.length ? el("p", {class: "hand-line"}, el("span", {class: "muted small"},
      t("discards")), " ", tileRow(discards, {small: true})) : null,
    el("ol", {class: "danger-list", id: "danger-list"}, rows)));
}

let latest = 0;

async function estimate() {
  const body = request();
  const mine = ++latest;
  const url = new URL(form.action, window.location.href);
  for (const [key, value] of new FormData(form)) if (value) url.searchParams.set(key, value);
  history.replaceState(null, "", url);
  let ok = false;
  let answer = null;
  try {
    [ok, answer] = await postJSON(form.dataset.api, body);
  } catch {
    answer = null;
  }
  if (mine !== latest) return;
  if (!ok || !answer || answer.error) {
    result.replaceChildren(errorNode(answer?.error));
    return;
  }
  render(body, answer);
}

const later = debounce(estimate, 250);
form.addEventListener("submit", (event) => {
  event.preventDefault();
  estimate();
});
form.addEventListener("input", later);
new FieldPicker(form, document.getElementById("picker"), {redFives: () => false, onChange: later});
