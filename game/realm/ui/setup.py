"""Realm of Reckoning's new-game screen: players, who plays each seat (a person or a bot) and factions, and
how strong each bot level measured.

The seats of the last game started are remembered (``realm_last_setup.json`` in the user folder).
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pygame

from game.core import paths
from game.core.levels import measured_levels
from game.core.session import GameSession, Seat
from game.shell.scene import WidgetScene
from game.shell.settings import learning_option
from game.shell.textinput import TextInput
from game.shell.title import presets as _presets
from game.shell.widgets import Button, Choice, Label, draw_panel

from . import look as L

LAST_SETUP = "realm_last_setup.json"
LEVEL_NOTES_RECT = pygame.Rect(56, 682, 628, 120)  # left of Start and Back, under the seats' panel


def _load_last_setup() -> dict[str, Any]:
    """The seats of the last game started (players, kinds, factions), or {} when there is none."""
    try:
        data = json.loads((paths.user_data_dir() / LAST_SETUP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_last_setup(data: dict[str, Any]) -> None:
    """Written to a temporary file and renamed, so a crash never leaves half a file."""
    with contextlib.suppress(OSError):  # remembering the seats is a convenience: a read-only folder must not
        paths.write_text_atomic(paths.user_data_dir() / LAST_SETUP, json.dumps(data))  # stop the game


class SetupScene(WidgetScene):
    KINDS = ("human", "easy", "normal", "hard", "expert")
    KIND_LABELS = ("Human", "Bot: easy", "Bot: normal", "Bot: hard", "Bot: expert")
    FACTIONS = ("random", "guilded", "watchers", "archivists", "remnants", "veil_wardens")

    def __init__(self, cfg: Any, game: Any = None) -> None:
        super().__init__()
        self.cfg = cfg
        last = _load_last_setup()
        kinds = [k if k in self.KINDS else "normal" for k in last.get("kinds", [])]
        facs = [f if f in self.FACTIONS else "random" for f in last.get("factions", [])]
        players = last.get("players") if last.get("players") in (2, 3, 4, 5) else cfg.game.players
        self.add(Label("New game of Realm of Reckoning", (0, 100, 1600, 50), size="title", display=True,
                       align="center"))
        self.players = self.add(Choice((640, 180, 320, 44), [2, 3, 4, 5], index=players - 2,
                                       label="Players"))
        self.seat_choices = []
        faction_labels = ["Random faction"] + [f"{_FACTION_NAMES[f]} ({_FACTION_PILLAR[f]})"
                                               for f in self.FACTIONS[1:]]
        self.seat_labels = []
        self.names: list[TextInput] = []  # a human seat's name (pass-and-play): typed over "Player i"
        names = last.get("names", []) if isinstance(last.get("names"), list) else []
        for text, x in (("Seat", 340), ("Who plays", 520), ("Faction (home pillar)", 800)):  # column headers
            self.add(Label(text, (x, 226, 340, 20), size="small", colour="text_dim"))
        for i in range(5):
            y = 250 + i * 60
            self.seat_labels.append(self.add(Label(f"Player {i + 1}", (340, y + 10, 170, 30), size="body")))
            name = names[i] if i < len(names) and isinstance(names[i], str) else ""
            self.names.append(self.add(TextInput((340, y, 170, 44), name[:14], placeholder=f"Player {i + 1}",
                                                 max_len=14)))  # placeholder "Player i": type a name
            k = self.KINDS.index(kinds[i]) if i < len(kinds) else (0 if i == 0 else 2)
            # (no tip: one beside it would cover the name or the faction; the labels say it all)
            kind = self.add(Choice((520, y, 260, 44), list(self.KINDS), index=k, labels=list(self.KIND_LABELS)))
            f = self.FACTIONS.index(facs[i]) if i < len(facs) else 0
            fac = self.add(Choice((800, y, 400, 44), list(self.FACTIONS), index=f, labels=faction_labels,
                                  tooltip="The faction this player plays (and its home pillar)"))
            self.seat_choices.append((kind, fac))
        # the seats, the seed and learning mode on one panel (wide enough for what each faction starts with)
        self.panel = pygame.Rect(40, 150, 1520, 514)
        self.add(Label("Seed", (400, 560), size="body"))
        self.seed = self.add(TextInput((520, 550, 260, 44), str(cfg.game.seed or ""), placeholder="random",
                                       allowed="0123456789", max_len=9,
                                       tooltip="Optional: the same seed and seats deal the same game again"))
        self.add(Label("empty = a new deal each time", (800, 560), size="small", colour="text_dim"))
        # one setting for both games (it is the player's, and a game is marked assisted only where it was used),
        # offered where it applies: a game with one person at the screen
        self.learning = self.add(learning_option(cfg, (470, 608, 660, 40)))
        # Back left of Start, as on Res Arcana's setup (whose panel has no room to stack them)
        self.add(Button("Back", (700, 686, 200, 54), lambda: self.close(), shortcut=pygame.K_ESCAPE))
        self.add(Button("Start", (920, 686, 200, 54), self.start, shortcut=pygame.K_RETURN, style="primary"))
        self.level_notes = self._add_level_notes()

    def _add_level_notes(self) -> list[tuple[str, Label]]:
        """How each bot level fares against the one below, as the ladder measured it (#26): a note beside Start,
        where it covers nothing (a tooltip on the level choice covered the faction beside it). Each level's
        line as a label; none when the levels file is missing or damaged."""
        measured = measured_levels("realm", self.KINDS[1:])
        if not measured:
            return []
        box = LEVEL_NOTES_RECT
        y = box.y
        notes = []
        for level, words in [("", "Bot levels, measured in two-player games:"), *measured]:
            label = self.add(Label(words, (box.x, y, box.w, 0), size="small", colour="text_dim", wrap=True))
            y = label.rect.bottom + 2
            if level:
                notes.append((level, label))
        return notes

    def mark_centre(self, i: int) -> tuple[int, int]:
        """Where seat ``i``'s faction mark (its colour and letters) is drawn, beside the faction's name."""
        return (1226, 250 + i * 60 + 22)

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        draw_panel(surface, self.panel, fill="slate")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for i, (_kind, fac) in enumerate(self.seat_choices[:int(self.players.value)]):
            fid = fac.value
            x, y = self.mark_centre(i)
            if fid == "random":  # no colour yet: a grey mark, and what it means beside it (play-test s6 item 18:
                L.disc(surface, (x, y), 14, L.TEXT_DIM)  # a "?" there looked like help and did nothing)
                for k, line in enumerate(RANDOM_FACTION_WORDS):
                    L.text(surface, line, (x + 22, y - 17 + 17 * k), 13, L.TEXT_DIM)
                continue
            L.disc(surface, (x, y), 14, L.FACTION_RGB[fid], L.FACTION_LETTER[fid])
            for k, line in enumerate(faction_start(fid)):  # what the faction starts with
                L.text(surface, line, (x + 22, y - 17 + 17 * k), 13, L.TEXT_DIM)

    def update(self, dt: float) -> None:
        super().update(dt)
        n = int(self.players.value)
        for i, (label, name, (kind, fac)) in enumerate(zip(self.seat_labels, self.names, self.seat_choices)):
            kind.visible = fac.visible = i < n  # only the seats that play
            name.visible = i < n and kind.value == "human"  # a person may give a name; a bot is its level
            label.visible = i < n and not name.visible
        self.learning.visible = [kind.value for kind, _fac in self.seat_choices[:n]].count("human") == 1
        playing = {kind.value for kind, _fac in self.seat_choices[:n]}
        for level, label in self.level_notes:  # the levels at the table stand out
            label.colour = "text" if level in playing else "text_dim"

    def start(self) -> None:
        n = int(self.players.value)
        seats = []
        factions = []
        for (kind, fac), name in zip(self.seat_choices[:n], self.names):
            k = kind.value
            seats.append(Seat("human", name=name.value.strip()) if k == "human" else Seat("bot", k))
            factions.append(fac.value)
        chosen = [f for f in factions if f != "random"]
        if len(set(chosen)) != len(chosen):
            self.app.show_error("Each faction can be played by one player only.")
            return
        _save_last_setup({"players": n, "kinds": [k.value for k, _f in self.seat_choices],
                          "factions": [f.value for _k, f in self.seat_choices],
                          "names": [t.value.strip() for t in self.names]})
        seed = int(self.seed.value) if self.seed.value.strip() else random.randrange(1, 10**9)
        sess = GameSession(n, seats, seed, {"factions": factions}, presets=_presets(self.cfg), game="realm")
        from .table_scene import TableScene  # the table imports the results, which start a new game here

        self.app.replace(TableScene(self.cfg, sess))


RANDOM_FACTION_WORDS = ("a faction dealt at random as the game starts,",
                        "one no other seat has")


def faction_start(fid: str) -> list[str]:
    """What a faction starts with, in two short lines (its board, as the rulebook lists it)."""
    from ..engine import default_content

    c = default_content()
    f = c.factions[c.faction_index(fid)]
    influence = ", ".join(f"{c.pillar_names[pl]} {v}" for pl, v in enumerate(f.influence) if v)
    wardens = ", ".join(c.pillar_names[pl] for pl in f.wardens) or "none"  # one warden per entry
    return [f"influence {influence}; {f.coins} coins",
            f"{sum(f.acolytes)} acolytes on the board; warden{'s' if len(f.wardens) != 1 else ''}: {wardens}"]


_FACTION_NAMES = {"guilded": "The Guilded", "watchers": "The Watchers", "archivists": "The Archivists",
                  "remnants": "The Remnants", "veil_wardens": "The Veil Wardens"}
_FACTION_PILLAR = {"guilded": "Equity", "watchers": "Understanding", "archivists": "Guidance",
                   "remnants": "Dominion", "veil_wardens": "Radiance"}


