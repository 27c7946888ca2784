"""The flow of an age: the task loop, the hand ring, rounds, selection, reveal, turns, passing and
the end of an age and of the game.

The game's flow is a stack of small tasks (``State.tasks``, e.g. ``("turn", seat)``) processed until
a player must decide; each task name maps to a ``_t_<name>`` handler (``HANDLERS`` in ``state.py``)."""

from __future__ import annotations

import random
from typing import Any

from .constants import (
    AGES,
    CARDS_PER_HAND,
    D_DISCARD,
    D_NONE,
    D_OVER,
    D_SELECT,
    D_TUCK,
    REWARDS_PER_AGE,
    ROUNDS,
    TABLE,
)
from .content import CARD_ACTION, CARD_RECKONING
from .scoring import score_monuments

# task name -> handler (an unbound ``State`` method); filled in by ``state.py``
HANDLERS: dict[str, Any] = {}


class FlowMixin:
    __slots__ = ()

    # ------------------------------------------------------------ task loop
    def _run(self) -> None:
        tasks = self.tasks
        handlers = HANDLERS
        while self.dec == D_NONE:
            t = tasks.pop()
            handlers[t[0]](self, t)

    def _ask(self, dec: int, actor: int, n: int = 0, data: Any = None) -> None:
        self.dec = dec
        self.actor = actor
        self.dec_n = n
        self.dec_data = data

    def _ev(self, kind: str, **data: Any) -> None:
        if self.events is not None:
            data["type"] = kind
            data["age"] = self.age
            data["round"] = self.round
            self.events.append(data)

    def _rand(self) -> random.Random:
        r = random.Random(self.rng_seed)
        self.rng_seed = r.getrandbits(62)
        return r

    # ----------------------------------------------------------- hand ring
    def _pass_target(self, hand: int) -> int:
        ring = self.ring
        k = ring.index(hand)
        return ring[(k + self.direction) % len(ring)]

    def _hand_of(self, p: int) -> int:
        return p

    def _discarder(self) -> int:
        """2-player: the player who passes into the table hand this age."""
        ring = self.ring
        k = ring.index(TABLE)
        return ring[(k - self.direction) % len(ring)]

    # ---------------------------------------------------------------- tasks
    def _t_age(self, t: tuple) -> None:
        self.age += 1
        self.round = 1
        self.direction = -1 if self.age == 2 else 1
        self.final_card = self.finals[self.age - 1]
        self.known[self.final_card] = -1
        self.revealed = self.reward_deck[:REWARDS_PER_AGE]
        del self.reward_deck[:REWARDS_PER_AGE]
        stack = self.stacks[self.age - 1]
        cards_each = CARDS_PER_HAND
        for p in range(self.n):
            hand = sorted(stack[:cards_each])  # hands are kept sorted: their order carries no information
            del stack[:cards_each]
            self.hands[p] = hand
            for c in hand:
                self.known[c] = 1 << p
        if self.n == 2:
            self.hands[TABLE] = sorted(stack)
            for c in stack:
                self.known[c] = 0
            del stack[:]
        if self.events is not None:
            self._ev("age_start", final=self.final_card, rewards=self.revealed[:])
        self.tasks.append(("round",))

    def _t_round(self, t: tuple) -> None:
        self.pending = list(range(self.n))
        if self.events is not None:
            self._ev("round_start", first=self.first_player())
        self.tasks.append(("after_select",))
        self._ask(D_SELECT, 0)

    def _t_after_select(self, t: tuple) -> None:
        self.tasks.append(("reveal",))
        if self.n == 2:
            q = self._discarder()
            cards = self.c.cards
            if any(cards[c].kind == CARD_ACTION for c in self.hands[q]):
                self._ask(D_DISCARD, q)

    def _t_reveal(self, t: tuple) -> None:
        for c in self.selected:
            self.known[c] = -1
        order = self.drafting_order()
        self.order = order
        if self.events is not None:
            self._ev("reveal", cards=self.selected[:], order=order[:])
        tasks = self.tasks
        tasks.append(("pass",))
        for p in reversed(order):
            tasks.append(("turn", p))

    def _t_turn(self, t: tuple) -> None:
        p = t[1]
        c = self.selected[p]
        card = self.c.cards[c]
        if self.events is not None:
            self._ev("turn", seat=p, card=c)
        tasks = self.tasks
        tasks.append(("tuck", p, c))
        if card.kind == CARD_RECKONING:
            tasks.append(("reckon", p, card.region, c, 0))
            return
        kind = card.action
        if kind == 0:
            tasks.append(("deploy", p, card.amount))
        elif kind == 1:
            tasks.append(("coins", p, card.amount))
        elif kind == 2:
            tasks.append(("mercs", p, card.amount))
        else:
            tasks.append(("wardens", p, card.amount))

    def _t_tuck(self, t: tuple) -> None:
        self._ask(D_TUCK, t[1], 0, t[2])

    def _t_pass(self, t: tuple) -> None:
        ring = self.ring
        m = len(ring)
        new = [None] * len(self.hands)
        d = self.direction
        for k in range(m):
            new[ring[(k + d) % m]] = self.hands[ring[k]]
        self.fp = self._pass_target(self.fp)
        self.hands = new  # type: ignore[assignment]
        for h in range(self.n):
            bit = 1 << h
            for c in self.hands[h]:
                self.known[c] |= bit
        if self.events is not None:
            self._ev("pass", direction=d, fp=self.fp)
        if self.round < ROUNDS:
            self.round += 1
            self.tasks.append(("round",))
        else:
            self.tasks.append(("final",))

    def _t_final(self, t: tuple) -> None:
        order = self.drafting_order()
        low = min(self.score)
        ex = next(p for p in order if self.score[p] == low)
        c = self.final_card
        if self.events is not None:
            self._ev("final_reckoning", seat=ex, card=c)
        self.tasks.append(("score_age",))
        self.tasks.append(("reckon", ex, self.c.cards[c].region, c, 1))

    # reckonings ----------------------------------------------------------------

    def _t_score_age(self, t: tuple) -> None:
        gains = score_monuments(self)
        self.age_scores.append(self.score[:])
        if self.events is not None:
            self._ev("age_scored", gains=gains, scores=self.score[:], table=self.view(-1))  # the table as it ends
        # unused cards of the age leave the game (2-player: the table hand's last card)
        for h in self.hands:
            self.box.extend(h)
            h.clear()
        self.revealed = []
        if self.age < AGES:
            self.tasks.append(("age",))
        else:
            self._end_game()

    def _end_game(self) -> None:
        order = self.drafting_order()
        best = max(self.score)
        self.winner = next(p for p in order if self.score[p] == best)
        self.dec = D_OVER
        self.actor = -1
        if self.events is not None:
            self._ev("game_over", winner=self.winner, scores=self.score[:])

