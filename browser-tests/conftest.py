"""Fixtures for the tests that drive a live `lists serve`: the server (a fresh one per test, on port 0, with its
own temporary database), a raw HTTP client, Debian's Chromium through Playwright at phone size, and a watch on
every page that fails a test on a page error (`PageErrors`).

The binary is $LISTS_BIN, else .build/release/lists (what `make build` makes).
"""

import atexit
import http.client
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("LISTS_CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
COLLECTIONS = ["/api/v1/items", "/api/v1/tasks", "/api/v1/sightings", "/api/v1/shopping-list"]
# The account every test server is signed in as: made through the setup address a new server prints, or signed in
# to on a server whose database has it already (a second server on the same PostgreSQL database).
USER = "tester"
PASSWORD = "correct horse battery"
# How long an action, an expectation or a request waits for the state it needs before the test fails. Only a broken
# case ever waits this long: it is room for a machine busy with other work, not a speed asked for (speed is
# bench/'s). A password is hashed at the lowest priority, which a busy machine leaves little time, and the server
# gives a hash 30 s, then a second try with a helper started again, before it answers 503: past that, so that a
# screen or a request waiting on a sign-in gets what the server answered.
STATE_TIMEOUT_MS = 120_000
expect.set_options(timeout=STATE_TIMEOUT_MS)


def lists_binary() -> Path:
    binary = Path(os.environ.get("LISTS_BIN", ROOT / ".build/release/lists"))
    if not binary.is_file():
        pytest.fail(f"no lists binary at {binary}: run `make build` or set LISTS_BIN")
    return binary


class Server:
    """One `lists serve` process on a free port of 127.0.0.1, signed in as USER (made through the setup address when
    the database has no account). With `sign_up=False` a new database keeps no account: `setup_token` is the secret
    of the setup address the server printed, and `cookie` is None.

    A new SQLite database that is to have USER signed in starts as a copy of one made so once in this test process
    (`from_template`): the same account, session and seeded records as a sign-up on a new server gives, without
    hashing a password for every test (Argon2id at the lowest priority, which a busy machine leaves little time)."""

    # (seed, UTC day) -> (database made by a sign-up on a new server, its session cookie). Keyed by the day as the
    # seeded sighting is dated the day it was seeded.
    _templates: dict[tuple[bool, str], tuple[Path, str]] = {}
    # Database URL -> a session cookie good on it (a PostgreSQL database copied from a template), for servers on
    # databases made here that have an account already.
    sessions: dict[str, str] = {}

    def __init__(self, directory: Path, *, seed: bool = False, timeout: int | None = None,
                 database: str | None = None, options: list[str] | None = None, sign_up: bool = True,
                 from_template: bool = True):
        self.database = database or str(directory / "lists.sqlite")
        template_cookie = None
        if database is None and sign_up and from_template:
            template_cookie = Server._copy_template(Path(self.database), seed)
        self.log_path = directory / "serve.log"
        args = [str(lists_binary()), "serve", "--port", "0", "--database", self.database]
        if not seed:
            args.append("--no-seed")
        if timeout is not None:
            args += ["--timeout", str(timeout)]
        args += options or []
        # UTC on both sides (see the `browser` fixture), so that "today" is one day for server and test.
        env = dict(os.environ, TZ="UTC", LANG="C.UTF-8")
        self.log = open(self.log_path, "wb")
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=self.log, env=env)
        # Until it is started whole (address read, signed in), a failure here kills it: no test would stop it.
        try:
            line = self._first_line(timeout=STATE_TIMEOUT_MS / 1000)
            match = re.search(r":(\d+)/", line)
            assert match, f"serve printed no address: {line!r}"
            self.port = int(match.group(1))
            self.host = f"127.0.0.1:{self.port}"
            self.url = f"http://{self.host}"
            # Printed on stderr before the banner, when the database has no account yet.
            setup = re.search(r"/setup\?token=([A-Za-z0-9_-]+)", self.log_path.read_text(errors="replace"))
            self.setup_token = setup.group(1) if setup else None
            if not sign_up:
                assert setup, "sign_up=False needs a database with no account"
                self.cookie = None
            elif setup:
                self.cookie = self.sign_up()
            else:
                self.cookie = template_cookie or Server.sessions.get(self.database) or self.sign_in()
        except BaseException:
            self.process.kill()
            self.process.wait()
            self.log.close()
            raise

    @classmethod
    def _copy_template(cls, target: Path, seed: bool) -> str:
        """Copies the template database for `seed` to `target` (making it first, once); answers its cookie."""
        key = (seed, datetime.now(timezone.utc).date().isoformat())
        if key not in cls._templates:
            directory = tempfile.mkdtemp(prefix="lists-template-")
            atexit.register(shutil.rmtree, directory, True)
            made = cls(Path(directory), seed=seed, from_template=False)
            assert made.stop() == 0, f"serve exited non-zero; log: {made.log_path.read_text()}"
            cls._templates[key] = (Path(made.database), made.cookie)
        source, cookie = cls._templates[key]
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{source}{suffix}").exists():
                shutil.copyfile(f"{source}{suffix}", f"{target}{suffix}")
        return cookie

    def post_form(self, path: str, fields: dict[str, str]) -> tuple[int, dict, bytes]:
        """Posts an HTML form from this server's own origin, signed in as nobody: (status, headers, body)."""
        from urllib.parse import urlencode
        return self.request("POST", path, urlencode(fields).encode(), {
            "Content-Type": "application/x-www-form-urlencoded", "Origin": self.url}, signed_in=False)

    def sign_up(self) -> str:
        """Makes the first account through the setup address; answers its session cookie (`name=value`). A 503
        (the password could not be hashed in the server's time, on a machine too busy) is tried again: this is a
        test's setting up, not what it is about."""
        for _ in range(3):
            status, headers, body = self.post_form(
                "/setup", {"token": self.setup_token, "name": USER, "password": PASSWORD})
            if status != 503:
                break
        assert status == 303, (status, body)
        return headers["set-cookie"].split(";")[0]

    def sign_in(self, user: str = USER, password: str = PASSWORD) -> str:
        """Signs in; answers the session cookie (`name=value`)."""
        status, headers, body = self.post_form("/signin", {"name": user, "password": password, "next": "/"})
        assert status == 303, (status, body)
        return headers["set-cookie"].split(";")[0]

    def sign_in_page(self, page) -> None:
        """Gives `page`'s browser context this server's session cookie."""
        self.sign_in_context(page.context)

    def sign_in_context(self, context) -> None:
        """Gives a browser context this server's session cookie (none while no account is signed up)."""
        if self.cookie is None:
            return
        name, value = self.cookie.split("=", 1)
        context.add_cookies([{"name": name, "value": value, "url": self.url}])

    def _first_line(self, timeout: float) -> str:
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        assert ready, f"serve printed nothing in {timeout} s; log: {self.log_path.read_text()}"
        return self.process.stdout.readline().decode()

    def request(self, method: str, path: str, body=None, headers=None, signed_in: bool = True,
                timeout: float = STATE_TIMEOUT_MS / 1000) -> tuple[int, dict, bytes]:
        """One request on its own connection: (status, headers with lower-case names, body); with the session
        cookie unless `signed_in` is false or the headers carry a Cookie or an Authorization of their own."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            if isinstance(body, (dict, list)):
                body = json.dumps(body).encode()
                headers = {"Content-Type": "application/json", **(headers or {})}
            headers = dict(headers or {})
            given = {name.lower() for name in headers}
            if signed_in and getattr(self, "cookie", None) and not given & {"cookie", "authorization"}:
                headers["Cookie"] = self.cookie
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def get_json_bytes(self, path: str) -> bytes:
        """The body of a signed-in GET that must answer 200."""
        status, _, body = self.request("GET", path)
        assert status == 200, (path, status, body)
        return body

    def get_json(self, path: str):
        status, _, body = self.request("GET", path)
        assert status == 200, (path, status, body)
        return json.loads(body)

    def all_records(self, path: str, key: str) -> list[dict]:
        """Every record of a collection (`/api/v1/tasks`, `tasks`), read a thousand at a time."""
        records, cursor = [], None
        while True:
            page = self.get_json(f"{path}?limit=1000" + (f"&cursor={cursor}" if cursor else ""))
            records += page[key]
            cursor = page["nextCursor"]
            if not cursor:
                return records

    def snapshot(self) -> dict[str, bytes]:
        """The exact bytes of every collection, to compare before and after something that must change nothing."""
        result = {}
        for path in COLLECTIONS:
            status, _, body = self.request("GET", path)
            assert status == 200, (path, status, body)
            result[path] = body
        return result

    def assert_healthy(self):
        status, _, body = self.request("GET", "/healthz")
        assert (status, json.loads(body)) == (200, {"status": "ok"})
        assert self.process.poll() is None, "the server exited"

    def stop(self) -> int:
        """SIGTERM, then the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout=15)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self.log.close()
            if self.process.stdout:
                self.process.stdout.close()
        return code

    def five_hundreds(self) -> list[str]:
        """The access log's lines of 5xx answers."""
        return [line for line in self.log_path.read_text(errors="replace").splitlines() if re.search(r'" 5\d\d \d+B ', line)]


