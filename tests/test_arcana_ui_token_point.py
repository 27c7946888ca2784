"""The point of the first-player token is said on the table, beside the points it is counted in (play-test
s5 p1, item 19: a player starts with "★ 1" and nothing visible said why; only a tooltip did). The seat
holding the token shows "+1 for the first-player token" (or a shorter wording where the room is short)
just left of its "★ N"; no other seat does. At 1280x720 and 1600x900, from a game's first decision, at
2, 3 and 4 players, with every text still whole.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.arcana.engine import new_game
from game.arcana.ui import TableScene
from game.arcana.ui.table import TOKEN_LEGENDS
from game.core.session import GameSession, Seat
from game.shell import testing

from .test_arcana_ui_fit import Audit, _lift_curtain, _table_frame, crowd

WINDOWS = [(1280, 720), (1600, 900)]
NAMES = ["Annabel", "Bartholomew", "Constantine", "Dorothea"]


def _frame(cfg: Any, state: Any, window: tuple[int, int]) -> tuple[Any, Any]:
    app = testing.make_app(window_size=window, skip_animations=True)
    sess = GameSession(state.n, [Seat("human", name=NAMES[p]) for p in range(state.n)], 7, {"preset": "random"},
                       presets=None, game="arcana")
    sess.state = state
    table = app.push(TableScene(cfg, sess))
    testing.step(app, 3)
    _lift_curtain(app)
    testing.move(app, (4, 896), frames=2)
    assert _table_frame(app, table)  # no tooltip: what is read here is drawn on the table
    return app, table


def _legends(app: Any) -> list[Any]:
    return [d for d in app.last_frame_texts if d.text in TOKEN_LEGENDS]


def _states(players: int, seed: int) -> list[Any]:
    """The game's first decision and seat 0's first action (random choices up to it)."""
    s = new_game(players, seed, preset="random")
    first = s.copy()
    rng = random.Random(seed)
    while not (s.decision_name() == "action" and s.to_move() == 0):
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
    return [first, s]


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 4), (3, 11), (4, 7)])
def test_the_token_holder_shows_its_point_beside_its_points(cfg, players: int, seed: int) -> None:
    audit = Audit()
    for state in _states(players, seed):
        holder = state.token
        for window in WINDOWS:
            app, table = _frame(cfg, state.copy(), window)
            legends = _legends(app)
            assert len(legends) == 1, (window, [d.text for d in legends])
            said, points = legends[0].rect, table.tips[("points", holder)][0]
            assert table.tips[("token_point", holder)][0] == said
            assert said.right <= points.x and points.x - said.right <= 16  # just before "★ N"
            assert abs(said.centery - points.centery) <= 4  # on the same line
            assert state.points(holder) >= 1
            audit.check(app.last_frame_texts, table.card_boxes, f"{players}p {window}: ")
    assert not audit.bad, audit.report()


def test_control_no_legend_without_the_token(cfg) -> None:
    """The same position with the token taken away (nobody holds it): no seat says a token point."""
    state = _states(2, 1)[1]
    app, _ = _frame(cfg, state.copy(), WINDOWS[0])
    assert len(_legends(app)) == 1
    state.token = -1
    app, table = _frame(cfg, state, WINDOWS[0])
    assert _legends(app) == [] and not any(k[0] == "token_point" for k in table.tips)


def test_a_crowded_table_still_fits_with_the_legend(cfg) -> None:
    from .test_arcana_ui_fit import _action_phase_state

    for players in (2, 4):
        state = next(s for s in (_action_phase_state(players, seed) for seed in range(7, 60)) if s.to_move() == 0)
        crowd(state, [16, 16, 16, 14][:players])
        audit = Audit()
        for window in WINDOWS:
            app, table = _frame(cfg, state.copy(), window)
            assert len(_legends(app)) <= 1
            audit.check(app.last_frame_texts, table.card_boxes, f"crowded {players}p {window}: ")
        assert not audit.bad, audit.report()
