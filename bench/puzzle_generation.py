"""A puzzle generation run with its counts kept (issue 33): hand-run, never
a test.

The library's :func:`igisoro.puzzles.generate` with its defaults (those of
``igisoro puzzles generate``), writing each puzzle as a JSONL line and, after
each game, the run's :class:`igisoro.puzzles.Stats` with the next seed to
``OUT.stats.json``. Re-running the same command goes on from that seed, the
counts added up. Several runs over disjoint seed ranges use the cores side
by side; ``--merge`` adds their counts into one ``VARIANT.stats.json`` for
``bench/puzzles.py --stats``. Usage::

    .venv/bin/python bench/puzzle_generation.py --variant igisoro --first-seed 1000 -o a.jsonl
    .venv/bin/python bench/puzzle_generation.py --merge igisoro a.jsonl.stats.json b.jsonl.stats.json
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from igisoro.puzzles import Stats, generate

#: The counts that add up across runs and resumes.
_SUMMED = ("games", "candidates", "won", "puzzles", "refused", "cpu_seconds", "wall")


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.exists() else {}


def _add(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Two runs' counts added, with the rates derived again."""
    out: dict[str, Any] = {k: round(float(a.get(k, 0)) + float(b.get(k, 0)), 1)
                              for k in _SUMMED}
    for k in ("games", "candidates", "won", "puzzles", "refused"):
        out[k] = int(out[k])
    reasons: dict[str, int] = dict(a.get("reasons", {}))
    for k, v in dict(b.get("reasons", {})).items():
        reasons[k] = reasons.get(k, 0) + v
    out["reasons"] = dict(sorted(reasons.items()))
    cpu = float(out["cpu_seconds"])
    out["puzzles_per_core_hour"] = round(int(out["puzzles"]) * 3600 / cpu, 1) if cpu else 0.0
    out["share"] = round(int(out["puzzles"]) / int(out["candidates"]), 4) if out["candidates"] else 0.0
    return out


def run(variant: str, first_seed: int, out: Path, count: int) -> None:
    """Generate into ``out`` until it holds ``count`` puzzles (or Ctrl-C)."""
    stats_path = out.with_name(out.name + ".stats.json")
    before = _load(stats_path)
    seed = int(before.get("next_seed", first_seed))
    have = {json.loads(ln)["id"] for ln in out.read_text().splitlines() if ln.strip()} if out.exists() else set()
    stats = Stats()
    t0 = time.monotonic()

    def game_done(s: int) -> None:
        now = dict(stats.to_json(), wall=time.monotonic() - t0)
        total = dict(_add(before, now), variant=variant, first_seed=first_seed, next_seed=s + 1)
        stats_path.write_text(json.dumps(total) + "\n")
        print(f"game {s}: {total['puzzles']} puzzles, {total['puzzles_per_core_hour']} per core-hour", flush=True)

    with out.open("a", encoding="utf-8") as f:
        for p in generate(variant, count - len(have), first_seed=seed, stats=stats, on_game=game_done, known=have):
            f.write(json.dumps(p.to_json()) + "\n")
            f.flush()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--merge", nargs="+", metavar=("VARIANT", "STATS"),
                    help="add the runs' stats files into one VARIANT.stats.json on stdout")
    args = ap.parse_args()
    if args.merge:
        total: dict[str, Any] = {}
        for path in args.merge[1:]:
            total = _add(total, _load(Path(path)))
        print(json.dumps(dict(total, variant=args.merge[0])))
        return
    if not args.variant or not args.output:
        ap.error("--variant and -o are needed (or --merge)")
    run(args.variant, args.first_seed, args.output, args.count)


if __name__ == "__main__":
    main()
