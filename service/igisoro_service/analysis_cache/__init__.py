"""A shared cache of analyses ("cloud evaluation", issue 32): an analysis
the service has computed answers later requests its limits satisfy, without
searching. Split by job, as lila's ``modules/evalCache`` is:

- :mod:`.api`: the cache itself (keys, memory, get and put, the app's cache);
- :mod:`.selector`: what is kept, and which stored entry answers a request;
- :mod:`.json_view`: the answer's JSON, the one envelope of every analysis
  answer, searched or stored;
- :mod:`.backends`: SQLite or Redis, each keeping the deeper of two entries.

What is stored: analyses of fixed-depth searches that completed (``stopped_by``
``depth`` or ``proven``), and proofs found by a timed analysis's solver share
(``solved``), by ``/v1/evaluate``, its stream,
``/v1/analysis/batch``, analysis jobs (the workers open the same cache) and
``/v1/games/review`` (each ply's searches), keyed by the engine version, the
position in canonical notation (its rules included) and ``multipv``. A
deeper entry replaces a shallower one, never the other way round. An entry
answers a request when it meets any one of its limits (:mod:`.selector`
says why); the answer is the entry as stored (its own depth, nodes and
time), with ``"cached": true``.

Level 10's best moves (``POST /v1/best-move`` with ``level: 10``) are kept
apart: the playing search stops on time, so no depth names its answer, and
its value is not an analysis's (it reduces moves and adds a learned
correction), so it never answers ``/v1/evaluate`` or ``/v1/cloud-eval``.
Each is stored with the thinking time it had; a later level-10 request for
the position is answered from it when that time is at least the request's
``time_ms`` (or it found a proof), and more time replaces less. Level 10
takes no randomness from ``seed``. Levels 1 to 9 are not stored: they are
shallow (milliseconds) and each ``seed`` plays its own move.

Reviewed plies too: a depth-limited review's ply (the JSON of one move
judged) is stored under the position before it, the move and the exact
depth, so a review, or a job's game, that reaches the same position and
move takes it from here (:mod:`igisoro.known`, which this cache serves for
batches, jobs and reviews).

Where: a bounded in-process map (per worker) in front of a SQLite file in
``JOB_DIR`` shared by the workers of one server (the embedded default: no
service to run), or Redis when ``CACHE_URL`` is ``redis://...``, shared by
every replica. ``CACHE_URL=off`` turns the cache off. The SQLite file
keeps at most ``CACHE_MAX_ENTRIES`` analyses (the oldest written go
first); on Redis, bound it with Redis's own ``maxmemory`` and an eviction
policy.
"""

from __future__ import annotations

from igisoro_service.analysis_cache.api import AnalysisCache, answer, cache, init_app, open_cache, stored
from igisoro_service.analysis_cache.json_view import analysis_answer, stated

__all__ = ["AnalysisCache", "analysis_answer", "answer", "cache", "init_app", "open_cache", "stated", "stored"]
