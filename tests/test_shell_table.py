"""The shared table flow (game.shell.table) on the toy game: pass-and-play curtains whenever the
human to decide changes, preview then confirm, the log, autosave, results and home."""

from __future__ import annotations

import time

import pygame
import pytest

from game.core.games import get_game, register_game, unregister_game
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.table import ResultsScene

from .toy_game import BaseTable, Home


@pytest.fixture
def cfg(cfg):
    """The shared configuration, with the toy game registered."""
    register_game("goofspiel", "tests.toy_game:ADAPTER")
    yield cfg
    unregister_game("goofspiel")





def _play_to_results(app, table) -> list[str]:
    """Bid the first card of every hand by mouse (preview, then Confirm) until the results show;
    the texts of the curtains passed on the way."""
    sess = table.s
    curtains = []
    for _ in range(400):
        testing.step(app, 1)
        if isinstance(app.stack.top, ResultsScene):
            break
        top = app.stack.top
        if top is not table:  # the curtain: nothing private may be drawn under it
            assert table.viewer == -1 and not testing.was_drawn(app, "hand [")
            curtains.append(testing.find_widget(app, "I am ready").text)
            assert testing.was_drawn(app, "it is your turn")
            testing.click_widget(app, testing.find_widget(app, "I am ready"))
            continue
        if not sess.human_to_move():
            time.sleep(0.005)
            continue
        bid = next((b for b in table.buttons if b.text.startswith("Bid ")), None)
        if bid is None:
            continue
        testing.click_widget(app, bid)  # preview only
        assert table.pending is not None
        before = len(sess.actions)
        seat = sess.to_move()
        testing.click_widget(app, next(b for b in table.buttons if b.text == "Confirm"))
        assert len(sess.actions) > before and sess.actions[before]["seat"] == seat  # a bot may answer at once
    return curtains


def test_two_humans_pass_the_screen_every_time_the_decider_changes(cfg) -> None:
    app = testing.make_app(skip_animations=True)
    app.home = Home
    sess = GameSession(2, [Seat("human", name="Ann"), Seat("human", name="Bo")], 3, game=get_game("goofspiel"))
    table = app.push(BaseTable(cfg, sess))
    curtains = _play_to_results(app, table)
    assert sess.is_over() and isinstance(app.stack.top, ResultsScene)
    assert len(curtains) == 12  # 6 rounds x 2 humans: a curtain before every decision
    assert len(table.log.items) == 12
    testing.step(app, 2)
    assert testing.was_drawn(app, "final results") and testing.was_drawn(app, "Ann")
    testing.click_widget(app, testing.find_widget(app, "Title screen"))
    assert isinstance(app.stack.top, Home) and len(app.stack.scenes) == 1


def test_preview_cancel_and_keys(cfg) -> None:
    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 5, game="goofspiel")
    table = app.push(BaseTable(cfg, sess))
    testing.step(app, 2)
    testing.click_widget(app, table.buttons[0])
    assert table.pending == sess.state.legal_actions()[0]
    testing.key(app, pygame.K_ESCAPE)
    assert table.pending is None and not sess.actions
    testing.click_widget(app, table.buttons[1])
    testing.click(app, (5, 5), button=3)  # a right-click cancels
    assert table.pending is None
    testing.click_widget(app, table.buttons[1])
    testing.key(app, pygame.K_RETURN)
    assert len(sess.actions) == 1
    testing.key(app, pygame.K_l)
    testing.step(app, 1)
    assert table.show_log


def test_autosave_each_round_and_a_finished_game_removes_it(cfg) -> None:
    from game.shell.title import autosave_of

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 5, game="goofspiel")
    table = app.push(BaseTable(cfg, sess))
    testing.step(app, 2)
    path = autosave_of(sess.adapter)
    deadline = time.monotonic() + 60  # a safety limit: the bot answers from the worker thread
    while time.monotonic() < deadline:
        time.sleep(0.001)
        if table.my_turn:
            table.submit(sess.state.legal_actions()[0])
        testing.step(app, 1)
        if not sess.is_over() and sess.state.round >= 1:  # a round has ended: it was saved then
            saved = GameSession.load(path).actions
            assert saved and saved == sess.actions[: len(saved)] and len(saved) % 2 == 0
        if isinstance(app.stack.top, ResultsScene):
            break
    assert sess.is_over() and not path.exists()


