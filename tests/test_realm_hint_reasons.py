"""Realm's hint says why in facts of the position and the move (play-test: "Hint: bid 5 ... it expects to win from
here" left the player last; "about 21 VP behind the winner" read the search's value, a mix of wins and margins, as
a margin; and "Build your monument on Warden Hall?" built one of its two options unnamed).

Each decision kind, in a seeded position, gets a reason that names a fact checked here against the state; no two
kinds share a sentence; the reason never depends on what the seat cannot see (control: the worlds dealt from the
seat's information do differ in hidden cards); a monument names its option in the hint and in the preview.
"""

from __future__ import annotations

import random
import re

import pytest

from game.realm.engine.constants import TRACK_MAX
from game.realm.engine.content import CARD_ACTION
from game.realm.engine.scoring import space_points
from game.realm.ui.hint import hint_line, hint_reason
from game.realm.ui.payment import rival_most
from game.realm.ui.words import preview_title

from .realm_hint_helpers import position

NAMES = ("Ann", "Ben", "Cy", "Di")


def who(q: int) -> str:
    return NAMES[q]


def _reason(st, a) -> str:
    return hint_reason(st, st.to_move(), a, who)


# ------------------------------------------------------------------ one fact of each kind, checked against the state

def test_a_card_choice_says_what_it_gives_now_and_the_pillars_its_tuck_would_feed() -> None:
    st, a = position("select", pick=lambda s, a: s.c.cards[a[1]].kind == CARD_ACTION
                     and max(h.influence for h in s.c.cards[a[1]].halves) > 0)
    p, card = st.to_move(), st.c.cards[a[1]]
    said = _reason(st, a)
    gain = max(h.influence for h in card.halves)
    for pl in card.pillars:  # each pillar by name, its influence now and after the tuck
        now = st.track(p, pl)
        assert f"{st.c.pillar_names[pl]} {now}\u00a0\u2192\u00a0{min(TRACK_MAX, now + gain)}" in said
    assert f"+{gain} influence" in said


def test_a_reckoning_card_choice_says_what_the_seat_and_its_rivals_could_pay_there() -> None:
    st, a = position("select", pick=lambda s, a: s.c.cards[a[1]].kind != CARD_ACTION)
    p, card = st.to_move(), st.c.cards[a[1]]
    said = _reason(st, a)
    assert st.c.region_names[card.region] in said and f"at most {st.max_bid(p, card.region)} there" in said


def test_a_placement_says_the_lead_it_takes_or_keeps_in_its_region() -> None:
    st, a = position("place")
    p, region = st.to_move(), a[1]
    after = st.preview(a)
    mine = after.acolytes_in(region, p)
    best = max(after.acolytes_in(region, q) for q in range(st.n) if q != p)
    said = _reason(st, a)
    assert st.c.region_names[region] in said
    if mine > best:
        assert f"you lead {mine}\u00a0to\u00a0{best}" in said
    elif mine == best:
        assert f"tied for the lead at {mine}" in said
    else:
        assert f"to your\u00a0{mine}" in said


def test_a_tuck_names_its_pillar_and_half_and_the_influence_it_brings() -> None:
    st, a = position("tuck", pick=lambda s, a: s.c.cards[s.tucking_card()].halves[a[2]].influence > 0)
    p, pillar = st.to_move(), a[1]
    said = _reason(st, a)
    name = st.c.pillar_names[pillar]
    assert f"{name} {('top', 'bottom')[a[2]]}" in said
    assert f"{name} influence {st.track(p, pillar)}\u00a0\u2192\u00a0{st.preview(a).track(p, pillar)}" in said


def test_a_bid_says_which_rivals_could_pay_as_much_and_what_it_costs() -> None:
    st, a = position("bid", pick=lambda s, a: a[1] > 0)
    p, bid = st.to_move(), a[1]
    said = _reason(st, a)
    able = [q for q in range(st.n) if q != p and rival_most(st, q)[1] >= bid]
    if able:
        for q in able:
            assert who(q) in said.split(";")[0]
        assert f"at worst {len(able)} of the" in said or "last row" in said
    else:
        assert "no rival could pay as much" in said
    assert "costs" in said


def test_a_row_says_what_it_gives_for_the_seats_own_bid() -> None:
    st, a = position("row", pick=lambda s, a: not s.c.rewards[s.reckoning_reward()].rows[a[1]].is_penalty)
    p = st.to_move()
    row = st.c.rewards[st.reckoning_reward()].rows[a[1]]
    said = _reason(st, a)
    assert f"row {a[1] + 1} gives" in said and f"your bid of {st.bid_of(p)}" in said
    if row.gains[0]:
        assert f"+{row.gains[0]} VP" in said


