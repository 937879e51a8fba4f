"""Undo, as a careful person uses it: a delete (a To-Do row, a sighting) and a check-off on the Shopping List tab
land on a screen with an Undo bar, whose Undo puts the record back exactly (same id, same version, same place), with
JavaScript and without. With JavaScript the bar goes after a few seconds, stays while it has focus, and survives a
live update. And an add form sent twice without JavaScript adds once.
"""

import pytest
from playwright.sync_api import expect

from conftest import open_live, seed_screens, wait_until

JS = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])


def records(server, collection):
    return server.get_json(f"/api/v1/{collection}")[collection]


def undo_bar(page):
    return page.locator("main .undo-bar")


@JS
def test_a_deleted_task_comes_back_in_its_place_with_its_id(start_server, new_page, javascript):
    server = start_server(seed=True)
    before = records(server, "tasks")
    page = new_page(javascript)
    page.goto(server.url + "/todo")
    page.get_by_label("Delete Feed the hogs…").click()
    page.get_by_role("button", name="Delete Feed the hogs", exact=True).click()
    bar = undo_bar(page)
    expect(bar).to_be_visible()
    expect(bar).to_have_attribute("role", "status")
    expect(bar).to_contain_text("Deleted “Feed the hogs”.")
    expect(page.locator("main li.task .row-title")).to_have_text(["Walk the dogs", "Chop the logs"])
    assert [task["title"] for task in records(server, "tasks")] == ["Walk the dogs", "Chop the logs"]

    bar.get_by_role("button", name="Undo").click()
    expect(page.locator("main li.task .row-title")).to_have_text(["Walk the dogs", "Feed the hogs", "Chop the logs"])
    expect(undo_bar(page)).to_have_count(0)
    expect(page).to_have_url(server.url + "/todo")
    assert records(server, "tasks") == before


@JS
def test_an_entry_taken_off_the_shopping_list_is_undone(start_server, new_page, javascript):
    server = start_server(seed=True)
    seed_screens(server)
    page = new_page(javascript)
    page.goto(server.url + "/shopping/list")
    page.get_by_role("button", name="Take Pear off").click()
    bar = undo_bar(page)
    expect(bar).to_contain_text("Took an entry off.")
    expect(page.locator("main li.row", has_text="Pear")).to_have_count(0)
    expect(page.locator("main [data-total]")).to_have_text("Total: $3.12")

    bar.get_by_role("button", name="Undo").click()
    expect(page.locator("main li.row", has_text="Pear")).to_have_count(1)
    expect(page.locator("main [data-total]")).to_have_text("Total: $3.74")
    expect(undo_bar(page)).to_have_count(0)
    assert [item["name"] for item in server.get_json("/api/v1/shopping-list")["items"]] == ["Pear", "Bread"]


@JS
def test_a_deleted_sighting_comes_back(start_server, new_page, javascript):
    server = start_server(seed=True)
    ids = seed_screens(server)
    before = records(server, "sightings")
    page = new_page(javascript)
    page.goto(server.url + "/birds")
    page.locator("main li.row", has_text="Pigeon").click()
    page.get_by_role("link", name="Delete Sighting").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Delete Sighting").click()
    expect(page.get_by_text("No sightings yet.")).to_be_visible()
    expect(undo_bar(page)).to_contain_text("Deleted the sighting of “Pigeon”.")
    undo_bar(page).get_by_role("button", name="Undo").click()
    expect(page.locator("main li.row", has_text="Pigeon")).to_be_visible()
    assert records(server, "sightings") == before
    assert before[0]["id"] == ids["sighting"]


def test_an_undo_reaches_another_server_sharing_postgresql(start_server, seeded_postgres_database, new_page):
    """What a delete removed is kept in the database, not in the server that deleted it: the screen a delete on one
    server lands on, opened on another, offers the undo and its Undo works there."""
    first = start_server(seed=True, database=seeded_postgres_database)
    second = start_server(seed=True, database=seeded_postgres_database)
    before = records(first, "tasks")
    page = new_page(javascript=False)
    page.goto(first.url + "/todo")
    page.get_by_label("Delete Walk the dogs…").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Delete Walk the dogs").click()
    expect(undo_bar(page)).to_be_visible()
    page.goto(page.url.replace(first.url, second.url))
    undo_bar(page).get_by_role("button", name="Undo").click()
    expect(page.locator("main li.task .row-title")).to_have_text(["Walk the dogs", "Feed the hogs", "Chop the logs"])
    assert records(first, "tasks") == before


