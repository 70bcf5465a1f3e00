"""Where the test suite's time goes: reads the per-test lines that
``SUITE_TIMELINE=folder`` makes each pytest process write (tests/conftest.py)
and prints each file's total, the slowest tests, and each xdist process's
busy time against its span (idle gaps mean a badly balanced split).

    SUITE_TIMELINE=/tmp/tl python -m pytest -n 2 --dist loadfile -m "not serial"
    python bench/suite_timeline.py /tmp/tl --top 30
"""

from __future__ import annotations

import argparse
import collections
import pathlib


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=pathlib.Path, help="the folder SUITE_TIMELINE named")
    ap.add_argument("--top", type=int, default=25, help="how many files and tests to list")
    args = ap.parse_args()
    rows = []
    for f in sorted(args.folder.glob("*.tsv")):
        for line in f.read_text(encoding="utf-8").splitlines():
            worker, start, secs, node = line.split("\t", 3)
            rows.append((worker, float(start), float(secs), node))
    if not rows:
        raise SystemExit(f"no timeline lines in {args.folder}")
    files: dict[str, list[float]] = collections.defaultdict(list)
    for _, _, secs, node in rows:
        files[node.split("::")[0]].append(secs)
    print(f"{'seconds':>8} {'tests':>5}  file")
    for name, times in sorted(files.items(), key=lambda kv: -sum(kv[1]))[: args.top]:
        print(f"{sum(times):8.1f} {len(times):5d}  {name}")
    print(f"\n{'seconds':>8}  test")
    for _, _, secs, node in sorted(rows, key=lambda r: -r[2])[: args.top]:
        print(f"{secs:8.1f}  {node}")
    print()
    for worker in sorted({r[0] for r in rows}):
        mine = [r for r in rows if r[0] == worker]
        span = max(r[1] + r[2] for r in mine) - min(r[1] for r in mine)
        print(f"{worker}: {len(mine)} tests, busy {sum(r[2] for r in mine):.0f} s of a {span:.0f} s span")


if __name__ == "__main__":
    main()
