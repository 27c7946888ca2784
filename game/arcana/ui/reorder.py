"""Putting peeked cards back ("look at 3"): the cards lie in slots, top card first, and are dragged into
order (the others make room as a card is dragged, so it snaps into a slot and no card lies on another);
or clicked in the order they go back, top first; or, by key, 1 to 3 clicks the card in that slot.

Pure bookkeeping on slot indices and rectangles; the table draws and submits.
"""

from __future__ import annotations

import pygame

DRAG_START = 6  # pixels the mouse moves with the button down before a press is a drag, not a click
SLOT_WORDS = ("top card", "second", "third", "fourth")


class Reorder:
    """The order the player is building: ``arrangement`` holds the peeked cards' indices slot by slot (top
    first); ``picks`` the cards clicked so far, top first; ``dragging`` the card held, and ``hover`` the slot
    it would drop into."""

    def __init__(self) -> None:
        self.arrangement: list[int] = []
        self.picks: list[int] = []
        self.dragging = -1
        self.hover = -1
        self._press: tuple[int, int] | None = None  # the card pressed and the x where, before it is a drag

    def reset(self, n: int = 0) -> None:
        self.arrangement, self.picks = list(range(n)), []
        self.dragging, self.hover, self._press = -1, -1, None

    def ensure(self, n: int) -> None:
        """A fresh arrangement (the order the cards were peeked in) when the peek changed."""
        if sorted(self.arrangement) != list(range(n)):
            self.reset(n)

    def shown(self) -> list[int]:
        """The cards slot by slot as drawn now: while one is dragged, it sits in the slot under the mouse."""
        if self.dragging < 0 or self.hover < 0:
            return list(self.arrangement)
        order = [i for i in self.arrangement if i != self.dragging]
        order.insert(self.hover, self.dragging)
        return order

    def slot_of(self, i: int) -> int:
        return self.shown().index(i)

    def press(self, i: int, x: int) -> None:
        self._press = (i, x)

    def motion(self, x: int, slots: list[pygame.Rect]) -> bool:
        """The mouse moved with the button down; True when a drag is on (the picture changed)."""
        if self._press is None:
            return False
        i, x0 = self._press
        if self.dragging < 0 and abs(x - x0) < DRAG_START:
            return False
        self.dragging = i
        self.hover = nearest_slot(x, slots)
        return True

    def release(self, x: int, slots: list[pygame.Rect]) -> tuple[str, int]:
        """The button let go: ("moved", card) the held card dropped into a slot, ("click", card) no drag, or
        ("", -1) no card was pressed."""
        pressed, self._press = self._press, None
        if self.dragging >= 0:
            card = self.dragging
            self.hover = nearest_slot(x, slots)
            self.arrangement = self.shown()
            self.dragging, self.hover = -1, -1
            self.picks = []
            return "moved", card
        return ("click", pressed[0]) if pressed is not None else ("", -1)

    def click(self, i: int) -> bool:
        """Card ``i`` clicked: it goes next from the top (clicked again: it and those after it are taken
        back). True when every card is placed (the arrangement is then the clicked order)."""
        if i in self.picks:
            self.picks = self.picks[:self.picks.index(i)]
            return False
        self.picks.append(i)
        if len(self.picks) == len(self.arrangement):
            self.arrangement = list(self.picks)
            return True
        return False


def nearest_slot(x: int, slots: list[pygame.Rect]) -> int:
    return min(range(len(slots)), key=lambda k: abs(slots[k].centerx - x)) if slots else -1
