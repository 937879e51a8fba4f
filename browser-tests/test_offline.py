"""The app with no network, in real Chromium: each app's lists keep working offline (changes show at once and wait
on the device, marked), a reload offline keeps them, and back online they are sent once, in order, and merged
with what a second device did meanwhile, as docs/api.md's rules say; the change that lost is shown."""
import datetime
import http.server
import re
import threading
import time
import uuid

import conftest
import pytest
from conftest import CHROMIUM, PASSWORD, PHONE, STATE_TIMEOUT_MS, USER, open_live, open_tab
from playwright.sync_api import expect
from test_accounts import tls_proxy  # noqa: F401 (a fixture)
from test_install import worker_ready

# How long a test waits for a state (the changes landed, both devices show the result) before it calls it a hang:
# a bound for a machine busy with other work, not a measure of speed. Where time is the subject (the retries), the
# page's clock is driven (`page.clock`).
CONVERGE_MS = 60_000
# The same for the test that queues 10,000 changes, which a busy machine may take minutes to draw and send.
HANG_MS = 600_000


def ready_offline(server, page, paths):
    """Opens `paths` online, so that the service worker keeps them, and ends on the first."""
    page.goto(server.url + paths[0])
    worker_ready(page)
    for path in paths[1:] + paths[:1]:
        page.goto(server.url + path)
    page.wait_for_function("document.querySelector('main template[data-row]') !== null")
    # The page has learnt its household from a server answer (what changes made offline are kept under).
    page.wait_for_function("localStorage.getItem('lists-household')", timeout=CONVERGE_MS)


def waiting_mark(page):
    return page.locator("#offline-bar")


def wait_until(condition, what, timeout_ms=CONVERGE_MS):
    """Waits until `condition()` holds: a state, however long a busy machine takes to reach it (the bound ends a
    hang)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not condition():
        assert time.monotonic() < deadline, f"never came: {what}"
        time.sleep(0.05)


def queued(page):
    """The number of changes waiting in the page's IndexedDB, of every household."""
    return page.evaluate("""() => new Promise((resolve, reject) => {
        const open = indexedDB.open("lists", 1);
        open.onsuccess = () => {
            const request = open.result.transaction("changes").objectStore("changes").count();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
        };
        open.onerror = () => reject(open.error);
    })""")


def items_by_name(server):
    return {item["name"]: item for item in server.get_json("/api/v1/items")["items"]}


def test_shopping_offline_with_a_second_device(start_server, new_page):
    server = start_server(seed=True)
    items = items_by_name(server)
    for name in ("Pear", "Bread", "Mango", "Notepad"):
        assert server.request("PATCH", f"/api/v1/items/{items[name]['id']}", {"inShoppingList": True})[0] == 200
    phone = new_page()
    ready_offline(server, phone, ["/shopping/list", "/shopping", "/"])
    other = new_page()
    other.goto(server.url + "/shopping")

    phone.context.set_offline(True)
    # Check off three while shopping (the tab shows the list "Shopping"): each is bought at once.
    for name in ("Pear", "Bread", "Mango"):
        phone.get_by_role("button", name=f"{name}, to buy").click()
        expect(phone.get_by_role("button", name=f"{name}, bought")).to_be_visible()
    expect(waiting_mark(phone)).to_have_text("Offline · 3 changes waiting")
    # Add two on the Items tab, through the add sheet drawn with no network.
    open_tab(phone, "Items")
    for name, price in (("Oat milk", "2.50"), ("Tea", "")):
        phone.get_by_role("link", name="Add Item").click()
        phone.get_by_label("Name").fill(name)
        phone.get_by_label("Price").fill(price)
        phone.get_by_role("button", name="Save").click()
        expect(phone.locator("li.row", has_text=name)).to_be_visible()
    expect(phone.locator("li.row", has_text="Oat milk")).to_contain_text("$2.50")
    # Edit one (Pencil's price) and delete one (Notepad), through the edit sheet and the sheet that asks.
    phone.get_by_role("link", name="Edit Pencil").click()
    phone.get_by_label("Price").fill("9.99")
    phone.get_by_role("button", name="Save").click()
    expect(phone.locator("li.row", has_text="Pencil")).to_contain_text("$9.99")
    phone.get_by_role("link", name="Edit Notepad").click()
    phone.get_by_role("link", name="Delete Item").click()
    phone.get_by_role("button", name="Delete Notepad").click()
    expect(phone.locator("li.row", has_text="Notepad")).to_have_count(0)
    expect(waiting_mark(phone)).to_have_text("Offline · 7 changes waiting")
    # Nothing reached the server yet.
    assert items_by_name(server)["Pear"]["inShoppingList"] is True

    # Meanwhile, the other phone (online) checks off one of the same, and changes Pencil's price.
    open_tab(other, "Shopping List")
    other.get_by_role("button", name="Pear, to buy").click()
    expect(other.get_by_role("button", name="Pear, bought")).to_be_visible()
    open_tab(other, "Items")
    other.get_by_role("link", name="Edit Pencil").click()
    other.get_by_label("Price").fill("3.00")
    other.get_by_role("button", name="Save").click()
    expect(other.locator("li.row", has_text="Pencil")).to_contain_text("$3.00")

    # A reload with no network keeps the changes made.
    phone.reload()
    expect(phone.locator("li.row", has_text="Tea")).to_be_visible()
    expect(phone.locator("li.row", has_text="Notepad")).to_have_count(0)
    expect(waiting_mark(phone)).to_have_text("Offline · 7 changes waiting")

    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    # The losing edit is shown to the person who made it; the server's value shows.
    expect(phone.locator("#not-applied")).to_contain_text("“Pencil”: your price was not applied", timeout=CONVERGE_MS)
    expect(phone.locator("#not-applied")).to_contain_text("$3.00")
    expect(phone.locator("li.row", has_text="Pencil")).to_contain_text("$3.00", timeout=CONVERGE_MS)
    # Both devices show the documented result.
    for page in (phone, other):
        expect(page.locator("li.row", has_text="Oat milk")).to_have_count(1, timeout=CONVERGE_MS)
        expect(page.locator("li.row", has_text="Tea")).to_have_count(1, timeout=CONVERGE_MS)
        expect(page.locator("li.row", has_text="Notepad")).to_have_count(0, timeout=CONVERGE_MS)
    result = items_by_name(server)
    assert sorted(result) == ["Bread", "Mango", "Oat milk", "Pear", "Pencil", "Tea"]
    assert [result[name]["inShoppingList"] for name in ("Pear", "Bread", "Mango")] == [False, False, False]
    assert (result["Oat milk"]["price"], result["Tea"]["price"], result["Pencil"]["price"]) == (2.5, 0, 3)
    # Dismissed, the list goes, and stays gone after a reload.
    phone.get_by_role("button", name="OK").click()
    expect(phone.locator("#not-applied")).to_have_count(0)
    phone.reload()
    expect(phone.locator("li.row", has_text="Tea")).to_be_visible()
    expect(phone.locator("#not-applied")).to_have_count(0)


