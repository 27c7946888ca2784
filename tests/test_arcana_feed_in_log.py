"""The move feed and the game log tell the same lines, each with its whole amount (play-test, 4 players):
"Seer: Leave 1 Life, 2 Calm on Chalice of Life" showed in the feed and was missing from the log (L), and a bot's
line showed a part of its amount while its move went on ("Seer gains 1 Elan" later "6 Elan", "Necromancer
discards Wind Dragon for 2 Elan" later "for 7 Elan, 1 Life"). Over seeded games played through the table's
flow, every line the feed named is in the log, in the same order, and a line the feed showed never changes
afterwards except through the person's own move (their gains in a row at a collect)."""

from __future__ import annotations

import random
from typing import Any

from game.core.session import GameSession, Seat
from game.shell import testing


def _play(cfg: Any, seed: int, check: str, actions: int = 160) -> None:
    from game.arcana.ui import TableScene

    cfg.ui["bot_delay"] = 60.0
    sess = GameSession(4, [Seat("human")] + [Seat("bot", "rule") for _ in range(3)], seed,
                       {"preset": "random"}, game="arcana")
    app = testing.make_app(window_size=(1280, 720), skip_animations=True)
    table = TableScene(cfg, sess)
    app.push(table)
    rng = random.Random(seed)
    while len(sess.actions) < actions and not sess.is_over():
        human = sess.human_to_move()
        before = list(table.happened)
        if human:
            sess.submit(rng.choice(sess.state.legal_actions()))
        elif not sess.tick():
            continue
        table.after_action()
        now = table.happened
        if check == "log":
            _in_log(table, seed)
            continue
        assert now[:len(before) - 1] == before[:-1], f"seed {seed}: earlier feed lines changed"
        if before and now[len(before) - 1] != before[-1]:
            assert human, f"seed {seed}: a bot's line grew after it was shown: {before[-1]!r} -> " \
                          f"{now[len(before) - 1]!r}"
    sess.close()


def _in_log(table: Any, seed: int) -> None:
    log = [entry.text for entry in table.log.entries]
    missing = [line for line in table.happened if line not in log]
    assert not missing, f"seed {seed}: feed lines not in the log: {missing[:3]}"
    at = 0
    for line in table.happened:  # in the same order
        at = log.index(line, at) + 1


def test_every_line_the_feed_shows_is_in_the_log(cfg) -> None:
    for seed in (1, 2, 3):
        _play(cfg, seed, "log")


def test_a_bots_line_shows_with_its_whole_amount(cfg) -> None:
    for seed in (1, 2, 3):
        _play(cfg, seed, "amounts")


def _cut_at_untold(seed: int) -> GameSession | None:
    """A game played at random up to just after a move whose events tell nothing (the feed names it by its
    words, "Seer: Leave 1 Gold on Vault.")."""
    def new() -> GameSession:
        return GameSession(4, [Seat("human")] + [Seat("bot", "rule") for _ in range(3)], seed,
                           {"preset": "random"}, game="arcana")

    sess, rng = new(), random.Random(seed)
    for _ in range(150):
        if sess.is_over():
            break
        sess.submit(rng.choice(sess.state.legal_actions()))
    told = {ev.action_index for ev in sess.events}
    cut = next((k for k in range(30, len(sess.actions) + 1) if k not in told), None)
    if cut is None:
        sess.close()
        return None
    rows = [row["action"] for row in sess.actions[:cut]]
    sess.close()
    sess = new()
    for row in rows:
        sess.submit(sess.adapter.from_json(sess.state, row))
    return sess


def test_a_continued_games_feed_lines_are_in_its_log(cfg, tmp_path) -> None:
    from game.arcana.ui import TableScene

    checked = 0
    for seed in (1, 2, 3, 4, 5):
        sess = _cut_at_untold(seed)
        if sess is None:
            continue
        sess.save(tmp_path / f"{seed}.json")
        sess.close()
        loaded = GameSession.load(tmp_path / f"{seed}.json")
        app = testing.make_app(window_size=(1280, 720), skip_animations=True)
        table = app.push(TableScene(cfg, loaded))
        testing.step(app, 1)
        log = [entry.text for entry in table.log.entries]
        shown = [line.text for line in table.feed.lines]
        assert shown and all(line in log for line in shown), f"seed {seed}: {shown} not all in the log"
        at = 0
        for line in shown:  # in the same order
            at = log.index(line, at) + 1
        loaded.close()
        checked += 1
    assert checked >= 2
