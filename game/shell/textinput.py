"""A one-line text field for the shell's widget set.

    seed = TextInput((600, 300, 320, 44), "", placeholder="random", allowed="0123456789", max_len=12,
                     label="Seed", on_submit=start_game)

Click it to focus it (clicking elsewhere, Escape or Enter lets go). While it has
the focus it takes the keyboard: characters arrive as ``pygame.TEXTINPUT``
events (so keyboard layouts, dead keys and input methods work), and Backspace,
Delete, Left, Right, Home, End, Enter and Escape edit, move the caret or
finish. The key presses that type characters are swallowed too, so a scene's
one-letter shortcuts do not fire while you type. Without the focus it takes no
key at all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from . import text as T
from . import theme as TH
from .widgets import RectLike, Widget, draw_panel, event_pos

EDIT_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END,
             pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)
REPEAT_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT)
_COMMAND_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


class TextInput(Widget):
    """A single-line text field: caret, placeholder, character filter, length limit, callbacks.

    ``allowed``: the only characters that may be typed (None: any printable character).
    ``max_len``: the longest text (None: no limit). ``on_change(text)`` runs after every edit,
    ``on_submit(text)`` on Enter (the field then lets go of the focus unless
    ``keep_focus_on_submit``). ``label`` is drawn small above the field, as :class:`Choice` does.
    ``text`` (what tests search for) is the label, or the placeholder when there is no label;
    the typed text is :attr:`value`.
    """

    BLINK = 1.0          # caret blink period (seconds); it shows for the first ~60%
    REPEAT_DELAY = 0.45  # a held Backspace/Delete/arrow repeats after this long...
    REPEAT_RATE = 0.035  # ...every this long

    def __init__(self, rect: RectLike, value: str = "", *, placeholder: str = "", allowed: str | None = None,
                 max_len: int | None = None, on_change: Callable[[str], Any] | None = None,
                 on_submit: Callable[[str], Any] | None = None, label: str = "", size: int | str = "body",
                 keep_focus_on_submit: bool = False, **kw: Any) -> None:
        super().__init__(rect, **kw)
        if max_len is not None and max_len < 0:
            raise ValueError(f"TextInput: max_len must be at least 0 (got {max_len})")
        self.placeholder = placeholder
        self.allowed = allowed
        self.max_len = max_len
        self.on_change = on_change
        self.on_submit = on_submit
        self.label = label
        self.size = size
        self.keep_focus_on_submit = keep_focus_on_submit
        self.text = label or placeholder
        self.focused = False
        self.caret = 0
        self._value = ""
        self._scroll = 0       # pixels of text scrolled off the left edge
        self._blink = 0.0
        self._held: int | None = None
        self._held_for = 0.0
        self.set_value(value, notify=False)

    # ---- value ------------------------------------------------------------
    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, text: str) -> None:
        self.set_value(text, notify=False)

    def clean(self, text: str) -> str:
        """``text`` with what may not be typed removed (control characters, anything not ``allowed``)."""
        out = "".join(ch for ch in text if ch.isprintable() and (self.allowed is None or ch in self.allowed))
        return out

    def set_value(self, text: str, notify: bool = True) -> str:
        """Replace the text (filtered and cut to ``max_len``); the caret goes to the end."""
        new = self.clean(text)
        if self.max_len is not None:
            new = new[:self.max_len]
        changed = new != self._value
        self._value = new
        self.caret = len(new)
        if changed and notify and self.on_change is not None:
            self.on_change(new)
        return new

    def insert(self, chars: str) -> bool:
        """Type ``chars`` at the caret (filtered, up to ``max_len``); True if anything was added."""
        chars = self.clean(chars)
        if self.max_len is not None:
            chars = chars[:max(0, self.max_len - len(self._value))]
        if not chars:
            return False
        self._edit(self._value[:self.caret] + chars + self._value[self.caret:], self.caret + len(chars))
        return True

    def _edit(self, new: str, caret: int) -> None:
        self.caret = caret
        self._blink = 0.0
        if new != self._value:
            self._value = new
            if self.on_change is not None:
                self.on_change(new)

    # ---- focus ------------------------------------------------------------
    def focus(self) -> None:
        """Take the keyboard; any other TextInput in the same widget tree lets go."""
        if not self.interactive():
            return
        root: Widget = self
        while root.parent is not None:
            root = root.parent
        for w in root.walk():
            if isinstance(w, TextInput) and w is not self:
                w.blur()
        self.focused = True
        self._blink = 0.0

    def blur(self) -> None:
        self.focused = False
        self._held = None

    # ---- events -----------------------------------------------------------
    def _inner(self) -> pygame.Rect:
        return self.rect.inflate(-24, 0)

    def _caret_at(self, x: int) -> int:
        """The caret index nearest to canvas x."""
        rel = x - self._inner().x + self._scroll
        best, best_d = 0, abs(rel)
        for i in range(1, len(self._value) + 1):
            d = abs(T.text_size(self._value[:i], self.size)[0] - rel)
            if d < best_d:
                best, best_d = i, d
        return best

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if not self.interactive():
            if self.focused:
                self.blur()
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = event_pos(event)
            if pos is not None and self.contains(pos):
                self.focus()
                self.caret = self._caret_at(pos[0])
                return True
            if self.focused:
                self.blur()  # a click elsewhere lets go, and still reaches what was clicked
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(getattr(event, "text", ""))
            return True  # filtered characters are swallowed too: they were typed at this field
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.KEYUP and event.key == self._held:
            self._held = None
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        mod = getattr(event, "mod", 0)
        if k in EDIT_KEYS:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if not self.keep_focus_on_submit:
                    self.blur()
                if self.on_submit is not None:
                    self.on_submit(self._value)
                return True
            if k == pygame.K_ESCAPE:
                self.blur()
                return True
            self._apply_key(k, mod)
            if k in REPEAT_KEYS:
                self._held, self._held_for = k, 0.0
            return True
        # the key press behind a typed character (its text comes as TEXTINPUT): keep it from shortcuts
        uni = getattr(event, "unicode", "")
        return bool(uni) and uni.isprintable() and not (mod & _COMMAND_MODS)

    def _apply_key(self, k: int, mod: int = 0) -> None:
        v, c = self._value, self.caret
        word = bool(mod & pygame.KMOD_CTRL)
        if k == pygame.K_BACKSPACE and c > 0:
            start = self._word_left(c) if word else c - 1
            self._edit(v[:start] + v[c:], start)
        elif k == pygame.K_DELETE and c < len(v):
            end = self._word_right(c) if word else c + 1
            self._edit(v[:c] + v[end:], c)
        elif k == pygame.K_LEFT:
            self._edit(v, self._word_left(c) if word else max(0, c - 1))
        elif k == pygame.K_RIGHT:
            self._edit(v, self._word_right(c) if word else min(len(v), c + 1))
        elif k == pygame.K_HOME:
            self._edit(v, 0)
        elif k == pygame.K_END:
            self._edit(v, len(v))

    def _word_left(self, c: int) -> int:
        v = self._value
        while c > 0 and v[c - 1] == " ":
            c -= 1
        while c > 0 and v[c - 1] != " ":
            c -= 1
        return c

    def _word_right(self, c: int) -> int:
        v = self._value
        while c < len(v) and v[c] == " ":
            c += 1
        while c < len(v) and v[c] != " ":
            c += 1
        return c

    @property
    def animating(self) -> bool:
        return self.focused  # the caret blinks

    def update(self, dt: float) -> None:
        if self.focused and not self.interactive():
            self.blur()
        if not self.focused:
            self._held = None
            return
        self._blink = (self._blink + dt) % self.BLINK
        if self._held is not None and pygame.key.get_repeat()[0]:
            self._held = None  # SDL repeats keys itself: do not repeat twice
        if self._held is not None:
            self._held_for += dt
            while self._held is not None and self._held_for >= self.REPEAT_DELAY:
                self._apply_key(self._held)
                self._held_for -= self.REPEAT_RATE
                self._blink = 0.0

    # ---- drawing ----------------------------------------------------------
    def caret_visible(self) -> bool:
        return self.focused and self._blink < self.BLINK * 0.6

    def draw(self, surface: pygame.Surface) -> None:
        th = TH.current()
        c = th.colours
        if self.label:
            T.draw_text(surface, self.label, (self.rect.x + 4, self.rect.y - 4), "small", c.text_dim,
                        anchor="bottomleft")
        edge = c.gold_light if self.focused else (c.gold if self.hovered and self.enabled else c.border)
        draw_panel(surface, self.rect, "slate_dark", edge, radius=min(8, self.rect.h // 2), shadow=False,
                   border_width=2 if self.focused else 1, highlight=False)
        inner = self._inner()
        caret_px = T.text_size(self._value[:self.caret], self.size)[0]
        # keep the caret in view: scroll the text under the field when it is wider than the field
        if caret_px - self._scroll > inner.w - 2:
            self._scroll = caret_px - inner.w + 2
        elif caret_px - self._scroll < 0:
            self._scroll = caret_px
        full = T.text_size(self._value, self.size)[0]
        self._scroll = max(0, min(self._scroll, max(0, full - inner.w + 2)))
        old_clip = surface.get_clip()
        clip = inner.inflate(0, -4)
        surface.set_clip(clip.clip(old_clip) if old_clip else clip)
        if self._value:
            T.draw_text(surface, self._value, (inner.x - self._scroll, self.rect.centery), self.size,
                        c.text if self.enabled else c.text_disabled, anchor="midleft")
        elif self.placeholder:
            T.draw_text(surface, self.placeholder, (inner.x, self.rect.centery), self.size,
                        c.text_disabled if not self.enabled else c.text_dim, anchor="midleft")
        if self.caret_visible():
            x = inner.x + caret_px - self._scroll
            h = T.line_height(self.size)
            pygame.draw.line(surface, c.gold_light, (x, self.rect.centery - h // 2 + 2),
                             (x, self.rect.centery + h // 2 - 2), 2)
        surface.set_clip(old_clip)
