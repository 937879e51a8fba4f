"""Every screen as a careful person meets it: axe-core finds no serious or critical violation in light or dark mode
(Edit mode, the sheets, the action sheets that ask before a delete, the Undo bar, refused forms and Import & Export
included, and the account screens: sign-in, setup, an invitation, Account with a token just made or a refused
password, Household as its owner with an invitation link and as a member), every control is at least 44×44 px on a
phone, rows show what a tap does, and screen readers hear what a tap did.
"""

import http.client
import json
import re
import uuid
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from urllib.parse import urlencode

from conftest import PASSWORD, STATE_TIMEOUT_MS, USER, Server, seed_screens

AXE = Axe()
SERIOUS = {"serious", "critical"}
SCHEMES = pytest.mark.parametrize("color_scheme", ["light", "dark"])


def _refused_insert(page, url, ids):
    page.goto(url + "/todo")
    page.get_by_role("button", name="Insert").click()
    expect(page.locator("main .field-error")).to_be_visible()


def _refused_item(page, url, ids):
    page.goto(url + "/shopping/new")
    page.get_by_label("Name").fill("")
    page.get_by_label("Price").fill("abc")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#field-price-error")).to_be_visible()


def _refused_sighting(page, url, ids):
    page.goto(url + f"/birds/{ids['sighting']}/edit")
    page.get_by_label("Bird Name").fill("")
    page.get_by_role("button", name="Done").click()
    expect(page.locator("#field-name-error")).to_be_visible()


def _todo_list_sheet(link, title):
    """The sheet a link of To-Do Lists opens: the rename form, or the question before a delete."""
    def show(page, url, ids):
        page.goto(url + "/todo/lists")
        page.get_by_role("link", name=link).click()
        expect(page.get_by_text(title).first).to_be_visible()
    return show


def _named_lists(page, url, ids):
    """Two named lists (each visit makes its own, so that names stay free), one with Pear on it checked off and a
    refused quantity in its form; the screen of that list, with its switcher."""
    suffix = uuid.uuid4().hex[:4]
    for name in (f"Hardware {suffix}", f"Groceries {suffix}"):
        page.goto(url + "/lists")
        page.get_by_label("New list").fill(name)
        page.get_by_role("button", name="Make").click()
        expect(page.get_by_role("heading", name=name)).to_be_visible()
    page.get_by_label("Item").fill("Pear")
    page.get_by_label("Quantity").fill("2")
    page.get_by_label("Note").fill("ripe")
    page.get_by_role("button", name="Add").click()
    page.get_by_role("button", name="Pear, to buy").click()
    expect(page.get_by_role("button", name="Pear, bought")).to_be_visible()
    # A second aisle: the sections show their names with ↑ and ↓.
    page.get_by_label("Item").fill("Bagels")
    page.get_by_role("button", name="Add").click()
    expect(page.get_by_role("button", name="Move Bakery down")).to_be_visible()
    page.get_by_label("Item").fill("Bread")
    page.get_by_label("Quantity").fill("0")
    page.get_by_role("button", name="Add").click()
    expect(page.locator("#field-quantity-error")).to_be_visible()


def _suggestions_shown(page, url, ids):
    """A store list with the add field's suggestions open (the seeded catalog's Pear and Pencil); without
    JavaScript, the field as typed (the browser's datalist offers the names)."""
    _named_lists(page, url, ids)
    page.get_by_label("Item").fill("")
    page.get_by_label("Item").press_sequentially("pe")
    if page.get_by_label("Item").get_attribute("aria-autocomplete"):
        expect(page.get_by_role("list", name="Suggestions").get_by_role("button").first).to_be_visible()


def _entry_sheet(page, url, ids):
    """An entry's sheet (quantity and note) over its list."""
    _named_lists(page, url, ids)
    page.get_by_role("link", name="Edit Pear").click()
    expect(page.locator("section.sheet").get_by_label("Quantity")).to_be_visible()


