"""Every effect of every Res Arcana card is on its face (play-test s6 p3 item 4): Obelisk showed only
"Monument", its "When claimed: 6 essences of your choice except Gold" missing, and the dragons' attack read
"rivals lose 2 Life" without the way out ("unless they pay 1 Calm", "unless they discard 1 card").

Over every card in the content: each ability and power of its data has a row on the face (a monument's
gain when claimed too), each attack names its way out when it has one, and a face drawn at the table's width
(the pool's and the table's 136 px, and the narrowest 118 px) as tall as it says it needs draws every word of
every row at 13 px or more.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.arcana.engine.content import default_content
from game.arcana.ui import look as L
from game.shell import text as T

CARDS = default_content().cards


def _expected_rows(cd: Any) -> int:
    """The rows a face owes the card's data: collect incomes, a conditional collect, the forge's cost, a
    discount, each points formula, a gain when claimed, each power."""
    return (len(cd.collect) + bool(cd.conditional) + bool(cd.forge) + (cd.discount is not None)
            + len(cd.vp_formula) + (cd.on_claim is not None) + len(cd.powers))


def _words(rows: list[list[tuple]]) -> list[str]:
    return [word for row in rows for g in row if g[0] == "txt" for word in g[1].split()]


@pytest.mark.parametrize("cd", CARDS, ids=lambda cd: cd.id)
def test_every_ability_and_effect_of_a_card_has_its_row(cd) -> None:
    rows = L.ability_rows(cd)
    assert len(rows) == _expected_rows(cd), (cd.name, rows)
    for pw in cd.powers:
        for e in pw.effects:
            glyphs = L.effect_glyphs(e)
            assert glyphs != [("txt", e["op"].replace("_", " "))], (cd.name, e["op"])  # its words, not its name
            if e["op"] == "life_loss" and e.get("rival_may_ignore_by"):
                assert ("txt", "unless they") in glyphs, (cd.name, glyphs)
    if cd.on_claim is not None:
        assert any(row[0] == ("txt", "when claimed:") and len(row) > 1 for row in rows), (cd.name, rows)


@pytest.mark.parametrize("width", [136, 118])
def test_every_word_of_every_row_is_drawn_at_the_size_the_table_uses(width) -> None:
    missing = []
    for cd in CARDS:
        h = L.face_height(cd, width)
        before = len(T.registry.items)
        whole = L.draw_card(pygame.Surface((width, h), pygame.SRCALPHA), pygame.Rect(0, 0, width, h), cd)
        drawn = T.registry.items[before:]
        del T.registry.items[before:]
        drawn_words = {w for d in drawn for w in d.text.split()}
        lost = [w for w in _words(L.ability_rows(cd)) if w not in drawn_words]
        small = [d.text for d in drawn if d.rect.h < 13 and len(d.text) > 1]
        if not whole or lost or small:
            missing.append((cd.name, whole, lost, small))
    assert not missing, missing


def test_the_two_cards_of_the_report_read_whole() -> None:
    """Obelisk names its gain when claimed; Wind Dragon its way out (the control: the words are looked for)."""
    by_name = {cd.name: cd for cd in CARDS}
    assert "claimed:" in _words(L.ability_rows(by_name["Obelisk"]))
    dragon = _words(L.ability_rows(by_name["Wind Dragon"]))
    assert "unless" in dragon and "discard" in dragon
    assert "unless" not in _words(L.ability_rows(by_name["Obelisk"]))
