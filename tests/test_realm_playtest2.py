"""Five things the second play-tester found (issue 22): the bid panel says what a bid costs in monument
points and up to which bid none; every narrated line ends as a sentence; whose reckoning it is reads without
"(normal)'s"; the acolyte count keeps its "×" at two digits; the wild icon says which pillar it counts for."""

from __future__ import annotations

import time

import pytest

from game.realm.engine.constants import EQUITY, N_PILLARS
from game.shell import testing

from .engine_helpers import play_until
from .realm_ui_helpers import narrated_lines, realm_table_at

testing.use_dummy_drivers()


# ----------------------------------------------------------------- 1. what a bid costs in points
def _bid_with_equity_track(equity: int = 7, acolytes: int = 5):
    """A bid in an Equity region (two Equity claim tokens) by a seat holding Equity ``equity`` with the
    built Equity Track monument (+8 at 6-8), ``acolytes`` acolytes there and nothing else to pay with."""
    st = play_until(4, 81, lambda s: s.decision_name() == "bid")
    p = st.to_move()
    region = st.reckoning_region()
    st.coins[p] = 0
    st.mercs[p] = []
    for c in range(N_PILLARS):
        st.wardens[p * N_PILLARS + c] = 0
        st.claims[region * N_PILLARS + c] = 0
        for q in range(st.n):
            st.tracks[q * N_PILLARS + c] = {EQUITY: equity}.get(c, 0) if q == p else 0
        st.artifact[c] = -1
    st.artifact[EQUITY] = p
    st.claims[region * N_PILLARS + EQUITY] = 2
    st.board[region * st.n + p] = acolytes
    track = next(sp.index for sp in st.c.spaces if sp.id == "track_equity")
    st.built = [None] * len(st.built)
    st.built[track] = (p, 0, st.age)
    st.monuments_left = 0  # no monument left to build: only the built Equity Track's points are at stake
    st.rk.maxbid[p] = st.max_bid(p, region)
    return st, p


def test_a_bid_that_costs_monument_points_says_so_and_a_cheaper_one_does_not() -> None:
    from game.realm.ui.payment import bid_cost_words

    st, p = _bid_with_equity_track()
    seven = bid_cost_words(st.c, st, p, 7)  # 5 acolytes, 2 Equity: Equity 5 scores 8 less... or the artifact
    assert "VP Equity Track" in seven, seven  # the pay button's short words
    six = bid_cost_words(st.c, st, p, 6)  # the control: Equity 6 still scores +8
    assert "VP" not in six and six.startswith("A bid of 6 costs"), six


def test_the_panel_says_up_to_which_bid_no_points_are_lost(cfg) -> None:
    from game.realm.ui.payment import dial_points_words, no_points_limit

    st, p = _bid_with_equity_track()
    assert st.bid_limit(p) >= 7 and no_points_limit(st, p) == 6
    said = "A bid of 0 pays nothing; paying up to 6 loses no points or artifacts, paying 7 loses some."
    assert dial_points_words(st, p, 0, 6, False) == said
    app, scene = realm_table_at(cfg, st)  # the dial starts at 0
    assert said in " ".join(testing.drawn_texts(app))


def test_control_no_line_when_every_bid_is_free_of_points(cfg) -> None:
    from game.realm.ui.payment import dial_points_words, no_points_limit

    st, p = _bid_with_equity_track(equity=0, acolytes=5)  # nothing to lose: acolytes only
    assert no_points_limit(st, p) == st.bid_limit(p)
    assert dial_points_words(st, p, 0, st.bid_limit(p), False) == ""
    app, scene = realm_table_at(cfg, st)
    assert "no points or artifacts" not in " ".join(testing.drawn_texts(app))


def test_weighing_every_bid_stays_quick() -> None:
    from game.realm.ui.payment import no_points_limit

    st, p = _bid_with_equity_track(equity=8, acolytes=2)
    st.coins[p] = 12
    st.rk.maxbid[p] = st.max_bid(p, st.reckoning_region())
    start = time.perf_counter()
    no_points_limit(st, p)
    assert time.perf_counter() - start < 0.5  # measured far below: see the report