def test_todo_offline_with_a_second_device(start_server, new_page):
    server = start_server(seed=True)
    tasks = {task["title"]: task for task in server.get_json("/api/v1/tasks")["tasks"]}
    phone = new_page()
    ready_offline(server, phone, ["/todo", "/"])
    other = new_page()
    other.goto(server.url + "/todo")

    phone.context.set_offline(True)
    for title in ("Walk the dogs", "Feed the hogs", "Chop the logs"):
        phone.get_by_role("button", name=title, exact=True).click()
        expect(phone.get_by_role("button", name=title, exact=True)).to_have_attribute("aria-pressed", "true")
    for title in ("Buy oats", "Mend the fence"):
        phone.get_by_label("New task").fill(title)
        phone.get_by_role("button", name="Insert").click()
        expect(phone.get_by_role("button", name=title, exact=True)).to_have_attribute("aria-pressed", "false")
    expect(phone.get_by_label("New task")).to_have_value("")
    phone.get_by_role("link", name="Edit Chop the logs").click()
    phone.get_by_role("textbox", name="Task", exact=True).fill("Chop the wood")
    phone.get_by_role("button", name="Save").click()
    expect(phone.get_by_role("button", name="Chop the wood", exact=True)).to_have_attribute("aria-pressed", "true")
    phone.locator("li.row", has_text="Feed the hogs").get_by_role("button", name="Delete Feed the hogs…").click()
    phone.get_by_role("button", name="Delete Feed the hogs", exact=True).click()
    expect(phone.locator("li.row", has_text="Feed the hogs")).to_have_count(0)
    expect(waiting_mark(phone)).to_have_text("Offline · 7 changes waiting")

    # The other device marks one of the same done, and renames the task renamed here.
    other.get_by_role("button", name="Walk the dogs", exact=True).click()
    expect(other.get_by_role("button", name="Walk the dogs", exact=True)).to_have_attribute("aria-pressed", "true")
    other.get_by_role("link", name="Edit Chop the logs").click()
    other.get_by_role("textbox", name="Task", exact=True).fill("Split the logs")
    other.get_by_role("button", name="Save").click()
    expect(other.get_by_role("button", name="Split the logs", exact=True)).to_be_visible()

    phone.reload()
    expect(phone.get_by_role("button", name="Mend the fence", exact=True)).to_be_visible()
    expect(waiting_mark(phone)).to_have_text("Offline · 7 changes waiting")
    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    expect(phone.locator("#not-applied")).to_contain_text(
        "“Chop the wood”: your title was not applied: it was changed on another device meanwhile (now title Split "
        "the logs).", timeout=CONVERGE_MS)
    # Done here, renamed there: both changes stand, as they touch different fields.
    for page in (phone, other):
        expect(page.get_by_role("button", name="Split the logs", exact=True)).to_have_attribute(
            "aria-pressed", "true", timeout=CONVERGE_MS)
        expect(page.get_by_role("button", name="Buy oats", exact=True)).to_have_count(1, timeout=CONVERGE_MS)
        expect(page.locator("li.row", has_text="Feed the hogs")).to_have_count(0, timeout=CONVERGE_MS)
    result = [(task["title"], task["done"]) for task in server.get_json("/api/v1/tasks")["tasks"]]
    assert result == [("Walk the dogs", True), ("Split the logs", True), ("Buy oats", False), ("Mend the fence", False)]
    assert tasks["Chop the logs"]["id"] in {task["id"] for task in server.get_json("/api/v1/tasks")["tasks"]}


def test_birds_offline_with_a_second_device(start_server, new_page):
    server = start_server(seed=True)
    for name in ("Heron", "Jay"):
        assert server.request("POST", "/api/v1/sightings", {"name": name, "location": "Lake"})[0] == 201
    sightings = {s["name"]: s for s in server.get_json("/api/v1/sightings")["sightings"]}
    phone = new_page()
    ready_offline(server, phone, ["/birds", "/"])

    phone.context.set_offline(True)
    for name, location, day in (("Robin", "Garden", "2026-01-15"), ("Wren", "", "")):
        phone.get_by_role("link", name="Add Sighting").click()
        phone.get_by_label("Bird Name").fill(name)
        phone.get_by_label("Location").fill(location)
        phone.get_by_label("Date").fill(day)
        phone.get_by_role("button", name="Done").click()
        expect(phone.locator("li.row", has_text=name)).to_be_visible()
    expect(phone.locator("li.row", has_text="Robin")).to_contain_text("Jan 15, 2026")
    # Edit Pigeon's location and Jay's name, through the detail screen and the edit sheet drawn offline.
    for name, field, value in (("Pigeon", "Location", "Park"), ("Jay", "Bird Name", "Blue Jay")):
        phone.locator("li.row", has_text=name).click()
        phone.get_by_role("link", name=f"Edit {name}").click()
        phone.get_by_label(field).fill(value)
        phone.get_by_role("button", name="Done").click()
        expect(phone.locator(".details")).to_contain_text(value)
        phone.get_by_role("link", name="‹ Bird Sightings").click()
    # Delete Heron, through the action sheet that asks.
    phone.locator("li.row", has_text="Heron").click()
    phone.get_by_role("link", name="Delete Sighting").click()
    phone.get_by_role("button", name="Delete Sighting").click()
    expect(phone.locator("li.row", has_text="Heron")).to_have_count(0)
    expect(waiting_mark(phone)).to_have_text("Offline · 5 changes waiting")

    # The other device moves Pigeon too, and deletes Jay: both win, and both are shown.
    assert server.request("PATCH", f"/api/v1/sightings/{sightings['Pigeon']['id']}", {"location": "Station"})[0] == 200
    assert server.request("DELETE", f"/api/v1/sightings/{sightings['Jay']['id']}")[0] == 204

    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    notes = phone.locator("#not-applied")
    expect(notes).to_contain_text("“Pigeon”: your location was not applied", timeout=CONVERGE_MS)
    expect(notes).to_contain_text("(now location Station)")
    expect(notes).to_contain_text("“Blue Jay”: your change was not applied: it was deleted on another device.")
    expect(phone.locator("li.row", has_text="Jay")).to_have_count(0, timeout=CONVERGE_MS)
    result = {s["name"]: s for s in server.get_json("/api/v1/sightings")["sightings"]}
    assert sorted(result) == ["Pigeon", "Robin", "Wren"]
    assert result["Pigeon"]["location"] == "Station" and result["Robin"]["location"] == "Garden"
    assert result["Robin"]["date"].startswith("2026-01-15T12:00:00")
    assert result["Wren"].get("location") is None


