// Create page: show only the chosen ruleset's options. When the rules change, their fields
// are refilled with the chosen configuration's values (which the server put in
// #config-options) and the hidden "shown" field says which, so the server counts only the
// fields changed after that as the table's own options.

const configs = JSON.parse(document.getElementById("config-options").textContent);
const select = document.getElementById("id_config");
const sets = document.querySelectorAll(".option-set");

function showSet(config) {
  for (const set of sets) set.hidden = set.dataset.ruleset !== config.ruleset;
}

function fill(configId) {
  const config = configs[configId];
  if (!config) return;
  showSet(config);
  for (const [name, value] of Object.entries(config.options)) {
    const input = document.getElementById(`opt-${config.ruleset}-${name}`);
    if (!input) continue;
    if (input.classList.contains("option-choices")) {
      // A list option with fixed choices: one tick per choice.
      for (const box of input.querySelectorAll("input[type=checkbox]")) {
        box.checked = (value || []).map(String).includes(box.value);
      }
    } else if (input.type === "checkbox") input.checked = Boolean(value);
    else if (Array.isArray(value)) input.value = value.join(", ");
    else input.value = value === null ? "" : String(value);
  }
  const shown = document.querySelector(`.option-set[data-ruleset="${config.ruleset}"] [data-shown]`);
  if (shown) shown.value = configId;
}

// Three-player rules (sanma, 三人两房) have no North seat: its name field goes away.
const north = document.getElementById("id_player_3");

function seats() {
  const config = configs[select.value];
  if (!config) return 4;
  const typed = document.getElementById(`opt-${config.ruleset}-players`);
  if (typed) return Number(typed.value) || 4;
  return Number(config.options.players) || 4;
}

function showSeats() {
  if (!north) return;
  const three = seats() === 3;
  north.closest(".field").hidden = three;
  north.disabled = three;
}

if (select) {
  select.addEventListener("change", () => {
    fill(select.value);
    showSeats();
  });
  // The server already shows the chosen rules' values (or what was typed, after an
  // error): only the right set is picked here, nothing is refilled.
  if (configs[select.value]) showSet(configs[select.value]);
  showSeats();
  document.getElementById("create-form").addEventListener("change", showSeats);
}
