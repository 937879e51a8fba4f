"""Lists' CalDAV server driven by real clients that nobody here wrote, against a live `lists serve`: python-caldav (the
library Python apps speak CalDAV through), vdirsyncer (which keeps a folder of .ics files in sync with a calendar
server) and todoman (the to-do app people run on such a folder). A client is given only the server's address, the
user's name and an app password (an API token made with `lists tokens create`), as a person sets one up.

What a client changes is checked through Lists' own API, so that it landed in Lists and not only in the client, and
what Lists changes is checked in the client: a to-do added, edited, completed and deleted in python-caldav; a task
added in Lists shown there; a stale ETag refused with 412; an incremental sync-collection (RFC 6578) reporting only
what changed; a wrong app password, or the account's password, refused with 401; lists made, renamed and deleted as
calendars. With vdirsyncer: the seeded tasks synced down into an empty folder, a file added there synced up, a task
changed on both sides settled as `conflict_resolution` says, deletions on either side. With todoman on that folder:
a task made, done and edited, synced up; a task done in Lists seen done there.
"""

import json
import os
import subprocess
from datetime import date
from pathlib import Path

import caldav
import icalendar
import pytest
from caldav.elements import dav
from caldav.lib import error

from conftest import PASSWORD, ROOT, STATE_TIMEOUT_MS, USER, Server, lists_binary

VDIRSYNCER = ROOT / ".venv/bin/vdirsyncer"
TODOMAN = ROOT / ".venv/bin/todo"
SEEDED = {"Walk the dogs", "Feed the hogs", "Chop the logs"}
# A bound for a broken case (a client waiting on an answer that never comes), not a speed asked for.
TIMEOUT = STATE_TIMEOUT_MS / 1000


@pytest.fixture
def seeded(start_server) -> Server:
    """A fresh server whose database has the tutorial's three tasks on the list "To-Do"."""
    return start_server(seed=True)


def app_password(server: Server, name: str = "caldav") -> str:
    """Makes an API token for USER with the CLI, on the database the server runs on, as the operating docs have it."""
    made = subprocess.run(
        [str(lists_binary()), "tokens", "create", name, "--user", USER, "--database", server.database],
        capture_output=True, text=True, env=dict(os.environ, TZ="UTC", LANG="C.UTF-8"), timeout=TIMEOUT)
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip()
    assert token.startswith("lists_"), made.stdout
    return token


def dav_client(server: Server, password: str) -> caldav.DAVClient:
    """python-caldav given only the server's address, as a person types it."""
    return caldav.DAVClient(url=server.url + "/", username=USER, password=password, timeout=TIMEOUT)


def tasks(server: Server) -> dict[str, dict]:
    """The household's tasks as Lists' API gives them, by title."""
    return {task["title"]: task for task in server.all_records("/api/v1/tasks", "tasks")}


def todo_lists(server: Server) -> dict[str, str]:
    """The household's to-do lists' ids, by name."""
    return {entry["list"]["name"]: entry["list"]["id"] for entry in server.get_json("/api/v1/todo-lists")["todoLists"]}


def change_in_lists(server: Server, title: str, fields: dict) -> dict:
    """Changes the task titled `title` through Lists' API, as another phone does; answers the task as changed."""
    status, _, body = server.request("PATCH", f"/api/v1/tasks/{tasks(server)[title]['id']}", fields)
    assert status == 200, body
    return json.loads(body)


def delete_in_lists(server: Server, title: str) -> None:
    """Deletes the task titled `title` through Lists' API."""
    status, _, body = server.request("DELETE", f"/api/v1/tasks/{tasks(server)[title]['id']}")
    assert status == 204, body


def summary(todo) -> str:
    """A python-caldav to-do's title."""
    return str(todo.icalendar_component["SUMMARY"])


# python-caldav, driven as an app drives it.


