"""The cards a match's player has taken, as a row of name chips under the pool: every name whole.

A row of eight long names does not fit at the chips' usual size, so the row steps down, never cutting a
name: first the usual size on one line, then the least size a player must read (13 px) on one line, then,
at that size, the widest names take two lines (split between whole words), one name at a time, until the
row fits. The table draws what :func:`chip_row` says.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.shell import text as T
from game.shell import theme as TH

CHIP_SIZE = "tiny"  # the chips' usual size (14 px)
CHIP_GAP = 6  # between two chips of a row
ROOMY_PAD = 16  # the text's room inside a chip (left and right together) at the usual size ...
TIGHT_PAD = 12  # ... and at the least size, once the row is crowded
CHIP_INK = (250, 240, 220)


@dataclass(frozen=True)
class Chip:
    """One taken card's chip: its name's lines and its width (text and padding)."""

    lines: tuple[str, ...]
    width: int


def _width(lines: tuple[str, ...], px: int) -> int:
    return max(T.text_size(line, px, bold=True)[0] for line in lines)


def _two_lines(name: str, px: int) -> tuple[str, ...]:
    """``name`` on the two lines that make it narrowest, split between whole words; one line if it is
    one word."""
    words = name.split(" ")
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    return min(splits, key=lambda pair: _width(pair, px), default=(name,))


def _row_width(chips: list[Chip]) -> int:
    return sum(c.width for c in chips) + CHIP_GAP * max(0, len(chips) - 1)


def chip_row(names: list[str], room: int) -> tuple[int, list[Chip]]:
    """The text size (px) and the chips that show ``names`` whole in a row ``room`` pixels wide (see the
    module's note). Beyond any real row (room for fewer than eight two-line names) the chips run past it."""
    usual = TH.current().size(CHIP_SIZE)
    least = min(usual, T.LEAST_SIZE)
    for px, pad in ((usual, ROOMY_PAD), (least, TIGHT_PAD)):
        chips = [Chip((n,), _width((n,), px) + pad) for n in names]
        if _row_width(chips) <= room:
            return px, chips
    for i in sorted(range(len(names)), key=lambda k: -chips[k].width):  # the widest names first
        if _row_width(chips) <= room:
            break
        lines = _two_lines(names[i], least)
        chips[i] = Chip(lines, _width(lines, least) + TIGHT_PAD)
    return least, chips


def chip_height(chips: list[Chip], px: int) -> int:
    """How tall the row's chips are: one line of text at ``px`` with room around it, or two lines."""
    lines = max((len(c.lines) for c in chips), default=1)
    return T.line_height(px, bold=True) * lines + (9 if lines == 1 else 4)


def draw_chip_text(surface: pygame.Surface, lines: tuple[str, ...], rect: pygame.Rect, px: int) -> None:
    """A chip's name, its lines centred in ``rect``."""
    step = T.line_height(px, bold=True)
    y = rect.centery - step * len(lines) // 2
    for line in lines:
        T.draw_text(surface, line, (rect.centerx, y), px, CHIP_INK, bold=True, anchor="midtop")
        y += step
