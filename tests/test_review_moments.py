"""Which moves the review calls key moments (game/core/review.py): the reviewed player's moves where their own line
on the chart fell most, however small the falls, and an honest line over them (play-test: a game of Res Arcana lost
11 to 4 was reviewed as "no move cost much: well played")."""

from __future__ import annotations

from typing import Any

import pytest

from game.core import review as rv
from game.core.games import get_game
from game.core.records import Record

from .test_review import QUICK, _finished, few_playouts  # noqa: F401 - the fixture, used here too


def _drifting(record: Record, step: float) -> rv.Counter:
    """A counter under which seat 0's chance slips by ``step`` at every position (never a big fall): the review
    counts each position once, in order."""
    calls: list[int] = []

    def count(state: Any, seat: int, seed: int) -> list[float]:
        calls.append(1)
        mine = max(0.0, 0.9 - step * len(calls))
        return [mine, 1.0 - mine]

    return count


def _lost_by_seat_0(game: str, seeds: range, wanted: int) -> list[Record]:
    out = []
    for seed in seeds:
        record = _finished(game, 2, seed)
        if 0 not in record.result.get("winners", [record.result.get("winner")]):
            out.append(record)
        if len(out) == wanted:
            break
    assert len(out) == wanted
    return out


def _own_falls(record: Record, lines: list[list[float]], seat: int) -> dict[int, float]:
    """The fall of ``seat``'s line across each of its decisions with a choice."""
    states = rv.positions(record, get_game(record.game))
    return {k: lines[k][seat] - lines[k + 1][seat] for k, row in enumerate(record.actions)
            if row["seat"] == seat and len(states[k].legal_actions()) > 1}


def test_a_slow_slide_still_names_the_costliest_moves_and_says_no_single_move_decided_it() -> None:
    """Each of seat 0's moves costs a point or two: the review names the largest of those falls and says so."""
    record = _lost_by_seat_0("arcana", range(1, 40), 1)[0]
    searcher = rv.local_searcher(rv.review_agent(get_game("arcana"), QUICK))
    review = rv.analyse(record, searcher, reviewed=[0], counter=_drifting(record, 0.006))
    lines = rv.chart_lines(review)
    own = [m for m in review.moments if m.whose < 0]  # (the last move, a rival's, ends the chart at the result)
    assert len(own) >= rv.KEY_MOMENTS - 1
    for m in own:
        assert m.seat == 0 and m.cost < rv.DECIDED
        assert m.cost == pytest.approx(lines[m.index][0] - lines[m.index + 1][0])
    verdict = rv.verdict(review, 0)
    assert verdict.startswith("No single move decided it") and "well played" not in verdict


@pytest.mark.parametrize("game", ["arcana", "realm"])
def test_a_lost_game_always_names_the_players_moves_where_their_chance_fell_most(game: str) -> None:
    """Seeded games that seat 0 lost, reviewed as the window does (a judge: here the search's best): each gets key
    moments, seat 0's own, each the fall of its line across the move, and they are the largest of those falls."""
    searcher = rv.local_searcher(rv.review_agent(get_game(game), QUICK))
    for record in _lost_by_seat_0(game, range(1, 60), 2 if game == "arcana" else 1):
        review = rv.analyse(record, searcher, reviewed=[0])
        lines = rv.chart_lines(review)
        falls = _own_falls(record, lines, 0)
        assert review.moments, record.seed
        assert "well played" not in rv.verdict(review, 0)
        own = [m for m in review.moments if m.whose < 0]
        assert own, record.seed
        for m in own:
            assert m.seat == 0 and m.cost == pytest.approx(falls[m.index]) and m.cost >= rv.MIN_FALL
        named = sorted(m.cost for m in own)
        unnamed = [f for k, f in falls.items() if k not in {m.index for m in own}]
        assert not unnamed or max(unnamed) <= named[0] + 1e-9, record.seed  # the largest falls, none left out


def test_the_verdict_says_what_the_moments_show() -> None:
    fall = rv.KeyMoment(3, 0, "a", "b", 0.3)
    small = rv.KeyMoment(5, 0, "a", "", 0.04)
    lost, won = [[0.0, 1.0]], [[1.0, 0.0]]
    assert rv.verdict(rv.Review(lost, [small], True), 0).startswith("No single move decided it")
    assert rv.verdict(rv.Review(lost, [small, fall], True), 0) == ""  # the moments say it
    assert "rivals' moves decided it" in rv.verdict(rv.Review(lost, [], True), 0)
    assert "well played" in rv.verdict(rv.Review(won, [], True), 0)
    assert rv.verdict(rv.Review(lost, [], False), 0) == "None so far."
    assert "Seer's" in rv.verdict(rv.Review(lost, [small], True), 0, "Seer")


# ------------------------------------------------------------------ each moment on the chart (Realm, play-test)
@pytest.fixture(scope="module")
def realm_lost() -> tuple[Record, rv.Review]:
    """A seeded game of Realm of three that seat 0 lost, reviewed with a few playouts a position."""
    mp = pytest.MonkeyPatch()
    mp.setattr(rv, "PLAYOUTS", 8)
    try:
        record = next(r for r in (_finished("realm", 3, seed) for seed in range(1, 40))
                      if 0 not in r.result.get("winners", [r.result.get("winner")]))
        review = rv.analyse(record, rv.local_searcher(rv.review_agent(get_game("realm"), QUICK)), reviewed=[0])
    finally:
        mp.undo()
    return record, review


