"""What a live `lists serve` does with bad clients, over raw sockets: every bad request gets its 4xx (or is cut
off by the timeout), changes nothing (the collections' JSON is byte for byte the same after), never gets a
5xx, and the server answers the next request. Also: stalled clients, many clients at once, SIGTERM with a
request in flight.
"""

import json
import signal
import socket
import threading
import time
import uuid

import pytest

from conftest import Server

TIMEOUT = 2  # the server's --timeout for these tests, seconds
# The session cookie of the module's server, sent with every request `request` makes unless told otherwise.
SESSION: dict[str, str] = {}


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """One seeded server for the module (bad requests change nothing, so they can share it)."""
    server = Server(tmp_path_factory.mktemp("robust"), seed=True, timeout=TIMEOUT)
    SESSION["cookie"] = server.cookie
    yield server
    assert server.stop() == 0
    assert server.five_hundreds() == [], "the server answered 5xx"


def exchange(port: int, data: bytes, *, wait: float = 5) -> tuple[int | None, dict, bytes]:
    """Sends `data` and reads until the server closes: (status or None when it answered nothing, headers, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as connection:
        connection.sendall(data)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    return parse(received)


def parse(received: bytes) -> tuple[int | None, dict, bytes]:
    if not received:
        return None, {}, b""
    head, _, body = received.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def request(method: str, path: bytes | str, body: bytes = b"", content_type: str | None = None, **headers) -> bytes:
    """A raw HTTP/1.1 request that asks the server to close the connection after answering."""
    if isinstance(path, str):
        path = path.encode()
    lines = [method.encode() + b" " + path + b" HTTP/1.1", b"Host: 127.0.0.1", b"Connection: close"]
    if content_type:
        lines.append(b"Content-Type: " + content_type.encode())
    if body or method in ("POST", "PATCH", "PUT"):
        lines.append(b"Content-Length: " + str(len(body)).encode())
    if "Cookie" not in headers and "cookie" not in headers and SESSION:
        headers = {**headers, "Cookie": SESSION["cookie"]}
    for name, value in headers.items():
        lines.append(name.replace("_", "-").encode() + b": " + (value if isinstance(value, bytes) else value.encode()))
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def api(method, path, body, content_type="application/json", **headers):
    if not isinstance(body, bytes):
        body = json.dumps(body).encode()
    return request(method, path, body, content_type, **headers)


def form(path, body: bytes, **headers):
    return request("POST", path, body, "application/x-www-form-urlencoded", **headers)


NO_SUCH = str(uuid.uuid4()).upper()

# (id, request with {item}/{task}/{sighting} standing for a stored record's id, expected status)
BAD_REQUESTS = [
    # Malformed JSON.
    ("json-truncated", api("POST", "/api/v1/items", b'{"name": "Milk", "price": 1.99'), 400),
    ("json-array", api("POST", "/api/v1/tasks", b"[]"), 400),
    ("json-string", api("POST", "/api/v1/tasks", b'"Walk"'), 400),
    ("json-null", api("POST", "/api/v1/tasks", b"null"), 400),
    ("json-empty", api("POST", "/api/v1/tasks", b""), 400),
    ("json-trailing-garbage", api("POST", "/api/v1/tasks", b'{"title": "x"} {"title": "y"}'), 400),
    ("json-deeply-nested", api("POST", "/api/v1/tasks", b"[" * 30000 + b"]" * 30000), 400),
    ("json-single-quotes", api("PATCH", "/api/v1/items/{item}", b"{'name': 'x'}"), 400),
    # Wrong types and values.
    ("item-name-number", api("POST", "/api/v1/items", {"name": 5, "price": 1}), 422),
    ("item-price-string", api("POST", "/api/v1/items", {"name": "Milk", "price": "1.99"}), 422),
    ("item-price-three-decimals", api("POST", "/api/v1/items", {"name": "Milk", "price": 1.999}), 422),
    ("item-price-negative", api("POST", "/api/v1/items", {"name": "Milk", "price": -1}), 422),
    ("item-price-too-large", api("POST", "/api/v1/items", {"name": "Milk", "price": 1e12}), 422),
    ("item-on-list-string", api("POST", "/api/v1/items", {"name": "Milk", "inShoppingList": "yes"}), 422),
    ("item-name-empty", api("POST", "/api/v1/items", {"name": "  "}), 422),
    ("item-name-too-long", api("POST", "/api/v1/items", {"name": "x" * 201}), 422),
    ("item-name-control", api("POST", "/api/v1/items", {"name": "Mi\u0007lk"}), 422),
    ("item-missing-name", api("POST", "/api/v1/items", {"price": 1}), 422),
    ("item-patch-price-object", api("PATCH", "/api/v1/items/{item}", {"price": {"amount": 1}}), 422),
    ("task-title-bool", api("POST", "/api/v1/tasks", {"title": True}), 422),
    ("task-done-string", api("POST", "/api/v1/tasks", {"title": "x", "done": "yes"}), 422),
    ("task-patch-title-null", api("PATCH", "/api/v1/tasks/{task}", {"title": None}), 422),
    ("sighting-date-words", api("POST", "/api/v1/sightings", {"name": "Robin", "date": "yesterday"}), 422),
    ("sighting-date-number", api("POST", "/api/v1/sightings", {"name": "Robin", "date": 12345}), 422),
    ("sighting-date-not-a-day", api("POST", "/api/v1/sightings", {"name": "Robin", "date": "2026-02-30T12:00:00Z"}), 422),
    ("sighting-date-future", api("POST", "/api/v1/sightings", {"name": "Robin", "date": "2999-01-01T12:00:00Z"}), 422),
    ("sighting-location-number", api("POST", "/api/v1/sightings", {"name": "Robin", "location": 5}), 422),
    # Unknown fields.
    ("item-unknown-field", api("POST", "/api/v1/items", {"name": "Milk", "colour": "white"}), 422),
    ("item-patch-unknown-field", api("PATCH", "/api/v1/items/{item}", {"id": NO_SUCH}), 422),
    ("task-unknown-field", api("POST", "/api/v1/tasks", {"title": "x", "priority": 1}), 422),
    ("sighting-unknown-field", api("POST", "/api/v1/sightings", {"name": "Robin", "species": "x"}), 422),
    # Invalid UTF-8 in the body, the path, a header, the query.
    ("json-not-utf8", api("POST", "/api/v1/tasks", b'{"title": "\xff\xfe"}'), 400),
    ("form-not-utf8-raw", form("/todo/tasks", b"title=\xff\xfe"), 400),
    ("form-not-utf8-escaped", form("/todo/tasks", b"title=%FF%FE"), 400),
    ("form-bad-escape", form("/todo/tasks", b"title=%G1"), 400),
    ("path-not-utf8-raw", request("GET", b"/api/v1/items/\xff"), 400),
    ("path-not-utf8-escaped", request("GET", b"/todo/%FF"), 400),
    ("header-not-utf8", request("GET", "/api/v1/tasks", X_Note=b"\xff"), 400),
    ("query-not-utf8", request("GET", "/api/v1/tasks?limit=%FF"), 400),
    # Content-Type missing or wrong.
    ("api-no-content-type", api("POST", "/api/v1/items", {"name": "Milk"}, content_type=None), 415),
    ("api-text-plain", api("POST", "/api/v1/tasks", {"title": "x"}, content_type="text/plain"), 415),
    ("api-form", api("POST", "/api/v1/tasks", b"title=x", content_type="application/x-www-form-urlencoded"), 415),
    ("api-patch-no-content-type", api("PATCH", "/api/v1/tasks/{task}", {"done": True}, content_type=None), 415),
    ("page-json", api("POST", "/todo/tasks", {"title": "x"}), 415),
    ("page-no-content-type", request("POST", "/shopping/new", b"name=Milk"), 415),
    ("page-multipart", request("POST", "/todo/tasks", b"--b--", "multipart/form-data; boundary=b"), 415),
    # Methods a path does not take.
    ("method-unknown", request("BREW", "/api/v1/items"), 405),
    ("method-put", api("PUT", "/api/v1/items/{item}", {"name": "x"}), 405),
    ("method-delete-collection", request("DELETE", "/api/v1/tasks"), 405),
    ("method-post-health", request("POST", "/healthz", b"{}", "application/json"), 405),
    ("method-patch-shopping-list", api("PATCH", "/api/v1/shopping-list", {}), 405),
    ("method-delete-page", request("DELETE", "/shopping"), 405),
    # Routes that do not exist.
    ("route-api", request("GET", "/api/v1/nothing"), 404),
    ("route-api-version", api("POST", "/api/v2/tasks", {"title": "x"}), 404),
    ("route-page", request("GET", "/nothing"), 404),
    ("route-too-deep", request("GET", "/api/v1/items/{item}/more"), 404),
    ("record-missing", request("GET", f"/api/v1/items/{NO_SUCH}"), 404),
    ("record-missing-delete", request("DELETE", f"/api/v1/tasks/{NO_SUCH}"), 404),
    ("record-missing-patch", api("PATCH", f"/api/v1/sightings/{NO_SUCH}", {"name": "x"}), 404),
    ("page-record-missing", form(f"/todo/tasks/{NO_SUCH}/toggle", b"version=1"), 404),
    ("page-id-malformed", request("GET", "/birds/not-an-id"), 404),
    # Malformed ids.
    ("id-number", request("GET", "/api/v1/items/123"), 400),
    ("id-words", api("PATCH", "/api/v1/tasks/not-a-uuid", {"done": True}), 400),
    ("id-short", request("DELETE", "/api/v1/sightings/ABCD"), 400),
    ("id-too-long", request("GET", "/api/v1/items/{item}0"), 400),
    ("id-escaped-dots", request("GET", "/api/v1/items/%2e%2e%2fitems"), 404),  # decoded: /items/../items
    # Bad parameters and headers.
    ("limit-zero", request("GET", "/api/v1/items?limit=0"), 400),
    ("limit-words", request("GET", "/api/v1/tasks?limit=all"), 400),
    ("cursor-garbage", request("GET", "/api/v1/sightings?cursor=xyz"), 400),
    ("if-match-garbage", api("PATCH", "/api/v1/items/{item}", {"price": 1}, If_Match="soon"), 400),
    ("if-match-stale", api("PATCH", "/api/v1/items/{item}", {"price": 1}, If_Match='"99"'), 412),
    ("delete-if-match-stale", request("DELETE", "/api/v1/tasks/{task}", If_Match='"99"'), 412),
    ("form-version-garbage", form("/todo/tasks/{task}/toggle", b"version=x"), 400),
    ("form-version-stale", form("/todo/tasks/{task}/delete", b"version=99"), 409),
    ("form-invalid-price", form("/shopping/new", b"name=Milk&price=abc"), 422),
    # Posts from another site.
    ("cross-site-origin", form("/todo/tasks", b"title=x", Origin="http://evil.example"), 403),
    ("cross-site-fetch", form("/shopping/new", b"name=x", Sec_Fetch_Site="cross-site"), 403),
    ("cross-site-api-delete", request("DELETE", "/api/v1/items/{item}", Origin="http://evil.example"), 403),
    ("cross-site-null-origin", form("/todo/tasks", b"title=x", Origin="null"), 403),
]

STATIC_ESCAPES = [
    "/static/..",
    "/static/../Package.swift",
    "/static/../../../../etc/passwd",
    "/static/%2e%2e/%2e%2e/etc/passwd",
    "/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/static/..%2fPackage.swift",
    "/static/app.js/..",
    "/static/app.js/../../Makefile",
    "/static/.%2e/README.md",
    "/static//etc/passwd",
    "/static/%2fetc%2fpasswd",
    "/static/..\\..\\Package.swift",
]


def records(server: Server) -> dict[str, str]:
    item = server.get_json("/api/v1/items")["items"][0]["id"]
    task = server.get_json("/api/v1/tasks")["tasks"][0]["id"]
    sighting = server.get_json("/api/v1/sightings")["sightings"][0]["id"]
    return {"item": item, "task": task, "sighting": sighting}


def fill(data: bytes, ids: dict[str, str]) -> bytes:
    for name, value in ids.items():
        data = data.replace(b"{" + name.encode() + b"}", value.encode())
    return data


def signed_in(data: bytes) -> bytes:
    """`data` with the module server's session cookie after its first line, unless it has a cookie (the cases are
    made when the module is loaded, before the server signs in)."""
    if b"\r\nCookie:" in data or b"\r\n" not in data or not SESSION:
        return data
    return data.replace(b"\r\n", b"\r\nCookie: " + SESSION["cookie"].encode() + b"\r\n", 1)


@pytest.mark.parametrize("data, expected", [case[1:] for case in BAD_REQUESTS], ids=[case[0] for case in BAD_REQUESTS])
def test_bad_request_is_refused_and_changes_nothing(live, data, expected):
    before = live.snapshot()
    data = signed_in(fill(data, records(live)))
    status, headers, body = exchange(live.port, data)
    assert status == expected, body[:300]
    path = data.split(b" ", 2)[1]
    if path.startswith(b"/api/"):
        assert headers["content-type"].startswith("application/json")
        error = json.loads(body)["error"]
        assert error["code"] and error["message"]
    if expected == 405:
        assert headers["allow"]
    assert live.snapshot() == before
    live.assert_healthy()


@pytest.mark.parametrize("path", STATIC_ESCAPES)
def test_static_paths_never_leave_the_assets(live, path):
    status, headers, body = exchange(live.port, request("GET", path))
    assert status == 404
    assert headers["content-type"].startswith("text/html")
    for leaked in [b"root:", b"swift-tools-version", b"use strict", b"Lists: `make run`", b"# Lists"]:
        assert leaked not in body
    # The real asset is there, so the 404s are not the whole of /static being missing.
    assert exchange(live.port, request("GET", "/static/app.js"))[0] == 200
    live.assert_healthy()


def test_body_over_the_limit_is_refused_before_it_is_read(live):
    before = live.snapshot()
    megabyte = b'{"title": "' + b"x" * 1_000_000 + b'"}'
    with socket.create_connection(("127.0.0.1", live.port), timeout=5) as connection:
        connection.sendall(request("POST", "/api/v1/tasks", b"", "application/json").replace(
            b"Content-Length: 0", b"Content-Length: " + str(len(megabyte)).encode()))
        # The declared length is enough: the 413 comes before a byte of the body is sent.
        answer = connection.recv(65536)
    status, _, body = parse(answer)
    assert status == 413
    assert json.loads(body)["error"]["code"] == "too_large"
    assert live.snapshot() == before
    live.assert_healthy()


def test_chunked_body_over_the_limit_gets_413(live):
    before = live.snapshot()
    chunk = b"x" * 10_000
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(100)) + b"0\r\n\r\n"
    head = request("POST", "/api/v1/tasks", b"", "application/json").replace(
        b"Content-Length: 0", b"Transfer-Encoding: chunked")
    status, _, answer = exchange(live.port, head + body)
    assert status == 413
    assert json.loads(answer)["error"]["code"] == "too_large"
    assert live.snapshot() == before
    live.assert_healthy()


def test_an_escaped_nul_in_a_path_reaches_no_file(live):
    """libmicrohttpd decodes %00 and hands the path over as a C string, so the path ends there: `app.js%00.png`
    is app.js (see the known limit in docs/operating.md). What matters is that it is the compiled-in asset, as
    itself."""
    status, headers, body = exchange(live.port, request("GET", "/static/app.js%00.png"))
    real = exchange(live.port, request("GET", "/static/app.js"))
    assert (status, headers["content-type"], body) == (200, real[1]["content-type"], real[2])
    assert headers["x-content-type-options"] == "nosniff"
    assert exchange(live.port, request("GET", "/static/%00../../etc/passwd"))[0] == 404
    live.assert_healthy()


def test_garbage_request_line_is_refused_or_dropped(live):
    for garbage in [b"GARBAGE\r\n\r\n", b"\x00\x01\x02\r\n\r\n", b"GET\r\n\r\n", b"GET /\r\n\r\n"]:
        status, _, _ = exchange(live.port, garbage)
        assert status is None or 400 <= status < 500, garbage
        live.assert_healthy()
    # An HTTP version it does not speak is the one 5xx the protocol prescribes (505, from libmicrohttpd).
    assert exchange(live.port, b"GET / HTTP/9.9\r\nHost: x\r\n\r\n")[0] == 505
    live.assert_healthy()


@pytest.mark.parametrize("stop_after", ["in-the-head", "in-the-body"])
def test_stalled_client_is_cut_off_while_others_are_served(live, stop_after):
    before = live.snapshot()
    body = json.dumps({"title": "never finished"}).encode()
    whole = request("POST", "/api/v1/tasks", body, "application/json")
    partial = whole[: whole.index(b"Connection")] if stop_after == "in-the-head" else whole[:-5]
    # 60 s bounds a server that never cuts it off; it is no speed asked for.
    with socket.create_connection(("127.0.0.1", live.port), timeout=60) as stalled:
        stalled.sendall(partial)
        started = time.monotonic()
        # Meanwhile others are served: while the stalled one is held, not once it is cut off.
        for _ in range(3):
            live.assert_healthy()
        assert is_held(stalled), "the others were served only once the stalled client was cut off"
        assert stalled.recv(65536) == b""  # closed by the server, with no answer
        waited = time.monotonic() - started
    # Cut off by its timeout, not before.
    assert waited >= TIMEOUT - 0.5
    assert live.snapshot() == before
    live.assert_healthy()


def is_held(connection: socket.socket) -> bool:
    """Whether the server has neither answered nor closed `connection` (read without waiting)."""
    connection.setblocking(False)
    try:
        connection.recv(1, socket.MSG_PEEK)  # an answer, or the end: not held
        return False
    except BlockingIOError:
        return True
    finally:
        connection.setblocking(True)
        connection.settimeout(60)


def refuses_connections(port: int) -> bool:
    """Whether the server takes no new connection: refused, or reset when the listening socket closes while the
    probe waits in its queue (which happens when the probe comes in the moment the server stops listening)."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
        return False
    except (ConnectionRefusedError, ConnectionResetError):
        return True