# ----------------------------------------------------------------- 2. every narrated line is a sentence
@pytest.mark.parametrize("players,seed", [(2, 41), (4, 42), (5, 43)])
def test_every_narrated_line_ends_as_a_sentence_and_told_together_they_read_apart(players, seed) -> None:
    lines = narrated_lines(players, seed)
    assert len(lines) > 50
    unended = [line for line in lines if not line.endswith((".", "!", "?"))]
    assert not unended, unended[:5]
    told = " ".join(lines)  # as the history tells a move's lines
    assert ") The " not in told
    assert any(line.endswith(").") for line in lines)  # the control: lines ending in a bracket were there


def test_control_a_discarded_mercenary_then_a_gain_read_as_two_sentences() -> None:
    from game.realm.engine import default_content
    from game.realm.ui.words import event_text

    c = default_content()
    names = ["The Watchers", "The Guilded"]
    first = event_text(c, {"type": "merc_discard", "seat": 0, "merc": 0}, lambda q: names[q])
    second = event_text(c, {"type": "vp", "seat": 1, "amount": 6}, lambda q: names[q])
    assert first.endswith(").") and second == "The Guilded gain 6 VP."
    assert ") The " not in f"{first} {second}"


# ----------------------------------------------------------------- 3. whose reckoning, without "(normal)'s"
@pytest.mark.parametrize("final", [False, True])
def test_the_reckoning_tag_names_the_seat_after_the_words_not_before_a_possessive(final) -> None:
    from game.realm.ui.table import reckoning_tag

    testing.make_app(skip_animations=True)  # fonts
    kind = "Final reckoning" if final else "Reckoning"
    tag = reckoning_tag("The Watchers (normal)", final, "W", 400)
    assert tag == f"{kind} now, run by The Watchers (normal)"
    assert "'s" not in tag
    assert reckoning_tag("The Watchers (normal)", final, "W", 60) == f"{kind} now: W"  # the control: no room
    assert reckoning_tag("You", final, "W", 400) == f"your {kind.lower()} now"


def test_the_table_in_a_reckoning_draws_no_possessive_after_a_name(cfg) -> None:
    st = play_until(4, 7, lambda s: s.decision_name() == "bid" and s.rk.player != s.to_move())
    app, scene = realm_table_at(cfg, st)
    drawn = testing.drawn_texts(app)
    assert any(t.startswith(("Reckoning now", "Final reckoning now")) for t in drawn), drawn
    assert not any("'s reckoning" in t or "'s final reckoning" in t for t in drawn)


# ----------------------------------------------------------------- 4. the acolyte count keeps its ×
def test_the_acolyte_count_keeps_one_form_and_fits_at_every_count() -> None:
    from game.realm.ui.table import ACOLYTE_COUNT_WIDTH, acolyte_count
    from game.shell.text import text_size

    testing.make_app(skip_animations=True)
    for k in range(100):
        words, size = acolyte_count(k)
        assert words == f"\u00d7{k}"
        assert text_size(words, size, bold=True)[0] <= ACOLYTE_COUNT_WIDTH - 1, k
    assert text_size("\u00d710", 15, bold=True)[0] > ACOLYTE_COUNT_WIDTH - 1  # the control: why two digits shrink


def test_a_region_with_ten_acolytes_shows_the_times_sign(cfg) -> None:
    st = play_until(4, 5, lambda s: s.decision_name() == "bid")
    region = (st.reckoning_region() + 1) % 5
    st.board[region * st.n + 1] = 10
    st.board[region * st.n + 2] = 9
    app, scene = realm_table_at(cfg, st)
    drawn = testing.drawn_texts(app)
    assert "\u00d710" in drawn and "\u00d79" in drawn and "10" not in drawn


