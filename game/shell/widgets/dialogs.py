"""Dialog and Curtain (pass-and-play): modal panels with buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from .. import text as T
from .. import theme as TH
from ..theme import Icon
from .base import (
    Container,
    Panel,
    draw_panel,
    key_label,
)
from .button import Button


@dataclass
class DialogButton:
    text: str
    callback: Callable[[], Any] | None = None
    shortcut: int | None = None
    style: str = "secondary"


def _label_width(spec: DialogButton) -> int:
    """The width a dialog button needs to show its label and its key on one line at the body size."""
    hint = T.text_size(key_label(spec.shortcut), "tiny", bold=True)[0] + 18 if spec.shortcut is not None else 0
    return T.text_size(spec.text, "body", bold=True)[0] + 2 * TH.current().padding + hint + 8


class Dialog(Panel):
    """A centred parchment panel: title, wrapped message, a row of buttons. Also shows errors.

    Clicking a button closes the dialog (``on_close`` is called; :class:`~game.shell.scene.ModalScene`
    wires it to remove the overlay) and then runs that button's callback.
    """

    def __init__(self, title: str, message: str, buttons: Sequence[DialogButton | tuple] = (), *,
                 screen: tuple[int, int] = (1600, 900), width: int = 600, accent: str = "gold",
                 on_close: Callable[[], Any] | None = None) -> None:
        specs = [b if isinstance(b, DialogButton) else DialogButton(*b) for b in buttons] or [
            DialogButton("OK", None, pygame.K_RETURN, "primary")]
        pad = 28
        self.title_size, self.title_lines = T.whole_lines(title, width - 2 * pad, "title", display=True) \
            if title else (0, [])
        title_h = T.line_height(self.title_size, display=True) * len(self.title_lines)
        msg_h = T.wrapped_height(message, width - 2 * pad, "body") if message else 0
        btn_h, gap = 48, 16
        row_w = width - 2 * pad
        bw = max([min(236, (row_w - gap * (len(specs) - 1)) // len(specs))] + [_label_width(s) for s in specs])
        in_a_row = bw * len(specs) + gap * (len(specs) - 1) <= row_w  # else one button under another
        rows = 1 if in_a_row else len(specs)
        buttons_h = rows * btn_h + (rows - 1) * 12
        height = pad + title_h + (18 if title else 0) + msg_h + 28 + buttons_h + pad
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (screen[0] // 2, screen[1] // 2)
        super().__init__(rect, fill="parchment", border=accent)
        self.title = ""  # drawn by draw_self in the dialog's own style
        self.dialog_title, self.message, self.accent = title, message, accent
        self.text = title or message
        self.on_close = on_close
        self.result: str | None = None
        self.title_rect = pygame.Rect(rect.x + pad, rect.y + 26, width - 2 * pad, title_h)
        self.message_rect = pygame.Rect(rect.x + pad, rect.y + pad + title_h + (18 if title else 0),
                                        width - 2 * pad, msg_h)
        self.buttons: list[Button] = []
        total = bw * len(specs) + gap * (len(specs) - 1)
        x, y = rect.centerx - total // 2, rect.bottom - pad - buttons_h
        for spec in specs:
            box = (x, y, bw, btn_h) if in_a_row else (rect.x + pad, y, row_w, btn_h)
            b = Button(spec.text, box, self._make_handler(spec), shortcut=spec.shortcut, style=spec.style)
            self.buttons.append(self.add(b))  # type: ignore[arg-type]
            x, y = (x + bw + gap, y) if in_a_row else (x, y + btn_h + 12)

    def _make_handler(self, spec: DialogButton) -> Callable[[], None]:
        def fire() -> None:
            self.result = spec.text
            if self.on_close is not None:
                self.on_close()
            if spec.callback is not None:
                spec.callback()
        return fire

    @classmethod
    def error(cls, message: str, *, title: str = "Something went wrong", screen: tuple[int, int] = (1600, 900),
              on_ok: Callable[[], Any] | None = None) -> Dialog:
        return cls(title, message, [DialogButton("OK", on_ok, pygame.K_RETURN, "primary")], screen=screen,
                   accent="bad")

    def draw_self(self, surface: pygame.Surface) -> None:
        th = TH.current()
        draw_panel(surface, self.rect, "parchment", self.accent, radius=14, border_width=2)
        band = pygame.Rect(self.rect.x + 2, self.rect.y + 2, self.rect.w - 4, 6)
        pygame.draw.rect(surface, th.colour(self.accent), band, border_top_left_radius=12, border_top_right_radius=12)
        if self.dialog_title:
            y = self.title_rect.y
            for line in self.title_lines:  # whole, a line under another if it must
                T.draw_text(surface, line, (self.rect.centerx, y), self.title_size, th.colours.ink, display=True,
                            anchor="midtop")
                y += T.line_height(self.title_size, display=True)
        if self.message:
            T.draw_wrapped(surface, self.message, self.message_rect, "body", th.colours.ink, align="center")


class Curtain(Container):
    """A full-screen opaque cover for pass-and-play: a title, a message and one button.

    It paints every pixel of ``screen`` before drawing its text, so nothing underneath shows.
    """

    LINE_SIZE = "small"  # the listed lines (what happened since this player last looked)

    def __init__(self, title: str, message: str = "", button: str = "Continue",
                 on_continue: Callable[[], Any] | None = None, *, screen: tuple[int, int] = (1600, 900),
                 icon: Icon | None = None, shortcut: int | None = pygame.K_RETURN,
                 lines: Sequence[str] = (), lines_title: str = "") -> None:
        super().__init__(pygame.Rect((0, 0), screen))
        self.title, self.message, self.icon = title, message, icon
        self.text = title
        self.lines = list(lines)  # e.g. what happened since this player last looked, one line each
        self.lines_title = lines_title
        self.line_rows = [T.wrap(line, 980 - 120, self.LINE_SIZE) for line in self.lines]  # each, wrapped once
        step = T.font(self.LINE_SIZE).get_linesize()
        self.lines_height = 40 + step * sum(len(rows) for rows in self.line_rows) + 6 * len(self.lines)
        self.on_close: Callable[[], Any] | None = None
        self.on_continue = on_continue
        width = 980 if self.lines else 760
        self.title_size = "title" if icon or T.text_size(title, "huge", display=True)[0] > width - 60 else "huge"
        self.title_rows = T.wrap(title, width - 60, self.title_size, display=True)  # a long name wraps, whole
        title_h = T.line_height(self.title_size, display=True) * len(self.title_rows)
        message_h = T.wrapped_height(message, width - 100, "body") + 14 if message else 0
        lines_h = self.lines_height + 6 if self.lines else 0
        needed = 40 + (56 if icon else 0) + title_h + message_h + 20 + lines_h + 60 + 36  # every word shows
        least = 290 + self.lines_height if self.lines else 380
        self.card = pygame.Rect(0, 0, width, min(screen[1] - 40, max(needed, least)))
        self.card.center = (self.rect.centerx, self.rect.centery + 10)
        self.button = Button(button, (0, 0, 340, 60), self._go, shortcut=shortcut, style="primary", size="large")
        self.button.rect.midbottom = (self.card.centerx, self.card.bottom - 36)
        self.add(self.button)

    def _go(self) -> None:
        if self.on_close is not None:
            self.on_close()
        if self.on_continue is not None:
            self.on_continue()

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        # swallow every mouse and key event: nothing behind a curtain may be operated
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN,
                              pygame.KEYUP, pygame.TEXTINPUT)

    def draw_self(self, surface: pygame.Surface) -> None:
        th = TH.current()
        c = th.colours
        surface.fill(c.curtain, self.rect)
        # a quiet pattern of diagonal lines, so the curtain reads as a cover, not an empty screen
        step = 48
        line = TH.shade(c.curtain, 1.06)
        for x in range(-self.rect.h, self.rect.w, step):
            pygame.draw.line(surface, line, (x, self.rect.bottom), (x + self.rect.h, self.rect.y), 1)
        card = self.card
        cx = card.centerx
        draw_panel(surface, card, "slate", "gold_dark", radius=18, border_width=2)
        y = card.y + 40
        if self.icon:
            self.icon.draw(surface, (cx, y + 18), 24)
            y += 56
        with T.registry.within(card):
            r = pygame.Rect(cx, y, 0, 0)
            for line in self.title_rows:
                r = r.union(T.draw_text(surface, line, (cx, r.bottom), self.title_size, c.gold_light, display=True,
                                        anchor="midtop"))
        bottom = self.button.rect.y - 20
        if self.lines:
            bottom = self._draw_lines(surface, bottom)
        if self.message:
            area = pygame.Rect(card.x + 50, r.bottom + 14, card.w - 100, bottom - r.bottom - 14)
            with T.registry.within(card):
                T.draw_wrapped(surface, self.message, area, "body", c.text_dim, align="center")

    def _draw_lines(self, surface: pygame.Surface, bottom: int) -> int:
        """The list of lines above the button, under a heading; returns where the space above them ends."""
        c = TH.current().colours
        step = T.font(self.LINE_SIZE).get_linesize()
        top = bottom - self.lines_height
        box = pygame.Rect(self.card.x + 40, top, self.card.w - 80, bottom - top)
        draw_panel(surface, box, "slate_dark", None, radius=10, shadow=False)
        with T.registry.within(box):
            T.draw_text(surface, self.lines_title, (box.x + 20, box.y + 8), "small", c.gold_light)
            y = box.y + 36
            for rows in self.line_rows:
                for row in rows:
                    T.draw_text(surface, row, (box.x + 20, y), self.LINE_SIZE, c.text)
                    y += step
                y += 6
        return top - 6


# ---------------------------------------------------------------------------- layout helpers
