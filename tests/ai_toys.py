"""Toy games that speak the ``ai`` protocol, to prove the bots package before a real game plugs in.

- :class:`Goofspiel`: simultaneous sealed bids for a shuffled prize deck (every decision is secret).
- :class:`Tricks`: a tiny hidden-hand trick game (determinization matters: the others' hands).
- :class:`Guess`: seat 0 hides a number, seat 1 guesses it; one simultaneous block per round.

Each has ``*_HOOKS`` (a ``GameHooks``) so tournaments can import it by ``"tests.ai_toys:NAME"``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.registry import GameHooks


def _bits(mask: int) -> list[int]:
    out = []
    v = 1
    while mask:
        if mask & 1:
            out.append(v)
        mask >>= 1
        v += 1
    return out


# ---------------------------------------------------------------------------- Goofspiel
class Goofspiel:
    """Each seat holds bid cards 1..N; a prize card 1..N is revealed each round and every seat
    bids one card secretly (asked seat by seat). The single highest bid takes the prize; a tie
    at the top discards it. Highest total of prizes wins."""

    def __init__(self, players: int = 2, cards: int = 6, seed: int = 0) -> None:
        if not 2 <= players <= 5:
            raise ValueError(f"Goofspiel: players must be 2-5 (got {players})")
        self.n = players
        self.cards = cards
        full = (1 << cards) - 1
        self.hands = [full] * players  # bit v-1 set: card v still in hand
        deck = list(range(1, cards + 1))
        random.Random(seed).shuffle(deck)
        self.deck = deck  # the next prize is deck[-1]
        self.prize = self.deck.pop()
        self.bids = [0] * players
        self.turn = 0  # seat to bid in the current round
        self.score = [0] * players
        self.round = 0
        self.history: list[tuple[int, tuple[int, ...]]] = []  # (prize, bids) of past rounds

    # protocol
    def num_players(self) -> int:
        return self.n

    def to_move(self) -> int:
        return -1 if self.prize == 0 else self.turn

    def is_terminal(self) -> bool:
        return self.prize == 0

    def is_secret(self) -> bool:
        return self.prize != 0

    def legal_actions(self) -> list[int]:
        if self.prize == 0:
            return []
        return _bits(self.hands[self.turn])

    def apply(self, action: int) -> None:
        if self.prize == 0:
            raise ValueError("Goofspiel: the game is over")
        ok = isinstance(action, int) and 1 <= action <= self.cards
        if not ok or not self.hands[self.turn] >> (action - 1) & 1:
            raise ValueError(f"Goofspiel: seat {self.turn} cannot bid {action!r}")
        self.apply_unchecked(action)

    def apply_unchecked(self, action: int) -> None:
        p = self.turn
        self.hands[p] &= ~(1 << (action - 1))
        self.bids[p] = action
        if p + 1 < self.n:
            self.turn = p + 1
            return
        top = max(self.bids)
        if self.bids.count(top) == 1:
            self.score[self.bids.index(top)] += self.prize
        self.history.append((self.prize, tuple(self.bids)))
        self.bids = [0] * self.n
        self.turn = 0
        self.round += 1
        self.prize = self.deck.pop() if self.deck else 0

    def copy(self) -> Goofspiel:
        s = self.__class__.__new__(self.__class__)
        s.n = self.n
        s.cards = self.cards
        s.hands = self.hands[:]
        s.deck = self.deck[:]
        s.prize = self.prize
        s.bids = self.bids[:]
        s.turn = self.turn
        s.score = self.score[:]
        s.round = self.round
        s.history = self.history[:]
        return s

    def determinize(self, observer: int, rng: random.Random) -> Goofspiel:
        """Future prizes reshuffled; the bids other seats committed this round redealt."""
        s = self.copy()
        s.deck.sort()
        rng.shuffle(s.deck)
        for q in range(self.turn):
            if q == observer:
                continue
            pool = _bits(s.hands[q] | 1 << (s.bids[q] - 1))
            b = pool[rng.randrange(len(pool))]
            s.bids[q] = b
            s.hands[q] = sum(1 << (v - 1) for v in pool if v != b)
        return s

    def returns(self) -> list[float]:
        best = max(self.score)
        top = [p for p in range(self.n) if self.score[p] == best]
        return [(1.0 if len(top) == 1 else 0.5) if p in top else 0.0 for p in range(self.n)]

    def evaluate(self) -> list[float]:
        total = self.cards * (self.cards + 1) / 2
        out = []
        for p in range(self.n):
            other = max(self.score[q] for q in range(self.n) if q != p)
            out.append(min(1.0, max(0.0, 0.5 + (self.score[p] - other) / (2 * total))))
        return out

    def scores(self) -> list[float]:
        return [float(x) for x in self.score]


class BlockGoofspiel(Goofspiel):
    """Goofspiel that names its simultaneous blocks (the optional ``secret_block``)."""

    def secret_block(self) -> int:
        return self.round


class PeekingGoofspiel(Goofspiel):
    """A cheat's view: ``determinize`` returns the true state, so a search on it sees the bids."""

    def determinize(self, observer: int, rng: random.Random) -> Goofspiel:
        return self.copy()


