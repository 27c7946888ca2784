"""The move feed: a few lines on the table naming each move as it happens, fading after a while.

:class:`~game.shell.table.TableBase` adds to it every line it tells in the log (the same words, from the
game's one place that turns an event into a sentence) and draws it where the game's table says
(``feed_rect``). A line stays readable for ``hold`` seconds, then fades over ``fade`` seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import text as T
from . import theme as TH


@dataclass
class FeedLine:
    text: str
    age: float = 0.0


class MoveFeed:
    """The newest ``lines`` moves, each shown for ``hold`` seconds and then faded out over ``fade``."""

    SIZE = "small"

    def __init__(self, lines: int = 3, hold: float = 6.0, fade: float = 1.5) -> None:
        self.lines: list[FeedLine] = []
        self.max_lines = lines
        self.hold = hold
        self.fade = fade

    def add(self, text: str) -> None:
        self.lines.append(FeedLine(text))
        del self.lines[:-self.max_lines]

    def replace_last(self, text: str) -> None:
        """The newest line grew (a table merged an event into its line, e.g. gains in a row): say it again
        in its place, fresh, rather than as one more line."""
        if self.lines:
            self.lines.pop()
        self.add(text)

    def clear(self) -> None:
        self.lines.clear()

    def update(self, dt: float) -> None:
        for line in self.lines:
            line.age += dt
        self.lines = [ln for ln in self.lines if ln.age < self.hold + self.fade]

    def opacity(self, line: FeedLine) -> float:
        """1 while the line is fresh, then down to 0 as it fades."""
        return max(0.0, min(1.0, 1.0 - (line.age - self.hold) / self.fade))

    def picture(self) -> tuple:
        """What the feed's picture depends on (its lines and their opacity in eighths)."""
        return tuple((ln.text, round(8 * self.opacity(ln))) for ln in self.lines)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The lines, newest at the bottom of ``rect``, each on its own dark strip; a long line wraps."""
        rect = pygame.Rect(rect)
        y = rect.bottom
        step = T.line_height(self.SIZE)
        for line in reversed(self.lines):
            rows = T.wrap(line.text, rect.width - 20, self.SIZE)
            h = step * len(rows) + 8
            if y - h < rect.top:
                break
            y -= h
            strip = pygame.Surface((rect.width, h))
            strip.fill(TH.current().colour("slate_dark")[:3])  # opaque: nothing below shows through
            with T.registry.shifted(rect.x, y):
                for k, row in enumerate(rows):
                    T.draw_text(strip, row, (10, 4 + k * step), size=self.SIZE, colour="text")
            strip.set_alpha(round(255 * self.opacity(line)))
            surface.blit(strip, (rect.x, y))
            y -= 4
