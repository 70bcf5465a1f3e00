"""``/v1/jobs`` at the edge (Flask's test client, no worker: jobs stay
queued): the envelope, caps, ownership, idempotency and cancelling. Jobs
that run are in tests/jobs, with real workers."""

from __future__ import annotations

import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from igisoro_service import create_app
from igisoro_testing.positions import START

PROBLEM = "application/problem+json"


@pytest.fixture
def small(tmp_path) -> FlaskClient:
    app: Flask = create_app({"TESTING": True, "JOB_DIR": str(tmp_path), "JOB_MAX_POSITIONS": 3, "JOB_MAX_GAMES": 2,
                             "JOB_MAX_BYTES": 2000, "JOB_CHUNK_POSITIONS": 2})
    return app.test_client()


def _problem(r, status: int, field: str | None = None) -> dict:
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.content_type == PROBLEM
    body = r.get_json(force=True)
    if field is not None:
        assert field in body["errors"], body
    return body


def test_submit_answers_202_with_location_and_status(client: FlaskClient) -> None:
    r = client.post("/v1/jobs", json={"kind": "positions", "positions": [START, "nonsense", None], "depth": 2})
    assert r.status_code == 202
    job = r.get_json()
    assert job == {"id": job["id"], "state": "queued", "total": 3}
    assert r.headers["Location"] == f"/v1/jobs/{job['id']}"
    status = client.get(r.headers["Location"]).get_json()
    assert status["state"] == "queued" and status["done"] == 0 and status["eta_s"] is None
    assert status["limits"] == {"depth": 2, "nodes": None, "time_ms": None, "multipv": 1}
    assert status["created"].endswith("Z") and status["started"] is None
    res = client.get(r.headers["Location"] + "/results")
    assert res.status_code == 200 and res.data == b"" and res.headers["X-Job-State"] == "queued"


def test_default_limits_per_kind(client: FlaskClient) -> None:
    pos = client.post("/v1/jobs", json={"kind": "positions", "positions": [START], "multipv": 3}).get_json()
    games = client.post("/v1/jobs", json={"kind": "games", "games": [{"position": START, "moves": []}],
                                          "multipv": 3}).get_json()
    assert client.get(f"/v1/jobs/{pos['id']}").get_json()["limits"] == {"depth": 6, "nodes": None, "time_ms": None,
                                                                         "multipv": 3}
    assert client.get(f"/v1/jobs/{games['id']}").get_json()["limits"]["multipv"] == 1


@pytest.mark.parametrize(("body", "field"), [
    ({"positions": [START]}, "kind"),
    ({"kind": "moves", "positions": [START]}, "kind"),
    ({"kind": "positions"}, "positions"),
    ({"kind": "positions", "positions": []}, "positions"),
    ({"kind": "positions", "positions": [START] * 4}, "positions"),
    ({"kind": "games", "games": [{}] * 3}, "games"),
    ({"kind": "positions", "positions": [START], "games": []}, "games"),
    ({"kind": "positions", "positions": [START], "depth": 0}, "depth"),
    ({"kind": "positions", "positions": [START], "time_ms": 10**9}, "time_ms"),
    ({"kind": "positions", "positions": "abc"}, "positions"),
])
def test_bad_envelopes_are_422(small: FlaskClient, body: dict, field: str) -> None:
    _problem(small.post("/v1/jobs", json=body), 422, field)


def test_query_limits_beside_a_json_body_are_refused(small: FlaskClient) -> None:
    _problem(small.post("/v1/jobs?depth=3", json={"kind": "positions", "positions": [START]}), 422, "depth")


def test_ndjson_needs_kind_and_valid_limits(small: FlaskClient) -> None:
    body = json.dumps(START) + "\n"
    _problem(small.post("/v1/jobs", data=body, content_type="application/x-ndjson"), 422, "kind")
    _problem(small.post("/v1/jobs?kind=positions&depth=x", data=body, content_type="application/x-ndjson"), 422, "depth")
    _problem(small.post("/v1/jobs?kind=positions&depth=99", data=body, content_type="application/x-ndjson"), 422, "depth")
    _problem(small.post("/v1/jobs?kind=positions", data="\n\n", content_type="application/x-ndjson"), 422, "body")
    _problem(small.post("/v1/jobs?kind=positions", data=body * 4, content_type="application/x-ndjson"), 422, "body")
    p = _problem(small.post("/v1/jobs?kind=positions", data=b"\xff\xfe\n", content_type="application/x-ndjson"), 400)
    assert "UTF-8" in p["detail"]
    ok = small.post("/v1/jobs?kind=positions&depth=2", data=body * 3, content_type="application/x-ndjson")
    assert ok.status_code == 202 and ok.get_json()["total"] == 3


