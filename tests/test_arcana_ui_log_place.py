"""The open Game log covers nothing a player must read and moves no card (play-test s5 p1, item 22: it lay
over part of the Magic items row; a later finding: over the rivals' row it squeezed the rivals' cards). It
stands in the decision panel's room under the panel's words and controls (a crowded collect: in the hand's
band right of the hand): no card (a rival's, the viewer's, the centre's), no group of the centre (places of
power, monuments and their pile, magic items, the supply), no control of the panel and no text is under it,
and every card has the same place with the log open and closed. Checked at 1280x720 and 1600x900 over seeded
games at 2, 3 and 4 players and on crowded tables, with the old place of the log as the control.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest

from game.arcana.ui import TableScene
from game.arcana.ui import table as TB
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.table import ResultsScene

from .test_arcana_ui_fit import Audit, _action_phase_state, _lift_curtain, _table_frame, crowd

WINDOWS = [(1280, 720), (1600, 900)]
NAMES = ["Annabel", "Bartholomew", "Constantine", "Dorothea"]
CENTRE_KEYS = {"places_label", "monuments_label", "items_label", "pile", "supply"}


def _under_the_log(table: Any) -> list[str]:
    """What the open log lies over: cards drawn this frame, the centre's groups, the decision panel."""
    log = table.log.rect
    names = [table.c.cards[k[1]].name for k, r in table.anchors.items() if k[0] == "card" and log.colliderect(r)]
    names += [f"a card drawn at {tuple(r)}" for _, r in table.card_boxes if log.colliderect(r)]
    names += [k[0] for k, r in table.anchors.items() if k[0] in CENTRE_KEYS and log.colliderect(r)]
    names += [f"the button {b.text!r}" for b in table.buttons
              if getattr(b, "visible", True) and log.colliderect(b.rect)]
    return names + (["the collect's rows"] if log.collidelist(table.collect_rows) >= 0 else [])


def _table_texts(app: Any, table: Any) -> list[Any]:
    """The frame's texts less the log's own (its lines, drawn over the table inside its box); a text of the
    table under the log is reported too (as the Game log title over it)."""
    items = app.last_frame_texts
    start = max(i for i, d in enumerate(items) if d.text == "Game log")
    log = table.log.rect
    under = [d for d in items[:start] if log.colliderect(d.rect)]
    assert under == [], [d.text for d in under]
    return [d for i, d in enumerate(items) if i < start or not log.contains(d.rect)]


def _open_log(app: Any) -> None:
    testing.key(app, pygame.K_l, frames=2)
    testing.move(app, (4, 896), frames=2)  # no tip over the table


def _table_on(cfg: Any, state: Any, players: int, window: tuple[int, int]) -> tuple[Any, Any]:
    app = testing.make_app(window_size=window, skip_animations=True)
    sess = GameSession(players, [Seat("human", name=NAMES[p]) for p in range(players)], 7, {"preset": "random"},
                       presets=None, game="arcana")
    sess.state = state
    table = app.push(TableScene(cfg, sess))
    testing.step(app, 3)
    _lift_curtain(app)
    return app, table


def _cards(table: Any) -> dict[int, tuple]:
    """Every card's place on the table (the rivals', the viewer's, the centre's)."""
    return {k[1]: tuple(r) for k, r in table.anchors.items() if k[0] == "card"}


def _check_open_log(cfg: Any, state: Any, players: int, audit: Audit, where: str) -> None:
    for window in WINDOWS:
        app, table = _table_on(cfg, state.copy(), players, window)
        closed = _cards(table)
        _open_log(app)
        assert _cards(table) == closed, f"{where} {window}: a card moved as the log opened"
        assert table.log.rect.h >= TB.LOG_LEAST, (where, table.log.rect)
        assert table.show_log and _table_frame(app, table), where
        assert testing.was_drawn(app, "Game log")
        assert _under_the_log(table) == [], f"{where} {window}"
        audit.check(_table_texts(app, table), table.card_boxes, f"{where} {window}: ")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_open_log_covers_no_card_on_a_crowded_table(cfg, players: int) -> None:
    state = next(s for s in (_action_phase_state(players, seed) for seed in range(7, 60)) if s.to_move() == 0)
    crowd(state, [16, 16, 16, 14][:players])
    audit = Audit()
    _check_open_log(cfg, state, players, audit, f"crowded {players}p")
    assert not audit.bad, audit.report()


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 11), (4, 7)])
def test_the_open_log_covers_no_card_during_seeded_games(cfg, players: int, seed: int) -> None:
    """Every tenth position of a seeded game played at random where seat 0 is to move."""
    from game.arcana.engine import new_game

    s = new_game(players, seed, preset="random")
    rng = random.Random(seed)
    audit, seen, step = Audit(), 0, 0
    while not s.is_terminal():
        if s.to_move() == 0 and step % 10 == 0:
            _check_open_log(cfg, s, players, audit, f"{players}p seed {seed} step {step}")
            seen += 1
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
        step += 1
    assert seen >= 4
    assert not audit.bad, audit.report()


