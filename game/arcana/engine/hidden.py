"""Hidden information: a seat's view and determinization for search.

What a seat knows (``State.known`` holds, per card, a bitmask of the seats that know where it is):

- its own hand; cards in any discard pile or in play (public); preset first-game hands (public);
- the top ``known_top[seat]`` cards of its own deck after a peek (and its deck's contents, since it
  knows its own cards), the top ``mon_known[seat]`` monuments after a peek;
- its own two dealt mages; other seats' mages only once revealed.

Everything else (other hands, every deck order, the box, the monument pile, others' secret mage and
draft picks) is dealt afresh by :func:`determinize`, which rewrites ``known`` for what it deals (so the
world depends only on the observer's information) and keeps the decision in progress; the contract is
in docs/arcana-engine.md, "Hidden information".
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .constants import D_DEFEND, D_ESS, D_FIRST, D_MPICK, D_ORDER, D_PAY, D_TARGET, PILE_OWN
from .match import picks_left
from .records import Peek

if TYPE_CHECKING:
    from .state import State

Slot = tuple[list[int], int, int]  # (the list, the index in it, the seats that know the card dealt there)


def _deal(s: State, slots: list[Slot], pool: list[int], rng: random.Random) -> None:
    """Deal the cards ``pool`` (the ones in ``slots``) back into the slots in a random order; each card
    dealt is known to the seats its slot names, and to nobody else. The pool is sorted first: the result
    must depend only on what the observer knows (and rng)."""
    pool.sort()
    rng.shuffle(pool)
    known = s.known
    for (lst, i, bits), x in zip(slots, pool):
        lst[i] = x
        known[x] = bits


def _hand_slots(s: State, q: int, bit: int) -> list[Slot]:
    """Seat ``q``'s hand cards the observer (``bit``) does not know: dealt afresh, known to ``q``."""
    h = s.hand[q]
    return [(h, i, 1 << q) for i, x in enumerate(h) if not s.known[x] & bit]


def _placing_from_hand(s: State) -> bool:
    """Is the seat to move choosing which card of its hand an effect places?"""
    return s.dec == D_TARGET and s.dd.purpose.kind == "place" and s.dd.purpose.data.source == "hand"


def _keep_a_placeable_card(s: State, observer: int, slots: list[Slot], pool: list[int],
                           rng: random.Random) -> None:
    """Another seat choosing which hand card an effect places must still hold one it can place: when no
    card of its hand the observer knows will do, one of the pool's cards that it could place (worked out
    from public information only) goes into one of its unknown hand slots before the rest is dealt."""
    a = s.actor
    if a == observer or not _placing_from_hand(s):
        return
    spec = s.dd.purpose.data
    hand = s.hand[a]
    mine = [k for k, (lst, _i, _b) in enumerate(slots) if lst is hand]
    if not mine:
        return  # the observer knows the whole hand: the targets stand
    bit = 1 << observer
    if s.place_targets(a, spec, [x for x in hand if s.known[x] & bit]):
        return
    fits = s.place_targets(a, spec, sorted(pool))
    x = fits[rng.randrange(len(fits))]
    k = mine[rng.randrange(len(mine))]
    lst, i, bits = slots.pop(k)
    lst[i] = x
    s.known[x] = bits
    pool.remove(x)


def _redeal_own(s: State, observer: int, rng: random.Random) -> None:
    """Games 2 and 3 of a match: each seat's 8 artifacts are known to both players as a set (picked face
    up, or kept from game 2), so a rival's unknown hand cards and deck are re-dealt among themselves only."""
    bit = 1 << observer
    for q in range(s.n):
        if q == observer:
            continue
        d = s.deck[q]
        slots = _hand_slots(s, q, bit) + [(d, i, 0) for i, x in enumerate(d) if not s.known[x] & bit]
        pool = [lst[i] for lst, i, _b in slots]
        _keep_a_placeable_card(s, observer, slots, pool, rng)
        _deal(s, slots, pool, rng)