def _named_list_index(page, url, ids):
    _named_lists(page, url, ids)
    page.get_by_role("link", name="Store lists").click()
    expect(page.get_by_role("heading", name="Store Lists")).to_be_visible()


def _aisle_deleted(page, url, ids):
    page.goto(url + "/categories")
    name = f"Garden {uuid.uuid4().hex[:4]}"
    page.get_by_label("New aisle").fill(name)
    page.get_by_role("button", name="Add").click()
    # The new aisle's row, once drawn: a click while the list is drawn again would be lost.
    delete = page.get_by_role("button", name=f"Delete {name}")
    expect(delete).to_be_visible()
    delete.click()
    expect(page.get_by_text("Deleted an aisle.")).to_be_visible()


def _delete_list_sheet(page, url, ids):
    _named_list_index(page, url, ids)
    page.locator("main a.remove-button").first.click()
    expect(page.get_by_role("alertdialog")).to_be_visible()


def _asking_in_a_row(path, label):
    def open_screen(page, url, ids):
        page.goto(url + path)
        page.get_by_role("button", name=label).click()
        expect(page.locator("main .row.confirming")).to_have_count(1)
    return open_screen


def _imported(page, url, ids):
    page.goto(url + "/settings")
    page.get_by_label("File").set_input_files(
        files=[{"name": "todo.txt", "mimeType": "text/plain", "buffer": b"Water the plants\n"}])
    page.get_by_role("button", name="Import").click()
    expect(page.locator("main .notice.status")).to_contain_text("Imported")


def _refused_import(page, url, ids):
    page.goto(url + "/settings")
    page.get_by_label("File").set_input_files(
        files=[{"name": "backup.json", "mimeType": "application/json", "buffer": b"{not json"}])
    page.get_by_label("Format").select_option("lists-json")
    page.get_by_role("button", name="Import").click()
    expect(page.locator("main .notice.alert")).to_contain_text("Nothing was imported")


def _api(url, method, path, body=None):
    """A request to the server's API, as a script sends it: the answer's JSON, if any."""
    address = urlsplit(url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=STATE_TIMEOUT_MS / 1000)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        headers["Cookie"] = Server.latest.cookie
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        answer = connection.getresponse().read()
        return json.loads(answer) if answer else None
    finally:
        connection.close()


def _task_deleted(page, url, ids):
    task = _api(url, "POST", "/api/v1/tasks", {"title": "Mend the fence"})
    _api(url, "DELETE", f"/api/v1/tasks/{task['id']}")
    page.goto(url + f"/todo?undo=task:{task['id']}")
    expect(page.locator("main .undo-bar")).to_be_visible()


def _entry_taken_off(page, url, ids):
    _api(url, "POST", "/api/v1/items", {"name": "Honey", "price": 4.5, "inShoppingList": True})
    page.goto(url + "/shopping/list")
    page.get_by_role("button", name="Take Honey off").click()
    expect(page.locator("main .undo-bar")).to_be_visible()


def _signed_out(key):
    """A screen seen by nobody signed in: the address, or the one `ids` holds under `key` ("{...}")."""
    def open_signed_out(page, url, ids):
        page.context.clear_cookies()
        page.goto(ids[key[1:-1]] if key.startswith("{") else url + key)
    return open_signed_out


def _refused_sign_in(page, url, ids):
    page.context.clear_cookies()
    page.goto(url + "/signin")
    page.get_by_label("User name").fill(USER)
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Sign In").click()
    expect(page.locator("main .notice.alert")).to_be_visible()


def _new_token(page, url, ids):
    page.goto(url + "/account")
    page.get_by_label("New token", exact=True).fill("phone")
    page.get_by_role("button", name="Make Token").click()
    expect(page.locator("main textarea")).to_be_visible()


def _refused_password(page, url, ids):
    page.goto(url + "/account")
    page.get_by_label("Current password").fill("not my password")
    page.get_by_label("New password").fill("short")
    page.get_by_role("button", name="Change Password").click()
    expect(page.locator("#field-current-error")).to_be_visible()


