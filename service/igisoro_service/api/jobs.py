"""``/v1/jobs``: analysis jobs of many positions or games, run by Celery
workers (see :mod:`igisoro_service.jobs`).

Submitting checks the envelope (kind, limits, caps) and stores the items
as they came; workers read each item, so a bad one is an error line in the
results, never a refused or failed job. A job belongs to the API key that
created it (when keys are on): another key gets 404, as for a job that
does not exist.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import time
import uuid
from typing import Any
from collections.abc import Iterator

from flask import Blueprint, Flask, Response, current_app, request, stream_with_context

from igisoro_service import access, search_policy
from igisoro_service.body import body_bytes, json_body, load, load_query
from igisoro_service.jobs import EXTENSION, RUN_CHUNK, Jobs
from igisoro_service.lazy_errors import answers
from igisoro_service.jobs.store import FINAL, IdempotencyConflict, Job, iter_results
from igisoro_service.problems import Problem, localized, problem_response, validation_problem
from igisoro_service.schemas import JobListQuery, JobQuery, JobRequest, ResultsQuery, _job_items
from igisoro_service.i18n import gettext as _
from igisoro_service.i18n import language
from marshmallow import ValidationError

log = logging.getLogger(__name__)

bp = Blueprint("jobs", __name__, url_prefix="/v1/jobs")

_request = JobRequest()
_query = JobQuery()
_results = ResultsQuery()
_list = JobListQuery()

NDJSON = "application/x-ndjson"


def init_app(app: Flask) -> None:
    """The app's jobs handle (store and broker, opened on first use)."""
    app.extensions[EXTENSION] = Jobs(app.config)


def _jobs() -> Jobs:
    jobs: Jobs = current_app.extensions[EXTENSION]
    return jobs


def _owner() -> str:
    # A digest, not the key: the store never holds a secret.
    key = access.presented_key() if current_app.config["API_KEYS"] else None
    return hashlib.sha256(key.encode()).hexdigest()[:32] if key else ""


def _ndjson_items() -> tuple[dict[str, Any], list[str], list[str]]:
    """Kind and limits from the query, one item per non-blank body line."""
    req = load_query(_query)
    data = body_bytes(int(current_app.config["JOB_MAX_BYTES"]))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Problem(400, "malformed-body", _("Malformed request body"),
                      _("The NDJSON body is not UTF-8: %(error)s", error=str(e))) from None
    lines = [ln.rstrip("\r") for ln in text.split("\n")]
    items = [ln for ln in lines if ln.strip()]
    try:
        _job_items(req["kind"], len(items), "body")
    except ValidationError as e:
        raise validation_problem(e.normalized_messages()) from None
    return req, items, items


def _json_items() -> tuple[dict[str, Any], list[str], list[str]]:
    # One place for the kind and limits: a query string beside a JSON body
    # would be ignored, so it is refused instead.
    given = sorted(set(request.args) & set(_query.fields))
    if given:
        raise validation_problem({k: [_("With a JSON body, give this in the body, not the query string.")] for k in given})
    req = load(_request, json_body(int(current_app.config["JOB_MAX_BYTES"])))
    # ASCII-escaped: a JSON string may hold a lone surrogate (\ud800),
    # which no store can write as UTF-8.
    items = [json.dumps(x, separators=(",", ":")) for x in req[req["kind"]]]
    # The Idempotency-Key's digest is of the form earlier versions stored
    # (raw UTF-8), so a retry across a rolling deploy finds its job.
    hashed = [json.dumps(x, separators=(",", ":"), ensure_ascii=False) for x in req[req["kind"]]]
    return req, items, hashed


def _limits(req: dict[str, Any]) -> dict[str, Any]:
    """The limits used for every item: the caller's, else the default depth
    of ``/v1/evaluate`` (positions) or ``/v1/games/review`` (games)."""
    if req["kind"] == "positions":
        return search_policy.limits(req)
    used = search_policy.limits(req, default_depth=current_app.config["DEFAULT_REVIEW_DEPTH"])
    used["multipv"] = 1  # a review searches one line per ply, as /v1/games/review does
    return used


