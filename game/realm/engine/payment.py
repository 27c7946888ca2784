"""Paying bids (rulebook "Paying Bids"): checking a payment, making it, and the small
non-dominated set of payments offered to bots."""

from __future__ import annotations

import itertools
from math import comb

from .constants import (
    MATCH,
    N_PILLARS,
    ZERO5,
    coin_bids,
)
from .errors import IllegalAction


class PaymentMixin:
    __slots__ = ()

    # ---------------------------------------------------------------- payment
    def _check_payment(self, p: int, a: tuple, bid: int | None = None) -> tuple:
        rk = self.rk
        if len(a) != 6:
            raise IllegalAction("a payment is ('pay', acolytes, coin_bids, influence[5], mercenaries, discards[5])")
        _, aco, cbid, infl, mercs, disc = a
        if bid is None:
            bid = rk.bids[p]
        n = self.n
        region = rk.region
        if (type(aco) is not int or type(cbid) is not int
                or not all(type(x) in (tuple, list) and all(type(v) is int for v in x) for x in (infl, mercs, disc))):
            raise IllegalAction(f"a payment's fields are whole numbers and tuples of whole numbers (got {a!r})")
        infl, mercs, disc = tuple(infl), tuple(mercs), tuple(disc)
        if len(infl) != N_PILLARS or len(disc) != N_PILLARS:
            raise IllegalAction("influence and warden discards list one number per pillar")
        if min(infl + disc + (aco, cbid)) < 0:
            raise IllegalAction("payment amounts cannot be negative")
        if aco > self.board[region * n + p]:
            raise IllegalAction(f"seat {p} has only {self.board[region * n + p]} acolytes in the region")
        if cbid * (cbid + 1) // 2 > self.coins[p]:
            cost = cbid * (cbid + 1) // 2
            raise IllegalAction(f"{cbid} bids in coins cost {cost} coins; seat {p} has {self.coins[p]}")
        mask = self.claim_mask(region)
        for c in range(N_PILLARS):
            if (infl[c] or disc[c]) and not mask & (1 << c):
                raise IllegalAction(f"{self.c.pillar_ids[c]} does not match a claim token in the region")
            have = self.tracks[p * N_PILLARS + c]
            if infl[c] > have:
                raise IllegalAction(f"seat {p} has only {have} {self.c.pillar_ids[c]} influence")
            have = self.wardens[p * N_PILLARS + c]
            if disc[c] > have:
                raise IllegalAction(f"seat {p} has only {have} {self.c.pillar_ids[c]} wardens")
        if len(set(mercs)) != len(mercs) or any(m not in self.mercs[p] for m in mercs):
            raise IllegalAction("mercenaries must be distinct cards in the payer's hand")
        mv = []
        for m in mercs:
            v = MATCH[self.c.mercenaries[m].mask & mask]
            if v == 0:
                raise IllegalAction(f"mercenary {self.c.mercenaries[m].id} matches no claim token in the region")
            mv.append(v)
        kept = sum(self.wardens[p * N_PILLARS + c] for c in range(N_PILLARS) if mask & (1 << c))
        value = aco + cbid + sum(infl) + sum(mv) + kept + 2 * sum(disc)
        if value < bid:
            raise IllegalAction(f"payment worth {value} does not cover the bid of {bid}")
        units = ([1] if aco or cbid or sum(infl) else []) + mv + ([2] if sum(disc) else [])
        if units and value - min(units) >= bid:
            raise IllegalAction(f"payment worth {value} overpays the bid of {bid}: drop something")
        return ("pay", aco, cbid, infl, tuple(sorted(mercs)), disc)

    def _pay(self, p: int, a: tuple, auto: bool = False) -> None:
        """Make payment ``a`` of ``p``'s bid; ``auto``: made for the payer, as the only legal one (its event
        says so, so the log names a payment the payer was not asked about)."""
        _, aco, cbid, infl, mercs, disc = a
        rk = self.rk
        n = self.n
        region = rk.region
        if self.events is not None:  # before what it causes (a track falling, an artifact going back)
            mask = self.claim_mask(region)  # what the words need to add the payment up: wardens kept, mercs' worth
            kept = [self.wardens[p * N_PILLARS + c] - disc[c] if mask & (1 << c) else 0 for c in range(N_PILLARS)]
            self._ev("pay", seat=p, acolytes=aco, coin_bids=cbid, influence=list(infl), mercs=list(mercs),
                     discards=list(disc), bid=rk.bids[p], kept=kept,
                     merc_worth=[MATCH[self.c.mercenaries[m].mask & mask] for m in mercs])
            if auto:
                self.events[-1]["auto"] = True
        if aco:
            self.board[region * n + p] -= aco
            self.reserve[p] += aco
        if cbid:
            cost = cbid * (cbid + 1) // 2
            self.coins[p] -= cost
            self.supply += cost
        for c in range(N_PILLARS):
            if infl[c]:
                self._advance(p, c, -infl[c])
            if disc[c]:
                self.wardens[p * N_PILLARS + c] -= disc[c]
                self.warden_supply[c] += disc[c]
        for m in mercs:
            self.mercs[p].remove(m)
            self.merc_discard.append(m)
        rk.paid[p] = rk.bids[p]

    def payment_options(self, p: int, bid: int | None = None) -> list[tuple]:
        """A small non-dominated set of payments of ``p``'s bid (what bots are offered).

        ``bid`` (default: ``p``'s bid in the reckoning being executed) asks what paying another
        amount would take, without changing the state. Each candidate is a greedy payment in one
        order of resources; candidates are legal by construction (within the payer's means, only
        matching colours), so only the worth and the no-overpay rule are checked here.
        """
        return self._payment_options(p, self.rk.bids[p] if bid is None else bid)  # type: ignore[return-value]

    def _payment_options(self, p: int, bid: int, asked: bool = False) -> list[tuple] | None:
        """``payment_options``; ``asked``: for the payment a reckoning asks of ``p`` now, first cutting
        a bid above the payer's means (``max_bid``) to them, in the reckoning, as the reveal does:
        that cannot happen in a real game (nothing reduces a bidder's means between the reveal and
        the payment), only in a determinized world. Cut to 0, nothing is to be paid: None."""
        rk = self.rk
        region = rk.region
        claims = self.claims
        cb0 = region * N_PILLARS
        wb = p * N_PILLARS
        wardens = self.wardens
        tracks = self.tracks
        mask = 0
        kept = 0
        infl: list[tuple[int, int]] = []
        ward: list[tuple[int, int]] = []
        for c in range(N_PILLARS):
            if claims[cb0 + c] > 0:
                mask |= 1 << c
                w = wardens[wb + c]
                if w:
                    kept += w
                    ward.append((w, c))
                v = tracks[wb + c]
                if v:
                    infl.append((v, c))
        need0 = bid - kept
        if need0 <= 0:  # within the means: the kept wardens are a part of them
            return [("pay", 0, 0, ZERO5, (), ZERO5)]
        merc_list = []
        hand = self.mercs[p]
        if hand:
            mercs = self.c.mercenaries
            for m in hand:
                v = MATCH[mercs[m].mask & mask]
                if v:
                    merc_list.append((v, m))
            merc_list.sort(reverse=True)
        aco_av = self.board[region * self.n + p]
        kmax = coin_bids(self.coins[p])
        if asked:
            mx = aco_av + kmax + 3 * kept  # = self.max_bid(p, region)
            for v, _ in infl:
                mx += v
            for v, _ in merc_list:
                mx += v
            if bid > mx:
                rk.bids[p] = mx
                rk.cut[p] = True
                return self._payment_options(p, mx) if mx else None
        # The greedy payments depend only on these numbers. Each amount is capped at need0 (no
        # greedy step takes more than what is still needed, nor discards more wardens); influence
        # is taken from the highest track first, as sorted on the real values (ties: the higher
        # colour), and a track at 0 gives nothing; mercenaries are named by their places in
        # merc_list and turned into cards below.
        if infl:
            infl.sort(reverse=True)
            infl_key = tuple([(v if v < need0 else need0, c) for v, c in infl])
        else:
            infl_key = ()
        key = (need0, aco_av if aco_av < need0 else need0, kmax if kmax < need0 else need0, infl_key,
               tuple([v for v, _ in merc_list]), tuple([(w if w < need0 else need0, c) for w, c in ward]))
        got = _OPTIONS.get(key)
        if got is None:
            if len(_OPTIONS) > 100_000:
                _OPTIONS.clear()
            got = _OPTIONS[key] = _greedy_payments(*key)
        if not got:  # fall back to an exhaustive search (rare, small)
            return self._all_payments(p, limit=1, bid=bid)
        if not merc_list:
            return [t[0] for t in got]
        out = []
        for act, aco, cb, infl_t, places, disc in got:
            if places:
                act = ("pay", aco, cb, infl_t, tuple(sorted([merc_list[i][1] for i in places])), disc)
            out.append(act)
        return out

    def _payer_means(self, p: int, bid: int) -> tuple[int, list, list, list]:
        """What ``p`` could pay ``bid`` with in the reckoning's region: what is still needed beyond
        the kept matching wardens, the sources of single bids ``(kind, colour, most)`` (acolytes
        "a", coin bids "c", influence "i"), the matching mercenaries ``(card, worth)`` and the
        matching wardens ``(colour, count)`` that may be discarded (worth 2 more each)."""
        region = self.rk.region
        mask = self.claim_mask(region)
        wb = p * N_PILLARS
        kept = sum(self.wardens[wb + c] for c in range(N_PILLARS) if mask & (1 << c))
        ones = [("a", -1, self.board[region * self.n + p]), ("c", -1, coin_bids(self.coins[p]))]
        ones += [("i", c, self.tracks[wb + c]) for c in range(N_PILLARS) if mask & (1 << c)]
        mercs = [(m, MATCH[self.c.mercenaries[m].mask & mask]) for m in sorted(self.mercs[p])]
        ward = [(c, self.wardens[wb + c]) for c in range(N_PILLARS) if mask & (1 << c) and self.wardens[wb + c]]
        return (bid - kept, [s for s in ones if s[2] > 0], [m for m in mercs if m[1]], ward)

    def _only_one_payment(self, p: int) -> bool:
        """Whether ``p`` can pay its bid in exactly one way (what ``payment_count(p) == 1`` says,
        without counting past 2: the search asks this at every payment)."""
        need, ones, mercs, ward = self._payer_means(p, self.rk.bids[p])
        if need <= 0:
            return True
        return _count_payments(need, [s[2] for s in ones], [v for _, v in mercs], [w for _, w in ward], 2) == 1

    def payment_count(self, p: int, bid: int | None = None) -> int:
        """How many different legal payments of ``bid`` (default: ``p``'s bid in the reckoning being
        executed) ``p`` could make: exactly what ``_check_payment`` accepts, counted without listing
        them. The engine asks for a payment whenever this is more than 1."""
        need, ones, mercs, ward = self._payer_means(p, self.rk.bids[p] if bid is None else bid)
        if need <= 0:
            return 1
        # the count depends only on these numbers (no payment spends more of a source than is needed)
        key = (need, tuple(sorted(min(s[2], need) for s in ones)), tuple(sorted(v for _, v in mercs)),
               tuple(sorted(min(w, need) for _, w in ward)))
        got = _COUNTS.get(key)
        if got is None:
            if len(_COUNTS) > 100_000:
                _COUNTS.clear()
            got = _COUNTS[key] = _count_payments(need, list(key[1]), list(key[2]), list(key[3]))
        return got

    def legal_payments(self, p: int, limit: int = 2000, bid: int | None = None) -> list[tuple]:
        """Legal payments of ``bid`` (default: ``p``'s bid now), at most ``limit`` of them: all of
        them when ``payment_count`` is at most ``limit`` (what a window ranks for a human payer)."""
        need, ones, mercs, ward = self._payer_means(p, self.rk.bids[p] if bid is None else bid)
        if need <= 0:
            return [("pay", 0, 0, ZERO5, (), ZERO5)]
        out: list[tuple] = []
        for k in range(len(mercs) + 1):
            for chosen in itertools.combinations(mercs, k):
                worth = sum(v for _, v in chosen)
                for d in range(sum(w for _, w in ward) + 1):
                    for t in _single_bids_needed(need, worth, d, any(v == 1 for _, v in chosen)):
                        for split in _splits(t, [s[2] for s in ones]):
                            for dsplit in _splits(d, [w for _, w in ward]):
                                out.append(_payment(ones, split, tuple(m for m, _ in chosen), ward, dsplit))
                                if len(out) >= limit:
                                    return out
        return out

    def after_payment(self, p: int, payment: tuple) -> PaymentMixin:
        """A copy of the state in which ``p`` has made ``payment`` (a what-if for bots; unchecked)."""
        t = self.copy()
        t._pay(p, payment)
        return t

    def _all_payments(self, p: int, limit: int = 10**6, bid: int | None = None) -> list[tuple]:
        """Every legal payment (exponential; for tests and fallbacks only)."""
        rk = self.rk
        n = self.n
        region = rk.region
        cols = self.matching_colours(region)
        kmax = coin_bids(self.coins[p])
        mask = sum(1 << c for c in cols)
        mine = [m for m in self.mercs[p] if self.c.mercenaries[m].mask & mask]
        out = []
        infl_ranges = [range(self.tracks[p * N_PILLARS + c] + 1) for c in cols]
        disc_ranges = [range(self.wardens[p * N_PILLARS + c] + 1) for c in cols]
        for aco in range(self.board[region * n + p] + 1):
            for cb in range(kmax + 1):
                for iv in itertools.product(*infl_ranges):
                    for dv in itertools.product(*disc_ranges):
                        for k in range(len(mine) + 1):
                            for ms in itertools.combinations(sorted(mine), k):
                                infl = [0] * N_PILLARS
                                disc = [0] * N_PILLARS
                                for c, v in zip(cols, iv):
                                    infl[c] = v
                                for c, v in zip(cols, dv):
                                    disc[c] = v
                                act = ("pay", aco, cb, tuple(infl), tuple(ms), tuple(disc))
                                try:
                                    self._check_payment(p, act, bid)
                                except IllegalAction:
                                    continue
                                out.append(act)
                                if len(out) >= limit:
                                    return out
        return out



