"""The collect step in one panel: every choice a seat's collect phase asks (essences of one's choice,
essences to take off a card or leave there, the Cursed Forge's Death or tap) planned together, with
defaults, and answered by one Collect click. (A collect with a single choice is answered as any other
step: its one click is already the fewest.)

The engine asks these one at a time, and an answer can change what is asked next (taking the Gold off
a Vault ends its collect; a Death gained may let the Forge be paid). So the plan is worked out on a copy
of the state: each step answered with the player's choice, or the default, in the engine's own order.
Only the seat's own collect is played out on the copy; nothing hidden is drawn or dealt in it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.shell import text as T
from game.shell.widgets import Button

from ..engine.essences import MASK_OPTIONS
from ..engine.state import K_ESS, K_FORGE, K_TAKE, T_TURN
from . import look as L
from .advice import abilities_lost_to_a_tap, gain_plan, points_lost, tap_words

COLLECT_DECISIONS = ("essence", "take", "forge")


@dataclass
class CollectStep:
    """One choice of the collect: ``kind`` is "gain" (``n`` essences among ``allowed``, ``vec`` how many
    of each), "take" (the essences ``on`` the card: ``yes`` takes them, losing ``loss`` points) or "forge"
    (``yes`` pays a Death, else the Forge is tapped)."""

    kind: str
    key: tuple
    card: int
    n: int = 0
    allowed: tuple[int, ...] = ()
    vec: list[int] = field(default_factory=lambda: [0] * 5)
    yes: bool = True
    on: tuple[int, ...] = ()
    loss: int = 0
    keeps_paying: bool = False  # a take: the card's own collect needs what is on it (Vault, Windup Man)
    tap_loses: int = 0  # the Forge: how many of its abilities tapping it puts out of use this round

    def complete(self) -> bool:
        return self.kind != "gain" or sum(self.vec) == self.n

    def actions(self) -> list[tuple]:
        """The engine's answers for this step, in order."""
        if self.kind == "gain":
            return [(K_ESS, e) for e in range(5) for _ in range(self.vec[e])]
        if self.kind == "take":
            return [(K_TAKE, self.card, int(self.yes))]
        return [(K_FORGE, 0 if self.yes else 1)]


def collecting(state: Any, p: int) -> bool:
    """Seat ``p`` is answering a choice of its collect phase (the round's first turn is still to come)."""
    return (not state.is_terminal() and state.to_move() == p and state.decision_name() in COLLECT_DECISIONS
            and (T_TURN,) in state.tasks)


def _gain_sources(state: Any, p: int) -> list[int]:
    """The cards whose collect asks for a choice of essences, in the order the engine asks."""
    out = []
    for ci in state.play[p]:
        for g in state.c.cards[ci].collect:
            if g.any and len(MASK_OPTIONS[g.mask]) > 1:
                out.append(ci)
            if g.one_of and len(g.one_of) > 1:
                out.append(ci)
    return out


def _vault(state: Any, p: int) -> int:
    return next((ci for ci in state.play[p] if state.c.cards[ci].conditional == "vault"), -1)


def _take_default(state: Any, p: int, ci: int, loss: int) -> bool:
    """Take the essences off a card unless that costs points or ends the card's own collect (Vault,
    Windup Man keep paying while essences stay on them)."""
    return not loss and not state.c.cards[ci].conditional


def _gain_step(sim: Any, p: int, k: int, sources: list[int], chosen: dict) -> CollectStep:
    n = sim.dd.count
    allowed = tuple(a[1] for a in sim.legal_actions())
    card = sources[k] if k < len(sources) else _vault(sim, p)
    key = ("gain", k, card)
    vec = chosen.get(key)
    if vec is None or sum(vec) > n or any(vec[e] and e not in allowed for e in range(5)):
        vec = gain_plan(sim, p, list(allowed), n)
    return CollectStep("gain", key, card, n=n, allowed=allowed, vec=list(vec))


