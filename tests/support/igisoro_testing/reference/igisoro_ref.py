"""Reference implementation ("oracle") of the 4x8 Igisoro-family rules.

This module is a slow, plain-Python restatement of the rules as pinned by
``shared/RULES-NOTES.md`` and ``docs/RULES.md`` (including the **Choice** items
there), written for clarity, not speed. It is the oracle that
``tests/test_oracle.py`` compares the Rust engine with.

Why it is independent: it was written from the rules texts only (the rules
notes, docs/RULES.md, docs/NOTATION.md, the seed texts and the Ludii ``.lud``
files), without reading the Rust core. It shares no code or data with the
engine: it takes the JSON form of a position (a plain ``dict``) and returns
plain dicts / strings; the variant table below is copied from the rules
document, not from the engine. Where it and the engine disagree, one of the
two misreads the rules, and the rules texts decide.

How it works: a turn is a finite-state process. Every intermediate situation
of a turn is a *node* (a hashable tuple holding both sides' pits and
everything the rest of the turn depends on). From a node there is either one
automatic successor (sow a lap, relay, capture), a set of labelled choices
(``ccw``/``cw``, ``x``/``p``, ``r``/``n``), or the end of the turn. The legal
moves' results are exactly the end nodes reachable from the start of the turn
in this graph; a breadth-first search with a visited set finds them, which
cuts any branch that comes back to a node it already passed through (an
endless turn) without any lap cap and without losing a finite outcome.

Readings where the texts leave room (checked against the engine, which agrees):

* ``end_pits_win``: the turn is completed as usual and the resulting position
  records the mover as ``winner`` if, during that turn, captures took seeds
  from both of the opponent's inner end pits (columns a and h). A turn whose
  branch is endless is not a move, win or not.
* ``play`` rejects a decision list whose path revisits a state of the turn
  (such a branch "is not part of any legal move"); canonical lists never do.
* A position with ``winner`` set has no moves; ``status`` reports
  ``end_pits_captured`` for it.

Public functions:

* ``results(position) -> set[str]``: canonical keys (``position_key``) of the
  positions after every complete legal move.
* ``play(position, tokens) -> dict``: play one decision list, ``ValueError`` if
  illegal.
* ``status(position) -> (state, winner, reason)``.
* ``enumerate_all(positions) -> int``: total number of results (benchmark).

Indexing used here (my own, not the engine's): each side's 16 pits are
numbered 0..15 along its own counter-clockwise sowing loop, starting from its
outer-left pit: South ``a1..h1`` = 0..7, ``h2..a2`` = 8..15; North ``h4..a4``
= 0..7, ``a3..h3`` = 8..15. Indices 8..15 are the inner row. Under the half
turn that maps South's pits to North's (a1<->h4, b2<->g3, ...), a South pit
and its North image have the same loop index, so reverse pits given as South
names apply to North through the same indices. The board itself is kept as a
``{pit name: count}`` dict while building nodes, and as a tuple of 32 counts
(row 4 a..h, row 3, row 2, row 1, i.e. the JSON picture flattened) in nodes.
"""

from __future__ import annotations

import json
from collections import deque

COLS = "abcdefgh"
SIDES = ("south", "north")

# -- variants (copied from docs/RULES.md, table "Variants") -------------------

VARIANTS = {
    "igisoro": dict(
        min_seeds=2, capture="optional", retreat=True, captured_sowing="turn_start",
        clockwise="capture_only", reverse_pits=["a1", "b2", "g2", "h1"],
        opening="no_capture", end_pits_win=False,
    ),
    "igisoro-wikipedia": dict(
        min_seeds=1, capture="optional", retreat=True, captured_sowing="turn_start",
        clockwise="capture_only", reverse_pits=["a1", "b2", "g2", "h1"],
        opening="none", end_pits_win=False,
    ),
    "igisoro-fr": dict(
        min_seeds=1, capture="obligatory", retreat=False, captured_sowing="lap_start",
        clockwise="whole_turn", reverse_pits=["a1", "b2", "g2", "h1"],
        opening="none", end_pits_win=False,
    ),
    "ikibuguzo-1": dict(
        min_seeds=2, capture="obligatory", retreat=False, captured_sowing="lap_start",
        clockwise="capture_only", reverse_pits=["a1", "b2"],
        opening="ludii_opening_1", end_pits_win=True,
    ),
    "ikibuguzo-2": dict(
        min_seeds=2, capture="obligatory", retreat=False, captured_sowing="lap_start",
        clockwise="capture_only", reverse_pits=["a1", "b2"],
        opening="ludii_opening_2", end_pits_win=True,
    ),
}

