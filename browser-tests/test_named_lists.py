"""Named shopping lists in a real browser (Debian's Chromium at iPhone size), with JavaScript and without: two
lists, an item on both with different quantities, a trip checked off, a list moved, deleted and put back."""

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import open_tab

JS = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])


def entry_row(page, name):
    return page.locator("main li.row", has_text=name)


def add(page, item, quantity="", note=""):
    page.get_by_label("Item").fill(item)
    page.get_by_label("Quantity").fill(quantity)
    page.get_by_label("Note").fill(note)
    page.get_by_role("button", name="Add").click()
    expect(entry_row(page, item)).to_be_visible()


@JS
def test_two_lists_an_item_on_both_and_a_trip(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/")
    page.get_by_role("link", name=re.compile("^Store Lists")).click()
    expect(page.get_by_role("heading", name="Store Lists")).to_be_visible()
    expect(page.get_by_text("No shopping lists yet.")).to_be_visible()

    for name in ["Groceries", "Corner shop"]:
        page.goto(server.url + "/lists")
        page.get_by_label("New list").fill(name)
        page.get_by_role("button", name="Make").click()
        expect(page.get_by_role("heading", name=name)).to_be_visible()

    # On the corner shop's list: Pear and Oat milk, which the (empty) catalog did not have, go into it too.
    add(page, "Pear", "2")
    expect(entry_row(page, "Pear")).to_contain_text("2")
    add(page, "Oat milk", "1 l", "the blue one")
    expect(entry_row(page, "Oat milk")).to_contain_text("the blue one")
    # The catalog's names are offered as one types: the most bought first, then (none bought yet) by name.
    names = page.locator("datalist#catalog-names option").evaluate_all("(os) => os.map((o) => o.value)")
    assert names == ["Oat milk", "Pear"]

    # The switcher leads to Groceries, where Pear (named in any case) gets its own quantity; 500 g and 1 kg add up.
    page.get_by_role("navigation", name="Store lists").get_by_role("link", name="Groceries").click()
    expect(page.get_by_role("heading", name="Groceries")).to_be_visible()
    add(page, "pear", "500 g")
    add(page, "Bread", "2 packs")
    page.get_by_label("Item").fill("Pear")
    page.get_by_label("Quantity").fill("1 kg")
    page.get_by_role("button", name="Add").click()
    expect(entry_row(page, "Pear")).to_contain_text("1.5 kg")
    expect(page.locator("main li.row")).to_have_count(2)

    # A trip: both checked off, one put back.
    entry_row(page, "Pear").get_by_role("button", name="Pear, to buy").click()
    expect(entry_row(page, "Pear").get_by_role("button", name="Pear, bought")).to_be_visible()
    entry_row(page, "Bread").get_by_role("button", name="Bread, to buy").click()
    expect(entry_row(page, "Bread").get_by_role("button", name="Bread, bought")).to_be_visible()
    entry_row(page, "Bread").get_by_role("button", name="Bread, bought").click()
    expect(entry_row(page, "Bread").get_by_role("button", name="Bread, to buy")).to_be_visible()

    # The corner shop's Pear kept its own quantity; the lists show their counts.
    page.get_by_role("link", name="Store lists").click()
    expect(page.locator("main li.row", has_text="Groceries")).to_contain_text("1 to buy, 2 in all")
    expect(page.locator("main li.row", has_text="Corner shop")).to_contain_text("2 to buy, 2 in all")

    # Moved up, deleted (after a question), and put back with its entries.
    page.get_by_role("button", name="Move Corner shop up").click()
    expect(page.locator("main li.row").first).to_contain_text("Corner shop")
    page.get_by_role("link", name="Delete Corner shop…").click()
    expect(page.get_by_text("Its 2 entries go with it.")).to_be_visible()
    page.get_by_role("button", name="Delete List Corner shop").click()
    expect(page.get_by_text("Deleted a list.")).to_be_visible()
    expect(page.locator("main li.row", has_text="Corner shop")).to_have_count(0)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("main li.row", has_text="Corner shop")).to_contain_text("2 to buy, 2 in all")


