// The hand analyser: the tile picker on the form, the fields of the chosen ruleset, and
// the answer without a reload, rendered by the server (answer.js).

import {showAnswer} from "./answer.js";
import {FieldPicker, debounce} from "./picker.js";
import {fromText, splitMelds} from "./tiles.js";

const form = document.getElementById("analyse-form");
const result = document.getElementById("analysis-result");
const rulesetSelect = document.getElementById("f-ruleset");
const presetSelect = document.getElementById("f-preset");
// Each ruleset's tile set (honours, red fives, chow), from its entry spec.
const tileSets = JSON.parse(document.getElementById("tile-sets").textContent);

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

function tileCount() {
  const melds = splitMelds(field("melds")).length;
  return fromText(field("hand")).length + 3 * melds;
}

const handSize = () => (tileSets[rulesetSelect.value] || {}).hand_size || 13;

const autoAnalyse = debounce(() => {
  // Analyse as soon as the hand has a size the engine reads: 3n+1 waiting, 3n+2 complete.
  const n = tileCount();
  if (n >= handSize() && n <= handSize() + 1 && field("hand")) showAnswer(form, result);
}, 250);

showRulesetFields();
rulesetSelect.addEventListener("change", () => { showRulesetFields(); picker.render(); autoAnalyse(); });
presetSelect.addEventListener("change", autoAnalyse);
form.addEventListener("change", autoAnalyse);
form.addEventListener("submit", (event) => {
  // Without a connection the plain submit below the script is the way to the answer.
  if (!navigator.onLine) return;
  event.preventDefault();
  showAnswer(form, result);
});
const picker = new FieldPicker(document.getElementById("picker"), {
  inputs: () => [...form.querySelectorAll("input[data-picker]")],
  meldsInput: () => document.getElementById("f-melds"),
  tiles: () => tileSets[rulesetSelect.value] || {},
  handSize,
  onChange: autoAnalyse,
});
