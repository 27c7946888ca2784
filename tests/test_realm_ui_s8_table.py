"""Play-test s8 (3 players, 1280x720): what a monument's "2 more" counts, tucked cards you can read, and the
"All N more in" button's place and words."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from game.realm.bots import fast_policy
from game.realm.engine import new_game
from game.shell import testing

from .realm_ui_helpers import realm_table_at

testing.use_dummy_drivers()


def _late_state(players: int, seed: int, steps: int) -> Any:
    st = new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(fast_policy(st, rng))
    return st


@pytest.mark.parametrize("players,seed,steps", [(5, 3, 260), (5, 3, 420), (5, 3, 380), (4, 7, 330),
                                                (3, 5, 200), (5, 11, 400)])
def test_a_monuments_rest_of_its_scorers_says_they_score(cfg, players, seed, steps) -> None:
    """Item 2: "2 more" on a monument tile (or a track's monument) said nothing of what it counted: the seats
    that also score from it, whose chips had no room. Every such count says so ("2 more score", "+2 others"),
    and a tile that has no room for the rest says how many seats score, never only the top scorer."""
    from game.realm.ui.table import SPACES_RECT, TRACKS_RECT

    st = _late_state(players, seed, steps)
    app, _table = realm_table_at(cfg, st)
    texts = [d.text for d in app.last_frame_texts if SPACES_RECT.contains(d.rect) or TRACKS_RECT.contains(d.rect)]
    assert any(m for m in st.view(0)["monuments"])  # something built, so someone scores
    for words in texts:
        assert not re.search(r"(^|, )\d+ more$", words), words


def test_the_rest_words_name_what_they_count() -> None:
    from game.realm.ui.table import points_words, rest_words

    assert rest_words(1) == ("1 more scores", "+1 other") and rest_words(3) == ("3 more score", "+3 others")
    assert points_words(["Wa 12", "Ve 8", "Gu 3"], 1000) == "Wa 12, Ve 8, Gu 3"
    assert points_words(["Wa 12", "Ve 8", "Gu 3"], 95) in ("Wa 12, +2 others", "3 seats score")


def test_a_built_tiles_tip_says_what_its_count_counts(cfg) -> None:
    from game.realm.ui.table import SPACES_RECT

    counted = 0
    for seed, steps in ((3, 260), (3, 420), (11, 400)):
        app, table = realm_table_at(cfg, _late_state(5, seed, steps))
        for h in table.hotspots:
            if h.kind == "space" and SPACES_RECT.contains(h.rect):
                drawn = [d.text for d in app.last_frame_texts if h.rect.contains(d.rect)]
                if any(re.search(r"more scores?$|others?$|seats score$", w) for w in drawn):
                    counted += 1
                    assert "seats score in all" in h.tip, h.tip
    assert counted
