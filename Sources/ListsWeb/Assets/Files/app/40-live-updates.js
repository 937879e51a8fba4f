// Live updates: the server pushes the household's changes (`GET /api/v1/events`, server-sent events) while the
// page is visible, and `GET /api/v1/revision` is polled every second only while that stream is not open; a
// change whose records the event carries is drawn in place (41-live-drawing.js); otherwise, when the number
// changes (another tab, another device, the CLI), the current address is fetched again and swapped in, keeping
// focus and scroll; a form being filled in or showing an error is kept as it is (the element itself,
// with its caret), and so are the page's error messages and a row asking to confirm. A page marked
// `data-live="off"` (an account screen) is not redrawn. When the poll is refused (401) on a page drawn for
// someone signed in (even one drawn from a kept screen with no network), the session ended (signed out
// elsewhere): the page is opened again, which leads to the sign-in screen; a page drawn for nobody (sign-in,
// setup, an invitation) stops polling.

// How often the revision is polled while the event stream is not open, in milliseconds.
const pollInterval = 1000;
let polling = false;
let pollTimer = 0;
// A poll asked for while it could not run (another poll, a form being sent, changes being sent, the screen being
// loaded again, a step back under way): run as soon as that ends (at the timer's next tick at the latest, even with
// the stream open), so that a change the stream told of while the page was busy is not missed until the next one.
let pollWanted = false;
// The open event stream (`/api/v1/events`), while the page is visible and its session active.
let events = null;

// A form the person is busy with: typed something not yet sent, or reading why it was refused. A live update
// keeps it as it is (the very element, with focus and caret) and redraws the rest.
function isDirty(field) {
  if (field.type === "hidden") return false;
  if (field.type === "file") return field.files && field.files.length > 0;
  if (field.tagName === "SELECT") {
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  }
  if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

function isBusyWith(form) {
  return form.querySelector("[aria-invalid=true], .field-error, .notice.alert") !== null
    || [...form.elements].some((field) => field.matches("input, textarea, select") && isDirty(field));
}

// Carries what the person is busy with from `main` into `nextMain`: forms being filled in or showing an error,
// messages about the page, rows asking to confirm a delete.
function keepWork(main, nextMain) {
  for (const form of [...main.querySelectorAll("form[action]")].filter(isBusyWith)) {
    const twin = nextMain.querySelector(`form[action="${CSS.escape(form.getAttribute("action"))}"]`);
    if (twin) twin.replaceWith(form);
  }
  const content = nextMain.querySelector(".sheet .content") || nextMain.querySelector(".content");
  const notices = [...main.querySelectorAll(".notice.alert")].filter((notice) => !notice.closest("form")).reverse();
  for (const notice of notices) {
    const shown = [...nextMain.querySelectorAll(".notice.alert")]
      .some((other) => other.textContent === notice.textContent);
    if (!shown && content) content.prepend(notice.cloneNode(true));
  }
  return [...main.querySelectorAll(".row.confirming .delete-reveal")].map((reveal) => reveal.getAttribute("href"));
}

async function poll() {
  // While changes made offline are being sent, the page is redrawn once, when they are all in.
  if (document.hidden || session === "none" || session === "leaving") return;
  if (polling || busy || flushing || refreshes > 0 || ignoredPops > 0) {
    pollWanted = true;
    return;
  }
  pollWanted = false;
  polling = true;
  // The revision the page had when it asked: one it took meanwhile (its own form's answer, a change drawn) may be
  // newer than the answer, which is then no news of the server's, and the server is asked again.
  const asked = revision;
  try {
    const response = await fetch("/api/v1/revision", { headers: { Accept: "application/json" }, cache: "no-store" });
    if (response.status === 401) {
      // Signed out here or elsewhere, or the session ended, even before this page was answered (a start
      // with no network, from a kept screen): the sign-in screen. A page drawn for nobody signed in has
      // nothing to follow.
      if (session === "leaving") return;
      if (isForNobody()) {
        session = "none";
        clearInterval(pollTimer);
      } else {
        signInAgain();
      }
      return;
    }
    if (!response.ok) return;
    takeHousehold(response.headers.get("X-Lists-Household"));
    if (waiting().length) flush();
    session = "active";
    const latest = (await response.json()).revision;
    if (revision !== asked) pollWanted = true;
    else if (revision === null || !isLive()) revision = latest;
    else if (latest !== revision && !busy) {
      // Taken first, so that a screen gone meanwhile (a 404) is not asked for again at every tick; but a screen
      // answered from the worker's kept copy is still the one of the revision it had (30-navigation.js).
      const shown = revision;
      revision = latest;
      if ((await load(location.href, "refresh")) === "kept") revision = shown;
    }
    listen();
  } catch (error) {
    // Offline or restarting: try again at the next tick.
  } finally {
    polling = false;
    if (pollWanted) poll();
  }
}

// Live updates pushed by the server: an event of the household's stream that carries the changed records from
// the page's revision is drawn in place (41-live-drawing.js); any other wakes the poll above, which then does
// what it does when the number changes. While the stream is open the timer's polls are skipped; when it fails
// (offline, a proxy that does not stream) the browser reconnects it with the last event's id, and the timer
// polls meanwhile. A hidden page closes it and polls nothing.
function listen() {
  if (events || !window.EventSource || document.hidden || session !== "active" || revision === null) return;
  events = new EventSource(`/api/v1/events?since=${revision}`);
  const wake = () => { poll(); };
  events.addEventListener("change", (event) => {
    let data = null;
    try { data = JSON.parse(event.data); } catch (error) { /* drawn by loading the screen */ }
    // Not under a finger (47-held-redraws.js). The page's own change, already drawn from the answer to its form:
    // nothing to do.
    whenLifted(() => {
      if (data && data.revision === revision) return;
      if (!data || !drawLive(data)) poll();
    });
  });
  events.addEventListener("reset", wake);
  listenForReminders(events);
  // Open again after the network or the server was gone: changes waiting go now.
  events.addEventListener("open", () => { if (waiting().length) sendNow(); });
  // The stream ended (the session did, the server restarts, the network went): the poll finds out which,
  // at once, and keeps the page up to date while the browser opens the stream again.
  events.addEventListener("error", () => {
    // Closed for good (refused): the next poll that succeeds opens a new one.
    if (events && events.readyState === EventSource.CLOSED) events = null;
    poll();
  });
}

function stopListening() {
  if (!events) return;
  events.close();
  events = null;
}
