// The hand analyser: tile picker on the form, answers from POST /api/analyse/ without a
// reload (same request as the server-rendered page builds, see scoring/pages.py), and the
// address updated so the result stays a link to share.

import {el, t} from "./i18n.js";
import {fromText} from "./tiles.js";
import {FieldPicker, debounce, errorNode, postJSON, tileNode, tileRow} from "./picker.js";

const WIND_RULESETS = ["riichi", "mcr"];
const ENGLISH = (document.documentElement.lang || "en").startsWith("en");

function fmt(key, values) {
  return t(key).replace(/%\((\w+)\)s/g, (match, name) => String(values[name] ?? ""));
}
const form = document.getElementById("analyse-form");
const result = document.getElementById("analysis-result");
const rulesetSelect = document.getElementById("f-ruleset");
const presetSelect = document.getElementById("f-preset");
const choices = JSON.parse(document.getElementById("analyse-choices").textContent);
const initialOptions = JSON.parse(document.getElementById("analyse-options").textContent);
const initial = {ruleset: rulesetSelect.value, preset: presetSelect.value};

function field(name) {
  const input = form.elements.namedItem(name);
  return input ? input.value.trim() : "";
}

function showRulesetFields() {
  const ruleset = rulesetSelect.value;
  for (const node of form.querySelectorAll("[data-for]")) {
    node.hidden = !node.dataset.for.split(" ").includes(ruleset);
  }
  let keep = false;
  for (const group of presetSelect.querySelectorAll("optgroup")) {
    const mine = group.dataset.ruleset === ruleset;
    group.hidden = !mine;
    group.disabled = !mine;
    if (mine && [...group.children].some((o) => o.selected)) keep = true;
  }
  if (!keep) {
    const first = presetSelect.querySelector(`optgroup[data-ruleset="${ruleset}"] option`);
    if (first) first.selected = true;
  }
}

function options() {
  // The table's own options hold only while its ruleset and preset are kept.
  if (rulesetSelect.value === initial.ruleset && presetSelect.value === initial.preset) {
    return initialOptions;
  }
  const choice = choices.find((c) => c.name === rulesetSelect.value);
  const preset = choice?.presets.find((p) => p.name === presetSelect.value);
  return preset ? preset.options : {};
}

export function buildRequest() {
  const ruleset = rulesetSelect.value;
  const request = {ruleset, hand: field("hand"), options: options()};
  const melds = field("melds").split(/[\n,;]+/).map((m) => m.trim()).filter(Boolean);
  if (melds.length) request.melds = melds;
  let visible = fromText(field("visible"));
  if (WIND_RULESETS.includes(ruleset)) {
    request.seat_wind = field("seat_wind") || "E";
    request.round_wind = field("round_wind") || "E";
  }
  if (ruleset === "riichi") {
    if (form.elements.namedItem("riichi").checked && !melds.length) request.riichi = true;
    const dora = fromText(field("dora"));
    if (dora.length) {
      request.dora_indicators = dora;
      visible = visible.concat(dora);
    }
  }
  if (ruleset === "jian" && field("jing")) request.jing = {zheng: field("jing")};
  if (visible.length) request.visible = visible;
  return request;
}

function tileCount() {
  const melds = field("melds").split(/[\n,;]+/).filter((m) => m.trim()).length;
  return fromText(field("hand")).length + 3 * melds;
}

function shantenText(n) {
  if (n === -1) return t("complete");
  if (n === 0) return t("ready");
  return `${n} ${t("shanten")}`;
}

function valueNode(value) {
  if (!value) return el("span", {class: "value-error"}, "—");
  if (value.error) {
    const code = value.error.code;
    const label = t(`err_${code}`);
    return el("span", {class: "value-error", title: value.error.message, dataset: {code}},
      label === `err_${code}` ? code : label);
  }
  let headline = "";
  if (value.han !== undefined && value.fu !== undefined) {
    headline = value.yakuman ? fmt("yakuman_n", {count: value.yakuman})
      : fmt("han_fu", {han: value.han, fu: value.fu});
  } else {
    for (const key of ["total", "fan", "zhi"]) {
      if (Number.isInteger(value[key])) {
        headline = key === "zhi" ? fmt("zhi_n", {zhi: value[key]}) : fmt("fan_n", {fan: value[key]});
        break;
      }
    }
  }
  const points = ["hand_points", "hand_value", "value"].map((k) => value[k]).find(Number.isInteger);
  const deltas = Array.isArray(value.deltas) ? value.deltas : Object.values(value.deltas || {});
  const gain = deltas.length ? Math.max(...deltas) : 0;
  const items = [];
  // "items" beside a "headline" is the engine's result contract, left to the coming renderer.
  for (const key of ["yaku", "yakuman", "fans", "mouths", ...(value.headline ? [] : ["items"])]) {
    for (const item of Array.isArray(value[key]) ? value[key] : []) {
      const v = ["han", "points", "fan", "value"].map((k) => item[k]).find(Number.isInteger);
      const count = item.count > 1 ? `×${item.count}` : "";
      const native = item.name_ja || item.name_zh || "";
      // The English name only helps English readers (or when there is no native name).
      items.push(el("li", {}, native ? el("span", {lang: "zh"}, `${native} `) : null,
        ENGLISH || !native ? el("span", {class: "muted"}, item.name_en || item.name || "") : null,
        v !== undefined ? el("b", {}, ` ${v}${count}`) : null));
    }
  }
  return [el("span", {class: "value"}, el("b", {}, headline),
    points !== undefined ? ` · ${points}` : "",
    gain > 0 ? el("span", {class: "muted"}, ` (${t("winner_gets")}${gain})`) : null),
  el("ul", {class: "fans value-items"}, items)];
}

