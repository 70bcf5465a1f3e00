"""``/v1/evaluate/stream``: an evaluation that deepens while the client
watches (issue 32).

The answer is NDJSON: one line per completed depth, each the object
``/v1/evaluate`` returns for what the search knows so far with ``"final":
false``, then exactly one line with ``"final": true`` (its ``stopped_by``
says why the search ended). Why NDJSON and not server-sent events: a line
is the same object as ``/v1/evaluate``'s answer, and any HTTP client reads
lines (Lichess streams its engines' lines the same way).

The search holds one of the worker's search slots while it streams (503
``overloaded`` when they are taken), stops at the same deadline as an
evaluation (``ENGINE_TIMEOUT``: the stream's longest duration), and stops at
once when the client goes. Why a watcher: a server only learns that a client
went when a write fails, and the next line may be seconds away in a deep
iteration; under gunicorn a thread watches the connection's socket for its
end (every 50 ms, without reading from it) and cancels the search
(``igisoro.stream.Cancel``). Behind nginx the same holds: nginx closes its
connection to gunicorn when its client goes. ``X-Accel-Buffering: no``
tells nginx to pass each line on as it comes.
"""

from __future__ import annotations

import json
import select
import socket
import threading
import time
from collections.abc import Iterator

from flask import Blueprint, Response, request, stream_with_context

import igisoro
from igisoro.stream import Cancel, analysis_stream
from igisoro_service import analysis_cache, engine, search_policy
from igisoro_service.analysis_cache import analysis_answer
from igisoro_service.body import load_body
from igisoro_service.explain import explained
from igisoro_service.metrics import PARTIAL_SEARCHES
from igisoro_service.problems import engine_problem
from igisoro_service.schemas import EvaluateStreamRequest

bp = Blueprint("stream", __name__, url_prefix="/v1")

_stream = EvaluateStreamRequest()


@bp.post("/evaluate/stream")
def evaluate_stream() -> Response:
    """``/v1/evaluate``, streamed as it deepens.

    ---
    post:
      tags: [analysis]
      operationId: evaluateStream
      summary: What a position is worth, as the search deepens
      description: |
        The same search as `/v1/evaluate` (same body, limits, caps and
        deadline), answered as `application/x-ndjson`: one line per
        completed depth (at most one per `min_interval_ms`), each the
        object `/v1/evaluate` returns for the search so far, plus
        `nodes_per_second`, with `"final": false`, then exactly one last line with `"final": true`, whose
        `stopped_by` says why the search ended (`depth`, `nodes`, `time`,
        `proven`, `solved`, or `deadline` with `partial: true`). The final line's
        analysis is what `/v1/evaluate` answers for the same limits.

        A client that disconnects stops the search: under gunicorn (and
        behind nginx, which then closes its own connection) a watcher sees
        the connection end within 50 ms; elsewhere the server notices when
        it next writes a line. The stream lasts at most the server's engine
        deadline (`IGISORO_ENGINE_TIMEOUT`) and holds one of the worker's
        search slots (503 `overloaded` when they are taken). Errors before
        the first line are
        problem+json with their usual status. When the server's cache of
        analyses holds one that meets the limits (as for `/v1/evaluate`),
        the answer is that one line, final, with `cached: true`; a stream
        that completes its depth is stored.
      x-body: EvaluateStreamRequest
      x-examples:
        start:
          position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
          depth: 5
      responses:
        200:
          description: One JSON object per line (each an `EvaluateStreamLine`); the last one has final set to true.
          content:
            application/x-ndjson:
              schema:
                type: string
                format: binary
                description: One `EvaluateStreamLine` object per line.
      x-problems: [400, 413, 415, 422, 503, default]
    """
    req = load_body(_stream)
    pos = engine.position(req["position"])
    used = search_policy.limits(req)
    interval = req.get("min_interval_ms", 0) / 1000
    store = analysis_cache.cache()
    cached = store.answer(pos, used) if store is not None else None
    if cached is not None:
        # Nothing to search: the stored analysis is the one final line.
        last = {**explained(pos, cached, req), "nodes_per_second": None, "final": True}
        return Response(json.dumps(last, separators=(",", ":")) + "\n", mimetype="application/x-ndjson")
    slot = search_policy.slot()
    slot.__enter__()
    cancel, done = Cancel(), threading.Event()
    try:
        stream = analysis_stream(pos, used["depth"], used["nodes"], used["time_ms"], used["multipv"],
                                 timeout=engine.seconds_left(), cancel=cancel)
        # The first line (or the engine's refusal of the limits, as a
        # problem) before the response starts.
        first = next(stream)
    except igisoro.IgisoroError as e:
        slot.__exit__(None, None, None)
        raise engine_problem("position", e) from None
    except BaseException:
        slot.__exit__(None, None, None)
        raise

    def line(a: igisoro.Analysis, final: bool) -> bytes:
        found = a.to_json(used["multipv"])  # once, for the line and the store alike
        nps = round(a.nodes * 1000 / a.time_ms) if a.time_ms else None
        if final and store is not None:
            store.put(pos, used["multipv"], a, found)
        if final and a.partial:
            PARTIAL_SEARCHES.inc()  # counted where every other search is (search_policy.run)
        out = {**analysis_answer(pos, found, used, cached=False, nodes_per_second=nps), "final": final}
        if final:
            out = explained(pos, out, req)
        return json.dumps(out, separators=(",", ":")).encode() + b"\n"

    def lines() -> Iterator[bytes]:
        sent = time.monotonic()
        yield line(*first)
        for a, final in stream:
            if final or time.monotonic() - sent >= interval:
                sent = time.monotonic()
                yield line(a, final)

    def close() -> None:
        # Called by the server when the response ends, is cut short by a
        # client gone, or never starts: the search stops here (closing the
        # stream joins its thread) and the slot is free again.
        done.set()
        stream.close()
        slot.__exit__(None, None, None)

    conn = request.environ.get("gunicorn.socket")
    if isinstance(conn, socket.socket):
        threading.Thread(target=_watch, args=(conn, cancel, done), name="igisoro-stream-watch", daemon=True).start()

    # An explanation (the final line's) needs the request while the body is
    # written: its language and what is left of its engine deadline.
    body = stream_with_context(lines()) if req["explain"] else lines()
    resp = Response(body, mimetype="application/x-ndjson",
                    headers={"X-Accel-Buffering": "no", "Cache-Control": "no-store"})
    resp.call_on_close(close)
    return resp


def _watch(conn: socket.socket, cancel: Cancel, done: threading.Event) -> None:
    """Cancel the search when the client's connection ends (a peek that
    reads nothing at a socket that polls readable), until ``done``. A
    client that shuts its sending side while still reading is taken as
    gone too (HTTP clients do not). Why poll, not select: select cannot
    take a descriptor above 1023."""
    poller = select.poll()
    try:
        poller.register(conn, select.POLLIN | select.POLLHUP | select.POLLERR)
    except (OSError, ValueError):  # closed already
        cancel.set()
        return
    while not done.wait(0.05):
        try:
            gone = bool(poller.poll(0)) and conn.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
        except BlockingIOError:
            gone = False
        except (OSError, ValueError):  # closed under us
            gone = True
        if gone:
            cancel.set()
            return
