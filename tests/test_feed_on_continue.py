"""A table opened on a continued game shows the last moves in its feed (play-tester p2, finding 1).

After Leave and Continue the state was exact but the feed was empty, so a returning player did not see what
had just happened. The table now seeds its feed from the record, in the live feed's own words.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.session import GameSession, Seat
from game.shell import testing

GAMES = {"realm": (3, None), "arcana": (2, {"preset": "random"})}


def _played(key: str, moves: int, seed: int = 3) -> GameSession:
    """A game of ``key`` (a human at seat 0, rule bots) with ``moves`` random moves made."""
    players, setup = GAMES[key]
    sess = GameSession(players, [Seat("human")] + [Seat("bot", "rule")] * (players - 1), seed, setup,
                       presets=None, game=key)
    rng = random.Random(seed)
    for _ in range(moves):
        sess.submit(rng.choice(sess.state.legal_actions()))
    return sess


def _table(cfg, sess: GameSession):
    """A table opened on ``sess``, as Continue opens it, and its feed's lines (nothing has faded yet)."""
    app = testing.make_app(skip_animations=True)
    table = sess.adapter.ui().TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 1)
    return table, [line.text for line in table.feed.lines]


@pytest.mark.parametrize("key", ["realm", "arcana"])
def test_a_continued_game_opens_with_its_last_moves_in_the_feed(cfg, key: str, tmp_path: Path) -> None:
    live = _played(key, 14)
    app = testing.make_app(skip_animations=True)
    watched = live.adapter.ui().TableScene(cfg, _played(key, 0))  # the same moves told live, one by one
    app.push(watched)
    for row in live.actions:
        watched.s.submit(watched.s.adapter.from_json(watched.s.state, row["action"]))
        watched.after_action()
    live_feed = [line.text for line in watched.feed.lines]
    assert live_feed and all(live_feed)
    path = tmp_path / "game.json"
    live.save(path)
    loaded = GameSession.load(path)
    assert loaded.restored_events > 0
    table, feed = _table(cfg, loaded)
    assert feed == live_feed[-table.feed.max_lines:]  # the live feed's words, newest last
    assert len(feed) == table.feed.max_lines
    for s in (live, watched.s, loaded):
        s.close()


@pytest.mark.parametrize("key", ["realm", "arcana"])
def test_a_fresh_games_feed_starts_empty(cfg, key: str) -> None:
    """The control: no record, nothing to seed."""
    sess = _played(key, 0)
    _table_, feed = _table(cfg, sess)
    assert feed == []
    sess.close()
