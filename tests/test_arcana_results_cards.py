"""Res Arcana's results use their lower half (a play-tester's finding: it stood empty under the buttons): each
player's cards in play as the game ended, the cards that scored first with the points each gave.

Over seeded whole games (2, 3 and 4 players, the playout policy), the results at 1280x720 and 1600x900: every
card each player has in play is named whole in their column, under the buttons; the points its chips show
add up to the player's points less the first-player token's and the other points; the chips stay in their
box, none over another; every text passes the fit audit (whole, at 13 px or more, none over another). The
control: the shared results (the old screen) name no card.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.arcana.bots import fast_policy
from game.arcana.engine import new_game
from game.arcana.ui import TableScene
from game.arcana.ui import results as R
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.table import ResultsScene as SharedResults

from .test_arcana_ui_fit import Audit

GAMES = [(2, 4), (3, 9), (4, 12), (4, 5)]
WINDOWS = [(1280, 720), (1600, 900)]


def _results(cfg: Any, players: int, seed: int, window: tuple[int, int], shared: bool = False) -> tuple[Any, Any]:
    st = new_game(players, seed, preset="random")
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply(fast_policy(st, rng))
    app = testing.make_app(window_size=window, skip_animations=True)
    sess = GameSession(players, [Seat("human", name="Annabel")] + [Seat("bot", "rule")] * (players - 1), seed,
                       {"preset": "random"}, presets=None, game="arcana")
    sess.state = st
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 2)
    scene = SharedResults(cfg, sess) if shared else table.results_scene()
    app.push(scene)
    testing.step(app, 3)
    testing.move(app, (4, 896), frames=2)
    return app, scene


def _named(app: Any, names: list[str], below: int) -> list[str]:
    """The names not drawn whole (their words on the lines of one chip) under ``below``."""
    drawn = [d for d in app.last_frame_texts if d.rect.y >= below]
    lines = " ".join(d.text for d in drawn)
    return [n for n in names if n not in lines and not set(n.split()) <= set(lines.split())]


@pytest.mark.parametrize("players,seed", GAMES)
def test_the_results_show_each_players_cards_and_their_points(cfg, players: int, seed: int) -> None:
    from game.arcana.adapter import points_by_source

    for window in WINDOWS:
        app, scene = _results(cfg, players, seed, window)
        st, where = scene.s.state, f"{players}p seed {seed} {window}"
        buttons = max(w.rect.bottom for w in scene.root.children)
        cards = [st.c.cards[ci].name for p in range(players) for ci in st.play[p]]
        assert not _named(app, cards, buttons), (where, _named(app, cards, buttons))
        chips = []
        for p, col, got in scene.cols:
            src = points_by_source(st, p)
            assert sum(c.points for c in got) == st.points(p) - src.get("First player", 0) - src.get("Other", 0)
            assert len(got) == len(st.play[p]) and all(col.x <= c.rect.x and c.rect.right <= col.right for c in got)
            chips += [c.rect for c in got]
        assert all(scene.cards_box.contains(r) and r.y > buttons for r in chips), where
        assert not [r for i, r in enumerate(chips) if r.collidelist(chips[i + 1:]) >= 0], where
        audit = Audit()
        audit.check(app.last_frame_texts, [], where + ": ")
        assert not audit.bad, audit.report()


def test_control_the_shared_results_name_no_card(cfg) -> None:
    app, scene = _results(cfg, 2, 4, WINDOWS[0], shared=True)
    st = scene.s.state
    cards = [st.c.cards[ci].name for p in range(2) for ci in st.play[p] if st.c.cards[ci].kind != "mage"]
    assert _named(app, cards, 0) == cards  # (a mage's name is the seat's, in the table of points)


def test_the_chips_step_down_to_fit_a_crowded_column() -> None:
    """Sixteen cards a player at 4 players: the chips go narrower and more to a row, never past the box."""
    import pygame

    from .test_arcana_ui_fit import crowd

    st = new_game(4, 3, preset="random")
    crowd(st, [16, 16, 16, 14])
    area = pygame.Rect(56, 520, 1488, 340)
    px, cols = R.columns(st, [0, 1, 2, 3], ["A name: 10 points"] * 4, area)
    assert px >= 13 and all(c.rect.bottom <= area.bottom for _, _, chips in cols for c in chips)
