#!/usr/bin/env bash
# The service's gettext catalogs (docs/TRANSLATING.md), by pybabel (Babel):
#
#   scripts/i18n.sh extract   # the code's strings -> translations/messages.pot
#   scripts/i18n.sh update    # the template merged into every messages.po
#   scripts/i18n.sh compile   # every messages.po -> messages.mo (committed)
#   scripts/i18n.sh init LANG # a new language's messages.po
#   scripts/i18n.sh all       # extract, update, compile
#
# Runs in ./.venv (scripts/bootstrap.sh installs Babel with the service).
set -euo pipefail
cd "$(dirname "$0")/../service"
PYBABEL=${PYBABEL:-../.venv/bin/pybabel}
DIR=igisoro_service/translations
POT=$DIR/messages.pot

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
  for po in "$DIR"/*/LC_MESSAGES/messages.po; do
    mkdir -p "$old/$(dirname "$po")" && cp "$po" "$old/$po"
  done
  "$PYBABEL" --quiet update -i "$POT" -d "$DIR" --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date
  for po in "$DIR"/*/LC_MESSAGES/messages.po; do
    "${PYTHON:-../.venv/bin/python}" ../scripts/i18n_marks.py "$old/$po" "$po"
  done
  rm -rf "$old"
}
compile() { "$PYBABEL" --quiet compile -d "$DIR" --statistics; }

case "${1:-}" in
  extract) extract ;;
  update) update ;;
  compile) compile ;;
  init) "$PYBABEL" init -i "$POT" -d "$DIR" -l "${2:?usage: $0 init LANG}" ;;
  all) extract; update; compile ;;
  *) sed -n '2,9p' "$0" >&2; exit 2 ;;
esac
