// A double tap does one thing: the second tap of a double tap (80–250 ms apart, same place) is dropped when the
// screen changed after the first, so that a double tap on Save does not press the Edit that appears where Save
// was.

// A second tap within this time and distance of the first is the rest of a double tap.
const doubleTapTime = 500;
const doubleTapDistance = 40;
// The last two taps (pointer downs): where, when and with what.
let previousDown = null;
let lastDown = null;

// The first tap of a double tap on Save opens the next screen; the second must not press what is under the
// finger there (Edit sits where Save was, and on the Shopping List the next item slides up under it). A tap
// is dropped when it is the second of a double tap (the browser counts a mouse's clicks in `detail`; touches
// are timed here) and the screen changed after the first.
window.addEventListener("pointerdown", (event) => {
  previousDown = lastDown;
  lastDown = { x: event.clientX, y: event.clientY, time: now(), type: event.pointerType };
}, true);

function isSecondTapOnNewScreen(event) {
  if (!previousDown || changedAt <= previousDown.time) return false;
  if (event.detail > 1) return true;
  if (!lastDown || lastDown.type === "mouse") return false;
  return lastDown.time - previousDown.time < doubleTapTime
    && Math.hypot(lastDown.x - previousDown.x, lastDown.y - previousDown.y) < doubleTapDistance;
}

window.addEventListener("click", (event) => {
  if (!(event.target instanceof Element) || !event.target.closest("a[href], button, input, select, label")) return;
  if (!isSecondTapOnNewScreen(event)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}, true);
