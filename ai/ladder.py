"""A measured ladder: a two-player round robin of bot levels at fixed budgets, rated on one scale.

The levels are listed weakest first (by default random, easy, normal, hard, expert). Every pair of
levels plays its own seat-rotated two-player tournament (:func:`ai.tournament.play_game`): game ``g``
of a pair deals seed ``seed + g // 2`` and seats the weaker level first in even games, second in odd
ones, so each deal is played from both seats. Every pair plays the same deals. A pair's number of
games depends on how far apart its levels are (:func:`pair_games`): neighbours need many games to
tell them apart, a lopsided pair few.

Order of play (:func:`schedule`): the cheap pairs first (two bots that do not search), then the pairs
with the cheaper search level, then those with the dearer one; within a class the pairs take turns
in blocks of ``block`` games, neighbours first, so a ladder stopped part way has figures for every
pair of the class.
Which games are played and how each goes depend only on the levels, the seed and the game's index,
never on the order or on ``jobs``: with iteration budgets the ladder is reproducible to the last game.

Results file (JSON lines): a header ``{"ladder": {"players": 2, "seed": S}}``, then one line per game,
the tournament's game dict with ``"pair": [weaker, stronger]`` and ``"bots": [spec, spec]`` added. A
rerun with the same file plays only the games it lacks. A pair may instead be read from a two-player
tournament results file (``imports``): its games then count for that pair and the ladder does not
play it.

Ratings (:func:`rate`): Bradley-Terry by the MM algorithm (Hunter 2004), on the Elo scale (400 points
= ten to one), anchored at a named level (0). A game's shared win (a tie) counts half a win to each
side. Each pair that has games gets one virtual drawn game (half a win each way), so a pair that one
level won every time gives a finite, if large, gap. The 95% intervals come from a seeded parametric
bootstrap: each resample plays every pair's games again as coin flips at the pair's win rate (smoothed
by the virtual draw, so a pair won every time still varies; a tie counts at its half in that rate).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .parallel import results_in_order
from .registry import load_hooks, make_agent, parse_spec
from .stats import percentile, wilson
from .tournament import _check_record, fixed_budget, json_line, play_game

# the ladder's levels, weakest first, each at a fixed budget (the rule bots as their presets)
DEFAULT_LEVELS: dict[str, str] = {
    "random": "random",
    "easy": "easy",
    "normal": "normal",
    "hard": "hard:iterations=980",
    "expert": "expert:iterations=2500,cutoff=40",
}
PLAYERS = 2
MIN_GAMES_TO_SAY = 40  # fewer games between two neighbours: the words give no figure
VIRTUAL_DRAWS = 1.0  # drawn games added to every pair that has games (half a win each way)


def pair_games(distance: int, adjacent: int) -> int:
    """Games for a pair of levels ``distance`` apart: ``adjacent`` for neighbours, half that two
    apart, a fifth further apart; always even (each deal from both seats) and at least 2."""
    share = {1: 1.0, 2: 0.5}.get(distance, 0.2)
    return max(2, 2 * round(adjacent * share / 2))


@dataclass(frozen=True)
class Pair:
    """Two levels (weaker first) and the games they play."""

    low: str
    high: str
    games: int


def plan(levels: list[str], adjacent: int) -> list[Pair]:
    """Every pair of ``levels`` (weakest first) with its game count."""
    return [Pair(levels[i], levels[j], pair_games(j - i, adjacent))
            for i in range(len(levels)) for j in range(i + 1, len(levels))]


def search_rank(specs: dict[str, str], presets: dict[str, Any], hooks: Any) -> dict[str, int]:
    """0 for a level that does not search; 1, 2... for the searching levels in the listed order."""
    ranks: dict[str, int] = {}
    n = 0
    for name, spec in specs.items():
        kind, _base, _explicit = parse_spec(spec, presets, hooks)
        if kind == "mcts":
            n += 1
        ranks[name] = n if kind == "mcts" else 0
    return ranks


def schedule(pairs: list[Pair], rank: dict[str, int], block: int = 10) -> list[tuple[Pair, int]]:
    """Every ``(pair, game index)`` in the order of play: class by class (the dearer level of the
    pair), the pairs of a class taking turns in blocks of ``block`` games, neighbours first (their
    figures are the ones the setup screens give)."""
    order: list[tuple[Pair, int]] = []
    for cls in sorted({max(rank[p.low], rank[p.high]) for p in pairs}):
        members = sorted((p for p in pairs if max(rank[p.low], rank[p.high]) == cls), key=lambda p: -p.games)
        longest = max(p.games for p in members)
        for start in range(0, longest, block):
            for p in members:
                order += [(p, g) for g in range(start, min(start + block, p.games))]
    return order


# ---------------------------------------------------------------- results files
def _lines(path: Path) -> list[str]:
    """The complete lines of ``path`` (an unfinished last line, still being written, is left out)."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a results file (not text)") from None
    except OSError as exc:
        raise ValueError(f"{path}: cannot read ({exc.strerror})") from None
    lines = text.split("\n")
    return lines[:-1]  # the text after the last newline is empty or not yet finished


