"""Hidden information: views show only what a seat may know; determinize keeps the observer's view."""

from __future__ import annotations

import json
import random

from game.arcana.engine import determinize, new_game, view
from game.arcana.engine.state import D_MAGE


def _states(count: int = 24, every: int = 7):
    for g in range(count):
        n = 2 + g % 3
        s = new_game(n, 900 + g, preset="random" if g % 2 else "first_game", draft=g % 4 == 1)
        r = random.Random(g)
        i = 0
        while not s.is_terminal():
            if i % every == 0:
                yield s
            s.apply(r.choice(s.legal_actions()))
            i += 1


def _tokens(v: dict) -> set[str]:
    out: set[str] = set()

    def walk(x) -> None:
        if isinstance(x, dict):
            for y in x.values():
                walk(y)
        elif isinstance(x, list):
            for y in x:
                walk(y)
        elif isinstance(x, str):
            out.add(x)

    walk(v)
    return out


def test_view_is_json_and_hides_what_a_seat_may_not_know() -> None:
    for s in _states():
        for o in range(s.n):
            v = view(s, o)
            json.dumps(v)
            toks = _tokens(v)
            ids = [c.id for c in s.c.cards]
            for q in range(s.n):
                if q != o:
                    for x in s.hand[q]:
                        assert (ids[x] in toks) == bool(s.known[x] >> o & 1)
                    for x in s.packs[q]:
                        assert ids[x] not in toks or s.known[x] >> o & 1
                    if s.mage_opts[q]:
                        assert not any(ids[m] in toks for m in s.mage_opts[q])
                    for x in s.deck[q]:
                        assert ids[x] not in toks
            hidden_mons = s.mon_deck[:len(s.mon_deck) - s.mon_known[o]]
            assert not any(ids[m] in toks for m in hidden_mons)
            for x in s.box:
                assert ids[x] not in toks


def test_determinize_keeps_the_observer_view_and_changes_the_rest() -> None:
    """The observer's view is identical after determinize; the CONTROL proves the check can fail:
    some other seat's view does change (hidden cards were really re-dealt)."""
    rng = random.Random(5)
    changed = 0
    checked = 0
    for s in _states():
        for o in range(s.n):
            d = determinize(s, o, rng)
            assert view(d, o) == view(s, o)
            assert d.legal_actions() == s.legal_actions() or s.actor != o
            checked += 1
            if any(view(d, q) != view(s, q) for q in range(s.n) if q != o):
                changed += 1
    assert checked > 300 and changed > checked // 4


def test_determinized_states_play_to_the_end() -> None:
    rng = random.Random(2)
    for k, s in enumerate(_states(count=9, every=23)):
        d = determinize(s, s.to_move() if s.to_move() >= 0 else 0, rng)
        r = random.Random(k)
        while not d.is_terminal():
            d.apply(r.choice(d.legal_actions()))


def test_secret_mage_choice_is_hidden_until_revealed() -> None:
    s = new_game(3, 1, preset="random")
    assert s.dec == D_MAGE and s.is_secret() and s.secret_block() == ("mage",)
    s.apply(s.legal_actions()[1])
    picked = s.c.cards[s.mage_pick[0]].id
    assert picked not in _tokens(view(s, 1)) and picked not in _tokens(view(s, 2))
    assert view(s, 0)["players"][0]["mage_choice"] == picked
    while s.dec == D_MAGE:
        s.apply(s.legal_actions()[0])
    assert picked in _tokens(view(s, 1))


def test_view_honesty_control_detects_a_leak() -> None:
    """CONTROL: a deliberately leaky view (showing a rival's hand) fails the same comparison."""
    rng = random.Random(1)

    def leaky(st, seat):
        v = view(st, seat)
        v["leak"] = [st.c.cards[x].id for x in st.hand[(seat + 1) % st.n]]
        return v

    failed = 0
    for s in _states(count=6):
        d = determinize(s, 0, rng)
        if leaky(d, 0) != leaky(s, 0):
            failed += 1
    assert failed > 0


def _fields(s) -> tuple:
    return (s.ess, s.on, s.turned, s.play, s.hand, s.deck, s.disc, sorted(s.box), s.mon_up, s.mon_deck, s.places,
            s.item_of, s.mage_opts, s.mage_pick, s.packs, s.picks, s.dec, s.actor, s.dd, s.tasks, s.rseed)


def test_determinize_depends_only_on_the_observer_information() -> None:
    """Two states the observer cannot tell apart determinize identically with the same rng seed;
    CONTROL: another observer's determinization of them differs."""
    differ = 0
    for k, s in enumerate(_states(count=12, every=11)):
        for o in range(s.n):
            other = determinize(s, o, random.Random(1000 + k))
            a = determinize(s, o, random.Random(k))
            b = determinize(other, o, random.Random(k))
            assert _fields(a) == _fields(b)
            q = (o + 1) % s.n
            if _fields(determinize(s, q, random.Random(k))) != _fields(determinize(other, q, random.Random(k))):
                differ += 1
    assert differ > 0