def _found(job_id: str) -> Job:
    job = _jobs().store.get(job_id)
    if job is None or job.owner != _owner():
        raise Problem(404, "job-not-found", _("Job not found"),
                      _("No job %(job)s here: it never existed, has expired, or belongs to another API key.",
                        job=repr(job_id)))
    return job


@bp.errorhandler(sqlite3.OperationalError)
def _store_down(e: Exception) -> Response:
    # The store unreachable (Redis down) or stuck (a SQLite file locked past
    # its 60 s wait): the service is unavailable, not broken.
    log.warning("job store error", exc_info=True)
    return problem_response(503, "urn:igisoro:problem:job-store-unavailable", _("Job store unavailable"),
                            _("The job store did not answer (%(error)s); retry shortly.", error=type(e).__name__),
                            headers={"Retry-After": "5"})


#: A view whose Redis store fails answers 503 (:func:`_store_down`); see
#: igisoro_service.lazy_errors for why a wrapper (redis-py is imported only
#: for a Redis store).
_redis_errors = answers("redis.exceptions", "RedisError", _store_down)


def _created(job: Job, status: int) -> tuple[dict[str, Any], int, dict[str, str]]:
    return {"id": job.id, "state": job.state, "total": job.total}, status, {"Location": f"/v1/jobs/{job.id}"}


def _enqueue(jobs: Jobs, job_id: str, chunks: int) -> None:
    """One message per chunk."""
    with jobs.celery.producer_or_acquire() as producer:
        for n in range(chunks):
            jobs.celery.send_task(RUN_CHUNK, args=[job_id, n], producer=producer)


