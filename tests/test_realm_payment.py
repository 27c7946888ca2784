"""Paying bids: the payer chooses (issue 22). A payment is made for the payer only when it is the
only legal one; otherwise the engine asks, accepts any legal payment, and offers bots a short list."""

from __future__ import annotations

import random

import pytest

from game.realm.engine import IllegalAction, State
from game.realm.engine.constants import DOMINION, EQUITY, GUIDANCE, N_PILLARS, N_REGIONS, RADIANCE, UNDERSTANDING
from game.realm.engine.reckoning import ReckoningMixin

from .engine_helpers import play_until, snapshot


def _paying_row(seed: int, players: int = 4) -> tuple[State, int, tuple]:
    """A seat choosing a row that pays its bid: the state, the seat and that row's action."""
    def at_paying_row(st: State) -> bool:
        if st.decision_name() != "row":
            return False
        rows = st.c.rewards[st.reckoning_reward()].rows
        return any(not rows[a[1]].is_penalty for a in st.legal_actions())

    s = play_until(players, seed, at_paying_row)
    p = s.to_move()
    rows = s.c.rewards[s.reckoning_reward()].rows
    return s, p, next(a for a in s.legal_actions() if not rows[a[1]].is_penalty)


def _guidance_equity_position(seed: int = 80) -> tuple[State, int, tuple]:
    """The issue's case: Guidance 3, Equity 3 and the Equity artifact, nothing else to pay with,
    a bid of 3 in a region whose claim tokens are Guidance and Equity."""
    s, p, row = _paying_row(seed)
    region = s.reckoning_region()
    s.board[region * s.n + p] = 0
    s.coins[p] = 0
    s.mercs[p] = []
    for c in range(N_PILLARS):
        s.wardens[p * N_PILLARS + c] = 0
        s.claims[region * N_PILLARS + c] = 0
        for q in range(s.n):
            s.tracks[q * N_PILLARS + c] = 0 if q != p else {GUIDANCE: 3, EQUITY: 3}.get(c, 0)
    s.claims[region * N_PILLARS + GUIDANCE] = 1
    s.claims[region * N_PILLARS + EQUITY] = 1
    # the other claim tokens stay somewhere (ten in all; where does not matter here)
    others = [r for r in range(N_REGIONS) if r != region]
    for i, c in enumerate((GUIDANCE, RADIANCE, RADIANCE, UNDERSTANDING, UNDERSTANDING, EQUITY, DOMINION, DOMINION)):
        s.claims[others[i % len(others)] * N_PILLARS + c] += 1
    s.artifact[EQUITY] = p
    s.artifact[GUIDANCE] = p
    s.rk.bids[p] = 3
    return s, p, row


def test_the_issue_case_asks_the_payer_and_paying_from_guidance_keeps_the_equity_artifact() -> None:
    s, p, row = _guidance_equity_position()
    # the bots' short list holds one payment (the higher colour first, on equal tracks) ...
    assert s.payment_options(p) == [("pay", 0, 0, (0, 0, 0, 3, 0), (), (0, 0, 0, 0, 0))]
    # ... but there are four ways to pay 3 from the two tracks: the payer is asked
    assert s.payment_count(p) == 4
    s.apply(row)
    assert s.decision_name() == "pay" and s.to_move() == p and s.rk.paid[p] == 0
    assert len(s.legal_actions()) == 1  # bots keep their short list
    s.events = []
    s.apply(("pay", 0, 0, (3, 0, 0, 0, 0), (), (0, 0, 0, 0, 0)))  # any legal payment is accepted
    assert s.tracks[p * N_PILLARS + GUIDANCE] == 0 and s.tracks[p * N_PILLARS + EQUITY] == 3
    assert s.artifact[EQUITY] == p  # kept
    assert s.rk.paid[p] == 3


def test_control_paying_the_issue_case_from_equity_loses_the_artifact() -> None:
    s, p, row = _guidance_equity_position()
    s.apply(row)
    s.apply(("pay", 0, 0, (0, 0, 0, 3, 0), (), (0, 0, 0, 0, 0)))
    assert s.artifact[EQUITY] == -1  # the artifact went back to the board


def test_an_illegal_payment_at_the_decision_raises_and_changes_nothing() -> None:
    s, p, row = _guidance_equity_position()
    s.apply(row)
    before = snapshot(s)
    for bad in (("pay", 0, 0, (2, 0, 0, 0, 0), (), (0,) * 5),      # worth 2 of 3
                ("pay", 0, 0, (3, 0, 0, 1, 0), (), (0,) * 5),      # overpays
                ("pay", 0, 0, (0, 3, 0, 0, 0), (), (0,) * 5)):     # Radiance matches no claim token
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert snapshot(s) == before


def test_a_payment_with_a_single_way_is_made_without_asking() -> None:
    s, p, row = _guidance_equity_position()
    s.tracks[p * N_PILLARS + GUIDANCE] = 0  # Equity 3 alone pays a bid of 3 in exactly one way
    assert s.payment_count(p) == 1
    s.apply(row)
    assert s.rk.paid[p] == 3 and not (s.decision_name() == "pay" and s.to_move() == p)


@pytest.mark.parametrize("seed", [5, 6])
def test_the_count_and_the_list_of_legal_payments_are_every_legal_payment(seed: int) -> None:
    """payment_count and legal_payments agree with the exhaustive search over every combination."""
    seen = 0
    for g in range(40):
        s, p, _row = _paying_row(seed * 1000 + g * 7, players=3 + g % 3)
        for bid in range(1, min(s.max_bid(p, s.reckoning_region()), 9) + 1):
            every = s._all_payments(p, bid=bid)
            assert s.payment_count(p, bid) == len(every)
            s.rk.bids[p], was = bid, s.rk.bids[p]
            assert s._only_one_payment(p) == (len(every) == 1)  # the search's quick check agrees
            s.rk.bids[p] = was
            assert sorted(s.legal_payments(p, limit=10**6, bid=bid)) == sorted(every)
            seen += len(every) > 1
    assert seen > 20  # the check met real choices


