"""Tall stacks of tucked cards on the players' boards (play-test: the icon-count badges of a tall stack sat over
the tucked cards' visible edges).

What this edition decides: a stack too tight to show each card's icons (under 12 px a card) narrows to the
left of its pillar's column and its icon totals go on a label beside it, level with its middle; no label covers
a card's edge, and no stack leaves its column (over the board's icon totals), at 2 to 5 players.
"""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.realm.bots import fast_policy
from game.realm.engine import new_game
from game.realm.ui.main import TableScene
from game.realm.ui.table import TableRenderer, UIHints, board_rect
from game.shell import testing

testing.use_dummy_drivers()


def stack_faults(hotspots: list, players: int) -> list[str]:
    """What is wrong with the tucked cards and their icon labels as drawn: a label over a card's edge or over
    the pillar's band, a card over its board's icon totals or out of its board."""
    cards = [h for h in hotspots if h.kind == "tucked"]
    labels = [h for h in hotspots if h.kind == "stack_icons"]
    bands = [h for h in hotspots if h.kind == "pillar"]
    totals = [h for h in hotspots if h.kind == "icons"]
    bad = []
    for label in labels:
        bad += [f"label {label.value} over card {c.value}" for c in cards if label.rect.colliderect(c.rect)]
        bad += [f"label {label.value} over band {b.value}" for b in bands if label.rect.colliderect(b.rect)]
    for c in cards:
        if not board_rect(players, c.value[0]).contains(c.rect):
            bad.append(f"card {c.value} out of its board")
        bad += [f"card {c.value} over the icon totals" for t in totals if c.rect.colliderect(t.rect)]
        if c.rect.h < 3 or c.rect.w < 16:
            bad.append(f"card {c.value} too small to see: {tuple(c.rect)}")
    return bad


def _drawings(players: int, seed: int, every: int = 9):
    """The table drawn from the seat to move every ``every`` moves of a seeded game (the fast policy): the
    hotspots of each drawing."""
    pygame.font.init()
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    r = TableRenderer(s.c)
    surf = pygame.Surface((1600, 900))
    k = 0
    while not s.is_terminal():
        if k % every == 0:
            yield r.draw(surf, s.view(s.to_move()), UIHints())
        s.apply_unchecked(fast_policy(s, rng))
        k += 1


@pytest.mark.parametrize("players,seed", [(2, 20), (3, 27), (4, 2), (5, 2)])  # each with a stack of 5 or more
def test_no_icon_label_covers_a_tucked_cards_edge_through_a_whole_game(players: int, seed: int) -> None:
    faults: set[str] = set()
    labels = tallest = 0
    for hotspots in _drawings(players, seed):
        faults.update(stack_faults(hotspots, players))
        labels += sum(1 for h in hotspots if h.kind == "stack_icons")
        tallest = max([tallest] + [h.value[3] + 1 for h in hotspots if h.kind == "tucked"])
    assert labels and tallest >= 5  # the control: tall stacks with their labels were drawn and checked
    assert not faults, "\n".join(sorted(faults)[:20])


def test_control_the_check_finds_a_label_over_its_stack() -> None:
    """The old place of the label, over the middle of its stack, is a fault the check names."""
    for hotspots in _drawings(3, 27):
        label = next((h for h in hotspots if h.kind == "stack_icons"), None)
        if label is None:
            continue
        p, pl, side = label.value
        stack = [h.rect for h in hotspots if h.kind == "tucked" and h.value[:3] == (p, pl, side)]
        assert not stack_faults(hotspots, 3)
        label.rect.center = stack[0].unionall(stack).center
        assert f"label {label.value} over card" in " ".join(stack_faults(hotspots, 3))
        return
    raise AssertionError("no stack needed a label")


def test_a_tight_stacks_label_names_every_icon_of_its_cards() -> None:
    """The label shows what fits; its tip names every icon the stack's visible halves show."""
    for hotspots in _drawings(3, 27):
        for label in (h for h in hotspots if h.kind == "stack_icons"):
            p, pl, side = label.value
            halves = [re.search(r"tucked at the \w+: (.*?)\. The whole card", h.tip).group(1)  # (s8: then the card)
                      for h in hotspots if h.kind == "tucked" and h.value[:3] == label.value]
            assert label.tip.startswith(f"{len(halves)} cards tucked at the {('top', 'bottom')[side]} of the")
            for half in halves:
                for icon in half.split(", "):
                    if "influence" not in icon and icon != "nothing":
                        assert icon.removesuffix(" icon").lower() in label.tip.lower(), (icon, label.tip)
            return
    raise AssertionError("no stack needed a label")


def _late_table(cfg, players: int, seed: int, window: tuple[int, int]):
    """A table late in age 3 of a seeded game, drawn in a window of ``window``."""
    sess = GameSession(players, [Seat("human") for _ in range(players)], seed=seed)
    rng = random.Random(seed)
    while not (sess.state.age == 3 and sess.state.round >= 4 and sess.state.decision_name() == "select"):
        sess.submit(fast_policy(sess.state, rng))
    app = testing.make_app(window_size=window, skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    scene.viewer = scene.revealed_for = sess.to_move()
    scene.rebuild()
    testing.step(app, 2)
    return app, scene


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("players,seed", [(2, 20), (3, 27), (4, 2), (5, 2)])
def test_the_tallest_stacks_late_in_a_game_in_both_windows(cfg, window, players: int, seed: int) -> None:
    app, scene = _late_table(cfg, players, seed, window)
    assert any(h.kind == "stack_icons" for h in scene.hotspots)
    assert stack_faults(scene.hotspots, players) == []
    scene.s.close()
