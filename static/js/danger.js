// Tile danger against a player who declared and waits: the tile picker on the form, and the 34 tiles
// (safest first) shown again as the discards and visible tiles are entered, rendered by
// the server (answer.js).

import {showAnswer} from "./answer.js";
import {FieldPicker, debounce} from "./picker.js";

const form = document.getElementById("danger-form");
const result = document.getElementById("danger-result");

const later = debounce(() => showAnswer(form, result), 250);
form.addEventListener("submit", (event) => {
  if (!navigator.onLine) return;
  event.preventDefault();
  showAnswer(form, result);
});
form.addEventListener("input", later);
new FieldPicker(document.getElementById("picker"), {
  inputs: () => [...form.querySelectorAll("input[data-picker]")], onChange: later});
