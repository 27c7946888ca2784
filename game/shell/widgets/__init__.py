"""A small widget set for a board-game UI.

Widgets live in logical coordinates (the app maps the mouse for them). Each
has a ``rect``, ``visible``/``enabled`` flags, an optional ``tooltip`` and a
``text`` (what a test searches for). A :class:`Container` dispatches events to
its children, topmost first: mouse motion goes to every child (so hover states
stay right), everything else stops at the first child that uses it.

Widgets: :class:`Label`, :class:`Button`, :class:`Panel`, :class:`ScrollList`,
:class:`Slider`, :class:`Stepper`, :class:`Toggle`, :class:`Choice`,
:class:`ProgressBar`, :class:`Dialog`, :class:`Curtain`; plus the app-level
:class:`TooltipManager`. Colour never carries meaning alone: buttons, toggles
and choices accept an :class:`~game.shell.theme.Icon` (shape + letter).
"""

from __future__ import annotations

from .base import (
    MOUSE_BUTTONS,
    Container,
    Label,
    Panel,
    RectLike,
    Widget,
    column,
    draw_panel,
    draw_shadow,
    event_pos,
    key_label,
    pulse,
    row,
)
from .button import Button
from .controls import Choice, ProgressBar, Slider, Stepper, Toggle
from .dialogs import Curtain, Dialog, DialogButton
from .lists import ScrollList
from .tooltip import TooltipManager

__all__ = [
    'Button', 'Choice', 'Container', 'Curtain', 'Dialog', 'DialogButton', 'Label', 'MOUSE_BUTTONS', 'Panel',
    'ProgressBar', 'RectLike', 'ScrollList', 'Slider', 'Stepper', 'Toggle', 'TooltipManager', 'Widget', 'column',
    'draw_panel', 'draw_shadow', 'event_pos', 'key_label', 'pulse', 'row'
]
