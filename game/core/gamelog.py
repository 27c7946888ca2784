"""Game logs (JSON lines) and their replay.

A log is a header line, one line per action, and a result line::

    {"format": "realm-of-reckoning-log", "version": 1, "players": 3, "seed": 7,
     "factions": ["guilded", ...], "bots": ["rule", ...]}
    {"seat": 0, "action": {"type": "select", "card": "A07"}}
    ...
    {"result": {"scores": [51, 40, 38], "winner": 0}}

Replaying sets the game up from the header, applies every action through the
engine's checks, and compares the final scores and winner with the result line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.realm.engine import ReplayError, State, from_json, new_game, to_json
from game.realm.engine.errors import IllegalAction

FORMAT = "realm-of-reckoning-log"
VERSION = 1


class GameLog:
    """Collects a game's actions as they are applied."""

    def __init__(self, state: State, seed: int, bots: list[str] | None = None) -> None:
        c = state.c
        self.header: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "players": state.n,
            "seed": seed,
            "factions": [c.factions[f].id for f in state.factions],
            "bots": list(bots or []),
        }
        self.lines: list[dict[str, Any]] = []
        self.content = c

    def record(self, seat: int, action: tuple) -> None:
        self.lines.append({"seat": seat, "action": to_json(self.content, action)})

    def result(self, state: State) -> dict[str, Any]:
        return {"scores": state.score[:], "winner": state.winner, "age_scores": state.age_scores}

    def dumps(self, state: State | None = None) -> str:
        out = [json.dumps(self.header)]
        out.extend(json.dumps(line) for line in self.lines)
        if state is not None and state.is_terminal():
            out.append(json.dumps({"result": self.result(state)}))
        return "\n".join(out) + "\n"

    def write(self, path: Path, state: State | None = None) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.dumps(state), encoding="utf-8")


def read_log(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any] | None]:
    """Parse a log file; raise ReplayError with the file and line on any problem."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read the log ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise ReplayError(f"{path}: not a text file") from None
    rows = []
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append((no, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path}:{no}: not valid JSON ({exc.msg})") from None
    if not rows:
        raise ReplayError(f"{path}: the log is empty")
    no, header = rows[0]
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ReplayError(f"{path}:{no}: not a Realm of Reckoning game log (no '{FORMAT}' header)")
    if header.get("version") != VERSION:
        raise ReplayError(f"{path}:{no}: log version {header.get('version')!r} is not supported (expected {VERSION})")
    result = None
    actions = []
    for no, row in rows[1:]:
        if isinstance(row, dict) and "result" in row:
            result = row["result"]
        elif isinstance(row, dict) and "action" in row:
            row["_line"] = no
            actions.append(row)
        else:
            raise ReplayError(f"{path}:{no}: expected an action or a result line")
    return header, actions, result


def replay(path: Path) -> State:
    """Replay a log; raise ReplayError if it is corrupt or reaches another result."""
    header, actions, result = read_log(path)
    try:
        state = new_game(int(header["players"]), seed=int(header["seed"]), factions=header.get("factions"))
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"{path}:1: bad header ({exc})") from None
    for row in actions:
        no = row["_line"]
        if state.is_terminal():
            raise ReplayError(f"{path}:{no}: action after the end of the game")
        if row.get("seat") != state.to_move():
            raise ReplayError(f"{path}:{no}: seat {row.get('seat')} acts but seat {state.to_move()} is to move")
        try:
            state.apply(from_json(state.c, row["action"]))
        except IllegalAction as exc:
            raise ReplayError(f"{path}:{no}: {exc}") from None
    if result is not None:
        if not state.is_terminal():
            raise ReplayError(f"{path}: the log ends before the game does")
        if result.get("scores") != state.score or result.get("winner") != state.winner:
            raise ReplayError(f"{path}: replay reached scores {state.score} winner {state.winner}, "
                              f"the log says {result.get('scores')} winner {result.get('winner')}")
    return state
