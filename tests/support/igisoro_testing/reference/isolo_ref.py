"""Reference implementation ("oracle") of the Isolo rules.

A slow, plain-Python restatement of Isolo (Bemba, Chaplin 1956) as pinned by
the "Isolo" section of ``shared/RULES-NOTES.md`` (authoritative), the seed text
``shared/seeds/004_...txt`` and ``docs/ISOLO.md`` (notation, JSON form, phases,
kucheleka tokens and every documented **Choice**). It is the oracle that
``tests/test_oracle_isolo.py`` compares the Rust engine with.

Why it is independent: it was written from those texts only, without reading
``rust_core/src/isolo/``. It shares no code or data with the engine: it takes
the JSON form of a position (a plain ``dict``) and returns plain dicts and
strings. Where it and the engine disagree, one of the two misreads the rules,
and the texts decide.

Indexing used here (my own): each side's row is a list ``row[0..n-1]`` of its
holes 1..n in its *own* numbering (from its own left). South's own row is the
JSON picture's second row as is; North's own row is the picture's first row
reversed (North's hole 1 is column ``n``). My hole index ``j`` (0-based) faces
the opponent's index ``n - 1 - j``.

A turn (one decision: the start hole) is deterministic, so the oracle simply
runs it lap by lap. Each lap is described by the state before its sowing
(both rows, seeds in hand, where sowing starts, what kind of lap it is and the
hole it was lifted from); a repeated state means the chain of laps never ends,
and such a start is not a legal move (RULES-NOTES, "Endless turns").

Public functions:

* ``results(position, max_nodes=None) -> set[str]``: canonical keys
  (``position_key``) of the positions after every legal move (in a kucheleka
  position: every arrangement offered, see ``kucheleka_options``).
* ``play(position, tokens) -> dict``: play one move (``"c1"``, ``["c1"]``,
  ``"k2.2.2.1"``); ``ValueError`` if illegal. In a kucheleka any valid
  arrangement is accepted, also one not among the offered sample.
* ``status(position) -> (state, winner, reason)``.
* ``enumerate_all(positions) -> int``: total number of results (benchmark).
"""

from __future__ import annotations

import json
from math import comb

COLS = "abcdefgh"
SIDES = ("south", "north")
DEFAULT_HOLES = 4
MAX_TOTAL = 30000  # docs/ISOLO.md, "Validation": the board holds at most 30000 seeds
ENUMERATION_LIMIT = 2000  # docs/ISOLO.md, "Kucheleka": all arrangements up to this many


class TooManyNodes(Exception):
    """The work for one position is larger than the caller's budget."""


def other(side: str) -> str:
    return "north" if side == "south" else "south"


def position_key(position: dict) -> str:
    """Canonical string of a position's JSON form."""
    return json.dumps(position, sort_keys=True, separators=(",", ":"))


# -- board <-> own rows -----------------------------------------------------------


def own_row(pits: list[list[int]], side: str) -> list[int]:
    """`side`'s holes 1..n (its own numbering) from the JSON picture."""
    if side == "south":
        return list(pits[1])
    return list(reversed(pits[0]))


def picture(rows: dict[str, list[int]]) -> list[list[int]]:
    """The JSON picture (North's row, then South's, both in column order a..)."""
    return [list(reversed(rows["north"])), list(rows["south"])]


def hole_name(side: str, j: int, n: int) -> str:
    """Name of `side`'s hole index j (0-based own numbering)."""
    if side == "south":
        return f"{COLS[j]}1"
    return f"{COLS[n - 1 - j]}2"


# -- one turn ---------------------------------------------------------------------


