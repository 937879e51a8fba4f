"""The three tutorials' journeys in a real browser (Debian's Chromium at iPhone size), with JavaScript and without,
plus live updates between two browsers, escaping, the cross-site form check, form errors and the screenshots.
"""

import http.server
import json
import os
import re
import subprocess
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ROOT, lists_binary, open_live, open_tab, seed_screens

JS = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
HOSTILE = "<img src=x onerror=alert(1)>"


def medium_dates() -> set[str]:
    """Today in the tutorial's medium style (`Nov 30, 2026`), UTC; the test may straddle midnight."""
    now = datetime.now(timezone.utc)
    return {f"{now:%b} {now.day}, {now.year}"}


def item_row(page, name):
    return page.locator("main li.row", has_text=name)


@JS
def test_shopping_journey(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/shopping")
    expect(page.get_by_role("heading", name="Items")).to_be_visible()
    expect(page.get_by_text("No items yet.")).to_be_visible()

    # "+" opens the add sheet; Save adds Milk.
    page.get_by_role("link", name="Add Item").click()
    sheet = page.get_by_role("dialog", name="Add Item")
    expect(sheet).to_be_visible()
    sheet.get_by_label("Name").fill("Milk")
    sheet.get_by_label("Price").fill("1.99")
    sheet.get_by_role("button", name="Save").click()
    expect(page).to_have_url(server.url + "/shopping")
    expect(page.get_by_role("dialog")).to_have_count(0)
    milk = item_row(page, "Milk")
    expect(milk).to_contain_text("$1.99")
    toggle = milk.locator("button.row-button")
    expect(toggle).to_have_attribute("aria-pressed", "false")

    # A tap on the row puts it on the shopping list: the checkmark, and the list "Shopping", made for it.
    toggle.click()
    expect(item_row(page, "Milk").locator("button.row-button")).to_have_attribute("aria-pressed", "true")
    expect(item_row(page, "Milk").locator(".check")).to_have_text("✓")
    expect(page.locator("main .group-footer")).to_contain_text("put it on “Shopping”")

    # The Shopping List tab shows that list with the total.
    page.get_by_role("link", name="Shopping List").click()
    expect(page).to_have_url(server.url + "/shopping/list")
    expect(page.get_by_role("heading", name="Shopping")).to_be_visible()
    expect(page.get_by_role("link", name="Shopping List")).to_have_attribute("aria-current", "page")
    expect(item_row(page, "Milk")).to_contain_text("$1.99")
    expect(page.locator("main [data-total]")).to_have_text("Total: $1.99")

    # The (i) button opens the edit sheet; a new price is saved and totalled.
    open_tab(page, "Items")
    page.get_by_role("link", name="Edit Milk").click()
    sheet = page.get_by_role("dialog", name="Edit Item")
    expect(sheet.get_by_label("Name")).to_have_value("Milk")
    expect(sheet.get_by_label("Price")).to_have_value("1.99")
    sheet.get_by_label("Price").fill("2.49")
    sheet.get_by_role("button", name="Save").click()
    expect(page).to_have_url(server.url + "/shopping")
    expect(item_row(page, "Milk")).to_contain_text("$2.49")
    assert server.get_json("/api/v1/shopping-list")["total"] == 2.49

    # Cancel in the add sheet adds nothing.
    page.get_by_role("link", name="Add Item").click()
    sheet = page.get_by_role("dialog", name="Add Item")
    sheet.get_by_label("Name").fill("Eggs")
    sheet.get_by_role("link", name="Cancel").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator("main li.row")).to_have_count(1)
    assert [item["name"] for item in server.get_json("/api/v1/items")["items"]] == ["Milk"]

    # Edit mode: the red minus asks (in the row with JavaScript, on a page of its own without), Delete removes
    # it, and the screen stays in delete mode.
    page.get_by_role("link", name="Edit", exact=True).click()
    page.get_by_label("Delete Milk…").click()
    expect(page.get_by_role("button", name="Delete Milk", exact=True)).to_be_visible()
    assert [item["name"] for item in server.get_json("/api/v1/items")["items"]] == ["Milk"]
    page.get_by_role("button", name="Delete Milk", exact=True).click()
    expect(page.get_by_text("No items yet.")).to_be_visible()
    expect(page.get_by_role("link", name="Done")).to_be_visible()
    assert server.get_json("/api/v1/items")["items"] == []


