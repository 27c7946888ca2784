"""Res Arcana in words: the essence events the engine emits are told with their essences."""

from __future__ import annotations

import random

from game.arcana.engine.state import new_game
from game.arcana.ui.words import event_text


def _events_of(types: set[str], games: int = 40) -> list[tuple[object, dict]]:
    found = []
    for seed in range(games):
        st = new_game(2 + seed % 3, seed, preset="random")
        st.events = []
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            found += [(st.c, e) for e in st.events if e["type"] in types]
            st.events = []
    return found


def test_essences_taken_off_or_returned_from_a_card_are_named() -> None:
    events = _events_of({"take", "remove"})
    kinds = {e["type"] for _, e in events}
    assert kinds == {"take", "remove"}, kinds  # the random games reach both
    for c, e in events:
        names = [f"Seat {i}" for i in range(4)]
        line = event_text(c, e, names)
        assert line and c.card(e["card"]).name in line
        essences = ("Elan", "Life", "Calm", "Death", "Gold")
        amounts = [f"{v} {n}" for v, n in zip(e["essences"], essences, strict=True) if v]
        assert all(a in line for a in amounts), (line, e)
        if e["type"] == "remove":
            assert "back to the supply" in line
