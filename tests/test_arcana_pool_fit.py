"""A match's pool reads whole: in game 2 the sixteen face-up artifacts and, under them, a row per player of
the names each has taken. The seeded fit tests never reached it (they play single games, and the pool is
only dealt in a match's second game), and eight long names in a row were cut to "…". Here the pool holds
the sixteen longest artifact names and the viewer takes the eight longest, at every window size, after
every pick."""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import Any

import pygame
import pytest

from game.arcana.engine.state import K_FIRST, K_MPICK
from game.arcana.ui.table import POOL
from game.core.games import get_game
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell import text as T

from .test_arcana_screens_fit import under_buttons
from .test_arcana_ui_fit import SIZES, Audit, _lift_curtain, _table_frame


def _longest_artifacts(content: Any) -> list[str]:
    """The ids of the artifacts, the widest name (as the chips draw it) first."""
    arts = [cd for cd in content.cards if cd.kind == "artifact"]
    arts.sort(key=lambda cd: -T.text_size(cd.name, "tiny", bold=True)[0])
    return [cd.id for cd in arts]


def _game_two(cfg: Any, window: tuple[int, int], rival: str) -> tuple[Any, Any, GameSession, list[str]]:
    """A match's game 2 whose pool holds the sixteen longest names; seat 0 chose to go first."""
    g = get_game("arcana")
    app = testing.make_app(window_size=window, skip_animations=True)
    content = g.new_game(2, 1, preset="random").c
    pool = _longest_artifacts(content)[:16]
    mages = [cd.id for cd in content.cards if cd.kind == "mage"][:2]
    setup = {"preset": "random", "draft": False,
             "match": {"game": 2, "wins": [0, 1], "chooser": 0, "mages": mages, "pool": pool}}
    sess = GameSession(2, [Seat("human", name="Annabel"), Seat("human", name=rival)], 5, setup, presets=None,
                       game=g)
    sess.state.apply((K_FIRST, 0))
    table = app.push(g.ui().TableScene(cfg, sess))
    return app, table, sess, pool


def _show(app: Any) -> None:
    testing.step(app, 2)
    _lift_curtain(app)
    testing.move(app, (4, 896), frames=2)  # no tip over the table


def _visible(items: list[T.DrawnText], cards: list[tuple[int, pygame.Rect]]
             ) -> tuple[list[T.DrawnText], list[tuple[int, pygame.Rect]]]:
    """The frame's texts and cards less those the pool's panel covers (the viewer's area drawn under it)."""
    start = next(i for i, d in enumerate(items) if d.text.startswith(("Your turn", "Game 1's")) or " takes " in d.text)
    pool = POOL.inflate(-2, -2)
    keep = [i for i, d in enumerate(items) if i >= start or not pool.colliderect(d.rect)]
    shown_cards = [(bisect_left(keep, k), r) for k, r in cards if k >= start or not pool.colliderect(r)]
    return [items[i] for i in keep], shown_cards


def _chip_texts(app: Any, rect: pygame.Rect) -> str:
    """The words drawn on a chip (after the pool's panel: the table under it is hidden)."""
    items = app.last_frame_texts
    start = next(i for i, d in enumerate(items) if d.text.startswith("You have ("))
    return " ".join(d.text for d in items[start:] if rect.contains(d.rect))


@pytest.mark.parametrize("rival", ["Bartholomew", "Bartholomew Longname"])
def test_the_pools_chips_show_every_taken_name_whole(cfg, rival: str) -> None:
    audit = Audit()
    for window in SIZES:
        app, table, sess, pool = _game_two(cfg, window, rival)
        mine = {sess.content.by_id[x] for x in pool[:8]}  # the viewer takes the eight longest names
        state = sess.state
        while state.decision_name() == "match_pick":
            legal = state.legal_actions()
            wanted = [a for a in legal if a[0] == K_MPICK and (a[1] in mine) == (state.to_move() == 0)]
            state.apply((wanted or legal)[0])
            if state.decision_name() != "match_pick":
                break
            _show(app)
            assert _table_frame(app, table)
            audit.check(*_visible(app.last_frame_texts, table.card_boxes), f"{window} {rival}: ")
            taken = table.view()["match"]["artifacts"]
            chips = [(sess.content.cards[sess.content.by_id[x]].name, table.anchors[("chip", sess.content.by_id[x])])
                     for side in taken for x in side]
            for name, rect in chips:
                assert _chip_texts(app, rect) == name, (window, name, _chip_texts(app, rect))
            rects = [r for _, r in chips]
            assert all(r.collidelist(rects[:i] + rects[i + 1:]) < 0 for i, r in enumerate(rects)), window
            assert all(POOL.contains(r) for r in rects), window
            shown = taken
        assert [len(side) for side in shown] == [7, 8]  # the fullest the rows get, the last card still to take
        assert {sess.content.by_id[x] for x in shown[0]} < mine
    assert audit.frames >= 14  # a distinct picture after each pick (the same logical canvas at every size)
    assert not audit.bad, audit.report()


