"""Realm's header prompt never runs under the shell's Hint, Undo and History buttons (play-test: with the
buttons widened for their key badges, "Click a region to place an acolyte, then Confirm; 3 left (5 in reserve)"
ran under Hint at 18 px, centred where it always was)."""

from __future__ import annotations

import pygame

from game.realm.engine import kinds
from game.realm.ui import table as realm_table
from game.realm.ui.words import acolytes_left, place_prompt, prompt
from game.shell import text as T
from game.shell.table import TableBase


def _every_prompt() -> list[str]:
    said = [prompt(d) + acolytes_left(d, 9, 12) for d in kinds._PROMPT]
    said.append(place_prompt(9, 12))
    said.append("Seat 5 (The Veil Wardens): " + max(said, key=len))  # pass-and-play names whose decision it is
    return said


def _drawn(words: str, left: int) -> list[pygame.Rect]:
    surf = pygame.Surface((1600, 900))
    T.registry.begin_frame()
    realm_table.TableRenderer._prompt(surf, words, left)
    return [d.rect for d in T.registry.items]


def test_the_prompt_ends_before_the_hint_button() -> None:
    assert TableBase.hint_rect.x - 8 >= realm_table.PROMPT_RIGHT
    left = realm_table.DIRECTION_X + T.text_size("hands pass \u21ba counter-clockwise", 14)[0] + 16
    for words in _every_prompt():
        rects = _drawn(words, left)
        assert rects, words
        for r in rects:
            assert r.x >= left and r.right <= realm_table.PROMPT_RIGHT and r.bottom <= 44, (words, r)
        assert " ".join(T.registry.texts()).split() == words.split()  # whole, never cut


def test_the_control_the_old_centred_prompt_reached_the_hint_button() -> None:
    """The longest prompt, centred at 18 px as before, runs past the Hint button's left edge."""
    longest = max(_every_prompt(), key=lambda w: T.text_size(w, 18, bold=True)[0])
    half = T.text_size(longest, 18, bold=True)[0] // 2
    assert realm_table.PROMPT_CENTRE_X + half > TableBase.hint_rect.x
