"""The hint (H), the shell's, in both games: a legal move, shown in preview, from the asking seat's own
information; offered in solo games, and in pass and play only with the setting on."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from ai.worker import BotWorker
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.hint import HINTS_OFF, HintAsker, hint_off_reason

FAST_BOT = "mcts:iterations=60"  # the tests' hint bot: the real one thinks for a second

GAMES = {
    "realm": (3, None),
    "arcana": (2, {"preset": "random"}),
}


def _table(cfg: Any, key: str, humans: int) -> tuple[Any, Any, GameSession]:
    from importlib import import_module

    players, setup = GAMES[key]
    seats = [Seat("human") if p < humans else Seat("bot", "easy") for p in range(players)]
    sess = GameSession(players, seats, 7, setup, presets=None, game=key)
    ui = import_module(sess.adapter.ui_module)
    app = testing.make_app(skip_animations=True)
    table = app.push(ui.TableScene(cfg, sess))
    table.hint = HintAsker(sess, FAST_BOT)
    return app, table, sess


def _until(app: Any, done: Any, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        testing.step(app, 1)
        time.sleep(0.002)
    assert done(), "timed out"


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> dict[str, list]:
    """Records every world handed to a bot worker and every determinize call (the seat it was for)."""
    seen: dict[str, list] = {"submitted": [], "determinized": []}
    submit = BotWorker.submit

    def recording_submit(self: BotWorker, agent: Any, state: Any, seat: int, legal: Any, **kw: Any) -> int:
        if not self._use_pool:  # the hint's worker thinks in its own thread (the bots' in processes)
            seen["submitted"].append((state, seat))
        return submit(self, agent, state, seat, legal, **kw)

    monkeypatch.setattr(BotWorker, "submit", recording_submit)
    return seen


def _record_determinize(monkeypatch: pytest.MonkeyPatch, state: Any, seen: dict[str, list]) -> None:
    cls = type(state)
    real = cls.determinize

    def recording(self: Any, observer: int, rng: Any) -> Any:
        world = real(self, observer, rng)
        seen["determinized"].append((self, observer, world))
        return world

    monkeypatch.setattr(cls, "determinize", recording)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_h_previews_a_legal_move_from_the_seats_own_world(cfg: Any, key: str, watched: dict[str, list],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    app, table, sess = _table(cfg, key, humans=1)
    _until(app, lambda: table.my_turn and table.hint_offered())
    _record_determinize(monkeypatch, sess.state, watched)
    seat = sess.to_move()
    assert not sess.assisted  # control: no hint yet, the game is fair
    assert table.pending is None
    moves_before = len(sess.actions)
    testing.key(app, pygame.K_h)
    _until(app, lambda: table.pending is not None)
    assert len(sess.actions) == moves_before  # shown, not played
    assert table.pending in sess.state.legal_actions()
    assert table.pending_text.startswith("Hint: ")
    testing.step(app, 2)
    assert testing.was_drawn(app, "Hint:")  # the preview is on the table
    assert sess.assisted  # a hint used marks the game as assisted
    # the bot saw a world dealt for the asking seat, never the real state
    [(observer, world)] = [(o, w) for dealt_from, o, w in watched["determinized"] if dealt_from is sess.state]
    [(given, given_seat)] = watched["submitted"]
    assert observer == seat and given_seat == seat
    assert {o for _, o, _ in watched["determinized"]} == {seat}  # the search's own deals too
    assert given is world and given is not sess.state
    assert world.view(seat) == sess.state.view(seat)  # the seat's own information, the same
    # the move shown goes into the record with the move played there, for the review (play-test s7)
    shown = sess.adapter.to_json(sess.state, table.pending)
    other = next((a for a in sess.state.legal_actions() if a != table.pending), table.pending)
    table.cancel_pending()
    sess.submit(other)
    assert sess.record.actions[moves_before]["hint"] == shown


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_hint_world_hides_what_the_seat_cannot_see(cfg: Any, key: str) -> None:
    """The control of the test above: a determinized world differs from the real state in what only the
    other seats know, so handing the bot the real state would have been seen there."""
    import random

    _app, _table_scene, sess = _table(cfg, key, humans=1)
    seat = sess.to_move()
    other = (seat + 1) % sess.players
    differs = False
    for seed in range(5):
        world = sess.state.determinize(seat, random.Random(seed))
        assert world.view(seat) == sess.state.view(seat)
        differs = differs or world.view(other) != sess.state.view(other)
    assert differs


@pytest.mark.parametrize("key", sorted(GAMES))
def test_pass_and_play_without_the_setting_gives_a_toast_and_no_search(cfg: Any, key: str,
                                                                       watched: dict[str, list]) -> None:
    app, table, sess = _table(cfg, key, humans=2)
    table.viewer = sess.to_move()  # past the curtain, the human to move looks
    assert table.my_turn
    cfg.ui["hints_in_pass_and_play"] = False
    toasts = []
    app.toast = lambda text, seconds=2.5: toasts.append(text)
    table.ask_hint()
    assert toasts == [HINTS_OFF] and not watched["submitted"] and not table.hint_wait
    assert not table.hint_offered()  # no Hint button either
    # control: with the setting on, the same moment asks the bot
    cfg.ui["hints_in_pass_and_play"] = True
    table.ask_hint()
    assert table.hint_wait and len(watched["submitted"]) == 1
    table.hint.close()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_fair_game_is_told_before_and_at_its_first_hint_that_hints_mark_it_assisted(cfg: Any, key: str) -> None:
    """The play-tester found "assisted" only on the results: the Hint button's tooltip says it while the game is
    fair, and the first hint's toast says it once; a game already assisted (a lesson) is not told again."""
    from game.shell.table import HINTS_MARK_ASSISTED

    app, table, sess = _table(cfg, key, humans=1)
    _until(app, lambda: table.my_turn and table.hint_offered())
    testing.step(app, 1)
    assert HINTS_MARK_ASSISTED in table.hint_button.tooltip and not sess.assisted
    testing.move(app, table.hint_button.rect.center)
    testing.step(app, 90)  # the mouse rests on the Hint button: its tip shows (no shared button tip did)
    assert HINTS_MARK_ASSISTED in (app.tooltips.visible_text or "")
    app._toasts.clear()
    testing.key(app, pygame.K_h)
    _until(app, lambda: table.pending is not None)
    assert sess.assisted and [t for t, _ in app._toasts if t == HINTS_MARK_ASSISTED] == [HINTS_MARK_ASSISTED]
    testing.step(app, 1)
    app._toasts.clear()
    table.pending = None  # the preview put aside: the Hint button is back, the game already assisted
    testing.step(app, 1)
    assert HINTS_MARK_ASSISTED not in table.hint_button.tooltip
    testing.key(app, pygame.K_h)  # control: a second hint is not told again
    _until(app, lambda: table.pending is not None)
    assert not any(HINTS_MARK_ASSISTED in t for t, _ in app._toasts)
    table.hint.close()


