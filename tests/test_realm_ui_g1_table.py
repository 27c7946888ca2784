"""Play-test g1: Realm's table says what each choice does, tells each loss apart and gives the board's room to
the tucked stacks."""

from __future__ import annotations

import pygame
import pytest

from game.shell import testing

from .engine_helpers import play_until
from .realm_ui_helpers import realm_table_at
from .test_realm_ui_readable import cut_texts

testing.use_dummy_drivers()


# ------------------------------------------------------------------ item 2: each reward card's own words
def test_choosing_a_reward_card_says_what_that_card_gives() -> None:
    from game.realm.engine.content import default_content
    from game.realm.ui.words import action_words, penalty_words, row_words

    c = default_content()
    said = {}
    for card in c.rewards:
        words = action_words(c, ("reward", card.index), str)
        assert words != "Use this reward card"
        assert row_words(card.rows[0]) in words and penalty_words(card.rows[-1]) in words, words
        said.setdefault((card.players, words), card.id)
    assert len(said) == len(c.rewards)  # no two cards of a game read alike


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_reward_cards_preview_reads_whole_and_apart(cfg, players) -> None:
    from game.realm.ui.words import row_words

    st = play_until(players, 20 + players, lambda s: s.decision_name() == "reward")
    cards = [a[1] for a in st.legal_actions() if a[0] == "reward"]
    for window in ((1280, 720), (1600, 900)):
        titles = []
        for r in cards:
            app, scene = realm_table_at(cfg, st, window)
            spot = next(h for h in scene.hotspots if tuple(h.actions) == (("reward", r),))
            testing.click(app, spot.rect.center)
            testing.step(app, 3)
            assert scene.pending == ("reward", r)
            title = next(d.text for d in app.last_frame_texts if d.text.startswith("Use the card"))
            assert row_words(st.c.rewards[r].rows[0]) in title
            assert not cut_texts(app.last_frame_texts)
            assert not [d.text for d in app.last_frame_texts if d.overflows(pygame.Rect(0, 0, 1600, 900))]
            titles.append(title)
        assert len(set(titles)) == len(cards), titles


# ------------------------------------------------------------------ item 3: each loss of last place apart
def _last_place_run(reward: int, coins_taken: int, vp_lost: int) -> list[dict]:
    """A reckoning whose last place row (seat 2, last to choose) takes ``coins_taken`` coins, then the VP the
    engine takes in one event: the row's own VP and one for each coin the seat did not have."""
    return [
        {"type": "reckoning", "seat": 0, "region": 1, "final": False},
        {"type": "reward_card", "seat": 0, "reward": reward},
        {"type": "bids_revealed", "bids": [2, 1, 1], "table_bid": -1, "order": [0, 1, 2], "cut": []},
        {"type": "row", "seat": 0, "row": 0},
        {"type": "row", "seat": 1, "row": 1},
        {"type": "row", "seat": 2, "row": 2},
        {"type": "penalty", "seat": 2, "coins": coins_taken},
        {"type": "vp", "seat": 2, "amount": -vp_lost},
        {"type": "reckoning_end", "region": 1, "final": False},
    ]


def test_last_places_vp_for_its_row_and_for_a_coin_it_lacked_are_two_lines_with_their_reasons(cfg) -> None:
    from game.realm.engine import new_game
    from game.realm.ui.overlays import ReckoningCollector, ReckoningScene
    from game.realm.ui.table import TableRenderer, UIHints

    s = new_game(3, seed=1)
    reward = next(k for k, r in enumerate(s.c.rewards) if r.players == 3 and r.rows[-1].losses[:2] == (1, 2))
    col = ReckoningCollector(s.c)
    report = None
    for d in _last_place_run(reward, coins_taken=1, vp_lost=2):  # -1 VP printed, 1 of the 2 coins missing
        report = col.feed(d) or report
    assert report is not None
    scene = ReckoningScene(TableRenderer(s.c), s.view(0), UIHints(), report)
    lines = scene.detail(2).split("\n")
    assert lines[0].startswith("last to choose")
    assert "-1 VP (last place row)" in lines, lines
    assert "-1 VP (last place row: only 1 coin of 2 to lose)" in lines, lines
    assert "-1 coin (last place row)" in lines, lines
    assert not [line for line in lines if "-2 VP" in line]  # the control: the old line merged the two
    for window in ((1280, 720), (1600, 900)):
        app = testing.make_app(window_size=window, skip_animations=True)
        app.push(ReckoningScene(TableRenderer(s.c), s.view(0), UIHints(), report))
        testing.step(app, 3)
        drawn = list(app.last_frame_texts)
        for line in lines[1:]:  # each loss drawn whole on a line of its own (the reason may take two)
            assert any(d.text == line for d in drawn), (line, [d.text for d in drawn])
        said = " ".join(d.text for d in drawn)
        assert all(w in said for w in lines[0].split())
        assert not cut_texts(drawn)
        assert not [d.text for d in drawn if d.overflows(pygame.Rect(0, 0, 1600, 900))]


