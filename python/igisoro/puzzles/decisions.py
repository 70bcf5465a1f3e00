"""Which of the mover's decisions win, over a turn's real decision tree.

A 4x8 turn is a list of decisions, and some are the opponent's (whether to
retreat, ``r``/``n``). A learner makes the mover's decisions; the
opponent's are the defender's. So a move "wins" when the mover's choices
win whatever the opponent decides inside the turn, and a winning move is
"unique" when, at each of the mover's decisions along it, exactly one
option wins. The tree is walked with :meth:`igisoro.Position.next_decision`
(not rebuilt from the list of canonical moves, which keeps one decision
list per resulting position and so can hide an opponent's option), and
each complete turn's result is settled by the solver."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from igisoro.position import Position

#: A complete turn's value for the mover: True (proven to win), False
#: (proven not to), None (not settled).
Value = bool | None


class Unsettled(Exception):
    """A decision the solver could not settle."""


class SecondWin(Exception):
    """Another of the mover's options wins too."""


def settle(result: Position, status_state: str, status_winner: str | None, mover: str, nodes: int) -> Value:
    """Whether the position after a complete turn is proven won for ``mover``."""
    if status_state == "won":
        return status_winner == mover
    if status_state == "endless":
        return False  # proven unable to end: no one wins
    s = result.solve(nodes=nodes)
    if s.outcome == "unknown" or s.proof_positions is None:
        return None
    return (s.outcome == "win") == (result.to_move == mover)


def sampled(position: Position, partial: tuple[str, ...], options: Sequence[str]) -> bool:
    """Whether ``options``, those of ``position``'s decision after
    ``partial``, are a sample rather than every option: Isolo's kucheleka
    with more arrangements than the core lists (past 2,000 it offers a few,
    ``docs/ISOLO.md``). Any arrangement is playable, so a sample can show
    that an arrangement wins, never that it is the only one that does, nor
    that none does. Counted here (the arrangements of the arranger's seeds
    over its holes) rather than read from the core's limit, so a change of
    that limit cannot make a sample pass for the whole list."""
    if partial or position.variant != "isolo":
        return False
    form = position.to_json()
    if form.get("phase") != "kucheleka":
        return False
    seeds = sum(sum(row) for row in form["pits"])  # the loser's row is empty: all are the arranger's
    holes = len(form["pits"][0])
    return len(options) < math.comb(seeds + holes - 1, holes - 1)