def test_python_caldav_finds_the_to_do_list_from_the_servers_address_and_its_changes_land_in_lists(seeded):
    """Discovery from the server's root finds "To-Do" with the seeded tasks; a to-do added, edited, completed and
    deleted in the client is each time the task Lists shows."""
    with dav_client(seeded, app_password(seeded)) as client:
        calendar = client.principal().calendar(name="To-Do")
        assert {summary(todo) for todo in calendar.todos()} == SEEDED

        todo = calendar.add_todo(summary="Mend the fence", due=date(2026, 12, 24), priority=1,
                                 description="Nails are in the shed")
        added = tasks(seeded)["Mend the fence"]
        assert (added["list"], added["done"], added["due"], added["priority"], added["note"]) == (
            todo_lists(seeded)["To-Do"], False, "2026-12-24", "high", "Nails are in the shed")

        todo.icalendar_component["SUMMARY"] = "Mend the gate"
        todo.save()
        now = tasks(seeded)
        assert "Mend the fence" not in now
        assert now["Mend the gate"]["id"] == added["id"]

        todo.complete()
        assert tasks(seeded)["Mend the gate"]["done"] is True

        todo.delete()
        assert set(tasks(seeded)) == SEEDED


def test_a_task_added_and_done_in_lists_shows_in_python_caldav(seeded):
    """A task added through Lists' API is a to-do with its title, due date, priority and note; marked done in
    Lists, it leaves the client's open to-dos and shows completed among all."""
    with dav_client(seeded, app_password(seeded)) as client:
        calendar = client.principal().calendar(name="To-Do")
        status, _, body = seeded.request("POST", "/api/v1/tasks", {
            "title": "Oil the hinges", "due": "2026-12-25", "priority": "high", "note": "The gate's"})
        assert status == 201, body
        todo = calendar.todo_by_uid(json.loads(body)["id"]).icalendar_component
        assert (str(todo["SUMMARY"]), todo["DUE"].dt, str(todo["DESCRIPTION"])) == (
            "Oil the hinges", date(2026, 12, 25), "The gate's")
        assert 1 <= int(todo["PRIORITY"]) <= 4  # RFC 5545 3.8.1.9: 1 to 4 is high
        assert {summary(todo) for todo in calendar.todos()} == SEEDED | {"Oil the hinges"}

        change_in_lists(seeded, "Oil the hinges", {"done": True})
        assert {summary(todo) for todo in calendar.todos()} == SEEDED
        done = [todo for todo in calendar.todos(include_completed=True) if summary(todo) == "Oil the hinges"]
        assert [str(todo.icalendar_component["STATUS"]) for todo in done] == ["COMPLETED"]


def test_a_change_from_a_stale_copy_is_refused_with_412(seeded):
    """A PUT or DELETE whose If-Match names the ETag a client read before the task changed in Lists is refused with
    412 and changes nothing; read again, the same edit goes through."""
    with dav_client(seeded, app_password(seeded)) as client:
        calendar = client.principal().calendar(name="To-Do")
        todo = calendar.todo_by_uid(tasks(seeded)["Walk the dogs"]["id"])
        todo.load()
        stale = todo.etag
        assert stale and not stale.startswith("W/")
        change_in_lists(seeded, "Walk the dogs", {"title": "Walk the cats"})

        headers = {"If-Match": stale, "Content-Type": "text/calendar; charset=utf-8"}
        edited = todo.data.replace("SUMMARY:Walk the dogs", "SUMMARY:Walk the wolves")
        assert client.request(str(todo.url), "PUT", edited, headers).status == 412
        assert client.request(str(todo.url), "DELETE", "", {"If-Match": stale}).status == 412
        # python-caldav sends the ETag it read on its own, and says what the 412 means.
        todo.icalendar_component["SUMMARY"] = "Walk the wolves"
        with pytest.raises(error.ETagMismatchError):
            todo.save()
        with pytest.raises(error.ETagMismatchError):
            todo.delete(if_match=True)
        assert set(tasks(seeded)) == SEEDED - {"Walk the dogs"} | {"Walk the cats"}

        todo.load()
        todo.icalendar_component["SUMMARY"] = "Walk the wolves"
        todo.save()
        assert "Walk the wolves" in tasks(seeded)


