"""The one resource-path helper: bundled files and per-user folders, from source or a frozen build."""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class AppIdentity:
    """The product's names: its window title, its per-user folder and the variable that overrides it."""

    title: str = "Board games"
    folder: str = "BoardGames"
    env_var: str = "BOARDGAMES_USER_DIR"


_IDENTITY = AppIdentity()


def set_app_identity(identity: AppIdentity) -> None:
    """Set by the product's composition root (``game/__init__.py``) before anything opens a file."""
    global _IDENTITY
    _IDENTITY = identity


def app_identity() -> AppIdentity:
    return _IDENTITY


def is_frozen() -> bool:
    """True inside a PyInstaller build."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def bundle_root() -> Path:
    """The folder holding ``assets/`` and the default ``config.toml``."""
    if is_frozen():
        return Path(sys._MEIPASS)  # type: ignore[attr-defined]
    return Path(__file__).resolve().parents[2]


def resource_path(*parts: str) -> Path:
    """A path inside the bundle, e.g. ``resource_path("assets", "data", "cards.toml")``."""
    return bundle_root().joinpath(*parts)


def user_data_dir(app: str | None = None) -> Path:
    """The per-user data folder (settings, saves, logs); the identity's variable overrides it."""
    app = app or _IDENTITY.folder
    override = os.environ.get(_IDENTITY.env_var)
    if override:
        return Path(override)
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / app


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_path() -> Path:
    return user_data_dir() / "config.toml"


def saves_dir() -> Path:
    return _ensure(user_data_dir() / "saves")


def logs_dir() -> Path:
    return _ensure(user_data_dir() / "logs")


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through ``path.tmp``: flushed and synced, then renamed over ``path``,
    so a crash never leaves half a file. A stale ``.tmp`` from an earlier crash is overwritten.
    Raises ``OSError`` (the old file is then untouched)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def remove_stale_temp_files(folder: Path) -> int:
    """Remove the ``*.tmp`` files a crash left in ``folder``; how many were removed."""
    n = 0
    with contextlib.suppress(OSError):
        for p in Path(folder).glob("*.tmp"):
            with contextlib.suppress(OSError):
                p.unlink()
                n += 1
    return n