# Scripted openings (docs/RULES.md "Openings", from the Ludii files).
# ludii_opening_1: 6 plies; a side's k-th move lifts 3 seeds from these pits
# (South names; North uses the mirror image) and sows 2 into the next pit and
# 1 into the one after.
OPENING_1_PITS = ["c2", "e2", "g2"]
OPENING_1_PLIES = 6
# ludii_opening_2: 16 plies; a side's k-th move lifts 4 seeds from h1, g1, ..
# a1 and sows 2, 1, 1 into the next three pits.
OPENING_2_PITS = ["h1", "g1", "f1", "e1", "d1", "c1", "b1", "a1"]
OPENING_2_PLIES = 16

# -- geometry -----------------------------------------------------------------


def loop_pits(side: str) -> list[str]:
    """The 16 pit names of ``side`` in its counter-clockwise sowing order."""
    if side == "south":
        return [c + "1" for c in COLS] + [c + "2" for c in reversed(COLS)]
    return [c + "4" for c in reversed(COLS)] + [c + "3" for c in COLS]


LOOP = {side: loop_pits(side) for side in SIDES}
INDEX = {side: {name: i for i, name in enumerate(LOOP[side])} for side in SIDES}


def other(side: str) -> str:
    return "north" if side == "south" else "south"


def is_inner(i: int) -> bool:
    return i >= 8


def opposite_pits(side: str, i: int) -> tuple[str, str]:
    """The opponent's inner and outer pit facing ``side``'s inner pit ``i``."""
    name = LOOP[side][i]
    col = name[0]
    if side == "south":
        return col + "3", col + "4"
    return col + "2", col + "1"


def board_from_picture(pits: list[list[int]]) -> dict[str, int]:
    """JSON picture (row 4 first, columns a..h) to {pit name: count}."""
    if len(pits) != 4 or any(len(r) != 8 for r in pits):
        raise ValueError("pits must be 4 rows of 8")
    board = {}
    for k, row in enumerate(pits):
        rank = 4 - k
        for c, v in enumerate(row):
            board[COLS[c] + str(rank)] = int(v)
    return board


def picture_from_board(board: dict[str, int]) -> list[list[int]]:
    return [[board[c + str(rank)] for c in COLS] for rank in (4, 3, 2, 1)]


#: The 32 pit names in picture order (rank 4 first), the order of a frozen board.
PIT_NAMES = tuple(c + str(rank) for rank in (4, 3, 2, 1) for c in COLS)


def freeze(board: dict[str, int]) -> tuple:
    # map over a fixed name list: this and thaw run for every lap of every
    # enumerated turn, most of the oracle's time in the suite.
    return tuple(map(board.__getitem__, PIT_NAMES))


def thaw(frozen: tuple) -> dict[str, int]:
    return dict(zip(PIT_NAMES, frozen))


# -- the position --------------------------------------------------------------


