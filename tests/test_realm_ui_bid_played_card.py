"""Play-test (gB item 1): while bidding, the hand's one card left in view beside the bid panel is the card the
seat played this round (from the seat's own view), not the first card of the hand."""

from __future__ import annotations

import pytest

from game.shell import testing

from .engine_helpers import play_until
from .realm_ui_helpers import realm_table_at

testing.use_dummy_drivers()


@pytest.mark.parametrize("players,seed", [(3, 5), (4, 11), (2, 7)])
def test_the_bidder_sees_the_card_it_played_beside_the_bid_panel(cfg, players: int, seed: int) -> None:
    def played_not_first(s) -> bool:
        if s.decision_name() != "bid":
            return False
        v = s.view(s.to_move())
        return v["selected"] is not None and v["selected"] != min([*v["hand"], v["selected"]])

    st = play_until(players, seed, played_not_first)
    p = st.to_move()
    played = st.view(p)["selected"]
    app, scene = realm_table_at(cfg, st)
    assert scene.bid_panel_shown()
    panel = scene.bid_layout(st).rect
    cards = [h for h in scene.hotspots if h.kind == "card"]
    in_view = [h.value for h in cards if not h.rect.colliderect(panel)]
    assert in_view and in_view[0] == played, (in_view, played)
    assert min(cards, key=lambda h: h.rect.x).value == played
