"""``python -m igisoro_service.openapi [--check] [PATH]``: write the OpenAPI document
for the default configuration to ``openapi.yaml`` (or ``PATH``); with
``--check``, exit 1 if the file differs instead of writing it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from igisoro_service import create_app
from igisoro_service.openapi import build, to_yaml

DEFAULT = Path(__file__).resolve().parents[3] / "openapi.yaml"


def main(argv: list[str] | None = None) -> int:
    """Write or check the committed document; 1 when ``--check`` finds drift."""
    parser = argparse.ArgumentParser(prog="python -m igisoro_service.openapi", description=__doc__)
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    text = to_yaml(build(create_app()))
    if args.check:
        same = args.path.exists() and args.path.read_text(encoding="utf-8") == text
        if not same:
            print(f"{args.path} is not what the code generates; run python -m igisoro_service.openapi", file=sys.stderr)
        return 0 if same else 1
    args.path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
