"""Numbers and names shared by every engine module (no imports from the rest of the engine).

Pillars, claim-token colours and regions are indices ``0..4`` in the order of
``assets/realm/data/board.toml``; per-player tables are flat lists indexed
``p * N_PILLARS + pillar`` (tracks, wardens, tucked counts) or
``region * players + p`` (acolytes on the board).
"""

from __future__ import annotations

from enum import IntEnum


class Decision(IntEnum):
    """What the seat to move must decide (``State.dec``)."""

    NONE = 0
    SELECT = 1
    DISCARD = 2
    PLACE = 3
    MOVE = 4
    STEAL = 5
    WARDEN = 6
    ADVANCE = 7
    MERC_DISCARD = 8
    TUCK = 9
    DOMINION = 10
    REWARD = 11
    CLAIM = 12
    BID = 13
    ROW = 14
    PAY = 15
    MONUMENT = 16
    LOSE_ACOLYTE = 17
    LOSE_MERC = 18
    LOSE_WARDEN = 19
    OVER = 20


# the old module-level names, still used by callers (``from game.realm.engine.state import D_BID``)
D_NONE = Decision.NONE
D_SELECT = Decision.SELECT
D_DISCARD = Decision.DISCARD
D_PLACE = Decision.PLACE
D_MOVE = Decision.MOVE
D_STEAL = Decision.STEAL
D_WARDEN = Decision.WARDEN
D_ADVANCE = Decision.ADVANCE
D_MERC_DISCARD = Decision.MERC_DISCARD
D_TUCK = Decision.TUCK
D_DOMINION = Decision.DOMINION
D_REWARD = Decision.REWARD
D_CLAIM = Decision.CLAIM
D_BID = Decision.BID
D_ROW = Decision.ROW
D_PAY = Decision.PAY
D_MONUMENT = Decision.MONUMENT
D_LOSE_ACOLYTE = Decision.LOSE_ACOLYTE
D_LOSE_MERC = Decision.LOSE_MERC
D_LOSE_WARDEN = Decision.LOSE_WARDEN
D_OVER = Decision.OVER

DECISION_NAMES = {d: d.name.lower() for d in Decision}
SECRET_DECISIONS = frozenset((Decision.SELECT, Decision.BID, Decision.DISCARD))

# the board -------------------------------------------------------------------
N_PILLARS = 5  # also the claim-token, warden and mercenary colours
N_REGIONS = 5
PILLARS = range(N_PILLARS)
REGIONS = range(N_REGIONS)
GUIDANCE, RADIANCE, UNDERSTANDING, EQUITY, DOMINION = PILLARS
N_ICONS = 11  # map key spirit open closed purse stone crown sword tower chalice
ICON_SLOTS = N_ICONS + N_PILLARS  # per player: one counter per icon, then one wild counter per pillar
TOP, BOTTOM = 0, 1
SIDES = ("top", "bottom")
DOM_NONE, DOM_MERC, DOM_COIN, DOM_ACOLYTE = range(4)
DOMINION_CHOICES = ("none", "mercenary", "coin", "acolyte")

# sizes (rulebook: Contents, Table Setup, Player Setup) --------------------------
MIN_PLAYERS, MAX_PLAYERS = 2, 5
CARDS_PER_HAND = 5  # dealt to each player at the start of an age
ROUNDS = 5  # rounds in an age
AGES = 3
HAND_LIMIT = 8  # mercenary cards
TRACK_MAX = 8  # influence tracks run 0-8
ARTIFACT_AT = 3  # influence needed to take an artifact
COINS_TOTAL = 25
ACOLYTES = 15  # per player
WARDENS_PER_COLOUR = 5
MERCENARIES = 40
CLAIMS_PER_REGION = 2  # of the region's colour at setup
MONUMENTS = 9
REWARDS_PER_AGE = 3  # reward cards revealed at the start of an age
RECKONINGS_PER_STACK = 2
STACK_SIZES = {2: 12, 3: 13, 4: 18, 5: 23}  # action cards per age stack by player count
MAX_BID = 99  # the dial's limit: a bid action above it is malformed

# the 2-player variant -----------------------------------------------------------
TABLE = 2  # hand index of the table hand
TABLE_SEAT = -2  # the table in a reckoning's bid order and row owners
TABLE_HAND_SIZE = 4
BAG = (0, 1, 2, 4, 5, 6)  # the bid tokens drawn for the table (one per age)


def _coin_bids(coins: int) -> int:
    k = 0
    while (k + 1) * (k + 2) // 2 <= coins:
        k += 1
    return k


_COIN_BIDS = tuple(_coin_bids(x) for x in range(COINS_TOTAL + 1))


def coin_bids(coins: int) -> int:
    """The most bids ``coins`` can pay (the k-th bid costs k coins: 1 + 2 + ... + k)."""
    return _COIN_BIDS[coins] if 0 <= coins <= COINS_TOTAL else _coin_bids(coins)


# bids a mercenary pays by how many of its colours match the region's claim tokens (a bit mask)
MATCH = tuple(min(bin(m).count("1"), 2) for m in range(1 << N_PILLARS))
ZERO5 = (0,) * N_PILLARS
