"""Setting up a game: table, players, action deck and age 1 (rulebook: Table, Player, Faction-Specific
and Action Deck Setup)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .constants import (
    ACOLYTES,
    AGES,
    CLAIMS_PER_REGION,
    COINS_TOTAL,
    D_NONE,
    ICON_SLOTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MONUMENTS,
    N_PILLARS,
    N_REGIONS,
    STACK_SIZES,
    TABLE,
    WARDENS_PER_COLOUR,
)
from .content import CARD_ACTION, CARD_FINAL, CARD_RECKONING, Content, default_content

if TYPE_CHECKING:
    from .state import State


def set_up(
    s: State,
    players: int,
    seed: int = 0,
    factions: list[str] | None = None,
    content: Content | None = None,
) -> None:
    """Fill the blank state ``s`` (made by ``state.new_game``) with a new game (table, players,
    action deck, age 1) and run it to the first decision. The state is handed in rather than
    built here, so this module never imports the state's class back.

    ``factions`` lists a faction id per seat; missing ones are drawn at random.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be 2 to 5 (got {players})")
    c = content or default_content()
    rng = random.Random(seed)
    fids = [f.id for f in c.factions]
    chosen: list[int] = []
    if factions:
        if len(factions) != players:
            raise ValueError(f"factions lists {len(factions)} entries for {players} players")
        for f in factions:
            if f in (None, "", "random"):
                chosen.append(-1)
            elif f not in fids:
                raise ValueError(f"unknown faction {f!r} (choose from {', '.join(fids)})")
            else:
                chosen.append(fids.index(f))
        if len({x for x in chosen if x >= 0}) != len([x for x in chosen if x >= 0]):
            raise ValueError("each faction can be played by one seat only")
    else:
        chosen = [-1] * players
    free = [i for i in range(len(fids)) if i not in chosen]
    # factions are drawn from their own stream, so that naming them (as a log's header
    # does) leaves every other shuffle of the game unchanged
    random.Random(f"factions:{seed}").shuffle(free)
    chosen = [x if x >= 0 else free.pop() for x in chosen]

    n = players
    s.c = c
    s.n = n
    s.factions = tuple(chosen)
    s.age = 0
    s.round = 0
    s.direction = 1
    s.hands = [[] for _ in range(n + (1 if n == 2 else 0))]
    s.selected = [-1] * n
    s.mercs = [[] for _ in range(n)]
    deck = list(range(len(c.mercenaries)))
    rng.shuffle(deck)
    s.merc_deck = deck
    s.merc_discard = []
    s.coins = [0] * n
    s.supply = COINS_TOTAL
    s.board = [0] * (N_REGIONS * n)
    s.reserve = [ACOLYTES] * n
    s.wardens = [0] * (N_PILLARS * n)
    s.warden_supply = [WARDENS_PER_COLOUR] * N_PILLARS
    s.tracks = [0] * (N_PILLARS * n)
    s.score = [0] * n
    s.icons = [0] * (ICON_SLOTS * n)
    s.tucked = [[] for _ in range(n)]
    s.tuck_count = [0] * (N_PILLARS * n)
    s.artifact = [-1] * N_PILLARS
    s.claims = [0] * (N_REGIONS * N_PILLARS)
    for r in range(N_REGIONS):
        s.claims[r * N_PILLARS + c.region_pillar[r]] = CLAIMS_PER_REGION
    s.built = [None] * len(c.spaces)
    s.monuments_left = MONUMENTS
    s.events = None
    s.winner = -1
    s.used_rewards = []
    s.rk = None
    s.age_scores = []
    s.tasks = []
    s.pending = []
    s.order = []
    s.dec = D_NONE
    s.actor = 0
    s.dec_n = 0
    s.dec_data = None
    s.box = []
    for p, fi in enumerate(chosen):
        f = c.factions[fi]
        s.score[p] = f.score
        take = min(f.coins, s.supply)
        s.coins[p] = take
        s.supply -= take
        for w in f.wardens:
            s.wardens[p * N_PILLARS + w] += 1
            s.warden_supply[w] -= 1
        for pl in range(N_PILLARS):
            s.tracks[p * N_PILLARS + pl] = f.influence[pl]
        for r in range(N_REGIONS):
            s.board[r * n + p] = f.acolytes[r]
            s.reserve[p] -= f.acolytes[r]
    for pl in range(N_PILLARS):
        s.artifact[pl] = -1
        s._check_artifact(pl)

    # rewards: 2 players use the 3-player cards
    rc = 3 if n == 2 else n
    rewards = [r.index for r in c.rewards if r.players == rc]
    rng.shuffle(rewards)
    s.reward_deck = rewards
    finals = [cd.index for cd in c.cards if cd.kind == CARD_FINAL]
    rng.shuffle(finals)
    s.finals = finals[:AGES]
    s.final_card = -1

    # action deck by player count, three stacks, two reckoning cards in each
    decks = {"base"} | ({"4+"} if n >= 4 else set()) | ({"5"} if n >= 5 else set())
    s.player_count_deck = tuple(sorted(decks))
    action_cards = [cd.index for cd in c.cards if cd.kind == CARD_ACTION and cd.deck in decks]
    rng.shuffle(action_cards)
    size = STACK_SIZES[n]
    stacks = []
    for k in range(AGES):
        stack = action_cards[k * size:(k + 1) * size]
        reck = [cd.index for cd in c.cards if cd.kind == CARD_RECKONING and cd.deck == str(k + 1)]
        rng.shuffle(reck)
        stack.extend(reck[:2])
        rng.shuffle(stack)
        stacks.append(stack)
    s.stacks = stacks
    s.known = [0] * len(c.cards)
    # first player card: the player lowest on the score track (seat order breaks ties)
    low = min(s.score)
    s.fp = s.score.index(low)
    if n == 2:
        other = 1 - s.fp
        s.ring = (other, s.fp, TABLE)  # clockwise: the first player passes into the table hand
    else:
        s.ring = tuple(range(n))
    s.rng_seed = rng.getrandbits(62)
    s.tasks.append(("age",))
    s._run()