def test_an_item_deleted_in_edit_mode_comes_back_in_edit_mode(start_server, new_page):
    server = start_server(seed=True)
    before = records(server, "items")
    page = new_page(javascript=False)
    page.goto(server.url + "/shopping?edit=1")
    page.get_by_label("Delete Pencil…").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Delete Pencil").click()
    expect(undo_bar(page)).to_contain_text("Deleted “Pencil”.")
    undo_bar(page).get_by_role("button", name="Undo").click()
    expect(page).to_have_url(server.url + "/shopping?edit=1")
    expect(page.get_by_role("link", name="Done")).to_be_visible()
    assert records(server, "items") == before


def test_the_undo_bar_goes_after_a_few_seconds_unless_it_has_focus(start_server, new_page):
    server = start_server(seed=True)
    walk = records(server, "tasks")[0]
    page = new_page()
    # The bar's time is the subject: the page's clock moves only when the test moves it.
    page.clock.install()
    open_live(page, server.url + "/todo")
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.get_by_label("Delete Walk the dogs…").click()
    page.get_by_role("button", name="Delete Walk the dogs", exact=True).click()
    bar = undo_bar(page)
    expect(bar).to_be_visible()
    # The address is the list's at once: Back, Forward and a reload do not offer the undo again.
    expect(page).to_have_url(server.url + "/todo")
    page.evaluate("document.querySelector('main .undo-bar').dataset.marked = 'yes'")

    # A live update (a task added elsewhere) redraws the screen and keeps the bar, the same element.
    assert server.request("POST", "/api/v1/tasks", {"title": "From the laptop"})[0] == 201
    expect(page.locator("main li.task", has_text="From the laptop")).to_be_visible()
    expect(bar).to_have_attribute("data-marked", "yes")

    # With focus it stays past its six seconds; without, it stays two seconds more and goes, and the address no
    # longer offers the undo.
    bar.get_by_role("button", name="Undo").focus()
    page.clock.run_for(6500)
    expect(bar).to_be_visible()
    page.evaluate("document.activeElement.blur()")
    page.clock.run_for(1500)
    expect(bar).to_be_visible()
    page.clock.run_for(1000)
    expect(bar).to_have_count(0)
    expect(page.locator("main .screen.has-undo")).to_have_count(0)
    # The task can still be put back for a while (the API, another device), but the screen no longer offers it.
    page.reload()
    expect(undo_bar(page)).to_have_count(0)
    assert server.request("POST", f"/api/v1/tasks/{walk['id']}/restore")[0] == 200


def test_back_after_an_undo_offer_does_not_offer_it_again(start_server, new_page):
    server = start_server(seed=True)
    page = new_page()
    page.goto(server.url + "/")
    page.get_by_role("link", name="To-Do").click()
    page.get_by_label("Delete Walk the dogs…").click()
    page.get_by_role("button", name="Delete Walk the dogs", exact=True).click()
    expect(undo_bar(page)).to_be_visible()
    # One screen, one entry: Back goes home, not to the list before the delete.
    page.go_back()
    expect(page).to_have_url(server.url + "/")
    page.go_forward()
    expect(page).to_have_url(server.url + "/todo")
    expect(undo_bar(page)).to_have_count(0)


@pytest.mark.parametrize("screen, field, button, collection, key", [
    ("/shopping/new", "Name", "Save", "items", "name"),
    ("/todo", "New task", "Insert", "tasks", "title"),
    ("/birds/new", "Bird Name", "Done", "sightings", "name"),
], ids=["item", "task", "sighting"])
def test_an_add_form_sent_twice_without_javascript_adds_once(server, new_page, screen, field, button, collection,
                                                             key):
    """A fast double click on Save without JavaScript: the second click sends the form again while the first is on
    its way, and the browser drops the first one's answer, not its request. Here the first answer is held back until
    the second send, so that both reach the server every time: both carry the id the form was drawn with, and one
    record is added."""
    page = new_page(javascript=False)
    posts = []

    def hold_the_first_answer(route):
        if route.request.method != "POST":
            route.continue_()
            return
        answer = route.fetch(max_redirects=0)
        posts.append(route.request.post_data)
        if len(posts) > 1:
            route.fulfill(response=answer)

    page.route("**/*", hold_the_first_answer)
    page.goto(server.url + screen)
    page.get_by_label(field, exact=True).fill("Milk")
    box = page.get_by_role("button", name=button).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    wait_until(page, lambda: posts, "the first click sent no form")
    # The mouse does not wait for the navigation under way, as a finger does not.
    page.mouse.click(x, y)
    expect(page.locator("main .row-title", has_text="Milk")).to_be_visible()
    assert len(posts) == 2 and posts[0] == posts[1] and "id=" in posts[0]
    assert [record[key] for record in records(server, collection)] == ["Milk"]
