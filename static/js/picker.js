// The tile picker: taps tiles into a form's text fields, so the form stays the one source
// of truth and works unchanged without scripts (the fields take the engine's notation,
// "123m456p", as typed). Used by the table's record sheet and the analysis pages.
//
// Quick to fill in: after a tile, ×2 / ×3 / run add the rest of a pair, a triplet or a
// run; the concealed hand moves on to the winning tile when it holds its 13 (less three a
// meld); a single-tile field moves on when filled. Melds (chi/pon/kan/ankan) collect
// their tiles, then go to the melds field. Tapping a picked tile does nothing (fingers
// slip): ⌫ takes the last one back.

import {el, fmt, t} from "./i18n.js";
import {fromText, splitMelds as melds, tileLabel, toText} from "./tiles.js";

const MELD_SIZE = {chi: 3, pon: 3, kan: 4, ankan: 4};
const SINGLE = new Set(["tile"]);

export function tileNode(code, {small = false, onclick = null} = {}) {
  const red = code[0] === "0";
  const classes = `tile suit-${code[1]}${red ? " red" : ""}${small ? " small" : ""}`;
  const label = [tileLabel(code), red ? el("span", {class: "red-mark", "aria-hidden": "true"}, "赤")
    : null];
  const title = red ? `${code} (${t("red_five")})` : code;
  if (onclick) {
    // The spoken name starts with the face shown ("5萬赤"), so a voice user can say what
    // they see (WCAG 2.5.3), and adds the notation: "5萬赤 (0m, red five)".
    const face = `${tileLabel(code)}${red ? "赤" : ""}`;
    const spoken = red ? `${face} (${code}, ${t("red_five")})` : `${face} (${code})`;
    return el("button", {type: "button", class: classes, dataset: {tile: code}, title,
      "aria-label": spoken, onclick}, label);
  }
  return el("span", {class: classes, dataset: {tile: code}, title}, label);
}

export class FieldPicker {
  // inputs(): the text fields it may fill; slot: where to draw; meldsInput(): the field of
  // declared melds (or null); tiles: the ruleset's tile set ({honours, red_fives, chow,
  // flowers}); handSize: tiles of a concealed hand before the winning one (13, or 16).
  constructor(slot, {inputs, meldsInput = () => null, tiles = {}, handSize = 13,
    onChange = () => {}} = {}) {
    this.slot = slot;
    this.inputs = inputs;
    this.meldsInput = meldsInput;
    // The tile set, or a function giving it (the analyser's ruleset can change).
    this.tileSet = typeof tiles === "function" ? tiles : () => tiles;
    // Or a function giving it: the analyser's ruleset can change (16-tile hands).
    this.handSize = typeof handSize === "function" ? handSize : () => handSize;
    this.onChange = onChange;
    this.target = null;
    this.meld = null; // {kind, tiles} while a meld is being picked
    this.last = null; // the tile tapped last, for ×2 / ×3 / run
    this.chain = null; // {digit, suit} of the run a second "run" would add
    this.listening = new WeakSet();
    slot.hidden = false;
    this.render();
  }

  usable() {
    // A field hidden with its part of the form (another result, quick entry) is no target.
    return this.inputs().filter((input) => !input.closest("[hidden]"));
  }

  labelOf(input) {
    const label = input.id && document.querySelector(`label[for="${input.id}"]`);
    return label ? label.textContent.trim() : input.name;
  }

  kind(input) {
    return input?.dataset.tiles || input?.dataset.picker || "tiles";
  }

  isHand(input) {
    return Boolean(input) && /(^|\.)hand$/.test(input.name) && this.kind(input) === "tiles";
  }

  // The concealed tiles a hand should hold before its winning tile, less three a meld.
  expected() {
    const meld = this.meldsInput();
    return this.handSize() - 3 * melds(meld?.value).length;
  }

  winInput() {
    return this.usable().find((input) => this.kind(input) === "tile"
      && /win_tile$/.test(input.name));
  }

  write(input, codes) {
    input.value = SINGLE.has(this.kind(input)) ? (codes[codes.length - 1] || "") : toText(codes);
    input.dispatchEvent(new Event("input", {bubbles: true}));
  }