function waitsTable(waits) {
  return el("table", {class: "results-table waits-table"},
    el("thead", {}, el("tr", {}, el("th", {}, t("waits")), el("th", {}, t("ron")),
      el("th", {}, t("tsumo")))),
    el("tbody", {}, waits.map((w) => el("tr", {class: "wait",
      dataset: {tile: w.tile, remaining: w.remaining}},
    el("td", {}, tileNode(w.tile), el("br"), el("span", {class: "remaining"},
      `${w.remaining} ${t("left")}`)),
    el("td", {}, valueNode(w.ron)), el("td", {}, valueNode(w.tsumo))))));
}

function ukeireNodes(ukeire, total) {
  return [el("ul", {class: "ukeire"}, ukeire.map((u) => el("li", {dataset: {tile: u.tile}},
    tileNode(u.tile, {small: true}), el("span", {class: "count"}, `×${u.remaining}`)))),
  el("p", {class: "small muted"}, `${t("ukeire")}: ${total}`)];
}

function render(request, answer) {
  const melds = (request.melds || []).map((m) => el("span", {class: "meld", title: m},
    tileRow(fromText(m.split(" ")[1] || ""), {small: true})));
  const parts = [
    el("p", {class: "hand-line"}, tileRow(fromText(request.hand), {small: true}), melds),
    el("h2", {class: "shanten-line", id: "shanten-line"}, shantenText(answer.shanten)),
    el("p", {class: "small muted shapes"},
      Object.entries(answer.by_shape || {}).map(([k, v]) => `${t(`shape_${k}`)} ${v}`).join(" · ")),
  ];
  if (answer.waits?.length) {
    parts.push(el("h3", {}, t("waits")), waitsTable(answer.waits));
  } else if (answer.ukeire?.length) {
    parts.push(el("h3", {}, t("ukeire")), ukeireNodes(answer.ukeire, answer.ukeire_total));
  }
  if (answer.discards?.length) {
    parts.push(el("h3", {}, t("best_discards")), el("ol", {class: "discards"},
      answer.discards.map((d) => el("li", {class: "discard", dataset: {tile: d.tile,
        shantenAfter: d.shanten_after, ukeire: d.ukeire_total}},
      el("div", {class: "discard-head"}, `${t("discard")} `, tileNode(d.tile),
        el("span", {class: "muted"}, shantenText(d.shanten_after))),
      d.waits?.length ? waitsTable(d.waits) : ukeireNodes(d.ukeire, d.ukeire_total)))));
  }
  result.replaceChildren(el("div", {class: "card analysis", dataset: {shanten: answer.shanten}},
    parts));
}

let latest = 0;

async function analyse() {
  const request = buildRequest();
  if (!request.hand) return;
  const mine = ++latest;
  result.setAttribute("aria-busy", "true");
  const url = new URL(form.action, window.location.href);
  for (const [key, value] of new FormData(form)) if (value) url.searchParams.set(key, value);
  history.replaceState(null, "", url);
  let ok = false;
  let answer = null;
  try {
    [ok, answer] = await postJSON(form.dataset.api, request);
  } catch {
    answer = null;
  }
  if (mine !== latest) return;
  result.removeAttribute("aria-busy");
  if (!ok || !answer || answer.error) {
    result.replaceChildren(errorNode(answer?.error));
    return;
  }
  render(request, answer);
}

const autoAnalyse = debounce(() => {
  // Analyse as soon as the hand has a size the engine reads: 3n+1 waiting, 3n+2 complete.
  const n = tileCount();
  if (n >= 13 && n <= 14) analyse();
}, 250);

showRulesetFields();
rulesetSelect.addEventListener("change", () => { showRulesetFields(); picker.render(); autoAnalyse(); });
presetSelect.addEventListener("change", autoAnalyse);
form.addEventListener("change", autoAnalyse);
form.addEventListener("submit", (event) => {
  event.preventDefault();
  analyse();
});
const picker = new FieldPicker(form, document.getElementById("picker"), {
  meldsInput: document.getElementById("f-melds"),
  redFives: () => rulesetSelect.value === "riichi",
  onChange: autoAnalyse,
});
