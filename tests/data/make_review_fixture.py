"""Write ``tests/data/review_games.json``: games and the review each gets.

The expected reviews were written by the Python review (``igisoro/review.py``
before the review moved into the core, issue 30) and are kept as they were:
``tests/test_review_core.py`` asserts the core's review reproduces them.
Every search has a depth limit, so the answers are deterministic.

    .venv/bin/python tests/data/make_review_fixture.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import igisoro
from igisoro import Position

OUT = Path(__file__).with_name("review_games.json")


def random_game(start: Position, plies: int, seed: int) -> tuple[list[str], Position]:
    rng = random.Random(seed)
    p, moves = start, []
    for _ in range(plies):
        legal = p.legal_moves(limit=64)
        if not legal:
            break
        m = legal[rng.randrange(len(legal))]
        moves.append(m.notation)
        p = m.result
    return moves, p


def to_the_end(variant: str, seed: int, last: int) -> tuple[Position, list[str]]:
    """The last ``last`` plies of a seeded random game played to its end."""
    rng = random.Random(seed)
    history = [Position.start(variant)]
    moves: list[str] = []
    for _ in range(2000):
        legal = history[-1].legal_moves(limit=64)
        if not legal:
            break
        m = legal[rng.randrange(len(legal))]
        moves.append(m.notation)
        history.append(m.result)
    return history[-last - 1], moves[-last:]


def forced_win(seed: int) -> tuple[Position, list[str]]:
    """A few plies from the first position of a seeded random game where a
    depth-3 search proves a result."""
    rng = random.Random(seed)
    p = Position.start("igisoro")
    for _ in range(2000):
        if p.analyse(depth=3).score.type != "seeds":
            moves, _ = random_game(p, 3, seed)
            return p, moves
        legal = p.legal_moves(limit=64)
        p = legal[rng.randrange(len(legal))].result
    raise SystemExit("no forced result found")


def games() -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for variant, plies, depth, seed in (("igisoro", 10, 3, 1), ("igisoro-wikipedia", 8, 2, 2),
                                       ("igisoro-fr", 8, 2, 3), ("ikibuguzo-1", 6, 2, 4),
                                       ("ikibuguzo-2", 6, 2, 5), ("isolo", 6, 2, 6)):
        start = Position.start(variant)
        moves, _ = random_game(start, plies, seed)
        out.append({"name": f"{variant} random", "start": start.notation(), "moves": moves, "depth": depth})
    start = Position.start("igisoro")
    moves, _ = random_game(start, 4, 7)
    out.append({"name": "igisoro illegal move", "start": start.notation(), "moves": [*moves, "a1", "b2"], "depth": 2})
    out.append({"name": "igisoro bad notation", "start": start.notation(), "moves": [moves[0], "zz9"], "depth": 1})
    p, moves = forced_win(8)
    out.append({"name": "igisoro forced result", "start": p.notation(), "moves": moves, "depth": 3})
    p, moves = to_the_end("igisoro", 9, 4)
    out.append({"name": "igisoro game over", "start": p.notation(), "moves": moves, "depth": 2})
    p, moves = to_the_end("isolo", 10, 3)
    out.append({"name": "isolo game over", "start": p.notation(), "moves": moves, "depth": 2})
    out.append({"name": "no moves", "start": start.notation(), "moves": [], "depth": 2})
    return out


def main() -> None:
    cases = []
    for g in games():
        r = igisoro.review(Position.from_notation(g["start"]), g["moves"], depth=g["depth"])  # type: ignore[arg-type]
        cases.append({**g, "review": r.to_json()})
        print(g["name"], len(r.plies), r.summary, r.status, r.illegal and r.illegal.ply)
    OUT.write_text(json.dumps(cases, indent=1) + "\n")


if __name__ == "__main__":
    main()
