// Tile picker for the analysis pages: taps tiles into the form's text fields (those with
// data-picker), so the form stays the single source of truth and still works unchanged
// without scripts. Melds (chi/pon/kan/ankan) collect their tiles, then go to the melds field.
// Drawing and notation come from tiles.js, the table page's picker module.

import {el, t} from "./i18n.js";
import {fromText, tileLabel, toText} from "./tiles.js";

const MELD_SIZE = {chi: 3, pon: 3, kan: 4, ankan: 4};

export function tileNode(code, {small = false, onclick = null} = {}) {
  const classes = `tile suit-${code[1]}${code[0] === "0" ? " red" : ""}${small ? " small" : ""}`;
  if (onclick) {
    return el("button", {type: "button", class: classes, dataset: {tile: code}, title: code,
      onclick}, tileLabel(code));
  }
  return el("span", {class: classes, dataset: {tile: code}, title: code}, tileLabel(code));
}

export class FieldPicker {
  // form: the <form>; slot: where to draw; meldsInput: optional field for declared melds.
  constructor(form, slot, {meldsInput = null, redFives = () => false, onChange = () => {}} = {}) {
    this.form = form;
    this.slot = slot;
    this.meldsInput = meldsInput;
    this.redFives = redFives;
    this.onChange = onChange;
    this.fields = [...form.querySelectorAll("input[data-picker]")];
    this.target = this.fields[0];
    this.meld = null; // {kind, tiles} while a meld is being picked
    for (const input of this.fields) {
      input.addEventListener("focus", () => { this.target = input; this.meld = null; this.render(); });
      input.addEventListener("input", () => this.render());
    }
    slot.hidden = false;
    this.render();
  }

  usable() {
    // A field hidden with its section (data-for of another ruleset) is not a target.
    return this.fields.filter((input) => !input.closest("[hidden]"));
  }

  labelOf(input) {
    const label = this.form.querySelector(`label[for="${input.id}"]`);
    return label ? label.textContent.trim() : input.name;
  }

  add(code) {
    if (this.meld) {
      this.meld.tiles.push(code);
      if (this.meld.tiles.length >= MELD_SIZE[this.meld.kind]) {
        const text = `${this.meld.kind} ${toText(this.meld.tiles)}`;
        const current = this.meldsInput.value.trim();
        this.meldsInput.value = current ? `${current}, ${text}` : text;
        this.meld = null;
      }
    } else {
      this.target.value = toText([...fromText(this.target.value), code]);
    }
    this.changed();
  }

  removeAt(index) {
    const codes = fromText(this.target.value);
    codes.splice(index, 1);
    this.target.value = toText(codes);
    this.changed();
  }

  changed() {
    this.render();
    this.onChange();
  }

  render() {
    if (!this.usable().includes(this.target)) [this.target] = this.usable();
    const targets = el("div", {class: "picker-targets", role: "group"},
      this.usable().map((input) => el("button", {type: "button", class: "chip",
        "aria-pressed": String(!this.meld && input === this.target),
        dataset: {target: input.name},
        onclick: () => { this.target = input; this.meld = null; this.render(); }},
      this.labelOf(input))),
      this.meldsInput ? Object.keys(MELD_SIZE).map((kind) => el("button", {type: "button",
        class: "chip", "aria-pressed": String(this.meld?.kind === kind), dataset: {meld: kind},
        onclick: () => { this.meld = {kind, tiles: []}; this.render(); }}, `+ ${kind}`)) : []);
    const shown = this.meld ? this.meld.tiles : fromText(this.target?.value || "");
    const picked = el("div", {class: "picked", "aria-live": "polite"},
      shown.map((code, i) => tileNode(code, {small: true,
        onclick: this.meld ? null : () => this.removeAt(i)})),
      el("span", {class: "muted small"}, this.meld ? `${this.meld.kind}…` : `${shown.length}`));
    const palette = el("div", {class: "palette"});
    for (const suit of ["m", "p", "s"]) {
      const row = el("div", {class: "palette-row"});
      for (let d = 1; d <= 9; d += 1) row.append(tileNode(`${d}${suit}`, {onclick: () => this.add(`${d}${suit}`)}));
      if (this.redFives()) row.append(tileNode(`0${suit}`, {onclick: () => this.add(`0${suit}`)}));
      palette.append(row);
    }
    const honours = el("div", {class: "palette-row"});
    for (let d = 1; d <= 7; d += 1) honours.append(tileNode(`${d}z`, {onclick: () => this.add(`${d}z`)}));
    palette.append(honours);
    const tools = el("div", {class: "picker-tools"},
      el("button", {type: "button", class: "chip", dataset: {action: "undo"}, onclick: () => {
        if (this.meld) { this.meld = null; this.render(); return; }
        const codes = fromText(this.target.value);
        if (codes.length) this.removeAt(codes.length - 1);
      }}, t("undo_tile")),
      el("button", {type: "button", class: "chip", dataset: {action: "clear"}, onclick: () => {
        this.meld = null;
        for (const input of this.fields) input.value = "";
        if (this.meldsInput) this.meldsInput.value = "";
        this.changed();
      }}, t("clear")));
    this.slot.replaceChildren(targets, picked, palette, tools);
  }
}

// The pages re-ask the server a moment after the last tap or keystroke, not on each.
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
