#!/usr/bin/env bash
# Command 2 of the README: install everything, then run every test:
# the Rust suite (cargo test, no Python needed), the Python suite (pytest,
# including the service and the reference oracle), the stub check, and the
# Rust style gates (rustfmt, clippy with warnings as errors).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/system-deps.sh
./scripts/bootstrap.sh test
. .venv/bin/activate
cargo fmt --all --check
cargo clippy --release --workspace --all-targets -q -- -D warnings
# The extension as it ships: no `internals`, the `python` feature on.
cargo clippy --release -p igisoro-core --features python -q -- -D warnings
cargo test --release --workspace
python -m mypy.stubtest igisoro._igisoro --allowlist tests/stubtest-allowlist.txt
python -m mypy -p igisoro -p igisoro_service
python -m mypy service/__init__.py
ruff check python service tests bench
python -m pytest
