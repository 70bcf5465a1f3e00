"""``GET /metrics``: Prometheus metrics for every request.

Under gunicorn with several workers each process counts alone; setting
``PROMETHEUS_MULTIPROC_DIR`` (to an empty, writable directory, before the
server starts) switches prometheus-client to its multiprocess mode, where
every worker writes its samples to files there and ``/metrics`` sums them.
``gunicorn.conf.py`` prepares the directory and marks dead workers.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterator

from flask import Blueprint, Flask, Response, current_app, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric, SummaryMetricFamily

from igisoro_service.jobs import EXTENSION

log = logging.getLogger(__name__)

bp = Blueprint("metrics", __name__)

# Module level: metrics are process-wide, and tests create many apps.
#: The methods that are labels of their own; any other is ``other``.
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
REQUESTS = Counter(
    "igisoro_http_requests_total", "HTTP requests handled.", ("method", "endpoint", "status")
)
LATENCY = Histogram(
    "igisoro_http_request_duration_seconds", "Time spent handling a request.", ("method", "endpoint"),
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)

ENGINE_TIMEOUTS = Counter(
    "igisoro_engine_timeouts_total", "Engine calls that passed ENGINE_TIMEOUT (answered 503).", ("call",)
)
SEARCHES_REJECTED = Counter(
    "igisoro_searches_rejected_total", "Search requests refused with 503 because MAX_CONCURRENT_SEARCHES were running."
)
ENGINE_CALLS_REJECTED = Counter(
    "igisoro_engine_calls_rejected_total",
    "Engine calls refused with 503 because MAX_CONCURRENT_ENGINE_CALLS were running for over 0.5 s.",
)
PARTIAL_SEARCHES = Counter(
    "igisoro_partial_searches_total", "Searches cut short by the request deadline (answered with partial: true)."
)


def _endpoint() -> str:
    # The URL rule, not the path: unmatched paths (404s) would otherwise
    # make one time series per typo.
    rule = request.url_rule
    return rule.rule if rule is not None else "<unmatched>"


def _registry() -> CollectorRegistry:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return registry
    return REGISTRY


class _JobsCollector:
    """Job metrics read from the job store at scrape time: the store is
    shared by every API replica and worker machine, so these are the whole
    system's counts, not one process's."""

    def __init__(self, stats: dict[str, float]) -> None:
        self.stats = stats

    def collect(self) -> Iterator[Metric]:
        s = self.stats
        jobs = CounterMetricFamily("igisoro_jobs_submitted", "Analysis jobs submitted, by kind.", labels=["kind"])
        for kind in ("positions", "games", "puzzles"):
            jobs.add_metric([kind], s.get(f"submitted_{kind}", 0.0))
        yield jobs
        ended = CounterMetricFamily("igisoro_jobs_finished", "Analysis jobs ended, by final state.", labels=["state"])
        for state in ("done", "cancelled", "failed"):
            ended.add_metric([state], s.get(f"finished_{state}", 0.0))
        yield ended
        active = GaugeMetricFamily("igisoro_jobs_active", "Jobs queued or running now.", labels=["state"])
        for state in ("queued", "running"):
            active.add_metric([state], max(0.0, s.get(f"active_{state}", 0.0)))
        yield active
        pending = s.get("items_submitted", 0.0) - s.get("items_done", 0.0) - s.get("items_dropped", 0.0)
        yield GaugeMetricFamily("igisoro_job_items_pending", "Queue depth: items of active jobs not analysed yet.",
                                value=max(0.0, pending))
        yield CounterMetricFamily("igisoro_job_items_done", "Items analysed by job workers (throughput: its rate).",
                                  value=s.get("items_done", 0.0))
        yield SummaryMetricFamily("igisoro_job_chunk_seconds", "Time workers spent per chunk.",
                                  count_value=int(s.get("chunks_done", 0)), sum_value=s.get("chunk_seconds", 0.0))
        ended_total = sum(s.get(f"finished_{state}", 0.0) for state in ("done", "cancelled", "failed"))
        yield SummaryMetricFamily("igisoro_job_duration_seconds", "Time from submission to the end of a job.",
                                  count_value=int(ended_total), sum_value=s.get("job_seconds", 0.0))


def _jobs_text() -> bytes:
    """The job metrics from the job store (opened on the first scrape); a
    store that fails to answer leaves them out rather than fail the scrape."""
    jobs = current_app.extensions.get(EXTENSION)
    if jobs is None or not jobs.config["JOB_METRICS"]:
        return b""
    try:
        stats = jobs.store.stats()
    except Exception:  # the store is down: the request metrics still count
        log.warning("job store unreachable for /metrics", exc_info=True)
        return b""
    registry = CollectorRegistry()
    registry.register(_JobsCollector(stats))
    return generate_latest(registry)


@bp.get("/metrics")
def metrics() -> Response:
    """All metrics in the Prometheus text format.

    ---
    get:
      tags:
      - meta
      operationId: metrics
      summary: Prometheus metrics
      responses:
        '200':
          description: Metrics in the Prometheus text exposition format.
          content:
            text/plain:
              schema:
                type: string
      x-problems: [default]
    """
    return Response(generate_latest(_registry()) + _jobs_text(), headers={"Content-Type": CONTENT_TYPE_LATEST})


def init_app(app: Flask) -> None:
    """Time and count every request, errors included."""

    @app.before_request
    def _start() -> None:
        g.igisoro_started = time.perf_counter()

    @app.after_request
    def _record(resp: Response) -> Response:
        started = g.pop("igisoro_started", None)
        endpoint = _endpoint()
        # A client may send any method token: only the known ones are labels
        # (each label value is a series kept until restart).
        method = request.method if request.method in _METHODS else "other"
        if started is not None:
            LATENCY.labels(method, endpoint).observe(time.perf_counter() - started)
        REQUESTS.labels(method, endpoint, str(resp.status_code)).inc()
        return resp

    app.register_blueprint(bp)
