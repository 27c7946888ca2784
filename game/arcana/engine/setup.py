"""Setting up a game: the Places of Power and monuments, then one of the deals (first game, random,
the draft variant, or a match's game 2 / 3), and the setup's own decisions (secret mage choice, draft
picks, the first magic items, a match's First Player and face-up pick).

``set_up`` fills a blank ``State`` (made by ``state.new_game``); the setup decisions are tasks on the
stack like the rest of the game (see flow.py).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .constants import (
    D_DRAFT,
    D_FIRST,
    D_MAGE,
    D_MPICK,
    D_NONE,
    MATCH_PICKS,
    MAX_CARDS,
    MAX_POWERS,
    T_DRAFT,
    T_FIRST,
    T_ITEMS,
    T_MAGES,
    T_MPICK,
    T_PASS_ITEM,
    T_ROUND,
)
from .content import Content, default_content
from .match import check_match, pick_seat

if TYPE_CHECKING:
    from .state import State


def check_setup(players: Any, preset: Any, draft: bool, content: Content | None, first_player: int | None,
                match: dict[str, Any] | None) -> tuple[Content, dict[str, Any] | None]:
    """The content to play with and the validated match; ValueError for a setup that cannot be."""
    if type(players) is not int or not 2 <= players <= 4:
        raise ValueError(f"Res Arcana is for 2-4 players (got {players!r})")
    if preset not in ("first_game", "random"):
        raise ValueError(f"preset must be 'first_game' or 'random' (got {preset!r})")
    if draft and preset != "random":
        raise ValueError("the draft variant replaces the deal of a random-preset game")
    c = content or default_content()
    if match is not None:
        if players != 2 or preset != "random":
            raise ValueError("a match is for 2 players with the random preset")
        match = check_match(match, c)
        if match["game"] > 1 and (draft or first_player is not None):
            raise ValueError("games 2 and 3 of a match have no draft and no set first player")
    if len(c.cards) > MAX_CARDS or any(len(cd.powers) > MAX_POWERS for cd in c.cards):
        raise ValueError(f"the engine supports at most {MAX_CARDS} cards of at most {MAX_POWERS} powers each")
    return c, match


def set_up(s: State, c: Content, players: int, seed: int, preset: str, draft: bool, first_player: int | None,
           match: dict[str, Any] | None) -> None:
    """Fill the blank state ``s`` with a new game (arguments already checked by :func:`check_setup`)."""
    rng = random.Random(seed)
    _empty_table(s, c, players, preset, draft, match)
    s.fp = rng.randrange(players) if first_player is None else first_player
    s.token = s.cur = s.fp
    s.fp0 = s.fp  # the first player at the start of the game (a drawn match game's loser is the other seat)
    _deal_places_and_monuments(s, rng)
    if preset == "first_game":
        _deal_first_game(s, rng)
    elif match is not None and match["game"] > 1:
        _deal_match_game(s, match)
    else:
        _deal_random(s, rng, draft)
    s.rseed = rng.getrandbits(60)
    s.tasks = [(T_ROUND,), (T_ITEMS,)] + s.tasks  # the setup's own decisions come first (the top)


def _empty_table(s: State, c: Content, n: int, preset: str, draft: bool, match: dict[str, Any] | None) -> None:
    s.c = c
    s.n = n
    s.preset = preset
    s.draft = draft
    s.round = 0
    s.passed = [False] * n
    s.any_passed = False
    s.acts = [0] * n
    s.ess = [1] * (5 * n)
    s.on = [0] * (5 * len(c.cards))
    s.turned = [0] * len(c.cards)
    s.play = [[] for _ in range(n)]
    s.hand = [[] for _ in range(n)]
    s.deck = [[] for _ in range(n)]
    s.disc = [[] for _ in range(n)]
    s.box = []
    s.mage_opts = [[] for _ in range(n)]
    s.mage_pick = [-1] * n
    s.item_of = [-1] * n
    s.known = [0] * len(c.cards)
    s.known_top = [0] * n
    s.mon_known = [0] * n
    s.temp_vp = [0] * n
    s.tasks = []
    s.dec = D_NONE
    s.actor = -1
    s.dd = None
    s.events = None
    s.fired = None
    s.winners = []
    s.final = []
    s.packs = [[] for _ in range(n)]
    s.draft_phase = 0
    s.picks = [-1] * n
    s.match = match
    s.mpool = ()
    s.mown = ((),) * n
    s.mstep = 0


def _deal_places_and_monuments(s: State, rng: random.Random) -> None:
    """One side of each Place of Power tile (the sun side in the first game); two monuments face up."""
    c = s.c
    by_tile: dict[int, list[int]] = {}
    for pl in c.places:
        by_tile.setdefault(c.cards[pl].tile, []).append(pl)
    s.places = []
    for tile in sorted(by_tile):
        sides = sorted(by_tile[tile], key=lambda x: not c.cards[x].first_game_side)
        s.places.append(sides[0] if s.preset == "first_game" else rng.choice(sides))
    mons = list(c.monuments)
    rng.shuffle(mons)
    s.mon_up = [mons.pop(), mons.pop()]
    s.mon_deck = mons


def _deal_first_game(s: State, rng: random.Random) -> None:
    """Preset mages and hands (seat k gets preset k + 1, known to all), 5-card decks."""
    c = s.c
    everyone = (1 << s.n) - 1
    used: set[int] = set()
    for p in range(s.n):
        mage, hand = c.presets[p + 1]
        s.play[p].append(mage)
        s.known[mage] = everyone
        s.hand[p] = list(hand)
        for h in hand:
            s.known[h] = everyone
        used.update(hand)
    rest = [a for a in c.artifacts if a not in used]
    rng.shuffle(rest)
    for p in range(s.n):
        s.deck[p] = [rest.pop() for _ in range(5)]
    s.box = rest + [m for m in c.mages if all(m != s.play[p][0] for p in range(s.n))]


def _deal_match_game(s: State, match: dict[str, Any]) -> None:
    """Match games 2 and 3: the mages are kept; game 2 picks the 16 artifacts face up, game 3 keeps each
    seat's 8; the chooser first chooses the First Player."""
    c = s.c
    everyone = (1 << s.n) - 1
    by = c.by_id
    mages = [by[x] for x in match["mages"]]
    for p in range(s.n):
        s.play[p].append(mages[p])
        s.known[mages[p]] = everyone
    if match["game"] == 2:
        s.mpool = tuple(by[x] for x in match["pool"])
        for x in s.mpool:
            s.known[x] = everyone
    else:
        s.mstep = MATCH_PICKS
        s.mown = tuple(tuple(by[x] for x in d) for d in match["decks"])
        for p in range(s.n):
            s.deck[p] = list(s.mown[p])
    used = set(mages) | set(s.mpool) | {x for d in s.mown for x in d}
    s.box = [x for x in c.artifacts if x not in used] + [m for m in c.mages if m not in used]
    s.fp = s.token = s.cur = s.fp0 = match["chooser"]  # until the chooser has chosen
    s.tasks = [(T_MPICK,), (T_FIRST,)]


