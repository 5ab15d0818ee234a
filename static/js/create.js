// Create page: show only the chosen ruleset's options and fill them with the chosen
// preset's values, so "adjust the options" starts from the rules picked above.

const configs = JSON.parse(document.getElementById("config-options").textContent);
const select = document.getElementById("id_config");
const sets = document.querySelectorAll(".option-set");

function fill(configId) {
  const config = configs[configId];
  if (!config) return;
  for (const set of sets) set.hidden = set.dataset.ruleset !== config.ruleset;
  for (const [name, value] of Object.entries(config.options)) {
    const input = document.getElementById(`opt-${config.ruleset}-${name}`);
    if (!input) continue;
    if (input.classList.contains("option-choices")) {
      // A list option with fixed choices: one tick per choice.
      for (const box of input.querySelectorAll("input[type=checkbox]")) {
        box.checked = (value || []).includes(box.value);
      }
    } else if (input.type === "checkbox") input.checked = Boolean(value);
    else if (Array.isArray(value)) input.value = value.join(", ");
    else input.value = value === null ? "" : String(value);
  }
}

if (select) {
  select.addEventListener("change", () => fill(select.value));
  fill(select.value);
}
