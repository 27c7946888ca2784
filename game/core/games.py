"""The game registry and the adapter every game gives the shared core.

A game is a package beside the others (``game/realm``, ``game/arcana``) that builds one
:class:`GameAdapter` and registers it under a short key. The core (session, records, command
line, bench) and the window shell reach the game only through its adapter; they never import
the game's modules themselves.

Registration is lazy: ``register_game("realm", "game.realm.adapter:ADAPTER")`` names where the
adapter lives and nothing is imported until :func:`get_game` is asked for it, so the command
line starts fast and a game that fails to import does not stop the others.

The engine contract an adapter wraps (see ``ai/protocol.py`` for the bots' part):

- ``new_game(players, seed, **setup)`` sets up a game and runs it to the first decision;
  ``setup_of(state)`` returns the JSON-ready setup that recreates it with the same seed
  (e.g. the factions that were dealt at random), so a record is setup + actions.
- ``state.legal_actions()`` / ``state.apply(action)``: an illegal action raises
  :class:`game.core.errors.IllegalAction` and changes nothing.
- Every action has a JSON form: ``to_json(state, action)``, ``from_json(state, obj)`` (raises
  :class:`~game.core.errors.ActionFormatError`), and ``describe(state, action)`` in plain words.
- ``view(state, seat)`` is a JSON-ready dict of what that seat may know, and nothing more.
- **Presentation events.** ``state.events`` is ``None`` by default and in every copy, which
  costs nothing. A caller that wants to animate sets it to a list; the engine then appends one
  small JSON dict per thing that happened (``{"type": "tuck", "seat": 0, ...}``). The session
  collects and empties that list after every action.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class GameAdapter:
    """What a game gives the shared core and the window.

    ``hooks_path`` names the game's ``ai.registry.GameHooks`` (``"module:attr"``), so bots can be
    built in another process. ``ui_module`` names the game's window module, imported only when a
    window opens; it provides ``SetupScene(cfg, game)``, ``TableScene(cfg, session)``,
    ``draw_cover(surface, rect)``, and optionally ``BENCH_SETUP`` (the setup of the window bench's game).
    ``setup_flags`` are the game's own command-line options of ``simulate``
    (``{"factions": "comma-separated faction ids, one per seat"}``), parsed by
    ``parse_setup(name, text, players)`` into setup keyword arguments.
    """

    key: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    hooks_path: str
    new_game: Callable[..., Any]
    setup_of: Callable[[Any], dict[str, Any]]
    to_json: Callable[[Any, Any], dict[str, Any]]
    from_json: Callable[[Any, Any], Any]
    describe: Callable[[Any, Any], str]
    view: Callable[[Any, int], dict[str, Any]]
    result: Callable[[Any], dict[str, Any]]
    seat_names: Callable[[Any], list[str]]
    ui_module: str | None = None
    rules_id: str | None = None  # assets/<rules_id>/rules/rules.toml; the key when None
    setup_flags: dict[str, str] = field(default_factory=dict)
    parse_setup: Callable[[str, str, int], dict[str, Any]] | None = None
    upgrade_record: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None
    # A match of several games (optional): ``match_of(state)`` is a finished (or running) game's place
    # in its match, ``{"game": 2, "of": 3, "wins": [1.0, 0.0], "over": False, "winner": -1}`` after this
    # game's result is counted, or None when the game is not part of a match; ``next_in_match(state)`` is
    # the setup of the match's next game (same players, same seats), or once the match is decided the
    # first game of a new match; None outside a match.
    match_of: Callable[[Any], dict[str, Any] | None] | None = None
    next_in_match: Callable[[Any], dict[str, Any] | None] | None = None
    # Undo (optional): ``undo_step(state, events)`` says how one action bears on taking moves back, from the
    # events it caused and the position just after it: "own" (its mover may take it back while nobody
    # else has acted), "secret" (a sealed choice: the others learn only that it was made; it does not close
    # another seat's window) or "final" (a point of no return: another seat's open move, something new
    # revealed, chance resolved). None: every action is final, so undo is never offered in fair play.
    undo_step: Callable[[Any, list[dict[str, Any]]], str] | None = None
    # Words (optional, no pygame): ``narrate(state, event, names)`` is one event as a sentence (None: not
    # told) for the log, the history and the move feed, with the seats called ``names`` ("You" for the one
    # human); ``heading(event)`` names the part of the game an event begins ("Age 2, round 1"), else None.
    narrate: Callable[[Any, dict[str, Any], list[str]], str | None] | None = None
    heading: Callable[[dict[str, Any]], str | None] | None = None
    # ``fold(previous, event)``: ``event`` continues ``previous`` (the event behind the line told last), so
    # the two are told as one line, the returned event's, in place of the last (Res Arcana's gains in a row);
    # None: a line of its own. The shell replaces the line, in the log, the feed and the history alike.
    fold: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any] | None] | None = None
    # ``move_words(state, action, names)``: a move in plain words for the history when its events tell
    # nothing (only for the viewer's own or an open move); None: ``describe``.
    move_words: Callable[[Any, Any, list[str]], str] | None = None
    # ``told_with_next(state, action)``: a move that tells nothing of itself is told by its own seat's next
    # move (Res Arcana's choice of a card to put into play, told with its payment: "Druid puts Vault into
    # play for 1 Gold."), so the feed and the history do not name it a second time; None: never.
    told_with_next: Callable[[Any, Any], bool] | None = None
    # ``result_note(state)``: a finished game's one sentence under the final results, such as how a tie for
    # the most points was settled; None or "": nothing (kept out of ``result`` so old records still replay).
    result_note: Callable[[Any], str | None] | None = None
    # ``seat_colours(state)``: each seat's colour on the game's table, as RGB (Realm's faction colours, Res
    # Arcana's seat markers), so the shell's own drawings of the seats (the review's chart) speak in them;
    # None: the shell's palette.
    seat_colours: Callable[[Any], list[tuple[int, int, int]]] | None = None
    # ``review_room(players)``: where on the table (logical px: x, y, w, h) the review's panel may lie over a past
    # position, covering no player's board or cards (Realm's hand, Res Arcana's decision panel); None: the
    # right edge.
    review_room: Callable[[int], tuple[int, int, int, int]] | None = None
    # Rules revisions (optional): ``rules_revision`` is the revision of the game's engine that new records
    # are written for (a record says which one it was written for; none said: 1). ``fill_old_step(state,
    # revision)`` replays an older record: before each recorded action it returns an action the engine of
    # that revision made by itself but the current one asks for (None: nothing to fill), e.g. Realm's
    # payment made for the payer from a one-entry shortlist before revision 2.
    rules_revision: int = 1
    fill_old_step: Callable[[Any, int], Any | None] | None = None
    # Learn to play (optional): ``"module:attr"`` of the game's guided first game, a
    # ``game.shell.guide.GuideScript`` (imported only when the window offers it); None: no lesson.
    guide_path: str | None = None
    demo_seats: tuple[str, ...] = ("normal", "easy", "normal", "hard")
    default_players: int = 2
    _hooks: Any = field(default=None, init=False, repr=False)

    @property
    def hooks(self) -> Any:
        """The game's ``ai.registry.GameHooks`` (imported on first use)."""
        if self._hooks is None:
            from ai.registry import load_hooks

            self._hooks = load_hooks(self.hooks_path)
        return self._hooks

    def has_window(self) -> bool:
        """True when the game's window module is there (a game may be headless only for a while)."""
        if not self.ui_module:
            return False
        try:
            return importlib.util.find_spec(self.ui_module) is not None
        except ModuleNotFoundError:
            return False

    def ui(self) -> Any:
        """The game's window module."""
        if not self.ui_module:
            raise LookupError(f"{self.title} has no window")
        return importlib.import_module(self.ui_module)

    @property
    def rules_key(self) -> str:
        return self.rules_id or self.key

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players}-{self.max_players} players (got {players})")


