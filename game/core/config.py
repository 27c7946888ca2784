"""The one configuration loader.

The bundled ``config.toml`` holds the defaults; the user's copy (in the
per-user data folder, created from the defaults on first start) overlays it.
Every key is declared once in :data:`SCHEMA` with its type and range; an
unknown key, a wrong type or a value out of range raises :class:`ConfigError`
whose message is one line naming the file, the dotted key and what was
expected.
"""

from __future__ import annotations

import math
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .games import game_keys
from .paths import app_identity, resource_path, user_config_path, write_text_atomic


class ConfigError(Exception):
    """Bad configuration; ``str()`` is one line naming file and key."""


def format_error(exc: BaseException) -> str:
    """The one line to print for a configuration problem."""
    return " ".join(str(exc).split()) or type(exc).__name__


@dataclass(frozen=True)
class Key:
    type: type | tuple[type, ...]
    default: Any
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] | None = None
    doc: str = ""

    def expect(self) -> str:
        if self.choices:
            return "one of " + ", ".join(_toml_value(c) for c in self.choices)
        if self.type is bool:
            return "true or false"
        kind = "an integer" if self.type is int else ("a number" if self.type in (float, (int, float)) else "text")
        if self.lo is not None and self.hi is not None:
            return f"{kind} from {self.lo:g} to {self.hi:g}"
        if self.lo is not None:
            return f"{kind} of at least {self.lo:g}"
        return kind


NUM = (int, float)
MAX_CHOSEN_SEED = 2**62  # the largest seed a person sets (here or on the command line); records read up to 2**63 - 1
def _preset_schema() -> dict[str, Key]:
    """The keys of a bot preset: its kind, the search's parameters as ``ai.registry`` describes them
    (one description for spec strings and this file), the rule agent's noise, and a label."""
    from ai.registry import MCTS_PARAMS

    keys = {"kind": Key(str, "rule", choices=("random", "rule", "mcts"), doc="which agent")}
    # presets are shared by every game, so they may name only what every game's hooks provide:
    # the cheap rollout policy "fast" and the rule bot's ranking "rule"
    shared = {"rollout": ("random", "fast"), "prior": ("none", "rule")}
    for name, par in MCTS_PARAMS.items():
        typ = NUM if par.type is float else par.type
        keys[name] = Key(typ, par.default, par.lo, par.hi, shared.get(name, par.choices), doc=par.doc + " (mcts)")
    keys["noise"] = Key(NUM, 0.0, 0.0, 20.0, doc="random perturbation of the rule agent's judgements (points)")
    keys["label"] = Key(str, "", doc="name shown in the setup screen")
    return keys


PRESET = _preset_schema()
SCHEMA: dict[str, dict[str, Key]] = {
    "ui": {
        "width": Key(int, 1600, 800, 3840),
        "height": Key(int, 900, 600, 2160),
        "fullscreen": Key(bool, False),
        "fps": Key(int, 60, 15, 240),
        "animation_speed": Key(NUM, 1.0, 0.25, 4.0),
        "skip_animations": Key(bool, False),
        "sound": Key(bool, True),
        "bot_delay": Key(NUM, 0.4, 0.0, 3.0),
        "log_lines": Key(int, 5000, 10, 5000),
        "hints_in_pass_and_play": Key(bool, False),
        "learning_mode": Key(bool, False),  # solo games: undo goes back across the bots' moves (assisted)
        "reveal_hold": Key(NUM, 2.0, 0.0, 10.0),  # seconds a sealed choice stays face down, to be taken back
    },
    "game": {
        "players": Key(int, 4, 2, 5),
        "seed": Key(int, 0, 0, MAX_CHOSEN_SEED),
        "autosave": Key(bool, True),
    },
    "bots": {
        "default": Key(str, "normal"),
    },
    "bench": {
        "games": Key(int, 200, 1, 1_000_000),
        "seed": Key(int, 1, 0, MAX_CHOSEN_SEED),
    },
}
DEFAULT_PRESETS = {
    "easy": {"kind": "rule", "noise": 6.0, "label": "Easy"},
    "normal": {"kind": "rule", "label": "Normal"},
    "hard": {"kind": "mcts", "seconds": 0.25, "cutoff": 12, "rollout": "fast", "prior": "rule", "keep_z": 1.0,
             "workers": 1, "label": "Hard"},
    "expert": {"kind": "mcts", "iterations": 2500, "cutoff": 40, "max_seconds": 1.0, "rollout": "fast",
               "prior": "rule", "keep_z": 1.0, "workers": 1, "label": "Expert", "arcana": {"root_k": 6}},
}


