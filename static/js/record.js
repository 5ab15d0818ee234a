// The record-a-hand form: one outcome of the ruleset's outcome types, entered with the
// tile picker (tiles mode) or typed-in values (quick mode). build() returns the outcome
// object of scoring/engine/game.py or throws {incomplete: message}.

import {el, t} from "./i18n.js";
import {TilePicker, fromText, tileLabel, toText} from "./tiles.js";

const WIN_TYPES = new Set(["ron", "tsumo", "win"]);
let uid = 0;

function incomplete(key) {
  return {incomplete: t(key)};
}

function field(label, control) {
  const id = control.id || `f${(uid += 1)}`;
  control.id = id;
  return el("div", {class: "field"}, el("label", {for: id}, label), control);
}

function playerSelect(names, emptyLabel, name) {
  return el("select", {name},
    el("option", {value: ""}, emptyLabel ?? t("choose")),
    names.map((n, i) => el("option", {value: String(i)}, n)));
}

function readPlayer(select) {
  return select.value === "" ? null : Number(select.value);
}

class PlayerChecks {
  constructor(legend, names, name) {
    this.boxes = names.map((n, i) => el("input", {type: "checkbox", value: String(i),
      name: `${name}-${i}`}));
    this.node = el("fieldset", {class: "checks", dataset: {name}}, el("legend", {}, legend),
      this.boxes.map((box, i) => el("label", {class: "check"}, box, ` ${names[i]}`)));
  }

  value() {
    return this.boxes.filter((b) => b.checked).map((b) => Number(b.value));
  }

  set(list) {
    for (const box of this.boxes) box.checked = (list || []).includes(Number(box.value));
  }
}

function tileSelect(name) {
  const options = [el("option", {value: ""}, t("choose"))];
  for (const suit of ["m", "p", "s"]) {
    for (let d = 1; d <= 9; d += 1) options.push(el("option", {value: `${d}${suit}`}, tileLabel(`${d}${suit}`)));
  }
  for (let d = 1; d <= 7; d += 1) options.push(el("option", {value: `${d}z`}, tileLabel(`${d}z`)));
  return el("select", {name}, options);
}

// One winner (or a Sichuan win event): who, from whom, and the hand in either mode.
class WinEntry {
  constructor(panel, {discarder, pao, removable, event}) {
    this.panel = panel;
    this.ui = panel.ui;
    this.event = event;
    const names = panel.names;
    this.winner = playerSelect(names, null, "winner");
    // "Self-draw" is a choice of its own so a forgotten discarder is not taken for one.
    this.discarder = discarder ? playerSelect(names, null, "discarder") : null;
    if (this.discarder) this.discarder.options[0].after(el("option", {value: "self"}, t("self_draw")));
    this.pao = pao ? playerSelect(names, t("none"), "pao") : null;
    this.withPrevious = event ? el("input", {type: "checkbox", name: "with_previous"}) : null;
    this.mode = "tiles";
    this.picker = new TilePicker(this.ui, () => panel.changed());
    this.flagBoxes = (this.ui.flags || []).map((flag) => el("input", {type: "checkbox",
      name: `flag-${flag.name}`, value: flag.name}));
    this.quickInputs = (this.ui.quick || []).map((q) => this.quickInput(q));
    this.flowers = this.ui.flowers ? el("input", {type: "number", min: "0", max: "8",
      inputmode: "numeric", name: "hand-flowers", value: "0"}) : null;
    this.modeButtons = ["tiles", "quick"].map((mode) => el("button", {type: "button",
      class: "chip", dataset: {mode}, "aria-pressed": String(mode === this.mode),
      onclick: () => this.setMode(mode)}, t(`mode_${mode}`)));
    this.tilesPart = el("div", {class: "tiles-part"}, this.picker.node,
      this.flowers ? field(t("flowers"), this.flowers) : null,
      this.flagBoxes.length ? el("fieldset", {class: "checks flags"}, el("legend", {}, t("flags")),
        this.flagBoxes.map((box, i) => el("label", {class: "check"}, box,
          ` ${this.ui.flags[i].label}`))) : null);
    this.quickPart = el("div", {class: "quick-part", hidden: true},
      this.quickInputs.map((q) => q.wrap));
    this.node = el("div", {class: "win-entry"},
      el("div", {class: "row"}, field(t("winner"), this.winner),
        this.discarder ? field(t("discarder"), this.discarder) : null,
        this.pao ? field(t("pao"), this.pao) : null,
        removable ? el("button", {type: "button", class: "link-button",
          onclick: () => panel.removeEntry(this)}, t("remove")) : null),
      this.withPrevious ? el("label", {class: "check"}, this.withPrevious, ` ${t("with_previous")}`) : null,
      el("div", {class: "modes", role: "group"}, this.modeButtons),
      this.tilesPart, this.quickPart);
  }

