// The record sheet's scripts. The sheet itself comes from the server
// (templates/games/_record_sheet.html, made from the ruleset's entry spec by
// games/record_sheet.py) and works as a plain form; this module makes it quick to fill in:
// only the chosen result's part shows, a win in tiles or typed in, an event's own
// fields (a kong, a win of a bloody game), one more winner or event when asked; tiles
// are tapped in; a han × fu grid and a list of yaku/fan add up a quick entry. It never
// builds an outcome: the filled-in fields go to the server as they are
// (games/record_sheet.py reads them).

import {el, fmt, t} from "./i18n.js";
import {FieldPicker} from "./picker.js";
import {bringIntoView} from "./motion.js";

// Common han × fu of a quick entry counted in han and fu; a tap fills both.
const HAN_FU = [[1, 30], [1, 40], [2, 25], [2, 30], [2, 40], [3, 30], [3, 40], [4, 25],
  [4, 30], [5, 30], [6, 30], [8, 30], [11, 30], [13, 30]];

function controlValue(form, name) {
  const inputs = [...form.querySelectorAll(`[name="${CSS.escape(name)}"]`)];
  const checked = inputs.find((i) => (i.type === "radio" || i.type === "checkbox") && i.checked);
  if (checked) return checked.value;
  const plain = inputs.find((i) => i.type !== "radio" && i.type !== "checkbox");
  return plain ? plain.value : null;
}

function filled(node) {
  return [...node.querySelectorAll("input, select")].some((input) => {
    if (input.type === "hidden") return false;
    if (input.type === "radio" || input.type === "checkbox") {
      // A list entry's mode and a rule's default choice are not something the player said.
      return input.checked && !input.closest("[data-kind=mode]")
        && !input.hasAttribute("data-default");
    }
    return input.value.trim() !== "";
  });
}

// A quick entry's own field ("han", "fu", "fan"...) inside its fieldset.
function quickField(object, name) {
  return object.querySelector(`:scope > [data-control$=".${name}"] input`);
}

export class RecordSheet {
  constructor(form, tiles, onChange) {
    this.form = form;
    this.tiles = tiles;
    this.onChange = onChange;
    this.pickers = new Map(); // tiles fieldset -> FieldPicker
    this.revealed = new Set(); // list entries the player asked for
    form.addEventListener("input", (event) => {
      const list = event.target.closest("[data-add-up]");
      if (list) this.addUp(list);
      else this.changed();
    });
    form.addEventListener("change", (event) => {
      const list = event.target.closest("[data-add-up]");
      if (list) { this.addUp(list); return; }
      this.refresh();
      this.changed();
    });
    // A player's per-player choice (定缺) clears with a second tap: nothing is "not known".
    form.addEventListener("pointerdown", (event) => {
      const radio = event.target.closest(".chips-row label")?.querySelector("input[type=radio]");
      if (radio) radio.dataset.wasChecked = String(radio.checked);
    });
    form.addEventListener("click", (event) => {
      const radio = event.target.closest(".chips-row input[type=radio]");
      if (radio && radio.dataset.wasChecked === "true") {
        radio.checked = false;
        radio.dataset.wasChecked = "false";
        this.changed();
      }
      const add = event.target.closest("[data-add]");
      if (add) this.addItem(add.dataset.add);
      const step = event.target.closest("[data-step]");
      if (step) {
        const input = step.closest(".field").querySelector("input");
        input.value = step.dataset.step;
        this.markSteps(step.closest("[data-steps]"), input.value);
        this.changed();
      }
    });
    form.addEventListener("input", (event) => {
      const steps = event.target.closest(".field")?.querySelector("[data-steps]");
      if (steps) this.markSteps(steps, event.target.value);
    });
    for (const steps of form.querySelectorAll("[data-steps]")) steps.hidden = false;
    this.refresh();
  }

  get type() {
    return controlValue(this.form, "type") || "";
  }

  set type(kind) {
    const radio = this.form.querySelector(`input[name=type][value="${CSS.escape(kind)}"]`);
    if (radio) radio.checked = true;
    this.refresh();
  }

  changed() {
    this.onChange();
  }

