"""The label "Your hand" and the hand's band stay put through a whole game (play-test finding: the band was
as tall as the hand's tallest card needed, and full height once the cards in play or the hand crowded it, so
the label moved by up to 78 px as cards came and went, and the cards in play above it with it). The band is
now as tall as the tallest card any hand can hold, for the whole game, as a rival's columns only grow.

Over seeded whole games (2, 3 and 4 players, from the mages' choice to the end, the playout policy playing
every seat) the table is drawn after every move with seat 0 as the viewer: the label's drawn rectangle and
the hand's band are the same at every move. The control: the old band, as tall as the hand needed, moves.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.arcana.bots import fast_policy
from game.arcana.engine import new_game
from game.shell import text as T

GAMES = [(2, 4, False), (3, 9, False), (4, 12, False), (2, 21, True)]  # (players, seed, draft)
MAX_MOVES = 700
AREAS: set[tuple] = set()


def _table(cfg: Any, players: int, seed: int, draft: bool) -> Any:
    from game.arcana.ui import TableScene
    from game.core.session import GameSession, Seat
    from game.shell import testing

    app = testing.make_app(window_size=(1280, 720), skip_animations=True)
    sess = GameSession(players, [Seat("human", name=f"P{p + 1}") for p in range(players)], seed,
                       {"preset": "random", "draft": draft}, presets=None, game="arcana")
    sess.state = new_game(players, seed, preset="random", draft=draft)
    table = TableScene(cfg, sess)
    app.push(table)  # no frame runs: the test moves the game and draws the table itself
    return table


def _label_places(cfg: Any, players: int, seed: int, draft: bool) -> tuple[set[tuple], set[tuple], int]:
    """Every place the label "Your hand" and the hand's band had through a game, and how many moves it took;
    the rivals' areas' places go in ``AREAS``."""
    table = _table(cfg, players, seed, draft)
    st = table.s.state
    rng = random.Random(seed)
    surface = pygame.Surface((1600, 900))
    labels: set[tuple] = set()
    bands: set[tuple] = set()
    moves = 0
    while moves < MAX_MOVES and not st.is_terminal():
        table.viewer = 0
        T.registry.begin_frame()
        table.draw_table(surface)
        labels |= {tuple(d.rect) for d in T.registry.items if d.text == "Your hand"}
        bands.add(tuple(table.anchors[("hand", 0)])[1::2])  # its top and height (its width follows the hand)
        AREAS.add(tuple(tuple(table.anchors[("area", q)]) for q in range(1, players)))
        st.apply(fast_policy(st, rng))
        moves += 1
    return labels, bands, moves


@pytest.mark.parametrize("players,seed,draft", GAMES)
def test_your_hand_stays_put_through_a_whole_game(cfg, players: int, seed: int, draft: bool) -> None:
    AREAS.clear()
    labels, bands, moves = _label_places(cfg, players, seed, draft)
    assert moves > 60
    assert len(labels) == 1, sorted(labels)
    assert len(bands) == 1, sorted(bands)
    # the rivals' areas too, from the setup on (at four players the legend moved down from the rivals' row
    # once the setup's eight magic items were taken, and the rivals' areas widened)
    assert len(AREAS) == 1, sorted(AREAS)


def test_control_the_old_band_as_tall_as_the_hand_moves(cfg, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.arcana.ui import table as TB

    monkeypatch.setattr(TB.TableScene, "_band_height", lambda self, pl: min(
        TB.LY.FACE[1], max([TB.DECK_H] + [self._face_need(ci, TB.LY.FACE[0]) for ci in self._hand_cards(pl)])))
    labels, _bands, _moves = _label_places(cfg, 2, 4, False)
    assert len(labels) > 1


@pytest.mark.parametrize("players", [2, 4])
def test_an_untapped_sea_serpent_in_play_reads_whole(cfg, players: int) -> None:
    """The viewer's cards in play are sized for the taller of tapped and untapped (found playing this fix:
    sized as tapped, an untapped Sea Serpent, whose type line takes two lines, showed a chevron)."""
    from .arcana_helpers import give
    from .test_arcana_ui_play_room import _state, _table

    st = _state(players, 3, 2)
    serpent = give(st, 0, "sea_serpent")
    _app, table = _table(cfg, st, players, (1280, 720))
    assert serpent in table._play_order[0] and table.card_lines.get(serpent, 0) == 0
    assert serpent not in table.cut_faces
