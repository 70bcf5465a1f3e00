#!/usr/bin/env bash
# Install everything the project needs into ./.venv and build the Rust
# extension into it. Idempotent: a second run only rebuilds what changed.
# Needs only the base toolchain: cargo/rustc and CPython >= 3.11 with venv.
set -euo pipefail
cd "$(dirname "$0")/.."

# The test command's style gates need rustfmt and clippy; a minimal rustup
# profile lacks them (a no-op when they are installed).
if command -v rustup >/dev/null 2>&1; then
  rustup component add rustfmt clippy >/dev/null 2>&1 || true
fi

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
. .venv/bin/activate
python -m pip install -q --upgrade pip
# The service and test extras come from pyproject.toml (the library itself
# has no dependencies); maturin
# builds the PyO3 module in release mode and installs the package editable.
python -m pip install -q "maturin>=1.5,<2"
maturin develop -q --release --extras service,test
