"""The Res Arcana game state: setup, rounds, every decision as a legal-action list.

The engine is a task stack: ``_run`` pops tasks until one of them asks a seat for a decision
(``dec``, ``actor``, ``dd``). Actions are tuples of small ints whose first element is a ``K_*`` kind.
"""

from __future__ import annotations

import math
import random
from itertools import permutations
from typing import Any

from .content import CALM, DEATH, ELAN, GOLD, LIFE, NON_GOLD, Card, Content, Power, default_content
from .errors import IllegalAction
from .payment import can_pay, pay_ok, pay_options, rigid
from .value import EVAL, seat_value

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

# ---------------------------------------------------------------- tasks
(T_SETUP_DONE, T_ROUND, T_COLLECT, T_GAIN, T_LOSE, T_TAKE, T_COND, T_FORGE, T_TURN, T_NEXT, T_STEP, T_ATTACK,
 T_VICTORY, T_STATUE, T_SCORE, T_DRAW, T_PASS_ITEM, T_ITEMS, T_MAGES, T_DRAFT, T_DISCARD_N, T_FIRST,
 T_MPICK) = range(23)

# essence-choice modes (dd[0] of D_ESS)
M_GAIN, M_LOSE, M_PAYONE, M_CONVERT = range(4)

# power steps: cost stages, then effect i at S_EFFECTS + i
S_TURN, S_TURN_OTHER, S_REMOVE, S_PAY, S_X, S_DESTROY_SELF, S_DESTROY, S_DISCARD, S_EFFECTS = range(9)
# power context: (x, x type, paid essence, destroyed card, discarded card)
NO_CTX = (0, -1, -1, -1, -1)

VICTORY_POINTS = 10
EVAL_SCALE = 2.4  # evaluate(): the value lead (in points) that gives 1 / (1 + e^-1) = 73% (fitted)
MAX_ROUNDS = 50  # safety valve; see docs/arcana-rules-decisions.md
ACTION_CAP = 40  # actions per seat per round before only passing is legal (safety valve)
_EI = {"elan": 0, "life": 1, "calm": 2, "death": 3, "gold": 4}
PERMS = {k: list(permutations(range(k))) for k in range(4)}
# the main action's tuples, made once (card indices are small: the base game has 78 cards)
_MAX_CARDS = 256
_PASS = (K_PASS,)
_ONE = tuple(tuple(int(i == e) for i in range(5)) for e in range(5))  # one essence of each type
_MASK_OPTS = [tuple(e for e in range(5) if m >> e & 1) for m in range(32)]  # essence mask -> its essences
_BLIND = (K_BLIND,)
_PLACE = [(K_PLACE, i) for i in range(_MAX_CARDS)]
_CLAIM = [(K_CLAIM, i) for i in range(_MAX_CARDS)]
_DISCARDS = [((K_DISCARD, i, 0), (K_DISCARD, i, 1)) for i in range(_MAX_CARDS)]
_POWERS = [[(K_POWER, i, j) for j in range(8)] for i in range(_MAX_CARDS)]

_SLOTS = ("c", "n", "preset", "draft", "rseed", "round", "fp", "token", "cur", "passed", "any_passed", "acts",
          "ess", "on", "turned", "play", "hand", "deck", "disc", "box", "mage_opts", "mage_pick", "mon_up",
          "mon_deck", "places", "item_of", "known", "known_top", "mon_known", "temp_vp", "tasks", "dec", "actor",
          "dd", "events", "winners", "final", "packs", "draft_phase", "picks", "fired", "match", "mpool", "mown",
          "mstep", "fp0")

# Match play for 2 (rules-notes §2): games 2 and 3 of a 3-game match
MATCH_GAMES = 3
MATCH_PICKS = 16  # game 2: the 16 artifacts of game 1, picked face up


def pick_seat(fp: int, i: int) -> int:
    """The seat taking pick ``i`` (0..15) of game 2: the First Player takes 1, then the players alternate
    taking 2 at a time, and the First Player takes the last one (1,2,2,2,2,2,2,2,1)."""
    return fp if (i + 1) // 2 % 2 == 0 else 1 - fp


def picks_left(fp: int, i: int) -> int:
    """How many cards the seat taking pick ``i`` still takes in this turn (itself included)."""
    p = pick_seat(fp, i)
    k = 0
    while i + k < MATCH_PICKS and pick_seat(fp, i + k) == p:
        k += 1
    return k


