"""Reference implementation ("oracle") of Omweso and Mweso (issue 42).

A slow, plain-Python restatement of ``docs/OMWESO.md`` (every **Choice**
there included), written for clarity, not speed. It is the oracle the Rust
engine's ``omweso`` and ``mweso`` variants will be compared with, as
``igisoro_ref`` is for the Igisoro family.

Why it is independent: it was written from the rules texts only (Wikipedia's
"Omweso" article, Ludii's ``Mweso.lud`` and docs/OMWESO.md) before any Rust
code for these variants existed. It shares with ``igisoro_ref`` only the board
geometry (pit names, sowing loops, opposite pits, the JSON picture), which is
the same board; every rule of the turn is restated here.

How it works (the shape of ``igisoro_ref``): a turn is a finite-state
process. Every intermediate situation of a turn is a hashable *node*; from a
node there is one automatic successor (sow a lap, relay, capture), a choice
(``ccw``/``cw``), or the end of the turn. The legal moves' results are the
end nodes reachable from the turn's start; a breadth-first search with a
visited set finds them and cuts every branch that comes back to a node it
already passed through (an endless turn), with no lap cap.

The set-up stage is a move too: the side to move arranges all its seeds over
its 16 pits. There are C(47, 15) = 751,616,304,549 arrangements of 32 seeds,
so this module never lists them: ``results`` raises ``NotEnumerable`` in the
set-up phase, and ``play`` / ``validate_arrangement`` check one arrangement.

Public functions:

* ``start_position(variant) -> dict``: the set-up position, South to arrange.
* ``results(position, max_nodes=None) -> set[str]``: canonical keys of the
  positions after every complete legal move of the sowing phase.
* ``play(position, tokens) -> dict``: play a decision list (``"b2-cw"``) or,
  in the set-up phase, one arrangement (``"k..."`` text or the JSON move
  form); ``IllegalMove`` / ``SetupError`` (both ``ValueError``) if illegal.
* ``status(position) -> (state, winner, reason)``.
* ``validate_arrangement(position, move) -> list[list[int]]``.
"""

from __future__ import annotations

import json
from collections import deque

from .igisoro_ref import (
    COLS,
    INDEX,
    LOOP,
    board_from_picture,
    freeze,
    is_inner,
    opposite_pits,
    other,
    picture_from_board,
    thaw,
)

# -- variants (copied from docs/OMWESO.md, table "Variants") -----------------

# The four left-hand pits, as South names them (North: the half-turn images
# h4, g4, h3, g3, which have the same loop indices, see igisoro_ref).
LEFT_PITS = ["a1", "b1", "a2", "b2"]

VARIANTS = {
    # Wikipedia "Omweso" (current tournament rules).
    "omweso": dict(
        min_seeds=2, captured_sowing="lap_origin", after_capture="sow_on",
        clockwise="capture_only", reverse_pits=LEFT_PITS, end_pits_win=True,
        setup="arrangement", endless="not_a_move",
    ),
    # Shackell 1934 as Ludii 1.3.12 plays it (shared/reference/ludii/Mweso.lud).
    "mweso": dict(
        min_seeds=2, captured_sowing="lap_origin", after_capture="relay_capturing_pit",
        clockwise="first_lap", reverse_pits=LEFT_PITS, end_pits_win=False,
        setup="arrangement", endless="not_a_move",
    ),
}

OPTION_VALUES = {
    "min_seeds": range(1, 65),
    "captured_sowing": ("lap_origin", "turn_start"),
    "after_capture": ("sow_on", "relay_capturing_pit"),
    "clockwise": ("capture_only", "first_lap", "never"),
    "end_pits_win": (True, False),
    # Named in docs/OMWESO.md; only these values are in this slice.
    "setup": ("arrangement",),
    "endless": ("not_a_move",),
}

SEEDS_PER_SIDE = 32
PHASES = ("setup", "play")
CCW, CW = +1, -1


class IllegalMove(ValueError):
    """A decision list that is not a legal move here."""


class SetupError(ValueError):
    """An arrangement that is not a valid set-up move; ``code`` names the rule
    broken (docs/OMWESO.md, "Set-up errors")."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


class NotEnumerable(Exception):
    """The set-up phase: the arrangements are far too many to list."""


class TooManyNodes(Exception):
    """The turn graph is larger than the caller's budget."""


def position_key(position: dict) -> str:
    """Canonical string of a position's JSON form."""
    return json.dumps(position, sort_keys=True, separators=(",", ":"))


