"""The game review (game/core/review.py): win chances per position, key moments, the cache, hidden info."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from game.core import review as rv
from game.core.games import get_game
from game.core.records import Record, SeatRecord
from game.core.session import GameSession, rule_bot_game

QUICK = "mcts:iterations=30,cutoff=6,rollout=fast,prior=none"


def _finished(game: str, players: int, seed: int) -> Record:
    """A whole game played by the rule bot, as its record, with seat 0 a human's."""
    record = rule_bot_game(game, players, seed)
    record.seats = [SeatRecord("human")] + record.seats[1:]
    return record


def _recording(searcher: rv.Searcher) -> tuple[rv.Searcher, list[tuple[Any, int, dict[Any, float], int]]]:
    seen: list[tuple[Any, int, dict[Any, float], int]] = []

    def search(state: Any, seat: int, legal: list[Any], seed: int) -> dict[Any, float]:
        values = searcher(state, seat, legal, seed)
        seen.append((state, seat, values, seed))
        return values

    return search, seen


@pytest.fixture(autouse=True)
def few_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The win chances counted from a few playouts a position (the tests' reviews in seconds)."""
    monkeypatch.setattr(rv, "PLAYOUTS", 8, raising=False)  # (raising=False: the same tests run on older code)


@pytest.fixture(scope="module")
def arcana_record() -> Record:
    return _finished("arcana", 2, 5)


def test_the_last_position_of_a_finished_game_matches_its_result(arcana_record: Record) -> None:
    review = rv.analyse(arcana_record, rv.local_searcher(rv.review_agent(get_game("arcana"), QUICK)), reviewed=[0])
    assert review.complete and len(review.chances) == len(arcana_record.actions) + 1
    winners = set(arcana_record.result.get("winners", [arcana_record.result["winner"]]))
    assert review.chances[-1] == [1.0 if p in winners else 0.0 for p in range(2)]
    assert any(0.0 < c < 1.0 for row in review.chances[:-1] for c in row)  # control: a search gave estimates


def test_key_moments_are_the_human_seats_moves_and_claim_just_what_the_chart_shows(
        arcana_record: Record) -> None:
    """Play-test t1: "costs 93%" of a move after which the chart showed the player's chance near 100%. A search
    that thinks every move played loses everything (cost 1.0 by its values) claims the fall of the mover's line
    across the move, in points of win chance, and nothing more."""
    game = get_game("arcana")

    def doom(state: Any, seat: int, legal: list[Any], seed: int) -> dict[Any, float]:
        played = game.from_json(state, arcana_record.actions[seed - arcana_record.seed * 1_000_003]["action"])
        return {a: 0.0 if a == played else 1.0 for a in legal}

    review = rv.analyse(arcana_record, doom, reviewed=[0])
    lines = rv.chart_lines(review)
    assert 1 <= len(review.moments) <= rv.KEY_MOMENTS
    for m in review.moments:  # seat 0's moves, or a rival's move labelled as costing seat 0
        assert (m.seat, m.whose) == (0, -1) or (m.seat, m.whose) == (1, 0)
        assert arcana_record.actions[m.index]["seat"] == m.seat
        assert m.cost == pytest.approx(lines[m.index][0] - lines[m.index + 1][0]) and rv.MIN_FALL <= m.cost < 1.0
    assert any(m.whose < 0 for m in review.moments)
    other = rv.analyse(arcana_record, doom, reviewed=[1])  # control: the other seat's, only when it is reviewed
    assert other.moments and all(1 in (m.seat, m.whose) and m.whose != 0 for m in other.moments)


def test_win_chances_are_shares_of_playouts_won_not_mean_payoffs() -> None:
    """Realm pays a loser up to 0.25: a mean payoff is no win chance. The counter counts wins (a tie shares one)."""

    class Race:  # one move to the end; seat 0 always wins, seat 1 gets a loser's payoff
        def __init__(self, tie: bool = False) -> None:
            self.done, self.tie = False, tie

        def determinize(self, seat: int, rng: Any) -> Race:
            return Race(self.tie)

        def is_terminal(self) -> bool:
            return self.done

        def legal_actions(self) -> list[int]:
            return [0]

        def apply(self, a: int) -> None:
            self.done = True

        def returns(self) -> list[float]:
            return [1.0, 1.0] if self.tie else [1.0, 0.25]

        def evaluate(self) -> list[float]:
            return [0.8, 0.2]

    count = rv.local_counter(rv.PlayoutCounter(iterations=10))
    assert count(Race(), 0, 1) == [1.0, 0.0]
    assert count(Race(tie=True), 0, 1) == [0.5, 0.5]


def test_every_row_of_a_realm_review_is_a_share_of_one_win_and_the_chart_never_jumps_by_half(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test t1: the chart swung between 0% and 100% several times (each seat's best mean payoff, carried from
    its own decisions, then scaled). Each position's chances, as the review keeps them, now add up to one win, and
    no line jumps by half a win to come back within a round (a real decisive move may still move it that far)."""
    monkeypatch.setattr(rv, "PLAYOUTS", 40)
    record = _finished("realm", 3, 7)
    review = rv.analyse(record, rv.local_searcher(rv.review_agent(get_game("realm"), QUICK)), reviewed=[0])
    assert len(review.chances) == len(record.actions) + 1
    assert all(sum(row) == pytest.approx(1.0) for row in review.chances)
    lines = rv.chart_lines(review)
    n = record.players
    flips = [(k, p) for k in range(len(lines) - 1) for p in range(n)  # a jump of half a win undone within a round
             if abs(lines[k + 1][p] - lines[k][p]) > 0.5
             and any(abs(lines[j][p] - lines[k][p]) < 0.25 for j in range(k + 2, min(len(lines), k + 2 + n)))]
    assert flips == []


def test_a_review_in_progress_never_searches_what_the_asking_seat_could_not_know(arcana_record: Record) -> None:
    game = get_game("arcana")
    rec = Record(arcana_record.game, 2, arcana_record.seed, arcana_record.setup, arcana_record.seats,
                 arcana_record.actions[:40])
    truth = rv.positions(rec, game)

    def hidden_differs(viewer: int | None) -> tuple[bool, bool]:
        search, seen = _recording(lambda s, seat, legal, seed: {a: 0.5 for a in legal})
        counted: list[Any] = []  # the playouts' positions, one a position in order (no moment costs a count)
        count = rv.local_counter(rv.playout_counter(game, 2))

        def counter(state: Any, seat: int, seed: int) -> list[float]:
            counted.append(state)
            return count(state, seat, seed)

        rv.analyse(rec, search, viewer=viewer, reviewed=[0, 1], counter=counter)
        pairs = [(state, truth[seed - rec.seed * 1_000_003]) for state, _seat, _values, seed in seen]
        pairs += [(state, truth[k]) for k, state in enumerate(counted)]
        assert seen and len(counted) == len(truth)
        own_kept = all(state.view(0) == true.view(0) for state, true in pairs)
        differs = any(state.view(1) != true.view(1) for state, true in pairs)
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


def test_the_charts_lines_are_the_chances_as_counted_so_a_key_moments_fall_shows() -> None:
    """A key moment's cost is a fall between two positions: the chart draws each position as counted (a round's
    average spread a 20-point fall into 3-point steps, so the chart never showed what a moment claimed)."""
    calm, fall = [0.5, 0.5], [0.3, 0.7]
    rows = [calm] * 10 + [fall] * 10 + [[0.0, 1.0]]
    lines = rv.chart_lines(rv.Review(rows, [], True))
    assert lines[9][0] - lines[10][0] == pytest.approx(0.2) and lines[-1] == [0.0, 1.0]


def test_the_end_of_the_chart_is_the_result_in_the_scene(cfg: Any, arcana_record: Record) -> None:
    review = rv.Review([[0.5, 0.5]] * len(arcana_record.actions) + [[0.0, 1.0]], [], True)
    _app, scene = _scene_app(cfg, arcana_record, review)
    assert scene.lines()[-1] == [0.0, 1.0] and scene.lines()[-2] == [0.5, 0.5]
    assert scene.names[1] + " 100%" in scene_banner(_app)


def test_the_scene_shows_shares_that_add_up(cfg: Any, arcana_record: Record) -> None:
    review = rv.Review([[0.6, 0.6]] * (len(arcana_record.actions) + 1), [], False)  # two estimates of 60%
    _app, scene = _scene_app(cfg, arcana_record, review)
    assert all(sum(row) == pytest.approx(1.0) for row in scene.lines())
    assert f"{scene.names[0]} 50%, {scene.names[1]} 50%" in scene_banner(_app)


def scene_banner(app: Any) -> str:
    from game.shell import testing

    return next(t for t in testing.drawn_texts(app) if t.startswith("Review: the table"))


# ------------------------------------------------------------------ the review scene
MIN_TEXT_PX = 13


def _session(rec: Record) -> GameSession:
    return GameSession.from_record(rec, "test")


def _scene_app(cfg: Any, rec: Record, review: rv.Review, window_size: tuple[int, int] | None = None) -> Any:
    from game.shell import testing
    from game.shell.review import ReviewScene

    app = testing.make_app(window_size=window_size)
    scene = ReviewScene(cfg, _session(rec), analyse=False)
    scene.review, scene.done, scene.total = review, len(review.chances), len(rec.actions) + 1
    app.push(scene)
    testing.step(app, 2)
    return app, scene


def _quick_review(rec: Record) -> rv.Review:
    return rv.analyse(rec, rv.local_searcher(rv.review_agent(get_game(rec.game), QUICK)), reviewed=[0])


@pytest.mark.parametrize("window_size", [(1280, 720), (1600, 900)])
def test_the_review_scene_texts_are_whole_in_their_place_and_readable(cfg: Any, arcana_record: Record,
                                                                      window_size: tuple[int, int]) -> None:
    import itertools

    from game.shell.review import KEYS

    review = _quick_review(arcana_record)
    app, scene = _scene_app(cfg, arcana_record, review, window_size)
    scene.choose(review.moments[0].index + 1)
    from game.shell import testing

    testing.step(app, 2)
    items = list(app.last_frame_texts)
    first = next(i for i, d in enumerate(items) if d.text.startswith("Review: the table"))
    ours = items[first:]  # the review's own texts: drawn over the table, after it
    assert all(scene.lay.panel.contains(d.rect) or KEYS.contains(d.rect) or d.rect.bottom <= 46 for d in ours)
    assert any("Esc: back" in d.text for d in ours)  # the review's keys, over the table's own
    assert any("Key moments" in d.text for d in ours) and any("Win chance" in d.text for d in ours)
    assert any(f"Move {review.moments[0].index + 1} " in d.text for d in ours)
    assert [d.text for d in ours if d.overflows(app.canvas.get_rect())] == []
    assert [d.text for d in ours if d.text.endswith("\u2026")] == []
    assert [d.text for d in ours if d.rect.h < MIN_TEXT_PX] == []
    pairs = itertools.combinations([(d.text, d.rect) for d in ours], 2)
    assert [(a[0], b[0]) for a, b in pairs if a[1].inflate(-2, -2).colliderect(b[1].inflate(-2, -2))] == []


def test_the_chart_the_key_moments_and_the_arrows_choose_the_move_shown(cfg: Any, arcana_record: Record) -> None:
    import pygame

    from game.shell import testing

    review = _quick_review(arcana_record)
    app, scene = _scene_app(cfg, arcana_record, review)
    chart = scene.chart
    n = len(arcana_record.actions)
    assert scene.chosen == n  # the end of the game first
    testing.click(app, (chart.x + chart.w // 2, chart.centery), frames=2)
    assert scene.chosen == round(n / 2) and scene.chosen != n
    assert testing.was_drawn(app, f"move {scene.chosen} of {n}")
    rect, index = scene.moment_rows[-1]
    testing.click(app, rect.center, frames=2)
    assert scene.chosen == index + 1
    testing.key(app, pygame.K_LEFT)
    assert scene.chosen == index
    testing.key(app, pygame.K_TAB, frames=2)  # the panel put aside: the whole table, and a way back
    assert not scene.panel_shown and testing.was_drawn(app, "Show the review")
    assert not testing.was_drawn(app, "Key moments")
    testing.click(app, (chart.x + 10, chart.centery), frames=2)
    assert scene.chosen == index  # the chart is not there to click
    back_only = (scene.back.rect.x + 8, scene.back.rect.centery)
    assert not scene.panel_button.rect.collidepoint(back_only)
    testing.click(app, back_only, frames=2)
    assert app.stack.top is scene  # nor is Back
    testing.click_widget(app, scene.panel_button, frames=2)
    assert scene.panel_shown and testing.was_drawn(app, "Key moments")  # the control: it comes back
    testing.key(app, pygame.K_TAB, frames=2)
    testing.key(app, pygame.K_ESCAPE, frames=2)  # Esc leaves with the panel aside too
    assert app.stack.top is not scene


@pytest.mark.parametrize("game", ["realm", "arcana"])
def test_the_results_screen_opens_the_review(cfg: Any, game: str, monkeypatch: Any) -> None:
    from game.shell import review as review_ui
    from game.shell import testing
    from tests.test_history import play

    asked: list[Any] = []
    monkeypatch.setattr(review_ui, "review_record", lambda *a, **kw: asked.append(a[1]) or rv.Review())
    rec, _state = play(game, [SeatRecord("human"), SeatRecord("bot", "normal")], seed=4)
    session = _session(rec)
    app = testing.make_app()
    results_mod = __import__("game.realm.ui.results" if game == "realm" else "game.shell.table", fromlist=["x"])
    app.push(results_mod.ResultsScene(cfg, session))
    testing.step(app, 2)
    testing.click_widget(app, testing.find_widget(app, "Review"), frames=3)
    assert isinstance(app.stack.top, review_ui.ReviewScene)
    assert asked and asked[0] is session.record  # the review of this very game


def test_a_past_game_in_the_statistics_opens_its_review(cfg: Any, monkeypatch: Any) -> None:
    from game.core import history as H
    from game.core.games import games
    from game.shell import review as review_ui
    from game.shell import testing
    from game.shell.stats import StatsScene
    from tests.test_history import play

    monkeypatch.setattr(review_ui, "review_record", lambda *a, **kw: rv.Review())
    for seed in (11, 12):
        rec, state = play("realm", [SeatRecord("human"), SeatRecord("bot", "normal")], seed=seed)
        assert H.record_finished(rec, state, get_game("realm"), source="window") is None
    app = testing.make_app()
    stats = app.push(StatsScene(cfg, games()))
    testing.step(app, 2)
    entry, y = stats._entries_shown()[1]
    testing.click(app, (stats.past.view_rect().x + 20, y + entry.height // 2), frames=2)
    top = app.stack.top
    assert isinstance(top, review_ui.ReviewScene)
    assert top.record_path == Path(stats.listed[1]["record"]) and top.s.seed == 11  # the older game: listed second


def test_review_on_the_command_line_refuses_bad_input_in_one_line(tmp_path: Any, capsys: Any) -> None:
    from game.cli import main

    assert main(["review", str(tmp_path / "missing.jsonl")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and "missing.jsonl" in err and "\n" not in err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "nothing"}\n', encoding="utf-8")
    assert main(["review", str(bad), "--text"]) == 2
    assert "\n" not in capsys.readouterr().err.strip()


def test_review_text_reads_the_cache_once_it_is_there(tmp_path: Any, capsys: Any, arcana_record: Record) -> None:
    from game.cli import main

    path = tmp_path / "game.jsonl"
    arcana_record.write(path)
    rows = [[0.5, 0.5]] * len(arcana_record.actions) + [[0.0, 1.0]]
    rv.save_cached(path, arcana_record, rv.Review(rows, [rv.KeyMoment(3, 0, "took a card", "passed", 0.25)], True),
                   judge=rv.judge_key(rv.hint_agent(get_game("arcana"), capped=False)))  # as the command judges
    assert main(["review", str(path), "--text"]) == 0  # no search process started: the cache answers
    out = capsys.readouterr().out
    assert "move 4 (seat 0): played took a card; the hint: passed; win chance 50% -> 25%" in out


def test_review_text_names_an_agreed_move_and_a_rivals_move_in_words(tmp_path: Any, capsys: Any,
                                                                      arcana_record: Record) -> None:
    from game.cli import main

    path = tmp_path / "game.jsonl"
    arcana_record.write(path)
    rows = [[0.5, 0.5]] * len(arcana_record.actions) + [[0.0, 1.0]]
    moments = [rv.KeyMoment(3, 0, "took a card", "", 0.25), rv.KeyMoment(4, 1, "passed", "", 0.2, whose=0)]
    rv.save_cached(path, arcana_record, rv.Review(rows, moments, True),
                   judge=rv.judge_key(rv.hint_agent(get_game("arcana"), capped=False)))
    assert main(["review", str(path), "--text"]) == 0
    out = capsys.readouterr().out
    assert "the hint: ;" not in out
    assert "move 4 (seat 0): played took a card; the hint would have played it too; win chance 50% -> 25%" in out
    assert "move 5 (seat 1, a rival's): played passed; seat 0's win chance 50% -> 30%" in out


# ------------------------------------------------------------------ the cache of a game just played
class CountingPool:
    """Stands in for ``ai.pool.SearchPool``: every position worth 0.5 for every move, each search counted."""

    searches = 0

    def __init__(self, name: str) -> None:
        self.name = name

    def __enter__(self) -> CountingPool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def search(self, agent: Any, state: Any, seat: int, legal: list[Any], seed: int, workers: int = 2) -> Any:
        from types import SimpleNamespace

        CountingPool.searches += 1
        return SimpleNamespace(values={a: 0.5 for a in legal})


def _open_review_from_results(app: Any) -> Any:
    from game.shell import testing
    from game.shell.review import ReviewScene

    testing.click_widget(app, testing.find_widget(app, "Review"), frames=2)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    assert scene._thread is not None
    scene._thread.join(timeout=60)
    testing.step(app, 2)
    return scene


def test_a_review_opened_from_the_results_screen_is_cached_beside_the_kept_record(cfg: Any,
                                                                                  monkeypatch: Any) -> None:
    import ai.pool
    from game.core import history as H
    from game.shell import testing
    from game.shell.stats import record_session
    from game.shell.table import ResultsScene
    from tests.test_history import play

    monkeypatch.setattr(ai.pool, "SearchPool", CountingPool)
    CountingPool.searches = 0
    rec, _state = play("arcana", [SeatRecord("human"), SeatRecord("bot", "normal")], seed=4)
    session = _session(rec)
    assert session.record_path is None
    assert record_session(session) is None  # what the table does as its results show
    [entry] = H.read_games()
    assert session.record_path == Path(entry.record_path)  # the session knows where its record was kept
    app = testing.make_app()
    app.push(ResultsScene(cfg, session))
    testing.step(app, 2)
    first = _open_review_from_results(app)
    searched = CountingPool.searches
    assert searched > 0 and first.review.complete  # the control: the first opening searched
    assert rv.cache_path(session.record_path).exists()
    testing.key(app, testing.pygame.K_ESCAPE, frames=2)
    second = _open_review_from_results(app)
    assert CountingPool.searches == searched  # the second opening read the cache
    assert second.review == first.review
    assert testing.was_drawn(app, f"Reviewed: all {len(session.actions)} moves")
    # the same game from the statistics screen (its record read back from the file) reads that cache too
    from game.core.games import games
    from game.shell.stats import StatsScene

    stats = app.push(StatsScene(cfg, games()))
    testing.step(app, 2)
    stats.open_review(stats.summary["arcana"]["games"][0])
    third = app.stack.top
    assert third.record_path == session.record_path and third._thread is not None
    third._thread.join(timeout=60)
    assert CountingPool.searches == searched and third.review == first.review


def test_a_window_game_learns_where_its_record_was_kept(cfg: Any) -> None:
    from game.core import history as H
    from game.core.games import register_game, unregister_game
    from game.shell import testing
    from tests.test_stats_ui import play_window_game

    register_game("goofspiel", "tests.toy_game:ADAPTER")
    try:
        session = play_window_game(testing.make_app(skip_animations=True), cfg)
        [entry] = H.read_games()
        assert session.record_path == Path(entry.record_path) and session.record_path.exists()
    finally:
        unregister_game("goofspiel")



# ------------------------------------------------------------------ through the search processes
POOL_QUICK = "mcts:iterations=16,cutoff=4,rollout=fast,prior=none"  # small enough for CI, still a search


def test_a_review_through_the_search_processes_fills_the_chart_in_and_finds_the_humans_moves(
        cfg: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """The window's way: the scene's thread, ``review_record`` and two processes of ``ai.pool``."""
    from game.shell import testing
    from game.shell.review import ReviewScene
    from tests.test_history import play

    monkeypatch.setattr(rv, "REVIEW_SPEC", POOL_QUICK)
    monkeypatch.setattr(rv, "HINT_PRESET", POOL_QUICK)  # the hint's bot, judging the key moments
    rec, _state = play("arcana", [SeatRecord("bot", "normal"), SeatRecord("human")], seed=7)
    path = tmp_path / "game.jsonl"
    rec.write(path)
    app = testing.make_app()
    scene = app.push(ReviewScene(cfg, _session(rec), path, workers=2))
    filled: set[int] = set()
    deadline = time.monotonic() + 120
    while not scene.review.complete and not scene.error and time.monotonic() < deadline:
        testing.step(app, 1)
        filled.add(len(scene.lines()))
        time.sleep(0.01)
    assert scene.error == "" and scene.review.complete
    assert len(filled) > 3  # the chart filled in over several frames, not at once
    n = len(rec.actions)
    assert len(scene.review.chances) == n + 1 and scene.done == scene.total == n + 1
    winners = set(rec.result.get("winners", [rec.result["winner"]]))
    assert scene.lines()[-1] == [1.0 if p in winners else 0.0 for p in range(2)]
    assert any(0.0 < c < 1.0 for row in scene.review.chances[:-1] for c in row)  # searched estimates
    assert scene.review.moments and all(  # the human's moves, or a rival's that cost the human
        rec.actions[m.index]["seat"] == m.seat and (m.seat, m.whose) in ((1, -1), (0, 1)) for m in scene.review.moments)
    assert scene._thread is not None
    scene._thread.join(timeout=30)  # the cache is written once the search processes are closed
    judged_by = rv.judge_key(rv.hint_agent(get_game("arcana"), capped=False))
    assert rv.load_cached(path, rec, judge=judged_by) == scene.review  # and cached beside the record
    assert rv.load_cached(path, rec) is None  # keyed by its judge: a review judged otherwise is not this one
    # control: with the other seat at the screen, the same search finds that seat's moves
    rec.seats = [SeatRecord("human"), SeatRecord("bot", "normal")]
    other = rv.review_record(None, rec, workers=2)
    assert other.moments and all((m.seat, m.whose) in ((0, -1), (1, 0)) for m in other.moments)


# ------------------------------------------------------------------ the key moments' words
ID_PATTERN = re.compile(r"_|\b[A-Z]{1,2}\d+\b")  # an underscore id (R1_stone_gardens) or a card id (A22, W4_12)


def test_the_id_pattern_finds_the_ids_the_play_tester_saw_and_not_a_cards_name() -> None:
    """The control of the test below: it would see the debug descriptions' ids."""
    assert ID_PATTERN.search("selects R1_stone_gardens") and ID_PATTERN.search("selects A22")
    assert ID_PATTERN.search("chooses reward card W4_12") and not ID_PATTERN.search("Play Stone Gardens (Deploy 3)")


@pytest.mark.parametrize("game", ["realm", "arcana"])
def test_key_moments_name_moves_in_the_games_own_words_never_by_an_id(cfg: Any, game: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a reviewed seeded game, every reviewed decision made a key moment: no moment's text, in the review
    or as the panel lays it out, holds an id; Realm's debug descriptions of the same moves did (the control)."""
    monkeypatch.setattr(rv, "KEY_MOMENTS", 10_000)
    monkeypatch.setattr(rv, "MIN_FALL", -1.0)
    rec = _finished(game, 2, 3)
    review = _quick_review(rec)
    assert len(review.moments) > 50 and {rec.actions[m.index]["action"]["type"] for m in review.moments} >= (
        {"select", "bid", "row"} if game == "realm" else set())
    words = [w for m in review.moments for w in (m.played, m.best)]
    assert [w for w in words if ID_PATTERN.search(w)] == []
    _app, scene = _scene_app(cfg, rec, review)
    laid_out = [line for m in review.moments for line in scene.moment_lines(m)[1]]
    assert [line for line in laid_out if ID_PATTERN.search(line)] == []
    first = next(m for m in review.moments if m.whose < 0)  # the player's own (a rival's names no hint)
    head, lines = scene.moment_lines(first)
    cost = rv.moment_cost_words(rv.chart_lines(review), first).replace(" ", "\u00a0")
    assert head == f"Move {first.index + 1} (You), win chance {cost}:"
    assert lines[0].startswith(head)
    hint = f"The hint: \u201c{first.best}\u201d." if first.best else "The hint would have chosen it too."
    assert " ".join(lines) == f"{head} You chose \u201c{first.played}\u201d. {hint}"
    if game == "realm":  # the control: what the review said before, the debug description, names ids
        states = rv.positions(rec, get_game(game))
        g = get_game(game)
        described = [g.describe(states[m.index], g.from_json(states[m.index], rec.actions[m.index]["action"]))
                     for m in review.moments]
        assert any(ID_PATTERN.search(d) for d in described)


def test_the_win_chances_shown_are_shares_of_one_win() -> None:
    """Play-test s7: each seat's own estimate, carried forward, added up to 132% in a 4-player game."""
    raw = [[0.72, 0.11, 0.43, 0.06], [0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 0.0, 0.0]]
    assert sum(raw[0]) > 1.2  # the control: the estimates as searched do not add up
    shown = rv.shares(raw)
    assert sum(shown[0]) == pytest.approx(1.0) and shown[0][0] == pytest.approx(0.72 / 1.32)
    assert shown[1] == [0.0, 0.0, 0.0, 0.0] and shown[2] == [0.5, 0.5, 0.0, 0.0]  # a shared win: half each


def test_the_reviewed_table_is_a_picture_with_no_live_looking_buttons(cfg: Any) -> None:
    """Play-test t1: the reviewed position's recruit menu was drawn as buttons that looked as if they could be
    clicked. The past table draws none of its buttons; its own table, at the same position, has them (control)."""
    from game.shell import testing
    from game.shell.history import past_session
    from game.shell.widgets import Button

    rec = _finished("realm", 3, 7)
    k = next(i for i, row in enumerate(rec.actions) if row["seat"] == 0 and row["action"]["type"] == "warden")
    review = rv.Review([[1 / 3] * 3] * (len(rec.actions) + 1), [], True)
    app, scene = _scene_app(cfg, rec, review)
    scene.choose(k)
    testing.step(app, 2)
    shown = [w for w in scene.past.buttons if isinstance(w, Button) and w.visible]
    assert shown == []
    live = get_game("realm").ui().TableScene(cfg, past_session(scene.s, k))
    live.viewer = live.revealed_for = 0
    live.rebuild()
    assert any(isinstance(w, Button) and w.visible and w.text.startswith("Recruit") for w in live.buttons)
