"""``python -m igisoro analyse ...``: the ``igisoro`` command."""

import sys

from igisoro.cli import main

if __name__ == "__main__":
    sys.exit(main())
