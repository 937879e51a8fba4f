// Lists' service worker (`/sw.js`): what makes the web app an app that a phone installs and opens with no network.
//
// The server serves this file strict, after one line that gives it its configuration as data (ServiceWorker.swift):
//   const config = {"companionInterval": …, "companions": {…}, "keptPatterns": […], "keptScreens": […], "shell": […],
//     "version": …};
// - version: names the cache of the shell; it changes whenever the shell does.
// - shell: the versioned addresses of what every page loads (the style sheet, the script, the icons), kept at
//   install, so that a new release is a new worker (its configuration differs), which replaces the old one and its
//   shell at once.
// - keptScreens: the paths of the lists' screens, kept for a start with no network; keptPatterns: patterns of more
//   of them (the store lists' screens, whose paths hold a list's id).
// - companions: a kept screen's path → the address of a screen reached from it with one tap, kept with it.
// - companionInterval: the least time between two fetches of a companion, in milliseconds.
//
// Assets are answered from what it keeps, else fetched. The lists' screens, whether opened as pages or fetched by
// app.js, go to the network first; each one answered 200 is kept, and answered from there when the network is gone
// (marked so, see `marked`), so that a reload or a start with no signal shows the last lists. The worker keeps
// nothing else: no account screen (tokens and invitation links are shown once), no sheet, no API answer. A companion
// (Items' Edit mode) is kept so that deleting from it works with no network even if it was never opened on the
// device; it costs the server a second page, hence the interval. With no network, a page that is not kept (or not
// yet) says so in a short page (503) that leads home. A page tells it when nobody is signed in (the sign-in screen;
// app.js sends `forget`), and it forgets the screens it kept: they were the signed-out person's lists.

const shellName = `lists-shell-${config.version}`;
const screensName = "lists-screens";
const keptScreens = new Set(config.keptScreens);
const keptPatterns = (config.keptPatterns || []).map((pattern) => new RegExp(pattern));
const isKept = (path) => keptScreens.has(path) || keptPatterns.some((pattern) => pattern.test(path));
const companions = new Map(Object.entries(config.companions));
const companionFetched = new Map();

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(shellName).then((cache) => cache.addAll(config.shell)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith("lists-shell-") && name !== shellName)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data !== "forget") return;
  companionFetched.clear();
  event.waitUntil(caches.delete(screensName));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
  } else if (isKept(url.pathname)) {
    event.respondWith(screen(request, event));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offline()));
  }
});

// A list screen: from the network, kept when it is a 200 of the screen asked for; else the last one kept.
async function screen(request, event) {
  try {
    const response = await fetch(request);
    if (response.status === 200 && !response.redirected) {
      const copy = response.clone();
      event.waitUntil(caches.open(screensName).then((cache) => cache.put(request.url, copy)));
      keepCompanion(new URL(request.url), event);
    }
    return response;
  } catch (error) {
    const cache = await caches.open(screensName);
    const kept = (await cache.match(request.url)) || (await cache.match(request.url, { ignoreSearch: true }));
    return kept ? marked(kept) : offline();
  }
}

// A kept screen as answered with no network, marked `X-Lists-Kept` so that app.js knows it for an old copy: a
// screen loaded again to show a change is not drawn over with it, and its revision is not taken for the server's.
function marked(kept) {
  const headers = new Headers(kept.headers);
  headers.set("X-Lists-Kept", "true");
  return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
}

// The companion of the screen at `url` (its plain address), fetched and kept when it was not lately.
function keepCompanion(url, event) {
  const companion = companions.get(url.pathname);
  if (!companion || url.search) return;
  const last = companionFetched.get(companion) || 0;
  if (Date.now() - last < config.companionInterval) return;
  companionFetched.set(companion, Date.now());
  const address = new URL(companion, self.location.origin).href;
  event.waitUntil(fetch(address, { credentials: "same-origin", headers: { Accept: "text/html" } })
    .then((response) => {
      if (response.status !== 200 || response.redirected) return;
      return caches.open(screensName).then((cache) => cache.put(address, response));
    })
    .catch(() => { companionFetched.delete(companion); }));
}

// What a screen that is not kept shows with no network.
function offline() {
  return new Response(
    "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
      "<title>No connection · Lists</title><h1>No connection</h1>" +
      "<p>This screen is not kept on this device. Your lists are: <a href='/'>Lists</a>.</p>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
