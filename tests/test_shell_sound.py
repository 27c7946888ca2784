"""Synthesized sound effects: built in the mixer's own format, cached, silent when off or without audio."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from array import array  # noqa: E402
from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell import sound as S  # noqa: E402
from game.shell.sound import EFFECTS, Sounds, to_pcm  # noqa: E402

# (shortest, longest) plausible length in seconds of each built-in effect
LENGTHS = {"card": (0.04, 0.1), "tuck": (0.1, 0.3), "coin": (0.1, 0.5), "click": (0.01, 0.06),
           "chime": (0.5, 1.5), "turn": (0.3, 1.0)}


@pytest.fixture(autouse=True)
def fresh_mixer() -> Iterator[None]:
    """Every test starts and ends with the mixer closed (Sounds opens it itself)."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def _bytes_per_sample(size: int) -> int:
    return abs(size) // 8


def test_every_effect_is_a_sound_in_the_mixers_format_with_a_plausible_length() -> None:
    s = Sounds()
    assert s.available
    rate, size, channels = pygame.mixer.get_init()
    assert s.mixer_format == (rate, size, channels)
    assert set(s.names) >= set(LENGTHS) and set(EFFECTS) == set(LENGTHS)
    for name, (lo, hi) in LENGTHS.items():
        snd = s.sound(name)
        assert isinstance(snd, pygame.mixer.Sound), name
        assert lo <= snd.get_length() <= hi, (name, snd.get_length())
        raw = snd.get_raw()
        frame = _bytes_per_sample(size) * channels
        assert len(raw) % frame == 0
        assert len(raw) // frame == pytest.approx(snd.get_length() * rate, abs=2)
        assert any(raw), f"{name} is silent"


def test_effects_follow_a_mixer_opened_elsewhere_with_another_rate_and_one_channel() -> None:
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    rate, size, channels = pygame.mixer.get_init()
    s = Sounds()
    assert s.mixer_format is None  # not opened before first use
    snd = s.sound("card")
    assert s.mixer_format == (rate, size, channels) == (22050, -16, 1)
    # 60 ms at the mixer's rate, mono 16-bit: two bytes a frame
    assert len(snd.get_raw()) == pytest.approx(0.06 * rate * 2 * channels, abs=4 * channels)
    assert snd.get_length() == pytest.approx(0.06, abs=0.005)


def test_sounds_are_built_once_and_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = EFFECTS["coin"]

    def counting(rate: int) -> list[float]:
        calls.append(rate)
        return original(rate)

    s = Sounds(effects={"coin": counting}, min_gap=0.0)
    first = s.sound("coin")
    assert first is not None and s.sound("coin") is first
    assert s.play("coin") and s.play("coin")
    assert len(calls) == 1


def test_disabled_plays_nothing_and_does_not_open_the_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[object] = []
    opened: list[int] = []
    real_init = pygame.mixer.init
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: (opened.append(1), real_init(*a, **k)))
    s = Sounds(enabled=False)
    monkeypatch.setattr(s, "_start", lambda snd: started.append(snd) or True)
    for name in LENGTHS:
        assert s.play(name) is False
    s.preload()
    assert started == [] and opened == [] and pygame.mixer.get_init() is None
    s.enabled = True  # switching on at run time works
    assert s.play("click") is True
    assert len(started) == 1 and opened == [1]
    s.volume = 0.0  # volume 0 is silence too
    assert s.play("chime") is False and len(started) == 1


def test_a_failing_mixer_makes_a_quiet_no_op(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kw: object) -> None:
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    s = Sounds()  # nothing happens on construction
    assert s.play("coin") is False  # no exception
    assert s.available is False
    assert s.sound("chime") is None
    assert s.preload() is None and s.preload(background=True) is None
    s.stop()
    assert "audio device" in (s.error or "")
    with pytest.raises(KeyError, match="trumpet"):
        s.play("trumpet")  # a misspelt name is still a programming error


def test_a_missing_mixer_module_is_a_no_op_too(monkeypatch: pytest.MonkeyPatch) -> None:
    class Missing:
        def __getattr__(self, name: str) -> object:
            raise NotImplementedError("mixer module not available")

    monkeypatch.setattr(S.pygame, "mixer", Missing())
    s = Sounds()
    assert s.play("card") is False and not s.available


def test_unknown_names_raise_key_error_even_when_disabled() -> None:
    with pytest.raises(KeyError, match="known: card"):
        Sounds(enabled=False).play("cards")
    with pytest.raises(KeyError):
        Sounds().sound("nope")


def test_a_quick_repeat_of_the_same_effect_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(S.time, "monotonic", lambda: now[0])
    s = Sounds(min_gap=0.05)
    monkeypatch.setattr(s, "_start", lambda snd: True)
    assert s.play("card") is True
    assert s.play("card") is False  # same instant: one sound, not a roar
    assert s.play("coin") is True  # another effect is not held back
    now[0] += 0.06
    assert s.play("card") is True


def test_background_preload_builds_in_a_thread_and_plays_from_it() -> None:
    s = Sounds()
    thread = s.preload(("chime", "turn"), background=True)
    assert thread is not None
    thread.join(10)
    assert not thread.is_alive()
    assert set(s._pcm) == {"chime", "turn"}
    assert isinstance(s.sound("chime"), pygame.mixer.Sound) and "chime" not in s._pcm


def test_custom_effects_and_a_broken_recipe_only_silence_themselves() -> None:
    s = Sounds(min_gap=0.0)
    s.add_effect("beep", lambda rate: [0.5] * (rate // 100))
    assert s.sound("beep").get_length() == pytest.approx(0.01, abs=0.001)

    def bad(rate: int) -> list[float]:
        raise ValueError("oops")

    s.add_effect("bad", bad)
    assert s.play("bad") is False
    assert s.available and s.play("click") is True


def test_volume_is_clamped() -> None:
    s = Sounds(volume=3)
    assert s.volume == 1.0
    s.volume = -1
    assert s.volume == 0.0


@pytest.mark.parametrize("size,code", [(-16, "h"), (16, "H"), (-8, "b"), (8, "B"), (-32, "f"), (32, "f")])
def test_to_pcm_writes_each_sample_format_and_interleaves_channels(size: int, code: str) -> None:
    raw = to_pcm([0.0, 0.5, -0.5, 2.0], size, channels=2)
    got = array(code, raw)
    assert len(got) == 8
    assert got[0::2] == got[1::2]  # the same sample in both channels
    left = list(got[0::2])
    assert left[0] < left[1] and left[2] < left[0] and left[3] >= left[1]  # 2.0 is clipped, not wrapped
    assert to_pcm([1.0, -1.0], -16, 1) == array("h", [32767, -32767]).tobytes()
    with pytest.raises(ValueError):
        to_pcm([0.0], 24, 2)
