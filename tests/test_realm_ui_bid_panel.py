"""The bid panel and the last place row (issue 22, play-test): kept matching wardens make bids free and the
panel says so with what a bid would cost; the bid hint's reason stays beside the dial; taking the last
place row says that it pays no bid."""

from __future__ import annotations

import pygame
import pytest

from game.realm.engine.constants import N_PILLARS
from game.realm.ui.words import payment
from game.shell import testing
from game.shell.hint import Hint

from .engine_helpers import play_until
from .realm_ui_helpers import realm_table_at

testing.use_dummy_drivers()


def _bid_with_wardens(wardens: int):
    """A bid in a reckoning whose region has one claim colour or more; the bidder holds ``wardens`` of the
    first and none of the others (its most to bid set again, as bidding starts)."""
    st = play_until(4, 5, lambda s: s.decision_name() == "bid" and s.acolytes_in(s.reckoning_region(),
                                                                                   s.to_move()) >= 2)
    p = st.to_move()
    colours = st.matching_colours(st.reckoning_region())
    for col in colours:
        st.wardens[p * N_PILLARS + col] = wardens if col == colours[0] else 0
    st.rk.maxbid[p] = st.max_bid(p, st.reckoning_region())
    return st, p, colours[0]


def _set_dial(app, scene, value: int) -> None:
    scene.bid_value = value
    app.invalidate()
    testing.step(app, 2)


def _panel_words(app) -> str:
    return " ".join(testing.drawn_texts(app))


def test_the_bid_panel_says_kept_matching_wardens_pay_bids_free_and_what_a_bid_costs(cfg) -> None:
    from game.realm.ui.payment import bid_cost_words

    st, p, col = _bid_with_wardens(3)
    app, scene = realm_table_at(cfg, st)
    name = st.c.pillar_names[col]
    words = _panel_words(app)
    assert f"Bids up to 3 cost nothing: your 3 {name}" in words and "stay and pay 1 each." in words
    _set_dial(app, scene, 3)
    assert "A bid of 3 costs" not in _panel_words(app)  # free, as the line above says: no resources named
    _set_dial(app, scene, 5)
    lines = " ".join(line for line, _ in scene.bid_panel_lines(st, p, room=99))
    cost = bid_cost_words(st.c, st, p, 5)
    assert cost.startswith("A bid of 5: 3 free (kept wardens), then ") and cost in lines
    example = cost.removeprefix("A bid of 5: 3 free (kept wardens), then ").removeprefix("e.g. ").removesuffix(".")
    # what is named is a legal payment of the rest: with the 3 kept wardens it pays a bid of 5
    assert any(payment(st.c, a) == example and sum(a[5]) == 0 for a in st.legal_payments(p, bid=5)), example
    # the most: every source summed as the engine sums it (wardens discarded, 3 each)
    assert f"You can pay at most {st.max_bid(p, st.reckoning_region())} here:" in _panel_words(app)
    assert f"{name} wardens discarded 9" in lines


def test_control_without_matching_wardens_every_bid_costs_resources(cfg) -> None:
    st, p, _col = _bid_with_wardens(0)
    app, scene = realm_table_at(cfg, st)
    assert "cost nothing" not in _panel_words(app)
    _set_dial(app, scene, 2)
    cost = " ".join(line for line, _ in scene.bid_panel_lines(st, p, room=99))
    assert "A bid of 2 costs " in cost and "free" not in cost.split("You can pay")[0]


