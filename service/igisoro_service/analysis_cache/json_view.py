"""An analysis answer as the HTTP API writes it: the one place its
envelope is built (as lila's ``JsonView`` writes a stored evaluation), for
an analysis just searched and for one read from the cache alike, so the
two cannot drift apart.

The analysis's own fields come in as the JSON :meth:`igisoro.Analysis.to_json`
wrote (the core's writer), once per analysis: a caller that also stores it
passes the same object to the cache (:meth:`.api.AnalysisCache.put`), so a
search crosses into the core once for its JSON whether or not it is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import igisoro


def stated(used: dict[str, Any]) -> dict[str, Any]:
    """The limits used and the engine version, which every analysis answer
    states for reproducibility (a batch or a review once for all of it)."""
    return {"limits": used, "engine_version": igisoro.__version__}


def analysis_answer(position: igisoro.Position, analysis: Mapping[str, Any], used: dict[str, Any] | None, *,
                    cached: bool, **extra: Any) -> dict[str, Any]:
    """The answer of ``/v1/evaluate``, ``/v1/best-move``, ``/v1/cloud-eval``
    and each line of ``/v1/evaluate/stream``, in this order: the position
    (canonical notation) and its side to move, the ``analysis`` JSON's
    fields, the ``used`` limits (left out when None: ``/v1/cloud-eval``
    answers no request's limits), the engine version, ``extra`` (what one
    endpoint adds: the stream's ``nodes_per_second``), and whether it came
    from the cache of analyses."""
    out = {"position": position.notation(), "to_move": position.to_move, **analysis}
    if used is not None:
        out.update(stated(used))
    else:
        out["engine_version"] = igisoro.__version__
    return {**out, **extra, "cached": cached}
