"""Res Arcana's fitted search evaluation: the fitting command (tools/fit_arcana_eval.py) and what a seat's
value may read (its own hand, never a rival's)."""

from __future__ import annotations

import math
import random

import pytest

from game.arcana.engine import new_game
from game.arcana.engine.value import EVAL, EVAL_V1, FEATURES, FittedEval, ValueWeights, seat_features, seat_value
from tools import arcana_eval_pilot
from tools.fit_arcana_eval import fit_logistic, main, play_positions, round_starts, scores


def _mid_states(count: int = 8, steps: int = 90):
    for g in range(count):
        s = new_game(2, 300 + g, preset="random")
        r = random.Random(g)
        for _ in range(steps + 9 * g):
            if s.is_terminal():
                break
            s.apply(r.choice(s.legal_actions()))
        if not s.is_terminal():
            yield s


def test_the_fit_recovers_known_weights_from_synthetic_data() -> None:
    rng = random.Random(4)
    truth = [1.5, -0.8, 0.0]
    x, y = [], []
    for _ in range(3000):
        row = [rng.gauss(0, 1) for _ in truth]
        p = 1.0 / (1.0 + math.exp(-sum(b * v for b, v in zip(truth, row))))
        x.append(row)
        y.append(1 if rng.random() < p else 0)
    beta = fit_logistic(x, y)
    assert beta[0] > 0 > beta[1]
    for b, t in zip(beta, truth):
        assert abs(b - t) < 0.2


def test_the_fit_on_a_few_real_games_finds_that_points_win() -> None:
    pos = play_positions(5, 20000, round_starts)
    assert pos.games >= 3 and len(pos.y) == len(pos.x) > 20
    beta = fit_logistic([[row[FEATURES.index("points")]] for row in pos.x], pos.y)
    assert beta[0] > 0
    named, loss = scores([row[0] * beta[0] for row in pos.x], pos.y)
    assert named > 0.5 and loss < math.log(2)  # better than a coin on the positions it was fitted to


def test_the_fit_command_prints_the_weights_scale_and_held_out_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "4", "--heldout-games", "2", "--features", "points,gold,income"]) == 0
    out = capsys.readouterr().out
    assert "weights per point: {\"points\": 1," in out and "\"gold\":" in out
    assert "scale" in out and "held out, fit:" in out and "held out, current EVAL:" in out


def test_the_v1_weights_through_the_features_are_seat_value() -> None:
    """The features are seat_value's terms: the first evaluation, written as feature weights, gives the
    value seat_value gave with the same weights."""
    v1 = ValueWeights(points=1.0, token=0.0, income=0.65, essence=0.076, essence_extra=0.0, gold=0.41, stored=0.074,
                      artifact=0.0, artifact_cost=0.10, hand_card=0.22, straight=0.19, progress=0.31)
    checked = 0
    for s in _mid_states():
        for p in range(s.n):
            assert EVAL_V1.value(s, p) == pytest.approx(seat_value(s, p, v1), abs=1e-9)
            checked += 1
    assert checked >= 10


def _redeal(s, seat: int, rng: random.Random):
    """A copy of ``s`` in which ``seat``'s hand is swapped for as many other cards (from its deck)."""
    t = s.copy()
    pool = t.hand[seat] + t.deck[seat]
    rng.shuffle(pool)
    k = len(t.hand[seat])
    t.hand[seat], t.deck[seat] = pool[:k], pool[k:]
    return t


def test_a_seats_value_does_not_read_the_rivals_hand() -> None:
    rng = random.Random(7)
    own_hand_changed_it = rival_hands_redealt = 0
    for s in _mid_states():
        for seat in range(s.n):
            rival = 1 - seat
            for _ in range(4):
                t = _redeal(s, rival, rng)
                rival_hands_redealt += t.hand[rival] != s.hand[rival]
                assert seat_features(t, seat) == seat_features(s, seat)
                assert EVAL.value(t, seat) == EVAL.value(s, seat)
            # the control: the seat's own hand is read, so a new hand of its own can change its value
            own_hand_changed_it += any(EVAL.value(_redeal(s, seat, rng), seat) != EVAL.value(s, seat)
                                       for _ in range(4))
    assert own_hand_changed_it > 0 and rival_hands_redealt > 10


def test_the_pilots_v1_bot_decides_with_v1_and_puts_the_evaluation_back() -> None:
    from game.arcana.engine import value

    seen = []

    class Probe:
        name = "probe"

        def decide(self, state, seat, legal, rng, **kw):
            seen.append(value.EVAL)
            raise RuntimeError("stop")

    other = FittedEval({"points": 1.0}, 1.0)
    bot = arcana_eval_pilot.WithEvaluation(Probe(), other)
    s = new_game(2, 1, preset="random")
    with pytest.raises(RuntimeError):
        bot.decide(s, s.to_move(), s.legal_actions(), random.Random(0))
    assert seen == [other] and value.EVAL is EVAL and EVAL is not other


def test_res_arcana_scales_the_shared_presets_noise_to_its_points() -> None:
    from ai.registry import make_agent
    from game.arcana.bots import NOISE_SCALE
    from game.arcana.hooks import HOOKS
    from game.core.session import presets_of

    presets = presets_of(None)
    assert presets["easy"]["noise"] == 6.0  # the shared preset, Realm's points
    assert make_agent("easy", presets, HOOKS).w.noise == pytest.approx(6.0 * NOISE_SCALE) == pytest.approx(0.75)
    assert make_agent("rule:noise=2", presets, HOOKS).w.noise == pytest.approx(0.25)
    assert make_agent("normal", presets, HOOKS).w.noise == 0.0
