// Shanten and winning tiles by the npm package mahjong-tile-efficiency ("Taiwan" rule set,
// sets and a pair of any size) for the Taiwan differential test. One JSON line in per hand
// ({"tiles": ["1m", ...]}), one out: {"shanten": n, "ukeire": ["3m", ...]} (ukeire only
// for a 3n+1 hand: the tiles that lower its shanten, of which a copy is left).
import readline from 'readline';
import { RuleSet, tilesToHand } from 'mahjong-tile-efficiency';

const taiwan = new RuleSet('Taiwan');

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (!line.trim()) return;
  const hand = tilesToHand(JSON.parse(line).tiles);
  const shanten = taiwan.calShanten(hand);
  const out = { shanten };
  if (JSON.parse(line).tiles.length % 3 === 1) out.ukeire = Object.keys(taiwan.calUkeire(hand).ukeire);
  process.stdout.write(JSON.stringify(out) + '\n');
});
