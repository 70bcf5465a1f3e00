#!/usr/bin/env bash
# The solver's 10 s tier (docs/benchmarks/solver.md), run as a queue of
# chunks that one worker per core takes in turn, so a run of many hours can
# stop and go on across days, and the machine can be borrowed meanwhile
# without a position being timed on a shared core.
#
#   bench/solver_tier.sh plan VARIANT FROM TO STEP   # add chunks "VARIANT FROM TO" to the queue
#   bench/solver_tier.sh work CORE &      # take chunks until the queue is empty
#   touch "$PAUSE"; ...; rm "$PAUSE"      # every worker waits before its next position
#   bench/solver_tier.sh retire CORE      # stop that worker; the rest of its chunk goes back to the queue's head
#
# Each chunk writes bench/data/solver-10s-DATE-VARIANT-FROM.txt, DATE the
# day it starts (a retired one is renamed ...-FROM-NEXT.txt: positions
# FROM..NEXT); `bench/solver_table.py` merges them. Why a queue and not one
# process per core: the variants differ tenfold in cost (Ikibuguzo's quick
# proofs against 20 s a position in igisoro-wikipedia), so fixed halves
# end hours apart.
#
# Environment: BIN (the `solve` binary; copy it out of target/ first, so
# a rebuild cannot change it mid-run), QUEUE, PAUSE, LOG (the workers'
# start/stop lines).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-/tmp/solve-tier}
QUEUE=${QUEUE:-/tmp/solver-tier-queue.txt}
PAUSE=${PAUSE:-/tmp/solve-pause}
LOG=${LOG:-/tmp/solver-tier.log}

case "${1:-}" in
  plan)
    variant=$2 from=$3 to=$4 step=$5
    [ "$step" -gt 0 ] || { echo "STEP must be positive" >&2; exit 2; }
    touch "$QUEUE"
    for ((k = from; k < to; k += step)); do
      echo "$variant $k $((k + step < to ? k + step : to))"
    done | flock "$QUEUE.lock" tee -a "$QUEUE" > /dev/null
    ;;
  work)
    core=$2
    while true; do
      # The first non-blank line, taken off under the lock.
      chunk=$(Q=$QUEUE flock "$QUEUE.lock" sh -c 'grep -m 1 . "$Q"; sed -i "0,/./{/./d}" "$Q"') || true
      [ -z "$chunk" ] && break
      read -r variant from to <<< "$chunk"
      out="bench/data/solver-10s-$(date -u +%F)-$variant-$from.txt"
      echo "$(date -u +%FT%TZ) core $core start $variant $from $to $out" >> "$LOG"
      if taskset -c "$core" "$BIN" --positions 1000 --positions-long 1000 --times 10000 --from "$from" --to "$to" \
        --variants "$variant" --pause-file "$PAUSE" > "$out" 2>&1; then
        echo "$(date -u +%FT%TZ) core $core done $variant $from $to" >> "$LOG"
      else
        echo "$(date -u +%FT%TZ) core $core FAILED $variant $from $to (see $out)" >> "$LOG"
      fi
    done
    ;;
  retire)
    core=$2
    # The oldest match is the worker itself (its command substitutions are
    # short-lived copies of it).
    worker=$(pgrep -o -f "solver_tier.sh work $core\$") || { echo "no worker on core $core" >&2; exit 1; }
    solver=$(pgrep -P "$worker" -f -- "--pause-file") || true
    kill "$worker"
    [ -z "$solver" ] && exit 0
    args=$(ps -o args= -p "$solver")
    log=$(readlink "/proc/$solver/fd/1")
    kill "$solver"
    variant=$(sed 's/.*--variants \([^ ]*\).*/\1/' <<< "$args")
    from=$(sed 's/.*--from \([0-9]*\).*/\1/' <<< "$args")
    to=$(sed 's/.*--to \([0-9]*\).*/\1/' <<< "$args")
    # The position in progress printed nothing: the chunk goes on from it.
    last=$(grep -o "^$variant #[0-9]*" "$log" | tail -n 1 | sed 's/.*#//') || true
    next=$((${last:-$((from - 1))} + 1))
    if [ "$next" -lt "$to" ]; then
      Q=$QUEUE L="$variant $next $to" flock "$QUEUE.lock" sh -c '{ echo "$L"; cat "$Q"; } > "$Q.new" && mv "$Q.new" "$Q"'
      echo "$(date -u +%FT%TZ) core $core retired: $variant $from..$next done, $next..$to queued" | tee -a "$LOG"
    else
      echo "$(date -u +%FT%TZ) core $core retired: $variant $from..$next done" | tee -a "$LOG"
    fi
    mv "$log" "${log%.txt}-$next.txt"
    ;;
  *)
    sed -n '2,21p' "$0" >&2
    exit 2
    ;;
esac
