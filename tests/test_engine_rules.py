"""The rulebook's rules and examples, one test each (rulebook sections named in the docstrings)."""

from __future__ import annotations

import random

import pytest

from game.realm.engine import IllegalAction, new_game
from game.realm.engine.content import CARD_ACTION, CARD_RECKONING
from game.realm.engine.scoring import score_monuments, space_points
from game.realm.engine.state import (
    D_BID,
    D_MERC_DISCARD,
    D_MOVE,
    D_PAY,
    D_PLACE,
    D_SELECT,
    D_STEAL,
    D_TUCK,
    DOMINION,
    EQUITY,
    GUIDANCE,
    RADIANCE,
    TABLE,
    UNDERSTANDING,
)

from .engine_helpers import play_out, play_until, snapshot

REGION_OF = {"guidance": 0, "equity": 1, "dominion": 2, "understanding": 3, "radiance": 4}


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("players,stack", [(2, 12), (3, 13), (4, 18), (5, 23)])
def test_action_deck_stacks_by_player_count(players: int, stack: int) -> None:
    """Action Deck Setup: 12/13/18/23 cards per stack, 2 reckoning cards each, 5 cards per player."""
    s = new_game(players, seed=3)
    cards = s.c.cards
    decks = {"base"} | ({"4+"} if players >= 4 else set()) | ({"5"} if players == 5 else set())
    dealt = [c for h in s.hands for c in h]
    assert len(dealt) == stack + 2
    for st in s.stacks[1:]:
        assert len(st) == stack + 2
    for age, cards_of_age in enumerate([dealt, s.stacks[1], s.stacks[2]], 1):
        reck = [c for c in cards_of_age if cards[c].kind == CARD_RECKONING]
        assert len(reck) == 2 and all(cards[c].deck == str(age) for c in reck)
        assert all(cards[c].deck in decks for c in cards_of_age if cards[c].kind == CARD_ACTION)
    for p in range(players):
        assert len(s.hands[p]) == 5
    if players == 2:
        assert len(s.hands[TABLE]) == 4


def test_table_and_player_setup() -> None:
    """Table/Player Setup: 25 coins, 2 claim tokens per region, 25 wardens, 15 acolytes, factions' boards."""
    s = new_game(5, seed=1)
    assert s.supply + sum(s.coins) == 25
    assert all(s.claims[r * 5 + s.c.region_pillar[r]] == 2 for r in range(5)) and sum(s.claims) == 10
    assert sum(s.warden_supply) + sum(s.wardens) == 25
    for p in range(5):
        f = s.c.factions[s.factions[p]]
        assert s.score[p] == f.score
        assert s.coins[p] == f.coins
        assert s.tracks[p * 5:p * 5 + 5] == list(f.influence)
        assert s.reserve[p] + s.acolytes_on_board(p) == 15
        for w in f.wardens:
            assert s.wardens[p * 5 + w] >= 1


def test_guilded_setup_is_the_printed_board() -> None:
    """Faction-Specific Setup, The Guilded: equity 2, dominion 1, one yellow warden, 3 coins, 2+1 acolytes."""
    s = new_game(3, seed=2, factions=["watchers", "guilded", "remnants"])
    p = 1
    assert s.tracks[p * 5:p * 5 + 5] == [0, 0, 0, 2, 1]
    assert s.wardens[p * 5:p * 5 + 5] == [0, 0, 0, 1, 0]
    assert s.coins[p] == 3
    n = s.n
    sg, sw = s.c.region_ids.index("stone_gardens"), s.c.region_ids.index("shattered_ward")
    assert s.board[sg * n + p] == 2 and s.board[sw * n + p] == 1
    assert s.acolytes_on_board(p) == 3


def test_first_player_card_goes_to_lowest_score() -> None:
    """Action Deck Setup 4: the first player card to the player lowest on the score track."""
    for seed in range(10):
        s = new_game(4, seed=seed)
        assert s.score[s.fp] == min(s.score)
        assert s.first_player() == s.fp


def test_first_player_card_is_never_playable() -> None:
    """Playing an Age 1: the first player card stays in hand; only the 5 action cards can be selected."""
    s = new_game(3, seed=4)
    holder = s.fp
    assert len(s.hands[holder]) == 5  # the first player card is tracked beside the hand
    while s.actor != holder:
        s.apply(s.legal_actions()[0])
    assert all(a[0] == "select" and a[1] in s.hands[holder] for a in s.legal_actions())


