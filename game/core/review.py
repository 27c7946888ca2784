"""A game review with the bot's eye: a win chance per player after each move, and the key moments.

Pygame-free. Win chances: at every position of a record (before each move, and the end) each player's
chance is the share of :data:`PLAYOUTS` playouts to the end of the game (the review bot's rollout policy, the
unknown cards dealt from the view of the seat to move) that they won (:class:`PlayoutCounter`); a finished
game's end is its result (the win shared by its winners). So a row adds up to 1 and means what it says: the
search's mean reward does not (Realm pays a loser up to 0.25, and its cut-off evaluation, a softmax of projected
scores, swung a line from 0% to 100% and back within a round; play-test t1). The chart draws them as counted.

Key moments: the reviewed (human) seats' moves across which their own line on the chart fell most, the
:data:`KEY_MOMENTS` largest falls however small (play-test: a game lost 11 to 4 got "no move cost much", its
chance having slipped a little at a time); a moment's cost is that fall, the chart's two points, so the chart
shows each moment as it is stated (at the point after the move). The rival's move across which a reviewed line
fell most is one more, labelled the rival's (``whose`` is the reviewed seat), when it fell :data:`RIVAL_SWING` or
more (play-test: Realm's deciding move was a rival's, and the chart showed it while no moment did).
When none reached :data:`DECIDED`, :func:`verdict` says no single move decided
the game. Each moment names the move played and the better move in the game's player-facing words
(:func:`move_words`: "Play Stone Gardens", never a card's id).

The review agrees with the hint. The better move is the move the hint (H, ``game.shell.hint``: the expert bot,
:data:`HINT_PRESET`) showed there as the record kept it, else the one it would have shown (a *judge*,
``(state, seat, legal, seed) -> move``: :func:`local_judge`, :func:`pool_judge`); without a judge, the review's
search's best (:data:`REVIEW_SPEC`, every legal move searched). A move equal to it is never called a mistake: its
moment names no better move (the fall came from the game, not the choice).

Hidden information: a finished game may use every hand. For a game in progress, ``viewer`` is the
asking seat: each position is first determinized from that seat's view, so nothing the seat could
not know reaches the search.

The searches run through a *searcher* (``(state, seat, legal, seed) -> {action: value}``) and the playouts
through a *counter* (``(state, seat, seed) -> chances``): :func:`local_searcher` and :func:`local_counter` in
the calling thread; :func:`pool_searcher` and :func:`pool_counter` in the background search processes of
``ai.pool``. A review is cached beside its record (``<record>.review.json``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ai.mcts import ISMCTSAgent, SearchResult

from .errors import IllegalAction
from .games import GameAdapter, get_game
from .paths import write_text_atomic
from .records import Record

REVIEW_SPEC = "mcts:iterations=600,cutoff=12,rollout=fast,prior=none"  # measured in docs/BENCHMARKS.md
# playouts to the end of the game per position for the win chances (a chance's standard error is at most
# 0.5 / sqrt(PLAYOUTS), about 4 points; measured with tools/review_consistency.py)
PLAYOUTS = 160
KEY_MOMENTS = 5
MIN_FALL = 0.005  # a fall of the mover's line under this (half a point of win chance) is no fall at all
RIVAL_SWING = 0.10  # a rival's move across which a reviewed line fell this much is a key moment (labelled so)
DECIDED = 0.15  # a key moment's fall from this up decided much: a lost game with none slipped away move by move
# 6: a moment's cost is the fall of the mover's line (the moves with the largest falls, however small);
# 5: win chances are shares of playouts won, costs in those units; 4: the hint a record kept is the better move;
# 3: the better move is the hint's; 2: the moves in move words (1 had debug descriptions)
CACHE_VERSION = 6
# The hint's bot (game/shell/hint.py asks it for H; the review asks it to judge the key moments), and the
# preset asked when a user's config lacks it. Defined here so the hint and the review name one bot.
HINT_PRESET = "expert"
HINT_FALLBACK = "hard"

Searcher = Callable[[Any, int, list[Any], int], dict[Any, float]]
Counter = Callable[[Any, int, int], list[float]]  # (state, seat whose view deals the unknown, seed) -> chances
Judge = Callable[[Any, int, list[Any], int], Any]  # (state, seat, legal, seed) -> the move the hint suggests
Progress = Callable[[int, int], None]  # (positions done, positions in all)


@dataclass
class KeyMoment:
    """A reviewed seat's move that fell furthest below the bot's best choice."""

    index: int  # the action's index in the record (the position before it is ``index``)
    seat: int
    played: str
    best: str
    cost: float  # the fall of the line of ``whose`` on the chart across the move (index to index + 1)
    whose: int = -1  # whose chance fell (-1: the mover's own)


@dataclass
class Review:
    """Per position (``0 .. len(actions)``) the win chance of each player, and the key moments."""

    chances: list[list[float]] = field(default_factory=list)
    moments: list[KeyMoment] = field(default_factory=list)
    complete: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"chances": self.chances, "moments": [asdict(m) for m in self.moments], "complete": self.complete}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Review:
        return cls([list(map(float, row)) for row in obj["chances"]],
                   [KeyMoment(**m) for m in obj["moments"]], bool(obj["complete"]))


# ------------------------------------------------------------------ searchers
def review_agent(game: GameAdapter, spec: str | None = None) -> Any:
    """The reviewing bot (``spec``, default :data:`REVIEW_SPEC`): an ISMCTS agent with an iteration
    budget and no prior."""
    from ai.registry import make_agent

    return make_agent(spec or REVIEW_SPEC, {}, game.hooks)


def local_searcher(agent: Any) -> Searcher:
    """Search in the calling thread (tests, the command line without processes)."""

    def search(state: Any, seat: int, legal: list[Any], seed: int) -> dict[Any, float]:
        return dict(agent.search(state, seat, legal, random.Random(seed)).values)

    return search


def pool_searcher(pool: Any, agent: Any, workers: int = 2) -> Searcher:
    """Search in ``pool`` (an ``ai.pool.SearchPool``), root parallel over ``workers`` processes."""

    def search(state: Any, seat: int, legal: list[Any], seed: int) -> dict[Any, float]:
        return dict(pool.search(agent, state, seat, legal, seed, workers=workers).values)

    return search


class PlayoutCounter(ISMCTSAgent):
    """Not a bot (it decides nothing): the win chances of a position, as the share of ``iterations`` playouts to
    the end of the game (the review bot's rollout policy, each from a world dealt from ``seat``'s view) that
    each seat won (a tie shares its win). Searched "actions" are the seats, so the search processes of
    ``ai.pool`` run and merge it as any search: a seat's value is its share of the playouts. A mean payoff is
    no win chance (Realm pays a loser up to 0.25; its cut-off evaluation swings from 0 to 1 on one move); a
    count of wins is one."""

    def search(self, state: Any, seat: int, legal: Sequence[Any], rng: random.Random, *,
               progress: Any = None, cancel: Any = None, candidates: Any = None) -> SearchResult:
        seats = list(legal)
        wins = dict.fromkeys(seats, 0.0)
        done = 0
        cancelled = False
        for _ in range(max(1, self.iterations)):
            if cancel is not None and cancel.is_set():
                cancelled = True
                break
            d = state.determinize(seat, rng)
            apply = getattr(d, "apply_unchecked", None) or d.apply
            depth = 0
            while not d.is_terminal() and depth < self.max_depth:
                if self.rollout is not None:
                    apply(self.rollout(d, rng))
                else:
                    legal_now = d.legal_actions()
                    apply(legal_now[int(rng.random() * len(legal_now))])
                depth += 1
            won = _winners(d.returns() if d.is_terminal() else d.evaluate())
            for p in won:
                if p in wins:
                    wins[p] += 1.0 / len(won)
            done += 1
        if progress is not None and not cancelled:
            progress(1.0, done)
        stats = {p: (done, wins[p], wins[p]) for p in seats}
        values = {p: (wins[p] / done if done else 0.0) for p in seats}
        return SearchResult(seats[0], done, 0.0, dict.fromkeys(seats, done), values, cancelled, None, stats, seats)


def _winners(payoff: Sequence[float]) -> list[int]:
    best = max(payoff)
    return [p for p, x in enumerate(payoff) if x == best]


def playout_counter(game: GameAdapter, playouts: int | None = None, spec: str | None = None) -> PlayoutCounter:
    """The counter of the review's win chances: ``playouts`` (default :data:`PLAYOUTS`) playouts a position by the
    rollout policy of the review's bot (``spec``, default :data:`REVIEW_SPEC`)."""
    bot = review_agent(game, spec)
    return PlayoutCounter(iterations=playouts or PLAYOUTS, rollout=bot.rollout, max_rollout_depth=bot.max_depth,
                          name="review-playouts")