def start_position(variant: str = "omweso") -> dict:
    """Before the set-up: 4 seeds in each outer pit (Wikipedia, "Setup"),
    South to arrange first (docs/OMWESO.md, Choice "who arranges first")."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    outer = [4] * 8
    empty = [0] * 8
    return {
        "variant": variant, "rules": {}, "pits": [outer, empty, empty, outer],
        "to_move": "south", "phase": "setup", "winner": None,
    }


# -- the position ---------------------------------------------------------------


class Game:
    """A position's rules and fixed data for one turn."""

    def __init__(self, position: dict) -> None:
        self.position = position
        self.variant = position.get("variant", "omweso")
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}")
        self.rules = dict(VARIANTS[self.variant])
        for k, v in (position.get("rules") or {}).items():
            if k == "reverse_pits":
                if not all(p in INDEX["south"] for p in v):
                    raise ValueError(f"reverse_pits: {v!r} must be South pit names")
            elif k not in OPTION_VALUES:
                raise ValueError(f"unknown rule option {k!r}")
            elif v not in OPTION_VALUES[k]:
                raise ValueError(f"rule option {k}: bad value {v!r}")
            self.rules[k] = v
        self.board = board_from_picture(position["pits"])
        if any(not isinstance(n, int) or n < 0 for n in self.board.values()):
            raise ValueError("pit counts must be non-negative integers")
        self.mover = position.get("to_move", "south")
        if self.mover not in ("south", "north"):
            raise ValueError(f"to_move must be south or north, not {self.mover!r}")
        self.phase = position.get("phase", "play")
        if self.phase not in PHASES:
            raise ValueError(f"phase must be one of {PHASES}, not {self.phase!r}")
        self.winner = position.get("winner")
        # Reverse (left-hand) pits as loop indices: the same for both sides.
        self.reverse = {INDEX["south"][p] for p in self.rules["reverse_pits"]}

    def result(self, board: dict[str, int], winner: str | None, to_move: str, phase: str) -> dict:
        return {
            "variant": self.variant,
            "rules": dict(self.position.get("rules") or {}),
            "pits": picture_from_board(board),
            "to_move": to_move,
            "phase": phase,
            "winner": winner if winner is not None else self.winner,
        }

    # -- set-up ------------------------------------------------------------------

    def validate_arrangement(self, move) -> list[list[int]]:
        """The arranger's two rows (picture order) of a valid arrangement.

        ``move`` is the text ``k<8 counts>/<8 counts>`` (counts joined by
        ``.``, the arranger's rows top to bottom as in the picture) or the JSON
        form ``{"side": ..., "rows": [[8 counts], [8 counts]]}``."""
        if self.phase != "setup":
            raise SetupError("not_setup_phase", "the set-up is over; a move is a start pit and decisions")
        if isinstance(move, str):
            if not move.startswith("k"):
                raise SetupError("bad_notation", f"{move!r}: an arrangement is k<8 counts>/<8 counts>")
            parts = move[1:].split("/")
            try:
                rows = [[int(x) for x in part.split(".")] for part in parts]
            except ValueError:
                raise SetupError("bad_notation", f"{move!r}: counts must be integers") from None
            side = self.mover
        elif isinstance(move, dict):
            if set(move) != {"side", "rows"}:
                raise SetupError("bad_notation", f"an arrangement has keys side and rows, not {sorted(move)}")
            side, rows = move["side"], move["rows"]
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise SetupError("bad_shape", "rows must be two lists of 8 counts")
            if not all(isinstance(n, int) and not isinstance(n, bool) for r in rows for n in r):
                raise SetupError("bad_notation", "counts must be integers")
        else:
            raise SetupError("bad_notation", f"an arrangement is a string or an object, not {type(move).__name__}")
        if side != self.mover:
            raise SetupError("wrong_side", f"{side} cannot arrange: {self.mover} is to arrange")
        if len(rows) != 2 or any(len(r) != 8 for r in rows):
            raise SetupError("bad_shape", "an arrangement is 2 rows of 8 counts")
        if any(n < 0 for r in rows for n in r):
            raise SetupError("negative_count", f"a pit cannot hold a negative count: {rows}")
        held = sum(self.board[n] for n in LOOP[side])
        total = sum(sum(r) for r in rows)
        if total != held:
            raise SetupError("wrong_total", f"the arrangement holds {total} seeds, {side} has {held}")
        return rows

    def arrange(self, move) -> dict:
        rows = self.validate_arrangement(move)
        board = dict(self.board)
        ranks = (2, 1) if self.mover == "south" else (4, 3)
        for rank, row in zip(ranks, rows):
            for c, n in zip(COLS, row):
                board[c + str(rank)] = n
        # South arranges first, North second (seeing South's arrangement), and
        # then South sows first (docs/OMWESO.md, Choices on the set-up).
        if self.mover == "south":
            return self.result(board, None, "north", "setup")
        return self.result(board, None, "south", "play")

    # -- turn graph ----------------------------------------------------------------
    #
    # Nodes (hashable tuples):
    #   ("lap", board, anchor, hand, dir, ctx): `hand` seeds (off the board) are
    #       sown one per pit from the pit after loop index `anchor`, dir +1 ccw
    #       or -1 cw. `anchor` is where "this lap began" for lap_origin sowing.
    #   ("dir", board, anchor, hand, ctx): the mover picks ccw or cw.
    # ctx = (start pit index, columns captured from so far this turn).
    # `board` in a node is the frozen 32-tuple.

    def start_options(self) -> dict[str, tuple]:
        out = {}
        for i, name in enumerate(LOOP[self.mover]):
            if self.board[name] >= self.rules["min_seeds"]:
                out[name] = self.lift(self.board, i, (i, frozenset()), first=True)
        return out

    def lift(self, board: dict[str, int], i: int, ctx: tuple, first: bool = False, d: int = CCW) -> tuple:
        board = dict(board)
        name = LOOP[self.mover][i]
        hand = board[name]
        board[name] = 0
        return self.lap_node(board, i, hand, ctx, first=first, d=d)

    def lap_node(self, board: dict[str, int], anchor: int, hand: int, ctx: tuple, first: bool, d: int = CCW) -> tuple:
        """A lap of `hand` seeds after `anchor`, its direction fixed where there
        is no choice, else a ("dir", ...) node.

        capture_only (omweso): any lap that begins at a left-hand pit may run
        clockwise, but only if that lap's last seed captures ("direct
        capture"); this holds for first laps, relay laps and laps of
        captured seeds alike.
        first_lap (mweso, Ludii): only the turn's first lap may run clockwise
        (again only towards a capture); later laps keep the direction `d`
        of the lap before them (Ludii's "Direction" variable)."""
        mode = self.rules["clockwise"]
        fb = freeze(board)
        if mode == "first_lap" and not first:
            return ("lap", fb, anchor, hand, d, ctx)
        if mode != "never" and anchor in self.reverse:
            after, landing = self.sow(board, anchor, hand, CW)
            if self.is_capture(after, landing):
                return ("dir", fb, anchor, hand, ctx)
        return ("lap", fb, anchor, hand, CCW, ctx)

    def sow(self, board: dict[str, int], anchor: int, hand: int, d: int) -> tuple[dict[str, int], int]:
        """Sow `hand` seeds one per pit from the pit after `anchor`. A lap of 16
        or more goes round and sows into every pit, `anchor` included (as in
        docs/RULES.md). Returns (new board, landing index)."""
        board = dict(board)
        loop = LOOP[self.mover]
        i = anchor
        for _ in range(hand):
            i = (i + d) % 16
            board[loop[i]] += 1
        return board, i

    def is_capture(self, board: dict[str, int], landing: int) -> bool:
        """After a lap: the last seed fell into an occupied pit of the mover's
        inner row whose two opposite pits are both occupied (Wikipedia,
        "Capturing"; Mweso.lud, the sow's apply)."""
        if board[LOOP[self.mover][landing]] < 2 or not is_inner(landing):
            return False
        inner, outer = opposite_pits(self.mover, landing)
        return board[inner] > 0 and board[outer] > 0

    def capture(self, board: dict[str, int], landing: int, anchor: int, d: int, ctx: tuple) -> tuple:
        """Take both opposite pits (captures are obligatory in both variants)
        and make the node that sows them."""
        board = dict(board)
        inner, outer = opposite_pits(self.mover, landing)
        taken = board[inner] + board[outer]
        board[inner] = board[outer] = 0
        ctx = (ctx[0], ctx[1] | {inner[0]})
        origin = ctx[0] if self.rules["captured_sowing"] == "turn_start" else anchor
        if self.rules["after_capture"] == "sow_on":
            # The captured seeds are a lap like any other: where its last seed
            # falls decides (end, relay, capture), and it may itself run
            # clockwise towards a capture ("re-entering reverse-captured seeds").
            return self.lap_node(board, origin, taken, ctx, first=False)
        # relay_capturing_pit (Mweso.lud): the captured seeds are sown
        # counter-clockwise from the origin and their last seed is not looked
        # at; the turn goes on by lifting the capturing pit, in the direction
        # of the capturing lap.
        board, _ = self.sow(board, origin, taken, CCW)
        return self.lift(board, landing, ctx, d=d)

    def turn_winner(self, ctx: tuple) -> str | None:
        if self.rules["end_pits_win"] and ctx[1] >= {"a", "h"}:
            return self.mover
        return None

    def step(self, node: tuple):
        """('end', result) | ('auto', node) | ('choice', {token: node})."""
        if node[0] == "dir":
            _, fb, anchor, hand, ctx = node
            return ("choice", {
                "ccw": ("lap", fb, anchor, hand, CCW, ctx),
                "cw": ("lap", fb, anchor, hand, CW, ctx),
            })
        _, fb, anchor, hand, d, ctx = node
        board, landing = self.sow(thaw(fb), anchor, hand, d)
        if board[LOOP[self.mover][landing]] == 1:
            return ("end", self.result(board, self.turn_winner(ctx), other(self.mover), "play"))
        if self.is_capture(board, landing):
            return ("auto", self.capture(board, landing, anchor, d, ctx))
        return ("auto", self.lift(board, landing, ctx, d=d))

    # -- whole turns -------------------------------------------------------------

    def all_results(self, max_nodes: int | None = None, first_only: bool = False) -> list[dict]:
        if self.winner is not None:
            return []
        if self.phase == "setup":
            raise NotEnumerable("set-up: C(47,15) arrangements per side are never listed")
        seen: set = set()
        queue: deque = deque()
        for node in self.start_options().values():
            if node not in seen:
                seen.add(node)
                queue.append(node)
        found = {}
        while queue:
            if max_nodes is not None and len(seen) > max_nodes:
                raise TooManyNodes(f"more than {max_nodes} nodes in the turn graph")
            kind, payload = self.step(queue.popleft())
            if kind == "end":
                found[position_key(payload)] = payload
                if first_only:
                    break
                continue
            for s in [payload] if kind == "auto" else payload.values():
                if s not in seen:
                    seen.add(s)
                    queue.append(s)
        return list(found.values())

    def play(self, tokens: list[str], max_nodes: int | None = None) -> dict:
        if self.winner is not None:
            raise IllegalMove("the game is over")
        if not tokens:
            raise IllegalMove("empty move")
        starts = self.start_options()
        if tokens[0] not in starts:
            raise IllegalMove(f"{tokens[0]!r} is not a legal start pit")
        node = starts[tokens[0]]
        rest = list(tokens[1:])
        path = {node}
        while True:
            if max_nodes is not None and len(path) > max_nodes:
                raise TooManyNodes(f"more than {max_nodes} steps in one turn")
            kind, payload = self.step(node)
            if kind == "end":
                if rest:
                    raise IllegalMove(f"the turn is over but tokens {rest} remain")
                return payload
            if kind == "auto":
                node = payload
            else:
                if not rest:
                    raise IllegalMove(f"incomplete move: a decision among {sorted(payload)} is pending")
                tok = rest.pop(0)
                if tok not in payload:
                    raise IllegalMove(f"token {tok!r} is not among {sorted(payload)}")
                node = payload[tok]
            if node in path:
                # A state repeated within the turn: this branch never ends and
                # is not part of any legal move.
                raise IllegalMove("the decision list runs into an endless turn")
            path.add(node)


