"""Live changes drawn in place, in real Chromium: another phone's change reaches an open list screen through its
event stream with the changed records, and the screen draws them from its row templates without loading itself
again, exactly as the server would draw it, keeping what the person is busy with; what it cannot draw so (a screen
without templates, a pager whose counts move, a missed change) is loaded again, as before."""
import json
import re

from playwright.sync_api import expect

from conftest import open_live, wait_until
from test_live_events import stop_the_clock, wait_for_stream, watch_requests


# A task's row marked done.
DONE = re.compile(r"\bdone\b")


# Keeps what the page's event stream says (each event's type, the start of its data, the stream's state), so that a
# screen loaded when it should have been drawn in place says why in the failure's message.
STREAM_LOG = """(() => {
    const Original = window.EventSource;
    if (!Original) return;
    window.streamLog = [];
    window.EventSource = class extends Original {
        constructor(url, options) {
            super(url, options);
            window.streamLog.push(`stream ${url}`);
            for (const type of ["open", "change", "reset", "error"]) {
                this.addEventListener(type, (event) => window.streamLog.push(
                    `${type}${event.data ? " " + event.data.slice(0, 200) : ""} (state ${this.readyState})`));
            }
        }
    };
})();"""


class Loads(list):
    """The screens a page loaded, shown with what its event stream said."""

    def __init__(self, page):
        super().__init__()
        self.page = page

    def __repr__(self):
        try:
            log = self.page.evaluate("window.streamLog || []")
        except Exception as error:  # the page is gone: say so rather than hide the list
            log = f"unreadable: {error}"
        return f"{list.__repr__(self)} (the page's event stream: {log})"


def page_loads(page):
    """Records every address the page's script fetches that is not the API's (a screen loaded again)."""
    page.add_init_script(STREAM_LOG)
    loads = Loads(page)

    def on_request(request):
        path = "/" + request.url.split("://", 1)[1].split("/", 1)[1]
        if request.resource_type == "fetch" and not path.startswith("/api/"):
            loads.append(path)

    page.on("request", on_request)
    return loads


# The screen's content as a comparison sees it: each row's data-record as an object beside its markup, and what
# differs from one drawing to the next (an add form's chosen id) or what app.js adds to what the server drew (the
# delete buttons' role and state) left out.
CONTENT = """(root) => {
    const content = root.querySelector("main .screen .content").cloneNode(true);
    const records = [];
    for (const element of content.querySelectorAll("[data-record]")) {
        records.push(JSON.parse(element.dataset.record));
        element.removeAttribute("data-record");
    }
    // The add form's id, chosen anew at each drawing.
    for (const chosen of content.querySelectorAll("form input[type=hidden][name=id]")) chosen.removeAttribute("value");
    // The add field's suggestions, which app.js shows in place of the browser's own.
    for (const field of content.querySelectorAll("input[data-suggest]")) {
        for (const name of ["list", "data-list", "aria-autocomplete", "aria-controls"]) field.removeAttribute(name);
    }
    for (const reveal of content.querySelectorAll(".delete-reveal")) {
        reveal.removeAttribute("role");
        reveal.removeAttribute("aria-expanded");
    }
    return { html: content.innerHTML.replace(/>\\s+</g, "><").trim(), records };
}"""


def drawn_content(page):
    return page.evaluate(f"({CONTENT})(document)")


def served_content(page):
    """The screen's content as the server draws it now (fetched after the checks on what the page fetched)."""
    return page.evaluate(f"""async () => {{
        const response = await fetch(location.href, {{ headers: {{ Accept: "text/html" }} }});
        const html = await response.text();
        return ({CONTENT})(new DOMParser().parseFromString(html, "text/html"));
    }}""")


