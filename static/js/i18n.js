// Strings of the page's language, rendered by Django into <script id="table-strings">.

const node = document.getElementById("table-strings");
const strings = node ? JSON.parse(node.textContent) : {};

export function t(key) {
  return strings[key] ?? key;
}

// A translated string with Python-style %(name)s fields filled in.
export function fmt(key, values) {
  return fill(t(key), values);
}

// A text (already in the page's language) with its %(name)s fields filled in.
export function fill(text, values) {
  return text.replace(/%\((\w+)\)s/g, (match, name) => String(values[name] ?? ""));
}

export function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}

// Element builder: el("li", {class: "x", dataset: {a: 1}}, "text", child...)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
