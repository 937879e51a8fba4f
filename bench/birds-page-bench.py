#!/usr/bin/env python3
"""A birder's log in the browser: the life list page of a big log, and species suggested on a phone with no network.

    bench/birds-page-bench.py [--quick]

- life list page: a log of 100,000 sightings of 2,000 species (`lists-bench fill-sightings`), served by
  `lists serve`: the bytes of `GET /birds/life` as sent (gzip, as every browser asks) and before compression, and
  the median time of 9 requests (after 2), from the request sent to the last byte read. Goal: the page <= 50 KB.
- offline suggestions: Chromium at phone size with its CPU slowed 4 times (DevTools' "mid-tier mobile"), the add
  sheet open and the network gone: 100 species' names typed one keystroke at a time into the name field, each
  keystroke timed in the page from its input event to the suggestions drawn (a MutationObserver's clock). Goal:
  p95 <= 16 ms per keystroke (a frame).

Needs the project's .venv (Playwright, Debian's Chromium) and the release binaries (LISTS_BIN_DIR, default
.build/release). Exit status: 0 goals met, 3 a goal missed, 1 the benchmark failed.
"""
import gzip
import http.client
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("server_bench", os.path.join(HERE, "server-bench.py"))
server_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(server_bench)
Failure, say, ListsServer = server_bench.Failure, server_bench.say, server_bench.ListsServer
page_spec = importlib.util.spec_from_file_location("page_bench", os.path.join(HERE, "page-bench.py"))
page_bench = importlib.util.module_from_spec(page_spec)
page_spec.loader.exec_module(page_bench)
CHROMIUM = os.environ.get("LISTS_CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}

# Times one keystroke in the page: the input event, then the suggestions list's next change.
KEYSTROKE = """async ([text]) => {
  const input = document.getElementById("field-name");
  const changed = new Promise((resolve) => {
    const observer = new MutationObserver(() => { observer.disconnect(); resolve(performance.now()); });
    observer.observe(input.parentElement, { childList: true, subtree: true, characterData: true });
    setTimeout(() => { observer.disconnect(); resolve(null); }, 2000);
  });
  const start = performance.now();
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  const end = await changed;
  return end === null ? null : end - start;
}"""


def fetch(server, cookie, path, gzip_ok):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    headers = {"Cookie": f"{cookie[0]}={cookie[1]}", "Accept": "text/html"}
    if gzip_ok:
        headers["Accept-Encoding"] = "gzip"
    start = time.perf_counter()
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    elapsed = time.perf_counter() - start
    if response.status != 200:
        raise Failure(f"GET {path}: {response.status}")
    return body, response.getheader("Content-Encoding"), elapsed


def main(arguments):
    quick = "--quick" in arguments
    sightings, names = (10_000, 20) if quick else (100_000, 100)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("birds-page-bench: Playwright is not installed: run it with .venv/bin/python", file=sys.stderr)
        return 1
    work = tempfile.mkdtemp(prefix="lists-bench-birds.", dir=os.environ.get("TMPDIR"))
    database = os.path.join(work, "birds.sqlite")
    subprocess.run([server_bench.LISTS_BENCH, "fill-sightings", "--database", database, "--count", str(sightings)],
                   check=True)
    server = ListsServer(database)
    met = True
    try:
        cookie = page_bench.session_cookie(server)
        for _ in range(2):
            fetch(server, cookie, "/birds/life", True)
        times = []
        for _ in range(9):
            body, encoding, elapsed = fetch(server, cookie, "/birds/life", True)
            times.append(elapsed)
        raw = gzip.decompress(body) if encoding == "gzip" else body
        sent_kb, raw_kb = len(body) / 1024, len(raw) / 1024
        say(f"== birds-page: GET /birds/life of {sightings} sightings: {sent_kb:.1f} KB sent ({encoding or 'identity'}), "
            f"{raw_kb:.1f} KB of HTML, median {statistics.median(times) * 1000:.1f} ms of 9")
        page_met = sent_kb <= 50
        met &= page_met
        say(f"RESULT birds-page life-list-page: {sent_kb:.1f} KB sent ({raw_kb:.1f} KB uncompressed), goal <= 50 KB: "
            + ("PASS" if page_met else "FAIL"))

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
            context.add_cookies([{"name": cookie[0], "value": cookie[1], "url": server.url}])
            page = context.new_page()
            page.goto(server.url + "/birds/new", wait_until="networkidle")
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.goto(server.url + "/birds/new", wait_until="networkidle")
            # The taxonomy read once (as the field is reached), then the network gone and the CPU slowed.
            page.focus("#field-name")
            page.wait_for_function("document.getElementById('field-name').getAttribute('aria-expanded') !== null")
            page.keyboard.type("a")
            page.wait_for_selector("#field-name-species")
            context.set_offline(True)
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            typed = page.evaluate("""() => { const names = [];
                for (const word of ["robin", "warbler", "eagle", "duck", "owl", "gull", "finch", "heron", "wren",
                                    "thrush", "hawk", "swift", "sparrow", "tern", "dove", "parrot", "crow", "kite",
                                    "plover", "sandpiper"]) names.push(word);
                return names; }""")
            samples = []
            missing = 0
            for word in (typed * 5)[:names]:
                for end in range(1, len(word) + 1):
                    elapsed = page.evaluate(KEYSTROKE, [word[:end]])
                    if elapsed is None:
                        missing += 1
                    else:
                        samples.append(elapsed)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            browser.close()
        p95 = page_bench.percentile(samples, 0.95)
        say(f"   offline suggestions, CPU slowed 4x: {len(samples)} keystrokes, median {statistics.median(samples):.2f} ms, "
            f"p95 {p95:.2f} ms, max {max(samples):.2f} ms ({missing} drew nothing)")
        keys_met = p95 <= 16 and missing == 0
        met &= keys_met
        say(f"RESULT birds-page offline-suggestions: p95 {p95:.2f} ms per keystroke, goal <= 16 ms: "
            + ("PASS" if keys_met else "FAIL"))
    except Failure as failure:
        print(f"birds-page-bench: {failure}", file=sys.stderr)
        return 1
    finally:
        server.stop()
    return 0 if met else 3


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