def test_when_hints_are_offered() -> None:
    assert hint_off_reason(1, False) is None
    assert hint_off_reason(2, True) is None
    assert hint_off_reason(2, False) == HINTS_OFF


def test_a_game_assisted_by_hints_says_hints_on_its_results_and_not_learning_mode(cfg: Any, tmp_path: Any) -> None:
    """Play-test t1: the results said "hints were asked for or moves taken back in learning mode" of a game whose
    player used hints and fair undos only. The line names exactly what made the game assisted, and a saved
    record keeps it."""
    from game.core.records import read_record
    from game.shell.widgets import Label

    app, table, sess = _table(cfg, "realm", humans=1)
    _until(app, lambda: table.my_turn and table.hint_offered())
    testing.key(app, pygame.K_h)
    _until(app, lambda: table.pending is not None)
    table.hint.close()
    results = table.marked_results()
    said = [w.text for w in results.root.children if isinstance(w, Label) and "assisted" in w.text]
    assert said == ["An assisted game: you asked for hints"]
    sess.record.write(tmp_path / "game.jsonl")
    again = read_record(tmp_path / "game.jsonl")
    assert again.assisted and again.assisted_by == ["hints"]
    sess.record.mark_assisted("learning")  # control: learning mode's undo is named when it was used
    said = [w.text for w in table.marked_results().root.children if isinstance(w, Label) and "assisted" in w.text]
    assert said == ["An assisted game: you asked for hints and moves were taken back in learning mode"]
