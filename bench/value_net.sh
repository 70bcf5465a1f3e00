#!/usr/bin/env bash
# The value network's whole pipeline (issue 31; see bench/value_net.py):
# seeded self-play data under three rule sets, exported as training rows,
# then the network trained and written to rust_core/data/value_net.txt with
# its test cases. Deterministic: the same commit gives the same file.
# Usage: bash bench/value_net.sh [work dir, default /tmp/nn]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/nn}
mkdir -p "$out"
cargo build --release -q -p igisoro-bench --bin evalfit
gen() { ${CARGO_TARGET_DIR:-target}/release/evalfit gen --label-depth 3 --label-nodes 100000 --eval engine "$@"; }
gen --rules bot --games 20000 --seed 5000000 --out "$out/bot.tsv"
gen --rules baseline --games 10000 --seed 6000000 --out "$out/baseline.tsv"
gen --rules igisoro --games 6000 --max-depth 3 --play-nodes 200000 --search-s 5 --seed 7000000 --out "$out/igisoro.tsv"
${CARGO_TARGET_DIR:-target}/release/evalfit export --data "$out/bot.tsv,$out/baseline.tsv,$out/igisoro.tsv" --out "$out/rows.tsv"
python bench/value_net.py train --rows "$out/rows.tsv"
