"""Realm of Reckoning: start the game, or run a headless command (see ``--help``)."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