# ------------------------------------------------------------------ rounds
def test_simultaneous_selection_then_resolution_in_drafting_order() -> None:
    """During a Round: all select, reveal, resolve from the first player clockwise (age 1)."""
    s = new_game(4, seed=5)
    s.events = []
    first = s.first_player()
    for _ in range(4):
        assert s.dec == D_SELECT
        s.apply(s.legal_actions()[0])
    turns = []
    rng = random.Random(0)
    while s.round == 1 and not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    turns = [e["seat"] for e in s.events if e["type"] == "turn"][:4]
    assert turns == [(first + k) % 4 for k in range(4)]


def test_hands_pass_clockwise_in_age_1_and_counterclockwise_in_age_2() -> None:
    """During a Round 4: pass clockwise in ages 1 and 3, counterclockwise in age 2; mercenaries stay."""
    for age, step in ((1, 1), (2, -1)):
        s = play_until(4, 10, lambda st, a=age: st.age == a and st.round == 1 and st.dec == D_SELECT)
        rng = random.Random(1)
        for _ in range(4):
            s.apply(rng.choice(s.legal_actions()))
        mercs_before = [m[:] for m in s.mercs]
        hands_after_play = [h[:] for h in s.hands]
        while s.round == 1:
            if s.dec == D_MERC_DISCARD:
                pytest.skip("a hand-limit discard interferes with this check")
            s.apply(rng.choice(s.legal_actions()))
        for p in range(4):
            assert sorted(s.hands[(p + step) % 4]) == sorted(hands_after_play[p])
            for q in range(4):
                if q != p:
                    assert not set(mercs_before[p]) & set(s.mercs[q])  # mercenaries never pass


def test_five_rounds_each_age_and_three_ages() -> None:
    s = new_game(3, seed=6)
    s.events = []
    play_out(s, random.Random(6))
    rounds = [(e["age"], e["round"]) for e in s.events if e["type"] == "round_start"]
    assert rounds == [(a, r) for a in (1, 2, 3) for r in range(1, 6)][1:]  # round 1 began in new_game
    assert len(s.age_scores) == 3 and s.winner >= 0


# ---------------------------------------------------------------- actions
def test_deploy_with_empty_reserve_moves_acolytes() -> None:
    """Deploy Acolyte Action: with no acolytes in reserve you may move acolytes already on the board."""
    s = play_until(3, 20, lambda st: st.dec == D_PLACE)
    p = s.actor
    n = s.n
    # take every reserve acolyte onto the board first
    while s.reserve[p]:
        s.board[0 * n + p] += 1
        s.reserve[p] -= 1
    s.dec_n = 2
    s._continue_deploy(p, 2)
    assert s.dec == D_MOVE
    acts = s.legal_actions()
    assert ("stop",) in acts and all(a[0] in ("move", "stop") for a in acts)
    before = s.board[0 * n + p]
    s.apply(("move", 0, 3))
    assert s.board[0 * n + p] == before - 1 and s.board[3 * n + p] >= 1


def test_amass_wealth_steals_when_supply_runs_out() -> None:
    """Amass Wealth Action: if the supply is empty, take coins from other players of your choice."""
    s = new_game(3, seed=7)
    s.coins = [0, 5, 5]
    s.supply = 15 - 0  # keep the total at 25
    s.supply = 25 - sum(s.coins)
    s.supply, s.coins[1] = 0, s.coins[1] + 15  # all coins in players' hands
    s.tasks.append(("coins", 0, 2))
    s.dec = 0
    s._run()
    assert s.dec == D_STEAL and s.actor == 0
    s.apply(("steal", 2))
    s.apply(("steal", 1))
    assert s.coins[0] == 2 and s.coins[1] == 19 and s.coins[2] == 4


def test_hire_mercenaries_hand_limit_and_reshuffle() -> None:
    """Hire Mercenary Action: more than 8 cards means discard down to 8; the discard is reshuffled when empty."""
    s = new_game(3, seed=8)
    s.mercs[0] = s.merc_deck[-7:]
    del s.merc_deck[-7:]
    s.merc_discard = s.merc_deck[:-1]
    s.merc_deck = s.merc_deck[-1:]
    s.tasks.append(("mercs", 0, 2))
    s.dec = 0
    s._run()
    assert len(s.mercs[0]) == 9 and s.dec == D_MERC_DISCARD
    s.apply(s.legal_actions()[0])
    assert len(s.mercs[0]) == 8
    assert len(s.merc_deck) + len(s.merc_discard) + sum(len(m) for m in s.mercs) == 40


