"""The game review (game/core/review.py): win chances per position, key moments, the cache, hidden info."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.core import review as rv
from game.core.games import get_game
from game.core.records import Record, SeatRecord
from game.core.session import GameSession, Seat

QUICK = "mcts:iterations=30,cutoff=6,rollout=fast,prior=none"


def _finished(game: str, players: int, seed: int) -> Record:
    """A whole game played by the rule bot, as its record."""
    sess = GameSession(players, [Seat("bot", "normal")] * players, seed, game=game)
    agent = sess.agent_for(0)
    rng = random.Random(seed)
    while not sess.is_over():
        legal = list(sess.state.legal_actions())
        sess.submit(agent.decide(sess.state.copy(), sess.to_move(), legal, rng) if len(legal) > 1 else legal[0])
    sess.record.seats = [SeatRecord("human")] + sess.record.seats[1:]
    return sess.record


def _recording(searcher: rv.Searcher) -> tuple[rv.Searcher, list[tuple[Any, int, dict[Any, float], int]]]:
    seen: list[tuple[Any, int, dict[Any, float], int]] = []

    def search(state: Any, seat: int, legal: list[Any], seed: int) -> dict[Any, float]:
        values = searcher(state, seat, legal, seed)
        seen.append((state, seat, values, seed))
        return values

    return search, seen


@pytest.fixture(scope="module")
def arcana_record() -> Record:
    return _finished("arcana", 2, 5)


def test_the_last_position_of_a_finished_game_matches_its_result(arcana_record: Record) -> None:
    review = rv.analyse(arcana_record, rv.local_searcher(rv.review_agent(get_game("arcana"), QUICK)), reviewed=[0])
    assert review.complete and len(review.chances) == len(arcana_record.actions) + 1
    winners = set(arcana_record.result.get("winners", [arcana_record.result["winner"]]))
    assert review.chances[-1] == [1.0 if p in winners else 0.0 for p in range(2)]
    assert any(0.0 < c < 1.0 for row in review.chances[:-1] for c in row)  # control: a search gave estimates


def test_key_moments_are_the_human_seats_moves_and_their_cost_is_the_searchs_difference(
        arcana_record: Record) -> None:
    game = get_game("arcana")
    search, seen = _recording(rv.local_searcher(rv.review_agent(game, QUICK)))
    review = rv.analyse(arcana_record, search, reviewed=[0])
    assert 1 <= len(review.moments) <= rv.KEY_MOMENTS
    states = rv.positions(arcana_record, game)
    values_at = {seed - arcana_record.seed * 1_000_003: values for _state, _seat, values, seed in seen}
    for m in review.moments:
        assert m.seat == 0 and arcana_record.actions[m.index]["seat"] == 0
        values = values_at[m.index]
        played = game.from_json(states[m.index], arcana_record.actions[m.index]["action"])
        assert m.cost == pytest.approx(max(values.values()) - values[played])
        assert m.played == game.describe(states[m.index], played)
    # control: the other seat's moves cost something too, and are listed only when it is reviewed
    other = rv.analyse(arcana_record, search, reviewed=[1])
    assert other.moments and all(m.seat == 1 for m in other.moments)


def test_a_review_in_progress_never_searches_what_the_asking_seat_could_not_know(arcana_record: Record) -> None:
    game = get_game("arcana")
    rec = Record(arcana_record.game, 2, arcana_record.seed, arcana_record.setup, arcana_record.seats,
                 arcana_record.actions[:40])
    truth = rv.positions(rec, game)

    def hidden_differs(viewer: int | None) -> tuple[bool, bool]:
        search, seen = _recording(lambda s, seat, legal, seed: {a: 0.5 for a in legal})
        rv.analyse(rec, search, viewer=viewer)
        own_kept, differs = True, False
        for state, _seat, _values, seed in seen:
            true = truth[seed - rec.seed * 1_000_003]
            own_kept = own_kept and state.view(0) == true.view(0)
            differs = differs or state.view(1) != true.view(1)
        return own_kept, differs

    own_kept, differs = hidden_differs(0)
    assert own_kept and differs  # seat 0's own knowledge kept, seat 1's secrets dealt anew
    own_kept, differs = hidden_differs(None)  # control: a finished game searches the true hands
    assert own_kept and not differs


def test_the_cache_is_used_once_computed_and_refused_for_another_record(tmp_path: Any, arcana_record: Record) -> None:
    path = tmp_path / "game.jsonl"
    arcana_record.write(path)
    review = rv.Review([[0.5, 0.5]] * (len(arcana_record.actions) + 1), [rv.KeyMoment(3, 0, "a", "b", 0.1)], True)
    assert rv.load_cached(path, arcana_record) is None
    rv.save_cached(path, arcana_record, review)
    assert rv.load_cached(path, arcana_record) == review
    shorter = Record(arcana_record.game, 2, arcana_record.seed, arcana_record.setup, arcana_record.seats,
                     arcana_record.actions[:-1])
    assert rv.load_cached(path, shorter) is None
    rv.cache_path(path).write_text("{broken", encoding="utf-8")
    assert rv.load_cached(path, arcana_record) is None
