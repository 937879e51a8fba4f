"""The OpenAPI document says exactly what the API takes: requests it allows are accepted.

Schemathesis reads the document a live `lists serve` publishes, generates requests that the document allows for
every operation (and sequences of them: add, then change and delete what was added), sends them, and checks that
each is accepted and that each answer matches the document. Route tests in Swift check the answers the API tests
get against the same document; this checks the other direction.

Some rules cannot be written in JSON Schema and are left to the generator's hook below, which keeps what it
generates within them: a sighting's date lies between 1800 and tomorrow and a check-off's from 2000 (the document
says so in words), a quantity is read as Lists reads one (a count, an amount and a unit, or free text), a list moves
no further than the lists go, an item's category (or an aisle's) is one the household has (Produce, whose id every
household's defaults share: the document cannot say which ids a household holds), a task's to-do list is one the
household has (null: the first one, or the one it is on), and an import's body must be a file of one of the formats
(the import route is left out). A name another list has is 409, like a restore over a stored id. An answer of 412 (the record changed
since the version sent) or 404 (no such id) is about the data the server holds, not about the request's shape,
and is accepted as an answer to a well-formed request; so is 409 to a restore of a record whose id is stored again
(an add in the same run chose it). The requests carry an API token of the server's user, as the document's bearer
scheme says.
"""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from conftest import lists_binary

HOOKS = textwrap.dedent(
    '''
    from datetime import datetime, timezone

    import schemathesis


    @schemathesis.hook
    def map_body(context, body):
        """A sighting's date from 1800 to today and a check-off's from 2000, as the document's descriptions of the
        fields say; a quantity as Lists reads one; a list moved by no place (how far one can move depends on how
        many lists there are); a task on the household's first list, or the one it is on."""
        if not isinstance(body, dict):
            return body
        for key, earliest in (("date", 1800), ("checkedAt", 2000)):
            if not isinstance(body.get(key), str):
                continue
            try:
                date = datetime.fromisoformat(body[key].replace("Z", "+00:00"))
            except ValueError:
                continue
            if date.year < earliest or date >= datetime.now(timezone.utc).replace(microsecond=0):
                body[key] = "2026-01-15" + body[key][10:]
        if isinstance(body.get("quantity"), str):
            body["quantity"] = "2 packs"
        if "offset" in body:
            body["offset"] = 0
        if isinstance(body.get("category"), str):
            body["category"] = "0A15E500-0000-4000-8000-000000000001"
        if isinstance(body.get("list"), str):
            body["list"] = None
        return body
    '''
)

CONFIG = textwrap.dedent(
    """
    [checks.positive_data_acceptance]
    expected-statuses = ["2xx", "404", "409", "412"]

    # The coverage phase does not run the hook: an item's category it draws is an id of no category, which is
    # refused by name (422, field category), as the document's description of the field says.
    [[operations]]
    include-path-regex = "^/api/v1/items"
    checks.positive_data_acceptance.expected-statuses = ["2xx", "404", "409", "412", "422"]

    # Nor does it for a task's to-do list: an id of no list of the household is refused by name (422, field list).
    [[operations]]
    include-path-regex = "^/api/v1/tasks"
    checks.positive_data_acceptance.expected-statuses = ["2xx", "404", "409", "412", "422"]
    """
)


def test_requests_the_document_allows_are_accepted(server, tmp_path):
    (tmp_path / "lists_hooks.py").write_text(HOOKS)
    (tmp_path / "schemathesis.toml").write_text(CONFIG)
    schemathesis = Path(sys.executable).parent / "schemathesis"
    # A token of the server's signed-in user: schemathesis sends it as the document's bearer scheme says.
    token = subprocess.run(
        [str(lists_binary()), "--database", server.database, "tokens", "create", "schemathesis"],
        capture_output=True, text=True, check=True).stdout.strip()
    # The document is served to the signed-in only, as the whole API is: read it as the test's user.
    (tmp_path / "openapi.json").write_bytes(server.get_json_bytes("/api/v1/openapi.json"))
    env = dict(os.environ, SCHEMATHESIS_HOOKS="lists_hooks", PYTHONPATH=str(tmp_path), NO_COLOR="1")
    result = subprocess.run(
        [str(schemathesis), "--config-file", str(tmp_path / "schemathesis.toml"), "run",
         str(tmp_path / "openapi.json"), "--url", server.url,
         "--checks", "positive_data_acceptance,not_a_server_error,response_schema_conformance",
         "--mode", "positive", "--max-examples", "40", "--seed", "20261130",
         "--header", f"Authorization: Bearer {token}",
         # Uploads, and the event stream, which never ends.
         "--exclude-path", "/api/v1/import", "--exclude-path", "/api/v1/events"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "No issues found" in result.stdout or "passed" in result.stdout, result.stdout[-3000:]
