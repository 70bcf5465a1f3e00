"""The command's messages in the user's language (issue 43): English,
French and Kinyarwanda, chosen by ``--lang``, else the environment as
gettext reads it, else English; Kirundi falls back to French, Luganda to
English.

The command is run as users run it (the installed ``igisoro`` script, in a
subprocess with the environment given); the catalogs are held to the code
as the service's are (tests/service/test_i18n.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from igisoro.cli import i18n
from igisoro_testing.catalogs import assert_compiled_from, assert_complete_and_marked

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = i18n.TRANSLATIONS
LANGS = ("fr", "rw")

#: The same refusal (a CSV without the position column) in each language.
NO_COLUMN = {
    "en": "has no column 'position' (columns: a, b); choose one with --column",
    "fr": "n'a pas de colonne 'position' (colonnes : a, b) ; choisissez-en une avec --column",
    "rw": "nta nkingi 'position' ifite (inkingi: a, b); hitamo imwe ukoresheje --column",
}


def _catalog(lang: str) -> Catalog:
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po", "rb") as f:
        return read_po(f)


def _template() -> Catalog:
    with open(TRANSLATIONS / f"{i18n.DOMAIN}.pot", "rb") as f:
        return read_po(f)


def _igisoro(*args: str | Path, env: dict[str, str] | None = None, **kw: Any) -> subprocess.CompletedProcess[str]:
    """``igisoro ARGS`` as a user runs it: the installed script, with no
    language in the environment but ``env``'s."""
    script = Path(sys.executable).with_name("igisoro")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "igisoro"]
    base = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    return subprocess.run([*cmd, *map(str, args)], env={**base, **(env or {})}, capture_output=True, text=True,
                          timeout=120, **kw)


@pytest.fixture
def bad_csv(tmp_path: Path) -> Path:
    """A malformed position file: a CSV without its position column."""
    path = tmp_path / "positions.csv"
    path.write_text("a,b\n1,2\n")
    return path


@pytest.mark.parametrize(("args", "env", "lang"), [
    ((), {}, "en"),  # nothing said: English
    (("--lang", "fr"), {}, "fr"),
    (("--lang", "rw"), {}, "rw"),
    ((), {"LANG": "fr_FR.UTF-8"}, "fr"),
    ((), {"LANG": "rw_RW.UTF-8"}, "rw"),
    (("--lang", "rn"), {}, "fr"),  # Kirundi: French (i18n.FALLBACK)
    ((), {"LANG": "rn_BI.UTF-8"}, "fr"),
    (("--lang", "lg"), {"LANG": "fr_FR.UTF-8"}, "en"),  # Luganda: English, and --lang beats the environment
    (("--lang=en",), {"LC_ALL": "rw_RW.UTF-8"}, "en"),
    (("--lang", "de"), {"LANG": "rw_RW.UTF-8"}, "rw"),  # an unsupported --lang is ignored
    ((), {"LANGUAGE": "de:rw", "LANG": "fr_FR.UTF-8"}, "rw"),  # LANGUAGE first, a list
    ((), {"LC_MESSAGES": "fr_CA.UTF-8", "LANG": "rw_RW.UTF-8"}, "fr"),
    ((), {"LANG": "C.UTF-8"}, "en"),
    ((), {"LANG": "sw_KE.UTF-8"}, "en"),  # no catalog, no fallback: English
])
def test_an_error_is_told_in_the_language_chosen(bad_csv: Path, args: tuple[str, ...], env: dict[str, str],
                                                 lang: str) -> None:
    done = _igisoro("analyse", bad_csv, *args, env=env)
    assert done.returncode == 2
    assert done.stderr == f"igisoro analyse: {bad_csv} {NO_COLUMN[lang]}\n"
    assert done.stdout == ""


def test_the_summary_is_french_and_the_result_lines_are_not(tmp_path: Path) -> None:
    """Progress and summary in French, with each count's own plural form;
    the result lines (what a program reads) are the same in every language."""
    src = tmp_path / "in.txt"
    src.write_text("igisoro zz\n")
    lines = {}
    for lang in ("en", "fr", "rw"):
        out = tmp_path / f"{lang}.jsonl"
        done = _igisoro("analyse", src, "-o", out, "--depth", "1", "--progress", "plain", "--lang", lang)
        assert done.returncode == 0, done.stderr
        lines[lang] = [{k: v for k, v in json.loads(ln).items() if k != "time_ms"} for ln in out.read_text().splitlines()]
        if lang == "en":
            assert "1/1 item " in done.stderr and "1 item: 0 analysed, 1 error, 0 skipped (already written)" in done.stderr
        elif lang == "fr":
            assert "1/1 élément " in done.stderr
            assert "1 élément : 0 analysé, 1 erreur, 0 ignoré (déjà dans la sortie)" in done.stderr
        else:
            assert "ikintu 1: byasesenguwe 0, ikosa 1, byasimbutswe 0" in done.stderr
    assert lines["fr"] == lines["rw"] == lines["en"]
    assert lines["en"][0]["error"]["title"] == "Invalid notation"


