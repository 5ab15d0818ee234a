// Tiles in the engine's notation ("123m456p789s1122z", red five "0m", flowers "1f"):
// their faces and the text of a list of them, for the tile picker (picker.js).

const HONOURS = ["東", "南", "西", "北", "白", "發", "中"];
const SUIT_MARK = {m: "萬", p: "筒", s: "索"};
const ORDER = {m: 0, p: 1, s: 2, z: 3, f: 4};

export function tileLabel(code) {
  const digit = code[0];
  const suit = code[1];
  if (suit === "z") return HONOURS[Number(digit) - 1];
  if (suit === "f") return `${digit}花`;
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

// The melds typed in one box ("pon 777z, chi 123m"): one a line, or separated by commas
// or semicolons, as the engine reads them (scoring/engine/tiles.py, split_melds).
export function splitMelds(text) {
  return (text || "").split(/[\n,;]+/).map((m) => m.trim()).filter(Boolean);
}

// "123m11z" as ["1m","2m","3m","1z","1z"], leniently: digits before a suit letter, what
// else is typed passed over, as the engine's tile_codes (scoring/engine/tiles.py).
export function fromText(text) {
  return [...(text || "").matchAll(/([0-9]+)([mpszf])/g)]
    .flatMap(([, digits, suit]) => [...digits].map((d) => d + suit));
}