class State:
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
        from .hidden import view

        return view(self, seat)

    def determinize(self, observer: int, rng: random.Random) -> State:
        """A new state with everything ``observer`` cannot know dealt afresh (see hidden.py)."""
        from .hidden import determinize

        return determinize(self, observer, rng)

    @property
    def winner(self) -> int | None:
        """The sole winner's seat; None while playing or when the victory is shared."""
        return self.winners[0] if len(self.winners) == 1 else None

    def points(self, p: int) -> int:
        """Victory points of seat ``p`` right now (token and Golden Statue bonuses included)."""
        cards = self.c.cards
        on = self.on
        s = self.temp_vp[p] + (1 if self.token == p else 0)
        for ci in self.play[p]:
            cd = cards[ci]
            s += cd.vp
            for kind, key, pts in cd.vp_formula:
                if kind == "essence":
                    s += on[ci * 5 + _EI[key]] * pts
                else:
                    dragon = key == "dragon"
                    s += pts * sum(1 for x in self.play[p] if (cards[x].dragon if dragon else cards[x].creature))
        return s

    def scores(self) -> list[float]:
        return [float(self.points(p)) for p in range(self.n)]

    def tiebreak(self, p: int) -> int:
        e = self.ess[p * 5:p * 5 + 5]
        return sum(e) + e[GOLD]

    def returns(self) -> list[float]:
        if self.dec != D_OVER:
            return self.evaluate()
        return [1.0 if p in self.winners else 0.4 * min(1.0, self.final[p] / VICTORY_POINTS) for p in range(self.n)]

    def evaluate(self) -> list[float]:
        """Per seat, in [0, 1]: a logistic of its position value (``value.seat_value``: points, essences,
        engine, progress) minus the best rival's, ``EVAL_SCALE`` points of lead giving about 73%."""
        n = self.n
        vals = [seat_value(self, p, EVAL) for p in range(n)]
        out = []
        for p in range(n):
            best_other = max(v for q, v in enumerate(vals) if q != p)
            x = (vals[p] - best_other) / EVAL_SCALE
            out.append(1.0 / (1.0 + math.exp(-x)) if -30.0 < x < 30.0 else (1.0 if x > 0 else 0.0))
        return out

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

    def _gain(self, p: int, vec: tuple[int, ...], dest: int = -1) -> None:
        if dest < 0:
            base, arr = p * 5, self.ess
        else:
            base, arr = dest * 5, self.on
        for e in range(5):
            if vec[e]:
                arr[base + e] += vec[e]
        if self.events is not None and any(vec):
            self._ev("gain", seat=p, essences=list(vec), card=self.c.cards[dest].id if dest >= 0 else None)

    def _pay(self, p: int, vec: tuple[int, ...] | list[int]) -> None:
        b = p * 5
        for e in range(5):
            if vec[e]:
                self.ess[b + e] -= vec[e]
        if self.events is not None and any(vec):
            self._ev("pay", seat=p, essences=list(vec))

    def _lose(self, p: int, e: int, k: int = 1) -> None:
        """Seat ``p`` loses ``k`` of essence ``e`` to the supply: one ``lose`` event per essence."""
        self.ess[p * 5 + e] -= k
        if self.events is not None:
            for _ in range(k):
                self._ev("lose", seat=p, essence=e)

    def _remove(self, p: int, c: int, vec: tuple[int, ...] | list[int]) -> None:
        """Essences ``vec`` come off component ``c`` (of seat ``p``) back to the supply: a power's cost,
        or a component leaving the player (destroyed, a magic item returned)."""
        b = c * 5
        for e in range(5):
            if vec[e]:
                self.on[b + e] -= vec[e]
        if self.events is not None and any(vec):
            self._ev("remove", seat=p, card=self.c.cards[c].id, essences=list(vec))

    def _affords(self, p: int, vec: tuple[int, ...], any_n: int = 0) -> bool:
        b = p * 5
        e = self.ess
        spare = 0
        for i in range(5):
            d = e[b + i] - vec[i]
            if d < 0:
                return False
            spare += d
        return spare >= any_n

    def _fire(self, pw: Power) -> None:
        if self.fired is not None:
            self.fired.add(pw.id)

    def owner_of(self, card: int) -> int:
        for p in range(self.n):
            if card in self.play[p]:
                return p
        return -1

    def cost_for(self, p: int, card: int, reduction: tuple[int, bool] | None = None,
                 override: bool = False) -> tuple[tuple[int, ...], int, int, int]:
        """``(fixed, any, general discount, non-Gold discount)`` for seat ``p`` placing artifact ``card``."""
        cd = self.c.cards[card]
        if override:
            return (0, 0, 0, 0, 0), 0, 0, 0
        g = ng = 0
        cards = self.c.cards
        for x in self.play[p]:
            dsc = cards[x].discount
            if dsc is not None and (not dsc[2] or cd.dragon):
                if dsc[1]:
                    ng += dsc[0]
                else:
                    g += dsc[0]
        if reduction is not None:
            if reduction[1]:
                ng += reduction[0]
            else:
                g += reduction[0]
        return cd.cost, cd.cost_any, g, ng

    # ------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[tuple]:
        d = self.dec
        p = self.actor
        if d == D_OVER:
            return []
        if d == D_MAIN:
            return self._main_actions(p)
        if d == D_ESS:
            return [(K_ESS, e) for e in self.dd[3]]
        if d == D_PAY:
            F, A, G, NG = self.dd[0]
            return [(K_PAY, *P) for P in pay_options(self.ess[p * 5:p * 5 + 5], F, A, G, NG)]
        if d == D_TARGET:
            return [(K_TARGET, x) for x in self.dd[1]]
        if d == D_TAKE:
            return [(K_TAKE, self.dd, 1), (K_TAKE, self.dd, 0)]
        if d == D_DEFEND:
            return self._defend_actions(p)
        if d == D_HAND:
            return [(K_HAND, x) for x in self.hand[p]]
        if d == D_X:
            out = [(K_X, 0, 0)]
            b = p * 5
            for e in range(5):
                out.extend((K_X, e, x) for x in range(1, self.ess[b + e] + 1))
            return out
        if d == D_ITEM:
            return [(K_ITEM, x) for x in self._free_items() if x != self.item_of[p]]
        if d == D_MAGE:
            return [(K_MAGE, m) for m in self.mage_opts[p]]
        if d == D_DRAFT:
            return [(K_DRAFT, x) for x in self.packs[p]]
        if d == D_FORGE:
            return [(K_FORGE, 0), (K_FORGE, 1)]
        if d == D_RIVAL:
            return [(K_RIVAL, q) for q in range(self.n) if q != p]
        if d == D_DECK:
            return [(K_DECK, w) for w in self.dd[1]]
        if d == D_ORDER:
            return [(K_ORDER, i) for i in range(len(PERMS[len(self.dd[1])]))]
        if d == D_STATUE:
            return [(K_STATUE, 1), (K_STATUE, 0)]
        if d == D_FIRST:
            return [(K_FIRST, 0), (K_FIRST, 1)]
        if d == D_MPICK:
            return [(K_MPICK, x) for x in self.mpool]
        return []

    def _free_items(self) -> list[int]:
        held = set(self.item_of)
        return [x for x in self.c.items if x not in held]

    def _main_actions(self, p: int) -> list[tuple]:
        if self.acts[p] >= ACTION_CAP:
            return [_PASS]
        out: list[tuple] = []
        b = p * 5
        pool = self.ess[b:b + 5]
        e0, e1, e2, e3, e4 = pool
        total = e0 + e1 + e2 + e3 + e4
        cards = self.c.cards
        play = self.play[p]
        hand = self.hand[p]
        g_drag = ng = 0
        for x in play:
            dsc = cards[x].discount
            if dsc is not None:
                if dsc[2]:
                    g_drag += dsc[0]
                else:
                    ng += dsc[0]
        for c in hand:
            cd = cards[c]
            F = cd.cost
            g = g_drag if cd.dragon else 0
            if g or ng:
                if can_pay(pool, F, cd.cost_any, g, ng):
                    out.append(_PLACE[c])
            elif (e0 >= F[0] and e1 >= F[1] and e2 >= F[2] and e3 >= F[3] and e4 >= F[4]
                  and total - cd.cost_total >= cd.cost_any):
                out.append(_PLACE[c])
        if e4 >= 4:
            out.extend([_CLAIM[m] for m in self.mon_up])
            if self.mon_deck:
                out.append(_BLIND)
        for pl in self.places:
            F = cards[pl].cost
            if e0 >= F[0] and e1 >= F[1] and e2 >= F[2] and e3 >= F[3] and e4 >= F[4]:
                out.append(_CLAIM[pl])
        for c in hand:
            out.extend(_DISCARDS[c])
        turned = self.turned
        for ci in play:
            acts = cards[ci].actions
            if not acts:
                continue
            t = bool(turned[ci])
            for pw in acts:
                if pw.when_turned != t:
                    continue
                if pw.simple:
                    F = pw.pay
                    if (e0 >= F[0] and e1 >= F[1] and e2 >= F[2] and e3 >= F[3] and e4 >= F[4]
                            and total - pw.pay_total >= pw.pay_any):
                        out.append(_POWERS[ci][pw.index])
                elif self._can_use(p, pw):
                    out.append(_POWERS[ci][pw.index])
        out.append(_PASS)
        return out

    def _can_use(self, p: int, pw: Power) -> bool:
        ci = pw.card
        if pw.when_turned:
            if not self.turned[ci]:
                return False
        elif self.turned[ci]:
            return False
        if any(pw.remove_self):
            o = self.on
            if any(o[ci * 5 + e] < pw.remove_self[e] for e in range(5)):
                return False
        if not self._affords(p, pw.pay, pw.pay_any):
            return False
        if pw.pay_one_of and not any(self.ess[p * 5 + e] for e in pw.pay_one_of):
            return False
        if pw.turn_other and not self._turn_other_targets(p, pw):
            return False
        if pw.destroy is not None and not self._destroy_targets(p, pw):
            return False
        return not (pw.discard and len(self.hand[p]) < pw.discard)

    def _turn_other_targets(self, p: int, pw: Power) -> list[int]:
        cards = self.c.cards
        dragon = pw.turn_other == "dragon"
        return [x for x in self.play[p] if x != pw.card and not self.turned[x]
                and (cards[x].dragon if dragon else cards[x].creature)]

    def _destroy_targets(self, p: int, pw: Power) -> list[int]:
        may_self, subs = pw.destroy
        cards = self.c.cards
        out = []
        for x in self.play[p]:
            cd = cards[x]
            if cd.kind != "artifact" or (x == pw.card and not may_self):
                continue
            if subs and not ((cd.dragon and "dragon" in subs) or (cd.creature and "creature" in subs)):
                continue
            out.append(x)
        return out

    def _reactions(self, p: int, dragon_source: bool) -> list[Power]:
        out = []
        cards = self.c.cards
        for ci in self.play[p]:
            for pw in cards[ci].powers:
                if not pw.reaction or pw.trigger == "victory_check":
                    continue
                if pw.trigger == "dragon_power" and not dragon_source:
                    continue
                if pw.turn and self.turned[ci]:
                    continue
                if self._affords(p, pw.pay):
                    out.append(pw)
        return out

    def _ignore_payable(self, p: int, opt: dict[str, Any] | None) -> bool:
        if opt is None:
            return False
        if "pay" in opt:
            vec = tuple(opt["pay"].get(k, 0) for k in ("elan", "life", "calm", "death", "gold"))
            return self._affords(p, vec)
        if "discard_from_hand" in opt:
            return len(self.hand[p]) >= 1
        if "destroy_own_artifact" in opt:
            return any(self.c.cards[x].kind == "artifact" for x in self.play[p])
        return False

    def _defend_actions(self, p: int) -> list[tuple]:
        src, card, amount, opt = self.dd
        out: list[tuple] = [(K_HIT,)]
        if self._ignore_payable(p, opt):
            out.append((K_IGNORE,))
        for pw in self._reactions(p, self.c.cards[card].dragon):
            out.append((K_REACT, pw.card, pw.index))
        return out

    # ------------------------------------------------------------ apply
    def _check(self, a: Any) -> tuple:
        if self.dec == D_OVER:
            raise IllegalAction("the game is over")
        if not isinstance(a, tuple) or not a:
            raise IllegalAction(f"an action is a non-empty tuple (got {a!r})")
        for x in a:
            if type(x) is not int:
                raise IllegalAction(f"action parts must be whole numbers (got {a!r})")
        k = a[0]
        if not 0 <= k < len(ACTION_LEN) or len(a) != ACTION_LEN[k]:
            raise IllegalAction(f"malformed action {a!r}")
        if self.dec == D_PAY and k == K_PAY:
            F, A, G, NG = self.dd[0]
            if not pay_ok(self.ess[self.actor * 5:self.actor * 5 + 5], F, A, G, NG, a[1:]) or min(a[1:]) < 0:
                raise IllegalAction(f"{a!r} is not a legal payment of this cost")
            return a
        if a not in self.legal_actions():
            raise IllegalAction(f"{a!r} is not legal now ({self.decision_name()} decision of seat {self.actor})")
        return a

    def is_legal(self, a: Any) -> bool:
        try:
            self._check(a)
        except IllegalAction:
            return False
        return True

    def apply(self, a: Any) -> None:
        """Apply a legal action of the seat to move; an illegal one raises and changes nothing."""
        a = self._check(a)
        self._do(a)
        self._run()

    def apply_unchecked(self, a: tuple) -> None:
        """Apply an action taken from ``legal_actions()`` (search fast path)."""
        self._do(a)
        self._run()

    def _run(self) -> None:
        tasks = self.tasks
        while self.dec == D_NONE:
            t = tasks.pop()
            _HANDLERS[t[0]](self, t)

    def _do(self, a: tuple) -> None:
        d = self.dec
        p = self.actor
        dd = self.dd
        k = a[0]
        self.dec = D_NONE
        self.dd = None
        tasks = self.tasks
        cards = self.c.cards
        if d == D_MAIN:
            self.acts[p] += 1
            tasks.append((T_NEXT,))
            if k == K_PLACE:
                self._start_place(p, a[1], "hand", None, False)
            elif k == K_CLAIM:
                self._claim(p, a[1])
            elif k == K_BLIND:
                self._claim(p, self.mon_deck[-1])
            elif k == K_DISCARD:
                self._discard_card(p, a[1])
                if a[2] == 0:
                    self._gain(p, (0, 0, 0, 0, 1))
                else:
                    tasks.append((T_GAIN, p, 2, NON_GOLD, -1))
            elif k == K_POWER:
                pw = cards[a[1]].powers[a[2]]
                self._fire(pw)
                self._ev("power", seat=p, card=cards[a[1]].id, power=a[2])
                tasks.append((T_STEP, p, a[1], a[2], S_TURN, NO_CTX))
            elif k == K_PASS:
                self._pass(p)
        elif d == D_ESS:
            mode, rest, cont, _opts = dd
            e = a[1]
            if mode == M_GAIN:
                _, _, n, mask, dest = cont
                v = [0, 0, 0, 0, 0]
                v[e] = 1
                self._gain(p, tuple(v), dest)
                if n > 1:
                    tasks.append((T_GAIN, p, n - 1, mask, dest))
            elif mode == M_LOSE:
                self._lose(p, e)
                if rest > 1:
                    tasks.append((T_LOSE, p, rest - 1))
            elif mode == M_PAYONE:
                self._pay(p, _ONE[e])
                st = cont
                tasks.append((T_STEP, st[1], st[2], st[3], st[4] + 1, st[5][:2] + (e,) + st[5][3:]))
            elif mode == M_CONVERT:
                v = [0, 0, 0, 0, 0]
                v[e] = cont
                self._gain(p, tuple(v))
        elif d == D_PAY:
            P = a[1:]
            self._pay(p, P)
            cont = dd[1]
            if cont[0] == T_STEP:
                ctx = cont[5]
                if sum(P) == 1:
                    ctx = ctx[:2] + (P.index(1),) + ctx[3:]
                tasks.append(cont[:5] + (ctx,))
            else:  # ("place", card, source)
                self._put_in_play(p, cont[1], cont[2])
        elif d == D_TARGET:
            self._target(p, dd[0], a[1])
        elif d == D_TAKE:
            ci = a[1]
            if a[2]:
                vec = tuple(self.on[ci * 5:ci * 5 + 5])
                for e in range(5):
                    self.on[ci * 5 + e] = 0
                self._gain(p, vec)
                self._ev("take", seat=p, card=cards[ci].id, essences=list(vec))
        elif d == D_FORGE:
            ci = dd
            if a[1] == 0 and self.ess[p * 5 + DEATH] > 0:
                self._pay(p, _ONE[DEATH])
            else:
                self.turned[ci] = 1
                self._ev("turn", seat=p, card=cards[ci].id)
        elif d == D_DEFEND:
            self._defend(p, dd, a)
        elif d == D_HAND:
            purpose = dd
            self._discard_card(p, a[1])
            if purpose[0] == "power":
                st = purpose[1]
                tasks.append((T_STEP, st[1], st[2], st[3], st[4] + 1, st[5][:4] + (a[1],)))
            elif purpose[0] == "divination" and purpose[1] > 1:
                tasks.append((T_DISCARD_N, p, purpose[1] - 1))
        elif d == D_X:
            st = dd
            e, x = a[1], a[2]
            if x:
                v = [0, 0, 0, 0, 0]
                v[e] = x
                self._pay(p, v)
            tasks.append((T_STEP, st[1], st[2], st[3], st[4] + 1, (x, e) + st[5][2:]))
        elif d == D_ITEM:
            old = self.item_of[p]
            if old >= 0:  # the returned item's essences go back to the supply with it
                self._remove(p, old, self.on[old * 5:old * 5 + 5])
                self.turned[old] = 0
                self.play[p].remove(old)
            self.item_of[p] = a[1]
            self.play[p].append(a[1])
            self.turned[a[1]] = 0
            self._ev("item", seat=p, card=cards[a[1]].id, returned=cards[old].id if old >= 0 else None)
        elif d == D_MAGE:
            self.mage_pick[p] = a[1]
            self._ev("mage_chosen", seat=p)
        elif d == D_DRAFT:
            self.packs[p].remove(a[1])
            self.picks[p] = a[1]
            self._ev("draft_pick", seat=p)
        elif d == D_RIVAL:
            gain_e, count_e = dd
            x = self.ess[a[1] * 5 + count_e]
            v = [0, 0, 0, 0, 0]
            v[gain_e] = x
            self._gain(p, tuple(v))
        elif d == D_DECK:
            self._look(p, a[1])
        elif d == D_ORDER:
            which, top = dd
            perm = PERMS[len(top)][a[1]]
            new_top = [top[i] for i in perm]  # new_top[0] is the new top card
            pile = self.deck[p] if which == 0 else self.mon_deck
            del pile[len(pile) - len(top):]
            pile.extend(reversed(new_top))
            self._ev("reorder", seat=p, deck="own" if which == 0 else "monuments")
        elif d == D_STATUE:
            if a[1]:
                ci = dd
                pw = cards[ci].powers[0]
                self._fire(pw)
                self.turned[ci] = 1
                self._pay(p, pw.pay)
                self.temp_vp[p] += pw.effects[0].get("amount", 3)
                self._ev("react", seat=p, card=cards[ci].id, power=0)
        elif d == D_FIRST:
            self.fp = self.token = self.cur = self.fp0 = a[1]
            self._ev("first_player_chosen", seat=a[1], chooser=p)
        elif d == D_MPICK:
            x = a[1]
            self.mpool = tuple(y for y in self.mpool if y != x)
            self.mown = tuple(o + (x,) if q == p else o for q, o in enumerate(self.mown))
            self.deck[p].append(x)
            self.mstep += 1
            self._ev("match_pick", seat=p, card=cards[x].id)

    # ------------------------------------------------------------ card movement
    def _draw(self, p: int, k: int = 1) -> None:
        for _ in range(k):
            if not self.deck[p]:
                if not self.disc[p]:
                    return
                self._reshuffle(p)
            c = self.deck[p].pop()
            self.hand[p].append(c)
            self.known[c] = 1 << p
            if self.known_top[p]:
                self.known_top[p] -= 1
            self._ev("draw", seat=p)

    def _reshuffle(self, p: int) -> None:
        d = self.disc[p]
        self.deck[p] = d[:]
        d.clear()
        self._rand().shuffle(self.deck[p])
        for c in self.deck[p]:
            self.known[c] = 0
        self.known_top[p] = 0
        self._ev("reshuffle", seat=p)

    def _discard_card(self, p: int, c: int) -> None:
        self.hand[p].remove(c)
        self.disc[p].append(c)
        self.known[c] = (1 << self.n) - 1
        self._ev("discard", seat=p, card=self.c.cards[c].id)

    def _destroy(self, p: int, c: int) -> None:
        self.play[p].remove(c)
        self.disc[p].append(c)
        self.turned[c] = 0
        self._remove(p, c, self.on[c * 5:c * 5 + 5])
        self._ev("destroy", seat=p, card=self.c.cards[c].id)

    def _put_in_play(self, p: int, c: int, source: str) -> None:
        if source == "hand":
            self.hand[p].remove(c)
        else:
            for q in range(self.n):
                if c in self.disc[q]:
                    self.disc[q].remove(c)
                    break
        self.play[p].append(c)
        self.turned[c] = 0
        self.known[c] = (1 << self.n) - 1
        self._ev("place", seat=p, card=self.c.cards[c].id, source=source)

    def _start_place(self, p: int, c: int, source: str, reduction: tuple[int, bool] | None, override: bool) -> None:
        self.known[c] = (1 << self.n) - 1  # the card is shown as it is placed
        F, A, G, NG = self.cost_for(p, c, reduction, override)
        if rigid(F, A, G, NG):
            opts = pay_options(self.ess[p * 5:p * 5 + 5], F, A, G, NG)
            if opts:
                self._pay(p, opts[0])
                self._put_in_play(p, c, source)
            return
        self._ask(D_PAY, p, ((F, A, G, NG), ("place", c, source)))

    def _claim(self, p: int, c: int) -> None:
        cd = self.c.cards[c]
        self._pay(p, cd.cost)
        self.play[p].append(c)
        self.turned[c] = 0
        if cd.kind == "monument":
            if c in self.mon_up:
                self.mon_up.remove(c)
                if self.mon_deck:
                    self.mon_up.append(self.mon_deck.pop())
                    self._mon_top_gone()
            else:
                self.mon_deck.remove(c)
                self._mon_top_gone()
            if cd.on_claim is not None:
                self._fire_claim(cd)
                self.tasks.append((T_GAIN, p, cd.on_claim.any, cd.on_claim.mask, -1))
        else:
            self.places.remove(c)
            other = self.c.by_id[cd.other_side]
            if other in self.places:
                self.places.remove(other)
        self._ev("claim", seat=p, card=cd.id)

    def _fire_claim(self, cd: Card) -> None:
        if self.fired is not None:
            self.fired.add(cd.id + ".claim")

    def _mon_top_gone(self) -> None:
        self.mon_known = [max(0, k - 1) for k in self.mon_known]

    def _pass(self, p: int) -> None:
        self.passed[p] = True
        if not self.any_passed:
            self.any_passed = True
            self.token = p
        self._ev("pass", seat=p, first=self.token == p)
        self.tasks.append((T_DRAW, p, 1))
        self.tasks.append((T_PASS_ITEM, p))

    def _look(self, p: int, which: int) -> None:
        if which == 0:
            if not self.deck[p]:
                self._reshuffle(p)
            pile = self.deck[p]
        else:
            pile = self.mon_deck
        k = min(3, len(pile))
        top = tuple(pile[-1 - i] for i in range(k))  # top[0] is the top card
        if which == 0:
            self.known_top[p] = k
        else:
            self.mon_known[p] = k
        self._ev("look", seat=p, deck="own" if which == 0 else "monuments", count=k)
        if k > 1:
            self._ask(D_ORDER, p, (which, top))

    # ------------------------------------------------------------ powers
    def _step(self, t: tuple) -> None:
        parts = self.c.cards[t[2]].powers[t[3]].parts
        while t is not None:
            stage = t[4]
            if stage < S_EFFECTS and not parts[stage]:  # a cost stage this power does not have: nothing to do
                stage += 1
                while stage < S_EFFECTS and not parts[stage]:
                    stage += 1
                t = (T_STEP, t[1], t[2], t[3], stage, t[5])
            t = self._step_once(t)

    def _step_once(self, t: tuple) -> tuple | None:
        """Resolve one stage of a power; the next stage's task when it can go on at once, else None."""
        _, p, ci, pi, stage, ctx = t
        pw = self.c.cards[ci].powers[pi]
        cards = self.c.cards
        if stage == S_TURN:
            if pw.turn:
                self.turned[ci] = 1
                if self.events is not None:
                    self._ev("turn", seat=p, card=cards[ci].id)
        elif stage == S_TURN_OTHER:
            if pw.turn_other:
                targets = self._turn_other_targets(p, pw)
                if len(targets) == 1:
                    self.turned[targets[0]] = 1
                elif targets:
                    self._ask(D_TARGET, p, (("turn", t), targets))
                    return None
        elif stage == S_REMOVE:
            if any(pw.remove_self):
                self._remove(p, ci, pw.remove_self)
        elif stage == S_PAY:
            if pw.pay_one_of:
                opts = tuple(e for e in pw.pay_one_of if self.ess[p * 5 + e] > 0)
                if len(opts) == 1:
                    self._pay(p, _ONE[opts[0]])
                    ctx = ctx[:2] + (opts[0],) + ctx[3:]
                elif opts:
                    self._ask(D_ESS, p, (M_PAYONE, 1, t, opts))
                    return None
            elif pw.pay_any:
                F = pw.pay
                if self.ess[p * 5:p * 5 + 5].count(0) == 4 or sum(self.ess[p * 5:p * 5 + 5]) - sum(F) == pw.pay_any:
                    opts = pay_options(self.ess[p * 5:p * 5 + 5], F, pw.pay_any, 0, 0)
                    self._pay(p, opts[0])
                    if sum(opts[0]) == 1:
                        ctx = ctx[:2] + (opts[0].index(1),) + ctx[3:]
                else:
                    self._ask(D_PAY, p, ((F, pw.pay_any, 0, 0), (T_STEP, p, ci, pi, stage + 1, ctx)))
                    return None
            elif any(pw.pay):
                self._pay(p, pw.pay)
        elif stage == S_X:
            if pw.identical:
                self._ask(D_X, p, t)
                return None
        elif stage == S_DESTROY_SELF:
            if pw.destroy_self:
                self._destroy(p, ci)
        elif stage == S_DESTROY:
            if pw.destroy is not None:
                targets = self._destroy_targets(p, pw)
                if len(targets) == 1:
                    self._destroy(p, targets[0])
                    ctx = ctx[:3] + (targets[0], ctx[4])
                elif targets:
                    self._ask(D_TARGET, p, (("destroy", t), targets))
                    return None
        elif stage == S_DISCARD:
            if pw.discard and self.hand[p]:
                self._ask(D_HAND, p, ("power", t))
                return None
        else:
            i = stage - S_EFFECTS
            if i >= len(pw.effects):
                return None
            self.tasks.append((T_STEP, p, ci, pi, stage + 1, ctx))
            self._effect(p, ci, pw, pw.effects[i], ctx)
            return None
        return (T_STEP, p, ci, pi, stage + 1, ctx)

    def _effect(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: tuple) -> None:
        op = e["op"]
        cards = self.c.cards
        tasks = self.tasks
        if op == "gain":
            g = e["_gain"]
            dest = ci if e.get("to") == "self" else -1
            self._gain(p, g.fixed, dest)
            if g.any:
                tasks.append((T_GAIN, p, g.any, g.mask, dest))
            if g.one_of:
                tasks.append((T_GAIN, p, 1, sum(1 << x for x in g.one_of), dest))
        elif op == "rivals_gain":
            for q in range(self.n):
                if q != p:
                    self._gain(q, e["_gain"].fixed)
        elif op == "life_loss":
            opts = e.get("rival_may_ignore_by") or []
            self._ev("attack", seat=p, card=cards[ci].id, amount=e["amount"])
            tasks.append((T_ATTACK, p, ci, e["amount"], opts[0] if opts else None, 1))
        elif op == "straighten":
            comp = e["target"]["component"]
            if comp == "this":
                self.turned[ci] = 0
                self._ev("straighten", seat=p, card=cards[ci].id)
                return
            targets = [x for x in self.play[p] if self.turned[x] and x != ci
                       and (comp != "creature_turned" or cards[x].creature)]
            if targets:
                self._ask(D_TARGET, p, (("straighten", None), targets))
        elif op == "draw_cards":
            self._draw(p, e["count"])
        elif op == "look_top_reorder":
            opts = tuple(w for w, ok in ((0, self.deck[p] or self.disc[p]), (1, self.mon_deck)) if ok)
            if len(opts) == 1:
                self._look(p, opts[0])
            elif opts:
                self._ask(D_DECK, p, (None, opts))
        elif op == "draw_then_discard":
            self._draw(p, e.get("draw", 3))
            tasks.append((T_DISCARD_N, p, e.get("discard", 3)))
        elif op == "place_artifact":
            src = e["from"]
            red = e.get("cost_reduction")
            reduction = (red["amount"], "gold" in red.get("excludes", [])) if red else None
            spec = (src, reduction, "cost_override" in e, e.get("subtype") == "dragon")
            targets = self.place_targets(p, spec)
            if targets:
                self._ask(D_TARGET, p, (("place", spec), targets))
        elif op in ("gain_cost_of_destroyed", "gain_cost_of_discarded"):
            src = ctx[3] if op == "gain_cost_of_destroyed" else ctx[4]
            if src < 0:
                return
            amount = cards[src].printed_cost + e.get("modifier", 0)
            if amount <= 0:
                return
            if e["_gold"]:
                self._gain(p, (0, 0, 0, 0, amount))
            else:
                tasks.append((T_GAIN, p, amount, NON_GOLD, -1))
        elif op == "gain_equal_to_rival_pool":
            ge = ("elan", "life", "calm", "death", "gold").index(e["gain"])
            ce = ("elan", "life", "calm", "death", "gold").index(e["count"])
            if self.n == 2:
                x = self.ess[(1 - p) * 5 + ce]
                v = [0, 0, 0, 0, 0]
                v[ge] = x
                self._gain(p, tuple(v))
            else:
                self._ask(D_RIVAL, p, (ge, ce))
        elif op == "convert_paid_identical":
            x, xt = ctx[0], ctx[1]
            if x <= 0:
                return
            if e["to"] == "gold":
                self._gain(p, (0, 0, 0, 0, x))
            else:
                opts = tuple(t for t in (ELAN, LIFE, CALM, DEATH) if t != xt)
                self._ask(D_ESS, p, (M_CONVERT, 1, x, opts))
        elif op == "put_paid_essence_on":
            paid = ctx[2]
            if paid < 0:
                return
            v = [0, 0, 0, 0, 0]
            v[paid] = 1
            if e["target"]["component"] == "this":
                self._gain(p, tuple(v), ci)
            else:
                self._ask(D_TARGET, p, (("put", paid), list(self.play[p])))
        elif op == "check_victory_now":
            self._ev("check_victory", seat=p, card=cards[ci].id)
            tasks.append((T_VICTORY, 0))
        elif op == "temp_vp":
            self.temp_vp[p] += e["amount"]
        # ignore_life_loss only acts inside a defence (see _defend)

    def place_targets(self, p: int, spec: tuple, among: list[int] | None = None) -> list[int]:
        """The cards a "place an artifact" effect may put into play: ``spec`` is
        ``(source, reduction, cost override, dragons only)``; ``among``: these cards instead of the source's
        (which of them seat ``p`` could place; determinize asks it of cards it may deal into a hand)."""
        src, reduction, override, want_dragon = spec
        cards = self.c.cards
        if among is not None:
            pool = among
        elif src == "hand":
            pool = self.hand[p]
        elif src == "own_discard":
            pool = self.disc[p]
        else:
            pool = [x for q in range(self.n) for x in self.disc[q]]
        mine = self.ess[p * 5:p * 5 + 5]
        targets = []
        for x in pool:
            if want_dragon and not cards[x].dragon:
                continue
            F, A, G, NG = self.cost_for(p, x, reduction, override)
            if pay_options(mine, F, A, G, NG):
                targets.append(x)
        return targets

    def _target(self, p: int, purpose: tuple, x: int) -> None:
        kind, data = purpose
        cards = self.c.cards
        if kind == "turn":
            self.turned[x] = 1
            self.tasks.append(data[:4] + (data[4] + 1, data[5]))
        elif kind == "destroy":
            self._destroy(p, x)
            self.tasks.append(data[:4] + (data[4] + 1, data[5][:3] + (x, data[5][4])))
        elif kind == "straighten":
            self.turned[x] = 0
            self._ev("straighten", seat=p, card=cards[x].id)
        elif kind == "place":
            src, reduction, override, _ = data
            self._start_place(p, x, "hand" if src == "hand" else "discard", reduction, override)
        elif kind == "put":
            v = [0, 0, 0, 0, 0]
            v[data] = 1
            self._gain(p, tuple(v), x)
        elif kind == "sacrifice":  # Sea Serpent's ignore option
            self._destroy(p, x)

    # ------------------------------------------------------------ attacks
    def _t_attack(self, t: tuple) -> None:
        _, src, ci, amount, opt, k = t
        if k >= self.n:
            return
        self.tasks.append((T_ATTACK, src, ci, amount, opt, k + 1))
        r = (src + k) % self.n
        if self.passed[r]:
            return
        self._ask(D_DEFEND, r, (src, ci, amount, opt))

    def _defend(self, r: int, dd: tuple, a: tuple) -> None:
        src, ci, amount, opt = dd
        k = a[0]
        cards = self.c.cards
        if k == K_HIT:
            b = r * 5
            lost = min(self.ess[b + LIFE], amount)
            self.ess[b + LIFE] -= lost
            sub = 2 * (amount - lost)
            self._ev("life_loss", seat=r, life=lost, substitute=sub)
            if sub:
                total = sum(self.ess[b:b + 5])
                if sub >= total:
                    for e in range(5):
                        self._lose(r, e, self.ess[b + e])
                else:
                    self.tasks.append((T_LOSE, r, sub))
        elif k == K_IGNORE:
            self._ev("ignore", seat=r, card=cards[ci].id)
            if self.fired is not None:
                self.fired.add(cards[ci].id + ".ignore")
            if "pay" in opt:
                self._pay(r, tuple(opt["pay"].get(x, 0) for x in ("elan", "life", "calm", "death", "gold")))
            elif "discard_from_hand" in opt:
                self._ask(D_HAND, r, ("ignore", 0))
            else:
                arts = [x for x in self.play[r] if cards[x].kind == "artifact"]
                if len(arts) == 1:
                    self._destroy(r, arts[0])
                else:
                    self._ask(D_TARGET, r, (("sacrifice", None), arts))
        else:  # K_REACT
            pw = cards[a[1]].powers[a[2]]
            self._fire(pw)
            self._ev("react", seat=r, card=cards[a[1]].id, power=a[2])
            if pw.turn:
                self.turned[a[1]] = 1
            self._pay(r, pw.pay)
            for e in pw.effects:
                if e["op"] == "gain":
                    self._gain(r, e["_gain"].fixed, a[1] if e.get("to") == "self" else -1)

    # ------------------------------------------------------------ task handlers
    def _t_gain(self, t: tuple) -> None:
        _, p, n, mask, dest = t
        opts = _MASK_OPTS[mask]
        if len(opts) == 1:
            v = [0, 0, 0, 0, 0]
            v[opts[0]] = n
            self._gain(p, tuple(v), dest)
            return
        self._ask(D_ESS, p, (M_GAIN, n, t, opts))

    def _t_lose(self, t: tuple) -> None:
        _, p, n = t
        b = p * 5
        opts = tuple(e for e in range(5) if self.ess[b + e] > 0)
        if not opts:
            return
        if len(opts) == 1:
            e = opts[0]
            self._lose(p, e, min(n, self.ess[b + e]))
            return
        self._ask(D_ESS, p, (M_LOSE, n, None, opts))

    def _t_round(self, t: tuple) -> None:
        self.round += 1
        n = self.n
        self.fp = self.token
        self.cur = self.fp
        self.passed = [False] * n
        self.any_passed = False
        self.acts = [0] * n
        self._ev("round", round=self.round, first=self.fp)
        self.tasks.append((T_TURN,))
        for i in reversed(range(n)):
            self.tasks.append((T_COLLECT, (self.fp + i) % n))

    def _t_collect(self, t: tuple) -> None:
        p = t[1]
        cards = self.c.cards
        later: list[tuple] = []
        for ci in self.play[p]:
            cd = cards[ci]
            for g in cd.collect:
                self._gain(p, g.fixed)
                if g.any:
                    later.append((T_GAIN, p, g.any, g.mask, -1))
                if g.one_of:
                    later.append((T_GAIN, p, 1, sum(1 << x for x in g.one_of), -1))
        on = self.on
        for ci in self.play[p]:
            if any(on[ci * 5:ci * 5 + 5]):
                later.append((T_TAKE, p, ci))
        for ci in self.play[p]:
            if cards[ci].conditional:
                later.append((T_COND, p, ci))
        for ci in self.play[p]:
            if cards[ci].forge:
                later.append((T_FORGE, p, ci))
        self.tasks.extend(reversed(later))

    def _t_take(self, t: tuple) -> None:
        if any(self.on[t[2] * 5:t[2] * 5 + 5]):
            self._ask(D_TAKE, t[1], t[2])

    def _t_cond(self, t: tuple) -> None:
        _, p, ci = t
        cd = self.c.cards[ci]
        b = ci * 5
        if cd.conditional == "vault":
            if self.on[b + GOLD] > 0:
                if self.fired is not None:
                    self.fired.add("vault.collect")
                self.tasks.append((T_GAIN, p, 2, NON_GOLD, -1))
        elif cd.conditional == "windup_man":
            if any(self.on[b:b + 5]):
                if self.fired is not None:
                    self.fired.add("windup_man.collect")
                self._gain(p, tuple(2 if self.on[b + e] else 0 for e in range(5)), ci)

    def _t_forge(self, t: tuple) -> None:
        _, p, ci = t
        if self.fired is not None:
            self.fired.add("cursed_forge.collect")
        if self.ess[p * 5 + DEATH] > 0:
            self._ask(D_FORGE, p, ci)
        else:
            self.turned[ci] = 1

    def _t_turn(self, t: tuple) -> None:
        p = self.cur
        if self.passed[p]:
            self.tasks.append((T_NEXT,))
            return
        self._ask(D_MAIN, p)

    def _t_next(self, t: tuple) -> None:
        n = self.n
        for i in range(1, n + 1):
            q = (self.cur + i) % n
            if not self.passed[q]:
                self.cur = q
                self._ask(D_MAIN, q)  # what a (T_TURN,) task would do at once for a seat still in the round
                return
        self.tasks.append((T_VICTORY, 1))

    def _t_victory(self, t: tuple) -> None:
        self.tasks.append((T_SCORE, t[1]))
        gs = self.c.by_id.get("golden_statue")
        n = self.n
        for i in reversed(range(n)):
            q = (self.token + i) % n
            if gs is not None and gs in self.play[q]:
                self.tasks.append((T_STATUE, q, gs))

    def _t_statue(self, t: tuple) -> None:
        _, q, gs = t
        if not self.turned[gs] and self.ess[q * 5 + GOLD] >= 3:
            self._ask(D_STATUE, q, gs)

    def _t_score(self, t: tuple) -> None:
        end = t[1]
        pts = [self.points(p) for p in range(self.n)]
        self._ev("victory_check", points=pts, end_of_round=bool(end))
        if max(pts) >= VICTORY_POINTS or (end and self.round >= MAX_ROUNDS):
            best = max(pts)
            top = [p for p in range(self.n) if pts[p] == best]
            tb = max(self.tiebreak(p) for p in top)
            self.winners = [p for p in top if self.tiebreak(p) == tb]
            self.final = pts
            self.dec = D_OVER
            self.actor = -1
            self.tasks.clear()
            self._ev("game_over", winners=self.winners, points=pts)
            return
        self.temp_vp = [0] * self.n
        if end:
            for i in range(len(self.turned)):
                self.turned[i] = 0
            self.tasks.append((T_ROUND,))

    def _t_draw(self, t: tuple) -> None:
        self._draw(t[1], t[2])

    def _t_pass_item(self, t: tuple) -> None:
        self._ask(D_ITEM, t[1])

    def _t_discard_n(self, t: tuple) -> None:
        _, p, k = t
        if self.hand[p] and k > 0:
            self._ask(D_HAND, p, ("divination", k))

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
        # picks in seat order (secret, simultaneous); then the packs pass
        p = t[1]
        n = self.n
        if p < n:
            self.tasks.append((T_DRAFT, p + 1))
            self._ask(D_DRAFT, p)
            return
        for q in range(n):
            self.deck[q].append(self.picks[q])
            self.picks[q] = -1
        step = 1 if self.draft_phase == 1 else -1
        self.packs = [self.packs[(q - step) % n] for q in range(n)]
        for q in range(n):
            for c in self.packs[q]:
                self.known[c] = 1 << q
        if self.packs[0]:
            self.tasks.append((T_DRAFT, 0))
        elif self.draft_phase == 1:
            self.draft_phase = 2
            r = self._rand()
            kinds = self.c.cards
            arts = [x for x in self.box if kinds[x].kind == "artifact"]
            r.shuffle(arts)
            self.box = [x for x in self.box if kinds[x].kind != "artifact"]
            for q in range(n):
                self.packs[q] = [arts.pop() for _ in range(4)]
            self.box += arts
            for q in range(n):
                for c in self.packs[q]:
                    self.known[c] = 1 << q
            self.tasks.append((T_DRAFT, 0))
        else:
            self.draft_phase = 0
            r = self._rand()
            for q in range(n):
                r.shuffle(self.deck[q])
                for c in self.deck[q]:
                    self.known[c] = 0
            for q in range(n):
                self._draw(q, 3)

    def _t_first(self, t: tuple) -> None:
        self._ask(D_FIRST, self.match["chooser"])

    def _t_mpick(self, t: tuple) -> None:
        # game 2: the face-up pick, one card per decision; then (games 2 and 3) shuffle and draw 3
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


