"""One record format for saves and game logs: a game's setup and every action, as JSON lines.

A record is a header line, one line per action, and (once the game is over) a result line::

    {"format": "game-record", "version": 2, "game": "realm", "players": 3, "seed": 7,
     "setup": {"factions": ["guilded", "watchers", "remnants"]},
     "seats": [{"kind": "human", "bot": "", "name": ""}, {"kind": "bot", "bot": "hard", "name": ""}, ...]}
    {"seat": 0, "action": {"type": "select", "card": "A07"}}
    {"seat": 1, "action": {"type": "bid", "amount": 4}, "hint": {"type": "bid", "amount": 5}}
    ...
    {"result": {"scores": [51, 40, 38], "winner": 0}}

An action's line may carry the move the hint had shown its seat there (``hint``, in the same JSON form):
the review then judges the move against that hint, the one the player saw. A replay ignores it.

A save is a record of a game in progress; a log is a record of a finished one. Loading either
sets the game up from the header and applies every action through the engine's checks, so a
record can never hold an impossible state, and a result line is checked against the replay.

Everything is validated on reading: whole numbers must be JSON integers (``5.9`` or ``1e400``
is not a seed), a seed is 0 to ``MAX_SEED`` (2**63 - 1: a signed 64-bit integer, which every JSON
reader that keeps integers exact can hold), no number may have more than ``MAX_DIGITS`` digits
(far above any field's range, and below the least digit limit Python may be set to, so a huge
number is an error message, not a crash), sizes are bounded, a caller that expects one game
(Continue on a game's autosave) is refused another game's record, and every problem is one line
naming the file and line (:class:`~game.core.errors.ReplayError`). Records are written through
a temporary file, flushed to disk, and renamed over the old one, so a crash never leaves half a file.
Records written before version 2 (Realm of Reckoning's own log and save formats) are
upgraded by the game's adapter when it recognises them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.paths import write_text_atomic

from .errors import IllegalAction, ReplayError
from .games import GameAdapter, game_keys, get_game

FORMAT = "game-record"
VERSION = 2
MAX_SEED = 2**63 - 1
MAX_DIGITS = 100  # the longest number a record may hold (a seed has at most 19 digits)
MAX_ACTIONS = 1_000_000
SEAT_KINDS = ("human", "bot")


@dataclass
class SeatRecord:
    kind: str = "human"  # "human" or "bot"
    bot: str = ""  # the bot's spec (a preset name, "rule", "mcts:seconds=0.5", ...)
    name: str = ""

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "bot": self.bot, "name": self.name}


# what can make a game assisted (Record.assisted_by), and how the results screen says it
ASSISTED_BY = {"hints": "you asked for hints", "learning": "moves were taken back in learning mode",
               "lesson": "it was a guided lesson"}


def assisted_reasons(value: Any) -> list[str]:
    """A header's ``assisted_by`` as a list of known reasons (anything else is dropped)."""
    if not isinstance(value, list):
        return []
    return [r for r in dict.fromkeys(v for v in value if isinstance(v, str)) if r in ASSISTED_BY]


def assisted_words(record: Record) -> str:
    """The line the results screen shows of an assisted game: exactly what made it so (play-test t1: "moves taken
    back in learning mode" was said of a game with hints and fair undos only); a record that did not keep why
    names both ways a game becomes assisted."""
    reasons = [ASSISTED_BY[r] for r in record.assisted_by if r in ASSISTED_BY]
    if not reasons:
        return "An assisted game: hints were asked for or moves taken back in learning mode"
    said = reasons[0] if len(reasons) == 1 else ", ".join(reasons[:-1]) + " and " + reasons[-1]
    return f"An assisted game: {said}"


