"""Hidden information: one seat's view of the state, and determinization.

What a seat knows (rulebook "During a Round", "Executing a Reckoning"):
everything on the table, its own hand of action cards and mercenaries, the
contents of every hand it has held in this age's draft (as TAG does for Sushi
Go), and counts of everything else. It never knows another seat's secret
selection or bid before the reveal, the order of any deck, the other seats'
mercenary cards, the cards of later ages, or which card a 2-player discarder
put back in the box.

``determinize(state, observer, rng)`` deals all of that afresh, consistent with
what ``observer`` knows. Its result depends only on the observer's information
and ``rng`` (hands are rebuilt from sorted pools), which is what keeps bots
honest: two states that look the same to a seat determinize identically.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .constants import (
    BAG,
    D_BID,
    D_DISCARD,
    D_OVER,
    D_PAY,
    D_SELECT,
    ICON_SLOTS,
    MATCH,
    N_PILLARS,
    N_REGIONS,
    STACK_SIZES,
)
from .content import CARD_ACTION, CARD_FINAL, CARD_RECKONING

if TYPE_CHECKING:
    from .state import State


def _knows(state: State, observer: int, card: int) -> bool:
    """Whether ``observer`` knows where ``card`` is (-1, nobody in particular: only what all know)."""
    k = state.known[card]
    return k == -1 or (observer >= 0 and bool(k & (1 << observer)))


_TABLES: dict[tuple, tuple] = {}


def _card_tables(c: Any, decks: tuple[str, ...]) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]], tuple[int, ...]]:
    """The action cards of the decks in play, the reckoning cards of each age's deck and the final
    reckoning cards, in card order (worked out once per content and player count)."""
    key = (id(c), decks)
    got = _TABLES.get(key)
    if got is None or got[0] is not c:
        cards = c.cards
        action = tuple(sorted(cd.index for cd in cards if cd.kind == CARD_ACTION and cd.deck in decks))
        reck = {k: tuple(sorted(cd.index for cd in cards if cd.kind == CARD_RECKONING and cd.deck == str(k)))
                for k in (1, 2, 3)}
        finals = tuple(sorted(cd.index for cd in cards if cd.kind == CARD_FINAL))
        got = _TABLES[key] = (c, action, reck, finals)
    return got[1], got[2], got[3]


def shuffle(x: list, rng: random.Random) -> None:
    """``rng.shuffle(x)``, draw for draw (the same permutation and the same random numbers used),
    without a method call per element: Python's ``shuffle`` swaps ``x[i]`` with ``x[randbelow(i + 1)]``
    from the end, and ``randbelow(m)`` draws ``getrandbits`` of ``m``'s bit length until the draw is
    below ``m``. Determinization shuffles some 150 cards per search iteration."""
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        b = bits[i]  # the bit length of i + 1
        j = getrandbits(b)
        while j > i:
            j = getrandbits(b)
        x[i], x[j] = x[j], x[i]


_BITS = tuple((i + 1).bit_length() for i in range(4096))


def _shuffle(x: list, rng: random.Random) -> None:
    if len(x) < 4096:
        shuffle(x, rng)
    else:  # pragma: no cover - no pool is this large
        rng.shuffle(x)


def determinize(state: State, observer: int, rng: random.Random) -> State:
    s = state.copy()
    o = observer
    n = s.n
    hands = s.hands
    secret_select = s.dec in (D_SELECT, D_DISCARD)

    # 1. others' committed secret selections go back into their hands
    reselect: list[int] = []
    if secret_select:
        selected = s.selected
        for q in range(n):
            if q != o and selected[q] >= 0:
                hands[q].append(selected[q])
                selected[q] = -1
                reselect.append(q)

    # 2. unknown slots of the current age
    known = state.known
    bit = 1 << o
    slots: list[int] = []  # hand index per unknown slot
    for h, hand in enumerate(hands):
        if h == o:
            continue
        keep = []
        for card in hand:
            k = known[card]
            if k == -1 or k & bit:
                keep.append(card)
            else:
                slots.append(h)
        if len(keep) != len(hand):
            hands[h] = keep
    # 3. pools of cards whose whereabouts the observer does not know (in card order); every card
    # of them ends unknown to all (set to 0) except those dealt into a hand below
    action_cards, reck_cards, final_cards = _card_tables(s.c, s.player_count_deck)
    s_known = s.known
    action_pool = []
    for x in action_cards:
        k = known[x]
        if not (k == -1 or k & bit):
            action_pool.append(x)
            s_known[x] = 0
    reck_pool = {}
    for a in (1, 2, 3):
        pool = []
        for x in reck_cards[a]:
            k = known[x]
            if not (k == -1 or k & bit):
                pool.append(x)
                s_known[x] = 0
        reck_pool[a] = pool
    _shuffle(action_pool, rng)
    age = max(1, s.age)
    seen_now = len(reck_cards[age]) - len(reck_pool[age])
    need_reck = max(0, min(2 - seen_now, len(slots)))
    pool_k = reck_pool[age][:]
    _shuffle(pool_k, rng)
    fill = pool_k[:need_reck]
    for _ in range(len(slots) - need_reck):
        fill.append(action_pool.pop())
    _shuffle(fill, rng)
    for h, card in zip(slots, fill):
        hands[h].append(card)
        s_known[card] = (1 << h) if h < n else 0
    discarder = s.actor if s.dec == D_DISCARD and s.actor != o else -1
    if discarder >= 0:
        _keep_an_action_card(s, discarder, list(zip(slots, fill)), rng)
    # future age stacks
    size = STACK_SIZES[n]
    for k in range(age + 1, 4):
        pk = reck_pool[k][:]
        _shuffle(pk, rng)
        if len(action_pool) < size:  # pragma: no cover - the pools always hold the stacks
            raise IndexError("pop from empty list")
        cut = len(action_pool) - size
        stack = action_pool[cut:][::-1]  # = [action_pool.pop() for _ in range(size)]
        del action_pool[cut:]
        stack += pk[:2]
        _shuffle(stack, rng)
        s.stacks[k - 1] = stack
    # what is left of action_pool is set aside (unknown to all)
    s.box = [b for b in s.box if known[b] == -1 or known[b] & bit]  # the boxed cards it knows of
    for hand in hands:
        hand.sort()
    for q in reselect:
        hand = hands[q]
        options = _selections_leaving_a_discard(s, hand) if q == discarder else hand
        pick = options[rng.randrange(len(options))]
        hand.remove(pick)
        s.selected[q] = pick

    # 4. mercenaries: others' hands and the deck
    mercs = s.mercs
    merc_pool = s.merc_deck[:]
    for q in range(n):
        if q != o:
            merc_pool += mercs[q]
    merc_pool.sort()
    _shuffle(merc_pool, rng)
    for q in range(n):
        if q != o:
            k = len(mercs[q])
            mercs[q] = sorted(merc_pool[:k])
            del merc_pool[:k]
    s.merc_deck = merc_pool
    mercs[o].sort()

    # 5. future reward cards, final reckoning cards, later randomness
    s.reward_deck.sort()
    _shuffle(s.reward_deck, rng)
    revealed_finals = s.finals[:s.age]
    future = [x for x in final_cards if x not in revealed_finals]
    _shuffle(future, rng)
    s.finals = revealed_finals + future[:3 - len(revealed_finals)]
    s.rng_seed = rng.getrandbits(62)

    # 6. others' sealed bids not yet revealed
    if s.dec == D_BID and s.rk is not None:
        rk = s.rk
        for q in range(n):
            if q != o:
                rk.maxbid[q] = s.max_bid(q, rk.region)
        done = set(range(n)) - set(s.pending)
        for q in sorted(done):
            if q != o:
                rk.bids[q] = rng.randint(0, rk.maxbid[q])
        if rk.table_bid >= 0:
            rk.table_bid = sum(rng.sample(BAG, s.age))
    if s.dec == D_PAY:  # the payer's mercenaries may have been dealt afresh: offer what it holds now
        if s.actor != o:
            _cover_the_bid(s, o, rng)
        s.dec_data = tuple(s.payment_options(s.actor))
    return s


def _keep_an_action_card(s: State, q: int, dealt: list[tuple[int, int]], rng: random.Random) -> None:
    """2 players: a rival about to discard an action card still holds one. When none was dealt into its
    hand (``dealt``: the (hand, card) of every card dealt afresh), a reckoning card dealt into it trades
    places with a random action card dealt into another hand."""
    cards = s.c.cards
    hands = s.hands
    if any(cards[c].kind == CARD_ACTION for c in hands[q]):
        return
    mine = sorted(c for h, c in dealt if h == q)
    others = [(h, c) for h, c in dealt if h != q and cards[c].kind == CARD_ACTION]
    if not mine or not others:  # pragma: no cover - the real hand held an action card the observer did not see
        return
    mine_card = mine[rng.randrange(len(mine))]
    h, other_card = others[rng.randrange(len(others))]
    hands[q][hands[q].index(mine_card)] = other_card
    hands[h][hands[h].index(other_card)] = mine_card
    s.known[other_card] = 1 << q
    s.known[mine_card] = (1 << h) if h < s.n else 0
    hands[q].sort()
    hands[h].sort()


def _selections_leaving_a_discard(s: State, hand: list[int]) -> list[int]:
    """The cards of the discarder's hand it may have selected: any that leaves an action card to discard."""
    cards = s.c.cards
    actions = [c for c in hand if cards[c].kind == CARD_ACTION]
    return [c for c in hand if c not in actions] if len(actions) == 1 else hand


