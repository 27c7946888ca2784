"""Play-test g1: Realm's table says what each choice does, tells each loss apart and gives the board's room to
the tucked stacks."""

from __future__ import annotations

import pygame
import pytest

from game.shell import testing

from .engine_helpers import play_until
from .realm_ui_helpers import realm_table_at
from .test_realm_ui_readable import cut_texts

testing.use_dummy_drivers()


# ------------------------------------------------------------------ item 2: each reward card's own words
def test_choosing_a_reward_card_says_what_that_card_gives() -> None:
    from game.realm.engine.content import default_content
    from game.realm.ui.words import action_words, penalty_words, row_words

    c = default_content()
    said = {}
    for card in c.rewards:
        words = action_words(c, ("reward", card.index), str)
        assert words != "Use this reward card"
        assert row_words(card.rows[0]) in words and penalty_words(card.rows[-1]) in words, words
        said.setdefault((card.players, words), card.id)
    assert len(said) == len(c.rewards)  # no two cards of a game read alike


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_reward_cards_preview_reads_whole_and_apart(cfg, players) -> None:
    from game.realm.ui.words import row_words

    st = play_until(players, 20 + players, lambda s: s.decision_name() == "reward")
    cards = [a[1] for a in st.legal_actions() if a[0] == "reward"]
    for window in ((1280, 720), (1600, 900)):
        titles = []
        for r in cards:
            app, scene = realm_table_at(cfg, st, window)
            spot = next(h for h in scene.hotspots if tuple(h.actions) == (("reward", r),))
            testing.click(app, spot.rect.center)
            testing.step(app, 3)
            assert scene.pending == ("reward", r)
            title = next(d.text for d in app.last_frame_texts if d.text.startswith("Use the card"))
            assert row_words(st.c.rewards[r].rows[0]) in title
            assert not cut_texts(app.last_frame_texts)
            assert not [d.text for d in app.last_frame_texts if d.overflows(pygame.Rect(0, 0, 1600, 900))]
            titles.append(title)
        assert len(set(titles)) == len(cards), titles
