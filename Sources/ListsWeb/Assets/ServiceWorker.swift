import ListsHTTP

/// The service worker (`/sw.js`): what makes the web app an app that a phone installs and opens with no network.
///
/// - At install it keeps the shell (``Assets/shell``: the stylesheet, the script, the icons) at their versioned
///   addresses; its own text names them, so a new release is a new worker, which replaces the old one and its
///   shell at once.
/// - Assets are answered from what it keeps, else fetched.
/// - The lists' screens (the home screen, Items, the Shopping List, To-Do, Sightings), whether opened as pages or
///   fetched by app.js, go to the network first; each one answered 200 is kept, and answered from there when the
///   network is gone, so that a reload or a start with no signal shows the last lists. The worker keeps nothing
///   else: no account screen (tokens and invitation links are shown once), no sheet, no API answer.
/// - A kept screen may have a companion the person reaches from it with one tap, kept with it (at most every
///   ``companionInterval`` seconds, as it costs the server a second page): Items' Edit mode, so that deleting
///   from it works with no network even if it was never opened on the device.
/// - With no network, a page that is not kept (or not yet) says so in a short page (503) that leads home.
/// - A page tells it when nobody is signed in (the sign-in screen; app.js sends `forget`), and it forgets the
///   screens it kept: they were the signed-out person's lists.
///
/// It is served from the root so that its scope is the whole app, without caching (`no-cache`): the browser checks
/// for a new one at every start.
enum ServiceWorker {
    /// Its address.
    static let path = "/sw.js"

    /// The paths of the screens it keeps for use without a network.
    static let keptScreens = ["/", "/shopping", "/shopping/list", "/todo", "/birds"]

    /// Screens kept along with a kept screen (its path → the companion's address).
    static let companions = ["/shopping": "/shopping?edit=1"]

    /// The least time between two fetches of a companion, in seconds.
    static let companionInterval = 30

    /// The JavaScript text.
    static let text = """
        "use strict";
        // Lists' service worker: see ServiceWorker.swift.
        const shellName = "lists-shell-\(shellVersion)";
        const screensName = "lists-screens";
        const shell = \(jsonArray(Assets.shell.map(\.url)));
        const keptScreens = new Set(\(jsonArray(keptScreens)));
        const companions = new Map([\(companions.map { "[\"\($0.key)\", \"\($0.value)\"]" }.joined(separator: ", "))]);
        const companionFetched = new Map();

        self.addEventListener("install", (event) => {
          event.waitUntil(caches.open(shellName).then((cache) => cache.addAll(shell)).then(() => self.skipWaiting()));
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
          } else if (keptScreens.has(url.pathname)) {
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
            return kept || offline();
          }
        }

        // The companion of the screen at `url` (its plain address), fetched and kept when it was not lately.
        function keepCompanion(url, event) {
          const companion = companions.get(url.pathname);
          if (!companion || url.search) return;
          const last = companionFetched.get(companion) || 0;
          if (Date.now() - last < \(companionInterval * 1000)) return;
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

        """

    /// The shell's version: the hashes of what it holds, so that the worker's text changes when any of them does.
    private static var shellVersion: String {
        Asset(name: "", contentType: "", text: Assets.shell.map(\.hash).joined()).hash
    }

    /// `strings` as a JavaScript array of string literals (the strings are paths: no quote or backslash).
    private static func jsonArray(_ strings: [String]) -> String {
        "[" + strings.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    /// The worker as an asset: its bytes, type and entity tag.
    static let asset = Asset(name: "sw.js", contentType: "text/javascript; charset=utf-8", text: text)

    /// The worker for `request`: 304 when the browser's copy is current; never kept without asking again.
    static func response(_ request: HTTPRequest) -> HTTPResponse {
        var response = AssetController.response(asset, request)
        response.headers["Cache-Control"] = "no-cache"
        return response
    }
}
