"""A cheap first look that decides which positions are worth the solver.

A puzzle's winning move is its only winning move, so every other move
loses: a shallow search sees the best move far ahead of the second. In the
4x8 ``igisoro`` variants the solver's look at a position costs about a
hundred times this screen (0.1 to 2 s against 2 to 7 ms), and almost every
position fails it, so generation screens first.

The screen only decides where the solver looks; it never makes a puzzle.
What it keeps still goes through :func:`igisoro.puzzles.find_puzzle` and the
independent check. What it costs is recall, measured before it was set
(``docs/PUZZLES.md``, "The screen"): of 4,729 ``igisoro`` positions all put
through the finder, the 15 puzzles all had a gap of 50 seeds or more, and a
gap of 40 kept 225 positions, a twentieth, for a tenth of the solver's time.
Of the 267 ``igisoro`` puzzles then found through that screen, 263 had a
second-best move losing 10 seeds or more, while most of the positions the
finder turned down as won several ways or unsettled did not: the third
condition halves the finder's time again.
"""

from __future__ import annotations

from igisoro.analysis import Score
from igisoro.position import Position

#: The screen's search depth, in plies (depth 3 costs 2 to 7 ms on a 4x8
#: position; depth 2 showed the same puzzles' gaps nearer the threshold).
SCREEN_DEPTH = 3
#: The best move's score must be at least this many seeds for the mover.
MIN_LEAD = 10.0
#: And at least this many seeds above the second-best move's.
MIN_GAP = 40.0
#: And the second-best move must lose at least this many seeds (its score at
#: most minus this): every other move of a puzzle loses. A position whose
#: second-best move still looks even or won is most often won several ways,
#: or a fight the solver cannot settle (``second-win``, ``unsettled``).
MIN_SECOND_LOSS = 10.0
#: The seed value a forced result stands for here: above any seed margin
#: (64 seeds in play), nearer for a quicker win.
_DECIDED = 1000.0

#: The variants whose generation screens by default: the 4x8 ``igisoro``
#: ones, where the solver is costly and puzzles rare. Ikibuguzo and Isolo
#: are cheap enough to put every position through the finder (their
#: starter puzzles were made so).
SCREENED = frozenset({"igisoro", "igisoro-wikipedia", "igisoro-fr"})


def _seeds(score: Score) -> float:
    """A score as seeds for the mover, a forced result beyond any margin."""
    if score.type == "win":
        return _DECIDED - (score.turns or 0)
    if score.type == "loss":
        return -_DECIDED + (score.turns or 0)
    return float(score.value or 0.0)


def promising(position: Position, *, min_lead: float = MIN_LEAD, min_gap: float = MIN_GAP,
              min_second_loss: float = MIN_SECOND_LOSS) -> bool:
    """Whether a depth-3 search of ``position`` shows one move ahead: the
    best worth at least ``min_lead`` seeds, ``min_gap`` more than the
    second best, and the second best losing at least ``min_second_loss``.
    A position with fewer than two moves is no puzzle, so it fails."""
    lines = position.analyse(depth=SCREEN_DEPTH, multipv=2).lines
    if len(lines) < 2:
        return False
    best, second = _seeds(lines[0].score), _seeds(lines[1].score)
    return best >= min_lead and best - second >= min_gap and second <= -min_second_loss


def screens(variant: str) -> bool:
    """Whether generation screens ``variant``'s positions by default."""
    return variant in SCREENED