def sow_turn(mine: list[int], theirs: list[int], start: int) -> tuple[list[int], list[int]] | None:
    """Play the move starting at my hole index `start` (0-based own numbering).

    Returns (my row, their row) after the turn, or None when the chain of laps
    never ends (not a legal move)."""
    n = len(mine)
    mine = list(mine)
    theirs = list(theirs)
    # 1. add one stock seed, lift the whole hole.
    mine[start] += 1
    hand = mine[start]
    mine[start] = 0
    # 2. the first seed goes into hole 1, except from the hole before the last
    #    (hole n-1): then into the rightmost hole (hole n), wrapping on to hole 1.
    pos = n - 1 if start == n - 2 else 0
    kind = "first"  # first | relay | capture (capture includes mwipinda laps)
    lifted = start  # hole the current lap was lifted from (for relay laps)
    final = False  # the lap in hand sows captures that emptied their row
    seen: set = set()
    while True:
        state = (tuple(mine), tuple(theirs), hand, pos, kind, lifted)
        if state in seen:
            return None  # endless
        seen.add(state)
        last = pos
        for _ in range(hand):
            mine[pos] += 1
            last = pos
            pos = (pos + 1) % n
        hand = 0
        if final:
            # Choice (docs/ISOLO.md): a capture that empties the opponent's row
            # is sown and the turn ends there, wherever its last seed falls.
            return mine, theirs
        if mine[last] == 1:
            return mine, theirs  # sleeps: the last seed fell into an empty hole
        opp = n - 1 - last
        if theirs[opp] == 0:
            # relay: lift the hole and sow on from the next hole
            hand = mine[last]
            mine[last] = 0
            lifted = last
            pos = (last + 1) % n
            kind = "relay"
            continue
        captured = theirs[opp]
        theirs[opp] = 0
        if captured == 1 and opp in (0, n - 1):
            # mwipinda: a singleton captured from an end hole.
            if opp == n - 1:
                # their hole n (opposite my hole 1): into my rightmost hole,
                # whose whole content is lifted and sown from hole 1.
                tgt, pos = n - 1, 0
            else:
                # their hole 1 (opposite my rightmost hole): into my hole 1,
                # whose whole content is lifted and sown from hole 2.
                tgt, pos = 0, 1 % n
            mine[tgt] += 1
            hand = mine[tgt]
            mine[tgt] = 0
            lifted = tgt
        else:
            hand = captured
            if kind in ("first", "capture"):
                pos = 0  # after the first lap or a capture lap: from hole 1
            else:
                pos = (lifted + 1) % n  # after a relay lap: after its lifted hole
            lifted = None
        kind = "capture"
        if sum(theirs) == 0:
            final = True


# -- the game ---------------------------------------------------------------------