def local_counter(counter: PlayoutCounter) -> Counter:
    """Win chances counted in the calling thread."""

    def count(state: Any, seat: int, seed: int) -> list[float]:
        n = len(state.evaluate())
        values = counter.search(state, seat, list(range(n)), random.Random(seed)).values
        return [values[p] for p in range(n)]

    return count


def pool_counter(pool: Any, counter: PlayoutCounter, workers: int = 2) -> Counter:
    """Win chances counted in ``pool`` (``ai.pool.SearchPool``), the playouts split over ``workers`` processes."""

    def count(state: Any, seat: int, seed: int) -> list[float]:
        n = len(state.evaluate())
        values = pool.search(counter, state, seat, list(range(n)), seed, workers=workers).values
        return [values.get(p, 0.0) for p in range(n)]

    return count


def hint_agent(game: GameAdapter, presets: dict[str, Any] | None = None, *, preset: str | None = None,
               capped: bool = True) -> Any:
    """The hint's bot for ``game``: ``preset`` (a preset's name or a bot spec; default :data:`HINT_PRESET`) of
    ``presets`` (None or empty: the bundled ones), else :data:`HINT_FALLBACK` when they lack it. ``capped=False``
    leaves out the presets' time cap (``max_seconds``), so a review judges the same on every machine: the cap only
    bounds a player's wait, and under it the search is the same, iteration for iteration."""
    from ai.tournament import fixed_budget

    from .session import make_agent, presets_of

    chosen = presets_of(presets) if capped else fixed_budget(presets_of(presets))
    try:
        return make_agent(game, preset or HINT_PRESET, chosen)  # (the constant read now, not at import)
    except ValueError:  # a user's config without that preset
        return make_agent(game, HINT_FALLBACK, chosen)