def _single_bids_needed(need: int, merc_worth: int, discards: int, one_merc: bool) -> list[int]:
    """How many single bids (acolytes, coin bids, influence) a payment with these mercenaries and
    discards may add and still be legal: worth at least ``need`` beyond the kept wardens, and
    dropping its smallest unit (1 if it spends a single bid or a one-match mercenary, else 2)
    leaves less than ``need``."""
    out = []
    rest = need - merc_worth - 2 * discards
    for t in (rest, rest + 1):
        if t < 0 or (t == 0 and not merc_worth and not discards):
            continue
        smallest = 1 if t or one_merc else 2
        worth = t + merc_worth + 2 * discards
        if need <= worth < need + smallest:
            out.append(t)
    return out


def _ways(total: int, caps: list[int]) -> int:
    """How many ways ``total`` splits over sources holding at most ``caps`` each."""
    ways = [1] + [0] * total
    for cap in caps:
        nxt = [0] * (total + 1)
        for have, w in enumerate(ways):
            if w:
                for k in range(min(cap, total - have) + 1):
                    nxt[have + k] += w
        ways = nxt
    return ways[total]


def _few_ways(total: int, caps: list[int]) -> int:
    """``_ways`` counted no further than 2: one way when nothing is taken, everything is taken or
    only one source holds any; two or more otherwise (a unit can always move between sources)."""
    most = sum(caps)
    if total < 0 or total > most:
        return 0
    if total == 0 or total == most or sum(1 for cap in caps if cap) == 1:
        return 1
    return 2