def _cover_the_bid(s: State, observer: int, rng: random.Random) -> None:
    """A rival paying its revealed bid could pay it: while its re-dealt mercenaries leave it short, its
    least useful one trades places with a random more useful one the observer does not hold (from the
    deck or another rival's hand). Uses only public information (the bid, the region, the payer's
    visible means), so the world still depends only on the observer's information."""
    payer = s.actor
    region = s.rk.region
    bid = s.rk.bids[payer]
    mask = s.claim_mask(region)
    table = s.c.mercenaries

    def worth(m: int) -> int:
        return MATCH[table[m].mask & mask]

    mercs = s.mercs
    while s.max_bid(payer, region) < bid:
        hand = mercs[payer]
        if not hand:
            return
        low = min(hand, key=lambda m: (worth(m), m))
        places = [(q, i) for q in range(s.n) if q not in (observer, payer) for i in range(len(mercs[q]))]
        better = [(lst_q, i) for lst_q, i in places if worth(mercs[lst_q][i]) > worth(low)]
        better += [(-1, i) for i, m in enumerate(s.merc_deck) if worth(m) > worth(low)]
        if not better:
            return
        q, i = better[rng.randrange(len(better))]
        other = s.merc_deck if q < 0 else mercs[q]
        hand[hand.index(low)], other[i] = other[i], low
        hand.sort()
        if q >= 0:
            other.sort()


