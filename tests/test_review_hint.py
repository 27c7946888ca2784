"""The review agrees with the hint (game/core/review.py): a key moment's better move is the move the hint's bot
would have shown at that position, and a move the hint would have suggested is never called a mistake (its moment,
where the player's chance fell across it, names no better move)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.core import review as rv
from game.core.games import get_game
from game.core.records import Record

from .test_review import QUICK, _finished, few_playouts  # noqa: F401 - the fixture, used here too

# the hint's kind of bot, small: the rule bot's best moves searched, its first choice kept unless clearly beaten
QUICK_HINT = "mcts:iterations=40,cutoff=6,rollout=fast,prior=rule,keep_z=1"


@pytest.fixture(scope="module")
def record() -> Record:
    return _finished("arcana", 2, 5)


def _played(record: Record, states: list[Any], k: int) -> Any:
    return get_game(record.game).from_json(states[k], record.actions[k]["action"])


def test_a_move_the_hint_suggested_is_never_called_a_mistake(record: Record) -> None:
    game = get_game("arcana")
    states = rv.positions(record, game)
    searcher = rv.local_searcher(rv.review_agent(game, QUICK))

    def the_move_played(state: Any, seat: int, legal: list[Any], seed: int) -> Any:
        return _played(record, states, seed - record.seed * 1_000_003)

    alone = rv.analyse(record, searcher, reviewed=[0]).moments
    assert any(m.best for m in alone)  # the control: the search alone names better moves
    agreed = rv.analyse(record, searcher, reviewed=[0], judge=the_move_played).moments
    assert agreed and [m.best for m in agreed] == [""] * len(agreed)


def test_a_key_moments_better_move_is_the_hints_and_the_judge_is_asked_only_where_the_chart_fell(
        record: Record, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every moment's better move is the hint's move at that position (none where that is the move played), its
    cost is the fall of the mover's line; the judge is asked only where that line fell (no cost could be claimed
    elsewhere), and the review's own search not at all."""
    game = get_game("arcana")
    monkeypatch.setattr(rv, "HINT_PRESET", QUICK_HINT)
    states = rv.positions(record, game)
    values_at: dict[int, dict[Any, float]] = {}
    search = rv.local_searcher(rv.review_agent(game, QUICK))

    def searcher(state: Any, seat: int, legal: list[Any], seed: int) -> dict[Any, float]:
        values_at[seed - record.seed * 1_000_003] = values = search(state, seat, legal, seed)
        return values

    hint = rv.local_judge(rv.hint_agent(game))
    asked: list[int] = []

    def judge(state: Any, seat: int, legal: list[Any], seed: int) -> Any:
        asked.append(seed - record.seed * 1_000_003)
        return hint(state, seat, legal, seed)

    review = rv.analyse(record, searcher, reviewed=[0], judge=judge)
    lines = rv.chart_lines(review)
    assert review.moments
    for m in review.moments:
        k = m.index
        hinted = hint(states[k], 0, list(states[k].legal_actions()), record.seed * 1_000_003 + k)
        played = _played(record, states, k)
        assert m.best == ("" if hinted == played else rv.move_words(game, states[k], hinted))
        assert m.cost == pytest.approx(lines[k][0] - lines[k + 1][0]) and m.cost >= rv.MIN_FALL
    assert asked and all(lines[k][0] - lines[k + 1][0] >= rv.MIN_FALL for k in asked)
    assert values_at == {}
    seat_moves = sum(1 for row in record.actions if row["seat"] == 0)
    assert len(asked) < seat_moves


def test_the_judge_is_asked_as_the_hint_asks_from_the_seats_own_view(record: Record) -> None:
    game = get_game("arcana")
    truth = rv.positions(record, game)
    seen: list[tuple[Any, int, int]] = []

    class Watching:
        def decide(self, state: Any, seat: int, legal: list[Any], rng: random.Random) -> Any:
            seen.append((state, seat, len(seen)))
            return legal[0]

    judge = rv.local_judge(Watching())
    for k in range(0, 60, 3):
        state = truth[k]
        judge(state, state.to_move(), list(state.legal_actions()), k)
    own_kept = all(world.view(seat) == truth[3 * i].view(seat) for world, seat, i in seen)
    others_dealt = any(world.view(1 - seat) != truth[3 * i].view(1 - seat) for world, seat, i in seen)
    assert own_kept and others_dealt  # the seat's own knowledge kept, the other's secrets dealt anew