class Game:
    """A position's rules and fixed data for one turn."""

    def __init__(self, position: dict) -> None:
        self.position = position
        self.variant = position.get("variant", "igisoro")
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}")
        overrides = position.get("rules") or {}
        self.rules = dict(VARIANTS[self.variant])
        for k, v in overrides.items():
            if k not in self.rules:
                raise ValueError(f"unknown rule option {k!r}")
            self.rules[k] = v
        self.board = board_from_picture(position["pits"])
        self.mover = position.get("to_move", "south")
        self.opening_plies = position.get("opening_plies", 0) or 0
        self.winner = position.get("winner")
        # Reverse pits as loop indices (same for both sides, see module doc).
        self.reverse = {INDEX["south"][p] for p in self.rules["reverse_pits"]}
        self.captures_allowed = not (self.rules["opening"] == "no_capture" and self.opening_plies > 0)
        self.scripted = self.rules["opening"] in ("ludii_opening_1", "ludii_opening_2") and self.opening_plies > 0

    # The result JSON form of a finished turn.
    def result(self, board: dict[str, int], winner: str | None) -> dict:
        return {
            "variant": self.variant,
            "rules": dict(self.position.get("rules") or {}),
            "pits": picture_from_board(board),
            "to_move": other(self.mover),
            "opening_plies": self.opening_plies - 1 if self.opening_plies > 0 else 0,
            "winner": winner if winner is not None else self.winner,
        }

    # -- scripted openings -------------------------------------------------

    def scripted_move(self) -> tuple[str, dict[str, int]]:
        """(pit name, board after) of the only move of a scripted opening ply."""
        side = self.mover
        loop = LOOP[side]
        board = dict(self.board)
        if self.rules["opening"] == "ludii_opening_1":
            total, pits, shares = OPENING_1_PLIES, OPENING_1_PITS, (2, 1)
        else:
            total, pits, shares = OPENING_2_PLIES, OPENING_2_PITS, (2, 1, 1)
        k = (total - self.opening_plies) // 2
        i = INDEX["south"][pits[k]]  # same loop index for North (mirror image)
        name = loop[i]
        if board[name] != sum(shares):
            raise ValueError(f"scripted opening pit {name} must hold {sum(shares)} seeds")
        board[name] = 0
        for step, n in enumerate(shares, start=1):
            board[loop[(i + step) % 16]] += n
        return name, board

    # -- turn graph ----------------------------------------------------------
    #
    # Nodes (all hashable tuples):
    #   ("lap", board, anchor, hand, dir, ctx): `hand` seeds (already off the
    #       board) are to be sown one per pit from the pit after loop index
    #       `anchor`, in direction dir (+1 ccw, -1 cw).
    #   ("dir", board, anchor, hand, ctx): the mover picks ccw/cw for that lap.
    #   ("cap", board, landing, lap_pit, dir, ctx): optional capture: x or p.
    #   ("ret", board, landing, lap_pit, dir, ctx): the opponent retreats or not.
    #   ("end", board, winner)
    # ctx = (start pit index, whole-turn direction or 0, end pits captured).
    # `board` in a node is the frozen 32-tuple.

    def start_options(self) -> dict[str, tuple]:
        """{start pit name: first node} for every legal start pit."""
        side = self.mover
        out = {}
        for i, name in enumerate(LOOP[side]):
            if self.board[name] >= self.rules["min_seeds"]:
                out[name] = self.lift(self.board, i, (i, 0, frozenset()), first=True)
        return out

    def lift(self, board: dict[str, int], i: int, ctx: tuple, first: bool = False) -> tuple:
        """Lift the seeds of loop pit i and make the node of the lap they start."""
        board = dict(board)
        name = LOOP[self.mover][i]
        hand = board[name]
        board[name] = 0
        return self.lap_node(board, i, hand, ctx, first=first)

    def lap_node(self, board: dict[str, int], anchor: int, hand: int, ctx: tuple, first: bool = False) -> tuple:
        """The node of a lap of `hand` seeds from `anchor`: with its direction
        fixed where there is no choice, else a ("dir", ...) decision node."""
        mode = self.rules["clockwise"]
        fb = freeze(board)
        if mode == "never":
            return ("lap", fb, anchor, hand, +1, ctx)
        if mode == "whole_turn":
            if first:
                if anchor in self.reverse:
                    return ("dir", fb, anchor, hand, ctx)
                return ("lap", fb, anchor, hand, +1, (ctx[0], +1, ctx[2]))
            return ("lap", fb, anchor, hand, ctx[1], ctx)
        # capture_only: clockwise only from a reverse pit, and only if the
        # clockwise lap's last seed makes a capture opportunity.
        if anchor in self.reverse and self.captures_allowed:
            after, landing = self.sow(board, anchor, hand, -1)
            if self.is_opportunity(after, landing):
                return ("dir", fb, anchor, hand, ctx)
        return ("lap", fb, anchor, hand, +1, ctx)

    def sow(self, board: dict[str, int], anchor: int, hand: int, d: int) -> tuple[dict[str, int], int]:
        """Sow `hand` seeds one per pit from the pit after `anchor` in direction
        d; a lap of 16 or more goes round and sows into every pit, `anchor`
        included (RULES.md Choice). Returns (new board, landing index)."""
        board = dict(board)
        loop = LOOP[self.mover]
        i = anchor
        for _ in range(hand):
            i = (i + d) % 16
            board[loop[i]] += 1
        return board, i

    def is_opportunity(self, board: dict[str, int], landing: int) -> bool:
        """After a lap: did the last seed make a capture opportunity?"""
        if not self.captures_allowed:
            return False
        if board[LOOP[self.mover][landing]] < 2:  # it fell into an empty pit
            return False
        if not is_inner(landing):
            return False
        inner, outer = opposite_pits(self.mover, landing)
        return board[inner] > 0 and board[outer] > 0

    def capture(self, board: dict[str, int], landing: int, lap_pit: int, d: int, ctx: tuple) -> tuple:
        """Take both opposite pits and make the node of the capture lap."""
        board = dict(board)
        inner, outer = opposite_pits(self.mover, landing)
        taken = board[inner] + board[outer]
        board[inner] = 0
        board[outer] = 0
        ends = ctx[2]
        if inner[0] in "ah":
            ends = ends | {inner[0]}
        ctx = (ctx[0], ctx[1], ends)
        how = self.rules["captured_sowing"]
        if how == "turn_start":
            return self.lap_node(board, ctx[0], taken, ctx)
        if how == "landing":
            return self.lap_node(board, landing, taken, ctx)
        # lap_start: into the pit the capturing lap was lifted from, then that
        # pit's whole content is lifted and sown.
        board[LOOP[self.mover][lap_pit]] += taken
        return self.lift(board, lap_pit, ctx)

    def turn_winner(self, ctx: tuple) -> str | None:
        if self.rules["end_pits_win"] and ctx[2] >= {"a", "h"}:
            return self.mover
        return None

    def step(self, node: tuple):
        """('end', result dict) | ('auto', node) | ('choice', {token: node})."""
        kind = node[0]
        if kind == "end":
            raise AssertionError("end node has no successor")
        if kind == "dir":
            _, fb, anchor, hand, ctx = node
            if self.rules["clockwise"] == "whole_turn":
                return ("choice", {
                    "ccw": ("lap", fb, anchor, hand, +1, (ctx[0], +1, ctx[2])),
                    "cw": ("lap", fb, anchor, hand, -1, (ctx[0], -1, ctx[2])),
                })
            return ("choice", {
                "ccw": ("lap", fb, anchor, hand, +1, ctx),
                "cw": ("lap", fb, anchor, hand, -1, ctx),
            })
        if kind == "lap":
            _, fb, anchor, hand, d, ctx = node
            board, landing = self.sow(thaw(fb), anchor, hand, d)
            if board[LOOP[self.mover][landing]] == 1:
                return ("end", self.result(board, self.turn_winner(ctx)))
            if self.is_opportunity(board, landing):
                # In capture_only, a clockwise lap is only allowed because it
                # captures, so the capture is then taken.
                forced = self.rules["capture"] == "obligatory" or (
                    self.rules["clockwise"] == "capture_only" and d == -1
                )
                if forced:
                    return ("auto", self.capture(board, landing, anchor, d, ctx))
                return ("auto", ("cap", freeze(board), landing, anchor, d, ctx))
            return ("auto", self.lift(board, landing, ctx))
        if kind == "cap":
            _, fb, landing, lap_pit, d, ctx = node
            board = thaw(fb)
            if self.rules["retreat"]:
                passed = ("ret", fb, landing, lap_pit, d, ctx)
            else:
                passed = self.lift(board, landing, ctx)
            return ("choice", {"x": self.capture(board, landing, lap_pit, d, ctx), "p": passed})
        if kind == "ret":
            _, fb, landing, lap_pit, d, ctx = node
            board = thaw(fb)
            inner, outer = opposite_pits(self.mover, landing)
            retreated = dict(board)
            retreated[outer] += retreated[inner]
            retreated[inner] = 0
            return ("choice", {"r": self.lift(retreated, landing, ctx), "n": self.lift(board, landing, ctx)})
        raise AssertionError(f"bad node {node!r}")

    # -- whole turns ---------------------------------------------------------

    def all_results(self, max_nodes: int | None = None, first_only: bool = False) -> list[dict]:
        """Every distinct resulting position (as dicts), by BFS over the turn graph.

        With ``max_nodes``, raise ``TooManyNodes`` once the search has visited
        more nodes than that (some positions have turn graphs of many millions
        of nodes; the comparison test skips those)."""
        if self.winner is not None:
            return []
        if self.scripted:
            _, board = self.scripted_move()
            return [self.result(board, None)]
        seen = set()
        queue = deque()
        for node in self.start_options().values():
            if node not in seen:
                seen.add(node)
                queue.append(node)
        found = {}
        while queue:
            if max_nodes is not None and len(seen) > max_nodes:
                raise TooManyNodes(f"more than {max_nodes} nodes in the turn graph")
            node = queue.popleft()
            kind, payload = self.step(node)
            if kind == "end":
                found[position_key(payload)] = payload
                if first_only:
                    break
                continue
            succ = [payload] if kind == "auto" else list(payload.values())
            for s in succ:
                if s not in seen:
                    seen.add(s)
                    queue.append(s)
        return list(found.values())

    def play(self, tokens: list[str]) -> dict:
        if self.winner is not None:
            raise ValueError("the game is over")
        if not tokens:
            raise ValueError("empty move")
        if self.scripted:
            name, board = self.scripted_move()
            if list(tokens) != [name]:
                raise ValueError(f"the scripted opening move is {name}")
            return self.result(board, None)
        starts = self.start_options()
        if tokens[0] not in starts:
            raise ValueError(f"{tokens[0]!r} is not a legal start pit")
        node = starts[tokens[0]]
        rest = list(tokens[1:])
        path = {node}
        while True:
            kind, payload = self.step(node)
            if kind == "end":
                if rest:
                    raise ValueError(f"the turn is over but tokens {rest} remain")
                return payload
            if kind == "auto":
                node = payload
            else:
                if not rest:
                    raise ValueError(f"incomplete move: a decision among {sorted(payload)} is pending")
                tok = rest.pop(0)
                if tok not in payload:
                    raise ValueError(f"token {tok!r} is not among {sorted(payload)}")
                node = payload[tok]
            if node in path:
                # An endless branch (a state repeated within the turn) is not
                # part of any legal move.
                raise ValueError("the decision list runs into an endless turn")
            path.add(node)


