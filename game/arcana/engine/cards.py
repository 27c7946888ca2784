"""Cards moving between zones: drawing (reshuffling the discard when the deck is empty), discarding,
destroying, putting into play, claiming monuments and Places of Power, and peeking at a pile.

Each move keeps ``State.known`` (which seats know where a card is) up to date and emits its event.
"""

from __future__ import annotations

from .constants import D_ORDER, PERMS, PILE_OWN, T_GAIN
from .records import Peek


class CardsMixin:
    __slots__ = ()

    def owner_of(self, card: int) -> int:
        """The seat that has ``card`` in play, or -1."""
        for p in range(self.n):
            if card in self.play[p]:
                return p
        return -1

    def _free_items(self) -> list[int]:
        """The magic items no seat holds."""
        held = set(self.item_of)
        return [x for x in self.c.items if x not in held]

    def _draw(self, p: int, k: int = 1) -> None:
        for _ in range(k):
            if not self.deck[p]:
                if not self.disc[p]:
                    return
                self._reshuffle(p)
            c = self.deck[p].pop()
            self.hand[p].append(c)
            self.known[c] = 1 << p
            if self.known_top[p]:
                self.known_top[p] -= 1
            self._ev("draw", seat=p)

    def _reshuffle(self, p: int) -> None:
        d = self.disc[p]
        self.deck[p] = d[:]
        d.clear()
        self._rand().shuffle(self.deck[p])
        for c in self.deck[p]:
            self.known[c] = 0
        self.known_top[p] = 0
        self._ev("reshuffle", seat=p)

    def _discard_card(self, p: int, c: int) -> None:
        self.hand[p].remove(c)
        self.disc[p].append(c)
        self.known[c] = (1 << self.n) - 1
        self._ev("discard", seat=p, card=self.c.cards[c].id)

    def _destroy(self, p: int, c: int) -> None:
        self.play[p].remove(c)
        self.disc[p].append(c)
        self.turned[c] = 0
        self._remove(p, c, self.on[c * 5:c * 5 + 5])
        self._ev("destroy", seat=p, card=self.c.cards[c].id)

    def _put_in_play(self, p: int, c: int, source: str) -> None:
        if source == "hand":
            self.hand[p].remove(c)
        else:
            for q in range(self.n):
                if c in self.disc[q]:
                    self.disc[q].remove(c)
                    break
        self.play[p].append(c)
        self.turned[c] = 0
        self.known[c] = (1 << self.n) - 1
        self._ev("place", seat=p, card=self.c.cards[c].id, source=source)

    def _claim(self, p: int, c: int) -> None:
        """Seat ``p`` pays for and takes a monument (face up or from the pile) or a Place of Power."""
        cd = self.c.cards[c]
        self._pay(p, cd.cost)
        self.play[p].append(c)
        self.turned[c] = 0
        if cd.kind == "monument":
            self._take_monument(c)
            if cd.on_claim is not None:
                if self.fired is not None:
                    self.fired.add(cd.id + ".claim")
                self.tasks.append((T_GAIN, p, cd.on_claim.any, cd.on_claim.mask, -1))
        else:
            self.places.remove(c)
            other = self.c.by_id[cd.other_side]
            if other in self.places:
                self.places.remove(other)
        self._ev("claim", seat=p, card=cd.id)

    def _take_monument(self, c: int) -> None:
        if c in self.mon_up:
            self.mon_up.remove(c)
            if self.mon_deck:
                self.mon_up.append(self.mon_deck.pop())
                self._mon_top_gone()
        else:
            self.mon_deck.remove(c)
            self._mon_top_gone()

    def _mon_top_gone(self) -> None:
        self.mon_known = [max(0, k - 1) for k in self.mon_known]

    def _look(self, p: int, pile_kind: int) -> None:
        """Seat ``p`` peeks at the top 3 of its deck or of the monument pile, then orders them."""
        if pile_kind == PILE_OWN:
            if not self.deck[p]:
                self._reshuffle(p)
            pile = self.deck[p]
        else:
            pile = self.mon_deck
        k = min(3, len(pile))
        top = tuple(pile[-1 - i] for i in range(k))  # top[0] is the top card
        if pile_kind == PILE_OWN:
            self.known_top[p] = k
        else:
            self.mon_known[p] = k
        self._ev("look", seat=p, deck="own" if pile_kind == PILE_OWN else "monuments", count=k)
        if k > 1:
            self._ask(D_ORDER, p, Peek(pile_kind, top))

    def _reorder(self, p: int, peek: Peek, order: int) -> None:
        """Put the peeked cards back in the order ``PERMS[len(top)][order]`` (top first)."""
        top = peek.top
        new_top = [top[i] for i in PERMS[len(top)][order]]  # new_top[0] is the new top card
        pile = self.deck[p] if peek.pile == PILE_OWN else self.mon_deck
        del pile[len(pile) - len(top):]
        pile.extend(reversed(new_top))
        self._ev("reorder", seat=p, deck="own" if peek.pile == PILE_OWN else "monuments")
