"""Reckonings: the Dominion artifact, reward card, claim token, sealed bids, bid order, rows,
monuments, last-place penalty, gains and the end of a reckoning."""

from __future__ import annotations

from .constants import (
    BAG,
    D_BID,
    D_CLAIM,
    D_DOMINION,
    D_MONUMENT,
    D_PAY,
    D_REWARD,
    D_ROW,
    DOM_ACOLYTE,
    DOM_COIN,
    DOM_MERC,
    DOMINION,
    MATCH,
    N_PILLARS,
    N_REGIONS,
    TABLE_SEAT,
    coin_bids,
)


class Reckoning:
    """The context of the reckoning being executed."""

    __slots__ = ("region", "player", "final", "card", "reward", "bids", "maxbid", "cut", "order",
                 "pos", "row_owner", "seat_row", "table_bid", "paid", "monument_taker")

    def copy(self) -> Reckoning:
        r = Reckoning.__new__(Reckoning)
        r.region = self.region
        r.player = self.player
        r.final = self.final
        r.card = self.card
        r.reward = self.reward
        r.bids = self.bids[:]
        r.maxbid = self.maxbid[:]
        r.cut = self.cut[:]
        r.order = self.order[:]
        r.pos = self.pos
        r.row_owner = self.row_owner[:]
        r.seat_row = self.seat_row[:]
        r.table_bid = self.table_bid
        r.paid = self.paid[:]
        r.monument_taker = self.monument_taker
        return r


