"""A chunk of a ``puzzles`` job (``POST /v1/puzzles/generate``): each item
is a game (a self-play seed of a variant, or a submitted game) whose
positions go through the library's puzzle pipeline
(:func:`igisoro.puzzles.puzzles_from`: the finder, then the independent
check); the puzzles found are stored in the puzzle database, and each item's
result line says what it gave. Called by the worker's one task."""

from __future__ import annotations

import threading
import time
from itertools import takewhile
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import igisoro
from igisoro.batch import Unreadable
from igisoro.problems import item_problem, problem
from igisoro.puzzles import Candidate, Stats, game_positions, puzzles_from, seed_candidates

if TYPE_CHECKING:
    from igisoro_service.puzzles.store import PuzzleStore

_lock = threading.Lock()
_stores: dict[str, PuzzleStore] = {}


def store(config: dict[str, Any]) -> PuzzleStore:
    """The puzzle store of ``config`` (one per database, opened once)."""
    # Imported on first use: the database's modules load SQLAlchemy and
    # Alembic, which a job worker that never runs a puzzle chunk, and an
    # API process that never serves a puzzle, need not load at start.
    from igisoro_service.puzzles.db import database_url
    from igisoro_service.puzzles.store import PuzzleStore

    url = database_url(config)
    with _lock:
        if url not in _stores:
            from igisoro_service.puzzles.starter import STARTER

            _stores[url] = PuzzleStore(url, starter=str(STARTER) if config["PUZZLE_STARTER"] else None)
        return _stores[url]


def _candidates(item: Any, index: int) -> Iterator[Candidate]:
    """The positions of one item (raises the engine's errors, or ValueError, naming what is wrong)."""
    if isinstance(item, dict) and "seed" in item:
        return seed_candidates(str(item["variant"]), int(item["seed"]))
    if isinstance(item, dict) and "position" in item and isinstance(item.get("moves"), list):
        start = igisoro.Position.read(item["position"])
        moves = ["-".join(m) if isinstance(m, list) else str(m) for m in item["moves"]]
        return game_positions(start, moves, source=f"game:{index}")
    raise ValueError(f"Item {index} is neither a self-play seed nor a game with a position and moves.")


def run_puzzle_chunk(items: list[Any], limits: dict[str, Any], first: int, config: dict[str, Any]) -> list[dict[str, Any]]:
    """One result line per item: the ids of the puzzles it gave (stored),
    how many were new, and what was looked at; or an error line."""
    nodes = int(limits.get("nodes") or config["PUZZLE_NODES"])
    # A chunk stops looking after JOB_CHUNK_TIMEOUT, as an analysis chunk's
    # searches do (a long 4x8 self-play game is thousands of positions), and
    # says so with "partial": true; what it found is kept.
    deadline = time.monotonic() + float(config["JOB_CHUNK_TIMEOUT"])
    lines: list[dict[str, Any]] = []
    for i, item in enumerate(items, start=first):
        if isinstance(item, Unreadable):
            lines.append({"index": i, "error": item_problem("invalid-item", "Invalid item", item.detail, "item")})
            continue
        stats = Stats()
        try:
            cands = takewhile(lambda _: time.monotonic() < deadline, _candidates(item, i))
            found = list(puzzles_from(cands, stats, nodes=nodes))
        except igisoro.IgisoroError as e:
            lines.append({"index": i, "error": problem(e, "item")})
            continue
        except (ValueError, TypeError) as e:
            lines.append({"index": i, "error": item_problem("invalid-item", "Invalid item", str(e), "item")})
            continue
        new = store(config).add(found)
        lines.append({"index": i, "puzzles": [p.id for p in found], "new": new, "candidates": stats.candidates,
                      "won": stats.won, "cpu_seconds": round(stats.cpu_seconds, 2),
                      "partial": time.monotonic() >= deadline})
    return lines