def judge_key(agent: Any) -> str:
    """What a judge's answers depend on, for the cache's key: its bot's search as the agent holds it (the same
    bot however its preset was written: a config that spells out a default is the same judge)."""
    recipe = getattr(agent, "recipe", None) or ("", {})
    desc: dict[str, Any] = {"game": recipe[0], "kind": type(agent).__name__}
    for name in ("iterations", "c", "cutoff", "root_k", "keep_z", "ucb", "max_depth"):
        desc[name] = getattr(agent, name, None)
    if not desc["iterations"]:
        desc["seconds"] = getattr(agent, "seconds", None)
    for name in ("rollout", "prior"):
        desc[name] = getattr(getattr(agent, name, None), "__qualname__", None)
    return json.dumps(desc, sort_keys=True, default=str)


def local_judge(agent: Any) -> Judge:
    """The hint's move in the calling thread, asked as the hint asks it: of a world dealt from the seat's own
    view (``determinize``) with the same seed as the bot's own random choices."""

    def judge(state: Any, seat: int, legal: list[Any], seed: int) -> Any:
        return agent.decide(state.determinize(seat, random.Random(seed)), seat, legal, random.Random(seed))

    return judge


def pool_judge(pool: Any, agent: Any) -> Judge:
    """The hint's move searched in ``pool`` in one process (the hint's bot searches in one), else the same
    as :func:`local_judge`."""

    def judge(state: Any, seat: int, legal: list[Any], seed: int) -> Any:
        world = state.determinize(seat, random.Random(seed))
        return pool.search(agent, world, seat, legal, seed, workers=1).action

    return judge


# ------------------------------------------------------------------ the analysis
def positions(record: Record, game: GameAdapter) -> list[Any]:
    """The state before each action of ``record`` and after the last (``len(actions) + 1`` states)."""
    state = game.new_game(record.players, record.seed, **(record.setup or {}))
    out = [state.copy()]
    for row in record.actions:
        state.apply(game.from_json(state, row["action"]))
        out.append(state.copy())
    return out


def final_chances(state: Any) -> list[float]:
    """The end of a finished game: the win shared by its winners (1 for a lone winner), 0 for the others."""
    won = _winners(list(state.returns()))
    return [1.0 / len(won) if p in won else 0.0 for p in range(len(state.returns()))]