def assert_drawn_as_served(page, loads):
    """The rows, totals, footers and empty states drawn in place are those the server draws; each row's record
    holds at least what the server's says. The fetch of the screen this makes is taken out of `loads`."""
    drawn = drawn_content(page)
    served = served_content(page)
    assert drawn["html"] == served["html"]
    assert len(drawn["records"]) == len(served["records"])
    for mine, theirs in zip(drawn["records"], served["records"]):
        assert {key: mine.get(key) for key in theirs} == theirs
    wait_until(page, lambda: loads, "the screen was not fetched")
    loads.pop()


def api(server, method, path, body=None, headers=None):
    status, _, answer = server.request(method, path, body, headers=headers)
    assert status < 300, answer
    return json.loads(answer) if answer else None


def test_another_phones_changes_are_drawn_in_place_as_the_server_draws_them(start_server, new_page):
    server = start_server(seed=True)
    items = server.all_records("/api/v1/items", "items")
    watcher = new_page()
    loads = page_loads(watcher)
    open_live(watcher, server.url + "/shopping")
    # Items: a new item, a new price, a delete, each row keeping its checkmark.
    api(server, "PATCH", f"/api/v1/items/{items[3]['id']}", {"inShoppingList": True})
    expect(watcher.locator(f'main li.row.checked[data-id="{items[3]["id"]}"]')).to_have_count(1)
    loads.clear()
    api(server, "POST", "/api/v1/items", {"name": "Oat milk & <honey>", "price": 2.5})
    expect(watcher.get_by_text("Oat milk & <honey>")).to_be_visible()
    api(server, "PATCH", f"/api/v1/items/{items[3]['id']}", {"price": 4.05}, headers={"If-Match": '"1"'})
    expect(watcher.locator("main li.row", has_text="Bread")).to_contain_text("4.05")
    expect(watcher.locator(f'main li.row.checked[data-id="{items[3]["id"]}"]')).to_have_count(1)
    api(server, "DELETE", f"/api/v1/items/{items[0]['id']}")
    expect(watcher.locator("main li.row", has_text="Pear")).to_have_count(0)
    assert loads == [], loads
    assert_drawn_as_served(watcher, loads)
    # To-Do and Bird Sightings: adds, a done mark, an edit, a delete, down to the empty list and back.
    for screen, path, key, first, second in (("/todo", "/api/v1/tasks", "tasks", {"title": "Water the plants"},
                                              {"done": True}),
                                             ("/birds", "/api/v1/sightings", "sightings",
                                              {"name": "Wren", "date": "2026-01-15T12:00:00Z"},
                                              {"location": "The hedge"})):
        open_live(watcher, server.url + screen)
        loads.clear()
        added = api(server, "POST", path, first)
        expect(watcher.locator(f'main li.row[data-id="{added["id"]}"]')).to_have_count(1)
        api(server, "PATCH", f"{path}/{added['id']}", second, headers={"If-Match": '"1"'})
        wait_until(watcher, lambda: f'"version":2' in (watcher.locator(
            f'main li.row[data-id="{added["id"]}"]').get_attribute("data-record") or ""), "the edit was not drawn")
        assert loads == [], loads
        assert_drawn_as_served(watcher, loads)
        for record in server.all_records(path, key):
            api(server, "DELETE", f"{path}/{record['id']}")
        expect(watcher.locator("main li.row")).to_have_count(0)
        api(server, "POST", path, first)
        expect(watcher.locator("main li.row")).to_have_count(1)
        assert loads == [], loads
        assert_drawn_as_served(watcher, loads)


def test_a_tap_on_one_phone_is_drawn_on_the_other_and_the_drawn_row_works(start_server, new_page):
    server = start_server(seed=True)
    phones = [new_page(), new_page()]
    loads = page_loads(phones[1])
    for phone in phones:
        open_live(phone, server.url + "/todo")
    phones[0].locator("main li.row").first.locator("button.row-button").tap()
    expect(phones[1].locator("main li.row").first).to_have_class(DONE)
    assert loads == [], loads
    # The row drawn on the second phone posts with the version it now has: its own tap is taken.
    phones[1].locator("main li.row").first.locator("button.row-button").tap()
    expect(phones[0].locator("main li.row").first).not_to_have_class(DONE)
    expect(phones[1].locator("main li.row").first).not_to_have_class(DONE)
    expect(phones[1].locator("main .notice")).to_have_count(0)


