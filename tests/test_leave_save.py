"""Leaving a table saves the game as it stands, in every game, through the shell's one leave (issue 22).

The leave dialog once said "The game is saved at the end of every round" while Realm's table saved as it was
left and Res Arcana's kept only the round's start, so a player who left mid-round lost the round's moves. Now
the shell's table writes the autosave as it is left (Esc, or a game's Leave button), and the dialog says so.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.core.games import games, get_game
from game.core.records import read_record
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.title import TitleScene, autosave_of

# per game: the seats, the setup, and how deep into a round the moves go (a round past the first, not at its start)
GAMES = {
    "realm": (3, {}, lambda st: st.round >= 2 and st.decision_name() not in ("select", "discard")),
    "arcana": (2, {"preset": "random"}, lambda st: st.round >= 2),
}


def _into_a_round(key: str, seed: int = 5) -> tuple[GameSession, int]:
    """A game of ``key`` (a human at seat 0, rule bots) played at random some moves into a round past the first,
    stopping where the human decides; the autosave written as the table writes it, when a round begins. Returns
    the session and how many moves that round-start save holds."""
    players, setup, deep = GAMES[key]
    sess = GameSession(players, [Seat("human")] + [Seat("bot", "rule")] * (players - 1), seed, setup or None,
                       presets=None, game=key)
    rng = random.Random(seed)
    path = autosave_of(sess.adapter)
    saved_at, last_round = 0, sess.state.round
    extra = 0  # moves made since the round began, past the depth asked for
    while not (deep(sess.state) and extra >= 3 and sess.to_move() == 0):
        sess.submit(rng.choice(sess.state.legal_actions()))
        if sess.state.round != last_round:
            last_round = sess.state.round
            sess.save(path)
            saved_at, extra = len(sess.actions), 0
        elif deep(sess.state):
            extra += 1
    return sess, saved_at


def _said(app) -> str:
    """Every word drawn in the last frame, the lines of a wrapped message joined."""
    return " ".join(testing.drawn_texts(app))


def _title_and_table(cfg, sess: GameSession):
    app = testing.make_app(skip_animations=True)
    title = TitleScene(cfg, games())
    app.push(title)
    table = sess.adapter.ui().TableScene(cfg, sess)
    app.push(table)
    table.viewer = table.revealed_for = 0
    table.rebuild()
    testing.step(app, 2)
    assert app.stack.top is table
    return app, title, table


def _continue(app, title: TitleScene, key: str):
    """Click Continue on ``key``'s card of the title; the table it opens."""
    i = next(i for i, (g, _rect) in enumerate(title.cards) if g.key == key)
    button = title.continues[i]
    assert button.enabled
    testing.click_widget(app, button, frames=3)
    return app.stack.top


@pytest.mark.parametrize("key,by", [("realm", "esc"), ("arcana", "esc"), ("arcana", "button")])
def test_leaving_mid_round_saves_and_continue_resumes_at_that_very_move(cfg, key, by) -> None:
    sess, saved_at = _into_a_round(key)
    path = autosave_of(sess.adapter)
    assert saved_at < len(sess.actions), "the round's start save is older than the move left at (the control)"
    app, title, table = _title_and_table(cfg, sess)
    if by == "esc":
        testing.key(app, pygame.K_ESCAPE, frames=2)
    else:  # Res Arcana's own button in its top bar
        testing.click(app, next(b for b in table.top_buttons if b.text == "Leave").rect.center, frames=2)
    assert "saved as you leave, at this very move" in _said(app)
    assert "saved at the end of every round" not in _said(app)
    assert len(read_record(path, game_key=key).actions) == saved_at  # nothing written before Leave is pressed
    testing.click_widget(app, testing.find_widget(app, "Leave"), frames=3)
    assert app.stack.top is title
    back = _continue(app, title, key)
    assert type(back) is type(table) and back is not table
    assert back.s.actions == sess.actions and len(back.s.actions) > saved_at
    assert back.s.to_move() == sess.to_move() and back.s.state.decision_name() == sess.state.decision_name()
    assert all(back.s.state.view(p) == sess.state.view(p) for p in range(sess.players))
    sess.close()
    back.s.close()


@pytest.mark.parametrize("key", ["realm", "arcana"])
def test_with_autosave_off_leaving_writes_nothing_and_says_so(cfg, key) -> None:
    cfg.game["autosave"] = False
    sess, _ = _into_a_round(key)
    path = autosave_of(sess.adapter)
    path.unlink()  # the round-start save the helper wrote: gone, as with autosave off
    app, title, table = _title_and_table(cfg, sess)
    testing.key(app, pygame.K_ESCAPE, frames=2)
    assert "Autosave is off in the settings: this game will not be kept." in _said(app)
    testing.click_widget(app, testing.find_widget(app, "Leave"), frames=3)
    assert app.stack.top is title and not path.exists()
    assert not title.continues[next(i for i, (g, _r) in enumerate(title.cards) if g.key == key)].enabled
    sess.close()


def test_a_failed_save_is_told_and_the_table_still_leaves(cfg, monkeypatch) -> None:
    sess, _ = _into_a_round("arcana")
    app, title, table = _title_and_table(cfg, sess)

    def refuse(path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sess, "save", refuse)
    testing.key(app, pygame.K_ESCAPE, frames=2)
    testing.click_widget(app, testing.find_widget(app, "Leave"), frames=2)
    assert app.stack.top is title
    assert testing.was_drawn(app, "Autosave failed: No space left on device")
    sess.close()


def test_the_leave_button_in_a_lesson_opens_the_lessons_own_dialog(cfg) -> None:
    """A guided table's Leave saves the lesson (the guide's dialog), not the ordinary autosave, which a
    lesson does not keep; the control: the same button at an ordinary table opens the game's dialog."""
    from game.shell import guide as G

    app = testing.make_app(skip_animations=True)
    app.push(TitleScene(cfg, games()))
    guide = G.start_lesson(app, cfg, get_game("arcana"))
    testing.step(app, 3)
    guide.table.ask_leave()
    testing.step(app, 2)
    assert testing.was_drawn(app, "Leave the lesson?") and not testing.was_drawn(app, "Leave the game?")
    testing.click_widget(app, testing.find_widget(app, "Leave"), frames=3)
    assert G.has_lesson("arcana") and guide.app is None
    sess, _ = _into_a_round("arcana")
    app, _title, table = _title_and_table(cfg, sess)
    table.ask_leave()
    testing.step(app, 2)
    assert testing.was_drawn(app, "Leave the game?") and not testing.was_drawn(app, "Leave the lesson?")
    sess.close()