def _invitation_made(page, url, ids):
    page.goto(url + "/households")
    page.get_by_role("button", name="Invite Someone").click()
    expect(page.locator("main textarea")).to_be_visible()


def _as_member(page, url, ids):
    page.context.clear_cookies()
    name, value = ids["member_cookie"].split("=", 1)
    page.context.add_cookies([{"name": name, "value": value, "url": url}])
    page.goto(url + "/households")


def account_ids(setup_server: Server, server: Server) -> dict[str, str]:
    """What the account screens' addresses need: a setup address (of `setup_server`, which has no account), an
    invitation link, one used already, a member (bob, invited into the household of `server`'s user, by cookie
    and id) and a token named backup."""
    def post(path, fields=None, cookie=None):
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if cookie is not None:
            headers["Cookie"] = cookie
        return server.request("POST", path, urlencode(fields or {}).encode(), headers)

    def invitation():
        status, _, body = post("/households/invite")
        assert status == 200, body
        return re.search(r">(http://[^<]+/invite/[A-Za-z0-9_-]+)<", body.decode()).group(1)

    spent = invitation()
    status, headers, body = server.request(
        "POST", urlsplit(spent).path, urlencode({"name": "bob", "password": "battery staple horse"}).encode(),
        {"Content-Type": "application/x-www-form-urlencoded"}, signed_in=False)
    assert status == 303, body
    assert post("/account/tokens", {"token-name": "backup"})[0] == 200
    members = server.request("GET", "/households")[2].decode()
    bob = re.search(r'/households/members/remove\?user=(\d+)', members).group(1)
    return {"setup": f"{setup_server.url}/setup?token={setup_server.setup_token}", "invitation": invitation(),
            "spent": spent, "member_cookie": headers["set-cookie"].split(";")[0], "bob": bob}


# Every screen: a path (with {item} and {sighting} filled in) or a function that brings the page there.
SCREENS = [
    ("home", "/"),
    ("items", "/shopping"),
    ("items-edit-mode", "/shopping?edit=1"),
    ("items-edit-mode-asking", _asking_in_a_row("/shopping?edit=1", "Delete Pear…")),
    ("delete-item-sheet", "/shopping/items/{item}/delete?edit=1"),
    ("add-item", "/shopping/new"),
    ("edit-item", "/shopping/items/{item}/edit"),
    ("refused-item", _refused_item),
    ("shopping-list", "/shopping/list"),
    ("shopping-list-undo-bar", _entry_taken_off),
    ("todo", "/todo"),
    ("todo-undo-bar", _task_deleted),
    ("todo-refused-insert", _refused_insert),
    ("todo-asking", _asking_in_a_row("/todo", "Delete Walk the dogs…")),
    ("todo-lists", "/todo/lists"),
    ("rename-todo-list", _todo_list_sheet("Rename To-Do…", "Rename List")),
    ("delete-todo-list-sheet", _todo_list_sheet("Delete To-Do…", "Delete To-Do?")),
    ("bird-sightings", "/birds"),
    ("bird-sightings-by-date", "/birds?order=date"),
    ("bird-detail", "/birds/{sighting}"),
    ("delete-sighting-sheet", "/birds/{sighting}/delete"),
    ("add-sighting", "/birds/new"),
    ("edit-sighting", "/birds/{sighting}/edit"),
    ("refused-sighting", _refused_sighting),
    ("named-lists", _named_list_index),
    ("named-list", _named_lists),
    ("named-list-suggestions", _suggestions_shown),
    ("entry-sheet", _entry_sheet),
    ("delete-list-sheet", _delete_list_sheet),
    ("aisles", "/categories"),
    ("aisles-undo-bar", _aisle_deleted),
    ("import-export", "/settings"),
    ("import-export-imported", _imported),
    ("import-export-refused", _refused_import),
    ("not-found", "/nowhere"),
    ("sign-in", _signed_out("/signin")),
    ("sign-in-refused", _refused_sign_in),
    ("setup", _signed_out("{setup}")),
    ("invitation", _signed_out("{invitation}")),
    ("invitation-signed-in", "{invitation}"),
    ("invitation-spent", "{spent}"),
    ("account", "/account"),
    ("account-new-token", _new_token),
    ("account-refused-password", _refused_password),
    ("revoke-token-sheet", "/account/tokens/revoke?name=backup"),
    ("household-owner", _invitation_made),
    ("household-member", _as_member),
    ("leave-household-sheet", "/households/leave"),
    ("remove-member-sheet", "/households/members/remove?user={bob}"),
    ("make-owner-sheet", "/households/members/owner?user={bob}"),
]


