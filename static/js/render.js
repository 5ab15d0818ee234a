// Scoreboard, hand history and action buttons drawn from a snapshot
// (games/services/snapshot.py). The server renders the same markup first.

import {el, fmt, signed, t, windName} from "./i18n.js";

export function names(snapshot) {
  const out = ["", "", "", ""];
  for (const seat of snapshot.seats) out[seat.position] = seat.player.name;
  return out;
}

// Engine summaries name players P0-P3; show their names instead.
export function readable(summary, who) {
  return (summary || "").replace(/\bP([0-3])\b/g, (match, digit) => who[Number(digit)] || match);
}

const ENGLISH = (document.documentElement.lang || "en").startsWith("en");

function winSummary(result, who) {
  const name = (i) => (Number.isInteger(i) && who[i]) || "?";
  const parts = [result.discarder === null || result.discarder === undefined
    ? fmt("sum_tsumo", {winner: name(result.winner)})
    : fmt("sum_ron", {winner: name(result.winner), discarder: name(result.discarder)})];
  if (result.yakuman) parts.push(fmt("sum_yakuman", {count: result.yakuman}));
  else if (Number.isInteger(result.han)) parts.push(fmt("sum_han_fu", {han: result.han, fu: result.fu || 0}));
  else if (Number.isInteger(result.fan)) parts.push(fmt("sum_fan", {fan: result.fan}));
  const native = result.win_type || result.shape_zh;
  if (native) parts.push(native);
  // Only where the figure is points (MCR's "total" is fan, Sichuan's values are bases).
  const key = {riichi: "points", wuhu: "value", jian: "total"}[result.ruleset] || "points";
  if (Number.isInteger(result[key])) parts.push(fmt("sum_points", {points: result[key]}));
  return parts.join(t("sum_and"));
}

// What happened in a hand in the reader's language; games/ui.py hand_summary() is the
// server's copy. English readers get the engine's own summary, which says a little more.
export function handSummary(hand, who) {
  if (ENGLISH) return readable(hand.summary, who);
  const outcome = hand.outcome || {};
  const kind = hand.type || outcome.type;
  const parts = [];
  for (const event of outcome.extra?.events || []) {
    if (event.kind === "kong") {
      parts.push(fmt("sum_kong", {player: who[event.player] || "?", kind: t(`kong_${event.kong}`)}));
    }
  }
  const wins = (hand.results || []).filter((r) => r && r.winner !== undefined);
  parts.push(...wins.map((r) => winSummary(r, who)));
  if (!wins.length && kind && kind !== "hand") {
    let label = t(`type_${kind}`);
    if ((kind === "chombo" || kind === "penalty") && Number.isInteger(outcome.penalised)) {
      label += `: ${who[outcome.penalised]}`;
    }
    // The engine's judged list counts hands shown at the draw; the typed list may not.
    const judged = (hand.results || []).find((r) => r && Array.isArray(r.tenpai));
    const listed = judged ? judged.tenpai : outcome.tenpai;
    if ((kind === "draw" || kind === "nagashi") && listed) {
      const ready = listed.map((p) => who[p]).filter(Boolean);
      label += `${t("sum_and")}${ready.length ? fmt("sum_tenpai", {names: ready.join(" ")}) : t("sum_all_noten")}`;
    }
    parts.push(label);
  }
  if (kind === "hand" && wins.length < 3 && outcome.extra?.draw) parts.push(t("type_draw"));
  return parts.join(t("sum_then"));
}

export function recorder(name) {
  return name === "creator" || name === "staff" ? t(name) : name;
}

export function roundLine(snapshot) {
  if (snapshot.table.finished) return t("finished");
  const state = snapshot.state || {};
  return [
    `${windName(state.round_wind || "E")} ${state.hand_number ?? 1}`,
    `${t("honba")} ${state.honba ?? 0}`,
    `${t("pot")} ${state.pot ?? 0}`,
  ].join(" · ");
}

