"""The statistics screen (game.shell.stats) from the title, and the window's finished games going
into the history: the figures drawn, every text whole, in its box and clear of the others."""

from __future__ import annotations

import itertools
import os
import time
from pathlib import Path

import pytest

from game.core import history as H
from game.core.games import games, get_game, register_game, unregister_game
from game.core.records import SeatRecord
from game.core.session import GameSession, Seat
from game.shell import testing, theme
from game.shell.stats import StatsScene
from game.shell.table import ResultsScene
from game.shell.title import TitleScene

from .test_history import play
from .toy_game import BaseTable

MIN_TEXT_PX = 13


def fill_profile() -> None:
    """Real games recorded as the window records them: seat 0 the person, bots at the other seats."""
    levels = ("easy", "normal", "hard")
    for k in range(11):
        rec, state = play("realm", [SeatRecord("human"), SeatRecord("bot", levels[k % 3])], seed=30 + k)
        assert H.record_finished(rec, state, get_game("realm"), source="window", seconds=100.0) is None
    for k in range(3):
        rec, state = play("arcana", [SeatRecord("human", "", "Ann"), SeatRecord("bot", "hard")], seed=60 + k)
        assert H.record_finished(rec, state, get_game("arcana"), source="window") is None
    rec, state = play("realm", [SeatRecord("bot", "rule"), SeatRecord("bot", "rule")], seed=99)
    assert H.record_finished(rec, state, get_game("realm"), source="simulate") is None


def open_from_title(cfg, window_size=None):
    app = testing.make_app(window_size=window_size)
    app.push(TitleScene(cfg, games()))
    testing.step(app, 2)
    testing.click_widget(app, testing.find_widget(app, "Statistics"), frames=2)
    assert isinstance(app.stack.top, StatsScene)
    return app


def assert_texts_sound(app) -> None:
    """Every text of the last frame: in its box, not cut short, not too small, clear of every other."""
    items = list(app.last_frame_texts)
    assert items
    assert [d.text for d in items if d.overflows(app.canvas.get_rect())] == []
    assert [d.text for d in items if d.text.endswith("\u2026")] == []
    assert [d.text for d in items if d.rect.h < MIN_TEXT_PX] == []
    shown = [(d.text, d.rect.clip(d.clip) if d.clip is not None else d.rect) for d in items]
    overlaps = [(a[0], b[0]) for a, b in itertools.combinations(shown, 2)
                if a[1].w and b[1].w and a[1].inflate(-2, -2).colliderect(b[1].inflate(-2, -2))]
    assert overlaps == []


@pytest.mark.parametrize("window_size", [(1280, 720), (1600, 900)])
def test_the_screen_shows_each_games_figures_chart_and_past_games(cfg, window_size) -> None:
    fill_profile()
    figures = H.summarize(H.read_games())
    app = open_from_title(cfg, window_size)
    realm = figures["realm"]
    assert realm["played"] == 11 and realm["interval"] is not None
    assert testing.was_drawn(app, f"Won {realm['won']} of 11")
    assert testing.was_drawn(app, "12 games recorded, 11 with you at the table")
    low, high = realm["interval"]
    assert testing.was_drawn(app, f"{100 * low:.0f}\u2013{100 * high:.0f}%")  # 11 games: an interval
    for level in ("easy bot", "normal bot", "hard bot"):
        assert testing.was_drawn(app, level)
    for side in realm["sides"]:
        assert testing.was_drawn(app, side)
    assert testing.was_drawn(app, "By faction") and testing.was_drawn(app, "Your score, game by game")
    assert testing.was_drawn(app, "Bots only")  # the simulated game is in the list
    assert testing.was_drawn(app, "your first game") and testing.was_drawn(app, "game 11, the latest")
    assert testing.was_drawn(app, "record:")
    assert_texts_sound(app)

    testing.click_widget(app, testing.find_widget(app, "Res Arcana"), frames=2)
    arcana = figures["arcana"]
    assert testing.was_drawn(app, "By mage") and testing.was_drawn(app, f"Won {arcana['won']} of 3")
    assert not testing.was_drawn(app, "By faction")  # the control: the other game's figures are gone
    for mage in arcana["sides"]:
        assert testing.was_drawn(app, mage)
    assert testing.was_drawn(app, "Ann (")
    assert_texts_sound(app)
    testing.key(app, testing.pygame.K_ESCAPE, frames=2)
    assert isinstance(app.stack.top, TitleScene)