def test_recruit_warden_any_colour_and_none_left() -> None:
    """Recruit Warden Action: any colour from the supply; if the supply is empty, no effect."""
    s = new_game(3, seed=9)
    s.tasks.append(("wardens", 0, 1))
    s.dec = 0
    s._run()
    assert {a[1] for a in s.legal_actions()} == {c for c in range(5) if s.warden_supply[c]}
    s2 = new_game(3, seed=9)
    for c in range(5):
        s2.wardens[1 * 5 + c] += s2.warden_supply[c]
        s2.warden_supply[c] = 0
    before = s2.wardens[:]
    s2.tasks.append(("wardens", 0, 1))
    s2.dec = 0
    s2.tasks.append(("vp", 0, 0))  # a harmless task so the loop stops on the next decision
    s2._run()
    assert s2.wardens == before


# -------------------------------------------------------------------- tuck
def test_tuck_example_dominion_two_influence_and_stone() -> None:
    """Tucking Cards example: deploy 3, tucked under Dominion: 2 Dominion influence and 1 stone icon."""
    s = new_game(3, seed=11)
    c = s.c
    a01 = c.card_index("A01")
    card = c.cards[a01]
    assert card.action == 0 and card.amount == 3 and set(card.pillars) == {GUIDANCE, DOMINION}
    side = next(i for i, h in enumerate(card.halves) if h.influence == 2 and h.icons == (c.icon_ids.index("stone"),))
    p = 0
    before = s.tracks[p * 5 + DOMINION]
    s._tuck(p, a01, DOMINION, side)
    assert s.tracks[p * 5 + DOMINION] == min(8, before + 2)
    assert s.icon_count(p, c.icon_ids.index("stone")) == 1
    assert s.tuck_count[p * 5 + DOMINION] == 1


def test_track_capped_at_8() -> None:
    s = new_game(3, seed=12)
    s.tracks[0 * 5 + EQUITY] = 7
    s._advance(0, EQUITY, 2)
    assert s.tracks[0 * 5 + EQUITY] == 8


def test_wild_reckoning_icon_counts_for_its_pillar() -> None:
    """Monument Scoring note: a wild reckoning icon is any one icon of its colour."""
    s = new_game(3, seed=13)
    c = s.c
    rk = next(cd for cd in c.cards if cd.kind == CARD_RECKONING and any(-1 in h.icons for h in cd.halves))
    side = next(i for i, h in enumerate(rk.halves) if -1 in h.icons)
    s._tuck(0, rk.index, rk.pillars[0], side)
    assert s.wild_count(0, rk.pillars[0]) == 1


# ---------------------------------------------------------------- artifacts
def test_artifact_gain_tie_and_takeover() -> None:
    """Gaining Artifacts: 3+ with the outright lead gains it; a tie returns it; a new leader takes it."""
    s = new_game(3, seed=14)
    for p in range(3):
        s.tracks[p * 5 + RADIANCE] = 0
    s._check_artifact(RADIANCE)
    s._advance(0, RADIANCE, 2)
    assert s.artifact[RADIANCE] == -1  # leads, but below 3
    s._advance(0, RADIANCE, 1)
    assert s.artifact[RADIANCE] == 0
    s._advance(1, RADIANCE, 3)
    assert s.artifact[RADIANCE] == -1  # tie: returned
    s._advance(1, RADIANCE, 1)
    assert s.artifact[RADIANCE] == 1
    s._advance(1, RADIANCE, -3)  # paying influence: now player 0 leads again with 3
    assert s.artifact[RADIANCE] == 0


