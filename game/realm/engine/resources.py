"""Gaining and losing resources: tucking, influence and artifacts, the four actions (deploy,
coins, mercenaries, wardens), last-place losses and victory points."""

from __future__ import annotations

from bisect import insort

from .constants import (
    ARTIFACT_AT,
    D_ADVANCE,
    D_LOSE_ACOLYTE,
    D_LOSE_MERC,
    D_LOSE_WARDEN,
    D_MERC_DISCARD,
    D_MOVE,
    D_PLACE,
    D_STEAL,
    D_WARDEN,
    EQUITY,
    GUIDANCE,
    HAND_LIMIT,
    ICON_SLOTS,
    N_ICONS,
    N_PILLARS,
    N_REGIONS,
    RADIANCE,
    TRACK_MAX,
    UNDERSTANDING,
)
from .content import WILD


class ResourcesMixin:
    __slots__ = ()

    def _tuck(self, p: int, c: int, pillar: int, side: int) -> None:
        half = self.c.cards[c].halves[side]
        self.tucked[p].append((c, pillar, side))
        self.tuck_count[p * N_PILLARS + pillar] += 1
        base = p * ICON_SLOTS
        icons = self.icons
        for ic in half.icons:
            if ic == WILD:
                icons[base + N_ICONS + pillar] += 1
            else:
                icons[base + ic] += 1
        if self.selected[p] == c:
            self.selected[p] = -1
        self.known[c] = -1
        if self.events is not None:
            self._ev("tuck", seat=p, card=c, pillar=pillar, side=side, influence=half.influence)
        if half.influence:
            self._advance(p, pillar, half.influence)

    def _advance(self, p: int, pillar: int, k: int, artifact: int = -1) -> None:
        """``artifact``: the pillar whose artifact moves the track (the Guidance artifact's advance), told in its
        event so the log can name the cause."""
        i = p * N_PILLARS + pillar
        v = self.tracks[i]
        nv = v + k
        if nv > TRACK_MAX:
            nv = TRACK_MAX
        elif nv < 0:
            nv = 0
        if nv != v:
            self.tracks[i] = nv
            if self.events is not None:
                if artifact >= 0:
                    self._ev("track", seat=p, pillar=pillar, value=nv, artifact=artifact, bonus=nv - v)
                else:
                    self._ev("track", seat=p, pillar=pillar, value=nv)
            self._check_artifact(pillar)

    def _check_artifact(self, pillar: int) -> None:
        col = self.tracks[pillar::N_PILLARS]  # every seat's track of this pillar
        best = max(col)
        tie = col.count(best) > 1
        leader = col.index(best)
        old = self.artifact[pillar]
        if tie:
            new = -1
        elif best >= ARTIFACT_AT:
            new = leader
        else:
            new = old if old == leader else -1
        if new != old:
            self.artifact[pillar] = new
            if self.events is not None:
                self._ev("artifact", pillar=pillar, seat=new, previous=old)

    def _boosted(self, p: int, pillar: int, base: int, bonus: int) -> dict:
        """What an event says of an artifact that changed an action's outcome (the log names it): the artifact's
        pillar, what it added, the amount before it, and the card played when the action is a card's (its tuck
        waits just under it on the task stack)."""
        top = self.tasks[-1] if self.tasks else ()
        card = top[2] if len(top) > 2 and top[0] == "tuck" and top[1] == p else -1
        return {"artifact": pillar, "bonus": bonus, "base": base, "card": card}

    # deploy -----------------------------------------------------------------
    def _t_deploy(self, t: tuple) -> None:
        p, k = t[1], t[2]
        if self.artifact[RADIANCE] == p:
            k += 2
            if self.events is not None and (self.reserve[p] > 0 or self.acolytes_on_board(p) > 0):
                self._ev("deploy", seat=p, amount=k, **self._boosted(p, RADIANCE, t[2], 2))
        self._continue_deploy(p, k)

    def _continue_deploy(self, p: int, k: int) -> None:
        if k <= 0:
            return
        if self.reserve[p] > 0:
            self._ask(D_PLACE, p, k)
        elif self.acolytes_on_board(p) > 0:
            self._ask(D_MOVE, p, k)

    # coins ------------------------------------------------------------------
    def _t_coins(self, t: tuple) -> None:
        p, k = t[1], t[2]
        boosted = self.artifact[EQUITY] == p
        if boosted:
            k += 2
        take = min(k, self.supply)
        self.supply -= take
        self.coins[p] += take
        if self.events is not None:
            if boosted:
                self._ev("coins", seat=p, amount=take, **self._boosted(p, EQUITY, t[2], 2))
            else:
                self._ev("coins", seat=p, amount=take)
        self._continue_steal(p, k - take)

    def _continue_steal(self, p: int, k: int) -> None:
        if k <= 0:
            return
        victims = [q for q in range(self.n) if q != p and self.coins[q] > 0]
        if not victims:
            return
        if len(victims) == 1:
            q = victims[0]
            take = min(k, self.coins[q])
            self.coins[q] -= take
            self.coins[p] += take
            if self.events is not None:
                self._ev("steal", seat=p, target=q, amount=take)
            return
        self._ask(D_STEAL, p, k)

    # mercenaries --------------------------------------------------------------
    def _t_mercs(self, t: tuple) -> None:
        p, k = t[1], t[2]
        boosted = self.artifact[UNDERSTANDING] == p
        if boosted:
            k += 2
            cause = self._boosted(p, UNDERSTANDING, t[2], 2) if self.events is not None else {}
        got = 0
        for _ in range(k):
            if not self.merc_deck:
                if not self.merc_discard:
                    break
                self.merc_deck = self.merc_discard
                self.merc_discard = []
                self._rand().shuffle(self.merc_deck)
                if self.events is not None:
                    self._ev("merc_reshuffle")
            insort(self.mercs[p], self.merc_deck.pop())
            got += 1
        if self.events is not None:
            if boosted:
                self._ev("mercs", seat=p, amount=got, **cause)
            else:
                self._ev("mercs", seat=p, amount=got)
        self._continue_limit(p)

    def _continue_limit(self, p: int) -> None:
        if len(self.mercs[p]) > HAND_LIMIT:
            self._ask(D_MERC_DISCARD, p)

    # wardens -------------------------------------------------------------------
    def _t_wardens(self, t: tuple) -> None:
        self._continue_wardens(t[1], t[2], ())

    def _continue_wardens(self, p: int, k: int, gained: tuple) -> None:
        if k > 0 and any(self.warden_supply):
            avail = [c for c in range(N_PILLARS) if self.warden_supply[c] > 0]
            if len(avail) == 1:
                c = avail[0]
                self.warden_supply[c] -= 1
                self.wardens[p * N_PILLARS + c] += 1
                if self.events is not None:
                    self._ev("warden", seat=p, colour=c)
                self._continue_wardens(p, k - 1, gained + (c,))
                return
            self._ask(D_WARDEN, p, k, gained)
            return
        if gained and self.artifact[GUIDANCE] == p:
            colours = sorted(set(gained))
            if len(colours) == 1:
                self._advance(p, colours[0], 1, GUIDANCE)
            else:
                self._ask(D_ADVANCE, p, 0, tuple(colours))

    # the passing of hands ----------------------------------------------------

    def _t_lose_acolytes(self, t: tuple) -> None:
        self._continue_lose_acolytes(t[1], t[2])

    def _continue_lose_acolytes(self, p: int, k: int) -> None:
        if k <= 0:
            return
        n = self.n
        regions = [r for r in range(N_REGIONS) if self.board[r * n + p] > 0]
        if not regions:
            self._gain_vp(p, -k)
        elif len(regions) == 1 and self.board[regions[0] * n + p] >= k:
            r = regions[0]
            self.board[r * n + p] -= k
            self.reserve[p] += k
            if self.events is not None:
                self._ev("lose_acolyte", seat=p, region=r, amount=k)
        else:
            self._ask(D_LOSE_ACOLYTE, p, k)

    def _t_lose_mercs(self, t: tuple) -> None:
        self._continue_lose_mercs(t[1], t[2])

    def _continue_lose_mercs(self, p: int, k: int) -> None:
        if k <= 0:
            return
        hand = self.mercs[p]
        if not hand:
            self._gain_vp(p, -k)
        elif len(hand) <= k:
            for m in hand:
                self.merc_discard.append(m)
                if self.events is not None:
                    self._ev("merc_discard", seat=p, merc=m)
            missing = k - len(hand)
            hand.clear()
            if missing:
                self._gain_vp(p, -missing)
        else:
            self._ask(D_LOSE_MERC, p, k)

    def _t_lose_wardens(self, t: tuple) -> None:
        self._continue_lose_wardens(t[1], t[2])

    def _continue_lose_wardens(self, p: int, k: int) -> None:
        if k <= 0:
            return
        owned = [c for c in range(N_PILLARS) if self.wardens[p * N_PILLARS + c] > 0]
        total = sum(self.wardens[p * N_PILLARS:(p + 1) * N_PILLARS])
        if not owned:
            self._gain_vp(p, -k)
        elif total <= k:
            for c in owned:
                w = self.wardens[p * N_PILLARS + c]
                self.wardens[p * N_PILLARS + c] = 0
                self.warden_supply[c] += w
                if self.events is not None:
                    self._ev("lose_warden", seat=p, colour=c, amount=w)
            if k - total:
                self._gain_vp(p, -(k - total))
        elif len(owned) == 1:
            c = owned[0]
            self.wardens[p * N_PILLARS + c] -= k
            self.warden_supply[c] += k
            if self.events is not None:
                self._ev("lose_warden", seat=p, colour=c, amount=k)
        else:
            self._ask(D_LOSE_WARDEN, p, k)

    def _gain_vp(self, p: int, k: int) -> None:
        self.score[p] += k
        if self.events is not None:
            self._ev("vp", seat=p, amount=k)


    def _t_vp(self, t: tuple) -> None:
        self._gain_vp(t[1], t[2])

