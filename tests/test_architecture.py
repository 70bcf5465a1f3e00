"""Issue 40: the layout holds what ``docs/ARCHITECTURE.md`` says of it.

One clock: every deadline of an engine call is the core's (``budget.rs``),
so the Python library reads no wall clock to share one out. Only the command
line reads one, to show its progress and summary lines and to wait between
polls, never to bound the engine's work.
"""

from __future__ import annotations

import ast
import pathlib

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "python" / "igisoro"

#: Wall clocks: what deadline arithmetic would read.
CLOCKS = {"monotonic", "monotonic_ns", "time", "time_ns", "perf_counter", "perf_counter_ns"}

#: The files that may read one, each with why (paths relative to the package).
ALLOWED = {
    "cli/progress.py": "the progress display: rate and time left",
    "cli/__init__.py": "igisoro analyse's summary line: items per second",
    "cli/puzzles.py": "igisoro puzzles generate's summary line",
    "cli/interrupts.py": "the wait between a job's polls, cut short by Ctrl-C",
}


def clock_reads(tree: ast.AST) -> list[int]:
    """Lines where ``tree`` reads a wall clock: ``time.<clock>(...)``, or a
    clock imported by name from ``time``."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "time" and node.attr in CLOCKS:
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module == "time":
            if any(a.name in CLOCKS for a in node.names):
                lines.append(node.lineno)
    return lines


def test_clock_reads_are_found() -> None:
    found = clock_reads(ast.parse("import time\nfrom time import monotonic\nx = time.time()\ny = time.process_time()\n"))
    assert found == [2, 3]


def test_no_clock_in_python_package() -> None:
    reading: dict[str, list[int]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = clock_reads(ast.parse(path.read_text(), str(path)))
        if lines:
            reading[path.relative_to(PACKAGE).as_posix()] = lines
    unexpected = {f: lines for f, lines in reading.items() if f not in ALLOWED}
    assert not unexpected, f"a clock read in python/igisoro/ (the core's budget.rs holds deadlines): {unexpected}"
    # The allowance stays as narrow as what uses it.
    assert set(ALLOWED) == set(reading), set(ALLOWED) ^ set(reading)


def test_every_bench_binary_is_listed_without_a_test_harness() -> None:
    """bench/Cargo.toml lists its binaries (``autobins = false``) with
    ``test = false``, so ``cargo test`` builds no empty test harness of each;
    a file added to bench/src/bin and not listed would never be built."""
    import tomllib

    bench = PACKAGE.parents[1] / "bench"
    listed = {b["path"]: b.get("test", True) for b in tomllib.loads((bench / "Cargo.toml").read_text())["bin"]}
    files = {f"src/bin/{f.name}" for f in (bench / "src" / "bin").glob("*.rs")}
    assert set(listed) == files
    assert not any(listed.values()), "a bench binary with a test harness"