def test_artifact_does_not_benefit_the_card_that_earns_it() -> None:
    """Artifact Abilities reminder: the action happens before the tuck's influence."""
    s = new_game(3, seed=15)
    s.events = []
    p = 0
    s.tracks[p * 5 + RADIANCE] = 2
    for q in (1, 2):
        s.tracks[q * 5 + RADIANCE] = 0
    s._check_artifact(RADIANCE)
    deploy = next(cd for cd in s.c.cards if cd.kind == CARD_ACTION and cd.action == 0 and RADIANCE in cd.pillars
                  and any(h.influence >= 1 for h in cd.halves))
    s.tasks.append(("tuck", p, deploy.index))
    s.tasks.append(("deploy", p, deploy.amount))
    s.dec = 0
    s._run()
    assert s.dec == D_PLACE and s.dec_n == deploy.amount  # no +2 yet
    for _ in range(deploy.amount):
        s.apply(("place", 0))
    assert s.dec == D_TUCK
    side = next(i for i, h in enumerate(deploy.halves) if h.influence >= 1)
    s.apply(("tuck", RADIANCE, side))
    assert s.artifact[RADIANCE] == p
    # the next deploy gets two more acolytes
    s.tasks.append(("deploy", p, 3))
    s.dec = 0
    s._run()
    assert s.dec_n == 5


def test_understanding_equity_guidance_artifacts() -> None:
    s = new_game(3, seed=16)
    s.artifact[UNDERSTANDING] = 0
    s.artifact[EQUITY] = 0
    s.artifact[GUIDANCE] = 0
    m0, c0 = len(s.mercs[0]), s.coins[0]
    s.tasks.extend([("coins", 0, 2), ("mercs", 0, 1)])
    s.dec = 0
    s.tasks.insert(0, ("vp", 0, 0))
    s._run()
    assert len(s.mercs[0]) == m0 + 3 or s.dec == D_MERC_DISCARD
    assert s.coins[0] == c0 + 4
    # Guidance: gaining a warden advances the matching track by one
    t0 = s.tracks[0 * 5 + RADIANCE]
    s.dec = 0
    s.tasks.append(("wardens", 0, 1))
    s._run()
    s.apply(("warden", RADIANCE))
    assert s.tracks[0 * 5 + RADIANCE] == min(8, t0 + 1)


def test_dominion_artifact_acts_before_the_reward_card_is_chosen() -> None:
    """Dominion artifact: before the reward card is selected, its owner may draw, gain a coin or place."""
    s = play_until(3, 30, lambda st: st.dec == D_SELECT and any(
        st.c.cards[c].kind == CARD_RECKONING for c in st.hands[0]))
    s.artifact[DOMINION] = 1
    s.events = []
    card = next(c for c in s.hands[0] if s.c.cards[c].kind == CARD_RECKONING)
    s.hands[0].remove(card)
    s.selected[0] = card
    s.tasks.append(("reckon", 0, s.c.cards[card].region, card, 0))
    s.dec = 0
    s._run()
    assert s.decision_name() == "dominion" and s.actor == 1
    coins = s.coins[1]
    s.apply(("dominion", 2))
    assert s.coins[1] == coins + 1
    kinds = [e["type"] for e in s.events]
    assert kinds.index("dominion") < kinds.index("coins")
    assert s.decision_name() in ("reward", "claim", "bid")


# --------------------------------------------------------------- reckonings
def _reckoning_at_bids(players: int = 3, seed: int = 40):
    return play_until(players, seed, lambda st: st.dec == D_BID and st.pending == list(range(st.n)))


def test_bid_examples_from_the_rulebook() -> None:
    """Paying Bids examples: 6 coins 3; 2 acolytes 2; 4 influence 4; 2 matching cards 3; 3 wardens, 1 discarded 5."""
    s = _reckoning_at_bids()
    rk = s.rk
    p = 0
    n = s.n
    region = rk.region
    cols = s.matching_colours(region)
    col = cols[0]

    def clear() -> None:
        s.coins[p] = 0
        for r in range(5):
            s.reserve[p] += s.board[r * n + p]
            s.board[r * n + p] = 0
        for c in range(5):
            s.tracks[p * 5 + c] = 0
            s.warden_supply[c] += s.wardens[p * 5 + c]
            s.wardens[p * 5 + c] = 0
        s.merc_deck.extend(s.mercs[p])
        s.mercs[p] = []

    def pay(bid: int, action: tuple) -> None:
        t = s.copy()
        t.rk.bids[p] = bid
        t._check_payment(p, action)  # legal
        with pytest.raises(IllegalAction):
            t.rk.bids[p] = bid + 1
            t._check_payment(p, action)  # and worth no more

    clear()
    s.coins[p] = 6
    assert s.max_bid(p, region) == 3
    pay(3, ("pay", 0, 3, (0,) * 5, (), (0,) * 5))
    clear()
    s.board[region * n + p] = 2
    s.reserve[p] -= 2
    assert s.max_bid(p, region) == 2
    pay(2, ("pay", 2, 0, (0,) * 5, (), (0,) * 5))
    clear()
    s.tracks[p * 5 + col] = 4
    assert s.max_bid(p, region) == 4
    infl = [0] * 5
    infl[col] = 4
    pay(4, ("pay", 0, 0, tuple(infl), (), (0,) * 5))
    clear()
    other = next(c for c in range(5) if c not in cols)
    s.claims[region * 5 + other] += 1  # a second colour in the region
    single = next(m for m in s.merc_deck if s.c.mercenaries[m].colors == (col,))
    double = next(m for m in s.merc_deck if set(s.c.mercenaries[m].colors) == {col, other})
    for m in (single, double):
        s.merc_deck.remove(m)
        s.mercs[p].append(m)
    assert s.max_bid(p, region) == 3
    pay(3, ("pay", 0, 0, (0,) * 5, tuple(sorted((single, double))), (0,) * 5))
    s.claims[region * 5 + other] -= 1
    clear()
    s.wardens[p * 5 + col] = 3
    s.warden_supply[col] -= 3
    disc = [0] * 5
    disc[col] = 1
    pay(5, ("pay", 0, 0, (0,) * 5, (), tuple(disc)))


