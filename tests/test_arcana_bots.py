"""Res Arcana bots: the rule agent is honest and sensible; hooks work with tournaments and ISMCTS."""

from __future__ import annotations

import random
import tomllib

from ai.registry import make_agent
from ai.tournament import run_tournament
from game.arcana.bots import RuleAgent, RuleWeights, fast_policy, position_value
from game.arcana.engine import determinize, new_game
from game.arcana.hooks import HOOKS
from game.shell.paths import resource_path


def _presets() -> dict:
    with open(resource_path("config.toml"), "rb") as fh:
        return tomllib.load(fh)["bots"]["presets"]


def _mid_states(count: int = 6, steps: int = 80):
    for g in range(count):
        s = new_game(2 + g % 3, g, preset="random")
        r = random.Random(g)
        for _ in range(steps + 7 * g):
            if s.is_terminal():
                break
            s.apply(r.choice(s.legal_actions()))
        if not s.is_terminal():
            yield s


def test_rule_agent_does_not_peek() -> None:
    """The decision is the same in any state the seat cannot tell apart from the true one."""
    agent = RuleAgent()
    for k, s in enumerate(_mid_states()):
        seat = s.to_move()
        legal = s.legal_actions()
        twin = determinize(s, seat, random.Random(99 + k))
        assert agent.decide(s, seat, legal, random.Random(k)) == agent.decide(twin, seat, legal, random.Random(k))


def test_rule_agent_returns_legal_actions_and_weights_matter() -> None:
    for k, s in enumerate(_mid_states()):
        seat = s.to_move()
        legal = s.legal_actions()
        assert RuleAgent().decide(s, seat, legal, random.Random(k)) in legal
        assert RuleAgent(RuleWeights(noise=5.0)).decide(s, seat, legal, random.Random(k)) in legal
        assert sorted(RuleAgent().rank(s, seat, legal, random.Random(k))) == sorted(legal)
        assert isinstance(position_value(s, seat, RuleWeights()), float)


def test_fast_policy_plays_games_to_the_end() -> None:
    for g in range(10):
        s = new_game(2 + g % 3, g, preset="random")
        r = random.Random(g)
        while not s.is_terminal():
            a = fast_policy(s, r)
            assert a in s.legal_actions()
            s.apply(a)


def test_tournament_rule_against_random() -> None:
    report = run_tournament("game.arcana.hooks:HOOKS", 2, ["rule", "random"], 20, 1, 1, _presets())
    rows = {r["bot"]: r for r in report.rows}
    assert rows["rule"]["games"] == 20 and rows["rule"]["win_rate"] > 0.5
    assert "mage" in report.groups


def test_hooks_build_agents_and_ismcts_runs() -> None:
    presets = _presets()
    assert HOOKS.name == "res-arcana"
    rule = make_agent("rule:noise=1", presets, HOOKS)
    mcts = make_agent("mcts:iterations=50", presets, HOOKS)
    guided = make_agent("mcts:iterations=30,rollout=fast,prior=rule", presets, HOOKS)
    for k, s in enumerate(_mid_states(count=3)):
        seat = s.to_move()
        legal = s.legal_actions()
        for agent in (rule, mcts, guided):
            assert agent.decide(s, seat, legal, random.Random(k)) in legal
        assert HOOKS.fallback(s, seat, legal) in legal
    s = HOOKS.new_game(3, 5)
    assert s.num_players() == 3 and s.decision_name() == "mage"
    labels = HOOKS.seat_labels(s)
    assert len(labels) == 3


def test_ismcts_handles_the_secret_mage_choice() -> None:
    s = new_game(2, 3, preset="random")
    agent = make_agent("mcts:iterations=50", _presets(), HOOKS)
    while s.decision_name() == "mage":
        s.apply(agent.decide(s, s.to_move(), s.legal_actions(), random.Random(1)))
    assert all(s.play[p] for p in range(2))
