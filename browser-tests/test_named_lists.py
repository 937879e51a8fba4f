"""Named shopping lists in a real browser (Debian's Chromium at iPhone size), with JavaScript and without: two
lists, an item on both with different quantities, a trip checked off, a list moved, deleted and put back."""

import re

import pytest
from playwright.sync_api import expect

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