def show(page, server, ids, screen):
    # Signed in as the server's user again after a screen seen by someone else.
    server.sign_in_context(page.context)
    if callable(screen):
        screen(page, server.url, ids)
    else:
        address = screen.format(**ids)
        page.goto(address if address.startswith("http") else server.url + address)
    expect(page.locator("main h1").first).to_be_attached()


@SCHEMES
def test_no_screen_has_a_serious_accessibility_violation(start_server, new_page, color_scheme):
    """axe-core on every screen, in the colour scheme asked for: no serious or critical violation (contrast,
    names, roles, landmarks, …)."""
    setup_server = start_server(sign_up=False)
    server = start_server(seed=True)
    ids = seed_screens(server) | account_ids(setup_server, server)
    page = new_page(color_scheme=color_scheme)
    found = {}
    for name, screen in SCREENS:
        show(page, server, ids, screen)
        results = AXE.run(page)
        serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
        if serious:
            found[name] = [
                f"{v['id']} ({v['impact']}): " + "; ".join(
                    f"{node['target']} {node.get('failureSummary', '')}" for node in v["nodes"])
                for v in serious]
    assert found == {}, "\n".join(f"{name}: {problems}" for name, problems in found.items())


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_every_control_is_at_least_44_px_on_a_phone(start_server, new_page, javascript):
    """At 390×844 every link, button, field and selector that can be tapped is at least 44×44 px, the Edit-mode
    Delete buttons, the Format selector and the Import button among them."""
    setup_server = start_server(sign_up=False)
    server = start_server(seed=True)
    ids = seed_screens(server) | account_ids(setup_server, server)
    page = new_page(javascript=javascript)
    small = []
    for name, screen in SCREENS:
        if callable(screen) and not javascript and screen.__name__ == "open_screen":
            continue  # asking in a row is app.js's; without it the sheet screens are in the list already
        show(page, server, ids, screen)
        sizes = page.evaluate("""() => [...document.querySelectorAll(
                'main a[href], main button, main input:not([type=hidden]), main select, main textarea, main [role=button]')]
            .filter((element) => !element.closest('[inert], [hidden]') && element.getClientRects().length > 0)
            .map((element) => {
                const box = element.getBoundingClientRect();
                return [element.outerHTML.slice(0, 90), Math.round(box.width * 10) / 10, Math.round(box.height * 10) / 10];
            })""")
        small += [(name, *size) for size in sizes if size[1] < 44 or size[2] < 44]
    assert small == []


def test_rows_show_the_circle_a_tap_fills(start_server, new_page):
    """An unchecked row shows an empty circle, as Reminders does; a checked one the circle filled with a check."""
    server = start_server(seed=True)
    seed_screens(server)
    page = new_page()
    for path, unchecked, checked in [("/shopping", "Notepad", "Pear"), ("/todo", "Walk the dogs", "Feed the hogs")]:
        page.goto(server.url + path)
        empty = page.locator("main li.row", has_text=unchecked).locator(".check")
        full = page.locator("main li.row", has_text=checked).locator(".check")
        expect(empty).to_have_text("")
        expect(full).to_have_text("✓")
        for marker in (empty, full):
            box = marker.bounding_box()
            assert box["width"] >= 22 and box["height"] >= 22, (path, box)
            assert marker.evaluate("e => getComputedStyle(e).borderTopWidth") != "0px"
            assert marker.evaluate("e => getComputedStyle(e).borderRadius") == "50%"
        assert empty.evaluate("e => getComputedStyle(e).backgroundColor") == "rgba(0, 0, 0, 0)"
        assert full.evaluate("e => getComputedStyle(e).backgroundColor") != "rgba(0, 0, 0, 0)"


