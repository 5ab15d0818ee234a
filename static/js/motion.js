// Scrolling that takes the reader somewhere (the sheet, the standings after Save, a
// refusal's choice): smooth, unless their system asks for less motion
// (prefers-reduced-motion), when the page jumps there at once. A jump also leaves
// nothing moving under a finger already on its way to the next button.

const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

export function bringIntoView(element, block = "start") {
  element.scrollIntoView({behavior: reduced.matches ? "auto" : "smooth", block});
}