def test_a_last_place_with_no_coin_at_all_says_so_and_one_with_coins_has_no_coin_line() -> None:
    from game.realm.engine import new_game
    from game.realm.ui.overlays import ReckoningCollector

    s = new_game(3, seed=1)
    reward = next(k for k, r in enumerate(s.c.rewards) if r.players == 3 and r.rows[-1].losses[:2] == (1, 2))
    for taken, vp, want in ((0, 3, ["-1 VP (last place row)", "-2 VP (last place row: no coins to lose)"]),
                            (2, 1, ["-2 coins (last place row)", "-1 VP (last place row)"])):
        col = ReckoningCollector(s.c)
        report = None
        for d in _last_place_run(reward, coins_taken=taken, vp_lost=vp):
            report = col.feed(d) or report
        assert [n for n in report.effects[2] if "VP" in n or "coin" in n] == want, report.effects[2]


# ------------------------------------------------------------------ item 4: the Dominion bonus, one log line
@pytest.mark.parametrize("choice,noun", [(1, " draw"), (2, " gain")])
def test_the_dominion_bonus_and_what_it_brought_are_one_log_line_naming_the_artifact(cfg, choice, noun) -> None:
    from game.realm.engine.constants import DOMINION

    st = play_until(3, 40, lambda s: s.decision_name() == "dominion" and ("dominion", choice) in s.legal_actions()
                    and s.artifact[DOMINION] == s.to_move() and s.supply > 2)
    st.events = []  # the session tells the events from here on
    app, scene = realm_table_at(cfg, st)
    before = len(scene.log.entries)
    scene.submit(("dominion", choice))
    testing.step(app, 3)
    told = [e.text for e in scene.log.entries[before:]]
    said = [line for line in told if noun in line]
    assert len(said) == 1, told  # the old log: "Dominion artifact: ... a mercenary." then "... 1 mercenary."
    assert said[0].startswith("Dominion artifact: "), said
    assert " 1 " in said[0] or "+2 from the" in said[0], said  # what it brought, the amount said once
    history = " | ".join(told)
    assert history.count("Dominion artifact") == 1, history


def test_a_dominion_coin_from_a_rival_is_one_line_and_other_gains_keep_their_own() -> None:
    from game.realm.ui.words import event_text, fold_dominion

    names = ["You", "Ann", "Bo"].__getitem__
    dom = {"type": "dominion", "seat": 0, "choice": 2}
    none = fold_dominion(dom, {"type": "coins", "seat": 0, "amount": 0})
    steal = fold_dominion(none, {"type": "steal", "seat": 0, "target": 1, "amount": 1})
    assert steal is not None
    from game.realm.engine.content import default_content

    c = default_content()
    assert event_text(c, steal, names) == "Dominion artifact: You take 1 coin from Ann (the supply is empty)."
    assert fold_dominion(dom, {"type": "coins", "seat": 1, "amount": 1}) is None  # another seat's gain
    assert fold_dominion(dom, {"type": "mercs", "seat": 0, "amount": 1}) is None  # not what the bonus brings
    assert fold_dominion({"type": "dominion", "seat": 0, "choice": 3}, {"type": "place", "seat": 0,
                                                                         "region": 0}) is None
    some = fold_dominion(dom, {"type": "coins", "seat": 0, "amount": 1})
    assert fold_dominion(some, {"type": "steal", "seat": 0, "target": 1, "amount": 2}) is None


# ------------------------------------------------------------------ item 5: the tucked stacks get the room
def _strips(players: int, per_side: int) -> list:
    """The tucked strips drawn when every seat has ``per_side`` cards tucked on each side of each pillar."""
    from game.realm.engine import new_game
    from game.realm.ui.table import TableRenderer, UIHints

    s = new_game(players, seed=players)
    view = s.view(0)
    cards = [cd.id for cd in s.c.cards]
    tucked = [[{"card": cards[(p * 50 + pl * 10 + side * 5 + k) % len(cards)], "pillar": pl, "side": side}
               for pl in range(5) for side in (0, 1) for k in range(per_side)] for p in range(players)]
    view = dict(view, tucked=tucked)
    spots = TableRenderer(s.c).draw(pygame.Surface((1600, 900)), view, UIHints())
    return [h for h in spots if h.kind == "tucked"]


