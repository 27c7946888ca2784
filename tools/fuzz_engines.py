"""Fuzz both engines with uniformly random games and check, after every action:

- conservation: Res Arcana's essences are accounted for (no component outside a player's play holds any,
  every card is in exactly one place), Realm's coins, acolytes, wardens and mercenaries keep their totals;
- events: every change of a Res Arcana pool or of a component's essences is described, to the essence, by
  the events the action emitted (docs/arcana-engine.md, "Events"); in Realm every seat whose coins,
  acolytes, wardens, mercenaries, tracks or score changed is named by an event of that action;
- determinization, at sampled positions and for every observer: the observer's view is kept, the decision
  in progress and the seat to move are kept, the world has a legal action, and the world depends only on
  the observer's information (a twin dealt differently but identical to the observer determinizes
  identically with the same random seed).

Usage: ``python tools/fuzz_engines.py --games 2000 --seed 1 --game all`` (``--players 2 3`` to run only
some player counts, e.g. to split a run over processes). One line per configuration (Realm at 2-5 players;
Res Arcana at 2-4 with the first-game preset, the random preset and the draft, and the match for two,
each game's setup chained from the last): games, positions checked, determinizations checked (one per
observer at a sampled position), failures, CPU seconds; the first faults follow, each naming the game,
step and action to reproduce it. Exit status 1 on any failure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from itertools import count
from operator import add
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: import the project this file belongs to
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.arcana.adapter import ADAPTER as ARCANA_ADAPTER  # noqa: E402
from game.arcana.engine import new_game as arcana_new_game  # noqa: E402
from game.arcana.engine.state import D_ORDER, D_TARGET  # noqa: E402
from game.realm.engine import new_game as realm_new_game  # noqa: E402

DETERMINIZE_EVERY = 100  # on average one position in this many is checked for every observer
MAX_FAULTS_SHOWN = 5

# ------------------------------------------------------------------ Res Arcana: essences and events


def arcana_essences(s: Any) -> tuple[list[int], list[int]]:
    """A snapshot of every pool (5 per seat) and every component's essences (5 per card)."""
    return s.ess[:], s.on[:]


def arcana_event_ledger(s: Any, events: list[dict[str, Any]]) -> tuple[list[int], list[int]]:
    """The change of every pool and every component's essences that ``events`` describe."""
    pools = [0] * len(s.ess)
    on = [0] * len(s.on)
    by_id = s.c.by_id

    def add(arr: list[int], base: int, vec: list[int], sign: int) -> None:
        for e in range(5):
            arr[base + e] += sign * vec[e]

    for ev in events:
        t = ev["type"]
        if t == "gain":
            if ev["card"] is None:
                add(pools, ev["seat"] * 5, ev["essences"], 1)
            else:
                add(on, by_id[ev["card"]] * 5, ev["essences"], 1)
        elif t == "pay":
            add(pools, ev["seat"] * 5, ev["essences"], -1)
        elif t == "lose":
            pools[ev["seat"] * 5 + ev["essence"]] -= 1
        elif t == "life_loss":
            pools[ev["seat"] * 5 + 1] -= ev["life"]
        elif t in ("take", "remove"):  # a take's essences reach the pool by its own gain event
            add(on, by_id[ev["card"]] * 5, ev["essences"], -1)
    return pools, on


def arcana_event_faults(s: Any, before: tuple[list[int], list[int]], events: list[dict[str, Any]]) -> list[str]:
    """What changed in ``s`` since ``before`` (an :func:`arcana_essences` snapshot) that ``events`` do not
    account for, essence by essence; empty when the events describe every change exactly."""
    pools, on = arcana_event_ledger(s, events)
    if list(map(add, before[0], pools)) == s.ess and list(map(add, before[1], on)) == s.on:
        return []  # (checked at C speed; the details only when something is wrong)
    out = []
    for i, (b, a) in enumerate(zip(before[0], s.ess, strict=True)):
        if a - b != pools[i]:
            out.append(f"seat {i // 5} essence {i % 5}: {b} -> {a}, events say {pools[i]:+d}")
    for i, (b, a) in enumerate(zip(before[1], s.on, strict=True)):
        if a - b != on[i]:
            out.append(f"{s.c.cards[i // 5].id} essence {i % 5}: {b} -> {a}, events say {on[i]:+d}")
    return out


