"""Agent specs, presets, game hooks, the random agent and the statistics helpers."""

from __future__ import annotations

import dataclasses
import random

import pytest

from ai import registry
from ai.agents import RandomAgent
from ai.mcts import ISMCTSAgent
from ai.registry import GameHooks, load_hooks, make_agent, register
from ai.stats import percentile, wilson
from tests.ai_toys import GOOFSPIEL_HOOKS, MatchAgent, goof_greedy

PRESETS = {
    "easy": {"kind": "random", "label": "Easy"},
    "hard": {"kind": "mcts", "seconds": 0.3, "cutoff": 12, "rollout": "greedy", "noise": 2.0, "label": "Hard"},
    "quick": {"kind": "mcts", "iterations": 40},
}


def test_random_agent_is_legal_and_reproducible():
    legal = list(range(10))
    a = RandomAgent()
    picks = [a.decide(None, 0, legal, random.Random(s)) for s in range(30)]
    assert all(p in legal for p in picks)
    assert picks == [a.decide(None, 0, legal, random.Random(s)) for s in range(30)]
    assert len(set(picks)) > 3
    with pytest.raises(ValueError, match="no legal actions"):
        a.decide(None, 0, [], random.Random(1))


def test_plain_kinds():
    assert isinstance(make_agent("random", PRESETS, GOOFSPIEL_HOOKS), RandomAgent)
    a = make_agent("mcts:seconds=0.25,cutoff=20", PRESETS, GOOFSPIEL_HOOKS)
    assert isinstance(a, ISMCTSAgent)
    assert (a.seconds, a.cutoff, a.iterations) == (0.25, 20, 0)
    assert a.name == "mcts:seconds=0.25,cutoff=20"
    b = make_agent("mcts:iterations=99,exploration=1.5,ucb=tuned,max_rollout_depth=7", None, GOOFSPIEL_HOOKS)
    assert (b.iterations, b.c, b.ucb, b.max_depth) == (99, 1.5, "tuned", 7)


def test_presets_resolve_plain_and_under_their_kind():
    for spec in ("hard", "mcts:hard"):
        a = make_agent(spec, PRESETS, GOOFSPIEL_HOOKS)
        assert isinstance(a, ISMCTSAgent)
        assert (a.seconds, a.cutoff) == (0.3, 12)
        assert a.rollout is goof_greedy
    assert isinstance(make_agent("easy", PRESETS, GOOFSPIEL_HOOKS), RandomAgent)


def test_preset_overrides():
    a = make_agent("hard:iterations=50", PRESETS, GOOFSPIEL_HOOKS)
    assert (a.iterations, a.cutoff) == (50, 12)
    b = make_agent("mcts:hard,cutoff=3,rollout=random", PRESETS, GOOFSPIEL_HOOKS)
    assert (b.cutoff, b.rollout) == (3, None)


def test_rollout_defaults_to_the_games_policy_else_random():
    assert make_agent("mcts", None, GOOFSPIEL_HOOKS).rollout is goof_greedy  # its only named policy
    assert make_agent("mcts", None, GameHooks(new_game=lambda n, s: None)).rollout is None
    own = GameHooks(new_game=lambda n, s: None, rollout_policy=goof_greedy)
    assert make_agent("mcts", None, own).rollout is goof_greedy
    assert make_agent("mcts:rollout=random", None, own).rollout is None


def test_game_kinds_come_from_the_hooks():
    assert isinstance(make_agent("match", None, GOOFSPIEL_HOOKS), MatchAgent)
    with pytest.raises(ValueError, match="unknown bot 'match'"):
        make_agent("match", None, GameHooks(new_game=lambda n, s: None))


def test_register_adds_a_kind_for_every_game():
    made = []

    def factory(params, hooks, spec):
        made.append((params.get("depth"), spec))
        return RandomAgent(name=spec)

    register("toyfactory", factory)
    try:
        a = make_agent("toyfactory:depth=3", None, None)
        assert a.name == "toyfactory:depth=3" and made == [(3, "toyfactory:depth=3")]
        with pytest.raises(ValueError, match="plain word"):
            register("bad:kind", factory)
    finally:
        registry._KINDS.pop("toyfactory", None)


@pytest.mark.parametrize("spec, message", [
    ("", "empty bot spec"),
    ("wizard", "unknown bot 'wizard' \\(known: random, mcts"),
    ("mcts:depth=3", "unknown mcts parameter 'depth'"),
    ("mcts:iterations=lots", "iterations must be a whole number"),
    ("mcts:iterations=2.5", "iterations must be a whole number"),
    ("mcts:seconds=fast", "seconds must be a number"),
    ("mcts:rollout=smart", "unknown rollout 'smart' \\(known: random, greedy\\)"),
    ("mcts:prior=rule", "unknown prior 'rule'"),
    ("mcts:ucb=ucb3", "ucb must be"),
    ("mcts:seconds=0", "needs seconds > 0 or iterations > 0"),
    ("random:hard", "preset 'hard' is a mcts bot, not random"),
    ("mcts:nothing", "no preset 'nothing'"),
    ("mcts:hard,quick", "two presets"),
    ("random:seed=3", "random takes no parameters"),
    ("mcts:=3", "has no name"),
])
def test_bad_specs_are_one_line_errors(spec, message):
    with pytest.raises(ValueError, match=message) as info:
        make_agent(spec, PRESETS, GOOFSPIEL_HOOKS)
    assert "\n" not in str(info.value)


def test_presets_ignore_keys_their_agent_does_not_use():
    a = make_agent("hard", PRESETS, GOOFSPIEL_HOOKS)  # noise and label belong to other agents / the UI
    assert isinstance(a, ISMCTSAgent)


def test_load_hooks():
    assert load_hooks("tests.ai_toys:GOOFSPIEL_HOOKS") is GOOFSPIEL_HOOKS
    for path, message in [("no_such_module_xyz:HOOKS", "cannot import"),
                          ("tests.ai_toys:NOPE", "has no 'NOPE'"),
                          ("tests.ai_toys:Goofspiel", "not GameHooks")]:
        with pytest.raises(ValueError, match=message):
            load_hooks(path)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == 1.0 and wilson(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(2.5, 5)[0] < 0.5 < wilson(2.5, 5)[1]
    with pytest.raises(ValueError):
        wilson(6, 5)


def test_percentile():
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile([0.0, 10.0], 0.95) == pytest.approx(9.5)
    assert percentile([], 0.5) != percentile([], 0.5)  # NaN


def test_a_game_s_own_table_in_a_preset_is_laid_over_the_rest_for_that_game_only():
    presets = {"deep": {"kind": "mcts", "iterations": 40, "root_k": 3, "goof": {"root_k": 6, "cutoff": 9},
                        "other": {"root_k": 1}}}
    own = dataclasses.replace(GOOFSPIEL_HOOKS, preset_key="goof")
    a = make_agent("deep", presets, own)
    assert (a.root_k, a.cutoff, a.iterations) == (6, 9, 40)
    # control: a game with another key (or none) plays the preset's own values and ignores both tables
    plain = make_agent("deep", presets, GOOFSPIEL_HOOKS)
    assert (plain.root_k, plain.iterations) == (3, 40) and plain.cutoff != 9
    # a spec's explicit value still wins over the game's table
    assert make_agent("deep:root_k=2", presets, own).root_k == 2
