"""Igisoro: a rules engine for Igisoro and related mancala games.

The heavy work (sowing, move generation, search) runs in a Rust core; this
package gives it a small typed API shaped like python-chess:

>>> import igisoro
>>> p = igisoro.Position.start("igisoro")
>>> [m.notation for m in p.legal_moves()][:3]
['a2', 'b2', 'c2']
>>> result = p.play("e2")
>>> result.position.to_move
'north'
>>> igisoro.Position.from_notation(p.notation()) == p
True
"""

from igisoro.errors import (
    ArrangementError,
    EngineTimeoutError,
    IgisoroError,
    IllegalMoveError,
    InvalidLimitError,
    InvalidNotationError,
    InvalidPositionError,
    NotEnumerableError,
    UnknownVariantError,
)
from igisoro.analysis import Analysis, Line, Score, StopReason, analyse_many
from igisoro.arrangement import ArrangementEvaluation, ScoredArrangement
from igisoro.move import Move
from igisoro.position import (
    MAX_TRACE_EVENTS,
    ArrangementRule,
    Decision,
    LegalMove,
    LegalMovesJson,
    MoveList,
    Phase,
    PlayResult,
    Position,
    Status,
)
from igisoro.levels import Level, LevelRatings, Rating, level_ratings, levels
from igisoro.variant import VariantInfo, rule_options, variants
from igisoro.review import IllegalPly, Review, ReviewedPly, review, review_many
from igisoro.solution import Outcome, Solution, SolveStop
from igisoro.trace import TraceEvent

from igisoro._igisoro import __version__

__all__ = [
    "MAX_TRACE_EVENTS",
    "Analysis",
    "ArrangementError",
    "ArrangementEvaluation",
    "ArrangementRule",
    "Decision",
    "IllegalPly",
    "EngineTimeoutError",
    "IgisoroError",
    "IllegalMoveError",
    "InvalidLimitError",
    "InvalidNotationError",
    "InvalidPositionError",
    "LegalMove",
    "LegalMovesJson",
    "Level",
    "LevelRatings",
    "Line",
    "Move",
    "MoveList",
    "NotEnumerableError",
    "Phase",
    "Outcome",
    "PlayResult",
    "Position",
    "Rating",
    "Review",
    "ReviewedPly",
    "Score",
    "ScoredArrangement",
    "Solution",
    "SolveStop",
    "StopReason",
    "Status",
    "TraceEvent",
    "UnknownVariantError",
    "VariantInfo",
    "__version__",
    "analyse_many",
    "level_ratings",
    "levels",
    "review",
    "review_many",
    "rule_options",
    "variants",
]
