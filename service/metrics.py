"""``GET /metrics``: Prometheus metrics for every request.

Under gunicorn with several workers each process counts alone; setting
``PROMETHEUS_MULTIPROC_DIR`` (to an empty, writable directory, before the
server starts) switches prometheus-client to its multiprocess mode, where
every worker writes its samples to files there and ``/metrics`` sums them.
``gunicorn.conf.py`` prepares the directory and marks dead workers.
"""

from __future__ import annotations

import os
import time

from flask import Blueprint, Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

bp = Blueprint("metrics", __name__)

# Module level: metrics are process-wide, and tests create many apps.
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


@bp.get("/metrics")
def metrics() -> Response:
    """All metrics in the Prometheus text format."""
    return Response(generate_latest(_registry()), headers={"Content-Type": CONTENT_TYPE_LATEST})


def init_app(app: Flask) -> None:
    """Time and count every request, errors included."""

    @app.before_request
    def _start() -> None:
        g.igisoro_started = time.perf_counter()

    @app.after_request
    def _record(resp: Response) -> Response:
        started = g.pop("igisoro_started", None)
        endpoint = _endpoint()
        if started is not None:
            LATENCY.labels(request.method, endpoint).observe(time.perf_counter() - started)
        REQUESTS.labels(request.method, endpoint, str(resp.status_code)).inc()
        return resp

    app.register_blueprint(bp)
