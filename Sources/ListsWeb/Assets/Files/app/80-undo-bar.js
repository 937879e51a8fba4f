// The Undo bar that a delete or a check-off lands on (`?undo=` in the address, see `UndoOffer`) shows for six
// seconds, and as long as it has focus or the pointer (two seconds more after), then goes. The `undo` is taken
// out of the address at once (the history entry is the list's, so Back, Forward and reloads do not offer the
// undo again), and a live update keeps the bar (the element itself, with its focus) until its time is up.

// How long the Undo bar shows, and how long it stays after it loses focus or the pointer.
const undoTime = 6000;
const undoHeldTime = 2000;
let undoDeadline = 0;

// The Undo bar of a screen just drawn: when the address offered it (a delete or a check-off just landed
// here), it shows for undoTime; otherwise (Back or Forward to such an address, a live update) it goes at
// once, as the offer was for the moment after the tap. The address loses its `undo` either way.
function showUndo(isOffered) {
  if (withoutUndo(location.href) !== location.href) replaceCurrent(withoutUndo(location.href));
  const bar = document.querySelector("main .undo-bar");
  if (!bar) return;
  if (!isOffered) {
    hideUndo(bar);
    return;
  }
  undoDeadline = now() + undoTime;
}

// Puts the Undo bar shown before a live update into the screen it drew (which, at an address without
// `undo`, has none of its own), where the server draws it: after the navigation bar.
function keepUndo(bar, root) {
  const twin = root.querySelector(".undo-bar");
  const screen = root.querySelector(".screen");
  const navbar = screen && screen.querySelector(":scope > .navbar");
  if (twin) twin.replaceWith(bar);
  else if (navbar) navbar.after(bar);
  else return;
  if (screen) screen.classList.add("has-undo");
}

function hideUndo(bar) {
  const screen = bar.closest(".screen");
  if (screen) screen.classList.remove("has-undo");
  bar.remove();
}

// Checked four times a second: a bar held (focus, pointer, a finger down, its Undo being sent) stays a while longer.
function watchUndo() {
  const bar = document.querySelector("main .undo-bar");
  if (!bar) return;
  if (busy || holding() || bar.matches(":hover") || bar.contains(document.activeElement)) {
    undoDeadline = Math.max(undoDeadline, now() + undoHeldTime);
  } else if (now() >= undoDeadline) {
    hideUndo(bar);
  }
}