def test_duplicate_claim_token_never_doubles() -> None:
    s = _reckoning_at_bids(seed=41)
    region = s.rk.region
    p = 0
    col = s.matching_colours(region)[0]
    before = s.max_bid(p, region)
    s.claims[region * 5 + col] += 1
    assert s.max_bid(p, region) == before


def test_overbid_is_cut_to_the_maximum_on_reveal() -> None:
    """Executing a Reckoning: a bid above what the bidder can pay is reduced on reveal."""
    s = _reckoning_at_bids(seed=42)
    s.events = []
    mx = s.rk.maxbid[0]
    s.apply(("bid", mx + 5))
    while s.dec == D_BID:
        s.apply(("bid", 0))
    ev = next(e for e in s.events if e["type"] == "bids_revealed")
    assert ev["bids"][0] == mx and 0 in ev["cut"]


def _means_dropped_before_paying(seed: int, empty: bool):
    """A seat about to take a paying row whose means dropped below its revealed bid (as in a
    determinized world, where its mercenaries are dealt afresh): its bid, with the row to take."""
    def paying_row(st) -> bool:
        if st.decision_name() != "row":
            return False
        rows = st.c.rewards[st.reckoning_reward()].rows
        return any(not rows[a[1]].is_penalty for a in st.legal_actions())

    s = play_until(4, seed, paying_row)
    p = s.to_move()
    region = s.reckoning_region()
    if empty:  # nothing left to pay with
        s.board[region * s.n + p] = 0
        s.coins[p] = 0
        s.mercs[p] = []
        for c in range(5):
            s.tracks[p * 5 + c] = 0
            s.wardens[p * 5 + c] = 0
    rows = s.c.rewards[s.reckoning_reward()].rows
    row = next(a for a in s.legal_actions() if not rows[a[1]].is_penalty)
    s.rk.bids[p] = s.max_bid(p, region) + 3
    return s, p, row


@pytest.mark.parametrize("seed", [70, 71, 72])
def test_a_bid_above_the_means_at_payment_is_cut_to_them(seed: int) -> None:
    s, p, row = _means_dropped_before_paying(seed, empty=False)
    mx = s.max_bid(p, s.reckoning_region())
    s.apply(row)
    assert s.rk.bids[p] == mx and s.rk.cut[p]
    if s.decision_name() == "pay" and s.to_move() == p:
        assert s.legal_actions() == s.payment_options(p, mx)
    else:
        assert s.rk.paid[p] == mx  # the one payment was made at once


def test_a_bid_cut_to_nothing_at_payment_pays_nothing() -> None:
    s, p, row = _means_dropped_before_paying(73, empty=True)
    assert s.max_bid(p, s.reckoning_region()) == 0
    s.apply(row)
    assert s.rk.bids[p] == 0 and s.rk.cut[p] and s.rk.paid[p] == 0
    assert not (s.decision_name() == "pay" and s.to_move() == p)


def test_bid_order_ties_lower_score_then_drafting_order() -> None:
    s = _reckoning_at_bids(players=4, seed=43)
    s.events = []
    s.score = [10, 5, 5, 20]
    for _ in range(4):
        s.apply(("bid", 0))
    ev = next(e for e in s.events if e["type"] == "bids_revealed")
    draft = s.drafting_order()
    expected = sorted(range(4), key=lambda p: (s.score[p], draft.index(p)))
    assert ev["order"] == expected


