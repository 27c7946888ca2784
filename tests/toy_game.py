"""A toy second game registered only by the tests: Goofspiel (from ``tests.ai_toys``) with an adapter
and a minimal window, to prove that the core, the shell and ``ai`` host any game unchanged."""

from __future__ import annotations

import random
from typing import Any

import pygame

from ai.registry import GameHooks
from game.core.errors import ActionFormatError, IllegalAction
from game.core.games import GameAdapter
from game.core.session import GameSession, Seat
from game.shell.scene import WidgetScene
from game.shell.widgets import Button, Label

from .ai_toys import Goofspiel, goof_greedy


class ToyGoofspiel(Goofspiel):
    """Goofspiel whose illegal actions raise the core's ``IllegalAction``."""

    events: list[dict[str, Any]] | None = None

    def apply(self, action: int) -> None:
        if type(action) is not int or action not in self.legal_actions():
            raise IllegalAction(f"seat {self.turn} cannot bid {action!r}")
        prize = self.prize
        super().apply_unchecked(action)
        if self.events is not None:
            self.events.append({"type": "bid", "prize": prize})

    def copy(self) -> ToyGoofspiel:
        s = super().copy()
        s.events = None
        return s

    def view(self, seat: int) -> dict[str, Any]:
        return {"prize": self.prize, "score": self.score[:], "hand": [v for v in range(1, self.cards + 1)
                                                                      if self.hands[seat] >> (v - 1) & 1]}


def _from_json(state: Any, obj: Any) -> int:
    if not isinstance(obj, dict) or type(obj.get("bid")) is not int:
        raise ActionFormatError(f"not a Goofspiel action: {obj!r}")
    return obj["bid"]


def _fallback(state: Any, seat: int, legal: Any) -> int:
    return min(legal)


HOOKS = GameHooks(name="goofspiel", new_game=lambda players, seed: ToyGoofspiel(players, 6, seed),
                  rollout_policies={"greedy": goof_greedy}, fallback=_fallback)

ADAPTER = GameAdapter(
    key="goofspiel",
    title="Goofspiel",
    tagline="sealed bids for prizes",
    min_players=2,
    max_players=4,
    hooks_path="tests.toy_game:HOOKS",
    new_game=lambda players, seed, **setup: ToyGoofspiel(players, 6, seed),
    setup_of=lambda state: {},
    to_json=lambda state, action: {"bid": action},
    from_json=_from_json,
    describe=lambda state, action: f"bid {action}",
    view=lambda state, seat: state.view(seat),
    result=lambda state: {"scores": state.score[:], "winner": state.returns().index(max(state.returns()))},
    seat_names=lambda state: [f"Player {i + 1}" for i in range(state.n)],
    ui_module="tests.toy_game",
)


# ------------------------------------------------------------------ the toy's window module
class Home(WidgetScene):
    """Stands in for the title screen in tests of the shell's flow."""


class SetupScene(WidgetScene):
    def __init__(self, cfg: Any, game: GameAdapter) -> None:
        super().__init__()
        self.cfg = cfg
        self.add(Button("Start", (700, 400, 200, 50), self.start))

    def start(self) -> None:
        sess = GameSession(2, [Seat("human"), Seat("bot", "mcts:iterations=20")], random.randrange(1, 99),
                           game="goofspiel")
        self.app.replace(TableScene(self.cfg, sess))


class TableScene(WidgetScene):
    def __init__(self, cfg: Any, session: GameSession) -> None:
        super().__init__()
        self.cfg = cfg
        self.s = session
        self.prize = self.add(Label("", (0, 100, 1600, 40), align="center"))
        self.bids: list[Button] = []

    def on_enter(self) -> None:
        self.s.start_worker()

    def on_exit(self) -> None:
        self.s.close()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.s.tick()
        if self.s.is_over():
            if not any(b.text == "Title screen" for b in self.bids):
                self._clear()
                self.bids.append(self.add(Button("Title screen", (700, 400, 200, 50), self.app.go_home)))
            return
        view = self.s.view(0)
        self.prize.text = f"Prize {view['prize']}; scores {view['score']}"
        hand = view["hand"] if self.s.human_to_move() else []
        if [b.text for b in self.bids] != [f"Bid {v}" for v in hand]:
            self._clear()
            for i, v in enumerate(hand):
                self.bids.append(self.add(Button(f"Bid {v}", (400 + i * 130, 300, 120, 50),
                                                 lambda v=v: self.s.submit(v))))

    def _clear(self) -> None:
        for b in self.bids:
            self.root.remove(b)
        self.bids = []


def draw_cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, (90, 60, 120), rect, border_radius=10)


# ------------------------------------------------------------------ a table on the shell's TableBase
from game.shell.table import TableBase  # noqa: E402


class BaseTable(TableBase):
    """The toy's table built on the shared flow: bids are buttons, previewed before they count."""

    def __init__(self, cfg: Any, session: GameSession) -> None:
        self.buttons: list[Button] = []
        super().__init__(cfg, session)

    def narrate(self, event: dict[str, Any]) -> str | None:
        return f"Someone bid for prize {event['prize']}" if event.get("type") == "bid" else None

    def round_key(self) -> Any:
        return self.s.state.round

    def rebuild(self) -> None:
        self.buttons = []
        if not self.my_turn:
            return
        for i, v in enumerate(self.s.state.legal_actions()):
            self.buttons.append(Button(f"Bid {v}", (400 + i * 130, 300, 120, 50), lambda v=v: self.choose(v)))
        if self.pending is not None:
            self.buttons.append(Button("Confirm", (700, 400, 200, 50), self.confirm))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        return any(b.handle_event(event) for b in list(self.buttons))

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.fill((20, 20, 30))
        if self.viewer >= 0:
            from game.shell.text import draw_text

            draw_text(surface, f"hand {self.view()['hand']}", (40, 40))
        for b in self.buttons:
            b.draw(surface)
        self.draw_log(surface)
