"""Play-test s5 (p1): Realm's words where a newcomer misread them. The reckoning summary's rank against the row
taken, and why a bidder holds the last place row; the card a tuck puts away; why a deployment places more
acolytes than printed; what an artifact is; a tuck that cannot raise a full track."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.realm.engine import new_game
from game.realm.engine.content import CARD_ACTION, CARD_FINAL
from game.realm.ui.overlays import ReckoningReport, ReckoningScene
from game.realm.ui.table import TableRenderer, UIHints
from game.realm.ui.words import (
    ARTIFACT_WON,
    artifacts_tip,
    card_name,
    last_place_reason,
    option_words,
    ordinal,
    preview_title,
    tuck_card_short,
    tuck_card_words,
)
from game.shell import testing
from game.shell.text import text_size, wrap


def _summary(order: list[int], rows: dict[int, int], bids: list[int]) -> list[str]:
    """The texts a reckoning summary draws for a 3-player reckoning on W3_01 (monument, +gain, last place)."""
    app = testing.make_app()
    s = new_game(3, seed=5)
    rep = ReckoningReport(region=0, final=False, starter=0, reward="W3_01", bids=bids, order=order, rows=rows)
    app.push(ReckoningScene(TableRenderer(s.c), s.view(0), UIHints(), rep))
    testing.step(app, 2)
    return testing.drawn_texts(app)


def _said(texts: list[str]) -> str:
    """The drawn texts as one string (a wrapped note is drawn line by line)."""
    return " ".join(texts)


def test_the_summary_says_rank_as_an_ordinal_and_row_as_a_row() -> None:
    texts = _summary([0, 1, 2], {0: 1, 1: 0, 2: 2}, [7, 5, 2])
    assert "1st" in texts and "2nd" in texts and "3rd" in texts
    assert any(t.startswith("row 2: ") for t in texts)  # the 1st bidder's row, a row by its word
    assert any(t.startswith("row 1: monument") for t in texts)
    assert any(t.startswith("row 3, last place: ") for t in texts)
    assert not any(t[:2] in ("1.", "2.", "3.") for t in texts)  # no bare number left to read as a rank


def test_a_higher_bidder_on_last_place_is_told_why() -> None:
    texts = _summary([1, 0, 2], {1: 0, 0: 2, 2: 1}, [6, 9, 4])  # the 2nd (bid 6) chose last place
    assert "chose last place, so its bid of 6 goes unpaid" in _said(texts)
    assert "last to choose" not in _said(texts)


def test_the_last_chooser_left_with_last_place_is_told_so() -> None:
    texts = _summary([1, 0, 2], {1: 0, 0: 1, 2: 2}, [6, 9, 4])  # control: the 3rd was left with it
    said = "last to choose: last place was the row left, so its bid of 4 goes unpaid (last place pays no bid)"
    assert said in _said(texts)
    assert "chose last place" not in _said(texts)


def test_ordinals_and_reasons() -> None:
    assert [ordinal(k) for k in (1, 2, 3, 4, 5, 11, 12, 21)] == ["1st", "2nd", "3rd", "4th", "5th", "11th",
                                                                  "12th", "21st"]
    assert "pays no bid" in last_place_reason(6, forced=False)
    assert "bid of 0" in last_place_reason(0, forced=False)


def _who(p: int) -> str:
    return f"Seat {p}"


def _tuck_states(players: int, seed: int) -> list[Any]:
    """Copies of a random game's states at each tuck decision."""
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    found = []
    while not s.is_terminal():
        if s.decision_name() == "tuck":
            found.append(s.copy())
        s.apply(rng.choice(s.legal_actions()))
    return found


@pytest.fixture(scope="module")
def tuck_states() -> list[Any]:
    return _tuck_states(3, 11) + _tuck_states(4, 12)


def test_a_tuck_option_and_its_preview_name_the_card(tuck_states) -> None:
    kinds = set()
    for st in tuck_states:
        card = st.c.cards[st.tucking_card()]
        reckoning = card.kind != CARD_ACTION
        kinds.add(reckoning)
        for a in st.legal_actions():
            words, title = option_words(st.c, st, a, _who), preview_title(st.c, st, a, _who)
            short = words.split(" \u2192 ")[0]
            assert short == (st.c.region_names[card.region] if reckoning else card_name(st.c, card))
            if ARTIFACT_WON in title:  # the artifact's rule takes the room of the card's kind
                assert title.startswith(f"Tuck {short} under ")
            else:
                kind = "card " if not reckoning else "final reckoning card " if card.kind == CARD_FINAL \
                    else "reckoning card "
                assert title.startswith("Tuck the " + kind + short + " under ")
    assert kinds == {True, False}  # both kinds of card were tucked


def test_a_tuck_option_takes_at_most_two_lines_of_its_button(tuck_states) -> None:
    testing.make_app()  # the fonts
    for st in tuck_states:
        for a in st.legal_actions():
            assert len(wrap(option_words(st.c, st, a, _who), 400 - 24, "tiny", bold=True)) <= 2


def test_a_tuck_preview_title_fits_its_line_beside_the_buttons(tuck_states) -> None:
    """The preview's title is one line at 15 px bold, left of its buttons (250 px of the 1160 px header box)."""
    testing.make_app()
    widest = max(text_size(preview_title(st.c, st, a, _who), 15, bold=True)[0]
                 for st in tuck_states for a in st.legal_actions())
    assert 0 < widest <= 1160 - 250 - 24


