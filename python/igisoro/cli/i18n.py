"""The command's language (issue 43): the standard library's gettext, with
a catalog domain of its own (``igisoro``), so the library needs no Flask.

The language is chosen once per run, before the argument parser is built
(its help texts are translated too): ``--lang`` first, if it names a
supported language, then the environment as gettext reads it (the first set
of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``LANGUAGE`` may be
a list, ``fr:en``), else English. Kirundi (``rn``) falls back to French and
Luganda (``lg``) to English, as the service does (docs/TRANSLATING.md).

What changes with the language is the words meant for people: errors,
progress and summary lines, help texts. What a program reads never does:
the result lines (JSON, CSV), the notations, enum values, exit codes.

The catalogs are ``translations/<lang>/LC_MESSAGES/igisoro.po`` in the
``igisoro`` package; their compiled ``.mo`` files are committed beside them
and shipped in the wheel, as the service's are.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["DEFAULT", "DOMAIN", "ENVIRONMENT", "FALLBACK", "SUPPORTED", "TRANSLATIONS", "choose", "gettext",
           "language", "ngettext", "option", "use"]

#: The catalog domain: ``igisoro.po``/``igisoro.mo``, apart from the
#: service's ``messages`` (a CLI string never needs the web stack).
DOMAIN = "igisoro"

#: The languages the command speaks: English (the source strings), French
#: and Kinyarwanda, the service's.
SUPPORTED: tuple[str, ...] = ("en", "fr", "rw")
#: The language when nothing asks for another: the code's own strings.
DEFAULT = "en"

#: Languages without a catalog, and the one their speakers get instead:
#: Burundi's other official language is French, Uganda's English (the
#: service's ``i18n.FALLBACK``; docs/GLOSSARY.md says why there is none).
FALLBACK: dict[str, str] = {"rn": "fr", "lg": "en"}

#: The environment variables gettext reads, in its order: the first one set
#: decides.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

#: The directory of the catalogs, in the package so a wheel ships them.
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = DEFAULT


def _primary(tag: str) -> str:
    """The language of a tag as the environment or a user writes it:
    ``fr_FR.UTF-8@euro``, ``fr-CA`` and ``FR`` are all ``fr``."""
    tag = tag.strip().split(".")[0].split("@")[0]
    return tag.replace("-", "_").split("_")[0].lower()


def _supported(tag: str) -> str | None:
    primary = _primary(tag)
    primary = FALLBACK.get(primary, primary)
    return primary if primary in SUPPORTED else None


def choose(lang: str | None, environ: Mapping[str, str]) -> str:
    """The run's language: ``lang`` (``--lang``) if it names a supported
    language or one that falls back to one, else the environment's, else
    English. An unsupported ``--lang`` is ignored, as the service ignores an
    unsupported ``?lang=``; ``C`` or ``POSIX`` in the environment is English
    (the source strings), as gettext has it."""
    if lang:
        found = _supported(lang)
        if found:
            return found
    for name in ENVIRONMENT:
        value = environ.get(name)
        if value:
            for tag in value.split(":"):
                if tag in ("C", "POSIX") or tag.startswith(("C.", "POSIX.")):
                    return DEFAULT
                found = _supported(tag)
                if found:
                    return found
            break
    return DEFAULT


def option(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang X`` (or ``--lang=X``) in ``argv``,
    read before the parser is built: its help texts are in that language.
    Stops at ``--``, after which nothing is an option."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


def use(lang: str) -> None:
    """Speak ``lang`` (one of :data:`SUPPORTED`) from now on; English needs
    no catalog (the code's strings are English)."""
    global _translation, _language
    _language = lang
    _translation = _gettext.translation(DOMAIN, localedir=TRANSLATIONS, languages=[lang], fallback=True)


def language() -> str:
    """The language the command speaks now (sent to a server as
    ``Accept-Language``, so its refusals come in the same language)."""
    return _language


def gettext(message: str, **variables: Any) -> str:
    """``message`` in the run's language, ``%(name)s`` placeholders filled
    from ``variables`` (named, so a translator can reorder them)."""
    text = _translation.gettext(message)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The form of ``singular``/``plural`` the run's language uses for
    ``num`` (French takes the singular for 0 and 1), with ``%(num)s`` and
    the other placeholders filled in."""
    return _translation.ngettext(singular, plural, num) % {"num": num, **variables}
