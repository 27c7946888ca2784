"""Res Arcana's tie for the most points is explained where the game ends (play-test s6 p5 item 7: two seats at 10,
one starred, and neither the results nor the log said why): the log's game-over line and the final results say
the tie went to the most essences left in the pool, Gold counting double, with each tied seat's count, or that
the victory is shared. The control: a game won outright says nothing of a tie."""

from __future__ import annotations

import random

import pytest

from game.arcana.adapter import ADAPTER
from game.arcana.bots import fast_policy
from game.arcana.engine import new_game
from game.arcana.ui.words import event_text
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.table import ResultsScene


def _finished(seed: int):
    state = new_game(2, seed, preset="random")
    state.events = []
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(fast_policy(state, rng))
    return state


def _games() -> dict[str, object]:
    """The first game of the seeds tried (fast-policy self-play) that ends each way: won outright, a tie
    broken, a tie shared."""
    found: dict[str, object] = {}
    for seed in range(330, 400):
        st = _finished(seed)
        pts = [st.points(p) for p in range(2)]
        kind = "outright" if pts[0] != pts[1] else ("broken" if len(st.winners) == 1 else "shared")
        found.setdefault(kind, st)
        if len(found) == 3:
            break
    return found


GAMES = _games()


@pytest.mark.parametrize("kind", ["outright", "broken", "shared"])
def test_the_game_over_line_and_the_results_say_how_a_tie_was_settled(cfg, kind: str) -> None:
    assert kind in GAMES, f"no {kind} game among the seeds tried"
    st = GAMES[kind]
    names = ["You", "Bartholomew"]
    (over,) = [ev for ev in st.events if ev["type"] == "game_over"]
    line = event_text(st.c, over, names)
    note = ADAPTER.result_note(st)
    if kind == "outright":
        assert "Tied" not in line and note == ""
        return
    counts = [st.tiebreak(p) for p in range(2)]
    assert f"Tied at {st.points(0)} points" in line and f"You {counts[0]}, Bartholomew {counts[1]}" in line, line
    assert ("share the victory" in line) == (kind == "shared")
    assert note.startswith(f"Tied at {st.points(0)} points") and "Gold counting double" in note
    # the results screen shows it, whole, under the table
    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "normal")], seed=1, game="arcana")
    sess.state = st
    scene = ResultsScene(cfg, sess)
    app.push(scene)
    testing.step(app, 2)
    assert testing.was_drawn(app, note)
    assert not any("\u2026" in t for t in testing.drawn_texts(app))  # nothing cut short