# ----------------------------------------------------------------- 5. the wild icon's pillar
def test_the_wild_icon_says_the_pillar_it_counts_for_in_the_legend_and_the_icon_totals(cfg) -> None:
    from game.realm.ui.table import WILD_LABEL, wild_words

    st = play_until(4, 5, lambda s: s.decision_name() == "bid")
    c = st.c
    equity_icons = [c.icon_names[i] for i, pl in enumerate(c.icon_pillar) if pl == EQUITY]
    words = wild_words(c, EQUITY, 1)
    assert words.startswith(f"{c.pillar_names[EQUITY]} wild 1 (each counts as one ")
    assert all(name in words for name in equity_icons)
    others = [c.icon_names[i] for i, pl in enumerate(c.icon_pillar) if pl != EQUITY]
    assert not any(name in words for name in others)  # the control: only that pillar's icons
    assert ("whichever scores best" in words) == (len(equity_icons) > 1)  # a choice only where there is one
    app, scene = realm_table_at(cfg, st)
    assert WILD_LABEL in testing.drawn_texts(app) and "pillar" in WILD_LABEL


def test_a_bids_example_counts_its_mercenaries_rather_than_naming_each() -> None:
    """Played by mouse: with seven mercenaries the bid panel's example named each, five lines at 13 px."""
    from game.realm.engine.constants import MATCH
    from game.realm.ui.payment import bid_cost_words
    from game.realm.ui.words import merc_name

    st, p = _bid_with_equity_track(equity=0, acolytes=0)
    mask = 1 << EQUITY
    matching = [m for m, merc in enumerate(st.c.mercenaries) if MATCH[merc.mask & mask]][:6]
    st.mercs[p] = matching
    st.rk.maxbid[p] = st.max_bid(p, st.reckoning_region())
    words = bid_cost_words(st.c, st, p, st.bid_limit(p))
    assert "mercenaries" in words, words
    assert not [m for m in matching if merc_name(st.c, m).split(" (")[0] in words], words


def test_a_claim_choice_says_what_it_does_for_the_chooser(cfg) -> None:
    """Played by mouse: the claim token options named a colour and a region and nothing of why one matters."""
    from game.realm.ui.words import claim_words

    st = play_until(4, 5, lambda s: s.decision_name() == "claim")
    p, region = st.to_move(), st.reckoning_region()
    app, scene = realm_table_at(cfg, st)
    tips = {b.text: b.tooltip for b in scene.buttons if getattr(b, "tooltip", "")}
    assert len(tips) == len(st.legal_actions()), tips  # every option explains itself
    for a in st.legal_actions():
        after = st.preview(a).max_bid(p, region)
        words = claim_words(st.c, st, a)
        assert f"at most {after} here" in words and words in tips.values(), words
    scene._choose_option(st.legal_actions()[0])  # the preview says it too
    assert "could pay at most" in scene.pending_text


def test_control_a_claim_already_in_the_region_changes_nothing_and_says_so() -> None:
    from game.realm.ui.words import claim_words

    st = play_until(4, 5, lambda s: s.decision_name() == "claim")
    region = st.reckoning_region()
    a = st.legal_actions()[0]
    st.claims[region * N_PILLARS + a[2]] = 1  # that colour already claims the region
    assert claim_words(st.c, st, a).startswith("No change for you")


def test_a_played_card_keeps_its_place_in_the_hand() -> None:
    """Play-test: the card played jumped to the right end of the hand at the reveal, the others shifted left
    under the mouse, and a player thought another card had been played."""
    import pygame

    from game.realm.ui.table import TableRenderer, UIHints

    pygame.font.init()
    st = play_until(4, 12, lambda s: s.decision_name() == "select")
    p = st.to_move()
    r = TableRenderer(st.c)
    surf = pygame.Surface((1600, 900))

    def card_rects(view) -> dict[str, pygame.Rect]:
        return {h.value: h.rect for h in r.draw(surf, view, UIHints()) if h.kind == "card"}

    before = card_rects(st.view(p))
    select = next(a for a in st.legal_actions() if a[0] == "select" and st.c.cards[a[1]].id != list(before)[-1])
    chosen = st.c.cards[select[1]].id
    st.apply(select)
    view = st.view(p)
    assert view["selected"] == chosen and chosen not in view["hand"]  # the view lists it apart
    after = card_rects(view)
    assert after[chosen] == before[chosen]
    assert all(after[cid] == before[cid] for cid in view["hand"])  # and nothing under the mouse moved
    fresh = TableRenderer(st.c)  # the control: a table that never drew the hand puts it at the end
    last = max((h for h in fresh.draw(surf, view, UIHints()) if h.kind == "card"), key=lambda h: h.rect.x)
    assert last.value == chosen
