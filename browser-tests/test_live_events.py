"""Live updates pushed to open pages in real Chromium: a page follows its household's event stream
(`/api/v1/events`) instead of asking every second, shows another device's change at once, and, with two servers on
one PostgreSQL database behind nginx (configured as docs/operating.md says), a change made through one server
reaches the page served by the other."""
import pytest
from playwright.sync_api import expect

from conftest import wait_until
from test_scaleout import free_port


def watch_requests(page):
    """Counts the page's requests by path, and the answers to them under "answered " and the path."""
    seen = {}

    def count(key):
        seen[key] = seen.get(key, 0) + 1

    def path(url):
        return "/" + url.split("://", 1)[1].split("/", 1)[1].split("?")[0]

    page.on("request", lambda request: count(path(request.url)))
    page.on("response", lambda response: count("answered " + path(response.url)))
    return seen


def wait_for_stream(page, seen, count=1):
    """Waits until the page's event stream is open (`count` times): answered, not only asked for. The server
    registers a stream before it answers; a change committed before that comes as a catch-up without records, which
    the page loads its screen for."""
    wait_until(page, lambda: seen.get("answered /api/v1/events", 0) >= count, f"no event stream opened: {seen}")


def count_fetches(page):
    """Records, in the page, the address of every `fetch` the page's script makes, as it makes it (`fetched`)."""
    page.add_init_script("""
        window.fetched = [];
        const fetchAtFirst = window.fetch;
        window.fetch = (resource, options) => {
            fetched.push(String(resource instanceof Request ? resource.url : resource));
            return fetchAtFirst(resource, options);
        };
    """)


def stop_the_clock(page):
    """Stops the page's clock (installed before the page loads): its timers, the one-second poll among them, fire
    only when the test moves the clock on."""
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)


def test_a_page_follows_the_event_stream_instead_of_polling(server, new_page):
    page = new_page()
    page.clock.install()
    count_fetches(page)
    seen = watch_requests(page)
    page.goto(server.url + "/todo")
    wait_for_stream(page, seen)
    stop_the_clock(page)
    polls_before = page.evaluate("fetched.filter((url) => url.includes('/api/v1/revision')).length")
    # Three seconds on the page's clock: with the stream open, the one-second poll asks nothing.
    page.clock.run_for(3000)
    assert page.evaluate("fetched.filter((url) => url.includes('/api/v1/revision')).length") == polls_before
    # Another device adds a task: it is on this page with its clock standing still, so pushed, not polled for.
    status, _, _ = server.request("POST", "/api/v1/tasks", {"title": "Pushed to the page"})
    assert status == 201
    expect(page.get_by_text("Pushed to the page")).to_be_visible()
    assert seen.get("/api/v1/events", 0) == 1, seen


def test_a_hidden_page_closes_its_stream_and_catches_up_when_shown(server, new_page):
    page = new_page()
    page.clock.install()
    count_fetches(page)
    seen = watch_requests(page)
    page.goto(server.url + "/todo")
    wait_for_stream(page, seen)
    stop_the_clock(page)
    # Hidden (another app in front): the stream is closed and nothing is asked.
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    asked_before = page.evaluate("fetched.length")
    assert server.request("POST", "/api/v1/tasks", {"title": "Added while hidden"})[0] == 201
    # Three seconds on the page's clock: the poll's timer fires, and asks nothing of a hidden page.
    page.clock.run_for(3000)
    assert page.evaluate("(before) => fetched.slice(before)", asked_before) == []
    expect(page.get_by_text("Added while hidden")).to_have_count(0)
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(page.get_by_text("Added while hidden")).to_be_visible()


def test_a_change_through_one_server_reaches_the_page_of_the_other(start_server, postgres_database, tmp_path,
                                                                    new_page):
    first = start_server(database=postgres_database)
    second = start_server(database=postgres_database)
    # The page is the first server's; the change goes through the second.
    page = new_page(signed_in=False)
    first.sign_in_page(page)
    page.clock.install()
    seen = watch_requests(page)
    page.goto(first.url + "/shopping")
    wait_for_stream(page, seen)
    # With the page's clock standing still, only the stream can bring the change: the page polls for nothing.
    stop_the_clock(page)
    status, _, body = second.request("POST", "/api/v1/items", {"name": "From the other server"},
                                     headers={"Cookie": first.cookie})
    assert status == 201, body
    expect(page.get_by_text("From the other server")).to_be_visible()
    # Drawn in place from the records the event carried: the screen was fetched once, when it was opened.
    assert seen.get("/shopping", 0) == 1, seen