def test_what_a_tap_did_is_announced_to_screen_readers(server, new_page):
    page = new_page()
    announcer = page.locator("#announcer")
    page.goto(server.url + "/todo")
    expect(announcer).to_have_attribute("role", "status")
    page.get_by_placeholder("Type a task, tap Insert").fill("Call the vet")
    page.get_by_role("button", name="Insert").click()
    expect(announcer).to_have_text("Added Call the vet.")
    page.locator("main li.task", has_text="Call the vet").locator("button.row-button").click()
    expect(announcer).to_have_text("Call the vet marked done.")
    page.get_by_role("button", name="Delete Call the vet…").click()
    page.get_by_role("button", name="Delete Call the vet", exact=True).click()
    expect(announcer).to_have_text("Deleted Call the vet.")

    page.goto(server.url + "/shopping/new")
    page.get_by_label("Name").fill("Milk")
    page.get_by_role("button", name="Save").click()
    expect(announcer).to_have_text("Added Milk.")
    # A refused form announces nothing: its message is tied to the field, which gets focus.
    page.goto(server.url + "/shopping/new")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#field-name")).to_be_focused()
    expect(announcer).to_have_text("")


def test_sheets_focus_their_first_field_without_javascript(start_server, new_page):
    server = start_server(seed=True)
    ids = seed_screens(server)
    page = new_page(javascript=False)
    for path, field in [("/shopping/new", "Name"), (f"/shopping/items/{ids['item']}/edit", "Name"),
                        ("/birds/new", "Bird Name"), (f"/birds/{ids['sighting']}/edit", "Bird Name")]:
        page.goto(server.url + path)
        expect(page.get_by_role("dialog").get_by_label(field, exact=True)).to_be_focused()
    # An action sheet focuses its question, so that nothing is deleted by a key press and it is read first.
    page.goto(server.url + f"/birds/{ids['sighting']}/delete")
    expect(page.get_by_role("heading", name=re.compile("Delete this sighting"))).to_be_focused()


def test_the_home_page_keeps_its_groups_apart(start_server, new_page):
    server = start_server(seed=True)
    page = new_page()
    page.goto(server.url + "/")
    apps = page.get_by_role("list", name="Apps").bounding_box()
    data = page.get_by_role("list", name="Data").bounding_box()
    assert data["y"] - (apps["y"] + apps["height"]) >= 24


def test_import_and_export_is_drawn_as_the_other_screens(start_server, new_page):
    server = start_server(seed=True)
    page = new_page()
    page.goto(server.url + "/settings")
    for header in page.locator("main h2.group-header").all():
        assert header.bounding_box()["x"] >= 16, header.inner_text()
    downloads = page.get_by_role("list", name="Export").bounding_box()
    assert downloads["x"] == 16 and downloads["width"] == 390 - 32
    file_field = page.get_by_label("File")
    box = file_field.bounding_box()
    # Room for the picker's button and "No file chosen" on a phone, inside the group's row.
    assert box["width"] >= 230 and box["x"] + box["width"] <= 390 - 16, box
    assert page.get_by_label("Format").bounding_box()["height"] >= 44
    import_button = page.get_by_role("button", name="Import").bounding_box()
    assert import_button["height"] >= 44 and import_button["width"] == 390 - 32
    assert page.get_by_role("button", name="Import").evaluate("e => getComputedStyle(e).borderRadius") == "10px"
