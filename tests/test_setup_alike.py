"""The two games' setup screens say the same things the same way (play-tester p2, finding 3).

Realm's seat chooser said "Bot: normal" with Start above Back; Res Arcana's said "Normal bot" with Back left
of Start. Both now say "Bot: normal" and put Back left of Start, on one row.
"""

from __future__ import annotations

import pytest

from game.core.games import get_game
from game.shell import testing
from game.shell.widgets import Container, Label

WINDOWS = [(1280, 720), (1600, 900)]


def _setup(cfg, key: str, window: tuple[int, int]):
    app = testing.make_app(window_size=window)
    setup = get_game(key).ui().SetupScene(cfg, get_game(key))
    app.push(setup)
    testing.step(app, 3)
    return app, setup


@pytest.mark.parametrize("key", ["realm", "arcana"])
@pytest.mark.parametrize("window", WINDOWS)
def test_the_seat_chooser_says_bot_colon_level_and_back_sits_left_of_start(cfg, key, window) -> None:
    cfg.bots["default"] = "normal"
    app, setup = _setup(cfg, key, window)
    said = testing.drawn_texts(app)
    assert "Bot: normal" in said and "Normal bot" not in said
    back, start = testing.find_widget(app, "Back"), testing.find_widget(app, "Start")
    assert back.rect.centery == start.rect.centery and back.rect.right < start.rect.left
    assert not back.rect.colliderect(start.rect)
    controls = [w.rect for w in testing.widgets(app) if w.visible and w not in (back, start)
                and not isinstance(w, (Label, Container))]
    assert not any(r.colliderect(back.rect) or r.colliderect(start.rect) for r in controls)
    texts = [d for d in app.last_frame_texts if d.text not in ("Back", "Start", "Esc", "Enter")]
    assert not [d.text for d in texts if d.rect.colliderect(back.rect) or d.rect.colliderect(start.rect)]
