"""Res Arcana's window: the setup, the table, the title cover and the window benchmark."""

from __future__ import annotations

from typing import Any

from .look import draw_cover
from .setup import SetupScene
from .table import TableScene

__all__ = ["SetupScene", "TableScene", "bench_window", "draw_cover"]


def bench_window(cfg: Any, seconds: float = 30.0, seed: int = 1) -> None:
    """Frame times of the table during an all-bots game (``python main.py bench --section window``)."""
    from .bench import print_window_bench

    print_window_bench(cfg, seconds, seed)
