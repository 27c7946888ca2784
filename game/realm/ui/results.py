"""Realm of Reckoning's results: the final scores, and the score after each age."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.session import GameSession
from game.shell.scene import WidgetScene
from game.shell.widgets import Button, Label

from . import look as L


class ResultsScene(WidgetScene):
    def __init__(self, cfg: Any, session: GameSession) -> None:
        super().__init__()
        self.cfg = cfg
        self.s = session
        st = session.state
        c = session.content
        self.add(Label("Final results", (0, 70, 1600, 50), size="title", display=True, align="center"))
        order = sorted(range(st.n), key=lambda p: -st.score[p])
        for rank, p in enumerate(order):
            f = c.factions[st.factions[p]].name
            ages = " / ".join(str(a[p]) for a in st.age_scores)
            mark = "  \u2605 winner" if p == st.winner else ""
            seat = session.seats[p]
            who = (seat.name or "human") if seat.human else f"{seat.bot} bot"
            self.add(Label(f"{rank + 1}. {f} ({who}): {st.score[p]} VP   (after each age: {ages}){mark}",
                           (0, 160 + rank * 44, 1600, 40), size="large", align="center"))
        self.add(Button("Title screen", (700, 520, 200, 50), self.done, shortcut=pygame.K_RETURN, style="primary"))
        self.chart = pygame.Rect(380, 590, 640, 260)

    def done(self) -> None:
        self.app.go_home()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        st = self.s.state
        r = self.chart
        pygame.draw.rect(surface, L.BG_PANEL, r, border_radius=8)
        if not st.age_scores:
            return
        hi = max(1, max(max(a) for a in st.age_scores))
        lo = min(0, min(min(a) for a in st.age_scores))
        for p in range(st.n):
            rgb = L.FACTION_RGB.get(st.c.factions[st.factions[p]].id, (200, 200, 200))
            pts = [(r.x + 40 + k * (r.w - 80) // 3, r.bottom - 20 - int((v - lo) / (hi - lo) * (r.h - 50)))
                   for k, v in enumerate([st.c.factions[st.factions[p]].score] + [a[p] for a in st.age_scores])]
            pygame.draw.lines(surface, rgb, False, pts, 3)
            for q in pts:
                pygame.draw.circle(surface, rgb, q, 5)
        for k, label in enumerate(("start", "age 1", "age 2", "age 3")):
            L.text(surface, label, (r.x + 40 + k * (r.w - 80) // 3, r.bottom - 4), 12, L.TEXT_DIM, anchor="midbottom")
        L.text(surface, "Score by age", (r.x + 12, r.y + 8), 13, L.GOLD, bold=True)
        L.text(surface, f"{hi} VP", (r.x + 12, r.y + 28), 11, L.TEXT_DIM)
        # the legend: colour, letter and name together (never colour alone)
        for k, p in enumerate(sorted(range(st.n), key=lambda q: -st.score[q])):
            fid = st.c.factions[st.factions[p]].id
            y = r.y + 18 + k * 30
            L.disc(surface, (r.right + 30, y + 8), 10, L.FACTION_RGB.get(fid, (200, 200, 200)),
                   L.FACTION_LETTER.get(fid, "?"))
            L.text(surface, f"{st.c.factions[st.factions[p]].name}  {st.score[p]}", (r.right + 48, y), 14, L.TEXT)