  add(code, {advance = true} = {}) {
    if (this.meld) {
      this.meld.tiles.push(code);
      if (this.meld.tiles.length >= MELD_SIZE[this.meld.kind]) {
        const input = this.meldsInput();
        const text = `${this.meld.kind} ${toText(this.meld.tiles)}`;
        input.value = [...melds(input.value), text].join(", ");
        input.dispatchEvent(new Event("input", {bubbles: true}));
        this.meld = null;
      }
      this.changed();
      return;
    }
    const target = this.target;
    if (!target) return;
    this.last = code;
    this.chain = null;
    this.write(target, [...fromText(target.value), code]);
    if (advance) this.advance(target);
    this.changed();
  }

  // A full concealed hand goes on to the winning tile; a filled single tile to the next.
  advance(target) {
    const fields = this.usable();
    if (this.isHand(target) && fromText(target.value).length >= this.expected()) {
      const win = this.winInput();
      if (win && !win.value) this.target = win;
    } else if (SINGLE.has(this.kind(target))) {
      const next = fields[fields.indexOf(target) + 1];
      if (next && !next.value && !this.isHand(next)) this.target = next;
    }
  }

  // After a tile: ×2 adds one more of it, ×3 two more, run the next two of its suit.
  repeat(times) {
    const code = this.last;
    if (!code || !this.target) return;
    for (let i = 1; i < times; i += 1) this.add(code, {advance: i === times - 1});
  }

  // Run after a tile adds the next two; run again goes on with the next three (1m, run,
  // run, run: 123456789m).
  run() {
    if (this.chain) {
      const {digit, suit} = this.chain;
      if (digit > 7) return;
      this.add(`${digit}${suit}`, {advance: false});
      this.add(`${digit + 1}${suit}`, {advance: false});
      this.add(`${digit + 2}${suit}`);
      this.last = null;
      this.chain = {digit: digit + 3, suit};
      return;
    }
    const code = this.last;
    if (!code || code[1] === "z" || code[1] === "f") return;
    const digit = code[0] === "0" ? 5 : Number(code[0]);
    if (digit > 7) return;
    this.add(`${digit + 1}${code[1]}`, {advance: false});
    this.add(`${digit + 2}${code[1]}`);
    this.last = null;
    this.chain = {digit: digit + 3, suit: code[1]};
  }

  removeLast() {
    if (this.meld) {
      this.meld.tiles.pop();
      if (!this.meld.tiles.length) this.meld = null;
    } else if (this.target) {
      const codes = fromText(this.target.value);
      codes.pop();
      this.write(this.target, codes);
    }
    this.changed();
  }

  // A new entry: back to the first field (the concealed hand), nothing half-picked.
  reset() {
    this.target = null;
    this.meld = null;
    this.last = null;
    this.chain = null;
    this.render();
  }

  clear() {
    this.meld = null;
    this.last = null;
    if (this.target) this.write(this.target, []);
    this.changed();
  }

  changed() {
    this.render();
    this.onChange();
  }

  listen(input) {
    if (this.listening.has(input)) return;
    this.listening.add(input);
    input.addEventListener("focus", () => { this.target = input; this.meld = null; this.render(); });
    input.addEventListener("input", () => this.renderPicked());
  }

