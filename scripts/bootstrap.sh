#!/usr/bin/env bash
# Install what the project needs into ./.venv and build the Rust extension
# into it. Idempotent: a second run only rebuilds what changed.
# Needs only the base toolchain: cargo/rustc and CPython >= 3.11 with venv.
#
#   scripts/bootstrap.sh serve   # the library and the service (serve.sh)
#   scripts/bootstrap.sh test    # the same plus the test tools (test.sh; the default)
#
# Quiet on success: one line per step; the full output of a failing step is
# kept in .venv/bootstrap.log and its end is printed.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-test}" in
  serve) extras= ;;
  test) extras=test ;;
  *) echo "usage: $0 [serve|test]" >&2; exit 2 ;;
esac

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
# Activated, so every tool installs into this .venv (maturin follows
# VIRTUAL_ENV, which a caller's own activated environment would otherwise set).
. .venv/bin/activate
log=.venv/bootstrap.log
: > "$log"

step() {
  local what=$1; shift
  printf 'bootstrap: %s ... ' "$what"
  local t0=$SECONDS
  if "$@" >>"$log" 2>&1; then
    echo "done ($((SECONDS - t0)) s)"
  else
    echo "FAILED; the end of $log:"
    tail -n 40 "$log" >&2
    exit 1
  fi
}

if [ "$extras" = test ] && command -v rustup >/dev/null 2>&1; then
  # The test command's style gates need rustfmt and clippy; a minimal
  # rustup profile lacks them (a no-op when they are installed).
  step "rustfmt and clippy" bash -c 'rustup component add rustfmt clippy || true'
fi
# uv installs the Python packages below: the same packages from the same
# index as pip, resolved and unpacked in a few seconds instead of about a
# minute (pip was a third of a fresh clone's bootstrap). Unlike pip, uv
# leaves the bytecode to be compiled at first import; compiled here instead,
# since every server and worker process the tests start imports the web
# stack, and with PYTHONDONTWRITEBYTECODE set each would compile it again.
export UV_COMPILE_BYTECODE=1
step "pip, maturin and uv" .venv/bin/python -m pip install -q --upgrade pip "maturin>=1.5,<2" "uv>=0.4"
# maturin builds the PyO3 module in release mode (the long step on a first
# run: a minute or two) and installs the library editable, with the test tools
# for `test` (the library itself has no dependencies).
if [ -n "$extras" ]; then
  step "the Rust extension and the [$extras] dependencies (first run: a minute or two)" \
    .venv/bin/maturin develop --uv --release --extras "$extras"
else
  step "the Rust extension (first run: a minute or two)" .venv/bin/maturin develop --uv --release
fi
# The HTTP service is its own distribution (service/pyproject.toml), installed
# editable over the library just built; its dependencies are the web stack.
# compat mode: a plain path entry, which mypy and every tool follow.
step "the service (igisoro_service) and its dependencies" \
  .venv/bin/uv pip install -q -e ./service -C editable_mode=compat
if [ "$extras" = test ]; then
  # What the tests and the bench scripts share (server launchers, HTTP and
  # browser helpers, the reference oracle): the package igisoro_testing in
  # tests/support, importable with no sys.path edit.
  step "the test helpers (igisoro_testing)" \
    .venv/bin/uv pip install -q -e ./tests/support -C editable_mode=compat
fi
