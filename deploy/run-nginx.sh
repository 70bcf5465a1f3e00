#!/usr/bin/env bash
# Run nginx in the foreground in front of gunicorn, with the repository's
# config (deploy/nginx/igisoro.conf.template).
#
#   deploy/run-nginx.sh LISTEN UPSTREAM [PREFIX]
#   deploy/run-nginx.sh 0.0.0.0:80 unix:/run/igisoro/gunicorn.sock /var/lib/igisoro-nginx
#   deploy/run-nginx.sh 127.0.0.1:8080 127.0.0.1:8000        # a temp prefix
#
# PREFIX holds the rendered config, temp files, pid and logs. Started as
# root, the workers run as nobody (the master only binds the port).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
listen=${1:?usage: run-nginx.sh LISTEN UPSTREAM [PREFIX]}
upstream=${2:?usage: run-nginx.sh LISTEN UPSTREAM [PREFIX]}
prefix=${3:-$(mktemp -d "${TMPDIR:-/tmp}/igisoro-nginx.XXXXXX")}
mkdir -p "$prefix/errors"
cp "$here"/nginx/errors/*.json "$prefix/errors/"
chmod -R a+rX "$prefix"
user=""
if [ "$(id -u)" = 0 ]; then user="user nobody nogroup;"; fi
sed -e "s|@LISTEN@|$listen|g" -e "s|@UPSTREAM@|$upstream|g" -e "s|@PREFIX@|$prefix|g" \
    -e "s|@ERRORS@|$prefix/errors|g" -e "s|@USER@|$user|g" \
    "$here/nginx/igisoro.conf.template" > "$prefix/nginx.conf"
nginx=$(command -v nginx || echo /usr/sbin/nginx)
exec "$nginx" -p "$prefix" -c "$prefix/nginx.conf"
