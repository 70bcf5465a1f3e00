"""A plain-Python port of the engine's search, for the speed comparison in
``bench/python_vs_rust_search.py`` (hand-run; not part of the test suite).

The rules come from the plain Python reference ``tests/reference/igisoro_ref.py``
(the oracle the tests compare the engine with); everything here is the search
on top of it, ported from ``rust_core/src/search/``:

* ``evaluate``: ``eval.rs``'s ``Evaluate for Igisoro`` term by term (material,
  mobility, cornered, capture threats, row shape; the fitted ``WEIGHTS``), in
  centiseeds, side to move's view.
* ``Turn``: ``turn_graph.rs``: one turn as a graph of decision nodes (the
  reference's automatic steps are followed inside an edge), distinct results
  deduplicated, mover nodes (start, direction, capture/pass) and opponent
  nodes (the retreat), plus the cycle check.
* ``Searcher``: ``alphabeta.rs`` + ``in_turn.rs`` + ``tt.rs``: negamax
  alpha-beta over whole turns, the opponent's in-turn decisions as min nodes
  with the same per-node memo of bounds on acyclic turn graphs and the
  path-checked search on cyclic ones, the same order inside a turn
  (``in_turn_order.rs``: options sorted by the in-turn minimax of captured
  seeds), a transposition table used for cutoffs only at equal depth (so
  values are those of the plain fixed-depth negamax),
  principal variation search at the frontier, iterative deepening, and
  ordering by table move then captures (the engine also has killers and
  history; they change node counts, never values).

Values follow ``reference.rs``: a result is worth minus the opponent's value
one turn deeper; at depth 0 a side with a legal move gets ``evaluate``, one
without has lost; a loss at ply ``p`` is ``-(MATE - p)``.

The engine caps each turn graph at 4096 decision nodes; this port does not
(it raises ``TooBig`` past its own step budget instead), so values agree
only where the engine reports no truncated turns.

Checked with ``ruff check bench/`` and ``MYPYPATH=tests/reference:bench mypy
--strict --follow-imports=silent bench/python_search.py
bench/python_vs_rust_search.py bench/batch_scaling.py``.
"""

from __future__ import annotations

import sys
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "reference"))
import igisoro_ref as ref

PositionJson = dict[str, Any]

MATE = 1_000_000
MATE_BOUND = MATE - 10_000
INF = MATE + 1

# eval.rs (WEIGHTS, BIG, CORNERED)
SEED = 100
MOBILITY = 15
THREAT = 60
THREATS = 330
OPP_THREATS = -64
EMPTY = -69
INNER = -79
BIG_PIT = 137
INNER_OCCUPIED = 139
CORNERED = -698
OPP_CORNERED = 1032
BIG = 8
CORNERED_AT = 2

MOVER, OPPONENT, DONE = 0, 1, 2
EXACT, LOWER, UPPER = 0, 1, 2


class TooBig(Exception):
    """A turn needs more reference steps than the budget allows."""


class OutOfTime(Exception):
    """The search's time budget ran out."""


def lost(ply: int) -> int:
    """Loss for the side to move at ``ply``."""
    return -(MATE - ply)


def to_tt(v: int, ply: int) -> int:
    if v > MATE_BOUND:
        return v + ply
    if v < -MATE_BOUND:
        return v - ply
    return v


def from_tt(v: int, ply: int) -> int:
    if v > MATE_BOUND:
        return v - ply
    if v < -MATE_BOUND:
        return v + ply
    return v


# -- evaluation (eval.rs) -------------------------------------------------------


def _threats(me: list[int], them: list[int], min_seeds: int) -> tuple[int, int]:
    """(best single-lap capture in seeds, start pits whose first lap captures)."""
    best, n = 0, 0
    for s in range(16):
        c = me[s]
        if c < min_seeds or c == 0:
            continue
        q = (s + c) % 16
        occupied = (me[q] > 0 and q != s) or c >= 16
        if q >= 8 and occupied:
            i, o = 23 - q, q - 8
            if them[i] > 0 and them[o] > 0:
                best = max(best, them[i] + them[o])
                n += 1
    return best, n


def _side_terms(row: list[int], min_seeds: int) -> tuple[int, int]:
    """(weighted mobility, empty, big, inner-row and occupied-inner terms; mobility)."""
    mob = sum(1 for c in row if c >= min_seeds)
    empty = sum(1 for c in row if c == 0)
    big = sum(1 for c in row if c >= BIG)
    inner = sum(row[8:])
    inner_occ = sum(1 for c in row[8:] if c > 0)
    return MOBILITY * mob + EMPTY * empty + BIG_PIT * big + INNER * inner + INNER_OCCUPIED * inner_occ, mob


