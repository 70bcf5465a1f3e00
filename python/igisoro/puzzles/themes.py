"""A puzzle's themes, read from its moves as the rules play them
(:meth:`igisoro.Position.play` and its trace), never typed by hand.

- ``capture``: a winner's move captures;
- ``relay``: a winner's move sows 3 laps or more (a relay chain);
  ``long-relay``: 6 or more;
- ``retreat``: inside a winner's move the opponent decides whether to
  retreat (the 4x8 ``r``/``n`` decision);
- ``clockwise``: a winner's move sows clockwise (``cw``, reversed sowing);
- ``no-move``: the line ends with the opponent left without a move;
  ``row-emptied``, ``end-pits``: the other ways a 4x8 game is won;
- ``wins-game``: the last move ends the game;
- ``one-turn``, ``two-turns``, ``long`` (3 turns or more).
"""

from __future__ import annotations

from collections.abc import Sequence

from igisoro.position import Position

#: Every theme a puzzle can have, in the order they are listed.
THEMES: tuple[str, ...] = ("capture", "relay", "long-relay", "retreat", "clockwise", "no-move", "row-emptied",
                           "end-pits", "wins-game", "one-turn", "two-turns", "long")

_WON_BY = {"no_legal_move": "no-move", "row_emptied": "row-emptied", "end_pits_captured": "end-pits"}


def themes(position: Position, line: Sequence[str]) -> tuple[str, ...]:
    """The themes of the puzzle that plays ``line`` from ``position``."""
    found: set[str] = set()
    p = position
    winner = position.to_move
    status = None
    for i, move in enumerate(line):
        played = p.play(move)
        if i % 2 == 0:
            if played.captured > 0:
                found.add("capture")
            if played.laps >= 3:
                found.add("relay")
            if played.laps >= 6:
                found.add("long-relay")
            if "cw" in move.split("-"):
                found.add("clockwise")
            for e in played.trace:
                if e["type"] == "decision" and e["actor"] != winner and e["choice"] in ("r", "n"):
                    found.add("retreat")
        p = played.position
        status = played.status
    if status is not None and status.state == "won":
        found.add("wins-game")
        if status.reason in _WON_BY:
            found.add(_WON_BY[status.reason])
    turns = (len(line) + 1) // 2
    found.add("one-turn" if turns == 1 else "two-turns" if turns == 2 else "long")
    return tuple(t for t in THEMES if t in found)
