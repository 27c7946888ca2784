"""Closing a bot worker is one piece of code for the session and the hint asker (``close_worker``)."""

from __future__ import annotations

from game.core.session import GameSession, Seat
from game.shell.hint import HintAsker


def test_a_session_and_a_hint_asker_close_their_workers_alike() -> None:
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 3, {"preset": "first_game"}, game="arcana")
    hint = HintAsker(sess, preset="random")
    sess.start_worker()
    assert hint.ask(sess.to_move(), 0)  # a job under way
    workers = [sess.worker, hint.worker]
    assert all(w is not None and w.alive() for w in workers)  # the control: both are running
    for owner in (sess, hint):
        owner.close()
        assert owner.worker is None and owner.job is None
        owner.close()  # twice is harmless
    assert not any(w.alive() for w in workers)
