"""The three tutorials' screens as a careful person uses them: deletes that ask first, double taps that do one
thing, Back that goes where it should, live updates that keep what is being typed, uploads that show progress,
prices with a decimal comma, sightings by date. With JavaScript and without where it applies.
"""

import json
import re
import time

import pytest
from playwright.sync_api import expect

from conftest import open_live, seed_screens, wait_until

JS = pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])


def names(server, collection="items", field="name"):
    return [record[field] for record in server.get_json(f"/api/v1/{collection}")[collection]]


# 1. Deletes ask first.

@JS
def test_a_delete_is_two_taps_and_cancel_keeps_everything(start_server, new_page, javascript):
    server = start_server(seed=True)
    ids = seed_screens(server)
    page = new_page(javascript)

    # Items, Edit mode: the red minus asks; Cancel (or, with JavaScript, the minus again) keeps the item.
    page.goto(server.url + "/shopping?edit=1")
    page.get_by_label("Delete Pencil…").click()
    confirm = page.get_by_role("button", name="Delete Pencil", exact=True)
    expect(confirm).to_be_visible()
    if javascript:
        # In the row, on the far side from the minus; the minus says it is open.
        minus = page.get_by_role("button", name="Delete Pencil…")
        expect(minus).to_have_attribute("aria-expanded", "true")
        assert confirm.bounding_box()["x"] > minus.bounding_box()["x"] + 200
        minus.click()
        expect(confirm).to_be_hidden()
    else:
        expect(page.get_by_role("alertdialog", name="Delete “Pencil”?")).to_be_visible()
        page.get_by_role("link", name="Cancel").click()
        expect(page.get_by_role("link", name="Done")).to_be_visible()
    assert "Pencil" in names(server)

    # To-Do: Delete asks; Cancel keeps the task.
    page.goto(server.url + "/todo")
    page.get_by_label("Delete Walk the dogs…").click()
    expect(page.get_by_role("button", name="Delete Walk the dogs", exact=True)).to_be_visible()
    page.get_by_role("button" if javascript else "link", name="Cancel").click()
    expect(page.get_by_role("button", name="Delete Walk the dogs", exact=True)).to_have_count(0)
    assert "Walk the dogs" in names(server, "tasks", "title")

    # The edit sheet's Delete Item asks in an action sheet; Cancel goes back to the edit sheet.
    page.goto(server.url + f"/shopping/items/{ids['item']}/edit")
    page.get_by_role("link", name="Delete Item").click()
    sheet = page.get_by_role("alertdialog", name="Delete “Pear”?")
    expect(sheet).to_be_visible()
    sheet.get_by_role("link", name="Cancel").click()
    expect(page.get_by_role("dialog", name="Edit Item")).to_be_visible()
    # …and its Delete deletes.
    page.get_by_role("link", name="Delete Item").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Delete Pear").click()
    # The screen the delete lands on (the action sheet is not a "dialog": that it is gone says nothing).
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator("main li.row", has_text="Pear")).to_have_count(0)
    assert "Pear" not in names(server)


def test_a_row_asking_to_delete_is_put_back_by_escape_or_a_tap_elsewhere(start_server, new_page):
    server = start_server(seed=True)
    page = new_page()
    page.goto(server.url + "/todo")
    page.get_by_role("button", name="Delete Walk the dogs…").click()
    confirm = page.get_by_role("button", name="Delete Walk the dogs", exact=True)
    expect(confirm).to_be_focused()
    page.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    expect(page.get_by_role("button", name="Delete Walk the dogs…")).to_be_focused()
    # From the keyboard, as a button: Space asks again, Escape puts it back.
    page.keyboard.press(" ")
    expect(confirm).to_be_focused()
    page.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    # A tap elsewhere only puts the row back: it does not also toggle the task it lands on.
    page.get_by_role("button", name="Delete Walk the dogs…").click()
    page.locator("main li.task", has_text="Chop the logs").locator("button.row-button").click()
    expect(confirm).to_be_hidden()
    assert [task["done"] for task in server.get_json("/api/v1/tasks")["tasks"]] == [False, False, False]
    assert len(names(server, "tasks", "title")) == 3


# 2. Double taps.

# Later than this after a tap, a tap is a tap of its own (app.js's doubleTapTime is 500 ms, Chromium's less).
AFTER_A_DOUBLE_TAP_MS = 1000
# How long the server takes to answer the first tap, on the page's clock.
ANSWER_MS = 10


