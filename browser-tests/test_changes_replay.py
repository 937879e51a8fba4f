"""Changes kept on a device and sent later (`POST /api/v1/changes`) on a live server, on SQLite and on PostgreSQL:
the same queued add sent three times makes one record, and a queue of 10,000 changes sent in batches all lands, in
order."""
import uuid

import pytest


@pytest.fixture(params=["sqlite", "postgres"])
def store_server(request, start_server):
    if request.param == "sqlite":
        return start_server()
    return start_server(database=request.getfixturevalue("postgres_database"))


def send(server, changes):
    status, _, body = server.request("POST", "/api/v1/changes", {"changes": changes}, timeout=120)
    assert status == 200, body
    import json
    return json.loads(body)["results"]


def test_a_queued_add_sent_three_times_makes_one_record(store_server):
    add = {"key": "k1", "kind": "task", "op": "add", "id": str(uuid.uuid4()), "fields": {"title": "Buy milk"}}
    outcomes = [result["outcome"] for _ in range(3) for result in send(store_server, [add])]
    assert outcomes == ["applied", "already", "already"]
    assert [task["title"] for task in store_server.get_json("/api/v1/tasks")["tasks"]] == ["Buy milk"]


def test_ten_thousand_queued_changes_land_in_order(store_server):
    ids = [str(uuid.uuid4()) for _ in range(10_000)]
    changes = [{"key": str(number), "kind": "task", "op": "add", "id": ids[number],
                "fields": {"title": f"Queued {number:05}"}} for number in range(10_000)]
    # Every tenth one is then checked off, in the same queue: it must come after its add.
    changes += [{"key": f"done {number}", "kind": "task", "op": "update", "id": ids[number],
                 "fields": {"done": True}, "base": {"done": False}} for number in range(0, 10_000, 10)]
    outcomes = []
    for start in range(0, len(changes), 500):
        outcomes += [result["outcome"] for result in send(store_server, changes[start:start + 500])]
    assert outcomes == ["applied"] * len(changes)
    tasks = store_server.all_records("/api/v1/tasks", "tasks")
    assert [task["title"] for task in tasks] == [f"Queued {number:05}" for number in range(10_000)]
    assert [task["id"].lower() for task in tasks] == ids
    assert [number for number, task in enumerate(tasks) if task["done"]] == list(range(0, 10_000, 10))
