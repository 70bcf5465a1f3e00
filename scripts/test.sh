#!/usr/bin/env bash
# Command 2 of the README: install everything, then run every test.
#
#   ./scripts/test.sh          # the whole suite (CI's command, .ci/run)
#   ./scripts/test.sh --quick  # library, core and Flask-client tests only
#
# The whole suite: the Rust style gates (rustfmt, clippy with warnings as
# errors), the Rust suite (cargo test, no Python needed), the stub check,
# mypy, ruff, and the Python suite (pytest: the library, the service through
# Flask's test client, the reference oracle, and the tests against real
# servers on loopback: gunicorn, nginx, Redis, Celery workers, PostgreSQL,
# Chromium). pytest runs on two processes (pytest-xdist), then the tests
# marked `serial` (they measure time) run alone.
#
# --quick: no style gates and no live servers (the tests marked `servers`
# are left out, and Debian's packages are not checked), and a quarter of the
# reference oracles' random play (the whole suite: half; all of it below):
# cargo test and the rest of pytest. A
# couple of minutes on a built tree (1 min 59 s measured); the whole suite
# (11 min 37 s to 12 min 39 s measured on fresh clones: docs/ARCHITECTURE.md,
# "The test suite") before a merge.
#
# Each step prints its time; the total comes last.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=
case "${1:-}" in
  "") ;;
  --quick) quick=1 ;;
  *) echo "usage: $0 [--quick]" >&2; exit 2 ;;
esac

# Python may write bytecode here, even where the caller's environment says
# not to: the suite starts many Python processes (gunicorn and Celery
# workers, the CLI, the wheel's servers) that import the same sources, and
# pytest's rewritten test modules are cached for the second phase.
# (__pycache__ is ignored by git.)
unset PYTHONDONTWRITEBYTECODE

start=$SECONDS
step() {
  local what=$1; shift
  local t0=$SECONDS
  echo "test.sh: $what ..."
  if "$@"; then
    echo "test.sh: $what: done in $((SECONDS - t0)) s"
  else
    local rc=$?
    echo "test.sh: $what: FAILED after $((SECONDS - t0)) s (exit $rc)" >&2
    exit "$rc"
  fi
}

# cargo test in the `test-release` profile (Cargo.toml): the release
# optimisations the perft and oracle tests need, without the link-time
# optimisation every test and bench binary would otherwise redo.
cargo_test=(cargo test --profile test-release --workspace)
# pytest on two processes (pytest-xdist), a test file's tests on one: a
# module fixture (a wheel, a generated client, nginx in front of gunicorn)
# is built once, and the browser and job tests share their session servers.
# (Not --dist loadgroup: with pytest 9.2 its groups are ignored.) The files
# in the order tests/conftest.py gives them, the longest first
# (LONG_FIRST): by default pytest-xdist reorders them by their number of
# tests, and the long files of one or two tests came last.
pytest_parallel=(python -m pytest -n 2 --dist loadfile --no-loadscope-reorder)
# Then the `serial` tests alone; only the files that mark some are
# collected (collecting the whole suite again would take half a minute).
mapfile -t serial_files < <(grep -rlE --include='test_*.py' 'pytest\.mark\.serial' tests)

# Steps that need no step after them begin in the background, so they
# fill a core the foreground leaves idle; `later NAME FUNCTION` starts one
# (its output kept in target/test-sh-NAME.log) and `await NAME` waits for it,
# shows its output and stops the run if it failed.
mkdir -p target
declare -A later_pid
later() {
  "$2" >"target/test-sh-$1.log" 2>&1 &
  later_pid[$1]=$!
}
await() {
  local rc=0
  wait "${later_pid[$1]}" || rc=$?
  cat "target/test-sh-$1.log"
  unset "later_pid[$1]"
  [ "$rc" -eq 0 ] || { echo "test.sh: $1 FAILED (exit $rc)" >&2; exit "$rc"; }
}
# A failure in the foreground must not leave a background step running.
trap 'for p in "${later_pid[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT

# The Rust gates and the Rust tests' build need neither Debian's packages
# nor Python, so they begin at once, beside the system packages and the
# bootstrap. Why: those mostly download and install, and the bootstrap's
# release build of the extension spends its last 45 s or so compiling the
# core on one core (one codegen unit, thin LTO), leaving the other idle
# (measured with cargo --timings). Each cargo here has a target folder or
# profile of its own, so none waits on another's lock.
rust_gates_and_build() {
  if [ -z "$quick" ]; then
    step "rustfmt" cargo fmt --all --check
    step "clippy" cargo clippy --release --workspace --all-targets --target-dir target/clippy -q -- -D warnings
    # The extension as it ships: no `internals`, the `python` feature on. In a
    # target folder of its own: run without maturin's PYO3_* environment, it
    # reruns pyo3's build script in the shared one, and the next maturin build
    # (the wheel test, the next bootstrap) then rebuilt the whole extension.
    step "clippy (the extension)" cargo clippy --release -p igisoro-core --features python \
      --target-dir target/clippy-python -q -- -D warnings
  fi
  step "cargo test: the build" "${cargo_test[@]}" --no-run -q
}
# The Python gates (mypy checks on one core) run beside the Rust tests,
# whose slowest tests leave a core idle at their end.
python_gates() {
  step "stubtest" python -m mypy.stubtest igisoro._igisoro --allowlist tests/stubtest-allowlist.txt
  step "mypy" python -m mypy -p igisoro -p igisoro_service
  step "mypy (the service shim)" python -m mypy service/__init__.py
  step "ruff" ruff check python service tests bench
}

later rust rust_gates_and_build
if [ -z "$quick" ]; then
  step "system packages" ./scripts/system-deps.sh
fi
step "bootstrap" ./scripts/bootstrap.sh test
. .venv/bin/activate
step "the Rust gates and build (begun in the background)" await rust

# The reference oracles' seeded random play (tests/test_oracle*.py): the
# whole suite plays the first half of the same games, the quick tier the
# first quarter (the oracles were a quarter of the parallel phase's time,
# two thirds of the quick tier's). All of it, when the rules or the move
# generation change and before a release (about 2 minutes on one core):
#   ORACLE_SCALE=1 .venv/bin/python -m pytest tests/test_oracle.py tests/test_oracle_isolo.py tests/test_oracle_omweso.py
# (a plain `python -m pytest` plays all of it too; ORACLE_SCALE=1 ./scripts/test.sh).
if [ -n "$quick" ]; then
  export ORACLE_SCALE=${ORACLE_SCALE:-0.25}
  step "cargo test" "${cargo_test[@]}"
  step "pytest, in parallel (no live servers)" "${pytest_parallel[@]}" -m "not servers and not serial"
  step "pytest, the timed tests alone (no live servers)" python -m pytest -m "serial and not servers" "${serial_files[@]}"
else
  export ORACLE_SCALE=${ORACLE_SCALE:-0.5}
  later python python_gates
  step "cargo test" "${cargo_test[@]}"
  step "the Python gates (begun beside cargo test)" await python
  step "pytest, in parallel" "${pytest_parallel[@]}" -m "not serial"
  step "pytest, the timed tests alone" python -m pytest -m serial "${serial_files[@]}"
fi
echo "test.sh: all passed in $((SECONDS - start)) s"
