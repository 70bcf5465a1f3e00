#!/usr/bin/env bash
# The gettext catalogs (docs/TRANSLATING.md), by pybabel (Babel): the
# service's (service/, domain messages) and the CLI's (python/, domain
# igisoro); each command does both.
#
#   scripts/i18n.sh extract   # the code's strings -> messages.pot, igisoro.pot
#   scripts/i18n.sh update    # each template merged into its .po files
#   scripts/i18n.sh compile   # every .po -> .mo (committed)
#   scripts/i18n.sh init LANG # a new language's .po files
#   scripts/i18n.sh all       # extract, update, compile
#
# Runs in ./.venv (scripts/bootstrap.sh installs Babel with the service).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PYBABEL=${PYBABEL:-$ROOT/.venv/bin/pybabel}
PYTHON=${PYTHON:-$ROOT/.venv/bin/python}

# One catalog: its folder (where babel.cfg is), translations directory
# and domain; set by `catalog` before each step.
catalog() { cd "$ROOT/$1"; DIR=$2; DOMAIN=$3; POT=$DIR/$DOMAIN.pot; }
each() {
  local step=$1
  catalog service igisoro_service/translations messages && "$step"
  catalog python igisoro/translations igisoro && "$step"
}

extract() {
  # No locations or dates: the template changes only when a string does,
  # and the test that holds it to the code compares it whole.
  "$PYBABEL" --quiet extract -F babel.cfg -k lazy_gettext -k _l -k N_ -k Np_:1,2 --no-location --sort-output \
    --omit-header -o "$POT" .
}
update() {
  # pybabel update rewrites the "#." comments from the template: the review
  # marks are put back (scripts/i18n_marks.py).
  local old
  old=$(mktemp -d)
  for po in "$DIR"/*/LC_MESSAGES/"$DOMAIN".po; do
    mkdir -p "$old/$(dirname "$po")" && cp "$po" "$old/$po"
  done
  "$PYBABEL" --quiet update -D "$DOMAIN" -i "$POT" -d "$DIR" --no-fuzzy-matching --ignore-obsolete \
    --ignore-pot-creation-date
  for po in "$DIR"/*/LC_MESSAGES/"$DOMAIN".po; do
    "$PYTHON" "$ROOT/scripts/i18n_marks.py" "$old/$po" "$po"
  done
  rm -rf "$old"
}
compile() { "$PYBABEL" --quiet compile -D "$DOMAIN" -d "$DIR" --statistics; }
init() {
  # pybabel init overwrites: a catalog that exists already is left alone.
  if [ -e "$DIR/$LANG_CODE/LC_MESSAGES/$DOMAIN.po" ]; then
    echo "i18n.sh: $DIR/$LANG_CODE/LC_MESSAGES/$DOMAIN.po exists; left as it is" >&2
  else
    "$PYBABEL" init -D "$DOMAIN" -i "$POT" -d "$DIR" -l "$LANG_CODE"
  fi
}

case "${1:-}" in
  extract) each extract ;;
  update) each update ;;
  compile) each compile ;;
  init) LANG_CODE=${2:?usage: $0 init LANG}; each init ;;
  all) each extract; each update; each compile ;;
  *) sed -n '2,11p' "$0" >&2; exit 2 ;;
esac
