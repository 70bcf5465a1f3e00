"""Which analyses the cache keeps, and which stored entry answers a
request (as lila's ``EvalCacheSelector`` chooses among stored evaluations).

Kept: analyses of searches that completed a depth (``stopped_by`` ``depth``
or ``proven``), and proofs a timed analysis's solver share found
(``solved``). Why only those: a fixed-depth search is deterministic (the
same limits give the same analysis), so an entry is what a new search
would answer, and a proof is true whatever the limits; a node- or
time-limited search stops inside an iteration and a cut one (``partial``)
at the deadline, so their answers are not a depth's.

Answers: a search stops at the first of its limits it reaches, so an entry
answers a request when it meets any one of them: its depth at least the
requested ``depth``, its nodes at least ``nodes``, its time at least
``time_ms``, or it is proven.

Level 10's best moves are kept apart (:mod:`.api`): one answers a level-10
request with no more thinking time than it had, or any once it found a
proof; one the request deadline cut is not kept.

The functions read only the fields of an :class:`igisoro.Analysis` or of
an entry's JSON, never the analysis's JSON text, so choosing costs no call
into the core.
"""

from __future__ import annotations

from typing import Any

import igisoro

#: The ``stopped_by`` of a forced result, which answers any request: found
#: by the search, or by the solver's share of a timed analysis.
PROVEN = ("proven", "solved")

#: A request's limits and the entry's fields they compare with.
_LIMITS = (("depth", "depth"), ("nodes", "nodes"), ("time_ms", "time_ms"))


def keeps(analysis: igisoro.Analysis) -> bool:
    """Whether ``analysis`` is worth storing: it completed a depth and has a move."""
    return analysis.stopped_by in ("depth", *PROVEN) and analysis.best_move is not None


def meets(entry: dict[str, Any], used: dict[str, Any]) -> bool:
    """Whether a stored analysis ``entry`` meets one of the ``used`` limits."""
    if entry["stopped_by"] in PROVEN:
        return True
    return any(used.get(limit) is not None and entry[field] >= used[limit] for limit, field in _LIMITS)


def keeps_level(analysis: igisoro.Analysis) -> bool:
    """Whether a level-10 best move is worth storing: the request deadline
    did not cut it, and it has a move."""
    return not analysis.partial and analysis.best_move is not None


def meets_level(entry: dict[str, Any], used: dict[str, Any]) -> bool:
    """Whether a stored level-10 best move had at least the ``used``
    thinking time (its own ``limits``), or found a proof."""
    return bool(entry["stopped_by"] in PROVEN or entry["limits"]["time_ms"] >= used["time_ms"])