@dataclass
class Record:
    game: str
    players: int
    seed: int
    setup: dict[str, Any]
    seats: list[SeatRecord]
    actions: list[dict[str, Any]] = field(default_factory=list)  # {"seat": 0, "action": {...}}
    result: dict[str, Any] | None = None
    lines: list[int] = field(default_factory=list, repr=False)  # the file line of each action, when read
    assisted: bool = False  # a hint was shown, a learning-mode undo went past the fair rule, or a lesson
    # what made it assisted, in the order it first happened (ASSISTED_BY's keys); empty for a record from before
    # it was kept (then only ``assisted`` says so)
    assisted_by: list[str] = field(default_factory=list)
    rules: int | None = None  # the game's rules revision it was written for (None: the current one)

    def __post_init__(self) -> None:
        if self.rules is None:
            try:
                self.rules = get_game(self.game).rules_revision
            except (KeyError, ValueError):
                self.rules = 1

    def header(self) -> dict[str, Any]:
        head = {"format": FORMAT, "version": VERSION, "game": self.game, "players": self.players, "seed": self.seed,
                "setup": self.setup, "seats": [s.to_json() for s in self.seats]}
        if self.rules and self.rules > 1:  # only then: a first-revision header is as it always was
            head["rules"] = self.rules
        if self.assisted:  # only then: a fair game's header is as it always was
            head["assisted"] = True
            if self.assisted_by:
                head["assisted_by"] = list(self.assisted_by)
        return head

    def mark_assisted(self, reason: str) -> None:
        """The game is assisted, by ``reason`` (a key of :data:`ASSISTED_BY`)."""
        self.assisted = True
        if reason not in self.assisted_by:
            self.assisted_by.append(reason)

    def add(self, seat: int, action: dict[str, Any], hint: dict[str, Any] | None = None) -> None:
        """One action's line; ``hint``: the move the hint showed its seat at that position (the review judges
        the move against it)."""
        row: dict[str, Any] = {"seat": seat, "action": action}
        if hint is not None:
            row["hint"] = hint
        self.actions.append(row)

    def dumps(self) -> str:
        out = [json.dumps(self.header())]
        out.extend(json.dumps(row) for row in self.actions)
        if self.result is not None:
            out.append(json.dumps({"result": self.result}))
        return "\n".join(out) + "\n"

    def write(self, path: Path) -> None:
        write_text_atomic(Path(path), self.dumps())


# ---------------------------------------------------------------- reading
def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if type(value) is not int:
        raise ValueError(f"{what} must be a whole number (got {json.dumps(value)[:40]})")
    if not lo <= value <= hi:
        raise ValueError(f"{what} must be {lo} to {hi} (got {value})")
    return value


def _text(value: Any, what: str, limit: int = 200) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text (got {json.dumps(value)[:40]})")
    if len(value) > limit:
        raise ValueError(f"{what} is longer than {limit} characters")
    return value


def parse_header(obj: Any) -> tuple[GameAdapter, int, int, dict[str, Any], list[SeatRecord]]:
    """Validate a version-2 header; ``ValueError`` naming the field."""
    if not isinstance(obj, dict):
        raise ValueError("the header is not an object")
    key = obj.get("game")
    if not isinstance(key, str) or key not in game_keys():
        raise ValueError(f"unknown game {key!r} (games: {', '.join(game_keys())})")
    game = get_game(key)
    players = _int(obj.get("players"), "players", game.min_players, game.max_players)
    seed = _int(obj.get("seed"), "seed", 0, MAX_SEED)
    setup = obj.get("setup", {})
    if not isinstance(setup, dict):
        raise ValueError("setup must be an object")
    raw = obj.get("seats")
    if not isinstance(raw, list) or len(raw) != players:
        raise ValueError(f"seats must be a list of {players} seats")
    seats = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict):
            raise ValueError(f"seat {i + 1} is not an object")
        kind = _text(s.get("kind"), f"seat {i + 1} kind")
        if kind not in SEAT_KINDS:
            raise ValueError(f"seat {i + 1} kind must be human or bot (got {kind!r})")
        bot = _text(s.get("bot", ""), f"seat {i + 1} bot")
        if kind == "bot" and not bot.strip():
            raise ValueError(f"seat {i + 1} is a bot with no bot spec")
        seats.append(SeatRecord(kind, bot, _text(s.get("name", ""), f"seat {i + 1} name", 40)))
    return game, players, seed, setup, seats


