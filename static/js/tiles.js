// Tile picker: tap tiles into the concealed hand, melds, the winning tile and indicator
// lists; produces the ruleset's score request fields (hand, melds, win_tile, ...).
// Notation is the engine's: "123m456p789s1122z", red five "0m", melds "pon 555z".

import {el, t} from "./i18n.js";

const HONOURS = ["東", "南", "西", "北", "白", "發", "中"];
const SUIT_MARK = {m: "萬", p: "筒", s: "索"};
const MELD_SIZE = {chi: 3, pon: 3, kan: 4, ankan: 4, kakan: 4};
const ORDER = {m: 0, p: 1, s: 2, z: 3};

export function tileLabel(code) {
  const digit = code[0];
  const suit = code[1];
  if (suit === "z") return HONOURS[Number(digit) - 1];
  return `${digit === "0" ? "5" : digit}${SUIT_MARK[suit]}`;
}

function sortKey(code) {
  const digit = code[0] === "0" ? 5 - 0.5 : Number(code[0]);
  return ORDER[code[1]] * 10 + digit;
}

// "123m11z" from ["1m","2m","3m","1z","1z"], grouped by suit in order.
export function toText(codes) {
  const sorted = [...codes].sort((a, b) => sortKey(a) - sortKey(b));
  let out = "";
  let digits = "";
  let suit = null;
  for (const code of sorted) {
    if (suit !== null && code[1] !== suit) {
      out += digits + suit;
      digits = "";
    }
    suit = code[1];
    digits += code[0];
  }
  return suit === null ? "" : out + digits + suit;
}

export function fromText(text) {
  const out = [];
  let digits = "";
  for (const ch of text || "") {
    if (/[0-9]/.test(ch)) digits += ch;
    else if ("mpsz".includes(ch)) {
      for (const d of digits) out.push(d + ch);
      digits = "";
    }
  }
  return out;
}

function tileButton(code, onclick, extra = "") {
  const red = code[0] === "0";
  return el("button", {type: "button", class: `tile suit-${code[1]}${red ? " red" : ""} ${extra}`,
    dataset: {tile: code}, title: code, onclick}, tileLabel(code));
}

export class TilePicker {
  constructor(ui, onChange) {
    this.ui = ui;
    this.onChange = onChange;
    this.concealed = [];
    this.melds = []; // {kind, tiles}
    this.win = null;
    this.indicators = Object.fromEntries((ui.indicators || []).map((i) => [i.name, []]));
    this.target = "concealed";
    this.flags = {};
    this.node = el("div", {class: "tile-picker"});
    this.render();
  }

  count() {
    return this.concealed.length + 3 * this.melds.length;
  }

  add(code) {
    if (this.target === "win") {
      this.win = code;
      this.target = "concealed";
    } else if (this.target.startsWith("meld-")) {
      const meld = this.melds[Number(this.target.slice(5))];
      meld.tiles.push(code);
      if (meld.tiles.length >= MELD_SIZE[meld.kind]) this.target = "concealed";
    } else if (this.target in this.indicators) {
      this.indicators[this.target].push(code);
    } else {
      this.concealed.push(code);
      if (this.count() >= 13 && !this.win) this.target = "win";
    }
    this.changed();
  }

  changed() {
    this.render();
    this.onChange();
  }

  request() {
    const out = {hand: toText(this.concealed)};
    if (this.win) out.win_tile = this.win;
    const melds = this.melds.filter((m) => m.tiles.length === MELD_SIZE[m.kind]);
    if (melds.length) out.melds = melds.map((m) => `${m.kind} ${toText(m.tiles)}`);
    for (const [name, codes] of Object.entries(this.indicators)) {
      if (codes.length) out[name] = [...codes];
    }
    return out;
  }

  complete() {
    return Boolean(this.win) && this.count() === 13
      && this.melds.every((m) => m.tiles.length === MELD_SIZE[m.kind]);
  }

  load(request) {
    this.concealed = fromText(request.hand);
    this.win = request.win_tile || null;
    this.melds = (request.melds || []).map((text) => {
      const [kind, tiles] = text.split(" ");
      return {kind, tiles: fromText(tiles)};
    });
    for (const name of Object.keys(this.indicators)) {
      this.indicators[name] = [...(request[name] || [])];
    }
    this.render();
  }

  group(key, label, codes, remove, size) {
    const active = this.target === key;
    return el("div", {class: `tile-group${active ? " active" : ""}`, dataset: {group: key}},
      el("button", {type: "button", class: "group-label", "aria-pressed": String(active),
        onclick: () => { this.target = key; this.render(); }},
      `${label}${size ? ` (${size})` : ""}`),
      el("span", {class: "group-tiles"}, codes.map((code, i) =>
        tileButton(code, () => { remove(i); this.changed(); }, "small"))));
  }

  render() {
    const groups = [
      this.group("concealed", t("concealed"), this.concealed,
        (i) => this.concealed.splice(i, 1), `${this.count()}/13`),
      ...this.melds.map((meld, i) => this.group(`meld-${i}`, t(`meld_${meld.kind}`),
        meld.tiles, (j) => {
          meld.tiles.splice(j, 1);
          if (!meld.tiles.length) { this.melds.splice(i, 1); this.target = "concealed"; }
        })),
      this.group("win", t("win_tile"), this.win ? [this.win] : [], () => { this.win = null; }),
      ...(this.ui.indicators || []).map((ind) => this.group(ind.name, ind.label,
        this.indicators[ind.name], (i) => this.indicators[ind.name].splice(i, 1))),
    ];
    const meldKinds = el("div", {class: "meld-kinds"}, `${t("add_meld")}: `,
      Object.keys(MELD_SIZE).filter((kind) => !(kind === "chi" && this.ui.no_chow))
        .map((kind) => el("button", {type: "button", class: "chip",
          dataset: {meld: kind}, onclick: () => {
            this.melds.push({kind, tiles: []});
            this.target = `meld-${this.melds.length - 1}`;
            this.render();
          }}, t(`meld_${kind}`))));
    const palette = el("div", {class: "palette"});
    for (const suit of ["m", "p", "s"]) {
      const row = el("div", {class: "palette-row"});
      for (let d = 1; d <= 9; d += 1) row.append(tileButton(`${d}${suit}`, () => this.add(`${d}${suit}`)));
      if (this.ui.red_fives) row.append(tileButton(`0${suit}`, () => this.add(`0${suit}`)));
      palette.append(row);
    }
    if (this.ui.honours !== false) {
      const honours = el("div", {class: "palette-row"});
      for (let d = 1; d <= 7; d += 1) honours.append(tileButton(`${d}z`, () => this.add(`${d}z`)));
      palette.append(honours);
    }
    const tools = el("div", {class: "picker-tools"},
      el("button", {type: "button", class: "chip", onclick: () => {
        this.concealed = [];
        this.melds = [];
        this.win = null;
        for (const name of Object.keys(this.indicators)) this.indicators[name] = [];
        this.target = "concealed";
        this.changed();
      }}, t("clear")));
    this.node.replaceChildren(el("div", {class: "groups"}, groups), meldKinds, palette, tools);
  }
}