def test_every_automatic_payment_over_many_seeded_games_is_the_only_legal_one(monkeypatch) -> None:
    original = ReckoningMixin._ask_payment
    automatic: list[int] = []
    asked: list[int] = []

    def watched(self: State, p: int) -> None:
        every = self._all_payments(p, bid=min(self.rk.bids[p], self.rk.maxbid[p]))
        original(self, p)
        if self.decision_name() == "pay" and self.to_move() == p:
            asked.append(len(every))
        elif self.rk.paid[p]:
            automatic.append(len(every))

    monkeypatch.setattr(ReckoningMixin, "_ask_payment", watched)
    from game.realm.engine import new_game

    for g in range(24):
        s = new_game(2 + g % 4, seed=9000 + g)
        rng = random.Random(g)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
    assert automatic and asked  # both kinds happened (a control: the watch sees payments)
    assert set(automatic) == {1}
    assert min(asked) >= 2


# ----------------------------------------------------------------- the suggestion protects the score
def _track_monument_position() -> tuple[State, int]:
    """A payer of 5 in an Equity + Dominion region holding Equity 7 (the built Equity Track monument
    scores +8 at 6-8) and 5 acolytes in the region: the issue's age-3 case in small."""
    s, p, row = _paying_row(81)
    region = s.reckoning_region()
    s.coins[p] = 0
    s.mercs[p] = []
    for c in range(N_PILLARS):
        s.wardens[p * N_PILLARS + c] = 0
        s.claims[region * N_PILLARS + c] = 0
        for q in range(s.n):
            s.tracks[q * N_PILLARS + c] = {EQUITY: 7}.get(c, 0) if q == p else 0
        s.artifact[c] = -1
    s.artifact[EQUITY] = p
    s.claims[region * N_PILLARS + EQUITY] = 2
    s.board[region * s.n + p] = 5
    equity_track = next(sp.index for sp in s.c.spaces if sp.id == "track_equity")
    s.built = [None] * len(s.built)
    s.built[equity_track] = (p, 0, s.age)
    s.rk.bids[p] = 5
    s.apply(row)
    assert s.decision_name() == "pay" and s.to_move() == p
    return s, p


def test_spending_the_equity_a_track_monument_scores_is_ranked_below_paying_with_acolytes() -> None:
    from game.realm.engine.advice import rank_payments

    s, p = _track_monument_position()
    ranked = rank_payments(s, p)
    assert {adv.action for adv in ranked} == set(s.legal_payments(p))  # every legal payment is weighed
    all_equity = ("pay", 0, 0, (0, 0, 0, 5, 0), (), (0,) * 5)
    all_acolytes = ("pay", 5, 0, (0,) * 5, (), (0,) * 5)
    order = [adv.action for adv in ranked]
    assert order.index(all_acolytes) < order.index(all_equity)
    worst = ranked[order.index(all_equity)]
    assert worst.points == -10  # +8 at 7 becomes -2 at 2
    assert "-10 VP from the Equity Track monument" in worst.consequences
    best = ranked[0]
    assert best.points == 0 and not best.loses_artifact
    assert s.after_payment(p, best.action).tracks[p * N_PILLARS + EQUITY] >= 6


def test_control_without_the_monument_spending_equity_costs_no_monument_points() -> None:
    from game.realm.engine.advice import rank_payments

    s, p = _track_monument_position()
    s.built = [None] * len(s.built)
    all_equity = ("pay", 0, 0, (0, 0, 0, 5, 0), (), (0,) * 5)
    adv = next(a for a in rank_payments(s, p) if a.action == all_equity)
    assert adv.points == 0 and not any("Equity Track" in w for w in adv.consequences)
    assert not adv.loses_artifact  # Equity 2 still leads alone: the artifact stays (rules-decisions)


def test_a_payment_that_loses_an_artifact_says_so() -> None:
    from game.realm.engine.advice import rank_payments

    s, p, row = _guidance_equity_position()
    s.apply(row)
    by_action = {a.action: a for a in rank_payments(s, p)}
    equity = by_action[("pay", 0, 0, (0, 0, 0, 3, 0), (), (0,) * 5)]
    assert equity.loses_artifact and "loses the Equity artifact" in equity.consequences
    split = by_action[("pay", 0, 0, (1, 0, 0, 2, 0), (), (0,) * 5)]
    assert not split.loses_artifact and split.consequences == ()
    assert rank_payments(s, p)[0].action != equity.action


@pytest.mark.parametrize("how", [1.0, 2.0])
def test_the_rule_bot_can_pay_from_every_legal_payment_not_only_the_short_list(how: float) -> None:
    from game.realm.bots import RuleAgent, RuleWeights

    s, p, row = _guidance_equity_position()
    s.apply(row)
    legal = s.legal_actions()
    assert legal == [("pay", 0, 0, (0, 0, 0, 3, 0), (), (0,) * 5)]  # the short list: the artifact is lost
    chosen = RuleAgent(RuleWeights(score_payment=how)).decide(s, p, legal, random.Random(1))
    assert s.is_legal(chosen) and chosen not in legal
    assert s.after_payment(p, chosen).artifact[EQUITY] == p
    assert RuleAgent().decide(s, p, legal, random.Random(1)) == legal[0]  # the control: the old bot cannot
