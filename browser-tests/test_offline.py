"""The app with no network, in real Chromium: each app's lists keep working offline (changes show at once and wait
on the device, marked), a reload offline keeps them, and back online they are sent once, in order, and merged
with what a second device did meanwhile, as the README's rules say; the change that lost is shown."""
import json
import time

from playwright.sync_api import expect
from test_install import worker_ready

# Back online, the waiting changes land and both devices show the result within this time.
CONVERGE_MS = 2000


def ready_offline(server, page, paths):
    """Opens `paths` online, so that the service worker keeps them, and ends on the first."""
    page.goto(server.url + paths[0])
    worker_ready(page)
    for path in paths[1:] + paths[:1]:
        page.goto(server.url + path)
    page.wait_for_function("document.querySelector('main template[data-row]') !== null")


def waiting_mark(page):
    return page.locator("#offline-bar")


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
    # Check off three while shopping: each leaves the list at once, and the total follows.
    for name in ("Pear", "Bread", "Mango"):
        phone.get_by_role("button", name=f"Check off {name}").click()
        expect(phone.get_by_role("button", name=f"Check off {name}")).to_have_count(0)
    expect(waiting_mark(phone)).to_have_text("Offline · 3 changes waiting")
    expect(phone.locator(".total .amount")).to_have_text("$" + f"{items['Notepad']['price']:.2f}")
    # Add two on the Items tab, through the add sheet drawn with no network.
    phone.get_by_role("link", name="Items").click()
    expect(phone.locator("li.row", has_text="Pear")).not_to_have_class("row checked")
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
    other.get_by_role("link", name="Shopping List").click()
    other.get_by_role("button", name="Check off Pear").click()
    expect(other.get_by_role("button", name="Check off Pear")).to_have_count(0)
    other.get_by_role("link", name="Items").click()
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
    """To-Do has no edit sheet (the tutorial's tasks are typed once): offline, tasks are marked done, added and
    deleted; the other device's rename of a task marked done here keeps both changes (they touch other fields)."""
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
    phone.locator("li.row", has_text="Feed the hogs").get_by_role("button", name="Delete Feed the hogs…").click()
    phone.get_by_role("button", name="Delete Feed the hogs", exact=True).click()
    expect(phone.locator("li.row", has_text="Feed the hogs")).to_have_count(0)
    expect(waiting_mark(phone)).to_have_text("Offline · 6 changes waiting")

    other.get_by_role("button", name="Walk the dogs", exact=True).click()
    expect(other.get_by_role("button", name="Walk the dogs", exact=True)).to_have_attribute("aria-pressed", "true")
    assert server.request("PATCH", f"/api/v1/tasks/{tasks['Chop the logs']['id']}", {"title": "Chop the wood"})[0] == 200

    phone.reload()
    expect(phone.get_by_role("button", name="Mend the fence", exact=True)).to_be_visible()
    expect(waiting_mark(phone)).to_have_text("Offline · 6 changes waiting")
    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    for page in (phone, other):
        expect(page.get_by_role("button", name="Chop the wood", exact=True)).to_have_attribute(
            "aria-pressed", "true", timeout=CONVERGE_MS)
        expect(page.get_by_role("button", name="Buy oats", exact=True)).to_have_count(1, timeout=CONVERGE_MS)
        expect(page.locator("li.row", has_text="Feed the hogs")).to_have_count(0, timeout=CONVERGE_MS)
    # Nothing lost, so nothing to show.
    expect(phone.locator("#not-applied")).to_have_count(0)
    result = [(task["title"], task["done"]) for task in server.get_json("/api/v1/tasks")["tasks"]]
    assert result == [("Walk the dogs", True), ("Chop the wood", True), ("Buy oats", False), ("Mend the fence", False)]


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