def analyse(record: Record, searcher: Searcher, *, reviewed: Sequence[int] = (), viewer: int | None = None,
            progress: Progress | None = None, cancel: Callable[[], bool] | None = None,
            partial: Callable[[Review], None] | None = None, judge: Judge | None = None,
            counter: Counter | None = None) -> Review:
    """Review ``record``: every position's win chances counted by ``counter`` (None: :func:`playout_counter`'s
    in this thread), every reviewed decision searched through ``searcher``.

    ``reviewed``: the seats whose moves may be key moments (the humans). ``viewer``: for a game in
    progress, the seat asking (positions are determinized from its view first); None for a finished
    game. ``partial`` is handed the review so far after each position (a window shows it filling in).
    ``judge``: the hint's bot, whose move is the better move of a key moment (see the module's words);
    None: the search's own best.

    A key moment's cost is the fall of the mover's line across the move (the chart's own two points).
    """
    game = get_game(record.game)
    states = positions(record, game)
    n = record.players
    count = counter if counter is not None else local_counter(playout_counter(game))
    rows: list[list[float]] = []
    costs: list[KeyMoment] = []
    pending: _Candidate | None = None  # a reviewed decision waiting for the chart's next point
    rival: KeyMoment | None = None  # the rival's move across which a reviewed seat's line fell most
    review = Review()
    count_seed = record.seed * 1_000_003 + 17  # one seed for every count: the same luck, position to position
    for k, state in enumerate(states):
        if cancel is not None and cancel():
            break
        seen = state if viewer is None or state.is_terminal() else \
            state.determinize(viewer, random.Random(record.seed * 7919 + k))
        if state.is_terminal():
            rows.append(final_chances(state) if viewer is None else list(rows[-1] if rows else [1.0 / n] * n))
        else:
            rows.append(list(count(seen, state.to_move(), count_seed)))
        if k > 0 and record.actions[k - 1]["seat"] not in reviewed:
            rival = _swing(game, states[k - 1], record.actions[k - 1], k - 1, rows[-2], rows[-1], reviewed, rival)
        if pending is not None:
            moment = _resolved(game, pending, rows[-2], rows[-1], costs, judge)
            pending = None
            if moment is not None:
                costs.append(moment)
        if not state.is_terminal():
            seat = state.to_move()
            legal = list(seen.legal_actions())
            seed = record.seed * 1_000_003 + k
            if seat in reviewed and k < len(record.actions) and len(legal) > 1:
                pending = _Candidate(k, seat, state, seen, legal, seed, record.actions[k], searcher)
        review = Review([list(r) for r in rows], _largest(costs, rival))
        if partial is not None:
            partial(review)
        if progress is not None:
            progress(k + 1, len(states))
    review.complete = len(rows) == len(states)
    return review


@dataclass
class _Candidate:
    """A reviewed seat's decision, weighed once the chart's point after it is known."""

    index: int
    seat: int
    state: Any
    seen: Any
    legal: list[Any]
    seed: int
    row: dict[str, Any]
    searcher: Searcher


def _resolved(game: GameAdapter, c: _Candidate, before: list[float], after: list[float], kept: list[KeyMoment],
              judge: Judge | None) -> KeyMoment | None:
    """The key moment of decision ``c``, or None: its cost is the fall of the mover's line on the chart across the
    move (``before`` to ``after``), however small (play-test: "no move cost much" after a loss of 11 to 4, where
    the chance slipped a little at a time); a fall under :data:`MIN_FALL` (no fall), or no larger than the
    smallest of the :data:`KEY_MOMENTS` moments ``kept`` so far, ends it before anything is asked. The better
    move is the hint's (``judge``; None: the review's search's best), "" when that is the move played (the fall
    was the game's, not the choice's)."""
    fall = before[c.seat] - after[c.seat]
    listed = sorted((m.cost for m in kept if m.seat == c.seat and m.whose in (-1, c.seat)), reverse=True)
    if fall < MIN_FALL or (len(listed) >= KEY_MOMENTS and fall <= listed[KEY_MOMENTS - 1]):
        return None
    played = game.from_json(c.state, c.row["action"])
    better = _shown_hint(game, c.state, c.row)
    if better is None and judge is not None:
        better = judge(c.seen, c.seat, c.legal, c.seed)
    if better is None:
        values = c.searcher(c.seen, c.seat, c.legal, c.seed)
        better = max(values, key=lambda a: values[a]) if values else played
    best = "" if better == played else move_words(game, c.state, better)
    return KeyMoment(c.index, c.seat, move_words(game, c.state, played), best, fall)