def test_each_key_moment_is_a_fall_of_its_size_at_its_chart_point_and_a_rivals_move_is_labelled(
        realm_lost: tuple[Record, rv.Review]) -> None:
    """Play-test: Realm's deciding move was a rival's, and moments were shown where the chart sat at 95%. Each
    moment is a fall of the stated size between its two chart points on the reviewed player's line; seat 0's own
    moments are its moves, and the rival's move that cost seat 0 most (the control: the chart has one of 10 points
    or more) is one, labelled by ``whose``."""
    record, review = realm_lost
    lines = rv.chart_lines(review)
    rivals = {k: lines[k][0] - lines[k + 1][0] for k, row in enumerate(record.actions) if row["seat"] != 0}
    assert max(rivals.values()) >= rv.RIVAL_SWING
    own = [m for m in review.moments if m.whose < 0]
    theirs = [m for m in review.moments if m.whose >= 0]
    assert own and len(theirs) == 1
    for m in review.moments:
        p = m.seat if m.whose < 0 else m.whose
        assert p == 0 and lines[m.index][0] - lines[m.index + 1][0] == pytest.approx(m.cost)
    assert all(record.actions[m.index]["seat"] == 0 for m in own)
    swing = theirs[0]
    assert record.actions[swing.index]["seat"] == swing.seat != 0 and swing.best == ""
    assert swing.cost == pytest.approx(max(rivals.values()))


def test_a_click_on_a_key_moment_marks_its_point_on_the_chart_and_shows_the_table_after_it(
        cfg: Any, realm_lost: tuple[Record, rv.Review]) -> None:
    from game.shell import testing

    from .test_review import _scene_app

    record, review = realm_lost
    app, scene = _scene_app(cfg, record, review, (1280, 720))
    lines = scene.lines()
    assert scene.moment_rows
    rival_rows = [d.text for d in app.last_frame_texts if "a rival's)" in d.text]
    assert rival_rows and "your win chance" in rival_rows[0]  # the rival's move says so, and whose chance it cost
    for m in review.moments:
        x, y = scene.moment_point(m)
        assert (x, y) == scene._point(m.index + 1, lines[m.index + 1][0])  # the point after the fall, on seat 0's
        listed = dict((index, rect) for rect, index in scene.moment_rows)
        if m.index in listed:  # a click on the moment in the list, else on its ring (the list then shows it)
            testing.click(app, listed[m.index].center, frames=2)
        else:
            testing.click(app, (x, y), frames=2)
            assert m.index in [index for _rect, index in scene.moment_rows]
        assert scene.chosen == m.index + 1 and testing.was_drawn(app, f"move {m.index + 1} of")
        assert tuple(app.canvas.get_at((x, y)))[:3] == (214, 172, 78)  # the chosen moment's point, filled
        assert scene.past.s.actions == record.actions[:m.index + 1]  # the table just after the move
    scene.choose(0)
    testing.step(app, 2)
    m = review.moments[0]
    assert tuple(app.canvas.get_at(scene.moment_point(m)))[:3] != (214, 172, 78)  # the control: not chosen


def test_when_not_every_moment_fits_the_costliest_are_listed_in_the_order_played(cfg: Any) -> None:
    """Play-test: the deciding move (the largest fall, late in the game) was the one left out of a full list. The
    panel lists the largest falls that fit, in move order, the rest counted (their rings on the chart)."""
    from game.core.records import SeatRecord
    from game.shell import testing

    from .test_history import play
    from .test_review import _scene_app

    record = play("arcana", [SeatRecord("human"), SeatRecord("bot", "normal")], seed=4)[0]
    long = "Use Sacrificial Pit: tap, pay 1 Death, destroy a dragon or creature, gain its cost in Gold"
    costs = [0.05, 0.06, 0.07, 0.08, 0.40, 0.09, 0.30]
    moments = [rv.KeyMoment(10 * k + 10, 0, long, long, c) for k, c in enumerate(costs)]
    review = rv.Review([[0.5, 0.5]] * (len(record.actions) + 1), moments, True)
    app, scene = _scene_app(cfg, record, review, (1600, 900))
    listed = [index for _rect, index in scene.moment_rows]
    assert 0 < len(listed) < len(moments) and listed == sorted(listed)
    ranked = sorted(moments, key=lambda m: -m.cost)
    assert set(listed) == {m.index for m in ranked[:len(listed)]}  # the costliest, the 40 and 30 points first
    assert testing.was_drawn(app, f"{len(moments) - len(listed)} more key moment")


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
def test_realms_two_column_panel_reads_whole(cfg: Any, realm_lost: tuple[Record, rv.Review], window) -> None:
    """The panel over Realm's hand, the chart at the left and the key moments at the right: every text of the
    review whole, in the panel (or the review's bars), 13 px or more, none over another."""
    import itertools

    from game.shell.review import KEYS

    from .test_review import _scene_app

    record, review = realm_lost
    app, scene = _scene_app(cfg, record, review, window)
    assert scene.lay.panel.w >= 800 and scene.lay.moments.x >= scene.chart.right  # two columns
    items = list(app.last_frame_texts)
    ours = items[next(i for i, d in enumerate(items) if d.text.startswith("Review: the table")):]
    assert all(scene.lay.panel.contains(d.rect) or KEYS.contains(d.rect) or d.rect.bottom <= 46 for d in ours)
    assert any(d.text == "Key moments" for d in ours) and scene.moment_rows
    assert [d.text for d in ours if d.overflows(app.canvas.get_rect()) or d.text.endswith("\u2026")] == []
    assert [d.text for d in ours if d.rect.h < 13] == []
    pairs = itertools.combinations([(d.text, d.rect) for d in ours], 2)
    assert [(a[0], b[0]) for a, b in pairs if a[1].inflate(-2, -2).colliderect(b[1].inflate(-2, -2))] == []
