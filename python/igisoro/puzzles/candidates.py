"""Where puzzles are looked for: the positions of engine self-play games
(seeded, so a run is reproducible), and of games users submit."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from igisoro.position import Position

#: A self-play game stops after this many plies (a 4x8 game can go on for
#: hundreds, and late positions repeat).
MAX_PLIES = 300
#: Isolo boards the self-play varies over (the ``holes`` rule, 4..8): its
#: default 4-hole game has too few positions to give 1,000 puzzles.
ISOLO_HOLES = (4, 5, 6, 7, 8)
#: With ``branches``, the most moves of each position followed off the line.
BRANCHES = 32


@dataclass(frozen=True)
class Candidate:
    """A position to look at, and where it came from."""

    position: Position
    source: str


def start_position(variant: str, seed: int) -> Position:
    """The start position of ``variant`` for self-play game ``seed``: the
    variant's own, except that Isolo's board size varies with the seed."""
    if variant == "isolo":
        holes = ISOLO_HOLES[seed % len(ISOLO_HOLES)]
        return Position.from_json({"variant": "isolo", "pits": [[2] * holes, [2] * holes]})
    return Position.start(variant)


def self_play(variant: str, seed: int, *, time_ms: int = 5, random_plies: int | None = None,
              max_plies: int = MAX_PLIES, branches: bool = False, skip: int = 0) -> Iterator[Candidate]:
    """The positions of self-play game ``seed`` of ``variant``, in order.

    The first few plies (``seed % 5`` unless given) are random and the rest
    are played by the engine at a level from 5 to 10 that the seed picks,
    with ``time_ms`` a move, so games differ and include mistakes that
    leave wins to find. The first ``skip`` plies are played but not
    yielded. With ``branches``, each position is followed by those after
    each of its legal moves (the games a different move would have led
    to): a won position is often won many ways, and the one-winning-move
    positions sit just off the played line, where a move went wrong.

    Omweso's set-up positions are played through but not yielded (no
    set-up position is a puzzle: its moves are not listed), and their
    arrangements are the engine's at the game's level (its chooser, seeded
    by the game), never random: a random move there is one of the core's
    sample of two, and every game would start from one of four boards. The
    random plies follow the set-up."""
    p = start_position(variant, seed)
    level = 5 + seed % 6
    randoms = seed % 5 if random_plies is None else random_plies
    for ply in range(max_plies):
        if p.status().state != "ongoing":
            return
        if p.phase == "setup":
            randoms += 1
            move = p.best_move(level=level, time_ms=time_ms, seed=seed * 1000 + ply).best_move
            if move is None:  # pragma: no cover - a set-up always has an arrangement
                return
            p = p.play(move).position
            continue
        if ply >= skip:
            yield Candidate(p, f"self-play:{variant}:{seed}:{ply}")
            if branches:
                for m in p.legal_moves(limit=BRANCHES):
                    if m.result.status().state == "ongoing":
                        yield Candidate(m.result, f"self-play:{variant}:{seed}:{ply}:{m.notation}")
        if ply < randoms:
            nxt = p.random_move(seed * 1000 + ply)
            if nxt is None:
                return
            p = nxt
        else:
            move = p.best_move(level=level, time_ms=time_ms, seed=seed * 1000 + ply).best_move
            if move is None:
                return
            p = p.play(move).position


def game_positions(position: Position, moves: Sequence[str], source: str = "game") -> Iterator[Candidate]:
    """The positions of a submitted game: ``position`` and each one after
    its moves (played with the rules, so an illegal move raises
    :class:`igisoro.IllegalMoveError` naming it), but those of Omweso's
    set-up (never puzzles, see :func:`self_play`)."""
    p = position
    if p.phase != "setup":
        yield Candidate(p, f"{source}:0")
    for i, move in enumerate(moves, start=1):
        p = p.play(move).position
        if p.status().state != "ongoing":
            return
        if p.phase != "setup":  # never a puzzle (see self_play)
            yield Candidate(p, f"{source}:{i}")