class Section(dict):
    """A config section: item and attribute access."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class Config(Section):
    """The whole configuration; ``cfg.ui.fps``, ``cfg.bots.presets["hard"]``. ``user_set`` names the keys
    ("ui.width") that the user's own file (or ``--config``) sets: the rest are the app's defaults."""

    user_set: frozenset[str] = frozenset()


def _read(path: Path, fname: str) -> dict[str, Any]:
    """Parse one TOML file; ``fname`` is how messages name it. A UTF-8 byte-order mark is allowed."""
    try:
        data = path.read_bytes()
        text = data.decode("utf-8-sig")
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:  # the message carries "(at line N, column M)"
        raise ConfigError(f"{fname}: not valid TOML: {format_error(exc)}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{fname}: not valid TOML: not UTF-8 text (byte {exc.start})") from None
    except RecursionError:
        raise ConfigError(f"{fname}: not valid TOML: arrays or tables nested too deeply") from None
    except ValueError:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        raise ConfigError(_too_long(fname, text)) from None
    except IsADirectoryError:
        raise ConfigError(f"{fname}: is a folder, not a config file") from None
    except OSError as exc:
        raise ConfigError(f"{fname}: cannot read ({exc.strerror or type(exc).__name__})") from None


_NUMBER = re.compile(r"[+-]?\d[\d_]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"' + r"|'[^']*'")  # a basic or a literal string on one line
_KEY_LINE = re.compile(r"\s*([A-Za-z0-9_-]+)\s*=")
_TABLE_LINE = re.compile(r"\s*\[+\s*([A-Za-z0-9_.-]+)\s*\]")


def _too_long(fname: str, text: str) -> str:
    """The message for a TOML file with an integer too long to read: its line, and its key when the
    number is the value of a plain ``key = ...`` line."""
    table = ""
    for no, line in enumerate(text.splitlines(), 1):
        line = _STRING.sub('""', line).split("#")[0]  # digits in a string or a comment are no number
        head = _TABLE_LINE.match(line)
        table = head.group(1) + "." if head else table
        longest = max((len(m.group().lstrip("+-").replace("_", "")) for m in _NUMBER.finditer(line)), default=0)
        if longest > sys.get_int_max_str_digits() > 0:
            key = _KEY_LINE.match(line)
            dotted = table + key.group(1) if key else ""
            expected = f" ({dotted} must be {_expected(dotted)})" if _expected(dotted) else ""
            what = f"{dotted} is a number" if dotted else "a number"
            return f"{fname}: line {no}: {what} of {longest} digits, too long to read{expected}"
    return f"{fname}: not valid TOML: a number too long to read"


def _expected(dotted: str) -> str:
    """What a schema key must be (``game.seed``), or "" for a key the schema does not know."""
    sec, _, k = dotted.partition(".")
    key = SCHEMA.get(sec, {}).get(k)
    return key.expect() if key is not None else ""


def _digits(n: int) -> int:
    """How many decimal digits ``n`` (>= 1) has, without converting it to text."""
    d = max(1, int((n.bit_length() - 1) * 0.301))  # never more than the true count
    while 10**d <= n:
        d += 1
    return d


def _shown(value: Any) -> str:
    """A value as the user wrote it in TOML (strings in double quotes); a huge number by its size."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return f"a number of {_digits(abs(value))} digits"  # str() of it may be beyond Python's limit
    if isinstance(value, (str, bool)) or (isinstance(value, (int, float)) and not isinstance(value, bool)):
        return _toml_value(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _check_value(fname: str, dotted: str, key: Key, value: Any) -> Any:
    bad = f"{fname}: {dotted} must be {key.expect()} (got {_shown(value)})"
    ok_type = isinstance(value, key.type) and not (isinstance(value, bool) and key.type is not bool)
    if not ok_type:
        raise ConfigError(bad)
    if key.choices and value not in key.choices:
        raise ConfigError(bad)
    if isinstance(value, float) and math.isnan(value):
        raise ConfigError(bad)
    if (key.lo is not None and value < key.lo) or (key.hi is not None and value > key.hi):
        raise ConfigError(bad)
    if key.type == NUM:
        value = float(value)
    return value


def _game_table(fname: str, dotted: str, table: Any) -> dict[str, Any]:
    """A preset's values for one game (``[bots.presets.expert.arcana]``): a table of preset keys,
    the kind and the label excepted (a preset is one kind of bot with one name in every game)."""
    if not isinstance(table, dict):
        raise ConfigError(f"{fname}: {dotted} must be a table")
    out: dict[str, Any] = {}
    for k, v in table.items():
        if k not in PRESET or k in ("kind", "label"):
            known = ", ".join(x for x in PRESET if x not in ("kind", "label"))
            raise ConfigError(f"{fname}: unknown key {dotted}.{k} (known: {known})")
        out[k] = _check_value(fname, f"{dotted}.{k}", PRESET[k], v)
    return out


def _merge(cfg: dict[str, Any], raw: dict[str, Any], fname: str) -> None:
    for sec, body in raw.items():
        if sec not in SCHEMA:
            raise ConfigError(f"{fname}: unknown section [{sec}] (known: {', '.join(SCHEMA)})")
        if not isinstance(body, dict):
            raise ConfigError(f"{fname}: {sec} must be a table")
        for k, v in body.items():
            dotted = f"{sec}.{k}"
            if sec == "bots" and k == "presets":
                if not isinstance(v, dict):
                    raise ConfigError(f"{fname}: bots.presets must be a table of named presets")
                for name, preset in v.items():
                    if not isinstance(preset, dict):
                        raise ConfigError(f"{fname}: bots.presets.{name} must be a table")
                    merged = dict(cfg["bots"]["presets"].get(name, {}))
                    for pk, pv in preset.items():
                        if pk in game_keys():  # one game's own values: [bots.presets.expert.arcana]
                            merged[pk] = {**merged.get(pk, {}), **_game_table(fname, f"bots.presets.{name}.{pk}", pv)}
                            continue
                        if pk not in PRESET:
                            raise ConfigError(f"{fname}: unknown key bots.presets.{name}.{pk} "
                                              f"(known: {', '.join(PRESET)}; or a game's table: "
                                              f"{', '.join(game_keys())})")
                        merged[pk] = _check_value(fname, f"bots.presets.{name}.{pk}", PRESET[pk], pv)
                    cfg["bots"]["presets"][name] = merged
                continue
            if k not in SCHEMA[sec]:
                raise ConfigError(f"{fname}: unknown key {dotted} (known: {', '.join(SCHEMA[sec])})")
            cfg[sec][k] = _check_value(fname, dotted, SCHEMA[sec][k], v)
            if dotted == "bots.default":
                cfg[_DEFAULT_FROM] = fname


_DEFAULT_FROM = "_bots_default_from"  # which file set bots.default, for its error message


def _finish(cfg: dict[str, Any]) -> Config:
    where = cfg.pop(_DEFAULT_FROM, "config.toml")
    out = Config()
    for sec, body in cfg.items():
        s = Section(body)
        if sec == "bots":
            presets = {}
            for name, p in body["presets"].items():
                full = {k: key.default for k, key in PRESET.items()}
                full.update(p)
                presets[name] = Section(full)
            s["presets"] = presets
        out[sec] = s
    if out.bots.default not in out.bots.presets:
        raise ConfigError(f"{where}: bots.default {_shown(out.bots.default)} is not a preset "
                          f"(presets: {', '.join(out.bots.presets)})")
    return out


def defaults() -> dict[str, Any]:
    cfg: dict[str, Any] = {sec: {k: key.default for k, key in keys.items()} for sec, keys in SCHEMA.items()}
    cfg["bots"]["presets"] = {k: dict(v) for k, v in DEFAULT_PRESETS.items()}
    return cfg


def _layered(user_file: Path | None) -> dict[str, Any]:
    """Schema defaults, overlaid by the bundled config.toml, overlaid by ``user_file`` (if it exists)."""
    cfg = defaults()
    bundled = resource_path("config.toml")
    if bundled.exists():
        _merge(cfg, _read(bundled, "config.toml"), "config.toml")
    if user_file is not None and user_file.exists():
        _merge(cfg, _read(user_file, str(user_file)), str(user_file))
    return cfg


def load_config(path: Path | str | None = None, user: bool = True) -> Config:
    """The validated settings: defaults, then the bundled config.toml, then the user's copy.

    ``path`` replaces the user's copy (``main.py --config FILE``); it must exist.
    ``user=False`` skips the user's copy (bundled defaults only).
    """
    if path is not None:
        extra: Path | None = Path(path)
        if not extra.is_file():
            raise ConfigError(f"{extra}: no such config file")
    else:
        extra = user_config_path() if user else None
    cfg = _finish(_layered(extra))
    if extra is not None and extra.exists():
        cfg.user_set = frozenset(f"{sec}.{key}" for sec, body in _read(extra, str(extra)).items()
                                 if isinstance(body, dict) for key in body)
    return cfg


def ensure_user_config() -> Path:
    """Create the user's config.toml from the bundled defaults on first start."""
    path = user_config_path()
    try:
        if not path.exists():
            bundled = resource_path("config.toml")
            text = bundled.read_text(encoding="utf-8") if bundled.exists() else ""
            write_text_atomic(path, text)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot create your settings file ({exc.strerror or type(exc).__name__}); "
                          f"set {app_identity().env_var} to a folder you can write") from None
    return path


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _toml_value(v: Any) -> str:
    """One scalar as TOML (the tiny writer behind :func:`save_user_settings`)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    out = []
    for ch in str(v):
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_key(k: str) -> str:
    """A key or table name: bare when TOML allows it, else quoted."""
    return k if k and all(c.isascii() and (c.isalnum() or c in "_-") for c in k) else _toml_value(k)


def save_user_settings(updates: dict[str, dict[str, Any]]) -> Path:
    """Merge ``{section: {key: value}}`` into the user's config.toml and write it.

    ``{"bots": {"presets": {"hard": {"seconds": 1.0}}}}`` updates one preset key.
    Everything is validated before the file is touched, so a bad value raises
    :class:`ConfigError` and leaves the old file as it was. Comments in the
    user's copy are not kept.
    """
    path = user_config_path()
    where = str(path)
    current: dict[str, Any] = _read(path, where) if path.exists() else {}
    for sec, body in updates.items():
        if not isinstance(body, dict):
            raise ConfigError(f"{where}: {sec} must be a table")
        dest = current.setdefault(sec, {})
        if not isinstance(dest, dict):
            raise ConfigError(f"{where}: {sec} must be a table")
        for k, v in body.items():
            if sec == "bots" and k == "presets" and isinstance(v, dict) and isinstance(dest.get(k), dict):
                for name, preset in v.items():
                    old = dest[k].get(name)
                    if isinstance(old, dict) and isinstance(preset, dict):
                        old.update(preset)
                    else:
                        dest[k][name] = preset
            else:
                dest[k] = v
    cfg = _layered(None)  # validate exactly as load_config will read it back
    _merge(cfg, current, where)
    _finish(cfg)
    lines = [f"# Your settings for {app_identity().title} (the game writes this file; edit with care).", ""]
    for sec, body in current.items():
        if sec == "bots":
            plain = {k: v for k, v in body.items() if k != "presets"}
            if plain:
                lines.append("[bots]")
                lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in plain.items()]
                lines.append("")
            for name, preset in body.get("presets", {}).items():
                lines.append(f"[bots.presets.{_toml_key(name)}]")
                lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in preset.items() if not isinstance(v, dict)]
                lines.append("")
                for game, table in ((k, v) for k, v in preset.items() if isinstance(v, dict)):
                    lines.append(f"[bots.presets.{_toml_key(name)}.{_toml_key(game)}]")
                    lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in table.items()]
                    lines.append("")
            continue
        lines.append(f"[{_toml_key(sec)}]")
        lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in body.items()]
        lines.append("")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, "\n".join(lines))  # never leave a half-written settings file
    except OSError as exc:
        raise ConfigError(f"{where}: cannot write ({exc.strerror or type(exc).__name__})") from None
    return path
