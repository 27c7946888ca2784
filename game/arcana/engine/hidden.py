"""Hidden information: a seat's view and determinization for search.

What a seat knows (``State.known`` holds, per card, a bitmask of the seats that know where it is):

- its own hand; cards in any discard pile or in play (public); preset first-game hands (public);
- the top ``known_top[seat]`` cards of its own deck after a peek (and its deck's contents, since it
  knows its own cards), the top ``mon_known[seat]`` monuments after a peek;
- its own two dealt mages; other seats' mages only once revealed.

Everything else (other hands, every deck order, the box, the monument pile, others' secret mage and
draft picks) is dealt afresh by :func:`determinize`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .constants import D_DEFEND, D_ESS, D_FIRST, D_MPICK, D_NONE, D_ORDER, D_PAY, D_TARGET, PILE_OWN
from .match import picks_left
from .records import Peek

if TYPE_CHECKING:
    from .state import State


def _deal(slots: list[tuple[list[int], int]], pool: list[int], rng: random.Random) -> None:
    """Deal the cards ``pool`` (the ones in ``slots``) back into the slots in a random order. The pool
    is sorted first: the result must depend only on what the observer knows (and rng)."""
    pool.sort()
    rng.shuffle(pool)
    for (lst, i), x in zip(slots, pool):
        lst[i] = x


def _redeal_own(s: State, observer: int, rng: random.Random) -> None:
    """Games 2 and 3 of a match: each seat's 8 artifacts are known to both players as a set (picked face
    up, or kept from game 2), so a rival's unknown hand cards and deck are re-dealt among themselves only."""
    bit = 1 << observer
    known = s.known
    for q in range(s.n):
        if q == observer:
            continue
        h = s.hand[q]
        d = s.deck[q]
        slots = [(h, i) for i, x in enumerate(h) if not known[x] & bit] + [(d, i) for i in range(len(d))]
        _deal(slots, [lst[i] for lst, i in slots], rng)


def determinize(state: State, observer: int, rng: random.Random) -> State:
    """A new state where everything ``observer`` cannot know is re-dealt consistently with what it knows."""
    s = state.copy()
    bit = 1 << observer
    known = s.known
    # artifacts: rivals' unknown hand cards, rivals' decks and the box share one pool
    slots: list[tuple[list[int], int]] = []
    pool: list[int] = []
    arts = s.c.artifact_set
    own = s.match is not None and s.match["game"] > 1
    if own:
        _redeal_own(s, observer, rng)
    for q in range(0 if own else s.n):
        if q == observer:
            continue
        h = s.hand[q]
        for i, x in enumerate(h):
            if not known[x] & bit:
                slots.append((h, i))
                pool.append(x)
        d = s.deck[q]
        for i, x in enumerate(d):
            slots.append((d, i))
            pool.append(x)
        if s.packs[q]:
            pk = s.packs[q]
            for i, x in enumerate(pk):
                if not known[x] & bit:
                    slots.append((pk, i))
                    pool.append(x)
        if s.picks[q] >= 0 and not known[s.picks[q]] & bit:
            slots.append((s.picks, q))
            pool.append(s.picks[q])
    for i, x in enumerate(s.box):  # (in match games 2 and 3 the box only holds cards out of the game)
        if x in arts:
            slots.append((s.box, i))
            pool.append(x)
    _deal(slots, pool, rng)
    # the observer's own deck: contents known, order unknown below the peeked top
    d = s.deck[observer]
    k = len(d) - s.known_top[observer]
    if k > 1:
        low = sorted(d[:k])
        rng.shuffle(low)
        d[:k] = low
    # monument pile below the observer's peek
    k = len(s.mon_deck) - s.mon_known[observer]
    if k > 1:
        low = sorted(s.mon_deck[:k])
        rng.shuffle(low)
        s.mon_deck[:k] = low
    # mages not yet revealed
    if any(s.mage_opts):
        mslots: list[tuple[list[int], int]] = []
        mpool: list[int] = []
        mages = s.c.mage_set
        for q in range(s.n):
            if q != observer:
                for i, x in enumerate(s.mage_opts[q]):
                    mslots.append((s.mage_opts[q], i))
                    mpool.append(x)
        for i, x in enumerate(s.box):
            if x in mages:
                mslots.append((s.box, i))
                mpool.append(x)
        _deal(mslots, mpool, rng)
        for q in range(s.n):
            if q != observer and s.mage_pick[q] >= 0:
                s.mage_pick[q] = rng.choice(s.mage_opts[q])
    # hidden cards named in a pending decision of another seat follow the re-deal
    if s.actor != observer:
        if s.dec == D_ORDER:
            peek = s.dd
            pile = s.deck[s.actor] if peek.pile == PILE_OWN else s.mon_deck
            s.dd = Peek(peek.pile, tuple(pile[-1 - i] for i in range(len(peek.top))))
        elif s.dec == D_TARGET and s.dd.purpose.kind == "place" and s.dd.purpose.data.source == "hand":
            targets = s.place_targets(s.actor, s.dd.purpose.data)
            s.dd = s.dd._replace(targets=targets)
            if not targets:  # the re-dealt hand holds no placeable card: the effect fizzles
                s.dec = D_NONE
                s.dd = None
                s._run()
    s.rseed = rng.getrandbits(60)  # future shuffles are unknown too
    return s