def goof_greedy(state: Goofspiel, rng: random.Random) -> int:
    """Rollout policy: bid the card closest to the prize (random among the two nearest)."""
    legal = _bits(state.hands[state.turn])
    legal.sort(key=lambda v: abs(v - state.prize))
    return legal[0] if len(legal) == 1 or rng.random() < 0.7 else legal[1]


class MatchAgent:
    """Bids the prize's own value when it can (a simple fixed strategy; it ignores secrets)."""

    name = "match"

    def decide(self, state: Goofspiel, seat: int, legal: Sequence[int], rng: random.Random, **_: object) -> int:
        return min(legal, key=lambda v: (abs(v - state.prize), v))


class BoomAgent:
    """Fails on its first decision (for error reporting tests)."""

    name = "boom"

    def decide(self, state: object, seat: int, legal: Sequence[int], rng: random.Random, **_: object) -> int:
        raise RuntimeError("boom")


GOOFSPIEL_HOOKS = GameHooks(
    name="goofspiel",
    new_game=lambda players, seed: Goofspiel(players, 6, seed),
    agents={"match": lambda params: MatchAgent(), "boom": lambda params: BoomAgent()},
    rollout_policies={"greedy": goof_greedy},
)


# ---------------------------------------------------------------------------- Tricks
class Tricks:
    """Cards 1..D (D = players * hand + 2; two stay face down). Each seat is dealt ``hand``
    hidden cards. The leader plays a card face up, then the others in seat order; the highest
    card takes the trick and leads the next. Most tricks wins; in a tie the tied share."""

    def __init__(self, players: int = 2, hand: int = 3, seed: int = 0) -> None:
        if not 2 <= players <= 4:
            raise ValueError(f"Tricks: players must be 2-4 (got {players})")
        rng = random.Random(seed)
        self.n = players
        self.size = players * hand + 2
        deck = list(range(1, self.size + 1))
        rng.shuffle(deck)
        self.hands = [sorted(deck[p * hand:(p + 1) * hand]) for p in range(players)]
        self.hidden = sorted(deck[players * hand:])  # never revealed
        self.first = seed % players
        self.leader = self.first
        self.turn = self.first
        self.trick: list[int] = []  # cards played to the current trick, from the leader on
        self.played: list[int] = []  # every card played so far (public)
        self.tricks = [0] * players

    def num_players(self) -> int:
        return self.n

    def is_terminal(self) -> bool:
        return not self.hands[self.turn] and not self.trick

    def to_move(self) -> int:
        return -1 if self.is_terminal() else self.turn

    def is_secret(self) -> bool:
        return False

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else list(self.hands[self.turn])

    def apply(self, action: int) -> None:
        if self.is_terminal() or action not in self.hands[self.turn]:
            raise ValueError(f"Tricks: seat {self.turn} cannot play {action!r}")
        self.apply_unchecked(action)

    def apply_unchecked(self, action: int) -> None:
        self.hands[self.turn].remove(action)
        self.trick.append(action)
        self.played.append(action)
        if len(self.trick) < self.n:
            self.turn = (self.turn + 1) % self.n
            return
        best = max(range(self.n), key=lambda i: self.trick[i])
        winner = (self.leader + best) % self.n
        self.tricks[winner] += 1
        self.trick = []
        self.leader = self.turn = winner

    def copy(self) -> Tricks:
        s = Tricks.__new__(Tricks)
        s.n = self.n
        s.size = self.size
        s.hands = [h[:] for h in self.hands]
        s.hidden = self.hidden[:]
        s.first = self.first
        s.leader = self.leader
        s.turn = self.turn
        s.trick = self.trick[:]
        s.played = self.played[:]
        s.tricks = self.tricks[:]
        return s

    def view(self, seat: int) -> tuple:
        """Everything ``seat`` knows (for tests)."""
        return (seat, tuple(self.hands[seat]), tuple(len(h) for h in self.hands), tuple(self.played),
                tuple(self.trick), self.leader, self.turn, tuple(self.tricks))

    def determinize(self, observer: int, rng: random.Random) -> Tricks:
        """The cards ``observer`` has not seen are dealt afresh to the other hands and the face-down pile."""
        s = self.copy()
        pool = sorted([c for q in range(self.n) if q != observer for c in self.hands[q]] + self.hidden)
        rng.shuffle(pool)
        k = 0
        for q in range(self.n):
            if q == observer:
                continue
            m = len(self.hands[q])
            s.hands[q] = sorted(pool[k:k + m])
            k += m
        s.hidden = sorted(pool[k:])
        return s

    def returns(self) -> list[float]:
        best = max(self.tricks)
        top = [p for p in range(self.n) if self.tricks[p] == best]
        return [(1.0 if len(top) == 1 else 1.0 / len(top)) if p in top else 0.0 for p in range(self.n)]

    def evaluate(self) -> list[float]:
        total = sum(self.tricks) + len(self.hands[0]) + 1
        return [min(1.0, (t + 0.5) / total) for t in self.tricks]

    def scores(self) -> list[float]:
        return [float(t) for t in self.tricks]


