"""The rivals' moves since the player's last decision stay in the move feed until the player acts (play-test:
the feed under the decision faded before the player's turn came, and a player missed what the bots did).

A 3-player game against two bots, played in the window: at every one of the person's action decisions, after
ten seconds of looking at the table, each line told since the person's last decision at which the feed
showed (that move's own lines, then the rivals'; a decision whose controls cover the feed, as the collect
panel does, lets nothing go unseen) is drawn whole, or the feed's top row says how many earlier ones are not shown and
that L opens the log. After the person acts,
those lines fade (the control: the feed does empty); a click on the feed puts them away at once.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame

from game.arcana.ui import TableScene
from game.arcana.ui import table as TB
from game.arcana.ui.feed import earlier_words
from game.core.games import get_game
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell import text as T
from game.shell.title import presets


def _table(cfg: Any, seed: int) -> tuple[Any, Any]:
    g = get_game("arcana")
    sess = GameSession(3, [Seat("human", name="Annabel"), Seat("bot", "rule"), Seat("bot", "rule")], seed,
                       {"preset": "random"}, presets=presets(cfg), game=g)
    app = testing.make_app(skip_animations=True)
    table = app.push(TableScene(cfg, sess))
    testing.step(app, 2)
    return app, table


def _until_my_decision(app: Any, table: Any, most: float = 60.0) -> bool:
    """Frames until the person is to decide (False: the game ended); the bots think in their own thread, so
    this waits on the clock, not on a number of frames."""
    end = time.monotonic() + most
    while time.monotonic() < end:
        if table.my_turn or table.s.is_over():
            return table.my_turn
        testing.step(app, 1)
        time.sleep(0.002)
    raise AssertionError(f"the bots never came back to the person ({table.s.state.decision_name()}, "
                         f"{table.s.to_move()}, top {type(app.stack.top).__name__})")


def _feed_rows(app: Any, table: Any) -> list[str]:
    """The feed's rows as drawn in the last frame, top to bottom."""
    box = getattr(table.feed, "drawn", None) or table.feed_area()  # (the old feed kept no box: its place)
    if box is None:
        return []
    return [d.text for d in sorted(app.last_frame_texts, key=lambda d: d.rect.y) if box.contains(d.rect)]


def _check_listed(app: Any, table: Any, before: list[str], where: str) -> int:
    """The feed shows every line told since the lines were ``before`` (a line that grew since, as gains in a
    row make one line, counts as new), whole, in order, the newest last; when they do not all fit, the oldest
    ones are left out and its top row counts them."""
    now = table.happened
    since = next((k for k in range(len(before)) if k >= len(now) or now[k] != before[k]), len(before))
    told = now[since:]
    rows = _feed_rows(app, table)
    width = table.feed_area().w - 20
    shown = next((k for k in range(len(told) + 1)
                  if rows == ([earlier_words(k)] if k else []) + [r for line in told[k:]
                                                                  for r in T.wrap(line, width, "small")]), None)
    assert shown is not None, f"{where}: the feed shows {rows} for {told}"
    assert not told or shown < len(told), f"{where}: not even the newest shows"
    return len(told)


def test_every_rival_move_since_my_last_is_listed_at_my_decision(cfg) -> None:
    app, table = _table(cfg, 31)
    rng = random.Random(31)
    before = list(table.happened)
    checked = told = hidden = 0
    while checked < 12 and _until_my_decision(app, table):
        st = table.s.state
        if st.decision_name() == "action":
            testing.step(app, 40, dt=0.25)  # ten seconds looking at the table before acting
            testing.move(app, (4, 896))
            told += _check_listed(app, table, before, f"decision {checked} (move {len(table.s.actions)})")
            checked += 1
        legal = st.legal_actions()
        kept = [ln.text for ln in table.feed.kept()]
        shown = table.feed.drawn is not None
        if shown:  # shown at this decision: what it kept goes as it is made
            before = list(table.happened)
        move = legal[rng.randrange(len(legal))]
        if st.decision_name() == "action":  # as a player acts: the move, its preview (no feed over it), Confirm
            table.choose(move)
            testing.step(app, 2)
            if table.pending is not None:
                assert table.feed.drawn is None
                table.confirm()
        else:
            table.send(move)
        if not shown and kept:  # the decision's controls took its place (a collect): nothing of it goes
            hidden += 1
            assert [ln.text for ln in table.feed.kept()][:len(kept) - 1] == kept[:-1]  # (the last may grow)
        testing.step(app, 1)
    assert hidden >= 1, "no decision covered the feed"
    assert checked >= 8 and told >= 2 * checked  # two rivals: at least a line each between the person's moves


def test_a_long_stretch_of_rival_moves_is_counted_and_points_to_the_log(cfg) -> None:
    """The person passes first every round (through the preview, which hides the feed): the rivals play on
    for many moves, more than the feed shows."""
    app, table = _table(cfg, 5)
    counted = False
    before = list(table.happened)
    for _ in range(40):
        if not _until_my_decision(app, table):
            break
        st = table.s.state
        if st.decision_name() == "action":
            testing.step(app, 40, dt=0.25)
            _check_listed(app, table, before, "after a pass")
            counted = counted or " earlier move" in " ".join(_feed_rows(app, table)[:1])
        legal = st.legal_actions()
        if table.feed.drawn is not None:  # shown at this decision: what it kept goes as it is made
            before = list(table.happened)
        if (TB.K_PASS,) in legal:  # as a player passes: Pass, its preview (no feed over it), Confirm
            table.choose((TB.K_PASS,))
            testing.step(app, 2)
            assert table.pending == (TB.K_PASS,) and table.feed.drawn is None
            table.confirm()
        else:
            table.send(legal[0])
        testing.step(app, 1)
    assert counted  # the top row did show: a long stretch is counted, not silently cut


def test_the_kept_moves_fade_after_i_act_and_a_click_puts_them_away(cfg) -> None:
    app, table = _table(cfg, 31)
    rng = random.Random(3)
    assert _until_my_decision(app, table)
    while table.s.state.decision_name() != "action" or not table.feed.kept():
        legal = table.s.state.legal_actions()
        table.send(legal[rng.randrange(len(legal))])
        assert _until_my_decision(app, table)
    testing.step(app, 40, dt=0.25)
    kept = [ln.text for ln in table.feed.kept()]
    assert kept and table.feed.drawn is not None
    testing.click(app, table.feed.drawn.center)  # read: put away
    testing.step(app, 8, dt=0.25)
    assert not table.feed.kept() and not any(ln.text in kept for ln in table.feed.lines)
    assert len(table.s.actions) and table.my_turn  # the click made no move


def test_control_without_a_person_the_feed_fades_as_before(cfg) -> None:
    g = get_game("arcana")
    sess = GameSession(3, [Seat("bot", "rule")] * 3, 4, {"preset": "random"}, presets=presets(cfg), game=g)
    app = testing.make_app(skip_animations=True)
    table = app.push(TableScene(cfg, sess))
    testing.step(app, 60)
    assert table.feed.lines and not table.feed.kept()
    table.s.close()
    pygame.event.clear()