class _NumberTooLong(Exception):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _parse_int(text: str) -> int:
    """A JSON integer, refused before conversion when it is longer than any record needs."""
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise _NumberTooLong(digits)
    return int(text)


_KEYED_NUMBER = re.compile(rf'"([^"\\]{{1,40}})"\s*:\s*-?\d{{{MAX_DIGITS + 1},}}')


def _too_long(text: str, digits: int) -> str:
    """What is wrong with a line holding a number of ``digits`` digits, naming its key when it has one."""
    keyed = _KEYED_NUMBER.search(text)
    what = f"{keyed.group(1)} is a number" if keyed else "a number"
    return f"{what} of {digits} digits (a record's numbers have at most {MAX_DIGITS})"


def _loads(text: str, where: str) -> Any:
    try:
        return json.loads(text, parse_int=_parse_int)
    except _NumberTooLong as exc:
        raise ReplayError(f"{where}: {_too_long(text, exc.digits)}") from None
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{where}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise ReplayError(f"{where}: JSON nested too deeply") from None


def _upgrade(obj: Any) -> dict[str, Any] | None:
    """An older record's header (or whole save) upgraded by the game that recognises it."""
    if not isinstance(obj, dict):
        return None
    for key in game_keys():
        up = get_game(key).upgrade_record
        if up is not None:
            new = up(obj)
            if new is not None:
                return new
    return None


