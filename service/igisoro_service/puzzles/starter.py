"""The starter set: puzzles shipped with the service (``starter.jsonl.gz``
beside this file) and loaded into an empty embedded database, so a fresh
clone has puzzles. ``docs/PUZZLES.md`` gives the command that made it."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

from igisoro.puzzles import Puzzle

#: The shipped file.
STARTER = Path(__file__).with_name("starter.jsonl.gz")


def read_starter(path: str | Path = STARTER) -> Iterator[Puzzle]:
    """The puzzles of a gzip JSONL file, one per line; a missing file has
    none. Raises :class:`ValueError` naming the file and line of a bad one."""
    path = Path(path)
    if not path.exists():
        return
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                yield Puzzle.from_json(json.loads(line))
            except ValueError as e:
                raise ValueError(f"{path}, line {n}: {e}") from None
