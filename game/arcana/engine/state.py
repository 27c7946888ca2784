"""The Res Arcana game state: ``State``, the one public class, and ``new_game``.

The state is a plain object of flat lists so that ``copy()`` is cheap (tree search copies states
thousands of times a second). The game runs as a stack of small tasks (``State.tasks``) carried out
until a seat must decide: the decision is ``dec`` (a ``D_*``), its seat ``actor`` and its data ``dd``
(a record of records.py). Actions are tuples of small ints whose first element is a ``K_*`` kind.

``State`` is assembled from one mixin per concern, each in its own module, none of which imports
this one (they receive the state as ``self``):

- ``setup``: dealing a new game and the setup's decisions (mages, draft, magic items, a match's pick);
- ``flow``: the task loop, the round and its phases (collect, turns, passing);
- ``legality``: legal actions and the check of an action;
- ``apply``: carrying out the answer to each decision;
- ``powers``: a power's cost stages and targets; ``effects``: the interpreter of the card effects;
  ``attacks``: defending against a Life loss;
- ``essences`` (gain, pay, lose), ``payment`` (costs and discounts), ``cards`` (cards moving);
- ``scoring``: points and the victory check; ``hidden``: a seat's view and determinization.

Numbers and names live in ``constants`` (re-exported here, their old home), the match rules in
``match``.

Short names used throughout: ``p`` / ``q`` a seat, ``ci`` a card's index (``cd`` its ``Card``), ``pw``
a ``Power``, ``e`` an essence's index (Elan, Life, Calm, Death, Gold = 0..4), ``vec`` five essence
counts, ``t`` the task being carried out, ``a`` an action.
"""

from __future__ import annotations

import random
from typing import Any

from .apply import ApplyMixin
from .attacks import AttacksMixin
from .cards import CardsMixin
from .constants import (  # noqa: F401 - also re-exported: state.py was the constants' old home
    ACTION_CAP,
    ACTION_LEN,
    D_DECK,
    D_DEFEND,
    D_DRAFT,
    D_ESS,
    D_FIRST,
    D_FORGE,
    D_HAND,
    D_ITEM,
    D_MAGE,
    D_MAIN,
    D_MPICK,
    D_NONE,
    D_ORDER,
    D_OVER,
    D_PAY,
    D_RIVAL,
    D_STATUE,
    D_TAKE,
    D_TARGET,
    D_X,
    DECISION_NAMES,
    K_BLIND,
    K_CLAIM,
    K_DECK,
    K_DISCARD,
    K_DRAFT,
    K_ESS,
    K_FIRST,
    K_FORGE,
    K_HAND,
    K_HIT,
    K_IGNORE,
    K_ITEM,
    K_MAGE,
    K_MPICK,
    K_ORDER,
    K_PASS,
    K_PAY,
    K_PLACE,
    K_POWER,
    K_REACT,
    K_RIVAL,
    K_STATUE,
    K_TAKE,
    K_TARGET,
    K_X,
    M_CONVERT,
    M_GAIN,
    M_LOSE,
    M_PAYONE,
    MATCH_GAMES,
    MATCH_PICKS,
    MAX_CARDS,
    MAX_POWERS,
    MAX_ROUNDS,
    PERMS,
    PILE_MONUMENTS,
    PILE_OWN,
    S_DESTROY,
    S_DESTROY_SELF,
    S_DISCARD,
    S_EFFECTS,
    S_PAY,
    S_REMOVE,
    S_TURN,
    S_TURN_OTHER,
    S_X,
    SECRET,
    T_ATTACK,
    T_COLLECT,
    T_COND,
    T_DISCARD_N,
    T_DRAFT,
    T_DRAW,
    T_FIRST,
    T_FORGE,
    T_GAIN,
    T_ITEMS,
    T_LOSE,
    T_MAGES,
    T_MPICK,
    T_NEXT,
    T_PASS_ITEM,
    T_ROUND,
    T_SCORE,
    T_SETUP_DONE,
    T_STATUE,
    T_STEP,
    T_TAKE,
    T_TURN,
    T_VICTORY,
    TASK_NAMES,
    VICTORY_POINTS,
)
from .content import Content, Power
from .effects import EffectsMixin
from .essences import EssencesMixin
from .flow import HANDLERS, FlowMixin
from .hidden import determinize as _determinize
from .hidden import view as _view
from .legality import LegalityMixin
from .match import check_match, pick_seat, picks_left  # noqa: F401 - importable from here as before
from .payment import PaymentMixin
from .powers import PowersMixin
from .scoring import ScoringMixin
from .setup import SetupMixin, check_setup, set_up

_SLOTS = ("c", "n", "preset", "draft", "rseed", "round", "fp", "token", "cur", "passed", "any_passed", "acts",
          "ess", "on", "turned", "play", "hand", "deck", "disc", "box", "mage_opts", "mage_pick", "mon_up",
          "mon_deck", "places", "item_of", "known", "known_top", "mon_known", "temp_vp", "tasks", "dec", "actor",
          "dd", "events", "winners", "final", "packs", "draft_phase", "picks", "fired", "match", "mpool", "mown",
          "mstep", "fp0")