def _deal_random(s: State, rng: random.Random, draft: bool) -> None:
    """Two mages each to keep one of (secretly); 3 cards in hand and 5 in the deck, or the draft."""
    c = s.c
    arts = list(c.artifacts)
    rng.shuffle(arts)
    mages = list(c.mages)
    rng.shuffle(mages)
    for p in range(s.n):
        s.mage_opts[p] = [mages.pop(), mages.pop()]
        for m in s.mage_opts[p]:
            s.known[m] = 1 << p
    s.box = mages
    if draft:
        for p in range(s.n):
            s.packs[p] = [arts.pop() for _ in range(4)]
            for x in s.packs[p]:
                s.known[x] = 1 << p
        s.draft_phase = 1
        s.tasks = [(T_MAGES, 0), (T_DRAFT, 0)]
    else:
        for p in range(s.n):
            s.deck[p] = [arts.pop() for _ in range(5)]
            s.hand[p] = [arts.pop() for _ in range(3)]
            for h in s.hand[p]:
                s.known[h] = 1 << p
        s.tasks = [(T_MAGES, 0)]
    s.box += arts


class SetupMixin:
    """The setup's decisions, as tasks: mages, the draft, the first magic items, a match's pick."""

    __slots__ = ()

    def _t_items(self, t: tuple) -> None:
        # counter-clockwise from the seat to the right of the first player; the first player picks last
        n = self.n
        for i in range(n):
            self.tasks.append((T_PASS_ITEM, (self.fp + i) % n))

    def _t_mages(self, t: tuple) -> None:
        p = t[1]
        if p >= self.n:
            self._reveal_mages()
            return
        self.tasks.append((T_MAGES, p + 1))
        self._ask(D_MAGE, p)

    def _reveal_mages(self) -> None:
        for p in range(self.n):
            m = self.mage_pick[p]
            self.play[p].insert(0, m)
            for o in self.mage_opts[p]:
                if o != m:
                    self.box.append(o)
            self.known[m] = (1 << self.n) - 1
            self.mage_opts[p] = []
        self._ev("mages", mages=[self.c.cards[self.play[p][0]].id for p in range(self.n)])

    def _t_draft(self, t: tuple) -> None:
        """The draft: every seat picks from its pack (secret, simultaneous: asked in seat order); then
        the picks go to the decks and the packs pass on. Two packs of 4 each, then shuffle and draw 3."""
        p = t[1]
        if p < self.n:
            self.tasks.append((T_DRAFT, p + 1))
            self._ask(D_DRAFT, p)
            return
        self._pass_packs()
        if self.packs[0]:
            self.tasks.append((T_DRAFT, 0))
        elif self.draft_phase == 1:
            self._deal_second_packs()
            self.tasks.append((T_DRAFT, 0))
        else:
            self.draft_phase = 0
            r = self._rand()
            for q in range(self.n):
                r.shuffle(self.deck[q])
                for c in self.deck[q]:
                    self.known[c] = 0
            for q in range(self.n):
                self._draw(q, 3)

    def _pass_packs(self) -> None:
        n = self.n
        for q in range(n):
            self.deck[q].append(self.picks[q])
            self.picks[q] = -1
        step = 1 if self.draft_phase == 1 else -1
        self.packs = [self.packs[(q - step) % n] for q in range(n)]
        for q in range(n):
            for c in self.packs[q]:
                self.known[c] = 1 << q

    def _deal_second_packs(self) -> None:
        self.draft_phase = 2
        r = self._rand()
        kinds = self.c.cards
        arts = [x for x in self.box if kinds[x].kind == "artifact"]
        r.shuffle(arts)
        self.box = [x for x in self.box if kinds[x].kind != "artifact"]
        for q in range(self.n):
            self.packs[q] = [arts.pop() for _ in range(4)]
        self.box += arts
        for q in range(self.n):
            for c in self.packs[q]:
                self.known[c] = 1 << q

    def _keep_draft_pick(self, p: int, card: int) -> None:
        self.packs[p].remove(card)
        self.picks[p] = card
        self._ev("draft_pick", seat=p)

    def _t_first(self, t: tuple) -> None:
        self._ask(D_FIRST, self.match["chooser"])

    def _choose_first_player(self, chooser: int, seat: int) -> None:
        self.fp = self.token = self.cur = self.fp0 = seat
        self._ev("first_player_chosen", seat=seat, chooser=chooser)

    def _t_mpick(self, t: tuple) -> None:
        """Game 2: the face-up pick, one card per decision; then (games 2 and 3) shuffle and draw 3."""
        i = self.mstep
        if i < MATCH_PICKS:
            self.tasks.append((T_MPICK,))
            self._ask(D_MPICK, pick_seat(self.fp, i))
            return
        r = self._rand()
        for q in range(self.n):
            r.shuffle(self.deck[q])
            for c in self.deck[q]:
                self.known[c] = 0
            self._ev("reshuffle", seat=q)
        for q in range(self.n):
            self._draw(q, 3)

    def _match_pick(self, p: int, card: int) -> None:
        self.mpool = tuple(y for y in self.mpool if y != card)
        self.mown = tuple(o + (card,) if q == p else o for q, o in enumerate(self.mown))
        self.deck[p].append(card)
        self.mstep += 1
        self._ev("match_pick", seat=p, card=self.c.cards[card].id)
