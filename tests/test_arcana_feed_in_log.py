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
