"""Every artifact's effect is named in the log as it happens (play-test: "draws 4 mercenaries" after a Hire 2
that an artifact had raised, with no word of the artifact). Over seeded games, each time an artifact changes what
an action brings, the log line of that change names the artifact; the engine's rules are untouched (the same
seeded game ends in the same position with or without events)."""

from __future__ import annotations

import random
from typing import Any

from game.realm.engine import new_game
from game.realm.engine.constants import DOMINION, EQUITY, GUIDANCE, N_PILLARS, RADIANCE, UNDERSTANDING
from game.realm.engine.undo import OWN, step_kind
from game.realm.ui.words import card_name, event_text

NAMES = ["You", "Ann", "Bob", "Cy", "Di"]


def _who(p: int) -> str:
    return NAMES[p] if 0 <= p < len(NAMES) else "The table"


def _game(players: int, seed: int) -> tuple[Any, list[int], list[dict[str, Any]]]:
    s = new_game(players, seed=seed)
    holders = s.artifact[:]
    s.events = []
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s, holders, s.events


def _fired(players: int, seeds: range) -> dict[int, list[tuple[str, str]]]:
    """Per artifact, (the event's type, its log line) for every time it changed an action's outcome, found from
    who held it when (the "artifact" events) and what happened, not from what the events say of a cause."""
    fired: dict[int, list[tuple[str, str]]] = {pl: [] for pl in range(N_PILLARS)}
    for seed in seeds:
        s, holder, events = _game(players, seed)
        c = s.c
        last_told = ""  # the last line the log showed
        for i, d in enumerate(events):
            t, seat = d["type"], d.get("seat", -1)
            line = event_text(c, d, _who)
            if t == "coins" and seat == holder[EQUITY]:
                fired[EQUITY].append((t, line))
            elif t == "mercs" and seat == holder[UNDERSTANDING]:
                fired[UNDERSTANDING].append((t, line))
            elif t == "dominion":
                fired[DOMINION].append((t, line))
            elif t == "track" and seat == holder[GUIDANCE] and i > 0 and events[i - 1]["type"] == "warden" \
                    and events[i - 1]["seat"] == seat:
                fired[GUIDANCE].append((t, line))
            elif t in ("place", "move") and seat == holder[RADIANCE] and not (
                    events[i - 1]["type"] in ("place", "move") and events[i - 1]["seat"] == seat):
                # the first acolyte of a deployment: the line told just before it must say the artifact adds two
                fired[RADIANCE].append((t, last_told))
            if t == "artifact":
                holder[d["pillar"]] = d["seat"]
            if line:
                last_told = line
    return fired


def test_each_artifact_is_named_in_the_log_whenever_it_changes_an_outcome() -> None:
    fired = _fired(3, range(1, 13))
    fired4 = _fired(4, range(1, 7))
    names = new_game(3, seed=1).c.pillar_names
    for pl in range(N_PILLARS):
        cases = fired[pl] + fired4[pl]
        assert cases, f"the seeded games never fired the {names[pl]} artifact: the test would say nothing"
        for kind, line in cases:
            assert f"{names[pl]} artifact" in line, (names[pl], kind, line)


def test_a_boosted_card_action_names_the_card_the_bonus_and_the_total() -> None:
    """The play-tester's own case: "Hire 2 mercenaries, +2 from the Understanding artifact: Bob draws 4
    mercenaries" (a card's action names the card; the bonus and the total are both there)."""
    seen = set()
    for seed in range(1, 13):
        s, _, events = _game(3, seed)
        for d in events:
            if d["type"] in ("coins", "mercs", "deploy") and d.get("card", -1) >= 0 and d["amount"] == d["base"] + 2:
                line = event_text(s.c, d, _who)
                assert line.startswith(f"{card_name(s.c, d['card'])}, +2 from the "), line
                assert f" {d['amount']} " in line, line
                seen.add(d["type"])
    assert seen == {"coins", "mercs", "deploy"}


def test_the_words_change_no_rule() -> None:
    """Events or none, a seeded game ends the same: the causes are words only. A boosted deployment's own line
    keeps the step undoable, as its placements are."""
    for seed in range(1, 6):
        a = new_game(3, seed=seed)
        b = new_game(3, seed=seed)
        b.events = []
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        while not a.is_terminal():
            a.apply(rng_a.choice(a.legal_actions()))
            b.apply(rng_b.choice(b.legal_actions()))
        assert a.score == b.score and a.tracks == b.tracks and a.coins == b.coins and a.board == b.board
    assert step_kind(None, [{"type": "deploy"}, {"type": "place"}]) == OWN


def test_the_reckoning_summary_names_the_guidance_advance_a_reward_warden_brings() -> None:
    """A reward row's warden, taken by the Guidance artifact's holder, moves a track: the reckoning's summary (as
    the log) says so and names the artifact."""
    from game.realm.ui.overlays import ReckoningCollector

    found = 0
    for seed in range(1, 25):
        s, _, events = _game(3, seed)
        collector = ReckoningCollector(s.c)
        for i, d in enumerate(events):
            collector.feed(d)
            rk = collector.current
            if d["type"] == "track" and d.get("artifact") == GUIDANCE and rk is not None \
                    and events[i - 1]["type"] == "warden":
                notes = rk.effects.get(d["seat"], [])
                assert any("from the Guidance artifact" in n for n in notes), notes
                found += 1
    assert found
