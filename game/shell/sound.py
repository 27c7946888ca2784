"""Short sound effects synthesized in code: no audio files to ship or load.

    sounds = Sounds(enabled=cfg.ui.sound)
    sounds.play("card")          # a card is dealt
    sounds.play("coin")          # a coin lands in a purse

Each effect is a small recipe that returns float samples in -1..1 at a given
sample rate; :class:`Sounds` turns them into PCM in the mixer's own format
(rate, sample format and channel count from ``pygame.mixer.get_init()``),
wraps them in ``pygame.mixer.Sound(buffer=...)`` once and caches them.

The mixer is opened on first use, never on import or construction. If it cannot
be opened (no audio device, pygame built without a mixer) the object quietly
becomes a no-op: :attr:`Sounds.available` is False and :meth:`Sounds.play`
does nothing. No audio failure ever raises to the caller; only an unknown
effect name does (:class:`KeyError`: a programming error).

Built-in effects (:data:`EFFECTS`): ``card`` (a soft paper flick), ``tuck`` (a
lower slide), ``coin`` (a metallic clink), ``click`` (a UI click), ``chime`` (a
rising three-note arpeggio) and ``turn`` (a gentle two-note cue). A game adds
its own with :meth:`Sounds.add_effect`.
"""

from __future__ import annotations

import contextlib
import math
import random
import sys
import threading
import time
from array import array
from collections.abc import Callable
from typing import Any

import pygame

Recipe = Callable[[int], list[float]]
"""A recipe: sample rate (Hz) -> mono samples in -1..1."""

TAU = 2 * math.pi


# ---------------------------------------------------------------------------- building blocks

def _n(seconds: float, rate: int) -> int:
    return max(1, int(round(seconds * rate)))


def _noise(count: int, seed: int) -> list[float]:
    rng = random.Random(seed)  # seeded: an effect sounds the same every time and in every test
    return [rng.uniform(-1.0, 1.0) for _ in range(count)]


def _lowpass(xs: list[float], cutoff: float | Callable[[float], float], rate: int) -> list[float]:
    """One-pole low-pass; ``cutoff`` (Hz) may be a function of time in seconds (a sweep)."""
    out = []
    y = 0.0
    if callable(cutoff):
        for i, x in enumerate(xs):
            a = 1.0 - math.exp(-TAU * cutoff(i / rate) / rate)
            y += a * (x - y)
            out.append(y)
        return out
    a = 1.0 - math.exp(-TAU * cutoff / rate)
    for x in xs:
        y += a * (x - y)
        out.append(y)
    return out


def _highpass(xs: list[float], cutoff: float, rate: int) -> list[float]:
    low = _lowpass(xs, cutoff, rate)
    return [x - lo for x, lo in zip(xs, low)]


def _envelope(count: int, rate: int, attack: float, decay: float) -> list[float]:
    """A linear rise over ``attack`` seconds, then an exponential fall with time constant ``decay``."""
    att = max(1, int(attack * rate))
    k = math.exp(-1.0 / (decay * rate))
    out = []
    level = 1.0
    for i in range(count):
        if i < att:
            out.append(i / att)
        else:
            out.append(level)
            level *= k
    return out


def _add_tone(buf: list[float], rate: int, start: float, freq: float, amp: float, attack: float,
              decay: float, partials: tuple[tuple[float, float, float], ...] = ((1.0, 1.0, 1.0),)) -> None:
    """Mix a decaying tone into ``buf`` from ``start`` seconds on.

    ``partials`` are (frequency ratio, amplitude, decay scale); each decays with ``decay * scale``.
    """
    first = _n(start, rate) if start > 0 else 0
    att = max(1, int(attack * rate))
    total = len(buf)
    for ratio, pamp, dscale in partials:
        f = freq * ratio
        if f >= rate / 2:  # above Nyquist: would alias
            continue
        tau = decay * dscale * rate  # samples
        level = amp * pamp
        # a phasor rotated by the tone's frequency each sample, its attack ramped, then shrunk by
        # the decay factor (no sin() call and no envelope multiply per sample)
        c, s = math.cos(TAU * f / rate), math.sin(TAU * f / rate)
        re, im = 1.0, 0.0
        end = min(total, first + att)
        for i in range(first, end):
            buf[i] += level * ((i - first) / att) * im
            re, im = re * c - im * s, re * s + im * c
        k = math.exp(-1.0 / tau)
        kc, ks = k * c, k * s
        re, im = re * level, im * level
        stop = min(total, end + int(tau * math.log(max(level, 1e-4) / 1e-4)) + 1)  # until below 1e-4
        for i in range(end, stop):
            buf[i] += im
            re, im = re * kc - im * ks, re * ks + im * kc