def test_help_is_in_the_language_chosen() -> None:
    en = _igisoro("analyse", "--help")
    fr = _igisoro("analyse", "--help", env={"LANG": "fr_FR.UTF-8"})
    rw = _igisoro("--lang", "rw", "analyse", "--help")
    assert en.returncode == fr.returncode == rw.returncode == 0
    assert "input file, or - for standard input" in en.stdout and "show this help message and exit" in en.stdout
    assert "fichier d'entrée, ou - pour l'entrée standard" in fr.stdout and "afficher cette aide" in fr.stdout
    assert "dosiye y'ibyinjizwa" in rw.stdout
    # Option names, choices and metavars never change.
    for done in (en, fr, rw):
        assert "--input-format {jsonl,csv,text}" in done.stdout and "INPUT" in done.stdout


@pytest.mark.parametrize(("lang", "env", "want"), [
    (None, {}, "en"),
    ("FR", {}, "fr"),
    ("fr-CA", {}, "fr"),
    ("rn_BI", {}, "fr"),
    ("lg", {"LANG": "rw"}, "en"),
    ("xx", {"LANG": "rw_RW.UTF-8"}, "rw"),
    (None, {"LANGUAGE": "", "LC_ALL": "fr_FR.UTF-8@euro"}, "fr"),
    (None, {"LANGUAGE": "rn:en"}, "fr"),
    (None, {"LANGUAGE": "de:sw"}, "en"),
    (None, {"LC_ALL": "POSIX", "LANG": "fr_FR.UTF-8"}, "en"),  # the first one set decides, as in gettext
])
def test_choose(lang: str | None, env: dict[str, str], want: str) -> None:
    assert i18n.choose(lang, env) == want


def test_the_lang_option_is_read_anywhere_before_a_double_dash() -> None:
    assert i18n.option(["analyse", "x.txt", "--lang", "fr"]) == "fr"
    assert i18n.option(["--lang=rw", "analyse", "x.txt"]) == "rw"
    assert i18n.option(["analyse", "--", "--lang", "fr"]) is None
    assert i18n.option(["analyse", "--lang"]) is None


def test_the_cli_imports_no_web_stack_nor_babel() -> None:
    """The library's command speaks through the standard library's gettext."""
    code = ("import sys, igisoro.cli; igisoro.cli.i18n.use('fr'); "
            "print(sorted(m for m in ('flask', 'flask_babel', 'babel') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_the_catalogs_are_package_data_of_the_library() -> None:
    """Beside the ``igisoro`` package, so maturin puts them in the wheel."""
    package = ROOT / "python" / "igisoro"
    assert TRANSLATIONS == package / "translations"
    for lang in LANGS:
        assert (TRANSLATIONS / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").is_file()


# The catalogs, held to the code as the service's are.

def test_the_template_holds_every_string_of_the_code() -> None:
    """igisoro.pot is what extraction finds in the command's code now
    (scripts/i18n.sh extract; python/babel.cfg)."""
    found = {m[2] for m in extract_from_dir(str(ROOT / "python"), method_map=[("igisoro/cli/**.py", "python")],
                                            keywords=DEFAULT_KEYWORDS)}
    assert {m.id for m in _template() if m.id} == found


@pytest.mark.parametrize("lang", LANGS)
def test_catalogs_are_complete_and_marked_unreviewed(lang: str) -> None:
    cat = _catalog(lang)
    messages = assert_complete_and_marked(cat, {m.id for m in _template() if m.id}, lang)
    for m in messages:
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        # argparse formats help texts with %: a translation must hold no bare one.
        assert all("%" not in str(f).replace("%%", "").replace("%(", "") for f in forms), (lang, m.id)
    assert not cat.fuzzy, "a fuzzy catalog is not compiled"


@pytest.mark.parametrize("lang", LANGS)
def test_the_committed_mo_files_are_compiled_from_the_po_files(lang: str) -> None:
    """The .mo files are committed (a fresh clone and a wheel speak every
    language with no step of their own); they must say what the .po files say now."""
    assert_compiled_from(TRANSLATIONS / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo", _catalog(lang))


def test_no_message_of_the_command_is_an_f_string() -> None:
    """Every CliError and note is written through gettext (``_()``,
    ``ngettext``), with named placeholders: an f-string cannot be translated."""
    import ast

    for path in sorted((ROOT / "python" / "igisoro" / "cli").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            name = getattr(node.func, "id", getattr(node.func, "attr", None)) if isinstance(node, ast.Call) else None
            if name in ("CliError", "note", "ArgumentTypeError") and isinstance(node, ast.Call) and node.args:
                first = node.args[0]
                assert not isinstance(first, (ast.JoinedStr, ast.Constant)), f"{path.name}:{node.lineno}"