class Hooked(BaseTable):
    """The toy's table with the smaller hooks a game may need: a hold on the flow, no curtain for
    a public decision, a cue for the human, and each batch of events as a whole."""

    def __init__(self, cfg, session: GameSession) -> None:
        self.held = True
        self.cues = 0
        self.batches: list[list[dict]] = []
        super().__init__(cfg, session)

    def hold_flow(self) -> bool:
        return self.held

    def needs_curtain(self, seat: int) -> bool:
        return False

    def human_turn_begins(self) -> None:
        self.cues += 1

    def before_events(self, batch: list[dict]) -> None:
        self.batches.append(batch)


def test_a_table_can_hold_the_flow_spare_the_curtain_and_cue_the_human(cfg) -> None:
    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("bot", "random"), Seat("human")], 5, game="goofspiel")
    table = app.push(Hooked(cfg, sess))
    testing.step(app, 20)
    time.sleep(0.2)
    testing.step(app, 5)
    assert not sess.actions  # held: the bot to move waits
    table.held = False
    deadline = time.monotonic() + 60  # a safety limit: the bot answers from the worker thread
    while not sess.actions and time.monotonic() < deadline:
        time.sleep(0.001)
        testing.step(app, 1)
    assert len(sess.actions) == 1 and table.my_turn and table.cues == 1
    assert [len(b) for b in table.batches] == [1] and table.batches[0][0]["type"] == "bid"
    table.submit(sess.state.legal_actions()[0])
    assert table.cues == 1  # the cue is for a turn that begins after others moved, not each move

    two = GameSession(2, [Seat("human"), Seat("human")], 5, game="goofspiel")
    app.pop()
    table = app.push(Hooked(cfg, two))
    table.held = False
    testing.step(app, 3)
    assert app.stack.top is table  # no curtain: the hook spared it
    two.close()


def test_play_again_deals_a_new_game_for_the_same_seats(cfg) -> None:
    from game.core.games import get_game as game_of

    app = testing.make_app(skip_animations=True)
    app.home = Home
    sess = GameSession(2, [Seat("human", name="Ann"), Seat("bot", "random")], 3, game=game_of("goofspiel"))
    table = app.push(BaseTable(cfg, sess))
    _play_to_results(app, table)
    assert sess.is_over() and isinstance(app.stack.top, ResultsScene)
    assert sess.worker is not None  # the finished table still holds its bots
    testing.step(app, 2)
    again = testing.find_widget(app, "Play again")
    assert again.tooltip and "same players" in again.tooltip
    testing.click_widget(app, again)
    new = app.stack.top
    assert type(new).__name__ == "TableScene" and new is not table and table not in app.stack.scenes
    assert len(app.stack.scenes) == 1  # neither the finished table nor its results stay below
    assert sess.worker is None  # the finished session's bots were shut down
    s2 = new.s
    assert s2 is not sess and s2.adapter.key == "goofspiel" and not s2.actions
    assert [(x.kind, x.bot, x.name) for x in s2.seats] == [(x.kind, x.bot, x.name) for x in sess.seats]
    assert s2.setup == sess.setup and s2.seed != sess.seed
    testing.step(app, 3)
    assert testing.was_drawn(app, "Prize")  # the new table plays


def test_results_keys_play_again_and_leave(cfg) -> None:
    from game.shell.table import deal_again, play_again

    app = testing.make_app(skip_animations=True)
    app.home = Home
    sess = GameSession(2, [Seat("human"), Seat("human")], 4, game="goofspiel")
    table = app.push(BaseTable(cfg, sess))
    _play_to_results(app, table)
    testing.key(app, pygame.K_RETURN)  # a key pressed as the results appear was meant for the table ...
    assert isinstance(app.stack.top, ResultsScene)  # ... and starts nothing
    testing.step(app, 60, dt=1 / 60)
    testing.key(app, pygame.K_ESCAPE)  # Esc on the results: the title screen
    assert isinstance(app.stack.top, Home)
    results = app.push(ResultsScene(cfg, sess))
    s2 = play_again(results, cfg, sess, deal_again(cfg, sess, seed=99))
    assert s2.seed == 99 and type(app.stack.top).__name__ == "TableScene" and app.stack.top.s is s2


