// Admin "ruleset configuration" form: choosing a preset refills the option fields with
// that preset's values, which the server put on the preset select (data-values), and
// records which preset they show (shown_preset), so a save stores only what was edited.
// Choosing another ruleset on the add page opens the add page for it.

"use strict";

function setField(name, value) {
  const inputs = document.querySelectorAll(`[name="${name}"]`);
  if (inputs.length === 0) return;
  const first = inputs[0];
  if (first.type === "checkbox" && !first.hasAttribute("value")) {
    first.checked = Boolean(value); // a yes/no option
  } else if (first.type === "checkbox") {
    // A list with fixed choices: one tick per choice.
    const wanted = (value || []).map(String);
    for (const box of inputs) box.checked = wanted.includes(box.value);
  } else if (Array.isArray(value)) {
    first.value = value.join(", ");
  } else {
    first.value = value === null || value === undefined ? "" : String(value);
  }
}

function refill(select) {
  const values = JSON.parse(select.dataset.values || "{}")[select.value];
  if (!values) return;
  for (const [name, value] of Object.entries(values)) setField(name, value);
  const shown = document.querySelector('[name="shown_preset"]');
  if (shown) shown.value = select.value;
}

document.addEventListener("DOMContentLoaded", () => {
  const preset = document.querySelector("select[name=preset][data-values]");
  if (preset) preset.addEventListener("change", () => refill(preset));
  const ruleset = document.querySelector("select[name=ruleset][data-reload]");
  if (ruleset) {
    ruleset.addEventListener("change", () => {
      const url = new URL(window.location.href);
      url.searchParams.set("ruleset", ruleset.value);
      window.location.assign(url.toString());
    });
  }
});
