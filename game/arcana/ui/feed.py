"""Res Arcana's move feed: the rivals' moves since the player's last decision stay until the player acts.

The shell's :class:`~game.shell.feed.MoveFeed` shows a line for ``hold`` seconds and then fades it. At a
table with a person playing, the bots' moves come while nobody watches the feed, and a player who looked at
their cards could find them gone by their turn (play-test: "I missed what the bots did"). Here a line named
while :attr:`KeptFeed.keeping` is on is *kept*: it neither ages nor drops out until :meth:`KeptFeed.release`
(the table calls it for the lines the player had in view at a decision when they act, and for all when
they click the feed away); then it fades as any line does. When more kept lines wait than the feed's
place shows, its top row says how many more there are and that the log has them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.shell import text as T
from game.shell import theme as TH
from game.shell.feed import FeedLine, MoveFeed

MOST_KEPT = 80  # kept lines beyond these are only counted in the log (a player away for a whole round)
# a line's strip: its padding and the gap to the next; the close spacing where the roomy one leaves kept lines
# out (four players: a round of three bots' moves did not fit, play-test s8)
SPACINGS = ((8, 4), (2, 1))


@dataclass
class KeptLine(FeedLine):
    kept: bool = False
    seen: bool = False  # shown (or counted on the top row) while the player had a decision to make


def earlier_words(n: int) -> str:
    """The feed's top row when ``n`` kept lines do not fit its place."""
    return f"{n} earlier {'move' if n == 1 else 'moves'} not shown: L opens the game log"


class KeptFeed(MoveFeed):
    """A move feed whose lines are kept while :attr:`keeping` (until :meth:`release`)."""

    def __init__(self, lines: int = 3, hold: float = 6.0, fade: float = 1.5) -> None:
        super().__init__(lines, hold, fade)
        self.keeping = False  # lines named now are kept until released
        self.drawn: pygame.Rect | None = None  # where the feed was drawn last (None: not drawn)
        self.dropped = 0  # kept lines dropped past MOST_KEPT (still counted as earlier ones)

    def kept(self) -> list[KeptLine]:
        return [ln for ln in self.lines if getattr(ln, "kept", False)]

    def add(self, text: str) -> None:
        self.lines.append(KeptLine(text, kept=self.keeping))
        newest = set(map(id, self.lines[-self.max_lines:]))
        self.lines = [ln for ln in self.lines if getattr(ln, "kept", False) or id(ln) in newest]
        over = len(self.lines) - MOST_KEPT
        if over > 0:
            self.dropped += over
            del self.lines[:over]

    def clear(self) -> None:
        super().clear()
        self.dropped = 0

    def mark_seen(self) -> None:
        """The player, at a decision, has the feed in view: every line in it is seen (the oldest kept ones
        perhaps only counted on its top row, which points to the log)."""
        for ln in self.lines:
            ln.seen = True

    def release(self, now: bool = False, seen_only: bool = False) -> None:
        """The kept lines (``seen_only``: those seen) age again: at once into their fade (``now``), else
        after a full ``hold``."""
        for ln in self.kept():
            if seen_only and not ln.seen:
                continue
            ln.kept = False
            ln.age = max(ln.age, self.hold) if now else 0.0
        self.dropped = 0

    def update(self, dt: float) -> None:
        for line in self.lines:
            if not getattr(line, "kept", False):
                line.age += dt
        self.lines = [ln for ln in self.lines if getattr(ln, "kept", False) or ln.age < self.hold + self.fade]

    def picture(self) -> tuple:
        return super().picture() + (self.dropped,)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The lines, newest at the bottom of ``rect``; when kept lines do not all fit, a top row says how many
        are left out and where they are. :attr:`drawn` is the box the lines took."""
        rect = pygame.Rect(rect)
        step = T.line_height(self.SIZE)
        lines, left_out, pad, gap = self._plan(rect)
        y = rect.bottom
        top = rect.bottom
        for line in reversed(lines):
            rows = T.wrap(line.text, rect.width - 20, self.SIZE)
            h = step * len(rows) + pad
            y -= h
            self._strip(surface, rect.x, y, rect.width, h, rows, "text", self.opacity(line), pad // 2)
            top = y
            y -= gap
        if left_out > 0:
            h = step + 8
            y -= h
            self._strip(surface, rect.x, y, rect.width, h, [earlier_words(left_out)], "text_dim", 1.0)
            top = y
        self.drawn = pygame.Rect(rect.x, top, rect.width, rect.bottom - top) if top < rect.bottom else None

    def left_out(self, rect: pygame.Rect) -> int:
        """How many kept lines the feed in ``rect`` would leave out (counted on its top row)."""
        return self._plan(rect)[1]

    def _plan(self, rect: pygame.Rect) -> tuple[list[FeedLine], int, int, int]:
        """The lines shown in ``rect`` (the newest), how many kept ones are left out, and the strips' padding
        and gap."""
        step = T.line_height(self.SIZE)
        kept = len(self.kept()) + self.dropped
        lines: list[FeedLine] = []
        left_out = pad = gap = 0
        for pad, gap in SPACINGS:  # roomy strips while every kept line fits so, else close ones
            heights = [step * len(T.wrap(ln.text, rect.width - 20, self.SIZE)) + pad for ln in self.lines]
            shown, room = 0, rect.height
            for k in range(len(self.lines) - 1, -1, -1):
                left_out = sum(1 for ln in self.lines[:k] if getattr(ln, "kept", False)) + self.dropped
                need = heights[k] + (step + 12 if left_out else 0)  # a top row for the rest, when any is left out
                if need > room:
                    break
                room -= heights[k] + gap
                shown += 1
            lines = self.lines[len(self.lines) - shown:]
            left_out = kept - sum(1 for ln in lines if getattr(ln, "kept", False))
            if not left_out:
                break
        return lines, left_out, pad, gap

    def _strip(self, surface: pygame.Surface, x: int, y: int, w: int, h: int, rows: list[str], colour: str,
               opacity: float, top: int = 4) -> None:
        step = T.line_height(self.SIZE)
        strip = pygame.Surface((w, h))
        strip.fill(TH.current().colour("slate_dark")[:3])  # opaque: nothing below shows through
        with T.registry.shifted(x, y):
            for k, row in enumerate(rows):
                T.draw_text(strip, row, (10, top + k * step), size=self.SIZE, colour=colour)
        strip.set_alpha(round(255 * opacity))
        surface.blit(strip, (x, y))
