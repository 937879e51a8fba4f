// A tap is not lost to a redraw. A press that starts on one element and ends on another clicks neither (the
// browser sends the click to what they have in common): a row drawn anew under the finger, or one that moved
// under it because a row above it went, would swallow the tap. So while a finger (or the mouse's button) is down
// on the page, nothing is drawn anew: a live update (40-live-updates.js, 41-live-drawing.js), a screen loaded
// (30-navigation.js) and a form's answer (50-forms.js) wait until it lifts and its click has done its work (a
// form tapped is sent, or waits its turn), and are drawn then, in the order they came. A press held longer than
// `holdLimit` (a long press, a pointer that came up outside the window) holds nothing any more.

const holdLimit = 2000;
// How long after a touch lifts its click may still come (the browser makes a touch's click as a step of its own,
// after the touch ended); the click ends the wait at once. A mouse's click comes with its button's release.
const clickAfterTouch = 100;
// When the finger went down; null while none is.
let fingerDownAt = null;
// Whether the finger lifted and its click has not yet done its work.
let lifting = false;
// What waits for the finger to lift.
let heldDraws = [];
let touchTimer = 0;

const fingerIsDown = () => fingerDownAt !== null && now() - fingerDownAt < holdLimit;
const holding = () => fingerIsDown() || lifting || heldDraws.length > 0;

// Resolves once no finger holds the screen: at once when none does.
function untilLifted() {
  if (!holding()) return Promise.resolve();
  return new Promise((resolve) => {
    heldDraws.push(resolve);
    if (fingerDownAt !== null) setTimeout(release, holdLimit - (now() - fingerDownAt));
  });
}

// Runs `draw` now when nothing holds the screen, else once it is released.
function whenLifted(draw) {
  if (!holding()) draw();
  else untilLifted().then(draw);
}

// Draws what waited, in the order it came.
function release() {
  if (fingerIsDown()) {
    // Pressed again before the first tap's click came: held until this one lifts, or is held too long.
    setTimeout(release, holdLimit - (now() - fingerDownAt));
    return;
  }
  clearTimeout(touchTimer);
  touchTimer = 0;
  lifting = false;
  const waiting = heldDraws;
  heldDraws = [];
  for (const resolve of waiting) resolve();
  if (pollWanted) poll();
}

// Releases once the task under way is over: after the click being dispatched and what it does (a form's submit
// comes after every listener of the click). A message, not a timer: a page's timers may be held back (a
// background tab's, or a test's clock), and a message is not.
const afterThisTask = new MessageChannel();
afterThisTask.port1.onmessage = release;
const releaseAfterThisTask = () => afterThisTask.port2.postMessage(null);

window.addEventListener("pointerdown", (event) => {
  if (!event.isPrimary) return;
  clearTimeout(touchTimer);
  touchTimer = 0;
  fingerDownAt = now();
}, true);

// The finger is up: what waited is drawn once its click has done its work (a touch's click may come a moment later).
function lifted(byTouch) {
  fingerDownAt = null;
  lifting = true;
  if (byTouch) touchTimer = setTimeout(release, clickAfterTouch);
  else releaseAfterThisTask();
}

function lift(event) {
  if (!event.isPrimary || fingerDownAt === null) return;
  lifted(event.type === "pointerup" && event.pointerType !== "mouse");
}
window.addEventListener("pointerup", lift, true);
window.addEventListener("pointercancel", lift, true);
// The window lost the pointer (another app, a dialog): no click will come.
window.addEventListener("blur", () => {
  if (fingerDownAt !== null) lifted(false);
});
// A touch's click: what waited is drawn once the click has done its work.
window.addEventListener("click", () => {
  if (!touchTimer) return;
  clearTimeout(touchTimer);
  touchTimer = 0;
  releaseAfterThisTask();
}, true);