  quickInput(q) {
    let input;
    if (q.name === "shape") {
      input = el("select", {name: "quick-shape"}, (this.ui.shapes || []).map((s) =>
        el("option", {value: s.name}, s.label)));
    } else if (typeof q.default === "boolean") {
      input = el("input", {type: "checkbox", name: `quick-${q.name}`});
      return {q, input, wrap: el("label", {class: "check"}, input, ` ${q.label}`)};
    } else {
      input = el("input", {type: "number", inputmode: "numeric", name: `quick-${q.name}`,
        min: "0", value: q.default ?? ""});
    }
    return {q, input, wrap: field(q.label, input)};
  }

  setMode(mode) {
    this.mode = mode;
    for (const b of this.modeButtons) b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
    this.tilesPart.hidden = mode !== "tiles";
    this.quickPart.hidden = mode !== "quick";
    this.panel.changed();
  }

  quickValue() {
    const out = {};
    for (const {q, input} of this.quickInputs) {
      if (input.type === "checkbox") {
        out[q.name] = input.checked;
      } else if (input.tagName === "SELECT") {
        out[q.name] = input.value;
      } else if (input.value !== "") {
        out[q.name] = Number(input.value);
      }
    }
    // Riichi: a yakuman count or a points figure replaces han/fu.
    if (out.yakuman) return {yakuman: out.yakuman};
    if (out.points) return {points: out.points};
    delete out.yakuman;
    delete out.points;
    if (!Object.keys(out).length) throw incomplete("pick_quick");
    return out;
  }

  flags() {
    const out = {};
    for (const box of this.flagBoxes) if (box.checked) out[box.value] = true;
    return out;
  }

  value(discarder) {
    const winner = readPlayer(this.winner);
    if (winner === null) throw incomplete("pick_winner");
    const entry = this.event ? {kind: "win", winner} : {winner};
    if (this.discarder && this.discarder.value === "") throw incomplete("pick_discarder");
    entry.discarder = this.discarder
      ? (this.discarder.value === "self" ? null : readPlayer(this.discarder)) : discarder;
    if (this.pao && readPlayer(this.pao) !== null) entry.pao = readPlayer(this.pao);
    if (this.withPrevious?.checked) entry.with_previous = true;
    if (this.mode === "quick") {
      entry.quick = this.quickValue();
    } else {
      if (!this.picker.complete()) throw incomplete("pick_tiles");
      const flags = this.flags();
      entry.hand = this.picker.request();
      if (this.flowers && Number(this.flowers.value) > 0) entry.hand.flowers = Number(this.flowers.value);
      if (this.ui.flags_on === "event") Object.assign(entry, flags);
      else Object.assign(entry.hand, flags);
    }
    return entry;
  }

  load(entry) {
    this.winner.value = entry.winner ?? "";
    if (this.discarder) this.discarder.value = entry.discarder ?? "self";
    if (this.pao) this.pao.value = entry.pao ?? "";
    if (this.withPrevious) this.withPrevious.checked = Boolean(entry.with_previous);
    if (entry.quick) {
      for (const {q, input} of this.quickInputs) {
        const v = entry.quick[q.name];
        if (input.type === "checkbox") input.checked = Boolean(v);
        else input.value = v ?? "";
      }
      this.setMode("quick");
    } else if (entry.hand) {
      this.picker.load(entry.hand);
      if (this.flowers) this.flowers.value = entry.hand.flowers ?? 0;
      const source = this.ui.flags_on === "event" ? entry : entry.hand;
      for (const box of this.flagBoxes) box.checked = Boolean(source[box.value]);
      this.setMode("tiles");
    }
  }
}

