"""The solver page's table from the per-position lines of one or more
`solve` logs (a run split over processes with `--from` writes several).

Each line `VARIANT #I MSms: solver R (T ms) search R (T ms) [carried ...] | POS`
is one position at one time; `R` is `winN`, `lossN` or `-`. The columns are
those `solve` prints itself (its `Tally`), so a log read alone gives the same
rows as the log's own table. A position measured twice (overlapping runs)
is an error, not counted twice.

    python bench/solver_table.py bench/data/solver-1000-*.txt
    python bench/solver_table.py SOLVER_ONLY_LOGS --search-from SEARCH_LOGS
    python bench/solver_table.py ONE_S_LOGS TEN_S_LOG@10000   # LOG@MS: only that time's lines
    python bench/solver_table.py --todo MS N VARIANT,... LOGS  # the tier's queue for what is left
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict

LINE = re.compile(r"^(?P<v>\S+) #(?P<i>\d+) (?P<ms>\d+)ms: solver (?P<s>\S+) \((?P<st>\d+) ms\) "
                  r"search (?P<a>\S+) \((?P<at>\d+) ms\)(?P<rest>[^|]*)\|")
ORDER = ["igisoro", "igisoro-wikipedia", "igisoro-fr", "ikibuguzo-1", "ikibuguzo-2", "isolo"]


def parse(result: str) -> tuple[bool | None, int | None]:
    """`win12` -> (True, 12), `loss3` -> (False, 3), `-` -> (None, None)."""
    m = re.fullmatch(r"(win|loss)(\d+)", result)
    return (None, None) if m is None else (m.group(1) == "win", int(m.group(2)))


def read(paths: list[str]) -> dict[tuple[str, int, int], dict[str, str]]:
    """The per-position lines of `paths` by (variant, index, ms). A path
    `LOG@MS` reads only that log's lines at MS: a log of both tiers (the
    10 s tier's first 80 positions) merges with 1 s logs of the same
    positions without its 1 s lines being read twice."""
    lines: dict[tuple[str, int, int], dict[str, str]] = {}
    for spec in paths:
        m_spec = re.fullmatch(r"(.*)@(\d+)", spec)
        path, only_ms = (m_spec[1], int(m_spec[2])) if m_spec else (spec, None)
        with open(path) as f:
            for line in f:
                m = LINE.match(line)
                if m is None or (only_ms is not None and int(m["ms"]) != only_ms):
                    continue
                key = (m["v"], int(m["i"]), int(m["ms"]))
                if key in lines:
                    raise SystemExit(f"{path}: {m['v']} #{m['i']} at {m['ms']} ms measured twice")
                lines[key] = m.groupdict()
    return lines


def todo(ms: int, n: int, variants: list[str], paths: list[str]) -> None:
    """Print the `bench/solver_tier.sh plan` commands for the positions
    0..n-1 of each variant that no log holds at `ms`, in chunks of at most
    100, so a new session queues exactly what is left."""
    have = {(v, i) for (v, i, t) in read(paths) if t == ms}
    for v in variants:
        missing = [i for i in range(n) if (v, i) not in have]
        start = None
        for k, i in enumerate(missing):
            if start is None:
                start = i
            last = k + 1 == len(missing) or missing[k + 1] != i + 1 or i + 1 - start == 100
            if last:
                print(f"bench/solver_tier.sh plan {v} {start} {i + 1} 100")
                start = None


def main(argv: list[str]) -> None:
    if argv[:1] == ["--todo"]:
        todo(int(argv[1]), int(argv[2]), argv[3].split(","), argv[4:])
        return
    # `--search-from LOG...` (after the logs): the alpha-beta column comes
    # from those logs instead (a solver-only run, `solve --no-search`,
    # against a search that did not change); positions they lack at the
    # times they hold are dropped.
    paths, search = argv, []
    if "--search-from" in argv:
        k = argv.index("--search-from")
        paths, search = argv[:k], argv[k + 1:]
    lines = read(paths)
    if search:
        # Only the variants and times the reference logs hold are replaced
        # (`LOG@1000` for its 1 s lines alone); other lines keep their own.
        ref = read(search)
        ref_ms = {(v, ms) for (v, _, ms) in ref}
        lines = {k: ({**m, "a": ref[k]["a"], "at": ref[k]["at"]} if (k[0], k[2]) in ref_ms else m)
                 for k, m in lines.items() if (k[0], k[2]) not in ref_ms or k in ref}
    # The shorter time again over only the positions the longer one ran on,
    # so the two tiers compare like for like ("1.0 s, same N").
    longest = {v: max(ms for (w, _, ms) in lines if w == v) for (v, _, _) in lines}
    long_idx = {(v, i) for (v, i, ms) in lines if ms == longest[v]}
    groups: dict[tuple[str, str], list[dict[str, str]]] = defaultdict(list)
    for (v, i, ms), m in sorted(lines.items()):
        groups[(v, f"{ms / 1000:.1f} s")].append(m)
        if ms != longest[v] and (v, i) in long_idx:
            n = sum(1 for (w, _) in long_idx if w == v)
            groups[(v, f"{ms / 1000:.1f} s, same {n}")].append(m)
    rows: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    solver_ms: dict[tuple[str, str], list[int]] = defaultdict(list)
    for group, ms_lines in groups.items():
        for m in ms_lines:
            (s, s_turns), (a, a_turns) = parse(m["s"]), parse(m["a"])
            t = rows[group]
            t["n"] += 1
            t["solver"] += s is not None
            t["search"] += a is not None
            if s is not None:
                solver_ms[group].append(int(m["st"]))
            if s is not None and a is not None:
                t["both"] += 1
                t["contradict"] += s != a
                t["longer"] += s == a and s_turns is not None and a_turns is not None and s_turns > a_turns
            elif s is not None:
                t["solver_only"] += 1
            elif a is not None:
                t["search_only"] += 1
    print("| variant | time | positions | proven by the solver | win/loss from alpha-beta | both | solver only "
          "| alpha-beta only | contradictions | solver's proof longer | solver's median time to a proof |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (v, tier) in sorted(rows, key=lambda k: (ORDER.index(k[0]) if k[0] in ORDER else 99, float(k[1].split()[0]),
                                                  "same" in k[1])):
        t = rows[(v, tier)]
        pct = lambda k: 100.0 * t[k] / max(t["n"], 1)  # noqa: E731
        times = sorted(solver_ms[(v, tier)])
        med = f"{times[len(times) // 2]} ms" if times else "-"
        print(f"| {v} | {tier} | {t['n']} | {pct('solver'):.1f}% | {pct('search'):.1f}% | {t['both']} "
              f"| {t['solver_only']} | {t['search_only']} | {t['contradict']} | {t['longer']} | {med} |")


if __name__ == "__main__":
    main(sys.argv[1:])
