"""A game being played: seats (humans and bots), the bot worker, the log, saves.

This is the layer between the engine and the window. It owns no pygame: the
window calls :meth:`GameSession.tick` every frame and :meth:`submit` when a
person decides, and reads :attr:`events` to animate what happened. Bots run in
the worker thread of ``ai.worker`` and their results come back through its
queue; a bot that fails falls back to the rule-based move.

Saves are JSON: the game's setup and every action so far. Loading replays the
actions through the engine, so a save can never hold an impossible state.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.realm.engine import IllegalAction, ReplayError, State, from_json, new_game, to_json

SAVE_FORMAT = "realm-of-reckoning-save"
SAVE_VERSION = 1


class SaveError(Exception):
    """A save file cannot be used; the message is one line naming the file."""


@dataclass
class Seat:
    kind: str = "human"  # "human" or "bot"
    bot: str = "normal"  # bot spec (a preset name or "rule", "random", "mcts:...")
    name: str = ""

    @property
    def human(self) -> bool:
        return self.kind == "human"


@dataclass
class SessionEvent:
    """An engine event with the index of the action that caused it."""

    action_index: int
    data: dict[str, Any]


@dataclass
class GameSession:
    players: int
    seats: list[Seat]
    seed: int
    factions: list[str] | None = None
    presets: dict[str, dict[str, Any]] = field(default_factory=dict)
    state: State = field(init=False)
    actions: list[dict[str, Any]] = field(default_factory=list)
    events: list[SessionEvent] = field(default_factory=list)
    agents: dict[int, Any] = field(default_factory=dict, init=False)
    worker: Any = field(default=None, init=False)
    job: Any = field(default=None, init=False)
    bot_error: str | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        if len(self.seats) != self.players:
            raise ValueError(f"{len(self.seats)} seats for {self.players} players")
        self.state = new_game(self.players, seed=self.seed, factions=self.factions)
        self.factions = [self.state.c.factions[f].id for f in self.state.factions]
        self.state.events = []
        self._collect()

    def _decision_seed(self) -> int:
        """A bot's seed for the next decision: a function of the game, so a loaded save plays on the same."""
        return (self.seed * 1_000_003 + len(self.actions) * 7919) & ((1 << 62) - 1)

    # ------------------------------------------------------------ queries
    @property
    def content(self) -> Any:
        return self.state.c

    def to_move(self) -> int:
        return self.state.to_move()

    def human_to_move(self) -> bool:
        p = self.state.to_move()
        return p >= 0 and self.seats[p].human

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def view(self, seat: int) -> dict[str, Any]:
        return self.state.view(seat)

    def legal(self) -> list[tuple]:
        return self.state.legal_actions()

    # ------------------------------------------------------------ actions
    def submit(self, action: tuple) -> None:
        """Apply the action of the seat to move; IllegalAction leaves everything as it was."""
        seat = self.state.to_move()
        self.state.apply(action)
        self.actions.append({"seat": seat, "action": to_json(self.state.c, action)})
        self._collect()

    def submit_json(self, obj: Any) -> None:
        self.submit(from_json(self.state.c, obj))

    def _collect(self) -> None:
        evs = self.state.events or []
        k = len(self.actions)
        self.events.extend(SessionEvent(k, e) for e in evs)
        self.state.events = []

    # --------------------------------------------------------------- bots
    def agent_for(self, seat: int) -> Any:
        if seat not in self.agents:
            from game.realm.hooks import make_agent

            self.agents[seat] = make_agent(self.seats[seat].bot, self.presets)
        return self.agents[seat]

    def start_worker(self) -> None:
        if self.worker is None:
            import sys

            from ai.worker import BotWorker

            # a thinking bot holds the GIL for up to the switch interval at a time; 1 ms (not the
            # default 5 ms) lets the window's frame loop in quickly (docs/BENCHMARKS.md)
            sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
            self.worker = BotWorker()

    def tick(self) -> bool:
        """Advance bots: start a decision or apply a finished one. True when something changed."""
        s = self.state
        if s.is_terminal():
            return False
        p = s.to_move()
        if self.seats[p].human:
            return False
        legal = s.legal_actions()
        if len(legal) == 1:  # no search for a forced move
            self.submit(legal[0])
            return True
        if self.worker is None:  # synchronous (tests, terminal)
            self.submit(self._decide_now(p, legal))
            return True
        if self.job is None:
            from game.realm.hooks import fallback_move

            self.job = self.worker.submit(self.agent_for(p), s.copy(), p, legal,
                                          seed=self._decision_seed(), fallback=fallback_move)
            return False
        res = self.worker.poll()
        if res is None or res.job_id != self.job:
            return False
        self.job = None
        if res.error:
            self.bot_error = res.error
        self.submit(res.action)
        return True

    def bot_progress(self) -> tuple[float, int]:
        if self.worker is None or self.job is None:
            return (0.0, 0)
        return self.worker.progress(self.job)

    def _decide_now(self, p: int, legal: list[tuple]) -> tuple:
        agent = self.agent_for(p)
        return agent.decide(self.state, p, legal, random.Random(self._decision_seed()))

    def close(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.worker.shutdown()
            self.worker = None
            self.job = None

    # --------------------------------------------------------------- saves
    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "players": self.players,
            "seed": self.seed,
            "factions": self.factions,
            "seats": [{"kind": s.kind, "bot": s.bot, "name": s.name} for s in self.seats],
            "actions": self.actions,
        }

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_save()), encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path, presets: dict[str, dict[str, Any]] | None = None) -> GameSession:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise SaveError(f"{path}: cannot read the save ({exc.strerror})") from None
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise SaveError(f"{path}: not a save file (not valid JSON)") from None
        return cls.from_save(data, str(path), presets)

    @classmethod
    def from_save(cls, data: Any, where: str = "save", presets: dict[str, Any] | None = None) -> GameSession:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"{where}: not a Realm of Reckoning save")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"{where}: save version {data.get('version')!r} is not supported (expected {SAVE_VERSION})")
        try:
            seats = [Seat(str(s["kind"]), str(s.get("bot", "normal")), str(s.get("name", ""))) for s in data["seats"]]
            sess = cls(int(data["players"]), seats, int(data["seed"]), list(data["factions"]), presets or {})
            for i, row in enumerate(data["actions"]):
                if row.get("seat") != sess.state.to_move():
                    raise SaveError(f"{where}: action {i + 1} is by seat {row.get('seat')}, "
                                    f"but seat {sess.state.to_move()} is to move")
                sess.submit_json(row["action"])
        except SaveError:
            raise
        except IllegalAction as exc:
            raise SaveError(f"{where}: action {len(sess.actions) + 1}: {exc}") from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"{where}: damaged save ({exc.__class__.__name__}: {exc})") from None
        sess.events.clear()
        return sess


def check_save(path: Path) -> None:
    """Raise SaveError unless ``path`` loads (used by the title screen's Continue)."""
    try:
        GameSession.load(path)
    except ReplayError as exc:  # pragma: no cover - defensive
        raise SaveError(str(exc)) from None
