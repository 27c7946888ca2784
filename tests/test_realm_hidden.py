"""A seat's view never gives away another seat's secret, and determinization keeps every view.

Each check runs beside a control: the same check over a deliberately leaky view (the old
``known_hands``, which listed a known hand minus the card just selected from it) must find the
leak, so the check itself can fail.
"""

from __future__ import annotations

import random
from functools import lru_cache

from game.realm.engine import hidden, new_game
from game.realm.engine.state import D_DISCARD, D_SELECT


def _leaky_view(s, seat: int) -> dict:
    """The view as it was before the fix: known hands without the committed selections."""
    v = hidden.view(s, seat)
    cid = [cd.id for cd in s.c.cards]
    for h, hand in enumerate(s.hands):
        if h != seat:
            v["known_hands"]["table" if h >= s.n else str(h)] = sorted(
                cid[x] for x in hand if hidden._knows(s, seat, x))
    return v


@lru_cache(maxsize=1)
def _states() -> tuple:
    """Many states of random 2-5 player games, at every kind of decision."""
    out = []
    for g in range(48):
        n = 2 + g % 4
        s = new_game(n, seed=7000 + g)
        rng = random.Random(g)
        step = 0
        while not s.is_terminal():
            if step % 3 == 0 or s.dec in (D_SELECT, D_DISCARD):
                out.append(s.copy())
            s.apply(rng.choice(s.legal_actions()))
            step += 1
    return tuple(out)


def _secret_leaks(view_fn, limit: int = 10**9) -> list:
    """States where another seat's view depends on which secret selection or discard was made."""
    leaks = []
    for s in _states():
        if s.dec not in (D_SELECT, D_DISCARD):
            continue
        mover = s.to_move()
        outcomes = []
        for a in s.legal_actions():
            t = s.copy()
            t.apply(a)
            if t.dec not in (D_SELECT, D_DISCARD):
                break  # the last secret choice: the reveal follows
            outcomes.append(t)
        else:
            for o in range(s.n):
                if o == mover:
                    continue
                views = {repr(view_fn(t, o)) for t in outcomes}
                if len(views) > 1:
                    leaks.append((s.n, s.age, s.round, s.decision_name(), mover, o))
                    if len(leaks) >= limit:
                        return leaks
    return leaks


def _determinize_changes(view_fn, limit: int = 10**9) -> list:
    """(state, observer) pairs whose view a determinization changes."""
    bad = []
    for k, s in enumerate(_states()):
        for o in range(s.n):
            d = s.determinize(o, random.Random(k * 7 + o))
            if view_fn(d, o) != view_fn(s, o):
                bad.append((k, o, s.decision_name()))
                if len(bad) >= limit:
                    return bad
    return bad


def test_a_secret_selection_or_discard_does_not_show_in_other_views() -> None:
    assert _secret_leaks(hidden.view) == []


def test_control_the_old_known_hands_leak_is_detected() -> None:
    assert _secret_leaks(_leaky_view, limit=1), "the indistinguishability check cannot fail"


def test_determinize_keeps_every_observers_view() -> None:
    assert len(_states()) > 1000
    assert _determinize_changes(hidden.view) == []


def test_control_determinize_check_detects_the_old_leak() -> None:
    assert _determinize_changes(_leaky_view, limit=1), "the determinization check cannot fail"


def test_known_hand_keeps_the_selected_card_until_the_reveal() -> None:
    """The reported case: seat 0 knows the hand it passed to seat 1, which then selects from it."""
    for g in range(30):
        s = new_game(4, seed=g)
        rng = random.Random(g)
        while not (s.round == 2 and s.dec == D_SELECT and s.to_move() == 1):
            s.apply(rng.choice(s.legal_actions()))
        before = s.view(0)["known_hands"]["1"]
        assert before  # seat 0 held this hand in round 1
        s.apply(s.legal_actions()[0])
        assert s.view(0)["known_hands"]["1"] == before


def test_the_fast_shuffle_is_random_shuffle_draw_for_draw() -> None:
    # determinize's shuffle writes out Python's: the same permutation and the same random numbers
    # used, so a seeded search is unchanged (and each deal is as uniform as random.shuffle's)
    for size in [0, 1, 2, 3, 5, 8, 17, 40, 64, 65, 200]:
        for seed in range(5):
            a, b = random.Random(seed), random.Random(seed)
            x, y = list(range(size)), list(range(size))
            a.shuffle(x)
            hidden.shuffle(y, b)
            assert x == y and a.getstate() == b.getstate()


def _public_changes(view_fn, limit: int = 10**9) -> list:
    """(state, observer) pairs where the public view (seat -1) differs from a determinized world's."""
    bad = []
    for k, s in enumerate(_states()):
        for o in range(s.n):
            d = s.determinize(o, random.Random(k * 7 + o))
            if view_fn(d, -1) != view_fn(s, -1):
                bad.append((k, o, s.decision_name()))
                if len(bad) >= limit:
                    return bad
    return bad


def _seat_zero_as_public(s, seat: int) -> dict:
    """A public view that is really seat 0's (the mistake the checks below must catch)."""
    return hidden.view(s, 0 if seat < 0 else seat)


def test_the_public_view_holds_what_every_seat_sees_and_no_secret() -> None:
    """``view(-1)``, the table as every player sees it (an age's end is shown from it): every field
    that every seat sees alike is there as they see it, and nothing any one seat keeps to itself; a
    determinization from any seat's point of view leaves it as it was."""
    for s in _states()[::25]:
        pub = hidden.view(s, -1)
        assert pub["hand"] == [] and pub["mercenaries"] == [] and pub["selected"] is None
        assert all(cards == [] or all(s.known[[cd.id for cd in s.c.cards].index(x)] == -1 for x in cards)
                   for cards in pub["known_hands"].values())
        seats = [hidden.view(s, p) for p in range(s.n)]
        for view in [pub, *seats]:  # a seat's own most it may bid is its own, even when all are equal
            if view["reckoning"] is not None:
                view["reckoning"] = {k: v for k, v in view["reckoning"].items() if k != "max_bid"}
        for key, value in pub.items():
            if all(v[key] == seats[0][key] for v in seats):
                assert value == seats[0][key], key
    assert _public_changes(hidden.view) == []


def test_control_the_public_view_check_catches_a_seats_secrets() -> None:
    assert _public_changes(_seat_zero_as_public, limit=1), "the public view check cannot fail"


def test_an_age_ends_with_the_table_as_it_is_when_the_monuments_score() -> None:
    """The age_scored event carries the public table after the age's last reckoning and the
    monuments' scoring (what the window shows until Continue): its scores, coins, tracks, board and
    monuments are the state's once the action that ended the age is applied."""
    for g in range(6):
        s = new_game(2 + g % 4, seed=300 + g)
        rng = random.Random(g)
        while not s.is_terminal():
            s.events = []
            s.apply(rng.choice(s.legal_actions()))
            scored = [e for e in s.events if e["type"] == "age_scored"]
            if scored:
                table, now = scored[-1]["table"], hidden.view(s, -1)
                for key in ("score", "coins", "tracks", "board", "monuments", "wardens", "reserve", "tucked"):
                    assert table[key] == now[key], (g, key)
                assert table["hand"] == [] and (table["age"] == s.age - 1 or s.is_terminal())
