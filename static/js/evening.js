// The evening page's clock (templates/clubs/_evening_clock.html): the round's time left
// counted down from the server's view in the page (static/js/clock.js). The page is
// drawn again after each of the clock's buttons.

import {RoundClock} from "./clock.js";

const data = document.getElementById("evening-clock");
const view = data ? JSON.parse(data.textContent) : null;
if (view) new RoundClock(document.getElementById("clock")).update(view);
