"""Play-test g7: a tuck's words say what applying it does. The influence an option states is the track's real
change (the cap at 8 said), and the artifact's rule in the preview is the engine's: kept until a rival ties or
passes, even after falling below 3."""

from __future__ import annotations

import re
from typing import Any

from game.realm.engine.constants import TRACK_MAX
from game.realm.ui.words import option_words, preview_title

from .test_realm_ui_words_s5 import _tuck_states, _who


def _near_top(st: Any) -> list[Any]:
    """The state and copies with the seat's tracks at 6, 7 and 8 (where the cap stops a printed +2)."""
    out = [st]
    for v in (TRACK_MAX - 2, TRACK_MAX - 1, TRACK_MAX):
        t = st.copy()
        p = t.to_move()
        for pl in range(5):
            t.tracks[p * 5 + pl] = v
        out.append(t)
    return out


def test_every_tuck_option_states_the_influence_it_gives() -> None:
    checked, capped = 0, 0
    for players, seed in ((2, 31), (3, 32), (4, 33), (5, 34)):
        for base in _tuck_states(players, seed):
            for st in _near_top(base):
                p = st.to_move()
                for a in st.legal_actions():
                    words = option_words(st.c, st, a, _who)
                    said = re.search(r"\+(\d+) influence", words)
                    slot = p * 5 + a[1]
                    real = st.preview(a).tracks[slot] - st.tracks[slot]
                    printed = st.c.cards[st.tucking_card()].halves[a[2]].influence
                    if not printed:
                        assert said is None, words
                        continue
                    assert said is not None and int(said.group(1)) == real, (words, real)
                    assert ("(capped at 8)" in words) == (real < printed), words
                    checked += 1
                    capped += real < printed
    assert checked and capped  # both the plain and the capped case were met


def test_the_option_at_7_of_8_says_plus_one_capped() -> None:
    st = next(st for st in _tuck_states(3, 11) if any(st.c.cards[st.tucking_card()].halves[a[2]].influence == 2
                                                      for a in st.legal_actions()))
    a = next(a for a in st.legal_actions() if st.c.cards[st.tucking_card()].halves[a[2]].influence == 2)
    st.tracks[st.to_move() * 5 + a[1]] = 7
    assert "+1 influence (capped at 8)" in option_words(st.c, st, a, _who)
    assert "+2 influence" not in option_words(st.c, st, a, _who)


def test_the_artifact_rule_said_is_the_one_the_engine_keeps() -> None:
    """The preview of a tuck that wins an artifact says it is kept until a rival ties or passes; the engine keeps
    it after the holder's track falls from 4 to 1 while no rival reaches it (play-test: paid Radiance 4 -> 1)."""
    won = [(st, a) for st in _tuck_states(3, 11) for a in st.legal_actions()
           if "+\u00a0artifact" in option_words(st.c, st, a, _who)]
    assert won
    st, a = won[0]
    title = preview_title(st.c, st, a, _who)
    assert title.endswith("Artifact: yours until a rival ties or passes you.")
    assert "alone lead" not in title
    after = st.preview(a)
    p, pl = st.to_move(), a[1]
    assert after.artifact[pl] == p
    for q in range(after.n):  # rivals below 1, the holder at 4, then paying down to 1
        after.tracks[q * 5 + pl] = 0
    after.tracks[p * 5 + pl] = 4
    after._check_artifact(pl)
    after._advance(p, pl, -3)
    assert after.tracks[p * 5 + pl] == 1 and after.artifact[pl] == p  # kept below 3
    q = (p + 1) % after.n
    after._advance(q, pl, 1)
    assert after.artifact[pl] == -1  # a tie returns it
