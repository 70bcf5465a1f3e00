"""``python -m igisoro.cli analyse ...``: the same as ``igisoro analyse ...``."""

import sys

from igisoro.cli import main

if __name__ == "__main__":
    sys.exit(main())