def _comp(state: State, x: int) -> dict[str, Any]:
    on = state.on[x * 5:x * 5 + 5]
    d: dict[str, Any] = {"card": state.c.cards[x].id, "turned": bool(state.turned[x])}
    if any(on):
        d["essences"] = on
    return d


def _player_view(s: State, q: int, seat: int, ids: list[str]) -> dict[str, Any]:
    """What ``seat`` may know of seat ``q``: its public zones, and its secrets only when it is ``seat``."""
    pl: dict[str, Any] = {
        "seat": q,
        "essences": s.ess[q * 5:q * 5 + 5],
        "in_play": [_comp(s, x) for x in s.play[q]],
        "hand_size": len(s.hand[q]),
        "deck_size": len(s.deck[q]),
        "discard": [ids[x] for x in s.disc[q]],
        "passed": s.passed[q],
        "points": s.points(q),
    }
    if q == seat:
        pl["hand"] = [ids[x] for x in s.hand[q]]
        top = s.known_top[q]
        pl["deck_top"] = [ids[x] for x in reversed(s.deck[q][len(s.deck[q]) - top:])] if top else []
        pl["deck_contents"] = sorted(ids[x] for x in s.deck[q])
        pl["mage_options"] = [ids[x] for x in s.mage_opts[q]]
        pl["mage_choice"] = ids[s.mage_pick[q]] if s.mage_pick[q] >= 0 and s.mage_opts[q] else None
        pl["draft_pack"] = [ids[x] for x in s.packs[q]]
        pl["draft_pick"] = ids[s.picks[q]] if s.picks[q] >= 0 else None
    else:
        bit = 1 << seat
        pl["hand_known"] = sorted(ids[x] for x in s.hand[q] if s.known[x] & bit)
        pl["mage_chosen"] = s.mage_pick[q] >= 0
        pl["draft_pack_size"] = len(s.packs[q])
    return pl


def _match_view(s: State, v: dict[str, Any], ids: list[str]) -> None:
    """The match (public): where it stands, each seat's artifacts in games 2 and 3, game 2's pool."""
    if s.match is not None:
        m = s.match
        v["match"] = {"game": m["game"], "wins": list(m["wins"])}
        if m["game"] > 1:  # each seat's picked (game 2) or kept (game 3) artifacts: public as a set
            v["match"]["artifacts"] = [[ids[x] for x in o] for o in s.mown]
    if s.mpool and s.dec in (D_FIRST, D_MPICK):  # face up from the start of game 2's setup
        v["pool"] = [ids[x] for x in s.mpool]
        if s.dec == D_MPICK:
            v["picks_left"] = picks_left(s.fp, s.mstep)


def _decision_view(s: State, v: dict[str, Any], ids: list[str]) -> None:
    """The decision of the seat looking, when it is to move: its legal actions and what it is about."""
    v["legal"] = [list(a) for a in s.legal_actions()]
    dd = s.dd
    if s.dec == D_TARGET:
        v["targets"] = [ids[x] for x in dd.targets]
    elif s.dec == D_ESS:
        v["essence_choice"] = {"mode": dd.mode, "count": dd.count}
    elif s.dec == D_PAY:
        cost = dd.cost
        v["cost"] = {"fixed": list(cost.fixed), "any": cost.any, "discount": cost.discount,
                     "discount_no_gold": cost.discount_no_gold}
    elif s.dec == D_DEFEND:
        v["attack"] = {"by": dd.attacker, "card": ids[dd.card], "amount": dd.amount}
    elif s.dec == D_ORDER:  # the peeked cards, top first
        v["peek"] = [ids[x] for x in dd.top]


def view(state: State, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may know, as JSON-ready data."""
    s = state
    ids = [cd.id for cd in s.c.cards]
    mk = s.mon_known[seat]
    v: dict[str, Any] = {
        "seat": seat,
        "players": [_player_view(s, q, seat, ids) for q in range(s.n)],
        "round": s.round,
        "first_player": s.fp,
        "token": s.token,
        "turn": s.cur,
        "monuments_face_up": [ids[x] for x in s.mon_up],
        "monument_pile_size": len(s.mon_deck),
        "monument_pile_top": [ids[x] for x in reversed(s.mon_deck[len(s.mon_deck) - mk:])] if mk else [],
        "places_of_power": [ids[x] for x in s.places],
        "magic_items_free": [ids[x] for x in s._free_items()],
        "to_move": s.to_move(),
        "decision": s.decision_name(),
        "over": s.is_terminal(),
        "winners": list(s.winners),
        "match": None,
    }
    _match_view(s, v, ids)
    if s.actor == seat and not s.is_terminal():
        _decision_view(s, v, ids)
    return v