class Finger:
    """Taps at (x, y) at given moments, in ms from the first tap, on both clocks that time a double tap: the page's
    (installed by `_stop_the_clock`, moved on here) and Chromium's own, which counts a touch's taps (the click's
    `detail`) from the touch events' timestamps, given here. By touch, or by mouse (`click_count` says which click
    of a double click a press is, as the browser counts it). Nothing depends on how fast the machine is."""

    def __init__(self, page, x, y, touch):
        self.page, self.x, self.y, self.touch = page, x, y, touch
        self.cdp = page.context.new_cdp_session(page) if touch else None
        self.start = time.time()
        self.now_ms = 0

    def tap(self, at_ms, click_count=1):
        self.page.clock.run_for(at_ms - self.now_ms)
        self.now_ms = at_ms
        if self.touch:
            stamp = self.start + at_ms / 1000
            self.cdp.send("Input.dispatchTouchEvent", {
                "type": "touchStart", "touchPoints": [{"x": self.x, "y": self.y}], "timestamp": stamp})
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": stamp + 0.005})
        else:
            self.page.mouse.move(self.x, self.y)
            self.page.mouse.down(click_count=click_count)
            self.page.mouse.up(click_count=click_count)

    def wait(self, ms):
        """Moves the page's clock on without tapping."""
        self.page.clock.run_for(ms)
        self.now_ms += ms


def _stop_the_clock(page):
    """Puts the page on a clock that moves only when the test moves it (installed before the page loads), and
    records the page's pointer-downs and clicks: each click as the window first sees it (`clicks`), and the clicks
    that went on from there to the page (`reached`); the app drops a tap by stopping its click at the window."""
    page.clock.install()
    page.add_init_script("""
        window.downs = [];
        window.clicks = [];
        window.reached = [];
        addEventListener('pointerdown', () => downs.push(performance.now()), true);
        addEventListener('click', (event) => clicks.push(event.detail), true);
        document.addEventListener('click', (event) => reached.push(event.detail), true);
    """)


def _double_tap(page, x, y, gap_ms, touch, drawn):
    """Two taps at (x, y) exactly `gap_ms` apart (from the start of one to the start of the next; see `Finger`).
    The first tap's answer is held back until the page's clock has moved on by ANSWER_MS; then what it draws
    (`drawn`, an expectation) is on screen before the second tap, as on a machine of any speed. Answers the finger
    (for a later tap) and whether the page dropped the second tap's click (it never reached the page)."""
    page.evaluate("downs.length = 0; clicks.length = 0; reached.length = 0")
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    held = []

    def hold_the_first_post(route):
        if route.request.method == "POST" and not held:
            held.append(route)
        else:
            route.fallback()

    page.route("**/*", hold_the_first_post)
    finger = Finger(page, x, y, touch)
    finger.tap(0)
    wait_until(page, lambda: held, "the first tap sent no form")
    finger.wait(ANSWER_MS)
    held[0].continue_()
    # The first tap's answer is on screen before the second tap lands (what makes the second one dangerous).
    drawn()
    finger.tap(gap_ms, click_count=2)
    wait_until(page, lambda: page.evaluate("clicks.length") == 2, "the second tap made no click")
    downs = page.evaluate("downs")
    assert len(downs) == 2 and abs(downs[1] - downs[0] - gap_ms) < 0.01, downs
    page.unroute("**/*", hold_the_first_post)
    assert page.evaluate("reached.length") >= 1, "the first tap's click did not reach the page"
    return finger, page.evaluate("reached.length") == 1


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
@pytest.mark.parametrize("gap_ms", [80, 150, 250])
def test_a_double_tap_on_save_adds_once_and_does_not_press_edit(server, new_page, touch, gap_ms):
    page = new_page()
    _stop_the_clock(page)
    page.goto(server.url + "/shopping")
    page.get_by_role("link", name="Add Item").click()
    page.get_by_label("Name").fill("Milk")
    save = page.get_by_role("button", name="Save").bounding_box()
    x, y = save["x"] + save["width"] / 2, save["y"] + save["height"] / 2
    finger, dropped = _double_tap(page, x, y, gap_ms, touch,
                                  drawn=lambda: expect(page.get_by_role("dialog")).to_have_count(0))
    # Edit is where Save was: the second tap landed on it, and did nothing.
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).textContent", [x, y]) == "Edit"
    assert dropped, "the second tap's click went through"
    expect(page).to_have_url(server.url + "/shopping")
    expect(page.get_by_role("link", name="Edit", exact=True)).to_be_visible()
    expect(page.locator("main .minus-button")).to_have_count(0)
    assert names(server) == ["Milk"]
    # A tap after the double tap's time works as ever.
    finger.tap(finger.now_ms + AFTER_A_DOUBLE_TAP_MS)
    expect(page.locator("main .minus-button")).to_have_count(1)


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_a_double_tap_on_the_shopping_list_checks_off_one_item(start_server, new_page, touch):
    server = start_server(seed=True)
    seed_screens(server)
    page = new_page()
    _stop_the_clock(page)
    page.goto(server.url + "/shopping/list")
    pear = page.locator("main li.row", has_text="Pear").bounding_box()
    x, y = pear["x"] + 100, pear["y"] + pear["height"] / 2
    bought = page.locator("main li.row", has_text="Pear").get_by_role("button", name="Pear, bought")
    _, dropped = _double_tap(page, x, y, 150, touch, drawn=lambda: expect(bought).to_be_visible())
    # Checked off once: the second tap did not put it back to buy.
    assert dropped, "the second tap's click went through"
    expect(bought).to_be_visible()
    assert [item["name"] for item in server.get_json("/api/v1/shopping-list")["items"]] == ["Bread"]


