"""Store lists with no network, in real Chromium: in the shop with no signal, entries are checked off (at the time
of the tap), their quantity and note edited, items of the kept catalog put on the list and entries taken off; the
changes show at once, survive a reload, and back online land once, merged with what another phone did meanwhile.
A list deleted meanwhile is reported, never dropped in silence."""

import json

from playwright.sync_api import expect
from test_offline import CONVERGE_MS, ready_offline, waiting_mark


def make_list(server, name, entries):
    """Makes the list `name` with `entries` ((item name, quantity) of the seeded catalog); answers its id and the
    entries' ids by item name."""
    status, _, body = server.request("POST", "/api/v1/lists", {"name": name})
    assert status == 201, body

    list_id = json.loads(body)["id"]
    items = {item["name"]: item for item in server.get_json("/api/v1/items")["items"]}
    ids = {}
    for item, quantity in entries:
        status, _, body = server.request(
            "POST", f"/api/v1/lists/{list_id}/entries", {"item": items[item]["id"], "quantity": quantity})
        assert status == 201, body
        ids[item] = json.loads(body)["entry"]["id"]
    return list_id, ids

def rows(server, list_id):
    """The list's entries as the server has them: item name → entry."""
    return {row["item"]["name"]: row["entry"] for row in server.get_json(f"/api/v1/lists/{list_id}")["entries"]}

def row(page, name):
    return page.locator("main li.row", has_text=name)

def test_a_trip_offline_with_a_second_phone(start_server, new_page):
    server = start_server(seed=True)
    list_id, ids = make_list(server, "Groceries", [("Pear", "2"), ("Bread", "1"), ("Mango", "3")])
    phone = new_page()
    ready_offline(server, phone, [f"/lists/{list_id}", "/"])
    expect(phone.get_by_role("heading", name="Groceries")).to_be_visible()

    phone.context.set_offline(True)
    # Checked off in the shop: at once, as bought.
    row(phone, "Pear").get_by_role("button", name="Pear, to buy").click()
    expect(row(phone, "Pear").get_by_role("button", name="Pear, bought")).to_be_visible()
    # Bread's sheet, drawn with no network: a bad quantity is refused there, in the server's words.
    phone.get_by_role("link", name="Edit Bread").click()
    sheet = phone.locator("section.sheet")
    sheet.get_by_label("Quantity").fill("2 bootles")
    sheet.get_by_role("button", name="Save").click()
    expect(sheet.locator(".field-error")).to_contain_text("is not a quantity")
    sheet.get_by_label("Quantity").fill("3")
    sheet.get_by_label("Note").fill("sliced")
    sheet.get_by_role("button", name="Save").click()
    expect(row(phone, "Bread")).to_contain_text("sliced")
    expect(row(phone, "Bread").locator(".quantity")).to_have_text("3")
    # An item of the kept catalog goes on the list (named in any case); one it does not have needs the network.
    phone.get_by_label("Item").fill("notepad")
    phone.get_by_label("Quantity").fill("2")
    phone.get_by_role("button", name="Add").click()
    expect(row(phone, "Notepad").locator(".quantity")).to_have_text("2")
    # Put again, it adds to the entry, as the server will.
    phone.get_by_label("Item").fill("Notepad")
    phone.get_by_label("Quantity").fill("1")
    phone.get_by_role("button", name="Add").click()
    expect(row(phone, "Notepad").locator(".quantity")).to_have_text("3")
    expect(row(phone, "Notepad")).to_have_count(1)
    phone.get_by_label("Item").fill("Saffron")
    phone.get_by_label("Quantity").fill("")
    phone.get_by_role("button", name="Add").click()
    expect(phone.locator(".field-error")).to_contain_text("only an item the list offers")
    phone.get_by_label("Item").fill("")
    # Mango taken off.
    row(phone, "Mango").get_by_role("button", name="Take Mango off").click()
    expect(row(phone, "Mango")).to_have_count(0)
    expect(waiting_mark(phone)).to_have_text("Offline · 5 changes waiting")
    # The total follows: Pear 2 × 0.62, Bread 3 × 3.12, Notepad 3 × 2.53.
    expect(phone.locator("p.group-footer[data-total]")).to_have_text("Total: $18.19")
    # Nothing reached the server yet.
    assert rows(server, list_id)["Pear"]["checkedAt"] is None

    # Meanwhile another phone changes Bread's note.
    status, _, body = server.request("PATCH", f"/api/v1/lists/{list_id}/entries/{ids['Bread']}", {"note": "whole"})
    assert status == 200, body

    # A reload with no network keeps what was done.
    phone.reload()
    expect(row(phone, "Notepad")).to_be_visible()
    expect(row(phone, "Mango")).to_have_count(0)
    expect(row(phone, "Pear").get_by_role("button", name="Pear, bought")).to_be_visible()
    expect(waiting_mark(phone)).to_have_text("Offline · 5 changes waiting")

    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    # The note that lost is shown; the quantity, which nobody else changed, landed.
    expect(phone.locator("#not-applied")).to_contain_text("“Bread”: your note was not applied", timeout=CONVERGE_MS)
    expect(row(phone, "Bread")).to_contain_text("whole", timeout=CONVERGE_MS)
    entries = rows(server, list_id)
    assert sorted(entries) == ["Bread", "Notepad", "Pear"]
    assert entries["Pear"]["checkedAt"] is not None
    assert (entries["Bread"]["quantity"], entries["Bread"]["note"]) == ("3", "whole")
    assert entries["Notepad"]["quantity"] == "3"
    # The check-off made offline is in the log at the time of the tap, not of the sending.
    purchases = server.get_json("/api/v1/purchases")["purchases"]
    assert [purchase["boughtAt"] for purchase in purchases] == [entries["Pear"]["checkedAt"]]