  render() {
    this.tiles = {honours: true, red_fives: 0, chow: true, flowers: false, ...this.tileSet()};
    const fields = this.usable();
    fields.forEach((input) => this.listen(input));
    if (!fields.includes(this.target)) {
      this.target = fields.find((input) => this.isHand(input)) || fields[0] || null;
    }
    const meldsField = this.meldsInput();
    const targets = el("div", {class: "picker-targets", role: "group"},
      fields.map((input) => el("button", {type: "button", class: "chip",
        "aria-pressed": String(!this.meld && input === this.target),
        dataset: {target: input.name},
        onclick: () => { this.target = input; this.meld = null; this.render(); }},
      this.labelOf(input))),
      meldsField && !meldsField.closest("[hidden]") ? Object.keys(MELD_SIZE)
        .filter((kind) => kind !== "chi" || this.tiles.chow)
        .map((kind) => el("button", {type: "button", class: "chip",
          "aria-pressed": String(this.meld?.kind === kind), dataset: {meld: kind},
          onclick: () => { this.meld = {kind, tiles: []}; this.render(); }},
        `+ ${t(`meld_${kind}`)}`)) : []);
    this.picked = el("div", {class: "picked", "aria-live": "polite"});
    const palette = el("div", {class: "palette"});
    const suits = ["m", "p", "s"];
    // Tiles out of play (2m-8m in sanma, a suit in 三人两房) are not offered.
    const out = new Set(this.tiles.out || []);
    for (const suit of suits) {
      const row = el("div", {class: "palette-row"});
      for (let d = 1; d <= 9; d += 1) {
        if (!out.has(`${d}${suit}`)) row.append(tileNode(`${d}${suit}`, {onclick: () => this.add(`${d}${suit}`)}));
      }
      if (row.children.length) palette.append(row);
    }
    if (this.tiles.red_fives) {
      // Red fives in a row of their own, under the fives they stand for.
      const reds = el("div", {class: "palette-row"});
      for (const suit of suits) {
        if (!out.has(`5${suit}`)) reds.append(tileNode(`0${suit}`, {onclick: () => this.add(`0${suit}`)}));
      }
      palette.append(reds);
    }
    if (this.tiles.honours !== false) {
      const honours = el("div", {class: "palette-row"});
      for (let d = 1; d <= 7; d += 1) honours.append(tileNode(`${d}z`, {onclick: () => this.add(`${d}z`)}));
      palette.append(honours);
    }
    if (this.tiles.flowers) {
      const flowers = el("div", {class: "palette-row"});
      for (let d = 1; d <= 8; d += 1) flowers.append(el("button", {type: "button", class: "tile suit-f",
        dataset: {tile: `${d}f`}, onclick: () => this.add(`${d}f`)}, `${t("flower_short")}${d}`));
      palette.append(flowers);
    }
    const tools = el("div", {class: "picker-tools"},
      el("button", {type: "button", class: "chip", dataset: {action: "pair"},
        onclick: () => this.repeat(2)}, "×2"),
      el("button", {type: "button", class: "chip", dataset: {action: "triplet"},
        onclick: () => this.repeat(3)}, "×3"),
      el("button", {type: "button", class: "chip", dataset: {action: "run"},
        onclick: () => this.run()}, t("run")),
      el("button", {type: "button", class: "chip", dataset: {action: "undo"},
        "aria-label": t("undo_tile"), onclick: () => this.removeLast()}, "⌫"),
      el("button", {type: "button", class: "chip", dataset: {action: "clear"},
        onclick: () => this.clear()}, t("clear")));
    this.slot.replaceChildren(targets, this.picked, palette, tools);
    this.renderPicked();
  }

  // What every field holds, one line each (the concealed hand stays in view while the
  // winning tile is picked); the field being filled is marked, with its count.
  renderPicked() {
    if (!this.picked) return;
    const lines = [];
    for (const input of this.usable()) {
      const active = !this.meld && input === this.target;
      const codes = fromText(input.value);
      if (!codes.length && !active) continue;
      let count = "";
      if (active && this.isHand(input)) count = fmt("concealed_count", {count: codes.length, of: this.expected()});
      lines.push(el("div", {class: `picked-line${active ? " active" : ""}`, dataset: {field: input.name}},
        el("span", {class: "picked-label"}, this.labelOf(input)),
        ...codes.map((code) => tileNode(code, {small: true})),
        count ? el("span", {class: "muted small picked-count"}, count) : null));
    }
    const meldField = this.meldsInput();
    const called = melds(meldField?.value);
    if (called.length || this.meld) {
      lines.push(el("div", {class: `picked-line${this.meld ? " active" : ""}`},
        el("span", {class: "picked-label"}, fmt("melds_count", {count: called.length})),
        ...called.map((meld) => el("span", {class: "picked-meld"},
          fromText(meld.split(" ").pop()).map((code) => tileNode(code, {small: true})))),
        this.meld ? el("span", {class: "picked-meld building"}, `${t(`meld_${this.meld.kind}`)} `,
          this.meld.tiles.map((code) => tileNode(code, {small: true})),
          ` ${this.meld.tiles.length}/${MELD_SIZE[this.meld.kind]}`) : null));
    }
    this.picked.replaceChildren(...lines);
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