def read_record(path: Path, game_key: str | None = None) -> Record:
    """Read and validate a record (a save or a log); ``ReplayError`` naming file and line.

    ``game_key``: the key of the only game the caller can open (a game's Continue); a record of
    another game is refused rather than handed to the wrong table."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except IsADirectoryError:
        raise ReplayError(f"{path}: is a folder, not a record") from None
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ReplayError(f"{path}: not a text file") from None
    rows = [(no, line) for no, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not rows:
        raise ReplayError(f"{path}: the file is empty")
    first_no, first_line = rows[0]
    head = _loads(first_line, f"{path}:{first_no}") if len(rows) > 1 else _loads(text, str(path))
    if isinstance(head, dict) and head.get("format") == FORMAT:
        if head.get("version") != VERSION:
            raise ReplayError(f"{path}:{first_no}: record version {head.get('version')!r} is not supported "
                              f"(this edition reads version {VERSION})")
        upgraded = None
    else:
        upgraded = _upgrade(head)
        if upgraded is None:
            fmt = head.get("format") if isinstance(head, dict) else None
            raise ReplayError(f"{path}:{first_no}: not a game record"
                              + (f" (format {fmt!r})" if isinstance(fmt, str) else ""))
        if "_error" in upgraded:
            raise ReplayError(f"{path}:{first_no}: {upgraded['_error']}")
        head = upgraded
    try:
        game, players, seed, setup, seats = parse_header(head)
    except ValueError as exc:
        raise ReplayError(f"{path}:{first_no}: {exc}") from None
    if game_key is not None and game.key != game_key:
        raise ReplayError(f"{path}:{first_no}: a record of {game.title}, not of {get_game(game_key).title}")
    try:
        rules = _int(head.get("rules", 1), "rules", 1, game.rules_revision)
    except ValueError as exc:
        raise ReplayError(f"{path}:{first_no}: {exc} (this edition plays {game.title}'s rules revision "
                          f"{game.rules_revision} and older)") from None
    rec = Record(game.key, players, seed, setup, seats, assisted=head.get("assisted") is True, rules=rules,
                 assisted_by=assisted_reasons(head.get("assisted_by")))
    body: list[tuple[int, Any]] = []
    if upgraded is not None and "actions" in upgraded:  # an old single-document save
        acts = upgraded["actions"]
        if not isinstance(acts, list):
            raise ReplayError(f"{path}: actions must be a list")
        body = [(first_no, row) for row in acts]
        if "result" in upgraded:
            body.append((first_no, {"result": upgraded["result"]}))
    else:
        body = [(no, _loads(line, f"{path}:{no}")) for no, line in rows[1:]]
    if len(body) > MAX_ACTIONS:
        raise ReplayError(f"{path}: more than {MAX_ACTIONS} lines")
    for no, row in body:
        if rec.result is not None:
            raise ReplayError(f"{path}:{no}: a line after the result")
        if isinstance(row, dict) and set(row) == {"result"}:
            if not isinstance(row["result"], dict):
                raise ReplayError(f"{path}:{no}: the result must be an object")
            rec.result = row["result"]
        elif isinstance(row, dict) and "action" in row:
            seat = row.get("seat")
            if type(seat) is not int or not 0 <= seat < players:
                raise ReplayError(f"{path}:{no}: seat must be a whole number from 0 to {players - 1}")
            entry = {"seat": seat, "action": row["action"]}
            if isinstance(row.get("hint"), dict):  # the move the hint showed (kept for the review)
                entry["hint"] = row["hint"]
            rec.actions.append(entry)
            rec.lines.append(no)
        else:
            raise ReplayError(f"{path}:{no}: expected an action or a result line")
    return rec


def replay(rec: Record, where: str = "record", *, events: bool = False,
           each: Callable[[Any], None] | None = None) -> Any:
    """Set the game up from ``rec`` and apply every action; the final state.

    Raises ``ReplayError`` (one line naming the place) when an action is illegal, out of turn or
    after the end, or when a result line disagrees with the replay. ``events``: collect the
    engine's presentation events in ``state.events`` while replaying. A record of an older rules
    revision of its game (header ``rules``) has what that revision's engine did by itself filled in
    (the adapter's ``fill_old_step``), and ``rec`` is then updated to today's revision in place.
    ``each(state)`` is called after every action applied, a filled-in one too (a session notes each action's
    events there)."""
    game = get_game(rec.game)
    try:
        state = game.new_game(rec.players, rec.seed, **rec.setup)
    except (TypeError, ValueError, KeyError) as exc:
        raise ReplayError(f"{where}: bad setup ({exc})") from None
    if events:
        state.events = []
    fill = game.fill_old_step if rec.rules is not None and rec.rules < game.rules_revision else None
    filled: list[dict[str, Any]] = []  # the record's actions with what an older engine did by itself
    for i, row in enumerate(rec.actions):
        at = f"{where}:{rec.lines[i]}" if i < len(rec.lines) else f"{where}: action {i + 1}"
        if fill is not None:
            filled += _fill_old_steps(game, state, fill, rec.rules, each)
            filled.append(row)
        if state.is_terminal():
            raise ReplayError(f"{at}: action after the end of the game")
        if row["seat"] != state.to_move():
            raise ReplayError(f"{at}: seat {row['seat']} acts but seat {state.to_move()} is to move")
        try:
            state.apply(game.from_json(state, row["action"]))
        except IllegalAction as exc:
            raise ReplayError(f"{at}: {exc}") from None
        except RecursionError:
            raise ReplayError(f"{at}: action nested too deeply") from None
        if each is not None:
            each(state)
    if fill is not None:
        filled += _fill_old_steps(game, state, fill, rec.rules, each)
        rec.actions, rec.lines, rec.rules = filled, [], game.rules_revision  # now a record of today's rules
    if rec.result is not None:
        if not state.is_terminal():
            raise ReplayError(f"{where}: the record ends before the game does")
        want = game.result(state)
        got = {k: rec.result.get(k) for k in want}
        if got != want:
            raise ReplayError(f"{where}: replay reached {json.dumps(want)}, the record says {json.dumps(got)}")
    return state


def _fill_old_steps(game: GameAdapter, state: Any, fill: Callable[[Any, int], Any | None],
                    revision: int, each: Callable[[Any], None] | None = None) -> list[dict[str, Any]]:
    """Apply what an older revision's engine did by itself at this point; those actions as record rows."""
    rows = []
    while not state.is_terminal():
        action = fill(state, revision)
        if action is None:
            break
        rows.append({"seat": state.to_move(), "action": game.to_json(state, action)})
        state.apply(action)
        if each is not None:
            each(state)
    return rows


def seats_from_specs(specs: Sequence[str]) -> list[SeatRecord]:
    """Bot seats for a headless game (``simulate``)."""
    return [SeatRecord("bot", s) for s in specs]
