"""Fixtures the test modules share."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def cfg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The bundled configuration with a user folder of the test's own, animations skipped and no pause
    after a bot's move (a module needing more overrides this fixture, asking for it by name)."""
    from game.core.config import load_config

    monkeypatch.setenv("ROR_USER_DIR", str(tmp_path / "user"))
    c = load_config(user=False)
    c.ui["skip_animations"] = True
    c.ui["bot_delay"] = 0.0
    return c


@pytest.fixture(autouse=True)
def _user_folder_of_the_test(tmp_path: Path) -> Iterator[None]:
    """Every test gets a user folder of its own: a finished game (``simulate`` too) goes into the history
    there, never into the real player's folder. (Not through ``monkeypatch``: asking for it here would set it
    up before a module's own autouse fixtures and so undo a test's patches only after their teardown.)"""
    before = os.environ.get("ROR_USER_DIR")
    os.environ["ROR_USER_DIR"] = str(tmp_path / "user")
    yield
    if before is None:
        os.environ.pop("ROR_USER_DIR", None)
    else:
        os.environ["ROR_USER_DIR"] = before
