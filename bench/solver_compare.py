"""Two solver runs over the same positions, side by side, and each against the
alpha-beta search of a reference log.

Reads `solve` logs (the per-position lines `VARIANT #I MSms: solver R (T ms)
search R (T ms) ... [check ok] | POS`), keeps one time (`--ms`, default 1000),
and prints per variant: positions both runs measured, each run's share proven,
positions proven by one run only, opposite results (a bug in one of them),
proofs the independent check confirmed or refuted, the median time to a proof
and the median proof length (turns); with `--search LOG...` also the share of
those positions the alpha-beta search proved in that log (same time) and how
many of its results each run missed.

    python bench/solver_compare.py --a bench/data/solver-short-2026-11-25-single.txt \\
        --b bench/data/solver-short-2026-11-25-new.txt \\
        --search bench/data/solver-1000-2026-11-25-a.txt bench/data/solver-1000-2026-11-25-b.txt
"""

from __future__ import annotations

import argparse
import re
from statistics import median

from solver_table import LINE, ORDER
from solver_table import parse as result


def read(paths: list[str], ms: int) -> dict[tuple[str, int], re.Match[str]]:
    """The lines at `ms` by (variant, index); a position twice is an error."""
    out: dict[tuple[str, int], re.Match[str]] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                m = LINE.match(line)
                if m is None or int(m["ms"]) != ms:
                    continue
                key = (m["v"], int(m["i"]))
                if key in out:
                    raise SystemExit(f"{path}: {key} measured twice")
                out[key] = m
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", nargs="+", required=True, help="logs of run A")
    ap.add_argument("--b", nargs="+", required=True, help="logs of run B")
    ap.add_argument("--search", nargs="*", default=[], help="logs whose alpha-beta column is the reference")
    ap.add_argument("--ms", type=int, default=1000)
    args = ap.parse_args()
    a, b = read(args.a, args.ms), read(args.b, args.ms)
    ref = read(args.search, args.ms) if args.search else {}
    head = ("| variant | positions | A proven | B proven | A only | B only | opposite | checks ok (A / B) "
            "| checks failed | A median ms | B median ms | A median turns | B median turns |")
    if ref:
        head += " alpha-beta proven | alpha-beta's results A misses | B misses | opposite to alpha-beta |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for v in sorted({k[0] for k in a} & {k[0] for k in b}, key=lambda v: ORDER.index(v) if v in ORDER else 99):
        keys = sorted(k for k in a if k[0] == v and k in b and (not ref or k in ref))
        n = len(keys)
        ra = [result(a[k]["s"]) for k in keys]
        rb = [result(b[k]["s"]) for k in keys]
        pa = sum(x[0] is not None for x in ra)
        pb = sum(x[0] is not None for x in rb)
        a_only = sum(x[0] is not None and y[0] is None for x, y in zip(ra, rb))
        b_only = sum(x[0] is None and y[0] is not None for x, y in zip(ra, rb))
        opposite = sum(x[0] is not None and y[0] is not None and x[0] != y[0] for x, y in zip(ra, rb))
        ok_a = sum("check ok" in a[k]["rest"] for k in keys)
        ok_b = sum("check ok" in b[k]["rest"] for k in keys)
        failed = sum("check FAILED" in a[k]["rest"] or "check FAILED" in b[k]["rest"] for k in keys)
        ms_a = [int(a[k]["st"]) for k, x in zip(keys, ra) if x[0] is not None]
        ms_b = [int(b[k]["st"]) for k, y in zip(keys, rb) if y[0] is not None]
        t_a = [x[1] for x in ra if x[1] is not None]
        t_b = [y[1] for y in rb if y[1] is not None]
        med = lambda xs: f"{median(xs):g}" if xs else "-"  # noqa: E731
        pct = lambda k: f"{100.0 * k / max(n, 1):.1f}%"  # noqa: E731
        row = (f"| {v} | {n} | {pct(pa)} | {pct(pb)} | {a_only} | {b_only} | {opposite} | {ok_a} / {ok_b} | {failed} "
               f"| {med(ms_a)} | {med(ms_b)} | {med(t_a)} | {med(t_b)} |")
        if ref:
            rs = [result(ref[k]["a"]) for k in keys]
            ps = sum(x[0] is not None for x in rs)
            miss_a = sum(s[0] is not None and x[0] is None for s, x in zip(rs, ra))
            miss_b = sum(s[0] is not None and y[0] is None for s, y in zip(rs, rb))
            against = sum(s[0] is not None and x[0] is not None and s[0] != x[0] for s, x in zip(rs, ra))
            against += sum(s[0] is not None and y[0] is not None and s[0] != y[0] for s, y in zip(rs, rb))
            row += f" {pct(ps)} | {miss_a} | {miss_b} | {against} |"
        print(row)


if __name__ == "__main__":
    main()
