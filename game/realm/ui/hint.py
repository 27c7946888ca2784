"""Realm's line of why for a hint (the hint itself is the shell's: :mod:`game.shell.hint`).

The search's root value of the hinted move turned into words (Realm's returns are 1 for the winner and 0.25 less 0.01
per point behind the winner otherwise), or, when nothing was searched, that the bot's rules chose it.
"""

from __future__ import annotations


def why_line(value: float | None, iterations: int, forced: bool) -> str:
    """One line of why, from the search's value of the move (None: not searched)."""
    if forced:
        return "The only legal move."
    if value is None or iterations <= 0:
        return "The expert bot's rules pick this move (it found no reason to search further)."
    if value >= 0.5:
        outlook = "it expects to win from here"
    elif value >= 0.25:
        outlook = "it sees a fair chance to win from here"
    else:
        gap = max(1, round((0.25 - value) / 0.01))
        outlook = f"it expects to finish about {gap} VP behind the winner"
    return f"The expert bot's pick after {iterations} playouts: {outlook}."