_HANDLERS: list[Any] = [None] * 23
_HANDLERS[T_SETUP_DONE] = lambda s, t: None
_HANDLERS[T_ROUND] = State._t_round
_HANDLERS[T_COLLECT] = State._t_collect
_HANDLERS[T_GAIN] = State._t_gain
_HANDLERS[T_LOSE] = State._t_lose
_HANDLERS[T_TAKE] = State._t_take
_HANDLERS[T_COND] = State._t_cond
_HANDLERS[T_FORGE] = State._t_forge
_HANDLERS[T_TURN] = State._t_turn
_HANDLERS[T_NEXT] = State._t_next
_HANDLERS[T_STEP] = State._step
_HANDLERS[T_ATTACK] = State._t_attack
_HANDLERS[T_VICTORY] = State._t_victory
_HANDLERS[T_STATUE] = State._t_statue
_HANDLERS[T_SCORE] = State._t_score
_HANDLERS[T_DRAW] = State._t_draw
_HANDLERS[T_PASS_ITEM] = State._t_pass_item
_HANDLERS[T_ITEMS] = State._t_items
_HANDLERS[T_MAGES] = State._t_mages
_HANDLERS[T_DRAFT] = State._t_draft
_HANDLERS[T_DISCARD_N] = State._t_discard_n
_HANDLERS[T_FIRST] = State._t_first
_HANDLERS[T_MPICK] = State._t_mpick


