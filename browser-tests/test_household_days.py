"""A household's days in real Chromium, with JavaScript and without: the owner sets the household's time zone on the
Household screen, and the To-Do screens draw due dates in it whatever zone the browser is in; a client's iCalendar
file of to-dos imported on the Import & Export screen lands with its due dates in that zone."""
from pathlib import Path

import pytest
from conftest import wait_until
from playwright.sync_api import expect

FIXTURES = Path(__file__).resolve().parent.parent / "Tests" / "ListsInterchangeTests" / "Fixtures"


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_households_zone_and_an_ics_file(server, new_page, javascript):
    page = new_page(javascript)  # the browser is in UTC
    page.goto(server.url + "/households")
    page.get_by_role("combobox", name="Time zone").select_option("Pacific/Kiritimati")
    page.get_by_role("button", name="Set Time Zone").click()
    # The state waited for: the server has the zone (with JavaScript the form is sent in the background).
    wait_until(page, lambda: server.get_json("/api/v1/household")["timeZone"] == "Pacific/Kiritimati",
               "the household's zone was not set")
    page.goto(server.url + "/households")
    expect(page.get_by_role("combobox", name="Time zone")).to_have_value("Pacific/Kiritimati")

    page.goto(server.url + "/settings")
    page.get_by_label("File").set_input_files(FIXTURES / "tasks-org.ics")
    page.get_by_role("button", name="Import").click()
    expect(page.locator("main .notice.status")).to_contain_text("Imported tasks-org.ics (icalendar): 3 added")
    # 18:00 in Berlin on 24 December is 07:00 on the 25th in Kiritimati (UTC+14).
    tasks = {task["title"]: task for task in server.get_json("/api/v1/tasks")["tasks"]}
    assert tasks["Call the dentist, then the vet"]["due"] == "2026-12-25T07:00"
    page.goto(server.url + "/todo")
    row = page.locator("li.row", has_text="Call the dentist, then the vet")
    expect(row).to_contain_text("7:00 AM")
    expect(page.locator("li.row", has_text="Pay rent")).to_contain_text("Repeats · High priority")
