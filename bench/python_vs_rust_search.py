"""Speed-up of the engine's search over a Python implementation of the same
search (bench/python_search.py) on the same positions, measured in one run.

For each variant, the start and the middle-game positions of
bench/data/search_positions.txt are searched to the same depth by both:
the engine through the Python API (``Position.analyse(depth=d)``: iterative
deepening, transposition table, move ordering, in-turn min nodes) and the
Python port (the same algorithm on the plain Python reference rules). The
root scores are checked equal (a fixed-depth search has one value, whatever
the ordering and table do to the node count), and both node counts are shown.
``per node`` compares time per node (the two searches visit different
numbers of nodes: ordering heuristics differ). With ``--plain`` the Python side is also timed without table or iterative
deepening (one fixed-depth alpha-beta), for comparison.

Rows where the engine reports truncated turns (a turn over its 4096-node
budget, an approximation the port does not make), or where the Python side
ran out of time (``--python-cap``) or over its step budget, get no speed-up
and are left out of the totals; the row says why.

Run: .venv/bin/python bench/python_vs_rust_search.py [--depths 2,4]
     [--variants igisoro-fr,ikibuguzo-1] [--python-cap 120] [--plain]
(prints a Markdown table).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import igisoro

sys.path.insert(0, str(Path(__file__).resolve().parent))
import python_search

ALL = ["igisoro", "igisoro-wikipedia", "igisoro-fr", "ikibuguzo-1", "ikibuguzo-2"]
DATA = Path(__file__).resolve().parent / "data" / "search_positions.txt"


def positions(variant: str) -> list[tuple[str, igisoro.Position]]:
    """The start, then the file's middle-game positions of ``variant``."""
    out = [("start", igisoro.Position.start(variant))]
    label = "mid"
    for line in DATA.read_text().splitlines():
        if line.startswith("#"):
            words = line[1:].split(":")[0].split()
            label = words[1] if len(words) > 1 else "mid"
            continue
        if line.strip():
            p = igisoro.Position.from_notation(line)
            if p.variant == variant:
                out.append((label, p))
    return out


def engine_score(a: igisoro.Analysis) -> tuple[str, float | int]:
    if a.score.type == "seeds":
        assert a.score.value is not None
        return ("seeds", round(a.score.value * 100) / 100)
    assert a.score.turns is not None
    return (a.score.type, a.score.turns)


def show(s: tuple[str, float | int]) -> str:
    return f"{s[1]:+.2f}" if s[0] == "seeds" else f"{s[0]} in {s[1]}"


def time_engine(p: igisoro.Position, depth: int, cap_ms: int) -> tuple[igisoro.Analysis, float]:
    """The analysis and its mean wall time, repeated until 0.3 s have passed."""
    reps, total = 0, 0.0
    a = None
    while total < 0.3 and reps < 50:
        t = time.perf_counter()
        a = p.analyse(depth=depth, time_ms=cap_ms)
        total += time.perf_counter() - t
        reps += 1
    assert a is not None
    return a, total / reps


def time_python(js: dict[str, object], depth: int, cap_s: float, plain: bool) -> tuple[python_search.Result | str, float]:
    t = time.perf_counter()
    try:
        if plain:
            r: python_search.Result | str = python_search.analyse(js, depth, iterative=False, use_tt=False, time_s=cap_s)
        else:
            r = python_search.analyse(js, depth, time_s=cap_s)
    except python_search.OutOfTime:
        r = f"over {cap_s:.0f} s"
    except python_search.TooBig as e:
        r = f"too big ({e})"
    return r, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--depths", default="2,4")
    ap.add_argument("--variants", default=",".join(ALL))
    ap.add_argument("--python-cap", type=float, default=120.0, help="seconds per Python search")
    ap.add_argument("--engine-cap", type=int, default=60_000, help="ms per engine search")
    ap.add_argument("--plain", action="store_true", help="also time the plain fixed-depth Python search")
    args = ap.parse_args()
    depths = [int(d) for d in args.depths.split(",")]
    head = (
        "| variant | from | depth | engine score | Python score | same | engine nodes | Python nodes "
        "| engine ms | Python ms | speed-up | per node |"
    )
    rule = "|---|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|"
    if args.plain:
        head += " plain Python nodes | plain Python ms | speed-up |"
        rule += "---:|---:|---:|"
    print(head)
    print(rule, flush=True)
    # Per depth: engine and Python seconds over the rows that count, and the
    # same for the plain Python search.
    totals: dict[int, list[float]] = {d: [0.0, 0.0, 0.0, 0.0] for d in depths}
    mismatches = 0
    for v in args.variants.split(","):
        for label, p in positions(v):
            js = p.to_json()
            for d in depths:
                a, t_rs = time_engine(p, d, args.engine_cap)
                es = engine_score(a)
                note = ""
                if a.truncated_turns:
                    note = f"engine truncated {a.truncated_turns} turns"
                elif a.depth < d and es[0] == "seeds":
                    note = f"engine stopped at depth {a.depth}"
                r, t_py = time_python(js, d, args.python_cap, plain=False)
                row = f"| {v} | {label} | {d} | {show(es)} "
                if isinstance(r, str):
                    row += f"| {r} | - | {a.nodes} | - | {t_rs * 1e3:.2f} | - | - | - "
                else:
                    ps = python_search.score(r.value)
                    same = ps == es and r.depth == a.depth
                    mismatches += not same
                    ok = same and not note
                    up = f"{t_py / t_rs:.0f}x" if ok else (note or "scores differ")
                    per_node = (t_py / r.nodes) / (t_rs / max(a.nodes, 1))
                    if ok:
                        totals[d][0] += t_rs
                        totals[d][1] += t_py
                    row += (
                        f"| {show(ps)} | {'yes' if same else '**NO**'} | {a.nodes} | {r.nodes} "
                        f"| {t_rs * 1e3:.2f} | {t_py * 1e3:.0f} | {up} | {per_node:.0f}x "
                    )
                if args.plain:
                    rp, t_pl = time_python(js, d, args.python_cap, plain=True)
                    if isinstance(rp, str):
                        row += f"| {rp} | - | - "
                    else:
                        same = python_search.score(rp.value) == es
                        mismatches += not same
                        if same and not note:
                            totals[d][2] += t_rs
                            totals[d][3] += t_pl
                        up = f"{t_pl / t_rs:.0f}x" if same and not note else (note or "scores differ")
                        row += f"| {rp.nodes} | {t_pl * 1e3:.0f} | {up} "
                print(row + "|", flush=True)
    print()
    for d, (rs, py, rs_pl, pl) in totals.items():
        if rs > 0:
            print(f"depth {d}: engine {rs * 1e3:.1f} ms, Python {py:.2f} s over the rows with a speed-up: {py / rs:.0f}x")
        if rs_pl > 0:
            print(f"depth {d}: engine {rs_pl * 1e3:.1f} ms, plain Python {pl:.2f} s over its rows: {pl / rs_pl:.0f}x")
    print(f"score mismatches: {mismatches}")


if __name__ == "__main__":
    main()