def queue_changes(page, changes):
    """Puts `changes` in the page's queue of changes waiting (IndexedDB), in this household, as the page would;
    answers their number."""
    return page.evaluate("""(changes) => new Promise((resolve, reject) => {
        const household = localStorage.getItem("lists-household") || "";
        const open = indexedDB.open("lists", 1);
        open.onsuccess = () => {
            const transaction = open.result.transaction("changes", "readwrite");
            const store = transaction.objectStore("changes");
            for (const change of changes) store.add({ household, base: {}, after: null, ...change });
            transaction.oncomplete = () => resolve(changes.length);
            transaction.onerror = () => reject(transaction.error);
        };
        open.onerror = () => reject(open.error);
    })""", changes)


def titles(server):
    return [task["title"] for task in server.all_records("/api/v1/tasks", "tasks")]


def test_a_forged_or_malformed_queued_change_is_refused_shown_and_the_rest_lands(start_server, new_page):
    server = start_server(seed=True)
    phone = new_page()
    ready_offline(server, phone, ["/todo"])
    phone.context.set_offline(True)
    phone.get_by_label("New task").fill("Before")
    phone.get_by_role("button", name="Insert").click()
    expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")
    queue_changes(phone, [
        {"kind": "task", "op": "add", "id": "not-a-uuid", "fields": {"title": "Forged"}, "label": "Forged"},
        {"kind": "gadget", "op": "add", "id": "6F1C0A4E-1F7B-4C55-9A0E-3C1D2B4A5E6F", "fields": {}, "label": "Gadget"},
        # Larger than the server takes in one request: the batch is sent again one change at a time.
        {"kind": "task", "op": "add", "id": "7F1C0A4E-1F7B-4C55-9A0E-3C1D2B4A5E6F", "fields": {"title": "x" * 5_000_000},
         "label": "Huge"},
        {"kind": "task", "op": "update", "id": "8F1C0A4E-1F7B-4C55-9A0E-3C1D2B4A5E6F", "fields": {"done": True},
         "base": {"done": False}, "label": "Gone"},
        {"kind": "task", "op": "add", "id": "9F1C0A4E-1F7B-4C55-9A0E-3C1D2B4A5E6F", "fields": {"title": "After"},
         "label": "After"},
    ])
    phone.reload()
    expect(waiting_mark(phone)).to_have_text("Offline · 6 changes waiting")
    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=10_000)
    notes = phone.locator("#not-applied")
    expect(notes).to_contain_text("“Forged”: adding it was refused: id: must be a UUID.")
    expect(notes).to_contain_text("“Gadget”: adding it was refused: kind: must be item, task, sighting or entry.")
    expect(notes).to_contain_text("“Huge”: adding it was refused:")
    expect(notes).to_contain_text("“Gone”: your change was not applied: it was deleted on another device.")
    assert titles(server) == ["Walk the dogs", "Feed the hogs", "Chop the logs", "Before", "After"]
    expect(phone.get_by_role("button", name="After", exact=True)).to_be_visible()


def test_ten_thousand_changes_queued_offline_all_land_in_order(start_server, new_page):
    server = start_server(seed=False)
    phone = new_page()
    ready_offline(server, phone, ["/todo"])
    phone.context.set_offline(True)
    ids = [str(uuid.uuid4()).upper() for _ in range(10_000)]
    queue_changes(phone, [{"kind": "task", "op": "add", "id": id, "fields": {"title": f"Queued {number:05}"},
                           "after": {"title": f"Queued {number:05}", "done": False}, "label": f"Queued {number:05}"}
                          for number, id in enumerate(ids)])
    # This test is of what is drawn and sent, not of how fast: it waits for each state, however long a busy
    # machine takes to get there (HANG_MS only ends a hang).
    phone.reload(wait_until="commit", timeout=HANG_MS)
    expect(waiting_mark(phone)).to_have_text("Offline · 10,000 changes waiting", timeout=HANG_MS)
    # Drawn over the kept screen while they wait.
    expect(phone.locator("li.row")).to_have_count(10_000, timeout=HANG_MS)
    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=HANG_MS)
    assert titles(server) == [f"Queued {number:05}" for number in range(10_000)]
    expect(phone.locator("#not-applied")).to_have_count(0)


def test_a_form_that_needs_the_network_says_so_offline_and_changes_nothing(start_server, new_page):
    server = start_server(seed=True)
    phone = new_page()
    ready_offline(server, phone, ["/todo"])
    phone.locator("li.row", has_text="Feed the hogs").get_by_role("button", name="Delete Feed the hogs…").click()
    phone.get_by_role("button", name="Delete Feed the hogs", exact=True).click()
    expect(phone.get_by_role("button", name="Undo")).to_be_visible()
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Undo").click()
    expect(phone.get_by_role("alert")).to_contain_text("This needs the network; nothing was changed.")
    expect(waiting_mark(phone)).to_have_text("Offline")
    phone.context.set_offline(False)
    assert titles(server) == ["Walk the dogs", "Chop the logs"]


