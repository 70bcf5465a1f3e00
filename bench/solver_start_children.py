"""The options of a variant's first free decision (after its scripted opening
plies), each solved through the Python API for `MS` milliseconds: an
independent check of a start position's proof (a loss needs every option
proven lost; a win, one option proven won).

    .venv/bin/python bench/solver_start_children.py ikibuguzo-1 20000
"""

import igisoro
import sys


def main() -> None:
    p = igisoro.Position.start(sys.argv[1])
    k = 0
    while len(p.legal_moves()) == 1:   # the scripted opening
        p = p.legal_moves()[0].result
        k += 1
    print("after", k, "scripted plies:", p.notation(), p.to_move, len(p.legal_moves()), "options", flush=True)
    for lm in p.legal_moves():
        s = lm.result.solve(time_ms=int(sys.argv[2]))
        print(lm.move, lm.result.to_move, s.outcome, s.turns, s.nodes, s.time_ms, s.unknown_turns, flush=True)


if __name__ == "__main__":
    main()