def test_many_clients_at_once(live):
    before_tasks = live.get_json("/api/v1/tasks")["tasks"]
    results: list[tuple[str, int | None]] = []
    lock = threading.Lock()

    def client(number: int):
        kinds = [
            ("get", request("GET", "/api/v1/items")),
            ("bad", api("POST", "/api/v1/items", b"{not json")),
            ("page", request("GET", "/shopping")),
            ("add", api("POST", "/api/v1/tasks", {"title": f"Concurrent {number}"})),
        ]
        kind, data = kinds[number % len(kinds)]
        status, _, _ = exchange(live.port, data, wait=15)
        with lock:
            results.append((kind, status))

    threads = [threading.Thread(target=client, args=(number,)) for number in range(64)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    expected = {"get": 200, "bad": 400, "page": 200, "add": 201}
    assert len(results) == 64
    assert [(kind, status) for kind, status in results if status != expected[kind]] == []
    # Every add was stored exactly once, after what was there.
    tasks = live.get_json("/api/v1/tasks")["tasks"]
    assert tasks[: len(before_tasks)] == before_tasks
    added = sorted(task["title"] for task in tasks[len(before_tasks):])
    assert added == sorted(f"Concurrent {number}" for number in range(64) if number % 4 == 3)
    for task in tasks[len(before_tasks):]:
        assert live.request("DELETE", f"/api/v1/tasks/{task['id']}")[0] == 204
    live.assert_healthy()


def test_sigterm_lets_the_request_in_flight_finish(start_server):
    server = start_server()
    body = json.dumps({"title": "Finished after SIGTERM"}).encode()
    # Expect: 100-continue makes the server say when it has read the head.
    whole = request("POST", "/api/v1/tasks", body, "application/json", Cookie=server.cookie, Expect="100-continue")
    head = whole[: len(whole) - len(body)]
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        connection.sendall(head)
        # The head is read: the request is in flight, and part of its body on the way.
        assert connection.recv(65536).startswith(b"HTTP/1.1 100 "), "the server did not ask for the body"
        connection.sendall(body[:-10])
        server.process.send_signal(signal.SIGTERM)
        # The server stops taking connections at once, and waits for the request in flight.
        deadline = time.monotonic() + 15
        while not refuses_connections(server.port):
            assert time.monotonic() < deadline, "the server still takes connections after SIGTERM"
            time.sleep(0.02)
        assert server.process.poll() is None, "the server stopped with a request in flight"
        connection.sendall(body[-10:])
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    status, _, answer = parse(received)
    assert status == 201
    assert json.loads(answer)["title"] == "Finished after SIGTERM"
    assert server.process.wait(timeout=10) == 0
    # New connections are refused once it stops taking them.
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", server.port), timeout=2).close()
