"""Who may call the API, from where, and how often: API keys, CORS, rate limits.

All three are off by default (the service is meant to sit on localhost or
behind a gateway) and switched on by configuration (``service/CONFIG.md``):

- ``API_KEYS``: a request to ``/v1`` (health and docs excepted, so probes
  and people reading the contract need no key) must carry one of the keys
  in ``X-API-Key`` or ``Authorization: Bearer``; else 401 problem+json.
- ``CORS_ORIGINS``: browsers on these origins may call the API (flask-cors,
  which gets preflight requests right).
- Failed API-key attempts: at most ``AUTH_FAILURE_LIMIT`` per client address
  per minute and worker process; past it 429 with ``Retry-After`` (guessing
  keys must not be free, even with no general rate limit).
- ``RATE_LIMIT``: per client address, by flask-limiter; past it a 429
  problem with ``Retry-After``. ``RATE_LIMIT_STORAGE_URI`` chooses where the
  counts live: ``memory://`` counts per worker process, a Redis URI shares
  them across workers and replicas.
"""

from __future__ import annotations

import hmac
import threading
import time
from collections import deque

from flask import Flask, Response, request
from flask_cors import CORS
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from igisoro_service.problems import Problem
from igisoro_service.i18n import gettext as _

#: Paths any caller may use, with no key and no rate limit: health probes,
#: the contract and its docs, metrics.
_OPEN_PREFIXES = ("/v1/health", "/v1/docs", "/v1/openapi.yaml", "/metrics")

#: The board's page, its script and style and its words: nothing
#: secret in them, open without a key (still rate limited), so that on a
#: server with keys the page loads and asks for one when the API answers 401
#: instead of the browser showing a 401 problem in place of the page. By
#: endpoint, not by path prefix: no other route can ever match.
_BOARD_ENDPOINTS = frozenset({"board.index", "board.asset", "board.board_messages"})


def _open(path: str) -> bool:
    return path.startswith(_OPEN_PREFIXES)


def presented_key() -> str | None:
    """The API key the request carries (X-API-Key, else a Bearer token)."""
    key = request.headers.get("X-API-Key")
    if key:
        return key
    auth = request.headers.get("Authorization", "")
    scheme, _, token = auth.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


class FailureWindow:
    """Failed attempts per client address in a sliding window (in-process:
    each worker counts its own, which bounds guessing all the same)."""

    def __init__(self, limit: int, seconds: float = 60.0) -> None:
        self.limit, self.seconds = limit, seconds
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()
        #: Size of the map past which the next failure sweeps it (doubled
        #: after each sweep, so a wide attack costs a sweep now and then,
        #: not one per failure).
        self._sweep_at = 4096

    def _recent(self, addr: str, now: float) -> deque[float]:
        q = self._seen.setdefault(addr, deque())
        while q and q[0] <= now - self.seconds:
            q.popleft()
        return q

    def blocked_for(self, addr: str) -> int:
        """Seconds until ``addr`` may try again (0: it may now)."""
        now = time.monotonic()
        with self._lock:
            q = self._recent(addr, now)
            if len(q) < self.limit:
                if not q:
                    self._seen.pop(addr, None)  # keep the map small
                return 0
            return max(1, int(q[0] + self.seconds - now) + 1)

    def record(self, addr: str) -> None:
        with self._lock:
            now = time.monotonic()
            self._recent(addr, now).append(now)
            # Addresses that failed once and never came back would stay for
            # ever: past a size, drop every one whose window has passed.
            if len(self._seen) > self._sweep_at:
                for a in [a for a, q in self._seen.items() if not q or q[-1] <= now - self.seconds]:
                    del self._seen[a]
                self._sweep_at = max(4096, 2 * len(self._seen))


def init_app(app: Flask) -> None:
    """Install whichever of API keys, CORS and rate limits the config enables."""
    keys: list[str] = app.config["API_KEYS"]
    if keys:
        encoded = [k.encode() for k in keys]
        failures = FailureWindow(int(app.config["AUTH_FAILURE_LIMIT"]))

        @app.before_request
        def _require_key() -> None:
            # Preflight requests carry no credentials by design (CORS).
            if request.method == "OPTIONS" or _open(request.path) or request.endpoint in _BOARD_ENDPOINTS:
                return
            addr = request.remote_addr or "?"
            wait = failures.blocked_for(addr)
            if wait:
                raise Problem(429, "too-many-auth-failures", _("Too many failed API keys"),
                              _("Too many requests with a missing or unknown API key from this address; "
                                "retry in %(wait)s s.", wait=wait), headers={"Retry-After": str(wait)})
            given = presented_key()
            # compare_digest on each key: no timing hint about which prefix matched.
            if given is None or not any(hmac.compare_digest(given.encode(), k) for k in encoded):
                failures.record(addr)
                raise Problem(401, "unauthorized", _("API key required"),
                              _("This server needs an API key in the X-API-Key header "
                                "(or Authorization: Bearer <key>); the one given is missing or unknown."),
                              headers={"WWW-Authenticate": 'Bearer realm="igisoro"'})

    origins: list[str] = app.config["CORS_ORIGINS"]
    if origins:
        # always_send=False: no Access-Control-Allow-Origin for requests
        # without an Origin (not from a browser); Vary: Origin on every
        # answer, so a cache never serves one origin's answer to another.
        # Every request header a client may send, and every response header
        # a client reads (the jobs' Location and progress headers included).
        CORS(app, origins=origins,
             expose_headers=["Retry-After", "X-Engine-Version", "Location", "X-Job-State", "X-Job-Done",
                             "X-Job-Total"],
             allow_headers=["Content-Type", "X-API-Key", "Authorization", "Idempotency-Key"], always_send=False)

        @app.after_request
        def _vary(resp: Response) -> Response:
            resp.vary.add("Origin")
            return resp

    rate = app.config["RATE_LIMIT"]
    if rate:
        # application_limits: one count per client across every route
        # (default_limits would count each route apart: 120/minute on each).
        # swallow_errors: a limit store that is down lets requests through
        # (logged) rather than failing every one with a 500.
        limiter = Limiter(get_remote_address, app=app, application_limits=[rate],
                          storage_uri=app.config["RATE_LIMIT_STORAGE_URI"], headers_enabled=True,
                          swallow_errors=True)

        @limiter.request_filter
        def _exempt() -> bool:
            return request.method == "OPTIONS" or _open(request.path)
