"""Res Arcana's window: the setup, the table and the title cover."""

from __future__ import annotations

from .look import draw_cover
from .setup import SetupScene
from .table import TableScene

__all__ = ["BENCH_SETUP", "SetupScene", "TableScene", "draw_cover"]

BENCH_SETUP = {"preset": "random"}  # the window bench deals random sides (``game.shell.bench``)