def test_the_hints_bot_is_the_expert_preset_and_the_cache_is_keyed_by_it(tmp_path: Any, record: Record) -> None:
    from game.shell.hint import HINT_PRESET

    game = get_game("arcana")
    assert HINT_PRESET == rv.HINT_PRESET == "expert"  # one name: the hint asks the bot the review asks
    capped, fixed = rv.hint_agent(game), rv.hint_agent(game, capped=False)
    assert capped.iterations == fixed.iterations == 2500 and capped.max_seconds == 1.0
    assert not hasattr(fixed, "max_seconds")  # the review's judge: the same search, uncapped (reproducible)
    assert rv.hint_agent(game, {}).iterations == 2500  # a session's empty presets: the bundled ones, as it reads them
    fallback = rv.hint_agent(game, {"hard": {"kind": "mcts", "seconds": 0.25}})
    assert fallback.name == "hard"  # a user's config without the expert preset
    path = tmp_path / "game.jsonl"
    record.write(path)
    review = rv.Review([[0.5, 0.5]] * (len(record.actions) + 1), [], True)
    rv.save_cached(path, record, review, judge=rv.judge_key(fixed))
    assert rv.load_cached(path, record, judge=rv.judge_key(fixed)) == review
    assert rv.load_cached(path, record, judge=rv.judge_key(fallback)) is None  # judged by another bot: again


def test_the_hint_a_record_kept_is_what_the_review_judges_against(record: Record) -> None:
    """Play-test s7: the live hint (cut at a second on a busy machine, its own seed) and the hint bot asked again
    by the review can name different moves, so the review called followed hints mistakes. A move played where the
    record keeps the hint shown there is judged against that hint: following it is never called a mistake."""
    game = get_game("arcana")
    states = rv.positions(record, game)
    searcher = rv.local_searcher(rv.review_agent(game, QUICK))

    def another_move(state: Any, seat: int, legal: list[Any], seed: int) -> Any:  # a judge that never agrees
        played = _played(record, states, seed - record.seed * 1_000_003)
        return next((a for a in legal if a != played), played)

    control = [m for m in rv.analyse(record, searcher, reviewed=[0], judge=another_move).moments if m.whose < 0]
    assert control and all(m.best for m in control)
    followed = Record(record.game, record.players, record.seed, record.setup, record.seats,
                      [{**row, "hint": row["action"]} if row["seat"] == 0 else row for row in record.actions])
    moments = rv.analyse(followed, searcher, reviewed=[0], judge=another_move).moments
    assert moments and all(m.best == "" for m in moments)  # (a rival's move names no better move either)


def test_a_shown_hint_goes_into_the_record_with_the_move_played_and_an_undo_drops_it(tmp_path: Any) -> None:
    from game.core.records import read_record
    from game.core.session import GameSession, Seat

    sess = GameSession(2, [Seat("human"), Seat("human")], 4, game="arcana")
    legal = list(sess.state.legal_actions())
    sess.note_hint(legal[-1])
    sess.submit(legal[0])
    assert sess.record.actions[0]["hint"] == sess.adapter.to_json(rv.positions(sess.record, sess.adapter)[0],
                                                                  legal[-1])
    sess.note_hint(sess.state.legal_actions()[0])
    sess.rewind(1)  # an undo: the hint shown at a position taken back is not kept for another move there
    sess.submit(sess.state.legal_actions()[0])
    assert "hint" not in sess.record.actions[1]
    path = tmp_path / "game.jsonl"
    sess.record.write(path)
    again = read_record(path)
    assert again.actions[0]["hint"] == sess.record.actions[0]["hint"] and "hint" not in again.actions[1]
    GameSession.from_record(again, str(path))  # a record with a hint still replays