def plan_collect(state: Any, p: int, chosen: dict[tuple, Any] | None = None) -> list[CollectStep]:
    """The steps of seat ``p``'s collect from here, each answered by ``chosen[step.key]`` (a vector of
    essences for a gain, a bool for a take or the Forge) where given and legal, else by the default."""
    chosen = chosen or {}
    sim = state.copy()
    sources = _gain_sources(state, p)
    steps: list[CollectStep] = []
    gains = 0
    while collecting(sim, p) and len(steps) < 40:
        d = sim.decision_name()
        if d == "essence":
            step = _gain_step(sim, p, gains, sources, chosen)
            gains += 1
        elif d == "take":
            ci = sim.legal_actions()[0][1]
            loss = points_lost(sim, p, (K_TAKE, ci, 1))
            yes = chosen.get(("take", ci), _take_default(sim, p, ci, loss))
            step = CollectStep("take", ("take", ci), ci, yes=bool(yes), on=tuple(sim.on[ci * 5:ci * 5 + 5]),
                               loss=loss, keeps_paying=bool(sim.c.cards[ci].conditional))
        else:
            ci = sim.dd
            step = CollectStep("forge", ("forge", ci), ci, yes=bool(chosen.get(("forge", ci), True)),
                               tap_loses=0 if sim.turned[ci] else abilities_lost_to_a_tap(sim.c.cards[ci]))
        steps.append(step)
        if not step.complete():  # a gain still being chosen: what follows waits for it
            return steps
        for a in step.actions():
            if not sim.is_legal(a):
                return steps
            sim.apply(a)
    return steps


def shift_gain(step: CollectStep, e: int, d: int) -> list[int]:
    """The gain's vector with one more (``d`` 1) or one fewer (-1) of essence ``e``; one more when all are
    chosen moves one over from the type with most (so a choice of one is a single click)."""
    vec = list(step.vec)
    if d < 0:
        vec[e] = max(0, vec[e] - 1)
        return vec
    if e not in step.allowed or vec[e] >= step.n:
        return vec
    if sum(vec) >= step.n:
        donor = max((k for k in range(5) if k != e and vec[k]), key=lambda k: vec[k])
        vec[donor] -= 1
    vec[e] += 1
    return vec


# ---------------------------------------------------------------- the panel
CELL_W, STEP_W = 88, 28  # a gain's cell per essence type (- icon count +), its - and + buttons
CHOICE_W = {"take": 90, "forge": 130}  # the width of a take's two buttons, of the Forge's (a tick and the word whole)


def fixed_income(state: Any, p: int) -> list[int]:
    """What seat ``p``'s cards gave this round with nothing to choose (already in the pool)."""
    vec = [0] * 5
    for ci in state.play[p]:
        for g in state.c.cards[ci].collect:
            vec = [a + b for a, b in zip(vec, g.fixed)]
    return vec


def step_words(step: CollectStep, name: str) -> str:
    """What a step asks, in words (the card's name first)."""
    if step.kind == "gain":
        what = f"{step.n} of your choice"
        if step.n == 1 and len(step.allowed) <= 3:
            what = "1 of " + " or ".join(L.ESS_NAMES[e] for e in step.allowed)
        elif 4 not in step.allowed:
            what += ", not Gold"
        left = step.n - sum(step.vec)
        return f"{name}: {what}" + (f" ({left} left)" if left else "")
    if step.kind == "take":
        them = "it" if sum(step.on) == 1 else "them"
        lose = f"; taking {them} costs {step.loss} point{'s' if step.loss != 1 else ''}"
        keep = ""  # as the chosen option has it: left, the card's own collect goes on; taken, it stops
        if step.keeps_paying:
            keep = f"; taking {them}, the card collects no more" if step.yes else "; left there, the card collects more"
        return f"{name}: {L.ess_words(step.on)} on it" + (lose if step.loss else keep)
    return f"{name}: pay 1 Death, or tap it" + (f" ({tap_words(name, step.tap_loses)})" if step.tap_loses else "")


def _one_line(step: CollectStep) -> bool:
    """A gain of few types: its words beside its cells, on one row."""
    return step.kind == "gain" and len(step.allowed) <= 3


def _cells_x(step: CollectStep, row: pygame.Rect) -> int:
    """Where a gain's first cell starts: under its words, or at the right of a one-line row."""
    return row.right - len(step.allowed) * (CELL_W + 3) + 3 if _one_line(step) else row.x


def _words_width(step: CollectStep, row_w: int) -> int:
    if step.kind != "gain":
        return row_w - 2 * CHOICE_W[step.kind] - 12
    return row_w - len(step.allowed) * (CELL_W + 3) - 8 if _one_line(step) else row_w


def _row_height(step: CollectStep, name: str, width: int) -> int:
    if step.kind == "gain" and not _one_line(step):
        return _title_height(step, name, width) + 4 + 32
    return max(34, T.wrapped_height(step_words(step, name), _words_width(step, width), "small") + 4)


