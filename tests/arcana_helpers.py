"""Shared helpers for the Res Arcana tests: random play, invariants, and scenario set-up."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from game.arcana.engine import State, new_game
from game.arcana.engine.state import D_MAIN, K_POWER


def random_game(n: int, seed: int, *, preset: str = "first_game", draft: bool = False, check_every: int = 0,
                rng_seed: int | None = None) -> tuple[State, int]:
    """Play a seeded uniformly random game; check invariants every ``check_every`` steps (0 = never)."""
    s = new_game(n, seed, preset=preset, draft=draft)
    r = random.Random(seed if rng_seed is None else rng_seed)
    steps = 0
    while not s.is_terminal():
        if check_every and steps % check_every == 0:
            check_invariants(s)
        acts = s.legal_actions()
        assert acts, (s.decision_name(), s.actor)
        s.apply_unchecked(acts[r.randrange(len(acts))])
        steps += 1
    check_invariants(s)
    return s, steps


def independent_points(s: State, p: int) -> int:
    c = s.c
    pts = 1 if s.token == p else 0
    pts += s.temp_vp[p]
    for x in s.play[p]:
        cd = c.cards[x]
        pts += cd.vp
        for kind, key, k in cd.vp_formula:
            if kind == "essence":
                pts += k * s.on[x * 5 + ("elan", "life", "calm", "death", "gold").index(key)]
            else:
                pts += k * len([y for y in s.play[p] if getattr(c.cards[y], key)])
    return pts


def check_invariants(s: State) -> None:
    c = s.c
    assert min(s.ess) >= 0 and min(s.on) >= 0
    where: list[int] = []
    for p in range(s.n):
        where += s.hand[p] + s.deck[p] + s.disc[p] + s.play[p] + s.packs[p] + s.mage_opts[p]
    where += s.box + s.mon_up + s.mon_deck + s.places + [x for x in s.picks if x >= 0]
    where += [x for x in c.items if x not in s.item_of]
    counted = sorted(x for x in where if c.cards[x].kind != "place_of_power")
    assert counted == sorted(set(counted)), "a card is in two places"
    assert counted == sorted(i for i in range(len(c.cards)) if c.cards[i].kind != "place_of_power")
    claimed = [x for p in range(s.n) for x in s.play[p] if c.cards[x].kind == "place_of_power"]
    tiles = sorted([c.cards[x].tile for x in claimed] + [c.cards[x].tile for x in s.places])
    assert tiles == [1, 2, 3, 4, 5]
    for p in range(s.n):
        for x in s.hand[p] + s.deck[p] + s.disc[p] + s.packs[p]:
            assert c.cards[x].kind == "artifact"
        assert s.points(p) == independent_points(s, p)
        assert sum(1 for x in s.play[p] if c.cards[x].kind == "magic_item") <= 1


def card(s: State, cid: str) -> int:
    return s.c.by_id[cid]


def to_main(n: int = 2, seed: int = 0, *, preset: str = "first_game") -> State:
    """A fresh game advanced (always the first legal choice) to seat 0's first main action."""
    s = new_game(n, seed, preset=preset, first_player=0)
    while not (s.dec == D_MAIN and s.actor == 0):
        s.apply(s.legal_actions()[0])
    return s


def _take_out(s: State, x: int) -> None:
    for p in range(s.n):
        for lst in (s.hand[p], s.deck[p], s.disc[p], s.play[p]):
            if x in lst:
                lst.remove(x)
    for lst in (s.box, s.mon_up, s.mon_deck, s.places):
        if x in lst:
            lst.remove(x)
    if x in s.item_of:
        s.item_of[s.item_of.index(x)] = -1


def give(s: State, p: int, cid: str, *, where: str = "play", turned: bool = False) -> int:
    """Move card ``cid`` to seat ``p``'s play area (or ``hand`` / ``disc`` / ``deck``), from wherever it is."""
    x = s.c.by_id[cid]
    cd = s.c.cards[x]
    if cd.kind == "place_of_power":
        other = s.c.by_id[cd.other_side]
        _take_out(s, other)
        for q in range(s.n):
            if other in s.play[q]:
                s.play[q].remove(other)
    _take_out(s, x)
    if cd.kind == "magic_item":
        old = s.item_of[p]
        if old >= 0:
            s.play[p].remove(old)
        s.item_of[p] = x
    getattr(s, where)[p].append(x)
    s.turned[x] = int(turned)
    s.known[x] = (1 << s.n) - 1 if where in ("play", "disc") else 1 << p
    return x


def set_ess(s: State, p: int, elan: int = 0, life: int = 0, calm: int = 0, death: int = 0, gold: int = 0) -> None:
    s.ess[p * 5:p * 5 + 5] = [elan, life, calm, death, gold]


def pool(s: State, p: int) -> list[int]:
    return s.ess[p * 5:p * 5 + 5]


def on(s: State, cid: str) -> list[int]:
    x = s.c.by_id[cid]
    return s.on[x * 5:x * 5 + 5]


def use(s: State, cid: str, power: int = 0, choices: Iterable[tuple] = ()) -> None:
    """Seat to move uses power ``power`` of ``cid`` then makes the given follow-up choices."""
    s.fired = s.fired if s.fired is not None else set()
    s.apply((K_POWER, s.c.by_id[cid], power))
    for a in choices:
        s.apply(a)


def table_at(cfg: Any, st: State) -> tuple[Any, Any, Any]:
    """Res Arcana's table for a solo game (Annabel against the rule bot) put at ``st``, pushed on a
    headless app and drawn: (app, table, session)."""
    from game.arcana.ui import TableScene
    from game.core.session import GameSession, Seat
    from game.shell import testing

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human", name="Annabel"), Seat("bot", "rule")], 7, {"preset": "random"},
                       presets=None, game="arcana")
    sess.state = st
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    return app, table, sess