class Game:
    def __init__(self, position: dict):
        if position.get("variant") != "isolo":
            raise ValueError("not an Isolo position")
        self.pits = [list(r) for r in position["pits"]]
        self.n = len(self.pits[0])
        rules = dict(position.get("rules") or {})
        if rules.get("holes", self.n) != self.n or len(self.pits[1]) != self.n:
            raise ValueError("row length and holes disagree")
        self.mover = position["to_move"]
        self.phase = position.get("phase", "fore_play")
        self.rows = {s: own_row(self.pits, s) for s in SIDES}
        self.total = sum(self.pits[0]) + sum(self.pits[1])

    def to_json(self, rows: dict[str, list[int]], to_move: str, phase: str) -> dict:
        rules = {} if self.n == DEFAULT_HOLES else {"holes": self.n}
        return {"variant": "isolo", "rules": rules, "pits": picture(rows), "to_move": to_move, "phase": phase}

    # decided positions
    def winner(self) -> tuple[str, str] | None:
        if self.phase == "main" and sum(self.rows[self.mover]) == 0:
            return other(self.mover), "row_emptied"
        return None

    # -- hole moves (fore-play and main game)
    def hole_moves(self) -> dict[str, dict]:
        """{start hole name: resulting position} for every legal start."""
        out: dict[str, dict] = {}
        if self.total + 1 > MAX_TOTAL:
            return out
        me, you = self.mover, other(self.mover)
        for j in range(self.n):
            if self.rows[me][j] == 0:
                continue
            res = sow_turn(self.rows[me], self.rows[you], j)
            if res is None:
                continue
            mine, theirs = res
            rows = {me: mine, you: theirs}
            if self.phase == "fore_play" and sum(theirs) == 0:
                # fore-play won: kucheleka, the winner stays to move
                out[hole_name(me, j, self.n)] = self.to_json(rows, me, "kucheleka")
            else:
                out[hole_name(me, j, self.n)] = self.to_json(rows, you, self.phase)
        return out

    # -- kucheleka
    def arrangement_result(self, counts_columns: list[int]) -> dict:
        me, you = self.mover, other(self.mover)
        pic_row = list(counts_columns)
        mine = pic_row if me == "south" else list(reversed(pic_row))
        return self.to_json({me: mine, you: [2] * self.n}, me, "main")

    def kucheleka_options(self) -> list[list[int]]:
        """Arrangements offered (each in column order a..)."""
        if self.total + 2 * self.n > MAX_TOTAL:
            return []
        me = self.mover
        n = self.n
        s = sum(self.rows[me])
        if comb(s + n - 1, n - 1) <= ENUMERATION_LIMIT:
            return [list(c) for c in compositions(s, n)]
        # sample: even spread, the row as left, all seeds in each single hole
        even_own = [s // n + (1 if i < s % n else 0) for i in range(n)]
        to_cols = (lambda r: list(r)) if me == "south" else (lambda r: list(reversed(r)))
        opts = [to_cols(even_own), to_cols(self.rows[me])]
        for c in range(n):
            opts.append([s if i == c else 0 for i in range(n)])
        uniq: list[list[int]] = []
        for o in opts:
            if o not in uniq:
                uniq.append(o)
        return uniq

    def kucheleka_all_listed(self) -> bool:
        s = sum(self.rows[self.mover])
        return comb(s + self.n - 1, self.n - 1) <= ENUMERATION_LIMIT

    # -- public
    def all_results(self, max_nodes: int | None = None) -> list[dict]:
        if self.winner() is not None:
            return []
        if self.phase == "kucheleka":
            opts = self.kucheleka_options()
            if max_nodes is not None and len(opts) > max_nodes:
                raise TooManyNodes(len(opts))
            return [self.arrangement_result(o) for o in opts]
        return list(self.hole_moves().values())

    def play(self, tokens: list[str]) -> dict:
        if len(tokens) != 1:
            raise ValueError(f"an Isolo move is exactly one token, got {tokens}")
        tok = tokens[0]
        if self.winner() is not None:
            raise ValueError("the game is over")
        if self.phase == "kucheleka":
            if not tok.startswith("k"):
                raise ValueError("a kucheleka move is an arrangement k<c1>.<c2>...")
            try:
                counts = [int(x) for x in tok[1:].split(".")]
            except ValueError:
                raise ValueError(f"bad arrangement {tok!r}") from None
            if len(counts) != self.n or min(counts) < 0 or sum(counts) != sum(self.rows[self.mover]):
                raise ValueError(f"{tok!r} is not an arrangement of the mover's seeds")
            if self.total + 2 * self.n > MAX_TOTAL:
                raise ValueError("the board would exceed the seed cap")
            return self.arrangement_result(counts)
        moves = self.hole_moves()
        if tok not in moves:
            raise ValueError(f"{tok!r} is not a legal move")
        return moves[tok]


def compositions(s: int, n: int):
    """Every list of n non-negative integers summing to s, lexicographically."""
    if n == 1:
        yield (s,)
        return
    for first in range(s + 1):
        for rest in compositions(s - first, n - 1):
            yield (first,) + rest


# -- public API ------------------------------------------------------------------


def results(position: dict, max_nodes: int | None = None) -> set[str]:
    """Canonical keys of the positions after every legal move.

    In a kucheleka position these are the arrangements offered (all of them
    when there are at most ENUMERATION_LIMIT, else the documented sample).
    With ``max_nodes``, raise ``TooManyNodes`` for more results than that."""
    return {position_key(r) for r in Game(position).all_results(max_nodes)}


def result_positions(position: dict) -> list[dict]:
    return Game(position).all_results()


def all_listed(position: dict) -> bool:
    """False for a kucheleka position whose arrangements are only sampled."""
    g = Game(position)
    return g.phase != "kucheleka" or g.kucheleka_all_listed()


def play(position: dict, tokens) -> dict:
    """Play one move (a start hole such as ``c1`` or an arrangement ``k2.2.2.1``)."""
    if isinstance(tokens, str):
        tokens = [tokens]
    return Game(position).play(list(tokens))


def status(position: dict, max_nodes: int | None = None) -> tuple[str, str | None, str | None]:
    """("ongoing", None, None) or ("won", winner, reason)."""
    g = Game(position)
    w = g.winner()
    if w is not None:
        return ("won", w[0], w[1])
    if g.phase == "kucheleka":
        has = bool(g.kucheleka_options())
    else:
        has = bool(g.hole_moves())
    if not has:
        return ("won", other(g.mover), "no_legal_move")
    return ("ongoing", None, None)


def enumerate_all(positions: list[dict]) -> int:
    """Total number of legal-move results over `positions` (for benchmarks)."""
    return sum(len(Game(p).all_results()) for p in positions)
