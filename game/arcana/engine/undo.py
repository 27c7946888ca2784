"""Res Arcana's points of no return: which actions a player may take back (undo).

The session asks :func:`step_kind` about every action, with the events the action caused and the
position just after it, and combines the answers (``GameSession.undo_target``): a human may take
back their own decisions back to the last point of no return.

- ``"own"``: only the mover's open decision and its fixed effects: choosing a card to place and
  paying for it, using a power, collecting, taking essences, discarding a card for essences,
  claiming a place of power, an attack (the rivals' answers are their own decisions, which close
  the window when they are made). Its mover may take it back while nobody else has acted since.
- ``"secret"``: a sealed choice made at the same time as the others' (choosing a mage): the others
  learn only that it was made; the reveal of the mages is final.
- ``"final"``: a point of no return: a card drawn (passing draws one), a shuffle, a look at a deck
  (and the order chosen after it), a monument claimed (the next one is turned up), a draft pick
  (the packs go round), a match pick, the first player chosen, a round begun, a victory check,
  the end of the game; an event this module does not know is final too.
"""

from __future__ import annotations

from typing import Any

OWN = "own"
SECRET = "secret"
FINAL = "final"

OPEN_EVENTS = frozenset({
    "gain", "pay", "power", "lose", "take", "turn", "item", "place", "claim", "discard", "destroy",
    "straighten", "attack", "life_loss", "ignore", "react", "pass", "remove",
})
SEALED_EVENTS = frozenset({"mage_chosen"})


def step_kind(state: Any, events: list[dict[str, Any]]) -> str:
    """``"own"``, ``"secret"`` or ``"final"`` for one action, from the events it caused and ``state``,
    the position just after it (its content tells a monument from a place of power)."""
    kinds = {e.get("type") for e in events}
    if not kinds <= OPEN_EVENTS | SEALED_EVENTS:
        return FINAL
    for e in events:
        if e.get("type") == "claim" and state.c.card(e["card"]).kind == "monument":
            return FINAL  # the next monument is turned up (or the pile's top is gone)
    return SECRET if kinds & SEALED_EVENTS else OWN