@JS
def test_todo_journey(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/todo")
    field = page.get_by_placeholder("Type a task, tap Insert")
    field.fill("Buy stamps")
    page.get_by_role("button", name="Insert").click()
    row = page.locator("main li.task", has_text="Buy stamps")
    expect(row).to_be_visible()
    expect(page.get_by_placeholder("Type a task, tap Insert")).to_have_value("")

    # Empty (or blank) text adds nothing.
    for text in ["", "   "]:
        page.get_by_placeholder("Type a task, tap Insert").fill(text)
        page.get_by_role("button", name="Insert").click()
        expect(page.locator("main .field-error")).to_be_visible()
        expect(page.locator("main li.task")).to_have_count(1)
    assert [task["title"] for task in server.get_json("/api/v1/tasks")["tasks"]] == ["Buy stamps"]

    # A tap marks it done, another not done.
    row.locator("button.row-button").click()
    expect(row.locator("button.row-button")).to_have_attribute("aria-pressed", "true")
    expect(row).to_have_class(re.compile(r"\bdone\b"))
    assert server.get_json("/api/v1/tasks")["tasks"][0]["done"] is True
    row.locator("button.row-button").click()
    expect(row.locator("button.row-button")).to_have_attribute("aria-pressed", "false")

    # Delete asks first; the second tap deletes.
    page.get_by_label("Delete Buy stamps…").click()
    expect(page.get_by_role("button", name="Delete Buy stamps", exact=True)).to_be_visible()
    assert len(server.get_json("/api/v1/tasks")["tasks"]) == 1
    page.get_by_role("button", name="Delete Buy stamps", exact=True).click()
    expect(page.locator("main li.task")).to_have_count(0)
    assert server.get_json("/api/v1/tasks")["tasks"] == []


@JS
def test_a_long_list_is_shown_a_page_at_a_time(server, new_page, javascript, tmp_path):
    """1,001 tasks (imported from todo.txt): the To-Do page shows 500 with a pager; a toggle on page 2 stays on
    page 2, and an insert shows the last page, where the new task is."""
    tasks = tmp_path / "todo.txt"
    tasks.write_text("".join(f"Task {n}\n" for n in range(1, 1002)))
    subprocess.run([str(lists_binary()), "import", str(tasks), "--database", server.database], check=True,
                   capture_output=True)
    page = new_page(javascript)
    page.goto(server.url + "/todo")
    expect(page.locator("main li.task")).to_have_count(500)
    expect(page.locator("main .pager-place").first).to_have_text("1–500 of 1,001 tasks")
    page.get_by_role("link", name="Next page").first.click()
    expect(page.locator("main .pager-place").first).to_have_text("501–1,000 of 1,001 tasks")
    row = page.locator("main li.task", has_text="Task 600")
    row.locator("button.row-button").click()
    expect(row.locator("button.row-button")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("main .pager-place").first).to_have_text("501–1,000 of 1,001 tasks")
    assert re.search(r"page=2$", page.url), page.url

    page.get_by_role("link", name="Last page").first.click()
    expect(page.locator("main li.task")).to_have_count(1)
    page.get_by_placeholder("Type a task, tap Insert").fill("Mend the clogs")
    page.get_by_role("button", name="Insert").click()
    mended = page.locator("main li.task", has_text="Mend the clogs")
    expect(mended).to_be_visible()
    expect(page.locator("main .pager-place").first).to_have_text("1,001–1,002 of 1,002 tasks")
    # Ticking it off there stays on that page.
    mended.locator("button.row-button").click()
    expect(mended.locator("button.row-button")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("main .pager-place").first).to_have_text("1,001–1,002 of 1,002 tasks")


@JS
def test_bird_sightings_journey(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/birds")
    expect(page.get_by_role("heading", name="Bird Sightings")).to_be_visible()

    page.get_by_role("link", name="Add Sighting").click()
    sheet = page.get_by_role("dialog", name="Add Sighting")
    sheet.get_by_label("Bird Name").fill("Robin")
    sheet.get_by_label("Location").fill("Back garden")
    sheet.get_by_role("button", name="Done").click()
    expect(page).to_have_url(server.url + "/birds")
    row = page.locator("main li.row", has_text="Robin")
    expect(row).to_be_visible()
    assert row.locator("time").inner_text() in medium_dates()

    # The detail screen: Bird Name, Location, Date.
    row.click()
    expect(page.get_by_role("heading", name="Bird Sighting")).to_be_visible()
    details = page.locator("main dl.details")
    expect(details.locator("div.row", has_text="Bird Name").locator("dd")).to_have_text("Robin")
    expect(details.locator("div.row", has_text="Location").locator("dd")).to_have_text("Back garden")
    assert details.locator("div.row", has_text="Date").locator("dd").inner_text() in medium_dates()
    detail_url = page.url

    # Edit.
    page.get_by_role("link", name="Edit Robin").click()
    sheet = page.get_by_role("dialog", name="Edit Sighting")
    expect(sheet.get_by_label("Bird Name")).to_have_value("Robin")
    sheet.get_by_label("Bird Name").fill("European Robin")
    sheet.get_by_label("Location").fill("Front garden")
    sheet.get_by_role("button", name="Done").click()
    expect(page).to_have_url(detail_url)
    expect(details.locator("div.row", has_text="Bird Name").locator("dd")).to_have_text("European Robin")
    expect(details.locator("div.row", has_text="Location").locator("dd")).to_have_text("Front garden")
    [stored] = server.get_json("/api/v1/sightings")["sightings"]
    assert (stored["name"], stored["location"]) == ("European Robin", "Front garden")

    # Delete: an action sheet asks, and its Delete Sighting deletes.
    page.get_by_role("link", name="Delete Sighting").click()
    sheet = page.get_by_role("alertdialog", name="Delete this sighting of “European Robin”?")
    expect(sheet).to_be_visible()
    assert len(server.get_json("/api/v1/sightings")["sightings"]) == 1
    sheet.get_by_role("button", name="Delete Sighting").click()
    # The list offers to undo the delete; without JavaScript its address says so.
    expect(page).to_have_url(server.url + "/birds" + ("" if javascript else f"?undo=sighting:{stored['id']}"))
    expect(page.get_by_text("No sightings yet.")).to_be_visible()
    expect(page.locator("main .undo-bar")).to_contain_text("Deleted the sighting of “European Robin”.")

    # Cancel adds nothing.
    page.get_by_role("link", name="Add Sighting").click()
    sheet = page.get_by_role("dialog", name="Add Sighting")
    sheet.get_by_label("Bird Name").fill("Heron")
    sheet.get_by_role("link", name="Cancel").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_text("No sightings yet.")).to_be_visible()
    assert server.get_json("/api/v1/sightings")["sightings"] == []


def test_live_update_between_two_browsers(server, new_page):
    items_page, list_page = new_page(), new_page()
    # Each follows the changes from here on, before the other makes one.
    open_live(items_page, server.url + "/shopping")
    server.request("POST", "/api/v1/lists", {"name": "Shopping"})
    open_live(list_page, server.url + "/shopping/list")
    expect(list_page.get_by_text("Nothing on Shopping yet.")).to_be_visible()

    # Added and ticked in one browser: the other's Shopping List shows it.
    items_page.get_by_role("link", name="Add Item").click()
    items_page.get_by_label("Name").fill("Milk")
    items_page.get_by_label("Price").fill("1.99")
    items_page.get_by_role("button", name="Save").click()
    toggle = item_row(items_page, "Milk").locator("button.row-button")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(item_row(list_page, "Milk")).to_be_visible()
    expect(list_page.locator("main [data-total]")).to_have_text("Total: $1.99")

    # Checked off in the other: it is bought, and the first loses the checkmark (nothing left to buy there).
    item_row(list_page, "Milk").locator("button.row-button").click()
    expect(item_row(list_page, "Milk").locator("button.row-button")).to_have_attribute("aria-pressed", "true")
    expect(item_row(items_page, "Milk").locator("button.row-button")).to_have_attribute(
        "aria-pressed", "false")

    # A change from outside the browsers (the API, as the CLI would) shows too.
    status, _, _ = server.request("POST", "/api/v1/items", {"name": "Bread", "price": 3.12, "inShoppingList": True})
    assert status == 201
    expect(item_row(list_page, "Bread")).to_be_visible()
    expect(item_row(items_page, "Bread").locator("button.row-button")).to_have_attribute("aria-pressed", "true")


def test_hostile_names_show_as_text_and_run_nothing(server, new_page):
    page = new_page()
    # Typed into the pages' own forms (app.js swaps the answer in), and sent through the API.
    page.goto(server.url + "/todo")
    page.get_by_placeholder("Type a task, tap Insert").fill(HOSTILE)
    page.get_by_role("button", name="Insert").click()
    expect(page.locator("main li.task")).to_have_count(1)
    page.goto(server.url + "/shopping/new")
    page.get_by_label("Name").fill(HOSTILE)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    status, _, body = server.request("POST", "/api/v1/sightings", {"name": HOSTILE, "location": HOSTILE})
    assert status == 201, body
    sighting = server.get_json("/api/v1/sightings")["sightings"][0]["id"]
    items = server.get_json("/api/v1/items")["items"]
    assert server.request("PATCH", f"/api/v1/items/{items[0]['id']}", {"inShoppingList": True})[0] == 200

    for path in ["/todo", "/shopping", "/shopping/list", "/birds", f"/birds/{sighting}", f"/birds/{sighting}/edit"]:
        page.goto(server.url + path)
        expect(page.locator("main").get_by_text(HOSTILE, exact=True).first).to_be_visible()
        assert page.locator("main img").count() == 0, path
    # A refused form shows what was typed, escaped, too.
    page.goto(server.url + "/shopping/new")
    page.get_by_label("Name").fill(HOSTILE)
    page.get_by_label("Price").fill(HOSTILE)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_label("Price")).to_have_value(HOSTILE)
    assert page.locator("main img").count() == 0
    page.wait_for_timeout(300)
    assert page.dialogs == []