def read_ladder(path: Path, seed: int, specs: dict[str, str]) -> dict[tuple[str, str, int], dict[str, Any]]:
    """The games recorded in a ladder file, by ``(weaker, stronger, game)``. A file of another seed,
    a game of a level at another budget, or a damaged line is a one-line ``ValueError``; games of
    levels not in ``specs`` are skipped."""
    done: dict[tuple[str, str, int], dict[str, Any]] = {}
    for n, line in enumerate(_lines(path), 1):
        if not line.strip():
            continue
        rec = json_line(path, n, line)
        if "ladder" in rec:
            if rec["ladder"] != {"players": PLAYERS, "seed": seed}:
                raise ValueError(f"{path}:{n}: a ladder of {rec['ladder']}, not seed {seed}")
            continue
        if n == 1:
            raise ValueError(f"{path}:1: no ladder header")
        pair, bots = rec.get("pair"), rec.get("bots")
        if not (isinstance(pair, list) and isinstance(bots, list) and len(pair) == len(bots) == 2
                and all(isinstance(x, str) for x in pair + bots)):
            raise ValueError(f"{path}:{n}: not a ladder game (pair and bots must name two levels and specs)")
        try:
            _check_record(rec, PLAYERS)
        except ValueError as exc:
            raise ValueError(f"{path}:{n}: not a game result ({exc})") from None
        if not all(name in specs for name in pair):
            continue
        for name, spec in zip(pair, bots):
            if specs[name] != spec:
                raise ValueError(f"{path}:{n}: {name} was played as {spec!r}, not {specs[name]!r}")
        done[(pair[0], pair[1], rec["game"])] = rec
    return done


def read_tournament(path: Path) -> tuple[list[str], list[dict[str, Any]]]:
    """``(bot specs, games)`` of a two-player tournament results file (``--results`` of the
    tournament command); it may be growing while it is read."""
    specs: list[str] | None = None
    games: dict[int, dict[str, Any]] = {}
    for n, line in enumerate(_lines(path), 1):
        if not line.strip():
            continue
        rec = json_line(path, n, line)
        if "header" in rec:
            head = rec["header"]
            if not isinstance(head, dict) or head.get("players") != PLAYERS or not isinstance(head.get("bots"), list):
                raise ValueError(f"{path}:{n}: not a two-player tournament ({head})")
            specs = [str(s) for s in head["bots"]]
            continue
        if specs is None:
            raise ValueError(f"{path}:{n}: no tournament header before the games")
        try:
            _check_record(rec, PLAYERS)
        except ValueError as exc:
            raise ValueError(f"{path}:{n}: not a game result ({exc})") from None
        games[rec["game"]] = rec
    if specs is None:
        raise ValueError(f"{path}: no tournament header")
    return specs, [games[g] for g in sorted(games)]


