"""Invariants over seeded random Res Arcana games at 2, 3 and 4 players; replay; JSON forms."""

from __future__ import annotations

import json
import random
import time

import pytest

from game.arcana.engine import ActionFormatError, IllegalAction, default_content, from_json, new_game, to_json
from game.arcana.engine.actions import describe

from .arcana_helpers import check_invariants, random_game

GAMES = 2000


def test_two_thousand_random_games_end_and_conserve() -> None:
    """2,000 seeded random games over 2-4 players, both presets and the draft: each ends, with a winner."""
    t0 = time.process_time()
    for g in range(GAMES):
        n = 2 + g % 3
        preset = "random" if g % 2 else "first_game"
        s, steps = random_game(n, g, preset=preset, draft=(g % 4 == 3), check_every=97)
        assert s.is_terminal() and s.winners and steps < 20_000
        assert max(s.final) >= 10 or s.round >= 50
    assert time.process_time() - t0 < 60


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_step_checked(n: int) -> None:
    for g in range(12):
        random_game(n, 500 + g, preset="random" if g % 2 else "first_game", draft=g % 4 == 1, check_every=1)


def test_replay_is_deterministic() -> None:
    for g in range(30):
        n = 2 + g % 3
        a = new_game(n, g, preset="random")
        b = new_game(n, g, preset="random")
        r = random.Random(g)
        while not a.is_terminal():
            assert a.legal_actions() == b.legal_actions()
            x = r.choice(a.legal_actions())
            a.apply(x)
            b.apply(x)
        assert a.final == b.final and a.winners == b.winners


def test_replay_from_json_reproduces_the_game_and_reports_bad_steps() -> None:
    from game.arcana.engine import ReplayError
    from game.arcana.engine.actions import replay

    c = default_content()
    for g in range(10):
        s = new_game(2 + g % 3, g, preset="random", draft=g % 2 == 1)
        r = random.Random(g)
        log = []
        while not s.is_terminal():
            a = r.choice(s.legal_actions())
            log.append(json.loads(json.dumps(to_json(c, a))))
            s.apply(a)
        t = replay(s.n, g, log, preset="random", draft=g % 2 == 1)
        assert t.is_terminal() and t.final == s.final and t.winners == s.winners
    with pytest.raises(ReplayError, match="step 0"):
        replay(2, 0, [{"type": "pass"}])


def test_the_state_speaks_the_bot_protocol() -> None:
    from ai.protocol import GameState

    assert isinstance(new_game(2, 0), GameState)


def test_json_round_trip_of_every_action() -> None:
    c = default_content()
    for g in range(40):
        s = new_game(2 + g % 3, g, preset="random" if g % 2 else "first_game", draft=g % 4 == 3)
        r = random.Random(g)
        while not s.is_terminal():
            for a in s.legal_actions():
                obj = to_json(c, a)
                assert from_json(c, json.loads(json.dumps(obj))) == a
                words = describe(c, a)
                assert words and "Seat" not in words and "seat" not in words
            s.apply(r.choice(s.legal_actions()))


def test_illegal_actions_change_nothing() -> None:
    c = default_content()
    r = random.Random(3)
    for g in range(20):
        s = new_game(2 + g % 3, g, preset="random")
        for _ in range(60):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            a = legal[0]
            before = s.copy()
            snap = (before.ess[:], before.hand, before.tasks, before.dec, before.actor, before.on[:])
            bad = [a[:-1] + (float(a[-1]),) if len(a) > 1 else (float(a[0]),), a + (0,), (True,) + a[1:],
                   a[:-1] + (str(a[-1]),) if len(a) > 1 else ("0",), (), [*a], 5, (99,), (a[0], 10_000)]
            for b in bad:
                with pytest.raises(IllegalAction):
                    s.apply(b)
                assert (s.ess, s.hand, s.tasks, s.dec, s.actor, s.on) == snap
            for obj in ({"type": "nope"}, {"type": "place"}, {"type": "place", "card": "no_such_card"},
                        {"type": "pay", "essences": {"gold": 1.0}}, {"type": "statue", "use": 1}, "pass"):
                with pytest.raises(ActionFormatError):
                    from_json(c, obj)
            s.apply(r.choice(legal))


def test_game_over_refuses_actions() -> None:
    s, _ = random_game(2, 1)
    assert s.to_move() == -1 and s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply((11,))
    check_invariants(s)


def test_copy_is_independent_and_has_no_events() -> None:
    s = new_game(3, 4, preset="random")
    s.events = []
    t = s.copy()
    assert t.events is None
    r = random.Random(1)
    for _ in range(100):
        if t.is_terminal():
            break
        t.apply(r.choice(t.legal_actions()))
    assert s.events == [] or all(isinstance(e, dict) for e in s.events)
    u = new_game(3, 4, preset="random")
    assert (s.ess, s.hand, s.deck, s.dec, s.actor) == (u.ess, u.hand, u.deck, u.dec, u.actor)


EVENT_TYPES = {"round", "gain", "pay", "lose", "take", "turn", "straighten", "place", "claim", "discard", "destroy",
               "draw", "reshuffle", "power", "react", "attack", "ignore", "life_loss", "look", "reorder", "pass",
               "item", "mage_chosen", "draft_pick", "mages", "check_victory", "victory_check", "game_over", "remove"}


def test_events_are_small_json_dicts_of_documented_types() -> None:
    seen: set[str] = set()
    for g in range(30):
        s = new_game(2 + g % 3, g, preset="random", draft=g % 3 == 0)
        s.events = []
        r = random.Random(g)
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
            assert s.copy().events is None
        for e in s.events:
            assert e["type"] in EVENT_TYPES, e
            json.dumps(e)
            seen.add(e["type"])
        assert s.events[-1]["type"] == "game_over" and s.events[-1]["winners"] == s.winners
    assert len(seen) >= 22


def test_state_methods_match_the_protocol() -> None:
    s = new_game(2, 1, preset="random")
    for name in ("num_players", "to_move", "is_terminal", "legal_actions", "apply", "apply_unchecked", "copy",
                 "determinize", "is_secret", "secret_block", "returns", "evaluate", "scores", "view",
                 "decision_name"):
        assert callable(getattr(s, name)), name
    assert s.view(0) == s.determinize(0, random.Random(1)).view(0)
    assert len(s.returns()) == 2 and all(0.0 <= x <= 1.0 for x in s.evaluate())
