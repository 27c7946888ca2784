"""Res Arcana's icon legend (play-test t2: the grey pentagon, the each-round sign and the tap arrow were
explained only by tooltips, and the cards' essence icons carry no letters): a box "Signs on the cards" on the
table, in the centre row's free room, else (two and three players: five or six magic items fill the centre) at
the right of the rivals' row, the rivals' areas left of it; drawn at 2, 3 and 4 players at both sizes, over
nothing else, its words whole; the rules' first section says the same and the supply's tip points to both."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.arcana.ui import TableScene
from game.arcana.ui import legend as LG
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell import text as T
from game.shell.rules import load_rules, rules_path


def _tables(cfg: Any, players: int, seed: int, window: tuple[int, int], moves: int = 60):
    """A live table (random human moves, rule bots), yielded after every few actions, drawn."""
    cfg.ui["bot_delay"] = 60.0
    sess = GameSession(players, [Seat("human")] + [Seat("bot", "rule")] * (players - 1), seed,
                       {"preset": "random"}, game="arcana")
    app = testing.make_app(window_size=window, skip_animations=True)
    table = TableScene(cfg, sess)
    app.push(table)
    rng = random.Random(seed)
    while len(sess.actions) < moves and not sess.is_over():
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
        table.drain_events()
        if len(sess.actions) % 6 == 0:
            testing.step(app, 2)
            yield app, table


def test_the_legend_is_on_the_table_over_nothing_with_whole_words(cfg) -> None:
    drawn: dict[tuple, int] = {}
    for players in (2, 3, 4):
        for window in ((1280, 720), (1600, 900)):
            drawn[(players, window)] = 0
            for _app, table in _tables(cfg, players, 3 + players, window):
                box = table.anchors.get(("legend",))
                if box is None or not table.s.state.round:
                    continue
                drawn[(players, window)] += 1
                assert T.registry.contains(LG.TITLE)
                others = [r for k, r in table.anchors.items() if k != ("legend",)]
                assert not [r for r in others if pygame.Rect(r).colliderect(box)], box
                inside = [d for d in T.registry.items if box.contains(d.rect)]
                assert {d.text for d in inside} >= {LG.TITLE, "any essence", "tap the card", "each round"}
                for d in inside:
                    assert d.rect.w <= box.w and "\u2026" not in d.text
                    assert not [o for o in T.registry.items if o not in inside and o.rect.colliderect(d.rect)]
                for i, d in enumerate(inside):
                    assert not [o for o in inside[i + 1:] if o.rect.colliderect(d.rect)], d.text
    assert min(drawn.values()) >= 2, drawn


def test_the_rules_first_section_says_the_signs() -> None:
    first = load_rules(rules_path("arcana"))[0]["text"]
    for sign in ("grey pentagon", "\u21bb", "tap", "\u25b6", "E", "Gold (G)"):
        assert sign in first, sign