// Riichi draw: the 13 tiles a player lays down, typed or tapped with one shared picker;
// the engine judges each shown hand tenpai or noten, and that verdict settles the draw.
class ShownHands {
  constructor(panel) {
    this.panel = panel;
    this.melds = panel.names.map(() => []);
    this.inputs = panel.names.map((n, i) => el("input", {type: "text", name: `shown-hand-${i}`,
      autocomplete: "off", spellcheck: "false", placeholder: "123m456p789s1122z",
      "aria-label": `${n}: ${t("shown_hand")}`,
      oninput: () => { this.melds[i] = []; if (this.player === i) this.loadPicker(); }}));
    this.player = null;
    this.picker = new TilePicker({...panel.ui, indicators: []}, () => this.fromPicker());
    this.pickerBox = el("div", {class: "shown-picker", hidden: true}, this.picker.node);
    this.buttons = panel.names.map((n, i) => el("button", {type: "button", class: "chip",
      dataset: {shown: String(i)}, "aria-pressed": "false", onclick: () => this.toggle(i)},
    t("mode_tiles")));
    this.node = el("fieldset", {class: "shown-hands"}, el("legend", {}, t("shown_hands")),
      panel.names.map((name, i) => el("div", {class: "shown-row"}, el("strong", {}, name),
        this.inputs[i], this.buttons[i])), this.pickerBox);
  }

  toggle(player) {
    this.player = this.player === player ? null : player;
    this.buttons.forEach((b, i) => b.setAttribute("aria-pressed", String(i === this.player)));
    this.pickerBox.hidden = this.player === null;
    if (this.player !== null) this.loadPicker();
  }

  loadPicker() {
    const i = this.player;
    this.picker.load({hand: this.inputs[i].value, melds: this.melds[i]});
  }

  fromPicker() {
    if (this.player === null) return;
    const request = this.picker.request();
    // A shown hand has no winning tile: one tapped there is just its thirteenth tile.
    const tiles = fromText(request.hand);
    if (request.win_tile) {
      tiles.push(request.win_tile);
      this.picker.load({hand: toText(tiles), melds: request.melds || []});
    }
    this.inputs[this.player].value = toText(tiles);
    this.melds[this.player] = request.melds || [];
    this.panel.changed();
  }

  // A ticked box is a claim the engine checks against the shown hand (an error if it
  // disagrees); an unticked player who shows a hand gets the engine's verdict.
  value(ticked) {
    const out = {};
    this.inputs.forEach((input, i) => {
      const hand = toText(fromText(input.value));
      if (!hand) return;
      out[i] = this.melds[i].length ? {hand, melds: this.melds[i]} : {hand};
      if (ticked.includes(i)) out[i].tenpai = true;
    });
    return Object.keys(out).length ? out : null;
  }

  load(hands) {
    for (const [key, body] of Object.entries(hands || {})) {
      const i = Number(key);
      if (!this.inputs[i]) continue;
      this.inputs[i].value = body.hand || "";
      this.melds[i] = [...(body.melds || [])];
    }
  }
}

class KongEntry {
  constructor(panel) {
    this.player = playerSelect(panel.names, null, "kong-player");
    this.kind = el("select", {name: "kong-kind"}, ["concealed", "added", "direct"].map((k) =>
      el("option", {value: k}, t(`kong_${k}`))));
    this.feeder = playerSelect(panel.names, t("none"), "kong-feeder");
    this.feederField = field(t("feeder"), this.feeder);
    this.kind.addEventListener("change", () => this.showFeeder());
    this.node = el("div", {class: "kong-entry row"}, el("strong", {}, t("kong")),
      field(t("player"), this.player), field(t("kong_kind"), this.kind),
      this.feederField,
      el("button", {type: "button", class: "link-button", onclick: () => panel.removeEntry(this)},
        t("remove")));
  }

  showFeeder() {
    // Only a direct kong (claimed from a discard) has someone who fed it.
    this.feederField.hidden = this.kind.value !== "direct";
  }

  load(event) {
    this.player.value = event.player ?? "";
    this.kind.value = event.kong || "concealed";
    this.feeder.value = event.feeder ?? "";
    this.showFeeder();
  }

