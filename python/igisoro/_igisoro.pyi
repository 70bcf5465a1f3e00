"""Type stubs for the compiled core (checked by ``mypy.stubtest``)."""

from collections.abc import Callable, Sequence
from typing import Any, final

from igisoro.errors import IgisoroError

__all__ = [
    "MAX_MULTIPV",
    "MAX_TRACE_EVENTS",
    "MAX_SEARCH_DEPTH",
    "MAX_SEARCH_NODES",
    "MAX_SEARCH_TIME_MS",
    "REVIEW_THRESHOLDS",
    "RULE_OPTIONS_JSON",
    "VARIANTS_JSON",
    "LEVELS_JSON",
    "Cancel",
    "Pos",
    "__version__",
    "analyse_many",
    "analysis_json",
    "review_known",
    "review_label",
    "review_many",
    "score_json",
    "solution_json",
]

__version__: str
#: The engine's maxima for search limits, defined once in the core.
MAX_SEARCH_DEPTH: int
MAX_SEARCH_NODES: int
MAX_SEARCH_TIME_MS: int
MAX_MULTIPV: int
MAX_TRACE_EVENTS: int
#: The review's labels, most severe first: ((name, minimum drop in the
#: mover's win probability), ...), the core's only copy.
REVIEW_THRESHOLDS: tuple[tuple[str, float], ...]
#: Every variant's metadata and every rule option, as JSON text.
VARIANTS_JSON: str
RULE_OPTIONS_JSON: str
#: Every strength level's settings per rule system (the tables the levels play by),
#: as JSON text: an object keyed by board (`4x8`, `2xn`, `omweso`).
LEVELS_JSON: str

@final
class Cancel:
    """A flag another thread sets to stop a running ``Pos.analyse``."""

    def __new__(cls) -> Cancel: ...
    def set(self) -> None: ...

#: (type, seeds, turns): the fields of ``igisoro.Score``.
_ScoreTuple = tuple[str, float | None, int | None]
#: The fields of ``igisoro.Analysis``, in order, then its JSON text (every line).
_AnalysisTuple = tuple[
    str | None, _ScoreTuple, list[str], list[tuple[str, _ScoreTuple, list[str]]], int, int, int, int, str, float, str
]
#: The same fields as Python passes them back to the core's JSON writer
#: (any sequences of strings).
_AnalysisFields = tuple[
    str | None,
    _ScoreTuple,
    Sequence[str],
    Sequence[tuple[str, _ScoreTuple, Sequence[str]]],
    int,
    int,
    int,
    int,
    str,
    float,
]
#: The fields of ``igisoro.Solution``, in order, as Python passes them back.
_SolutionFields = tuple[str, Sequence[str], int | None, int, int, str, int, int | None]


@final
class Pos:
    @staticmethod
    def from_json(data: str | dict[str, Any]) -> Pos: ...
    @staticmethod
    def start(variant: str) -> Pos: ...
    @staticmethod
    def from_notation(text: str) -> Pos: ...
    def notation(self) -> str: ...
    def form_json(self) -> str: ...
    def to_move(self) -> str: ...
    def rules_json(self) -> str: ...
    def legal_moves(self, limit: int | None = None, timeout: float | None = None) -> tuple[list[tuple[str, Pos, int, int]], bool]: ...
    def legal_moves_json(self, limit: int | None = None, timeout: float | None = None) -> tuple[bytes, int, bool]: ...
    def next_decision(self, partial: str, timeout: float | None = None) -> tuple[Any, ...]: ...
    def play(
        self, mv: str, timeout: float | None = None
    ) -> tuple[Pos, int, int, str, bool, tuple[str, str | None, str | None]]: ...
    def arrangement(self, side: str, rows: list[list[int]]) -> str: ...
    def compare_arrangement(
        self, arrangement: str, lim: tuple[int | None, int | None, int | None, int], timeout: float | None = None
    ) -> str: ...
    def canonical(self, mv: str, timeout: float | None = None) -> str: ...
    def status(self, timeout: float | None = None) -> tuple[str, str | None, str | None]: ...
    def random_move(self, seed: int, timeout: float | None = None) -> Pos | None: ...
    def perft(self, depth: int, timeout: float | None = None) -> list[tuple[int, int]]: ...
    def analyse(
        self,
        lim: tuple[int | None, int | None, int | None, int],
        timeout: float | None = None,
        report: Callable[[_AnalysisTuple | None], object] | None = None,
        cancel: Cancel | None = None,
    ) -> _AnalysisTuple: ...
    def best_move(self, level: int, time_ms: int, seed: int, timeout: float | None = None) -> _AnalysisTuple: ...
    def win_probability(self, score: tuple[str, float | None, int | None]) -> float: ...
    def solve(
        self,
        nodes: int | None = None,
        time_ms: int | None = None,
        timeout: float | None = None,
        max_table_mb: int | None = None,
    ) -> tuple[str, list[str], int | None, int, int, str, int, int | None]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def analyse_many(
    positions: list[Pos],
    depth: int | None = None,
    nodes: int | None = None,
    time_ms: int | None = None,
    multipv: int = 1,
    timeout: float | None = None,
) -> list[_AnalysisTuple]: ...
_ReviewTuple = tuple[str, list[tuple[Pos, _AnalysisTuple | None, _AnalysisTuple | None]], Pos, IgisoroError | None]

def review_many(
    games: list[tuple[Pos, list[str]]],
    lim: tuple[int | None, int | None, int | None],
    timeout: float | None = None,
    threads: int | None = None,
) -> list[_ReviewTuple | IgisoroError]: ...
def review_known(
    games: list[tuple[Pos, list[str]]],
    lim: tuple[int | None, int | None, int | None],
    known: Callable[[Pos, str], dict[str, Any] | None],
    timeout: float | None = None,
    threads: int | None = None,
) -> tuple[
    list[tuple[str, _ReviewTuple | IgisoroError] | tuple[str, str, int, int]],
    list[tuple[Pos, _ReviewTuple]],
]: ...
def review_label(best: _ScoreTuple, played: _ScoreTuple, drop: float) -> tuple[float, str | None]: ...
def analysis_json(fields: _AnalysisFields, multipv: int | None = None) -> str: ...
def score_json(fields: _ScoreTuple) -> str: ...
def solution_json(fields: _SolutionFields) -> str: ...
