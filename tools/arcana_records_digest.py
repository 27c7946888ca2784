"""Play 200 seeded Res Arcana games and print a digest of everything they did.

Run from the project root: ``python tools/arcana_records_digest.py`` (``--games N``, ``--verbose``
for one line per game). Two versions of the engine that print the same digest played the same
games byte for byte: every action (in its JSON form), every event, and at some positions the
acting seat's view and one of its determinizations. Used to prove that a refactoring of the
engine (issue #20, the engine split into modules) changed no behaviour: run it on the old code
and on the new, and compare.

The mix: 2, 3 and 4 players in turn; the first-game preset, the random preset and the draft
variant in turn; every tenth game is a whole match for two (games 1, 2 and 3, each built from
the one before). Every fifth game the rule bot plays every seat; the others are a seeded
uniformly random policy.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.arcana.adapter import ADAPTER  # noqa: E402
from game.arcana.bots import RuleAgent  # noqa: E402
from game.arcana.engine import new_game, to_json  # noqa: E402

PRESETS = ({"preset": "first_game"}, {"preset": "random"}, {"preset": "random", "draft": True})
LOOK_EVERY = 17  # every this many decisions, the actor's view and a determinization go into the digest


def play(setup: dict[str, Any], players: int, seed: int, rule_bot: bool) -> tuple[str, Any]:
    """Play one game to its end; the hex digest of its record, and the final state."""
    state = new_game(players, seed, **setup)
    state.events = []
    rng = random.Random(seed * 7919 + 1)
    agent = RuleAgent() if rule_bot else None
    log: list[Any] = [setup, players, seed, list(state.events)]
    step = 0
    while not state.is_terminal():
        seat = state.to_move()
        legal = state.legal_actions()
        if step % LOOK_EVERY == 0:
            log.append(state.view(seat))
            log.append(state.determinize(seat, random.Random(step)).view(seat))
        action = agent.decide(state, seat, legal, rng) if agent else legal[rng.randrange(len(legal))]
        state.events = []
        state.apply(action)
        log.append([seat, to_json(state.c, action), state.events])
        step += 1
    log.append([state.winners, state.final])
    text = json.dumps(log, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest(), state


def games(count: int) -> list[tuple[str, dict[str, Any], int, int, bool]]:
    """(label, setup, players, seed, rule bot) for each of ``count`` games; a match counts its games."""
    out = []
    i = 0
    while len(out) < count:
        rule_bot = i % 5 == 0
        if i % 10 == 9:
            out.append((f"match-{i}", {"preset": "random", "match": {"game": 1, "wins": [0, 0]}}, 2, i, rule_bot))
        else:
            out.append((f"game-{i}", dict(PRESETS[i % 3]), 2 + i % 3, i, rule_bot))
        i += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--verbose", action="store_true", help="one line per game")
    args = parser.parse_args()
    total = hashlib.sha256()
    played = 0
    for label, setup, players, seed, rule_bot in games(args.games):
        if played >= args.games:
            break
        digest, state = play(setup, players, seed, rule_bot)
        total.update(digest.encode())
        played += 1
        if args.verbose:
            print(label, digest[:16])
        nxt = ADAPTER.next_in_match(state) if "match" in setup else None
        while nxt is not None and nxt["match"]["game"] > 1 and played < args.games:
            digest, state = play(nxt, players, seed, rule_bot)
            total.update(digest.encode())
            played += 1
            if args.verbose:
                print(f"{label}.{nxt['match']['game']}", digest[:16])
            nxt = ADAPTER.next_in_match(state)
    print(f"{played} games: {total.hexdigest()}")


if __name__ == "__main__":
    main()
