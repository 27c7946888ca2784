"""Res Arcana's setup screen: the note under the Setup chooser reads as a paragraph of its own (play-tester
p1, finding 21: the match's note wrapped to three lines and its last word, "1.", sat against the Seed row).

The app draws to a 1600x900 logical canvas, so the rectangles are logical ones; each check runs at
1280x720 and 1600x900, for every setup on offer.
"""

from __future__ import annotations

import pygame
import pytest

from game.core.games import get_game
from game.shell import testing

WINDOWS = [(1280, 720), (1600, 900)]
GAP = 10  # logical pixels of clear space between the note and the Seed row


def _setup_screen(cfg, window: tuple[int, int]):
    app = testing.make_app(window_size=window)
    setup = get_game("arcana").ui().SetupScene(cfg, get_game("arcana"))
    app.push(setup)
    testing.step(app, 3)
    return app, setup


def _note_lines(app, note_rect: pygame.Rect) -> list:
    return [d for d in app.last_frame_texts if note_rect.contains(d.rect)]


@pytest.mark.parametrize("window", WINDOWS)
def test_each_setup_note_keeps_clear_of_the_seed_row_in_two_lines(cfg, window) -> None:
    from game.arcana.ui.setup import SETUP_NOTES

    app, setup = _setup_screen(cfg, window)
    seed_row = setup.seed.rect.union(testing.find_widget(app, "Seed").rect)
    for index, note in enumerate(SETUP_NOTES):
        setup.players.select(0)  # two players: every setup, the match included, is on offer
        setup.setup.select(index)
        testing.step(app, 2)
        assert setup.note.text == note
        lines = _note_lines(app, setup.note.rect)
        assert lines, f"the note of setup {index} was not drawn"
        assert " ".join(d.text for d in lines) == note  # the whole note, nothing left out
        assert len(lines) <= 2, f"setup {index}'s note wraps to {len(lines)} lines: {[d.text for d in lines]}"
        lowest = max(d.rect.bottom for d in lines)
        assert lowest + GAP <= seed_row.top, f"setup {index}'s note ends at {lowest}, the Seed row starts at " \
                                             f"{seed_row.top}"
        chooser = setup.setup.rect
        assert all(not d.rect.colliderect(chooser) for d in lines)


@pytest.mark.parametrize("window", WINDOWS)
def test_no_text_on_the_setup_screen_overlaps_another(cfg, window) -> None:
    from game.arcana.ui.setup import MATCH

    app, setup = _setup_screen(cfg, window)
    for index in (0, MATCH):
        setup.setup.select(index)
        testing.step(app, 2)
        texts = app.last_frame_texts
        for i, d in enumerate(texts):
            for other in texts[i + 1:]:
                assert not d.rect.colliderect(other.rect), (d.text, tuple(d.rect), other.text, tuple(other.rect))


def test_the_gap_check_sees_a_note_against_the_seed_row(cfg) -> None:
    """Control: a note pushed down onto the Seed row is caught by the same measure."""
    app, setup = _setup_screen(cfg, WINDOWS[0])
    setup.note.rect.y = setup.seed.rect.top - 20
    app.invalidate()  # the widgets' words did not change, so the still picture is drawn again on request
    testing.step(app, 2)
    lines = _note_lines(app, setup.note.rect)
    assert lines and max(d.rect.bottom for d in lines) + GAP > setup.seed.rect.top