def test_python_caldav_syncs_from_its_last_token_only_what_changed(seeded):
    """sync-collection (RFC 6578) from the previous token reports the one task changed in Lists since, then the one
    deleted (as removed), then nothing. The client's fallback to reading everything is turned off: it is the
    server's incremental sync that is tested."""
    with dav_client(seeded, app_password(seeded)) as client:
        calendar = client.principal().calendar(name="To-Do")
        first = calendar.get_objects_by_sync_token(load_objects=True, disable_fallback=True)
        assert {summary(todo) for todo in first} == SEEDED
        urls = {summary(todo): todo.url.canonical() for todo in first}

        change_in_lists(seeded, "Walk the dogs", {"title": "Walk the cats"})
        changed = calendar.get_objects_by_sync_token(
            sync_token=first.sync_token, load_objects=True, disable_fallback=True)
        assert [(todo.url.canonical(), summary(todo)) for todo in changed] == [(urls["Walk the dogs"], "Walk the cats")]
        assert not changed.deleted_urls
        assert changed.sync_token != first.sync_token

        delete_in_lists(seeded, "Chop the logs")
        removed = calendar.get_objects_by_sync_token(sync_token=changed.sync_token, disable_fallback=True)
        assert [todo.url.canonical() for todo in removed] == [urls["Chop the logs"]]
        assert removed.deleted_urls == {urls["Chop the logs"]}

        unchanged = calendar.get_objects_by_sync_token(sync_token=removed.sync_token, disable_fallback=True)
        assert list(unchanged) == []


def test_a_wrong_app_password_or_the_account_password_is_refused(seeded):
    """python-caldav with a wrong app password, or with the account's password (which CalDAV never takes), gets
    401; the right app password then reads the list."""
    password = app_password(seeded)
    for wrong in ["lists_" + "x" * 43, PASSWORD]:
        with dav_client(seeded, wrong) as client, pytest.raises(error.AuthorizationError) as refused:
            client.principal()
        assert refused.value.reason == "Unauthorized"
    with dav_client(seeded, password) as client:
        assert {summary(todo) for todo in client.principal().calendar(name="To-Do").todos()} == SEEDED


@pytest.mark.parametrize("address", [None, "work"], ids=["address-made-by-caldav", "address-named-work"])
def test_python_caldav_makes_renames_and_deletes_a_list(seeded, address):
    """A calendar made in python-caldav (MKCALENDAR at an address the library makes up, a UUID, or one the app
    names) is a new list in Lists, and the client puts and reads to-dos at that address; renamed (PROPPATCH
    displayname), the list is renamed; deleted, the list is gone."""
    with dav_client(seeded, app_password(seeded)) as client:
        calendar = client.principal().make_calendar(name="Work", cal_id=address)
        calendar.add_todo(summary="File the report")
        assert tasks(seeded)["File the report"]["list"] == todo_lists(seeded)["Work"]
        assert [summary(todo) for todo in calendar.todos()] == ["File the report"]

        calendar.set_properties([dav.DisplayName("Office")])
        assert set(todo_lists(seeded)) == {"To-Do", "Office"}

        calendar.delete()
        assert set(todo_lists(seeded)) == {"To-Do"}
        assert set(tasks(seeded)) == SEEDED


# vdirsyncer, from the command line, on a folder of its own.


def client_environment(directory: Path) -> dict[str, str]:
    """The environment of the command-line clients: home, configuration and cache in `directory`, never the user's;
    UTC, as the server's."""
    return dict(os.environ, HOME=str(directory), XDG_CONFIG_HOME=str(directory / "config"),
                XDG_CACHE_HOME=str(directory / "cache"), XDG_DATA_HOME=str(directory / "data"), TZ="UTC",
                LANG="C.UTF-8")


