"""The label "Your hand" stands clear of the viewer's cards in play (play-test s8 item 4: a second row of
cards in play ended 6 px over it, and a playable card's glow, drawn 2 px round it, all but touched it).

Over seeded states (2 to 4 players, 6 to 14 cards in play, hands of 0 to 5, at 1280x720 and 1600x900): no
card in play above the label (its columns overlapping the label's) ends less than 8 px over it, and no card
overlaps it. The control: the old 6 px finds the label crowded.
"""

from __future__ import annotations

from typing import Any

import pytest

from .test_arcana_ui_play_room import WINDOWS, _state, _table


def _closest(cfg: Any, players: int, window: tuple[int, int]) -> tuple[int, str]:
    """The least room between the label and a card in play above it, over the states, and where."""
    best = (10_000, "")
    for in_play in range(6, 15):
        for hand in range(0, 6):
            app, table = _table(cfg, _state(players, in_play, hand), players, window)
            label = next(d.rect for d in app.last_frame_texts if d.text == "Your hand")
            for ci in table._play_order[0]:
                r = table.anchors[("card", ci)]
                if r.right > label.x and r.x < label.right and r.y < label.bottom:
                    room = label.y - r.bottom
                    if room < best[0]:
                        best = (room, f"{players}p {window} {in_play} in play, hand {hand}: {table.c.cards[ci].name}")
    return best


@pytest.mark.parametrize("players", [2, 3, 4])
def test_your_hand_label_stands_clear_of_the_cards_in_play(cfg, players: int) -> None:
    for window in WINDOWS:
        room, where = _closest(cfg, players, window)
        assert room >= 8, f"{room} px: {where}"


def test_control_the_old_six_pixels_crowd_the_label(cfg, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.arcana.ui import layout as LY

    monkeypatch.setattr(LY, "HAND_CLEAR", 6)
    assert min(_closest(cfg, players, (1280, 720))[0] for players in (2, 3)) < 8


@pytest.mark.parametrize("players,draft", [(3, False), (4, False), (4, True)])
def test_the_mages_and_the_draft_pack_offered_read_as_whole_faces(cfg, players: int, draft: bool) -> None:
    """With the rivals' row taller at 3 and 4 players the room above the hand is shorter: the mages to choose
    from and the draft's pack go beside the hand as whole faces (they had shrunk to name-only tiles)."""
    import time

    from game.arcana.ui import TableScene
    from game.core.games import get_game
    from game.core.session import GameSession, Seat
    from game.shell import testing
    from game.shell.title import presets

    setup = {"preset": "random", "draft": True} if draft else {"preset": "random"}
    sess = GameSession(players, [Seat("human", name="Annabel")] + [Seat("bot", "rule")] * (players - 1), 7, setup,
                       presets=presets(cfg), game=get_game("arcana"))
    app = testing.make_app(window_size=(1280, 720), skip_animations=True)
    table = app.push(TableScene(cfg, sess))
    end = time.monotonic() + 30
    while not table.my_turn and time.monotonic() < end:
        testing.step(app, 1)
        time.sleep(0.01)
    testing.step(app, 2)
    v = table.s.view(0)
    assert v["decision"] == ("draft" if draft else "mage")
    ids = v["players"][0]["draft_pack" if draft else "mage_options"]
    offered = [table.c.by_id[cid] for cid in ids]
    assert offered and all(table.card_lines.get(ci, 0) == 0 and ci not in table.cut_faces for ci in offered), \
        [(table.c.cards[ci].name, table.card_lines.get(ci)) for ci in offered]
