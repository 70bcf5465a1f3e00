"""The arrangement chooser in play (issue 42): does the engine's chosen
arrangement win more games than a sample arrangement, the rest of the game
being equal?

Each pair of games starts from the set-up. One side (*chooser*) arranges
with the engine's choice at the level (``docs/OMWESO.md``, "Choosing an
arrangement"); the other arranges the sample arrangement given (``--sample``,
by default the even spread ``k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2``, the core's
second sample and the standard start of the sowing phase; ``dealt`` for the
seeds as dealt). From then on both sides play the same level. The pair's
second game swaps the colours with the same seeds, so the first player's
edge cancels. Results are counted per pair, as pentanomial pairs (won both,
split, lost both), since a pair is the unit that cancels the colour.

    nice -n 19 .venv/bin/python bench/omweso_arrangements.py --variant omweso --pairs 50 --level 6 --ms 30

A game that reaches ``--max-plies`` counts half a point (no game did in the
runs recorded). Hand-run; the log goes to ``bench/data/``.
"""

from __future__ import annotations

import argparse
import math
import time

from igisoro import Position

SAMPLES = {"even": "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "dealt": "k0.0.0.0.0.0.0.0/4.4.4.4.4.4.4.4"}


def play(variant: str, chooser_side: str, sample: str, level: int, ms: int, seed: int,
         max_plies: int) -> tuple[float, int]:
    """One game: the chooser's points (1, 0 or 0.5 at ``max_plies``) and the
    plies played, the arrangements included."""
    p = Position.start(variant)
    for ply in range(max_plies):
        status = p.status()
        if status.state != "ongoing":
            return (1.0 if status.winner == chooser_side else 0.0), ply
        if p.phase == "setup" and p.to_move != chooser_side:
            move = sample
        else:
            found = p.best_move(level=level, time_ms=ms, seed=seed * 1000 + ply).best_move
            assert found is not None
            move = found
        p = p.play(move).position
    return 0.5, max_plies


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="omweso")
    ap.add_argument("--pairs", type=int, default=50)
    ap.add_argument("--level", type=int, default=6)
    ap.add_argument("--ms", type=int, default=30, help="time_ms per move (the chooser's budget too)")
    ap.add_argument("--sample", default="even", choices=sorted(SAMPLES))
    ap.add_argument("--max-plies", type=int, default=200)
    args = ap.parse_args()
    sample = SAMPLES[args.sample]
    print(f"chosen arrangement vs {args.sample} ({sample}), {args.variant}, level {args.level} both sides, "
          f"{args.ms} ms a move, {args.pairs} pairs (colours swapped)", flush=True)
    t0 = time.monotonic()
    pairs = {"won both": 0, "split": 0, "lost both": 0, "other": 0}
    points = 0.0
    per_pair: list[float] = []
    for g in range(args.pairs):
        a, _ = play(args.variant, "south", sample, args.level, args.ms, 1 + g, args.max_plies)
        b, _ = play(args.variant, "north", sample, args.level, args.ms, 1 + g, args.max_plies)
        points += a + b
        per_pair.append((a + b) / 2)
        key = {2.0: "won both", 1.0: "split", 0.0: "lost both"}.get(a + b, "other")
        pairs[key] += 1
        print(f"pair {g + 1}: chooser as south {a:g}, as north {b:g}", flush=True)
    games = 2 * args.pairs
    share = points / games
    # Standard error over pairs (the pair is the independent unit).
    mean = sum(per_pair) / len(per_pair) if per_pair else 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in per_pair) / max(1, len(per_pair) - 1))
    se = sd / math.sqrt(max(1, len(per_pair)))
    print(f"chooser: {points:g}/{games} ({100 * share:.1f} %, ±{200 * se:.1f} at two standard errors over pairs); "
          f"pairs won both {pairs['won both']}, split {pairs['split']}, lost both {pairs['lost both']}, "
          f"with a game adjudicated {pairs['other']} "
          f"({time.monotonic() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