# -- public API -----------------------------------------------------------------


class TooManyNodes(Exception):
    """The turn graph is larger than the caller's budget."""


def position_key(position: dict) -> str:
    """Canonical string of a position's JSON form."""
    return json.dumps(position, sort_keys=True, separators=(",", ":"))


def results(position: dict, max_nodes: int | None = None) -> set[str]:
    """Canonical keys of the positions after every complete legal move.

    With ``max_nodes``, raise ``TooManyNodes`` instead of searching a turn
    graph with more nodes than that."""
    return {position_key(r) for r in Game(position).all_results(max_nodes)}


def result_positions(position: dict) -> list[dict]:
    """The positions after every complete legal move (one per distinct result)."""
    return Game(position).all_results()


def play(position: dict, tokens: list[str]) -> dict:
    """Play one decision list (start pit, then ccw/cw/x/p/r/n tokens)."""
    if isinstance(tokens, str):
        tokens = tokens.split("-")
    return Game(position).play(list(tokens))


def status(position: dict, max_nodes: int | None = None) -> tuple[str, str | None, str | None]:
    """("ongoing", None, None), ("won", winner, reason), or ("endless", None,
    reason) for the proven cases of docs/RULES.md, "Games that cannot end":
    min_seeds 1, no scripted opening move due, one side can keep seeds for
    ever (``lone_seed``: it holds exactly one seed; ``out_of_reach``: see
    ``keeps_out_of_reach``; ``odd_singles``: an odd number of seeds, one per
    pit, without ``end_pits_win``) and the other has a legal move from its
    row as it stands."""
    g = Game(position)
    if g.winner is not None:
        return ("won", g.winner, "end_pits_captured")
    if not g.all_results(max_nodes, first_only=True):
        return ("won", other(g.mover), "no_legal_move")
    if g.rules["min_seeds"] != 1 or g.scripted:
        return ("ongoing", None, None)
    board = g.board
    for holder in SIDES:
        seeds = sum(board[n] for n in LOOP[holder])
        singles = all(board[n] <= 1 for n in LOOP[holder])
        if seeds == 1:
            reason = "lone_seed"
        elif keeps_out_of_reach(position, holder):
            reason = "out_of_reach"
        elif singles and seeds % 2 == 1 and not g.rules["end_pits_win"]:
            # Captures take both pits of a column, two single seeds at a
            # time; the holder steps a seed into an empty pit each turn and
            # never retreats, so an odd count never reaches zero.
            reason = "odd_singles"
        else:
            reason = None
        if reason is not None:
            big = other(holder)
            if big == g.mover or Game({**position, "to_move": big}).all_results(max_nodes, first_only=True):
                return ("endless", None, reason)
    return ("ongoing", None, None)


