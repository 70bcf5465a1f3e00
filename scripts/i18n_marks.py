"""Keep the review marks through ``pybabel update`` (scripts/i18n.sh update).

Every translated entry not yet read by a native speaker carries the comment
``#. not yet reviewed by a native speaker`` (docs/TRANSLATING.md). ``#.``
comments are the template's, and ``pybabel update`` rewrites them from it,
so this puts the mark back on each entry that had it before the update, and
on each entry new in it (nobody has reviewed those yet).

    python scripts/i18n_marks.py OLD.po NEW.po   # rewrites NEW.po
"""

from __future__ import annotations

import sys

from babel.messages.pofile import read_po, write_po

MARK = "not yet reviewed by a native speaker"


def main(old_path: str, new_path: str) -> None:
    with open(old_path, "rb") as f:
        old = read_po(f)
    with open(new_path, "rb") as f:
        new = read_po(f)
    for m in new:
        if not m.id:
            continue
        before = old.get(m.id)
        if (before is None or MARK in before.auto_comments) and MARK not in m.auto_comments:
            m.auto_comments.append(MARK)
    with open(new_path, "wb") as f:
        write_po(f, new, no_location=True, sort_output=True, ignore_obsolete=True)


if __name__ == "__main__":
    main(*sys.argv[1:3])