def _count_payments(need: int, one_caps: list[int], merc_worths: list[int], ward_caps: list[int],
                    limit: int = 0) -> int:
    """The number of legal payments (see ``payment_count``) from the payer's numbers alone;
    ``limit``: stop counting there (the count is then at most ``limit``)."""
    if need <= 0:
        return 1  # nothing to pay: anything spent would overpay
    ways = _few_ways if limit and limit <= 2 else _ways
    ones, twos = merc_worths.count(1), merc_worths.count(2)
    total = 0
    for j1 in range(ones + 1):
        for j2 in range(twos + 1):
            merc_ways = comb(ones, j1) * comb(twos, j2)
            for d in range(sum(ward_caps) + 1):
                for t in _single_bids_needed(need, j1 + 2 * j2, d, j1 > 0):
                    total += merc_ways * ways(t, one_caps) * ways(d, ward_caps)
                    if limit and total >= limit:
                        return limit
    return total


def _splits(total: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to split ``total`` over sources holding at most ``caps`` each."""
    if not caps:
        return [()] if total == 0 else []
    out = []
    for k in range(min(caps[0], total) + 1):
        out += [(k, *rest) for rest in _splits(total - k, caps[1:])]
    return out


def _payment(ones: list, split: tuple, mercs: tuple, ward: list, dsplit: tuple) -> tuple:
    """The payment action spending ``split`` from the single-bid sources ``ones`` (as listed by
    ``_payer_means``), the mercenary cards ``mercs`` and ``dsplit`` discards from ``ward``."""
    aco = cb = 0
    infl = [0] * N_PILLARS
    for (kind, colour, _), k in zip(ones, split):
        if kind == "a":
            aco = k
        elif kind == "c":
            cb = k
        else:
            infl[colour] = k
    disc = [0] * N_PILLARS
    for (colour, _), k in zip(ward, dsplit):
        disc[colour] = k
    return ("pay", aco, cb, tuple(infl), tuple(sorted(mercs)), tuple(disc))


_PAY_ORDERS = ("aicmw", "caimw", "iacmw", "maicw", "acmiw", "wamci", "cmaiw", "imcaw")

# the greedy payments depend only on these numbers: a cache keyed by them serves the many
# identical payments of a search (bounded: cleared when it grows large)
_OPTIONS: dict[tuple, tuple] = {}
_COUNTS: dict[tuple, int] = {}  # payment_count by the payer's numbers (bounded the same way)
_REDUCED: dict[str, tuple[str, ...]] = {}


def _orders(have: str) -> tuple[str, ...]:
    """The resource orders with the kinds the payer has none of left out, each distinct one once
    (an order's missing kinds change nothing, so orders equal without them give one payment)."""
    got = _REDUCED.get(have)
    if got is None:
        seen: list[str] = []
        for full in _PAY_ORDERS:
            order = "".join(k for k in full if k in have)
            if order not in seen:
                seen.append(order)
        got = _REDUCED[have] = tuple(seen)
    return got


def _greedy_payments(need0: int, aco_av: int, kmax: int, infl_order: tuple, merc_values: tuple,
                     ward: tuple) -> tuple[tuple, ...]:
    """The candidate payments (see ``payment_options``) from the payer's numbers alone: what is
    still needed beyond the wardens kept, acolytes and coin bids available, influence ``(track,
    colour)`` highest first, the values of the matching mercenaries (best first) and the wardens
    ``(count, colour)`` that may be discarded. Each candidate is ``(action, acolytes, coin bids,
    influence, mercenary places, discards)``: the mercenaries are named by their places in
    ``merc_values``; ``action`` is the payment for a payer without mercenaries."""
    out: list[tuple] = []
    seen = set()
    have = ("a" if aco_av else "") + ("c" if kmax else "") + ("i" if infl_order and infl_order[0][0] else "") \
        + ("m" if merc_values else "") + ("w" if ward else "")
    for order in _orders(have):
        need = need0
        aco = cb = 0
        infl = disc = None
        used_m: list[int] = []  # places in merc_values
        for kind in order:
            if need <= 0:
                break
            if kind == "a":
                aco = aco_av if aco_av < need else need
                need -= aco
            elif kind == "c":
                cb = kmax if kmax < need else need
                need -= cb
            elif kind == "i":
                infl = [0] * N_PILLARS
                for v, c in infl_order:
                    if v < need:
                        infl[c] = v
                        need -= v
                    else:
                        infl[c] = need
                        need = 0
                        break
            elif kind == "m":
                for i, v in enumerate(merc_values):
                    if v <= need:
                        used_m.append(i)
                        need -= v
                        if need <= 0:
                            break
            elif need >= 2:  # "w": a discarded warden is worth 2
                disc = [0] * N_PILLARS
                for w, c in ward:
                    k = need // 2
                    if k > w:
                        k = w
                    disc[c] = k
                    need -= 2 * k
                    if need < 2:
                        break
        if need > 0:  # allow an unavoidable overshoot
            for i, v in enumerate(merc_values):
                if need > 0 and i not in used_m:
                    used_m.append(i)
                    need -= v
            if need > 0 and ward:
                if disc is None:
                    disc = [0] * N_PILLARS
                for w, c in ward:
                    while need > 0 and disc[c] < w:
                        disc[c] += 1
                        need -= 2
        if need > 0:
            continue
        infl_t = ZERO5 if infl is None else tuple(infl)
        disc_t = ZERO5 if disc is None else tuple(disc)
        if used_m:
            used_m.sort()
            places = tuple(used_m)
        else:
            places = ()
        got = (aco, cb, infl_t, places, disc_t)
        if got in seen:  # places name distinct cards: equal places, equal payments
            continue
        seen.add(got)
        # worth bid - need >= bid; it must not overpay: dropping the smallest unit spent
        # (1 for an acolyte, coin bid or influence, a mercenary's 1-2, 2 for a discarded warden)
        # must leave less than the bid (the rule in _check_payment): an overshoot of -need
        if need < 0:
            if aco or cb or infl_t != ZERO5:
                smallest = 1
            elif used_m:
                smallest = min([merc_values[i] for i in used_m])
            else:
                smallest = 2 if disc_t != ZERO5 else 3
            if smallest != 3 and -need >= smallest:
                continue
        out.append((("pay", aco, cb, infl_t, (), disc_t), *got))
    return tuple(out)
