// The table as this phone last showed it, kept in the browser's storage in the page's
// language, so a table page opened offline (kept by the service worker) shows the last
// standings and hands instead of the older ones it was served with. A copy is read only
// by the release of the scripts that stored it (`build`, common/build.py): another
// release's messages may have other fields, or other meanings.

function key(tableId) {
  return `mjsite.snapshot.${tableId}`;
}

// The stored message if it is newer than `snapshot` (the page as served), else null.
export function storedMessage(snapshot, build) {
  const tableId = snapshot.table.id;
  try {
    const stored = JSON.parse(localStorage.getItem(key(tableId)) || "null");
    if (stored?.snapshot?.seq > snapshot.seq && stored.snapshot.table?.id === tableId
        && stored.lang === document.documentElement.lang && stored.build === build) {
      return stored;
    }
  } catch {
    // Unreadable storage: the served page is fine.
  }
  return null;
}

// Keep the whole view on screen: the scoreboard and each hand's rendered entry.
export function storeMessage(snapshot, undoSummary, build) {
  try {
    const board = document.getElementById("scoreboard-body").innerHTML;
    const hands = snapshot.hands.map((hand) => ({...hand,
      html: document.querySelector(`#history > li[data-number="${hand.number}"]`)?.outerHTML || ""}));
    const {hands: _kept, ...state} = snapshot;
    localStorage.setItem(key(snapshot.table.id), JSON.stringify({
      lang: document.documentElement.lang, build, snapshot: state,
      view: {scoreboard: board, hands, hands_from: 1, undo_summary: undoSummary}}));
  } catch {
    // Storage full or off: only the offline copy is lost.
  }
}
