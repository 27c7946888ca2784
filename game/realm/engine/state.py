"""The Realm of Reckoning rules engine: ``State``, the one public class (with ``new_game``).

The state is a plain object of flat integer lists so that ``copy()`` is cheap
(tree search copies states thousands of times a second). The flow of the game
is a stack of small *tasks* (``self.tasks``) processed until a decision by a
player is needed; that decision is ``self.dec`` with its actor ``self.actor``.
Actions are tuples (see ``game.realm.engine.actions`` for their JSON form and
``game.realm.engine.kinds`` for the table of action kinds).

``State`` is assembled from one mixin per concern, each in its own module:
``legality`` (legal actions and the check), ``flow`` (the task loop, rounds,
turns, passing, ends of ages), ``resources`` (tucking, influence, artifacts,
the four actions, losses), ``reckoning`` (reckonings from the reward card to
the gains) and ``payment`` (paying bids). Numbers and names live in
``constants``; ``setup`` deals a new game.

Conventions: seats ``0..n-1``; pillars, colours and regions are indices in the
order of ``assets/realm/data/board.toml``; cards, mercenaries and reward cards
are indices into the content tables. In the 2-player game the table hand is
hand index 2 (``TABLE``) and the table is seat ``-2`` in a reckoning's bid order.
"""

from __future__ import annotations

import random
from typing import Any

from .constants import (  # noqa: F401 - also re-exported: state.py was the constants' old home
    ACOLYTES,
    AGES,
    ARTIFACT_AT,
    BAG,
    BOTTOM,
    COINS_TOTAL,
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
    D_NONE,
    D_OVER,
    D_PAY,
    D_PLACE,
    D_REWARD,
    D_ROW,
    D_SELECT,
    D_STEAL,
    D_TUCK,
    D_WARDEN,
    DECISION_NAMES,
    DOM_ACOLYTE,
    DOM_COIN,
    DOM_MERC,
    DOM_NONE,
    DOMINION,
    DOMINION_CHOICES,
    EQUITY,
    GUIDANCE,
    HAND_LIMIT,
    ICON_SLOTS,
    MATCH,
    N_ICONS,
    N_PILLARS,
    N_REGIONS,
    RADIANCE,
    ROUNDS,
    SECRET_DECISIONS,
    STACK_SIZES,
    TABLE,
    TABLE_SEAT,
    TOP,
    TRACK_MAX,
    UNDERSTANDING,
    WARDENS_PER_COLOUR,
    Decision,
    coin_bids,
)
from .content import Content, default_content
from .flow import HANDLERS, FlowMixin
from .heuristics import evaluate as _evaluate
from .hidden import determinize as _determinize
from .hidden import view as _view
from .kinds import ActionKind
from .legality import LegalityMixin
from .payment import PaymentMixin
from .reckoning import Reckoning, ReckoningMixin  # noqa: F401 - Reckoning: importable from here as before
from .resources import ResourcesMixin
from .setup import set_up

_SLOTS = (
    "c", "n", "factions", "age", "round", "hands", "fp", "ring", "direction", "selected",
    "mercs", "merc_deck", "merc_discard", "coins", "supply", "board", "reserve", "wardens",
    "warden_supply", "tracks", "score", "icons", "tucked", "tuck_count", "artifact", "claims",
    "built", "monuments_left", "reward_deck", "revealed", "finals", "final_card", "stacks",
    "known", "box", "rng_seed", "tasks", "dec", "actor", "pending", "dec_n", "dec_data",
    "order", "rk", "age_scores", "events", "winner", "player_count_deck",
    "used_rewards",
)


def _unpickle_state(c: Content | None, values: tuple) -> State:
    s = State.__new__(State)
    s.c = default_content() if c is None else c
    for k, v in zip(_SLOTS[1:], values):
        setattr(s, k, v)
    return s


