"""A new game of Res Arcana: 2-4 seats (a human or a bot preset), the setup, an optional seed."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.core.levels import level_tooltip
from game.core.session import GameSession, Seat
from game.shell.scene import WidgetScene
from game.shell.settings import learning_option
from game.shell.textinput import TextInput
from game.shell.title import presets as _presets
from game.shell.widgets import Button, Choice, Label, draw_panel

SETUPS = [("first_game", False, False), ("random", False, False), ("random", True, False), ("random", False, True)]
MATCH = 3  # the index of the match: two players only
SETUP_LABELS = ["First game (preset mages and hands)", "Random sides, deal 8 artifacts",
                "Random sides, draft the artifacts", "A match of three games (two players)"]
SETUP_NOTES = ["The places of power show their sun sides; each seat gets a fixed mage and three cards that "
               "play well together. Best for learning.",
               "Random sides; each seat is dealt 2 mages (keep one) and 8 artifacts (your deck; draw 3).",
               "Random sides; keep 1 card from a pack of 4 and pass the rest, twice round, then keep one of 2 mages.",
               "Best of three for two: you keep your mage; between games the loser picks who starts, "
               "and you take turns taking the first game's 16 artifacts."]
SETUP_TIPS = ("First game: the sun sides of the places of power, and each seat gets a fixed mage and hand "
              "that are good to learn with. Random: random sides, each seat is dealt 2 mages (keep 1) and 8 "
              "artifacts. Draft: instead of the deal, pick 1 card at a time from packs passed round the table. "
              "Match: two players play up to three games, keeping their mages and trading artifacts between games.")


LAST: dict[str, Any] = {}  # the last game started from this screen (players, seats, setup): offered again


class SetupScene(WidgetScene):
    def __init__(self, cfg: Any, game: Any = None) -> None:
        super().__init__()
        self.cfg = cfg
        self.game = game
        presets = _presets(cfg)
        self.kinds = ["human", *presets]
        # the words Realm's seats say: "Bot: normal"
        self.kind_labels = ["Human"] + [f"Bot: {str(p.get('label') or k).lower()}" for k, p in presets.items()]
        default_bot = cfg.bots.default if cfg.bots.default in presets else (list(presets) or ["human"])[0]
        self.add(Label("New game of Res Arcana", (0, 70, 1600, 50), size="title", display=True, align="center"))
        self.add(Label("Collect essences, put artifacts into play, claim monuments and places of power: "
                       "the first to reach 10 points when a round ends wins.", (0, 126, 1600, 30), size="body",
                       colour="text_dim", align="center"))
        self.panel = pygame.Rect(440, 170, 720, 660)
        self._match_left = False  # the match gave way to more players
        n0 = int(getattr(game, "default_players", 2) or 2)  # the config's player count is Realm's (2-5)
        self.players = self.add(Choice((640, 220, 320, 44), [2, 3, 4], index=n0 - 2, label="Players",
                                       tooltip="How many mages sit at the table (2 to 4)"))
        self.seat_labels: list[Label] = []
        self.seat_choices: list[Choice] = []
        for i in range(4):
            y = 282 + i * 54
            self.seat_labels.append(self.add(Label(f"Player {i + 1}", (500, y + 10), size="body")))
            idx = 0 if i == 0 else self.kinds.index(default_bot)
            self.seat_choices.append(self.add(Choice((640, y, 320, 44), self.kinds, index=idx,
                                                     labels=self.kind_labels,
                                                     tooltip=level_tooltip(
                                                         "arcana", self.kinds,
                                                         "A person at this screen, or a bot of that strength "
                                                         "(hard and expert bots search; they think longer)"))))
        # the chooser and its note sit high enough that a two-line note keeps clear of the Seed row
        self.setup = self.add(Choice((480, 522, 640, 44), list(range(len(SETUPS))), index=0, labels=SETUP_LABELS,
                                     label="Setup", tooltip=SETUP_TIPS))
        if LAST:  # the screen remembers the last game's table while the program runs
            self.players.select(LAST["players"] - 2)
            for choice, kind in zip(self.seat_choices, LAST["seats"]):
                if kind in self.kinds:
                    choice.select(self.kinds.index(kind))
            self.setup.select(LAST["setup"])
        self.note = self.add(Label(SETUP_NOTES[0], (490, 574, 620, 0), size="small", colour="text_dim", wrap=True))
        self.add(Label("Seed", (500, 660), size="body"))
        self.seed = self.add(TextInput((640, 650, 200, 44), str(cfg.game.seed or ""), placeholder="random",
                                       allowed="0123456789", max_len=9,
                                       tooltip="Optional: the same seed and seats deal the same game again"))
        self.add(Label("empty = a new deal", (856, 662), size="small", colour="text_dim"))
        # one setting for both games (it is the player's, and a game is marked assisted only where it was used),
        # offered where it applies: a game with one person at the screen
        self.learning = self.add(learning_option(cfg, (470, 706, 660, 40)))
        self.add(Button("Back", (590, 764, 200, 50), lambda: self.close(), shortcut=pygame.K_ESCAPE,
                        tooltip="Back to the title screen"))
        self.add(Button("Start", (810, 764, 200, 50), self.start, shortcut=pygame.K_RETURN, style="primary",
                        tooltip="Sit down at the table"))

    def update(self, dt: float) -> None:
        super().update(dt)
        # a match is for two: choosing it sits two players; choosing more players gives it way to the
        # random deal, and going back to two brings it back
        n = int(self.players.value)
        last = getattr(self, "_last", (n, self.setup.value))
        if self.setup.value == MATCH and n != 2:
            if last[1] != MATCH:
                self.players.select(0)
            else:
                self.setup.select(1)
                self._match_left = True
        elif n == 2 and last[0] != 2 and self._match_left and self.setup.value == 1:
            self.setup.select(MATCH)
        if self.setup.value != 1:
            self._match_left = False
        self._last = (int(self.players.value), self.setup.value)
        n = int(self.players.value)
        for i, (label, kind) in enumerate(zip(self.seat_labels, self.seat_choices)):
            label.visible = kind.visible = i < n
        self.learning.visible = [c.value for c in self.seat_choices[:n]].count("human") == 1
        note = SETUP_NOTES[self.setup.value]
        if self.note.text != note:
            self.note.rect.h = 0
            self.note.set_text(note)

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        draw_panel(surface, self.panel, fill="slate")

    def session(self) -> GameSession:
        n = int(self.players.value)
        seats = [Seat("human") if c.value == "human" else Seat("bot", c.value) for c in self.seat_choices[:n]]
        preset, draft, match = SETUPS[self.setup.value]
        seed = int(self.seed.value) if self.seed.value.strip() else random.randrange(1, 10**9)
        setup: dict[str, Any] = {"preset": preset, "draft": draft}
        if match:
            setup["match"] = {"game": 1, "wins": [0, 0]}
        return GameSession(n, seats, seed, setup, presets=_presets(self.cfg), game="arcana")

    def start(self) -> None:
        from .table import TableScene

        try:
            sess = self.session()
        except ValueError as exc:
            self.app.show_error(str(exc))
            return
        LAST.update(players=sess.players, seats=[c.value for c in self.seat_choices], setup=self.setup.value)
        self.app.replace(TableScene(self.cfg, sess))
