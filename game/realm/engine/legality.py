"""Which actions are legal now, and the strict check of an action from outside the engine."""

from __future__ import annotations

from .constants import (
    BOTTOM,
    D_ADVANCE,
    D_BID,
    D_CLAIM,
    D_DISCARD,
    D_DOMINION,
    D_LOSE_ACOLYTE,
    D_LOSE_MERC,
    D_LOSE_WARDEN,
    D_MERC_DISCARD,
    D_MONUMENT,
    D_MOVE,
    D_OVER,
    D_PAY,
    D_PLACE,
    D_REWARD,
    D_ROW,
    D_SELECT,
    D_STEAL,
    D_TUCK,
    D_WARDEN,
    N_PILLARS,
    N_REGIONS,
    TOP,
)
from .content import CARD_ACTION
from .errors import IllegalAction
from .kinds import KINDS_FOR_DECISION


class LegalityMixin:
    __slots__ = ()

    # ------------------------------------------------------------ legality
    def legal_actions(self) -> list[tuple]:
        """The legal actions of the seat to move (for payments: a non-dominated subset)."""
        d = self.dec
        p = self.actor
        n = self.n
        if d == D_SELECT:
            return [("select", c) for c in self.hands[p]]
        if d == D_PLACE:
            return _PLACE_ACTIONS[:]  # a fresh list: callers may change what they are given
        if d == D_TUCK:
            card = self.c.cards[self.dec_data]
            return [("tuck", pl, side) for pl in card.pillars for side in (TOP, BOTTOM)]
        if d == D_BID:
            return [("bid", b) for b in range(self.rk.maxbid[p] + 1)]
        if d == D_ROW:
            return [("row", j) for j, o in enumerate(self.rk.row_owner) if o == -1]
        if d == D_PAY:
            return self.payment_options(p)
        if d == D_WARDEN:
            return [("warden", c) for c in range(N_PILLARS) if self.warden_supply[c] > 0]
        if d == D_MOVE:
            acts: list[tuple] = [("stop",)]
            for a in range(N_REGIONS):
                if self.board[a * n + p] > 0:
                    acts.extend(("move", a, b) for b in range(N_REGIONS) if b != a)
            return acts
        if d == D_DISCARD:
            cards = self.c.cards
            return [("discard", c) for c in self.hands[self._hand_of(p)] if cards[c].kind == CARD_ACTION]
        if d == D_STEAL:
            return [("steal", q) for q in range(n) if q != p and self.coins[q] > 0]
        if d == D_ADVANCE:
            return [("advance", c) for c in self.dec_data]
        if d in (D_MERC_DISCARD, D_LOSE_MERC):
            return [("merc_discard", m) for m in self.mercs[p]]
        if d == D_DOMINION:
            return _DOMINION_ACTIONS[:]
        if d == D_REWARD:
            return [("reward", r) for r in self.revealed]
        if d == D_CLAIM:
            region = self.rk.region
            return [("claim", a, col) for a in range(N_REGIONS) if a != region
                    for col in range(N_PILLARS) if self.claims[a * N_PILLARS + col] > 0]
        if d == D_MONUMENT:
            acts = []
            for sp in self.c.spaces:
                if self.built[sp.index] is None:
                    if sp.options:
                        acts.extend(("monument", sp.index, o) for o in range(len(sp.options)))
                    else:
                        acts.append(("monument", sp.index, 0))
            return acts
        if d == D_LOSE_ACOLYTE:
            return [("lose_acolyte", r) for r in range(N_REGIONS) if self.board[r * n + p] > 0]
        if d == D_LOSE_WARDEN:
            return [("lose_warden", c) for c in range(N_PILLARS) if self.wardens[p * N_PILLARS + c] > 0]
        return []

    def is_legal(self, action: tuple) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def _check(self, a: tuple) -> tuple:
        """Raise IllegalAction unless ``a`` is legal now; return its canonical form.

        Every field must be an exact ``int`` (not a bool, a float or a numeric string): ``1.0 == 1``
        would otherwise find a legal twin and reach the rules, which index lists with it. What is
        applied is always the canonical tuple (the one in ``legal_actions()``, or for payments the
        validated tuple), never the caller's object.
        """
        if self.dec == D_OVER:
            raise IllegalAction("the game is over")
        if type(a) is not tuple or not a:
            raise IllegalAction(f"an action is a non-empty tuple (got {a!r})")
        kind = a[0]
        want = _ACTION_FOR_DECISION.get(self.dec, ())
        if type(kind) is not str or kind not in want:
            raise IllegalAction(f"expected a {'/'.join(want)} action for the {self.decision_name()} "
                                f"decision of seat {self.actor} (got {kind!r})")
        if kind == "pay":
            return self._check_payment(self.actor, a)
        for v in a[1:]:
            if type(v) is not int:
                raise IllegalAction(f"action fields are whole numbers (got {v!r} in {a!r})")
        if kind == "bid":
            if len(a) != 2 or not 0 <= a[1] <= 99:
                raise IllegalAction(f"a bid is a whole number from 0 to 99 (got {a[1:]!r})")
            return ("bid", a[1])  # a bid above what the bidder can pay is cut on reveal
        legal = self.legal_actions()
        try:
            return legal[legal.index(a)]
        except ValueError:
            raise IllegalAction(f"{a!r} is not legal for seat {self.actor} now ({self.decision_name()})") from None



_PLACE_ACTIONS = [("place", r) for r in range(N_REGIONS)]
_DOMINION_ACTIONS = [("dominion", k) for k in range(4)]
_ACTION_FOR_DECISION = KINDS_FOR_DECISION
