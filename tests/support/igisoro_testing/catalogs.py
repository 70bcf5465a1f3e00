"""Checks shared by the two gettext catalogs' tests (the service's,
``tests/service/test_i18n.py``, and the command's, ``tests/test_cli_i18n.py``):
one definition of a complete, reviewable catalog (docs/TRANSLATING.md)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import read_mo, write_mo

#: The translator comment every entry carries until a native speaker has read it.
UNREVIEWED = "not yet reviewed by a native speaker"


def assert_complete_and_marked(cat: Catalog, template: set[str], lang: str) -> list[Message]:
    """``cat`` (language ``lang``) translates every entry of ``template``
    and nothing else, with every plural form, none fuzzy, each marked
    unreviewed, each a python-format string exactly when its source is, and
    each keeping its source's placeholders. Returns the entries, for a
    caller's own further checks."""
    assert str(cat.locale) == lang
    messages = [m for m in cat if m.id]
    assert {m.id for m in messages} == template
    for m in messages:
        # A plural entry (ngettext) has one translation per plural form of the language.
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        assert len(forms) == (cat.num_plurals if m.pluralizable else 1)
        assert all(forms), f"{lang}: no translation of {m.id!r}"
        assert not m.fuzzy, f"{lang}: fuzzy {m.id!r}"
        assert UNREVIEWED in m.auto_comments, f"{lang}: {m.id!r} lacks the review mark"
        assert m.python_format == ("%(" in (m.id[0] if m.pluralizable else m.id))
    # Placeholders kept: each translation has exactly its source's.
    assert list(cat.check()) == []
    return messages


def assert_compiled_from(mo_path: Path, cat: Catalog) -> None:
    """The committed ``.mo`` at ``mo_path`` says what ``cat`` (its ``.po``)
    says now, and the ``.po`` compiles: the ``.mo`` files are committed (a
    fresh clone and a wheel speak every language with no step of their own)."""
    with open(mo_path, "rb") as f:
        committed = read_mo(f)
    buf = io.BytesIO()
    write_mo(buf, cat)
    assert buf.getvalue()

    def entries(c: Catalog) -> dict[Any, Any]:
        # Plural entries' ids and forms as tuples (read_mo gives lists).
        return {(tuple(m.id) if m.pluralizable else m.id): (tuple(m.string) if m.pluralizable else m.string)
                for m in c if m.id}

    assert entries(committed) == entries(cat), "stale: run scripts/i18n.sh compile"
