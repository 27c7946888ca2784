"""A game review with the bot's eye: a win chance per player after each move, and the key moments.

Pygame-free. For every position of a record (before each move, and the end) the seat to move is
searched with an ISMCTS bot on a fixed iteration budget (:data:`REVIEW_SPEC`, no prior, so every
legal move may be searched). The search's root values are that seat's mean reward per move (the
game's ``returns()``/``evaluate()`` scale, in [0, 1]); the best of them is the seat's *win chance*
at that position. Each player's line on the chart is their chance as of their latest decision
(carried forward while others move; before their first decision, their first estimate); the end of
a finished game is its result (1 for each winner, 0 for the others). The chart draws these averaged
over a round either side (:func:`smoothed`), the result kept as the last point.

Key moments: at each decision of the reviewed (human) seats, the cost of the move played is the
search's own difference ``value(best) - value(played)``; the largest few (:data:`KEY_MOMENTS`) with a
cost above :data:`MIN_COST` are kept, each with both moves in the game's player-facing words
(:func:`move_words`: "Play Stone Gardens", never a card's id).

The review agrees with the hint. The hint (H, ``game.shell.hint``) is a different search: the expert bot
(:data:`HINT_PRESET`), which weighs only the rule bot's three best moves, keeps the rule bot's first
choice unless its search shows a clearly better one, and looks 40 moves ahead; the review's search
weighs every move, 12 moves ahead, and its best is simply the highest value. Left alone the two differ
(measured in docs/history.md: the review's best was not the hint's move at 56-57% of the positions, and
rated the hint's own move 2 points or more below it at 27%), so a player who had followed the
hint could read it named a mistake. So, given a *judge* (``(state, seat, legal, seed) -> move``, the
hint's bot: :func:`local_judge`, :func:`pool_judge`), a key moment is the hint's word checked by the
review's search: the move the hint would have suggested at that position is the better move, and the
move played costs ``value(hint's move) - value(played)``. A move equal to the hint's is never a key
moment, nor one the review's search rates no worse than the hint's. The judge is asked only where a
moment could still make the list (its cost against the search's best is an upper bound).

Hidden information: a finished game may use every hand. For a game in progress, ``viewer`` is the
asking seat: each position is first determinized from that seat's view, so nothing the seat could
not know reaches the search.

The searches run through a *searcher* (``(state, seat, legal, seed) -> {action: value}``):
:func:`local_searcher` searches in the calling thread; :func:`pool_searcher` in the background
search processes of ``ai.pool``. A review is cached beside its record (``<record>.review.json``).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction
from .games import GameAdapter, get_game
from .paths import write_text_atomic
from .records import Record

REVIEW_SPEC = "mcts:iterations=600,cutoff=12,rollout=fast,prior=none"  # measured in docs/BENCHMARKS.md
KEY_MOMENTS = 5
MIN_COST = 0.02  # a move that costs less than this is no key moment (search noise)
# 4: the hint a record kept is the better move; 3: the better move is the hint's; 2: the moves in move words
# (1 had debug descriptions)
CACHE_VERSION = 4
# The hint's bot (game/shell/hint.py asks it for H; the review asks it to judge the key moments), and the
# preset asked when a user's config lacks it. Defined here so the hint and the review name one bot.
HINT_PRESET = "expert"
HINT_FALLBACK = "hard"

Searcher = Callable[[Any, int, list[Any], int], dict[Any, float]]
Judge = Callable[[Any, int, list[Any], int], Any]  # (state, seat, legal, seed) -> the move the hint suggests
Progress = Callable[[int, int], None]  # (positions done, positions in all)


@dataclass
class KeyMoment:
    """A reviewed seat's move that fell furthest below the bot's best choice."""

    index: int  # the action's index in the record (the position before it is ``index``)
    seat: int
    played: str
    best: str
    cost: float  # value(best) - value(played), the search's own difference


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
    """The end of a finished game: 1 for each winner (the best payoff), 0 for the others."""
    payoff = list(state.returns())
    best = max(payoff)
    return [1.0 if p == best else 0.0 for p in payoff]


def analyse(record: Record, searcher: Searcher, *, reviewed: Sequence[int] = (), viewer: int | None = None,
            progress: Progress | None = None, cancel: Callable[[], bool] | None = None,
            partial: Callable[[Review], None] | None = None, judge: Judge | None = None) -> Review:
    """Review ``record``: every position searched through ``searcher``.

    ``reviewed``: the seats whose moves may be key moments (the humans). ``viewer``: for a game in
    progress, the seat asking (positions are determinized from its view first); None for a finished
    game. ``partial`` is handed the review so far after each position (a window shows it filling in).
    ``judge``: the hint's bot, whose move is the better move of a key moment (see the module's words);
    None: the search's own best.
    """
    game = get_game(record.game)
    states = positions(record, game)
    n = record.players
    latest: list[float | None] = [None] * n
    rows: list[list[float | None]] = []
    costs: list[KeyMoment] = []
    review = Review()
    for k, state in enumerate(states):
        if cancel is not None and cancel():
            break
        if state.is_terminal():
            rows.append(list(final_chances(state)) if viewer is None else list(latest))
        else:
            seat = state.to_move()
            seen = state if viewer is None else state.determinize(viewer, random.Random(record.seed * 7919 + k))
            legal = list(seen.legal_actions())
            seed = record.seed * 1_000_003 + k
            values = searcher(seen, seat, legal, seed) if len(legal) > 1 else {}
            if values:
                best = max(values, key=lambda a: values[a])
                latest[seat] = values[best]
                if seat in reviewed and k < len(record.actions):
                    moment = _moment(game, state, record.actions[k], k, seat, values, best)
                    if moment is not None and judge is not None:
                        moment = _judged(game, state, moment, record.actions[k], values, costs,
                                         functools.partial(judge, seen, seat, legal, seed))
                    if moment is not None:
                        costs.append(moment)
            rows.append(list(latest))
        review = Review(_filled(rows, n), _largest(costs))
        if partial is not None:
            partial(review)
        if progress is not None:
            progress(k + 1, len(states))
    review.complete = len(rows) == len(states)
    return review


def _moment(game: GameAdapter, state: Any, row: dict[str, Any], k: int, seat: int,
            values: dict[Any, float], best: Any) -> KeyMoment | None:
    played = game.from_json(state, row["action"])
    if played not in values:
        return None  # the search never tried the move played: no estimate of its cost
    return KeyMoment(k, seat, move_words(game, state, played), move_words(game, state, best),
                     values[best] - values[played])


def _judged(game: GameAdapter, state: Any, moment: KeyMoment, row: dict[str, Any], values: dict[Any, float],
            kept: list[KeyMoment], ask: Callable[[], Any]) -> KeyMoment | None:
    """``moment`` (its better move the search's best) judged by the hint: the hint's move as the better one
    and the cost against it, or None when it is no key moment: below :data:`MIN_COST` even against the
    search's best, unable to make the list of the moments ``kept`` so far (its cost can only fall), the
    hint's own move, or no worse than it by the search (the hint's move unsearched: no estimate)."""
    if moment.cost < MIN_COST:
        return None
    listed = sorted((m.cost for m in kept if m.cost >= MIN_COST), reverse=True)
    if len(listed) >= KEY_MOMENTS and moment.cost <= listed[KEY_MOMENTS - 1]:
        return None
    played = game.from_json(state, row["action"])
    hinted = _shown_hint(game, state, row)
    if hinted is None:
        hinted = ask()
    if hinted == played or hinted not in values:
        return None
    cost = values[hinted] - values[played]
    if cost < MIN_COST:
        return None
    return KeyMoment(moment.index, moment.seat, moment.played, move_words(game, state, hinted), cost)


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


def move_words(game: GameAdapter, state: Any, action: Any) -> str:
    """A move as the players read it: the game's move words (cards by name, never by id), or its
    description where it has none (Res Arcana's names its cards)."""
    if game.move_words is None:
        return game.describe(state, action)
    return game.move_words(state, action, list(game.seat_names(state)))


def _largest(moments: list[KeyMoment]) -> list[KeyMoment]:
    costly = [m for m in moments if m.cost >= MIN_COST]
    return sorted(sorted(costly, key=lambda m: -m.cost)[:KEY_MOMENTS], key=lambda m: m.index)


def _filled(rows: list[list[float | None]], n: int) -> list[list[float]]:
    """Each player's line: carried forward, and before their first estimate, that estimate (or 1/n)."""
    first = [next((r[p] for r in rows if r[p] is not None), 1.0 / n) for p in range(n)]
    return [[first[p] if r[p] is None else float(r[p]) for p in range(n)] for r in rows]


# ------------------------------------------------------------------ the chart's lines
def smoothed(chances: list[list[float]], players: int, *, finished: bool) -> list[list[float]]:
    """The chart's lines: each position's chances averaged with one round (``players`` positions) either
    side, so each line moves by the round rather than jumping at each decision. Measured on a 4-player
    Realm game (docs/history.md) the search's own noise is about 0.01; the jumps are the evaluation's
    real swings, which this spreads over the round they happened in. The end of a ``finished`` game is
    not averaged into the positions before it, and stays the result."""
    body = chances[:-1] if finished else chances
    out = []
    for k in range(len(body)):
        window = body[max(0, k - players): k + players + 1]
        out.append([sum(row[p] for row in window) / len(window) for p in range(len(body[k]))])
    return out + ([list(chances[-1])] if finished and chances else [])


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
                         cancel=cancel, partial=partial, judge=pool_judge(pool, hint))
    if review.complete and viewer is None and record_path is not None:
        with contextlib.suppress(OSError):  # no cache this time: the review is computed again next time
            save_cached(record_path, record, review, spec, judged_by)
    return review
