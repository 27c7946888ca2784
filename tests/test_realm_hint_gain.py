"""The hint's stated gain is what applying the move really gives (play-test: "You gain 2 coins" while the Equity
artifact made it 4). Over seeded games of random moves, each stated coin gain is checked against the engine's own
events when the gain is carried out."""

from __future__ import annotations

import random
import re
from typing import Any

from game.realm.engine.constants import EQUITY
from game.realm.engine.content import ACTION_KINDS, CARD_ACTION
from game.realm.engine.state import new_game
from game.realm.ui.hint import hint_reason

COINS = re.compile(r"(?:you gain|gives) \+?(\d+) coins?")
DOM_COIN = re.compile(r"^(\d+|one) more coins?")  # "one": the old words


def _who(q: int) -> str:
    return f"Seat {q}"


def _coin_events(events: list[dict], seat: int) -> int:
    """The coins ``seat`` got in ``events``: from the supply and taken from rivals."""
    return sum(e.get("amount", 1) for e in events if e["type"] in ("coins", "steal") and e["seat"] == seat)


def _is_coin_card(st: Any, card: int) -> bool:
    c = st.c.cards[card]
    return c.kind == CARD_ACTION and ACTION_KINDS[c.action] == "coins"


def _play(seed: int, players: int, checks: list[tuple[int, int, bool]]) -> None:
    """One random game; each hinted coin gain appended to ``checks`` as (stated, real, Equity artifact held). The real
    gain is what the engine's events give the seat from the gain's start (its card's turn, its Dominion choice) up to
    its next action that is not taking a coin from a rival (its tuck, or anyone's next move)."""
    st = new_game(players, seed=seed)
    st.events = []
    rng = random.Random(seed)
    waiting: dict[int, tuple[int, int, int]] = {}  # seat -> (card, stated gain, Equity owner when hinted)
    open_: dict[int, list] = {}  # seat -> [stated, Equity artifact held, coins got so far]
    while not st.is_terminal():
        legal = st.legal_actions()
        p, dec = st.to_move(), st.decision_name()
        a = rng.choice(legal)
        if dec == "select":
            coin = [x for x in legal if _is_coin_card(st, x[1])]
            if coin:
                a = coin[0]
                stated = int(COINS.search(hint_reason(st, p, a, _who)).group(1))
                waiting[p] = (a[1], stated, st.artifact[EQUITY])
        elif dec == "dominion" and ("dominion", 2) in legal:
            a = ("dominion", 2)
        for q in [q for q in open_ if not (a[0] == "steal" and q == p)]:
            stated, held, got = open_.pop(q)
            checks.append((stated, got, held))
        if a == ("dominion", 2):
            said = DOM_COIN.match(hint_reason(st, p, a, _who)).group(1)
            open_[p] = [1 if said == "one" else int(said), st.artifact[EQUITY] == p, 0]
        mark = len(st.events)
        st.apply(a)
        new = st.events[mark:]
        for q in open_:
            open_[q][2] += _coin_events(new, q)
        _open_turns(st, new, waiting, open_)


def _open_turns(st: Any, new: list[dict], waiting: dict, open_: dict) -> None:
    """A waiting seat's coin card carried out in ``new`` (with the Equity artifact where it was when hinted) opens
    its count with the coin events after its turn."""
    for i, e in enumerate(new):
        if e["type"] != "turn" or e["seat"] not in waiting or waiting[e["seat"]][0] != e["card"]:
            continue
        p = e["seat"]
        _card, stated, owner = waiting.pop(p)
        if st.artifact[EQUITY] != owner:
            continue  # the artifact changed hands between the hint and the turn: another position
        rest = new[i + 1:]
        end = next((k for k, x in enumerate(rest) if x["type"] == "turn"), len(rest))
        open_[p] = [stated, owner == p, _coin_events(rest[:end], p)]


def test_hinted_coin_gains_match_what_the_engine_gives() -> None:
    checks: list[tuple[int, int, bool]] = []
    for seed in range(60):
        _play(seed, 2 + seed % 4, checks)
    with_artifact = [c for c in checks if c[2]]
    assert len(checks) > 100 and len(with_artifact) >= 5, (len(checks), len(with_artifact))
    wrong = [c for c in checks if c[0] != c[1]]
    assert not wrong, wrong[:10]


def test_the_equity_artifact_is_named_in_the_gain() -> None:
    for seed in range(80):
        st = new_game(3, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            p = st.to_move()
            coin = [a for a in legal if a[0] == "select" and _is_coin_card(st, a[1])]
            if coin and st.artifact[EQUITY] == p:
                words = hint_reason(st, p, coin[0], _who)
                amount = st.c.cards[coin[0][1]].amount
                assert f"you gain {amount + 2} coins now, 2 of them from your Equity artifact" in words, words
                return
            st.apply(rng.choice(legal))
    raise AssertionError("no seeded position with the Equity artifact")