def test_a_form_is_sent_once(server, new_page):
    page = new_page()
    page.goto(server.url + "/todo")
    page.get_by_placeholder("Type a task, tap Insert").fill("Buy stamps")
    with page.expect_response(lambda response: response.request.method == "POST") as first:
        page.evaluate("""() => {
            const form = document.querySelector('main form.insert-form');
            form.requestSubmit();
            form.requestSubmit();
            form.requestSubmit();
        }""")
    assert first.value.status == 303
    expect(page.locator("main li.task")).to_have_count(1)
    page.wait_for_timeout(300)
    assert names(server, "tasks", "title") == ["Buy stamps"]


# 3. Taps while the screen changes.

# Counts, in the page, the changes its event stream told (`told`) and the answers its script read whole (`read`),
# each a step after the page's own script took it: a test that waits for them knows the page has done with them
# (drawn them, or set them aside).
AFTER_THE_PAGE = """
    window.told = 0;
    window.read = 0;
    const StreamAtFirst = window.EventSource;
    window.EventSource = class extends StreamAtFirst {
        constructor(url, options) {
            super(url, options);
            this.addEventListener("change", () => setTimeout(() => { window.told += 1; }, 0));
        }
    };
    const fetchAtFirst = window.fetch;
    window.fetch = async (resource, options) => {
        const response = await fetchAtFirst(resource, options);
        const text = response.text.bind(response);
        response.text = () => text().then((body) => {
            setTimeout(() => { window.read += 1; }, 0);
            return body;
        });
        return response;
    };
"""


def _tasks(server, *titles):
    """Adds the tasks `titles` through the API (another phone); answers their ids."""
    ids = []
    for title in titles:
        status, _, answer = server.request("POST", "/api/v1/tasks", {"title": title})
        assert status == 201, answer
        ids.append(json.loads(answer)["id"])
    return ids


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
@pytest.mark.parametrize("how", ["drawn in place", "loaded again"])
def test_a_tap_is_not_lost_to_a_change_drawn_under_the_finger(server, new_page, how, touch):
    """Another phone deletes the task above the one being tapped while the finger is down. Drawn at once, the row
    would slide up under the finger: a mouse's press (down on one row, up on the next) would press neither, and a
    touch's tap would land on the next row and tick off the wrong task. The change waits until the finger lifts.
    Drawn in place from the event stream, or by loading the screen again (the stream closed by a proxy: the poll
    finds the change)."""
    first, _, _ = _tasks(server, "Post the letters", "Buy stamps", "Call the vet")
    page = new_page()
    page.add_init_script(AFTER_THE_PAGE)
    if how == "drawn in place":
        open_live(page, server.url + "/todo")
    else:
        page.route("**/api/v1/events**", lambda route: route.abort())
        with page.expect_response(lambda response: "/api/v1/revision" in response.url):
            page.goto(server.url + "/todo")
    stamps = page.locator("main li.task", has_text="Buy stamps").locator("button.row-button")
    box = stamps.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if touch:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    else:
        page.mouse.move(x, y)
        page.mouse.down()
    assert server.request("DELETE", f"/api/v1/tasks/{first}")[0] == 204
    if how == "drawn in place":
        wait_until(page, lambda: page.evaluate("window.told") >= 1, "the event stream told nothing")
    else:
        wait_until(page, lambda: page.evaluate("window.read") >= 1, "the screen was not loaded again")
    if touch:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    else:
        page.mouse.up()
    expect(stamps).to_have_attribute("aria-pressed", "true")
    expect(page.locator("main li.task")).to_have_count(2)
    tasks = server.get_json("/api/v1/tasks")["tasks"]
    assert [(task["title"], task["done"]) for task in tasks] == [("Buy stamps", True), ("Call the vet", False)]