def test_a_rivals_most_says_how_much_of_it_its_wardens_pay_free(cfg) -> None:
    st, p, col = _bid_with_wardens(0)
    q = (p + 1) % st.n
    for c in st.matching_colours(st.reckoning_region()):
        st.wardens[q * N_PILLARS + c] = 2 if c == col else 0
    app, scene = realm_table_at(cfg, st)
    words = " ".join(line for line, _ in scene.bid_panel_lines(st, p, room=99))
    heading, rivals = words.split("Rivals could pay at most (public")[1].split("):", 1)
    said = rivals.split(f"{scene.seat_label(q)}: ")[1].split(" \u00b7 ")[0]
    assert said.endswith(" (2 free)"), said
    assert "free: kept wardens pay it" in heading  # what "free" means (play-test s6 p2 item 3)
    ranged = any(st.mercenaries(r) for r in range(st.n) if r != p)
    assert ("a range: hidden mercenaries add 0\u20132 each" in heading) == ranged


def test_control_without_rivals_wardens_the_heading_does_not_explain_free(cfg) -> None:
    st, p, _col = _bid_with_wardens(0)
    for q in range(st.n):
        for c in st.matching_colours(st.reckoning_region()):
            st.wardens[q * N_PILLARS + c] = 0
    app, scene = realm_table_at(cfg, st)
    words = " ".join(line for line, _ in scene.bid_panel_lines(st, p, room=99))
    assert "Rivals could pay at most (public" in words and "free" not in words.split("Rivals could pay")[1]


def test_the_bid_hints_reason_stays_beside_the_dial_until_the_bid_changes(cfg) -> None:
    st, p, _col = _bid_with_wardens(1)
    app, scene = realm_table_at(cfg, st)
    why = "The expert bot's pick after 500 playouts: it sees a fair chance to win from here."
    scene.show_hint(Hint(("bid", 2), 0.3, 500, False), why)
    testing.step(app, 60 * 8)  # longer than any toast
    assert scene.bid_value == 2
    assert testing.was_drawn(app, "Hint: bid 2. The expert bot's pick")
    testing.key(app, pygame.K_RIGHT)
    testing.step(app, 2)
    assert scene.bid_value == 3 and not testing.was_drawn(app, "Hint: bid 2")


def test_a_bid_hints_reason_is_gone_once_the_bid_is_sent(cfg) -> None:
    st, p, _col = _bid_with_wardens(1)
    app, scene = realm_table_at(cfg, st)
    scene.show_hint(Hint(("bid", 1), 0.3, 500, False), "Because.")
    scene._send_bid()
    assert scene.bid_hint is None


def _last_place_choice():
    def at(s):
        if s.decision_name() != "row" or s.bid_of(s.to_move()) < 1:
            return False
        rows = s.c.rewards[s.reckoning_reward()].rows
        legal = [a[1] for a in s.legal_actions()]
        return any(rows[j].is_penalty for j in legal) and any(not rows[j].is_penalty for j in legal)

    st = play_until(4, 12, at)
    rows = st.c.rewards[st.reckoning_reward()].rows
    last = next(a for a in st.legal_actions() if rows[a[1]].is_penalty)
    other = next(a for a in st.legal_actions() if not rows[a[1]].is_penalty)
    return st, last, other


def _row_spot(scene, j: int):
    return next(h for h in scene.hotspots if h.kind == "row" and h.value == j)


def test_choosing_the_last_place_row_says_it_keeps_the_bid_in_tip_confirm_and_hint(cfg) -> None:
    st, last, other = _last_place_choice()
    bid = st.bid_of(st.to_move())
    app, scene = realm_table_at(cfg, st)
    keeps = f"You keep your bid of {bid}: last place pays no bid, but loses "
    spot = _row_spot(scene, last[1])
    testing.move(app, spot.rect.center, 2)
    assert scene.tooltip_at(spot.rect.center).startswith(keeps)
    testing.click(app, spot.rect.center)
    testing.step(app, 2)
    assert scene.pending == last and scene.pending_text.startswith(keeps)
    assert testing.was_drawn(app, f"Take reward row {last[1] + 1}, last place: no bid to pay?")
    assert testing.was_drawn(app, keeps)
    assert scene.hint_why(Hint(last, 0.3, 400, False)).startswith(keeps)