class ReckoningMixin:
    __slots__ = ()

    def _t_reckon(self, t: tuple) -> None:
        _, p, region, card, final = t
        rk = Reckoning()
        rk.region = region
        rk.player = p
        rk.final = bool(final)
        rk.card = card
        rk.reward = -1
        rk.bids = [0] * self.n
        rk.maxbid = [0] * self.n
        rk.cut = [False] * self.n
        rk.order = []
        rk.pos = 0
        rk.row_owner = []
        rk.seat_row = [-1] * self.n
        rk.table_bid = -1
        rk.paid = [0] * self.n
        rk.monument_taker = -1
        self.rk = rk
        if self.events is not None:
            self._ev("reckoning", seat=p, region=region, final=bool(final))
        tasks = self.tasks
        tasks.append(("rk_end",))
        tasks.append(("rk_gains",))
        tasks.append(("rk_penalty",))
        tasks.append(("rk_next",))
        tasks.append(("rk_order",))
        tasks.append(("rk_bids",))
        tasks.append(("rk_claim",))
        tasks.append(("rk_reward",))
        owner = self.artifact[DOMINION]
        if owner >= 0:
            self._ask(D_DOMINION, owner)

    def _dominion(self, p: int, choice: int) -> None:
        if self.events is not None:
            self._ev("dominion", seat=p, choice=choice)
        if choice == DOM_MERC:
            self.tasks.append(("mercs", p, 1))
        elif choice == DOM_COIN:
            self.tasks.append(("coins", p, 1))
        elif choice == DOM_ACOLYTE:
            self.tasks.append(("deploy", p, 1))

    def _t_rk_reward(self, t: tuple) -> None:
        rk = self.rk
        if len(self.revealed) == 1:
            self._choose_reward(rk.player, self.revealed[0])
        elif self.revealed:
            self._ask(D_REWARD, rk.player)

    def _choose_reward(self, p: int, r: int) -> None:
        rk = self.rk
        self.revealed.remove(r)
        self.used_rewards.append(r)
        rk.reward = r
        rk.row_owner = [-1] * len(self.c.rewards[r].rows)
        if self.events is not None:
            self._ev("reward_card", seat=p, reward=r)

    def _t_rk_claim(self, t: tuple) -> None:
        rk = self.rk
        claims = self.claims
        region = rk.region
        acts = [i for i in range(N_REGIONS * N_PILLARS) if claims[i] > 0 and i // N_PILLARS != region]
        if len(acts) == 1:
            self._move_claim(acts[0] // N_PILLARS, acts[0] % N_PILLARS)
        elif acts:
            self._ask(D_CLAIM, rk.player)

    def _move_claim(self, frm: int, col: int) -> None:
        rk = self.rk
        self.claims[frm * N_PILLARS + col] -= 1
        self.claims[rk.region * N_PILLARS + col] += 1
        if self.events is not None:
            self._ev("claim", seat=rk.player, region=frm, to=rk.region, colour=col)

    def _t_rk_bids(self, t: tuple) -> None:
        rk = self.rk
        # = self.max_bid(p, rk.region) for every seat, the region's colours worked out once
        region = rk.region
        n = self.n
        claims = self.claims
        cb = region * N_PILLARS
        cols = [c for c in range(N_PILLARS) if claims[cb + c] > 0]
        mask = 0
        for c in cols:
            mask |= 1 << c
        board, coins, tracks, wardens, hands = self.board, self.coins, self.tracks, self.wardens, self.mercs
        mercs = self.c.mercenaries
        maxbid = rk.maxbid
        for p in range(n):
            total = board[region * n + p] + coin_bids(coins[p])
            pb = p * N_PILLARS
            for c in cols:
                total += tracks[pb + c] + 3 * wardens[pb + c]
            for m in hands[p]:
                total += MATCH[mercs[m].mask & mask]
            maxbid[p] = total
        if self.n == 2:
            r = self._rand()
            rk.table_bid = sum(r.sample(BAG, self.age))
        self.pending = list(range(self.n))
        self._ask(D_BID, 0)

    def _t_rk_order(self, t: tuple) -> None:
        rk = self.rk
        n = self.n
        for p in range(n):
            if rk.bids[p] > rk.maxbid[p]:
                rk.bids[p] = rk.maxbid[p]
                rk.cut[p] = True
        draft = self.drafting_order()
        bids = rk.bids
        score = self.score
        keyed = [(-bids[p], score[p], draft.index(p), p) for p in range(n)]
        if rk.table_bid >= 0:
            keyed.append((-rk.table_bid, 1 << 30, 1 << 30, TABLE_SEAT))
        keyed.sort()
        rk.order = [k[3] for k in keyed]
        rk.pos = 0
        if self.events is not None:
            self._ev("bids_revealed", bids=rk.bids[:], table_bid=rk.table_bid, order=rk.order[:],
                     cut=[p for p in range(n) if rk.cut[p]])

    def _t_rk_next(self, t: tuple) -> None:
        rk = self.rk
        if rk.pos >= len(rk.order):
            return
        who = rk.order[rk.pos]
        rk.pos += 1
        self.tasks.append(("rk_next",))
        free = [j for j, o in enumerate(rk.row_owner) if o == -1]
        if who == TABLE_SEAT:
            j = free[0]
            rk.row_owner[j] = TABLE_SEAT
            if self.events is not None:
                self._ev("row", seat=TABLE_SEAT, row=j, reward=rk.reward)
            return
        if len(free) == 1:
            self._take_row(who, free[0])
        else:
            self._ask(D_ROW, who)

    def _take_row(self, p: int, j: int) -> None:
        rk = self.rk
        rk.row_owner[j] = p
        rk.seat_row[p] = j
        row = self.c.rewards[rk.reward].rows[j]
        if self.events is not None:
            self._ev("row", seat=p, row=j, bid=rk.bids[p], reward=rk.reward)
        if row.is_penalty:
            return
        if row.monument:
            self.tasks.append(("rk_monument", p))
        if rk.bids[p] > 0:
            self._ask_payment(p)

    def _ask_payment(self, p: int) -> None:
        # a bid above the payer's means is cut to them first (see _payment_options)
        opts = self._payment_options(p, self.rk.bids[p], True)
        if opts is None:  # cut to nothing
            return
        # the payer chooses: the payment is made for it only when it is the only legal one. The
        # decision accepts any legal payment (``_check_payment``); legal_actions() offers bots the
        # short list (read from dec_data), which may then hold a single payment of many
        if len(opts) == 1 and self._only_one_payment(p):
            self._pay(p, opts[0], auto=True)
        else:
            self._ask(D_PAY, p, 0, tuple(opts))

    def _t_rk_monument(self, t: tuple) -> None:
        p = t[1]
        self.rk.monument_taker = p
        if self.monuments_left > 0 and any(b is None for b in self.built):
            self._ask(D_MONUMENT, p)

    def _build(self, p: int, space: int, option: int) -> None:
        self.built[space] = (p, option, self.age)
        self.monuments_left -= 1
        if self.events is not None:
            self._ev("monument", seat=p, space=space, option=option)

    def _t_rk_penalty(self, t: tuple) -> None:
        rk = self.rk
        rows = self.c.rewards[rk.reward].rows
        j = len(rows) - 1
        p = rk.row_owner[j]
        if p < 0:
            return
        lose_vp, lose_coins, lose_aco, lose_mercs, lose_wardens = rows[j].losses
        vp = lose_vp
        take = min(lose_coins, self.coins[p])
        self.coins[p] -= take
        self.supply += take
        vp += lose_coins - take
        if self.events is not None:
            self._ev("penalty", seat=p, coins=take)
        if vp:
            self._gain_vp(p, -vp)
        tasks = self.tasks
        if lose_wardens:
            tasks.append(("lose_wardens", p, lose_wardens))
        if lose_mercs:
            tasks.append(("lose_mercs", p, lose_mercs))
        if lose_aco:
            tasks.append(("lose_acolytes", p, lose_aco))


    def _t_rk_gains(self, t: tuple) -> None:
        rk = self.rk
        rows = self.c.rewards[rk.reward].rows
        tasks = self.tasks
        todo: list[tuple] = []
        for j, row in enumerate(rows):
            p = rk.row_owner[j]
            if p < 0 or row.is_penalty:
                continue
            vp, coins, wardens, acolytes, mercs = row.gains
            if vp:
                todo.append(("vp", p, vp))
            if coins:
                todo.append(("coins", p, coins))
            if wardens:
                todo.append(("wardens", p, wardens))
            if acolytes:
                todo.append(("deploy", p, acolytes))
            if mercs:
                todo.append(("mercs", p, mercs))
        tasks.extend(reversed(todo))


    def _t_rk_end(self, t: tuple) -> None:
        rk = self.rk
        if self.events is not None:
            self._ev("reckoning_end", region=rk.region, final=rk.final)
        if rk.final:
            taker = rk.monument_taker if rk.monument_taker >= 0 else rk.player
            # the final reckoning card is tucked by the monument winner, who takes
            # the first player card for the next age
            self.fp = taker
            self.tasks.append(("tuck", taker, rk.card))
        self.rk = None

