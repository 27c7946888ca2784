"""Your history: every finished game in a SQLite database in the user's folder, and its statistics.

One row per finished game (``games``) and one per seat (``seats``); ``docs/history.md`` describes
the columns. The schema is versioned with ``PRAGMA user_version`` and brought up to date by
:data:`MIGRATIONS`, one step per version, each in its own transaction. Every write is one
transaction on a database in rollback-journal mode with ``synchronous=FULL``: a crash or a kill
in the middle of a write loses that game at most, never one already committed. A file SQLite
cannot read is set aside (renamed ``history.sqlite3.damaged-<UTC time>``) with a one-line
message, and a new history is started.

No pygame here: the window and the command line both call :func:`record_finished` once a game is
over, and :func:`summarize` for the statistics.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai.stats import wilson

from . import paths
from .games import GameAdapter
from .records import Record

DB_NAME = "history.sqlite3"
MIN_GAMES_FOR_INTERVAL = 10  # a win rate gets its 95% interval from this many games on

# One entry per schema version: the statements that bring version k-1 to version k.
MIGRATIONS: list[tuple[str, ...]] = [
    (  # 1: the games and their seats
        "CREATE TABLE games (id INTEGER PRIMARY KEY, played_at TEXT NOT NULL, game TEXT NOT NULL,"
        " players INTEGER NOT NULL, seed INTEGER NOT NULL, setup TEXT NOT NULL, winners TEXT NOT NULL,"
        " moves INTEGER NOT NULL, seconds REAL, record_path TEXT NOT NULL, source TEXT NOT NULL)",
        "CREATE TABLE seats (game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
        " seat INTEGER NOT NULL, kind TEXT NOT NULL, bot TEXT NOT NULL, name TEXT NOT NULL, side TEXT NOT NULL,"
        " score REAL NOT NULL, sources TEXT NOT NULL, PRIMARY KEY (game_id, seat))",
    ),
    (  # 2: whether learning-mode undo or hints were used; the games of one game by date
        "ALTER TABLE games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_by_game ON games (game, played_at)",
    ),
]
SCHEMA_VERSION = len(MIGRATIONS)


class HistoryError(Exception):
    """The history cannot be used (a newer edition's database, an unwritable folder); one line."""


@dataclass
class SeatEntry:
    """One seat of a recorded game: who sat there and how it ended for them."""

    kind: str  # "human" or "bot"
    bot: str  # the bot's preset or spec ("" for a human)
    name: str  # the human's name, if one was given
    side: str  # the faction (Realm) or mage (Res Arcana)
    score: float
    sources: dict[str, float]  # the score by where it came from; the parts add up to ``score``
    won: bool = False

    @property
    def human(self) -> bool:
        return self.kind == "human"

    def who(self) -> str:
        """The seat in a few words: "Ann (Guilded)", "you (Vital)", "hard bot (Witch)"."""
        person = (self.name or "you") if self.human else f"{self.bot} bot"
        return f"{person} ({self.side})" if self.side else person


@dataclass
class GameEntry:
    """One finished game as the history keeps it."""

    game: str
    players: int
    seed: int
    setup: dict[str, Any]
    seats: list[SeatEntry]
    winners: list[int]
    moves: int
    seconds: float | None = None
    assisted: bool = False
    record_path: str = ""
    source: str = "window"  # "window" or "simulate"
    played_at: str = ""  # UTC, "2026-12-03T21:15:00Z"
    id: int | None = None

    def humans(self) -> list[SeatEntry]:
        return [s for s in self.seats if s.human]

    def human_won(self) -> bool:
        return any(s.won for s in self.humans())

    def human_score(self) -> float | None:
        """The best score of a human seat (None in a game of bots only)."""
        scores = [s.score for s in self.humans()]
        return max(scores) if scores else None


# ------------------------------------------------------------------ from a finished game
def utc_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def sources_of(result: dict[str, Any], players: int) -> list[dict[str, float]]:
    """Each seat's score by source: the result's own ``sources`` (Res Arcana), or, from a result with
    the score after each age (Realm), the points by age (age 1 includes the starting score)."""
    if isinstance(result.get("sources"), list) and len(result["sources"]) == players:
        return [{str(k): float(v) for k, v in row.items()} for row in result["sources"]]
    ages = result.get("age_scores")
    scores = result.get("scores") or [0] * players
    if not isinstance(ages, list) or not ages:
        return [{} for _ in range(players)]
    out: list[dict[str, float]] = []
    for p in range(players):
        row: dict[str, float] = {}
        before = 0.0
        for k, after in enumerate(ages, 1):
            row[f"Age {k}"] = float(after[p]) - before
            before = float(after[p])
        if float(scores[p]) != before:
            row["After the last age"] = float(scores[p]) - before
        out.append(row)
    return out


def entry_of(rec: Record, state: Any, game: GameAdapter, *, source: str, seconds: float | None = None,
             record_path: str = "") -> GameEntry:
    """The history's entry for a finished game: its record, final state and adapter."""
    result = rec.result if rec.result is not None else game.result(state)
    scores = [float(x) for x in result.get("scores", state.scores())]
    winner = result.get("winner", -1)
    winners = [int(w) for w in result.get("winners") or ([winner] if isinstance(winner, int) and winner >= 0
                                                          else [])]
    sides = game.seat_names(state)
    sources = sources_of(result, rec.players)
    seats = [SeatEntry(s.kind, s.bot if s.kind == "bot" else "", s.name, sides[p] if p < len(sides) else "",
                       scores[p], sources[p], p in winners) for p, s in enumerate(rec.seats)]
    assisted = bool(result.get("assisted") or getattr(rec, "assisted", False))
    return GameEntry(rec.game, rec.players, rec.seed, dict(rec.setup), seats, winners, len(rec.actions),
                     seconds, assisted, record_path, source, utc_now())


# ------------------------------------------------------------------ the database
def default_path() -> Path:
    return paths.user_data_dir() / DB_NAME


def warn(message: str) -> None:
    """The default way a one-line history message reaches the player: standard error."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the database up to schema version ``target``, one step per transaction; the version now.
    ``HistoryError`` for a database a newer edition wrote."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise HistoryError(f"the game history is from a newer edition (schema {version}; this one reads "
                           f"up to {SCHEMA_VERSION})")
    for step in range(version, target):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[step]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {step + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        version = step + 1
    return version


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=5.0)  # transactions are explicit
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _damaged(conn: sqlite3.Connection) -> bool:
    try:
        return conn.execute("PRAGMA quick_check").fetchone()[0] != "ok"
    except sqlite3.DatabaseError:
        return True


def set_aside(path: Path) -> Path:
    """Rename a damaged database (and its journal) out of the way; the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    k = 1
    while target.exists():
        k += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{k}")
    path.replace(target)
    journal = path.with_name(path.name + "-journal")
    if journal.exists():
        with contextlib.suppress(OSError):
            journal.replace(target.with_name(target.name + "-journal"))
    return target


class History:
    """The history database, opened (created or migrated as needed). ``HistoryError`` or ``OSError``
    when it cannot be; a damaged file is set aside first, with one line to ``report``."""

    def __init__(self, path: Path | None = None, report: Callable[[str], None] = warn) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.notice = ""  # the one-line message when a damaged file was set aside
        try:
            self.conn = _connect(self.path)
            damaged = _damaged(self.conn)
        except sqlite3.DatabaseError:
            damaged = True
        if damaged:
            with contextlib.suppress(sqlite3.Error, AttributeError):
                self.conn.close()
            kept = set_aside(self.path)
            self.notice = f"warning: your game history was damaged; it is kept as {kept.name} and a new one is started"
            report(self.notice)
            self.conn = _connect(self.path)
        try:
            migrate(self.conn)
        except sqlite3.Error as exc:
            self.conn.close()
            raise HistoryError(f"{self.path}: cannot update the game history ({exc})") from None
        except HistoryError:
            self.conn.close()
            raise

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def add(self, entry: GameEntry) -> int:
        """Write one game and its seats in one transaction; its id."""
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            cur = conn.execute(
                "INSERT INTO games (played_at, game, players, seed, setup, winners, moves, seconds, record_path,"
                " source, assisted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (entry.played_at or utc_now(), entry.game, entry.players, entry.seed, json.dumps(entry.setup),
                 json.dumps(entry.winners), entry.moves, entry.seconds, entry.record_path, entry.source,
                 int(entry.assisted)))
            game_id = int(cur.lastrowid)
            conn.executemany(
                "INSERT INTO seats (game_id, seat, kind, bot, name, side, score, sources) VALUES (?, ?, ?, ?, ?, ?,"
                " ?, ?)", [(game_id, p, s.kind, s.bot, s.name, s.side, s.score, json.dumps(s.sources))
                           for p, s in enumerate(entry.seats)])
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        entry.id = game_id
        return game_id

    def games(self, game: str | None = None) -> list[GameEntry]:
        """The recorded games (of ``game``, or all), oldest first."""
        where, args = ("WHERE game = ?", (game,)) if game else ("", ())
        rows = self.conn.execute(
            "SELECT id, played_at, game, players, seed, setup, winners, moves, seconds, record_path, source,"
            f" assisted FROM games {where} ORDER BY played_at, id", args).fetchall()
        seats: dict[int, list[SeatEntry]] = {}
        for gid, kind, bot, name, side, score, sources in self.conn.execute(
                "SELECT game_id, kind, bot, name, side, score, sources FROM seats ORDER BY game_id, seat"):
            seats.setdefault(gid, []).append(SeatEntry(kind, bot, name, side, score, json.loads(sources)))
        out = []
        for gid, at, key, players, seed, setup, winners, moves, seconds, rpath, source, assisted in rows:
            won = json.loads(winners)
            sits = seats.get(gid, [])
            for p, s in enumerate(sits):
                s.won = p in won
            out.append(GameEntry(key, players, seed, json.loads(setup), sits, won, moves, seconds, bool(assisted),
                                 rpath, source, at, gid))
        return out