def _finish(buf: list[float], peak: float, fade: float, rate: int) -> list[float]:
    """Fade out the last ``fade`` seconds (no click at the end) and scale to ``peak``."""
    m = min(len(buf), _n(fade, rate))
    for i in range(m):
        buf[len(buf) - m + i] *= 1.0 - (i + 1) / m
    top = max((abs(x) for x in buf), default=0.0)
    if top > 0:
        g = peak / top
        buf = [x * g for x in buf]
    return buf


# ---------------------------------------------------------------------------- the effects

def card(rate: int) -> list[float]:
    """A soft paper flick: a ~60 ms burst of band-passed noise."""
    n = _n(0.06, rate)
    xs = _highpass(_lowpass(_noise(n, 11), 4200, rate), 900, rate)
    env = _envelope(n, rate, 0.004, 0.014)
    return _finish([x * e for x, e in zip(xs, env)], 0.55, 0.008, rate)


def tuck(rate: int) -> list[float]:
    """A lower slide: noise whose brightness falls, ending in a soft thump (~180 ms)."""
    length = 0.18
    n = _n(length, rate)
    xs = _lowpass(_noise(n, 23), lambda t: 2600 * (1 - t / length) + 350, rate)
    xs = _highpass(xs, 120, rate)
    att = _n(0.03, rate)
    body = [x * (min(1.0, i / att) * (1.0 - 0.7 * i / n)) for i, x in enumerate(xs)]
    _add_tone(body, rate, length - 0.06, 95.0, 0.25, 0.004, 0.03)
    return _finish(body, 0.5, 0.02, rate)


def coin(rate: int) -> list[float]:
    """A short metallic clink: two detuned partials (they beat) and a faint inharmonic overtone."""
    n = _n(0.3, rate)
    buf = [0.0] * n
    f = 2637.0  # E7
    _add_tone(buf, rate, 0.0, f, 1.0, 0.001, 0.07, ((1.0, 1.0, 1.0), (1.013, 0.8, 0.7), (2.76, 0.25, 0.35)))
    tick = _highpass(_noise(_n(0.004, rate), 5), 3000, rate)
    for i, x in enumerate(tick):
        buf[i] += 0.3 * x * (1 - i / len(tick))
    return _finish(buf, 0.45, 0.02, rate)


def click(rate: int) -> list[float]:
    """A UI click: a very short blip with a tick of noise (~25 ms)."""
    n = _n(0.025, rate)
    buf = [0.0] * n
    _add_tone(buf, rate, 0.0, 1450.0, 1.0, 0.0005, 0.005)
    tick = _highpass(_noise(_n(0.003, rate), 7), 2000, rate)
    for i, x in enumerate(tick):
        buf[i] += 0.35 * x * (1 - i / len(tick))
    return _finish(buf, 0.4, 0.004, rate)


_BELL = ((1.0, 1.0, 1.0), (2.0, 0.3, 0.45), (3.0, 0.08, 0.3))


def chime(rate: int) -> list[float]:
    """A pleasant rising C-E-G arpeggio (about one second): scoring, a reveal."""
    buf = [0.0] * _n(1.0, rate)
    for k, f in enumerate((1046.5, 1318.5, 1568.0)):
        _add_tone(buf, rate, 0.09 * k, f, 1.0 - 0.1 * k, 0.004, 0.3, _BELL)
    return _finish(buf, 0.5, 0.08, rate)


def turn(rate: int) -> list[float]:
    """A gentle two-note cue (G5 then C6): "your turn"."""
    buf = [0.0] * _n(0.65, rate)
    soft = ((1.0, 1.0, 1.0), (2.0, 0.15, 0.5))
    _add_tone(buf, rate, 0.0, 783.99, 0.85, 0.012, 0.2, soft)
    _add_tone(buf, rate, 0.14, 1046.5, 1.0, 0.012, 0.25, soft)
    return _finish(buf, 0.45, 0.06, rate)


