"""Each Res Arcana move told once (play-test s6 p3 item 5): a bot's placement read "Druid: Put Vault into play."
and then "Druid pays 1 Life, 1 Gold. / Druid puts Vault into play." in the move feed, the log and the history.
The card chosen and its payment are one line now, "Druid puts Vault into play for 1 Life, 1 Gold.", the same in
the feed, the log and the history, and the choice is not named on its own."""

from __future__ import annotations

import random
import re
from typing import Any

from game.arcana.engine.state import K_CLAIM, K_PLACE
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.history import moves_of

CHOICE_ALONE = re.compile(r": (Put .+ into play|Claim .+)\.$")  # a move's own words, as the feed named it


def _table_after(cfg: Any, seed: int, actions: int = 70) -> tuple[Any, GameSession]:
    """A live table (random human moves, random bots), its events drained after every action as the flow does."""
    from game.arcana.ui import TableScene

    cfg.ui["bot_delay"] = 60.0
    sess = GameSession(3, [Seat("human"), Seat("bot", "random"), Seat("bot", "random")], seed,
                       {"preset": "random"}, game="arcana")
    app = testing.make_app(window_size=(1280, 720), skip_animations=True)
    table = TableScene(cfg, sess)
    app.push(table)
    rng = random.Random(seed)
    while len(sess.actions) < actions and not sess.is_over():
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
        table.drain_events()
    return table, sess


def _log(table: Any) -> list[str]:
    return [entry.text for entry in table.log.entries]


def _placements(sess: GameSession) -> list[str]:
    """The cards put into play or claimed so far, by name, one entry a time."""
    names = []
    for row in sess.actions:
        action = sess.adapter.from_json(sess.state, row["action"])
        if action[0] in (K_PLACE, K_CLAIM):
            names.append(sess.state.c.cards[action[1]].name)
    return names


def test_a_placement_is_one_line_in_the_feed_the_log_and_the_history(cfg) -> None:
    checked = 0
    for seed in (1, 2, 3):
        table, sess = _table_after(cfg, seed)
        names = table.seat_words()
        history = [m.text for m in moves_of(sess, names, table.viewer)]
        for where, lines in (("feed", table.happened), ("log", _log(table)), ("history", history)):
            assert not [ln for ln in lines if CHOICE_ALONE.search(ln)], (where, seed)
            text = " ".join(lines)
            # the payment and its card are one line, never two
            assert not re.search(r"\bpays? [^.]+\. \S+ (puts?|claims?) ", text), (where, seed)
            for card in _placements(sess):
                told = re.findall(rf"(?:puts?|claims?) {re.escape(card)}\b", text)
                assert told, (where, seed, card)
                checked += 1
        paid = [ln for ln in _log(table) if re.search(r" (puts?|claims?) .+ for \d", ln)]
        assert paid and all(ln in table.happened for ln in paid[-3:]), seed  # the same words in the feed
    assert checked >= 6  # the seeds place cards: the checks above ran


def test_a_move_telling_nothing_is_still_named_in_the_feed(cfg) -> None:
    """Control: only the card chosen-then-paid is left to its payment; a hidden choice (a mage) is named."""
    table, _sess = _table_after(cfg, 4, actions=4)
    assert any("chosen a mage" in ln or "hidden choice" in ln.lower() for ln in table.happened), table.happened