  value() {
    const player = readPlayer(this.player);
    if (player === null) throw incomplete("pick_winner");
    const out = {kind: "kong", player, kong: this.kind.value};
    if (this.kind.value === "direct") out.feeder = readPlayer(this.feeder);
    return out;
  }
}

export class RecordPanel {
  constructor(form, ui, outcomeTypes, names, onChange) {
    this.form = form;
    this.ui = ui;
    this.types = outcomeTypes;
    this.names = names;
    this.onChange = onChange;
    this.entries = [];
    // The analyser link of the page, offered only where readiness is being decided.
    this.analyse = document.getElementById("record-analyse");
    this.typeSelect = el("select", {name: "type", id: "outcome-type",
      onchange: () => { this.renderBody(); this.changed(); }},
    outcomeTypes.map((type) => el("option", {value: type}, t(`type_${type}`))));
    this.body = el("div", {class: "outcome-body"});
    form.replaceChildren(field(t("outcome"), this.typeSelect), this.body);
    // Any typed or ticked value refreshes the preview.
    form.addEventListener("input", () => this.changed());
    form.addEventListener("change", () => this.changed());
    this.renderBody();
  }

  get type() {
    return this.typeSelect.value;
  }

  changed() {
    this.onChange();
  }

  setNames(names) {
    if (names.join("\n") === this.names.join("\n")) return;
    this.names = names;
    this.renderBody();
  }

  removeEntry(entry) {
    this.entries = this.entries.filter((e) => e !== entry);
    entry.node.remove();
    this.refreshDraw?.();
    this.changed();
  }

  reset(type) {
    if (type && this.types.includes(type)) this.typeSelect.value = type;
    this.renderBody();
  }

  renderBody() {
    const type = this.type;
    const ui = this.ui;
    const parts = [];
    this.entries = [];
    this.refreshDraw = null;
    this.discarder = null;
    this.riichi = null;
    this.tenpai = null;
    this.shown = null;
    this.nagashi = null;
    this.penalised = null;
    this.abortive = null;
    this.jing = null;
    this.missing = [];
    if (type === "hand") {
      parts.push(...this.sichuanParts());
    } else if (WIN_TYPES.has(type)) {
      if (type === "ron") {
        this.discarder = playerSelect(this.names, null, "discarder");
        parts.push(field(t("discarder"), this.discarder));
      }
      this.entryBox = el("div", {class: "entries"});
      parts.push(this.entryBox);
      this.addWinner();
      if (type === "ron" && ui.multi_ron) {
        parts.push(el("button", {type: "button", class: "chip", id: "add-winner", onclick: () => {
          if (this.entries.length < 3) this.addWinner(true);
        }}, t("add_winner")));
      }
    }
    if (type === "draw" && ui.riichi_sticks) {
      this.tenpai = new PlayerChecks(t("tenpai"), this.names, "tenpai");
      this.shown = new ShownHands(this);
      parts.push(this.tenpai.node);
    }
    if (type === "nagashi") {
      this.nagashi = new PlayerChecks(t("nagashi"), this.names, "nagashi");
      this.tenpai = new PlayerChecks(t("tenpai"), this.names, "tenpai");
      parts.push(this.nagashi.node, this.tenpai.node);
    }
    if (type === "draw" || type === "nagashi") {
      if (this.analyse) parts.push(this.analyseLink(true));
      if (this.shown) parts.push(this.shown.node);
    } else if (type !== "hand") {
      this.analyseLink(false);
    }
    if (type === "abortive") {
      this.abortive = el("select", {name: "abortive"}, (ui.abortive || []).map((a) =>
        el("option", {value: a.name}, a.label)));
      parts.push(field(t("abortive_kind"), this.abortive));
    }
    if (type === "chombo" || type === "penalty") {
      this.penalised = playerSelect(this.names, null, "penalised");
      parts.push(field(t("penalised"), this.penalised));
    }
    if (ui.riichi_sticks && type !== "chombo") {
      this.riichi = new PlayerChecks(t("riichi_declared"), this.names, "riichi");
      parts.push(this.riichi.node);
    }
    if (ui.jing && (WIN_TYPES.has(type) || type === "draw")) parts.push(this.jingPart());
    this.body.replaceChildren(...parts);
  }