def test_the_first_player_choice_over_the_pool_fits(cfg) -> None:
    """Before the picks, the loser of game 1 chooses who goes first, with the sixteen cards face up."""
    g = get_game("arcana")
    audit = Audit()
    for window in SIZES:
        app = testing.make_app(window_size=window, skip_animations=True)
        content = g.new_game(2, 1, preset="random").c
        mages = [cd.id for cd in content.cards if cd.kind == "mage"][:2]
        setup = {"preset": "random", "draft": False, "match": {"game": 2, "wins": [0, 1], "chooser": 0,
                                                               "mages": mages,
                                                               "pool": _longest_artifacts(content)[:16]}}
        sess = GameSession(2, [Seat("human", name="Annabel"), Seat("bot", "rule", name="Bartholomew Longname")],
                           5, setup, presets=None, game=g)
        table = app.push(g.ui().TableScene(cfg, sess))
        _show(app)
        assert sess.state.decision_name() == "first_player" and _table_frame(app, table)
        assert testing.was_drawn(app, "Game 1's sixteen artifacts, face up") and testing.was_drawn(app, "You go first")
        items, cards = _visible(app.last_frame_texts, table.card_boxes)
        audit.check(items, cards, f"{window}: ")
        assert under_buttons(items, table) == []  # the mage's tile lay under the two choices
    assert not audit.bad, audit.report()


def test_a_match_games_results_fit(cfg) -> None:
    """A finished game 1 of a match: the results say where the match stands and offer its next game."""
    from game.shell.table import ResultsScene

    g = get_game("arcana")
    state = g.new_game(2, 4, preset="random", draft=False, match={"game": 1, "wins": [0, 0]})
    rng = random.Random(4)
    while not state.is_terminal():
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    audit = Audit()
    for window in SIZES:
        app = testing.make_app(window_size=window, skip_animations=True)
        sess = GameSession(2, [Seat("human", name="Annabel"), Seat("human", name="Bartholomew Longname")], 4,
                           {"preset": "random", "draft": False, "match": {"game": 1, "wins": [0, 0]}},
                           presets=None, game=g)
        sess.state = state.copy()
        app.push(g.ui().TableScene(cfg, sess))
        for _ in range(10):
            testing.step(app, 2)
            _lift_curtain(app)
            if isinstance(app.stack.top, ResultsScene):
                break
        assert isinstance(app.stack.top, ResultsScene)
        testing.step(app, 2)
        assert testing.was_drawn(app, "Match")
        audit.check(app.last_frame_texts, [], f"{window}: ")
    assert not audit.bad, audit.report()


def test_a_chip_row_steps_down_before_it_wraps_and_never_cuts() -> None:
    """The usual size while the row fits; then 13 px on one line; then only the widest names on two lines."""
    from game.arcana.ui.chips import CHIP_GAP, chip_row

    testing.use_dummy_drivers()
    pygame.init()
    names = ["Philosopher's Stone", "Jeweled Statuette", "Fountain of Youth", "Sacrificial Dagger",
             "Elemental Spring", "Dwarven Pickaxe", "Celestial Horse", "Hypnotic Basin"]

    def width(chips: list) -> int:
        return sum(c.width for c in chips) + CHIP_GAP * (len(chips) - 1)

    roomy_px, roomy = chip_row(names, 2000)
    assert roomy_px == 14 and all(len(c.lines) == 1 for c in roomy)
    snug_px, snug = chip_row(names, width(roomy) - 1)
    assert snug_px == 13 and all(len(c.lines) == 1 for c in snug)
    tight_px, tight = chip_row(names, 850)
    assert tight_px == 13 and width(tight) <= 850
    two = [n for n, c in zip(names, tight) if len(c.lines) == 2]
    assert two and len(two) < len(names) and "Philosopher's Stone" in two  # the widest first, not every one
    for name, chip in zip(names, tight):
        assert " ".join(chip.lines) == name  # whole words, nothing cut