EFFECTS: dict[str, Recipe] = {"card": card, "tuck": tuck, "coin": coin, "click": click, "chime": chime,
                              "turn": turn}
"""The built-in effects by name."""


# ---------------------------------------------------------------------------- PCM

def to_pcm(samples: list[float], size: int = -16, channels: int = 2) -> bytes:
    """Float samples (-1..1, mono) as raw PCM for a mixer of ``size`` (pygame's format code) and ``channels``.

    ``size`` is what ``pygame.mixer.get_init()`` reports: -16 (signed 16-bit, the usual), 16, -8, 8,
    or ±32 (32-bit float). The same sample goes to every channel. Raises ValueError for other formats.
    """
    clipped = [1.0 if x > 1.0 else (-1.0 if x < -1.0 else x) for x in samples]
    if size == -16:
        mono = array("h", map(int, map((32767.0).__mul__, clipped)))
    elif size == 16:
        mono = array("H", [int(x * 32767.0) + 32768 for x in clipped])
    elif size == -8:
        mono = array("b", [int(x * 127.0) for x in clipped])
    elif size == 8:
        mono = array("B", [int(x * 127.0) + 128 for x in clipped])
    elif size in (32, -32):  # SDL's float format (pygame reports it as -32)
        mono = array("f", clipped)
    else:
        raise ValueError(f"sound: unsupported mixer sample format {size}")
    if channels < 1:
        raise ValueError(f"sound: bad channel count {channels}")
    if channels == 1:
        return mono.tobytes()
    out = array(mono.typecode, bytes(mono.itemsize * len(mono) * channels))
    for ch in range(channels):
        out[ch::channels] = mono
    return out.tobytes()


# ---------------------------------------------------------------------------- the player