class Vdirsyncer:
    """vdirsyncer with its own configuration in `directory`: the user's calendars on `server`, found from its
    address (storage a), paired with folders of .ics files under `directory/tasks` (storage b), a folder per list,
    both ways (`collections = ["from a", "from b"]`)."""

    def __init__(self, server: Server, directory: Path, conflict_resolution: str = "a wins"):
        self.tasks = directory / "tasks"
        self.config = directory / "vdirsyncer.conf"
        self.env = client_environment(directory)
        self.config.write_text(f"""
[general]
status_path = "{directory / 'vdirsyncer-status'}/"

[pair tasks]
a = "lists"
b = "folder"
collections = ["from a", "from b"]
conflict_resolution = "{conflict_resolution}"
metadata = ["displayname"]

[storage lists]
type = "caldav"
url = "{server.url}/"
username = "{USER}"
password = "{app_password(server, 'vdirsyncer')}"
item_types = ["VTODO"]

[storage folder]
type = "filesystem"
path = "{self.tasks}/"
fileext = ".ics"
""")

    def run(self, *arguments: str) -> str:
        """`vdirsyncer ARGUMENTS`, answering yes to what it asks (whether to make a list's folder, as `yes |`); its
        output. Fails the test unless it exited 0."""
        done = subprocess.run([str(VDIRSYNCER), "-c", str(self.config), *arguments], input="y\n" * 20,
                              capture_output=True, text=True, env=self.env, timeout=TIMEOUT)
        output = done.stdout + done.stderr
        assert done.returncode == 0, f"vdirsyncer {' '.join(arguments)} exited {done.returncode}:\n{output}"
        return output

    def sync(self) -> str:
        return self.run("sync")

    def folder(self, server: Server, name: str = "To-Do") -> Path:
        """The folder of the list `name` (vdirsyncer names it after the calendar's address: the list's id)."""
        return self.tasks / todo_lists(server)[name].lower()


def synced(server: Server, directory: Path, conflict_resolution: str = "a wins") -> Vdirsyncer:
    """vdirsyncer set up on `server` as a person does: `discover`, then a first `sync`."""
    sync = Vdirsyncer(server, directory, conflict_resolution)
    sync.run("discover")
    sync.sync()
    return sync


def todos_in(folder: Path) -> dict[str, Path]:
    """The to-dos of a folder of .ics files: each title, and its file."""
    found = {}
    for path in sorted(folder.glob("*.ics")):
        for todo in icalendar.Calendar.from_ical(path.read_bytes()).walk("VTODO"):
            found[str(todo["SUMMARY"])] = path
    return found


def write_anew(path: Path, text: str) -> None:
    """Writes `path` as editors and todoman do, a new file renamed over the old: vdirsyncer knows a file by its
    mtime and inode, and a new inode is a change whatever the clock's resolution."""
    new = path.with_name(path.name + ".new")
    new.write_text(text)
    os.replace(new, path)


def vtodo(uid: str, title: str, *lines: str) -> str:
    """An .ics file of one to-do, as another app writes it."""
    return "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Lists tests//Another app//EN", "BEGIN:VTODO", f"UID:{uid}",
        "DTSTAMP:20261206T080000Z", f"SUMMARY:{title}", *lines, "END:VTODO", "END:VCALENDAR", ""])


def retitle_file(path: Path, old: str, new: str) -> None:
    """Renames the to-do of an .ics file in the folder, as an editor would."""
    text = path.read_text()
    assert f"SUMMARY:{old}" in text, text
    write_anew(path, text.replace(f"SUMMARY:{old}", f"SUMMARY:{new}"))


def test_vdirsyncer_syncs_the_tasks_down_into_an_empty_folder_and_a_new_file_up(seeded, tmp_path):
    """The seeded tasks come down as one file each; a sync with nothing changed copies nothing (the ETags hold);
    a file added to the folder goes up as a task of "To-Do", and the next sync has nothing to do."""
    sync = synced(seeded, tmp_path)
    folder = sync.folder(seeded)
    assert set(todos_in(folder)) == SEEDED
    assert "Copying" not in sync.sync()

    write_anew(folder / "mend-the-fence.ics", vtodo("mend-the-fence@example.org", "Mend the fence",
                                                    "DUE;VALUE=DATE:20261224"))
    sync.sync()
    fence = tasks(seeded)["Mend the fence"]
    assert (fence["list"], fence["done"], fence["due"]) == (todo_lists(seeded)["To-Do"], False, "2026-12-24")
    output = sync.sync()
    assert "Copying" not in output and "Deleting" not in output, output
    assert set(todos_in(folder)) == SEEDED | {"Mend the fence"}


