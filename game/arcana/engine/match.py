"""Match play for 2 (rules-notes §2): the setup of a match game, validated, and game 2's pick order."""

from __future__ import annotations

from typing import Any

from .constants import MATCH_PICKS
from .content import Content


def pick_seat(fp: int, i: int) -> int:
    """The seat taking pick ``i`` (0..15) of game 2: the First Player takes 1, then the players alternate
    taking 2 at a time, and the First Player takes the last one (1,2,2,2,2,2,2,2,1)."""
    return fp if (i + 1) // 2 % 2 == 0 else 1 - fp


def picks_left(fp: int, i: int) -> int:
    """How many cards the seat taking pick ``i`` still takes in this turn (itself included)."""
    p = pick_seat(fp, i)
    k = 0
    while i + k < MATCH_PICKS and pick_seat(fp, i + k) == p:
        k += 1
    return k


_MATCH_KEYS = {1: ("game", "wins"), 2: ("game", "wins", "chooser", "mages", "pool"),
               3: ("game", "wins", "chooser", "mages", "decks")}


def _check_wins(g: int, wins: Any) -> None:
    if not isinstance(wins, list) or len(wins) != 2:
        raise ValueError(f"match wins must be a list of 2 numbers (got {wins!r})")
    for w in wins:
        if type(w) not in (int, float) or not 0 <= w <= 2 or w * 2 != int(w * 2):
            raise ValueError(f"match wins must be numbers 0..2 in halves (got {wins!r})")
    if wins[0] + wins[1] != g - 1:
        raise ValueError(f"match wins before game {g} must add up to {g - 1} (got {wins!r})")
    if g == 3 and wins[0] != wins[1]:
        raise ValueError(f"game 3 is played only when the match is tied (got wins {wins!r})")


def _check_ids(lst: Any, c: Content, kind: str, k: int, what: str) -> list[str]:
    """``lst`` as a list of ``k`` distinct content ids of cards of ``kind``, or ValueError."""
    if not isinstance(lst, list) or len(lst) != k:
        raise ValueError(f"match {what} must be a list of {k} {kind} ids (got {lst!r})")
    for x in lst:
        if not isinstance(x, str) or x not in c.by_id or c.cards[c.by_id[x]].kind != kind:
            raise ValueError(f"match {what}: {x!r} is not a {kind} id")
    if len(set(lst)) != k:
        raise ValueError(f"match {what} names a card twice")
    return list(lst)


def check_match(match: Any, c: Content) -> dict[str, Any]:
    """Validate a ``match`` setup (see :func:`new_game`); a fresh JSON-ready copy, or ValueError."""
    if not isinstance(match, dict):
        raise ValueError(f"match must be an object (got {match!r})")
    g = match.get("game")
    if type(g) is not int or g not in _MATCH_KEYS:
        raise ValueError(f"match game must be 1, 2 or 3 (got {g!r})")
    keys = _MATCH_KEYS[g]
    if set(match) != set(keys):
        raise ValueError(f"a game-{g} match takes exactly {', '.join(keys)} (got {', '.join(sorted(map(str, match)))})")
    wins = match["wins"]
    _check_wins(g, wins)
    out: dict[str, Any] = {"game": g, "wins": list(wins)}
    if g == 1:
        return out
    ch = match["chooser"]
    if type(ch) is not int or ch not in (0, 1):
        raise ValueError(f"match chooser must be seat 0 or 1 (got {ch!r})")
    if wins[0] != wins[1] and ch != (0 if wins[0] < wins[1] else 1):
        raise ValueError(f"the loser of the last game chooses the first player (wins {wins!r}, chooser {ch!r})")
    out["chooser"] = ch
    out["mages"] = _check_ids(match["mages"], c, "mage", 2, "mages")
    if g == 2:
        out["pool"] = _check_ids(match["pool"], c, "artifact", MATCH_PICKS, "pool")
    else:
        decks = match["decks"]
        if not isinstance(decks, list) or len(decks) != 2:
            raise ValueError(f"match decks must be a list of 2 decks (got {decks!r})")
        out["decks"] = [_check_ids(d, c, "artifact", 8, "deck") for d in decks]
        if set(out["decks"][0]) & set(out["decks"][1]):
            raise ValueError("match decks share a card")
    return out