def test_what_the_person_is_busy_with_stays_while_changes_are_drawn(start_server, new_page):
    server = start_server(seed=True)
    page = new_page()
    loads = page_loads(page)
    open_live(page, server.url + "/todo")
    # The Undo bar of a delete made here, a row asking to confirm its delete, and a task half typed, with focus.
    page.locator("main li.row", has_text="Chop the logs").locator(".delete-reveal").tap()
    page.locator("main li.row", has_text="Chop the logs").locator(".row-confirm .destructive").tap()
    expect(page.locator(".undo-bar")).to_be_visible()
    page.locator("main li.row", has_text="Walk the dogs").locator(".delete-reveal").tap()
    expect(page.locator("main li.row.confirming")).to_have_count(1)
    field = page.locator("input[name=title]")
    field.type("Half typ")
    loads.clear()
    tasks = server.all_records("/api/v1/tasks", "tasks")
    walk = next(task for task in tasks if task["title"] == "Walk the dogs")
    api(server, "PATCH", f"/api/v1/tasks/{walk['id']}", {"done": True}, headers={"If-Match": f'"{walk["version"]}"'})
    api(server, "POST", "/api/v1/tasks", {"title": "From the other phone"})
    expect(page.get_by_text("From the other phone")).to_be_visible()
    expect(page.locator("main li.row", has_text="Walk the dogs")).to_have_class(DONE)
    expect(page.locator("main li.row", has_text="Walk the dogs")).to_have_class(re.compile(r"\bconfirming\b"))
    assert page.evaluate("document.activeElement.name") == "title"
    expect(field).to_have_value("Half typ")
    expect(page.locator(".undo-bar")).to_be_visible()
    assert loads == [], loads
    # The confirming row's Delete deletes the record at the version it now has.
    page.locator("main li.row", has_text="Walk the dogs").locator(".row-confirm .destructive").tap()
    expect(page.locator("main li.row", has_text="Walk the dogs")).to_have_count(0)
    assert all(task["title"] != "Walk the dogs" for task in server.all_records("/api/v1/tasks", "tasks"))


def test_what_cannot_be_drawn_in_place_is_loaded_again(start_server, new_page):
    server = start_server(seed=True)
    page = new_page()
    loads = page_loads(page)
    # The home screen's counts: no row templates there, the screen is loaded again.
    open_live(page, server.url + "/")
    api(server, "POST", "/api/v1/tasks", {"title": "Counted"})
    expect(page.locator("main")).to_contain_text("4")
    wait_until(page, lambda: "/" in loads, f"the home screen was not loaded again: {loads}")
    # A list longer than a page: an add moves the pager's "of", which the page loads.
    changes = [{"key": str(number), "kind": "task", "op": "add", "id": f"00000000-0000-4000-8000-{number:012d}",
                "fields": {"title": f"Task {number}"}} for number in range(500)]
    api(server, "POST", "/api/v1/changes", {"changes": changes})
    open_live(page, server.url + "/todo")
    expect(page.locator("main .pager").first).to_contain_text("of 504")
    loads.clear()
    api(server, "POST", "/api/v1/tasks", {"title": "One more"})
    expect(page.locator("main .pager").first).to_contain_text("of 505")
    assert any(path.startswith("/todo") for path in loads), loads
    assert_drawn_as_served(page, loads)


