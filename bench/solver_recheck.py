"""Re-solve every position a `solve` log proved at 1 s, through the Python
API (its default table, 2^18 slots, against the bench's 2^20; 2 s each), and
report any outcome that flips. A sound solver may fail to prove a position
with another table, never prove the opposite.

    .venv/bin/python bench/solver_recheck.py bench/data/solver-1000-2026-11-25-a.txt bench/data/solver-1000-2026-11-25-b.txt
"""

import re
import sys
import time
import igisoro

pat = re.compile(r"^(\S+) #(\d+) 1000ms: solver (win|loss)(\d+) .*\| (.*)$")


def main() -> None:
    same = flip = unproven = 0
    t0 = time.time()
    for path in sys.argv[1:]:
        for line in open(path):
            m = pat.match(line.rstrip("\n"))
            if not m or m.group(1) == "isolo":
                continue
            s = igisoro.Position.from_notation(m.group(5)).solve(time_ms=2000)
            if s.outcome == "unknown":
                unproven += 1
            elif s.outcome == m.group(3):
                same += 1
            else:
                flip += 1
                print("FLIP", m.group(1), m.group(2), m.group(3), s, flush=True)
    print(f"same {same} flipped {flip} unproven {unproven} in {time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