def keeps_out_of_reach(position: dict, holder: str) -> bool:
    """Whether ``holder`` (at least two seeds, one per pit, no column with
    both of its pits occupied) can move for ever with turns that carry one
    seed into an empty pit and never fill both pits of a column.

    Written apart from the engine's fixed-point table: the turns come from
    this module's own ``play`` on a board where every pit of the other side
    holds a seed (so any landing in an occupied inner pit would meet a
    capture and is not such a turn), and the answer is a depth-first search
    for a cycle among the rows reachable that way.
    """
    board = board_from_picture(position["pits"])
    rows = LOOP[holder]
    if any(board[n] > 1 for n in rows):
        return False
    start = frozenset(n for n in rows if board[n] == 1)

    def safe(held: frozenset) -> bool:
        return len({n[0] for n in held}) == len(held)

    def steps(held: frozenset) -> list[frozenset]:
        b = {n: 0 for n in board}
        for n in LOOP[other(holder)]:
            b[n] = 1
        for n in held:
            b[n] = 1
        pos = {**position, "pits": picture_from_board(b), "to_move": holder, "winner": None}
        out = []
        for n in sorted(held):
            for tokens in ([n], [n, "ccw"], [n, "cw"]):
                try:
                    after = board_from_picture(play(pos, tokens)["pits"])
                except ValueError:
                    continue
                if any(after[m] != 1 for m in LOOP[other(holder)]):
                    continue
                now = frozenset(m for m in rows if after[m] > 0)
                moved = now - held
                if (
                    all(after[m] <= 1 for m in rows)
                    and len(now) == len(held)
                    and held - now == {n}
                    and len(moved) == 1
                    and safe(now)
                ):
                    out.append(now)
        return out

    if len(start) < 2 or not safe(start):
        return False
    # Iterative depth-first search: a row met again while still on the
    # current path closes a cycle, an endless way of keeping out of reach.
    on_path: set[frozenset] = set()
    done: set[frozenset] = set()
    stack = [(start, iter(steps(start)))]
    on_path.add(start)
    while stack:
        node, succ = stack[-1]
        nxt = next(succ, None)
        if nxt is None:
            stack.pop()
            on_path.discard(node)
            done.add(node)
        elif nxt in on_path:
            return True
        elif nxt not in done:
            on_path.add(nxt)
            stack.append((nxt, iter(steps(nxt))))
    return False


def enumerate_all(positions: list[dict]) -> int:
    """Total number of legal-move results over `positions` (for benchmarks)."""
    return sum(len(Game(p).all_results()) for p in positions)
