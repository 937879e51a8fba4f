// What runs when the page loads, once every file before this one has declared what it does: the first screen
// enhanced, the browser's time zone kept in the `tz` cookie (so that dates show in it), a read-only text to copy
// selected whole when it gets focus, the service worker registered where browsers allow one (HTTPS, or
// localhost; on the sign-in screen it is told to forget the screens it kept), the changes waiting on the device
// read and sent, and live updates started.

function keepTimeZone() {
  let zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (error) { return; }
  const current = document.cookie.split("; ").find((pair) => pair.startsWith("tz="));
  if (!zone || (current && decodeURIComponent(current.slice(3)) === zone)) return;
  document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  if (document.querySelector("main time")) load(location.href, "refresh");
}

history.scrollRestoration = "manual";
if (!history.state || !Array.isArray(history.state.stack)) {
  history.replaceState({ stack: [location.href] }, "", location.href);
}
enhance(document);
showUndo(new URL(location.href).searchParams.has("undo"));
setInterval(watchUndo, 250);
keepTimeZone();
document.addEventListener("focusin", (event) => {
  if (event.target instanceof HTMLTextAreaElement && event.target.hasAttribute("data-select-all")) {
    event.target.select();
  }
});
if (document.activeElement && document.activeElement.matches("[data-select-all]")) document.activeElement.select();
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").then(() => {
    if (location.pathname !== "/signin" && location.pathname !== "/setup") return;
    return navigator.serviceWorker.ready.then((registration) => {
      if (registration.active) registration.active.postMessage("forget");
    });
  }).catch(() => { /* No worker: the app works online as before. */ });
}
startOffline();
// The revision the page was drawn at (a household's live page says it): the first poll draws it again if the
// server is ahead, as it is when the page was opened from the worker's kept copy with no network.
takeRevision(currentMain() && currentMain().dataset.revision);
poll();
pollTimer = setInterval(() => { if (pollWanted || !events || events.readyState !== EventSource.OPEN) poll(); }, pollInterval);
document.addEventListener("visibilitychange", () => {
  if (document.hidden) stopListening();
  else poll();
});
// Back to a page kept in the browser's cache after a form that signs in or out: it polls again, and goes to
// the sign-in screen if that session ended.
window.addEventListener("pageshow", (event) => {
  if (event.persisted && session === "leaving") session = "active";
});
