"""Play-test s7 (six things a play-tester tripped on at Realm's table): the prompt for too many mercenaries
says the limit, a tooltip states the rule for this game's player count only, a built monument tile never
says "N more" with nothing shown and its title has its margin, a click on a region places an acolyte every
time, and the mercenaries in hand are named."""

from __future__ import annotations

import random
import re

from game.realm.bots import fast_policy
from game.realm.engine import new_game
from game.realm.engine.constants import HAND_LIMIT
from game.realm.engine.kinds import prompt
from tests.realm_ui_helpers import realm_table_at


def _state_at(players: int, seed: int, stop) -> object | None:
    """A seeded game played by the fast policy until ``stop(state)`` holds (None: it never did)."""
    st = new_game(players, seed=seed)
    rng = random.Random(seed)
    while not st.is_terminal():
        if stop(st):
            return st
        st.apply(fast_policy(st, rng))
    return None


# ------------------------------------------------------------ item 6: the mercenary limit in the prompt
def test_too_many_mercenaries_says_how_many_you_may_keep(cfg) -> None:
    assert f"you may keep {HAND_LIMIT}" in prompt("merc_discard")
    st = next(s for seed in range(1, 40)
              if (s := _state_at(5, seed, lambda x: x.decision_name() == "merc_discard")) is not None)
    app, scene = realm_table_at(cfg, st)
    assert f"you may keep {HAND_LIMIT}" in scene._hints().prompt


# ------------------------------------------------------------ item 5: tips for this game's player count
def _count_words(tip: str) -> set[int]:
    """The player counts a tip names ("2 players", "3-player")."""
    return {int(k) for k in re.findall(r"\b(\d)(?: players?\b|-player\b)", tip)}


def test_no_tooltip_names_another_player_count(cfg) -> None:
    for players in (2, 3, 4, 5):
        app, scene = realm_table_at(cfg, new_game(players, seed=players))
        tips = [h.tip for h in scene.hotspots if h.tip]
        spirits = next(t for t in tips if t.startswith("Spirits"))
        assert ("both neighbours" in spirits) == (players == 2), spirits  # the 2-player note, at 2 only
        wrong = [t for t in tips if _count_words(t) - {players}]
        assert not wrong, (players, wrong)


def test_control_the_count_check_sees_a_count_in_a_tip() -> None:
    assert _count_words("more (2 players: the opponent is both neighbours).") == {2}
    assert _count_words("2-player game: the table hand") == {2}
    assert _count_words("Spirits: +6 per neighbour") == set()


