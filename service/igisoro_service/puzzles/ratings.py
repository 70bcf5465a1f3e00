"""Glicko-2 ratings of puzzles and solvers, by the ``glicko2`` library.

An attempt is one game between the solver and the puzzle: the solver wins
when it solves the puzzle. Both are rated from the other's rating before
the attempt, each as a rating period of one game (as Lichess rates its
puzzles), so the order of two attempts only matters through the ratings
each one sees."""

from __future__ import annotations

from dataclasses import dataclass

import glicko2

#: A new solver's or a fresh rating's deviation and volatility (Glicko-2's
#: usual starting values).
START_RD = 350.0
START_VOL = 0.06
#: A new solver's rating.
START_RATING = 1500.0
#: Deviations never fall below this, so ratings keep moving a little.
MIN_RD = 45.0


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: value, deviation and volatility."""

    rating: float = START_RATING
    rd: float = START_RD
    vol: float = START_VOL


def _updated(me: Rating, other: Rating, score: float) -> Rating:
    p = glicko2.Player(rating=me.rating, rd=me.rd, vol=me.vol)
    p.update_player([other.rating], [other.rd], [score])
    return Rating(float(p.getRating()), max(MIN_RD, float(p.getRd())), float(p.vol))


def rate(solver: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The solver's and the puzzle's ratings after one attempt."""
    s = 1.0 if solved else 0.0
    return _updated(solver, puzzle, s), _updated(puzzle, solver, 1.0 - s)