def test_control_another_row_says_nothing_of_keeping_the_bid(cfg) -> None:
    st, last, other = _last_place_choice()
    app, scene = realm_table_at(cfg, st)
    spot = _row_spot(scene, other[1])
    testing.move(app, spot.rect.center, 2)
    assert "keep your bid" not in scene.tooltip_at(spot.rect.center)
    assert "keep your bid" not in scene.hint_why(Hint(other, 0.3, 400, False))
    testing.click(app, spot.rect.center)
    testing.step(app, 2)
    assert scene.pending == other and "keep your bid" not in (scene.pending_text or "")


def _seeded_bids():
    """Bid decisions of random 2- to 5-player games, each with the bid on the dial whose words are longest."""
    import random

    from game.realm.engine import new_game

    out = []
    for players, seed in ((3, 2), (5, 2), (5, 0), (4, 1), (2, 0)):
        st, rng = new_game(players, seed=seed), random.Random(seed)
        while not st.is_terminal():
            if st.decision_name() == "bid" and st.bid_limit(st.to_move()) >= 12:
                out.append(st.copy())
            st.apply(rng.choice(st.legal_actions()))
    return out


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
def test_the_bid_panel_keeps_all_its_words_inside_and_leaves_the_supply_bar_alone(cfg, window) -> None:
    from game.realm.ui.payment import BID_HELP, ROWS_RULE
    from game.realm.ui.table import SUPPLY_RECT

    longest = 0
    for app, st, p, scene in _scenes_at(cfg, _seeded_bids(), window):
        worst = max(range(st.bid_limit(p) + 1), key=lambda b: len(scene.bid_panel_lines(st, p, 99, 382, b)))
        longest = max(longest, len(scene.bid_panel_lines(st, p, 99, 382, worst)))
        _set_dial(app, scene, worst)
        rect = scene.bid_layout(st).rect
        assert not rect.colliderect(SUPPLY_RECT)
        drawn = [d for d in app.last_frame_texts if d.box is not None and tuple(d.box) == tuple(rect)]
        assert drawn and all(rect.contains(d.rect) for d in drawn), [(d.text, tuple(d.rect)) for d in drawn
                                                                       if not rect.contains(d.rect)]
        for k, one in enumerate(drawn):  # no line over another
            assert not any(one.rect.colliderect(other.rect) for other in drawn[k + 1:]), one.text
        words = " ".join(d.text for d in drawn)
        assert BID_HELP in words and "secret until all have bid" in words
        # how the rows are chosen, said whole in every state (play-test s7 item 1)
        assert ROWS_RULE in words and "anyone may take last place (" in words and "pay no bid" in words, words
        assert f"You can pay at most {st.bid_limit(p)} here:" in words and "Rivals could pay at most" in words
        assert all(rect.contains(b.rect) for b in scene.buttons)  # the dial's buttons move with the panel
    assert longest >= 16  # the seeds reach the longest words measured (at the narrow panel's width)


def _bid_words_at(scene, st, p, bid: int) -> str:
    return " ".join(line for line, _ in scene.bid_panel_lines(st, p, room=99, bid=bid))


def test_before_bidding_the_panel_names_the_last_place_row_of_this_reward_card(cfg) -> None:
    """Play-test s5 item 7: a bid of 0 took "-1 coin; -1 VP" with no warning. The panel names the card's own
    last row (rulebook p.13: the lowest bid is left it, and pays no bid), read here from the card itself."""
    st, p, _col = _bid_with_wardens(0)
    row = st.c.rewards[st.reckoning_reward()].rows[-1]
    assert row.is_penalty
    app, scene = realm_table_at(cfg, st)
    words = _panel_words(app)
    assert "anyone may take last place (" in words and "pay no bid" in words
    said = words.split("anyone may take last place (")[1].split(")")[0]
    units = (("VP", "VP"), ("coin", "coins"), ("acolyte", "acolytes"), ("mercenary", "mercenaries"),
             ("warden", "wardens"))  # the order of a row's losses
    expected = [f"\u2212{v} {one if v == 1 else many}" for v, (one, many) in zip(row.losses, units) if v]
    assert said.split(", ") == expected, said
    from game.realm.ui.payment import lowest_bid_words

    # the control: other reckonings name their own cards' last rows, not one sentence for all
    assert len({lowest_bid_words(other.c, other) for other in _seeded_bids()}) >= 3


