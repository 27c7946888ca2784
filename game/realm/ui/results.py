"""Realm of Reckoning's results: each player's points by source, the game's turning points, the
score after each age, and the way on (play again with the same seats, or the title screen)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.session import GameSession
from game.shell.review import open_review
from game.shell.scene import WidgetScene
from game.shell.table import final_table_button, play_again
from game.shell.widgets import Button, Label

from . import look as L


@dataclass
class Breakdown:
    """One seat's points by source, from the game's events."""

    start: int = 0
    monuments: list[int] = field(default_factory=lambda: [0, 0, 0])  # per age
    by_monument: list[dict[int, int]] = field(default_factory=lambda: [{}, {}, {}])  # per age: space -> points
    rows: int = 0  # VP gained from reckoning reward rows
    penalties: int = 0  # VP lost (last places, what could not be paid)

    @property
    def total(self) -> int:
        return self.start + sum(self.monuments) + self.rows + self.penalties


def breakdown(c: Any, factions: list[int], events: list[dict[str, Any]]) -> list[Breakdown]:
    """Every seat's points by source (``factions``: the seats' faction indices)."""
    out = [Breakdown(start=c.factions[f].score) for f in factions]
    for d in events:
        t = d["type"]
        if t == "vp" and d.get("seat", -1) >= 0:
            b = out[d["seat"]]
            if d["amount"] >= 0:
                b.rows += d["amount"]
            else:
                b.penalties += d["amount"]
        elif t == "age_scored":
            age = min(max(d.get("age", 1), 1), 3) - 1
            for g in d["gains"]:
                for p, b in enumerate(out):
                    b.monuments[age] += g[1 + p]
                    if g[1 + p]:
                        b.by_monument[age][g[0]] = b.by_monument[age].get(g[0], 0) + g[1 + p]
    return out


def turning_points(c: Any, events: list[dict[str, Any]], start: list[int], who: Any, limit: int = 6) -> list[str]:
    """The moments the game turned, in the order they happened: every change of the lead (a seat that only
    drew level is said to have: play-test t1 read "took the lead with 19 VP" of a tie at 19), each age's big
    scorings (a seat's monuments at the end of an age, 10 VP or more either way, and single rewards or
    penalties of 10 or more) while there is room, the largest of each age first so that no age that had one
    is left out (the tester's age 3, which decided the game, had none listed). The lead is read once each
    reckoning is over, never between two of its payments."""
    score = list(start)
    n = len(score)

    def leaders() -> list[int]:
        best = max(score)
        return [p for p in range(n) if score[p] == best]

    lead = leaders()
    found: list[tuple[int, int, int, str]] = []  # (when, age, weight, line)
    inside = False  # within a reckoning: its payments are one change
    for when, d in enumerate(events):
        t = d["type"]
        age = d.get("age", 0)
        if t == "reckoning":
            inside = True
        elif t == "reckoning_end":
            inside = False
        elif t == "vp" and d.get("seat", -1) >= 0:
            pts = d["amount"]
            score[d["seat"]] += pts
            if abs(pts) >= 10:
                why = "a reckoning's reward" if pts > 0 else "a penalty"
                found.append((when, age, abs(pts), f"Age {age}: {who(d['seat'])} {_signed(pts)} VP from {why}"))
        elif t == "age_scored":
            for p in range(n):
                pts = sum(g[1 + p] for g in d["gains"])
                score[p] += pts
                if abs(pts) >= 10:
                    found.append((when, age, abs(pts), f"Age {age}: {who(p)} {_signed(pts)} VP from the monuments"))
        else:
            continue
        if inside:
            continue
        now = leaders()
        if now != lead:
            if len(now) == 1:
                found.append((when, age, 1000, f"Age {age}: {who(now[0])} took the lead with {score[now[0]]} VP"))
            else:
                new = [p for p in now if p not in lead]
                if new:
                    found.append((when, age, 1000, f"Age {age}: {' and '.join(who(p) for p in new)} drew level for "
                                  f"the lead at {score[now[0]]} VP"))
            lead = now
    ages = sorted({f[1] for f in found})
    keep: list[int] = []
    for age in ages:  # each age's largest first, the latest of equals (a later change of the lead decides more)
        keep.append(max((k for k in range(len(found)) if found[k][1] == age), key=lambda k: (found[k][2], k)))
    rest = sorted((k for k in range(len(found)) if k not in keep), key=lambda k: (-found[k][2], -k))
    keep = (keep + rest)[:limit]
    return [found[k][3] for k in sorted(keep)]  # in the order they happened


def _signed(pts: int) -> str:
    return f"+{pts}" if pts > 0 else f"\u2212{-pts}"


def seat_words(session: GameSession, p: int) -> str:
    """Who played seat ``p``: "You" (the one person in a solo game), a name, or "hard bot"."""
    seat = session.seats[p]
    if seat.human:
        if len(session.humans()) == 1:
            return "You"
        return seat.name or f"Player {p + 1}"
    return f"{seat.bot} bot"


CHARTS_BOTTOM = 720  # the foot of the chart and the turning points; the buttons under them


class ResultsScene(WidgetScene):
    key_delay = 0.8  # an Enter that ended the game does not also start the next one
    TABLE = pygame.Rect(200, 140, 1200, 40)  # the breakdown's header row; a row per seat below
    COLS = ("Start", "Age 1", "Age 2", "Age 3", "Rewards", "Penalties", "Total")

    def __init__(self, cfg: Any, session: GameSession) -> None:
        super().__init__()
        self.cfg = cfg
        self.s = session
        st = session.state
        c = session.content
        self.events = [ev.data for ev in session.events]
        self.parts = breakdown(c, list(st.factions), self.events)
        self.order = sorted(range(st.n), key=lambda p: -st.score[p])
        self.add(Label("Final results", (0, 60, 1600, 50), size="title", display=True, align="center"))
        names = [self.name(p) for p in range(st.n)]
        self.points = turning_points(c, self.events, [b.start for b in self.parts], lambda p: names[p])
        # the chart and the turning points just under the score table (play-test t1: a wide empty band lay
        # between them), down to the buttons
        top = self.cell_rect(st.n - 1, -1).bottom + 36
        self.chart = pygame.Rect(200, top, 560, CHARTS_BOTTOM - top)
        self.turns = pygame.Rect(820, top, 580, CHARTS_BOTTOM - top)
        by = self.chart.bottom + 24
        self.add(Button("Play again", (600, by, 200, 50), self.again, shortcut=pygame.K_RETURN, style="primary",
                        tooltip="The same players and seats, a new deal"))
        self.add(final_table_button(self, (380, by, 200, 50)))
        self.add(Button("Title screen", (820, by, 200, 50), self.done, shortcut=pygame.K_ESCAPE))
        self.add(Button("Review", (1040, by, 200, 50), lambda: open_review(self, self.cfg, self.s),
                        shortcut=pygame.K_r, tooltip="Step through the game with the bot's eye: win chances, "
                        "key moments"))

    def name(self, p: int) -> str:
        st = self.s.state
        return f"{self.s.content.factions[st.factions[p]].name} ({seat_words(self.s, p)})"

    def done(self) -> None:
        self.app.go_home()

    def again(self) -> None:
        """A new game with the same seats: the same players, bots and factions, a new deal."""
        play_again(self, self.cfg, self.s)

    # ------------------------------------------------------------------ the breakdown
    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        """Row -1 is the header; column -1 the player's name."""
        t = self.TABLE
        name_w = 420
        w = (t.w - name_w) // len(self.COLS)
        y = t.y + (row + 1) * 40
        if col < 0:
            return pygame.Rect(t.x, y, name_w, 36)
        return pygame.Rect(t.x + name_w + col * w, y, w, 36)

    def cells(self, p: int) -> list[int]:
        b = self.parts[p]
        return [b.start, *b.monuments, b.rows, b.penalties, self.s.state.score[p]]

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        c = self.s.content
        for row, p in enumerate(self.order):
            for age in range(3):
                if self.cell_rect(row, 1 + age).collidepoint(pos):
                    got = self.parts[p].by_monument[age]
                    if not got:
                        return f"No monument scored for {self.name(p)} at the end of age {age + 1}."
                    return f"Monuments at the end of age {age + 1}: " + ", ".join(
                        f"{c.spaces[sp].name} {v:+d}" for sp, v in sorted(got.items(), key=lambda x: -abs(x[1])))
        return super().tooltip_at(pos)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        st = self.s.state
        for k, col in enumerate(self.COLS):
            r = self.cell_rect(-1, k)
            with L.box(r):
                L.text(surface, col, (r.centerx, r.bottom - 6), 14, L.TEXT_DIM, anchor="midbottom")
        r = self.cell_rect(-1, -1)
        L.text(surface, "Ages: the monuments scored then (hover a cell for each one)",
               (r.x, r.bottom - 6), 13, L.TEXT_DIM, anchor="bottomleft")
        for row, p in enumerate(self.order):
            fid = self.s.content.factions[st.factions[p]].id
            nr = self.cell_rect(row, -1)
            pygame.draw.rect(surface, L.BG_PANEL_HI if row == 0 else L.BG_PANEL,
                             (nr.x, nr.y, self.TABLE.w, nr.h), border_radius=6)
            with L.box(nr):
                L.disc(surface, (nr.x + 20, nr.centery), 12, L.FACTION_RGB.get(fid, (200, 200, 200)),
                       L.FACTION_LETTER.get(fid, "?"))
                mark = "  \u2605 winner" if p == st.winner else ""
                L.whole(surface, f"{row + 1}. {self.name(p)}{mark}", pygame.Rect(nr.x + 40, nr.y, nr.w - 44, nr.h),
                        16, L.GOLD if p == st.winner else L.TEXT, bold=row == 0)
            for k, v in enumerate(self.cells(p)):
                cr = self.cell_rect(row, k)
                with L.box(cr):
                    last = k == len(self.COLS) - 1
                    txt = str(v) if last or k == 0 else (f"{v:+d}" if v else "\u2013")
                    L.text(surface, txt, cr.center, 20 if last else 16,
                           L.GOLD if last else (L.BAD if v < 0 else L.TEXT), bold=last, anchor="center")
        self._draw_chart(surface)
        self._draw_turns(surface)

    def _draw_turns(self, surface: pygame.Surface) -> None:
        r = self.turns
        pygame.draw.rect(surface, L.BG_PANEL, r, border_radius=8)
        with L.box(r):
            L.text(surface, "Turning points", (r.x + 12, r.y + 8), 13, L.GOLD, bold=True)
            y = r.y + 36
            for line in self.points or ["A steady game: nobody ever overtook the leader."]:
                for part in L.wrap(line, r.w - 24, 14):  # a long line takes two, never cut
                    L.text(surface, part, (r.x + 12, y), 14, L.TEXT)
                    y += L.line_height(14)
                y += 26 - L.line_height(14)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        st = self.s.state
        c = self.s.content
        r = self.chart
        pygame.draw.rect(surface, L.BG_PANEL, r, border_radius=8)
        if not st.age_scores:
            return
        starts = [c.factions[st.factions[p]].score for p in range(st.n)]
        hi = max(1, max(max(a) for a in st.age_scores), max(starts))
        lo = min(0, min(min(a) for a in st.age_scores))
        plot = pygame.Rect(r.x + 40, r.y + 50, r.w - 80, r.h - 80)
        ends: list[tuple[tuple[int, int], tuple, str]] = []  # each line's end, colour and letter
        for p in range(st.n):
            fid = c.factions[st.factions[p]].id
            rgb = L.FACTION_RGB.get(fid, (200, 200, 200))
            values = [starts[p]] + [a[p] for a in st.age_scores]
            pts = [(plot.x + k * plot.w // 3, plot.bottom - int((v - lo) / (hi - lo) * plot.h))
                   for k, v in enumerate(values)]
            pygame.draw.lines(surface, rgb, False, pts, 3)
            for q in pts:
                pygame.draw.circle(surface, rgb, q, 5)
            ends.append((pts[-1], rgb, L.FACTION_LETTER.get(fid, "?")))
        for ((x, _y), rgb, letter), y in zip(ends, spread([e[0][1] for e in ends], 24, plot.y, plot.bottom)):
            pygame.draw.line(surface, rgb, (x + 5, _y), (x + 8, y), 2)  # a leader from the line's end to its mark
            L.disc(surface, (x + 18, y), 10, rgb, letter)  # never colour alone; marks never overlap
        with L.box(r):
            for k, label in enumerate(("start", "age 1", "age 2", "age 3")):
                L.text(surface, label, (plot.x + k * plot.w // 3, r.bottom - 6), 13, L.TEXT_DIM, anchor="midbottom")
            L.text(surface, "Score by age", (r.x + 12, r.y + 8), 13, L.GOLD, bold=True)
            L.text(surface, f"{hi} VP", (r.x + 12, r.y + 28), 13, L.TEXT_DIM)


def spread(ys: list[int], gap: int, top: int, bottom: int) -> list[int]:
    """Heights near ``ys`` (in the same order) at least ``gap`` apart and within ``top``..``bottom`` as far as
    the room allows: the chart's end marks, which sat on each other where two lines ended level."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    out = [0] * len(ys)
    y = top - gap
    for i in order:  # downwards: each at least a gap below the one above
        y = max(ys[i], y + gap)
        out[i] = y
    y = bottom + gap
    for i in reversed(order):  # then up again where the last ran past the bottom
        y = min(out[i], y - gap)
        out[i] = y
    return out
