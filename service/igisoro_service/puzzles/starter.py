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


def write_starter(sources: list[Path], out: Path = STARTER) -> dict[str, int]:
    """Write the puzzles of JSONL files (``igisoro puzzles generate``
    outputs) to ``out`` as the starter set: each id once, sorted by variant
    and id, gzip without a timestamp (the same puzzles give the same bytes).
    Returns the count per variant."""
    found: dict[str, Puzzle] = {}
    for src in sources:
        with src.open(encoding="utf-8") as f:
            for n, line in enumerate(f, start=1):
                if line.strip():
                    try:
                        p = Puzzle.from_json(json.loads(line))
                    except ValueError as e:
                        raise ValueError(f"{src}, line {n}: {e}") from None
                    found.setdefault(p.id, p)
    ordered = sorted(found.values(), key=lambda p: (p.variant, p.id))
    with out.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
        for p in ordered:
            gz.write((json.dumps(p.to_json(), sort_keys=True) + "\n").encode())
    counts: dict[str, int] = {}
    for p in ordered:
        counts[p.variant] = counts.get(p.variant, 0) + 1
    return counts


def main(argv: list[str] | None = None) -> None:
    """``python -m igisoro_service.puzzles.starter FILE.jsonl ...``: write the
    starter set from those files and print its counts per variant."""
    import argparse

    ap = argparse.ArgumentParser(description="Write the puzzle starter set from JSONL files of puzzles.")
    ap.add_argument("sources", nargs="+", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=STARTER)
    args = ap.parse_args(argv)
    print(json.dumps(write_starter(args.sources, args.output)))


if __name__ == "__main__":
    main()