_REGISTRY: dict[str, GameAdapter | str] = {}


def register_game(key: str, adapter: GameAdapter | str) -> None:
    """Register a game under ``key``: an adapter, or ``"module:attribute"`` where it lives."""
    if not key or not key.replace("_", "").isalnum() or key != key.lower():
        raise ValueError(f"game key {key!r} must be a lower-case word")
    _REGISTRY[key] = adapter


def unregister_game(key: str) -> None:
    _REGISTRY.pop(key, None)


def game_keys() -> list[str]:
    """The registered games' keys, in registration order."""
    return list(_REGISTRY)


def get_game(key: str) -> GameAdapter:
    """The adapter of game ``key``; ``ValueError`` (one line) for an unknown game."""
    entry = _REGISTRY.get(key)
    if entry is None:
        raise ValueError(f"unknown game {key!r} (games: {', '.join(_REGISTRY) or 'none'})")
    if isinstance(entry, str):
        mod, _, attr = entry.partition(":")
        obj = getattr(importlib.import_module(mod), attr or "ADAPTER")
        if not isinstance(obj, GameAdapter):
            raise TypeError(f"{entry} is a {type(obj).__name__}, not a GameAdapter")
        if obj.key != key:
            raise ValueError(f"{entry} registers as {key!r} but calls itself {obj.key!r}")
        _REGISTRY[key] = entry = obj
    return entry


def games() -> list[GameAdapter]:
    return [get_game(k) for k in game_keys()]
