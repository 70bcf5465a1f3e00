#!/usr/bin/env bash
# The value network's whole pipeline (issues 31 and 41; see bench/value_net.py):
# seeded self-play data under every 4x8 rule set the engine plays (the
# variants, and the baseline's and the bot's rules), each position labelled
# by searches two and three turns deeper and by the game's result; exported as
# training rows; then the network trained and written to
# rust_core/data/value_net.txt with its test cases. Deterministic: the same
# commit gives the same file (the generators are seeded; JOBS only changes
# how many run at once).
# Usage: bash bench/value_net.sh [work dir, default /tmp/nn]   (JOBS=2 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/nn}
jobs=${JOBS:-2}
mkdir -p "$out"
cargo build --release -q -p igisoro-bench --bin evalfit
evalfit=${CARGO_TARGET_DIR:-target}/release/evalfit
# name, then gen's options (games, seeds and play settings per rule set).
specs=(
  "bot --rules bot --games 20000 --seed 5000000"
  "baseline --rules baseline --games 10000 --seed 6000000"
  "igisoro --rules igisoro --games 12000 --max-depth 3 --play-nodes 200000 --search-s 5 --seed 7000000"
  "igisoro-wikipedia --rules igisoro-wikipedia --games 500 --max-depth 3 --play-nodes 200000 --search-s 5 --seed 8000000"
  "igisoro-fr --rules igisoro-fr --games 500 --max-depth 3 --play-nodes 200000 --search-s 5 --seed 8100000"
  "ikibuguzo-1 --rules ikibuguzo-1 --games 15000 --max-depth 3 --play-nodes 200000 --search-s 5 --seed 8200000"
  "ikibuguzo-2 --rules ikibuguzo-2 --games 15000 --max-depth 3 --play-nodes 200000 --search-s 5 --seed 8300000"
)
files=()
for spec in "${specs[@]}"; do
  read -r name opts <<<"$spec"
  files+=("$out/$name.tsv")
  [ -s "$out/$name.tsv.done" ] && continue   # resumable: a finished rule set is kept
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  # shellcheck disable=SC2086
  ( "$evalfit" gen --label-depth 3 --label-nodes 100000 --eval engine $opts --out "$out/$name.tsv" >"$out/$name.log" 2>&1 \
      && cp "$out/$name.log" "$out/$name.tsv.done" ) &
done
wait
for f in "${files[@]}"; do [ -s "$f.done" ] || { echo "generation failed: $f (see ${f%.tsv}.log)"; exit 1; }; done
# Each label becomes the mean of its three-turn search and a two-turn one:
# an odd depth alone favours the side to move (evalfit's `relabel` docs).
means=()
for f in "${files[@]}"; do
  m="${f%.tsv}.mean.tsv"
  means+=("$m")
  [ -s "$m.done" ] && continue
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  ( "$evalfit" relabel --data "$f" --depth 2 --out "$m" >"$m.log" 2>&1 && cp "$m.log" "$m.done" ) &
done
wait
for m in "${means[@]}"; do [ -s "$m.done" ] || { echo "relabelling failed: $m (see $m.log)"; exit 1; }; done
"$evalfit" export --data "$(IFS=,; echo "${means[*]}")" --out "$out/rows.tsv"
# The shipped weights' settings: half result, half search; four epochs.
"${PYTHON:-python3}" bench/value_net.py train --rows "$out/rows.tsv" --lam 0.5 --epochs 4