def test_a_list_deleted_while_a_phone_was_offline_is_reported(start_server, new_page):
    server = start_server(seed=True)
    list_id, _ = make_list(server, "Corner shop", [("Pear", "1")])
    phone = new_page()
    ready_offline(server, phone, [f"/lists/{list_id}", "/"])
    phone.context.set_offline(True)
    row(phone, "Pear").get_by_role("button", name="Pear, to buy").click()
    expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")
    status, _, _ = server.request("DELETE", f"/api/v1/lists/{list_id}")
    assert status == 200

    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    expect(phone.locator("#not-applied")).to_contain_text(
        "“Pear”: your change was not applied: its list was deleted on another device", timeout=CONVERGE_MS)
    assert server.get_json("/api/v1/purchases")["purchases"] == []


def test_recently_bought_puts_an_item_back_with_no_signal(start_server, new_page):
    server = start_server(seed=True)
    list_id, ids = make_list(server, "Groceries", [("Pear", "2")])
    assert server.request("PATCH", f"/api/v1/lists/{list_id}/entries/{ids['Pear']}",
                          {"checkedAt": "2026-11-29T10:00:00Z"})[0] == 200
    phone = new_page()
    ready_offline(server, phone, [f"/lists/{list_id}", f"/lists/{list_id}/recent", "/"])
    phone.context.set_offline(True)
    phone.get_by_role("link", name="Recently bought").click()
    expect(phone.get_by_role("heading", name="Recently bought")).to_be_visible()
    phone.get_by_role("button", name="Put Pear on Groceries").click()
    expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")
    # Back on the list, Pear is there to buy again, beside the one bought.
    phone.get_by_role("link", name="Groceries").click()
    expect(row(phone, "Pear")).to_have_count(2)
    expect(row(phone, "Pear").get_by_role("button", name="Pear, to buy")).to_be_visible()

    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    rows_now = server.get_json(f"/api/v1/lists/{list_id}")["entries"]
    assert sorted((row["item"]["name"], row["entry"]["quantity"], row["entry"]["checkedAt"] is None)
                  for row in rows_now) == [("Pear", "2", False), ("Pear", "2", True)]


def test_items_ticked_with_no_signal_go_on_the_tabs_list(start_server, new_page):
    """In Items with no signal, a tick puts the item on the Shopping List tab's list and a second takes it off;
    back online they land on that list, once."""
    server = start_server(seed=True)
    shopping, _ = make_list(server, "Shopping", [("Pear", "2")])
    hardware, _ = make_list(server, "Hardware", [])
    phone = new_page()
    # Hardware opened last: the tab's list on this phone.
    ready_offline(server, phone, ["/shopping", f"/lists/{hardware}"])
    phone.goto(server.url + "/shopping")
    phone.context.set_offline(True)
    row(phone, "Pencil").locator("button.row-button").click()
    expect(row(phone, "Pencil").locator("button.row-button")).to_have_attribute("aria-pressed", "true")
    row(phone, "Notepad").locator("button.row-button").click()
    row(phone, "Notepad").locator("button.row-button").click()
    expect(row(phone, "Notepad").locator("button.row-button")).to_have_attribute("aria-pressed", "false")
    expect(waiting_mark(phone)).to_have_text("Offline · 3 changes waiting")
    assert rows(server, hardware) == {}

    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    assert list(rows(server, hardware)) == ["Pencil"]
    assert list(rows(server, shopping)) == ["Pear"]
    phone.reload()
    expect(row(phone, "Pencil").locator("button.row-button")).to_have_attribute("aria-pressed", "true")
    expect(row(phone, "Pear").locator("button.row-button")).to_have_attribute("aria-pressed", "false")
