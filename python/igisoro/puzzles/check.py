"""The independent check every puzzle passes before it is stored.

It trusts nothing the finder computed: it reads the stored position from
its notation, plays the stored line with the rules' checked play
(:meth:`igisoro.Position.play`), and at each of the winner's turns proves
again, with fresh solver calls on a larger budget over the turn's decision
tree (:mod:`igisoro.puzzles.decisions`), that the stored move wins and
that every other option of the mover's does not. The defender's replies
must be legal, be the defender's (the side to move is read from each
position: an Isolo winner's own kucheleka is never a "reply") and leave the
winner a proven win. Each proof is itself
walked again by the core's independent check (``proof_positions``)."""

from __future__ import annotations

from igisoro.errors import IgisoroError
from igisoro.position import Position
from igisoro.puzzles.decisions import SecondWin, Tree, Unsettled
from igisoro.puzzles.puzzle import Puzzle


class PuzzleCheckError(ValueError):
    """A puzzle that fails the independent check; the message names the
    puzzle, the turn and the move."""


def verify(puzzle: Puzzle, nodes: int) -> None:
    """Raise :class:`PuzzleCheckError` unless ``puzzle`` is what it claims.

    ``nodes`` is the solver's budget for each fresh proof (the finder's
    budget or more, so what the finder proved is proven again)."""
    def fail(why: str) -> PuzzleCheckError:
        return PuzzleCheckError(f"puzzle {puzzle.id} ({puzzle.position!r}): {why}")

    try:
        p = Position.from_notation(puzzle.position)
    except IgisoroError as e:
        raise fail(f"its position does not read: {e}") from None
    if p.variant != puzzle.variant or p.to_move != puzzle.to_move or p.rules != puzzle.rules:
        raise fail("its variant, side to move or rules differ from its position's")
    if not puzzle.line or len(puzzle.line) % 2 == 0:
        raise fail(f"its line must hold an odd number of moves, not {len(puzzle.line)}")
    for i, move in enumerate(puzzle.line):
        winners = p.to_move == puzzle.to_move
        if i % 2 == 1 and winners:
            raise fail(f"move {i + 1} of its line, {move!r}, stored as the defender's reply, is the winner's own")
        if i % 2 == 0 and not winners:
            raise fail(f"move {i + 1} of its line, {move!r}, stored as the winner's, is the defender's")
        try:
            played = p.play(move)
        except IgisoroError as e:
            raise fail(f"move {i + 1} of its line, {move!r}, is not legal: {e}") from None
        if i % 2 == 0:
            turn = i // 2 + 1
            if p.canonical(move).notation != move:
                raise fail(f"turn {turn}: {move!r} is not in canonical notation")
            if len(p.legal_moves(limit=2)) < 2:
                raise fail(f"turn {turn}: {move!r} is the only legal move")
            try:
                Tree(p, nodes).check_unique(tuple(move.split("-")))
            except (SecondWin, Unsettled) as e:
                raise fail(f"turn {turn}: {move!r} is not the one winning move ({e}, with {nodes} nodes)") from None
        elif played.status.state != "ongoing":
            raise fail(f"the game ends at the defender's reply {move!r}")
        else:
            s = played.position.solve(nodes=nodes)
            if s.outcome != "win" or s.proof_positions is None:
                raise fail(f"after the defender's reply {move!r} the win is not proven again")
        p = played.position
