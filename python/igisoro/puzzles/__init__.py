"""Puzzles: positions where exactly one move wins, proven by the solver.

One concept per module:

- :mod:`~igisoro.puzzles.puzzle`: the :class:`Puzzle` record and its JSON;
- :mod:`~igisoro.puzzles.find`: whether a position is a puzzle, and its line;
- :mod:`~igisoro.puzzles.check`: the independent check before storing;
- :mod:`~igisoro.puzzles.themes`: themes read from the moves;
- :mod:`~igisoro.puzzles.rating`: tempting moves and the first rating;
- :mod:`~igisoro.puzzles.candidates`: self-play and submitted games' positions;
- :mod:`~igisoro.puzzles.screen`: the cheap first look that picks whom the solver sees;
- :mod:`~igisoro.puzzles.generate`: the pipeline, with its costs counted.

``docs/PUZZLES.md`` says how they are made and why.
"""

import igisoro as _igisoro
from igisoro.puzzles.candidates import Candidate, game_positions, self_play
from igisoro.puzzles.check import PuzzleCheckError, verify
from igisoro.puzzles.find import DEFAULT_NODES, Found, find_puzzle
from igisoro.puzzles.generate import Stats, generate, puzzles_from, seed_candidates
from igisoro.puzzles.puzzle import Puzzle, puzzle_id
from igisoro.puzzles.screen import promising
from igisoro.puzzles.themes import THEMES, themes

#: The variants puzzles are made for: every variant. Omweso's (``omweso``,
#: ``mweso``) from the sowing phase only: a set-up position is never a
#: puzzle, since its moves (arrangements) are not listed and so cannot all
#: be proven to lose (:func:`~igisoro.puzzles.find.find_puzzle` answers
#: ``set-up``, and self-play passes those positions over). Generation and
#: the puzzle endpoints offer these names.
PUZZLE_VARIANTS: tuple[str, ...] = tuple(v.name for v in _igisoro.variants())

__all__ = ["DEFAULT_NODES", "PUZZLE_VARIANTS", "THEMES", "Candidate", "Found", "Puzzle", "PuzzleCheckError", "Stats", "find_puzzle",
           "game_positions", "generate", "promising", "puzzle_id", "puzzles_from", "seed_candidates", "self_play",
           "themes", "verify"]