class Sounds:
    """Named sound effects, built on first use and cached; silent (never failing) without audio.

    ``enabled`` (``cfg.ui.sound``) may be changed at any time; when False nothing plays and the
    mixer is not even opened. ``volume`` is 0..1. ``min_gap`` (seconds) drops a repeat of the same
    effect that comes sooner than that (twenty cards finishing at once after a skip make one sound,
    not a roar). ``frequency``/``buffer`` are asked of the mixer if this object opens it; a mixer
    opened elsewhere is used as it is.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.7, *, min_gap: float = 0.03,
                 frequency: int = 44100, buffer: int = 512, effects: dict[str, Recipe] | None = None) -> None:
        self.enabled = bool(enabled)
        self._volume = 0.7
        self.volume = volume
        self.min_gap = min_gap
        self.frequency = frequency
        self.buffer = buffer
        self._recipes: dict[str, Recipe] = dict(EFFECTS)
        if effects:
            self._recipes.update(effects)
        self._cache: dict[str, Any] = {}
        self._pcm: dict[str, bytes] = {}  # built by a background preload, turned into Sounds on first use
        self._format: tuple[int, int, int] | None = None  # (rate, size, channels) once the mixer is open
        self._failed = False
        self._last: dict[str, float] = {}
        self._broken: set[str] = set()  # effects whose recipe failed
        self.error: str | None = None  # why audio is unavailable, for a log or a settings screen

    @classmethod
    def from_config(cls, cfg: Any, **kw: Any) -> Sounds:
        """A player switched on or off by ``cfg.ui.sound``."""
        return cls(enabled=bool(getattr(cfg.ui, "sound", True)), **kw)

    # ---- settings ---------------------------------------------------------
    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = min(1.0, max(0.0, float(value)))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._recipes)

    def add_effect(self, name: str, recipe: Recipe) -> None:
        """Add (or replace) an effect: ``recipe(rate)`` returns mono samples in -1..1."""
        self._recipes[name] = recipe
        self._cache.pop(name, None)
        self._broken.discard(name)
        self._pcm.pop(name, None)

    # ---- the mixer --------------------------------------------------------
    def _open(self) -> bool:
        if self._format is not None:
            return True
        if self._failed:
            return False
        try:
            got = pygame.mixer.get_init()
            if not got:
                pygame.mixer.init(frequency=self.frequency, size=-16, channels=2, buffer=self.buffer)
                got = pygame.mixer.get_init()
            if not got:
                raise RuntimeError("the mixer did not start")
            rate, size, channels = int(got[0]), int(got[1]), int(got[2])
            to_pcm([0.0], size, channels)  # a format we can write?
        except Exception as exc:  # noqa: BLE001 - no audio is never an error for the caller
            self._failed = True
            self.error = " ".join(str(exc).split()) or type(exc).__name__
            return False
        self._format = (rate, size, channels)
        return True

    @property
    def available(self) -> bool:
        """True if the mixer is (or could now be) opened. Asking opens it if it is not open yet."""
        return self._open()

    @property
    def mixer_format(self) -> tuple[int, int, int] | None:
        """(rate, size, channels) of the mixer in use, or None before it is opened or without audio."""
        return self._format

    # ---- effects ----------------------------------------------------------
    def _recipe(self, name: str) -> Recipe:
        try:
            return self._recipes[name]
        except KeyError:
            raise KeyError(f"sound: unknown effect {name!r} (known: {', '.join(self._recipes)})") from None

    def sound(self, name: str) -> Any:
        """The cached ``pygame.mixer.Sound`` for ``name`` (built now if needed), or None without audio."""
        recipe = self._recipe(name)
        hit = self._cache.get(name)
        if hit is not None:
            return hit
        if not self._open():
            return None
        assert self._format is not None
        if name in self._broken:
            return None
        pcm = self._pcm.pop(name, None)
        if pcm is None:
            try:
                pcm = self._build(recipe, self._format)
            except Exception as exc:  # noqa: BLE001 - a bad recipe silences that effect, not the game
                print(f"warning: sound {name!r} could not be synthesized: {exc}", file=sys.stderr)
                self._broken.add(name)
                return None
        try:
            snd = pygame.mixer.Sound(buffer=pcm)
        except Exception as exc:  # noqa: BLE001 - the mixer went away: no sound from now on
            self._failed, self._format = True, None
            self.error = " ".join(str(exc).split()) or type(exc).__name__
            return None
        self._cache[name] = snd
        return snd

    @staticmethod
    def _build(recipe: Recipe, fmt: tuple[int, int, int]) -> bytes:
        rate, size, channels = fmt
        return to_pcm(recipe(rate), size, channels)

    def preload(self, names: tuple[str, ...] | None = None, background: bool = False) -> threading.Thread | None:
        """Build effects now instead of on their first play (the chime takes tens of milliseconds).

        ``background=True`` synthesizes them in a daemon thread (returned) while the frame loop
        runs; each then becomes a ``Sound`` on its first play, on the calling thread. Does nothing
        while disabled or without audio.
        """
        if not self.enabled or not self._open():
            return None
        todo = [n for n in (names or self.names) if n not in self._cache]
        for n in todo:
            self._recipe(n)
        if not background:
            for n in todo:
                self.sound(n)
            return None
        fmt = self._format
        assert fmt is not None
        jobs = [(n, self._recipes[n]) for n in todo]

        def work() -> None:
            for n, recipe in jobs:
                try:
                    pcm = self._build(recipe, fmt)
                except Exception:  # noqa: BLE001 - built again (and reported) on first play
                    continue
                if n not in self._cache and self._recipes.get(n) is recipe:
                    self._pcm[n] = pcm

        thread = threading.Thread(target=work, name="sound-preload", daemon=True)
        thread.start()
        return thread

    def play(self, name: str) -> bool:
        """Play effect ``name``; True if it started. Unknown names raise KeyError, nothing else raises."""
        self._recipe(name)
        if not self.enabled or self._volume <= 0:
            return False
        now = time.monotonic()
        if now - self._last.get(name, -1e9) < self.min_gap:
            return False
        snd = self.sound(name)
        if snd is None:
            return False
        self._last[name] = now
        return self._start(snd)

    def _start(self, snd: Any) -> bool:
        try:
            snd.set_volume(self._volume)
            snd.play()
        except Exception:  # noqa: BLE001 - e.g. the mixer was closed by someone else
            return False
        return True

    def stop(self) -> None:
        """Silence everything this mixer is playing (no-op without audio)."""
        if self._format is None:
            return
        with contextlib.suppress(Exception):
            pygame.mixer.stop()

    def forget(self) -> None:
        """Drop the cached sounds and the mixer format (call after the mixer was closed and reopened)."""
        self._cache.clear()
        self._pcm.clear()
        self._broken.clear()
        self._format = None
        self._failed = False
        self.error = None
