"""The review chart's "100%" label reads clear of the win-chance lines (play-test: in a Res Arcana review a
seat's line, near 100% early in the game, ran through the label). The label sits in a band above the plot:
no line point, the chosen move's marker or any chance the lines can take falls inside it."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.core.records import SeatRecord
from game.core.session import GameSession
from game.shell import testing

from .test_history import play


def _seeded_lines(n_moves: int, players: int, seed: int) -> list[list[float]]:
    """Win chances as a review might show them, with seats at 100% and 0% early and late."""
    rng = random.Random(seed)
    rows = []
    for k in range(n_moves + 1):
        lead = rng.randrange(players) if k % 7 else 0
        rows.append([1.0 if p == lead and k < 12 else round(rng.random(), 2) for p in range(players)])
    return rows


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("seed", [1, 4])
def test_no_line_runs_through_the_100_percent_label(cfg: Any, window: tuple[int, int], seed: int) -> None:
    from game.shell.review import ReviewScene

    record = play("arcana", [SeatRecord("human"), SeatRecord("bot", "normal")], seed=seed)[0]
    app = testing.make_app(window_size=window)
    scene = ReviewScene(cfg, GameSession.from_record(record, "test"), analyse=False)
    app.push(scene)
    rows = _seeded_lines(len(scene.s.actions), 2, seed)
    scene.lines = lambda: rows
    scene.choose(2)
    testing.step(app, 2)
    label = next(d.rect for d in app.last_frame_texts if d.text == "100%")
    n = len(scene.s.actions)
    reach = pygame.Rect(scene._point(0, 1.0), (0, 0)).union(pygame.Rect(scene._point(n, 0.0), (0, 0)))
    assert not label.colliderect(reach.inflate(4, 4)), (tuple(label), tuple(reach))  # where any chance is drawn
    points = [scene._point(k, row[p]) for k, row in enumerate(rows) for p in range(2)]
    inside = [pt for pt in points if label.inflate(4, 4).collidepoint(pt)]
    assert not inside, inside
    assert scene.chart.contains(label)  # the label still on the chart, over its top
