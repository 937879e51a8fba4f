"""Several to-do lists in a real browser (Debian's Chromium at iPhone size), with JavaScript and without: the first
insert of a household with no list makes "To-Do", a second list is made and opened, each list shows its own tasks,
a task's sheet moves it to another list, Today gathers every list, and a list is deleted with its tasks and put
back."""

import re

import pytest
from playwright.sync_api import expect

from conftest import open_live
from test_offline import CONVERGE_MS, ready_offline, waiting_mark

JS = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])


def insert(page, title):
    page.get_by_placeholder("Type a task, tap Insert").fill(title)
    page.get_by_role("button", name="Insert").click()
    expect(page.locator("main li.task", has_text=title)).to_be_visible()


def switch_to(page, name):
    page.get_by_role("navigation", name="To-do lists").get_by_role("link", name=name, exact=True).click()
    expect(page.get_by_role("heading", name=name, exact=True)).to_be_visible()


@JS
def test_two_to_do_lists_a_task_moved_and_a_list_deleted_and_put_back(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/todo")
    expect(page.get_by_text("No tasks. Type one above.")).to_be_visible()
    # The first insert makes the list "To-Do".
    insert(page, "Walk the dogs")
    page.reload()
    expect(page.get_by_role("heading", name="To-Do", exact=True)).to_be_visible()

    # "Lists…" makes a second list, which opens on the To-Do screen.
    page.get_by_role("navigation", name="To-do lists").get_by_role("link", name="Lists…").click()
    expect(page.get_by_role("heading", name="To-Do Lists")).to_be_visible()
    page.get_by_label("New list").fill("Work")
    page.get_by_role("button", name="Make").click()
    expect(page.get_by_role("heading", name="Work", exact=True)).to_be_visible()
    expect(page.get_by_text("No tasks. Type one above.")).to_be_visible()
    insert(page, "File the report")
    expect(page.locator("main li.task", has_text="Walk the dogs")).to_have_count(0)

    # Each list shows its own tasks; the device keeps the list opened last.
    switch_to(page, "To-Do")
    expect(page.locator("main li.task", has_text="Walk the dogs")).to_be_visible()
    expect(page.locator("main li.task", has_text="File the report")).to_have_count(0)
    page.goto(server.url + "/todo")
    expect(page.get_by_role("heading", name="To-Do", exact=True)).to_be_visible()

    # The sheet moves a task to another list.
    page.get_by_role("link", name="Edit Walk the dogs").click()
    sheet = page.get_by_role("dialog", name="Edit Task")
    sheet.get_by_label("List").select_option(label="Work")
    sheet.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="To-Do", exact=True)).to_be_visible()
    expect(page.locator("main li.task", has_text="Walk the dogs")).to_have_count(0)
    switch_to(page, "Work")
    expect(page.locator("main li.task")).to_have_count(2)

    # The lists with their counts; Work moved first, deleted after a question, and put back with its tasks.
    page.get_by_role("navigation", name="To-do lists").get_by_role("link", name="Lists…").click()
    work = page.locator("main li.row", has_text="Work")
    expect(work).to_contain_text("2 to do, 2 in all")
    page.get_by_role("button", name="Move Work up").click()
    expect(page.locator("main li.row").first).to_contain_text("Work")
    page.get_by_role("link", name="Delete Work…").click()
    expect(page.get_by_text("Its 2 tasks go with it.")).to_be_visible()
    page.get_by_role("button", name="Delete List Work").click()
    expect(page.get_by_text("Deleted a to-do list.")).to_be_visible()
    expect(page.locator("main li.row", has_text="Work")).to_have_count(0)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("main li.row", has_text="Work")).to_contain_text("2 to do, 2 in all")
    assert server.get_json("/api/v1/tasks")["tasks"][0]["title"] in ("Walk the dogs", "File the report")