def test_changes_wait_for_the_household_they_were_made_in(start_server, new_page):
    server = start_server(seed=True)
    phone = new_page()
    ready_offline(server, phone, ["/todo"])
    phone.context.set_offline(True)
    queue_changes(phone, [{"household": "999", "kind": "task", "op": "add", "id": str(uuid.uuid4()),
                           "fields": {"title": "Another household's"}, "label": "Other"}])
    phone.get_by_label("New task").fill("Ours")
    phone.get_by_role("button", name="Insert").click()
    expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")
    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    assert titles(server)[-1] == "Ours" and "Another household's" not in titles(server)
    left = phone.evaluate("""() => new Promise((resolve) => {
        const open = indexedDB.open("lists", 1);
        open.onsuccess = () => {
            const request = open.result.transaction("changes").objectStore("changes").getAll();
            request.onsuccess = () => resolve(request.result.map((change) => change.household));
        };
    })""")
    assert left == ["999"]


def test_the_offline_journey_through_nginx_with_tls(start_server, playwright, tls_proxy):
    """Off localhost a service worker needs HTTPS: the same journey through nginx with a certificate the test makes
    (Chromium started to accept it, as a phone accepts a real one)."""
    server = start_server(seed=True, options=["--trusted-proxy", "127.0.0.1", "--allowed-host", "localhost"])
    https = f"https://localhost:{tls_proxy(server.port)}"
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--ignore-certificate-errors"])
    try:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, timezone_id="UTC")
        context.set_default_timeout(STATE_TIMEOUT_MS)
        phone = context.new_page()
        phone.goto(https + "/signin")
        phone.get_by_label("Name").fill(USER)
        phone.get_by_label("Password").fill(PASSWORD)
        phone.get_by_role("button", name="Sign In").click()
        expect(phone).to_have_url(https + "/")
        ready_offline(type("Proxy", (), {"url": https}), phone, ["/shopping", "/shopping/list"])
        assert phone.evaluate("window.isSecureContext && !!navigator.serviceWorker.controller")

        context.set_offline(True)
        open_tab(phone, "Items")
        phone.get_by_role("button", name="Pencil").click()
        phone.get_by_role("link", name="Add Item").click()
        phone.get_by_label("Name").fill("Oat milk")
        phone.get_by_role("button", name="Save").click()
        # Back on Items (the sheet's own address is not a kept screen) before the reload.
        expect(phone.locator("li.row", has_text="Oat milk")).to_be_visible()
        expect(phone).to_have_url(https + "/shopping")
        expect(waiting_mark(phone)).to_have_text("Offline · 2 changes waiting")
        phone.reload()
        expect(phone.locator("li.row", has_text="Oat milk")).to_be_visible()
        expect(phone.locator("li.row.checked", has_text="Pencil")).to_be_visible()

        context.set_offline(False)
        wait_until(lambda: queued(phone) == 0, "the changes sent")
        expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
        result = items_by_name(server)
        assert result["Pencil"]["inShoppingList"] is True and result["Oat milk"]["price"] == 0
        context.close()
    finally:
        browser.close()


def test_items_edit_mode_works_offline_though_never_opened_here(start_server, new_page):
    server = start_server(seed=True)
    phone = new_page()
    ready_offline(server, phone, ["/shopping", "/"])
    # The service worker keeps Edit mode along with Items.
    wait_until(lambda: phone.evaluate("caches.open('lists-screens').then((c) => c.match('/shopping?edit=1'))"
                                      ".then(Boolean)"), "Edit mode kept")
    phone.context.set_offline(True)
    phone.get_by_role("link", name="Edit", exact=True).click()
    expect(phone.get_by_role("link", name="Done")).to_be_visible()
    phone.get_by_role("button", name="Delete Pencil…").click()
    phone.get_by_role("button", name="Delete Pencil", exact=True).click()
    expect(phone.locator("li.row", has_text="Pencil")).to_have_count(0)
    expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")
    phone.context.set_offline(False)
    wait_until(lambda: queued(phone) == 0, "the changes sent")
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    assert "Pencil" not in items_by_name(server)
    # A fresh start of the app with no network (a new window, as the home screen icon opens) shows the lists.
    phone.context.set_offline(True)
    start = phone.context.new_page()
    start.goto(server.url + "/")
    expect(start.get_by_role("link", name="To-Do")).to_be_visible()


def sign_out_everywhere(server):
    """What Sign Out on Every Device does, from another phone: every session of the account ends, the test's own
    too, which is signed in again (a new session) for the test's requests."""
    status, _, _ = server.request("POST", "/account/signout-everywhere", b"", {
        "Content-Type": "application/x-www-form-urlencoded", "Origin": server.url})
    assert status == 303
    assert server.request("GET", "/api/v1/tasks")[0] == 401
    server.cookie = server.sign_in()


@pytest.mark.parametrize("start", ["offline", "online"])
def test_signed_out_elsewhere_the_app_asks_for_a_sign_in_and_then_sends_the_change(start_server, new_page, start):
    """Started with no network (a reload offline) or opened online: signed out on every device meanwhile, the app
    back online leads to the sign-in screen, which says what the change waits for; signed in, it is sent."""
    server = start_server(seed=True)
    phone = new_page()
    ready_offline(server, phone, ["/todo", "/"])
    phone.context.set_offline(True)
    if start == "offline":
        phone.reload()
    phone.get_by_label("New task").fill("Buy oats")
    phone.get_by_role("button", name="Insert").click()
    expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")
    sign_out_everywhere(server)

    phone.context.set_offline(False)
    expect(phone).to_have_url(re.compile(r"/signin\?next=%2Ftodo$"), timeout=CONVERGE_MS)
    expect(phone.get_by_role("button", name="Sign In")).to_be_visible()
    expect(waiting_mark(phone)).to_have_text("1 change waiting: sign in to send it")
    assert "Buy oats" not in titles(server)

    phone.get_by_label("Name").fill(USER)
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("button", name="Sign In").click()
    expect(phone).to_have_url(server.url + "/todo", timeout=CONVERGE_MS)
    # (The mark is drawn once the page has read what waits: that it is not there yet says nothing.)
    wait_until(lambda: queued(phone) == 0, "the change sent")
    expect(waiting_mark(phone)).to_be_hidden()
    expect(phone.get_by_role("button", name="Buy oats", exact=True)).to_be_visible()
    assert titles(server).count("Buy oats") == 1