def test_events_pass_through_nginx_configured_as_the_readme_says(start_server, postgres_database, new_page,
                                                                 tmp_path):
    from conftest import run_nginx
    first = start_server(database=postgres_database, options=["--trusted-proxy", "127.0.0.1"])
    second = start_server(database=postgres_database, options=["--trusted-proxy", "127.0.0.1"])
    port = free_port()
    location = """
            proxy_pass http://lists;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;"""
    nginx = run_nginx(tmp_path / "nginx", port, f"""
    upstream lists {{ server 127.0.0.1:{first.port}; server 127.0.0.1:{second.port}; keepalive 16; }}
    server {{
        listen 127.0.0.1:{port};
        location / {{{location}
        }}
        location = /api/v1/events {{{location}
            proxy_buffering off;
            proxy_read_timeout 1h;
        }}
    }}""")
    try:
        url = f"http://127.0.0.1:{port}"
        page = new_page(signed_in=False)
        name, value = first.cookie.split("=", 1)
        page.context.add_cookies([{"name": name, "value": value, "url": url}])
        seen = watch_requests(page)
        page.goto(url + "/todo")
        wait_for_stream(page, seen)
        # Each server in turn makes a change: the page, whichever server its stream goes to, shows both.
        for server, title in ((first, "Through the first"), (second, "Through the second")):
            status, _, body = server.request("POST", "/api/v1/tasks", {"title": title},
                                             headers={"Cookie": first.cookie})
            assert status == 201, body
            expect(page.get_by_text(title)).to_be_visible()
    finally:
        nginx.terminate()
        nginx.wait(timeout=10)


@pytest.mark.parametrize("failure", ["no answer", "502"])
def test_a_screen_loaded_again_with_no_answer_is_asked_for_again(start_server, browser, failure):
    """A change the page cannot draw in place (a list renamed) loads its screen again; when that load gets no answer
    (no service worker to answer from its copy, the network gone for a moment) or a proxy's 502 (the server
    restarting behind it), the page keeps the revision it shows and asks again a tick later, though the event stream
    is open and nothing else would."""
    server = start_server(seed=True)
    context = browser.new_context(service_workers="block", timezone_id="UTC")
    server.sign_in_context(context)
    page = context.new_page()
    seen = watch_requests(page)
    page.goto(server.url + "/todo")
    wait_for_stream(page, seen)
    refused = []

    def fail_the_first(route):
        refused.append(route.request.url)
        if len(refused) == 1 and failure == "no answer":
            route.abort()
        elif len(refused) == 1:
            route.fulfill(status=502, content_type="text/html", body="<h1>Bad Gateway</h1>")
        else:
            route.continue_()

    page.route("**/todo", fail_the_first)
    to_do = server.get_json("/api/v1/todo-lists")["todoLists"][0]["list"]["id"]
    assert server.request("PATCH", f"/api/v1/todo-lists/{to_do}", {"name": "Chores"})[0] == 200
    expect(page.get_by_role("heading", name="Chores", exact=True)).to_be_visible()
    assert len(refused) == 2, refused
    assert seen.get("/api/v1/events", 0) == 1, seen
    context.close()


def test_a_poll_answered_before_the_page_took_a_newer_revision_loads_nothing(start_server, new_page):
    """The page asks the server's revision; before the answer is read, the page's own form brings a newer one. The
    older answer is not the server moving on: the screen is not loaded again for it (a needless redraw under the
    finger can swallow a tap), and the next answer finds the page up to date."""
    server = start_server(seed=True)
    page = new_page()
    page.add_init_script("""
        window.fetched = [];
        window.heldPolls = [];
        const fetchAtFirst = window.fetch;
        window.fetch = async (resource, options) => {
            const url = String(resource instanceof Request ? resource.url : resource);
            fetched.push(url);
            const response = await fetchAtFirst(resource, options);
            if (window.holdPolls && url.includes('/api/v1/revision')) {
                await new Promise((release) => heldPolls.push(release));
            }
            return response;
        };
    """)
    # No event stream: the page polls every second.
    page.route("**/api/v1/events*", lambda route: route.abort())
    page.goto(server.url + "/todo")
    expect(page.locator("main li.task", has_text="Walk the dogs")).to_be_visible()
    page.evaluate("window.holdPolls = true")
    wait_until(page, lambda: page.evaluate("heldPolls.length") >= 1, "no poll was asked")
    page.get_by_placeholder("Type a task, tap Insert").fill("Buy stamps")
    page.get_by_role("button", name="Insert").click()
    expect(page.locator("main li.task", has_text="Buy stamps")).to_be_visible()
    asked = page.evaluate("fetched.length")
    page.evaluate("window.holdPolls = false; heldPolls.splice(0).forEach((release) => release())")
    polls = "(from) => fetched.slice(from).filter((url) => url.includes('/api/v1/revision')).length"
    wait_until(page, lambda: page.evaluate(polls, asked) >= 2, "no polls after the held one")
    screens = page.evaluate(
        "(from) => fetched.slice(from).filter((url) => new URL(url, location.href).pathname === '/todo')", asked)
    assert screens == []
    expect(page.locator("main li.task", has_text="Buy stamps")).to_be_visible()
