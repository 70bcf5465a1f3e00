"""Default search limits and the longest game, defined once.

The library's batch pipeline (:mod:`igisoro.batch`: analysis jobs and
``igisoro analyse``), :func:`igisoro.review` and the HTTP service
(``igisoro_service.config``, whose settings an operator may change but
which default to these) all read them from here.

>>> DEFAULT_SEARCH_DEPTH, DEFAULT_REVIEW_DEPTH, MAX_REVIEW_PLIES
(6, 4, 400)
"""

from __future__ import annotations

__all__ = ["DEFAULT_REVIEW_DEPTH", "DEFAULT_SEARCH_DEPTH", "MAX_REVIEW_PLIES"]

#: Depth (whole turns) of a position's search when no limit is given
#: (``/v1/evaluate``, a batch's positions). A fixed depth keeps answers
#: reproducible, unlike a default time limit.
DEFAULT_SEARCH_DEPTH = 6

#: Depth of each ply's search in a game review when no limit is given
#: (:func:`igisoro.review`, ``/v1/games/review``, a batch's games).
DEFAULT_REVIEW_DEPTH = 4

#: Most plies of one reviewed game (a batch's games; the service's
#: ``MAX_REVIEW_PLIES`` setting defaults to it).
MAX_REVIEW_PLIES = 400
