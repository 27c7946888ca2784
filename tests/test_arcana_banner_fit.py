"""The victory-check banner reads whole (play-test: at 4 players and 1280x720 the banner's "Victory check:
..., the game goes on." wrapped to two lines in the top bar's one-line box and "goes on." sat cut on its
bottom border).

The banner is drawn over a 4-player table with the longest names the seats can have from the game (the
mages' names), and audited through the text registry like every other text of the table
(:class:`tests.test_arcana_ui_fit.Audit`: nothing out of its box, cut, overlapping or small) at each window
size; its every line stands clear of the panel's gold border, and with the mages' names it is one line. A
banner too long for one line (long names typed by players) makes its box taller instead.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.arcana.engine.content import default_content
from game.core.session import GameSession, Seat
from game.shell import testing

from .test_arcana_ui_fit import SIZES, Audit, _action_phase_state

BORDER_CLEAR = 3  # the panel's 2-px border and a pixel more


def _longest_mages(n: int) -> list[str]:
    return sorted((cd.name for cd in default_content().cards if cd.kind == "mage"), key=len)[-n:]


def _banner_texts(cfg: Any, window: tuple[int, int], names: list[str]) -> tuple[Any, list[Any]]:
    """A 4-player table (a human and three bots named ``names``) showing a victory check that nobody won,
    every score two digits wide: (the table, the banner's drawn texts)."""
    from game.arcana.ui import TableScene

    app = testing.make_app(window_size=window, skip_animations=True)
    seats = [Seat("human", name="Annabel")] + [Seat("bot", "rule", name=m) for m in names]
    sess = GameSession(4, seats, 7, {"preset": "random"}, presets=None, game="arcana")
    sess.state = next(s for s in (_action_phase_state(4, seed) for seed in range(7, 60)) if s.to_move() == 0)
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    line = table.narrate({"type": "victory_check", "points": [9, 9, 9, 9]})
    assert line and "nobody has 10" in line and table.banner
    testing.step(app, 1)
    words = table.banner[0].split()
    drawn = [d for d in app.last_frame_texts if table.banner_rect.contains(d.rect) and d.text.split()
             and set(d.text.split()) <= set(words)]
    assert " ".join(d.text for d in drawn).split() == words  # every word of it, once
    audit = Audit()
    audit.check(drawn, [], f"{window}: ")
    assert not audit.bad, audit.report()
    inner = table.banner_rect.inflate(-2 * BORDER_CLEAR, -2 * BORDER_CLEAR)
    assert all(inner.contains(d.rect) for d in drawn), (table.banner_rect, [(d.text, d.rect) for d in drawn])
    return table, drawn


@pytest.mark.parametrize("window", SIZES)
def test_the_victory_check_banner_is_one_line_at_four_players(cfg, window) -> None:
    _, drawn = _banner_texts(cfg, window, _longest_mages(3))
    assert len(drawn) == 1, [d.text for d in drawn]


def test_a_banner_too_long_for_a_line_grows_its_box(cfg) -> None:
    table, drawn = _banner_texts(cfg, (1280, 720), ["Bartholomew " + m for m in _longest_mages(3)])
    assert len(drawn) == 2 and table.banner_rect.h > 40  # two lines, in a box two lines tall