def _tricks_labels(state: Tricks) -> list[dict[str, str]]:
    return [{"start": "leads" if p == state.first else "follows"} for p in range(state.n)]


def tricks_fallback(state: Tricks, seat: int, legal: Sequence[int]) -> int:
    return max(legal)


TRICKS_HOOKS = GameHooks(
    name="tricks",
    new_game=lambda players, seed: Tricks(players, 3, seed),
    seat_labels=_tricks_labels,
    fallback=tricks_fallback,
)


# ---------------------------------------------------------------------------- Guess
class Guess:
    """Seat 0 secretly picks one of ``m`` numbers, then seat 1 secretly guesses it; a correct
    guess scores for seat 1, a wrong one for seat 0. ``rounds`` blocks; most points wins.
    ``secret=False`` makes the very same game claim nothing is secret (to show what a search
    that lets seat 1 see seat 0's choice would conclude)."""

    def __init__(self, m: int = 3, rounds: int = 1, secret: bool = True) -> None:
        self.m = m
        self.rounds = rounds
        self.secret = secret
        self.round = 0
        self.turn = 0
        self.pick = -1
        self.points = [0, 0]

    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.round >= self.rounds

    def to_move(self) -> int:
        return -1 if self.is_terminal() else self.turn

    def is_secret(self) -> bool:
        return self.secret and not self.is_terminal()

    def secret_block(self) -> int:
        return self.round

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else list(range(self.m))

    def apply(self, action: int) -> None:
        if self.is_terminal() or action not in range(self.m):
            raise ValueError(f"Guess: {action!r} is not a choice now")
        if self.turn == 0:
            self.pick = action
            self.turn = 1
            return
        self.points[1 if action == self.pick else 0] += 1
        self.pick = -1
        self.turn = 0
        self.round += 1

    def copy(self) -> Guess:
        s = Guess.__new__(Guess)
        s.__dict__.update(self.__dict__)
        s.points = self.points[:]
        return s

    def determinize(self, observer: int, rng: random.Random) -> Guess:
        s = self.copy()
        if s.turn == 1 and observer != 0:
            s.pick = rng.randrange(self.m)
        return s

    def returns(self) -> list[float]:
        a, b = self.points
        return [1.0, 0.0] if a > b else [0.0, 1.0] if b > a else [0.5, 0.5]

    def evaluate(self) -> list[float]:
        a, b = self.points
        return [0.5 + (a - b) / (2 * self.rounds), 0.5 + (b - a) / (2 * self.rounds)]

    def scores(self) -> list[float]:
        return [float(x) for x in self.points]


