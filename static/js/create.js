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

// Three-player rules (sanma, 三人两房) have no North seat: its name field goes away.
const adjust = document.getElementById("id_adjust");
const north = document.getElementById("id_player_3");

function seats() {
  const config = configs[select.value];
  if (!config) return 4;
  const typed = document.getElementById(`opt-${config.ruleset}-players`);
  if (adjust && adjust.checked && typed) return Number(typed.value) || 4;
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
  fill(select.value);
  showSeats();
  document.getElementById("create-form").addEventListener("change", showSeats);
}
