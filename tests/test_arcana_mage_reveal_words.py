"""Res Arcana's words for the secret mage choice: a bot's seat is named by its mage only once the mages are
revealed, so the lines of the choices (narrated after the reveal, in the same batch as the last choice) name the
seats as they were named then, and the reveal says which seat has which mage (play-test s6 item 10: "Player 2
has chosen a mage. Necromancer has chosen a mage." read as if a secret mage had been named early)."""

from __future__ import annotations

import random

from game.arcana.adapter import _seat_names
from game.arcana.engine import new_game
from game.arcana.ui.words import event_text


def _to_reveal(players: int, seed: int):
    state = new_game(players, seed, preset="random")
    state.events = []
    rng = random.Random(seed)
    while not any(ev.get("type") == "mages" for ev in state.events):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_the_choices_and_the_reveal_name_each_seat_as_it_was_named_then() -> None:
    for players, seed in ((2, 3), (3, 8), (4, 21)):
        state = _to_reveal(players, seed)
        names = _seat_names(state)  # after the reveal, as the table names the seats when it tells the batch
        names[0] = "You"
        mage_names = {cd.name for cd in state.c.cards if cd.kind == "mage"}
        # the control: after the reveal the bots' seats ARE named by their mages, so naming them so would leak
        assert all(names[q] in mage_names for q in range(1, players))
        lines = {ev["type"]: [] for ev in state.events}
        for ev in state.events:
            lines[ev["type"]].append(event_text(state.c, ev, names))
        chosen = lines["mage_chosen"]
        assert len(chosen) == players
        for line in chosen:
            assert not any(m in line for m in mage_names), line
        assert "You have chosen a mage." in chosen
        assert {f"Player {q + 1} has chosen a mage." for q in range(1, players)} <= set(chosen)
        (reveal,) = lines["mages"]
        mages = next(ev for ev in state.events if ev["type"] == "mages")["mages"]
        for q, mage_id in enumerate(mages):
            who = "You" if q == 0 else f"Player {q + 1}"
            assert f"{who}: {state.c.card(mage_id).name}" in reveal, reveal