GUESS_HOOKS = GameHooks(name="guess", new_game=lambda players, seed: Guess(3, 3))


def play(state: object, agents: Sequence[object], seed: int) -> object:
    """Play ``state`` out with one agent per seat; returns the final state."""
    rng = random.Random(seed)
    while not state.is_terminal():  # type: ignore[attr-defined]
        p = state.to_move()  # type: ignore[attr-defined]
        legal = state.legal_actions()  # type: ignore[attr-defined]
        a = agents[p].decide(state, p, legal, random.Random(rng.getrandbits(62)))  # type: ignore[attr-defined]
        state.apply(a)  # type: ignore[attr-defined]
    return state


# ---------------------------------------------------------------------------- Lottery
LOTTERY_ODDS = (0.2, 0.35, 0.8, 0.35, 0.2)


class Lottery:
    """Seat 0 picks one of five tickets; ticket ``k`` wins with probability ``LOTTERY_ODDS[k]``
    (the draw is hidden from everyone and dealt afresh by ``determinize``). Ticket 2 is clearly
    best. Seat 1 never moves and wins when seat 0 loses."""

    def __init__(self, seed: int = 0) -> None:
        self.draw = random.Random(seed).random()
        self.pick = -1

    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.pick >= 0

    def to_move(self) -> int:
        return -1 if self.pick >= 0 else 0

    def is_secret(self) -> bool:
        return False

    def legal_actions(self) -> list[int]:
        return [] if self.pick >= 0 else list(range(len(LOTTERY_ODDS)))

    def apply(self, action: int) -> None:
        if self.pick >= 0 or action not in range(len(LOTTERY_ODDS)):
            raise ValueError(f"Lottery: {action!r} is not a ticket now")
        self.pick = action

    def copy(self) -> Lottery:
        s = Lottery.__new__(Lottery)
        s.draw, s.pick = self.draw, self.pick
        return s

    def determinize(self, observer: int, rng: random.Random) -> Lottery:
        s = self.copy()
        s.draw = rng.random()
        return s

    def returns(self) -> list[float]:
        won = self.draw < LOTTERY_ODDS[self.pick]
        return [1.0, 0.0] if won else [0.0, 1.0]

    def evaluate(self) -> list[float]:
        return [0.5, 0.5]

    def scores(self) -> list[float]:
        return self.returns()


class BrokenTricks(Tricks):
    """Tricks whose ``determinize`` fails (a bug inside a search)."""

    def copy(self) -> Tricks:
        s = super().copy()
        s.__class__ = BrokenTricks
        return s

    def determinize(self, observer: int, rng: random.Random) -> Tricks:
        raise RuntimeError("broken determinize")


def rank_descending(state: object, seat: int, legal: Sequence[int], rng: random.Random) -> list[int]:
    """A prior for the toys: the highest action first."""
    return sorted(legal, reverse=True)
