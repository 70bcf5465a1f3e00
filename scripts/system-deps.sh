#!/usr/bin/env bash
# Debian packages for the tests that run the service as it is deployed:
# nginx (the buffering proxy in front of gunicorn), redis-server (the job
# broker at scale), chromium + chromium-driver (the browser board tests),
# iproute2 (network namespaces for the two-host job test), procps (pgrep:
# the job tests find a worker's pool processes to kill), postgresql (the
# puzzle database's server, started by tests/puzzles/conftest.py).
# Installs only what is missing; needs root (CI runs as root). Called by
# .ci/run and scripts/test.sh; a no-op when everything is present.
set -euo pipefail
need=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
command -v ip >/dev/null 2>&1 || need+=(iproute2)
command -v curl >/dev/null 2>&1 || need+=(curl)
command -v pgrep >/dev/null 2>&1 || need+=(procps)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "system-deps: missing ${need[*]}; install them as root (apt-get install ${need[*]})" >&2
  exit 1
fi
echo "system-deps: installing ${need[*]} from Debian's packages" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