def test_a_change_told_while_changes_are_being_sent_is_not_missed(start_server, new_page):
    """The page's look at the changes waiting on the device (at its start, or when the network is back) is under
    way when another phone's change is told: it is drawn all the same, and one that cannot be drawn in place loads
    the screen once that look is over. Another tab of the same browser holds the lock the sending takes, so that the
    look lasts as long as the test says."""
    server = start_server(seed=True)
    page = new_page()
    holder = page.context.new_page()
    holder.goto(server.url + "/static/icon.svg")
    holder.evaluate("""() => new Promise((granted) => {
        navigator.locks.request("lists-changes", () => {
            granted();
            return new Promise((release) => { window.release = release; });
        });
    })""")
    loads = page_loads(page)
    open_live(page, server.url + "/todo")
    added = api(server, "POST", "/api/v1/tasks", {"title": "Told while sending"})
    expect(page.locator(f'main li.row[data-id="{added["id"]}"]')).to_have_count(1)
    assert loads == [], loads
    # The home screen's counts are loaded, which waits for the look to end.
    open_live(page, server.url + "/")
    expect(page.locator('main a[href="/todo"]')).to_contain_text("4 tasks")
    api(server, "POST", "/api/v1/tasks", {"title": "Counted"})
    holder.evaluate("window.release()")
    expect(page.locator('main a[href="/todo"]')).to_contain_text("5 tasks")
    wait_until(page, lambda: "/" in loads, f"the home screen was not loaded again: {loads}")


def test_a_missed_change_is_loaded_again(start_server, new_page):
    server = start_server(seed=True)
    # Another page keeps the household followed, so the hub knows the revisions the page resumes from.
    other = new_page()
    open_live(other, server.url + "/todo")
    page = new_page()
    page.clock.install()
    loads = page_loads(page)
    seen = watch_requests(page)
    open_live(page, server.url + "/todo")
    stop_the_clock(page)
    # The stream is cut and cannot open again; a change is made meanwhile, which the page misses.
    page.route("**/api/v1/events**", lambda route: route.abort())
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    api(server, "POST", "/api/v1/tasks", {"title": "Missed"})
    expect(other.get_by_text("Missed")).to_be_visible()
    page.unroute("**/api/v1/events**")
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    expect(page.get_by_text("Missed")).to_be_visible()
    assert any(path.startswith("/todo") for path in loads), loads
    wait_for_stream(page, seen, 2)
    # Followed again: the next change is drawn in place.
    loads.clear()
    api(server, "POST", "/api/v1/tasks", {"title": "Drawn"})
    expect(page.get_by_text("Drawn")).to_be_visible()
    assert loads == [], loads
    assert_drawn_as_served(page, loads)


def store_list(server, names):
    """A list "Groceries" with `names` put on it (each a new item of the catalog, in the aisle Lists suggests for
    it), its aisles set by hand (so that check-offs teach it no other order); its id and each entry's id by name."""
    groceries = api(server, "POST", "/api/v1/lists", {"name": "Groceries"})["id"]
    entries = {}
    for name in names:
        item = api(server, "POST", "/api/v1/items", {"name": name, "price": 1.25})
        entries[name] = api(server, "POST", f"/api/v1/lists/{groceries}/entries", {"item": item["id"]})["entry"]["id"]
    aisles = api(server, "GET", f"/api/v1/lists/{groceries}/aisles")["aisles"]
    api(server, "POST", f"/api/v1/lists/{groceries}/aisles/move", {"category": aisles[1]["id"], "offset": -1})
    return groceries, entries


def entry_version(server, groceries, entry):
    rows = api(server, "GET", f"/api/v1/lists/{groceries}")["entries"]
    return next(row["entry"]["version"] for row in rows if row["entry"]["id"] == entry)


