"""Play-test g7: the review said "win chance −8 points", and players read points as game points (VP). A key
moment's cost is now the win chance before and after the move, as percentages the chart shows ("62% → 54%"),
in the panel and on the command line; the verdict speaks of no points either."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.core import review as rv

from .test_review import _finished, _quick_review, _scene_app


@pytest.fixture(autouse=True)
def few_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rv, "PLAYOUTS", 8, raising=False)


def test_a_cost_reads_as_two_win_chances() -> None:
    assert rv.cost_words(0.08, 0.62) == "62% \u2192 54%"
    assert rv.cost_words(0.25, 0.5, "->") == "50% -> 25%"
    assert rv.cost_words(0.006, 0.624) == "62.4% \u2192 61.8%"  # whole percents would both read 62%
    assert rv.cost_words(0.3, 0.2) == "20% \u2192 0%"


def test_every_key_moment_in_the_panel_states_the_charts_two_points(cfg: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rv, "KEY_MOMENTS", 10_000)
    rec = _finished("realm", 2, 3)
    review = _quick_review(rec)
    _app, scene = _scene_app(cfg, rec, review)
    lines = rv.chart_lines(review)
    assert review.moments
    for m in review.moments:
        head, _ = scene.moment_lines(m)
        assert "point" not in head, head
        found = re.search(r"win chance (\d+(?:\.\d)?)%\u00a0\u2192\u00a0(\d+(?:\.\d)?)%:$", head)
        assert found, head
        seat = m.seat if m.whose < 0 else m.whose
        before, after = (float(g) / 100 for g in found.groups())
        assert before == pytest.approx(lines[m.index][seat], abs=0.0051)
        assert after == pytest.approx(lines[m.index + 1][seat], abs=0.0051)  # the chart's point after the move
        assert before > after


def test_the_verdict_says_no_points() -> None:
    review = rv.Review([[0.5, 0.5], [0.45, 0.55], [0.0, 1.0]], [rv.KeyMoment(0, 0, "a", "b", 0.05)], True)
    words = rv.verdict(review, 0)
    assert words.startswith("No single move decided it") and "point" not in words
