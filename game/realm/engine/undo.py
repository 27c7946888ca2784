"""Realm of Reckoning's points of no return: which actions a player may take back (undo).

The session asks :func:`step_kind` about every action, with the events the action caused (the
engine's presentation events, :mod:`game.realm.engine.flow`) and the position just after it, and
combines the answers (``GameSession.undo_target``): a human may take back their own decisions
back to the last point of no return.

- ``"own"``: the action changed only what its mover decided, in the open, with nothing new
  revealed and no chance resolved (placing an acolyte, moving, tucking a card, paying, a reward,
  a monument). Its mover may take it back while nobody else has acted since.
- ``"secret"``: a sealed choice made at the same time as the others' (a card selection, a bid, a
  two-player discard into the table hand): the others learn only that it was made. Its mover may
  take it back until the reveal, and another seat's sealed choice does not close a human's window.
- ``"final"``: a point of no return: anything else, in particular the reveal of the selected
  cards or of the bids, hands passed on (new cards seen), mercenaries drawn or reshuffled, a
  reckoning opened (the two-player table bid is drawn from the bag), an age scored, a new age
  dealt, the end of the game. An event this module does not know is final too.
"""

from __future__ import annotations

from typing import Any

OWN = "own"
SECRET = "secret"
FINAL = "final"

# events that show only the mover's open decision and its fixed effects
OPEN_EVENTS = frozenset({
    "place", "move", "stop", "tuck", "track", "artifact", "coins", "steal", "warden", "lose_acolyte",
    "merc_discard", "lose_warden", "vp", "pay", "dominion", "claim", "monument", "penalty", "reward_card",
    "row", "turn", "deploy",
})
# sealed choices: the others learn only that one was made
SEALED_EVENTS = frozenset({"select", "bid", "discard"})


def step_kind(state: Any, events: list[dict[str, Any]]) -> str:
    """``"own"``, ``"secret"`` or ``"final"`` for one action, from the events it caused (``state``:
    the position just after it; Realm's rule needs only the events)."""
    kinds = {e.get("type") for e in events}
    if not kinds <= OPEN_EVENTS | SEALED_EVENTS:
        return FINAL
    return SECRET if kinds & SEALED_EVENTS else OWN