class State(LegalityMixin, FlowMixin, ResourcesMixin, ReckoningMixin, PaymentMixin):
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
        s.player_count_deck = self.player_count_deck
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

    def hand_goes_to(self, seat: int) -> int:
        """Who ``seat``'s hand passes to after this pick, in this age's direction (at 2 players the table hand
        may be the answer: ``TABLE``). Public, as the seating is."""
        return self._pass_target(seat)

    def drafting_order(self, start: int | None = None) -> list[int]:
        """Seats in drafting order from ``start`` (default: the first player)."""
        f = self.first_player() if start is None else start
        key = (self.n, self.ring, f, self.direction)
        order = _ORDERS.get(key)
        if order is None:
            ring = [h for h in self.ring if h < self.n]
            k = ring.index(f)
            m = len(ring)
            order = _ORDERS[key] = tuple(ring[(k + self.direction * i) % m] for i in range(m))
        return list(order)

    def neighbours(self, p: int) -> tuple[int, int]:
        if self.n == 2:
            return (1 - p, 1 - p)
        return ((p - 1) % self.n, (p + 1) % self.n)

    def acolytes_on_board(self, p: int) -> int:
        n = self.n
        return sum(self.board[r * n + p] for r in range(N_REGIONS))

    def icon_count(self, p: int, icon: int) -> int:
        return self.icons[p * ICON_SLOTS + icon]

    def wild_count(self, p: int, pillar: int) -> int:
        return self.icons[p * ICON_SLOTS + N_ICONS + pillar]

    def track(self, p: int, pillar: int) -> int:
        return self.tracks[p * N_PILLARS + pillar]

    def claim_mask(self, region: int) -> int:
        """The colours of the claim tokens in ``region`` as a bit mask (a duplicate token counts once)."""
        base = region * N_PILLARS
        return sum(1 << c for c in range(N_PILLARS) if self.claims[base + c] > 0)

    def matching_colours(self, region: int) -> list[int]:
        return [c for c in range(N_PILLARS) if self.claims[region * N_PILLARS + c] > 0]

    def max_bid(self, p: int, region: int) -> int:
        """The most ``p`` can pay in a reckoning in ``region`` (rulebook "Paying Bids")."""
        total = self.board[region * self.n + p] + coin_bids(self.coins[p])
        claims = self.claims
        tracks = self.tracks
        wardens = self.wardens
        cb = region * N_PILLARS
        pb = p * N_PILLARS
        mask = 0
        for c in range(N_PILLARS):
            if claims[cb + c] > 0:
                mask |= 1 << c
                total += tracks[pb + c] + 3 * wardens[pb + c]
        hand = self.mercs[p]
        if hand:
            mercs = self.c.mercenaries
            for m in hand:
                total += MATCH[mercs[m].mask & mask]
        return total

    # ------------------------------------------------------- public reads
    # What a bot or a window may read without knowing the flat-list layout. Each returns a
    # fresh value (changing it never changes the state).
    def hand(self, p: int) -> list[int]:
        """The action cards in hand ``p`` (2-player: ``TABLE`` is the table hand)."""
        return self.hands[p][:]

    def mercenaries(self, p: int) -> list[int]:
        return self.mercs[p][:]

    def region_acolytes(self, region: int) -> list[int]:
        """Acolytes of every seat in ``region``."""
        n = self.n
        return self.board[region * n:(region + 1) * n]

    def acolytes_in(self, region: int, p: int) -> int:
        return self.board[region * self.n + p]

    def pillar_stack(self, p: int, pillar: int) -> list[tuple[int, int]]:
        """The cards ``p`` has tucked under ``pillar``, oldest first, as ``(card, side)``."""
        return [(c, side) for c, pl, side in self.tucked[p] if pl == pillar]

    def stack_size(self, p: int, pillar: int) -> int:
        return self.tuck_count[p * N_PILLARS + pillar]

    def wardens_of(self, p: int, colour: int) -> int:
        return self.wardens[p * N_PILLARS + colour]

    def warden_total(self, p: int) -> int:
        b = p * N_PILLARS
        return sum(self.wardens[b:b + N_PILLARS])

    def influence_total(self, p: int) -> int:
        b = p * N_PILLARS
        return sum(self.tracks[b:b + N_PILLARS])

    def artifacts_of(self, p: int) -> list[int]:
        """The pillars whose artifact ``p`` holds."""
        return [pl for pl in range(N_PILLARS) if self.artifact[pl] == p]

    def claims_in(self, region: int) -> list[int]:
        """Claim tokens of each colour in ``region``."""
        b = region * N_PILLARS
        return self.claims[b:b + N_PILLARS]

    def tucking_card(self) -> int:
        """The card the seat to move is tucking (the ``tuck`` decision), else -1."""
        return self.dec_data if self.dec == Decision.TUCK else -1

    def reckoning_region(self) -> int:
        """The region of the reckoning being executed, else -1."""
        return self.rk.region if self.rk is not None else -1

    def reckoning_reward(self) -> int:
        """The reward card chosen for the reckoning being executed, else -1."""
        return self.rk.reward if self.rk is not None else -1

    def bid_of(self, p: int) -> int:
        """``p``'s bid in the reckoning being executed (secret until the reveal: callers that
        must not see it should read ``view()``)."""
        return self.rk.bids[p]

    def bid_limit(self, p: int) -> int:
        """The most ``p`` may bid in the reckoning being executed (fixed when bidding starts)."""
        return self.rk.maxbid[p]

    def table_bid(self) -> int:
        """2-player: the table hand's bid in this reckoning (-1 before it is drawn or without a table)."""
        return self.rk.table_bid if self.rk is not None else -1

    # ------------------------------------------------------------- what-ifs
    def preview(self, action: tuple, check: bool = True) -> State:
        """A copy of the state right after ``action``'s own effect: the acolyte placed, the card
        tucked (with its influence and artifacts), the payment made, ... but nothing that follows
        from it (the rest of a multi-step action, the next decision, the game's flow). It is what
        a bot or a window weighs an action by. ``check=False`` skips the legality check (for
        actions taken from ``legal_actions()``)."""
        a = self._check(action) if check else action
        t = self.copy()
        d = t.dec
        t.dec = D_NONE
        _EFFECT[a[0]](t, t.actor, a, d)
        return t

    def after_tuck(self, p: int, card: int, pillar: int, side: int) -> State:
        """A copy in which ``p`` has tucked ``card`` under ``pillar`` (``TOP``/``BOTTOM``): what
        playing a card from hand would add (a what-if for bots; unchecked)."""
        t = self.copy()
        t._tuck(p, card, pillar, side)
        return t

    # --------------------------------------------------------------- apply
    def apply(self, a: tuple) -> None:
        """Apply a legal action of the seat to move; an illegal one raises and changes nothing."""
        a = self._check(a)
        self._do(a)
        self._run()

    def apply_unchecked(self, a: tuple) -> None:
        """Apply an action known to come from ``legal_actions()`` (search fast path: ``_do`` and
        ``_run`` written out, as it runs at every step of every rollout)."""
        d = self.dec
        self.dec = D_NONE
        _DO[a[0]](self, self.actor, a, d)
        if self.dec == D_NONE:
            tasks = self.tasks
            handlers = HANDLERS
            while self.dec == D_NONE:
                t = tasks.pop()
                handlers[t[0]](self, t)

    def _do(self, a: tuple) -> None:
        """Carry out an action's own effect (the flow is run afterwards by ``_run``)."""
        d = self.dec
        self.dec = D_NONE
        _DO[a[0]](self, self.actor, a, d)

    # one method per action kind (``_DO`` maps the kind to it): (seat, action, decision answered)
    def _do_select(self, p: int, a: tuple, d: int) -> None:
        self.hands[p].remove(a[1])
        self.selected[p] = a[1]
        self.pending.pop(0)
        if self.events is not None:
            self._ev("select", seat=p)
        if self.pending:
            self.dec = D_SELECT
            self.actor = self.pending[0]

    def _do_bid(self, p: int, a: tuple, d: int) -> None:
        self.rk.bids[p] = a[1]
        self.pending.pop(0)
        if self.events is not None:
            self._ev("bid", seat=p)
        if self.pending:
            self.dec = D_BID
            self.actor = self.pending[0]

    # kinds whose action goes on (more acolytes to place, coins to take, ...) split their own
    # effect (``_effect_<kind>``, what ``preview`` shows) from the continuation
    def _effect_place(self, p: int, a: tuple, d: int) -> None:
        r = a[1]
        self.board[r * self.n + p] += 1
        self.reserve[p] -= 1
        if self.events is not None:
            self._ev("place", seat=p, region=r)

    def _do_place(self, p: int, a: tuple, d: int) -> None:
        self._effect_place(p, a, d)
        self._continue_deploy(p, self.dec_n - 1)

    def _effect_move(self, p: int, a: tuple, d: int) -> None:
        n = self.n
        self.board[a[1] * n + p] -= 1
        self.board[a[2] * n + p] += 1
        if self.events is not None:
            self._ev("move", seat=p, region=a[1], to=a[2])

    def _do_move(self, p: int, a: tuple, d: int) -> None:
        self._effect_move(p, a, d)
        self._continue_deploy(p, self.dec_n - 1)

    def _do_stop(self, p: int, a: tuple, d: int) -> None:
        if self.events is not None:
            self._ev("stop", seat=p)

    def _do_tuck(self, p: int, a: tuple, d: int) -> None:
        self._tuck(p, self.dec_data, a[1], a[2])

    def _do_discard(self, p: int, a: tuple, d: int) -> None:
        h = self.hands[self._hand_of(p)]
        h.remove(a[1])
        self.box.append(a[1])
        if self.events is not None:
            self._ev("discard", seat=p)
        # the others lose track of the hand this card left
        bit = 1 << p
        for c in h:
            self.known[c] &= bit
        self.known[a[1]] = bit

    def _effect_steal(self, p: int, a: tuple, d: int) -> None:
        q = a[1]
        self.coins[q] -= 1
        self.coins[p] += 1
        if self.events is not None:
            self._ev("steal", seat=p, target=q)

    def _do_steal(self, p: int, a: tuple, d: int) -> None:
        self._effect_steal(p, a, d)
        self._continue_steal(p, self.dec_n - 1)

    def _effect_warden(self, p: int, a: tuple, d: int) -> None:
        c = a[1]
        self.warden_supply[c] -= 1
        self.wardens[p * N_PILLARS + c] += 1
        if self.events is not None:
            self._ev("warden", seat=p, colour=c)

    def _do_warden(self, p: int, a: tuple, d: int) -> None:
        self._effect_warden(p, a, d)
        self._continue_wardens(p, self.dec_n - 1, self.dec_data + (a[1],))

    def _do_advance(self, p: int, a: tuple, d: int) -> None:
        self._advance(p, a[1], 1, GUIDANCE)

    def _effect_merc_discard(self, p: int, a: tuple, d: int) -> None:
        self.mercs[p].remove(a[1])
        self.merc_discard.append(a[1])
        if self.events is not None:
            self._ev("merc_discard", seat=p, merc=a[1])

    def _do_merc_discard(self, p: int, a: tuple, d: int) -> None:
        self._effect_merc_discard(p, a, d)
        if d == D_MERC_DISCARD:
            self._continue_limit(p)
        else:
            self._continue_lose_mercs(p, self.dec_n - 1)

    def _do_dominion(self, p: int, a: tuple, d: int) -> None:
        self._dominion(p, a[1])

    def _do_reward(self, p: int, a: tuple, d: int) -> None:
        self._choose_reward(p, a[1])

    def _do_claim(self, p: int, a: tuple, d: int) -> None:
        self._move_claim(a[1], a[2])

    def _do_row(self, p: int, a: tuple, d: int) -> None:
        self._take_row(p, a[1])

    def _do_pay(self, p: int, a: tuple, d: int) -> None:
        self._pay(p, a)

    def _do_monument(self, p: int, a: tuple, d: int) -> None:
        self._build(p, a[1], a[2])

    def _effect_lose_acolyte(self, p: int, a: tuple, d: int) -> None:
        self.board[a[1] * self.n + p] -= 1
        self.reserve[p] += 1
        if self.events is not None:
            self._ev("lose_acolyte", seat=p, region=a[1])

    def _do_lose_acolyte(self, p: int, a: tuple, d: int) -> None:
        self._effect_lose_acolyte(p, a, d)
        self._continue_lose_acolytes(p, self.dec_n - 1)

    def _effect_lose_warden(self, p: int, a: tuple, d: int) -> None:
        self.wardens[p * N_PILLARS + a[1]] -= 1
        self.warden_supply[a[1]] += 1
        if self.events is not None:
            self._ev("lose_warden", seat=p, colour=a[1])

    def _do_lose_warden(self, p: int, a: tuple, d: int) -> None:
        self._effect_lose_warden(p, a, d)
        self._continue_lose_wardens(p, self.dec_n - 1)

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
        return _evaluate(self)

    def determinize(self, observer: int, rng: random.Random) -> State:
        return _determinize(self, observer, rng)

    def view(self, seat: int) -> dict[str, Any]:
        return _view(self, seat)


_ORDERS: dict[tuple, tuple[int, ...]] = {}  # (players, ring, first player, direction) -> drafting order
HANDLERS.update({name[3:]: getattr(State, name) for name in dir(State) if name.startswith("_t_")})
_DO = {str(k): getattr(State, f"_do_{k}") for k in ActionKind}
_EFFECT = {str(k): getattr(State, f"_effect_{k}", _DO[str(k)]) for k in ActionKind}


def new_game(
    players: int,
    seed: int = 0,
    factions: list[str] | None = None,
    content: Content | None = None,
) -> State:
    """Set up a game (table, players, action deck, age 1) and run to the first decision
    (``setup.set_up`` deals it into a blank state).

    ``factions`` lists a faction id per seat; missing ones are drawn at random.
    """
    s = State.__new__(State)
    set_up(s, players, seed, factions, content)
    return s
