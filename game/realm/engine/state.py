"""The Realm of Reckoning rules engine: state, legal actions, apply.

The state is a plain object of flat integer lists so that ``copy()`` is cheap
(tree search copies states thousands of times a second). The flow of the game
is a stack of small *tasks* (``self.tasks``) processed until a decision by a
player is needed; that decision is ``self.dec`` with its actor ``self.actor``.
Actions are tuples (see ``game.realm.engine.actions`` for their JSON form).

Conventions: seats ``0..n-1``; pillars, colours and regions are indices in the
order of ``assets/data/board.toml``; cards, mercenaries and reward cards are
indices into the content tables. In the 2-player game the table hand is hand
index 2 (``TABLE``) and the table is seat ``-2`` in a reckoning's bid order.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any

from .content import (
    CARD_ACTION,
    CARD_FINAL,
    CARD_RECKONING,
    WILD,
    Content,
    default_content,
)
from .errors import IllegalAction

# decisions -------------------------------------------------------------------
D_NONE = 0
D_SELECT = 1
D_DISCARD = 2
D_PLACE = 3
D_MOVE = 4
D_STEAL = 5
D_WARDEN = 6
D_ADVANCE = 7
D_MERC_DISCARD = 8
D_TUCK = 9
D_DOMINION = 10
D_REWARD = 11
D_CLAIM = 12
D_BID = 13
D_ROW = 14
D_PAY = 15
D_MONUMENT = 16
D_LOSE_ACOLYTE = 17
D_LOSE_MERC = 18
D_LOSE_WARDEN = 19
D_OVER = 20

DECISION_NAMES = {
    D_NONE: "none", D_SELECT: "select", D_DISCARD: "discard", D_PLACE: "place", D_MOVE: "move",
    D_STEAL: "steal", D_WARDEN: "warden", D_ADVANCE: "advance", D_MERC_DISCARD: "merc_discard",
    D_TUCK: "tuck", D_DOMINION: "dominion", D_REWARD: "reward", D_CLAIM: "claim", D_BID: "bid",
    D_ROW: "row", D_PAY: "pay", D_MONUMENT: "monument", D_LOSE_ACOLYTE: "lose_acolyte",
    D_LOSE_MERC: "lose_merc", D_LOSE_WARDEN: "lose_warden", D_OVER: "over",
}
SECRET_DECISIONS = (D_SELECT, D_BID, D_DISCARD)

GUIDANCE, RADIANCE, UNDERSTANDING, EQUITY, DOMINION = range(5)
N_ICONS = 11  # map key spirit open closed purse stone crown sword tower chalice
ICON_SLOTS = N_ICONS + 5  # + one wild counter per pillar
TOP, BOTTOM = 0, 1
TABLE = 2  # hand index of the 2-player table hand
TABLE_SEAT = -2
DOM_NONE, DOM_MERC, DOM_COIN, DOM_ACOLYTE = range(4)
DOMINION_CHOICES = ("none", "mercenary", "coin", "acolyte")
HAND_LIMIT = 8
TRACK_MAX = 8
COINS_TOTAL = 25
ACOLYTES = 15
WARDENS_PER_COLOUR = 5
ROUNDS = 5
AGES = 3
BAG = (0, 1, 2, 4, 5, 6)
STACK_SIZES = {2: 12, 3: 13, 4: 18, 5: 23}
ARTIFACT_AT = 3

_SLOTS = (
    "c", "n", "factions", "age", "round", "hands", "fp", "ring", "direction", "selected",
    "mercs", "merc_deck", "merc_discard", "coins", "supply", "board", "reserve", "wardens",
    "warden_supply", "tracks", "score", "icons", "tucked", "tuck_count", "artifact", "claims",
    "built", "monuments_left", "reward_deck", "revealed", "finals", "final_card", "stacks",
    "known", "box", "rng_seed", "tasks", "dec", "actor", "pending", "dec_n", "dec_data",
    "order", "rk", "age_scores", "events", "winner", "cur_card", "player_count_deck",
    "bag_bid", "used_rewards",
)


def _unpickle_state(c: Content | None, values: tuple) -> State:
    s = State.__new__(State)
    s.c = default_content() if c is None else c
    for k, v in zip(_SLOTS[1:], values):
        setattr(s, k, v)
    return s


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


class State:
    """A whole game of Realm of Reckoning. Create with :func:`new_game`."""

    __slots__ = _SLOTS

    def __reduce__(self) -> tuple:
        """Pickle (for the bots' search processes, IPC only; saves stay JSON) without the bundled
        content tables: the receiving process uses its own ``default_content()``."""
        c = self.c
        return (_unpickle_state, (None if c is default_content() else c,
                                  tuple(getattr(self, k) for k in _SLOTS[1:])))

    # ------------------------------------------------------------------ copy
    def copy(self) -> State:
        """A cheap independent copy (no deepcopy)."""
        s = State.__new__(State)
        s.c = self.c
        s.n = self.n
        s.factions = self.factions
        s.age = self.age
        s.round = self.round
        s.hands = [h[:] for h in self.hands]
        s.fp = self.fp
        s.ring = self.ring
        s.direction = self.direction
        s.selected = self.selected[:]
        s.mercs = [m[:] for m in self.mercs]
        s.merc_deck = self.merc_deck[:]
        s.merc_discard = self.merc_discard[:]
        s.coins = self.coins[:]
        s.supply = self.supply
        s.board = self.board[:]
        s.reserve = self.reserve[:]
        s.wardens = self.wardens[:]
        s.warden_supply = self.warden_supply[:]
        s.tracks = self.tracks[:]
        s.score = self.score[:]
        s.icons = self.icons[:]
        s.tucked = [t[:] for t in self.tucked]
        s.tuck_count = self.tuck_count[:]
        s.artifact = self.artifact[:]
        s.claims = self.claims[:]
        s.built = self.built[:]
        s.monuments_left = self.monuments_left
        s.reward_deck = self.reward_deck[:]
        s.revealed = self.revealed[:]
        s.finals = self.finals[:]
        s.final_card = self.final_card
        s.stacks = [st[:] for st in self.stacks]
        s.known = self.known[:]
        s.box = self.box[:]
        s.rng_seed = self.rng_seed
        s.tasks = self.tasks[:]
        s.dec = self.dec
        s.actor = self.actor
        s.pending = self.pending[:]
        s.dec_n = self.dec_n
        s.dec_data = self.dec_data
        s.order = self.order[:]
        s.rk = self.rk.copy() if self.rk is not None else None
        s.age_scores = [a[:] for a in self.age_scores]
        s.events = None
        s.winner = self.winner
        s.cur_card = self.cur_card
        s.player_count_deck = self.player_count_deck
        s.bag_bid = self.bag_bid
        s.used_rewards = self.used_rewards[:]
        return s

    # -------------------------------------------------------------- queries
    def to_move(self) -> int:
        """The seat that must act now, or -1 when the game is over."""
        return self.actor if self.dec != D_OVER else -1

    def is_terminal(self) -> bool:
        return self.dec == D_OVER

    def is_secret(self) -> bool:
        """True while the seat to move commits a choice the others cannot see."""
        return self.dec in SECRET_DECISIONS

    def secret_block(self) -> tuple | None:
        """Which simultaneous block the secret decision to move belongs to (the 2-player discard
        belongs to the selection's block), or None outside secret decisions."""
        if self.dec in (D_SELECT, D_DISCARD):
            return ("select", self.age, self.round)
        if self.dec == D_BID:
            return ("bid", self.age, self.round, len(self.used_rewards))
        return None

    def decision_name(self) -> str:
        return DECISION_NAMES[self.dec]

    def num_players(self) -> int:
        return self.n

    def first_player(self) -> int:
        """The seat that resolves first this round (the first player card's holder)."""
        if self.fp < self.n:
            return self.fp
        # 2-player: the first player card sits in the table hand; the player the
        # table passes to in the current direction goes first.
        return self._pass_target(TABLE)

    def drafting_order(self, start: int | None = None) -> list[int]:
        """Seats in drafting order from ``start`` (default: the first player)."""
        f = self.first_player() if start is None else start
        ring = [h for h in self.ring if h < self.n]
        k = ring.index(f)
        m = len(ring)
        return [ring[(k + self.direction * i) % m] for i in range(m)]

    def neighbours(self, p: int) -> tuple[int, int]:
        if self.n == 2:
            return (1 - p, 1 - p)
        return ((p - 1) % self.n, (p + 1) % self.n)

    def acolytes_on_board(self, p: int) -> int:
        n = self.n
        return sum(self.board[r * n + p] for r in range(5))

    def icon_count(self, p: int, icon: int) -> int:
        return self.icons[p * ICON_SLOTS + icon]

    def wild_count(self, p: int, pillar: int) -> int:
        return self.icons[p * ICON_SLOTS + N_ICONS + pillar]

    def track(self, p: int, pillar: int) -> int:
        return self.tracks[p * 5 + pillar]

    def claim_mask(self, region: int) -> int:
        """The colours of the claim tokens in ``region`` as a bit mask (a duplicate token counts once)."""
        base = region * 5
        return sum(1 << c for c in range(5) if self.claims[base + c] > 0)

    def matching_colours(self, region: int) -> list[int]:
        return [c for c in range(5) if self.claims[region * 5 + c] > 0]

    def max_bid(self, p: int, region: int) -> int:
        """The most ``p`` can pay in a reckoning in ``region`` (rulebook p.14)."""
        n = self.n
        total = self.board[region * n + p]
        total += coin_bids(self.coins[p])
        mask = 0
        for c in range(5):
            if self.claims[region * 5 + c] > 0:
                mask |= 1 << c
                total += self.tracks[p * 5 + c] + 3 * self.wardens[p * 5 + c]
        mercs = self.c.mercenaries
        for m in self.mercs[p]:
            total += _MATCH[mercs[m].mask & mask]
        return total

    # ------------------------------------------------------------ legality
    def legal_actions(self) -> list[tuple]:
        """The legal actions of the seat to move (for payments: a non-dominated subset)."""
        d = self.dec
        p = self.actor
        n = self.n
        if d == D_SELECT:
            return [("select", c) for c in self.hands[p]]
        if d == D_PLACE:
            return _PLACE_ACTIONS
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
            return [("warden", c) for c in range(5) if self.warden_supply[c] > 0]
        if d == D_MOVE:
            acts: list[tuple] = [("stop",)]
            for a in range(5):
                if self.board[a * n + p] > 0:
                    acts.extend(("move", a, b) for b in range(5) if b != a)
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
            return _DOMINION_ACTIONS
        if d == D_REWARD:
            return [("reward", r) for r in self.revealed]
        if d == D_CLAIM:
            region = self.rk.region
            return [("claim", a, col) for a in range(5) if a != region
                    for col in range(5) if self.claims[a * 5 + col] > 0]
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
            return [("lose_acolyte", r) for r in range(5) if self.board[r * n + p] > 0]
        if d == D_LOSE_WARDEN:
            return [("lose_warden", c) for c in range(5) if self.wardens[p * 5 + c] > 0]
        return []

    def is_legal(self, action: tuple) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def _check(self, a: tuple) -> tuple:
        """Raise IllegalAction unless ``a`` is legal now; return its canonical form."""
        if self.dec == D_OVER:
            raise IllegalAction("the game is over")
        if not isinstance(a, tuple) or not a:
            raise IllegalAction(f"an action is a non-empty tuple (got {a!r})")
        want = _ACTION_FOR_DECISION.get(self.dec)
        if a[0] not in want:
            raise IllegalAction(f"expected a {'/'.join(want)} action for the {self.decision_name()} "
                                f"decision of seat {self.actor} (got {a[0]!r})")
        if a[0] == "pay":
            return self._check_payment(self.actor, a)
        if a[0] == "bid":
            if len(a) != 2 or not isinstance(a[1], int) or isinstance(a[1], bool) or not 0 <= a[1] <= 99:
                raise IllegalAction(f"a bid is a whole number from 0 to 99 (got {a[1:]!r})")
            return a  # a bid above what the bidder can pay is cut on reveal
        if a not in self.legal_actions():
            raise IllegalAction(f"{a!r} is not legal for seat {self.actor} now ({self.decision_name()})")
        return a

    # --------------------------------------------------------------- apply
    def apply(self, a: tuple) -> None:
        """Apply a legal action of the seat to move; an illegal one raises and changes nothing."""
        a = self._check(a)
        self._do(a)
        self._run()

    def apply_unchecked(self, a: tuple) -> None:
        """Apply an action known to come from ``legal_actions()`` (search fast path)."""
        self._do(a)
        self._run()

    def _do(self, a: tuple) -> None:
        d = self.dec
        p = self.actor
        n = self.n
        kind = a[0]
        self.dec = D_NONE
        if d == D_SELECT:
            h = self.hands[p]
            h.remove(a[1])
            self.selected[p] = a[1]
            self.pending.pop(0)
            self._ev("select", seat=p)
            if self.pending:
                self.dec = D_SELECT
                self.actor = self.pending[0]
        elif d == D_BID:
            self.rk.bids[p] = a[1]
            self.pending.pop(0)
            self._ev("bid", seat=p)
            if self.pending:
                self.dec = D_BID
                self.actor = self.pending[0]
        elif kind == "place":
            r = a[1]
            self.board[r * n + p] += 1
            self.reserve[p] -= 1
            self._ev("place", seat=p, region=r)
            self._continue_deploy(p, self.dec_n - 1)
        elif kind == "move":
            self.board[a[1] * n + p] -= 1
            self.board[a[2] * n + p] += 1
            self._ev("move", seat=p, region=a[1], to=a[2])
            self._continue_deploy(p, self.dec_n - 1)
        elif kind == "stop":
            self._ev("stop", seat=p)
        elif kind == "tuck":
            self._tuck(p, self.dec_data, a[1], a[2])
        elif kind == "discard":
            h = self.hands[self._hand_of(p)]
            h.remove(a[1])
            self.box.append(a[1])
            self._ev("discard", seat=p)
            # the others lose track of the hand this card left
            bit = 1 << p
            for c in h:
                self.known[c] &= bit
            self.known[a[1]] = bit
        elif kind == "steal":
            q = a[1]
            self.coins[q] -= 1
            self.coins[p] += 1
            self._ev("steal", seat=p, target=q)
            self._continue_steal(p, self.dec_n - 1)
        elif kind == "warden":
            c = a[1]
            self.warden_supply[c] -= 1
            self.wardens[p * 5 + c] += 1
            gained = self.dec_data + (c,)
            self._ev("warden", seat=p, colour=c)
            self._continue_wardens(p, self.dec_n - 1, gained)
        elif kind == "advance":
            self._advance(p, a[1], 1)
        elif kind == "merc_discard":
            self.mercs[p].remove(a[1])
            self.merc_discard.append(a[1])
            self._ev("merc_discard", seat=p, merc=a[1])
            if d == D_MERC_DISCARD:
                self._continue_limit(p)
            else:
                self._continue_lose_mercs(p, self.dec_n - 1)
        elif kind == "dominion":
            self._dominion(p, a[1])
        elif kind == "reward":
            self._choose_reward(p, a[1])
        elif kind == "claim":
            self._move_claim(a[1], a[2])
        elif kind == "row":
            self._take_row(p, a[1])
        elif kind == "pay":
            self._pay(p, a)
        elif kind == "monument":
            self._build(p, a[1], a[2])
        elif kind == "lose_acolyte":
            self.board[a[1] * n + p] -= 1
            self.reserve[p] += 1
            self._ev("lose_acolyte", seat=p, region=a[1])
            self._continue_lose_acolytes(p, self.dec_n - 1)
        elif kind == "lose_warden":
            self.wardens[p * 5 + a[1]] -= 1
            self.warden_supply[a[1]] += 1
            self._ev("lose_warden", seat=p, colour=a[1])
            self._continue_lose_wardens(p, self.dec_n - 1)
        else:  # pragma: no cover - _check guards this
            raise IllegalAction(f"unknown action {a!r}")

    # ------------------------------------------------------------ task loop
    def _run(self) -> None:
        tasks = self.tasks
        handlers = _HANDLERS
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
        self.revealed = self.reward_deck[:3]
        del self.reward_deck[:3]
        stack = self.stacks[self.age - 1]
        cards_each = 5
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
        self._ev("age_start", final=self.final_card, rewards=self.revealed[:])
        self.tasks.append(("round",))

    def _t_round(self, t: tuple) -> None:
        self.pending = list(range(self.n))
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
        self._ev("reveal", cards=self.selected[:], order=order[:])
        tasks = self.tasks
        tasks.append(("pass",))
        for p in reversed(order):
            tasks.append(("turn", p))

    def _t_turn(self, t: tuple) -> None:
        p = t[1]
        c = self.selected[p]
        card = self.c.cards[c]
        self.cur_card = c
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

    def _tuck(self, p: int, c: int, pillar: int, side: int) -> None:
        card = self.c.cards[c]
        half = card.halves[side]
        self.tucked[p].append((c, pillar, side))
        self.tuck_count[p * 5 + pillar] += 1
        base = p * ICON_SLOTS
        for ic in half.icons:
            if ic == WILD:
                self.icons[base + N_ICONS + pillar] += 1
            else:
                self.icons[base + ic] += 1
        if self.selected[p] == c:
            self.selected[p] = -1
        self.known[c] = -1
        self._ev("tuck", seat=p, card=c, pillar=pillar, side=side, influence=half.influence)
        if half.influence:
            self._advance(p, pillar, half.influence)

    def _advance(self, p: int, pillar: int, k: int) -> None:
        i = p * 5 + pillar
        v = self.tracks[i]
        nv = v + k
        if nv > TRACK_MAX:
            nv = TRACK_MAX
        elif nv < 0:
            nv = 0
        if nv != v:
            self.tracks[i] = nv
            self._ev("track", seat=p, pillar=pillar, value=nv)
            self._check_artifact(pillar)

    def _check_artifact(self, pillar: int) -> None:
        tr = self.tracks
        best = -1
        leader = -1
        tie = False
        for q in range(self.n):
            v = tr[q * 5 + pillar]
            if v > best:
                best, leader, tie = v, q, False
            elif v == best:
                tie = True
        old = self.artifact[pillar]
        if tie:
            new = -1
        elif best >= ARTIFACT_AT:
            new = leader
        else:
            new = old if old == leader else -1
        if new != old:
            self.artifact[pillar] = new
            self._ev("artifact", pillar=pillar, seat=new, previous=old)

    # deploy -----------------------------------------------------------------
    def _t_deploy(self, t: tuple) -> None:
        p, k = t[1], t[2]
        if self.artifact[RADIANCE] == p:
            k += 2
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
        if self.artifact[EQUITY] == p:
            k += 2
        take = min(k, self.supply)
        self.supply -= take
        self.coins[p] += take
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
            self._ev("steal", seat=p, target=q, amount=take)
            return
        self._ask(D_STEAL, p, k)

    # mercenaries --------------------------------------------------------------
    def _t_mercs(self, t: tuple) -> None:
        p, k = t[1], t[2]
        if self.artifact[UNDERSTANDING] == p:
            k += 2
        got = 0
        for _ in range(k):
            if not self.merc_deck:
                if not self.merc_discard:
                    break
                self.merc_deck = self.merc_discard
                self.merc_discard = []
                self._rand().shuffle(self.merc_deck)
                self._ev("merc_reshuffle")
            insort(self.mercs[p], self.merc_deck.pop())
            got += 1
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
            avail = [c for c in range(5) if self.warden_supply[c] > 0]
            if len(avail) == 1:
                c = avail[0]
                self.warden_supply[c] -= 1
                self.wardens[p * 5 + c] += 1
                self._ev("warden", seat=p, colour=c)
                self._continue_wardens(p, k - 1, gained + (c,))
                return
            self._ask(D_WARDEN, p, k, gained)
            return
        if gained and self.artifact[GUIDANCE] == p:
            colours = sorted(set(gained))
            if len(colours) == 1:
                self._advance(p, colours[0], 1)
            else:
                self._ask(D_ADVANCE, p, 0, tuple(colours))

    # the passing of hands ----------------------------------------------------
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
        self._ev("final_reckoning", seat=ex, card=c)
        self.tasks.append(("score_age",))
        self.tasks.append(("reckon", ex, self.c.cards[c].region, c, 1))

    # reckonings ----------------------------------------------------------------
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
        self._ev("reward_card", seat=p, reward=r)

    def _t_rk_claim(self, t: tuple) -> None:
        rk = self.rk
        acts = [(a, col) for a in range(5) if a != rk.region for col in range(5) if self.claims[a * 5 + col] > 0]
        if len(acts) == 1:
            self._move_claim(*acts[0])
        elif acts:
            self._ask(D_CLAIM, rk.player)

    def _move_claim(self, frm: int, col: int) -> None:
        rk = self.rk
        self.claims[frm * 5 + col] -= 1
        self.claims[rk.region * 5 + col] += 1
        self._ev("claim", seat=rk.player, region=frm, to=rk.region, colour=col)

    def _t_rk_bids(self, t: tuple) -> None:
        rk = self.rk
        for p in range(self.n):
            rk.maxbid[p] = self.max_bid(p, rk.region)
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
        keyed = [(-rk.bids[p], self.score[p], draft.index(p), p) for p in range(n)]
        if rk.table_bid >= 0:
            keyed.append((-rk.table_bid, 1 << 30, 1 << 30, TABLE_SEAT))
        keyed.sort()
        rk.order = [k[3] for k in keyed]
        rk.pos = 0
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
            self._ev("row", seat=TABLE_SEAT, row=j)
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
        self._ev("row", seat=p, row=j, bid=rk.bids[p])
        if row.is_penalty:
            return
        if row.monument:
            self.tasks.append(("rk_monument", p))
        if rk.bids[p] > 0:
            self._ask_payment(p)

    def _ask_payment(self, p: int) -> None:
        rk = self.rk
        mx = self.max_bid(p, rk.region)
        if rk.bids[p] > mx:  # cannot happen in a real game (nothing reduces a bidder's means
            rk.bids[p] = mx  # between reveal and payment), only in a determinized world
            rk.cut[p] = True
            if mx == 0:
                return
        opts = self.payment_options(p)
        if len(opts) == 1:
            self._pay(p, opts[0])
        else:
            self._ask(D_PAY, p)

    def _t_rk_monument(self, t: tuple) -> None:
        p = t[1]
        self.rk.monument_taker = p
        if self.monuments_left > 0 and any(b is None for b in self.built):
            self._ask(D_MONUMENT, p)

    def _build(self, p: int, space: int, option: int) -> None:
        self.built[space] = (p, option, self.age)
        self.monuments_left -= 1
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

    def _t_lose_acolytes(self, t: tuple) -> None:
        self._continue_lose_acolytes(t[1], t[2])

    def _continue_lose_acolytes(self, p: int, k: int) -> None:
        if k <= 0:
            return
        n = self.n
        regions = [r for r in range(5) if self.board[r * n + p] > 0]
        if not regions:
            self._gain_vp(p, -k)
        elif len(regions) == 1 and self.board[regions[0] * n + p] >= k:
            r = regions[0]
            self.board[r * n + p] -= k
            self.reserve[p] += k
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
        owned = [c for c in range(5) if self.wardens[p * 5 + c] > 0]
        total = sum(self.wardens[p * 5: p * 5 + 5])
        if not owned:
            self._gain_vp(p, -k)
        elif total <= k:
            for c in owned:
                w = self.wardens[p * 5 + c]
                self.wardens[p * 5 + c] = 0
                self.warden_supply[c] += w
                self._ev("lose_warden", seat=p, colour=c, amount=w)
            if k - total:
                self._gain_vp(p, -(k - total))
        elif len(owned) == 1:
            c = owned[0]
            self.wardens[p * 5 + c] -= k
            self.warden_supply[c] += k
            self._ev("lose_warden", seat=p, colour=c, amount=k)
        else:
            self._ask(D_LOSE_WARDEN, p, k)

    def _gain_vp(self, p: int, k: int) -> None:
        self.score[p] += k
        self._ev("vp", seat=p, amount=k)

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

    def _t_vp(self, t: tuple) -> None:
        self._gain_vp(t[1], t[2])

    def _t_rk_end(self, t: tuple) -> None:
        rk = self.rk
        self._ev("reckoning_end", region=rk.region, final=rk.final)
        if rk.final:
            taker = rk.monument_taker if rk.monument_taker >= 0 else rk.player
            # the final reckoning card is tucked by the monument winner, who takes
            # the first player card for the next age
            self.fp = taker
            self.tasks.append(("tuck", taker, rk.card))
        self.rk = None

    def _t_score_age(self, t: tuple) -> None:
        from .scoring import score_monuments

        gains = score_monuments(self)
        self.age_scores.append(self.score[:])
        self._ev("age_scored", gains=gains, scores=self.score[:])
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
        self._ev("game_over", winner=self.winner, scores=self.score[:])

    # ---------------------------------------------------------------- payment
    def _check_payment(self, p: int, a: tuple) -> tuple:
        rk = self.rk
        if len(a) != 6:
            raise IllegalAction("a payment is ('pay', acolytes, coin_bids, influence[5], mercenaries, discards[5])")
        _, aco, cbid, infl, mercs, disc = a
        bid = rk.bids[p]
        n = self.n
        region = rk.region
        try:
            infl = tuple(int(x) for x in infl)
            disc = tuple(int(x) for x in disc)
            mercs = tuple(int(x) for x in mercs)
            aco, cbid = int(aco), int(cbid)
        except (TypeError, ValueError):
            raise IllegalAction(f"malformed payment {a!r}") from None
        if len(infl) != 5 or len(disc) != 5:
            raise IllegalAction("influence and warden discards list one number per pillar")
        if min(infl + disc + (aco, cbid)) < 0:
            raise IllegalAction("payment amounts cannot be negative")
        if aco > self.board[region * n + p]:
            raise IllegalAction(f"seat {p} has only {self.board[region * n + p]} acolytes in the region")
        if cbid * (cbid + 1) // 2 > self.coins[p]:
            cost = cbid * (cbid + 1) // 2
            raise IllegalAction(f"{cbid} bids in coins cost {cost} coins; seat {p} has {self.coins[p]}")
        mask = self.claim_mask(region)
        for c in range(5):
            if (infl[c] or disc[c]) and not mask & (1 << c):
                raise IllegalAction(f"{self.c.pillar_ids[c]} does not match a claim token in the region")
            if infl[c] > self.tracks[p * 5 + c]:
                raise IllegalAction(f"seat {p} has only {self.tracks[p * 5 + c]} {self.c.pillar_ids[c]} influence")
            if disc[c] > self.wardens[p * 5 + c]:
                raise IllegalAction(f"seat {p} has only {self.wardens[p * 5 + c]} {self.c.pillar_ids[c]} wardens")
        if len(set(mercs)) != len(mercs) or any(m not in self.mercs[p] for m in mercs):
            raise IllegalAction("mercenaries must be distinct cards in the payer's hand")
        mv = []
        for m in mercs:
            v = _MATCH[self.c.mercenaries[m].mask & mask]
            if v == 0:
                raise IllegalAction(f"mercenary {self.c.mercenaries[m].id} matches no claim token in the region")
            mv.append(v)
        kept = sum(self.wardens[p * 5 + c] for c in range(5) if mask & (1 << c))
        value = aco + cbid + sum(infl) + sum(mv) + kept + 2 * sum(disc)
        if value < bid:
            raise IllegalAction(f"payment worth {value} does not cover the bid of {bid}")
        units = ([1] if aco or cbid or sum(infl) else []) + mv + ([2] if sum(disc) else [])
        if units and value - min(units) >= bid:
            raise IllegalAction(f"payment worth {value} overpays the bid of {bid}: drop something")
        return ("pay", aco, cbid, infl, tuple(sorted(mercs)), disc)

    def _pay(self, p: int, a: tuple) -> None:
        _, aco, cbid, infl, mercs, disc = a
        rk = self.rk
        n = self.n
        region = rk.region
        if aco:
            self.board[region * n + p] -= aco
            self.reserve[p] += aco
        if cbid:
            cost = cbid * (cbid + 1) // 2
            self.coins[p] -= cost
            self.supply += cost
        for c in range(5):
            if infl[c]:
                self._advance(p, c, -infl[c])
            if disc[c]:
                self.wardens[p * 5 + c] -= disc[c]
                self.warden_supply[c] += disc[c]
        for m in mercs:
            self.mercs[p].remove(m)
            self.merc_discard.append(m)
        rk.paid[p] = rk.bids[p]
        self._ev("pay", seat=p, acolytes=aco, coin_bids=cbid, influence=list(infl), mercs=list(mercs),
                 discards=list(disc), bid=rk.bids[p])

    def payment_options(self, p: int) -> list[tuple]:
        """A small non-dominated set of payments of ``p``'s bid (what bots are offered)."""
        rk = self.rk
        bid = rk.bids[p]
        n = self.n
        region = rk.region
        mask = self.claim_mask(region)
        kept = sum(self.wardens[p * 5 + c] for c in range(5) if mask & (1 << c))
        need0 = bid - kept
        if need0 <= 0:
            return [("pay", 0, 0, _ZERO5, (), _ZERO5)]
        aco_av = self.board[region * n + p]
        kmax = coin_bids(self.coins[p])
        tracks = [(self.tracks[p * 5 + c], c) for c in range(5) if mask & (1 << c)]
        merc_list = sorted(((_MATCH[self.c.mercenaries[m].mask & mask], m) for m in self.mercs[p]
                            if self.c.mercenaries[m].mask & mask), reverse=True)
        ward = [(self.wardens[p * 5 + c], c) for c in range(5) if mask & (1 << c) and self.wardens[p * 5 + c]]
        out: list[tuple] = []
        seen = set()
        for order in _PAY_ORDERS:
            need = need0
            aco = cb = 0
            infl = [0] * 5
            disc = [0] * 5
            used_m: list[int] = []
            for kind in order:
                if need <= 0:
                    break
                if kind == "a":
                    aco = min(aco_av, need)
                    need -= aco
                elif kind == "c":
                    cb = min(kmax, need)
                    need -= cb
                elif kind == "i":
                    for v, c in sorted(tracks, reverse=True):
                        take = min(v, need)
                        infl[c] = take
                        need -= take
                        if need <= 0:
                            break
                elif kind == "m":
                    for v, m in merc_list:
                        if need <= 0:
                            break
                        if v <= need:
                            used_m.append(m)
                            need -= v
                elif kind == "w":
                    for w, c in ward:
                        while disc[c] < w and need >= 2:
                            disc[c] += 1
                            need -= 2
            if need > 0:  # allow an unavoidable overshoot
                for v, m in merc_list:
                    if need > 0 and m not in used_m:
                        used_m.append(m)
                        need -= v
                for w, c in ward:
                    while need > 0 and disc[c] < w:
                        disc[c] += 1
                        need -= 2
            if need > 0:
                continue
            act = ("pay", aco, cb, tuple(infl), tuple(sorted(used_m)), tuple(disc))
            if act in seen:
                continue
            seen.add(act)
            try:
                self._check_payment(p, act)
            except IllegalAction:
                continue
            out.append(act)
        if not out:  # fall back to an exhaustive search (rare, small)
            out = self._all_payments(p, limit=1)
        return out

    def _all_payments(self, p: int, limit: int = 10**6) -> list[tuple]:
        """Every legal payment (exponential; for tests and fallbacks only)."""
        import itertools

        rk = self.rk
        n = self.n
        region = rk.region
        cols = self.matching_colours(region)
        kmax = coin_bids(self.coins[p])
        mask = sum(1 << c for c in cols)
        mine = [m for m in self.mercs[p] if self.c.mercenaries[m].mask & mask]
        out = []
        infl_ranges = [range(self.tracks[p * 5 + c] + 1) for c in cols]
        disc_ranges = [range(self.wardens[p * 5 + c] + 1) for c in cols]
        for aco in range(self.board[region * n + p] + 1):
            for cb in range(kmax + 1):
                for iv in itertools.product(*infl_ranges):
                    for dv in itertools.product(*disc_ranges):
                        for k in range(len(mine) + 1):
                            for ms in itertools.combinations(sorted(mine), k):
                                infl = [0] * 5
                                disc = [0] * 5
                                for c, v in zip(cols, iv):
                                    infl[c] = v
                                for c, v in zip(cols, dv):
                                    disc[c] = v
                                act = ("pay", aco, cb, tuple(infl), tuple(ms), tuple(disc))
                                try:
                                    self._check_payment(p, act)
                                except IllegalAction:
                                    continue
                                out.append(act)
                                if len(out) >= limit:
                                    return out
        return out

    # ------------------------------------------------------------ protocol
    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def returns(self) -> list[float]:
        """Payoff per seat: 1 for the winner, otherwise a small share by rank of score."""
        if self.winner < 0:
            return self.evaluate()
        out = [0.0] * self.n
        best = max(self.score)
        for p in range(self.n):
            if p == self.winner:
                out[p] = 1.0
            else:
                out[p] = max(0.0, 0.25 - 0.01 * (best - self.score[p]))
        return out

    def evaluate(self) -> list[float]:
        from .heuristics import evaluate

        return evaluate(self)

    def determinize(self, observer: int, rng: random.Random) -> State:
        from .hidden import determinize

        return determinize(self, observer, rng)

    def view(self, seat: int) -> dict[str, Any]:
        from .hidden import view

        return view(self, seat)


def coin_bids(coins: int) -> int:
    """The most bids ``coins`` can pay (the k-th bid costs k coins: 1 + 2 + ... + k)."""
    k = 0
    while (k + 1) * (k + 2) // 2 <= coins:
        k += 1
    return k


def _match_table() -> list[int]:
    t = []
    for m in range(32):
        b = bin(m).count("1")
        t.append(min(b, 2))
    return t


_MATCH = _match_table()
_ZERO5 = (0, 0, 0, 0, 0)
_PLACE_ACTIONS = [("place", r) for r in range(5)]
_DOMINION_ACTIONS = [("dominion", k) for k in range(4)]
_PAY_ORDERS = ("aicmw", "caimw", "iacmw", "maicw", "acmiw", "wamci", "cmaiw", "imcaw")
_ACTION_FOR_DECISION = {
    D_SELECT: ("select",), D_DISCARD: ("discard",), D_PLACE: ("place",), D_MOVE: ("move", "stop"),
    D_STEAL: ("steal",), D_WARDEN: ("warden",), D_ADVANCE: ("advance",), D_MERC_DISCARD: ("merc_discard",),
    D_TUCK: ("tuck",), D_DOMINION: ("dominion",), D_REWARD: ("reward",), D_CLAIM: ("claim",),
    D_BID: ("bid",), D_ROW: ("row",), D_PAY: ("pay",), D_MONUMENT: ("monument",),
    D_LOSE_ACOLYTE: ("lose_acolyte",), D_LOSE_MERC: ("merc_discard",), D_LOSE_WARDEN: ("lose_warden",),
}

_HANDLERS = {
    "age": State._t_age,
    "round": State._t_round,
    "after_select": State._t_after_select,
    "reveal": State._t_reveal,
    "turn": State._t_turn,
    "tuck": State._t_tuck,
    "deploy": State._t_deploy,
    "coins": State._t_coins,
    "mercs": State._t_mercs,
    "wardens": State._t_wardens,
    "pass": State._t_pass,
    "final": State._t_final,
    "reckon": State._t_reckon,
    "rk_reward": State._t_rk_reward,
    "rk_claim": State._t_rk_claim,
    "rk_bids": State._t_rk_bids,
    "rk_order": State._t_rk_order,
    "rk_next": State._t_rk_next,
    "rk_monument": State._t_rk_monument,
    "rk_penalty": State._t_rk_penalty,
    "lose_acolytes": State._t_lose_acolytes,
    "lose_mercs": State._t_lose_mercs,
    "lose_wardens": State._t_lose_wardens,
    "rk_gains": State._t_rk_gains,
    "vp": State._t_vp,
    "rk_end": State._t_rk_end,
    "score_age": State._t_score_age,
}


# --------------------------------------------------------------------- setup
def new_game(
    players: int,
    seed: int = 0,
    factions: list[str] | None = None,
    content: Content | None = None,
) -> State:
    """Set up a game (table, players, action deck, age 1) and run to the first decision.

    ``factions`` lists a faction id per seat; missing ones are drawn at random.
    """
    if not 2 <= players <= 5:
        raise ValueError(f"players must be 2 to 5 (got {players})")
    c = content or default_content()
    rng = random.Random(seed)
    fids = [f.id for f in c.factions]
    chosen: list[int] = []
    if factions:
        if len(factions) != players:
            raise ValueError(f"factions lists {len(factions)} entries for {players} players")
        for f in factions:
            if f in (None, "", "random"):
                chosen.append(-1)
            elif f not in fids:
                raise ValueError(f"unknown faction {f!r} (choose from {', '.join(fids)})")
            else:
                chosen.append(fids.index(f))
        if len({x for x in chosen if x >= 0}) != len([x for x in chosen if x >= 0]):
            raise ValueError("each faction can be played by one seat only")
    else:
        chosen = [-1] * players
    free = [i for i in range(len(fids)) if i not in chosen]
    # factions are drawn from their own stream, so that naming them (as a log's header
    # does) leaves every other shuffle of the game unchanged
    random.Random(f"factions:{seed}").shuffle(free)
    chosen = [x if x >= 0 else free.pop() for x in chosen]

    s = State.__new__(State)
    n = players
    s.c = c
    s.n = n
    s.factions = tuple(chosen)
    s.age = 0
    s.round = 0
    s.direction = 1
    s.hands = [[] for _ in range(n + (1 if n == 2 else 0))]
    s.selected = [-1] * n
    s.mercs = [[] for _ in range(n)]
    deck = list(range(len(c.mercenaries)))
    rng.shuffle(deck)
    s.merc_deck = deck
    s.merc_discard = []
    s.coins = [0] * n
    s.supply = COINS_TOTAL
    s.board = [0] * (5 * n)
    s.reserve = [ACOLYTES] * n
    s.wardens = [0] * (5 * n)
    s.warden_supply = [WARDENS_PER_COLOUR] * 5
    s.tracks = [0] * (5 * n)
    s.score = [0] * n
    s.icons = [0] * (ICON_SLOTS * n)
    s.tucked = [[] for _ in range(n)]
    s.tuck_count = [0] * (5 * n)
    s.artifact = [-1] * 5
    s.claims = [0] * 25
    for r in range(5):
        s.claims[r * 5 + c.region_pillar[r]] = 2
    s.built = [None] * len(c.spaces)
    s.monuments_left = 9
    s.events = None
    s.winner = -1
    s.cur_card = -1
    s.bag_bid = -1
    s.used_rewards = []
    s.rk = None
    s.age_scores = []
    s.tasks = []
    s.pending = []
    s.order = []
    s.dec = D_NONE
    s.actor = 0
    s.dec_n = 0
    s.dec_data = None
    s.box = []
    for p, fi in enumerate(chosen):
        f = c.factions[fi]
        s.score[p] = f.score
        take = min(f.coins, s.supply)
        s.coins[p] = take
        s.supply -= take
        for w in f.wardens:
            s.wardens[p * 5 + w] += 1
            s.warden_supply[w] -= 1
        for pl in range(5):
            s.tracks[p * 5 + pl] = f.influence[pl]
        for r in range(5):
            s.board[r * n + p] = f.acolytes[r]
            s.reserve[p] -= f.acolytes[r]
    for pl in range(5):
        s.artifact[pl] = -1
        s._check_artifact(pl)

    # rewards: 2 players use the 3-player cards
    rc = 3 if n == 2 else n
    rewards = [r.index for r in c.rewards if r.players == rc]
    rng.shuffle(rewards)
    s.reward_deck = rewards
    finals = [cd.index for cd in c.cards if cd.kind == CARD_FINAL]
    rng.shuffle(finals)
    s.finals = finals[:AGES]
    s.final_card = -1

    # action deck by player count, three stacks, two reckoning cards in each
    decks = {"base"} | ({"4+"} if n >= 4 else set()) | ({"5"} if n >= 5 else set())
    s.player_count_deck = tuple(sorted(decks))
    action_cards = [cd.index for cd in c.cards if cd.kind == CARD_ACTION and cd.deck in decks]
    rng.shuffle(action_cards)
    size = STACK_SIZES[n]
    stacks = []
    for k in range(AGES):
        stack = action_cards[k * size:(k + 1) * size]
        reck = [cd.index for cd in c.cards if cd.kind == CARD_RECKONING and cd.deck == str(k + 1)]
        rng.shuffle(reck)
        stack.extend(reck[:2])
        rng.shuffle(stack)
        stacks.append(stack)
    s.stacks = stacks
    s.known = [0] * len(c.cards)
    # first player card: the player lowest on the score track (seat order breaks ties)
    low = min(s.score)
    s.fp = s.score.index(low)
    if n == 2:
        other = 1 - s.fp
        s.ring = (other, s.fp, TABLE)  # clockwise: the first player passes into the table hand
    else:
        s.ring = tuple(range(n))
    s.rng_seed = rng.getrandbits(62)
    s.tasks.append(("age",))
    s._run()
    return s
