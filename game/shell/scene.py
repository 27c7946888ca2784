"""Scenes and the scene stack.

A :class:`Scene` is one screen (title, setup, table, results) or an overlay
on top of one (a dialog, the pass-and-play curtain). The :class:`SceneStack`
keeps them in order:

* events go to the top scene first; a scene that handles an event returns
  True and nobody else sees it; a ``modal`` scene never lets an event through
  to the scenes under it;
* drawing starts at the topmost ``opaque`` scene, so an overlay that is not
  opaque is drawn over the scene below, and an opaque one (the curtain)
  guarantees that nothing beneath it is drawn at all;
* every scene updates each frame, except the ones below a scene with
  ``pauses_below``.

Changes made while the stack is dispatching (a button that pops its own
dialog) take effect at once; the dispatch works on a snapshot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from .app import App
    from .widgets import Widget


class Scene:
    """One screen or overlay. Override what you need; every hook has a harmless default."""

    opaque: bool = True         # hides everything below it
    modal: bool = True          # keeps events from the scenes below
    pauses_below: bool = False  # freezes updates of the scenes below

    @property
    def animating(self) -> bool:
        """True while this scene's picture changes by itself (not only after input, motion or a change
        of scenes). The app skips drawing a frame in which no visible scene animates and nothing
        else changed, so a still screen costs almost nothing. The default, True, redraws every frame;
        a scene that knows when it is still returns False then."""
        return True

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    # ---- lifecycle -------------------------------------------------------
    def on_enter(self) -> None:
        """Called once the scene is on the stack (``self.stack`` and ``self.app`` are set)."""

    def on_exit(self) -> None:
        """Called when the scene leaves the stack."""

    def on_pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def on_resume(self) -> None:
        """The scene on top of this one went away."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size (``size`` is the window size; the logical size stays fixed)."""

    # ---- frame -----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True if the event was used (then no other scene sees it)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds of real time."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the logical surface."""

    def redraw_parts(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The cheap frame: called instead of :meth:`draw` when the only change is this scene's own
        animation (no input, motion, tooltip, toast or change of scenes) and it is the only scene
        drawn. ``surface`` still holds the last frame; redraw just the parts that move (each one
        opaque over its rectangle) and return their rectangles: the app presents only those. None,
        the default, asks for a full :meth:`draw`."""
        return None

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The tooltip text for what is under ``pos``, or None."""
        return None

    def controls_tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The tip of a control a shell base class draws over the scene's own drawing (the table's Hint, Undo
        and History), asked before :meth:`tooltip_at`, which a game's scene overrides."""
        return None

    def tooltip_owner(self, pos: tuple[int, int]) -> tuple[pygame.Rect, list[pygame.Rect]] | None:
        """The control whose tooltip shows at ``pos`` and the scene's other controls: the tip goes
        beside the first and covers none of the others. None: the tip follows the mouse."""
        return None

    # ---- helpers ---------------------------------------------------------
    @property
    def app(self) -> App | None:
        return self.stack.app if self.stack is not None else None

    def close(self) -> None:
        """Take this scene off its stack (wherever it is)."""
        if self.stack is not None:
            self.stack.remove(self)