def _lowest_seat_after_bids(st, bids: dict[int, int]) -> int:
    """The seat the revealed bids leave lowest (the table's bid aside), each seat still to bid bidding
    ``bids[seat]`` (a seat that has bid keeps its sealed bid)."""
    s = st.copy()
    while s.decision_name() == "bid":
        s.apply(("bid", bids[s.to_move()]))
    return [q for q in s.rk.order if q >= 0][-1]


def test_a_bid_said_not_to_be_the_lowest_is_not_even_when_every_rival_bids_its_most() -> None:
    """"Cannot be the lowest" is a promise, checked against the engine's order with every rival bidding all
    it can; the control: a bid said to be the lowest if every rival bids more is, when they do."""
    from game.realm.ui.payment import last_place_risk_words

    promised = warned = 0
    for st in _seeded_bids():
        p = st.to_move()
        for bid in range(st.bid_limit(p) + 1):
            words = last_place_risk_words(st, p, bid, str)
            if "cannot be the lowest" in words:
                promised += 1
                most = {q: st.bid_limit(q) for q in range(st.n)} | {p: bid}
                assert _lowest_seat_after_bids(st, most) != p, words
            elif all(st.bid_limit(q) > bid and q in st.pending for q in range(st.n) if q != p):
                warned += 1
                assert "is the lowest if" in words
                more = {q: bid + 1 for q in range(st.n)} | {p: bid}
                assert _lowest_seat_after_bids(st, more) == p, words
    assert promised and warned


def test_the_rivals_named_as_winning_a_tie_do_and_the_others_do_not() -> None:
    """Play-test s6 p2 item 6: the panel names who chooses before you on an equal bid; checked against the
    engine's order: those named, bidding as much as you while the rest bid more, leave you lowest; a rival not
    named who bids as much does not (the control)."""
    from game.realm.ui.payment import last_place_risk_words, wins_ties_against

    named = unnamed = 0
    for st in _seeded_bids():
        p = st.to_move()
        if st.n == 2 or any(q not in st.pending for q in range(st.n) if q != p):
            continue  # every rival still to bid, so the test sets each bid
        bid = min(st.bid_limit(q) for q in range(st.n)) - 1
        if bid < 0:
            continue
        ahead = wins_ties_against(st, p)
        words = last_place_risk_words(st, p, bid, lambda q: f"Seat {q}")
        if 0 < len(ahead) < st.n - 1:
            assert "or as much for " + " and ".join(f"Seat {q}" for q in ahead) in words
        bids = {q: (bid if q in ahead else bid + 1) for q in range(st.n)} | {p: bid}
        assert _lowest_seat_after_bids(st, bids) == p
        named += bool(ahead)
        for q in set(range(st.n)) - set(ahead) - {p}:
            assert _lowest_seat_after_bids(st, bids | {q: bid}) != p
            unnamed += 1
    assert named and unnamed


def test_the_panel_says_the_risk_of_the_bid_on_the_dial(cfg) -> None:
    st, p, _col = _bid_with_wardens(0)
    app, scene = realm_table_at(cfg, st)
    from game.realm.ui.payment import TIE_RULE

    assert "A bid of 0 is the lowest if every rival bids " in _bid_words_at(scene, st, p, 0)
    assert TIE_RULE in _bid_words_at(scene, st, p, 0)
    # the rival who can pay least, counting each hidden mercenary at its most (2)
    most, q = min((scene_most(st, q), q) for q in range(st.n) if q != p)
    assert most < st.bid_limit(p)  # the seeded state has a bid over it
    over = _bid_words_at(scene, st, p, most + 1)
    assert f"A bid of {most + 1} cannot be the lowest: {scene.seat_label(q)} can pay at most {most}." in over
    assert "cannot" not in _bid_words_at(scene, st, p, most)  # the control: a bid it could match


