"""Omweso's level ladder, a short first measurement: level L against level
L-2 from the set-up (each side's arrangement chosen by the engine at its
level, ``docs/OMWESO.md``, "Choosing an arrangement"), through the package.

Why a script of its own and not ``strength ladder``: the Rust harness
(``bench/src/bin/strength.rs``) is typed on the 4x8 family; this one plays
through ``Position.best_move`` like any client, so it needs nothing new in
the core. It is short on purpose (the build machine's two cores are shared):
a few games per pair, as pairs with colours swapped, the seeds of each game
fixed, so a run is reproducible apart from level 10's clock.

    nice -n 19 .venv/bin/python bench/omweso_ladder.py --variant omweso --pairs 3 --ms 50 \\
        > bench/data/omweso-ladder.txt

A game that reaches ``--max-plies`` is a draw by adjudication (counted as
half a point each), since Omweso has no draw and a long game here says
nothing about strength.
"""

from __future__ import annotations

import argparse
import time

from igisoro import Position


def play(variant: str, south: int, north: int, ms: int, seed: int, max_plies: int) -> tuple[str | None, int]:
    """One game from the set-up: the winner's side (None at ``max_plies``)
    and the plies played, the two arrangements included."""
    p = Position.start(variant)
    for ply in range(max_plies):
        status = p.status()
        if status.state != "ongoing":
            return status.winner, ply
        level = south if p.to_move == "south" else north
        mv = p.best_move(level=level, time_ms=ms, seed=seed * 1000 + ply).best_move
        if mv is None:
            return None, ply
        p = p.play(mv).position
    return None, max_plies


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="omweso")
    ap.add_argument("--pairs", type=int, default=3, help="game pairs (colours swapped) per level pair")
    ap.add_argument("--ms", type=int, default=50, help="time_ms per move")
    ap.add_argument("--from", dest="low", type=int, default=3)
    ap.add_argument("--to", dest="high", type=int, default=10)
    ap.add_argument("--max-plies", type=int, default=200)
    args = ap.parse_args()
    print(f"level L vs level L-2, {args.variant}, {args.pairs} pairs per level pair, {args.ms} ms per move, "
          f"max {args.max_plies} plies", flush=True)
    for high in range(args.low, args.high + 1):
        low = high - 2
        t0 = time.monotonic()
        points = 0.0
        games = 0
        plies = 0
        for g in range(args.pairs):
            for high_is_south in (True, False):
                south, north = (high, low) if high_is_south else (low, high)
                winner, length = play(args.variant, south, north, args.ms, seed=1 + g, max_plies=args.max_plies)
                games += 1
                plies += length
                if winner is None:
                    points += 0.5
                elif (winner == "south") == high_is_south:
                    points += 1
        print(f"L{high} vs L{low}: {points:g}/{games} for L{high}, {plies / games:.1f} plies a game "
              f"({time.monotonic() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
