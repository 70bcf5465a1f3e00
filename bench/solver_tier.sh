#!/usr/bin/env bash
# The solver's 10 s tier (docs/benchmarks/solver.md), run as a queue of
# chunks that one worker per core takes in turn, so a run of many hours can
# stop and go on across days, and the machine can be borrowed meanwhile
# without a position being timed on a shared core.
#
#   bench/solver_tier.sh plan VARIANT FROM TO STEP >> "$QUEUE"   # chunks "VARIANT FROM TO"
#   bench/solver_tier.sh work CORE &      # take chunks until the queue is empty
#   touch "$PAUSE"; ...; rm "$PAUSE"      # every worker waits before its next position
#   bench/solver_tier.sh retire CORE      # stop that worker; the rest of its chunk goes back to the queue's head
#
# Each chunk writes bench/data/solver-10s-$TAG-VARIANT-FROM.txt (a retired
# one is renamed -FROM-NEXT.txt: positions FROM..NEXT); `bench/solver_table.py`
# merges them. Why a queue and not one process per core: the variants
# differ tenfold in cost (Isolo and Ikibuguzo's quick proofs against
# 20 s a position in igisoro-wikipedia), so fixed halves end hours apart.
#
# Environment: BIN (the `solve` binary; copy it out of target/ first, so
# a rebuild cannot change it mid-run), QUEUE, PAUSE, TAG (the logs' date),
# LOG (the workers' start/stop lines).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-/tmp/solve-tier}
QUEUE=${QUEUE:-/tmp/solver-tier-queue.txt}
PAUSE=${PAUSE:-/tmp/solve-pause}
TAG=${TAG:-$(date -u +%F)}
LOG=${LOG:-/tmp/solver-tier.log}

case "${1:-}" in
  plan)
    variant=$2 from=$3 to=$4 step=$5
    for ((k = from; k < to; k += step)); do
      echo "$variant $k $((k + step < to ? k + step : to))"
    done
    ;;
  work)
    core=$2
    while true; do
      chunk=$(flock "$QUEUE.lock" sh -c "head -n 1 '$QUEUE'; sed -i 1d '$QUEUE'")
      [ -z "$chunk" ] && break
      read -r variant from to <<< "$chunk"
      echo "$(date -u +%FT%TZ) core $core start $variant $from $to" >> "$LOG"
      taskset -c "$core" "$BIN" --positions 1000 --positions-long 1000 --times 10000 --from "$from" --to "$to" \
        --variants "$variant" --pause-file "$PAUSE" > "bench/data/solver-10s-$TAG-$variant-$from.txt" 2>&1
      echo "$(date -u +%FT%TZ) core $core done $variant $from $to" >> "$LOG"
    done
    ;;
  retire)
    core=$2
    worker=$(pgrep -f "solver_tier.sh work $core\$") || { echo "no worker on core $core" >&2; exit 1; }
    solver=$(pgrep -P "$worker" -f -- "--pause-file") || true
    kill "$worker"
    [ -z "$solver" ] && exit 0
    args=$(ps -o args= -p "$solver")
    kill "$solver"
    variant=$(sed 's/.*--variants \([^ ]*\).*/\1/' <<< "$args")
    from=$(sed 's/.*--from \([0-9]*\).*/\1/' <<< "$args")
    to=$(sed 's/.*--to \([0-9]*\).*/\1/' <<< "$args")
    log=bench/data/solver-10s-$TAG-$variant-$from.txt
    # The position in progress printed nothing: the chunk goes on from it.
    last=$(grep -o "^$variant #[0-9]*" "$log" | tail -n 1 | sed 's/.*#//') || true
    next=$((${last:-$((from - 1))} + 1))
    mv "$log" "bench/data/solver-10s-$TAG-$variant-$from-$next.txt"
    if [ "$next" -lt "$to" ]; then
      flock "$QUEUE.lock" sh -c "{ echo '$variant $next $to'; cat '$QUEUE'; } > '$QUEUE.new' && mv '$QUEUE.new' '$QUEUE'"
    fi
    echo "$(date -u +%FT%TZ) core $core retired: $variant $from..$next done, $next..$to queued" | tee -a "$LOG"
    ;;
  *)
    sed -n '2,21p' "$0" >&2
    exit 2
    ;;
esac