def test_a_tap_while_another_is_answered_is_sent_after_it(server, new_page):
    """Two rows ticked off quickly, the second before the first one's answer came: the second is not dropped (as
    a second press of the same form is) but sent once the first is answered and drawn, in the order tapped."""
    _tasks(server, "Buy stamps", "Call the vet")
    page = new_page()
    page.goto(server.url + "/todo")
    held = []
    posts = []

    def hold_the_first_post(route):
        if route.request.method != "POST":
            route.fallback()
            return
        posts.append(route.request.url)
        if not held:
            held.append(route)
        else:
            route.fallback()

    page.route("**/*", hold_the_first_post)
    stamps = page.locator("main li.task", has_text="Buy stamps").locator("button.row-button")
    vet = page.locator("main li.task", has_text="Call the vet").locator("button.row-button")
    stamps.click()
    wait_until(page, lambda: held, "the first tap sent no form")
    vet.click()
    # The second waits for the first one's answer: nothing of it is sent yet.
    expect(vet).to_be_disabled()
    assert len(posts) == 1
    held[0].continue_()
    expect(stamps).to_have_attribute("aria-pressed", "true")
    expect(vet).to_have_attribute("aria-pressed", "true")
    page.unroute("**/*", hold_the_first_post)
    assert [url.split("/todo/tasks/")[1].split("/")[0] for url in posts] == [
        task["id"] for task in server.get_json("/api/v1/tasks")["tasks"]]
    assert [task["done"] for task in server.get_json("/api/v1/tasks")["tasks"]] == [True, True]


# 8. Back.

def test_back_goes_to_the_screen_before_as_a_navigation_stack_does(start_server, new_page):
    server = start_server(seed=True)
    ids = seed_screens(server)
    page = new_page()
    page.goto(server.url + "/")
    page.locator("main a.app-link", has_text="Shopping").click()
    expect(page).to_have_url(server.url + "/shopping")
    page.get_by_role("link", name="Add Item").click()
    page.get_by_label("Name").fill("Milk")
    page.get_by_role("button", name="Save").click()
    expect(item := page.locator("main li.row", has_text="Milk")).to_be_visible()
    page.go_back()
    expect(page).to_have_url(server.url + "/")
    expect(page.get_by_role("heading", name="Lists", exact=True)).to_be_visible()
    page.go_forward()
    expect(page).to_have_url(server.url + "/shopping")
    expect(item).to_be_visible()

    # Cancel, and a sighting's Edit > Done, leave no entry either; the back button goes back.
    page.get_by_role("link", name="Add Item").click()
    page.get_by_role("link", name="Cancel").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    page.get_by_role("link", name="All lists").click()
    expect(page).to_have_url(server.url + "/")
    page.get_by_role("link", name="Bird Sightings").click()
    page.locator("main li.row", has_text="Pigeon").click()
    page.get_by_role("link", name="Edit Pigeon").click()
    page.get_by_role("button", name="Done").click()
    expect(page).to_have_url(server.url + f"/birds/{ids['sighting']}")
    page.go_back()
    expect(page).to_have_url(server.url + "/birds")
    page.go_back()
    expect(page).to_have_url(server.url + "/")

    # Deleting a sighting from its detail screen goes back to the list, and Back from there goes home.
    page.get_by_role("link", name="Bird Sightings").click()
    # The list, once the screen is drawn and settled: a click while app.js draws it would be lost.
    expect(page).to_have_url(server.url + "/birds")
    page.wait_for_load_state("networkidle")
    page.locator("main li.row", has_text="Pigeon").click()
    page.get_by_role("link", name="Delete Sighting").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Delete Sighting").click()
    expect(page).to_have_url(server.url + "/birds")
    expect(page.get_by_text("No sightings yet.")).to_be_visible()
    page.go_back()
    expect(page).to_have_url(server.url + "/")


