"""Undo in the shared session, both games: taking a decision back and making it again gives the same
game; the fair rule never crosses a point of no return nor another seat's move; the learning mode does
(the controls); the autosave after an undo replays to the same game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.core.session import STEP_FINAL, STEP_SECRET, GameSession, Seat

GAMES = {"realm": ({}, 3), "arcana": ({"preset": "random"}, 2)}
# events that show a seat something new or resolve chance (written here from the rules, not taken
# from the undo modules, so the test checks them)
REVEALS = {
    "realm": {"reveal", "bids_revealed", "pass", "mercs", "merc_reshuffle", "age_start", "round_start", "age_scored",
              "reckoning", "game_over"},
    "arcana": {"draw", "reshuffle", "look", "round", "mages", "victory_check", "game_over", "draft_pick"},
}


def fingerprint(sess: GameSession) -> str:
    """The whole game as every seat sees it, who is to move and what they may do."""
    st = sess.state
    legal = [sess.adapter.to_json(st, a) for a in st.legal_actions()] if not st.is_terminal() else []
    return json.dumps([[sess.view(p) for p in range(sess.players)], st.to_move(), legal, sess.actions], sort_keys=True,
                      default=str)


def new_session(game: str, seed: int, seats: list[Seat]) -> GameSession:
    setup, _ = GAMES[game]
    return GameSession(len(seats), seats, seed, dict(setup), game=game)


def crosses(sess: GameSession, seat: int, target: int) -> bool:
    """Whether taking ``seat`` back to ``target`` actions would undo something new it saw, chance, or another
    seat's open move."""
    for ev in sess.events:
        if ev.action_index > target and ev.data.get("type") in REVEALS[sess.adapter.key]:
            return True
    return any(row["seat"] != seat and sess.steps[k] != STEP_SECRET
               for k, row in enumerate(sess.actions[target:], target))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_undo_then_the_same_action_again_gives_the_same_game(game: str) -> None:
    undone = 0
    for seed in range(1, 13):
        rng = random.Random(seed)
        _, players = GAMES[game]
        sess = new_session(game, seed, [Seat("human") for _ in range(players)])
        while not sess.is_over() and len(sess.actions) < 90:
            seat = sess.to_move()
            action = rng.choice(sess.state.legal_actions())
            sess.submit(action)
            if sess.undo_target(seat) == len(sess.actions) - 1 and rng.random() < 0.5:
                after = fingerprint(sess)
                before = len(sess.actions)
                assert sess.undo(seat)
                assert len(sess.actions) == before - 1 and sess.to_move() == seat
                sess.submit(action)
                assert fingerprint(sess) == after
                undone += 1
    assert undone > 40  # the property was exercised


@pytest.mark.parametrize("game", sorted(GAMES))
def test_fair_undo_never_crosses_a_point_of_no_return_but_learning_mode_does(game: str) -> None:
    fair_targets = learning_crossings = 0
    for seed in range(1, 9):
        rng = random.Random(seed)
        _, players = GAMES[game]
        sess = new_session(game, seed, [Seat("human") for _ in range(players)])
        while not sess.is_over() and len(sess.actions) < 120:
            for seat in range(players):
                target = sess.undo_target(seat)
                if target is not None:
                    fair_targets += 1
                    assert sess.actions[target]["seat"] == seat
                    assert not crosses(sess, seat, target), (seed, seat, target)
                    assert sess.steps[target] != STEP_FINAL
                learn = sess.undo_target(seat, learning=True)
                if learn is not None and crosses(sess, seat, learn):
                    learning_crossings += 1  # the control: the check sees a crossing when there is one
            sess.submit(rng.choice(sess.state.legal_actions()))
    assert fair_targets > 50 and learning_crossings > 50


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_bots_move_cannot_be_undone_in_fair_mode(game: str) -> None:
    _, players = GAMES[game]
    checked = learned = 0
    for seed in range(1, 6):
        sess = new_session(game, seed, [Seat("human")] + [Seat("bot", "random") for _ in range(players - 1)])
        rng = random.Random(seed)
        while not sess.is_over() and len(sess.actions) < 150:
            if sess.human_to_move():
                sess.submit(rng.choice(sess.state.legal_actions()))
                continue
            sess.tick()
            last = sess.actions[-1]
            if last["seat"] != 0 and sess.steps[-1] != STEP_SECRET:
                checked += 1
                target = sess.undo_target(0)
                assert target is None  # the bot moved in the open: nothing of the human before it
                learned += sess.undo_target(0, learning=True) is not None  # control: learning mode may
    assert checked > 20 and learned > 20


