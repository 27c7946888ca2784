"""Every move seen (issue 22): the cards each player revealed shown by their board, in the order they
resolve, until the next cards are chosen; the acting player's board lit and marked."""

from __future__ import annotations

import random

from game.core.session import GameSession, Seat
from game.realm.bots import fast_policy
from game.realm.ui.main import TableScene
from game.realm.ui.table import board_rect
from game.realm.ui.words import card_name
from game.shell import testing


def _scene_playing(cfg, players: int, seed: int, stop):
    """A table of humans played by the rule policy through the scene (so its events are drained as in
    a game) until ``stop(state)``."""
    sess = GameSession(players, [Seat("human") for _ in range(players)], seed=seed)
    app = testing.make_app(skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    rng = random.Random(seed)
    for _ in range(2000):
        st = sess.state
        if stop(st):
            break
        scene.submit(fast_policy(st, rng))
    else:
        raise AssertionError("the stop was never reached")
    scene.viewer = scene.revealed_for = sess.to_move()
    scene.rebuild()
    testing.step(app, 2)
    return app, scene, sess.state


def _texts_on_board(app, players: int, p: int) -> list[str]:
    r = board_rect(players, p)
    return [t.text for t in app.last_frame_texts if r.contains(t.rect)]


def test_each_board_shows_the_card_its_player_revealed_in_the_order_they_resolve(cfg) -> None:
    # round 2 of age 1, after the reveal, once the first card has been played
    app, scene, st = _scene_playing(cfg, 4, 13, lambda s: s.round == 2 and s.decision_name() not in ("select",)
                                    and any(x < 0 for x in s.selected))
    order = scene.last_reveal[1]
    assert sorted(order) == list(range(4))
    for p in range(4):
        cid = scene.last_reveal[0][p]
        name = card_name(st.c, st.c.card_index(cid))
        on_board = " ".join(_texts_on_board(app, 4, p))
        assert f"{order.index(p) + 1}. " in on_board, (p, on_board)
        played = st.selected[p] < 0
        assert ("\u2713" in on_board) == played  # a card already played is ticked
        assert name.split()[0] in on_board


def test_while_the_next_cards_are_chosen_each_board_shows_last_rounds_card(cfg) -> None:
    app, scene, st = _scene_playing(cfg, 3, 12, lambda s: s.round == 3 and s.decision_name() == "select")
    for p in range(3):
        on_board = " ".join(_texts_on_board(app, 3, p))
        assert "last round: " in on_board, on_board
    # control: before any card is revealed in an age there is nothing to show
    app2, _scene2, _st2 = _scene_playing(cfg, 3, 12, lambda s: s.round == 1 and s.decision_name() == "select")
    assert not any("last round" in t for t in testing.drawn_texts(app2))


def test_the_acting_players_board_is_marked_and_no_other(cfg) -> None:
    app, scene, st = _scene_playing(cfg, 4, 13, lambda s: s.round == 2 and s.decision_name() == "tuck")
    p = st.to_move()
    for q in range(4):
        marked = any(t.startswith("\u25b6") for t in _texts_on_board(app, 4, q))
        assert marked == (q == p), (q, p)
    # in a card selection every seat still choosing is acting
    app, scene, st = _scene_playing(cfg, 4, 13, lambda s: s.round == 2 and s.decision_name() == "select"
                                    and sum(x >= 0 for x in s.selected) == 1)
    for q in range(4):
        marked = any("choosing a card" in t for t in _texts_on_board(app, 4, q))
        assert marked == (st.selected[q] < 0), q