def test_body_over_the_job_cap_is_413_naming_it(small: FlaskClient) -> None:
    big = {"kind": "positions", "positions": ["x" * 3000]}
    p = _problem(small.post("/v1/jobs", json=big), 413)
    assert "2000 bytes" in p["detail"]


def test_unknown_job_is_404(client: FlaskClient) -> None:
    for method in ("get", "delete"):
        p = _problem(getattr(client, method)("/v1/jobs/nope"), 404)
        assert p["type"] == "urn:igisoro:problem:job-not-found"
    _problem(client.get("/v1/jobs/nope/results"), 404)


def test_results_after_must_be_an_index(client: FlaskClient) -> None:
    job = client.post("/v1/jobs", json={"kind": "positions", "positions": [START]}).get_json()
    _problem(client.get(f"/v1/jobs/{job['id']}/results?after=-2"), 422, "after")
    _problem(client.get(f"/v1/jobs/{job['id']}/results?after=x"), 422, "after")
    _problem(client.get(f"/v1/jobs/{job['id']}/results?after=99999999999999999999"), 422, "after")


def test_idempotency_key_returns_the_same_job(client: FlaskClient) -> None:
    body = {"kind": "positions", "positions": [START], "depth": 2}
    first = client.post("/v1/jobs", json=body, headers={"Idempotency-Key": "k1"})
    again = client.post("/v1/jobs", json=body, headers={"Idempotency-Key": "k1"})
    other = client.post("/v1/jobs", json=body, headers={"Idempotency-Key": "k2"})
    assert first.status_code == again.status_code == other.status_code == 202
    assert first.get_json()["id"] == again.get_json()["id"] != other.get_json()["id"]
    p = _problem(client.post("/v1/jobs", json={**body, "depth": 3}, headers={"Idempotency-Key": "k1"}), 422)
    assert p["type"] == "urn:igisoro:problem:idempotency-key-reused"
    _problem(client.post("/v1/jobs", json=body, headers={"Idempotency-Key": "x" * 256}), 422, "Idempotency-Key")


def test_cancel_a_queued_job(client: FlaskClient) -> None:
    job = client.post("/v1/jobs", json={"kind": "positions", "positions": [START] * 5}).get_json()
    r = client.delete(f"/v1/jobs/{job['id']}")
    assert r.status_code == 200 and r.get_json()["state"] == "cancelled" and r.get_json()["finished"]
    assert client.delete(f"/v1/jobs/{job['id']}").get_json()["state"] == "cancelled"
    assert client.get(f"/v1/jobs/{job['id']}/results").headers["X-Job-State"] == "cancelled"


def test_jobs_belong_to_the_key_that_made_them(tmp_path) -> None:
    c = create_app({"TESTING": True, "JOB_DIR": str(tmp_path), "API_KEYS": ["alpha", "beta"]}).test_client()
    job = c.post("/v1/jobs", json={"kind": "positions", "positions": [START]}, headers={"X-API-Key": "alpha"}).get_json()
    assert c.get(f"/v1/jobs/{job['id']}", headers={"X-API-Key": "alpha"}).status_code == 200
    assert c.get(f"/v1/jobs/{job['id']}", headers={"Authorization": "Bearer alpha"}).status_code == 200
    _problem(c.get(f"/v1/jobs/{job['id']}", headers={"X-API-Key": "beta"}), 404)
    _problem(c.delete(f"/v1/jobs/{job['id']}", headers={"X-API-Key": "beta"}), 404)
    _problem(c.get(f"/v1/jobs/{job['id']}"), 401)
    # An idempotency key is per API key: beta's "k" is not alpha's.
    a = c.post("/v1/jobs", json={"kind": "positions", "positions": [START]}, headers={"X-API-Key": "alpha", "Idempotency-Key": "k"})
    b = c.post("/v1/jobs", json={"kind": "positions", "positions": [START]}, headers={"X-API-Key": "beta", "Idempotency-Key": "k"})
    assert a.get_json()["id"] != b.get_json()["id"]