def test_the_curtain_lists_what_happened_since_that_player_last_looked(cfg) -> None:
    """Pass and play: from a human's second turn on, the curtain names the moves since they last had the
    screen (the feed's public words), and only those: a control shows a curtain before a seat's first
    look lists nothing."""
    app = testing.make_app(skip_animations=True)
    app.home = Home
    sess = GameSession(2, [Seat("human", name="Ann"), Seat("human", name="Bo")], 3, game=get_game("goofspiel"))
    table = app.push(BaseTable(cfg, sess))
    seen: list[tuple[str, list[str], list[str]]] = []  # (whose curtain, the lines it listed, all texts drawn)
    for _ in range(60):
        testing.step(app, 1)
        if app.stack.top is not table:
            who = testing.find_widget(app, "I am ready")
            lines = list(app.stack.top.content.lines)
            texts = testing.drawn_texts(app)
            seen.append((next(t for t in texts if t.endswith("it is your turn")), lines, texts))
            testing.click_widget(app, who)
            continue
        if not sess.human_to_move():
            continue
        bid = next((b for b in table.buttons if b.text.startswith("Bid ")), None)
        if bid is None:
            continue
        testing.click_widget(app, bid)
        testing.click_widget(app, next(b for b in table.buttons if b.text == "Confirm"))
        if len(seen) >= 6:
            break
    assert seen[0][1] == [] and seen[1][1] == []  # each seat's first look: nothing to catch up on
    later = seen[2:]
    assert later and all(lines for _, lines, _ in later)
    for _, lines, texts in later:
        assert "Since you last looked:" in texts
        assert all(any(line in t or t in line for t in texts) for line in lines)
        assert all(line in table.happened or line.startswith("…") for line in lines)


def test_the_results_lead_back_to_the_final_table_and_enter_brings_them_again(cfg) -> None:
    """Play-test s7: the game's last moves went by unseen because the results came at once. "Final table"
    (or T) shows the table as the game ended, with its log and history; Enter there shows the same results."""
    app = testing.make_app(skip_animations=True)
    app.home = Home
    sess = GameSession(2, [Seat("human", name="Ann"), Seat("bot", "random")], 3, game="goofspiel")
    table = app.push(BaseTable(cfg, sess))
    testing.key(app, pygame.K_RETURN)  # control: Enter on a table still playing never opens results
    assert app.stack.top is table and table.results is None
    _play_to_results(app, table)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and table.results is results
    testing.step(app, 2)
    testing.click_widget(app, testing.find_widget(app, "Final table"))
    assert app.stack.top is table and sess.is_over()
    testing.step(app, 3)
    assert app.stack.top is table  # the finished table stays until asked: no second results, no second history row
    shown = table.show_log
    testing.key(app, pygame.K_l)  # its log opens there
    assert table.show_log is not shown and app.stack.top is table
    testing.key(app, pygame.K_RETURN)
    assert app.stack.top is results  # the very same results, not a new deal
    testing.step(app, 60)  # (the results ignore keys for their first moments: a key meant for the table)
    testing.key(app, pygame.K_t)  # the key does what the button does
    assert app.stack.top is table


def test_a_long_toast_wraps_inside_the_screen(cfg) -> None:
    app = testing.make_app(skip_animations=True)
    app.home = Home
    sess = GameSession(2, [Seat("human"), Seat("human")], 4, game="goofspiel")
    app.push(BaseTable(cfg, sess))
    words = "Hint: this way to pay loses the Guidance artifact, which the starred way keeps: " * 3
    app.toast(words.strip(), seconds=5.0)
    testing.step(app, 2)
    drawn = [d for d in app.last_frame_texts if d.text and d.text in words]
    assert len(drawn) > 1  # more than one line (the control: one line of it would run past the screen)
    assert all(pygame.Rect(0, 0, 1600, 900).contains(d.rect) for d in drawn)
    assert " ".join(d.text for d in drawn) == words.strip()