export function renderScoreboard(snapshot, you) {
  document.getElementById("round-line").textContent = roundLine(snapshot);
  const list = document.getElementById("standings");
  const dealer = snapshot.state?.dealer;
  const winds = {};
  for (const seat of snapshot.seats) winds[seat.position] = seat.wind;
  list.replaceChildren(...snapshot.standings.map((row) => {
    const isDealer = row.position === dealer && !snapshot.table.finished;
    const classes = ["player-card"];
    if (isDealer) classes.push("is-dealer");
    if (you && you.seat === row.position) classes.push("is-me");
    return el("li", {class: classes.join(" "), dataset: {position: row.position}},
      el("span", {class: "wind"}, windName(winds[row.position])),
      el("span", {class: "name"}, row.name,
        isDealer ? " " : null,
        isDealer ? el("span", {class: "dealer-mark", title: t("dealer")}, t("dealer")) : null),
      el("span", {class: "score", dataset: {score: row.score}}, String(row.score)),
      el("span", {class: "rank"}, `#${row.rank}`));
  }));
}

// The named parts of a win's value, whatever the ruleset calls them.
function fanItems(result) {
  const items = [...(result.yaku || result.fans || result.mouths || [])];
  if (result.shape_zh) items.unshift({name_zh: result.shape_zh});
  return items;
}

export function fanList(result) {
  const items = fanItems(result);
  if (!items.length) return null;
  return el("ul", {class: "fans"}, items.map((item) => {
    const name = item.name || item.name_en || item.id || "";
    const native = item.name_ja || item.name_zh || "";
    // The English name only helps English readers (or when there is no native name).
    const shown = ENGLISH || !native ? name : "";
    const value = item.han ?? item.points ?? item.fan;
    const count = item.count && item.count > 1 ? ` ×${item.count}` : "";
    return el("li", {}, native ? el("span", {lang: item.name_ja ? "ja" : "zh"}, native) : null,
      native && shown ? " " : "", shown ? el("span", {class: "muted"}, shown) : null,
      value !== undefined ? el("b", {}, ` ${value}${count}`) : null);
  }));
}

function handHead(hand) {
  const where = hand.round_wind ? `${windName(hand.round_wind)} ${hand.hand_in_round ?? ""}` : "";
  const honba = hand.honba ? ` · ${t("honba")} ${hand.honba}` : "";
  return `${hand.number}. ${where}${honba}`;
}

export function renderHistory(snapshot, {canWrite, onCorrect}) {
  const list = document.getElementById("history");
  const who = names(snapshot);
  if (!snapshot.hands.length) {
    list.replaceChildren(el("li", {class: "empty"}, t("no_hands")));
    return;
  }
  const items = [...snapshot.hands].reverse().map((hand) => {
    const deltas = el("ul", {class: "deltas"}, hand.deltas.map((delta, position) =>
      el("li", {class: delta > 0 ? "up" : delta < 0 ? "down" : ""},
        el("span", {}, who[position]), " ", el("b", {}, signed(delta)))));
    const fans = (hand.results || []).map(fanList).filter(Boolean);
    return el("li", {dataset: {number: hand.number}},
      el("div", {class: "hand-head"}, el("strong", {}, handHead(hand)),
        hand.revision > 1 ? el("span", {class: "badge"}, t("corrected")) : null,
        canWrite && !snapshot.table.ended_manually
          ? el("button", {type: "button", class: "link-button",
              onclick: () => onCorrect(hand)}, t("correct")) : null),
      el("p", {class: "summary"}, handSummary(hand, who)),
      fans, deltas,
      hand.recorded_by ? el("p", {class: "muted small"}, `${t("by")} ${recorder(hand.recorded_by)}`) : null);
  });
  list.replaceChildren(...items);
}

// Recording works offline (the outbox sends the hand later); undo, redo, ending and
// reopening act on the table as it is now, so they wait for the connection.
export function renderActions(snapshot, you, online) {
  const canWrite = Boolean(you?.can_write);
  document.getElementById("actions").hidden = !canWrite;
  const finished = snapshot.table.finished;
  document.getElementById("undo").disabled = !snapshot.can_undo || !online;
  document.getElementById("redo").disabled = !snapshot.can_redo || !online;
  document.getElementById("open-record").disabled = finished;
  document.getElementById("end-game").hidden = finished;
  document.getElementById("end-game").disabled = !online;
  document.getElementById("reopen-game").hidden = !snapshot.table.ended_manually;
  document.getElementById("reopen-game").disabled = !online;
}