  analyseLink(show) {
    if (!this.analyse) return null;
    this.analyse.hidden = !show;
    return this.analyse;
  }

  addWinner(removable = false) {
    const entry = new WinEntry(this, {discarder: this.type === "win", pao: this.ui.pao,
      removable});
    this.entries.push(entry);
    this.entryBox.append(entry.node);
    this.changed();
    return entry;
  }

  jingPart() {
    const zheng = tileSelect("jing-zheng");
    const fu = tileSelect("jing-fu");
    const counts = this.names.map((n, i) => el("input", {type: "number", min: "0",
      inputmode: "numeric", name: `jing-count-${i}`, value: "0"}));
    this.jing = {zheng, fu, counts};
    return el("fieldset", {class: "jing"}, el("legend", {}, t("jing")),
      el("div", {class: "row"}, field(t("jing_zheng"), zheng), field(t("jing_fu"), fu)),
      el("div", {class: "row"}, counts.map((input, i) => field(this.names[i], input))));
  }

  sichuanParts() {
    this.entryBox = el("div", {class: "entries"});
    this.drawBox = el("fieldset", {class: "draw-box"});
    const addWin = el("button", {type: "button", class: "chip", id: "add-win",
      onclick: () => this.addWinEvent()}, t("add_win"));
    const addKong = el("button", {type: "button", class: "chip", id: "add-kong",
      onclick: () => this.addKongEvent()}, t("add_kong"));
    this.drawRows = [];
    this.refreshDraw = () => {
      const winners = new Set(this.entries.filter((e) => e instanceof WinEntry)
        .map((e) => readPlayer(e.winner)).filter((w) => w !== null));
      const keep = Object.fromEntries(this.drawRows.map((r) => [r.player, r]));
      this.drawRows = [];
      const rows = [];
      if (winners.size < 3) {
        this.names.forEach((name, player) => {
          if (winners.has(player)) return;
          const row = keep[player] || {
            player,
            fan: el("input", {type: "number", min: "0", inputmode: "numeric", name: `ready-fan-${player}`}),
            pig: el("input", {type: "checkbox", name: `flower-pig-${player}`}),
          };
          this.drawRows.push(row);
          // One compact line per player: the column heading above names the fan box.
          row.fan.setAttribute("aria-label", `${name}: ${t("ready_fan")}`);
          rows.push(el("div", {class: "draw-row"}, el("strong", {}, name), row.fan,
            el("label", {class: "check"}, row.pig, ` ${t("flower_pig")}`)));
        });
      }
      this.drawBox.hidden = !rows.length;
      this.drawBox.replaceChildren(el("legend", {}, t("wall_ran_out")),
        el("p", {class: "small muted"}, t("ready_fan")), ...rows,
        ...(this.analyse ? [this.analyseLink(rows.length > 0)] : []));
    };
    this.refreshDraw();
    return [this.missingPart(), el("p", {class: "muted"}, t("events")), this.entryBox,
      el("div", {class: "row"}, addWin, addKong), this.drawBox];
  }

  // 定缺: the suit each player gave up at the start; the engine checks wins and the
  // flower-pig search at a draw against it.
  missingPart() {
    this.missing = this.names.map((n, i) => el("select", {name: `missing-suit-${i}`},
      el("option", {value: ""}, t("missing_unknown")),
      ["m", "p", "s"].map((suit) => el("option", {value: suit}, t(`suit_${suit}`)))));
    return el("fieldset", {class: "missing-suits"}, el("legend", {}, t("missing_suits")),
      el("div", {class: "row"}, this.missing.map((select, i) => field(this.names[i], select))));
  }

  addWinEvent() {
    const entry = new WinEntry(this, {discarder: true, pao: false, removable: true, event: true});
    this.entries.push(entry);
    this.entryBox.append(entry.node);
    entry.winner.addEventListener("change", () => this.refreshDraw());
    this.refreshDraw();
    this.changed();
    return entry;
  }

  addKongEvent() {
    const entry = new KongEntry(this);
    entry.showFeeder();
    this.entries.push(entry);
    this.entryBox.append(entry.node);
    this.changed();
    return entry;
  }

