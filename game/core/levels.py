"""The bot levels' notes for the setup screens, written from the measured ladder (``ai/ladder.py``).

``assets/<game>/levels.json`` holds, per level above the weakest, how it fares against the level below
in words a player reads ("Hard wins about 7 games in 10 against Normal (200 games measured).") with the
figures and game counts behind them. ``python main.py ladder --game G ... --write-levels`` writes it;
:func:`level_tooltip` builds a setup screen's level tooltip from it (Res Arcana's), :func:`measured_levels` gives
the sentences one by one (Realm's setup shows them as a note beside Start). A missing or damaged file gives the
screen's own tooltip and one line on stderr, never a crash.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.core import paths

LEVELS_FILE = "levels.json"
_warned: set[str] = set()  # the games whose file problem was reported already (once per run)


def levels_path(game_key: str) -> Path:
    return paths.resource_path("assets", game_key, LEVELS_FILE)


def write_levels(game_key: str, notes: dict[str, Any]) -> Path:
    """Write ``notes`` (:func:`ai.ladder.level_notes`) through a temporary file and a rename;
    ``OSError`` if it cannot be written. Returns the path."""
    path = levels_path(game_key)
    paths.write_text_atomic(path, json.dumps(notes, indent=1) + "\n")
    return path


def read_level_words(path: Path) -> dict[str, str]:
    """Level -> its sentence, from a levels file; ``ValueError`` (one line) for a missing or
    damaged file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValueError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: not JSON ({type(exc).__name__})") from None
    levels = data.get("levels") if isinstance(data, dict) else None
    if not isinstance(levels, dict):
        raise ValueError(f"{path}: no 'levels' object")
    words: dict[str, str] = {}
    for name, entry in levels.items():
        text = entry.get("words") if isinstance(entry, dict) else None
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"{path}: level {name!r} has no words")
        words[name] = text.strip()
    return words


def measured_levels(game_key: str, levels: Sequence[str], path: Path | None = None) -> list[tuple[str, str]]:
    """(level, its sentence) for each of ``levels`` that the levels file describes, in the order given. A
    missing or damaged file: none, and a one-line warning on stderr (once per game and run)."""
    path = path or levels_path(game_key)
    try:
        words = read_level_words(path)
    except ValueError as exc:
        if game_key not in _warned:
            _warned.add(game_key)
            print(f"warning: no measured bot levels on the setup screen: {exc}", file=sys.stderr)
        return []
    return [(k, words[k]) for k in levels if k in words]


def level_tooltip(game_key: str, levels: Sequence[str], fallback: str | None, path: Path | None = None) -> str | None:
    """``fallback`` (the screen's own tip, may be None) followed by one line per listed level that
    the levels file describes, weakest first. A missing or damaged file: ``fallback``, and a
    one-line warning on stderr (once per game and run)."""
    lines = [words for _level, words in measured_levels(game_key, levels, path)]
    if not lines:
        return fallback
    return "\n".join(([fallback] if fallback else []) + ["Measured, two players:"] + lines)