def test_unreachable_broker_is_503_and_the_job_failed(tmp_path) -> None:
    c = create_app({"TESTING": True, "JOB_DIR": str(tmp_path),
                    "JOB_BROKER_URL": "redis://127.0.0.1:1/0"}).test_client()
    c.application.extensions["igisoro_jobs"].celery.conf.broker_connection_max_retries = 0
    c.application.extensions["igisoro_jobs"].celery.conf.broker_transport_options["max_retries"] = 0
    p = _problem(c.post("/v1/jobs", json={"kind": "positions", "positions": [START]}), 503)
    assert p["type"] == "urn:igisoro:problem:job-queue-unavailable"


def test_a_retry_with_the_key_after_the_queue_was_down_queues_a_new_job(tmp_path) -> None:
    down = create_app({"TESTING": True, "JOB_DIR": str(tmp_path), "JOB_BROKER_URL": "redis://127.0.0.1:1/0"})
    down.extensions["igisoro_jobs"].celery.conf.broker_connection_max_retries = 0
    down.extensions["igisoro_jobs"].celery.conf.broker_transport_options["max_retries"] = 0
    body, key = {"kind": "positions", "positions": [START]}, {"Idempotency-Key": "retry-me"}
    _problem(down.test_client().post("/v1/jobs", json=body, headers=key), 503)
    # The broker back (the embedded one, over the same store): the retry the
    # 503 asked for is queued, and the failed job stays failed.
    up = create_app({"TESTING": True, "JOB_DIR": str(tmp_path)}).test_client()
    r = up.post("/v1/jobs", json=body, headers=key)
    assert r.status_code == 202 and r.get_json()["state"] == "queued"
    assert up.post("/v1/jobs", json=body, headers=key).get_json()["id"] == r.get_json()["id"]
    failed = up.get("/v1/jobs?state=failed").get_json()["jobs"]
    assert len(failed) == 1 and failed[0]["id"] != r.get_json()["id"]


def test_a_job_stored_by_an_api_that_died_before_queueing_it_is_queued_by_the_retry(tmp_path, monkeypatch) -> None:
    import igisoro_service.api.jobs as jobs_api

    class Died(BaseException):
        """The API process ending between storing the job and queueing it."""

    real, sent = jobs_api._enqueue, []

    def dies(*args: object) -> None:
        raise Died

    c = create_app({"TESTING": True, "JOB_DIR": str(tmp_path)}).test_client()
    body, key = {"kind": "positions", "positions": [START] * 3}, {"Idempotency-Key": "crash"}
    monkeypatch.setattr(jobs_api, "_enqueue", dies)
    with pytest.raises(Died):
        c.post("/v1/jobs", json=body, headers=key)
    monkeypatch.setattr(jobs_api, "_enqueue", lambda jobs, job_id, n: (sent.append((job_id, n)), real(jobs, job_id, n)))
    r = c.post("/v1/jobs", json=body, headers=key)
    assert r.status_code == 202 and r.get_json()["state"] == "queued"
    job_id = r.get_json()["id"]
    assert sent == [(job_id, 1)]
    store = c.application.extensions["igisoro_jobs"].store
    assert store.enqueued(job_id)
    assert c.post("/v1/jobs", json=body, headers=key).get_json()["id"] == job_id and len(sent) == 1  # once only


def test_a_lone_surrogate_in_a_json_job_is_queued_not_a_500(client: FlaskClient) -> None:
    r = client.post("/v1/jobs", data='{"kind": "positions", "positions": ["\\ud800", 5]}',
                    content_type="application/json")
    assert r.status_code == 202, r.get_data(as_text=True)


def test_unreachable_store_is_503(tmp_path) -> None:
    c = create_app({"TESTING": True, "JOB_DIR": str(tmp_path), "JOB_STORE_URL": "redis://127.0.0.1:1/1"}).test_client()
    p = _problem(c.post("/v1/jobs", json={"kind": "positions", "positions": [START]}), 503)
    assert p["type"] == "urn:igisoro:problem:job-store-unavailable"
    _problem(c.get("/v1/jobs/abc"), 503)
    _problem(c.get("/v1/jobs"), 503)
    _problem(c.get("/v1/jobs/abc/results"), 503)
    _problem(c.delete("/v1/jobs/abc"), 503)


