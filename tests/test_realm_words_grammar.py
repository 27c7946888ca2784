"""Realm's lines agree with plural seat names (issue 22): a faction names a people, "The Watchers gain 2 coins",
"The Watchers take row 4"; "You take"; a name a player typed is one person, "Ann takes"."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game.realm.adapter import ADAPTER
from game.realm.bots import fast_policy
from game.realm.engine import new_game
from game.realm.ui import words as W

from .realm_ui_helpers import narrated_lines

UI = Path(W.__file__).parent


def _verbs() -> set[str]:
    """Every verb the Realm window puts after a seat's name through ``does`` (read from its sources, so a new
    line's verb is checked too), and the Dominion bonus's."""
    found = set()
    for path in UI.glob("*.py"):
        found.update(re.findall(r"""does\([^()]*(?:\([^()]*\))?[^()]*,\s*['"](\w+)['"]\)""", path.read_text("utf-8")))
    found.update(w.split(" ", 1)[0] for w in W._DOMINION_WORDS)
    return found


def _faction_names() -> list[str]:
    return [f.name for f in new_game(2, seed=1).c.factions]


def _disagreements(line: str, verbs: set[str]) -> list[str]:
    """The places in ``line`` where a faction's name (with or without a bot's level after it) is followed by a
    verb in the third person singular."""
    names = "|".join(re.escape(n) for n in _faction_names())
    verb = "|".join(sorted(verbs))
    return [m.group(0) for m in re.finditer(rf"\b(?:{names})(?: \([\w ]+\))? (?:{verb})\b", line)]


def test_the_verbs_are_found_in_the_sources() -> None:
    verbs = _verbs()
    assert {"takes", "gains", "pays", "is", "places", "draws", "loses", "wins"} <= verbs, verbs


def test_control_the_check_catches_a_faction_with_a_singular_verb() -> None:
    verbs = _verbs()
    assert _disagreements("The Watchers gains 2 coins", verbs) == ["The Watchers gains"]
    assert _disagreements("Dominion artifact: The Veil Wardens draws a mercenary", verbs)
    assert _disagreements("The Guilded (hard) is thinking\u2026", verbs)
    assert not _disagreements("The Watchers gain 2 coins", verbs)
    assert not _disagreements("Ann gains 2 coins; The Remnants take row 4", verbs)


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33), (5, 34), (5, 35)])
def test_no_line_of_a_seeded_all_bot_game_has_a_faction_with_a_singular_verb(players, seed) -> None:
    verbs = _verbs()
    lines = narrated_lines(players, seed)
    bad = sorted({b for line in lines for b in _disagreements(line, verbs)})
    assert not bad, bad
    told = " ".join(lines)
    for phrase in ("gain", "take row", "pay"):  # the control: the lines do put factions before these verbs
        assert re.search(rf"The [A-Z]\w+(?: Wardens)? {phrase}\b", told), phrase


@pytest.mark.parametrize("name,verb,line", [
    ("The Watchers", "gains", "The Watchers gain"), ("The Veil Wardens", "takes", "The Veil Wardens take"),
    ("The Guilded", "passes", "The Guilded pass"), ("The Archivists (hard)", "is", "The Archivists (hard) are"),
    ("You", "takes", "You take"), ("You", "reaches", "You reach"), ("Ann", "takes", "Ann takes"),
    ("Ann (rule)", "is", "Ann (rule) is"), ("The table", "takes", "The table takes"),
])
def test_does_agrees_by_the_rule(name, verb, line) -> None:
    assert W.does(name, verb) == line


def test_a_typed_name_keeps_the_singular_and_a_faction_the_plural_in_the_log() -> None:
    st = new_game(3, seed=8)
    st.events = []
    rng = random.Random(8)
    while not any(ev["type"] == "row" for ev in st.events):
        st.apply(fast_policy(st, rng))
    row = next(ev for ev in st.events if ev["type"] == "row")
    factions = ADAPTER.seat_names(st)
    typed = ["Ann", "Bob", "Cy"]
    assert ADAPTER.narrate(st, row, factions).startswith(f"{factions[row['seat']]} take row ")
    assert ADAPTER.narrate(st, row, typed).startswith(f"{typed[row['seat']]} takes row ")
    assert ADAPTER.narrate(st, row, ["You"] * 3).startswith("You take row ")
