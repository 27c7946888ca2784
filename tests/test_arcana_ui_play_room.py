"""The viewer's own cards in play read whole when the room on screen allows it (play-test s5 item 17): the
hand's band is only as tall as its cards need at the foot of the area, and the cards in play go in rows above
it (never beside the hand: they read as cards in hand, play-test t2 item 1), compact faces (a rival's) where
whole faces do not fit.

The rule for "the room allows", from the area's size (1084 logical px across, under the seat's header):
eight faces go in a row above the hand, and a hand of ``h`` cards (the deck, then faces 136 px wide)
leaves room for ``7 - h`` more beside it; so at most ``15 - h`` cards in play read whole. Beyond that
(twelve cards and a hand of four, sixteen cards) the faces are as tall as they all fit (never shorter
than the old two rows over a full-height hand), a chevron on those still cut, their tooltip and card view
showing the rest.

Over seeded states (2 to 4 players, 8 to 12 own cards in play, hands of 0 to 5, at 1280x720 and
1600x900): no own card within the rule is drawn cut (``TableScene.cut_faces``) or as a tile; no own card
overlaps another, the hand's cards or the decision panel; the texts pass the fit audit; a click on a card
in play and on a card in the hand still picks it.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.arcana.ui import table as TB
from game.core.session import GameSession, Seat
from game.shell import testing

from .test_arcana_ui_fit import Audit, _action_phase_state, _lift_curtain, crowd

WINDOWS = [(1280, 720), (1600, 900)]
NAMES = ["Annabel", "Bartholomew", "Constantine", "Dorothea"]


def _whole_allowed(in_play: int, hand: int) -> bool:
    """The rule (see the module's words): eight in a row over the hand, ``7 - hand`` beside it."""
    return in_play <= 15 - hand


def _state(players: int, in_play: int, hand: int) -> Any:
    """Seat 0 to act with ``in_play`` cards in play and ``hand`` cards in hand; each rival with nine."""
    st = next(s for s in (_action_phase_state(players, seed) for seed in range(7, 60)) if s.to_move() == 0)
    crowd(st, [in_play] + [9] * (players - 1))
    st.box += st.hand[0][hand:]
    st.hand[0] = st.hand[0][:hand]
    assert (len(st.play[0]), len(st.hand[0])) == (in_play, hand)
    return st


def _table(cfg: Any, state: Any, players: int, window: tuple[int, int]) -> tuple[Any, Any]:
    from game.arcana.ui import TableScene

    app = testing.make_app(window_size=window, skip_animations=True)
    sess = GameSession(players, [Seat("human", name=NAMES[p]) for p in range(players)], 7, {"preset": "random"},
                       presets=None, game="arcana")  # all at this screen: nobody moves on its own
    sess.state = state
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    _lift_curtain(app)
    testing.move(app, (4, 890), frames=2)  # the mouse where no tip shows
    assert table.my_turn and app.stack.top is table
    return app, table


def _own_cards(table: Any) -> tuple[list[int], list[int]]:
    """Seat 0's cards in play and in hand (card indexes), as drawn."""
    hand = [table.c.by_id[cid] for cid in table.s.state.view(0)["players"][0]["hand"]]
    return list(table._play_order[0]), hand


def _overlaps(table: Any, play: list[int], hand: list[int]) -> list[str]:
    """Every own card in play that overlaps another, a hand card, the hand's deck or the decision panel,
    or leaves the seat's area."""
    a = table.anchors
    name = table.c.cards
    bad = []
    others = [(name[ci].name, a[("card", ci)]) for ci in hand] + [("the decision panel", TB.PANEL)]
    if ("deck", 0) in table.tips:
        others.append(("the deck", table.tips[("deck", 0)][0]))
    for i, ci in enumerate(play):
        rect = a[("card", ci)]
        if not a[("area", 0)].contains(rect):
            bad.append(f"{name[ci].name} {tuple(rect)} leaves the area")
        for what, other in others + [(name[cj].name, a[("card", cj)]) for cj in play[i + 1:]]:
            if rect.colliderect(other):
                bad.append(f"{name[ci].name} {tuple(rect)} overlaps {what} {tuple(other)}")
    return bad


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_own_cards_in_play_read_whole_where_the_room_allows(cfg, players: int, window: tuple[int, int]) -> None:
    audit = Audit()
    problems = []
    for in_play in range(8, 13):
        for hand_n in range(6):
            app, table = _table(cfg, _state(players, in_play, hand_n), players, window)
            play, hand = _own_cards(table)
            assert len(play) == in_play and len(hand) == hand_n
            where = f"{players}p {window} {in_play} in play, hand {hand_n}: "
            if _whole_allowed(in_play, hand_n):
                cut = [table.c.cards[ci].name for ci in play if ci in table.cut_faces or table.card_lines[ci]]
                if cut:
                    problems.append(where + "cut or tiles: " + ", ".join(cut))
            problems += [where + b for b in _overlaps(table, play, hand)]
            audit.check(app.last_frame_texts, table.card_boxes, where)
    assert not problems, "\n".join(problems[:40])
    assert not audit.bad, audit.report()


def test_control_where_the_room_does_not_allow_the_chevron_stays(cfg) -> None:
    """The control: sixteen cards in play and a hand of one (the crowded screenshot) do not fit whole: they
    go compact (``look.draw_compact``, as a rival's) or cut (a chevron), above the hand's band, faces still,
    nothing overlapping."""
    audit = Audit()
    for window in WINDOWS:
        app, table = _table(cfg, _state(4, 16, 1), 4, window)
        play, hand = _own_cards(table)
        assert set(play) & (table.cut_faces | table.compact)
        assert all(table.card_lines[ci] == 0 for ci in play)  # faces still, not tiles
        assert not _overlaps(table, play, hand)
        audit.check(app.last_frame_texts, table.card_boxes, f"{window}: ")
    assert not audit.bad, audit.report()


def _click_picks(app: Any, table: Any, ci: int) -> bool:
    """A click on card ``ci``'s middle selects it (several moves) or previews its one move."""
    table.selected, table.pending = -1, None
    testing.click(app, table.anchors[("card", ci)].center, frames=2)
    pend = table.pending if isinstance(table.pending, tuple) else None
    return table.selected == ci or (pend is not None and len(pend) > 1 and pend[1] == ci)


@pytest.mark.parametrize("window", WINDOWS)
def test_a_click_on_a_card_in_play_and_in_the_hand_still_picks_it(cfg, window: tuple[int, int]) -> None:
    """Twelve cards in play and a hand of three: the compact layout (every card whole, the last row beside
    the hand). The last card in play that has a move (in the row beside the hand) and each hand card."""
    app, table = _table(cfg, _state(2, 12, 3), 2, window)
    play, hand = _own_cards(table)
    assert not set(play) & table.cut_faces  # the compact layout is the one clicked
    usable = [ci for ci in play if any(sp.card == ci and sp.actions for sp in table.spots)]
    assert usable, "no card in play with a move: nothing to click"
    assert _click_picks(app, table, usable[-1]), table.c.cards[usable[-1]].name
    for ci in hand:
        assert any(sp.card == ci and sp.actions for sp in table.spots)
        assert _click_picks(app, table, ci), table.c.cards[ci].name
    area = table.anchors[("area", 0)]  # the control: a click on the area where no card is picks nothing
    free = next((x, y) for y in range(area.y + 40, area.bottom, 8) for x in range(area.x + 8, area.right, 8)
                if not any(sp.rect.inflate(8, 8).collidepoint((x, y)) for sp in table.spots))
    table.selected, table.pending = -1, None
    testing.click(app, free, frames=2)
    assert table.selected == -1 and table.pending is None


def test_face_height_is_the_least_height_a_face_reads_whole() -> None:
    """``look.face_height``: at that height ``draw_card`` reports the face whole; one pixel less, cut."""
    from game.arcana.engine import new_game
    from game.arcana.ui import look as L
    from game.shell import text as T

    testing.use_dummy_drivers()
    pygame.init()
    cards = new_game(2, 1, preset="random").c.cards
    for cd in [c for c in cards if c.kind in ("artifact", "place_of_power", "monument")][::7]:
        for w, dim in ((136, False), (118, True)):
            h = L.face_height(cd, w, None, dim)
            before = len(T.registry.items)
            assert L.draw_card(pygame.Surface((w, h)), pygame.Rect(0, 0, w, h), cd, None, dim), cd.name
            assert not L.draw_card(pygame.Surface((w, h - 1)), pygame.Rect(0, 0, w, h - 1), cd, None, dim), cd.name
            del T.registry.items[before:]


def test_the_rows_go_beside_the_hand_and_fail_when_they_run_past_the_foot() -> None:
    """``layout.packed_faces``: a row that would reach down into the hand's box starts right of it; rows
    that pass the area's foot give None (the control)."""
    from game.arcana.ui import layout as LY

    area = pygame.Rect(0, 0, 460, 300)  # three faces 118 wide across
    hand = pygame.Rect(0, 150, 200, 150)
    rects = LY.packed_faces([100] * 3 + [120] * 2, area, 118, hand)
    assert rects is not None and [r.y for r in rects] == [0, 0, 0, 106, 106]
    assert all(r.x >= hand.right for r in rects[3:]) and not any(r.colliderect(hand) for r in rects)
    assert LY.packed_faces([100] * 3 + [200] * 2, area, 118, hand) is None