@JS
def test_a_refused_quantity_is_shown_with_what_was_typed(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/lists")
    page.get_by_label("New list").fill("Groceries")
    page.get_by_role("button", name="Make").click()
    page.get_by_label("Item").fill("Pear")
    page.get_by_label("Quantity").fill("2 bootles")
    page.get_by_role("button", name="Add").click()
    expect(page.get_by_text(re.compile("is not a unit Lists knows"))).to_be_visible()
    expect(page.get_by_label("Quantity")).to_have_value("2 bootles")
    expect(page.locator("main li.row")).to_have_count(0)


def sections(page):
    return page.locator("main h2.group-header").all_text_contents()


@JS
def test_a_list_is_walked_by_aisle_learned_from_a_trip_and_moved_by_hand(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/lists")
    page.get_by_label("New list").fill("Groceries")
    page.get_by_role("button", name="Make").click()
    for item in ["Milk", "Apples", "Bagels", "Ice cream"]:
        add(page, item)
    # Each new item went to the aisle its name suggests; the sections start in the household's order.
    expect(page.locator("main h2.group-header")).to_have_count(4)
    assert sections(page) == ["Produce", "Bakery", "Dairy and eggs", "Frozen"]
    expect(page.get_by_text("learned from your trips")).to_be_visible()

    # A trip walks the store Frozen, Dairy, Bakery, Produce: the sections follow it.
    for item in ["Ice cream", "Milk", "Bagels", "Apples"]:
        entry_row(page, item).get_by_role("button", name=f"{item}, to buy").click()
        expect(entry_row(page, item).get_by_role("button", name=f"{item}, bought")).to_be_visible()
    page.reload()
    assert sections(page) == ["Frozen", "Dairy and eggs", "Bakery", "Produce"]

    # Produce moved up by hand wins at once; learning again goes back to the trip's order.
    page.get_by_role("button", name="Move Produce up").click()
    expect(page.get_by_text("Aisles in the order you set.")).to_be_visible()
    assert sections(page) == ["Frozen", "Dairy and eggs", "Produce", "Bakery"]
    expect(page.get_by_role("button", name="Move Frozen up")).to_be_disabled()
    page.get_by_role("button", name="Learn from my trips").click()
    expect(page.get_by_text("learned from your trips")).to_be_visible()
    assert sections(page) == ["Frozen", "Dairy and eggs", "Bakery", "Produce"]

    # An item's aisle is chosen in its sheet on the Items tab; the list shows it there.
    page.goto(server.url + "/shopping")
    page.locator("main li", has_text="Bagels").get_by_role("link").first.click()
    expect(page.get_by_label("Aisle")).to_be_visible()
    page.get_by_label("Aisle").select_option(label="Frozen")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Items")).to_be_visible()
    page.goto(server.url + "/lists")
    page.locator("main li.row", has_text="Groceries").get_by_role("link").first.click()
    expect(page.locator("main h2.group-header").first).to_have_text("Frozen")
    frozen = page.locator("main ul.group").first
    expect(frozen).to_contain_text("Bagels")
    expect(frozen).to_contain_text("Ice cream")


@JS
def test_aisles_are_added_renamed_and_deleted_with_an_undo(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/lists")
    page.get_by_role("link", name="Aisles").click()
    expect(page.get_by_role("heading", name="Aisles")).to_be_visible()
    page.get_by_label("New aisle").fill("Garden")
    page.get_by_role("button", name="Add").click()
    expect(page.get_by_label("Name of Garden")).to_be_visible()
    page.get_by_label("Name of Garden").fill("Garden centre")
    page.get_by_role("button", name="Rename Garden").click()
    expect(page.get_by_label("Name of Garden centre")).to_have_value("Garden centre")
    # A taken name is refused, and changes nothing.
    page.get_by_label("New aisle").fill("produce")
    page.get_by_role("button", name="Add").click()
    expect(page.get_by_text(re.compile("another aisle has that name", re.I))).to_be_visible()
    page.get_by_role("button", name="Delete Garden centre").click()
    expect(page.get_by_text("Deleted an aisle.")).to_be_visible()
    expect(page.get_by_label("Name of Garden centre")).to_have_count(0)
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_label("Name of Garden centre")).to_be_visible()


def test_another_phones_changes_to_a_list_show_at_once(server, new_page):
    """Two phones on one store list: what one puts on it, changes and takes off shows on the other without a tap."""
    mine = new_page()
    mine.goto(server.url + "/lists")
    mine.get_by_label("New list").fill("Groceries")
    mine.get_by_role("button", name="Make").click()
    expect(mine.get_by_role("heading", name="Groceries")).to_be_visible()
    theirs = new_page()
    theirs.goto(mine.url)
    expect(theirs.get_by_text("Nothing on Groceries yet.")).to_be_visible()

    add(mine, "Bagels", "2")
    expect(entry_row(theirs, "Bagels")).to_contain_text("2")
    add(mine, "Bagels", "3")
    expect(entry_row(theirs, "Bagels")).to_contain_text("5")
    entry_row(mine, "Bagels").get_by_role("button", name="Take Bagels off").click()
    expect(mine.get_by_text("Took an entry off.")).to_be_visible()
    expect(entry_row(theirs, "Bagels")).to_have_count(0)
    mine.get_by_role("button", name="Undo").click()
    expect(entry_row(theirs, "Bagels")).to_contain_text("5")


def test_suggestions_as_one_types_and_a_tap_puts_one_on_the_list(server, new_page):
    """The add field suggests the household's items as one types: a word's start, the most bought first, with the
    quantity last bought; a tap puts that item on the list in that quantity."""
    items = {}
    for name in ["Milk", "Oat milk", "Mince", "Bread"]:
        status, _, body = server.request("POST", "/api/v1/items", {"name": name})
        assert status == 201, body
        items[name] = json.loads(body)["id"]
    status, _, body = server.request("POST", "/api/v1/lists", {"name": "Last week"})
    last_week = json.loads(body)["id"]
    # Bought before: oat milk twice (2 l the last time), milk once.
    for name, quantity in [("Oat milk", "1 l"), ("Milk", "1"), ("Oat milk", "2 l")]:
        status, _, body = server.request(
            "POST", f"/api/v1/lists/{last_week}/entries", {"item": items[name], "quantity": quantity})
        entry = json.loads(body)["entry"]["id"]
        assert server.request("PATCH", f"/api/v1/lists/{last_week}/entries/{entry}",
                              {"checkedAt": "2026-11-29T10:00:00Z"})[0] == 200

    page = new_page(True)
    page.goto(server.url + "/lists")
    page.get_by_label("New list").fill("Groceries")
    page.get_by_role("button", name="Make").click()
    expect(page.get_by_role("heading", name="Groceries")).to_be_visible()
    page.get_by_label("Item").press_sequentially("mil")
    suggestions = page.get_by_role("list", name="Suggestions").get_by_role("button")
    expect(suggestions).to_have_count(2)
    expect(suggestions.first).to_have_accessible_name("Put Oat milk on the list, 2 l")
    expect(suggestions.nth(1)).to_have_accessible_name("Put Milk on the list, 1")
    # "Mince" starts with "mi" but not "mil"; one more letter narrows nothing here.
    suggestions.first.click()
    expect(entry_row(page, "Oat milk").locator(".quantity")).to_have_text("2 l")
    expect(page.get_by_role("list", name="Suggestions")).to_have_count(0)
    expect(page.get_by_label("Item")).to_have_value("")
    # A quantity typed first wins over the last one bought.
    page.get_by_label("Quantity").fill("3")
    page.get_by_label("Item").press_sequentially("bre")
    expect(suggestions).to_have_count(1)
    suggestions.first.click()
    expect(entry_row(page, "Bread").locator(".quantity")).to_have_text("3")


@JS
def test_the_shopping_list_tab_shows_the_list_last_opened_and_items_tick_onto_it(server, new_page, javascript):
    """The tutorial's two tabs on named lists: the first tick in Items makes the list "Shopping", which the Shopping
    List tab shows; a list opened from the switcher becomes the tab's, and the Items tab's checkmarks follow it."""
    page = new_page(javascript)
    for name, price in (("Milk", "1.19"), ("Nails", "3.99")):
        page.goto(server.url + "/shopping/new")
        page.get_by_label("Name").fill(name)
        page.get_by_label("Price").fill(price)
        page.get_by_role("button", name="Save").click()
        expect(entry_row(page, name)).to_be_visible()
    page.get_by_role("link", name="Shopping List").click()
    expect(page.get_by_text("Nothing to buy. Tap items in the Items tab")).to_be_visible()

    # The first tick makes "Shopping".
    open_tab(page, "Items")
    entry_row(page, "Milk").locator("button.row-button").click()
    expect(entry_row(page, "Milk").locator("button.row-button")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("link", name="Shopping List").click()
    expect(page.get_by_role("heading", name="Shopping")).to_be_visible()
    expect(entry_row(page, "Milk")).to_be_visible()
    expect(page.locator("main [data-total]")).to_have_text("Total: $1.19")

    # A second list, opened from Store Lists: the tab now shows it, with a switcher back to Shopping.
    page.goto(server.url + "/lists")
    page.get_by_label("New list").fill("Hardware")
    page.get_by_role("button", name="Make").click()
    expect(page.get_by_role("heading", name="Hardware")).to_be_visible()
    page.get_by_role("link", name="Items").click()
    expect(page.locator("main .group-footer")).to_contain_text("put it on “Hardware”")
    expect(entry_row(page, "Milk").locator("button.row-button")).to_have_attribute("aria-pressed", "false")
    entry_row(page, "Nails").locator("button.row-button").click()
    expect(entry_row(page, "Nails").locator("button.row-button")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("link", name="Shopping List").click()
    expect(page.get_by_role("heading", name="Hardware")).to_be_visible()
    expect(entry_row(page, "Nails")).to_be_visible()
    expect(entry_row(page, "Milk")).to_have_count(0)

    # Back to Shopping by the switcher: the tab and the checkmarks follow.
    page.get_by_role("navigation", name="Store lists").get_by_role("link", name="Shopping").click()
    expect(page.get_by_role("heading", name="Shopping")).to_be_visible()
    open_tab(page, "Items")
    expect(entry_row(page, "Milk").locator("button.row-button")).to_have_attribute("aria-pressed", "true")
    expect(entry_row(page, "Nails").locator("button.row-button")).to_have_attribute("aria-pressed", "false")
    # A tick taken back takes the item off that list only.
    entry_row(page, "Milk").locator("button.row-button").click()
    expect(entry_row(page, "Milk").locator("button.row-button")).to_have_attribute("aria-pressed", "false")
    lists = {summary["list"]["name"]: summary["toBuy"] for summary in server.get_json("/api/v1/lists")["lists"]}
    assert lists == {"Shopping": 0, "Hardware": 1}
