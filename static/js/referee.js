// "Call a referee" on the page of a table of an event's round: sent without leaving the
// table (its socket and outbox stay as they are); the form works without scripts too.

const form = document.getElementById("call-referee-form");
const status = document.getElementById("call-referee-status");

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = form.querySelector("button");
  button.disabled = true;
  try {
    const response = await fetch(form.action, {
      method: "POST", body: new FormData(form), credentials: "same-origin",
      headers: {Accept: "application/json"},
    });
    const answer = await response.json();
    status.textContent = answer.text;
    status.dataset.state = answer.ok ? "called" : "refused";
  } catch {
    status.textContent = form.dataset.offline;
    status.dataset.state = "offline";
  } finally {
    button.disabled = false;
  }
});
