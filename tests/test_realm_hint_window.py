"""Realm's hint as the table shows it (play-test: hints gave a move but never a reason, and Confirm built one of
Warden Hall's two options unnamed): the hint's line in the preview says facts of the move, whole (whole sentences,
the rest on hover, never cut, never out of its box or over other text) at 1280x720 and 1600x900; a monument's
preview and hint name its option; the bid panel says where the hinted bid stands against the rivals."""

from __future__ import annotations

import pygame
import pytest

from game.realm.engine.content import CARD_ACTION
from game.realm.ui.table_scene import PREVIEW_RECT
from game.shell import testing
from game.shell.hint import Hint
from game.shell.text import registry

from .realm_hint_helpers import position
from .realm_ui_helpers import realm_table_at
from .test_realm_ui_fit import table_text_faults


def _show(app, scene, a) -> None:
    """As the shell shows an answer (``TableBase.poll_hint``)."""
    hint = Hint(a, 0.4, 500, False)
    scene.showing_hint = True
    try:
        scene.show_hint(hint, scene.hint_why(hint))
    finally:
        scene.showing_hint = False
    testing.step(app, 2)


CASES = [("select", lambda s, a: s.c.cards[a[1]].kind == CARD_ACTION), ("place", None), ("tuck", None),
         ("row", None), ("warden", None), ("move", None), ("claim", None),
         ("monument", lambda s, a: bool(s.c.spaces[a[1]].options))]


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("decision,pick", CASES)
def test_the_hints_line_is_whole_and_says_a_fact_not_the_search_value(cfg, size, decision, pick) -> None:
    st, a = position(decision, pick=pick)
    app, scene = realm_table_at(cfg, st, size)
    _show(app, scene, a)
    text = scene.pending_text
    assert scene.pending == a and text.startswith("Hint: The expert bot's pick: ")
    assert "playouts" not in text and "VP behind" not in text and "expects to win" not in text
    beside, below = scene.preview_lines()
    shown = [d for d in registry.items if d.text in (beside, below) and d.text]
    assert shown and shown[0].text.startswith("Hint: ")  # beside the title, on as much of it as it leaves
    for d in shown:
        assert PREVIEW_RECT.contains(d.rect), (d.text, d.rect)
    line = scene.preview_line()
    core = line.removesuffix(" (more on hover)")
    short = text.replace("The expert bot's pick: ", "", 1)  # where the title leaves little room: the facts first
    assert text.startswith(core) or short.startswith(core)  # its first whole sentences, in order
    assert core.endswith(".")  # never a cut sentence
    faults = [f for f in table_text_faults(registry.items) if "Hint: " in f or (below and below[:20] in f)]
    assert not faults, faults
    over = (shown[-1].rect.x + 20, shown[-1].rect.centery)
    if line != text:  # the rest on hover: the line's tip says it whole
        assert (line.endswith(" (more on hover)") or line == short) and scene.preview_tip_at(over) == text
    else:
        assert scene.preview_tip_at(over) is None
    scene.s.close()


def test_a_monuments_hint_and_preview_name_its_option(cfg) -> None:
    st, a = position("monument", pick=lambda s, a: bool(s.c.spaces[a[1]].options))
    sp = st.c.spaces[a[1]]
    option = sp.options[a[2]]["name"]
    app, scene = realm_table_at(cfg, st, (1600, 900))
    _show(app, scene, a)
    assert option in scene.pending_text
    assert testing.was_drawn(app, f"Build your monument on {sp.name} ({option})?")
    testing.key(app, pygame.K_RETURN)  # Enter confirms what was named
    built = scene.s.state.built[a[1]]
    assert built is not None and built[1] == a[2]
    scene.s.close()


@pytest.mark.parametrize("zero", [False, True])
def test_the_bid_panel_says_where_the_hinted_bid_stands_against_the_rivals(cfg, zero: bool) -> None:
    """A hinted bid of 0 too, the dial's value before the hint: the table's picture is drawn again for it."""
    st, a = position("bid", pick=lambda s, a: (a[1] == 0) == zero)
    app, scene = realm_table_at(cfg, st, (1280, 720))
    _show(app, scene, a)
    drawn = " ".join(testing.drawn_texts(app))
    assert f"Hint: bid {a[1]}." in drawn and "could pay as much" in drawn
    assert "playouts" not in drawn
    scene.s.close()


def test_a_hint_longer_than_the_preview_shows_its_first_sentences_and_the_rest_on_hover(cfg) -> None:
    st, a = position("place")
    app, scene = realm_table_at(cfg, st, (1280, 720))
    long = "Hint: " + " ".join(f"Sentence number {k} says one more fact of the move." for k in range(12))
    scene.showing_hint = True
    scene.choose(a, long)
    scene.showing_hint = False
    testing.step(app, 2)
    line = scene.preview_line()
    assert line.endswith(". (more on hover)") and long.startswith(line.removesuffix(" (more on hover)"))
    beside, below = scene.preview_lines()
    assert testing.was_drawn(app, below) and testing.was_drawn(app, beside)
    assert scene.preview_tip_at((PREVIEW_RECT.x + 40, PREVIEW_RECT.y + 30)) == long
    assert scene.preview_tip_at(scene.buttons[-1].rect.center) is None  # not over Cancel
    scene.s.close()


def test_a_sentence_too_long_for_the_preview_ends_at_a_clause_outside_brackets(cfg) -> None:
    """Play-test of this change: "... with The Guilded (was (more on hover)" cut inside a bracket."""
    from game.realm.ui.table_scene import cut_points

    said = "Hint: a: b (was: c), d. E; f."
    assert [said[:k] for k in cut_points(said)] == ["Hint: a: b (was: c), d.",  # a sentence, then clauses
                                                   "Hint: a: b (was: c), d. E;", "Hint: a: b (was: c),",
                                                   "Hint: a:", "Hint:"]
    st, a = position("place")
    app, scene = realm_table_at(cfg, st, (1280, 720))
    long = ("Hint: The expert bot's pick: in Stone Gardens tied for the lead at 1 with The Guilded "
            "(was: nobody there), " + ", ".join(f"clause {k} of a long first sentence" for k in range(30)) + ".")
    scene.showing_hint = True
    scene.choose(a, long)
    scene.showing_hint = False
    testing.step(app, 2)
    line = scene.preview_line()
    assert line.endswith(" (more on hover)")
    shown = line.removesuffix(" (more on hover)")
    assert shown.count("(") == shown.count(")") and long.startswith(shown)
    assert scene.preview_tip_at((PREVIEW_RECT.x + 40, PREVIEW_RECT.y + 30)) == long
    scene.s.close()