@pytest.mark.parametrize("winner", ["a wins", "b wins"])
def test_vdirsyncer_settles_a_task_changed_on_both_sides_as_configured(seeded, tmp_path, winner):
    """A task renamed in Lists and, differently, in the folder between two syncs: with "a wins" both end with
    Lists' title, with "b wins" both with the folder's."""
    sync = synced(seeded, tmp_path, conflict_resolution=winner)
    folder = sync.folder(seeded)
    change_in_lists(seeded, "Walk the dogs", {"title": "Walk the cats"})
    retitle_file(todos_in(folder)["Walk the dogs"], "Walk the dogs", "Walk the wolves")

    sync.sync()
    title = "Walk the cats" if winner == "a wins" else "Walk the wolves"
    assert set(tasks(seeded)) == SEEDED - {"Walk the dogs"} | {title}
    assert set(todos_in(folder)) == SEEDED - {"Walk the dogs"} | {title}


def test_vdirsyncer_carries_a_deletion_either_way(seeded, tmp_path):
    """A file deleted from the folder deletes its task in Lists; a task deleted in Lists deletes its file."""
    sync = synced(seeded, tmp_path)
    folder = sync.folder(seeded)
    todos_in(folder)["Feed the hogs"].unlink()
    delete_in_lists(seeded, "Chop the logs")

    sync.sync()
    assert set(tasks(seeded)) == {"Walk the dogs"}
    assert set(todos_in(folder)) == {"Walk the dogs"}


# todoman, on the folder vdirsyncer keeps.


class Todoman:
    """todoman on the folders vdirsyncer keeps under `folders`, with its configuration and cache in `directory`."""

    def __init__(self, directory: Path, folders: Path):
        self.config = directory / "todoman.py"
        self.env = client_environment(directory)
        # No due date unless one is given (todoman's default is a day from now).
        self.config.write_text(f"""
path = "{folders}/*"
date_format = "%Y-%m-%d"
time_format = "%H:%M"
default_due = 0
cache_path = "{directory / 'todoman-cache.sqlite3'}"
""")

    def run(self, *arguments: str, input: str | None = None) -> str:
        """`todo ARGUMENTS`; its output. Fails the test unless it exited 0."""
        done = subprocess.run([str(TODOMAN), "-c", str(self.config), *arguments], input=input, capture_output=True,
                              text=True, env=self.env, timeout=TIMEOUT)
        assert done.returncode == 0, f"todo {' '.join(arguments)} exited {done.returncode}:\n{done.stdout}{done.stderr}"
        return done.stdout

    def todos(self, status: str = "ANY") -> dict[str, dict]:
        """The to-dos todoman lists (by default every one, done ones too), by title, from its stable JSON."""
        return {todo["summary"]: todo for todo in json.loads(self.run("--porcelain", "list", "--status", status))}


def test_todoman_makes_completes_and_edits_tasks_that_vdirsyncer_carries_to_lists(seeded, tmp_path):
    """todoman on vdirsyncer's folder: a task made (`todo new`), another done (`todo done`) and the new one edited
    with flags (`todo edit --due --priority`, its description read from stdin); after a sync, Lists shows each
    change. A task done in Lists is done in todoman after the next sync."""
    sync = synced(seeded, tmp_path)
    sync.run("metasync")  # the list's name, which todoman shows and `todo new -l` takes
    todo = Todoman(tmp_path, sync.tasks)
    shown = todo.todos()
    assert set(shown) == SEEDED
    assert {entry["list"] for entry in shown.values()} == {"To-Do"}

    todo.run("new", "-l", "To-Do", "Mend the fence")
    ids = {title: str(entry["id"]) for title, entry in todo.todos().items()}
    todo.run("done", ids["Feed the hogs"])
    todo.run("edit", ids["Mend the fence"], "--due", "2026-12-24", "--priority", "high", "--read-description",
             input="Nails are in the shed")
    sync.sync()
    now = tasks(seeded)
    fence = now["Mend the fence"]
    assert (fence["list"], fence["done"], fence["due"], fence["priority"], fence["note"]) == (
        todo_lists(seeded)["To-Do"], False, "2026-12-24", "high", "Nails are in the shed")
    assert {title: task["done"] for title, task in now.items()} == {
        "Walk the dogs": False, "Feed the hogs": True, "Chop the logs": False, "Mend the fence": False}

    change_in_lists(seeded, "Walk the dogs", {"done": True})
    sync.sync()
    assert set(todo.todos("NEEDS-ACTION")) == {"Chop the logs", "Mend the fence"}
    assert todo.todos()["Walk the dogs"]["completed"] is True


