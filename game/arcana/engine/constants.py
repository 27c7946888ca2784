"""Numbers and names shared by every engine module (no imports from the rest of the engine).

- **Decisions** (``State.dec``, ``D_*``): what the seat to move must decide; ``DECISION_NAMES`` are
  their public names (``State.decision_name()``).
- **Action kinds** (``K_*``): an action is a tuple of small ints whose first element is its kind;
  ``ACTION_LEN[kind]`` is its length (docs/arcana-engine.md has their JSON forms).
- **Tasks** (``T_*``): the game runs as a stack of tasks (``State.tasks``), each a tuple whose first
  element is its kind; ``TASK_NAMES[kind]`` names the ``_t_<name>`` method that carries it out.
- **Essence-choice modes** (``M_*``) and **power stages** (``S_*``): see ``records.py``.
"""

from __future__ import annotations

from itertools import permutations

# ---------------------------------------------------------------- decisions
(D_OVER, D_NONE, D_DRAFT, D_MAGE, D_ITEM, D_ESS, D_TAKE, D_FORGE, D_MAIN, D_PAY, D_TARGET, D_RIVAL, D_DECK,
 D_ORDER, D_DEFEND, D_X, D_HAND, D_STATUE, D_FIRST, D_MPICK) = range(20)
DECISION_NAMES = ("over", "none", "draft", "mage", "magic_item", "essence", "take", "forge", "action", "pay",
                  "target", "rival", "deck", "order", "defend", "identical", "hand", "statue", "first_player",
                  "match_pick")
SECRET = frozenset({D_DRAFT, D_MAGE})

# ---------------------------------------------------------------- action kinds
(K_DRAFT, K_MAGE, K_ITEM, K_ESS, K_TAKE, K_FORGE, K_PLACE, K_CLAIM, K_BLIND, K_DISCARD, K_POWER, K_PASS, K_PAY,
 K_TARGET, K_RIVAL, K_DECK, K_ORDER, K_HIT, K_IGNORE, K_REACT, K_X, K_HAND, K_STATUE, K_FIRST, K_MPICK) = range(25)
ACTION_LEN = (2, 2, 2, 2, 3, 2, 2, 2, 1, 3, 3, 1, 6, 2, 2, 2, 2, 1, 1, 3, 3, 2, 2, 2, 2)

# ---------------------------------------------------------------- tasks (each with its tuple's fields)
(T_SETUP_DONE,  # (T_SETUP_DONE,): nothing (a harmless bottom of the stack)
 T_ROUND,  # (T_ROUND,): a new round begins
 T_COLLECT,  # (T_COLLECT, seat): the collect phase of one seat
 T_GAIN,  # (T_GAIN, seat, count, essence mask, card or -1 for the pool): gain essences of a choice
 T_LOSE,  # (T_LOSE, seat, count): lose essences of the seat's choice
 T_TAKE,  # (T_TAKE, seat, card): take or leave the essences on a component
 T_COND,  # (T_COND, seat, card): a conditional collect (Vault, Windup Man)
 T_FORGE,  # (T_FORGE, seat, card): Cursed Forge's collect cost
 T_TURN,  # (T_TURN,): the seat whose turn it is acts (or is skipped if it passed)
 T_NEXT,  # (T_NEXT,): the turn goes to the next seat still in the round
 T_STEP,  # (T_STEP, seat, card, power index, stage, records.PowerContext): a power's next stage
 T_ATTACK,  # (T_ATTACK, attacker, card, amount, ignore option, k): the k-th seat after the attacker defends
 T_VICTORY,  # (T_VICTORY, end of round 0/1): a victory check (Golden Statues, then the score)
 T_STATUE,  # (T_STATUE, seat, card): offer a Golden Statue at the check
 T_SCORE,  # (T_SCORE, end of round 0/1): count the points; the game ends, or the next round
 T_DRAW,  # (T_DRAW, seat, count): draw cards
 T_PASS_ITEM,  # (T_PASS_ITEM, seat): choose a magic item (at setup, or swapping when passing)
 T_ITEMS,  # (T_ITEMS,): every seat chooses its first magic item
 T_MAGES,  # (T_MAGES, seat): the secret mage choice, seat by seat
 T_DRAFT,  # (T_DRAFT, seat): the draft variant's picks, seat by seat
 T_DISCARD_N,  # (T_DISCARD_N, seat, count): discard cards from hand (Divination)
 T_FIRST,  # (T_FIRST,): match games 2 and 3: the chooser picks the First Player
 T_MPICK,  # (T_MPICK,): match game 2: the next face-up pick
 ) = range(23)
TASK_NAMES = ("setup_done", "round", "collect", "gain", "lose", "take", "cond", "forge", "turn", "next", "step",
              "attack", "victory", "statue", "score", "draw", "pass_item", "items", "mages", "draft", "discard_n",
              "first", "mpick")

# essence-choice modes (``EssenceChoice.mode``)
M_GAIN, M_LOSE, M_PAYONE, M_CONVERT = range(4)

# a power's stages: its costs in this order, then effect i at S_EFFECTS + i
S_TURN, S_TURN_OTHER, S_REMOVE, S_PAY, S_X, S_DESTROY_SELF, S_DESTROY, S_DISCARD, S_EFFECTS = range(9)

# piles a seat may peek at (``Peek.pile``, the ``deck`` action)
PILE_OWN, PILE_MONUMENTS = 0, 1

# ---------------------------------------------------------------- limits and scoring
VICTORY_POINTS = 10
MAX_ROUNDS = 50  # safety valve; see docs/arcana-rules-decisions.md
ACTION_CAP = 40  # actions per seat per round before only passing is legal (safety valve)
MAX_CARDS = 256  # card indices are small (the base game has 78 cards): action tuples are made once
MAX_POWERS = 8  # powers per card
PERMS = {k: list(permutations(range(k))) for k in range(4)}  # the orders of k peeked cards (``order`` action)

# Match play for 2 (rules-notes §2): games 2 and 3 of a 3-game match
MATCH_GAMES = 3
MATCH_PICKS = 16  # game 2: the 16 artifacts of game 1, picked face up
