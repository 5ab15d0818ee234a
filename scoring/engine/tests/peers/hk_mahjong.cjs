// Scores hands with the npm package hk-mahjong for the Hong Kong differential test.
// One JSON request per line on stdin: {"tiles": ["1m", ...], "melds": [["5z", "5z", "5z"]],
// "config": {...FaanCalculationConfig}}; one JSON line out per request: the highest value
// over the package's winning permutations ("limit" for its ∞) and that reading's details.
const readline = require('readline');
const { Tile, Meld, Hand, FaanCalculator } = require('hk-mahjong');

const SUITS = { m: 'character', p: 'dot', s: 'bamboo' };
// The package numbers honours E S W N, then red, green, white (🀄 🀅 🀆).
const HONOURS = { 1: 1, 2: 2, 3: 3, 4: 4, 5: 7, 6: 6, 7: 5 };

function tile(code) {
  const n = Number(code[0]);
  if (code[1] === 'z') return new Tile({ suit: 'honor', value: HONOURS[n] });
  return new Tile({ suit: SUITS[code[1]], value: n });
}

function score(request) {
  const hand = new Hand({ tiles: request.tiles.map(tile),
                          melds: request.melds.map((m) => new Meld(m.map(tile))) });
  // Its isWinningHand() says false of many wins (123456789m123p55p); the search finds them.
  const readings = hand.findAllWinningPermutations();
  let best = null;
  for (const reading of readings) {
    const result = FaanCalculator.calculate(reading, request.config);
    const value = result.value === '∞' ? Infinity : result.value;
    if (best === null || value > best.value) best = { value, details: result.details };
  }
  if (best === null) return { value: null, details: [] };
  return { value: best.value === Infinity ? 'limit' : best.value,
           details: best.details.map((d) => d.name) };
}

const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim()) process.stdout.write(JSON.stringify(score(JSON.parse(line))) + '\n');
});