def evaluate(pos: PositionJson) -> int:
    """The engine's static evaluation, side to move's view, in centiseeds."""
    g = ref.Game(pos)
    mine = [g.board[n] for n in ref.LOOP[g.mover]]
    theirs = [g.board[n] for n in ref.LOOP[ref.other(g.mover)]]
    min_seeds = g.rules["min_seeds"]
    assert isinstance(min_seeds, int)
    min_seeds = max(min_seeds, 1)
    material = sum(mine) - sum(theirs)
    my_terms, my_mob = _side_terms(mine, min_seeds)
    their_terms, their_mob = _side_terms(theirs, min_seeds)
    cornered = CORNERED * (my_mob <= CORNERED_AT) + OPP_CORNERED * (their_mob <= CORNERED_AT)
    quiet = g.rules["opening"] == "no_capture" and g.opening_plies > 0
    threat = 0
    if not quiet:
        best, n = _threats(mine, theirs, min_seeds)
        _, opp_n = _threats(theirs, mine, min_seeds)
        threat = THREAT * best + THREATS * n + OPP_THREATS * opp_n
    return material * SEED + my_terms - their_terms + cornered + threat


# -- the turn graph (turn_graph.rs) ------------------------------------------------


def _seeds(pits: list[list[int]], side: str) -> int:
    rows = pits[2:] if side == "south" else pits[:2]
    return sum(sum(r) for r in rows)


def position_key(pos: PositionJson) -> tuple[Any, ...]:
    """Table key: everything a position's value depends on within one search."""
    return (tuple(c for row in pos["pits"] for c in row), pos["to_move"], pos.get("opening_plies", 0), pos.get("winner"))


class Turn:
    """The side to move's turn as a graph of decision nodes. Node 0 is the root
    (the mover's choice of start); ``kind[n]`` is MOVER, OPPONENT or DONE,
    ``result_of[n]`` the result index of a DONE node."""

    def __init__(self, pos: PositionJson, max_steps: int) -> None:
        self.kind: list[int] = [MOVER]
        self.children: list[list[int]] = [[]]
        self.result_of: list[int] = [-1]
        self.results: list[PositionJson] = []
        self.captured: list[int] = []
        self.has_opponent = False
        self.cyclic = False
        self._frontier: list[int] = []
        self._steps = 0
        self._max_steps = max_steps
        g = ref.Game(pos)
        if g.winner is not None:
            return
        self._game = g
        self._before = _seeds(pos["pits"], g.mover)
        self._index: dict[Any, int] = {}
        self._result_index: dict[Any, int] = {}
        if g.scripted:
            _, board = g.scripted_move()
            self.children[0].append(self._done(g.result(board, None)))
            self._frontier = self._canonical_frontier()
            return
        queue: deque[tuple[int, Any]] = deque()
        for start in g.start_options().values():
            self.children[0].append(self._reach(start, queue))
        while queue:
            n, node = queue.popleft()
            kind, options = g.step(node)
            assert kind == "choice"
            for nxt in options.values():
                self.children[n].append(self._reach(nxt, queue))
        # Drop edges into endless chains (marked -1).
        self.children = [[c for c in cs if c >= 0] for cs in self.children]
        if self.has_opponent:
            self.cyclic = self._has_cycle()
        self._frontier = self._canonical_frontier()
        if self.has_opponent and not self.cyclic:
            self._order_in_turn()

    def _done(self, result: PositionJson) -> int:
        key = ("done", position_key(result))
        n = self._index.get(key)
        if n is None:
            r = len(self.results)
            self.results.append(result)
            self.captured.append(_seeds(result["pits"], self._game.mover) - self._before)
            n = self._new(DONE, r)
            self._index[key] = n
        return n

    def _new(self, kind: int, result: int) -> int:
        self.kind.append(kind)
        self.children.append([])
        self.result_of.append(result)
        return len(self.kind) - 1

    def _reach(self, node: Any, queue: deque[tuple[int, Any]]) -> int:
        """Follow automatic steps from ``node`` to the next decision node or
        the end of the turn; -1 if the chain repeats a state (endless)."""
        seen = set()
        while node[0] == "lap":
            if node in seen:
                return -1
            seen.add(node)
            self._steps += 1
            if self._steps > self._max_steps:
                raise TooBig(f"turn needs more than {self._max_steps} steps")
            kind, payload = self._game.step(node)
            if kind == "end":
                return self._done(payload)
            node = payload
        n = self._index.get(node)
        if n is None:
            opponent = node[0] == "ret"
            self.has_opponent |= opponent
            n = self._new(OPPONENT if opponent else MOVER, -1)
            self._index[node] = n
            queue.append((n, node))
        return n

    def _has_cycle(self) -> bool:
        indeg = [0] * len(self.kind)
        for cs in self.children:
            for c in cs:
                indeg[c] += 1
        stack = [i for i, d in enumerate(indeg) if d == 0]
        seen = 0
        while stack:
            i = stack.pop()
            seen += 1
            for c in self.children[i]:
                indeg[c] -= 1
                if indeg[c] == 0:
                    stack.append(c)
        return seen < len(self.kind)

    def _order_in_turn(self) -> None:
        """in_turn_order.rs: sort every node's children by the in-turn minimax
        of the mover's captured seeds (mover nodes highest first, opponent
        nodes lowest first, dead ends last; stable)."""
        est: list[int | None] = [None] * len(self.kind)
        done = [False] * len(self.kind)
        stack = [(0, 0)]
        while stack:
            i, nxt = stack[-1]
            cs = self.children[i]
            if nxt < len(cs):
                stack[-1] = (i, nxt + 1)
                if not done[cs[nxt]]:
                    stack.append((cs[nxt], 0))
                continue
            stack.pop()
            vals = [v for v in (est[c] for c in cs) if v is not None]
            if self.kind[i] == DONE:
                est[i] = self.captured[self.result_of[i]]
            elif vals:
                est[i] = max(vals) if self.kind[i] == MOVER else min(vals)
            done[i] = True

        def best_first(c: int) -> tuple[int, int]:
            e = est[c]
            return (1, 0) if e is None else (0, -e)

        def worst_first(c: int) -> tuple[int, int]:
            e = est[c]
            return (1, 0) if e is None else (0, e)

        for i, cs in enumerate(self.children):
            cs.sort(key=best_first if self.kind[i] == MOVER else worst_first)

    def frontier(self) -> list[int]:
        """DONE and OPPONENT nodes reachable from the root through mover nodes,
        breadth-first in the canonical order (taken before ``_order_in_turn``)."""
        return self._frontier

    def _canonical_frontier(self) -> list[int]:
        seen = {0}
        out = []
        queue = deque([0])
        while queue:
            i = queue.popleft()
            if self.kind[i] != MOVER:
                out.append(i)
                continue
            for c in self.children[i]:
                if c not in seen:
                    seen.add(c)
                    queue.append(c)
        return out