def test_list_the_keys_jobs_newest_first_a_page_at_a_time(tmp_path) -> None:
    c = create_app({"TESTING": True, "JOB_DIR": str(tmp_path), "API_KEYS": ["alpha", "beta"]}).test_client()
    alpha, beta = {"X-API-Key": "alpha"}, {"X-API-Key": "beta"}
    made = [c.post("/v1/jobs", json={"kind": "positions", "positions": [START]}, headers=alpha).get_json()["id"]
            for _ in range(5)]
    theirs = c.post("/v1/jobs", json={"kind": "positions", "positions": [START]}, headers=beta).get_json()["id"]
    c.delete(f"/v1/jobs/{made[1]}", headers=alpha)
    first = c.get("/v1/jobs?limit=2", headers=alpha).get_json()
    assert [j["id"] for j in first["jobs"]] == made[::-1][:2] and first["next"] == made[3]
    assert first["jobs"][0] == c.get(f"/v1/jobs/{made[4]}", headers=alpha).get_json()
    second = c.get(f"/v1/jobs?limit=2&before={first['next']}", headers=alpha).get_json()
    third = c.get(f"/v1/jobs?limit=2&before={second['next']}", headers=alpha).get_json()
    assert [j["id"] for j in second["jobs"] + third["jobs"]] == made[::-1][2:] and third["next"] is None
    assert c.get("/v1/jobs", headers=beta).get_json() == {
        "jobs": [c.get(f"/v1/jobs/{theirs}", headers=beta).get_json()], "next": None}
    cancelled = c.get("/v1/jobs?state=cancelled", headers=alpha).get_json()
    assert [j["id"] for j in cancelled["jobs"]] == [made[1]]
    # Another key's job is no cursor, as it is no job (404) for this key.
    _problem(c.get(f"/v1/jobs?before={theirs}", headers=alpha), 422, "before")
    _problem(c.get("/v1/jobs?before=nope", headers=alpha), 422, "before")
    for bad in ("limit=0", "limit=101", "limit=x", "state=paused"):
        _problem(c.get(f"/v1/jobs?{bad}", headers=alpha), 422, bad.split("=")[0])
    _problem(c.get("/v1/jobs"), 401)


def test_result_problems_come_in_the_readers_language(tmp_path) -> None:
    """The worker writes a bad item's problem with no request (in English);
    each reader gets it in its own language, as a batch would answer."""
    from igisoro.batch import Limits, analyse_items

    from igisoro_service.api.jobs import _jobs

    app: Flask = create_app({"TESTING": True, "JOB_DIR": str(tmp_path)})
    c = app.test_client()
    job = c.post("/v1/jobs", json={"kind": "positions", "positions": [START, "nonsense"], "depth": 1}).get_json()
    # The lines the worker writes for this chunk (worker._run_chunk), written as it writes them.
    lines = analyse_items("positions", [START, "nonsense"], Limits(depth=1))
    with app.app_context():
        _jobs().store.start(job["id"], 0.0)
        _jobs().store.add_results(job["id"], [(ln["index"], json.dumps(ln, separators=(",", ":")), "error" in ln)
                                             for ln in lines], 0.1, 0.0)
    english = [json.loads(x) for x in c.get(f"/v1/jobs/{job['id']}/results").data.splitlines()]
    french = [json.loads(x) for x in c.get(f"/v1/jobs/{job['id']}/results?lang=fr").data.splitlines()]
    assert english[0] == french[0] and "score" in english[0]  # an analysis: nothing to translate
    en, fr = english[1]["error"], french[1]["error"]
    assert en["type"] == fr["type"] and en["type"].endswith("unknown-variant")
    assert en["errors"] == fr["errors"]  # the engine's message, under its key, in both
    assert fr["title"] != en["title"] and fr["detail"] != en["detail"]
    assert "« position »" in fr["detail"], fr  # the refused part named
    batch = c.post("/v1/analysis/batch?lang=fr", json={"positions": ["nonsense"], "depth": 1}).get_json()
    assert fr["title"] == batch["results"][0]["error"]["title"]