@JS
def test_today_gathers_every_list_and_names_each_tasks_list(server, new_page, javascript):
    page = new_page(javascript)
    for name in ["Home", "Work"]:
        status, _, _ = server.request("POST", "/api/v1/todo-lists", {"name": name})
        assert status == 201
    lists = {item["list"]["name"]: item["list"]["id"] for item in server.get_json("/api/v1/todo-lists")["todoLists"]}
    for title, name in [("Pay rent", "Home"), ("File the report", "Work")]:
        status, _, _ = server.request("POST", "/api/v1/tasks", {"title": title, "list": lists[name], "due": "2020-01-01"})
        assert status == 201
    page.goto(server.url + "/todo/today")
    expect(page.locator("main li.task", has_text="Pay rent")).to_contain_text(re.compile("Home · Overdue"))
    expect(page.locator("main li.task", has_text="File the report")).to_contain_text(re.compile("Work · Overdue"))


def test_another_phones_changes_reach_the_list_shown_and_only_its_tasks(server, new_page):
    page = new_page()
    for name in ["Home", "Work"]:
        status, _, _ = server.request("POST", "/api/v1/todo-lists", {"name": name})
        assert status == 201
    lists = {item["list"]["name"]: item["list"]["id"] for item in server.get_json("/api/v1/todo-lists")["todoLists"]}
    page.goto(server.url + f"/todo/lists/{lists['Work']}")
    expect(page.get_by_role("heading", name="Work", exact=True)).to_be_visible()
    open_live(page, server.url + "/todo")
    # A task added to Work elsewhere shows; one added to Home does not.
    for title, name in [("Call home", "Home"), ("File the report", "Work")]:
        status, _, _ = server.request("POST", "/api/v1/tasks", {"title": title, "list": lists[name]})
        assert status == 201
    expect(page.locator("main li.task", has_text="File the report")).to_be_visible()
    expect(page.locator("main li.task", has_text="Call home")).to_have_count(0)
    # Moved to Home elsewhere, it leaves this screen.
    report = next(task for task in server.get_json("/api/v1/tasks")["tasks"] if task["title"] == "File the report")
    status, _, _ = server.request("PATCH", f"/api/v1/tasks/{report['id']}", {"list": lists["Home"]})
    assert status == 200
    expect(page.locator("main li.task", has_text="File the report")).to_have_count(0)
    # Renamed elsewhere, the screen says its new name.
    status, _, _ = server.request("PATCH", f"/api/v1/todo-lists/{lists['Work']}", {"name": "Office"})
    assert status == 200
    expect(page.get_by_role("heading", name="Office", exact=True)).to_be_visible()


def test_a_phone_switches_between_to_do_lists_with_no_network(start_server, new_page):
    """Each list's screen opened once online is kept on the phone: with no signal the switcher still opens each
    list with its own tasks, and a task inserted there waits for the network on that list."""
    server = start_server(seed=True)
    for name in ["Home", "Work"]:
        status, _, _ = server.request("POST", "/api/v1/todo-lists", {"name": name})
        assert status == 201
    lists = {item["list"]["name"]: item["list"]["id"] for item in server.get_json("/api/v1/todo-lists")["todoLists"]}
    status, _, _ = server.request("POST", "/api/v1/tasks", {"title": "File the report", "list": lists["Work"]})
    assert status == 201
    phone = new_page()
    ready_offline(server, phone, ["/todo"] + [f"/todo/lists/{lists[name]}" for name in ["Work", "Home", "To-Do"]])
    phone.context.set_offline(True)
    switch_to(phone, "Work")
    expect(phone.locator("main li.task", has_text="File the report")).to_be_visible()
    expect(phone.locator("main li.task", has_text="Walk the dogs")).to_have_count(0)
    insert(phone, "Book the trip")
    expect(waiting_mark(phone)).to_have_text("Offline · 1 change waiting")
    switch_to(phone, "To-Do")
    expect(phone.locator("main li.task", has_text="Walk the dogs")).to_be_visible()
    expect(phone.locator("main li.task", has_text="File the report")).to_have_count(0)
    phone.context.set_offline(False)
    expect(waiting_mark(phone)).to_be_hidden(timeout=CONVERGE_MS)
    tasks = {task["title"]: task for task in server.get_json("/api/v1/tasks")["tasks"]}
    assert tasks["Book the trip"]["list"] == lists["Work"]