def scene_most(st, q: int) -> int:
    """What a rival could pay at most, as the public table shows it: its means, each mercenary worth 2."""
    from game.realm.engine.constants import coin_bids

    region = st.reckoning_region()
    colours = st.matching_colours(region)
    return (st.acolytes_in(region, q) + coin_bids(st.coins[q]) + 2 * len(st.mercenaries(q))
            + sum(st.track(q, col) + 3 * st.wardens_of(q, col) for col in colours))


def test_the_coins_a_bid_may_use_are_explained_not_coded(cfg) -> None:
    """Play-test s5 item 7: "coins (3 pay 2) 2" went unexplained; the k-th bid costs k coins (rulebook p.14)."""
    from game.realm.ui.words import coin_bid_note

    st, p, _col = _bid_with_wardens(0)
    st.coins[p] = 5
    app, scene = realm_table_at(cfg, st)
    words = _bid_words_at(scene, st, p, 0)
    assert "pay 2)" not in words
    assert "coins 2 (each bid costs 1 coin more than the one before: 1 + 2 = 3 of your 5)" in words
    assert coin_bid_note(6) == "each bid costs 1 coin more than the one before: 1 + 2 + 3 = 6"
    assert coin_bid_note(2) == "the 1st bid costs 1 coin, the 2nd 2 more; you have 2"


def test_the_bid_panel_stands_in_one_place_and_its_region_line_follows_its_words(cfg) -> None:
    """Play-test s6 p2 item 15: the panel moved between reckonings (x~125/200/290 at 1280x720) and the region's
    secret line sat below a large gap; now one place for every bid decision, the line right under the words."""
    from game.realm.ui.payment import BID_LINE

    places, gaps = set(), []
    few = play_until(3, 1, lambda s: s.decision_name() == "bid" and s.bid_limit(s.to_move()) <= 2)  # short words
    states = [few, _bid_with_wardens(0)[0], _bid_with_wardens(3)[0]] + _seeded_bids()[:6]
    for st in states:
        app, scene = realm_table_at(cfg, st)
        rect = scene.bid_layout(st).rect
        places.add(tuple(rect))
        drawn = [d for d in app.last_frame_texts if d.box is not None and tuple(d.box) == tuple(rect)]
        secret = next(d for d in drawn if "secret until all have bid" in d.text)
        last_word = max(d.rect.y for d in drawn if d is not secret)
        gaps.append(secret.rect.y - last_word)  # beside the Bid button (in the dial's row) or under the words
    assert len(places) == 1, places
    assert max(gaps) <= BID_LINE + 6, gaps  # never at the foot of a tall gap


def _scenes_at(cfg, states, window=None):
    """Realm's table on each of ``states`` in turn, in one app (of ``window``'s size, else the default):
    (app, state, seat to move, table scene)."""
    from game.core.session import GameSession, Seat
    from game.realm.ui.main import TableScene

    app = testing.make_app(window_size=window, skip_animations=True)
    for st in states:
        sess = GameSession(st.n, [Seat("human") for _ in range(st.n)], seed=1)
        sess.state = st
        scene = TableScene(cfg, sess)
        app.replace(scene)
        scene.viewer = scene.revealed_for = st.to_move()
        scene.rebuild()
        yield app, st, st.to_move(), scene