class State(LegalityMixin, ApplyMixin, FlowMixin, SetupMixin, PowersMixin, EffectsMixin, AttacksMixin,
            EssencesMixin, PaymentMixin, CardsMixin, ScoringMixin):
    """A whole game of Res Arcana. Create with :func:`new_game`."""

    __slots__ = _SLOTS

    # ------------------------------------------------------------ copy
    def copy(self) -> State:
        """A cheap independent copy; ``events`` is None in every copy."""
        s = State.__new__(State)
        s.c = self.c
        s.n = self.n
        s.preset = self.preset
        s.draft = self.draft
        s.rseed = self.rseed
        s.round = self.round
        s.fp = self.fp
        s.token = self.token
        s.cur = self.cur
        s.passed = self.passed[:]
        s.any_passed = self.any_passed
        s.acts = self.acts[:]
        s.ess = self.ess[:]
        s.on = self.on[:]
        s.turned = self.turned[:]
        s.play = [x[:] for x in self.play]
        s.hand = [x[:] for x in self.hand]
        s.deck = [x[:] for x in self.deck]
        s.disc = [x[:] for x in self.disc]
        s.box = self.box[:]
        s.mage_opts = [x[:] for x in self.mage_opts]
        s.mage_pick = self.mage_pick[:]
        s.mon_up = self.mon_up[:]
        s.mon_deck = self.mon_deck[:]
        s.places = self.places[:]
        s.item_of = self.item_of[:]
        s.known = self.known[:]
        s.known_top = self.known_top[:]
        s.mon_known = self.mon_known[:]
        s.temp_vp = self.temp_vp[:]
        s.tasks = self.tasks[:]
        s.dec = self.dec
        s.actor = self.actor
        s.dd = self.dd
        s.events = None
        s.winners = self.winners[:]
        s.final = self.final[:]
        s.packs = [x[:] for x in self.packs]
        s.draft_phase = self.draft_phase
        s.picks = self.picks[:]
        s.fired = None
        s.match = self.match  # never mutated
        s.mpool = self.mpool  # tuples, replaced (not mutated) on each pick
        s.mown = self.mown
        s.mstep = self.mstep
        s.fp0 = self.fp0
        return s

    # ------------------------------------------------------------ protocol queries
    def num_players(self) -> int:
        return self.n

    def to_move(self) -> int:
        return -1 if self.dec == D_OVER else self.actor

    def is_terminal(self) -> bool:
        return self.dec == D_OVER

    def is_secret(self) -> bool:
        return self.dec in SECRET

    def secret_block(self) -> tuple | None:
        if self.dec == D_MAGE:
            return ("mage",)
        if self.dec == D_DRAFT:
            return ("draft", self.draft_phase, len(self.packs[self.actor]) + (self.picks[self.actor] >= 0))
        return None

    def decision_name(self) -> str:
        return DECISION_NAMES[self.dec]

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know, JSON-ready (see hidden.py)."""
        return _view(self, seat)

    def determinize(self, observer: int, rng: random.Random) -> State:
        """A new state with everything ``observer`` cannot know dealt afresh (see hidden.py)."""
        return _determinize(self, observer, rng)

    @property
    def winner(self) -> int | None:
        """The sole winner's seat; None while playing or when the victory is shared."""
        return self.winners[0] if len(self.winners) == 1 else None

    # ------------------------------------------------------------ helpers
    def _ev(self, kind: str, **data: Any) -> None:
        if self.events is not None:
            data["type"] = kind
            self.events.append(data)

    def _rand(self) -> random.Random:
        r = random.Random(self.rseed)
        self.rseed = r.getrandbits(60)
        return r

    def _ask(self, dec: int, actor: int, dd: Any = None) -> None:
        self.dec = dec
        self.actor = actor
        self.dd = dd

    def _fire(self, pw: Power) -> None:
        if self.fired is not None:
            self.fired.add(pw.id)



HANDLERS.extend(getattr(State, "_t_" + name) for name in TASK_NAMES)


def new_game(players: int, seed: int = 0, *, preset: str = "first_game", draft: bool = False,
             content: Content | None = None, first_player: int | None = None,
             match: dict[str, Any] | None = None) -> State:
    """Set up a game of 2-4 players. ``preset`` is ``"first_game"`` (sun sides, preset hands and mages)
    or ``"random"`` (random sides, 8 dealt artifacts, keep 1 of 2 mages); ``draft`` replaces the deal
    with the draft variant (``preset="random"`` only).

    ``match`` (2 players, random preset) makes the game one of a 3-game match for two (rules-notes §2):
    ``{"game": 1, "wins": [0, 0]}`` is a normal game; ``{"game": 2, "wins": [w0, w1], "chooser": seat,
    "mages": [id, id], "pool": [16 artifact ids]}`` keeps the mages, lets ``chooser`` choose the first
    player and picks the pool face up; ``{"game": 3, ..., "decks": [[8 ids], [8 ids]]}`` keeps the decks."""
    c, match = check_setup(players, preset, draft, content, first_player, match)
    s = State.__new__(State)
    set_up(s, c, players, seed, preset, draft, first_player, match)
    s._run()
    return s