def test_another_phones_changes_of_a_store_list_are_drawn_in_place_in_their_aisles(start_server, new_page):
    server = start_server(seed=False)
    groceries, entries = store_list(server, ["Milk", "Bread", "Apples", "Butter"])
    cheese = api(server, "POST", "/api/v1/items", {"name": "Cheddar cheese", "price": 3.5})
    watcher = new_page()
    loads = page_loads(watcher)
    open_live(watcher, server.url + f"/lists/{groceries}")
    sections = watcher.locator("main ul.group[data-category]")
    expect(sections).to_have_count(3)
    # A check-off, a quantity and a note, a put of an item the list has in another section, a take-off that leaves
    # its section with entries: each drawn in its row and section, the total following.
    path = f"/api/v1/lists/{groceries}/entries"
    api(server, "PATCH", f"{path}/{entries['Milk']}", {"checkedAt": "2026-12-04T10:00:00Z"})
    expect(watcher.locator(f'main li.row.checked[data-id="{entries["Milk"]}"]')).to_have_count(1)
    api(server, "PATCH", f"{path}/{entries['Bread']}", {"quantity": "2", "note": "sliced"})
    expect(watcher.locator(f'main li.row[data-id="{entries["Bread"]}"]')).to_contain_text("sliced")
    put = api(server, "POST", path, {"item": cheese["id"], "quantity": "200 g"})["entry"]["id"]
    expect(watcher.locator(f'main li.row[data-id="{put}"]')).to_contain_text("Cheddar cheese")
    api(server, "DELETE", f"{path}/{entries['Butter']}")
    expect(watcher.locator(f'main li.row[data-id="{entries["Butter"]}"]')).to_have_count(0)
    assert loads == [], loads
    assert_drawn_as_served(watcher, loads)
    expect(watcher.locator("main p.group-footer")).to_contain_text("Total: $")
    # The last entry of a section taken off: the server draws one section less, which the screen loads.
    api(server, "DELETE", f"{path}/{entries['Apples']}")
    expect(sections).to_have_count(2)
    wait_until(watcher, lambda: any(load.startswith(f"/lists/{groceries}") for load in loads),
               f"the screen was not loaded: {loads}")
    loads.clear()
    assert_drawn_as_served(watcher, loads)


def test_a_check_off_on_one_phone_is_drawn_on_the_tab_and_the_items_checkmarks_of_another(start_server, new_page):
    server = start_server(seed=False)
    groceries, entries = store_list(server, ["Milk", "Bread"])
    shopper, watcher = new_page(), new_page()
    loads = page_loads(watcher)
    for phone in (shopper, watcher):
        phone.goto(server.url + f"/lists/{groceries}")
    open_live(shopper, server.url + "/shopping/list")
    open_live(watcher, server.url + "/shopping/list")
    shopper.locator(f'main li.row[data-id="{entries["Milk"]}"] button.row-button').tap()
    expect(watcher.locator(f'main li.row.checked[data-id="{entries["Milk"]}"]')).to_have_count(1)
    assert loads == [], loads
    assert_drawn_as_served(watcher, loads)
    # The Items tab: Milk, bought, is no longer to buy on the tab's list; ticking Bread off there, and Milk on
    # again, is drawn on the other phone's Items tab.
    open_live(watcher, server.url + "/shopping")
    items = {record["name"]: record["id"] for record in server.all_records("/api/v1/items", "items")}
    expect(watcher.locator(f'main li.row.checked[data-id="{items["Bread"]}"]')).to_have_count(1)
    expect(watcher.locator(f'main li.row.checked[data-id="{items["Milk"]}"]')).to_have_count(0)
    open_live(shopper, server.url + "/shopping")
    loads.clear()
    shopper.locator(f'main li.row[data-id="{items["Bread"]}"] button.row-button').tap()
    expect(watcher.locator(f'main li.row[data-id="{items["Bread"]}"]')).not_to_have_class(re.compile(r"\bchecked\b"))
    shopper.locator(f'main li.row[data-id="{items["Milk"]}"] button.row-button').tap()
    expect(watcher.locator(f'main li.row.checked[data-id="{items["Milk"]}"]')).to_have_count(1)
    assert loads == [], loads
    assert_drawn_as_served(watcher, loads)