def test_the_kept_wardens_line_never_says_a_warden_stays_beside_an_example_that_discards_it(cfg) -> None:
    """Play-test s7: "A bid of 1 costs nothing: your warden stays" stood beside an example of a payment that
    discarded that warden. Over seeded bids, at every bid on the dial, the green line says the wardens stay
    only where the pay screen's best way (its own ranking, on the state as it will be asked to pay) keeps
    them all; where that way discards some, the line says what a discarded one pays instead. The control: the
    same check finds the wardens said to stay where they do, so the word it looks for is there to find."""
    from game.realm.ui import look as L
    from game.realm.ui.payment import free_bids, may_build

    from .test_realm_ui_bid_truth import _pay_screen_best

    def low_bids(st):  # up to a few over what the kept wardens pay: where they are first discarded, if ever
        return range(min(free_bids(st, st.to_move()) + 4, st.bid_limit(st.to_move())) + 1)

    def discards_some(st) -> bool:  # the pay screen's ranking, monument row first, as the panel's example
        p = st.to_move()
        return any(sum(_pay_screen_best(st, p, bid, may_build(st)).action[5]) for bid in low_bids(st)
                   if bid > free_bids(st, p))

    states = [st for st in _seeded_bids() if free_bids(st, st.to_move()) and discards_some(st)]
    discarding = keeping = 0
    for _app, st, p, scene in _scenes_at(cfg, states):  # the panel's words weigh each bid: only where they can clash
        for bid in low_bids(st):
            lines = scene.bid_panel_lines(st, p, room=99, bid=bid)
            green = " ".join(line for line, colour in lines if colour == L.GOOD)
            best = _pay_screen_best(st, p, bid, may_build(st)) if bid > free_bids(st, p) else None
            if best is not None and sum(best.action[5]):
                discarding += 1
                assert "stay" not in green and "3 if discarded" in green, (bid, green, lines)
            else:
                keeping += 1
                assert "stay" in green, (bid, green)
    assert len(states) >= 5 and discarding >= 10 and keeping >= 10, (len(states), discarding, keeping)


def test_the_bid_panel_says_rows_go_by_bid_and_anyone_may_take_last_place_and_pay_no_bid(cfg) -> None:
    """Play-test s7 item 1: the panel did not say that the rows are chosen in bid order, highest first, nor that
    anyone may take last place instead of a better row and so pay no bid (rulebook p.13, Reckoning 4 and A;
    docs/rules-decisions.md, "Choosing the last place row voluntarily"). It says both now, and the engine
    agrees: the highest bidder chooses first, may take last place, and then pays nothing."""
    from game.realm.ui.payment import ROWS_RULE, SHORTEST

    st, p, _col = _bid_with_wardens(0)
    app, scene = realm_table_at(cfg, st)
    words = _panel_words(app)
    assert f"{ROWS_RULE}; anyone may take last place (" in words
    assert "instead and pay no bid. The lowest bid gets the row left." in words
    shortest = " ".join(line for line, _ in scene._bid_lines(st, p, 99, 806, 0, short=SHORTEST))
    assert f"{ROWS_RULE}; anyone may take last place (" in shortest and "pay no bid" in shortest

    s = st.copy()
    s.events = []
    while s.decision_name() == "bid":
        s.apply(("bid", s.bid_limit(p) if s.to_move() == p else 0))
    assert s.decision_name() == "row" and s.to_move() == p and s.bid_of(p) > 0  # the highest bid chooses first
    rows = s.c.rewards[s.reckoning_reward()].rows
    last = next(a for a in s.legal_actions() if rows[a[1]].is_penalty)  # last place, open to the highest bid
    s.apply(last)
    while s.decision_name() == "row" or (s.decision_name() == "pay" and s.to_move() != p):
        s.apply(s.legal_actions()[0])
    assert not (s.decision_name() == "pay" and s.to_move() == p)
    assert not any(e["type"] == "pay" and e.get("seat") == p for e in s.events)  # no bid to pay
    assert any(e["type"] == "pay" and e.get("seat") != p for e in s.events)  # the control: the others paid theirs