def _first_placements(players: int, seed: int) -> list[Any]:
    """Copies of a random game's states at the first placement of each deployment."""
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    found, last = [], None
    while not s.is_terminal():
        if s.decision_name() == "place" and (last is None or last[0] != "place"):
            found.append(s.copy())
        last = rng.choice(s.legal_actions())
        s.apply(last)
    return found


def test_a_deployment_beyond_the_printed_count_says_why() -> None:
    states = [st for seed in range(20, 26) for st in _first_placements(3, seed)]
    radiant = [st for st in states if st.artifact[1] == st.to_move()]  # pillar 1: Radiance
    plain = [st for st in states if st.artifact[1] != st.to_move()]
    assert radiant and plain
    from_card = 0
    for st in radiant:
        title = preview_title(st.c, st, st.legal_actions()[0], _who)
        assert "Radiance artifact" in title
        if " printed + 2 " in title:  # the played card's count, plus 2, is what the deployment asks for
            from_card += 1
            assert title.endswith(f"? {st.dec_n - 2} printed + 2 from your Radiance artifact.")
    assert from_card
    for st in plain:  # control: a deployment as printed says nothing more
        assert preview_title(st.c, st, st.legal_actions()[0], _who).endswith("?")


def test_every_tuck_title_fits_its_line() -> None:
    """Over every card and pillar it can go under, the longest title of each form: 1160 - 250 px."""
    testing.make_app()
    c = new_game(3, seed=1).c
    places = [(i, f"{c.pillar_names[pl]} {side}") for i, cd in enumerate(c.cards) for pl in cd.pillars
              for side in ("bottom", "top")]
    plain = max(text_size(f"Tuck {tuck_card_words(c, i)} under {where}?", 15, bold=True)[0] for i, where in places)
    won = max(text_size(f"Tuck {tuck_card_short(c, i)} under {where}? {ARTIFACT_WON}", 15, bold=True)[0]
              for i, where in places)
    assert 0 < plain <= 886 and 0 < won <= 886


def test_a_won_artifact_is_explained(tuck_states) -> None:
    won = [(st, a) for st in tuck_states for a in st.legal_actions() if "+\u00a0artifact" in option_words(st.c, st, a,
                                                                                                       _who)]
    assert won
    for st, a in won:
        assert "+\u00a0artifact (lead 3+)" in option_words(st.c, st, a, _who)  # "+" kept with its word
        assert preview_title(st.c, st, a, _who).endswith("Artifact: yours until a rival ties or passes you.")
    # control: a tuck that wins nothing says nothing of artifacts
    plain = [(st, a) for st in tuck_states for a in st.legal_actions() if (st, a) not in won]
    assert plain and all("rtifact" not in preview_title(st.c, st, a, _who) for st, a in plain)
    assert artifacts_tip(won[0][0].c, [1]) == ("Its holder deploys 2 more acolytes whenever they deploy. "
                                               "The Radiance artifact is held by whoever alone leads the Radiance "
                                               "track at 3 or more, until someone ties or overtakes them.")


def test_a_tuck_at_the_top_of_its_track_says_it_has_no_effect(tuck_states) -> None:
    st = next(st for st in tuck_states if any(st.c.cards[st.tucking_card()].halves[a[2]].influence
                                              for a in st.legal_actions()))
    a = next(a for a in st.legal_actions() if st.c.cards[st.tucking_card()].halves[a[2]].influence)
    slot = st.to_move() * 5 + a[1]
    full, low = st.copy(), st.copy()
    full.tracks[slot], low.tracks[slot] = 8, 5
    assert "+0 influence (capped at 8)" in option_words(full.c, full, a, _who)
    assert "capped" not in option_words(low.c, low, a, _who)  # control: room left on the track


def test_every_deploy_title_fits_beside_the_all_here_button() -> None:
    """The first placement's preview title, one line at 15 px bold left of 380 px of buttons (1160 px box)."""
    testing.make_app()
    c = new_game(3, seed=1).c
    reasons = [f"{k} printed + 2 from your Radiance artifact." for k in (1, 2, 3, 4)]
    reasons.append("+2 acolytes from your Radiance artifact.")
    widest = max(text_size(f"Place an acolyte in {region}? {why}", 15, bold=True)[0]
                 for region in c.region_names for why in reasons)
    assert 0 < widest <= 1160 - 380 - 24


def test_a_boards_artifacts_line_says_what_an_artifact_is(cfg) -> None:
    """Pointing at a board's "artifacts:" line tells the holding rule of each artifact held there; a board
    holding none has no such tip (the control: the line and its tip come and go with the artifacts)."""
    from tests.realm_ui_helpers import realm_table_at

    rng = random.Random(3)
    st = new_game(3, seed=21)
    while not st.is_terminal() and all(a < 0 for a in st.artifact):
        st.apply(rng.choice(st.legal_actions()))
    holder = next(p for p in range(st.n) if p in st.artifact)
    _app, table = realm_table_at(cfg, st)
    tips = {h.value: h.tip for h in table.hotspots if h.kind == "artifacts"}
    assert holder in tips and "alone leads" in tips[holder]
    held = [pl for pl in range(5) if st.artifact[pl] == holder]
    assert all(st.c.pillar_names[pl] in tips[holder] for pl in held)
    assert all(p in st.artifact for p in tips)  # only boards that hold one