def _shown_hint(game: GameAdapter, state: Any, row: dict[str, Any]) -> Any:
    """The move the hint showed the player at this position, as the record kept it (``hint``); None when no
    hint was shown there (or the kept one no longer reads: the hint bot is asked instead)."""
    shown = row.get("hint")
    if not isinstance(shown, dict):
        return None
    try:
        return game.from_json(state, shown)
    except (IllegalAction, ValueError, KeyError, TypeError, IndexError):
        return None


def cost_words(cost: float, before: float, arrow: str = "\u2192") -> str:
    """A key moment's cost as the chart shows it: the line's point before the move and ``cost`` below it, as win
    chances ("62% \u2192 54%"); one decimal where whole percents would read the same. Play-test g7: "win chance
    \u22128 points" read as 8 game points (VP)."""
    after = max(0.0, before - cost)
    places = 0 if round(before * 100) != round(after * 100) else 1
    return f"{before:.{places}%} {arrow} {after:.{places}%}"


def moment_cost_words(lines: list[list[float]], m: KeyMoment, arrow: str = "\u2192") -> str:
    """:func:`cost_words` of key moment ``m`` on the chart's ``lines`` (:func:`chart_lines`): the line that fell
    is the mover's, or for a rival's move the reviewed seat's (``whose``)."""
    seat = m.seat if m.whose < 0 else m.whose
    before = lines[m.index][seat] if m.index < len(lines) and seat < len(lines[m.index]) else m.cost
    return cost_words(m.cost, before, arrow)


def move_words(game: GameAdapter, state: Any, action: Any) -> str:
    """A move as the players read it: the game's move words (cards by name, never by id), or its
    description where it has none (Res Arcana's names its cards)."""
    if game.move_words is None:
        return game.describe(state, action)
    return game.move_words(state, action, list(game.seat_names(state)))


def _largest(moments: list[KeyMoment], rival: KeyMoment | None = None) -> list[KeyMoment]:
    """The :data:`KEY_MOMENTS` moments of the largest falls (one of them the rival's move ``rival``, when a
    reviewed line fell by :data:`RIVAL_SWING` or more across it), in the order played."""
    costly = [m for m in moments if m.cost >= MIN_FALL]
    shown = [rival] if rival is not None and rival.cost >= RIVAL_SWING else []
    return sorted(sorted(costly, key=lambda m: -m.cost)[:KEY_MOMENTS - len(shown)] + shown, key=lambda m: m.index)


def _swing(game: GameAdapter, state: Any, row: dict[str, Any], k: int, before: list[float], after: list[float],
           reviewed: Sequence[int], kept: KeyMoment | None) -> KeyMoment | None:
    """``kept`` (the rival's move that swung a reviewed seat's chance most so far), or move ``k`` (a rival's, from
    ``state``) when a reviewed line fell more across it (``before`` to ``after``): its ``whose`` that seat."""
    fall, p = max((before[p] - after[p], p) for p in reviewed)
    if fall < MIN_FALL or (kept is not None and fall <= kept.cost):
        return kept
    played = move_words(game, state, game.from_json(state, row["action"]))
    return KeyMoment(k, int(row["seat"]), played, "", fall, p)


def verdict(review: Review, seat: int, name: str = "You") -> str:
    """The line over the key moments, honest about what they show for ``seat`` (named ``name``): while the review
    runs, that; a game lost where no move's fall reached :data:`DECIDED`, that no single move decided it; with
    no moment of theirs, that none of their moves lowered their chance; else nothing ("")."""
    if not review.complete:
        return "None so far."
    whose = "your" if name == "You" else f"{name}'s"
    moves = "yours" if name == "You" else f"{name}'s"
    own = [m for m in review.moments if m.seat == seat and m.whose in (-1, seat)]
    lost = bool(review.chances) and review.chances[-1][seat] < 0.5
    if not own:
        return f"No move of {moves} lowered {whose} win chance" + (
            ": the rivals' moves decided it." if lost else ": well played.")
    if lost and max(m.cost for m in own) < DECIDED:
        return f"No single move decided it: {whose} chance slipped a little at a time. Where it fell most:"
    return ""  # the moments say it: the moves where the chance fell most, one of them by much


def _filled(rows: list[list[float | None]], n: int) -> list[list[float]]:
    """Each player's line: carried forward, and before their first estimate, that estimate (or 1/n)."""
    first = [next((r[p] for r in rows if r[p] is not None), 1.0 / n) for p in range(n)]
    return [[first[p] if r[p] is None else float(r[p]) for p in range(n)] for r in rows]


