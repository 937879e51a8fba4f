"""A live `lists serve` against hostile clients on the network: pages that rebind their own name to the server
(DNS rebinding), and one client trying to hold every connection (slowloris, silent connections).

Loopback only: every 127.x.y.z address is this machine, so a test is several clients at once by binding its
sockets to different ones. Each test is bounded in time and in connections.
"""

import http.client
import json
import os
import socket
import time

import pytest

from conftest import CHROMIUM, Server, lists_binary


def request(port, method, path, host, body=None, headers=None, source="127.0.0.1"):
    """One request with the given `Host` from the loopback address `source`: (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host)
        headers = dict(headers or {})
        if getattr(Server, "latest", None) is not None and Server.latest.port == port:
            headers.setdefault("Cookie", Server.latest.cookie)
        for name, value in headers.items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


# ---------------------------------------------------------------------------------------------------------
# DNS rebinding


def test_a_foreign_host_can_neither_read_nor_change(start_server):
    server = start_server(seed=True)
    before = server.snapshot()
    task_id = server.get_json("/api/v1/tasks")["tasks"][0]["id"]
    evil = "evil.example:%d" % server.port
    status, headers, body = request(server.port, "GET", "/api/v1/export", evil)
    assert status == 421
    assert b"Walk the dogs" not in body
    assert json.loads(body)["error"]["code"] == "unknown_host"
    assert headers["content-security-policy"].startswith("default-src 'self'")
    form = {"Origin": "http://" + evil, "Content-Type": "application/x-www-form-urlencoded"}
    assert request(server.port, "POST", "/todo/tasks", evil, b"title=Pwned", form)[0] == 421
    assert request(server.port, "DELETE", "/api/v1/tasks/" + task_id, evil, headers={"Origin": "http://" + evil})[0] == 421
    assert server.snapshot() == before
    # The server's own names still work.
    for host in ("127.0.0.1:%d" % server.port, "localhost:%d" % server.port, "LOCALHOST"):
        assert request(server.port, "GET", "/api/v1/tasks", host)[0] == 200


def test_names_the_operator_allows_are_answered(start_server, tmp_path):
    server = start_server(options=["--allowed-host", "lists.home.arpa", "--allowed-host", "nas.local"])
    for host in ("lists.home.arpa", "NAS.local:8080", "lists.home.arpa."):
        assert request(server.port, "GET", "/healthz", host)[0] == 200, host
    assert request(server.port, "GET", "/healthz", "other.home.arpa")[0] == 421
    # A form posted from the allowed name's own page is accepted.
    origin = {"Origin": "http://lists.home.arpa", "Content-Type": "application/x-www-form-urlencoded"}
    assert request(server.port, "POST", "/todo/tasks", "lists.home.arpa", b"title=Mine", origin)[0] == 303


def test_allowed_hosts_come_from_the_environment_too(tmp_path):
    import subprocess, re, select
    env = dict(os.environ, LISTS_ALLOWED_HOSTS="lists.home.arpa, kitchen.local")
    process = subprocess.Popen(
        [str(lists_binary()), "serve", "--port", "0", "--no-seed", "--quiet", "--database", str(tmp_path / "db.sqlite")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        ready, _, _ = select.select([process.stdout], [], [], 15)
        assert ready
        port = int(re.search(rb":(\d+)/", process.stdout.readline()).group(1))
        assert request(port, "GET", "/healthz", "kitchen.local")[0] == 200
        assert request(port, "GET", "/healthz", "lists.home.arpa:443")[0] == 200
        assert request(port, "GET", "/healthz", "evil.example")[0] == 421
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_an_allowed_host_must_be_a_name(tmp_path):
    import subprocess
    result = subprocess.run(
        [str(lists_binary()), "serve", "--port", "0", "--allowed-host", "http://lists.example:80",
         "--database", str(tmp_path / "db.sqlite")], capture_output=True, text=True, timeout=15)
    assert result.returncode == 2
    assert "--allowed-host must be a host name" in result.stderr


def test_a_page_opened_under_a_rebound_name_gets_nothing(server, playwright):
    """Chromium resolving `evil.example` to 127.0.0.1, as a rebinding DNS server makes it: the page is refused
    with the message, and a script on it can fetch no list."""
    server.request("POST", "/api/v1/tasks", {"title": "Secret"})
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, args=["--host-resolver-rules=MAP evil.example 127.0.0.1"])
    try:
        page = browser.new_page()
        response = page.goto(f"http://evil.example:{server.port}/todo")
        assert response.status == 421
        assert "does not answer to the host" in page.content()
        assert "Secret" not in page.content()
        fetched = page.evaluate("fetch('/api/v1/tasks').then(r => r.status + ' ' + r.statusText)")
        assert fetched.startswith("421")
    finally:
        browser.close()
    assert [task["title"] for task in server.get_json("/api/v1/tasks")["tasks"]] == ["Secret"]


# ---------------------------------------------------------------------------------------------------------
# One client holding the connections


def hold(port, count, source, first_line=b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"):
    """Opens `count` connections from `source` that each send `first_line` and no end of head."""
    sockets = []
    for _ in range(count):
        held = socket.socket()
        held.bind((source, 0))
        held.settimeout(2)
        try:
            held.connect(("127.0.0.1", port))
            if first_line:
                held.sendall(first_line)
        except OSError:
            held.close()
            continue
        sockets.append(held)
    return sockets


def still_open(sockets):
    """The sockets the server has neither answered nor closed."""
    alive = []
    for held in sockets:
        held.setblocking(False)
        try:
            if held.recv(1):
                continue
        except BlockingIOError:
            alive.append(held)
        except OSError:
            pass
    return alive


def get(port):
    """A normal client's GET of the tasks, from 127.0.0.1: its status."""
    return request(port, "GET", "/api/v1/tasks", "127.0.0.1:%d" % port, source="127.0.0.1")[0]


