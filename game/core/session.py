"""A game being played: seats (humans and bots), the bot worker, the record, saves.

This is the layer between a game's engine and the window, and it knows no particular game: it
reaches the engine through the game's adapter (:mod:`game.core.games`). It owns no pygame: the
window calls :meth:`GameSession.tick` every frame and :meth:`submit` when a person decides, and
reads :attr:`events` to animate what happened. Bots run in the worker of ``ai.worker`` and
their results come back through its queue; a bot that fails (or answers with an illegal move)
falls back to the game's fallback move.

A save is a record (:mod:`game.core.records`): the setup and every action so far. Loading
replays the actions through the engine, so a save can never hold an impossible state; every
seat's bot is built while loading, so a bad bot spec is refused then, not when that seat moves.

Undo rewinds the same way: :meth:`GameSession.rewind` sets the game up again and replays the record's
first actions, so nothing can drift. Which actions a seat may take back is the game's rule
(``GameAdapter.undo_step`` says, for each action, whether it is the mover's own, a sealed choice, or a
point of no return); :meth:`GameSession.undo_target` combines it: the fair rule, or, in a solo game's
learning mode, back across the bots' moves to the seat's previous decision (the game is then assisted).
A decision is one action, or the actions a window submits as one (:meth:`GameSession.one_decision`: a
click the engine asks in several steps), taken back together.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import IllegalAction, ReplayError
from .games import GameAdapter, game_keys, get_game
from .records import Record, SeatRecord, read_record, replay

STEP_OWN, STEP_SECRET, STEP_FINAL = "own", "secret", "final"  # what GameAdapter.undo_step answers


class SaveError(Exception):
    """A save file cannot be used; the message is one line naming the file."""


@dataclass
class Seat(SeatRecord):
    """A seat at the table: ``Seat("human")`` or ``Seat("bot", "hard")``."""

    kind: str = "human"
    bot: str = "normal"
    name: str = ""

    @property
    def human(self) -> bool:
        return self.kind == "human"


@dataclass
class SessionEvent:
    """An engine event with the index of the action that caused it."""

    action_index: int
    data: dict[str, Any]


def presets_of(cfg: Any) -> dict[str, dict[str, Any]]:
    """Bot presets from a loaded config, a preset dict, or (None) the bundled defaults."""
    if not cfg:
        from game.core.config import defaults

        return defaults()["bots"]["presets"]
    if hasattr(cfg, "bots"):
        return {k: dict(v) for k, v in cfg.bots.presets.items()}
    return dict(cfg)


def make_agent(game: GameAdapter | str, spec: str, cfg: Any = None) -> Any:
    """An agent for ``game`` from a spec (``random``, ``rule``, a preset, ``mcts:seconds=0.25``);
    ``ValueError`` with one line for a bad spec."""
    from ai.registry import make_agent as _make_agent

    g = get_game(game) if isinstance(game, str) else game
    return _make_agent(spec, presets_of(cfg), g.hooks)


def close_worker(owner: Any) -> None:
    """End the bot worker of ``owner`` (a session, a hint asker: anything with ``worker`` and ``job``): its
    search under way is cancelled, its thread and processes stop, and no job is waited for any more."""
    if owner.worker is not None:
        owner.worker.cancel()
        owner.worker.shutdown()
        owner.worker = None
    owner.job = None


def autosave_path(folder: Path, game: GameAdapter | str) -> Path:
    key = game if isinstance(game, str) else game.key
    return Path(folder) / f"autosave-{key}.jsonl"


@dataclass
class GameSession:
    players: int
    seats: list[Seat]
    seed: int
    setup: dict[str, Any] | None = None
    presets: dict[str, dict[str, Any]] = field(default_factory=dict)
    game: GameAdapter | str | None = None  # the adapter or its key; None: the first registered game
    state: Any = field(init=False)
    record: Record = field(init=False)
    events: list[SessionEvent] = field(default_factory=list)
    restored_events: int = field(default=0, init=False)  # events replayed from a save (not to animate)
    agents: dict[int, Any] = field(default_factory=dict, init=False)
    worker: Any = field(default=None, init=False)
    job: Any = field(default=None, init=False)
    bot_error: str | None = field(default=None, init=False)
    steps: list[str] = field(default_factory=list, init=False)  # each action's undo_step kind, as actions
    # the actions that continue the one before as one decision of their seat (see one_decision), by number
    joined: set[int] = field(default_factory=set, init=False)
    _positions: dict[int, Any] = field(default_factory=dict, init=False, repr=False)  # action count -> state
    # the move the hint showed at a position not yet played (action count -> its JSON form), for the record
    shown_hints: dict[int, dict[str, Any]] = field(default_factory=dict, init=False, repr=False)
    # the kept copy of the finished game's record (set as it goes into the history): its review is cached beside it
    record_path: Path | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        g = self.game if self.game is not None else game_keys()[0]
        self.game = get_game(g) if isinstance(g, str) else g
        self.game.check_players(self.players)
        if len(self.seats) != self.players:
            raise ValueError(f"{len(self.seats)} seats for {self.players} players")
        self.state = self.game.new_game(self.players, self.seed, **(self.setup or {}))
        self.setup = self.game.setup_of(self.state)
        self.record = Record(self.game.key, self.players, self.seed, self.setup,
                             [SeatRecord(s.kind, s.bot if not s.human else "", s.name) for s in self.seats])
        self.state.events = []
        self._collect()

    @property
    def adapter(self) -> GameAdapter:
        assert isinstance(self.game, GameAdapter)
        return self.game

    @property
    def actions(self) -> list[dict[str, Any]]:
        """Every action so far: ``{"seat": 0, "action": {...JSON form...}}``."""
        return self.record.actions

    def _decision_seed(self) -> int:
        """A bot's seed for the next decision: a function of the game, so a loaded save plays on the same."""
        return (self.seed * 1_000_003 + len(self.actions) * 7919) & ((1 << 62) - 1)

    # ------------------------------------------------------------ queries
    @property
    def content(self) -> Any:
        return getattr(self.state, "c", None)

    def to_move(self) -> int:
        return self.state.to_move()

    def is_over(self) -> bool:
        return bool(self.state.is_terminal())

    def human_to_move(self) -> bool:
        p = self.state.to_move()
        return p >= 0 and self.seats[p].human

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def view(self, seat: int) -> dict[str, Any]:
        return self.adapter.view(self.state, seat)

    def describe(self, action: Any) -> str:
        return self.adapter.describe(self.state, action)

    # ------------------------------------------------------------ actions
    def submit(self, action: Any) -> None:
        """Apply the action of the seat to move; IllegalAction leaves everything as it was."""
        seat = self.state.to_move()
        try:
            as_json = self.adapter.to_json(self.state, action)
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            raise IllegalAction(f"not an action of {self.adapter.title}: {action!r}"[:200]) from None
        self.state.apply(action)
        self.record.add(seat, as_json, self.shown_hints.pop(len(self.record.actions), None))
        self.steps.append(self._step_of(self.state, self.state.events or []))
        if self.state.is_terminal():
            self.record.result = self.result()
        self._collect()

    def _step_of(self, state: Any, events: list[dict[str, Any]]) -> str:
        """How the action just applied (its events, the position after it) bears on undo."""
        judge = self.adapter.undo_step
        return judge(state, events) if judge is not None else STEP_FINAL

    @contextlib.contextmanager
    def one_decision(self) -> Iterator[None]:
        """The actions submitted inside are one decision of their seat (one click that the engine asks as
        several steps, such as a whole collect): an undo takes them back together (:meth:`undo_target`)."""
        start = len(self.actions)
        try:
            yield
        finally:
            self.joined.update(k for k in range(start + 1, len(self.actions))
                               if self.actions[k]["seat"] == self.actions[k - 1]["seat"])

    def note_hint(self, action: Any) -> None:
        """The hint showed ``action`` to the seat to move here: the action played next carries it in the
        record (``hint``), so the review judges that move against what the player was shown."""
        self.shown_hints[len(self.record.actions)] = self.adapter.to_json(self.state, action)

    def submit_json(self, obj: Any) -> None:
        self.submit(self.adapter.from_json(self.state, obj))

    def _collect(self) -> None:
        evs = self.state.events or []
        k = len(self.actions)
        self.events.extend(SessionEvent(k, e) for e in evs)
        self.state.events = []

    # --------------------------------------------------------------- bots
    def agent_for(self, seat: int) -> Any:
        if seat not in self.agents:
            self.agents[seat] = make_agent(self.adapter, self.seats[seat].bot, self.presets)
        return self.agents[seat]

    def start_worker(self) -> None:
        if self.worker is None:
            import sys

            from ai.worker import BotWorker

            # a thinking bot holds the GIL for up to the switch interval at a time; 1 ms (not the
            # default 5 ms) lets the window's frame loop in quickly (docs/BENCHMARKS.md)
            sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
            self.worker = BotWorker()
            for seat, st in enumerate(self.seats):  # search processes start now, not at the first decision
                if not st.human:
                    self.worker.prepare(self.agent_for(seat))

    def _fallback(self, seat: int, legal: list[Any]) -> Any:
        fb = self.adapter.hooks.fallback
        return fb(self.state, seat, legal) if fb is not None else legal[0]

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
            self._submit_bot(p, self._decide_now(p, legal), legal)
            return True
        if self.job is None:
            # the bot gets a world dealt from its own seat's information: it cannot read
            # another hand even by mistake
            world = s.determinize(p, random.Random(self._decision_seed()))
            self.job = self.worker.submit(self.agent_for(p), world, p, legal,
                                          seed=self._decision_seed(), fallback=self.adapter.hooks.fallback)
            return False
        res = self.worker.poll()
        if res is None or res.job_id != self.job:
            return False
        self.job = None
        if res.error:
            self.bot_error = res.error
        self._submit_bot(p, res.action, legal)
        return True

    def _submit_bot(self, seat: int, action: Any, legal: list[Any]) -> None:
        try:
            self.submit(action)
        except IllegalAction as exc:  # a faulty bot: the game goes on with the fallback move
            self.bot_error = f"{self.seats[seat].bot} bot chose an illegal move ({exc})"
            self.submit(self._fallback(seat, legal))

    def bot_progress(self) -> tuple[float, int]:
        if self.worker is None or self.job is None:
            return (0.0, 0)
        return self.worker.progress(self.job)

    def _decide_now(self, p: int, legal: list[Any]) -> Any:
        agent = self.agent_for(p)
        world = self.state.determinize(p, random.Random(self._decision_seed()))
        return agent.decide(world, p, legal, random.Random(self._decision_seed()))

    def close(self) -> None:
        close_worker(self)

    # --------------------------------------------------------------- undo
    @property
    def assisted(self) -> bool:
        """True once a learning-mode undo went back past what the fair rule allows."""
        return self.record.assisted

    def undo_target(self, seat: int, learning: bool = False) -> int | None:
        """The action count that taking back ``seat``'s latest decision rewinds to, or None.

        Fair rule: the latest action of ``seat`` such that neither it nor anything after it is a point
        of no return and no other seat acted since in the open (another seat's sealed choice, such as
        a card selection before the reveal, does not count). Learning mode (solo games): the latest
        action of ``seat``, whatever came after it. Either way back to the start of that decision: the
        actions made with it as one (:meth:`one_decision`), as far as the rule allows."""
        for k in range(len(self.actions) - 1, -1, -1):
            mover, kind = self.actions[k]["seat"], self.steps[k]
            if learning:
                if mover == seat:
                    return self._decision_start(k, learning)
                continue
            if kind == STEP_FINAL:
                return None
            if mover == seat:
                return self._decision_start(k, learning)
            if kind != STEP_SECRET:
                return None
        return None

    def _decision_start(self, k: int, learning: bool) -> int:
        """The first action of the decision that action ``k`` belongs to, back across the actions joined to
        it; the fair rule stops after a point of no return among them."""
        while k in self.joined and (learning or self.steps[k - 1] != STEP_FINAL):
            k -= 1
        return k

    def undo(self, seat: int, learning: bool = False) -> bool:
        """Take back ``seat``'s latest decision (see :meth:`undo_target`); False when there is none.
        A learning-mode undo that the fair rule would not allow marks the game as assisted."""
        target = self.undo_target(seat, learning)
        if target is None:
            return False
        if learning and target != self.undo_target(seat):
            self.record.mark_assisted("learning")
        self.rewind(target)
        return True

    def rewind(self, count: int) -> None:
        """Go back to the position after the first ``count`` actions, by setting the game up again and
        replaying them; a bot's search under way is cancelled (its answer is never applied)."""
        if not 0 <= count <= len(self.actions):
            raise ValueError(f"cannot rewind to action {count} of {len(self.actions)}")
        if self.worker is not None:
            self.worker.cancel()
        self.job = None
        self.bot_error = None
        self.shown_hints.clear()  # hints shown at positions taken back (a kept line keeps its own)
        self._replay(Record(self.adapter.key, self.players, self.seed, dict(self.setup or {}), self.record.seats,
                            self.actions[:count]), "undo")
        self.record.result = None

    def _replay(self, rec: Record, where: str) -> None:
        """State, record actions, events and undo kinds from ``rec``'s setup and actions, each action checked
        and applied once (``records.replay``: ``ReplayError`` names a bad one, or a result line the replay
        does not reach)."""
        events: list[SessionEvent] = []
        steps: list[str] = []

        def note(state: Any) -> None:  # after each action: its undo kind and its events, by its number
            steps.append(self._step_of(state, state.events))
            events.extend(SessionEvent(len(steps), e) for e in state.events)
            state.events = []

        state = replay(rec, where, events=True, each=note)
        state.events = []
        self.state = state
        self.record.actions = list(rec.actions)  # an older revision's record: with what its engine filled in
        if self.state.is_terminal():
            self.record.result = self.result()
        self.events = events
        self.restored_events = len(events)
        self.steps = steps
        self.joined = {k for k in self.joined if k < len(rec.actions)}  # (none after a load: a save keeps none)
        self._positions = {k: st for k, st in self._positions.items() if k <= len(rec.actions)}

    def result(self) -> dict[str, Any]:
        """The game's result for its record (marked ``assisted`` when it was)."""
        out = dict(self.adapter.result(self.state))
        if self.record.assisted:
            out["assisted"] = True
        return out

    def position(self, count: int) -> Any:
        """A copy of the game as it was after its first ``count`` actions (for the history; the live
        game is untouched). Positions are kept as they are worked out, so stepping through is quick."""
        if not 0 <= count <= len(self.actions):
            raise ValueError(f"no position after {count} of {len(self.actions)} actions")
        start = max((k for k in self._positions if k <= count), default=-1)
        if start < 0:
            state = self.adapter.new_game(self.players, self.seed, **(self.setup or {}))
            start = 0
        else:
            state = self._positions[start].copy()
        for row in self.actions[start:count]:
            state.apply(self.adapter.from_json(state, row["action"]))
        self._positions[count] = state.copy()
        return state

    # --------------------------------------------------------------- saves
    def save(self, path: Path) -> None:
        """Write the record through a temporary file and a rename (``OSError`` on failure)."""
        self.record.write(Path(path))

    @classmethod
    def load(cls, path: Path, presets: dict[str, dict[str, Any]] | None = None) -> GameSession:
        """A session from a save (or a log); ``SaveError`` with one line naming the file."""
        try:
            rec = read_record(Path(path))
        except ReplayError as exc:
            raise SaveError(str(exc)) from None
        return cls.from_record(rec, str(path), presets)

    @classmethod
    def from_record(cls, rec: Record, where: str = "save",
                    presets: dict[str, dict[str, Any]] | None = None) -> GameSession:
        game = get_game(rec.game)
        seats = [Seat(s.kind, s.bot or "normal", s.name) for s in rec.seats]
        for i, seat in enumerate(seats):  # build every bot now: a bad spec is refused here
            if seat.human:
                continue
            try:
                make_agent(game, seat.bot, presets or None)
            except ValueError as exc:
                raise SaveError(f"{where}: seat {i + 1}: {exc}") from None
        try:
            sess = cls(rec.players, seats, rec.seed, rec.setup, presets or {}, game=game)
        except (TypeError, ValueError, KeyError) as exc:  # a setup the game refuses
            raise SaveError(f"{where}: bad setup ({exc})") from None
        sess.record = Record(rec.game, rec.players, rec.seed, sess.setup, rec.seats, [], rec.result,
                             assisted=rec.assisted, assisted_by=list(rec.assisted_by))
        try:
            sess._replay(rec, where)  # once: every action checked, its events and undo kind noted
        except ReplayError as exc:
            raise SaveError(str(exc)) from None
        if rec.result is not None:
            sess.record.result = rec.result
        return sess


def rule_bot_game(game: str, players: int, seed: int) -> Record:
    """A whole game of ``game`` with the rule bot (``normal``) on every seat, deal ``seed``, played here in this
    thread; its record. The same arguments give the same game (the measuring tools and the tests that need a
    finished game use it)."""
    sess = GameSession(players, [Seat("bot", "normal")] * players, seed, game=game)
    agent = sess.agent_for(0)
    rng = random.Random(seed)
    while not sess.is_over():
        legal = list(sess.state.legal_actions())
        sess.submit(agent.decide(sess.state.copy(), sess.to_move(), legal, rng) if len(legal) > 1 else legal[0])
    return sess.record
