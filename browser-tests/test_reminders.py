"""In-app reminders in real Chromium: a task's reminder comes to an open page of its household when its moment
passes (pushed over the event stream), shown in an alert bar that a tap dismisses."""
from datetime import datetime, timedelta, timezone

from playwright.sync_api import expect


def test_a_reminder_comes_to_an_open_page_and_is_dismissed(start_server, new_page):
    server = start_server()
    # The household keeps the server's zone, UTC here; the reminder is at the start of a minute two minutes on, so
    # that the page below is open and following the stream before it comes.
    at = (datetime.now(timezone.utc) + timedelta(minutes=2)).strftime("%Y-%m-%dT%H:%M")
    status, _, body = server.request("POST", "/api/v1/tasks", {"title": "Take the cake out", "remindAt": at})
    assert status == 201, body
    page = new_page()
    page.goto(server.url + "/todo")
    expect(page.locator("li.row", has_text="Take the cake out")).to_contain_text("Reminder Today")
    alert = page.get_by_role("alert").filter(has_text="Reminder: Take the cake out")
    # The state waited for comes at a moment of the clock: up to two minutes from the add, bounded well past it.
    expect(alert).to_be_visible(timeout=240_000)
    alert.get_by_role("button", name="Dismiss the reminder of Take the cake out").click()
    expect(alert).to_have_count(0)