def test_changes_kept_for_a_sign_in_wait_on_the_sign_in_screen_after_a_reload(start_server, new_page):
    """Reloaded on the sign-in screen, the changes still wait there, and say for what; nothing is sent for nobody."""
    server = start_server(seed=True)
    phone = new_page()
    ready_offline(server, phone, ["/todo"])
    phone.context.set_offline(True)
    for title in ("Walk the dogs", "Feed the hogs"):
        phone.get_by_role("button", name=title, exact=True).click()
    expect(waiting_mark(phone)).to_have_text("Offline · 2 changes waiting")
    sign_out_everywhere(server)
    phone.context.set_offline(False)
    expect(phone).to_have_url(re.compile(r"/signin"), timeout=CONVERGE_MS)
    phone.reload()
    expect(waiting_mark(phone)).to_have_text("2 changes waiting: sign in to send them")
    assert [task["done"] for task in server.get_json("/api/v1/tasks")["tasks"]] == [False, False, False]


class DownServer(http.server.ThreadingHTTPServer):
    """What answers on a server's port while it is down behind a proxy: 503 to everything, each request's method
    and path kept in `requests`."""

    def __init__(self, port):
        self.requests = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def answer(self):
                outer.requests.append(f"{self.command} {self.path}")
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                self.send_response(503)
                self.send_header("Content-Length", "0")
                self.send_header("Connection", "close")
                self.end_headers()

            do_GET = do_POST = answer

            def log_message(self, *args):
                pass

        super().__init__(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    def posts_of_changes(self):
        return self.requests.count("POST /api/v1/changes")

    def stop(self):
        self.shutdown()
        self.server_close()


def restart(start_server, server):
    """A new server process on the stopped one's port and database, as after a restart."""
    return start_server(database=server.database, options=["--port", str(server.port)])


def check_off_two_offline(server, phone):
    ready_offline(server, phone, ["/todo"])
    phone.context.set_offline(True)
    for title in ("Walk the dogs", "Chop the logs"):
        phone.get_by_role("button", name=title, exact=True).click()
        expect(phone.get_by_role("button", name=title, exact=True)).to_have_attribute("aria-pressed", "true")
    expect(waiting_mark(phone)).to_have_text("Offline · 2 changes waiting")


def done_tasks(server):
    return [task["title"] for task in server.get_json("/api/v1/tasks")["tasks"] if task["done"]]


def test_changes_are_retried_with_a_growing_wait_while_the_server_is_down(start_server, new_page):
    """Back online while the server is down (503 from its proxy): the changes are tried again 2 s later, then
    4, 8 and 16 s, then every 30 s, and land when it is back, with no tap. The page's clock is driven: no test
    waits for the retries in real time."""
    server = start_server(seed=True)
    phone = new_page()
    phone.clock.install()
    check_off_two_offline(server, phone)
    phone.clock.pause_at(phone.evaluate("Date.now()") + 1000)
    server.stop()
    down = DownServer(server.port)
    try:
        phone.context.set_offline(False)
        trying = "2 changes waiting: the server does not answer; trying again"
        expect(waiting_mark(phone)).to_have_text(trying)
        assert down.posts_of_changes() == 1
        for number, wait in enumerate([2000, 4000, 8000, 16_000, 30_000, 30_000], start=2):
            # Just before the retry is due, nothing is sent...
            phone.clock.run_for(wait - 1)
            expect(waiting_mark(phone)).to_have_text(trying)
            assert down.posts_of_changes() == number - 1
            # ...and when it is, the changes go (the server still answers 503).
            phone.clock.run_for(1)
            expect(waiting_mark(phone)).to_have_text(trying)
            assert down.posts_of_changes() == number
    finally:
        down.stop()
    server = restart(start_server, server)
    phone.clock.run_for(30_000)
    wait_until(lambda: queued(phone) == 0, "the changes sent")
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    assert done_tasks(server) == ["Walk the dogs", "Chop the logs"]


def test_changes_go_when_the_event_stream_opens_again(start_server, new_page):
    """The server is down for a while as the phone gets its network back: the event stream, open before, opens
    again when the server is back, and the changes go then, with no tap and no timer (the page's clock is held)."""
    server = start_server(seed=True)
    phone = new_page()
    phone.clock.install()
    with phone.expect_response(lambda response: "/api/v1/events" in response.url and response.status == 200):
        check_off_two_offline(server, phone)
    phone.clock.pause_at(phone.evaluate("Date.now()") + 1000)
    server.stop()
    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_have_text("2 changes waiting: the server does not answer; trying again")
    server = restart(start_server, server)
    wait_until(lambda: queued(phone) == 0, "the changes sent")
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    assert done_tasks(server) == ["Walk the dogs", "Chop the logs"]


def list_text(page):
    """What a list screen says under its navigation bar (rows, empty text, footer, total)."""
    return page.locator(".screen .content").inner_text()


def field_errors(page):
    """The refused fields' messages as the page shows them, by field, and the field that has focus."""
    errors = {element.get_attribute("id"): element.text_content()
              for element in page.locator("main .field-error").all()}
    return errors, page.evaluate("document.activeElement && document.activeElement.name")


def fill_and_send(page, fields, button):
    for label, value in fields:
        page.get_by_label(label, exact=True).fill(value)
    page.get_by_role("button", name=button).click()
    page.locator("main .field-error").first.wait_for()


# Forms refused for each kind of refusal the sheets can meet: (screen, its add link, fields typed, button).
REFUSED_FORMS = [
    ("/shopping", "Add Item", [("Name", " "), ("Price", "1,5")], "Save"),
    ("/shopping", "Add Item", [("Name", "a" * 201), ("Price", "1000000.01")], "Save"),
    ("/shopping", "Add Item", [("Name", "Tab\tin"), ("Price", "\"><b>1.999")], "Save"),
    ("/birds", "Add Sighting", [("Bird Name", "Wren"), ("Location", "\u00e9" * 201)], "Done"),
    ("/birds", "Add Sighting", [("Bird Name", ""), ("Location", "Pond")], "Done"),
]


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_form_read_offline_takes_and_refuses_what_the_server_does_in_its_words(start_server, new_page, locale):
    """With no network a form is read by the rules the server gave it (the schema's): every refused field gets the
    message the server gives, under it, the first one focused; and what the server takes, it takes, a decimal comma
    from a reader whose language writes one included."""
    server = start_server(seed=True)
    phone = new_page(locale=locale)
    online = []
    for screen, link, fields, button in REFUSED_FORMS:
        phone.goto(server.url + screen)
        phone.get_by_role("link", name=link).click()
        fill_and_send(phone, fields, button)
        online.append(field_errors(phone))
    ready_offline(server, phone, ["/shopping", "/birds"])

    phone.context.set_offline(True)
    for (screen, link, fields, button), expected in zip(REFUSED_FORMS, online):
        phone.goto(server.url + screen)
        phone.get_by_role("link", name=link).click()
        fill_and_send(phone, fields, button)
        assert field_errors(phone) == expected, (fields, locale)
    # Taken offline as the server takes it: a decimal comma in German only.
    phone.goto(server.url + "/shopping")
    phone.get_by_role("link", name="Add Item").click()
    phone.get_by_label("Name", exact=True).fill("Milch")
    phone.get_by_label("Price").fill("1,99")
    phone.get_by_role("button", name="Save").click()
    if locale == "de-DE":
        expect(phone.locator("li.row", has_text="Milch")).to_contain_text("$1.99")
        # Its edit sheet, drawn offline from the record, shows the price as the reader writes it.
        phone.get_by_role("link", name="Edit Milch").click()
        expect(phone.get_by_label("Price")).to_have_value("1,99")
        phone.get_by_role("link", name="Cancel").click()
    else:
        expect(phone.locator("#field-price-error")).to_have_text(
            '"1,99" is not a price; use a number from 0 to 1000000 with at most two decimals after a dot, like 1.99.')
    phone.context.set_offline(False)
    if locale == "de-DE":
        wait_until(lambda: "Milch" in items_by_name(server), "the item added offline")
        assert items_by_name(server)["Milch"]["price"] == 1.99


def test_an_emptied_or_filled_list_offline_reads_as_it_does_online(start_server, new_page):
    server = start_server(seed=True)
    items = items_by_name(server)
    assert server.request("PATCH", f"/api/v1/items/{items['Pear']['id']}", {"inShoppingList": True})[0] == 200
    phone = new_page()
    ready_offline(server, phone, ["/shopping/list", "/shopping", "/todo"])
    phone.goto(server.url + "/shopping/list")
    phone.context.set_offline(True)
    # The tab's list, "Shopping", emptied: it says so, with no total.
    phone.get_by_role("button", name="Take Pear off").click()
    expect(phone.get_by_text("Nothing on Shopping yet. Add an item above.")).to_be_visible()
    expect(phone.locator("main [data-total]")).to_have_count(0)
    offline_empty = list_text(phone)
    phone.context.set_offline(False)
    wait_until(lambda: queued(phone) == 0, "the changes sent")
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    phone.reload()
    expect(phone.get_by_text("Nothing on Shopping yet.")).to_be_visible()
    assert list_text(phone) == offline_empty

    # To-Do: every task deleted offline, then one typed in.
    phone.goto(server.url + "/todo")
    phone.context.set_offline(True)
    for title in ("Walk the dogs", "Feed the hogs", "Chop the logs"):
        phone.locator("li.row", has_text=title).get_by_role("button", name=f"Delete {title}…").click()
        phone.get_by_role("button", name=f"Delete {title}", exact=True).click()
        expect(phone.locator("li.row", has_text=title)).to_have_count(0)
    expect(phone.get_by_text("No tasks. Type one above.")).to_be_visible()
    expect(phone.get_by_text("Tap a task to mark it done")).to_have_count(0)
    phone.get_by_label("New task").fill("Buy oats")
    phone.get_by_role("button", name="Insert").click()
    expect(phone.get_by_role("button", name="Buy oats", exact=True)).to_be_visible()
    expect(phone.get_by_text("No tasks.")).to_have_count(0)
    # Read once the row and the footer are both drawn.
    wait_until(lambda: "Buy oats" in list_text(phone) and "Tap a task" in list_text(phone), "the row drawn")
    offline_todo = list_text(phone)
    phone.context.set_offline(False)
    # Sent: nothing waits in the page's store (a mark not drawn yet would pass for hidden).
    wait_until(lambda: queued(phone) == 0, "the changes sent")
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    phone.reload()
    wait_until(lambda: "Buy oats" in list_text(phone), "the sent task on the server's page")
    assert list_text(phone) == offline_todo


def test_a_task_added_offline_to_a_list_that_was_empty_can_be_deleted_offline(start_server, new_page):
    """A list empty when its screen was kept has the form that asks before a delete all the same: a task added
    there offline is deleted offline, asking first, and nothing of it reaches the server."""
    server = start_server(seed=False)
    phone = new_page()
    ready_offline(server, phone, ["/todo", "/"])
    phone.goto(server.url + "/todo")
    expect(phone.get_by_text("No tasks. Type one above.")).to_be_visible()
    phone.context.set_offline(True)
    phone.get_by_label("New task").fill("Buy oats")
    phone.get_by_role("button", name="Insert").click()
    expect(phone.get_by_role("button", name="Buy oats", exact=True)).to_be_visible()
    phone.locator("li.row", has_text="Buy oats").get_by_role("button", name="Delete Buy oats…").click()
    phone.get_by_role("button", name="Delete Buy oats", exact=True).click()
    expect(phone.locator("li.row", has_text="Buy oats")).to_have_count(0)
    expect(phone.get_by_text("No tasks. Type one above.")).to_be_visible()
    phone.context.set_offline(False)
    wait_until(lambda: queued(phone) == 0, "the changes sent")
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    assert server.get_json("/api/v1/tasks")["tasks"] == []


def test_a_second_tab_offline_shows_the_changes_of_the_first(start_server, new_page):
    server = start_server(seed=True)
    first = new_page()
    ready_offline(server, first, ["/todo"])
    second = first.context.new_page()
    second.goto(server.url + "/todo")
    first.context.set_offline(True)
    expect(waiting_mark(second)).to_have_text("Offline")
    # Made in the first tab after the second opened: the second draws them.
    first.get_by_role("button", name="Walk the dogs", exact=True).click()
    first.get_by_label("New task").fill("Buy oats")
    first.get_by_role("button", name="Insert").click()
    expect(waiting_mark(first)).to_have_text("Offline · 2 changes waiting")
    expect(waiting_mark(second)).to_have_text("Offline · 2 changes waiting")
    expect(second.get_by_role("button", name="Walk the dogs", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(second.get_by_role("button", name="Buy oats", exact=True)).to_be_visible()
    # The second edits what the first added; the first shows it.
    second.get_by_role("button", name="Buy oats", exact=True).click()
    expect(waiting_mark(first)).to_have_text("Offline · 3 changes waiting")
    expect(first.get_by_role("button", name="Buy oats", exact=True)).to_have_attribute("aria-pressed", "true")
    # A third tab opened offline shows them all.
    third = first.context.new_page()
    third.goto(server.url + "/todo")
    expect(waiting_mark(third)).to_have_text("Offline · 3 changes waiting")
    expect(third.get_by_role("button", name="Buy oats", exact=True)).to_have_attribute("aria-pressed", "true")

    first.context.set_offline(False)
    for page in (first, second, third):
        expect(waiting_mark(page)).to_be_hidden(timeout=CONVERGE_MS)
        expect(page.get_by_role("button", name="Buy oats", exact=True)).to_have_attribute(
            "aria-pressed", "true", timeout=CONVERGE_MS)
    # Each change went once, from one tab: none was refused or reported as lost.
    assert titles(server) == ["Walk the dogs", "Feed the hogs", "Chop the logs", "Buy oats"]
    assert done_tasks(server) == ["Walk the dogs", "Buy oats"]
    for page in (first, second, third):
        expect(page.locator("#not-applied")).to_have_count(0)


def test_a_member_removed_meanwhile_keeps_the_changes_and_is_told_why(start_server, new_page):
    """A member's phone adds a task offline; meanwhile the owner removes them from the household, their only one.
    Back online the server refuses the changes (403: no household): the phone keeps them and says what they wait
    for, instead of "Sending…" for ever; nothing reaches the household they left."""
    server = start_server(seed=True)
    status, _, body = server.request("POST", "/households/invite", b"", {
        "Content-Type": "application/x-www-form-urlencoded", "Origin": server.url})
    assert status == 200
    link = re.search(r"/invite/[A-Za-z0-9_-]{43}", body.decode()).group(0)
    phone = new_page(signed_in=False)
    phone.goto(server.url + link)
    phone.get_by_label("Name").fill("bob")
    phone.get_by_label("Password").fill("battery staple")
    phone.get_by_role("button", name="Join Home").click()
    expect(phone).to_have_url(server.url + "/", timeout=CONVERGE_MS)
    ready_offline(server, phone, ["/todo"])
    phone.context.set_offline(True)
    phone.get_by_label("New task").fill("Bob's last task")
    phone.get_by_role("button", name="Insert").click()
    expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")
    status, _, _ = server.request("POST", "/households/members/remove", b"user=2", {
        "Content-Type": "application/x-www-form-urlencoded", "Origin": server.url})
    assert status == 303
    phone.context.set_offline(False)
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    expect(waiting_mark(phone)).to_have_text("1 change waiting: you are in no household now", timeout=CONVERGE_MS)
    assert queued(phone) == 1
    assert "Bob's last task" not in titles(server)


def test_a_tasks_due_date_priority_and_note_are_set_offline(start_server, new_page):
    """With no network the edit sheet reads a due date and a repeat as people type them (`fri`, on the household's
    day, and `every other week`, as the server reads them), refuses what it does not read in the server's words,
    takes a priority and a note, and draws them on the row at once."""
    server = start_server(seed=True)
    phone = new_page()
    ready_offline(server, phone, ["/todo", "/"])
    phone.context.set_offline(True)
    phone.get_by_role("link", name="Edit Feed the hogs").click()
    phone.get_by_role("textbox", name="Due").fill("someday")
    phone.get_by_role("button", name="Save").click()
    expect(phone.locator(".field-error")).to_contain_text('"someday" is not a date Lists reads: write a day')
    assert queued(phone) == 0
    # The next Friday after today, in the household's days (the server's zone, UTC here, as the browser's).
    fridays = {next_friday()}
    phone.get_by_role("textbox", name="Due").fill("fri")
    phone.get_by_role("textbox", name="Repeat").fill("every month until someday")
    phone.get_by_role("button", name="Save").click()
    expect(phone.locator(".field-error")).to_contain_text('"someday" is not a day to repeat until')
    assert queued(phone) == 0
    phone.get_by_role("textbox", name="Repeat").fill("every other week")
    phone.get_by_role("button", name="Save").click()
    expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")
    fridays.add(next_friday())
    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    task = next(task for task in server.get_json("/api/v1/tasks")["tasks"] if task["title"] == "Feed the hogs")
    assert task["due"] in fridays
    assert task["repeat"] == "FREQ=WEEKLY;INTERVAL=2"

    phone.context.set_offline(True)
    phone.get_by_role("link", name="Edit Feed the hogs").click()
    year = time.gmtime().tm_year + 1
    phone.get_by_role("textbox", name="Due").fill(f"{year}-01-15 18:30")
    phone.get_by_label("Priority").select_option("low")
    phone.get_by_role("textbox", name="Note").fill("Two scoops\n\tnot three")
    phone.get_by_role("button", name="Save").click()
    row = phone.locator("main li.task", has_text="Feed the hogs")
    expect(row.locator(".row-subtitle")).to_have_text(f"Jan 15, {year} 6:30 PM · Repeats · Low priority")
    expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")

    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    task = next(task for task in server.get_json("/api/v1/tasks")["tasks"] if task["title"] == "Feed the hogs")
    assert (task["due"], task["priority"], task["note"]) == (f"{year}-01-15T18:30", "low", "Two scoops\n\tnot three")
    # The server draws the row as the phone did.
    phone.reload()
    expect(row.locator(".row-subtitle")).to_have_text(f"Jan 15, {year} 6:30 PM · Repeats · Low priority")


def next_friday() -> str:
    """The next Friday after today in UTC (a week on, on a Friday), as `fri` means."""
    today = datetime.datetime.now(datetime.timezone.utc).date()
    return (today + datetime.timedelta(days=(4 - today.weekday() + 6) % 7 + 1)).isoformat()


def test_a_repeating_task_checked_off_on_two_phones_offline_moves_once(start_server, new_page):
    """Both phones check off the same date with no network; the first to reconnect moves it on, the second is told
    its check-off was not applied, and the task is due two weeks later, not four."""
    server = start_server(seed=True)
    status, body, *_ = server.request("POST", "/api/v1/tasks", {"title": "Bins", "due": "2027-01-05T07:00",
                                                           "repeat": "FREQ=WEEKLY;INTERVAL=2"})
    assert status == 201, body
    phones = [new_page(), new_page()]
    for phone in phones:
        ready_offline(server, phone, ["/todo", "/"])
        phone.context.set_offline(True)
        phone.locator("main li.task", has_text="Bins").locator("button.row-button").click()
        expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")
    for phone in phones:
        phone.context.set_offline(False)
        expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    expect(phones[1].locator("#not-applied")).to_contain_text(
        "“Bins”: your check-off was not applied: it was checked off on another device meanwhile (now due "
        "2027-01-19 07:00).", timeout=CONVERGE_MS)
    task = next(task for task in server.get_json("/api/v1/tasks")["tasks"] if task["title"] == "Bins")
    assert (task["due"], task["done"], len(task["completions"])) == ("2027-01-19T07:00", False, 1)
    for phone in phones:
        expect(phone.locator("main li.task", has_text="Bins").locator(".row-subtitle")).to_contain_text(
            "Jan 19", timeout=CONVERGE_MS)


def test_a_screen_opened_with_no_network_shows_what_changed_meanwhile_once_back(start_server, new_page):
    """A screen opened from the worker's kept copy is as old as that copy, though its first poll comes later: once
    the server answers, what another device changed meanwhile is drawn, with no change of this phone's to send."""
    server = start_server(seed=True)
    phone = new_page()
    ready_offline(server, phone, ["/todo", "/"])
    phone.context.set_offline(True)
    phone.reload()
    expect(phone.get_by_role("button", name="Walk the dogs", exact=True)).to_be_visible()
    assert server.request("POST", "/api/v1/tasks", {"title": "Call the vet"})[0] == 201
    phone.context.set_offline(False)
    expect(phone.locator("main li.task", has_text="Call the vet")).to_be_visible(timeout=CONVERGE_MS)


def test_a_screen_loaded_again_with_no_network_keeps_what_it_shows_and_catches_up(start_server, new_page):
    """With no answer from the server the service worker answers a screen from its kept copy, which may be older
    than the screen shown (a change drawn in place since). A screen loaded again to show a change must not be drawn
    over with that copy, nor take its older revision: with the event stream open again nothing would ask, and the
    phone would show the old list until the next change. Once the server answers, changes are drawn again."""
    server = start_server(seed=True)
    phone = new_page()
    ready_offline(server, phone, ["/todo", "/"])
    open_live(phone, server.url + "/todo")
    # Another phone adds a task: drawn in place from the event, so newer than the copy the worker keeps.
    assert server.request("POST", "/api/v1/tasks", {"title": "Call the vet"})[0] == 201
    expect(phone.locator("main li.task", has_text="Call the vet")).to_be_visible()
    to_do = server.get_json("/api/v1/todo-lists")["todoLists"][0]["list"]["id"]

    server.stop()
    failed_polls = []
    phone.on("requestfailed", lambda request: failed_polls.append(request.url) if "/api/v1/revision" in request.url
             else None)
    # Another tab says it sent changes: the screen is loaded again, and the worker answers with its kept copy.
    with phone.expect_response(lambda response: response.url.endswith("/todo") and response.from_service_worker):
        phone.evaluate("new BroadcastChannel('lists-changes').postMessage('sent')")
    # Two polls later (each a tick of the page's timer after the answer), the answer has long been dealt with. The
    # page's own wait, which lets its events in (this file's `wait_until` sleeps, and Playwright would hold them).
    conftest.wait_until(phone, lambda: len(failed_polls) >= 2, "never came: two polls after the kept copy answered")
    expect(phone.locator("main li.task", has_text="Call the vet")).to_be_visible()

    server = restart(start_server, server)
    assert server.request("PATCH", f"/api/v1/todo-lists/{to_do}", {"name": "Chores"})[0] == 200
    expect(phone.get_by_role("heading", name="Chores", exact=True)).to_be_visible(timeout=CONVERGE_MS)
    expect(phone.locator("main li.task", has_text="Call the vet")).to_be_visible()


def test_a_sighting_with_a_count_and_a_species_is_added_with_no_signal(start_server, new_page):
    server = start_server()
    phone = new_page()
    ready_offline(server, phone, ["/birds", "/"])
    phone.context.set_offline(True)
    phone.get_by_role("link", name="Add Sighting").click()
    name = phone.get_by_role("combobox", name="Bird Name")
    name.press_sequentially("mall")
    # Suggested from the taxonomy the service worker kept: no request reaches the server.
    phone.get_by_role("list", name="Species").get_by_role("button", name="Mallard, Anas platyrhynchos").click()
    expect(name).to_have_value("Mallard")
    phone.get_by_label("Count").fill("12")
    phone.get_by_role("button", name="Done").click()
    row = phone.locator("li.row", has_text="Mallard")
    expect(row).to_be_visible()
    phone.context.set_offline(False)
    conftest.wait_until(
        phone, lambda: [s["name"] for s in server.get_json("/api/v1/sightings")["sightings"]] == ["Mallard"],
        "the sighting added offline never reached the server")
    [stored] = server.get_json("/api/v1/sightings")["sightings"]
    assert (stored["count"], stored["scientificName"]) == (12, "Anas platyrhynchos")