def entry_wins(rec: dict[str, Any]) -> list[float]:
    """Per listed entry (not seat) its share of the win in one game record."""
    out = [0.0] * PLAYERS
    for seat, entry in enumerate(rec["order"]):
        out[entry] = float(rec["wins"][seat])
    return out


# ---------------------------------------------------------------- playing
def _drop_unfinished_line(path: Path) -> None:
    """Cut a last line that a stopped run left unfinished, so the next game starts a line of its own."""
    if not path.exists():
        return
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with open(path, "r+b") as fh:
            fh.truncate(end)


def _job(args: tuple) -> dict[str, Any]:
    hooks_path, pair, specs, game, seed, presets = args
    res = play_game(hooks_path, PLAYERS, [specs[pair[0]], specs[pair[1]]], game, seed, presets)
    return {"pair": list(pair), "bots": [specs[pair[0]], specs[pair[1]]], **res}


def play_ladder(hooks_path: str, specs: dict[str, str], adjacent: int, seed: int, results_path: Path,
                presets: dict[str, Any] | None = None, jobs: int = 1, imported: Iterable[tuple[str, str]] = (),
                block: int = 10, on_game: Callable[[int, int], None] | None = None) -> int:
    """Play the games of the ladder that ``results_path`` lacks (the pairs in ``imported`` not at
    all); returns how many were played. ``on_game(done, total)`` after each."""
    presets = fixed_budget(presets)
    hooks = load_hooks(hooks_path)
    for spec in specs.values():
        make_agent(spec, presets, hooks)  # a bad spec fails here, in one line
    rank = search_rank(specs, presets, hooks)
    skip = {tuple(p) for p in imported}
    pairs = [p for p in plan(list(specs), adjacent) if (p.low, p.high) not in skip]
    done = read_ladder(results_path, seed, specs) if results_path.exists() else {}
    todo = [(p, g) for p, g in schedule(pairs, rank, block) if (p.low, p.high, g) not in done]
    args = [(hooks_path, (p.low, p.high), specs, g, seed, presets) for p, g in todo]
    total = len(done) + len(args)
    results_path.parent.mkdir(parents=True, exist_ok=True)
    _drop_unfinished_line(results_path)
    with open(results_path, "a", encoding="utf-8") as out:
        if out.tell() == 0:
            out.write(json.dumps({"ladder": {"players": PLAYERS, "seed": seed}}) + "\n")
        played = 0

        def finished(res: dict[str, Any]) -> None:
            nonlocal played
            out.write(json.dumps(res) + "\n")
            out.flush()
            played += 1
            if on_game:
                on_game(len(done) + played, total)

        if jobs > 1 and len(args) > 1:
            for res in results_in_order(_job, args, jobs):
                finished(res)
        else:
            for a in args:
                finished(_job(a))
    return played


# ---------------------------------------------------------------- rating
@dataclass
class PairResult:
    """The games between two levels: ``wins`` of the stronger-listed level (``high``) of ``games``."""

    low: str
    high: str
    scores: list[float] = field(default_factory=list)  # per game, the high level's share of the win

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def wins(self) -> float:
        return sum(self.scores)


def collect(levels: list[str], ladder_games: Iterable[dict[str, Any]],
            imports: Iterable[tuple[list[str], list[dict[str, Any]]]], specs: dict[str, str]) -> list[PairResult]:
    """The games per pair of ``levels``, from the ladder's records and the imported tournaments
    (whose bot specs must be those of two levels)."""
    index = {name: i for i, name in enumerate(levels)}
    by_pair: dict[tuple[str, str], PairResult] = {}

    def add(a: str, b: str, score_b: float) -> None:
        low, high, s = (a, b, score_b) if index[a] < index[b] else (b, a, 1.0 - score_b)
        by_pair.setdefault((low, high), PairResult(low, high)).scores.append(s)

    for rec in ladder_games:
        a, b = rec["pair"]
        if a in index and b in index:
            add(a, b, entry_wins(rec)[1])
    by_spec = {spec: name for name, spec in specs.items()}
    for bots, games in imports:
        names = [by_spec.get(s.strip()) for s in bots]
        if None in names or names[0] == names[1]:
            raise ValueError(f"an imported tournament of {bots} is not two levels of the ladder "
                             f"({', '.join(f'{k}={v}' for k, v in specs.items())})")
        for rec in games:
            add(names[0], names[1], entry_wins(rec)[1])
    return [by_pair[k] for k in sorted(by_pair, key=lambda k: (index[k[0]], index[k[1]]))]


