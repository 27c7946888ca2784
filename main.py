"""Realm of Reckoning: start the game, or run a headless command (see ``--help``)."""

import multiprocessing
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # headless commands print only their results

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # tournaments' worker processes in a frozen build
    sys.exit(main(sys.argv[1:]))
