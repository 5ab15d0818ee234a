// The analysis pages answer without a reload: the page's GET form is sent with
// ?fragment=1 and the server's rendered answer (the same template the page includes)
// replaces the old one. The address follows the form, so an answer stays a link.

let latest = 0;

export async function showAnswer(form, target) {
  const mine = ++latest;
  const url = new URL(form.action, window.location.href);
  for (const [key, value] of new FormData(form)) if (value) url.searchParams.set(key, value);
  history.replaceState(null, "", url);
  url.searchParams.set("fragment", "1");
  target.setAttribute("aria-busy", "true");
  let html = null;
  try {
    const answer = await fetch(url, {credentials: "same-origin"});
    // 429: asked too often; the server's sentence says how long to wait.
    if (answer.ok || answer.status === 429) html = await answer.text();
  } catch {
    html = null; // offline: the answer on screen stays; the form still submits
  }
  if (mine !== latest) return;
  target.removeAttribute("aria-busy");
  if (html === null) return;
  const template = document.createElement("template");
  template.innerHTML = html;
  target.replaceChildren(template.content);
}