def bradley_terry(levels: list[str], pairs: list[tuple[str, str, float, float]],
                  iterations: int = 10_000, tol: float = 1e-12) -> dict[str, float]:
    """Strengths (geometric mean 1) from ``(a, b, wins of a, wins of b)`` by Hunter's MM updates.
    A level with no games keeps strength 1."""
    wins = dict.fromkeys(levels, 0.0)
    opp: dict[str, list[tuple[str, float]]] = {x: [] for x in levels}
    for a, b, wa, wb in pairs:
        wins[a] += wa
        wins[b] += wb
        opp[a].append((b, wa + wb))
        opp[b].append((a, wa + wb))
    p = dict.fromkeys(levels, 1.0)
    for _ in range(iterations):
        new = {}
        for x in levels:
            denom = sum(n / (p[x] + p[y]) for y, n in opp[x])
            new[x] = wins[x] / denom if denom > 0 and wins[x] > 0 else (p[x] if denom == 0 else 1e-9)
        log_mean = sum(math.log(v) for v in new.values()) / len(new)
        new = {x: v / math.exp(log_mean) for x, v in new.items()}
        change = max(abs(math.log(new[x] / p[x])) for x in levels)
        p = new
        if change < tol:
            break
    return p


def elo(levels: list[str], results: list[PairResult], anchor: str) -> dict[str, float]:
    """Elo-scale ratings (anchor 0) of ``results``, each pair with :data:`VIRTUAL_DRAWS` added."""
    rows = [(r.low, r.high, r.games - r.wins + VIRTUAL_DRAWS / 2, r.wins + VIRTUAL_DRAWS / 2)
            for r in results if r.games]
    strength = bradley_terry(levels, rows)
    base = math.log10(strength[anchor])
    return {x: 400.0 * (math.log10(strength[x]) - base) for x in levels}


@dataclass
class Ladder:
    """Ratings with their bootstrap intervals, and the games behind them."""

    levels: list[str]
    anchor: str
    ratings: dict[str, float]
    intervals: dict[str, tuple[float, float]]
    pairs: list[PairResult]
    resamples: int

    def pair(self, low: str, high: str) -> PairResult | None:
        return next((p for p in self.pairs if (p.low, p.high) == (low, high)), None)

    def games_of(self, level: str) -> int:
        """The games ``level`` played (a level with few has a rating that says little)."""
        return sum(p.games for p in self.pairs if level in (p.low, p.high))

    def to_dict(self) -> dict[str, Any]:
        return {
            "anchor": self.anchor, "scale": "Elo (Bradley-Terry; 400 points = 10 to 1)",
            "ties": "a shared win counts half to each side", "virtual_draws_per_pair": VIRTUAL_DRAWS,
            "bootstrap_resamples": self.resamples,
            "ratings": {x: {"rating": round(self.ratings[x], 1), "games": self.games_of(x),
                            "interval": [round(v, 1) for v in self.intervals[x]]} for x in self.levels},
            "pairs": [{"levels": [p.low, p.high], "games": p.games, "wins": round(p.wins, 6),
                       "win_rate": p.wins / p.games if p.games else None,
                       "ci": list(wilson(p.wins, p.games))} for p in self.pairs],
        }

    def to_text(self) -> str:
        lines = [f"ratings (Elo scale, {self.anchor} = 0; 95% intervals from {self.resamples} bootstrap resamples)",
                 f"{'level':<8}  {'rating':>7}  {'95% interval':>17}  {'games':>5}"]
        for x in self.levels:
            lo, hi = self.intervals[x]
            few = "  (few games: the rating says little)" if self.games_of(x) < MIN_GAMES_TO_SAY else ""
            lines.append(f"{x:<8}  {self.ratings[x]:>+7.0f}  [{lo:>+6.0f}, {hi:>+6.0f}]  {self.games_of(x):>5}{few}")
        lines.append("pairs (the stronger-listed level's wins; a tie counts half):")
        for p in self.pairs:
            lo, hi = wilson(p.wins, p.games)
            lines.append(f"  {p.high:>7} vs {p.low:<7} {p.games:>4} games  {p.wins:>6.1f} wins  "
                         f"{p.wins / p.games:>6.1%}  [{lo:.1%}, {hi:.1%}]")
        return "\n".join(lines)