class _AttackerPage(http.server.BaseHTTPRequestHandler):
    """Serves one page that posts a form to the Lists server as soon as it loads."""

    target = ""

    def do_GET(self):
        body = f"""<!doctype html><html><body>
<form id="f" method="post" action="{self.target}/todo/tasks"><input name="title" value="Sent from elsewhere"></form>
<script>document.getElementById("f").submit();</script></body></html>""".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("attacker_host", ["127.0.0.1", "localhost"], ids=["other-port", "other-host"])
def test_cross_site_form_post_changes_nothing(server, new_page, attacker_host):
    handler = type("Handler", (_AttackerPage,), {"target": server.url})
    attacker = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=attacker.serve_forever, daemon=True)
    thread.start()
    try:
        before = server.snapshot()
        page = new_page()
        with page.expect_response(lambda response: response.url == server.url + "/todo/tasks") as answer:
            page.goto(f"http://{attacker_host}:{attacker.server_address[1]}/")
        assert answer.value.request.method == "POST"
        assert answer.value.status == 403
        assert server.snapshot() == before
        assert server.get_json("/api/v1/tasks")["tasks"] == []
    finally:
        attacker.shutdown()
        attacker.server_close()


@JS
def test_refused_fields_show_their_message_and_keep_what_was_typed(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/shopping/new")
    page.get_by_label("Name").fill("Milk")
    page.get_by_label("Price").fill("abc")
    page.get_by_role("button", name="Save").click()
    price = page.get_by_label("Price")
    expect(price).to_have_value("abc")
    expect(price).to_have_attribute("aria-invalid", "true")
    error = page.locator("#field-price-error")
    expect(error).to_contain_text('"abc" is not a price')
    # The message is next to its field, tied to it for screen readers.
    assert "field-price-error" in price.get_attribute("aria-describedby")
    assert page.locator("main .field", has=page.locator("#field-price")).locator(".field-error").count() == 1
    expect(page.get_by_label("Name")).to_have_value("Milk")
    expect(page.get_by_label("Name")).not_to_have_attribute("aria-invalid", "true")
    assert server.get_json("/api/v1/items")["items"] == []

    # Fixed, it saves.
    price.fill("1.99")
    page.get_by_role("button", name="Save").click()
    expect(item_row(page, "Milk")).to_contain_text("$1.99")

    # The bird sheet: a name is required; the location typed stays.
    page.goto(server.url + "/birds/new")
    page.get_by_label("Location").fill("Pond")
    page.get_by_role("button", name="Done").click()
    expect(page.get_by_label("Location")).to_have_value("Pond")
    expect(page.locator("#field-name-error")).to_be_visible()
    expect(page.get_by_label("Bird Name")).to_have_attribute("aria-invalid", "true")
    assert server.get_json("/api/v1/sightings")["sightings"] == []


SCREENS = [
    ("home", "/"),
    ("items", "/shopping"),
    ("add-item", "/shopping/new"),
    ("shopping-list", "/shopping/list"),
    ("todo", "/todo"),
    ("bird-sightings", "/birds"),
    ("bird-detail", "/birds/{sighting}"),
    ("add-sighting", "/birds/new"),
    ("items-edit-mode", "/shopping?edit=1"),
    ("edit-item", "/shopping/items/{item}/edit"),
    ("edit-sighting", "/birds/{sighting}/edit"),
    ("import-export", "/settings"),
    ("items-edit-mode-asking", "/shopping?edit=1", "Delete Pencil…"),
    ("todo-asking", "/todo", "Delete Chop the logs…"),
    ("todo-today", "/todo/today"),
    ("todo-upcoming", "/todo/upcoming"),
    ("edit-task", "/todo/tasks/{task}/edit"),
    ("delete-sighting", "/birds/{sighting}/delete"),
    ("bird-sightings-by-date", "/birds?order=date"),
    ("household", "/households"),
    ("account", "/account"),
    ("invitation", "{invitation}"),
    ("sign-in", "/signin"),
]
# The screens seen by someone not signed in.
SIGNED_OUT = {"invitation", "sign-in"}


def test_screenshots_of_every_screen(start_server, new_page, tmp_path):
    """Every screen at phone size, from the tutorials' seeded data. With LISTS_WRITE_SCREENSHOTS=1 (make
    screenshots) they are written to docs/screenshots/ for the README."""
    server = start_server(seed=True)
    ids = seed_screens(server)
    # Tasks with dates (today is the server's, UTC): Today, Upcoming and the task sheet show them.
    today = datetime.now(timezone.utc).date()
    def day(days: int) -> str:
        return (today + timedelta(days=days)).isoformat()
    first_of_next_month = (today.replace(day=1) + timedelta(days=32)).replace(day=1).isoformat()
    for task in ({"title": "Pay rent", "due": first_of_next_month, "repeat": "FREQ=MONTHLY", "priority": "high",
                  "note": "Standing order from the joint account"},
                 {"title": "Put the bins out", "due": day(0), "repeat": "FREQ=WEEKLY;INTERVAL=2"},
                 {"title": "Call the plumber", "due": f"{day(0)}T18:00", "priority": "medium"},
                 {"title": "Return the library books", "due": day(-2)},
                 {"title": "Dentist", "due": f"{day(2)}T09:30"},
                 {"title": "Buy a birthday card", "due": day(5), "priority": "low"}):
        status, _, body = server.request("POST", "/api/v1/tasks", task)
        assert status == 201, body
        if task["title"] == "Pay rent":
            ids["task"] = json.loads(body)["id"]
    # Two more sightings, so that the order by date shows.
    for bird, day in [("Robin", "2026-10-02"), ("Heron", "2026-08-14")]:
        status, _, body = server.request("POST", "/api/v1/sightings", {"name": bird, "location": "Pond",
                                                                       "date": f"{day}T12:00:00Z"})
        assert status == 201, body
    # Sam in the household besides its owner, a token, and an invitation link to open.
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    for invited in ("sam", None):
        status, _, body = server.request("POST", "/households/invite", b"", form)
        assert status == 200, body
        ids["invitation"] = re.search(r"/invite/[A-Za-z0-9_-]+", body.decode()).group(0)
        if invited:
            status, _, body = server.request("POST", ids["invitation"], f"name={invited}&password=battery+staple".encode(),
                                             form, signed_in=False)
            assert status == 303, body
    assert server.request("POST", "/account/tokens", b"token-name=backup+script", form)[0] == 200
    out = ROOT / "docs/screenshots" if os.environ.get("LISTS_WRITE_SCREENSHOTS") == "1" else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    page = new_page()
    for name, path, *tap in SCREENS:
        if name in SIGNED_OUT:
            page.context.clear_cookies()
        else:
            server.sign_in_page(page)
        page.goto(server.url + path.format(**ids))
        expect(page.locator("main h1").first).to_be_visible()
        if tap:
            page.get_by_role("button", name=tap[0]).click()
            expect(page.locator("main .row.confirming")).to_have_count(1)
        if "new" in path or path.endswith("/edit"):
            page.get_by_role("dialog").get_by_role("textbox").first.focus()
        page.screenshot(path=out / f"{name}.png")
        assert (out / f"{name}.png").stat().st_size > 5000, name


def next_friday_due() -> tuple[str, str]:
    """The next Friday after today in UTC (never today), as the API stores it and as a row says it in US English."""
    today = datetime.now(timezone.utc).date()
    away = (4 - today.weekday()) % 7 or 7
    friday = today.fromordinal(today.toordinal() + away)
    shown = "Tomorrow" if away == 1 else "Friday" if away <= 6 else f"{friday:%b} {friday.day}"
    return friday.isoformat(), shown


@JS
def test_a_task_gets_a_due_date_typed_as_fri_a_priority_and_a_note(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/todo")
    page.get_by_placeholder("Type a task, tap Insert").fill("Post the cards")
    page.get_by_role("button", name="Insert").click()
    page.get_by_role("link", name="Edit Post the cards").click()

    # A due date Lists cannot read is refused under its field, what was typed kept.
    page.get_by_role("textbox", name="Due").fill("someday")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".field-error")).to_contain_text('"someday" is not a date Lists reads')
    expect(page.get_by_role("textbox", name="Due")).to_have_value("someday")
    assert server.get_json("/api/v1/tasks")["tasks"][0]["due"] is None

    page.get_by_role("textbox", name="Due").fill("fri")
    page.get_by_label("Priority").select_option("high")
    page.get_by_role("textbox", name="Note").fill("Stamps in the drawer\nand the list on the fridge")
    page.get_by_role("button", name="Save").click()
    due, shown = next_friday_due()
    row = page.locator("main li.task", has_text="Post the cards")
    expect(row.locator(".row-subtitle")).to_have_text(f"{shown} · High priority")
    task = server.get_json("/api/v1/tasks")["tasks"][0]
    assert (task["due"], task["priority"], task["note"]) == (due, "high",
                                                             "Stamps in the drawer\nand the list on the fridge")

    # The sheet shows them again as they were saved.
    page.get_by_role("link", name="Edit Post the cards").click()
    expect(page.get_by_role("textbox", name="Due")).to_have_value(due)
    expect(page.get_by_label("Priority")).to_have_value("high")
    expect(page.get_by_role("textbox", name="Note")).to_have_value("Stamps in the drawer\nand the list on the fridge")