  loadEvents(extra) {
    (extra.missing_suits || []).forEach((suit, i) => {
      if (this.missing[i]) this.missing[i].value = suit || "";
    });
    for (const event of extra.events || []) {
      if (event.kind === "kong") this.addKongEvent().load(event);
      else if (event.kind === "win") this.addWinEvent().load(event);
    }
    this.refreshDraw();
    for (const entry of extra.draw || []) {
      const row = this.drawRows.find((r) => r.player === entry.player);
      if (!row) continue;
      row.fan.value = entry.ready_fan ?? "";
      row.pig.checked = Boolean(entry.flower_pig);
    }
  }

  build() {
    const type = this.type;
    const outcome = {type};
    if (type === "hand") {
      if (!this.entries.length) throw incomplete("add_event");
      const events = this.entries.map((e) => e.value(null));
      const extra = {events};
      const missing = this.missing.map((select) => select.value || null);
      if (missing.some((m) => m !== null)) extra.missing_suits = missing;
      const winners = events.filter((e) => e.kind === "win").length;
      if (winners < 3) {
        extra.draw = this.drawRows.map((row) => ({player: row.player,
          ready_fan: row.fan.value === "" ? null : Number(row.fan.value),
          flower_pig: row.pig.checked}));
      }
      outcome.extra = extra;
      return outcome;
    }
    if (WIN_TYPES.has(type)) {
      let discarder = null;
      if (type === "ron") {
        discarder = readPlayer(this.discarder);
        if (discarder === null) throw incomplete("pick_discarder");
      }
      outcome.wins = this.entries.map((e) => e.value(discarder));
    }
    if (this.tenpai) outcome.tenpai = this.tenpai.value();
    const shown = this.shown?.value(outcome.tenpai || []);
    if (shown) outcome.extra = {...(outcome.extra || {}), hands: shown};
    if (this.nagashi) outcome.extra = {nagashi: this.nagashi.value()};
    if (this.abortive) outcome.extra = {kind: this.abortive.value};
    if (this.penalised) {
      const who = readPlayer(this.penalised);
      if (who === null) throw incomplete("pick_penalised");
      outcome.penalised = who;
    }
    if (this.riichi) {
      const declared = new Set(this.riichi.value());
      for (const win of outcome.wins || []) {
        // The riichi yaku and the riichi stick are the same declaration.
        if (win.hand && (win.hand.riichi || win.hand.double_riichi)) declared.add(win.winner);
        if (win.hand && declared.has(win.winner) && !win.hand.double_riichi) win.hand.riichi = true;
      }
      this.riichi.set([...declared]);
      if (declared.size) outcome.riichi = [...declared].sort();
    }
    if (this.jing && this.jing.zheng.value) {
      outcome.extra = {...(outcome.extra || {}),
        jing: {zheng: this.jing.zheng.value, fu: this.jing.fu.value || undefined},
        jing_counts: this.jing.counts.map((i) => Number(i.value || 0))};
    }
    return outcome;
  }

  load(outcome) {
    this.reset(outcome.type);
    if (WIN_TYPES.has(outcome.type)) {
      const wins = outcome.wins || [];
      if (this.discarder && wins[0]) this.discarder.value = wins[0].discarder ?? "";
      wins.forEach((win, i) => {
        const entry = this.entries[i] || this.addWinner(true);
        entry.load(win);
      });
    }
    if (outcome.type === "hand") this.loadEvents(outcome.extra || {});
    if (this.jing && outcome.extra?.jing) {
      this.jing.zheng.value = outcome.extra.jing.zheng || "";
      this.jing.fu.value = outcome.extra.jing.fu || "";
      (outcome.extra.jing_counts || []).forEach((n, i) => { this.jing.counts[i].value = n; });
    }
    this.tenpai?.set(outcome.tenpai);
    this.shown?.load(outcome.extra?.hands);
    this.riichi?.set(outcome.riichi);
    this.nagashi?.set(outcome.extra?.nagashi);
    if (this.abortive && outcome.extra?.kind) this.abortive.value = outcome.extra.kind;
    if (this.penalised) this.penalised.value = outcome.penalised ?? "";
    this.changed();
  }
}