def test_last_place_pays_nothing_and_loses_listed_resources() -> None:
    s = _reckoning_at_bids(players=3, seed=44)
    rows = s.c.rewards[s.rk.reward].rows
    last = len(rows) - 1
    s.events = []
    # everyone bids; whoever ends on the last row must not pay
    for p in range(3):
        s.apply(("bid", min(1, s.rk.maxbid[p])))
    rng = random.Random(0)
    while s.rk is not None and s.rk.row_owner.count(-1) > 0:
        s.apply(rng.choice(s.legal_actions()))
    owner = s.rk.row_owner[last] if s.rk else None
    pays = [e["seat"] for e in s.events if e["type"] == "pay"]
    assert owner not in pays
    assert any(e["type"] == "penalty" and e["seat"] == owner for e in s.events) or s.rk is not None


def test_penalty_converts_missing_resources_to_vp() -> None:
    s = _reckoning_at_bids(players=3, seed=45)
    rk = s.rk
    rows = s.c.rewards[rk.reward].rows
    last = len(rows) - 1
    lv, lc, la, lm, lw = rows[last].losses
    p = 2
    s.coins[p], s.supply = 0, s.supply + s.coins[p]
    rk.row_owner[last] = p
    score = s.score[p]
    s.tasks.append(("rk_penalty",))
    s.dec = 0
    s.tasks.insert(0, ("vp", 0, 0))
    s._run()
    assert s.score[p] <= score - lv - lc


def test_monument_is_placed_at_once_on_a_free_space() -> None:
    s = play_until(3, 50, lambda st: st.decision_name() == "monument")
    acts = s.legal_actions()
    assert all(s.built[a[1]] is None for a in acts)
    warden = s.c.space_index("wardens")
    if s.built[warden] is None:
        assert ("monument", warden, 0) in acts and ("monument", warden, 1) in acts
    left = s.monuments_left
    s.apply(acts[0])
    assert s.built[acts[0][1]] is not None and s.monuments_left == left - 1


def test_payment_is_made_right_after_choosing() -> None:
    s = play_until(3, 60, lambda st: st.dec == D_PAY)
    p = s.actor
    assert s.rk.seat_row[p] >= 0 and s.rk.paid[p] == 0
    s.apply(s.legal_actions()[0])
    assert s.rk is None or s.rk.paid[p] > 0


def test_illegal_actions_raise_and_change_nothing() -> None:
    s = new_game(3, seed=70)
    before = snapshot(s)
    for bad in [("select", 9999), ("bid", 3), ("tuck", 0, 0), ("pay", 0, 0, (0,) * 5, (), (0,) * 5), (), "x"]:
        with pytest.raises(IllegalAction):
            s.apply(bad)  # type: ignore[arg-type]
        assert snapshot(s) == before
    s2 = play_until(3, 71, lambda st: st.dec == D_PAY)
    before = snapshot(s2)
    with pytest.raises(IllegalAction):
        s2.apply(("pay", 0, 0, (0,) * 5, (), (0,) * 5))  # pays nothing for a positive bid
    assert snapshot(s2) == before


# ------------------------------------------------------------ final reckoning
def test_final_reckoning_by_fewest_vp_and_monument_winner_takes_card() -> None:
    s = play_until(3, 80, lambda st: st.round == 5 and st.dec == D_SELECT and st.age == 1)
    s.events = []
    rng = random.Random(1)
    while not any(e["type"] == "age_scored" for e in s.events):
        s.apply(rng.choice(s.legal_actions()))
    fin = next(e for e in s.events if e["type"] == "final_reckoning")
    start = [e for e in s.events if e["type"] == "reckoning" and e["final"]][0]
    assert start["seat"] == fin["seat"]
    mon = [e for e in s.events if e["type"] == "monument"]
    tucks = [e for e in s.events if e["type"] == "tuck" and s.c.cards[e["card"]].kind == 2]
    assert tucks, "the final reckoning card is tucked"
    if mon:
        assert tucks[-1]["seat"] == mon[-1]["seat"]
        assert s.fp == mon[-1]["seat"]


