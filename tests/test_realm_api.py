"""The engine's module layout and public API: the action-kind table, what-ifs and accessors."""

from __future__ import annotations

import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.realm.engine import IllegalAction, State, new_game
from game.realm.engine.constants import Decision
from game.realm.engine.kinds import KINDS, KINDS_FOR_DECISION, ActionKind, preview_title, prompt, rules_section

from .engine_helpers import play_until, snapshot

ROOT = Path(__file__).resolve().parents[1]


def test_old_import_paths_still_work() -> None:
    from game.realm.engine.state import (  # noqa: F401
        _SLOTS,
        D_BID,
        D_SELECT,
        DOM_MERC,
        TABLE,
        Reckoning,
        coin_bids,
    )
    from game.realm.engine.state import State as S
    from game.realm.engine.state import new_game as ng

    assert S is State and ng is new_game and D_BID == Decision.BID == 13


@pytest.mark.parametrize("module", ["constants", "kinds", "scoring", "hidden", "heuristics"])
def test_helper_modules_do_not_import_the_state_module(module: str) -> None:
    # importing the package imports state: import the module alone, under empty parent packages
    code = ("import importlib.util, sys, types; "
            "pkg = types.ModuleType('game'); pkg.__path__ = ['game']; sys.modules['game'] = pkg; "
            "r = types.ModuleType('game.realm'); r.__path__ = ['game/realm']; sys.modules['game.realm'] = r; "
            "e = types.ModuleType('game.realm.engine'); e.__path__ = ['game/realm/engine']; "
            "sys.modules['game.realm.engine'] = e; "
            f"import game.realm.engine.{module}; print('game.realm.engine.state' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_every_decision_has_kinds_a_prompt_and_a_handler() -> None:
    rules_ids = {s["id"] for s in tomllib.loads((ROOT / "assets/realm/rules/rules.toml").read_text())["section"]}
    for d in Decision:
        if d in (Decision.NONE, Decision.OVER):
            continue
        assert KINDS_FOR_DECISION[d], d
        name = d.name.lower()
        assert prompt(name) != name
        assert rules_section(name) in rules_ids
    for k in ActionKind:
        assert hasattr(State, f"_do_{k}")
        assert KINDS[k].kind == k == str(k)


def test_preview_titles_and_descriptions_of_every_action_seen() -> None:
    from game.realm.engine import describe

    seen = set()
    for g in range(12):
        s = new_game(2 + g % 4, seed=g)
        rng = random.Random(g)
        while not s.is_terminal():
            for a in s.legal_actions():
                assert preview_title(s.c, a).endswith("?")
                assert not describe(s.c, a).startswith("{")
                seen.add(a[0])
            s.apply(rng.choice(s.legal_actions()))
    assert len(seen) >= 12


def test_preview_is_the_actions_effect_on_a_copy() -> None:
    s = play_until(4, 21, lambda st: st.decision_name() == "tuck")
    before = snapshot(s)
    for a in s.legal_actions():
        t = s.preview(a)
        assert snapshot(s) == before
        u = s.copy()
        u._tuck(s.to_move(), s.tucking_card(), a[1], a[2])
        for name in ("tracks", "icons", "tucked", "tuck_count", "artifact", "selected", "known"):
            assert getattr(t, name) == getattr(u, name), name
    with pytest.raises(IllegalAction):
        s.preview(("tuck", 9, 9))
    assert snapshot(s) == before


def test_payment_options_for_another_bid_change_nothing_and_are_legal() -> None:
    checked = 0
    for g in range(30):
        s = play_until(3 + g % 3, 400 + g, lambda st: st.decision_name() in ("row", "pay"))
        p = s.to_move()
        before = snapshot(s)
        for bid in range(s.bid_limit(p) + 1):
            for a in s.payment_options(p, bid):
                s._check_payment(p, a, bid)  # raises if not legal for that bid
                t = s.after_payment(p, a)
                assert t.coins[p] <= s.coins[p]
                checked += 1
        assert snapshot(s) == before
    assert checked > 50


def _plain_payment_options(s: State, p: int, bid: int) -> list[tuple]:
    """payment_options as first written: the greedy payments on the payer's own numbers and cards,
    uncached (the engine caches them by numbers capped at what is needed, mercenaries by value)."""
    from game.realm.engine.constants import MATCH, ZERO5, coin_bids
    from game.realm.engine.payment import _orders

    region = s.rk.region
    cols = [c for c in range(5) if s.claims[region * 5 + c] > 0]
    mask = sum(1 << c for c in cols)
    wb = p * 5
    need0 = bid - sum(s.wardens[wb + c] for c in cols)
    if need0 <= 0:
        return [("pay", 0, 0, ZERO5, (), ZERO5)]
    aco_av = s.board[region * s.n + p]
    kmax = coin_bids(s.coins[p])
    infl_order = sorted(((s.tracks[wb + c], c) for c in cols), reverse=True)
    mercs = s.c.mercenaries
    merc_list = sorted(((MATCH[mercs[m].mask & mask], m) for m in s.mercs[p] if mercs[m].mask & mask), reverse=True)
    ward = [(s.wardens[wb + c], c) for c in cols if s.wardens[wb + c]]
    out: list[tuple] = []
    have = ("a" if aco_av else "") + ("c" if kmax else "") + ("i" if infl_order and infl_order[0][0] else "") \
        + ("m" if merc_list else "") + ("w" if ward else "")
    for order in _orders(have):
        need = need0
        aco = cb = 0
        infl = [0] * 5
        disc = [0] * 5
        used_m: list[int] = []
        used_v: list[int] = []
        for kind in order:
            if need <= 0:
                break
            if kind == "a":
                aco = min(aco_av, need)
                need -= aco
            elif kind == "c":
                cb = min(kmax, need)
                need -= cb
            elif kind == "i":
                for v, c in infl_order:
                    infl[c] = min(v, need)
                    need -= infl[c]
                    if need <= 0:
                        break
            elif kind == "m":
                for v, m in merc_list:
                    if need <= 0:
                        break
                    if v <= need:
                        used_m.append(m)
                        used_v.append(v)
                        need -= v
            elif kind == "w":
                for w, c in ward:
                    while disc[c] < w and need >= 2:
                        disc[c] += 1
                        need -= 2
        if need > 0:
            for v, m in merc_list:
                if need > 0 and m not in used_m:
                    used_m.append(m)
                    used_v.append(v)
                    need -= v
            for w, c in ward:
                while need > 0 and disc[c] < w:
                    disc[c] += 1
                    need -= 2
        if need > 0:
            continue
        act = ("pay", aco, cb, tuple(infl), tuple(sorted(used_m)), tuple(disc))
        if act in out:
            continue
        smallest = min([1] * bool(aco or cb or any(infl)) + used_v + [2] * any(disc), default=3)
        if smallest != 3 and bid - need - smallest >= bid:
            continue
        out.append(act)
    return out or s._all_payments(p, limit=1, bid=bid)


def test_payment_options_do_not_depend_on_what_the_cache_holds() -> None:
    """The greedy payments are cached by the payer's numbers (amounts capped at what is needed,
    mercenaries by value): the same payer with other mercenary cards, more influence or coins must
    get the payments worked out on its own numbers and cards, whatever the cache holds."""
    cases = []
    for g in range(12):
        s = play_until(3 + g % 3, 900 + g, lambda st: st.decision_name() in ("row", "pay"))
        rng = random.Random(g)
        for p in range(s.n):
            for k in range(6):  # the same payer with other mercenaries, more influence and coins
                t = s.copy()
                pool = sorted(t.merc_deck + t.mercs[p])
                t.mercs[p] = sorted(rng.sample(pool, min(len(pool), k)))
                for c in range(5):
                    t.tracks[p * 5 + c] = min(8, t.tracks[p * 5 + c] + (rng.randrange(4) if k % 2 else 0))
                t.coins[p] += rng.randrange(6) if k % 3 == 2 else 0
                cases += [(t, p, bid) for bid in range(1, 12)]
    random.Random(1).shuffle(cases)
    with_mercs = 0
    for t, p, bid in cases:
        got = t.payment_options(p, bid)
        assert got == _plain_payment_options(t, p, bid)
        with_mercs += sum(1 for a in got if a[4])
    assert with_mercs > 100


def test_accessors_return_fresh_values() -> None:
    s = play_until(4, 22, lambda st: st.round == 3)
    before = snapshot(s)
    for v in (s.hand(0), s.mercenaries(0), s.region_acolytes(1), s.pillar_stack(0, 0), s.claims_in(0),
              s.artifacts_of(0)):
        v.append(99)
    assert snapshot(s) == before
    assert sum(len(s.pillar_stack(0, pl)) for pl in range(5)) == len(s.tucked[0])
    assert sum(s.stack_size(0, pl) for pl in range(5)) == len(s.tucked[0])
    assert s.region_acolytes(2)[1] == s.acolytes_in(2, 1)


def test_payment_options_kept_for_the_decision_stay_legal_after_determinize() -> None:
    """The options are worked out when the payment is asked; a determinized world deals the payer's
    mercenaries afresh, so its options must be the ones of the new hand."""
    checked = 0
    for g in range(40):
        s = play_until(3 + g % 3, 600 + g, lambda st: st.decision_name() == "pay")
        assert s.legal_actions() == s.payment_options(s.to_move())
        for o in range(s.n):
            d = s.determinize(o, random.Random(g * 5 + o))
            assert d.legal_actions() == d.payment_options(d.to_move())
            for a in d.legal_actions():
                d._check_payment(d.to_move(), a)
                checked += 1
    assert checked >= 40


def test_preview_stops_after_the_actions_own_effect() -> None:
    # the Guidance artifact's owner recruits its last warden: applying it also advances a track
    s = play_until(4, 23, lambda st: st.decision_name() == "warden" and st.dec_n == 1
                   and st.artifact[0] == st.to_move())
    p = s.to_move()
    a = s.legal_actions()[0]
    t = s.preview(a)
    assert t.wardens_of(p, a[1]) == s.wardens_of(p, a[1]) + 1
    assert t.warden_total(p) == s.warden_total(p) + 1
    assert t.tracks == s.tracks  # the preview stops before the artifact's advance
    u = s.copy()
    u.apply(a)
    assert u.tracks != s.tracks or u.decision_name() == "advance"