def read_games(game: str | None = None, path: Path | None = None,
               report: Callable[[str], None] = warn) -> list[GameEntry]:
    """The recorded games without creating a history where there is none (an empty list then)."""
    path = Path(path) if path is not None else default_path()
    if not path.exists():
        return []
    with History(path, report) as hist:
        return hist.games(game)


# ------------------------------------------------------------------ recording a finished game
def keep_record(rec: Record, folder: Path | None = None) -> Path:
    """A copy of a finished game's record in the user's logs folder (a name no other game has)."""
    folder = Path(folder) if folder is not None else paths.logs_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    path = folder / f"{rec.game}-{stamp}-{rec.seed}.jsonl"
    k = 1
    while path.exists():
        k += 1
        path = folder / f"{rec.game}-{stamp}-{rec.seed}-{k}.jsonl"
    rec.write(path)
    return path


def record_finished(rec: Record, state: Any, game: GameAdapter, *, source: str, seconds: float | None = None,
                    db_path: Path | None = None, logs: Path | None = None,
                    on_kept: Callable[[Path], None] | None = None) -> str | None:
    """Add a finished game to the history, with a copy of its record in the logs folder (``on_kept`` is
    told the copy's path as soon as it is written). Never raises for a history that cannot be written:
    None when recorded, else a one-line warning to show."""
    try:
        kept = keep_record(rec, logs)
        if on_kept is not None:
            on_kept(kept)
        entry = entry_of(rec, state, game, source=source, seconds=seconds, record_path=str(kept))
        with History(db_path) as hist:
            hist.add(entry)
            return hist.notice or None
    except (OSError, sqlite3.Error, HistoryError, ValueError, KeyError, TypeError, IndexError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return f"warning: this game was not added to your history ({reason})"


# ------------------------------------------------------------------ statistics
@dataclass
class Tally:
    """Games played and won, and the scores of the human seats in them."""

    played: int = 0
    won: int = 0
    scores: list[float] = field(default_factory=list)

    def count(self, won: bool, score: float | None) -> None:
        self.played += 1
        self.won += int(won)
        if score is not None:
            self.scores.append(score)

    def to_json(self) -> dict[str, Any]:
        rate = self.won / self.played if self.played else None
        interval = list(wilson(self.won, self.played)) if self.played >= MIN_GAMES_FOR_INTERVAL else None
        return {"played": self.played, "won": self.won, "win_rate": rate, "interval": interval,
                "average_score": sum(self.scores) / len(self.scores) if self.scores else None,
                "best_score": max(self.scores) if self.scores else None}


def game_line(entry: GameEntry) -> dict[str, Any]:
    """One past game for a list: when, who sat where, and how it ended."""
    if not entry.humans():
        result = "bots only"
    else:
        result = "won" if entry.human_won() else "lost"
    return {"id": entry.id, "played_at": entry.played_at, "players": entry.players,
            "seats": [s.who() for s in entry.seats], "scores": [s.score for s in entry.seats],
            "winners": entry.winners, "result": result, "score": entry.human_score(), "moves": entry.moves,
            "seconds": entry.seconds, "assisted": entry.assisted, "source": entry.source,
            "record": entry.record_path}


def empty_summary() -> dict[str, Any]:
    """The statistics of a game never played (the shape :func:`summarize` gives each game)."""
    return {"recorded": 0, **Tally().to_json(), "assisted": 0, "against": {}, "sides": {}, "games": []}


def summarize(entries: Sequence[GameEntry]) -> dict[str, dict[str, Any]]:
    """The statistics of each game key among ``entries``: the human seats' games and wins overall,
    against each bot level at the table, and by faction or mage; average and best score; every game."""
    out: dict[str, dict[str, Any]] = {}
    by_game: dict[str, list[GameEntry]] = {}
    for e in entries:
        by_game.setdefault(e.game, []).append(e)
    for key, games in by_game.items():
        overall = Tally()
        against: dict[str, Tally] = {}
        sides: dict[str, Tally] = {}
        for e in games:
            if not e.humans():
                continue
            won = e.human_won()
            overall.count(won, e.human_score())
            for level in dict.fromkeys(s.bot for s in e.seats if not s.human):
                against.setdefault(level, Tally()).count(won, e.human_score())
            for s in e.humans():
                sides.setdefault(s.side, Tally()).count(s.won, s.score)
        out[key] = {**empty_summary(), "recorded": len(games), **overall.to_json(),
                    "assisted": sum(1 for e in games if e.assisted and e.humans()),
                    "against": {k: t.to_json() for k, t in sorted(against.items())},
                    "sides": {k: t.to_json() for k, t in sorted(sides.items())},
                    "games": [game_line(e) for e in games]}
    return out
