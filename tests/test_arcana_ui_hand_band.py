"""The player's own cards in play never enter the hand's band (play-test t2 item 1: from round 4 a second row
of cards in play ran on beside the hand, over the label "Your hand", and read as cards still in hand).

Over seeded 3- and 4-player states (5 to 9 own cards in play, 1 to 4 in hand, at 1280x720 and 1600x900): every
card in play ends at least 8 px above the label "Your hand" wherever it stands across the area, no card in
play overlaps the label, and the own faces' height does not depend on whether a card is tapped. On the old
layout (rows beside the hand) both tests fail.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_arcana_ui_play_room import WINDOWS, _state, _table


def _intruders(cfg: Any, players: int, window: tuple[int, int], plays: range = range(5, 10),
               hands: range = range(1, 5)) -> list[str]:
    bad = []
    for in_play in plays:
        for hand in hands:
            app, table = _table(cfg, _state(players, in_play, hand), players, window)
            label = next(d.rect for d in app.last_frame_texts if d.text == "Your hand")
            for ci in table._play_order[0]:
                r = table.anchors[("card", ci)]
                if r.bottom > label.y - 8:
                    bad.append(f"{players}p {window} {in_play} in play, hand {hand}: {table.c.cards[ci].name} "
                               f"ends at {r.bottom}, label at {label.y}")
    return bad


@pytest.mark.parametrize("players", [3, 4])
def test_cards_in_play_never_enter_the_hand_band(cfg, players: int) -> None:
    for window in WINDOWS:
        bad = _intruders(cfg, players, window)
        assert not bad, bad[:5]


@pytest.mark.parametrize("players", [3, 4])
def test_a_tapped_card_keeps_its_face_size(cfg, players: int) -> None:
    """Tapping every card in play, the player's and the rivals', changes no card's rectangle (a tapped rival
    card grew taller and pushed its neighbours down; a compact face turned full)."""
    moved = []
    for in_play in (5, 7, 9):
        st = _state(players, in_play, 2)
        _, table = _table(cfg, st, players, (1280, 720))
        cards = [ci for q in range(players) for ci in table._play_order[q]]
        before = {ci: (table.anchors[("card", ci)].copy(), ci in table.compact) for ci in cards}
        for q in range(players):
            for ci in st.play[q]:
                st.turned[ci] = 1
        _, table = _table(cfg, st, players, (1280, 720))
        moved += [f"{in_play}: {table.c.cards[ci].name} {before[ci]} -> {table.anchors[('card', ci)]}" for ci in cards
                  if before[ci] != (table.anchors[("card", ci)], ci in table.compact)]
    assert not moved, moved[:5]
