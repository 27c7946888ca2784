"""The issue's smaller items on the Res Arcana table: the setup screen remembers the last table, the open
log leaves the decision panel clear, a card's tip lists its moves one to a line."""

from __future__ import annotations

from game.shell import testing


def test_the_new_game_screen_offers_the_last_table_again(cfg) -> None:
    from game.arcana.ui import setup as S

    S.LAST.clear()
    app = testing.make_app()
    first = S.SetupScene(cfg)
    app.push(first)
    testing.step(app, 2)
    defaults = (first.players.value, first.setup.value, [c.value for c in first.seat_choices])
    first.players.select(1)  # three players, the draft, the second seat a different bot
    first.setup.select(2)
    other = next(k for k in first.kinds[1:] if k != first.seat_choices[1].value)
    first.seat_choices[1].select(first.kinds.index(other))
    first.start()
    testing.step(app, 2)
    again = S.SetupScene(cfg)
    assert (again.players.value, again.setup.value, again.seat_choices[1].value) == (3, 2, other)
    assert defaults[:2] == (2, 0) and defaults[2][1] != other  # the control: a first screen has the defaults
    S.LAST.clear()


def test_the_open_log_leaves_the_decision_panels_controls_clear(cfg) -> None:
    """The log stands in the panel's free room (it moved there from over the rivals' row): under the panel's
    words and its Pass button, over none of its controls."""
    import pygame

    from game.arcana.ui.table import PANEL

    from .test_arcana_ui_cards import _table

    app, table, sess = _table(cfg, 2)
    testing.key(app, pygame.K_l, frames=2)
    assert table.show_log and PANEL.contains(table.log.rect)
    assert table.buttons and not [b.text for b in table.buttons if b.rect.colliderect(table.log.rect)]
    prompt = [d.rect for d in app.last_frame_texts if d.text.startswith("Your turn")]
    assert prompt and not [r for r in prompt if r.colliderect(table.log.rect)]


def test_a_cards_tip_lists_its_moves_one_to_a_line(cfg) -> None:
    from .test_arcana_ui_cards import _table

    app, table, sess = _table(cfg, 2)
    tips = [tip for key, (_r, tip) in table.tips.items() if key[0] == "card" and "Click to" in tip]
    assert tips  # some glowing cards
    assert not [t for t in tips if ".;" in t or "\u2026" in t]


def test_a_tip_stays_down_after_a_click_until_the_mouse_moves(cfg) -> None:
    from .test_arcana_ui_cards import _table

    app, table, sess = _table(cfg, 2)
    app.tooltips.delay = 0.0
    card = next(ci for ci in sess.state.play[1])
    at = table.anchors[("card", card)].center
    testing.move(app, at, frames=3)
    assert app.tooltips.visible_text  # the control: resting on a card shows its tip
    testing.click(app, at, frames=30)
    assert not app.tooltips.visible_text
    testing.move(app, (at[0] + 2, at[1]), frames=3)
    assert app.tooltips.visible_text
