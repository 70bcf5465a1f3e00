#!/usr/bin/env bash
# Command 1 of the README: install everything, then serve the API on
# http://127.0.0.1:8000 with gunicorn (settings in gunicorn.conf.py,
# overridable by environment variables, see service/CONFIG.md).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/bootstrap.sh serve
# Several workers: prometheus-client must sum their counts from one shared
# directory, or /metrics alternates between workers' own numbers.
export PROMETHEUS_MULTIPROC_DIR=${PROMETHEUS_MULTIPROC_DIR:-${TMPDIR:-/tmp}/igisoro-metrics-$(id -u)}
exec .venv/bin/gunicorn -c gunicorn.conf.py 'igisoro_service:create_app()'
