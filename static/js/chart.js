// Score chart: one polyline per player over the snapshot's chart series, drawn as SVG.

import {t} from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const COLOURS = ["#d1495b", "#0f6b4f", "#2e86de", "#e0a100"];

function svg(tag, attrs, text) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function drawChart(container, chart, playerNames) {
  const width = 360;
  const height = 200;
  const pad = {left: 48, right: 10, top: 10, bottom: 24};
  if (chart.labels.length < 2) {
    const empty = document.createElement("p");
    empty.className = "muted";
    empty.textContent = t("no_hands");
    container.replaceChildren(empty);
    return;
  }
  const values = chart.series.flat();
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    low -= 1;
    high += 1;
  }
  const count = chart.labels.length;
  const x = (i) => pad.left + (count > 1 ? (i * (width - pad.left - pad.right)) / (count - 1) : 0);
  const y = (v) => pad.top + ((high - v) * (height - pad.top - pad.bottom)) / (high - low);
  const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, role: "img",
    class: "chart-svg", "aria-label": t("chart")});
  root.append(svg("title", {}, playerNames.join(", ")));
  for (const v of [high, (high + low) / 2, low]) {
    root.append(svg("line", {x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v),
      class: "grid"}));
    root.append(svg("text", {x: pad.left - 4, y: y(v) + 4, "text-anchor": "end",
      class: "axis"}, String(Math.round(v))));
  }
  const step = Math.max(1, Math.ceil(count / 8));
  chart.labels.forEach((label, i) => {
    if (i % step && i !== count - 1) return;
    const text = label === "start" ? t("start") : label === "final" ? t("final") : label;
    root.append(svg("text", {x: x(i), y: height - 6, "text-anchor": "middle", class: "axis"}, text));
  });
  chart.series.forEach((series, player) => {
    const points = series.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    root.append(svg("polyline", {points, fill: "none", stroke: COLOURS[player],
      "stroke-width": 2.5, "stroke-linejoin": "round", "data-player": player}));
    const last = series.length - 1;
    root.append(svg("circle", {cx: x(last), cy: y(series[last]), r: 3.5, fill: COLOURS[player]}));
  });
  const legend = document.createElement("ul");
  legend.className = "chart-legend";
  playerNames.forEach((name, player) => {
    const item = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = COLOURS[player];
    item.append(swatch, ` ${name}`);
    legend.append(item);
  });
  container.replaceChildren(root, legend);
}