def arcana_conservation_faults(s: Any, cards: bool = True) -> list[str]:
    """Essences and cards accounted for: no negative amount, no essence on a component outside a
    player's play, and (``cards``) every card (but the Places of Power, which pair up by tile) in
    exactly one place."""
    c = s.c
    out = []
    if min(s.ess) < 0 or min(s.on) < 0:
        out.append("a negative number of essences")
    in_play = {x for p in range(s.n) for x in s.play[p]}
    if sum(s.on) != sum(sum(s.on[x * 5:x * 5 + 5]) for x in in_play):
        for x in range(len(c.cards)):
            if x not in in_play and any(s.on[x * 5:x * 5 + 5]):
                out.append(f"{c.cards[x].id} holds {s.on[x * 5:x * 5 + 5]} outside play")
    if not cards:
        return out
    where: list[int] = [x for x in s.box + s.mon_up + s.mon_deck + s.places + s.picks + list(s.mpool) if x >= 0]
    for p in range(s.n):
        where += s.hand[p] + s.deck[p] + s.disc[p] + s.play[p] + s.packs[p] + s.mage_opts[p]
    where += [x for x in c.items if x not in s.item_of]
    counted = sorted(x for x in where if c.cards[x].kind != "place_of_power")
    expected = [i for i, cd in enumerate(c.cards) if cd.kind != "place_of_power"]
    if counted != expected:
        out.append("a card is missing or in two places")
    return out


def _trade_places(known: list[int], slots: list[tuple[list[int], int]], rng: random.Random) -> None:
    """The cards in ``slots`` trade places; what was known of a place stays with the place."""
    cards = [lst[i] for lst, i in slots]
    bits = [known[x] for x in cards]
    moved = cards[:]
    rng.shuffle(moved)
    for (lst, i), x, b in zip(slots, moved, bits, strict=True):
        lst[i] = x
        known[x] = b


def arcana_twin(s: Any, observer: int, rng: random.Random) -> Any | None:
    """A state ``observer`` cannot tell from ``s``: the cards it does not know the place of (rivals'
    unknown hand and pack cards, secret picks, decks, the box; unrevealed mages apart) trade places, the
    ``known`` bits staying with the place (a card dealt into a hand is known to its holder). None when a pending
    decision of another seat names hidden cards in a way the swap cannot follow."""
    t = s.copy()
    bit = 1 << observer
    known = t.known
    arts = t.c.artifact_set
    slots: list[tuple[list[int], int]] = []
    if t.match is None or t.match["game"] == 1:  # (match games 2 and 3: each seat's 8 are public as a set)
        for q in range(t.n):
            if q == observer:
                continue
            slots += [(t.hand[q], i) for i, x in enumerate(t.hand[q]) if not known[x] & bit]
            slots += [(t.deck[q], i) for i in range(len(t.deck[q]))]
            slots += [(t.packs[q], i) for i, x in enumerate(t.packs[q]) if not known[x] & bit]
            if t.picks[q] >= 0 and not known[t.picks[q]] & bit:
                slots.append((t.picks, q))
        slots += [(t.box, i) for i, x in enumerate(t.box) if x in arts]
    _trade_places(known, slots, rng)
    picked = [t.mage_opts[q].index(t.mage_pick[q]) if t.mage_pick[q] in t.mage_opts[q] else -1 for q in range(t.n)]
    mage_slots = [(t.mage_opts[q], i) for q in range(t.n) if q != observer for i in range(len(t.mage_opts[q]))]
    mages = t.c.mage_set
    mage_slots += [(t.box, i) for i, x in enumerate(t.box) if x in mages and not known[x] & bit]
    _trade_places(known, mage_slots, rng)
    for q in range(t.n):
        if picked[q] >= 0:
            t.mage_pick[q] = t.mage_opts[q][picked[q]]
    if t.actor != observer and t.dec in (D_ORDER, D_TARGET):
        if t.dec == D_ORDER or (t.dd[0][0] == "place" and t.dd[0][1][0] == "hand"):
            return None
    return t


# ------------------------------------------------------------------ Realm: conserved totals and events

_REALM_SCORING = frozenset({"age_scored", "game_over"})


def realm_totals(s: Any) -> tuple:
    """What Realm conserves: coins, each seat's acolytes, each colour's wardens, the mercenaries."""
    n = s.n
    regions = len(s.board) // n
    acolytes = tuple(s.reserve[p] + sum(s.board[r * n + p] for r in range(regions)) for p in range(n))
    colours = len(s.warden_supply)
    wardens = tuple(s.warden_supply[c] + sum(s.wardens[p * colours + c] for p in range(n)) for c in range(colours))
    mercs = sorted(s.merc_deck + s.merc_discard + [m for h in s.mercs for m in h])
    return sum(s.coins) + s.supply, acolytes, wardens, tuple(mercs)


