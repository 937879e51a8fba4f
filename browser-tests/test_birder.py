"""A birder's log in real Chromium, with JavaScript and without: three sightings of one species under three names
make one life-list entry once the odd name is matched, a lifer shown on the list and its screen, the year list and
the tables beside its pictures; species suggested as one types, with the network and without."""
import re

import pytest
from conftest import STATE_TIMEOUT_MS
from playwright.sync_api import expect

JS = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])


def add_sighting(page, name, *, count="", location="", day=""):
    page.get_by_role("link", name="Add Sighting").click()
    sheet = page.get_by_role("dialog", name="Add Sighting")
    sheet.get_by_label("Bird Name").fill(name)
    sheet.get_by_label("Count").fill(count)
    sheet.get_by_label("Location").fill(location)
    sheet.get_by_label("Date").fill(day)
    sheet.get_by_role("button", name="Done").click()
    expect(page.get_by_role("dialog")).to_have_count(0)


@JS
def test_three_names_of_one_species_make_one_life_list_entry(server, new_page, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/birds")
    add_sighting(page, "Turdus migratorius", location="Park", day="2025-06-01")
    add_sighting(page, "American Robin", count="3", location="Back garden", day="2026-03-01")
    add_sighting(page, "robin", day="2026-04-01")

    # The first of the three is the lifer; "robin" matches no species yet.
    row = page.locator("main li.row", has_text="Turdus migratorius")
    expect(row.locator(".badge")).to_have_text("Lifer")
    expect(page.locator("main li.row", has_text="American Robin")).to_contain_text("×3")
    expect(page.locator("main li.row .badge")).to_have_count(2)  # Lifer, and 2026's first of the year
    page.locator("main li.row", has_text="robin").filter(has_not_text="American").click()
    species = page.locator("main dl.details div.row", has_text="Species")
    expect(species.locator("dd")).to_contain_text("Not matched")

    # Matched from its screen: a search of the taxonomy, and a button per species found.
    species.get_by_role("link", name="Match to a species…").click()
    expect(page.get_by_role("heading", name="Match “robin”")).to_be_visible()
    page.get_by_label("Find a species").fill("american robin")
    page.get_by_role("button", name="Find", exact=True).click()
    page.get_by_role("button", name="Match robin to American Robin").click()
    expect(page).to_have_url(server.url + "/birds/life")
    expect(page.get_by_role("heading", name="1 species")).to_be_visible()
    life = page.get_by_role("list", name="Species seen")
    expect(life.locator("li")).to_have_count(1)
    expect(life.locator("li")).to_contain_text("American Robin")
    expect(life.locator("li")).to_contain_text("Park")
    expect(page.get_by_text("Not matched to a species")).to_have_count(0)
    assert all(s["scientificName"] == "Turdus migratorius" for s in server.get_json("/api/v1/sightings")["sightings"])

    # The year list: 2026 saw the robin again, not for the first time ever.
    page.goto(server.url + "/birds/year/2026")
    year = page.get_by_role("list", name="Species seen in 2026")
    expect(year.locator("li")).to_have_count(1)
    expect(year.locator(".badge")).to_have_count(0)
    expect(year.locator("li")).to_contain_text("Back garden")
    page.get_by_role("link", name="‹ 2025").click()
    expect(page.get_by_role("list", name="Species seen in 2025").locator(".badge")).to_have_text("Lifer")


@JS
def test_the_pictures_have_tables_a_screen_reader_reads(server, new_page, javascript):
    for body in ({"name": "Mallard", "date": "2026-01-05T12:00:00Z"}, {"name": "AMRO", "date": "2026-01-09T12:00:00Z"},
                 {"name": "Mallard", "date": "2026-03-02T12:00:00Z"}, {"name": "Mallard", "date": "2024-07-02T12:00:00Z"}):
        assert server.request("POST", "/api/v1/sightings", body)[0] == 201
    page = new_page(javascript, color_scheme="dark")
    page.goto(server.url + "/birds/year/2026")
    table = page.get_by_role("table", name="Species seen each month of 2026")
    expect(table.get_by_role("row")).to_have_count(13)
    expect(table.get_by_role("row", name="Jan 2")).to_have_count(1)
    expect(table.get_by_role("row", name="Mar 1")).to_have_count(1)
    picture = page.locator("svg.chart-picture")
    expect(picture).to_be_visible()
    assert picture.get_attribute("aria-hidden") == "true"
    # Drawn in the page's colours: a bar's fill is the dark tint, not a colour of its own.
    fill = page.locator("svg.chart-picture rect").first.evaluate("bar => getComputedStyle(bar).fill")
    assert fill == "rgb(10, 132, 255)", fill
    page.goto(server.url + "/birds/life")
    growth = page.get_by_role("table", name="Life list at the end of each year")
    expect(growth.get_by_role("row", name="2024 1")).to_have_count(1)
    expect(growth.get_by_role("row", name="2026 2")).to_have_count(1)


def test_species_are_suggested_as_one_types_and_a_tap_fills_the_name(server, new_page):
    page = new_page()
    page.goto(server.url + "/birds/new")
    name = page.get_by_role("combobox", name="Bird Name")
    name.press_sequentially("rob am")
    suggestions = page.get_by_role("list", name="Species")
    expect(suggestions.get_by_role("button").first).to_have_accessible_name("American Robin, Turdus migratorius")
    suggestions.get_by_role("button", name="American Robin, Turdus migratorius").click()
    expect(name).to_have_value("American Robin")
    expect(page.get_by_role("list", name="Species")).to_have_count(0)
    name.fill("")
    name.press_sequentially("AMRO")
    expect(suggestions.get_by_role("button").first).to_have_accessible_name("American Robin, Turdus migratorius")
    page.get_by_label("Count").fill("2")
    page.get_by_role("button", name="Done").click()
    expect(page.locator("main li.row", has_text="AMRO")).to_contain_text("×2")
    [added] = [s for s in server.get_json("/api/v1/sightings")["sightings"] if s["name"] == "AMRO"]
    assert (added["scientificName"], added["count"]) == ("Turdus migratorius", 2)