# 5. Live updates.

def test_live_updates_keep_what_is_being_typed_and_the_error_being_read(server, new_page):
    page = new_page()
    open_live(page, server.url + "/todo")
    field = page.get_by_placeholder("Type a task, tap Insert")

    # A refused insert: its message stays while others' changes arrive.
    page.get_by_role("button", name="Insert").click()
    error = page.locator("main .field-error")
    expect(error).to_be_visible()
    assert server.request("POST", "/api/v1/tasks", {"title": "From the phone"})[0] == 201
    expect(page.locator("main li.task", has_text="From the phone")).to_be_visible()
    expect(error).to_be_visible()
    expect(field).to_have_attribute("aria-invalid", "true")

    # Unsent text: it stays, with focus and the caret where it was.
    field.click()
    field.fill("Half a thou")
    page.evaluate("() => document.activeElement.setSelectionRange(4, 4)")
    page.evaluate("window.notReloaded = true")
    assert server.request("POST", "/api/v1/tasks", {"title": "From the laptop"})[0] == 201
    expect(page.locator("main li.task", has_text="From the laptop")).to_be_visible()
    expect(field).to_have_value("Half a thou")
    expect(field).to_be_focused()
    assert page.evaluate("() => document.activeElement.selectionStart") == 4
    page.keyboard.type("-")
    expect(field).to_have_value("Half- a thou")
    assert page.evaluate("window.notReloaded") is True

    # Sent, the typed task lands after the others, and the field is empty again.
    page.get_by_role("button", name="Insert").click()
    expect(page.locator("main li.task").last).to_contain_text("Half- a thou")
    expect(field).to_have_value("")


def test_live_updates_keep_an_edit_sheet_being_filled_in(start_server, new_page):
    server = start_server(seed=True)
    ids = seed_screens(server)
    page = new_page()
    open_live(page, server.url + f"/shopping/items/{ids['item']}/edit")
    page.get_by_label("Price").fill("0.99")
    status, _, _ = server.request("POST", "/api/v1/items", {"name": "Honey", "price": 4.5})
    assert status == 201
    expect(page.locator("main .behind li.row", has_text="Honey")).to_be_attached()
    expect(page.get_by_label("Price")).to_have_value("0.99")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("main li.row", has_text="Pear")).to_contain_text("$0.99")


def test_a_live_update_that_finds_the_record_gone_leaves_the_sheet_as_it_is(start_server, new_page):
    server = start_server(seed=True)
    ids = seed_screens(server)
    page = new_page()
    open_live(page, server.url + f"/shopping/items/{ids['item']}/edit")
    page.get_by_label("Price").fill("0.99")
    edit_address = page.url
    # The page reads its screen again for the change, and finds it gone (404).
    with page.expect_response(lambda response: response.url == edit_address and response.status == 404):
        assert server.request("DELETE", f"/api/v1/items/{ids['item']}")[0] == 204
        assert server.request("POST", "/api/v1/items", {"name": "Honey", "price": 4.5})[0] == 201
    # What it does with that answer (nothing, the sheet stays) has had a moment to show.
    page.wait_for_timeout(300)
    expect(page.get_by_role("dialog", name="Edit Item")).to_be_visible()
    expect(page.get_by_label("Price")).to_have_value("0.99")
    expect(page.locator("main .error-page")).to_have_count(0)


# 4. Import with progress.

@JS
def test_an_import_shows_its_progress_and_its_result(server, new_page, tmp_path, javascript):
    page = new_page(javascript)
    page.goto(server.url + "/settings")
    if javascript:
        page.evaluate("""() => {
            window.seen = [];
            const box = document.querySelector('.upload-progress');
            new MutationObserver(() => window.seen.push(box.hidden ? 'hidden' : box.textContent.trim() || 'shown'))
                .observe(box, { attributes: true, subtree: true, childList: true, characterData: true });
        }""")
    tasks = tmp_path / "todo.txt"
    tasks.write_text("".join(f"Task {n} with a long enough title to weigh something\n" for n in range(60000)))
    page.get_by_label("File").set_input_files(tasks)
    page.get_by_role("button", name="Import").click()
    expect(page.locator("main .notice.status")).to_contain_text("Imported todo.txt (todo-txt): 60000 added",
                                                                 timeout=120_000)
    if javascript:
        seen = page.evaluate("window.seen")
        assert any(entry.startswith("Uploading") for entry in seen), seen
    assert server.get_json("/api/v1/tasks?limit=1")["tasks"][0]["title"].startswith("Task 0")