def test_a_warden_says_how_many_then_and_where_its_colour_is_claimed() -> None:
    st, a = position("warden")
    p, colour = st.to_move(), a[1]
    said = _reason(st, a)
    name = st.c.pillar_names[colour]
    assert f"{name} wardens then {st.wardens_of(p, colour) + 1}" in said
    for r, region in enumerate(st.c.region_names):
        assert (region in said) == (st.claims_in(r)[colour] > 0)


def test_a_monument_names_its_option_and_what_it_scores_now_for_the_seat_and_rivals() -> None:
    st, a = position("monument", pick=lambda s, a: bool(s.c.spaces[a[1]].options))
    p, sp = st.to_move(), st.c.spaces[a[1]]
    pts = space_points(st, a[1], a[2], min(max(st.age, 1), 3))
    said = hint_line(st, p, a, who)
    assert f"{sp.name}, {sp.options[a[2]]['name']}" in said
    assert f"{pts[p]:+d} VP for you" in said
    for q in range(st.n):
        if q != p:
            assert f"{who(q)} {pts[q]:+d}" in said


def test_a_monuments_preview_names_its_option() -> None:
    st, a = position("monument", pick=lambda s, a: bool(s.c.spaces[a[1]].options))
    sp = st.c.spaces[a[1]]
    title = preview_title(st.c, st, a, who)
    assert sp.options[a[2]]["name"] in title and sp.name in title
    other = next(b for b in st.legal_actions() if b[0] == "monument" and b[1] == a[1] and b[2] != a[2])
    assert preview_title(st.c, st, other, who) != title  # the two options of one space read apart


def test_a_payment_says_the_bid_it_pays_and_what_is_kept() -> None:
    st, a = position("pay")
    p = st.to_move()
    after = st.preview(a)
    said = _reason(st, a)
    assert f"your bid of {st.bid_of(p)} paid" in said
    assert f"you keep {after.coins[p]} coin" in said


@pytest.mark.parametrize("decision,players", [("move", 3), ("claim", 3), ("reward", 3), ("dominion", 3),
                                              ("lose_acolyte", 3), ("lose_merc", 3), ("discard", 2),
                                              ("lose_warden", 3)])
def test_every_other_decision_gets_a_reason(decision: str, players: int) -> None:
    st, a = position(decision, players)
    said = _reason(st, a)
    assert said and re.search(r"\d", said), said  # a count from the table, never a bare word


# ------------------------------------------------------------------ apart, and never from hidden cards

KINDS = [("select", 3), ("place", 3), ("tuck", 3), ("bid", 3), ("row", 3), ("warden", 3), ("monument", 3),
         ("pay", 3), ("move", 3), ("claim", 3), ("reward", 3), ("dominion", 3), ("lose_acolyte", 3),
         ("lose_merc", 3), ("discard", 2), ("lose_warden", 3)]


def test_no_two_decision_kinds_share_a_sentence() -> None:
    seen: dict[str, str] = {}
    for decision, players in KINDS:
        st, a = position(decision, players)
        line = hint_line(st, st.to_move(), a, who)
        for sentence in {re.sub(r"[+\u2212-]?\d+", "#", x) for x in line.split(". ")}:
            assert seen.setdefault(sentence, decision) == decision, (sentence, decision, seen[sentence])


def _hidden(st, p: int) -> tuple:
    """What seat ``p`` cannot see: the rivals' mercenaries and the mercenary deck's order."""
    return tuple(tuple(st.mercenaries(q)) for q in range(st.n) if q != p) + (tuple(st.merc_deck),)


@pytest.mark.parametrize("decision,players", KINDS)
def test_a_reason_never_depends_on_hidden_cards(decision: str, players: int) -> None:
    st, a = position(decision, players)
    p = st.to_move()
    said = _reason(st, a)
    worlds = [st.determinize(p, random.Random(k)) for k in range(6)]
    for w in worlds:
        assert w.is_legal(a)
        assert hint_reason(w, p, a, who) == said
    # the control: those worlds do deal the hidden cards afresh, so a reason that read them would differ
    assert len({_hidden(w, p) for w in worlds + [st]}) > 1


def test_the_control_a_reason_that_peeked_would_be_caught() -> None:
    """The tempting way to say what a rival could bid, ``State.max_bid``, counts its hidden mercenaries' colours:
    over the same worlds it reads differently, so the test above would catch a reason built on it."""
    st, a = position("bid", pick=lambda s, a: a[1] > 0 and sum(len(s.mercenaries(q)) for q in range(s.n)
                                                                 if q != s.to_move()) >= 2)
    p, region = st.to_move(), st.reckoning_region()

    def peeking(w) -> tuple:
        return tuple(w.max_bid(q, region) for q in range(w.n) if q != p)

    worlds = [st.determinize(p, random.Random(k)) for k in range(12)] + [st]
    assert len({peeking(w) for w in worlds}) > 1
    assert len({_reason(w, a) for w in worlds}) == 1
