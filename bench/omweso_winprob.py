"""Omweso's and Mweso's win probability on self-play, a first short fit:
``p = sigmoid(a * s)``, ``s`` the depth-3 analysis's score in seeds, one
slope per variant, scored by its Brier score on held-out games beside a
constant predictor's and the baseline slope's (``BASELINE_SLOPE``, what the
engine uses for Omweso today).

Why through the package and one feature: the Rust generator
(``bench/src/bin/winprob.rs``) and the fit (``bench/winprob_fit.py``, numpy)
are typed on the 4x8 family; the slope alone is the model Isolo and Omweso
use (``search/omweso.rs``'s ``WinModel``), so a fitted slope is a drop-in
change. Games are played by levels 5 to 8 (seeded noise, so games differ)
from the set-up, arrangements included; every sowing position with a seed
score is a sample, labelled by whether its side to move won. Games with
``game % 5 == 0`` are held out.

    nice -n 19 .venv/bin/python bench/omweso_winprob.py --games 300 > bench/data/omweso-winprob-2026-11-29.txt
"""

from __future__ import annotations

import argparse
import math
import time

from igisoro import Position

#: The engine's slope today for Omweso (``search/win_probability.rs``).
BASELINE_SLOPE = 0.161167


def games(variant: str, count: int, max_plies: int) -> list[tuple[int, float, int]]:
    """(game, score in seeds, 1 if the side to move won) for every sowing
    position of ``count`` seeded self-play games with a seed score."""
    out: list[tuple[int, float, int]] = []
    for g in range(count):
        p = Position.start(variant)
        samples: list[tuple[float, str]] = []
        winner = None
        for ply in range(max_plies):
            status = p.status()
            if status.state != "ongoing":
                winner = status.winner
                break
            if p.phase == "play":
                a = p.analyse(depth=3)
                if a.score.type == "seeds" and a.score.value is not None:
                    samples.append((a.score.value, p.to_move))
            level = 5 + (g + ply) % 4
            mv = p.best_move(level=level, time_ms=50, seed=g * 1000 + ply).best_move
            if mv is None:
                break
            p = p.play(mv).position
        if winner is None:
            continue
        out += [(g, s, int(side == winner)) for s, side in samples]
    return out


def sigmoid(z: float) -> float:
    """The logistic function, bounded so that large scores do not overflow."""
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, z))))


def fit_slope(data: list[tuple[float, int]]) -> float:
    """The log-loss minimising ``a`` of ``sigmoid(a * s)`` in 0.001..2, by
    ternary search (the log-loss is convex in ``a``; a Newton step overshoots
    on the large scores of decided positions)."""
    def loss(a: float) -> float:
        eps = 1e-12
        return -sum(math.log(max(eps, sigmoid(a * s) if y else 1 - sigmoid(a * s))) for s, y in data)

    lo, hi = 0.001, 2.0
    for _ in range(100):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if loss(m1) < loss(m2):
            hi = m2
        else:
            lo = m1
    return (lo + hi) / 2


def brier(data: list[tuple[float, int]], predict: object) -> float:
    """Mean squared error of ``predict(s)`` against the outcomes."""
    f = predict  # a callable of the score
    return sum((f(s) - y) ** 2 for s, y in data) / len(data)  # type: ignore[operator]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--max-plies", type=int, default=200)
    args = ap.parse_args()
    for variant in ("omweso", "mweso"):
        t0 = time.monotonic()
        rows = games(variant, args.games, args.max_plies)
        train = [(s, y) for g, s, y in rows if g % 5 != 0]
        held = [(s, y) for g, s, y in rows if g % 5 == 0]
        a = fit_slope(train)
        rate = sum(y for _, y in train) / len(train)
        print(f"{variant}: {args.games} games, {len(train)} fitted positions, {len(held)} held out "
              f"({time.monotonic() - t0:.0f} s)")
        print(f"  fitted slope a = {a:.6f} (baseline {BASELINE_SLOPE})")
        print(f"  held-out Brier: fitted {brier(held, lambda s: sigmoid(a * s)):.4f}, "
              f"baseline slope {brier(held, lambda s: sigmoid(BASELINE_SLOPE * s)):.4f}, "
              f"constant {rate:.3f} {brier(held, lambda s: rate):.4f}, constant 0.5 {brier(held, lambda s: 0.5):.4f}",
              flush=True)


if __name__ == "__main__":
    main()