@JS
def test_a_repeating_task_is_checked_off_three_times_and_its_last_check_off_taken_back(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/todo")
    page.get_by_placeholder("Type a task, tap Insert").fill("Pay rent")
    page.get_by_role("button", name="Insert").click()
    page.get_by_role("link", name="Edit Pay rent").click()
    page.get_by_role("textbox", name="Due").fill("2027-01-01")
    page.get_by_role("textbox", name="Repeat").fill("every month on the 1st")
    page.get_by_role("button", name="Save").click()
    row = page.locator("main li.task", has_text="Pay rent")
    expect(row.locator(".row-subtitle")).to_have_text("Jan 1, 2027 · Repeats")

    def task():
        return next(t for t in server.get_json("/api/v1/tasks")["tasks"] if t["title"] == "Pay rent")

    first = task()
    for month, shown in (("02", "Feb 1, 2027"), ("03", "Mar 1, 2027"), ("04", "Apr 1, 2027")):
        row.locator("button.row-button").click()
        expect(row.locator(".row-subtitle")).to_have_text(f"{shown} · Repeats")
        expect(row.locator("button.row-button")).to_have_attribute("aria-pressed", "false")
        assert task()["due"] == f"2027-{month}-01"
    expect(page.locator(".undo-bar")).to_contain_text("Checked off “Pay rent”: next due Apr 1, 2027.")
    page.locator(".undo-bar").get_by_role("button", name="Undo").click()
    expect(row.locator(".row-subtitle")).to_have_text("Mar 1, 2027 · Repeats")
    after = task()
    assert (after["id"], after["due"], after["done"]) == (first["id"], "2027-03-01", False)
    assert [c["due"] for c in after["completions"]] == ["2027-01-01", "2027-02-01"]

    # The sheet says it repeats as it was typed, and lists its check-offs.
    page.get_by_role("link", name="Edit Pay rent").click()
    expect(page.get_by_role("textbox", name="Repeat")).to_have_value("every month on the 1st")
    expect(page.locator(".task-history h2")).to_have_text("Checked off 2 times")


@JS
def test_today_and_upcoming_show_what_is_due(server, new_page, javascript):
    today = datetime.now(timezone.utc).date()
    in_two = today.fromordinal(today.toordinal() + 2)
    for title, due in (("Post the cards", today.isoformat()), ("Overdue bill", "2026-01-05"),
                       ("Dentist", f"{in_two.isoformat()}T09:30"), ("Some day", None)):
        status, body, *_ = server.request("POST", "/api/v1/tasks", {"title": title, "due": due})
        assert status == 201, body
    page = new_page(javascript)
    page.goto(server.url + "/todo")
    page.get_by_role("link", name="Today", exact=True).click()
    expect(page.get_by_role("heading", name="Today", level=1)).to_be_visible()
    rows = page.locator("main li.task")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Overdue bill")
    expect(rows.nth(0).locator(".row-subtitle")).to_contain_text("Overdue")
    expect(rows.nth(1)).to_contain_text("Post the cards")
    # A tap marks it done, and Today no longer lists it.
    rows.nth(1).locator("button.row-button").click()
    expect(page.locator("main li.task", has_text="Post the cards")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/todo/today$"))
    assert next(t for t in server.get_json("/api/v1/tasks")["tasks"] if t["title"] == "Post the cards")["done"]

    page.get_by_role("link", name="Upcoming", exact=True).click()
    expect(page.get_by_role("heading", name="Upcoming", level=1)).to_be_visible()
    expect(page.locator("main h2.group-header")).to_have_count(1)
    expect(page.locator("main li.task")).to_have_count(1)
    expect(page.locator("main li.task")).to_contain_text("Dentist")
    page.goto(server.url + "/")
    expect(page.locator("a[href='/todo']")).to_contain_text("1 due today")
