"""Pages and assets are sent gzipped to a client that takes gzip (every browser): Python's own gzip reads back
exactly the bytes sent to a client that does not, for every asset and for pages small and large."""
import gzip
import random
import string


def fetch(server, path, gzip_too):
    headers = {"Accept-Encoding": "gzip, deflate, br"} if gzip_too else {}
    return server.request("GET", path, headers=headers)


def test_assets_are_gzipped_and_read_back_exactly(server):
    for path in ("/static/app.js", "/static/app.css", "/static/icon.svg", "/static/manifest.webmanifest", "/sw.js"):
        status, plain_headers, plain = fetch(server, path, False)
        assert status == 200 and "content-encoding" not in plain_headers
        status, headers, body = fetch(server, path, True)
        assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
        assert gzip.decompress(body) == plain, path
        assert len(body) < len(plain) * (0.5 if len(plain) > 10_000 else 0.9), (path, len(body), len(plain))
        # The gzipped answer's tag is weak, and either form is current.
        assert headers["etag"] == "W/" + plain_headers["etag"]
        assert server.request("GET", path, headers={"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]}
                              )[0] == 304
    # PNG is compressed already: sent as it is.
    status, headers, _ = fetch(server, "/static/icon-192.png", True)
    assert status == 200 and "content-encoding" not in headers


def test_a_large_page_of_any_text_reads_back_exactly(server):
    # Names with repeats near and far (up to the whole window and beyond) and text that does not repeat at all.
    rng = random.Random(20261201)
    words = ["Milk", "Bread", "Äpfel", "Birnen", "茶", "🍐 pear", "x" * 150]
    for number in range(1200):
        if number % 3 == 0:
            name = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(rng.randint(1, 120)))
        else:
            name = f"{rng.choice(words)} {number}"
        assert server.request("POST", "/api/v1/items", {"name": name})[0] == 201
    for path in ("/shopping", "/shopping?page=2", "/"):
        status, _, plain = server.request("GET", path)
        assert status == 200
        _, headers, body = fetch(server, path, True)
        assert headers["content-encoding"] == "gzip"
        unzipped = gzip.decompress(body)
        # The add form chooses a new id at each drawing: the rest is the same bytes.
        assert len(unzipped) == len(plain)
        assert [line for line in unzipped.splitlines() if b'name="id"' not in line] == \
            [line for line in plain.splitlines() if b'name="id"' not in line]


def test_a_client_that_refuses_gzip_gets_it_plain(server):
    for encoding in ("gzip;q=0", "identity", "br"):
        status, headers, _ = server.request("GET", "/static/app.js", headers={"Accept-Encoding": encoding})
        assert status == 200 and "content-encoding" not in headers, encoding