def _title_height(step: CollectStep, name: str, width: int) -> int:
    """The height of a many-type gain's words, above its cells."""
    return T.wrapped_height(step_words(step, name), width, "small", bold=True)


def layout_rows(steps: list[CollectStep], names: list[str], area: pygame.Rect) -> list[pygame.Rect]:
    """A rectangle for each step, top to bottom in ``area`` (those that do not fit are left out)."""
    out, y = [], area.y
    for step, name in zip(steps, names):
        h = _row_height(step, name, area.w)
        if y + h > area.bottom:
            break
        out.append(pygame.Rect(area.x, y, area.w, h))
        y += h + 6
    return out


def _cells_y(step: CollectStep, row: pygame.Rect, name: str) -> int:
    """The top of a gain's cells: beside its words on a one-line row, else under them."""
    return row.centery - 15 if _one_line(step) else row.y + _title_height(step, name, row.w) + 4


def build_buttons(steps: list[CollectStep], rows: list[pygame.Rect], names: list[str],
                  shift: Callable[[int, int, int], None], toggle: Callable[[int, bool], None]) -> list[Button]:
    """Each step's controls: a gain's - and + per type, a take's Take and Leave, the Forge's Pay and Tap; of
    the two, the chosen one is ticked ("\u2713 Take", play-test: the yellow one looked like a button to
    press) and the other is the option to click."""
    out: list[Button] = []
    for i, (step, row, name) in enumerate(zip(steps, rows, names)):
        if step.kind == "gain":
            for k, e in enumerate(step.allowed):
                x, y = _cells_x(step, row) + k * (CELL_W + 3), _cells_y(step, row, name)
                ess = L.ESS_NAMES[e]
                out.append(Button("-", (x, y, STEP_W, 30), lambda i=i, e=e: shift(i, e, -1), size="small",
                                  enabled=step.vec[e] > 0, tooltip=f"One {ess} fewer"))
                out.append(Button("+", (x + CELL_W - STEP_W, y, STEP_W, 30), lambda i=i, e=e: shift(i, e, 1),
                                  size="small", enabled=step.vec[e] < step.n, tooltip=f"One {ess} more"
                                  + (" (one of another type fewer)" if sum(step.vec) >= step.n else "")))
            continue
        yes, no = ("Take", "Leave") if step.kind == "take" else ("Pay Death", "Tap it")
        y, w = row.centery - 16, CHOICE_W[step.kind]
        for k, (label, value) in enumerate(((yes, True), (no, False))):
            x = row.right - (2 - k) * w - (4 if k == 0 else 0)
            tip = {("take", True): "Take them into your pool" + (f": {step.loss} points fewer" if step.loss else ""),
                   ("take", False): "Leave them on the card",
                   ("forge", True): "Pay 1 Death: the Forge stays untapped",
                   ("forge", False): "Tap the Forge instead of paying"
                   + (f": {tap_words(name, step.tap_loses)}" if step.tap_loses else "")}[(step.kind, value)]
            chosen = step.yes == value  # the chosen one reads as chosen (a tick), the other as the option to pick
            out.append(Button(("\u2713 " if chosen else "") + label, (x, y, w - 4, 32),
                              lambda i=i, v=value: toggle(i, v), size="small",
                              style="primary" if chosen else "secondary",
                              tooltip=f"Chosen: {tip[0].lower()}{tip[1:]}" if chosen else f"Click to choose: {tip}"))
    return out


def draw_rows(surface: pygame.Surface, steps: list[CollectStep], rows: list[pygame.Rect], names: list[str]) -> None:
    """Each step's words, and a gain's icons with the count chosen of each type (the buttons draw themselves)."""
    for step, row, name in zip(steps, rows, names):
        words = step_words(step, name)
        if step.kind == "gain":
            for k, e in enumerate(step.allowed):
                cx = _cells_x(step, row) + k * (CELL_W + 3) + CELL_W // 2
                cy = _cells_y(step, row, name) + 15
                L.essence_icon(surface, (cx - 9, cy), 10, e)
                T.draw_text(surface, str(step.vec[e]), (cx + 4, cy), "body", "text" if step.vec[e] else "text_dim",
                            bold=True, anchor="midleft")
            if not _one_line(step):
                T.draw_wrapped(surface, words, pygame.Rect(row.x, row.y, row.w, row.h), "small", "text", bold=True)
                continue
        box = pygame.Rect(row.x, row.y, _words_width(step, row.w), row.h)
        colour = (240, 160, 120) if step.loss else "text"
        T.draw_wrapped(surface, words, box, "small", colour, valign="middle")