def realm_seat_pools(s: Any) -> list[tuple]:
    """Per seat, the amounts an event must announce when they change."""
    n = s.n
    regions = len(s.board) // n
    cols = len(s.warden_supply)
    pillars = len(s.tracks) // n
    return [(s.coins[p], s.reserve[p], tuple(s.board[r * n + p] for r in range(regions)),
             tuple(s.wardens[p * cols:(p + 1) * cols]), len(s.mercs[p]),
             tuple(s.tracks[p * pillars:(p + 1) * pillars]), s.score[p]) for p in range(n)]


def realm_event_faults(before: list[tuple], after: list[tuple], events: list[dict[str, Any]]) -> list[str]:
    """Seats whose pools changed with no event naming them (``seat``, or ``target`` of a steal); an age's
    scoring and the game's end announce every seat's score."""
    named: set[int] = set()
    scored = False
    for ev in events:
        scored = scored or ev["type"] in _REALM_SCORING
        for key in ("seat", "target"):
            if isinstance(ev.get(key), int):
                named.add(ev[key])
    cut = -1 if scored else None  # the score is the last of a seat's pools
    return [f"seat {p}'s pools changed with no event naming it" for p in range(len(before))
            if before[p][:cut] != after[p][:cut] and p not in named]


# ------------------------------------------------------------------ determinization (both games)

_SKIP_FIELDS = frozenset({"c", "events", "fired"})


def state_fields(s: Any) -> tuple:
    """Everything a state holds (content tables and presentation hooks aside), comparable with ==:
    plain values by their repr, objects with slots (Realm's reckoning) field by field."""
    def plain(x: Any) -> Any:
        slots = getattr(type(x), "__slots__", None)
        if slots and not isinstance(x, int | str | float | list | tuple | dict | set):
            return (type(x).__name__,) + tuple(plain(getattr(x, k, None)) for k in slots)
        return repr(x)

    return tuple((k, plain(getattr(s, k, None))) for k in type(s).__slots__ if k not in _SKIP_FIELDS)


def decision_shape(s: Any) -> tuple:
    """What must survive a determinization for any observer: the decision, the seat to move, whether
    it is secret, and (Res Arcana) the kind of a pending target's purpose."""
    shape: tuple = (s.decision_name(), s.to_move(), s.is_secret())
    dd = getattr(s, "dd", None)
    if s.decision_name() == "target" and isinstance(dd, tuple):
        shape += (dd[0][0],)
    return shape


def determinize_faults(s: Any, observer: int, seed: int) -> list[str]:
    """The determinization contracts at one position for one observer (see the module doc)."""
    out = []
    d = s.determinize(observer, random.Random(seed))
    if d.view(observer) != s.view(observer):
        out.append(f"determinize({observer}) changed the observer's view")
    if decision_shape(d) != decision_shape(s):
        out.append(f"determinize({observer}) changed the decision: {decision_shape(s)} -> {decision_shape(d)}")
    if not s.is_terminal() and not d.legal_actions():
        out.append(f"determinize({observer}) left {d.decision_name()} of seat {d.to_move()} no legal action")
    if observer == s.to_move() and d.legal_actions() != s.legal_actions():
        out.append(f"determinize({observer}) changed the observer's own legal actions")
    twins = [s.determinize(observer, random.Random(seed + 1))]  # the same to the observer, dealt otherwise
    if hasattr(s, "known_top"):  # Res Arcana: also real cards trading places with their known bits
        twins.append(arcana_twin(s, observer, random.Random(seed + 2)))
    for twin in twins:
        if twin is not None and state_fields(twin.determinize(observer, random.Random(seed))) != state_fields(d):
            out.append(f"determinize({observer}) depends on more than the observer's information")
            break
    return out


# ------------------------------------------------------------------ the runs


class Tally:
    """Counts of one configuration's run, and its first faults."""

    def __init__(self) -> None:
        self.games = 0
        self.positions = 0
        self.determinized = 0
        self.failures = 0
        self.faults: list[str] = []

    def fault(self, where: str, problems: list[str]) -> None:
        if problems:
            self.failures += 1
            if len(self.faults) < MAX_FAULTS_SHOWN:
                self.faults.append(f"{where}: {'; '.join(problems[:3])}")


def play_checked(s: Any, rng: random.Random, tally: Tally, where: str, step_check: Callable) -> Any:
    """Play ``s`` to the end with uniformly random legal actions, checking every step and sampling
    positions for the determinization contracts."""
    step = 0
    while not s.is_terminal():
        if rng.randrange(DETERMINIZE_EVERY) == 0:
            seed = rng.getrandbits(32)
            for o in range(s.n):
                tally.fault(f"{where} step {step} observer {o}", determinize_faults(s, o, seed))
                tally.determinized += 1
        acts = s.legal_actions()
        if not acts:
            tally.fault(f"{where} step {step}", ["no legal action"])
            break
        a = acts[rng.randrange(len(acts))]
        tally.fault(f"{where} step {step} {a}", step_check(s, a))
        tally.positions += 1
        step += 1
    return s