  // The whole form as {name: value or [values]}: what the server reads.
  values() {
    const out = {};
    for (const [name, value] of new FormData(this.form)) {
      if (name === "csrfmiddlewaretoken") continue;
      if (name in out) out[name] = [].concat(out[name], value);
      else out[name] = value;
    }
    // Checkbox groups are lists even with one box ticked (a box without a name is not
    // part of the form: FormData left it out, and so must this).
    for (const box of this.form.querySelectorAll("input[type=checkbox]")) {
      if (box.name && box.checked && !box.disabled && box.name in out
          && !Array.isArray(out[box.name])) out[box.name] = [out[box.name]];
    }
    return out;
  }

  reset(type) {
    this.form.reset();
    for (const input of this.form.querySelectorAll("input[type=text], input[type=number]")) {
      input.value = "";
    }
    for (const input of this.form.querySelectorAll("input[type=radio], input[type=checkbox]")) {
      input.checked = input.defaultChecked && (input.name === "type"
        || Boolean(input.closest("[data-kind=mode]")) || input.hasAttribute("data-default"));
    }
    // An open hand's concealed-only lines come back with the open-hand tick cleared.
    for (const input of this.form.querySelectorAll("[data-tally]")) input.disabled = false;
    this.revealed.clear();
    if (type) this.type = type;
    for (const picker of this.pickers.values()) picker.reset();
    this.refresh();
  }

  // Fill the sheet with a recorded hand's fields (a correction): {name: value or [..]}.
  load(fields) {
    this.reset(fields.type);
    for (const [name, value] of Object.entries(fields)) {
      if (name === "type") continue;
      const wanted = [].concat(value).map(String);
      for (const input of this.form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
        if (input.type === "radio" || input.type === "checkbox") {
          input.checked = wanted.includes(input.value);
        } else {
          input.value = wanted[0] ?? "";
        }
      }
    }
    this.refresh();
    this.changed();
  }

  // Answers a fresh preset for this phone: ticks who made a live declaration, for instance.
  preset(name, values) {
    for (const input of this.form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
      if (input.type === "checkbox") input.checked = values.map(String).includes(input.value);
    }
  }

  markSteps(steps, value) {
    for (const chip of steps.querySelectorAll("[data-step]")) {
      chip.setAttribute("aria-pressed", String(chip.dataset.step === value));
    }
  }

  // Whether anything of the chosen result was filled in (a result with no fields, a
  // plain draw, is complete as it is).
  started() {
    const part = this.part();
    return !part || !part.querySelector("input, select") || filled(part);
  }

  part() {
    return this.form.querySelector(`.outcome-part[data-type="${CSS.escape(this.type)}"]`);
  }

  refresh() {
    const kind = this.type;
    for (const part of this.form.querySelectorAll(".outcome-part")) {
      part.hidden = part.dataset.type !== kind;
    }
    // Fields shown only for a value of another (a mode, an event's kind).
    // In document order, so a field shown by a hidden one (a win's mode under an event
    // that is a kong) is hidden too.
    for (const node of this.form.querySelectorAll("[data-when]")) {
      const by = this.form.querySelector(`[data-control="${CSS.escape(node.dataset.when)}"]`);
      node.hidden = Boolean(by?.hidden)
        || controlValue(this.form, node.dataset.when) !== node.dataset.whenValue;
    }
    // The first entry of a list, the filled ones and those asked for show; an "Add"
    // button offers the next.
    for (const list of this.form.querySelectorAll(".list")) {
      const extras = [...list.querySelectorAll(":scope > .item.extra")];
      // A sequence (events in order) offers its next entry once the last is filled in.
      const sequence = list.dataset.widget === "sequence";
      let offered = false;
      let previous = list.querySelector(":scope > .item:not(.extra)");
      for (const item of extras) {
        const show = filled(item) || this.revealed.has(item.dataset.control)
          || (sequence && previous && !previous.hidden && filled(previous));
        item.hidden = !show;
        if (!show) offered = true;
        previous = item;
      }
      const add = list.querySelector(":scope > [data-add]");
      if (add) add.hidden = sequence || !offered;
    }
    this.attachPickers();
    this.attachGrids();
  }

