"""Res Arcana's icon legend: the signs of the card faces in one small box on the table (play-test t2: the grey
pentagon, the each-round sign and the tap arrow appeared everywhere and only tooltips said what they were; the
cards' small essence icons carry no letters, the counters' do).

The box goes in the centre row's free room, right of the magic items and left of the supply, when there is
room for it (:func:`fits`), else (two and three players: five or six magic items fill the row) at the right of
the rivals' row, the rivals' areas left of it (the table's ``_layout``); the rules' first section says the
same in words and the supply's tip points to both. Drawn with the faces' own glyphs
(:func:`look.draw_glyph_line`), so what it shows is what the cards show.
"""

from __future__ import annotations

import pygame

from game.shell import text as T
from game.shell import theme as TH
from game.shell.widgets import draw_panel

from . import look as L

TITLE = "Signs on the cards"
SIZE = "tiny"  # 14 logical px: above the 13 px floor
R = 8  # the faces' icon radius on a tile
# each cell: its glyphs (as on a face) and its words
CELLS: tuple[tuple[list[tuple], str], ...] = (
    ([], "any essence"),  # the grey pentagon, drawn alone (a face's count beside it would read as "1")
    ([("turn",)], "tap the card"),
    ([("txt", "\u21bb")], "each round"),
    ([("arrow",)], "then, gives"),
)
LETTERS = "ELCDG"
TIP = ("The signs on the cards. Grey pentagon: essences of any type (a card says \"not Gold\" when Gold is left "
       "out). \u21bb: what the card gives at each round's collect. Curved arrow: tap (turn) the card to use the "
       "ability; a tapped card waits for the next round. \u25b6: what the ability then does. The coloured shapes "
       "are the essences: red triangle Elan (E), green circle Life (L), blue drop Calm (C), violet square Death "
       "(D), gold diamond Gold (G). F1: the rules, whose first section says the same.")
PAD = 8
ROW = 22


def _px() -> int:
    return TH.current().size(SIZE)


def _icon_width(glyphs: list[tuple]) -> int:
    if not glyphs:
        return 2 * R + 1
    return sum(w for _g, w in L.glyph_lines(glyphs, 999, R, _px())[0])


def _cell_width(glyphs: list[tuple], words: str) -> int:
    return _icon_width(glyphs) + 6 + T.text_size(words, SIZE)[0]


def _letters_width() -> int:
    return sum(2 * R + 3 + T.text_size(ch, SIZE, bold=True)[0] + 10 for ch in LETTERS) - 10


def size() -> tuple[int, int]:
    """The box's width and height (logical px)."""
    col = max(_cell_width(g, w) for g, w in CELLS)
    width = max(2 * col + 18, _letters_width(), T.text_size(TITLE, SIZE, bold=True)[0]) + 2 * PAD
    return width, PAD + T.line_height(SIZE, bold=True) + 3 * ROW + PAD - 4


def fits(room: pygame.Rect) -> pygame.Rect | None:
    """The box's place in ``room`` (centred), or None when it does not fit."""
    w, h = size()
    if w > room.w or h > room.h:
        return None
    return pygame.Rect(room.centerx - w // 2, room.centery - h // 2, w, h)


def draw(surface: pygame.Surface, box: pygame.Rect) -> None:
    """The legend in ``box`` (as :func:`fits` gave it)."""
    draw_panel(surface, box, fill=L.PARCH, border=(150, 130, 96), radius=8, shadow=False)  # as on a card face
    px = _px()
    T.draw_text(surface, TITLE, (box.x + PAD, box.y + PAD - 2), SIZE, L.INK, bold=True)
    top = box.y + PAD + T.line_height(SIZE, bold=True) + ROW // 2 - 2
    col = (box.w - 2 * PAD - 18) // 2
    for k, (glyphs, words) in enumerate(CELLS):
        x = box.x + PAD + (k % 2) * (col + 18)
        cy = top + (k // 2) * ROW
        if glyphs:
            L.draw_glyph_line(surface, x, cy, L.glyph_lines(glyphs, 999, R, px)[0], R, px)
        else:
            L.any_icon(surface, (x + R, cy), R)
        T.draw_text(surface, words, (x + _icon_width(glyphs) + 6, cy), SIZE, L.INK, anchor="midleft")
    x, cy = box.x + PAD, top + 2 * ROW
    for e, ch in enumerate(LETTERS):
        L.essence_icon(surface, (x + R, cy), R, e, letter=False)  # as small as on a card: no letter inside
        x += 2 * R + 3
        T.draw_text(surface, ch, (x, cy), SIZE, L.INK, bold=True, anchor="midleft")
        x += T.text_size(ch, SIZE, bold=True)[0] + 10
