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
    MAX_BID,
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
        """The legal actions of the seat to move (for payments: a non-dominated subset).

        Always a fresh list (callers may change it); its tuples are shared and immutable.
        """
        f = _LEGAL.get(self.dec)
        return f(self, self.actor) if f is not None else []

    # one function per decision (``_LEGAL``), given the seat to move
    def _legal_select(self, p: int) -> list[tuple]:
        sel = _SELECT
        try:
            return [sel[c] for c in self.hands[p]]
        except IndexError:  # content with more cards than the table of tuples
            return [("select", c) for c in self.hands[p]]

    def _legal_place(self, p: int) -> list[tuple]:
        return _PLACE_ACTIONS[:]

    def _legal_tuck(self, p: int) -> list[tuple]:
        card = self.dec_data
        acts = _TUCKS.get(card)
        if acts is None or acts[0] is not self.c:
            pillars = self.c.cards[card].pillars
            acts = _TUCKS[card] = (self.c, [("tuck", pl, side) for pl in pillars for side in (TOP, BOTTOM)])
        return acts[1][:]

    def _legal_bid(self, p: int) -> list[tuple]:
        return _BIDS[:self.rk.maxbid[p] + 1]

    def _legal_row(self, p: int) -> list[tuple]:
        return [("row", j) for j, o in enumerate(self.rk.row_owner) if o == -1]

    def _legal_pay(self, p: int) -> list[tuple]:
        # the options are worked out once, when the payment is asked for (``_ask_payment``)
        return list(self.dec_data)

    def _legal_warden(self, p: int) -> list[tuple]:
        return [("warden", c) for c in range(N_PILLARS) if self.warden_supply[c] > 0]

    def _legal_move(self, p: int) -> list[tuple]:
        n = self.n
        acts: list[tuple] = [("stop",)]
        for a in range(N_REGIONS):
            if self.board[a * n + p] > 0:
                acts.extend(("move", a, b) for b in range(N_REGIONS) if b != a)
        return acts

    def _legal_discard(self, p: int) -> list[tuple]:
        cards = self.c.cards
        return [("discard", c) for c in self.hands[self._hand_of(p)] if cards[c].kind == CARD_ACTION]

    def _legal_steal(self, p: int) -> list[tuple]:
        return [("steal", q) for q in range(self.n) if q != p and self.coins[q] > 0]

    def _legal_advance(self, p: int) -> list[tuple]:
        return [("advance", c) for c in self.dec_data]

    def _legal_merc_discard(self, p: int) -> list[tuple]:
        return [("merc_discard", m) for m in self.mercs[p]]

    def _legal_dominion(self, p: int) -> list[tuple]:
        return _DOMINION_ACTIONS[:]

    def _legal_reward(self, p: int) -> list[tuple]:
        return [("reward", r) for r in self.revealed]

    def _legal_claim(self, p: int) -> list[tuple]:
        region = self.rk.region
        claims = self.claims
        return [_CLAIMS[i] for i in range(N_REGIONS * N_PILLARS) if claims[i] > 0 and i // N_PILLARS != region]

    def _legal_monument(self, p: int) -> list[tuple]:
        got = _MONUMENTS.get(id(self.c))
        if got is None or got[0] is not self.c:  # per space: its actions (one per option), made once
            got = _MONUMENTS[id(self.c)] = (self.c, tuple(
                (sp.index, tuple(("monument", sp.index, o) for o in range(max(1, len(sp.options)))))
                for sp in self.c.spaces))
        built = self.built
        acts: list[tuple] = []
        for i, spaced in got[1]:
            if built[i] is None:
                acts += spaced
        return acts

    def _legal_lose_acolyte(self, p: int) -> list[tuple]:
        n = self.n
        return [("lose_acolyte", r) for r in range(N_REGIONS) if self.board[r * n + p] > 0]

    def _legal_lose_warden(self, p: int) -> list[tuple]:
        return [("lose_warden", c) for c in range(N_PILLARS) if self.wardens[p * N_PILLARS + c] > 0]

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
_SELECT = [("select", c) for c in range(256)]  # more than any card count: tuples made once
_BIDS = [("bid", b) for b in range(MAX_BID + 1)]
_TUCKS: dict[int, tuple] = {}  # card -> (content, its tuck actions)
_DOMINION_ACTIONS = [("dominion", k) for k in range(4)]
_CLAIMS = [("claim", i // N_PILLARS, i % N_PILLARS) for i in range(N_REGIONS * N_PILLARS)]  # by claims index
_MONUMENTS: dict[int, tuple] = {}  # id(content) -> (content, per space: (index, its monument actions))
_ACTION_FOR_DECISION = KINDS_FOR_DECISION
_LEGAL = {
    D_SELECT: LegalityMixin._legal_select, D_DISCARD: LegalityMixin._legal_discard,
    D_PLACE: LegalityMixin._legal_place, D_MOVE: LegalityMixin._legal_move, D_STEAL: LegalityMixin._legal_steal,
    D_WARDEN: LegalityMixin._legal_warden, D_ADVANCE: LegalityMixin._legal_advance,
    D_MERC_DISCARD: LegalityMixin._legal_merc_discard, D_LOSE_MERC: LegalityMixin._legal_merc_discard,
    D_TUCK: LegalityMixin._legal_tuck, D_DOMINION: LegalityMixin._legal_dominion,
    D_REWARD: LegalityMixin._legal_reward, D_CLAIM: LegalityMixin._legal_claim, D_BID: LegalityMixin._legal_bid,
    D_ROW: LegalityMixin._legal_row, D_PAY: LegalityMixin._legal_pay, D_MONUMENT: LegalityMixin._legal_monument,
    D_LOSE_ACOLYTE: LegalityMixin._legal_lose_acolyte, D_LOSE_WARDEN: LegalityMixin._legal_lose_warden,
}
