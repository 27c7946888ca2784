"""Presentation-only motion: tokens pulled to their targets by damped springs (pymunk).

A :class:`MotionWorld` owns a pymunk ``Space`` with no gravity. Each
:class:`Token` (a card, a coin, a marker: an image with a position and an
angle) is a dynamic body tied by a ``DampedSpring`` (rest length 0) and a
``DampedRotarySpring`` to its own kinematic anchor body. Moving a token means
moving its anchor; the spring does the rest, so motion starts briskly, eases
in and overshoots a little, and an ``arc`` launches it sideways for a curved
flight. Damping is isotropic (each body's velocity decays at rate ``2·ζ·ω``),
so a curved flight settles instead of orbiting.

Timing: ``duration`` is roughly the time a move takes to settle within a pixel;
it sets ``ω = 6 / (ζ·duration)`` (stiffness ``ω²``, damping ``2ζω``, unit mass).
The world advances in fixed steps (``step_dt``, default 1/240 s) from an
accumulator fed with ``dt × speed``: the speed multiplier scales simulated
time, which is exactly equivalent to multiplying every stiffness by ``speed²``
and every damping by ``speed`` — the same curve, played faster — while the
fixed step keeps the integration stable. A token has *settled* when it is
within ``SETTLE_DISTANCE`` px and slower than ``SETTLE_SPEED`` px/s (and the
same for its angle); it is then snapped exactly onto its target and its
``on_arrive`` callback runs.

Moves chain: ``token.to(a).to(b, layer=-1)`` flies to ``a`` and then, drawn
under layer 0 (or clipped to a rect), slides to ``b``. :meth:`MotionWorld.stagger`
sends several tokens off one after another; :meth:`MotionWorld.after` runs a
function after a simulated delay. :meth:`MotionWorld.skip_all` finishes every
pending move at once and runs the callbacks in the order they were scheduled.
``busy`` is True while anything is still moving or waiting.

Nothing here touches game state: callbacks are how the caller learns that the
picture has caught up.
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pymunk

from .text import registry as text_registry

Vec = tuple[float, float]

SETTLE_DISTANCE = 1.0    # px
SETTLE_SPEED = 12.0      # px/s
SETTLE_ANGLE = 0.5       # degrees
SETTLE_SPIN = 6.0        # degrees/s
DEFAULT_DURATION = 0.6   # s (simulated)
DEFAULT_ZETA = 0.62      # damping ratio: a visible ~8% overshoot
TIMEOUT_FACTOR = 6.0     # a move that has not settled after this many durations is snapped

_seq = itertools.count(1)
_KEEP: Any = object()    # "leave this property as it is"


@dataclass
class Step:
    """One leg of a token's journey. ``None`` for ``pos``/``angle`` keeps the current target."""

    pos: Vec | None = None
    angle: float | None = None            # degrees, clockwise on screen
    duration: float | None = None         # None: the token's default
    delay: float = 0.0                    # simulated seconds to wait before starting
    arc: float = 0.0                      # sideways launch (fraction of the distance; sign picks the side)
    layer: int | None = None              # draw layer from the start of this leg
    clip: Any = _KEEP                     # a pygame.Rect to clip drawing to from the start of this leg, or None
    visible: bool | None = None           # show/hide at the start of this leg
    on_arrive: Callable[[], Any] | None = None
    remove: bool = False                  # take the token out of the world on arrival
    seq: int = field(default_factory=lambda: next(_seq))


