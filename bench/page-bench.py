#!/usr/bin/env python3
"""The phone app in Chromium at phone size: what a first load costs, how soon a repeat start shows the list, and
how soon another device's change is drawn.

    bench/page-bench.py [--quick]

- first load: a browser with nothing cached opens the Shopping screen (a catalog of 30 items): the bytes
  transferred for everything the page loads (Chromium's encoded data lengths over the DevTools protocol).
  Goal: <= 50 KB. The same for the Shopping List tab (its ten items) and for a store list of all 30 items in
  their aisles, each in a browser of its own with nothing cached.
- repeat start: with the service worker installed, the app is opened again (a new tab, as a launcher does): the
  time from the navigation's start to the list's content being loaded (DOMContentLoaded, Playwright's performance
  timing), online and with the network gone. Goal: <= 300 ms.
- drawn: an open To-Do screen while another device adds tasks (POST /api/v1/tasks, one at a time): the time from
  the change sent to its row in the page (a MutationObserver's clock; the same machine's). Goal: p95 <= 100 ms.

Needs the project's .venv (make web-deps: Playwright, Debian's Chromium). Environment: LISTS_BIN_DIR, TMPDIR,
LISTS_CHROMIUM (default /usr/bin/chromium). Exit status: 0 goals met, 3 a goal missed, 1 the benchmark failed.
"""
import http.client
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("server_bench", os.path.join(HERE, "server-bench.py"))
server_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(server_bench)
Failure, say, ListsServer = server_bench.Failure, server_bench.say, server_bench.ListsServer
CHROMIUM = os.environ.get("LISTS_CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def session_cookie(server):
    """Signs the benchmarks' user in as a browser does: the session cookie (name, value)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    connection.request("POST", "/signin", body="name=bench&password=bench+password&next=%2F", headers={
        "Content-Type": "application/x-www-form-urlencoded", "Origin": server.url})
    response = connection.getresponse()
    response.read()
    cookie = response.getheader("Set-Cookie") or ""
    if response.status != 303 or "=" not in cookie:
        raise Failure(f"the benchmarks' user cannot sign in ({response.status})")
    name, value = cookie.split(";")[0].split("=", 1)
    return name, value


def add(server, path, body):
    """POSTs `body` to `path` as the benchmarks' user; answers when it was sent (ms of the wall clock)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    sent = time.time() * 1000
    connection.request("POST", path, body=body, headers={
        "Authorization": "Bearer " + os.environ["WRK_TOKEN"], "Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    if response.status != 201:
        raise Failure(f"POST {path} answered {response.status}")
    return sent


def post_json(server, path, body):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("POST", path, body=body, headers={
        "Authorization": "Bearer " + os.environ["WRK_TOKEN"], "Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    if response.status not in (200, 201):
        raise Failure(f"POST {path} answered {response.status}")
    return json.loads(data)


def get_json(server, path):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("GET", path, headers={"Authorization": "Bearer " + os.environ["WRK_TOKEN"]})
    response = connection.getresponse()
    data = response.read()
    if response.status != 200:
        raise Failure(f"GET {path} answered {response.status}")
    return json.loads(data)


def main(arguments):
    quick = "--quick" in arguments
    starts, changes = (4, 10) if quick else (10, 40)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("page-bench: Playwright is not installed: run it with .venv/bin/python (make web-deps)",
              file=sys.stderr)
        return 1
    work = tempfile.mkdtemp(prefix="lists-bench-page.", dir=os.environ.get("TMPDIR"))
    server = ListsServer(os.path.join(work, "page.sqlite"))
    results = []
    try:
        cookie = session_cookie(server)
        # A shopping catalog of 30 items, a third of them on the list: a household's, not a demo's.
        for number in range(30):
            on_list = "true" if number % 3 == 0 else "false"
            add(server, "/api/v1/items",
                f'{{"name": "Item {number + 1}", "price": {number + 1}.49, "inShoppingList": {on_list}}}')
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
            context.add_cookies([{"name": cookie[0], "value": cookie[1], "url": server.url}])
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
            transferred = []
            cdp.on("Network.loadingFinished", lambda event: transferred.append(event["encodedDataLength"]))
            page.goto(server.url + "/shopping", wait_until="networkidle")
            first_load = sum(transferred) / 1024
            say(f"== page: first load of the Shopping screen, nothing cached: {len(transferred)} responses, "
                f"{first_load:.1f} KB transferred")
            results.append(("first load", first_load, 50.0, "KB"))
            cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})

            # The Shopping List tab and a store list, each opened first in a browser with nothing cached.
            made = post_json(server, "/api/v1/lists", '{"name": "Groceries"}')
            for item in get_json(server, "/api/v1/items")["items"]:
                post_json(server, f"/api/v1/lists/{made['id']}/entries", f'{{"item": "{item["id"]}", "quantity": "2"}}')
            for name, path in (("Shopping List tab", "/shopping/list"), ("store list", f"/lists/{made['id']}")):
                fresh = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
                fresh.add_cookies([{"name": cookie[0], "value": cookie[1], "url": server.url}])
                tab = fresh.new_page()
                session = fresh.new_cdp_session(tab)
                session.send("Network.enable")
                session.send("Network.setCacheDisabled", {"cacheDisabled": True})
                sizes = []
                session.on("Network.loadingFinished", lambda event, sizes=sizes: sizes.append(event["encodedDataLength"]))
                tab.goto(server.url + path, wait_until="networkidle")
                say(f"   first load of the {name}, nothing cached: {len(sizes)} responses, {sum(sizes) / 1024:.1f} KB "
                    "transferred")
                results.append((f"first load, {name}", sum(sizes) / 1024, 50.0, "KB"))
                fresh.close()

            # The service worker installed and in control, as after a first visit.
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.reload()

            def start_times(offline):
                context.set_offline(offline)
                times = []
                for _ in range(starts):
                    tab = context.new_page()
                    tab.goto(server.url + "/shopping")
                    tab.get_by_text("Item 30", exact=True).wait_for()
                    timing = tab.evaluate(
                        "(() => { const n = performance.getEntriesByType('navigation')[0]; "
                        "return [n.domContentLoadedEventEnd, n.responseEnd]; })()")
                    if not tab.evaluate("!!navigator.serviceWorker.controller"):
                        raise Failure("the repeat start was not served by the service worker")
                    times.append(timing[0])
                    tab.close()
                context.set_offline(False)
                return times

            online, offline = start_times(False), start_times(True)
            say(f"   repeat start (service worker), DOMContentLoaded: online median {statistics.median(online):.0f} "
                f"ms (max {max(online):.0f}), offline median {statistics.median(offline):.0f} ms "
                f"(max {max(offline):.0f}), {starts} starts each")
            results.append(("repeat start", max(statistics.median(online), statistics.median(offline)), 300.0, "ms"))

            page.goto(server.url + "/todo")
            page.evaluate("""() => {
                window.__drawn = {};
                new MutationObserver(() => {
                    for (const cell of document.querySelectorAll('main .row-title')) {
                        const text = cell.textContent.trim();
                        if (text.startsWith('Drawn ') && !(text in window.__drawn)) window.__drawn[text] = Date.now();
                    }
                }).observe(document.body, { childList: true, subtree: true, characterData: true });
            }""")
            page.wait_for_timeout(1500)
            drawn = []
            for number in range(changes):
                title = f"Drawn {number}"
                sent = add(server, "/api/v1/tasks", f'{{"title": "{title}"}}')
                page.wait_for_function(f"() => '{title}' in window.__drawn", timeout=5000)
                drawn.append(page.evaluate(f"window.__drawn['{title}']") - sent)
                page.wait_for_timeout(60)
            say(f"   another device's change drawn on an open page: p50 {statistics.median(drawn):.0f} ms, p95 "
                f"{percentile(drawn, 0.95):.0f} ms ({changes} changes)")
            results.append(("drawn p95", percentile(drawn, 0.95), 100.0, "ms"))
            browser.close()
    except Failure as failure:
        print(f"page-bench: {failure}", file=sys.stderr)
        return 1
    finally:
        server.stop()
    met = all(value <= goal for _, value, goal, _ in results)
    say("RESULT page: " + "; ".join(f"{name} {value:.1f} {unit} (goal <= {goal:.0f})"
                                    for name, value, goal, unit in results) + (" PASS" if met else " FAIL"))
    return 0 if met else 3


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