@pytest.mark.parametrize("players,per_side", [(2, 4), (3, 3)])
def test_at_2_and_3_players_a_stack_of_several_cards_is_as_tall_as_a_lone_card(players, per_side) -> None:
    from game.realm.ui.table import STRIP_MAX

    strips = _strips(players, per_side)
    assert len(strips) == players * 10 * per_side
    assert min(h.rect.h for h in strips) == STRIP_MAX, sorted({h.rect.h for h in strips})  # 200 px boards: 15


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_boards_take_the_columns_whole_height(players) -> None:
    from game.realm.ui.table import BOARDS_RECT, TABLE_HAND_H, board_rect

    last = board_rect(players, players - 1)
    foot = last.bottom + (8 + TABLE_HAND_H if players == 2 else 0)
    assert BOARDS_RECT.bottom - players < foot <= BOARDS_RECT.bottom  # what rounding leaves, and no more
    assert all(board_rect(players, p).bottom < board_rect(players, p + 1).top for p in range(players - 1))


def test_at_5_players_a_crowded_stack_stays_readable() -> None:
    """Five cards a side on 159 px boards: compact strips, their icons on a label beside them, no text cut,
    out of its box, overlapping or under 13 px."""
    from game.realm.engine import new_game
    from game.realm.ui.table import TableRenderer, UIHints
    from game.shell.text import registry

    from .test_realm_ui_fit import table_text_faults
    from .test_realm_ui_stacks import stack_faults

    strips = _strips(5, 5)
    assert min(h.rect.h for h in strips) >= 3
    s = new_game(5, seed=5)
    registry.begin_frame()
    view = s.view(0)
    cards = [cd.id for cd in s.c.cards]
    view = dict(view, tucked=[[{"card": cards[(p * 50 + pl * 10 + k) % len(cards)], "pillar": pl, "side": k % 2}
                               for pl in range(5) for k in range(10)] for p in range(5)])
    spots = TableRenderer(s.c).draw(pygame.Surface((1600, 900)), view, UIHints())
    assert not stack_faults(spots, 5)
    assert not table_text_faults(list(registry.items)), table_text_faults(list(registry.items))


# ------------------------------------------------------------------ item 6: a rival's last place can force a bid
def _bid_state(players: int):
    """A bid in a reckoning whose card's last row is last place, the bidder able to bid 1 or more."""
    return play_until(players, 60 + players, lambda s: s.decision_name() == "bid" and s.bid_limit(s.to_move()) >= 1
                      and s.c.rewards[s.reckoning_reward()].rows[-1].is_penalty)


def _set_bid(app, scene, value: int) -> list[str]:
    scene.bid_value = value
    app.invalidate()
    testing.step(app, 2)
    return [d.text for d in app.last_frame_texts]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_bid_panel_warns_that_a_rivals_last_place_makes_a_low_bid_be_paid(cfg, players) -> None:
    from game.realm.ui.payment import rival_most

    st = _bid_state(players)
    p = st.to_move()
    lowest_most = min(rival_most(st, q)[1] for q in range(st.n) if q != p)
    for window in ((1280, 720), (1600, 900)):
        app, scene = realm_table_at(cfg, st, window)
        drawn = _set_bid(app, scene, 1)
        if lowest_most >= 1:
            warn = "If a rival takes last place before you, the row left costs your bid of 1."
            assert warn in drawn, drawn
            line = next(d for d in app.last_frame_texts if d.text == warn)
            assert d_inside(line, scene.bid_layout(st).rect)
        assert not cut_texts(app.last_frame_texts)
        assert not [d.text for d in app.last_frame_texts if d.overflows(pygame.Rect(0, 0, 1600, 900))]
        drawn = _set_bid(app, scene, 0)  # a bid of 0 pays nothing, whatever row is left
        assert not [t for t in drawn if t.startswith("If a rival takes last place")]
    if st.bid_limit(p) > lowest_most:  # a bid no rival can match is never the lowest: it chooses before them
        assert not [w for w, _ in scene.bid_panel_lines(st, p, 99, bid=lowest_most + 1) if "If a rival" in w]


def d_inside(d, rect: pygame.Rect) -> bool:
    return rect.contains(d.rect)


def test_the_forced_bid_warning_follows_the_rule_for_each_case() -> None:
    from game.realm.ui.words import forced_bid_words

    st = _bid_state(3)
    assert forced_bid_words(st.c, st, 2, True).endswith("costs your bid of 2.")
    assert forced_bid_words(st.c, st, 0, True) == ""  # nothing to pay either way
    assert forced_bid_words(st.c, st, 2, False) == ""  # not the last to choose: it may take last place itself