# -------------------------------------------------------------- monuments
def test_monuments_score_three_two_one_times() -> None:
    """Winning the Game: age-1 monuments score 3 times, age-2 twice, age-3 once."""
    s = new_game(4, seed=90)
    s.events = []
    play_out(s, random.Random(90))
    built = {e["space"]: e["age"] for e in s.events if e["type"] == "monument"}
    scored: dict[int, int] = {}
    for e in s.events:
        if e["type"] == "age_scored":
            for row in e["gains"]:
                scored[row[0]] = scored.get(row[0], 0) + 1
    assert built
    for space, age in built.items():
        assert scored[space] == 4 - age


def _bare(players: int = 3):
    s = new_game(players, seed=100)
    n = s.n
    s.board = [0] * (5 * n)
    s.coins = [0] * n
    s.icons = [0] * (16 * n)
    s.tracks = [0] * (5 * n)
    return s


def test_from_the_ashes_scored_first_and_friendly_ties() -> None:
    s = _bare()
    s.age = 2
    s.score = [10, 10, 30]
    ash = s.c.space_index("ashes")
    coins = s.c.space_index("coins")
    s.built[ash] = (0, 0, 1)
    s.built[coins] = (0, 0, 1)
    s.coins = [5, 0, 0]
    score_monuments(s)
    assert s.score == [10 + 10 + 12, 10 + 10, 30]


def test_influence_track_zones() -> None:
    s = _bare()
    sp = s.c.space_index("track_equity")
    for v, pts in ((0, -2), (2, -2), (3, 3), (5, 3), (6, 8), (8, 8)):
        s.tracks[0 * 5 + EQUITY] = v
        assert space_points(s, sp, 0, 1)[0] == pts


def test_region_control_and_ties() -> None:
    """Monument Scoring, Southern and Northern Regions: "8 points for each region ... where you have
    more acolytes than any other player". Players tied for the most have no more than the other,
    so nobody scores that region (the scoring text settles the tie itself)."""
    s = _bare()
    sp = s.c.space_index("regions_south")
    n = s.n
    s.board[0 * n + 0] = 2  # Fragmented Forest: seat 0 has more than anyone
    s.board[0 * n + 1] = 1
    s.board[1 * n + 1] = 3  # Stone Gardens: seats 1 and 2 tie for the most: nobody scores
    s.board[1 * n + 2] = 3
    assert space_points(s, sp, 0, 1) == [8, 0, 0]
    s.board[2 * n + 1] = 1  # Shattered Ward: seat 1 alone
    assert space_points(s, sp, 0, 1) == [8, 8, 0]
    north = s.c.space_index("regions_north")
    assert space_points(s, north, 0, 1) == [0, 0, 0]  # empty regions score nothing
    s.board[3 * n + 0] = s.board[3 * n + 1] = s.board[3 * n + 2] = 2  # everyone tied
    assert space_points(s, north, 0, 1) == [0, 0, 0]


def test_resource_monuments() -> None:
    s = _bare()
    s.coins = [4, 4, 1]
    assert space_points(s, s.c.space_index("coins"), 0, 1) == [12, 12, 0]
    s.mercs = [[0, 1, 2], [], list(range(3, 12))]
    assert space_points(s, s.c.space_index("mercenaries"), 0, 1) == [6, 0, 16]
    s.tuck_count = [1, 1, 1, 2, 3] + [0, 1, 1, 1, 1] + [2, 2, 2, 2, 2]
    assert space_points(s, s.c.space_index("balanced"), 0, 1) == [8, 0, 16]


def test_warden_monument_options() -> None:
    s = _bare()
    sp = s.c.space_index("wardens")
    s.wardens = [2, 3, 0, 0, 0] + [0, 0, 1, 1, 1] + [1, 1, 2, 2, 2]
    assert space_points(s, sp, 0, 1) == [10, 0, 5]
    assert space_points(s, sp, 1, 1) == [0, 8, 16]