def _artifact_slots(s: State, observer: int) -> list[Slot]:
    """Rivals' unknown hand and pack cards, secret picks and decks, and the box's artifacts: one pool."""
    bit = 1 << observer
    known = s.known
    slots: list[Slot] = []
    for q in range(s.n):
        if q == observer:
            continue
        slots += _hand_slots(s, q, bit)
        slots += [(s.deck[q], i, 0) for i in range(len(s.deck[q]))]
        slots += [(s.packs[q], i, 1 << q) for i, x in enumerate(s.packs[q]) if not known[x] & bit]
        if s.picks[q] >= 0 and not known[s.picks[q]] & bit:
            slots.append((s.picks, q, 1 << q))
    arts = s.c.artifact_set
    return slots + [(s.box, i, 0) for i, x in enumerate(s.box) if x in arts]


def _redeal_mages(s: State, observer: int, rng: random.Random) -> None:
    """Mages not yet revealed: rivals' two options and the box's mages share one pool; a rival's secret
    pick is one of its new options."""
    mages = s.c.mage_set
    slots: list[Slot] = []
    for q in range(s.n):
        if q != observer:
            slots += [(s.mage_opts[q], i, 1 << q) for i in range(len(s.mage_opts[q]))]
    slots += [(s.box, i, 0) for i, x in enumerate(s.box) if x in mages]
    _deal(s, slots, [lst[i] for lst, i, _b in slots], rng)
    for q in range(s.n):
        if q != observer and s.mage_pick[q] >= 0:
            s.mage_pick[q] = rng.choice(s.mage_opts[q])


def _shuffle_below(pile: list[int], peeked: int, rng: random.Random) -> None:
    """A pile whose contents are known but whose order is not, below the ``peeked`` top cards."""
    k = len(pile) - peeked
    if k > 1:
        low = sorted(pile[:k])
        rng.shuffle(low)
        pile[:k] = low


def determinize(state: State, observer: int, rng: random.Random) -> State:
    """A new state where everything ``observer`` cannot know is re-dealt consistently with what it knows.

    The result depends only on the observer's information and ``rng``: every card dealt afresh is known
    to its new holder only (``known`` is rewritten), and what nobody but its holder could know of the box
    is forgotten. The decision in progress is kept: a rival asked which hand card to place still holds
    one it can place, and the cards a rival peeked at follow the re-deal."""
    s = state.copy()
    bit = 1 << observer
    if s.match is not None and s.match["game"] > 1:
        _redeal_own(s, observer, rng)
        slots = [(s.box, i, 0) for i, x in enumerate(s.box) if x in s.c.artifact_set]
    else:
        slots = _artifact_slots(s, observer)
    pool = [lst[i] for lst, i, _b in slots]
    _keep_a_placeable_card(s, observer, slots, pool, rng)
    _deal(s, slots, pool, rng)
    _shuffle_below(s.deck[observer], s.known_top[observer], rng)  # its own deck: contents known, not order
    _shuffle_below(s.mon_deck, s.mon_known[observer], rng)
    if any(s.mage_opts):
        _redeal_mages(s, observer, rng)
    s.box.sort()  # a set: its order would tell where the cards dealt into it came from
    for x in s.box:  # which rival set a mage aside is its own secret
        if not s.known[x] & bit:
            s.known[x] = 0
    if s.actor != observer and s.dec == D_ORDER:  # the peeked cards follow the re-deal
        peek = s.dd
        pile = s.deck[s.actor] if peek.pile == PILE_OWN else s.mon_deck
        s.dd = Peek(peek.pile, tuple(pile[-1 - i] for i in range(len(peek.top))))
    elif s.actor != observer and _placing_from_hand(s):
        s.dd = s.dd._replace(targets=s.place_targets(s.actor, s.dd.purpose.data))
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
