"""Enter on the final results never starts a new game unasked (play-test s6 p3 item 16: "New match [Enter]"
started a new match at once for a player pressing Enter to dismiss the screen). Once a game or a match is
decided, Enter (like Esc) goes to the title screen and a new game or match takes a click; while a match goes
on, Enter still starts its next game (the control: the key is read at all)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.core.games import register_game, unregister_game
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.table import ResultsScene

from .toy_game import Home


@pytest.fixture
def cfg(cfg):
    register_game("goofspiel", "tests.toy_game:ADAPTER")
    yield cfg
    unregister_game("goofspiel")




def _results(cfg, match: dict | None) -> tuple[object, GameSession]:
    """The results of a finished toy game, as the last game of a match when ``match`` is given."""
    app = testing.make_app(skip_animations=True)
    app.home = Home
    sess = GameSession(2, [Seat("bot", "random"), Seat("bot", "random")], 4, game="goofspiel")
    while not sess.is_over():
        sess.submit(sess.state.legal_actions()[0])
    if match is not None:
        sess.game = dataclasses.replace(sess.adapter, match_of=lambda st: match, next_in_match=lambda st: {})
    app.push(ResultsScene(cfg, sess))
    testing.step(app, 60, dt=1 / 60)  # past the moment in which a key is still the table's
    return app, sess


@pytest.mark.parametrize("match", [None, {"game": 3, "of": 3, "wins": [2, 1], "over": True, "winner": 0}],
                         ids=["single game", "decided match"])
def test_enter_on_final_results_goes_to_the_title_and_a_new_game_takes_a_click(cfg, match) -> None:
    app, _sess = _results(cfg, match)
    label = "Play again" if match is None else "New match"
    button = testing.find_widget(app, label)
    assert button.shortcut is None
    testing.step(app, 1)
    assert testing.was_drawn(app, "Enter")  # the Title screen button says Enter leads there
    testing.key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, Home)
    app, _sess = _results(cfg, match)
    testing.key(app, pygame.K_KP_ENTER)
    assert isinstance(app.stack.top, Home)
    app, _sess = _results(cfg, match)
    testing.click_widget(app, testing.find_widget(app, label))  # a click still deals the new game
    assert type(app.stack.top).__name__ == "TableScene"


def test_enter_still_starts_the_next_game_of_a_match_going_on(cfg) -> None:
    app, _sess = _results(cfg, {"game": 1, "of": 3, "wins": [1, 0], "over": False})
    assert testing.find_widget(app, "Game 2 of 3").shortcut == pygame.K_RETURN
    testing.key(app, pygame.K_RETURN)
    assert type(app.stack.top).__name__ == "TableScene"


@pytest.mark.parametrize("match", [None, {"game": 3, "of": 3, "wins": [2, 1], "over": True, "winner": 0},
                                   {"game": 1, "of": 3, "wins": [1, 0], "over": False}],
                         ids=["single game", "decided match", "match going on"])
def test_the_one_highlighted_button_is_the_one_enter_presses(cfg, match) -> None:
    """Play-test s9: "Play again" was drawn as the main button while Enter went to the title screen."""
    app, _sess = _results(cfg, match)
    primary = [b.text for b in testing.widgets(app) if getattr(b, "style", "") == "primary"]
    going_on = match is not None and not match["over"]
    assert primary == (["Game 2 of 3"] if going_on else ["Title screen"])