class SceneStack:
    def __init__(self, app: App | None = None) -> None:
        self.app = app
        self.scenes: list[Scene] = []
        self.version = 0  # counts the changes of the stack (a change means a redraw)
        self.held: tuple[Scene, int] | None = None  # the scene a press that finished the motion went to, its button

    def __len__(self) -> int:
        return len(self.scenes)

    def __iter__(self):
        return iter(list(self.scenes))

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of type ``kind``."""
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    # ---- changes ---------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        self.version += 1
        if scene in self.scenes:
            raise ValueError(f"scene stack: {type(scene).__name__} is already on the stack")
        below = self.top
        scene.stack = self
        self.scenes.append(scene)
        if below is not None:
            below.on_pause()
        scene.on_enter()
        return scene

    def pop(self) -> Scene | None:
        """Remove and return the top scene (None if the stack is empty)."""
        if not self.scenes:
            return None
        return self.remove(self.scenes[-1])

    def remove(self, scene: Scene) -> Scene:
        self.version += 1
        if scene not in self.scenes:
            return scene
        was_top = scene is self.top
        self.scenes.remove(scene)
        scene.on_exit()
        scene.stack = None
        if was_top and self.top is not None:
            self.top.on_resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        self.version += 1
        if self.scenes:
            old = self.scenes.pop()
            old.on_exit()
            old.stack = None
        scene.stack = self
        self.scenes.append(scene)
        scene.on_enter()
        return scene

    def clear(self) -> None:
        self.version += 1
        while self.scenes:
            old = self.scenes.pop()
            old.on_exit()
            old.stack = None

    def pop_to(self, scene: Scene) -> None:
        """Pop every scene above ``scene``."""
        while self.scenes and self.top is not scene:
            self.pop()

    # ---- frame -----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, aimed: Scene | None = None) -> bool:
        """Give ``event`` to the scenes, top first, down to a modal one. ``aimed``: the top scene when this press
        came, which finished the motion at once; that may let a scene come up over it (a summary waiting for the
        motion), but the press and its release go to ``aimed`` all the same, so the click is taken where it was
        aimed (play-test: a click on a choice during an animation vanished when a reckoning's summary came up)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.held = (aimed, event.button) if aimed is not None else None
            if aimed is not None and aimed.stack is self and aimed is not self.top:
                return aimed.handle_event(event)
        elif event.type == pygame.MOUSEBUTTONUP and self.held is not None and self.held[1] == event.button:
            scene = self.held[0]
            self.held = None
            if scene.stack is self and scene is not self.top:
                return scene.handle_event(event)
        for scene in reversed(list(self.scenes)):
            if scene.stack is not self:
                continue
            if scene.handle_event(event):
                return True
            if scene.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        snapshot = list(self.scenes)
        start = 0
        for i in range(len(snapshot) - 1, -1, -1):
            if snapshot[i].pauses_below:
                start = i
                break
        for scene in snapshot[start:]:
            if scene.stack is self:
                scene.update(dt)

    def visible(self) -> list[Scene]:
        """The scenes that are drawn, bottom first."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    @property
    def animating(self) -> bool:
        """True when a visible scene's picture changes by itself this frame."""
        return any(scene.animating for scene in self.visible())

    def redraw_parts(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """The moving parts of the one visible scene, redrawn (see :meth:`Scene.redraw_parts`); None
        when more than one scene is drawn or the scene asks for a full draw."""
        visible = self.visible()
        return visible[0].redraw_parts(surface) if len(visible) == 1 else None

    def tooltip_owner_rect(self, pos: tuple[int, int]) -> tuple[pygame.Rect, list[pygame.Rect]] | None:
        """The rectangle of the widget whose tooltip shows at ``pos`` (the tip goes beside it) and the
        rectangles of the scene's other controls (the tip must not cover them), if any."""
        for scene in reversed(self.scenes):
            if scene.tooltip_at(pos):
                return scene.tooltip_owner(pos)
            if scene.modal:
                return None
        return None

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        for scene in reversed(self.scenes):
            tip = scene.controls_tooltip_at(pos) or scene.tooltip_at(pos)
            if tip:
                return tip
            if scene.modal:
                return None
        return None

    def on_resize(self, size: tuple[int, int]) -> None:
        for scene in list(self.scenes):
            scene.on_resize(size)


class WidgetScene(Scene):
    """A scene made of widgets: a root container that fills the logical screen."""

    background: Any = "background"  # a theme colour name, an RGB tuple, or None for none
    key_delay = 0.0  # seconds after the scene appears in which keys are ignored (a key meant for the scene before)

    def __init__(self, size: tuple[int, int] = (1600, 900), widgets: Iterable[Widget] = ()) -> None:
        super().__init__()
        from .widgets import Container

        self.root = Container(pygame.Rect((0, 0), size))
        for w in widgets:
            self.root.add(w)
        self._seen: list[tuple] | None = None  # what the widgets showed when last asked (see ``animating``)
        self.age = 0.0  # seconds since the scene first updated

    def add(self, widget: Widget) -> Widget:
        return self.root.add(widget)

    @property
    def animating(self) -> bool:
        """While a widget animates by itself, or when code (not input) changed what a widget shows:
        its text, value, visibility or state. A still menu is not drawn again."""
        sig = [(w.visible, w.enabled, w.text, getattr(w, "value", None)) for w in self.root.walk()]
        changed = sig != self._seen
        self._seen = sig
        return changed or self.root.animating

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.age < self.key_delay:
            return True
        return self.root.handle_event(event)

    def update(self, dt: float) -> None:
        self.age += dt
        self.root.update(dt)

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            from . import theme

            surface.fill(theme.current().colour(self.background))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.root.draw(surface)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        return self.root.tooltip_at(pos)

    def tooltip_owner(self, pos: tuple[int, int]) -> tuple[pygame.Rect, list[pygame.Rect]] | None:
        from .widgets import Container, Label, Widget

        ws = [w for w in self.root.walk() if w is not self.root and w.visible]
        owner = [w for w in ws if w.tooltip and w.contains(pos)]
        if not owner:
            return None
        others = [pygame.Rect(w.rect) for w in ws if w is not owner[-1] and type(w) is not Widget
                  and not isinstance(w, (Container, Label)) and w.rect.w and w.rect.h]
        return pygame.Rect(owner[-1].rect), others


class ModalScene(WidgetScene):
    """An overlay holding one widget (a dialog) over a dimmed copy of the scenes below.

    ``opaque=True`` makes it a curtain: nothing under it is drawn.
    ``on_escape`` (if given) runs when Escape is pressed.
    """

    def __init__(self, content: Widget, size: tuple[int, int] = (1600, 900), dim: bool = True,
                 opaque: bool = False, on_escape: Callable[[], None] | None = None,
                 pauses_below: bool = False) -> None:
        super().__init__(size)
        self.content = content
        self.root.add(content)
        self.dim = dim
        self.opaque = opaque
        self.pauses_below = pauses_below
        self.on_escape = on_escape
        self.background = "curtain" if opaque else None
        self._veil: tuple[Any, pygame.Surface] | None = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_escape is not None:
            self.on_escape()
            return True
        return False

    def draw_background(self, surface: pygame.Surface) -> None:
        from . import theme

        if self.opaque:
            surface.fill(theme.current().colours.curtain)
        elif self.dim:
            colour = theme.current().colours.dim
            key = (surface.get_size(), colour)
            if self._veil is None or self._veil[0] != key:
                veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                veil.fill(colour)
                self._veil = (key, veil)
            surface.blit(self._veil[1], (0, 0))