@bp.post("")
@_redis_errors
def submit() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Queue a job; 202 with its id and ``Location``. With an
    ``Idempotency-Key`` header, a retry of the same request returns the
    job the first one created.

    ---
    post:
      tags: [jobs]
      operationId: submitJob
      summary: Submit an analysis job (many positions or games)
      description: |
        A job of positions (each evaluated as `/v1/evaluate` does) or of
        games (each reviewed as `/v1/games/review` does), run in the
        background by Celery workers, in chunks, on as many machines as the
        deployment has. Up to 100,000 positions or 10,000 games per job
        (defaults of `JOB_MAX_POSITIONS`, `JOB_MAX_GAMES`) and 64 MiB of
        body (`JOB_MAX_BYTES`). Limits apply per position or per ply; with
        none, depth 6 (positions) or 4 (games).

        As JSON, `{"kind": "positions", "positions": [...]}` or
        `{"kind": "games", "games": [{"position", "moves"}, ...]}`; as NDJSON
        (`application/x-ndjson`), one item per line with `kind` and the
        limits in the query string. Only the envelope is checked here: each
        item is read by a worker, so a bad item (or an NDJSON line that is
        not JSON) becomes an error line in the results, never a refused job.

        With an `Idempotency-Key` header, a retried submission (same key,
        same API key, same request) returns the job the first one created;
        the same key with another request is a 422.
      parameters:
      - {name: Idempotency-Key, in: header, required: false, schema: {type: string, minLength: 1, maxLength: 255}}
      - {name: kind, in: query, required: false, description: 'With an NDJSON body (required there); with a JSON body
          it goes in the body, and here it is a 422.', schema: {type: string, enum: [positions, games]}}
      - {name: depth, in: query, required: false, schema: {$ref: '#/components/schemas/SearchDepth'}}
      - {name: nodes, in: query, required: false, schema: {$ref: '#/components/schemas/SearchNodes'}}
      - {name: time_ms, in: query, required: false, schema: {$ref: '#/components/schemas/SearchTime'}}
      - {name: multipv, in: query, required: false, schema: {$ref: '#/components/schemas/MultiPV'}}
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/JobRequest'
            examples:
              positions:
                value:
                  kind: positions
                  positions: ['igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4',
                    'isolo 2,2,2,2/2,2,2,2 s']
                  depth: 4
          application/x-ndjson:
            schema:
              type: string
              format: binary
              description: One item per line (a position, or a game object); blank lines are skipped.
      responses:
        202:
          description: Queued (or, for a retried submission, the job it created).
          headers: {Location: {$ref: '#/components/headers/JobLocation'}}
          x-json: JobCreated
      x-problems: [400, 401, 413, 415, 422, 503, default]
    """
    req, items, hashed = _ndjson_items() if request.mimetype == NDJSON else _json_items()
    cfg = current_app.config
    kind = req["kind"]
    size = int(cfg["JOB_CHUNK_POSITIONS" if kind == "positions" else "JOB_CHUNK_GAMES"])
    now = time.time()
    job = Job(id=uuid.uuid4().hex, owner=_owner(), kind=kind, state="queued", total=len(items), done=0, errors=0,
              limits=_limits(req), chunk_size=size, created=now)
    key = request.headers.get("Idempotency-Key")
    idem = None
    if key is not None:
        if not 1 <= len(key) <= 255:
            raise validation_problem({"Idempotency-Key": [_("Must be 1 to 255 characters.")]})
        digest = hashlib.sha256(json.dumps([kind, job.limits, hashed]).encode()).hexdigest()
        idem = (key, digest)
    jobs = _jobs()
    jobs.store.purge(now)
    chunks = ["\n".join(items[i:i + size]) for i in range(0, len(items), size)]
    try:
        job, new = jobs.store.create(job, chunks, idem)
    except IdempotencyConflict as e:
        raise Problem(422, "idempotency-key-reused", _("Idempotency-Key reused"),
                      _("The Idempotency-Key %(key)s was used for job %(job)s with a different request; "
                        "use a new key for a new job.", key=repr(key), job=e.job_id)) from None
    # (Running too: an API can die part way through a large job's chunks,
    # after a worker started one; a chunk sent twice runs once.)
    if new or (job.state in ("queued", "running") and not jobs.store.enqueued(job.id)):
        # A job found again by its key without the mark was stored by an API
        # that died before queueing it: this retry queues it.
        _send(jobs, job)
    return _created(job, 202)


def _send(jobs: Jobs, job: Job) -> None:
    """Queue every chunk of ``job`` and mark it queued; if the broker does
    not take them, fail the job and answer 503."""
    try:
        _enqueue(jobs, job.id, -(-job.total // job.chunk_size))
    except Exception as e:  # the broker's failure, whatever its library calls it
        log.warning("job %s could not be queued", job.id, exc_info=True)
        # The key is freed first: the client is told to retry, and its
        # retry with the same key must queue a new job, not get this one.
        jobs.store.release_idempotency(job.id)
        jobs.store.finish(job.id, "failed", time.time(), f"the job queue was unreachable: {e}")
        raise Problem(503, "job-queue-unavailable", _("Job queue unavailable"),
                      _("The job could not be queued (the broker did not take it: %(error)s); retry shortly.",
                        error=type(e).__name__),
                      headers={"Retry-After": "5"}) from None
    jobs.store.mark_enqueued(job.id)


@bp.get("")
@_redis_errors
def listing() -> dict[str, Any]:
    """The caller's jobs, newest first, a page at a time.

    ---
    get:
      tags: [jobs]
      operationId: listJobs
      summary: The caller's jobs, newest first
      description: |
        Jobs of the caller's API key (all jobs when keys are off) that have not
        expired (an expired job may still be listed until the next submission
        purges it, as `GET /v1/jobs/{id}` still answers for it), newest first,
        `limit` at a time (default 20, at most 100), only those in `state` if
        given. `next` is the last job's id when a full
        page came back: pass it as `before` for the next page. A `before`
        that names no job of this key (never, or expired since) is a 422.
      parameters:
      - {in: query, schema: JobListQuery}
      responses:
        200: {description: A page of jobs., x-json: JobList}
      x-problems: [401, 422, 503, default]
    """
    q = load_query(_list)
    jobs = _jobs().store.list_jobs(_owner(), q.get("state"), q.get("before"), q["limit"])
    if jobs is None:
        raise validation_problem({"before": [_("No job %(job)s of this key (never, or expired).", job=repr(q["before"]))]})
    nxt = jobs[-1].id if len(jobs) == q["limit"] else None
    return {"jobs": [j.to_json() for j in jobs], "next": nxt}


@bp.get("/<job_id>")
@_redis_errors
def status(job_id: str) -> dict[str, Any]:
    """State, counts, times and an ETA.

    ---
    get:
      tags: [jobs]
      operationId: getJob
      summary: A job's state, progress and ETA
      description: |
        A job of another API key is a 404, as is one that never existed or
        has expired (finished jobs are kept `JOB_RETENTION`, default 7 days).
      responses:
        200: {description: The job., x-json: JobStatus}
      x-problems: [401, 404, 503, default]
    """
    return _found(job_id).to_json()


def _localized_line(line: str) -> str:
    """A stored result line with its problems in the request's language.

    The worker writes them with no request, so in English (the library's
    problem documents); a reader is answered in its own language, as a
    batch or a review would answer it: an item's ``error`` and a review's
    ``illegal`` move. Lines without a problem are sent as stored."""
    if '"error"' not in line:
        return line
    doc = json.loads(line)
    if isinstance(doc.get("error"), dict):
        doc["error"] = localized(doc["error"])
    illegal = doc.get("illegal")
    if isinstance(illegal, dict) and isinstance(illegal.get("error"), dict):
        illegal["error"] = localized(illegal["error"])
    return json.dumps(doc, separators=(",", ":"))


@bp.get("/<job_id>/results")
@_redis_errors
def results(job_id: str) -> Response:
    """The result lines done so far with index > ``after``, as NDJSON, in
    index order without gaps (while the job runs, a line comes once every
    line before it is done), so ``?after=<last index read>`` never skips
    one; ``X-Job-State`` tells whether more will come.

    ---
    get:
      tags: [jobs]
      operationId: getJobResults
      summary: A job's result lines (NDJSON), done so far
      description: |
        One line per item done, in index order: `{"index": i, ...}` with the
        object `/v1/evaluate` (positions) or `/v1/games/review` (games)
        returns, or `{"index": i, "error": <problem>}`. Available while the
        job runs, without gaps: chunks may finish out of order, and a line is
        sent once every line before it is done (after a cancel, every line
        there is), so `after` set to the last index read never skips one. `X-Job-State`
        says whether more will come (`queued`, `running`). Problems are in
        the reader's language (`lang`, `Accept-Language`), whichever the job
        was submitted in.
      parameters:
      - {in: query, schema: ResultsQuery}
      responses:
        200:
          description: The lines.
          headers:
            X-Job-State:
              schema:
                type: string
            X-Job-Done:
              schema:
                type: string
            X-Job-Total:
              schema:
                type: string
          content:
            application/x-ndjson:
              schema:
                type: string
                format: binary
      x-problems: [401, 404, 422, 503, default]
    """
    job = _found(job_id)
    after = load_query(_results)["after"]
    store = _jobs().store

    english = language() == "en"

    def lines() -> Iterator[str]:
        for line in iter_results(store, job.id, after, gapless=job.state not in FINAL):
            yield (line if english else _localized_line(line)) + "\n"

    # (In another language the lines' problems are put in it as they are
    # sent, which needs the request: its context goes with the stream.)
    return Response(lines() if english else stream_with_context(lines()), mimetype=NDJSON, headers={
        "X-Job-State": job.state, "X-Job-Done": str(job.done), "X-Job-Total": str(job.total)})


@bp.delete("/<job_id>")
@_redis_errors
def cancel(job_id: str) -> dict[str, Any]:
    """Cancel a queued or running job (chunks not started are skipped);
    results already done stay readable until the job expires. A finished
    job is left as it is.

    ---
    delete:
      tags: [jobs]
      operationId: cancelJob
      summary: Cancel a job (its results are kept until it expires)
      description: |
        Cancels; does not delete. A queued or running job becomes
        `cancelled` (`finished` set to now): chunks not started are skipped,
        and a chunk running at that moment is dropped when it ends (its lines
        are not stored). The job and the result lines already stored are
        kept: `GET /v1/jobs/{id}`, `GET /v1/jobs/{id}/results` and the
        listing answer for it as for any finished job until its retention
        (`JOB_RETENTION`, default 7 days) has passed since the cancel; then
        it expires and is removed (Redis store: at once; SQLite store: at
        the next submission), after which it is a 404. A job already `done`, `failed` or `cancelled` is
        left as it is (the same 200, nothing changes), so repeating the
        request is harmless.
      responses:
        200: {description: 'The job after the request (`cancelled`, or the final state it already had).', x-json: JobStatus}
      x-problems: [401, 404, 503, default]
    """
    job = _found(job_id)
    after = _jobs().store.finish(job.id, "cancelled", time.time())
    return (after or job).to_json()