class Token:
    """A drawable thing with a position and angle, moved by springs.

    ``image`` is a surface drawn centred on the position (rotated by ``angle``);
    or give ``draw_fn(surface, token)`` to draw it yourself. ``texts`` lists the
    words printed on a pre-rendered image, so the drawn-text registry knows them. ``layer`` orders
    drawing (lower first); tokens in one layer draw in the order added.
    """

    def __init__(self, image: pygame.Surface | None = None, pos: Vec = (0.0, 0.0), angle: float = 0.0, *,
                 layer: int = 0, duration: float = DEFAULT_DURATION, zeta: float = DEFAULT_ZETA,
                 draw_fn: Callable[[pygame.Surface, Token], Any] | None = None, name: str = "",
                 visible: bool = True, texts: Sequence[str] = ()) -> None:
        self.image = image
        self.texts = list(texts)  # the words on the image: recorded in the drawn-text registry when drawn
        self.draw_fn = draw_fn
        self.name = name
        self.layer = layer
        self.visible = visible
        self.clip: pygame.Rect | None = None
        self.duration = duration
        self.zeta = zeta
        self.world: MotionWorld | None = None
        self.body = pymunk.Body(1.0, 1.0)
        self.anchor = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.spring = pymunk.DampedSpring(self.anchor, self.body, (0, 0), (0, 0), 0.0, 0.0, 0.0)
        self.spin = pymunk.DampedRotarySpring(self.anchor, self.body, 0.0, 0.0, 0.0)
        self._gamma = 0.0
        self.body.velocity_func = self._velocity
        self.place(pos, angle)
        self.steps: deque[Step] = deque()
        self.current: Step | None = None
        self.started = False
        self.wait = 0.0
        self.elapsed = 0.0
        self._order = 0
        self._rot_cache: dict[int, pygame.Surface] = {}

    def __repr__(self) -> str:
        x, y = self.pos
        return f"<Token {self.name!r} at ({x:.1f}, {y:.1f}) {self.angle:.1f}deg>"

    # ---- physics ---------------------------------------------------------
    def _velocity(self, body: pymunk.Body, gravity: Vec, damping: float, dt: float) -> None:
        pymunk.Body.update_velocity(body, (0.0, 0.0), math.exp(-self._gamma * dt), dt)

    def _tune(self, duration: float) -> None:
        duration = max(0.05, duration)
        omega = 6.0 / (self.zeta * duration)
        self.spring.stiffness = omega * omega
        self.spin.stiffness = omega * omega
        self._gamma = 2.0 * self.zeta * omega

    # ---- state -----------------------------------------------------------
    @property
    def pos(self) -> Vec:
        p = self.body.position
        return (p.x, p.y)

    @property
    def angle(self) -> float:
        return math.degrees(self.body.angle)

    @property
    def target(self) -> Vec:
        p = self.anchor.position
        return (p.x, p.y)

    @property
    def target_angle(self) -> float:
        return math.degrees(self.anchor.angle)

    @property
    def velocity(self) -> Vec:
        v = self.body.velocity
        return (v.x, v.y)

    @property
    def speed(self) -> float:
        return self.body.velocity.length

    @property
    def moving(self) -> bool:
        """True while this token has a move running or waiting."""
        return self.current is not None or bool(self.steps)

    def place(self, pos: Vec, angle: float | None = None) -> Token:
        """Teleport (no animation); pending moves are kept."""
        a = math.radians(angle) if angle is not None else self.body.angle
        self.body.position = pos
        self.body.angle = a
        self.body.velocity = (0, 0)
        self.body.angular_velocity = 0
        self.anchor.position = pos
        self.anchor.angle = a
        return self

    def set_image(self, image: pygame.Surface | None) -> None:
        self.image = image
        self._rot_cache.clear()

    # ---- planning --------------------------------------------------------
    def to(self, pos: Vec | None = None, angle: float | None = None, *, duration: float | None = None,
           delay: float = 0.0, arc: float = 0.0, layer: int | None = None, clip: Any = _KEEP,
           visible: bool | None = None, on_arrive: Callable[[], Any] | None = None, remove: bool = False) -> Token:
        """Queue a move after the ones already planned; returns the token, so moves chain."""
        self.steps.append(Step(pos, angle, duration, delay, arc, layer, clip, visible, on_arrive, remove))
        if self.current is None:
            self._next()
        return self

    def move_to(self, pos: Vec | None = None, angle: float | None = None, **kw: Any) -> Token:
        """Forget planned moves (their callbacks will not run) and go to ``pos`` from wherever it is now."""
        self.steps.clear()
        self.current = None
        self.started = False
        return self.to(pos, angle, **kw)

    def then(self, fn: Callable[[], Any], delay: float = 0.0) -> Token:
        """Queue a call that runs once the moves before it are done."""
        return self.to(None, None, delay=delay, on_arrive=fn)

    def _next(self) -> None:
        self.current = self.steps.popleft() if self.steps else None
        self.started = False
        self.elapsed = 0.0
        self.wait = self.current.delay if self.current else 0.0
        if self.current is not None and self.wait <= 0:
            self._begin()

    def _begin(self) -> None:
        step = self.current
        assert step is not None
        self.started = True
        self.elapsed = 0.0
        if step.layer is not None:
            self.layer = step.layer
        if step.clip is not _KEEP:
            self.clip = pygame.Rect(step.clip) if step.clip is not None else None
        if step.visible is not None:
            self.visible = step.visible
        self._tune(step.duration if step.duration is not None else self.duration)
        if step.pos is not None:
            self.anchor.position = step.pos
        if step.angle is not None:
            self.anchor.angle = math.radians(step.angle)
        if step.arc and step.pos is not None:
            dx, dy = step.pos[0] - self.pos[0], step.pos[1] - self.pos[1]
            dist = math.hypot(dx, dy)
            if dist > 0:
                omega = math.sqrt(self.spring.stiffness)
                kick = step.arc * dist * omega * 0.5
                vx, vy = self.body.velocity
                self.body.velocity = (vx - dy / dist * kick, vy + dx / dist * kick)

    def _settled(self) -> bool:
        tx, ty = self.target
        x, y = self.pos
        if math.hypot(tx - x, ty - y) > SETTLE_DISTANCE or self.speed > SETTLE_SPEED:
            return False
        err = abs(self.angle - self.target_angle)
        return err <= SETTLE_ANGLE and abs(math.degrees(self.body.angular_velocity)) <= SETTLE_SPIN

    def _finish(self) -> None:
        """Snap onto the target, run the callback, start the next leg."""
        step = self.current
        assert step is not None
        self.place(self.target, self.target_angle)
        self.current = None
        self.started = False
        if step.remove and self.world is not None:
            self.world.remove(self)
        if step.on_arrive is not None:
            step.on_arrive()
        if self.current is None:  # the callback may have planned something new already
            self._next()

    # ---- drawing ---------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        old = surface.get_clip()
        if self.clip is not None:
            surface.set_clip(self.clip.clip(old) if old else self.clip)
        try:
            if self.draw_fn is not None:
                self.draw_fn(surface, self)
            elif self.image is not None:
                img = self.rotated()
                x, y = self.pos
                rect = surface.blit(img, img.get_rect(center=(round(x), round(y))))
                for word in self.texts:
                    text_registry.record(word, rect)
        finally:
            if self.clip is not None:
                surface.set_clip(old)

    def rotated(self) -> pygame.Surface:
        """The image rotated to the current angle (cached in half-degree steps)."""
        assert self.image is not None
        q = int(round(self.angle * 2)) % 720
        if q == 0:
            return self.image
        img = self._rot_cache.get(q)
        if img is None:
            if len(self._rot_cache) > 256:
                self._rot_cache.clear()
            img = pygame.transform.rotozoom(self.image, -q / 2, 1.0)
            self._rot_cache[q] = img
        return img