  addItem(listName) {
    const list = this.form.querySelector(`.list[data-control="${CSS.escape(listName)}"]`);
    const next = [...list.querySelectorAll(":scope > .item.extra")].find((item) => item.hidden);
    if (!next) return;
    this.revealed.add(next.dataset.control);
    this.refresh();
    bringIntoView(next, "nearest");
    this.changed();
  }

  // A tile picker in every visible group of tile fields (a hand, shown hands, 精).
  attachPickers() {
    const groups = new Set();
    for (const input of this.form.querySelectorAll("input[data-tiles]")) {
      if (input.closest("[hidden]")) continue;
      groups.add(input.closest("fieldset, details.item-fold") || this.form);
    }
    for (const group of groups) {
      if (this.pickers.has(group)) {
        this.pickers.get(group).render();
        continue;
      }
      const slot = el("div", {class: "tile-picker picker-slot"});
      const fields = () => [...group.querySelectorAll(":scope > [data-kind] input[data-tiles]")]
        .filter((input) => input.dataset.tiles !== "melds");
      const meldsInput = () => group.querySelector(":scope > [data-kind] input[data-tiles=melds]");
      if (!fields().length) continue;
      // Right under the tile fields it fills (before the flags of the hand).
      const wrappers = group.querySelectorAll(":scope > .field-tiles");
      wrappers[wrappers.length - 1].after(slot);
      group.classList.add("has-picker");
      this.pickers.set(group, new FieldPicker(slot, {inputs: fields, meldsInput,
        tiles: this.tiles, handSize: this.tiles.hand_size || 13,
        onChange: () => this.changed()}));
    }
  }

  // Quick entries: a han × fu grid (widget "han_fu"), filled once.
  attachGrids() {
    for (const grid of this.form.querySelectorAll("[data-han-fu]:empty")) {
      const object = grid.parentElement;
      const field = (name) => quickField(object, name);
      if (!field("han") || !field("fu")) continue;
      grid.hidden = false;
      grid.replaceChildren(...HAN_FU.map(([han, fu]) => el("button", {type: "button",
        class: "chip", dataset: {han, fu}, onclick: () => {
          field("han").value = han;
          field("fu").value = fu;
          for (const other of ["yakuman", "points"]) if (field(other)) field(other).value = "";
          this.changed();
        }}, fmt("han_fu_short", {han, fu}))));
    }
  }

  // The add-up list (games/record/checklist.html): ticked yaku or fan, counted dora,
  // summed into the quick entry's fields by unit, so a player sees (and may correct) the
  // total; a ticked line may suggest the fu. The ticks go to the server too, which sums
  // them the same way for a form posted without scripts (record_sheet._added_up).
  addUp(list) {
    const object = list.closest("fieldset[data-kind=object]");
    const open = Boolean(list.querySelector("[data-open-hand]")?.checked);
    const sums = {};
    let fu = null;
    for (const input of list.querySelectorAll("[data-tally]")) {
      const unit = input.dataset.unit;
      const each = Number(open ? input.dataset.openValue : input.dataset.value);
      sums[unit] = sums[unit] || 0;
      if (input.type === "checkbox") {
        // Concealed-only yaku do not count with calls; the others show what they add.
        input.disabled = open && each === 0;
        const worth = input.closest("label").querySelector("b");
        if (worth) worth.textContent = String(input.disabled ? input.dataset.value : each);
        if (!input.checked || input.disabled) continue;
        sums[unit] += each;
        if (input.dataset.fu) fu = Number(input.dataset.fu);
      } else {
        sums[unit] += each * Math.max(0, Number(input.value) || 0);
      }
    }
    // A yakuman entry is that alone: the engine takes han and fu or yakuman.
    const limit = (sums.yakuman || 0) > 0;
    for (const [unit, sum] of Object.entries(sums)) {
      const field = quickField(object, unit);
      if (field) field.value = sum && !(limit && unit !== "yakuman") ? sum : "";
    }
    const fuField = quickField(object, "fu");
    if (fuField) {
      if (limit) fuField.value = "";
      else if (fu) fuField.value = fu;
    }
    this.changed();
  }
}
