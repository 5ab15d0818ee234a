// The round clock on a page that runs it (templates/clubs/_evening_clock.html on an
// evening's page, templates/events/_round_clock.html on an event round's page): the
// round's time left counted down from the server's view in the page (static/js/clock.js).
// The page is drawn again after each of the clock's buttons.

import {RoundClock} from "./clock.js";

const data = document.getElementById("clock-view");
const view = data ? JSON.parse(data.textContent) : null;
if (view) new RoundClock(document.getElementById("clock")).update(view);
