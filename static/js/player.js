// The player page's charts: the score over the hands of one game and the rating over
// time in each group, drawn by chart.js from the data Django put in #player-charts.

import {drawChart} from "./chart.js";

const data = JSON.parse(document.getElementById("player-charts").textContent);

for (const node of document.querySelectorAll("[data-chart]")) {
  const chart = node.dataset.chart === "score" ? data.score : data.ratings[Number(node.dataset.index)];
  if (chart) drawChart(node, chart, chart.names);
}
