"""Res Arcana bots: the rule agent is honest and sensible; hooks work with tournaments and ISMCTS."""

from __future__ import annotations

import random
import tomllib

from ai.registry import make_agent
from ai.tournament import run_tournament
from game.arcana.bots import RuleAgent, RuleWeights, fast_policy, position_value
from game.arcana.engine import determinize, new_game
from game.arcana.engine.value import EVAL
from game.arcana.hooks import HOOKS
from game.core.paths import resource_path


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


def test_rule_agent_beats_random_in_a_seeded_match() -> None:
    """Ten seeded 2-player games, seats alternating: the rule bot wins at least 8 (it won 9 when written)."""
    wins = 0
    for g in range(10):
        s = HOOKS.new_game(2, 300 + g)
        rule_seat = g % 2
        agent = RuleAgent()
        rng = random.Random(g)
        while not s.is_terminal():
            seat = s.to_move()
            legal = s.legal_actions()
            s.apply(agent.decide(s, seat, legal, rng) if seat == rule_seat else rng.choice(legal))
        wins += rule_seat in s.winners
    assert wins >= 8


def test_rule_choice_depends_only_on_its_information() -> None:
    """Across several determinizations of the true state (rivals' hands, decks and the monument pile dealt
    afresh), the rule bot's ranking of its legal actions is the same for the same rng."""
    agent = RuleAgent()
    for k, s in enumerate(_mid_states(count=6, steps=120)):
        seat = s.to_move()
        legal = s.legal_actions()
        want = agent.rank(s, seat, legal, random.Random(k))
        for j in range(3):
            twin = determinize(s, seat, random.Random(1000 * k + j))
            assert twin.legal_actions() == legal
            assert agent.rank(twin, seat, legal, random.Random(k)) == want


def test_presets_build_for_arcana() -> None:
    presets = _presets()
    for name in ("easy", "normal", "hard", "expert"):
        agent = make_agent(name, presets, HOOKS)
        assert agent is not None
    assert isinstance(make_agent("easy", presets, HOOKS), RuleAgent)
    assert make_agent("easy", presets, HOOKS).w.noise > 0
    hard = make_agent("hard", presets, HOOKS)
    assert hard.prior is not None and hard.cutoff > 0 and hard.rollout is fast_policy


def test_fast_policy_returns_legal_actions_over_many_states() -> None:
    checked = 0
    for g in range(12):
        s = new_game(2 + g % 3, 50 + g, preset="random", draft=g % 4 == 3)
        r = random.Random(g)
        while not s.is_terminal():
            legal = s.legal_actions()
            a = fast_policy(s, r)
            assert a in legal
            checked += 1
            s.apply(r.choice(legal) if g % 2 else a)
    assert checked > 1000


def test_evaluate_is_a_probability_and_prefers_the_leader() -> None:
    for s in _mid_states(count=6, steps=120):
        ev = s.evaluate()
        assert len(ev) == s.n and all(0.0 <= x <= 1.0 for x in ev)
        vals = [EVAL.value(s, p) for p in range(s.n)]
        best = max(range(s.n), key=lambda p: vals[p])
        assert ev[best] == max(ev)


def test_the_shipped_expert_searches_six_candidates_in_res_arcana_and_three_in_realm() -> None:
    """Res Arcana's own table in the expert preset (config.toml) reaches every way a bot is made: the
    command line's tournaments (the shared presets) and a game's session; Realm's expert keeps the shared
    value (the control: the same preset, another game)."""
    from game.core.session import make_agent as session_agent
    from game.core.session import presets_of
    from game.realm.hooks import HOOKS as REALM_HOOKS

    shipped = presets_of(None)
    assert make_agent("expert", shipped, HOOKS).root_k == 6
    assert make_agent("expert", _presets(), HOOKS).root_k == 6
    assert session_agent("arcana", "expert").root_k == 6
    assert make_agent("expert", shipped, REALM_HOOKS).root_k == 3
    assert session_agent("realm", "expert").root_k == 3
    assert make_agent("hard", shipped, HOOKS).root_k == 3  # only the expert has a Res Arcana table
