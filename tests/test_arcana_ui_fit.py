"""Every text on the Res Arcana table reads whole: none overlaps another, none is cut to "…", none runs
out of its box, none is hidden under a card drawn later, and none a player must read is set under 13
logical pixels; during seeded games at 2, 3 and 4 players and in crowded positions (16 cards in play
for the viewer, 14 for every rival), at 1280x720, 1600x900 and 1920x1080.

The app draws to a 1600x900 logical canvas scaled into the window, so the rectangles checked are
logical ones. The letter inside an essence icon (E, L, C, D, G) is not counted as text a player must
read: the icon's shape and colour say the essence, the letter only repeats it.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell import text as T
from game.shell.table import ResultsScene

CANVAS = pygame.Rect(0, 0, 1600, 900)
MIN_PX = 13
ICON_LETTERS = {"E", "L", "C", "D", "G"}
SIZES = [(1280, 720), (1600, 900), (1920, 1080)]


def _min_height() -> int:
    """The height of a line set at 13 px: a text drawn lower than this is set smaller."""
    return min(T.font(MIN_PX).get_height(), T.font(MIN_PX, bold=True).get_height())


class Audit:
    """Collects each distinct problem (with the first frame that showed it) over many frames."""

    def __init__(self) -> None:
        self.bad: dict[str, str] = {}
        self.frames = 0
        self._seen: set[int] = set()
        self.low = _min_height()

    def add(self, key: str, why: str) -> None:
        self.bad.setdefault(key, why)

    def check(self, items: list[T.DrawnText], cards: list[tuple[int, pygame.Rect]], where: str = "") -> None:
        sig = hash(tuple((d.text, tuple(d.rect)) for d in items))
        if sig in self._seen:
            return
        self._seen.add(sig)
        self.frames += 1
        rects = [d.rect for d in items]
        for i, d in enumerate(items):
            if d.text.endswith("\u2026"):
                self.add(f"cut {d.text}", f"{where}cut: {d.text!r} at {tuple(d.rect)}")
            if d.overflows(CANVAS):
                self.add(f"out {d.text}", f"{where}out of its box: {d.text!r} at {tuple(d.rect)} in "
                                          f"{tuple(d.box or CANVAS)}")
            if d.rect.h < self.low and d.text not in ICON_LETTERS:
                self.add(f"small {d.text}", f"{where}under {MIN_PX} px: {d.text!r} ({d.rect.h} px high)")
            for j in d.rect.collidelistall(rects):
                if j <= i:
                    continue
                o = d.rect.clip(rects[j])
                if o.w > 2 and o.h > 2:
                    pair = tuple(sorted((d.text, items[j].text)))
                    self.add(f"overlap {pair}", f"{where}overlap: {d.text!r} {tuple(d.rect)} and "
                                                f"{items[j].text!r} {tuple(rects[j])}")
            for start, box in cards:  # a card drawn after this text, over it
                if start > i:
                    o = d.rect.clip(box)
                    if o.w > 2 and o.h > 2:
                        self.add(f"covered {d.text}", f"{where}covered by a card drawn later: {d.text!r} at "
                                                      f"{tuple(d.rect)} under {tuple(box)}")

    def report(self) -> str:
        return f"{len(self.bad)} problems over {self.frames} frames:\n" + "\n".join(sorted(self.bad.values())[:60])


def _table_frame(app: Any, table: Any) -> bool:
    """True when the last frame showed the table itself (no curtain, dialog or tooltip over it)."""
    return app.stack.top is table and not app.tooltips.visible_text


# ------------------------------------------------------------------ crowded positions
def crowd(state: Any, counts: list[int], seed: int = 5) -> None:
    """Put cards into play until each seat has ``counts[seat]`` (artifacts, then places of power and
    monuments), some tapped and some holding essences, with large pools: the most a table must show."""
    c = state.c
    rng = random.Random(seed)
    spare = [x for x in state.box + state.mon_up + state.mon_deck + state.places
             if c.cards[x].kind in ("artifact", "monument", "place_of_power")]
    for p in range(state.n):
        keep = 1 if p == 0 else 0  # the viewer keeps a card in hand
        spare += [x for x in state.hand[p][keep:] + state.deck[p] + state.disc[p]]
        state.deck[p], state.disc[p] = [], []
        state.hand[p] = state.hand[p][:keep]
    rng.shuffle(spare)
    spare.sort(key=lambda x: c.cards[x].kind != "artifact")  # artifacts first, then the centre's cards
    for p in range(state.n):
        while len(state.play[p]) < counts[p] and spare:
            x = spare.pop(0)
            for pile in (state.box, state.mon_up, state.mon_deck, state.places):
                if x in pile:
                    pile.remove(x)
            state.play[p].append(x)
        for k, x in enumerate(state.play[p]):
            state.turned[x] = k % 3 == 1
            if k % 4 == 2:
                for e in range(5):
                    state.on[x * 5 + e] = (e + k) % 3 * (11 if k % 8 == 2 else 1)
        state.ess[p * 5:p * 5 + 5] = [123, 45, 9, 100, 17]
    arts = [x for x in spare if c.cards[x].kind == "artifact"][:6]
    state.hand[0] += arts
    state.box += [x for x in spare if x not in arts and c.cards[x].kind == "artifact"]


def _lift_curtain(app: Any) -> None:
    for w in testing.widgets(app):
        if getattr(w, "text", "") == "I am ready":
            testing.click_widget(app, w)
            testing.step(app, 3)
            return


def _action_phase_state(players: int, seed: int, preset: str = "random") -> Any:
    from game.arcana.engine import new_game

    s = new_game(players, seed, preset=preset)
    rng = random.Random(seed)
    while s.decision_name() != "action":
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
    return s


@pytest.mark.parametrize("players,preset", [(2, "random"), (3, "random"), (4, "random"), (2, "first_game"),
                                            (4, "first_game")])
def test_a_crowded_table_fits_at_every_window_size(cfg, players, preset) -> None:
    """Crowded: at 4 players nearly every card of the game is in play (16, 16, 16 and 14 cards)."""
    from game.arcana.ui import TableScene

    audit = Audit()
    for window in SIZES:
        app = testing.make_app(window_size=window, skip_animations=True)
        names = ["Annabel", "Bartholomew", "Constantine", "Dorothea"]
        sess = GameSession(players, [Seat("human", name=names[p]) for p in range(players)], 7, {"preset": preset},
                           presets=None, game="arcana")  # all at this screen: nobody moves on its own
        sess.state = next(s for s in (_action_phase_state(players, seed, preset) for seed in range(7, 60))
                          if s.to_move() == 0)
        crowd(sess.state, [16, 16, 16, 14] if players == 4 else [16] + [14] * (players - 1))
        table = TableScene(cfg, sess)
        app.push(table)
        testing.step(app, 3)
        _lift_curtain(app)
        assert table.my_turn
        assert _table_frame(app, table), (type(app.stack.top).__name__, app.tooltips.visible_text, window)
        audit.check(app.last_frame_texts, table.card_boxes, f"{window} {players}p: ")
        assert all(len(sess.state.play[p]) >= (16 if p == 0 else 14) for p in range(players))
        assert players < 4 or table.compact  # the most crowded table: rivals' cards compact (once one-line tiles)
    assert not audit.bad, audit.report()


def test_the_audit_sees_an_overlap_a_cut_and_a_small_text() -> None:
    """The control: each rule of the audit catches what it is there for."""
    testing.use_dummy_drivers()
    pygame.init()
    T.registry.begin_frame()
    surf = pygame.Surface((1600, 900))
    T.draw_text(surf, "Sacrificial Pit", (100, 100), 17)
    T.draw_text(surf, "Dragon Teet\u2026", (110, 104), 17)
    T.draw_text(surf, "tapped", (400, 400), 10)
    audit = Audit()
    audit.check(list(T.registry.items), [(3, pygame.Rect(390, 390, 90, 40))])
    kinds = {k.split(" ", 1)[0] for k in audit.bad}
    assert kinds == {"cut", "overlap", "small", "covered"}, audit.report()


def _drive_game(app: Any, table: Any, sess: GameSession, audit: Audit, seed: int, where: str) -> None:
    """Seat 0 is a person who picks a legal action at random (through the table); the others are rule bots."""
    rng = random.Random(seed)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not isinstance(app.stack.top, ResultsScene):
        testing.step(app, 1)
        _lift_curtain(app)
        if _table_frame(app, table):
            audit.check(app.last_frame_texts, table.card_boxes, where)
        if table.my_turn and not sess.is_over() and app.stack.top is table:
            legal = sess.state.legal_actions()
            if legal:
                table.submit(legal[rng.randrange(len(legal))])
        time.sleep(0.0005)
    assert sess.is_over(), where


@pytest.mark.parametrize("players,seed,draft", [(2, 3, False), (3, 11, False), (4, 7, False), (3, 5, True)])
def test_seeded_games_fit(cfg, players, seed, draft) -> None:
    from game.arcana.ui import TableScene

    app = testing.make_app(window_size=(1280, 720), skip_animations=True)
    seats = [Seat("human", name="Annabel")] + [Seat("bot", "rule", name=n) for n in
                                                ("Bartholomew", "Constantine", "Dorothea")[:players - 1]]
    sess = GameSession(players, seats, seed, {"preset": "random", "draft": draft}, presets=None, game="arcana")
    table = TableScene(cfg, sess)
    app.push(table)
    audit = Audit()
    _drive_game(app, table, sess, audit, seed, f"{players}p seed {seed}: ")
    assert audit.frames > 20
    assert not audit.bad, audit.report()


def _seat0_at(players: int, until: Any, seeds: range = range(400)) -> Any:
    """A seeded random game played until ``until(state)`` holds with seat 0 to move; None if never."""
    from game.arcana.engine import new_game

    for seed in seeds:
        s = new_game(players, seed, preset="random")
        rng = random.Random(seed)
        for _ in range(900):
            if s.is_terminal():
                break
            if s.to_move() == 0 and until(s):
                return s
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
    return None


def _the_most_collect_choices(players: int) -> Any:
    """Seat 0's collect with the most steps the seeded games reach (6 or more: a gain of several, takes that
    cost points, the Forge), the panel's fullest case."""
    from game.arcana.ui.collect import collecting, plan_collect

    return _seat0_at(players, lambda s: collecting(s, 0) and len(plan_collect(s, 0)) >= 6)