# ------------------------------------------------------------------ the chart's lines
def chart_lines(review: Review) -> list[list[float]]:
    """The chart's lines as the review window draws them: each position's win chances as counted, unsmoothed (the
    key moments' costs are falls between two of these points, so the chart shows each), as :func:`shares`."""
    return shares(review.chances)


def shares(rows: list[list[float]]) -> list[list[float]]:
    """Each position's chances scaled to add up to 1 (a row of zeros stays so). Each seat's search estimates its
    own chance, at its own moves, carried forward between them, so the raw figures of a game of three or four
    need not add up (play-test s7: "You 72%, Seer 11%, Alchemist 43%, Transmuter 6%"); a player reads win
    chances as shares of one win."""
    out = []
    for row in rows:
        total = sum(row)
        out.append([c / total for c in row] if total > 0 else list(row))
    return out


# ------------------------------------------------------------------ the cache
def cache_path(record_path: Path) -> Path:
    return Path(record_path).with_name(Path(record_path).name + ".review.json")


def record_key(record: Record, spec: str | None = None, judge: str = "") -> str:
    """What the cache was computed from: the record's text, the reviewing bot (default :data:`REVIEW_SPEC`) and
    the judge of its key moments (:func:`judge_key`; "": none)."""
    return hashlib.sha256((record.dumps() + (spec or REVIEW_SPEC) + judge).encode()).hexdigest()[:16]


def load_cached(record_path: Path, record: Record, spec: str | None = None, judge: str = "") -> Review | None:
    """The cached complete review of ``record``, or None (none, stale, damaged)."""
    try:
        obj = json.loads(cache_path(record_path).read_text(encoding="utf-8"))
        if obj.get("version") != CACHE_VERSION or obj.get("key") != record_key(record, spec, judge):
            return None
        review = Review.from_json(obj["review"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return review if review.complete and len(review.chances) == len(record.actions) + 1 else None


def save_cached(record_path: Path, record: Record, review: Review, spec: str | None = None,
                judge: str = "") -> None:
    """Write a complete review beside its record (``OSError`` on failure)."""
    obj = {"version": CACHE_VERSION, "key": record_key(record, spec, judge), "review": review.to_json()}
    write_text_atomic(cache_path(record_path), json.dumps(obj))


# ------------------------------------------------------------------ a whole review
def reviewed_seats(record: Record) -> list[int]:
    """Whose moves may be key moments: the human seats, or every seat of a bots-only game."""
    humans = [i for i, s in enumerate(record.seats) if s.kind == "human"]
    return humans or list(range(record.players))


def review_record(record_path: Path | None, record: Record, *, workers: int = 2, viewer: int | None = None,
                  progress: Progress | None = None, cancel: Callable[[], bool] | None = None,
                  partial: Callable[[Review], None] | None = None, spec: str | None = None,
                  presets: dict[str, Any] | None = None) -> Review:
    """The review of ``record`` (read from ``record_path``; None: not from a file): from the cache, else
    searched by the bot ``spec`` (default :data:`REVIEW_SPEC`) in ``workers`` search processes
    (``ai.pool``), its key moments judged by the hint's bot (:func:`hint_agent` of ``presets``, None: the
    bundled ones, without its time cap) and, once complete (and for a finished game), cached.
    ``SearchError`` if the processes fail."""
    game = get_game(record.game)
    hint = hint_agent(game, presets, capped=False)
    judged_by = judge_key(hint)
    if viewer is None and record_path is not None:
        cached = load_cached(record_path, record, spec, judged_by)
        if cached is not None:
            if partial is not None:
                partial(cached)
            if progress is not None:
                progress(len(cached.chances), len(cached.chances))
            return cached
    from ai.pool import SearchPool

    with SearchPool("review") as pool:
        searcher = pool_searcher(pool, review_agent(game, spec), workers)
        review = analyse(record, searcher, reviewed=reviewed_seats(record), viewer=viewer, progress=progress,
                         cancel=cancel, partial=partial, judge=pool_judge(pool, hint),
                         counter=pool_counter(pool, playout_counter(game, spec=spec), workers))
    if review.complete and viewer is None and record_path is not None:
        with contextlib.suppress(OSError):  # no cache this time: the review is computed again next time
            save_cached(record_path, record, review, spec, judged_by)
    return review