def test_the_open_log_through_a_game_with_its_lines(cfg) -> None:
    """A game against a rule bot with the log open throughout: filled with the moves, it stays clear."""
    app = testing.make_app(window_size=(1280, 720), skip_animations=True)
    sess = GameSession(2, [Seat("human", name="Annabel"), Seat("bot", "rule", name="Bartholomew")], 3,
                       {"preset": "random"}, presets=None, game="arcana")
    table = app.push(TableScene(cfg, sess))
    testing.step(app, 2)
    _lift_curtain(app)
    _open_log(app)
    rng, audit, clear = random.Random(3), Audit(), 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not isinstance(app.stack.top, ResultsScene):
        testing.step(app, 1)
        _lift_curtain(app)
        if _table_frame(app, table) and table.show_log:
            assert _under_the_log(table) == [], sess.state.round
            audit.check(_table_texts(app, table), table.card_boxes, f"round {sess.state.round}: ")
            clear += 1
        if table.my_turn and not sess.is_over() and app.stack.top is table:
            legal = sess.state.legal_actions()
            table.submit(legal[rng.randrange(len(legal))])
        time.sleep(0.0005)
    assert sess.is_over() and clear > 20 and len(table.log.entries) > 30
    assert not audit.bad, audit.report()


def test_control_the_old_log_lay_over_the_magic_items(cfg) -> None:
    old = pygame.Rect(1112, TB.OPP_Y, 480, TB.ME_Y - TB.OPP_Y - 4)
    state = _action_phase_state(2, 3)
    app, table = _table_on(cfg, state, 2, WINDOWS[0])
    table._place_log = lambda texts, cards: None  # the log kept where it is put
    table.log.rect = pygame.Rect(old)
    _open_log(app)
    under = _under_the_log(table)
    items = {table.c.cards[ci].name for ci in table.c.items}
    assert "items_label" in under and items & set(under), under


@pytest.mark.parametrize("players", [3, 4])
def test_control_over_the_rivals_row_the_log_covers_their_cards(cfg, players: int) -> None:
    """The log where it stood (over the rivals' row at its right, as tall as the row), the rivals' cards not
    making room for it: it covers some of them (the room they made moved them)."""
    from .test_arcana_ui_play_room import _state, _table

    app, table = _table(cfg, _state(players, 6, 2), players, (1280, 720))
    table._place_log = lambda texts, cards: None
    table.log.rect = pygame.Rect(TB.PANEL.x, TB.OPP_Y, TB.PANEL.w, TB.OPP_H)
    _open_log(app)
    rivals = {table.c.cards[ci].name for q in range(1, players) for ci in table._play_order[q]}
    assert rivals & set(_under_the_log(table))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_opening_the_log_moves_no_rival_card(cfg, players: int) -> None:
    """Over states with 5 to 12 cards in play a seat, at both sizes: each rival's card rects are the same
    with the log open and closed, and the log is under none of them."""
    from .test_arcana_ui_play_room import _state, _table

    for window in WINDOWS:
        for in_play in (5, 8, 12):
            app, table = _table(cfg, _state(players, in_play, 2), players, window)
            rivals = [ci for q in range(1, players) for ci in table._play_order[q]]
            closed = {ci: tuple(table.anchors[("card", ci)]) for ci in rivals}
            _open_log(app)
            assert table.show_log and testing.was_drawn(app, "Game log")
            assert {ci: tuple(table.anchors[("card", ci)]) for ci in rivals} == closed, (players, window, in_play)
            assert _under_the_log(table) == [], (players, window, in_play)
