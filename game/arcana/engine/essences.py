"""Essences moving: gaining (into the pool or onto a card), paying, losing, and the choices of which.

A seat's pool is ``State.ess[seat * 5:seat * 5 + 5]`` (Elan, Life, Calm, Death, Gold); the essences
on a card are ``State.on[card * 5:card * 5 + 5]``.
"""

from __future__ import annotations

from .constants import D_ESS, M_GAIN, M_LOSE
from .records import EssenceChoice, make

MASK_OPTIONS = [tuple(e for e in range(5) if m >> e & 1) for m in range(32)]  # essence mask -> its essences
ONE_ESSENCE = tuple(tuple(int(i == e) for i in range(5)) for e in range(5))  # one essence of each type


class EssencesMixin:
    __slots__ = ()

    def _gain(self, p: int, vec: tuple[int, ...], dest: int = -1) -> None:
        """Seat ``p`` gains ``vec`` into its pool, or onto card ``dest``."""
        if dest < 0:
            base, arr = p * 5, self.ess
        else:
            base, arr = dest * 5, self.on
        for e in range(5):
            if vec[e]:
                arr[base + e] += vec[e]
        if self.events is not None and any(vec):
            self._ev("gain", seat=p, essences=list(vec), card=self.c.cards[dest].id if dest >= 0 else None)

    def _pay(self, p: int, vec: tuple[int, ...] | list[int]) -> None:
        b = p * 5
        for e in range(5):
            if vec[e]:
                self.ess[b + e] -= vec[e]
        if self.events is not None and any(vec):
            self._ev("pay", seat=p, essences=list(vec))

    def _lose(self, p: int, e: int, k: int = 1) -> None:
        """Seat ``p`` loses ``k`` of essence ``e`` to the supply: one ``lose`` event per essence."""
        self.ess[p * 5 + e] -= k
        if self.events is not None:
            for _ in range(k):
                self._ev("lose", seat=p, essence=e)

    def _remove(self, p: int, c: int, vec: tuple[int, ...] | list[int]) -> None:
        """Essences ``vec`` come off component ``c`` (of seat ``p``) back to the supply: a power's cost,
        or a component leaving the player (destroyed, a magic item returned)."""
        b = c * 5
        for e in range(5):
            if vec[e]:
                self.on[b + e] -= vec[e]
        if self.events is not None and any(vec):
            self._ev("remove", seat=p, card=self.c.cards[c].id, essences=list(vec))

    def _affords(self, p: int, vec: tuple[int, ...], any_n: int = 0) -> bool:
        """Can seat ``p`` pay ``vec`` plus ``any_n`` essences of any type?"""
        b = p * 5
        e = self.ess
        spare = 0
        for i in range(5):
            d = e[b + i] - vec[i]
            if d < 0:
                return False
            spare += d
        return spare >= any_n

    def _t_gain(self, t: tuple) -> None:
        _, p, n, mask, dest = t
        opts = MASK_OPTIONS[mask]
        if len(opts) == 1:
            v = [0, 0, 0, 0, 0]
            v[opts[0]] = n
            self._gain(p, tuple(v), dest)
            return
        self._ask(D_ESS, p, make(EssenceChoice, (M_GAIN, n, t, opts)))

    def _t_lose(self, t: tuple) -> None:
        _, p, n = t
        b = p * 5
        opts = tuple(e for e in range(5) if self.ess[b + e] > 0)
        if not opts:
            return
        if len(opts) == 1:
            e = opts[0]
            self._lose(p, e, min(n, self.ess[b + e]))
            return
        self._ask(D_ESS, p, EssenceChoice(M_LOSE, n, None, opts))
