"""``/v1/analysis/batch``: many positions, in order, bad ones as error entries."""

from __future__ import annotations

import pytest

from igisoro_service import create_app

from igisoro_testing.positions import ISOLO, START

FR = "igisoro-fr 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s"


def test_results_in_order_and_equal_to_single_requests(client):
    positions = [START, ISOLO, FR, START]
    r = client.post("/v1/analysis/batch", json={"positions": positions, "depth": 3, "multipv": 2})
    assert r.status_code == 200, r.json
    body = r.json
    assert body["count"] == 4 and body["errors"] == 0 and body["partial"] is False
    assert body["limits"] == {"depth": 3, "nodes": None, "time_ms": None, "multipv": 2}
    for i, (item, pos) in enumerate(zip(body["results"], positions)):
        single = client.post("/v1/evaluate", json={"position": pos, "depth": 3, "multipv": 2}).json
        assert item["index"] == i
        for key in ("position", "best_move", "score", "pv", "lines", "depth", "nodes", "stopped_by"):
            assert item[key] == single[key], (i, key)


def test_bad_items_are_errors_in_place(client, unexpected_errors):
    positions = [START, "junk", {"variant": "igisoro"}, 42, "x" * 2000, ISOLO,
                 {"variant": "igisoro", "pits": [[4] * 8] * 4, "to_move": "south", "rules": 3}]
    r = client.post("/v1/analysis/batch", json={"positions": positions, "depth": 2})
    assert r.status_code == 200
    results = r.json["results"]
    assert [x["index"] for x in results] == list(range(len(positions)))
    assert ["error" in x for x in results] == [False, True, True, True, True, False, True]
    assert r.json["errors"] == 5
    assert results[1]["error"]["type"] == "urn:igisoro:problem:unknown-variant"
    assert results[2]["error"]["type"] == "urn:igisoro:problem:invalid-position"
    for i in (3, 4):
        assert results[i]["error"]["type"] == "urn:igisoro:problem:validation-error"
        assert results[i]["error"]["status"] == 422 and f"positions[{i}]" in results[i]["error"]["errors"]
    # Read by the batch pipeline (igisoro.batch, as jobs read it): the
    # engine's reader refuses a non-object ``rules`` and names it.
    assert results[6]["error"]["type"] == "urn:igisoro:problem:invalid-position"
    assert results[6]["error"]["status"] == 422 and "positions[6].rules" in results[6]["error"]["errors"]
    assert "rules must be an object" in results[6]["error"]["detail"]
    assert unexpected_errors == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"positions": []}, "positions"),
        ({"positions": [START] * 65}, "positions"),
        ({"positions": START}, "positions"),
        ({"positions": [START], "depth": 0}, "depth"),
        ({"positions": [START], "multipv": 99}, "multipv"),
        ({"positions": [START], "level": 3}, "level"),
    ],
)
def test_bad_batches_are_422(client, body, field):
    r = client.post("/v1/analysis/batch", json=body)
    assert r.status_code == 422 and field in r.json["errors"], r.json


def test_deadline_bounds_the_whole_batch():
    app = create_app({"TESTING": True, "ENGINE_TIMEOUT": 1.0})  # no share starts past it, even loaded
    r = app.test_client().post("/v1/analysis/batch", json={"positions": [START] * 8, "depth": 20})
    assert r.status_code == 200
    assert r.json["partial"] is True
    assert all(x["partial"] and x["stopped_by"] == "deadline" and x["best_move"] for x in r.json["results"])


def test_null_number_and_bad_objects_are_error_entries_not_a_rejected_batch(client) -> None:  # type: ignore[no-untyped-def]
    """Issue 17, defect 6: one null used to reject the whole batch (422)."""
    good = "isolo 2,2,2,2/2,2,2,2 s"
    r = client.post("/v1/analysis/batch", json={
        "positions": [None, good, 7, {"variant": "igisoro", "pits": "nope"}, [], True, good], "depth": 1})
    assert r.status_code == 200, r.get_json()
    results = r.get_json()["results"]
    assert [("error" in x) for x in results] == [True, False, True, True, True, True, False]
    assert r.get_json()["errors"] == 5
    for x in results:
        if "error" in x:
            assert x["error"]["status"] == 422 and x["error"]["detail"]
        else:
            assert x["best_move"] is not None


def test_a_bad_item_names_its_json_path(client) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: an item's error is keyed by its path in the request."""
    bad = {"pits": [[0] * 8, [4] * 8, [4] * 8, [-1, 0, 0, 0, 0, 0, 0, 0]]}
    r = client.post("/v1/analysis/batch", json={"positions": [START, bad], "depth": 1})
    assert r.status_code == 200, r.get_json()
    error = r.get_json()["results"][1]["error"]
    assert error["errors"] == {"positions[1].pits[3][0]": [error["detail"]]}