def test_icon_monuments() -> None:
    s = _bare()
    ids = s.c.icon_ids

    def give(p: int, icon: str, k: int) -> None:
        s.icons[p * 16 + ids.index(icon)] = k

    give(0, "map", 3)
    give(0, "key", 1)
    s.icons[0 * 16 + 11 + GUIDANCE] = 1  # a wild goes to the keys: 3 x 2
    assert space_points(s, s.c.space_index("icons_guidance"), 0, 1)[0] == 6
    give(0, "open_eye", 2)
    give(1, "closed_eye", 3)
    sp = s.c.space_index("icons_understanding")
    assert space_points(s, sp, 0, 1)[:2] == [6, 0] and space_points(s, sp, 1, 1)[:2] == [0, 9]
    for k, (icons, pts) in enumerate(((0, -6), (1, -1), (2, 2), (3, 5), (4, 9), (5, 16))):
        s.icons = [0] * (16 * 3)
        for icon in ["stone", "crown", "sword", "tower", "chalice"][:icons]:
            give(0, icon, 2)
        assert space_points(s, s.c.space_index("icons_dominion"), 0, 1)[0] == pts, k
    s.icons = [0] * (16 * 3)
    give(0, "stone", 1)
    s.icons[0 * 16 + 11 + DOMINION] = 1
    assert space_points(s, s.c.space_index("icons_dominion"), 0, 1)[0] == 2
    s.icons = [0] * (16 * 3)
    give(0, "purse", 3)
    give(1, "purse", 1)
    give(2, "purse", 1)
    assert space_points(s, s.c.space_index("icons_equity"), 0, 1) == [10, -5, -5]


def test_radiance_neighbours_and_two_player_opponent_is_both() -> None:
    s = _bare(4)
    sp = s.c.space_index("icons_radiance")
    sp_icon = s.c.icon_ids.index("spirit")
    for p, k in enumerate((3, 1, 3, 0)):
        s.icons[p * 16 + sp_icon] = k
    # seat 0: neighbours 3 (0 fewer -> +6) and 1 (1 fewer -> +6)
    assert space_points(s, sp, 0, 1) == [12, -4, 12, -4]
    s2 = _bare(2)
    s2.icons[0 * 16 + sp_icon] = 2
    assert space_points(s2, sp, 0, 1) == [12, -4]


def test_negative_scores_are_possible() -> None:
    s = _bare()
    s.score = [0, 0, 0]
    s.built[s.c.space_index("icons_dominion")] = (0, 0, 1)
    score_monuments(s)
    assert s.score == [-6, -6, -6]


# ----------------------------------------------------------------- game end
def test_winner_ties_broken_in_drafting_order() -> None:
    s = new_game(3, seed=110)
    play_out(s, random.Random(110))
    best = max(s.score)
    order = s.drafting_order()
    assert s.winner == next(p for p in order if s.score[p] == best)


# --------------------------------------------------------------- 2 players
def test_two_player_table_hand_discard_and_directions() -> None:
    """2 Player Variant: table hand of 4, discard by the player passing into it, reversed in age 2."""
    s = new_game(2, seed=120)
    s.events = []
    assert len(s.hands[TABLE]) == 4 and s.fp in (0, 1)
    # age 1: the first player card's holder sits right of the table hand and discards
    assert s._discarder() == s.fp
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.decision_name() == "discard" and s.actor == s._discarder()
    assert all(s.c.cards[a[1]].kind == CARD_ACTION for a in s.legal_actions())
    play_out(s, random.Random(120))
    discards = [e for e in s.events if e["type"] == "discard"]
    by_age = {a: {e["seat"] for e in discards if e["age"] == a} for a in (1, 2, 3)}
    assert len(by_age[1]) == 1 and len(by_age[2]) == 1 and by_age[1] != by_age[2]
    assert all(len([e for e in discards if e["age"] == a]) <= 4 for a in (1, 2, 3))
    assert len(s.box) >= len(discards)


def test_two_player_bag_bid_and_table_takes_highest_row() -> None:
    """2 Player Variant, Reckonings: the table bids the sum of age-many bag tokens and removes the top free row."""
    possible = {1: {0, 1, 2, 4, 5, 6}}
    import itertools

    for k in (2, 3):
        possible[k] = {sum(c) for c in itertools.combinations((0, 1, 2, 4, 5, 6), k)}
    seen_age = set()
    for seed in range(130, 150):
        s = new_game(2, seed=seed)
        s.events = []
        play_out(s, random.Random(seed))
        for e in s.events:
            if e["type"] == "bids_revealed":
                assert e["table_bid"] in possible[e["age"]]
                seen_age.add(e["age"])
        rows = [e for e in s.events if e["type"] == "row" and e["seat"] == -2]
        assert rows
    assert seen_age == {1, 2, 3}


def test_two_player_uses_three_player_reward_cards() -> None:
    s = new_game(2, seed=160)
    assert all(s.c.rewards[r].players == 3 for r in s.reward_deck + s.revealed)