def has_legal_move(pos: PositionJson, max_nodes: int) -> bool:
    try:
        return bool(ref.Game(pos).all_results(max_nodes, first_only=True))
    except ref.TooManyNodes as e:
        raise TooBig(str(e)) from e


# -- the search (alphabeta.rs, in_turn.rs, iterative.rs) ---------------------------


@dataclass
class Entry:
    depth: int
    value: int
    bound: int
    item: int | None


class Searcher:
    """One search: table, node count, budgets."""

    def __init__(self, use_tt: bool = True, max_steps: int = 200_000, deadline: float | None = None) -> None:
        self.use_tt = use_tt
        self.tt: dict[tuple[Any, ...], Entry] = {}
        self.nodes = 0
        self.max_steps = max_steps
        self.deadline = deadline

    def search(self, pos: PositionJson, depth: int, ply: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        winner = pos.get("winner")
        if winner is not None:
            return -lost(ply) if winner == pos["to_move"] else lost(ply)
        if depth == 0:
            return evaluate(pos) if has_legal_move(pos, self.max_steps) else lost(ply)
        key = position_key(pos)
        entry = self.tt.get(key) if self.use_tt else None
        if entry is not None and entry.depth == depth:
            v = from_tt(entry.value, ply)
            if entry.bound == EXACT or (entry.bound == LOWER and v >= beta) or (entry.bound == UPPER and v <= alpha):
                return v
        turn = Turn(pos, self.max_steps)
        if not turn.results:
            return lost(ply)
        item: int | None = None
        if turn.cyclic:
            found = self.path_value(turn, 0, depth, ply, alpha, beta, {0})
            value = lost(ply) if found is None else found
        else:
            value, item = self.frontier_search(turn, depth, ply, alpha, beta, entry.item if entry else None)
        if self.use_tt:
            bound = UPPER if value <= alpha else LOWER if value >= beta else EXACT
            self.tt[key] = Entry(depth, to_tt(value, ply), bound, item)
        return value

    def frontier_search(
        self, t: Turn, depth: int, ply: int, alpha: int, beta: int, tt_item: int | None
    ) -> tuple[int, int | None]:
        frontier = t.frontier()

        def order_key(k: int) -> tuple[int, int]:
            n = frontier[k]
            captured = t.captured[t.result_of[n]] if t.kind[n] == DONE else 0
            return (0 if k == tt_item else 1, -captured)

        order = sorted(range(len(frontier)), key=order_key)  # stable: ties keep canonical order
        memo: dict[int, list[Any]] | None = {} if t.has_opponent else None
        best, best_k, searched = -INF, None, 0
        for k in order:
            n = frontier[k]
            if searched == 0:
                v = self.node_value(t, n, depth, ply, alpha, beta, memo)
            else:
                v = self.node_value(t, n, depth, ply, alpha, alpha + 1, memo)
                if v is not None and alpha < v < beta:
                    v = self.node_value(t, n, depth, ply, alpha, beta, memo)
            if v is None:
                continue
            searched += 1
            if v > best:
                best, best_k = v, k
                alpha = max(alpha, v)
                if v >= beta:
                    break
        if best_k is None:
            return lost(ply), None
        return best, best_k

    def result_value(self, t: Turn, r: int, depth: int, ply: int, alpha: int, beta: int) -> int:
        return -self.search(t.results[r], depth - 1, ply + 1, -beta, -alpha)

    def node_value(
        self, t: Turn, n: int, depth: int, ply: int, alpha: int, beta: int, memo: dict[int, list[Any]] | None
    ) -> int | None:
        kind = t.kind[n]
        if memo is None:
            assert kind == DONE
            return self.result_value(t, t.result_of[n], depth, ply, alpha, beta)
        m = memo.setdefault(n, [-INF, INF, False])  # lo, hi, dead
        if m[2]:
            return None
        if m[0] == m[1] or m[0] >= beta:
            return int(m[0])
        if m[1] <= alpha:
            return int(m[1])
        best: int | None = None
        if kind == DONE:
            best = self.result_value(t, t.result_of[n], depth, ply, alpha, beta)
        else:
            a, b = alpha, beta
            for c in t.children[n]:
                v = self.node_value(t, c, depth, ply, a, b, memo)
                if v is None:
                    continue
                if kind == MOVER:
                    if best is None or v > best:
                        best = v
                    a = max(a, v)
                    if v >= beta:
                        break
                else:
                    if best is None or v < best:
                        best = v
                    b = min(b, v)
                    if v <= alpha:
                        break
        if best is None:
            m[2] = True
        elif best <= alpha:
            m[1] = min(m[1], best)
        elif best >= beta:
            m[0] = max(m[0], best)
        else:
            m[0] = m[1] = best
        return best

    def path_value(self, t: Turn, n: int, depth: int, ply: int, alpha: int, beta: int, on_path: set[int]) -> int | None:
        """Exact in-turn value on a cyclic graph: no branch re-enters its own path."""
        kind = t.kind[n]
        if kind == DONE:
            return self.result_value(t, t.result_of[n], depth, ply, alpha, beta)
        a, b = alpha, beta
        best: int | None = None
        for c in t.children[n]:
            if c in on_path:
                continue
            on_path.add(c)
            try:
                v = self.path_value(t, c, depth, ply, a, b, on_path)
            finally:
                on_path.discard(c)
            if v is None:
                continue
            if kind == MOVER:
                best = v if best is None else max(best, v)
                a = max(a, v)
                if v >= beta:
                    break
            else:
                best = v if best is None else min(best, v)
                b = min(b, v)
                if v <= alpha:
                    break
        return best


@dataclass
class Result:
    value: int
    depth: int
    nodes: int


def analyse(
    pos: PositionJson, depth: int, iterative: bool = True, use_tt: bool = True, time_s: float | None = None
) -> Result:
    """Search ``pos`` to ``depth`` whole turns. With ``iterative`` (the
    engine's way) depths 1..depth in turn, stopping at a proven result;
    otherwise one fixed-depth search. Raises ``OutOfTime`` or ``TooBig``."""
    deadline = None if time_s is None else time.perf_counter() + time_s
    s = Searcher(use_tt=use_tt, deadline=deadline)
    value, reached = 0, 0
    for d in range(1 if iterative else depth, depth + 1):
        value = s.search(pos, d, 0, -INF, INF)
        reached = d
        if abs(value) > MATE_BOUND:
            break
    return Result(value, reached, s.nodes)


def score(value: int) -> tuple[str, float | int]:
    """(type, seeds or turns) as the engine's ``Score`` reports a root value."""
    if value > MATE_BOUND:
        return ("win", (MATE - value + 1) // 2)
    if value < -MATE_BOUND:
        return ("loss", (MATE + value) // 2)
    return ("seeds", value / 100)