def wait_until(page, condition, failure: str, timeout: float = STATE_TIMEOUT_MS / 1000) -> None:
    """Waits for a state, `condition()` true, letting the page's events (requests, routes) in between; fails with
    `failure` when it has not come after `timeout` s, which is a bound for a broken case, not a speed asked for."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(failure)
        page.wait_for_timeout(20)


def open_tab(page, name: str) -> None:
    """Taps the tab bar's `name` and waits until its screen is the one shown (the tab marked current): a locator
    used right after the tap could otherwise find its element on the screen being left, as the same link ("Edit
    Milk") is on both the Items and the Shopping List screens."""
    tab = page.get_by_role("link", name=name, exact=True)
    tab.click()
    expect(tab).to_have_attribute("aria-current", "page")


def open_live(page, url: str) -> None:
    """Opens `url` and waits until the page follows the household's changes: it has read the revision and its
    event stream from that revision on is open, so that whatever changes after this reaches it as the change it is
    (a wait for that state, not for a while). The stream's answer is the state waited for, not its request: the
    server registers the stream before it answers, and a change committed between the request and the registration
    comes as a catch-up without records, which the page loads its screen for."""
    with page.expect_response(lambda response: "/api/v1/events" in response.url):
        page.goto(url)


NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def run_nginx(prefix: Path, port: int, http: str, worker_connections: int = 64) -> subprocess.Popen:
    """nginx in the foreground with its files under `prefix` (a new directory), `http` being its http block's own
    directives (upstreams, servers listening on `port`); answered once it takes connections on `port`. The caller
    terminates it."""
    (prefix / "logs").mkdir(parents=True)
    config = prefix / "nginx.conf"
    config.write_text(f"""
daemon off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/logs/error.log;
events {{ worker_connections {worker_connections}; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body; proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi; uwsgi_temp_path {prefix}/uwsgi; scgi_temp_path {prefix}/scgi;
{http}
}}
""")
    process = subprocess.Popen([NGINX, "-p", str(prefix), "-c", str(config)], stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30  # bounds a broken start; nginx takes a moment even on a busy machine
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            if process.poll() is not None:
                pytest.fail(f"nginx exited: {(prefix / 'logs/error.log').read_text()}")
            time.sleep(0.05)
    process.kill()
    pytest.fail("nginx did not start")


@pytest.fixture
def start_server(tmp_path_factory):
    """Starts servers (`start_server(seed=True, timeout=2)`); each is stopped after the test, which fails if it
    did not exit 0."""
    started: list[Server] = []

    def start(**options) -> Server:
        server = Server(tmp_path_factory.mktemp("serve"), **options)
        started.append(server)
        Server.latest = server
        return server

    yield start
    for server in started:
        if getattr(server, "expect_killed", False):
            server.stop()
            continue
        assert server.stop() == 0, f"serve exited non-zero; log: {server.log_path.read_text()}"
        assert server.five_hundreds() == [], "the server answered 5xx"


@pytest.fixture
def server(start_server) -> Server:
    """A fresh server with an empty database."""
    return start_server()


def postgres_url() -> str:
    """The test cluster's URL ($LISTS_TEST_POSTGRES); fails where it is required (make test, CI), else skips."""
    url = os.environ.get("LISTS_TEST_POSTGRES")
    if not url:
        message = "LISTS_TEST_POSTGRES names no PostgreSQL server: this test needs one (make test starts one)"
        # make test and CI require it; a run by hand without a server skips it.
        if os.environ.get("LISTS_REQUIRE_POSTGRES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return url


def psql(url: str, command: str, check: bool = True) -> None:
    subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qc", command], check=check)


@pytest.fixture(scope="session")
def postgres_template(tmp_path_factory):
    """Makes, once per test process and seeding, a PostgreSQL database as a sign-up on a new server leaves it;
    answers (its name, its session cookie). Dropped at the end."""
    made: dict[tuple[bool, str], tuple[str, str]] = {}

    def template(seed: bool) -> tuple[str, str]:
        url = postgres_url()
        key = (seed, datetime.now(timezone.utc).date().isoformat())
        if key not in made:
            name = f"template_{uuid.uuid4().hex[:12]}"
            psql(url, f"CREATE DATABASE {name}")
            server = Server(tmp_path_factory.mktemp("template"), seed=seed, database=url.rsplit("/", 1)[0] + "/" + name)
            assert server.stop() == 0, f"serve exited non-zero; log: {server.log_path.read_text()}"
            made[key] = (name, server.cookie)
        return made[key]

    yield template
    for name, _ in made.values():
        psql(postgres_url(), f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", check=False)


def new_postgres_database(template, seed: bool):
    url = postgres_url()
    source, cookie = template(seed)
    name = "lists_" + uuid.uuid4().hex[:12]
    psql(url, f"CREATE DATABASE {name} TEMPLATE {source}")
    database = url.rsplit("/", 1)[0] + "/" + name
    Server.sessions[database] = cookie
    yield database
    psql(url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", check=False)


@pytest.fixture
def postgres_database(postgres_template):
    """A fresh database on the test cluster with USER signed up (a copy of a template), dropped afterwards."""
    yield from new_postgres_database(postgres_template, seed=False)


@pytest.fixture
def seeded_postgres_database(postgres_template):
    """As postgres_database, seeded with the tutorials' data."""
    yield from new_postgres_database(postgres_template, seed=True)


def seed_screens(server: Server) -> dict[str, str]:
    """Makes the seeded data look used, as the screenshots show it (Pear and Bread on the shopping list, the second
    task done), and answers the ids the screens' addresses need: `item` (Pear) and `sighting` (Pigeon)."""
    items = server.get_json("/api/v1/items")["items"]
    for item in items:
        if item["name"] in ("Pear", "Bread"):
            assert server.request("PATCH", f"/api/v1/items/{item['id']}", {"inShoppingList": True})[0] == 200
    task = server.get_json("/api/v1/tasks")["tasks"][1]
    assert server.request("PATCH", f"/api/v1/tasks/{task['id']}", {"done": True})[0] == 200
    return {"item": items[0]["id"], "sighting": server.get_json("/api/v1/sightings")["sightings"][0]["id"]}


# Page errors. Every browser context a test opens (through `new_page`, `browser.new_context`, a browser or a
# persistent context of its own) is watched, and the test fails on any uncaught exception in a page (`pageerror`)
# and on any console error but Chromium's reports of what the network did, which the tests make happen on purpose
# (a refused form answers 422, a signed-out poll 401, a journey offline has no network, a route aborts or answers
# 503, a page is opened under a name the server refuses, a proxy has a certificate of the test's own making):
# - "Failed to load resource: the server responded with a status of 422 (…)" or "…: net::ERR_…": a resource was
#   answered with an error status, or not answered;
# - "Refused to execute script from 'URL'" or "Refused to apply style from 'URL'" because its type is text/html, on
#   a page that was itself answered with an error status, or when URL was: the server refused the page and its
#   assets alike (a page opened under a name the server does not answer to), and its refusal came in place of the
#   script or style sheet (one answered with the wrong type on a page answered 200 still fails);
# - "An SSL certificate error occurred when fetching the script." and "An unknown error occurred when fetching
#   the script.": the fetch of the service worker's script failed below HTTP (a proxy whose certificate the test
#   made, which a context's `ignore_https_errors` does not cover; a connection cut as the page went on).
# What the server answered is the test's to check, and a 5xx it answered on its own fails the test anyway
# (`start_server`). A script's own error (an exception, a rejected promise nobody handles, `console.error`, a
# script or style the page's policy refused) always fails.
CONSOLE_ERROR_TYPES = {"error", "assert"}
NETWORK_FAILURE = re.compile(r"Failed to load resource: (the server responded with a status of \d{3}\b|net::ERR_)")
REFUSED_AS_HTML = re.compile(
    r"Refused to (?:execute script|apply style) from '([^']+)' because its MIME type \('text/html'\)")
WORKER_FETCH_FAILURE = re.compile(r"An (SSL certificate|unknown) error occurred when fetching the script\.$")


class PageErrors:
    """What the pages of one test did wrong (see above): uncaught exceptions and console errors that are not the
    network's."""

    def __init__(self):
        self.errors: list[str] = []
        # Scripts and style sheets refused as text/html, (their address, their page's, what the console said): an
        # error unless one of the two was answered with an error status, which is known once that answer has been
        # reported (a style sheet's may never be).
        self.refused: list[tuple[str, str, str]] = []
        self.statuses: dict[str, int] = {}

    def watch(self, context) -> None:
        """Records what `context`'s pages throw and say in their consoles, and the status of every answer."""

        def on_console(message):
            if message.type not in CONSOLE_ERROR_TYPES:
                return
            text = message.text
            if NETWORK_FAILURE.match(text) or WORKER_FETCH_FAILURE.match(text):
                return
            page = message.page.url if message.page else "a worker"
            description = f"console {message.type} on {page}: {text} ({message.location})"
            refused = REFUSED_AS_HTML.match(text)
            if refused:
                self.refused.append((refused.group(1), page, description))
            else:
                self.errors.append(description)

        def on_error(error):
            page = error.page.url if error.page else "a page"
            self.errors.append(f"page error on {page}: {error.error}\n{error.error.stack or ''}")

        context.on("response", lambda response: self.statuses.__setitem__(response.url, response.status))
        context.on("console", on_console)
        context.on("weberror", on_error)

    def take(self) -> list[str]:
        """The errors found so far, which are then forgotten."""
        found = self.errors + [
            description for asset, page, description in self.refused
            if max(self.statuses.get(asset, 0), self.statuses.get(page, 0)) < 400]
        self.errors, self.refused = [], []
        return found


PAGE_ERRORS = pytest.StashKey[PageErrors]()


@pytest.fixture(autouse=True)
def page_errors(request, monkeypatch):
    """Watches every browser context the test opens for page errors (see PageErrors), which fail it."""
    from playwright.sync_api import Browser, BrowserType

    errors = PageErrors()
    request.node.stash[PAGE_ERRORS] = errors
    new_context, new_page, launch_persistent_context = (
        Browser.new_context, Browser.new_page, BrowserType.launch_persistent_context)

    def watched_context(self, *args, **kwargs):
        context = new_context(self, *args, **kwargs)
        errors.watch(context)
        return context

    def watched_page(self, *args, **kwargs):
        page = new_page(self, *args, **kwargs)
        errors.watch(page.context)
        return page

    def watched_persistent_context(self, *args, **kwargs):
        context = launch_persistent_context(self, *args, **kwargs)
        errors.watch(context)
        return context

    monkeypatch.setattr(Browser, "new_context", watched_context)
    monkeypatch.setattr(Browser, "new_page", watched_page)
    monkeypatch.setattr(BrowserType, "launch_persistent_context", watched_persistent_context)
    yield errors
    # What came after the test's own body (a page closing): it fails here, at teardown.
    found = errors.take()
    assert not found, "\n".join(["the pages had errors:", *found])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """Fails a test whose pages had errors, once its body has run (see PageErrors)."""
    result = yield
    errors = item.stash.get(PAGE_ERRORS, None)
    found = errors.take() if errors else []
    if found:
        pytest.fail("\n".join(["the pages had errors:", *found]), pytrace=False)
    return result


@pytest.fixture(scope="session")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM)
    yield browser
    browser.close()


@pytest.fixture
def new_page(browser):
    """Opens a page at phone size in a context of its own (`new_page(javascript=False)`, `color_scheme="dark"`,
    `locale="de-DE"`, which is also the Accept-Language sent, `signed_in=False` for a browser with no cookie);
    all are closed after the test. Dialogs (alert) are recorded in `page.dialogs` and dismissed."""
    contexts = []

    def open_page(javascript: bool = True, color_scheme: str = "light", locale: str = "en-US",
                  signed_in: bool = True):
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, timezone_id="UTC",
            locale=locale, java_script_enabled=javascript, reduced_motion="reduce", color_scheme=color_scheme)
        context.set_default_timeout(STATE_TIMEOUT_MS)
        contexts.append(context)
        # Signed in to the server the test started last (another one's cookie: `server.sign_in_page(page)`).
        if signed_in and getattr(Server, "latest", None) is not None:
            Server.latest.sign_in_context(context)
        page = context.new_page()
        page.dialogs = []

        def on_dialog(dialog):
            page.dialogs.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", on_dialog)
        return page

    yield open_page
    for context in contexts:
        context.close()