@dataclass
class _Timer:
    remaining: float
    fn: Callable[[], Any]
    seq: int = field(default_factory=lambda: next(_seq))


class Group:
    """Several tokens moving as one event: ``on_each(token)`` per arrival, ``on_done()`` after the last."""

    def __init__(self, tokens: Sequence[Token], on_each: Callable[[Token], Any] | None = None,
                 on_done: Callable[[], Any] | None = None) -> None:
        self.tokens = list(tokens)
        self.left = len(self.tokens)
        self.on_each = on_each
        self.on_done = on_done
        self.done = self.left == 0

    def arrived(self, token: Token) -> Callable[[], None]:
        def fire() -> None:
            if self.on_each is not None:
                self.on_each(token)
            self.left -= 1
            if self.left == 0:
                self.done = True
                if self.on_done is not None:
                    self.on_done()
        return fire


class MotionWorld:
    """The tokens on screen and the springs that move them.

    ``speed`` multiplies simulated time (config ``ui.animation_speed``);
    ``instant`` (config ``ui.skip_animations``) finishes every move on the next update.
    """

    def __init__(self, speed: float = 1.0, *, instant: bool = False, step_dt: float = 1 / 240,
                 max_substeps: int = 160) -> None:
        self.space = pymunk.Space()
        self.space.gravity = (0.0, 0.0)
        self.space.damping = 1.0  # each body damps itself (isotropically), see Token._velocity
        self.speed = speed
        self.instant = instant
        self.step_dt = step_dt
        self.max_substeps = max_substeps
        self.max_frame_dt = 0.1   # a long stall (a window drag) does not jump the animation
        self.time = 0.0           # simulated seconds so far
        self.tokens: list[Token] = []
        self.timers: list[_Timer] = []
        self._idle: list[Callable[[], Any]] = []
        self._acc = 0.0
        self._orders = itertools.count()

    # ---- membership ------------------------------------------------------
    def add(self, token: Token) -> Token:
        if token.world is self:
            return token
        if token.world is not None:
            token.world.remove(token)
        token.world = self
        token._order = next(self._orders)
        self.space.add(token.body, token.anchor, token.spring, token.spin)
        self.tokens.append(token)
        return token

    def token(self, image: pygame.Surface | None = None, pos: Vec = (0.0, 0.0), angle: float = 0.0,
              **kw: Any) -> Token:
        """Create and add a token."""
        return self.add(Token(image, pos, angle, **kw))

    def remove(self, token: Token) -> None:
        if token.world is not self:
            return
        self.space.remove(token.body, token.anchor, token.spring, token.spin)
        self.tokens.remove(token)
        token.world = None

    def clear(self) -> None:
        for t in list(self.tokens):
            self.remove(t)
        self.timers.clear()

    # ---- planning --------------------------------------------------------
    def after(self, delay: float, fn: Callable[[], Any]) -> None:
        """Run ``fn`` after ``delay`` simulated seconds (counts as busy until then)."""
        self.timers.append(_Timer(max(0.0, delay), fn))

    def when_idle(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` once nothing is moving (at the end of an update or a skip)."""
        self._idle.append(fn)

    def stagger(self, tokens: Sequence[Token], targets: Sequence[Vec], interval: float = 0.08, *,
                on_each: Callable[[Token], Any] | None = None, on_done: Callable[[], Any] | None = None,
                **step: Any) -> Group:
        """Send ``tokens[i]`` to ``targets[i]``, each ``interval`` simulated seconds after the one before."""
        if len(tokens) != len(targets):
            raise ValueError(f"stagger: {len(tokens)} tokens but {len(targets)} targets")
        group = Group(tokens, on_each, on_done)
        base = step.pop("delay", 0.0)
        for i, (tok, tgt) in enumerate(zip(tokens, targets)):
            self.add(tok)
            tok.to(tgt, delay=base + i * interval, on_arrive=group.arrived(tok), **step)
        if not tokens and on_done is not None:
            self.after(0.0, on_done)
        return group

    # ---- running ---------------------------------------------------------
    @property
    def busy(self) -> bool:
        return bool(self.timers) or any(t.moving for t in self.tokens)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` real seconds (× ``speed``)."""
        if self.instant:
            self.skip_all()
            return
        self._acc += min(max(dt, 0.0), self.max_frame_dt) * self.speed
        n = 0
        while self._acc >= self.step_dt and n < self.max_substeps:
            self._substep(self.step_dt)
            self._acc -= self.step_dt
            n += 1
        if n >= self.max_substeps:
            self._acc = 0.0
        self._run_idle()

    def _substep(self, h: float) -> None:
        self.time += h
        for tok in list(self.tokens):
            if tok.current is not None and not tok.started:
                tok.wait -= h
                if tok.wait <= 1e-12:
                    tok._begin()
        if self.timers:
            due = sorted((t for t in self.timers if t.remaining - h <= 1e-12), key=lambda t: t.seq)
            for t in self.timers:
                t.remaining -= h
            for t in due:
                if t in self.timers:
                    self.timers.remove(t)
                    t.fn()
        self.space.step(h)
        for tok in list(self.tokens):
            if tok.current is not None and tok.started and tok.world is self:
                tok.elapsed += h
                limit = TIMEOUT_FACTOR * (tok.current.duration or tok.duration)
                if tok._settled() or tok.elapsed > limit:
                    tok._finish()

    def skip_all(self) -> None:
        """Finish every pending move, wait and timer now; callbacks run in the order they were scheduled.

        Callbacks that plan new motion are finished too (up to a generous limit against endless loops).
        """
        for _ in range(100_000):
            best: tuple[int, Any] | None = None
            for tok in self.tokens:
                if tok.current is not None and (best is None or tok.current.seq < best[0]):
                    best = (tok.current.seq, tok)
            for tm in self.timers:
                if best is None or tm.seq < best[0]:
                    best = (tm.seq, tm)
            if best is None:
                break
            item = best[1]
            if isinstance(item, _Timer):
                self.timers.remove(item)
                item.fn()
            else:
                if not item.started:
                    item._begin()
                item._finish()
        self._acc = 0.0
        self._run_idle()

    def _run_idle(self) -> None:
        while self._idle and not self.busy:
            self._idle.pop(0)()

    # ---- drawing ---------------------------------------------------------
    def draw(self, surface: pygame.Surface, min_layer: int | None = None, max_layer: int | None = None) -> None:
        """Draw the tokens whose layer is in [min_layer, max_layer], lowest layer first.

        A scene draws ``max_layer=-1``, then its board, then ``min_layer=0`` to slide things under the board.
        """
        for tok in self.drawn_order(min_layer, max_layer):
            tok.draw(surface)

    def drawn_order(self, min_layer: int | None = None, max_layer: int | None = None) -> list[Token]:
        out = [t for t in self.tokens if (min_layer is None or t.layer >= min_layer)
               and (max_layer is None or t.layer <= max_layer)]
        out.sort(key=lambda t: (t.layer, t._order))
        return out


def spread(center: Vec, count: int, spacing: float, per_row: int = 0) -> list[Vec]:
    """Positions for ``count`` things in a centred row (or rows of ``per_row``): where coins land."""
    if count <= 0:
        return []
    per_row = per_row or count
    out = []
    rows = math.ceil(count / per_row)
    for i in range(count):
        r, c = divmod(i, per_row)
        n = min(per_row, count - r * per_row)
        out.append((center[0] + (c - (n - 1) / 2) * spacing, center[1] + (r - (rows - 1) / 2) * spacing))
    return out


def tokens_at(world: MotionWorld, pos: Vec, radius: float = 0.0) -> Iterable[Token]:
    """Tokens whose image covers ``pos`` (topmost first), for hit-testing a token under the mouse."""
    for tok in reversed(world.drawn_order()):
        if not tok.visible:
            continue
        if tok.image is not None:
            r = tok.image.get_rect(center=(round(tok.pos[0]), round(tok.pos[1]))).inflate(2 * radius, 2 * radius)
            if r.collidepoint(pos):
                yield tok
        elif math.hypot(pos[0] - tok.pos[0], pos[1] - tok.pos[1]) <= radius:
            yield tok