# Shopping lists, which are calendars of to-dos too: an entry's summary is its item and quantity ("Milk (2 l)").


def make_shopping_list(server: Server, name: str = "Shopping") -> str:
    """Makes a shopping list through Lists' API (the seed makes none); answers its id."""
    status, _, body = server.request("POST", "/api/v1/lists", {"name": name})
    assert status == 201, body
    return json.loads(body)["id"]


def catalog(server: Server) -> dict[str, dict]:
    """The household's catalog of items as Lists' API gives it, by name."""
    return {item["name"]: item for item in server.get_json("/api/v1/items")["items"]}


def put_on_list(server: Server, list_id: str, item: str, quantity: str | None = None) -> dict:
    """Puts the catalog's item called `item` on the list through Lists' API; answers the entry."""
    fields = {"item": catalog(server)[item]["id"]} | ({"quantity": quantity} if quantity else {})
    status, _, body = server.request("POST", f"/api/v1/lists/{list_id}/entries", fields)
    assert status == 201, body
    return json.loads(body)["entry"]


def shopping_rows(server: Server, list_id: str) -> dict[str, dict]:
    """The list's entries as Lists' API gives them (each with its item), by item and quantity: "Milk (2 l)"."""
    rows = server.get_json(f"/api/v1/lists/{list_id}")["entries"]
    return {row["item"]["name"] + (f" ({row['entry']['quantity']})" if row["entry"].get("quantity") else ""): row
            for row in rows}


def test_python_caldav_adds_to_a_shopping_list_and_checks_an_entry_off(seeded):
    """The shopping list "Shopping" is a calendar whose to-dos are its entries: Bread put on it in Lists reads
    "Bread (2)"; "Milk (2 l)" added in python-caldav is an entry of Milk (added to the catalog) of 2 l; Bread
    checked off in the client is checked off in Lists and logged as bought, and leaves the client's open to-dos."""
    shopping = make_shopping_list(seeded)
    put_on_list(seeded, shopping, "Bread", "2")
    with dav_client(seeded, app_password(seeded)) as client:
        calendar = client.principal().calendar(name="Shopping")
        assert [summary(todo) for todo in calendar.todos()] == ["Bread (2)"]

        calendar.add_todo(summary="Milk (2 l)")
        rows = shopping_rows(seeded, shopping)
        assert set(rows) == {"Bread (2)", "Milk (2 l)"}
        assert rows["Milk (2 l)"]["entry"]["checkedAt"] is None
        assert rows["Milk (2 l)"]["item"]["id"] == catalog(seeded)["Milk"]["id"]
        assert catalog(seeded)["Milk"]["price"] == 0

        bread = next(todo for todo in calendar.todos() if summary(todo) == "Bread (2)")
        bread.complete()
        rows = shopping_rows(seeded, shopping)
        assert rows["Bread (2)"]["entry"]["checkedAt"] is not None
        assert rows["Milk (2 l)"]["entry"]["checkedAt"] is None
        purchases = seeded.get_json("/api/v1/purchases")
        assert purchases["total"] == 1
        assert purchases["purchases"][0]["entry"] == rows["Bread (2)"]["entry"]["id"]
        assert [summary(todo) for todo in calendar.todos()] == ["Milk (2 l)"]
        done = [todo for todo in calendar.todos(include_completed=True) if summary(todo) == "Bread (2)"]
        assert [str(todo.icalendar_component["STATUS"]) for todo in done] == ["COMPLETED"]