_STEP_COUNT = count()


def arcana_step(s: Any, a: tuple) -> list[str]:
    before = arcana_essences(s)
    s.events = []
    s.apply_unchecked(a)
    cards = s.is_terminal() or next(_STEP_COUNT) % 16 == 0  # where every card is: one step in 16 and the end
    faults = arcana_event_faults(s, before, s.events) + arcana_conservation_faults(s, cards)
    s.events = None
    return faults


def realm_step(s: Any, a: tuple) -> list[str]:
    totals = realm_totals(s)
    pools = realm_seat_pools(s)
    s.events = []
    s.apply_unchecked(a)
    faults = realm_event_faults(pools, realm_seat_pools(s), s.events)
    if realm_totals(s) != totals:
        faults.append("a conserved total changed")
    s.events = None
    return faults


def arcana_games(players: int, setup: str, games: int, seed: int) -> Iterator[tuple[str, Callable[[], Any]]]:
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        kwargs = {"first_game": {"preset": "first_game"}, "random": {"preset": "random"},
                  "draft": {"preset": "random", "draft": True}}[setup]
        yield (f"arcana new_game({players}, {game_seed}, **{kwargs})",
               lambda game_seed=game_seed, kwargs=kwargs: arcana_new_game(players, game_seed, **kwargs))


def run_arcana(players: int, setup: str, games: int, seed: int) -> Tally:
    tally = Tally()
    for where, make in arcana_games(players, setup, games, seed):
        rng = random.Random(where)
        play_checked(make(), rng, tally, where, arcana_step)
        tally.games += 1
    return tally


def run_arcana_match(games: int, seed: int) -> Tally:
    """Matches for two, each game's setup chained from the last by the adapter's ``next_in_match``,
    until ``games`` games have been played (a match's 2 or 3 games each count)."""
    tally = Tally()
    m = 0
    while tally.games < games:
        game_seed = seed * 1_000_003 + m
        setup: dict[str, Any] | None = {"preset": "random", "draft": False, "match": {"game": 1, "wins": [0, 0]}}
        k = 0
        while setup is not None and tally.games < games:
            where = f"arcana match {game_seed} game {k + 1}"
            s = arcana_new_game(2, game_seed + 7919 * k, **setup)
            play_checked(s, random.Random(where), tally, where, arcana_step)
            tally.games += 1
            k += 1
            setup = ARCANA_ADAPTER.next_in_match(s)
            if setup["match"]["game"] == 1:
                setup = None
        m += 1
    return tally


def run_realm(players: int, games: int, seed: int) -> Tally:
    tally = Tally()
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        where = f"realm new_game({players}, {game_seed})"
        play_checked(realm_new_game(players, game_seed), random.Random(where), tally, where, realm_step)
        tally.games += 1
    return tally


def configurations(game: str, players: list[int] | None = None) -> list[tuple[str, Callable[[int, int], Tally]]]:
    """Every configuration of the chosen game(s) (and player counts): a name and a runner taking
    (games, seed)."""
    out: list[tuple[str, Callable[[int, int], Tally]]] = []
    counts = set(players or range(2, 6))
    if game in ("realm", "all"):
        for n in sorted(counts & {2, 3, 4, 5}):
            out.append((f"realm {n}p", lambda games, seed, n=n: run_realm(n, games, seed)))
    if game in ("arcana", "all"):
        for setup in ("first_game", "random", "draft"):
            for n in sorted(counts & {2, 3, 4}):
                out.append((f"arcana {n}p {setup}",
                            lambda games, seed, n=n, setup=setup: run_arcana(n, setup, games, seed)))
        if 2 in counts:
            out.append(("arcana 2p match", run_arcana_match))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Random games of both engines with conservation, event and "
                                             "determinization checks at every step.")
    ap.add_argument("--games", type=int, default=2000, help="games per configuration (default 2000)")
    ap.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    ap.add_argument("--game", choices=("realm", "arcana", "all"), default="all")
    ap.add_argument("--players", type=int, nargs="+", choices=range(2, 6), metavar="N",
                    help="only these player counts (default: every count each game allows)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    failed = 0
    for name, run in configurations(args.game, args.players):
        t0 = time.process_time()
        tally = run(args.games, args.seed)
        cpu = time.process_time() - t0
        print(f"{name}: games {tally.games}, positions {tally.positions}, determinizations {tally.determinized}, "
              f"failures {tally.failures}, CPU {cpu:.1f} s", flush=True)
        for f in tally.faults:
            print(f"  {f}", flush=True)
        failed += tally.failures
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