# 9. Prices, dates, order.

@JS
def test_a_price_takes_the_decimal_comma_of_the_readers_language(server, new_page, javascript):
    page = new_page(javascript, locale="de-DE")
    page.goto(server.url + "/shopping/new")
    expect(page.get_by_text("In dollars, like 1,99.")).to_be_visible()
    page.get_by_label("Name").fill("Milch")
    page.get_by_label("Price").fill("1,99")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("main li.row", has_text="Milch")).to_contain_text("$1.99")
    [milk] = server.get_json("/api/v1/items")["items"]
    assert milk["price"] == 1.99
    page.get_by_role("link", name="Edit Milch").click()
    expect(page.get_by_label("Price")).to_have_value("1,99")
    page.get_by_label("Price").fill("2.5")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("main li.row", has_text="Milch")).to_contain_text("$2.50")

    # In English a comma is not a decimal point: refused, as before.
    english = new_page(javascript)
    english.goto(server.url + "/shopping/new")
    english.get_by_label("Name").fill("Milk")
    english.get_by_label("Price").fill("1,99")
    english.get_by_role("button", name="Save").click()
    expect(english.locator("#field-price-error")).to_contain_text('"1,99" is not a price')


@JS
def test_sightings_can_be_ordered_by_date(server, new_page, javascript):
    for name, day in [("Heron", "2026-03-01"), ("Robin", "2025-12-24"), ("Wren", "2026-01-15")]:
        status, _, body = server.request("POST", "/api/v1/sightings", {"name": name, "date": f"{day}T12:00:00Z"})
        assert status == 201, body
    page = new_page(javascript)
    page.goto(server.url + "/birds")
    rows = page.locator("main li.row .row-title")
    expect(rows).to_have_text(["Heron", "Robin", "Wren"])
    expect(page.get_by_role("link", name="Order Added")).to_have_attribute("aria-current", "true")
    page.get_by_role("link", name="Date").click()
    expect(rows).to_have_text(["Robin", "Wren", "Heron"])
    expect(page.get_by_role("link", name="Date")).to_have_attribute("aria-current", "true")
    # The order stays through a sighting's screen and back, and on a new visit.
    page.locator("main li.row", has_text="Wren").click()
    page.get_by_role("link", name="Bird Sightings").click()
    expect(rows).to_have_text(["Robin", "Wren", "Heron"])
    page.goto(server.url + "/birds")
    expect(rows).to_have_text(["Robin", "Wren", "Heron"])
    page.get_by_role("link", name="Order Added").click()
    expect(rows).to_have_text(["Heron", "Robin", "Wren"])


def test_the_date_hint_says_what_empty_means(server, new_page):
    page = new_page()
    page.goto(server.url + "/birds/new")
    expect(page.locator("#field-date-hint")).to_have_text("Empty means now.")


def test_a_screen_loaded_again_is_not_drawn_over_the_one_tapped_meanwhile(server, new_page):
    """A change elsewhere loads the shown screen again; the person taps to another screen before that answer comes.
    The late answer must not be drawn over the screen tapped to (it would show Shopping under the home address, with
    nothing to put it right while the event stream is open); the server is asked whether anything is newer."""
    page = new_page()
    open_live(page, server.url + "/shopping")
    held = []
    holding = [True]
    page.context.route(re.compile(r".*/shopping$"),
                       lambda route: held.append(route) if holding[0] else route.continue_())
    # A list made elsewhere: an event with no records, so the screen is loaded again, and its answer held.
    assert server.request("POST", "/api/v1/lists", {"name": "Hardware"})[0] == 201
    wait_until(page, lambda: held, "the screen was never loaded again")
    page.get_by_role("link", name="All lists").click()
    expect(page).to_have_url(server.url + "/")
    expect(page.get_by_role("link", name="Bird Sightings")).to_be_visible()
    with page.expect_request(lambda request: "/api/v1/revision" in request.url):
        holding[0] = False
        for route in held:
            route.continue_()
    expect(page).to_have_url(server.url + "/")
    expect(page.get_by_role("link", name="Bird Sightings")).to_be_visible()
    expect(page.get_by_role("link", name="Hardware")).to_be_visible()
