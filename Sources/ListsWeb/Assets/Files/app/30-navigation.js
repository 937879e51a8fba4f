// Screens without reloads: links to pages (screens and sheets) are fetched and the answer's `<main>` replaces
// the page's, as a form's answer does (50-forms.js). The history holds one entry per screen seen, as a native
// navigation stack: a sheet that closes leaves no entry, and going to a screen already on the stack (Cancel,
// Save, the back button) goes back to it, so that Back then goes where it should. An answer that leads to the
// sign-in screen is loaded as a whole page.

// Screens remembered for Back, as a navigation stack (history.state.stack).
const stackLimit = 50;

// Where focus was, described so that it can be found again in the new page.
function focusKey() {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const form = element.closest("form");
  if (form) {
    return { action: form.getAttribute("action"), selector: element.name ? `[name="${element.name}"]` : "button" };
  }
  if (element.matches("a[href]")) return { href: element.getAttribute("href") };
  return null;
}

function findKey(key) {
  if (!key) return null;
  if (key.href) return document.querySelector(`main a[href="${CSS.escape(key.href)}"]`);
  const form = document.querySelector(`main form[action="${CSS.escape(key.action)}"]`);
  return form ? form.querySelector(key.selector) : null;
}

function focusHeading() {
  const heading = document.querySelector("main .sheet h1, main h1");
  if (!heading) return;
  heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

// The screens behind this one, as a native navigation stack holds them: the history keeps one entry per
// screen seen, and going to a screen already on the stack goes back to it instead of adding another.
function stack() {
  const state = history.state;
  return state && Array.isArray(state.stack) ? state.stack : [location.href];
}

// The address without the Undo bar's `undo`: the screen it names.
function withoutUndo(href) {
  const url = new URL(href, location.href);
  url.searchParams.delete("undo");
  return url.href;
}

// Replaces the current history entry (and its place on the stack) with `href`.
function replaceCurrent(href) {
  const screens = stack().slice(0, -1);
  history.replaceState({ stack: [...screens, href] }, "", href);
}

function navigate(url, leavingSheet) {
  const target = new URL(url, location.href).href;
  if (target === location.href) return;
  const screens = stack();
  const index = screens.lastIndexOf(target);
  if (index >= 0 && index < screens.length - 1) {
    ignoredPops += 1;
    history.go(index - (screens.length - 1));
    return;
  }
  // A sheet is dismissed, not stacked: what comes after it takes its place.
  const kept = leavingSheet ? screens.slice(0, -1) : screens;
  const state = { stack: [...kept, target].slice(-stackLimit) };
  if (leavingSheet) history.replaceState(state, "", target);
  else history.pushState(state, "", target);
}

// Replaces <main> with the one in `html`. mode: "push" (a new screen), "same" (the answer to a post at
// the same address), "refresh" (a live update), "pop" (Back / Forward).
function swap(html, url, mode) {
  draws += 1;
  const next = new DOMParser().parseFromString(html, "text/html");
  const nextMain = next.querySelector("main");
  const main = currentMain();
  // The sign-in screen, reached because the session ended: the whole page starts again from it (its form is
  // posted as a plain form, and the page after it gets a fresh script, cookie and live updates).
  const signingIn = new URL(url, location.href).pathname === "/signin" && location.pathname !== "/signin";
  if (!nextMain || !main || signingIn) {
    location.assign(url);
    return;
  }
  const key = focusKey();
  const active = document.activeElement;
  const selection = active && typeof active.selectionStart === "number"
    ? [active.selectionStart, active.selectionEnd, active.selectionDirection] : null;
  const scroll = window.scrollY;
  const leavingSheet = main.querySelector(".sheet") !== null;
  const sameAddress = withoutUndo(url) === withoutUndo(location.href);
  const offersUndo = mode !== "pop" && new URL(url, location.href).searchParams.has("undo");
  const confirming = mode === "refresh" ? keepWork(main, nextMain) : [];
  const shownBar = mode === "refresh" ? main.querySelector(".undo-bar") : null;
  document.documentElement.classList.toggle("no-anim", mode === "refresh" || (sameAddress && mode !== "pop"));
  main.replaceWith(nextMain);
  if (shownBar) keepUndo(shownBar, nextMain);
  changedAt = now();
  document.title = next.title;
  enhance(nextMain);
  drawnOffline(nextMain);
  if (mode === "push") navigate(withoutUndo(url), leavingSheet);
  if (!shownBar) showUndo(offersUndo);
  for (const href of confirming) {
    const reveal = nextMain.querySelector(`.delete-reveal[href="${CSS.escape(href)}"]`);
    if (reveal) setConfirming(reveal.closest(".row"), true);
  }
  const autofocus = nextMain.querySelector("[autofocus]");
  if (mode === "refresh") {
    window.scrollTo(0, scroll);
    if (active && active.isConnected && nextMain.contains(active)) {
      active.focus({ preventScroll: true });
      if (selection) {
        try { active.setSelectionRange(...selection); } catch (error) { /* not a text field */ }
      }
    } else {
      const target = findKey(key);
      if (target) target.focus({ preventScroll: true });
    }
    return;
  }
  if (sameAddress && mode !== "pop") {
    window.scrollTo(0, scroll);
    const target = autofocus || findKey(key);
    if (target) target.focus({ preventScroll: true });
    else focusHeading();
    return;
  }
  if (!nextMain.querySelector(".sheet")) window.scrollTo(0, 0);
  const first = nextMain.querySelector(".sheet input:not([type=hidden])");
  if (autofocus) autofocus.focus();
  else if (first && mode === "push") first.focus();
  else focusHeading();
}

// Loads of the screen again under way (a live update, changes sent, another tab's): while one is, a change told is
// not drawn on the screen it is about to replace (41-live-drawing.js), and only the last one started is drawn.
let refreshes = 0;
let lastRefresh = 0;
// How many screens were drawn whole (swap): a screen loaded again is not drawn over one drawn since it was asked
// for (another screen tapped, a form's answer), which it would put back as it was, under the new one's address.
let draws = 0;

// Loads the screen at `url` and draws it (`mode`: "push", "pop", "same", or "refresh" for the screen shown, loaded
// again to show a change); answers "kept" when a refresh left the screen as it was for want of the server's
// answer: the service worker's kept copy answered, nothing did (no worker, and the network gone), or the server
// (or a proxy before it) was in trouble (a 5xx: restarting, overloaded, the worker's page for no network).
async function load(url, mode) {
  // With no network, a sheet or a sighting's screen is drawn from the list screen's templates.
  if (isOffline() && mode !== "refresh" && openOffline(url, mode)) return;
  const refresh = mode === "refresh" ? ++lastRefresh : 0;
  if (refresh) refreshes += 1;
  const drawn = draws;
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    const html = await response.text();
    // Not drawn under a finger (47-held-redraws.js).
    await untilLifted();
    // A newer load of the screen started meanwhile: that one draws it, with its revision.
    if (refresh && refresh !== lastRefresh) return;
    // A screen drawn meanwhile is the one shown now; the server is asked whether anything is newer still.
    if (refresh && draws !== drawn) {
      pollWanted = true;
      return;
    }
    // The service worker's kept copy, the network gone for a moment (sw.js): a screen loaded again to show a
    // change keeps what it shows and the revision it had; one opened shows the copy with the copy's revision.
    // Either way the server is asked again a tick later, even with the event stream open, and the screen loaded
    // again when the server is ahead: a change is drawn once the network is back.
    if (response.headers.get("X-Lists-Kept") || (mode === "refresh" && response.status >= 500)) {
      setTimeout(poll, pollInterval);
      if (mode === "refresh") return "kept";
    }
    takeRevision(response.headers.get("X-Lists-Revision"));
    takeHousehold(response.headers.get("X-Lists-Household"));
    // A live update that finds the screen gone (the record was deleted elsewhere) leaves the person where
    // they are; their next action gets the answer.
    if (mode === "refresh" && !response.ok) return;
    swap(html, response.url || url, mode);
  } catch (error) {
    if (mode !== "refresh") {
      location.assign(url);
      return;
    }
    // As for a kept copy: asked again a tick later, even with the event stream open.
    setTimeout(poll, pollInterval);
    return "kept";
  } finally {
    if (refresh) {
      refreshes -= 1;
      // A change told meanwhile is looked for now.
      if (refreshes === 0 && pollWanted) poll();
    }
  }
}

window.addEventListener("popstate", () => {
  if (ignoredPops > 0) {
    ignoredPops -= 1;
    return;
  }
  load(location.href, "pop");
});
