"""The essences on a card in play take no room from its text (play-tester p1, finding 17: Alchemist's
Tower, holding Gold, lost its "React:" line to the essence strip along its foot). The essences now share
the line of the cost (or, on a card without one, of its type), and where the cost and the essences cannot
share it the cost gives way: every other text on the face is drawn as it is without essences.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell import text as T

from .test_arcana_ui_fit import _action_phase_state, _lift_curtain, crowd

PILES = [(0, 0, 0, 0, 1), (3, 11, 2, 9, 1), (123, 45, 9, 100, 17), (0, 2, 0, 0, 0)]


def _face_texts(cd, size: tuple[int, int], on, dim: bool) -> tuple[list[tuple[str, tuple]], bool]:
    from game.arcana.ui import look as L

    img = pygame.Surface(size, pygame.SRCALPHA)
    before = len(T.registry.items)
    whole = L.draw_card(img, img.get_rect(), cd, on, dim)
    texts = [(d.text, tuple(d.rect)) for d in T.registry.items[before:]]
    del T.registry.items[before:]
    return texts, whole


def _below_the_cost_row(cd, texts: list[tuple[str, tuple]], dim: bool) -> list[tuple[str, tuple]]:
    """The texts from the type line down (the cost row's own texts may give way to the essences)."""
    from game.arcana.ui import look as L

    first = T.wrap("tapped" if dim else L.type_line(cd), 10_000, 13)[0].split()[0]
    tops = [rect[1] for text, rect in texts if text.startswith(first)]
    return [(text, rect) for text, rect in texts if tops and rect[1] >= min(tops)]


def _hidden_by_essences(cd, size: tuple[int, int], on, dim: bool) -> list[str]:
    bare, _ = _face_texts(cd, size, None, dim)
    held, _ = _face_texts(cd, size, on, dim)
    problems = [f"{cd.name} {size} {on}: {text!r} missing" for text, rect in _below_the_cost_row(cd, bare, dim)
                if (text, rect) not in held]
    rects = [pygame.Rect(rect) for _, rect in held]
    for i, a in enumerate(rects):
        for j in a.collidelistall(rects[i + 1:]):
            o = a.clip(rects[i + 1 + j])
            if o.w > 2 and o.h > 2:
                problems.append(f"{cd.name} {size} {on}: {held[i][0]!r} overlaps {held[i + 1 + j][0]!r}")
    return problems


@pytest.fixture
def app():
    return testing.make_app()


def test_alchemists_tower_keeps_its_react_line_with_gold_on_it(app) -> None:
    from game.arcana.engine import new_game
    from game.arcana.ui import layout as LY

    cd = next(c for c in new_game(2, 1).c.cards if c.name == "Alchemist's Tower")
    texts, whole = _face_texts(cd, LY.FACE, (0, 0, 0, 0, 1), False)
    assert "React:" in [t for t, _ in texts] and whole
    assert not _hidden_by_essences(cd, LY.FACE, (0, 0, 0, 0, 1), False)


def _crowded_table(cfg: Any, app: Any, players: int, counts: list[int]) -> tuple[Any, Any]:
    """Seat 0's turn in the action phase of a random deal, every seat's play crowded to ``counts`` cards, drawn
    with the curtain lifted: the session and its table."""
    from game.arcana.ui.table import TableScene

    sess = GameSession(players, [Seat("human") for _ in range(players)], 7, {"preset": "random"}, presets=None,
                       game="arcana")
    sess.state = next(s for s in (_action_phase_state(players, seed, "random") for seed in range(7, 60))
                      if s.to_move() == 0)
    crowd(sess.state, counts)
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    _lift_curtain(app)
    return sess, table


@pytest.mark.parametrize("players,counts", [(2, [6, 6]), (2, [9, 9]), (3, [9, 9, 9]), (4, [7, 7, 7, 7])])
def test_no_essences_hide_text_on_a_crowded_table(cfg, app, players: int, counts: list[int]) -> None:
    sess, table = _crowded_table(cfg, app, players, counts)
    c, faces, problems = sess.state.c, 0, []
    for p in range(players):
        for k, ci in enumerate(sess.state.play[p]):
            rect = table.anchors.get(("card", ci))
            if rect is None or table.card_lines.get(ci, 0):
                continue  # a tile: its line says the essences after the name
            faces += 1
            on, dim = PILES[k % len(PILES)], bool(sess.state.turned[ci])
            problems += _hidden_by_essences(c.cards[ci], rect.size, on, dim)
    assert faces >= 2 * players, faces
    assert not problems, "\n".join(problems[:20])


def test_the_check_sees_a_line_hidden_under_a_strip(app, monkeypatch) -> None:
    """Control: a face whose essences take the last row (the old strip along the foot) is caught."""
    from game.arcana.engine import new_game
    from game.arcana.ui import layout as LY
    from game.arcana.ui import look as L

    cd = next(c for c in new_game(2, 1).c.cards if c.name == "Alchemist's Tower")
    draw = L.draw_card

    def with_a_strip(surface, rect, cd, on=None, dim=False, px=None):
        short = pygame.Rect(rect.x, rect.y, rect.w, rect.h - (20 if on is not None and any(on) else 0))
        return draw(surface, short, cd, on, dim, px)

    monkeypatch.setattr(L, "draw_card", with_a_strip)
    assert any("React:" in p for p in _hidden_by_essences(cd, LY.FACE, (0, 0, 0, 0, 1), False))


def _chip_problems(cd, size: tuple[int, int], on, dim: bool, compact: bool) -> list[str]:
    """What is wrong with the chip of essences on ``cd`` drawn ``size`` (a face, or a compact face): a kind's
    count (or their total) not said in it at 13 px or more (a lone essence said no "1" under a 12 px icon), or
    a text of the card under it."""
    from game.arcana.ui import look as L

    img = pygame.Surface(size, pygame.SRCALPHA)
    before = len(T.registry.items)
    (L.draw_compact if compact else L.draw_card)(img, img.get_rect(), cd, on, dim)
    texts, chips = T.registry.items[before:], list(L.last_chips)
    del T.registry.items[before:]
    where = f"{cd.name} {size} {on}{' compact' if compact else ''}"
    least = T.text_size("1", 13, bold=True)[1]
    out = []
    for chip in chips:
        inside = [d for d in texts if chip.contains(d.rect)]
        said = {d.text for d in inside}
        if not ({str(v) for v in on if v} <= said or str(sum(on)) in said):
            out.append(f"{where}: the chip says {sorted(said)}")
        out += [f"{where}: {d.text!r} in the chip is {d.rect.h} px" for d in inside if d.rect.h < least]
        out += [f"{where}: {d.text!r} under the chip" for d in texts if d not in inside
                and d.rect.clip(chip).w > 1 and d.rect.clip(chip).h > 1]
    return out


@pytest.mark.parametrize("players,counts", [(2, [9, 9]), (3, [9, 9, 9]), (4, [7, 7, 7, 7])])
def test_the_essences_on_a_card_read_at_13_px_over_no_text(cfg, app, players: int, counts: list[int]) -> None:
    """Every card in play on a crowded table, faces and compact faces at the size the table drew them, with
    the piles of essences of ``PILES``: each essence's count in its chip at 13 px, no text under a chip."""
    sess, table = _crowded_table(cfg, app, players, counts)
    c, chips, problems = sess.state.c, 0, []
    for p in range(players):
        for k, ci in enumerate(sess.state.play[p]):
            rect = table.anchors.get(("card", ci))
            if rect is None or table.card_lines.get(ci, 0):
                continue
            on = PILES[k % len(PILES)]
            problems += _chip_problems(c.cards[ci], rect.size, on, bool(sess.state.turned[ci]), ci in table.compact)
            chips += 1
    assert chips >= 2 * players, chips
    assert not problems, "\n".join(problems[:20])