def test_python_caldav_moves_an_entry_to_another_shopping_list_as_a_calendar_app_does(seeded):
    """A calendar app moves a to-do between lists by putting it, UID and all, in the new list, then deleting it from
    the old: the entry moves with its item and quantity (a checked-off one stays checked off), the old list's delete
    finds nothing left, and each list then holds what it should, in Lists and in the client."""
    groceries = make_shopping_list(seeded, "Groceries")
    hardware = make_shopping_list(seeded, "Hardware")
    put_on_list(seeded, groceries, "Bread", "2")
    entry = put_on_list(seeded, groceries, "Mango", "3")
    with dav_client(seeded, app_password(seeded)) as client:
        principal = client.principal()
        old, new = principal.calendar(name="Groceries"), principal.calendar(name="Hardware")
        mango = next(todo for todo in old.todos() if summary(todo) == "Mango (3)")
        moved = new.add_todo(ical=mango.data)
        try:
            mango.delete()
        except error.NotFoundError:
            pass
        assert set(shopping_rows(seeded, groceries)) == {"Bread (2)"}
        rows = shopping_rows(seeded, hardware)
        assert set(rows) == {"Mango (3)"}
        assert rows["Mango (3)"]["entry"]["id"] == entry["id"]
        assert [summary(todo) for todo in old.todos()] == ["Bread (2)"]
        assert [summary(todo) for todo in new.todos()] == ["Mango (3)"]
        # And back, checked off on the way.
        moved.load()
        moved.icalendar_component["STATUS"] = "COMPLETED"
        old.add_todo(ical=moved.data)
        assert set(shopping_rows(seeded, hardware)) == set()
        assert shopping_rows(seeded, groceries)["Mango (3)"]["entry"]["checkedAt"] is not None


def test_vdirsyncer_syncs_a_shopping_list_down_and_a_new_file_up(seeded, tmp_path):
    """A shopping list's entries come down as files whose SUMMARY is the item and its quantity; the item renamed in
    Lists' catalog comes down renamed; a file added to the list's folder goes up as an entry of its own."""
    shopping = make_shopping_list(seeded)
    put_on_list(seeded, shopping, "Bread", "2")
    put_on_list(seeded, shopping, "Mango")
    sync = synced(seeded, tmp_path)
    folder = sync.tasks / shopping.lower()
    assert set(todos_in(folder)) == {"Bread (2)", "Mango"}
    assert "Copying" not in sync.sync()

    status, _, body = seeded.request("PATCH", f"/api/v1/items/{catalog(seeded)['Bread']['id']}",
                                     {"name": "Wholemeal bread"})
    assert status == 200, body
    sync.sync()
    assert set(todos_in(folder)) == {"Wholemeal bread (2)", "Mango"}

    write_anew(folder / "eggs.ics", vtodo("eggs@example.org", "Eggs (12)"))
    sync.sync()
    rows = shopping_rows(seeded, shopping)
    assert set(rows) == {"Wholemeal bread (2)", "Mango", "Eggs (12)"}
    assert rows["Eggs (12)"]["entry"]["checkedAt"] is None
    output = sync.sync()
    assert "Copying" not in output and "Deleting" not in output, output


CALDAV_SERVER_TESTER = ROOT / ".venv/bin/caldav-server-tester"
# caldav-server-tester's checks that need no events: its others prepare a calendar with VEVENTs first, which a list of
# to-dos refuses (403 supported-calendar-component, as a client putting an event in a to-do list is told), and then
# report every feature they would have probed as unknown.
SERVER_TESTER_CHECKS = ("CheckGetCurrentUserPrincipal", "CheckMakeDeleteCalendar", "CheckWWWAuthenticate")


def test_caldav_server_tester_finds_nothing_broken_in_discovery_lists_and_the_401(seeded):
    """caldav-server-tester (the python-caldav project's server checker) reports every feature its event-free checks
    probe as fully supported: the principal found from the server's address, a list made, found, renamed and deleted
    through MKCALENDAR (at the address asked, its name set), and the 401's `WWW-Authenticate` offering Basic."""
    password = app_password(seeded)
    command = [str(CALDAV_SERVER_TESTER), "--caldav-url", seeded.url + "/", "--caldav-username", USER,
               "--caldav-password", password, "--format", "json"]
    for check in SERVER_TESTER_CHECKS:
        command += ["--run-checks", check]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT * 5)
    assert ran.returncode == 0, ran.stderr[-2000:]
    features = json.loads(ran.stdout)["features"]
    lacking = {name: found for name, found in features.items()
               if isinstance(found, dict) and found.get("support", "full") != "full"}
    assert not lacking, lacking
    assert features["auth.www-authenticate"]["support"] == "full", features
