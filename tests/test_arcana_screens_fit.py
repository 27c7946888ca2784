"""Every Res Arcana screen reads whole, beyond the table the seeded fit tests audit: the draft at 2 and 4
players, the discard pile view and the large card view opened along the way, the magic-item choice, the
results, and no wrapped text losing lines for want of height. A text under a view drawn over the table (the
pile, the card view, a sealed choice held face down) is hidden by it, so it is not counted; a frame with a
card in flight is not audited (the card passes over texts on purpose).

The app draws to a 1600x900 logical canvas scaled into the window, so one window size shows the same
rectangles as another (checked here): each seeded game runs at one of the three sizes.
"""

from __future__ import annotations

import random
import time
from bisect import bisect_left
from typing import Any

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.shell import table as shell_table
from game.shell import testing
from game.shell import text as T
from game.shell.table import ResultsScene
from game.shell.widgets import key_label

from .test_arcana_ui_fit import SIZES, Audit, _lift_curtain, _table_frame

CANVAS = pygame.Rect(0, 0, 1600, 900)


class Views:
    """Records, in each frame, where a view over the table began (the index of its first text) and what it
    covers; :meth:`visible` drops the texts and cards drawn before it under it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import game.arcana.ui.table as arcana_table

        self.over: list[tuple[int, pygame.Rect]] = []
        self.dropped: dict[str, tuple[int, int]] = {}
        begin = T.registry.begin_frame

        def begin_frame() -> None:
            self.over.clear()
            begin()

        monkeypatch.setattr(T.registry, "begin_frame", begin_frame)
        monkeypatch.setattr(arcana_table, "draw_card_view", self._marks(arcana_table.draw_card_view, CANVAS))
        monkeypatch.setattr(arcana_table.TableScene, "_draw_pile",
                            self._marks(arcana_table.TableScene._draw_pile, CANVAS))
        monkeypatch.setattr(shell_table.TableBase, "draw_held",
                            self._marks(shell_table.TableBase.draw_held, shell_table.TableBase.held_rect))
        monkeypatch.setattr(T, "draw_wrapped", self._whole(T.draw_wrapped))
        self.broken: dict[str, tuple[str, ...]] = {}
        monkeypatch.setattr(T, "wrap", self._whole_words(T.wrap))

    def _whole_words(self, wrap: Any) -> Any:
        """``wrap`` breaks a word wider than the width by characters: note each text it did that to."""
        def checked(text: str, width: int, *args: Any, **kw: Any) -> list[str]:
            lines = wrap(text, width, *args, **kw)
            words = set(text.split())
            if any(token not in words for line in lines for token in line.split()):
                self.broken.setdefault(text, tuple(lines))
            return lines
        return checked

    def _marks(self, draw: Any, covers: pygame.Rect) -> Any:
        def marked(*args: Any, **kw: Any) -> Any:
            self.over.append((len(T.registry.items), pygame.Rect(covers)))
            return draw(*args, **kw)
        return marked

    def _whole(self, draw_wrapped: Any) -> Any:
        """``draw_wrapped`` leaves out the lines its rect has no height for: note each text that lost some."""
        def checked(surface: Any, text: str, rect: pygame.Rect, size: Any = "body", colour: Any = "text",
                    bold: bool = False, display: bool = False, align: str = "left", valign: str = "top",
                    spacing: int = 2) -> pygame.Rect:
            lines = T.wrap(text, max(1, rect.w), size, bold, display)
            if (T.line_height(size, bold, display) + spacing) * len(lines) - spacing > rect.h + 1:
                self.dropped.setdefault(text, (len(lines), rect.h))
            return draw_wrapped(surface, text, rect, size, colour, bold, display, align, valign, spacing)
        return checked

    def visible(self, items: list[T.DrawnText], cards: list[tuple[int, pygame.Rect]]
                ) -> tuple[list[T.DrawnText], list[tuple[int, pygame.Rect]]]:
        for start, covers in self.over:
            keep = [i for i, d in enumerate(items) if i >= start or not covers.colliderect(d.rect)]
            cards = [(bisect_left(keep, k), r) for k, r in cards if k >= start or not covers.colliderect(r)]
            items = [items[i] for i in keep]
        return items, cards


def under_buttons(items: list[T.DrawnText], table: Any) -> list[str]:
    """Texts a button of the table covers: drawn where a visible button is and not its own words (a label's
    line, its key's badge)."""
    out = []
    for b in list(table.buttons) + list(table.top_buttons):
        if not b.visible:
            continue
        own = {b.text, key_label(b.shortcut) if b.shortcut is not None else ""}
        out += [f"under the button {b.text!r}: {d.text!r}" for d in items if b.rect.inflate(-4, -4).colliderect(d.rect)
                and d.text not in own and d.text not in b.text]
    return out


def test_the_checks_see_a_text_that_loses_lines_and_hide_what_a_view_covers(monkeypatch) -> None:
    """The controls: a wrapped text in a rect one line high is noted, so is a word broken across lines; a text
    under a view is not audited, one drawn on the view is."""
    testing.use_dummy_drivers()
    pygame.init()
    views = Views(monkeypatch)
    surf = pygame.Surface((1600, 900))
    T.registry.begin_frame()
    T.draw_wrapped(surf, "one two three four five six seven", pygame.Rect(0, 0, 80, 24), "small")
    assert list(views.dropped) == ["one two three four five six seven"]
    T.wrap("Nightingale", 60, 13)
    assert list(views.broken) == ["Nightingale"]
    T.draw_text(surf, "under the view", (100, 100), 17)
    views.over.append((len(T.registry.items), pygame.Rect(CANVAS)))
    T.draw_text(surf, "on the view", (104, 102), 17)
    items, _cards = views.visible(list(T.registry.items), [])
    assert [d.text for d in items] == ["on the view"]
    audit = Audit()
    audit.check(list(T.registry.items), [])
    assert audit.bad  # without the view's mark the two texts overlap


def test_every_window_size_draws_the_same_logical_picture(cfg) -> None:
    from game.arcana.ui import TableScene

    pictures = []
    for window in SIZES:
        app = testing.make_app(window_size=window, skip_animations=True)
        sess = GameSession(3, [Seat("human", name="Annabel"), Seat("human"), Seat("human")], 11,
                           {"preset": "random", "draft": True}, presets=None, game="arcana")
        app.push(TableScene(cfg, sess))
        testing.step(app, 2)
        _lift_curtain(app)
        testing.move(app, (4, 896), frames=2)
        pictures.append([(d.text, tuple(d.rect)) for d in app.last_frame_texts])
    assert pictures[0] and pictures[0] == pictures[1] == pictures[2]


def _look_around(app: Any, table: Any, audit: Audit, views: Views, rng: random.Random, where: str) -> set[str]:
    """On seat 0's turn: open a discard pile and a card's large view, audit each, close them."""
    seen = set()
    if table.piles:
        testing.click(app, table.piles[rng.choice(sorted(table.piles))].center)
        testing.step(app, 1)
        if table.pile_seat >= 0:
            audit.check(*views.visible(app.last_frame_texts, table.card_boxes), where + "discard pile: ")
            seen.add("discard pile")
        testing.key(app, pygame.K_ESCAPE)
    if table.card_boxes:
        testing.click(app, rng.choice(table.card_boxes)[1].center, button=3)
        testing.step(app, 1)
        if table.viewing is not None:
            audit.check(*views.visible(app.last_frame_texts, table.card_boxes), where + "card view: ")
            seen.add("card view")
        testing.key(app, pygame.K_ESCAPE)
    testing.move(app, (4, 896), frames=1)
    return seen


@pytest.mark.parametrize("players,seed,window", [(2, 1, SIZES[1]), (4, 3, SIZES[2])])
def test_a_drafted_game_with_its_views_and_results_fits(cfg, monkeypatch, players, seed, window) -> None:
    """Seat 0 picks legal moves at random through the table (every third turn it opens a discard pile and a
    card's view first); the others are rule bots."""
    from game.arcana.ui import TableScene

    views = Views(monkeypatch)
    app = testing.make_app(window_size=window, skip_animations=True)
    seats = [Seat("human", name="Annabel")] + [Seat("bot", "rule", name=n) for n in
                                                ("Bartholomew", "Constantine", "Dorothea")[:players - 1]]
    sess = GameSession(players, seats, seed, {"preset": "random", "draft": True}, presets=None, game="arcana")
    table = TableScene(cfg, sess)
    app.push(table)
    audit, rng, where = Audit(), random.Random(seed), f"{players}p seed {seed} {window}: "
    decisions, seen, turns = set(), set(), 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not isinstance(app.stack.top, ResultsScene):
        testing.step(app, 1)
        _lift_curtain(app)
        if _table_frame(app, table) and not app.motion.tokens:
            items, cards = views.visible(app.last_frame_texts, table.card_boxes)
            audit.check(items, cards, where)
            if not views.over:  # (a view over the table covers its buttons too)
                for problem in under_buttons(items, table):
                    audit.add(problem, where + problem)
        if table.my_turn and not sess.is_over() and app.stack.top is table and table.face_down is None:
            decisions.add(sess.state.decision_name())
            turns += 1
            if turns % 3 == 0:
                seen |= _look_around(app, table, audit, views, rng, where)
            legal = sess.state.legal_actions()
            if legal and table.my_turn and app.stack.top is table:
                table.submit(legal[rng.randrange(len(legal))])
        time.sleep(0.0005)
    assert isinstance(app.stack.top, ResultsScene), where
    testing.step(app, 2)
    audit.check(app.last_frame_texts, [], where + "results: ")
    assert testing.was_drawn(app, "Annabel") or testing.was_drawn(app, "You")
    assert {"draft", "mage", "magic_item", "action"} <= decisions, decisions
    assert seen == {"discard pile", "card view"}, seen
    assert not views.dropped, views.dropped
    assert not views.broken, views.broken
    assert not audit.bad, audit.report()


def broken_names(items: list[T.DrawnText], names: list[str]) -> list[str]:
    """The names some word of which is drawn on no line as a whole word (a too-narrow face broke it by
    characters: "Nightingal" over "e")."""
    tokens = {word for d in items for word in d.text.split()}
    return [name for name in names if not set(name.split()) <= tokens]


def test_the_broken_name_check_sees_a_word_broken_across_lines() -> None:
    box = pygame.Rect(0, 0, 80, 20)
    drawn = [T.DrawnText("Nightingal", box), T.DrawnText("e", box.move(0, 20)), T.DrawnText("Water", box),
             T.DrawnText("Dragon", box)]
    assert broken_names(drawn, ["Nightingale", "Water Dragon"]) == ["Nightingale"]


@pytest.mark.parametrize("count", [8, 17, 30])
def test_a_large_discard_pile_shows_every_card_whole(cfg, monkeypatch, count) -> None:
    """Past sixteen cards the view drew faces 84 px wide, too narrow for a name at 13 px, and its faces' words
    were not in the drawn-text registry, so no fit check read them."""
    from game.arcana.ui import TableScene

    from .test_arcana_ui_fit import _action_phase_state

    views = Views(monkeypatch)
    app = testing.make_app(window_size=(1280, 720), skip_animations=True)
    sess = GameSession(2, [Seat("human", name="Annabel"), Seat("human", name="Bartholomew Longname")], 7,
                       {"preset": "random"}, presets=None, game="arcana")
    state = next(s for s in (_action_phase_state(2, seed) for seed in range(7, 60)) if s.to_move() == 0)
    cards = state.c.cards
    spare = [x for x in state.box if cards[x].kind == "artifact"] + state.deck[1] + state.hand[1]
    assert len(spare) >= count
    state.disc[1] = spare[:count]
    sess.state = state
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    _lift_curtain(app)
    testing.click(app, table.piles[1].center)
    testing.step(app, 1)
    assert table.pile_seat == 1
    items, boxes = views.visible(app.last_frame_texts, table.card_boxes)
    shown = [k[1] for k in table.tips if k[0] == "discard_pile"]
    assert len(shown) == count
    assert broken_names(items, [cards[ci].name for ci in shown]) == []
    rects = [table.tips[("discard_pile", ci)][0] for ci in shown]
    assert all(CANVAS.contains(r) and r.w >= 118 for r in rects)
    audit = Audit()
    audit.check(items, boxes, f"{count} cards: ")
    assert not audit.bad, audit.report()