def test_the_collect_panel_and_a_dragged_peeked_card_fit_at_every_window_size(cfg) -> None:
    from game.arcana.ui import TableScene

    collect = _the_most_collect_choices(2)
    peek = _seat0_at(2, lambda s: s.decision_name() == "order")
    assert collect is not None and peek is not None
    audit = Audit()
    for window in SIZES:
        for st in (collect, peek):
            app = testing.make_app(window_size=window, skip_animations=True)
            sess = GameSession(2, [Seat("human", name="Annabel"), Seat("human", name="Bartholomew")], 7,
                               {"preset": "random"}, presets=None, game="arcana")
            sess.state = st.copy()
            table = TableScene(cfg, sess)
            app.push(table)
            testing.step(app, 3)
            _lift_curtain(app)
            testing.move(app, (4, 896), frames=2)
            assert _table_frame(app, table)
            audit.check(app.last_frame_texts, table.card_boxes, f"{window} {st.decision_name()}: ")
            if st is collect:
                assert len(table.collect_rows) >= 5  # the panel shows a full collect, not one step
                continue
            rects = [r for _, r in table._order_rects(table.view())]
            testing.press(app, rects[-1].center)
            for x in range(rects[-1].centerx - 37, rects[0].centerx - 1, -37):  # held and dragged along the slots
                testing.move(app, (x, rects[-1].centery), frames=1)
                assert table.reorder.dragging >= 0 and _table_frame(app, table)
                audit.check(app.last_frame_texts, table.card_boxes, f"{window} dragging at x {x}: ")
            testing.release(app, rects[0].center)
    assert audit.frames >= 3  # distinct pictures: the panel, the peeked cards, a card dragged to another slot
    assert not audit.bad, audit.report()
