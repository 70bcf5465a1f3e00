"""The answer's language (issue 43): gettext catalogs through Flask-Babel.

The language is chosen once per request (Flask-Babel's locale selector):
the ``lang`` query parameter if it names a supported language, else the
best of ``Accept-Language`` (quality values honoured), else English. Every
answer says which one it used in ``Content-Language``.

What changes with the language is the words meant for people: a problem's
``title`` and ``detail``. What a program reads never does: problem ``type``
URIs, status codes, field names, enum values, the notations.

The catalogs are ``translations/<lang>/LC_MESSAGES/messages.po`` beside this
module; their compiled ``.mo`` files are committed next to them (a fresh
clone serves translated answers with no step of its own), and a test checks
they are compiled from the ``.po`` files as they stand
(``docs/TRANSLATING.md``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flask_babel
from flask import Flask, Response, request
from flask_babel import Babel, get_locale

__all__ = ["DEFAULT", "FALLBACK", "SUPPORTED", "TRANSLATIONS", "gettext", "init_app", "language", "lazy_gettext", "ngettext",
           "select"]

#: The languages answers are given in: English (the source strings), French
#: and Kinyarwanda.
SUPPORTED: tuple[str, ...] = ("en", "fr", "rw")
DEFAULT = "en"

#: Languages without a catalog, and the one their speakers get instead.
#: The seed texts give no game term in Kirundi (``rn``) or Luganda (``lg``)
#: (docs/GLOSSARY.md), so neither has a catalog: Burundi's other official
#: language is French, Uganda's English. A supported language asked for
#: earlier in the same Accept-Language list still comes first.
FALLBACK: dict[str, str] = {"rn": "fr", "lg": "en"}

#: The directory of the catalogs.
TRANSLATIONS = Path(__file__).with_name("translations")


def gettext(string: str, **variables: Any) -> str:
    """``string`` in the request's language, ``%(name)s`` placeholders filled
    from ``variables`` (Flask-Babel's ``gettext``; English outside a request)."""
    return str(flask_babel.gettext(string, **variables))


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The form of ``singular``/``plural`` the request's language uses for
    ``num`` (its catalog's plural rule: French takes the singular for 0 and
    1), with ``%(num)s`` and the other placeholders filled in."""
    return str(flask_babel.ngettext(singular, plural, num, **variables))


def lazy_gettext(string: str, **variables: Any) -> Any:
    """A string translated when it is used (``str()``, ``%``), for strings
    made at import: Flask-Babel's ``lazy_gettext``."""
    return flask_babel.lazy_gettext(string, **variables)


def select() -> str:
    """The request's language: ``lang`` first, then ``Accept-Language``."""
    lang = request.args.get("lang", "").strip().lower()
    lang = FALLBACK.get(lang, lang)
    if lang in SUPPORTED:
        return lang
    # Werkzeug's best_match prefers an exact tag of any quality to a regional
    # one ("rw;q=0.1, fr-CA;q=0.5" would be rw): by quality, each tag's
    # language instead (its values come sorted by quality, highest first).
    for tag, _quality in request.accept_languages:
        primary = tag.replace("_", "-").split("-")[0].lower()
        primary = FALLBACK.get(primary, primary)
        if primary in SUPPORTED:
            return primary
    return DEFAULT


def language() -> str:
    """The language the current request is answered in."""
    loc = get_locale()
    return loc.language if loc is not None else DEFAULT


def init_app(app: Flask) -> None:
    """Install the locale selector and the ``Content-Language`` header."""
    Babel(app, locale_selector=select, default_locale=DEFAULT,
          default_translation_directories=str(TRANSLATIONS))

    @app.after_request
    def _content_language(resp: Response) -> Response:
        resp.headers["Content-Language"] = language()
        # A cache must not hand one client's French answer to another.
        resp.vary.add("Accept-Language")
        return resp
