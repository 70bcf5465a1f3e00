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

import functools
import re

import flask_babel
from babel import Locale
from flask import Flask, Response, current_app, g, has_request_context, request
from flask_babel import Babel, get_locale
from flask_babel.speaklater import LazyString

__all__ = ["DEFAULT", "FALLBACK", "PSEUDO", "SUPPORTED", "TRANSLATIONS", "gettext", "init_app", "language", "lazy_gettext",
           "ngettext", "plural_forms", "pseudo", "select"]

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


#: The pseudo-locale's tag (CLDR's pseudo-locale for lengthened, accented
#: English), answered only where the ``PSEUDO_LOCALE`` config is on.
PSEUDO = "en-XA"

#: A catalog string's placeholders (``%(name)s``), kept as they are by :func:`pseudo`.
_PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%%")
#: Every ASCII letter to a look-alike outside ASCII: in the pseudo-locale a
#: run of plain letters on the page is a string no catalog gave.
_ACCENTED = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                          "àƀçďéƒĝĥîĵķļɱñöþʠŕšţûṽŵẋýžÀƁÇĎÉƑĜĤÎĴĶĻṀÑÖƤǪŔŠŢÛṼŴẊÝŽ")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale: letters accented, about a third
    longer (French runs that much longer than English, and a layout that
    holds this holds French), in ``⟦ ⟧``; placeholders kept, so that the
    values put in stay readable and a test can tell a catalog string from
    a string that never went through one."""
    parts = _PLACEHOLDER.split(text)
    holders = _PLACEHOLDER.findall(text)
    out = parts[0].translate(_ACCENTED)
    for holder, part in zip(holders, parts[1:], strict=True):
        out += holder + part.translate(_ACCENTED)
    return "⟦" + out + "~" * (len(text) // 3) + "⟧"


def _pseudo() -> bool:
    if not has_request_context():
        return False
    get_locale()  # the request's language chosen (select() marks the pseudo-locale), once per request
    return bool(g.get("igisoro_pseudo"))


def gettext(string: str, **variables: Any) -> str:
    """``string`` in the request's language, ``%(name)s`` placeholders filled
    from ``variables`` (Flask-Babel's ``gettext``; English outside a request)."""
    if _pseudo():
        text = pseudo(string)
        return text % variables if variables else text
    return str(flask_babel.gettext(string, **variables))


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The form of ``singular``/``plural`` the request's language uses for
    ``num`` (its catalog's plural rule: French takes the singular for 0 and
    1), with ``%(num)s`` and the other placeholders filled in."""
    if _pseudo():
        variables.setdefault("num", num)
        return pseudo(singular if num == 1 else plural) % variables
    return str(flask_babel.ngettext(singular, plural, num, **variables))


def lazy_gettext(string: str, **variables: Any) -> Any:
    """A string translated when it is used (``str()``, ``%``), for strings
    made at import (Flask-Babel's ``LazyString`` over this module's
    :func:`gettext`, so the pseudo-locale reaches them too)."""
    return LazyString(gettext, string, **variables)


def plural_forms(singular: str, plural: str) -> dict[str, str]:
    """The message's catalog form for each CLDR plural category of the
    request's language (``{"one": ..., "other": ...}`` in English; French
    adds ``many``), placeholders unfilled: what a browser picks from with
    ``Intl.PluralRules``, the same CLDR rules Babel has, so the board needs
    no plural rule of its own (the board's messages, ``board/messages.py``).
    Each category's form is the catalog's for the smallest count in it.
    A language CLDR gives no categories (Kinyarwanda) has ``other`` only:
    the catalog's form for 2 and more."""
    if _pseudo():
        return {"one": pseudo(singular), "other": pseudo(plural)}
    translations = flask_babel.get_translations()
    return {category: translations.ungettext(singular, plural, n) for category, n in _samples(language()).items()}


@functools.cache
def _samples(lang: str) -> dict[str, int]:
    """Each CLDR plural category of ``lang`` and the smallest count in it
    (2 or more for ``other``), worked out once per language: the counts
    :func:`plural_forms` asks the catalog's form for."""
    rule = Locale.parse(lang).plural_form
    out: dict[str, int] = {}
    for n in [*range(0, 200), 1_000_000]:
        out.setdefault(rule(n), n)
    if out.get("other", 2) < 2:
        out["other"] = next(n for n in range(2, 200) if rule(n) == "other")
    return out


def select() -> str:
    """The request's language: ``lang`` first, then ``Accept-Language``."""
    lang = request.args.get("lang", "").strip().lower()
    if lang == PSEUDO.lower() and current_app.config.get("PSEUDO_LOCALE"):
        g.igisoro_pseudo = True
        return DEFAULT
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
    if _pseudo():
        return PSEUDO
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