@pytest.mark.parametrize("game", sorted(GAMES))
def test_pass_and_play_undo_never_takes_back_another_humans_move(game: str) -> None:
    _, players = GAMES[game]
    own_after_other = 0
    for seed in range(1, 7):
        rng = random.Random(seed)
        sess = new_session(game, seed, [Seat("human") for _ in range(players)])
        while not sess.is_over() and len(sess.actions) < 120:
            mover = sess.to_move()
            sess.submit(rng.choice(sess.state.legal_actions()))
            for seat in range(players):
                target = sess.undo_target(seat)
                if target is None:
                    continue
                assert sess.actions[target]["seat"] == seat
                others = [row for row in sess.actions[target + 1:] if row["seat"] != seat]
                assert all(sess.steps[sess.actions.index(row, target + 1)] == STEP_SECRET for row in others)
                if seat == mover:
                    own_after_other += 1
    assert own_after_other > 30


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_autosave_after_an_undo_replays_to_the_same_game(game: str, tmp_path: Any) -> None:
    _, players = GAMES[game]
    sess = new_session(game, 4, [Seat("human")] + [Seat("bot", "random") for _ in range(players - 1)])
    rng = random.Random(4)
    undos = 0
    while not sess.is_over() and len(sess.actions) < 80:
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
            if sess.undo(0):
                undos += 1
                path = tmp_path / f"save{undos}.jsonl"
                sess.save(path)
                again = GameSession.load(path)
                assert fingerprint(again) == fingerprint(sess)
                assert again.steps == sess.steps
                assert [(e.action_index, e.data) for e in again.events] == [(e.action_index, e.data)
                                                                            for e in sess.events]
                sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
    assert undos >= 3


def test_a_learning_undo_past_the_fair_rule_marks_the_game_assisted(tmp_path: Any) -> None:
    sess = new_session("arcana", 3, [Seat("human"), Seat("bot", "random")])
    rng = random.Random(3)
    while sess.undo_target(0) == sess.undo_target(0, learning=True) or sess.human_to_move() is False:
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
    fair = GameSession.load(_saved(sess, tmp_path / "fair.jsonl"))
    assert not fair.assisted  # control: nothing assisted yet
    assert sess.undo(0, learning=True) and sess.assisted
    again = GameSession.load(_saved(sess, tmp_path / "assisted.jsonl"))
    assert again.assisted and json.loads((tmp_path / "assisted.jsonl").read_text().splitlines()[0])["assisted"]


def _saved(sess: GameSession, path: Any) -> Any:
    sess.save(path)
    return path


def test_rewind_cancels_a_bots_search_and_its_answer_is_never_applied() -> None:
    sess = new_session("arcana", 2, [Seat("human"), Seat("bot", "random")])
    rng = random.Random(2)
    while sess.human_to_move() or sess.undo_target(0) is None:
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()

    class Worker:  # a worker whose search is under way
        cancelled = 0

        def cancel(self) -> None:
            Worker.cancelled += 1

    sess.worker, sess.job = Worker(), 7
    before = len(sess.actions)
    assert sess.undo(0)
    assert Worker.cancelled == 1 and sess.job is None and len(sess.actions) < before
    sess.worker = None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_crossing_check_catches_a_rule_that_lets_everything_be_taken_back(game: str, monkeypatch: Any) -> None:
    """The control of the fair-rule test above: with a rule that calls every action the mover's own, the
    same check finds undo targets across points of no return."""
    from game.core.games import get_game

    monkeypatch.setattr(get_game(game), "undo_step", lambda state, events: "own")
    _, players = GAMES[game]
    rng = random.Random(1)
    sess = new_session(game, 1, [Seat("human") for _ in range(players)])
    crossings = 0
    while not sess.is_over() and len(sess.actions) < 120:
        seat = sess.to_move()
        sess.submit(rng.choice(sess.state.legal_actions()))
        target = sess.undo_target(seat)
        crossings += target is not None and crosses(sess, seat, target)
    assert crossings > 5


def test_undo_while_a_searching_bot_thinks_drops_its_search_and_the_bot_thinks_again() -> None:
    import time

    sess = new_session("arcana", 6, [Seat("human"), Seat("bot", "mcts:seconds=2")])
    rng = random.Random(6)
    sess.start_worker()
    try:
        while True:  # the human's own move, after which the bot has a real choice to search
            while not sess.human_to_move():
                sess.submit(sess.state.legal_actions()[0])  # the bot's moves made for it, quickly
            action = rng.choice(sess.state.legal_actions())
            sess.submit(action)
            if not sess.human_to_move() and len(sess.state.legal_actions()) > 1 and sess.undo_target(0) is not None:
                break
        count = len(sess.actions)
        assert sess.tick() is False and sess.job is not None  # the search is under way
        time.sleep(0.2)
        assert sess.undo(0) and sess.job is None and len(sess.actions) == count - 1
        assert not sess.worker.busy()
        sess.submit(action)  # the human decides the same again: the bot searches anew
        start = time.monotonic()
        while len(sess.actions) == count and time.monotonic() - start < 30:
            sess.tick()
            time.sleep(0.01)
        assert len(sess.actions) == count + 1 and sess.actions[-1]["seat"] == 1 and sess.bot_error is None
    finally:
        sess.close()
