"""Puzzle generation: self-play games' positions through the finder and
the independent check, with the counts that say what it cost."""

from __future__ import annotations

import time
from itertools import takewhile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from igisoro.puzzles.candidates import Candidate, self_play
from igisoro.puzzles.check import verify
from igisoro.puzzles.find import DEFAULT_NODES, MAX_MOVES, MAX_TURNS, find_puzzle
from igisoro.puzzles.puzzle import Puzzle
from igisoro.puzzles.screen import promising, screens

#: Plies of each self-play game passed over before looking for puzzles, by
#: variant: the early positions of the slow 4x8 variants (``min_seeds=1``)
#: are never proven within the budget, and only cost it.
SKIP_PLIES: dict[str, int] = {"igisoro-wikipedia": 40, "igisoro-fr": 20}


def seed_candidates(variant: str, seed: int, *, time_ms: int = 5, branches: bool = True) -> Iterator[Candidate]:
    """The positions generation looks at in self-play game ``seed`` of
    ``variant``: the game's and, with ``branches``, those one move off it,
    from the variant's first ply worth a look (:data:`SKIP_PLIES`). The CLI,
    the library and the job workers all read a seed through this."""
    return self_play(variant, seed, time_ms=time_ms, skip=SKIP_PLIES.get(variant, 0), branches=branches)


@dataclass
class Stats:
    """What a generation run looked at and what it cost."""

    games: int = 0
    #: Distinct positions looked at.
    candidates: int = 0
    #: Of which the side to move had a proven win (``crowded`` and ``forced``
    #: positions are passed over before the solver, so never counted here).
    won: int = 0
    puzzles: int = 0
    #: Puzzles the finder made that the independent check refused (only a
    #: bug can make one; counted so it would show).
    refused: int = 0
    #: The reasons positions were not puzzles, with their counts
    #: (``screened``: passed over by :mod:`igisoro.puzzles.screen`).
    reasons: dict[str, int] = field(default_factory=dict)
    #: CPU seconds of this process (every thread) spent so far.
    cpu_seconds: float = 0.0

    def per_core_hour(self) -> float:
        """Puzzles per CPU hour."""
        return self.puzzles * 3600.0 / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    def to_json(self) -> dict[str, object]:
        """The counts as a JSON object, with the derived rates."""
        share = self.puzzles / self.candidates if self.candidates else 0.0
        return {"games": self.games, "candidates": self.candidates, "won": self.won, "puzzles": self.puzzles,
                "refused": self.refused, "reasons": dict(sorted(self.reasons.items())),
                "cpu_seconds": round(self.cpu_seconds, 1), "puzzles_per_core_hour": round(self.per_core_hour(), 1),
                "share": round(share, 4)}


def puzzles_from(candidates: Iterable[Candidate], stats: Stats, *, nodes: int = DEFAULT_NODES,
                 max_moves: int = MAX_MOVES, max_turns: int = MAX_TURNS, seen: set[str] | None = None,
                 check_nodes: int | None = None, screen: bool | None = None) -> Iterator[Puzzle]:
    """The checked puzzles among ``candidates``, counting into ``stats``.

    ``seen`` holds the notations already looked at (each position is looked
    at once per run); every puzzle passes :func:`igisoro.puzzles.check.verify`
    with ``check_nodes`` (default twice ``nodes``) before it is yielded.
    With ``screen`` a position goes to the finder only if
    :func:`igisoro.puzzles.screen.promising` says so; ``None`` (the default)
    screens the variants :func:`~igisoro.puzzles.screen.screens` names."""
    seen = set() if seen is None else seen
    t0 = time.process_time()
    try:
        for c in candidates:
            key = c.position.notation()
            if key in seen:
                continue
            seen.add(key)
            stats.candidates += 1
            if ((screens(c.position.variant) if screen is None else screen)
                    and c.position.status().state == "ongoing" and not promising(c.position)):
                stats.reasons["screened"] = stats.reasons.get("screened", 0) + 1
                continue
            found = find_puzzle(c.position, nodes=nodes, max_moves=max_moves, max_turns=max_turns, source=c.source)
            stats.won += found.won
            if found.puzzle is None:
                stats.reasons[found.reason] = stats.reasons.get(found.reason, 0) + 1
                continue
            try:
                verify(found.puzzle, check_nodes or 2 * nodes)
            except ValueError:
                stats.refused += 1
                continue
            stats.puzzles += 1
            stats.cpu_seconds += time.process_time() - t0
            t0 = time.process_time()
            yield found.puzzle
    finally:
        stats.cpu_seconds += time.process_time() - t0


def generate(variant: str, count: int, *, first_seed: int = 0, nodes: int = DEFAULT_NODES,
             stats: Stats | None = None, seen: set[str] | None = None, time_ms: int = 5,
             max_games: int | None = None, branches: bool = True, on_game: Callable[[int], None] | None = None,
             should_stop: Callable[[], bool] | None = None, known: set[str] | None = None,
             screen: bool | None = None) -> Iterator[Puzzle]:
    """Up to ``count`` checked puzzles of ``variant`` from self-play games
    ``first_seed``, ``first_seed + 1``, ... (at most ``max_games`` games).

    ``on_game`` is called with each game's seed once its positions are all
    looked at (a caller that records it can resume after it).
    ``should_stop`` is asked before each position: once it says so the run
    ends, and the game it was in is not reported done. Puzzles whose id is
    in ``known`` (a resumed run's, found again in a game looked at again)
    are neither yielded nor counted. ``screen`` as in :func:`puzzles_from`."""
    stats = Stats() if stats is None else stats
    seen = set() if seen is None else seen
    made = 0
    seed = first_seed
    while made < count and (max_games is None or seed < first_seed + max_games):
        games = seed_candidates(variant, seed, time_ms=time_ms, branches=branches)
        if should_stop is not None:
            games = takewhile(lambda _: not should_stop(), games)
        for puzzle in puzzles_from(games, stats, nodes=nodes, seen=seen, screen=screen):
            if known is not None and puzzle.id in known:
                continue
            yield puzzle
            made += 1
            if made >= count:
                break
        if should_stop is not None and should_stop():
            return
        stats.games += 1
        if on_game is not None:
            on_game(seed)
        seed += 1