class Tree:
    """The decision tree of ``position``'s turn, valued for its mover, with
    each complete turn's result solved once."""

    def __init__(self, position: Position, nodes: int, leaf: Callable[[Position], Value] | None = None) -> None:
        self.position = position
        self.mover = position.to_move
        self.nodes = nodes
        self._leaf = leaf
        self._memo: dict[str, Value] = {}
        #: Complete turns settled.
        self.leaves = 0

    def _settle(self, result: Position) -> Value:
        key = result.notation()
        if key not in self._memo:
            self.leaves += 1
            if self._leaf is not None:
                self._memo[key] = self._leaf(result)
            else:
                st = result.status()
                self._memo[key] = settle(result, st.state, st.winner, self.mover, self.nodes)
        return self._memo[key]

    def value(self, partial: tuple[str, ...]) -> Value:
        """The value of the decisions ``partial`` for the mover: at the
        mover's decision any option that wins, at the opponent's every one."""
        d = self.position.next_decision(list(partial))
        if d.complete:
            assert d.result is not None
            return self._settle(d.result)
        mine = d.role == "mover"
        # No option of a sample winning says nothing of those left out.
        unsettled = mine and sampled(self.position, partial, d.options)
        for o in d.options:
            v = self.value(partial + (o,))
            if v is None:
                unsettled = True
            elif v == mine:  # a winning option of mine, or a refuting one of the opponent's: decided
                return mine
        return None if unsettled else not mine

    def refute(self, partial: tuple[str, ...]) -> None:
        """Return once the mover's decisions ``partial`` are proven not to
        win; else raise :class:`SecondWin` (they win) or :class:`Unsettled`.

        Unlike :meth:`value` it stops at the first option of the mover's
        that the solver cannot settle: the decisions could then at best be
        proven to win, and either way the position is no puzzle, so the
        other options' proofs would be spent for nothing (they were most
        of the finder's time on ``igisoro`` positions that are no puzzle)."""
        where = "-".join(partial)
        d = self.position.next_decision(list(partial))
        if d.complete:
            assert d.result is not None
            v = self._settle(d.result)
            if v is None:
                raise Unsettled(f"{where} could not be settled")
            if v:
                raise SecondWin(f"{where} wins too")
            return
        if d.role == "mover":
            if sampled(self.position, partial, d.options):
                raise Unsettled(f"the arrangements offered at {where or 'the start'} are a sample")
            for o in d.options:  # every option of the mover's must lose
                self.refute(partial + (o,))
            return
        values = []
        for o in d.options:  # one refuting option of the opponent's is enough
            v = self.value(partial + (o,))
            if v is False:
                return
            values.append(v)
        if None in values:
            raise Unsettled(f"{where} could not be settled")
        raise SecondWin(f"{where} wins too")

    def check_unique(self, move: tuple[str, ...]) -> None:
        """Raise :class:`SecondWin` or :class:`Unsettled` unless ``move`` is
        the one winning way through every decision of the mover: at each of
        the mover's decisions along it, its option wins and every other
        option is proven not to."""
        for i, token in enumerate(move):
            d = self.position.next_decision(list(move[:i]))
            if d.complete:
                break
            if d.role != "mover":
                # The opponent decides here: every option must still win.
                if self.value(move[:i]) is not True:
                    raise Unsettled(f"{'-'.join(move[:i])} is not proven to win whatever the opponent decides")
                continue
            if sampled(self.position, move[:i], d.options):
                raise Unsettled(f"the arrangements offered for {'-'.join(move)} are a sample: the others "
                                "are not all proven to lose")
            for o in d.options:
                if o != token:
                    self.refute(move[:i] + (o,))
        v = self.value(move)
        if v is not True:
            raise Unsettled(f"{'-'.join(move)} is not proven to win" if v is None else f"{'-'.join(move)} does not win")


def answered(position: Position, move: str, expected: str, timeout: float | None = None) -> str | None:
    """The move the learner's own decisions in ``move`` make when the
    defender decides inside the turn as ``expected`` (the proof's move)
    does, or None when they do not make a complete move that way.

    The opponent's choices inside a turn (a 4x8 retreat, ``r``/``n``) are
    the defender's, which the server plays: a learner who wrote one in
    chose nothing by it. So the learner's tokens are read along ``move``'s
    own path, those at the mover's decisions kept in order, and the turn
    is walked again taking them at the mover's decisions and the proof's
    choice at the opponent's. Tokens left over were meant for a branch the
    defender did not choose. Where the proof's move no longer guides (the
    learner's decisions already left it), the learner's own spelling of
    the opponent's choice is kept: the move is then another one anyway."""
    given = move.split("-")
    mine: list[str] = []
    walked: list[str] = []
    theirs: dict[int, str] = {}  # the learner's spelling of the k-th opponent choice
    for token in given:
        d = position.next_decision(walked, timeout)
        if d.complete:
            break
        if d.role == "mover":
            mine.append(token)
        else:
            theirs[len(theirs)] = token
        walked.append(token)
    proof = expected.split("-")
    out: list[str] = []
    k = opp = 0
    while True:
        d = position.next_decision(out, timeout)
        if d.complete:
            return "-".join(out)
        if d.role == "mover":
            if k >= len(mine) or mine[k] not in d.options:
                return None
            out.append(mine[k])
            k += 1
            continue
        on_proof = proof[:len(out)] == out and len(proof) > len(out) and proof[len(out)] in d.options
        choice = proof[len(out)] if on_proof else theirs.get(opp)
        if choice is None or choice not in d.options:
            return None
        out.append(choice)
        opp += 1