def _redrawn(pair: PairResult, rng: random.Random) -> list[float]:
    """The pair's games drawn again: each won by the stronger-listed level with the pair's win rate
    smoothed by the virtual draw, so a pair won every time still varies between resamples."""
    p = (pair.wins + VIRTUAL_DRAWS / 2) / (pair.games + VIRTUAL_DRAWS)
    return [1.0 if rng.random() < p else 0.0 for _ in range(pair.games)]


def rate(levels: list[str], results: list[PairResult], anchor: str, resamples: int = 1000,
         seed: int = 1) -> Ladder:
    """Ratings of ``levels`` anchored at ``anchor`` with 95% bootstrap intervals (``resamples``
    times every pair's games drawn again by :func:`_redrawn`, ``random.Random(seed)``)."""
    if anchor not in levels:
        raise ValueError(f"anchor {anchor!r} is not a level ({', '.join(levels)})")
    ratings = elo(levels, results, anchor)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {x: [] for x in levels}
    for _ in range(resamples):
        drawn = [PairResult(r.low, r.high, _redrawn(r, rng)) for r in results if r.games]
        for x, v in elo(levels, drawn, anchor).items():
            samples[x].append(v)
    intervals = {x: (percentile(v, 0.025), percentile(v, 0.975)) if v else (ratings[x], ratings[x])
                 for x, v in samples.items()}
    return Ladder(levels, anchor, ratings, intervals, results, resamples)


# ---------------------------------------------------------------- words for the player
def in_words(level: str, below: str, pair: PairResult | None, label: Callable[[str], str] = str.title) -> str:
    """How ``level`` fares against ``below``, for a player: "Hard wins about 7 games in 10 against
    Normal (200 games measured)"; with fewer than :data:`MIN_GAMES_TO_SAY` games no figure."""
    name, other = label(level), label(below)
    games = pair.games if pair else 0
    if games < MIN_GAMES_TO_SAY:
        return f"{name} against {other}: not measured yet ({games} games so far)."
    tenths = round(10 * pair.wins / games)  # type: ignore[union-attr]
    if tenths >= 10:
        share = "nearly every game"
    elif tenths <= 0:
        share = "hardly a game"
    elif tenths == 5:
        share = "about half its games"
    else:
        share = f"about {tenths} games in 10"
    return f"{name} wins {share} against {other} ({games} games measured)."


def level_notes(ladder: Ladder, label: Callable[[str], str] = str.title) -> dict[str, Any]:
    """The data of a levels file: per level above the first, its words and figures against the
    level below, and its rating."""
    out: dict[str, Any] = {}
    for below, level in zip(ladder.levels, ladder.levels[1:]):
        pair = ladder.pair(below, level)
        games = pair.games if pair else 0
        wins = pair.wins if pair else 0.0
        out[level] = {"against": below, "words": in_words(level, below, pair, label), "games": games,
                      "wins": round(wins, 6), "win_rate": round(wins / games, 4) if games else None,
                      "ci": [round(v, 4) for v in wilson(wins, games)] if games else None,
                      "rating": round(ladder.ratings[level], 1),
                      "interval": [round(v, 1) for v in ladder.intervals[level]]}
    return {"anchor": ladder.anchor, "min_games": MIN_GAMES_TO_SAY, "levels": out}
