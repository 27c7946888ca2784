"""Play-test s8 (3 players, 1280x720): what a monument's "2 more" counts, tucked cards you can read, and the
"All N more in" button's place and words."""

from __future__ import annotations

import random
import re

import pytest

from game.realm.bots import fast_policy
from game.shell import testing
from tests.realm_ui_helpers import late_state, realm_table_at

testing.use_dummy_drivers()


@pytest.mark.parametrize("players,seed,steps", [(5, 3, 260), (5, 3, 420), (5, 3, 380), (4, 7, 330),
                                                (3, 5, 200), (5, 11, 400)])
def test_a_monuments_rest_of_its_scorers_says_they_score(cfg, players, seed, steps) -> None:
    """Item 2: "2 more" on a monument tile (or a track's monument) said nothing of what it counted: the seats
    that also score from it, whose chips had no room. Every such count says so ("2 more score", "+2 others"),
    and a tile that has no room for the rest still counts them, never shows the top scorer alone."""
    from game.realm.ui.table import SPACES_RECT, TRACKS_RECT

    st = late_state(players, seed, steps)
    app, _table = realm_table_at(cfg, st)
    texts = [d.text for d in app.last_frame_texts if SPACES_RECT.contains(d.rect) or TRACKS_RECT.contains(d.rect)]
    assert any(m for m in st.view(0)["monuments"])  # something built, so someone scores
    for words in texts:
        assert not re.search(r"(^|, )\d+ more$", words), words


def test_the_rest_words_name_what_they_count() -> None:
    from game.realm.ui.table import points_words, rest_words

    assert rest_words(["Gu 3"])[1:] == ("1 more scores", "1 other scores")
    assert rest_words(["Gu 3", "Ar 2", "Ve 1"])[1:] == ("3 more score", "3 others score")
    assert points_words(["Wa 12", "Ve 8", "Gu 3"], 1000) == "Wa 12, Ve 8, Gu 3"
    from game.shell.text import text_size

    each = ["Wa 12", "Ve 8", "Gu 3", "Ar 2"]
    assert points_words(each, text_size("Wa 12; 3 more score", 13)[0]) == "Wa 12; 3 more score"
    assert points_words(each, text_size("Wa 12; 3 more", 13)[0]) == "Wa 12; 3 more"  # never the top scorer alone


def test_a_built_tiles_tip_says_what_its_count_counts(cfg) -> None:
    from game.realm.ui.table import SPACES_RECT

    counted = 0
    for seed, steps in ((3, 260), (3, 420), (11, 400)):
        app, table = realm_table_at(cfg, late_state(5, seed, steps))
        for h in table.hotspots:
            if h.kind == "space" and SPACES_RECT.contains(h.rect):
                drawn = [d.text for d in app.last_frame_texts if h.rect.contains(d.rect)]
                if any(re.search(r"more scores?$|others?$|, \+\d$", w) for w in drawn):
                    counted += 1
                    assert "seats score in all" in h.tip, h.tip
    assert counted


def _deploying(cfg, seed: int, window: tuple[int, int]):
    """A pass-and-play table (three humans) at the first placement of a deployment of 3 or more acolytes."""
    import pygame

    from game.core.session import GameSession, Seat
    from game.realm.ui.main import TableScene

    sess = GameSession(3, [Seat("human") for _ in range(3)], seed=seed)
    app = testing.make_app(window_size=window, skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    rng = random.Random(seed)
    while not (sess.state.decision_name() == "place" and sess.state.dec_n >= 3
               and sess.state.reserve[sess.to_move()] >= sess.state.dec_n):
        scene.send(fast_policy(sess.state, rng))
    scene.viewer = scene.revealed_for = sess.to_move()
    scene.rebuild()
    testing.step(app, 2)
    while app.stack.top is not scene:  # a reckoning's summary read and closed
        testing.key(app, pygame.K_RETURN, frames=3)
    return app, scene


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("seed", [11, 4, 23])
def test_the_all_more_button_covers_no_words_and_says_the_last_one_plainly(cfg, window, seed) -> None:
    """Item 5: "All N more in <region>" lay over the icon legend, and "All 1 more" read oddly. Through a whole
    deployment, the button's rectangle meets no word drawn outside it (the text registry) and no other control;
    with one acolyte left it reads "The last one in <region>"."""
    from game.realm.ui.table import REGION_RECTS

    app, scene = _deploying(cfg, seed, window)
    region = 2
    name = scene.s.content.region_names[region]
    seen = []
    while scene.s.state.decision_name() == "place" and scene.my_turn:
        testing.click(app, REGION_RECTS[region].center)
        testing.step(app, 2)
        button = next((b for b in scene.buttons if b.text.endswith(f" in {name}")), None)
        if button is None:
            break
        seen.append(button.text)
        for d in app.last_frame_texts:
            if d.rect.colliderect(button.rect):
                assert button.rect.contains(d.rect) and d.text in button.text, (button.text, d.text, d.rect)
        assert not any(b is not button and b.rect.colliderect(button.rect) for b in scene.buttons)
    assert seen and seen[-1] == f"The last one in {name}", seen
    assert all(not re.match(r"All 1 more", t) for t in seen)


@pytest.mark.parametrize("players,seed,steps,window", [(3, 5, 160, (1280, 720)), (3, 5, 200, (1600, 900)),
                                                       (5, 3, 420, (1280, 720)), (4, 7, 330, (1280, 720))])
def test_tucked_cards_show_their_icons_at_full_size_or_on_a_label_and_their_names_where_they_fit(
        cfg, players, seed, steps, window) -> None:
    """Item 3: tucked cards were 15 px bars with 12 px icons (about 10 px at 1280x720): the player could not tell
    what they had tucked. Each tucked half now either stands tall enough for its icons at the label's size
    (``STACK_ICON``, 14 px at 1280x720) or its side has the label of icon totals; at 3 players a side of up to
    two cards is never a label; a card's short name, where drawn, stays inside its half; the tip names the
    whole card."""
    from game.realm.ui.table import STACK_ICON

    st = late_state(players, seed, steps)
    app, table = realm_table_at(cfg, st)
    app_texts = list(app.last_frame_texts)
    spots = table.hotspots
    labels = {h.value for h in spots if h.kind == "stack_icons"}
    tucked = [h for h in spots if h.kind == "tucked"]
    assert tucked
    sizes: dict[tuple, int] = {}
    for h in tucked:
        p, pl, side, _k = h.value
        sizes[(p, pl, side)] = sizes.get((p, pl, side), 0) + 1
    names = 0
    for h in tucked:
        p, pl, side, _k = h.value
        shows = re.search(r"tucked at the \w+: (.*?)\. The whole card", h.tip).group(1)  # the half, in words
        arrows_only = re.fullmatch(r"\d influence|nothing", shows) is not None  # (the band's number says it)
        assert h.rect.h >= STACK_ICON + 2 or (p, pl, side) in labels or arrows_only, (h.value, h.rect, shows)
        if players == 3 and sizes[(p, pl, side)] <= 2:
            assert h.rect.h >= STACK_ICON + 2, (h.value, h.rect)
        assert "The whole card:" in h.tip
        for d in app_texts:  # words on a half stay inside it
            if d.rect.colliderect(h.rect) and d.rect.centery in range(h.rect.top, h.rect.bottom):
                assert h.rect.contains(d.rect) or not re.fullmatch(r"\w+ \d|Reckoning", d.text), (d.text, h.rect)
        names += sum(1 for d in app_texts if h.rect.contains(d.rect) and re.fullmatch(r"\w+ \d|Reckoning", d.text))
    assert names  # some halves show their card's short name
