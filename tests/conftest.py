"""Fixtures the test modules share."""

from __future__ import annotations

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
def _user_folder_of_the_test(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets a user folder of its own: a finished game (``simulate`` too) goes into the history
    there, never into the real player's folder."""
    monkeypatch.setenv("ROR_USER_DIR", str(tmp_path / "user"))
