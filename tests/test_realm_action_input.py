"""Malformed action input is refused with IllegalAction and leaves the state exactly as it was.

An action's fields must be exact ints (``type(x) is int``: no bools, floats or numeric strings),
and ``apply`` plays the canonical tuple, so a ``1.0`` that compares equal to ``1`` can never reach
the rules and leave the game stuck half-way through an action.
"""

from __future__ import annotations

import json
import math
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.realm.engine import ActionFormatError, IllegalAction, from_json, new_game, to_json

from .engine_helpers import play_until, snapshot

BAD_SCALARS = (1.0, 0.0, True, False, "1", "0", None, math.inf, -math.inf, math.nan, 2.5, (1,), [0], b"1")


def _full(s) -> tuple:
    """A full snapshot plus the JSON view of every seat."""
    return snapshot(s), tuple(json.dumps(s.view(p), sort_keys=True) for p in range(s.n))


@lru_cache(maxsize=1)
def _pool() -> tuple:
    """States at many different decisions (every kind the random games reach), 2-5 players."""
    out = []
    seen_kinds: dict[str, int] = {}
    for g in range(40):
        n = 2 + g % 4
        s = new_game(n, seed=5000 + g)
        rng = random.Random(g)
        step = 0
        while not s.is_terminal():
            d = s.decision_name()
            if step % 23 == 0 or seen_kinds.get(d, 0) < 3:
                seen_kinds[d] = seen_kinds.get(d, 0) + 1
                out.append(s.copy())
            s.apply(rng.choice(s.legal_actions()))
            step += 1
    return tuple(out)


def _mutations(a: tuple, bad: object) -> list:
    """Copies of ``a`` with one integer field (also inside a payment's tuples) replaced by ``bad``."""
    out = []
    for i in range(1, len(a)):
        v = a[i]
        if type(v) is int:
            out.append(a[:i] + (bad,) + a[i + 1:])
        elif isinstance(v, tuple):
            for j in range(len(v)):
                out.append(a[:i] + (v[:j] + (bad,) + v[j + 1:],) + a[i + 1:])
    return out


def _assert_refused(s, bad_action) -> None:
    before = _full(s)
    with pytest.raises(IllegalAction):
        s.apply(bad_action)
    assert _full(s) == before, f"{bad_action!r} changed the state"
    assert not s.is_legal(bad_action)


# ----------------------------------------------------------------- examples
def test_float_card_selection_is_refused_and_the_game_goes_on() -> None:
    s = new_game(4, seed=1)
    card = s.legal_actions()[0][1]
    _assert_refused(s, ("select", float(card)))
    _assert_refused(s, ("select", 32.0))
    s.apply(s.legal_actions()[0])  # not stuck


def test_float_region_is_refused_before_the_decision_is_reset() -> None:
    s = play_until(3, 11, lambda st: st.decision_name() == "place")
    _assert_refused(s, ("place", 1.0))
    s.apply(s.legal_actions()[0])


def test_bool_and_numeric_string_fields_are_refused() -> None:
    s = play_until(3, 12, lambda st: st.decision_name() == "tuck")
    a = s.legal_actions()[0]
    _assert_refused(s, (a[0], a[1], bool(a[2])))
    _assert_refused(s, (a[0], str(a[1]), a[2]))
    b = play_until(3, 13, lambda st: st.decision_name() == "bid")
    _assert_refused(b, ("bid", True))
    _assert_refused(b, ("bid", "2"))
    _assert_refused(b, ("bid", 2.0))


def test_infinite_and_fractional_payments_are_refused() -> None:
    s = play_until(4, 14, lambda st: st.decision_name() == "pay")
    a = s.legal_actions()[0]
    for bad in (math.inf, math.nan, 1.5, 1.0, True, "1"):
        for m in _mutations(a, bad):
            _assert_refused(s, m)
    s.apply(a)


def test_payment_is_applied_in_its_canonical_form() -> None:
    s = play_until(4, 15, lambda st: st.decision_name() == "pay" and any(x[4] for x in st.legal_actions()))
    a = next(x for x in s.legal_actions() if x[4])
    as_lists = ("pay", a[1], a[2], list(a[3]), list(reversed(a[4])), list(a[5]))
    t = s.copy()
    t.events = []
    t.apply(as_lists)
    u = s.copy()
    u.events = []
    u.apply(a)
    assert snapshot(t) == snapshot(u) and t.events == u.events


def test_legal_actions_returns_a_fresh_list() -> None:
    for pred in (lambda st: st.decision_name() == "place", lambda st: st.decision_name() == "dominion",
                 lambda st: st.decision_name() == "select"):
        s = play_until(4, 16, pred)
        first = s.legal_actions()
        want = list(first)
        first.clear()
        first.append(("junk",))
        assert s.legal_actions() == want
        assert s.copy().legal_actions() == want


# ------------------------------------------------------------ property tests
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from(BAD_SCALARS), st.integers(0, 10_000))
def test_any_mistyped_field_is_refused_and_changes_nothing(k: int, bad: object, j: int) -> None:
    pool = _pool()
    s = pool[k % len(pool)].copy()
    legal = s.legal_actions()
    a = legal[j % len(legal)]
    muts = _mutations(a, bad)
    if not muts:  # ("stop",): give it a stray field instead
        muts = [a + (bad,)]
    for m in muts:
        _assert_refused(s, m)
    for m in (list(a), a[:-1] if len(a) > 1 else ("nope",), a + (0,), (a[0].upper(),) + a[1:]):
        if m not in legal or type(m) is not tuple:
            _assert_refused(s, m)
    s.apply(a)  # the state still takes its legal actions


JSON_JUNK = (1.0, 2.5, True, None, "1", "", [], {}, [1], {"x": 1}, -1, 10**9, math.inf)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000), st.integers(0, 10_000), st.integers(0, 100),
       st.sampled_from(JSON_JUNK))
def test_from_json_of_mangled_actions_raises_format_errors_only(k: int, j: int, f: int, junk: object) -> None:
    pool = _pool()
    s = pool[k % len(pool)].copy()
    legal = s.legal_actions()
    obj = to_json(s.c, legal[j % len(legal)])
    keys = sorted(obj)
    key = keys[f % len(keys)]
    obj[key] = junk
    try:
        a = from_json(s.c, obj)
    except ActionFormatError:
        return
    # it parsed: every field is an exact int and apply either takes it or refuses it cleanly
    def ints(x):
        return [y for v in x for y in (ints(v) if isinstance(v, tuple) else [v])]
    assert all(type(v) is int for v in ints(a[1:])), a
    before = _full(s)
    try:
        s.apply(a)
    except IllegalAction:
        assert _full(s) == before