def wait_for(condition, failure, timeout=30):
    """Waits for a state of the server's sockets; `timeout` bounds a broken case, it is no speed asked for."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.02)


HEAD_TIMEOUT = 3  # the slowloris server's --head-timeout, seconds


def test_slowloris_holds_no_more_than_its_share_and_others_are_answered(start_server):
    server = start_server(options=["--connections-per-client", "50", "--head-timeout", str(HEAD_TIMEOUT)])
    opened = time.monotonic()
    attacker = hold(server.port, 400, "127.0.0.2")
    try:
        # The server takes the attacker's share and closes the rest (the deadline of the head is not near yet).
        wait_for(lambda: len(still_open(attacker)) <= 50, "the attacker holds more than its share")
        assert len(still_open(attacker)) == 50
        # A normal client is answered while the attacker holds its share.
        assert get(server.port) == 200
        assert len(still_open(attacker)) == 50, "a normal client was answered only once the attacker's were cut"
        # A header line every 0.5 s: never idle, so only the deadline for the whole head ends these connections;
        # others are answered all along.
        first_cut = None
        while remaining := still_open(attacker):
            assert time.monotonic() - opened < 60, "trickling connections were never cut"
            if len(remaining) < 50 and first_cut is None:
                first_cut = time.monotonic()
            for held in attacker:
                try:
                    held.send(b"X-Trickle: 1\r\n")
                except OSError:
                    pass
            assert get(server.port) == 200
            time.sleep(0.5)
        # …and none before that deadline, counted from before they were opened.
        first_cut = first_cut or time.monotonic()
        assert first_cut - opened >= HEAD_TIMEOUT, f"cut {first_cut - opened:.1f} s after they were opened"
    finally:
        for held in attacker:
            held.close()
    server.assert_healthy()


def test_a_thousand_silent_connections_from_one_address_block_no_one(start_server):
    # Silent connections are cut at the head's deadline (10 s by default), long after the normal client's requests.
    server = start_server(options=["--connections-per-client", "64"])
    silent = hold(server.port, 1000, "127.0.0.3", first_line=None)
    try:
        wait_for(lambda: len(still_open(silent)) <= 64, "one address holds more than its share")
        assert len(still_open(silent)) == 64
        for _ in range(10):
            assert get(server.port) == 200
        assert len(still_open(silent)) == 64, "a normal client was answered only once the silent ones were cut"
    finally:
        for held in silent:
            held.close()
    server.assert_healthy()