_MATCH_KEYS = {1: ("game", "wins"), 2: ("game", "wins", "chooser", "mages", "pool"),
               3: ("game", "wins", "chooser", "mages", "decks")}


def check_match(match: Any, c: Content) -> dict[str, Any]:
    """Validate a ``match`` setup (see :func:`new_game`); a fresh JSON-ready copy, or ValueError."""
    if not isinstance(match, dict):
        raise ValueError(f"match must be an object (got {match!r})")
    g = match.get("game")
    if type(g) is not int or g not in _MATCH_KEYS:
        raise ValueError(f"match game must be 1, 2 or 3 (got {g!r})")
    keys = _MATCH_KEYS[g]
    if set(match) != set(keys):
        raise ValueError(f"a game-{g} match takes exactly {', '.join(keys)} (got {', '.join(sorted(map(str, match)))})")
    wins = match["wins"]
    if not isinstance(wins, list) or len(wins) != 2:
        raise ValueError(f"match wins must be a list of 2 numbers (got {wins!r})")
    for w in wins:
        if type(w) not in (int, float) or not 0 <= w <= 2 or w * 2 != int(w * 2):
            raise ValueError(f"match wins must be numbers 0..2 in halves (got {wins!r})")
    if wins[0] + wins[1] != g - 1:
        raise ValueError(f"match wins before game {g} must add up to {g - 1} (got {wins!r})")
    out: dict[str, Any] = {"game": g, "wins": list(wins)}
    if g == 1:
        return out
    if g == 3 and wins[0] != wins[1]:
        raise ValueError(f"game 3 is played only when the match is tied (got wins {wins!r})")
    ch = match["chooser"]
    if type(ch) is not int or ch not in (0, 1):
        raise ValueError(f"match chooser must be seat 0 or 1 (got {ch!r})")
    if wins[0] != wins[1] and ch != (0 if wins[0] < wins[1] else 1):
        raise ValueError(f"the loser of the last game chooses the first player (wins {wins!r}, chooser {ch!r})")

    def ids(lst: Any, kind: str, k: int, what: str) -> list[str]:
        if not isinstance(lst, list) or len(lst) != k:
            raise ValueError(f"match {what} must be a list of {k} {kind} ids (got {lst!r})")
        for x in lst:
            if not isinstance(x, str) or x not in c.by_id or c.cards[c.by_id[x]].kind != kind:
                raise ValueError(f"match {what}: {x!r} is not a {kind} id")
        if len(set(lst)) != k:
            raise ValueError(f"match {what} names a card twice")
        return list(lst)

    out["chooser"] = ch
    out["mages"] = ids(match["mages"], "mage", 2, "mages")
    if g == 2:
        out["pool"] = ids(match["pool"], "artifact", MATCH_PICKS, "pool")
    else:
        decks = match["decks"]
        if not isinstance(decks, list) or len(decks) != 2:
            raise ValueError(f"match decks must be a list of 2 decks (got {decks!r})")
        out["decks"] = [ids(d, "artifact", 8, "deck") for d in decks]
        if set(out["decks"][0]) & set(out["decks"][1]):
            raise ValueError("match decks share a card")
    return out


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
    if len(c.cards) > _MAX_CARDS or any(len(cd.powers) > 8 for cd in c.cards):
        raise ValueError(f"the engine supports at most {_MAX_CARDS} cards of at most 8 powers each")
    n = players
    rng = random.Random(seed)
    s = State.__new__(State)
    s.c = c
    s.n = n
    s.preset = preset
    s.draft = draft
    s.round = 0
    s.fp = rng.randrange(n) if first_player is None else first_player
    s.token = s.fp
    s.cur = s.fp
    s.fp0 = s.fp  # the first player at the start of the game (a drawn match game's loser is the other seat)
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
    everyone = (1 << n) - 1
    # places of power: one side per tile
    by_tile: dict[int, list[int]] = {}
    for pl in c.places:
        by_tile.setdefault(c.cards[pl].tile, []).append(pl)
    s.places = []
    for tile in sorted(by_tile):
        sides = sorted(by_tile[tile], key=lambda x: not c.cards[x].first_game_side)
        s.places.append(sides[0] if preset == "first_game" else rng.choice(sides))
    mons = list(c.monuments)
    rng.shuffle(mons)
    s.mon_up = [mons.pop(), mons.pop()]
    s.mon_deck = mons
    arts = list(c.artifacts)
    if preset == "first_game":
        used: set[int] = set()
        for p in range(n):
            mage, hand = c.presets[p + 1]
            s.play[p].append(mage)
            s.known[mage] = everyone
            s.hand[p] = list(hand)
            for h in hand:
                s.known[h] = everyone
            used.update(hand)
        rest = [a for a in arts if a not in used]
        rng.shuffle(rest)
        for p in range(n):
            s.deck[p] = [rest.pop() for _ in range(5)]
        s.box = rest + [m for m in c.mages if all(m != s.play[p][0] for p in range(n))]
        s.rseed = rng.getrandbits(60)
        s.tasks = [(T_ROUND,), (T_ITEMS,)]
    elif match is not None and match["game"] > 1:
        # the mages are kept; game 2 picks the 16 artifacts face up, game 3 keeps each seat's 8
        by = c.by_id
        mages = [by[x] for x in match["mages"]]
        for p in range(n):
            s.play[p].append(mages[p])
            s.known[mages[p]] = everyone
        if match["game"] == 2:
            s.mpool = tuple(by[x] for x in match["pool"])
            for x in s.mpool:
                s.known[x] = everyone
        else:
            s.mstep = MATCH_PICKS
            s.mown = tuple(tuple(by[x] for x in d) for d in match["decks"])
            for p in range(n):
                s.deck[p] = list(s.mown[p])
        used = set(mages) | set(s.mpool) | {x for d in s.mown for x in d}
        s.box = [x for x in arts if x not in used] + [m for m in c.mages if m not in used]
        s.fp = s.token = s.cur = s.fp0 = match["chooser"]  # until the chooser has chosen
        s.rseed = rng.getrandbits(60)
        s.tasks = [(T_ROUND,), (T_ITEMS,), (T_MPICK,), (T_FIRST,)]
    else:
        rng.shuffle(arts)
        mages = list(c.mages)
        rng.shuffle(mages)
        for p in range(n):
            s.mage_opts[p] = [mages.pop(), mages.pop()]
            for m in s.mage_opts[p]:
                s.known[m] = 1 << p
        s.box = mages
        s.rseed = rng.getrandbits(60)
        if draft:
            for p in range(n):
                s.packs[p] = [arts.pop() for _ in range(4)]
                for x in s.packs[p]:
                    s.known[x] = 1 << p
            s.box += arts
            s.draft_phase = 1
            s.tasks = [(T_ROUND,), (T_ITEMS,), (T_MAGES, 0), (T_DRAFT, 0)]
        else:
            for p in range(n):
                s.deck[p] = [arts.pop() for _ in range(5)]
                s.hand[p] = [arts.pop() for _ in range(3)]
                for h in s.hand[p]:
                    s.known[h] = 1 << p
            s.box += arts
            s.tasks = [(T_ROUND,), (T_ITEMS,), (T_MAGES, 0)]
    s._run()
    return s
