"""The one resource-path helper: bundled files and per-user folders, from source or a frozen build."""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class AppIdentity:
    """The product's names: its window title, its per-user folder and the variable that overrides it.
    ``old_folders`` and ``old_env_vars`` are the names an earlier release used: the variables are still
    read, and an old folder is moved to the new name the first time the user folder is asked for."""

    title: str = "Board games"
    folder: str = "BoardGames"
    env_var: str = "BOARDGAMES_USER_DIR"
    old_folders: tuple[str, ...] = ()
    old_env_vars: tuple[str, ...] = ()


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


def _platform_data_dir() -> Path:
    """The platform's folder for per-user application data."""
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def user_data_dir(app: str | None = None) -> Path:
    """The per-user data folder (settings, saves, logs). The identity's variable overrides it (an old
    name of the variable too); without one, an old release's folder is moved to the new name once."""
    if app is not None:
        return _platform_data_dir() / app
    for name in (_IDENTITY.env_var, *_IDENTITY.old_env_vars):
        override = os.environ.get(name)
        if override:
            return Path(override)
    return _adopt_old_folder(_platform_data_dir() / _IDENTITY.folder)


_ADOPTED: dict[Path, Path] = {}  # the user folder -> the folder to use this run (itself or an old one)


def _adopt_old_folder(folder: Path) -> Path:
    """``folder``, after renaming an old release's folder beside it to it when only the old one exists.
    If the rename fails, the old folder is used for this run (with a one-line warning) and the move is
    tried again at the next start; when both exist the new one wins and the old one is left alone."""
    if folder in _ADOPTED:
        return _ADOPTED[folder]
    use = folder
    olds = [folder.with_name(name) for name in _IDENTITY.old_folders]
    old = next((o for o in olds if o.is_dir()), None) if not folder.exists() else None
    if old is not None:
        try:
            os.rename(old, folder)  # a sibling folder: one rename on the same disk, never half a move
        except OSError as exc:
            if not folder.exists():  # (unless another copy of the game has just moved it)
                use = old
                print(f"warning: could not move your data folder {old} to {folder} ({exc.strerror or exc}); "
                      f"using {old} as it is", file=sys.stderr)
    _ADOPTED[folder] = use
    return use


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