# -- public API -------------------------------------------------------------------


def results(position: dict, max_nodes: int | None = None) -> set[str]:
    """Canonical keys of the positions after every complete legal move.

    ``NotEnumerable`` in the set-up phase; ``TooManyNodes`` past ``max_nodes``."""
    return {position_key(r) for r in Game(position).all_results(max_nodes)}


def result_positions(position: dict, max_nodes: int | None = None) -> list[dict]:
    return Game(position).all_results(max_nodes)


def validate_arrangement(position: dict, move) -> list[list[int]]:
    """The arranger's rows of a valid set-up move; ``SetupError`` otherwise."""
    return Game(position).validate_arrangement(move)


def play(position: dict, move, max_nodes: int | None = None) -> dict:
    """Play one move: in the set-up phase an arrangement (``"k..."`` or the
    JSON form), else a decision list (``"b2-cw"`` or ``["b2", "cw"]``)."""
    g = Game(position)
    if g.phase == "setup":
        return g.arrange(move)
    if isinstance(move, dict) or (isinstance(move, str) and move.startswith("k")):
        raise SetupError("not_setup_phase", "the set-up is over; a move is a start pit and decisions")
    if isinstance(move, str):
        move = move.split("-")
    return g.play(list(move), max_nodes)


def status(position: dict, max_nodes: int | None = None) -> tuple[str, str | None, str | None]:
    """("ongoing", None, None) or ("won", winner, reason); reasons
    ``end_pits_captured`` and ``no_legal_move``. No draw exists."""
    g = Game(position)
    if g.winner is not None:
        return ("won", g.winner, "end_pits_captured")
    if g.phase == "setup":
        return ("ongoing", None, None)
    if not g.all_results(max_nodes, first_only=True):
        return ("won", other(g.mover), "no_legal_move")
    return ("ongoing", None, None)
