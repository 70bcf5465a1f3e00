"""Finding a puzzle in a position: a proven win whose first move is the
only one that wins, followed along the proof's line while the winner's
move stays unique.

Every claim rests on :meth:`igisoro.Position.solve`, whose proofs the core
walks again independently before answering; a move "does not win" only
when the solver proved the position after it won for the opponent (or the
game over with the opponent the winner, or proven unable to end). A move
the solver cannot settle within the budget makes the position no puzzle:
uniqueness is never assumed."""

from __future__ import annotations

from dataclasses import dataclass

from igisoro.position import Position
from igisoro.puzzles.decisions import SecondWin, Tree, Unsettled
from igisoro.puzzles.puzzle import Puzzle
from igisoro.puzzles.rating import first_rating, tempting_moves
from igisoro.puzzles.themes import themes

#: The solver's node budget for each position and each alternative move.
DEFAULT_NODES = 20_000
#: Positions with more complete moves than this are passed over: proving
#: every alternative loses would cost too much (a crowded ``igisoro``
#: position has hundreds).
MAX_MOVES = 64
#: The most winner's turns a puzzle's line holds.
MAX_TURNS = 5


@dataclass(frozen=True)
class Found:
    """What one position gave: a puzzle, or the reason it is none."""

    puzzle: Puzzle | None
    #: ``puzzle``, or why not: ``over`` (the game is over), ``set-up``
    #: (Omweso's set-up, whose moves are not listed), ``not-won``
    #: (no proven win for the side to move), ``forced`` (one legal move),
    #: ``crowded`` (more than ``max_moves`` moves), ``second-win`` (another
    #: move wins too), ``unsettled`` (a move the solver could not settle).
    reason: str
    #: Whether the side to move had a proven win (not known for ``crowded``
    #: and ``forced`` positions: they are no puzzle, so nothing is solved).
    won: bool = False


@dataclass(frozen=True)
class _Unique:
    move: str
    reply: str | None
    nodes: int
    proof_positions: int
    moves: int


def _unique_win(p: Position, nodes: int, max_moves: int) -> _Unique | str:
    """The one winning move of ``p``, with the solver's reply to it, or why not.

    The moves are counted before the solver runs: a crowded or forced
    position is no puzzle whatever it is worth, and listing its moves costs
    far less than a proof (a third of the ``igisoro`` positions the screen
    keeps are crowded)."""
    moves = p.legal_moves(limit=max_moves + 1)
    if len(moves) > max_moves:
        return "crowded"
    if len(moves) < 2:
        return "forced"
    s = p.solve(nodes=nodes)
    if s.outcome != "win" or s.proof_positions is None or not s.line:
        return "not-won"
    win = s.line[0]
    try:
        Tree(p, nodes).check_unique(tuple(win.split("-")))
    except SecondWin:
        return "second-win"
    except Unsettled:
        return "unsettled"
    reply = s.line[1] if len(s.line) > 1 else None
    return _Unique(win, reply, s.nodes, s.proof_positions, len(moves))


def find_puzzle(position: Position, *, nodes: int = DEFAULT_NODES, max_moves: int = MAX_MOVES,
                max_turns: int = MAX_TURNS, source: str = "") -> Found:
    """The puzzle ``position`` holds, or the reason it holds none.

    The line goes on while the winner's move stays the only winning one:
    after each, the defender plays the solver's longest resistance, and the
    winner's next turn is checked the same way; the line stops before a
    winner's turn that is not unique (or forced), when the game ends, and
    when the winner is to move again after its own move (Isolo's kucheleka
    after a won fore-play), so every reply in the line is the defender's."""
    if position.status().state != "ongoing":
        return Found(None, "over")
    if position.phase == "setup":
        # Omweso's set-up: its moves are not listed, so no arrangement can be
        # shown to be the only one that wins (Position.solve refuses it).
        return Found(None, "set-up")
    first = _unique_win(position, nodes, max_moves)
    if isinstance(first, str):
        return Found(None, first, won=first in ("second-win", "unsettled"))
    line = [first.move]
    step = first
    p = position
    while len(line) // 2 + 1 < max_turns and step.reply is not None:
        after = p.play(step.move).position
        if after.status().state != "ongoing" or after.to_move == position.to_move:
            # The winner moves again (Isolo's fore-play won: the kucheleka is
            # the winner's own): the next move is no defender's reply, and
            # the line ends here rather than let the server play it.
            break
        nxt = after.play(step.reply).position
        if nxt.status().state != "ongoing" or nxt.to_move != position.to_move:
            break
        more = _unique_win(nxt, nodes, max_moves)
        if isinstance(more, str):
            break
        line += [step.reply, more.move]
        p, step = nxt, more
    tempting = tempting_moves(position, first.move)
    puzzle = Puzzle(position=position.notation(), variant=position.variant, rules=position.rules,
                    to_move=position.to_move, line=tuple(line), proof_nodes=first.nodes,
                    proof_positions=first.proof_positions, moves=first.moves, tempting=tempting,
                    themes=themes(position, line), source=source,
                    rating=first_rating(first.nodes, tempting, (len(line) + 1) // 2))
    return Found(puzzle, "puzzle", won=True)