def view(state: State, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may see, as a JSON-ready dict (cards by id, pillars/regions by index).
    ``seat`` -1: what every player sees (no hand, mercenaries, selection or bid of anybody's)."""
    s = state
    c = s.c
    n = s.n
    cid = [cd.id for cd in c.cards]
    mid = [m.id for m in c.mercenaries]
    rk = s.rk
    known_hands: dict[str, list[str]] = {}
    secret_select = s.dec in (D_SELECT, D_DISCARD)
    for h, hand in enumerate(s.hands):
        if h == seat:
            continue
        cards = hand
        if secret_select and h < n and s.selected[h] >= 0:
            # a committed selection is still secret: it counts as in the hand, or the card
            # missing from a hand this seat knows would give the pick away
            cards = [*hand, s.selected[h]]
        known = sorted(cid[x] for x in cards if _knows(s, seat, x))
        name = "table" if h >= n else str(h)
        known_hands[name] = known
    revealed_bids = rk is not None and bool(rk.order)
    out: dict[str, Any] = {
        "seat": seat,
        "players": n,
        "age": s.age,
        "round": s.round,
        "direction": "clockwise" if s.direction == 1 else "counterclockwise",
        "decision": s.decision_name(),
        "to_move": s.to_move(),
        "first_player": s.first_player() if s.dec != D_OVER else s.winner,
        "first_player_card": "table" if s.fp >= n else s.fp,
        "factions": [c.factions[f].id for f in s.factions],
        "score": s.score[:],
        "coins": s.coins[:],
        "coin_supply": s.supply,
        "reserve": s.reserve[:],
        "board": [[s.board[r * n + p] for p in range(n)] for r in range(N_REGIONS)],
        "claims": [[s.claims[r * N_PILLARS + col] for col in range(N_PILLARS)] for r in range(N_REGIONS)],
        "wardens": [s.wardens[p * N_PILLARS:(p + 1) * N_PILLARS] for p in range(n)],
        "warden_supply": s.warden_supply[:],
        "tracks": [s.tracks[p * N_PILLARS:(p + 1) * N_PILLARS] for p in range(n)],
        "icons": [s.icons[p * ICON_SLOTS:(p + 1) * ICON_SLOTS] for p in range(n)],
        "tucked": [[{"card": cid[x], "pillar": pl, "side": sd} for x, pl, sd in s.tucked[p]] for p in range(n)],
        "artifacts": s.artifact[:],
        "monuments": [None if b is None else {"owner": b[0], "option": b[1], "age": b[2]} for b in s.built],
        "monuments_left": s.monuments_left,
        "rewards": [c.rewards[r].id for r in s.revealed],
        "final_card": cid[s.final_card] if s.final_card >= 0 else None,
        "merc_deck": len(s.merc_deck),
        "merc_discard": [mid[m] for m in s.merc_discard],
        "merc_counts": [len(m) for m in s.mercs],
        "hand_counts": [len(h) for h in s.hands],
        "hand": sorted(cid[x] for x in s.hands[seat]) if seat >= 0 else [],
        "mercenaries": sorted(mid[m] for m in s.mercs[seat]) if seat >= 0 else [],
        "known_hands": known_hands,
        "selected": cid[s.selected[seat]] if seat >= 0 and s.selected[seat] >= 0 else None,
        "committed": [s.selected[p] >= 0 for p in range(n)],
        "revealed": ([cid[x] if x >= 0 else None for x in s.selected]
                     if s.dec not in (D_SELECT, D_DISCARD) else [None] * n),
        "age_scores": [a[:] for a in s.age_scores],
        "winner": s.winner,
        "reckoning": None,
    }
    if rk is not None:
        out["reckoning"] = {
            "region": rk.region,
            "player": rk.player,
            "final": rk.final,
            "reward": c.rewards[rk.reward].id if rk.reward >= 0 else None,
            "bids": rk.bids[:] if revealed_bids else [rk.bids[p] if p == seat and p not in s.pending else None
                                                     for p in range(n)],
            "table_bid": rk.table_bid if revealed_bids else None,
            "max_bid": rk.maxbid[seat] if seat >= 0 else None,
            "order": rk.order[:],
            "rows": rk.row_owner[:],
            "paid": rk.paid[:],
        }
    return out