def test_past_games_read_alike_won_or_lost_and_their_mark_says_which(cfg) -> None:
    fill_profile()
    app = open_from_title(cfg)
    stats = app.stack.top
    results = [g["result"] for g in stats.listed]
    assert {"won", "lost", "bots only"} <= set(results)  # the control: every kind of game is listed
    entries = stats.past.entries
    for result, entry in zip(results, entries):
        assert entry.text.startswith(result.capitalize())
        assert entry.colour == ("text_dim" if result == "bots only" else "text")  # a loss is not a red row
        shape, colour = {"won": ("circle", "good"), "lost": ("square", "bad"), "bots only": ("diamond", "text_dim")}[
            result]
        assert entry.icon is not None and entry.icon.shape == shape
        assert entry.icon.colour == getattr(theme.current().colours, colour)


def test_a_single_game_reads_well_on_the_chart(cfg) -> None:
    rec, state = play("realm", [SeatRecord("human"), SeatRecord("bot", "normal")], seed=30)
    assert H.record_finished(rec, state, get_game("realm"), source="window") is None
    app = open_from_title(cfg)
    assert testing.was_drawn(app, "your first game")
    assert not testing.was_drawn(app, "oldest") and not testing.was_drawn(app, "the latest")
    assert_texts_sound(app)


def test_an_empty_profile_says_so(cfg) -> None:
    app = open_from_title(cfg)
    assert testing.was_drawn(app, "0 games recorded")
    assert testing.was_drawn(app, "Play a game against the bots to see your figures here.")
    assert testing.was_drawn(app, "No games with you at the table yet")
    assert testing.was_drawn(app, "No games yet")
    assert not testing.was_drawn(app, "record:")
    assert not (Path(os.environ["ROR_USER_DIR"]) / H.DB_NAME).exists()  # looking creates no history
    assert_texts_sound(app)


def test_a_damaged_history_is_one_line_on_the_screen(cfg) -> None:
    folder = Path(os.environ["ROR_USER_DIR"])
    folder.mkdir(parents=True)
    (folder / H.DB_NAME).write_bytes(b"garbage " * 500)
    app = open_from_title(cfg)
    assert testing.was_drawn(app, "your game history was damaged")
    assert list(folder.glob(H.DB_NAME + ".damaged-*"))
    assert_texts_sound(app)


# ------------------------------------------------------------------ the window records its games
@pytest.fixture
def toy(cfg):
    register_game("goofspiel", "tests.toy_game:ADAPTER")
    yield cfg
    unregister_game("goofspiel")


def play_window_game(app, cfg) -> GameSession:
    sess = GameSession(2, [Seat("human", name="Ann"), Seat("bot", "random")], 3, game=get_game("goofspiel"))
    table = app.push(BaseTable(cfg, sess))
    for _ in range(600):
        testing.step(app, 1)
        if isinstance(app.stack.top, ResultsScene):
            break
        if sess.human_to_move() and not sess.is_over():
            table.submit(min(sess.state.legal_actions()))
        else:
            time.sleep(0.002)
    assert isinstance(app.stack.top, ResultsScene)
    return sess


def test_a_finished_window_game_goes_into_the_history_once(toy) -> None:
    app = testing.make_app(skip_animations=True)
    sess = play_window_game(app, toy)
    testing.step(app, 5)
    [entry] = H.read_games()
    assert entry.game == "goofspiel" and entry.source == "window" and entry.moves == len(sess.actions)
    assert [s.who() for s in entry.seats] == ["Ann (Player 1)", "random bot (Player 2)"]
    assert entry.seconds is not None and entry.seconds >= 0
    assert Path(entry.record_path).exists()


def test_a_history_that_cannot_be_written_is_a_toast_and_the_results_still_show(toy, tmp_path: Path,
                                                                                   monkeypatch) -> None:
    blocked = tmp_path / "not a folder"
    blocked.write_text("x")
    monkeypatch.setenv("ROR_USER_DIR", str(blocked))
    app = testing.make_app(skip_animations=True)
    play_window_game(app, toy)
    testing.step(app, 2)
    assert testing.was_drawn(app, "this game was not added to your history")
    assert testing.was_drawn(app, "final results")


def test_the_text_check_sees_an_overlap_and_a_cut() -> None:
    """The control for :func:`assert_texts_sound`: two texts on one spot, and a text cut short, fail it."""
    from game.shell.scene import WidgetScene
    from game.shell.widgets import Label

    app = testing.make_app()
    app.push(WidgetScene(widgets=[Label("Won 3 of 10", (100, 100)), Label("Best 80", (110, 104))]))
    testing.step(app, 2)
    with pytest.raises(AssertionError):
        assert_texts_sound(app)
    app.push(WidgetScene(widgets=[Label("cut sh\u2026", (100, 100))]))
    testing.step(app, 2)
    with pytest.raises(AssertionError):
        assert_texts_sound(app)
    app.push(WidgetScene(widgets=[Label("whole", (100, 100))]))
    testing.step(app, 2)
    assert_texts_sound(app)  # and a sound frame passes
