"""Nothing on the Res Arcana table jumps around (play-test s7 g3 item 2): bots' cards in play changed their
order during the game (a rival's rows put its tallest cards together, so the order followed the heights),
and the rows of places of power and monuments rearranged after a claim (filled column by column, every card
after the claimed one crossed to the other row). A card on the table now keeps its position among the others:
a new one goes at the end (a new magic item takes the place of the one given back, beside the mage), one that
leaves leaves a gap the others close without changing their order.

Over seeded games (2 to 4 players, the playout policy, which claims and places often), after every move the
cards of each seat's area and of each centre row are read as a player reads them (row by row, left to
right): the cards that stay are in the same order as before, and a card new in an area comes after every card
that was already there (a magic item after the mage, before the rest). The control shows the reading catches
an order that changes: the old column-by-column centre rows.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.arcana.bots import fast_policy

from .test_arcana_ui_fit import _action_phase_state

GAMES = [(2, 3), (3, 5), (3, 8), (4, 11), (4, 12)]  # (players, seed)
MAX_MOVES = 600


def _reading(table: Any, cards: list[int]) -> list[int]:
    """``cards`` in the order a player reads them on the table: row by row from the top, left to right."""
    a = table.anchors
    return sorted(cards, key=lambda ci: (a[("card", ci)].y, a[("card", ci)].x))


def _groups(table: Any) -> dict[Any, list[int]]:
    """Each seat's cards in play and each centre row, as read on the table now."""
    table._layout()
    v = table.s.view(table.me())
    by = table.c.by_id
    out: dict[Any, list[int]] = {("seat", q): _reading(table, table._play_order[q]) for q in range(table.s.players)}
    for key in ("places_of_power", "monuments_face_up", "magic_items_free"):
        out[(key,)] = _reading(table, [by[cid] for cid in v[key]])
    return out


def _problems(before: dict[Any, list[int]], after: dict[Any, list[int]], table: Any) -> list[str]:
    out = []
    name = table.c.cards
    for key, now in after.items():
        old = before.get(key, [])
        stay = [ci for ci in now if ci in old]
        if stay != [ci for ci in old if ci in now]:
            out.append(f"{key}: {[name[ci].name for ci in old]} -> {[name[ci].name for ci in now]}")
        if key[0] == "seat":  # a new card after the ones already there (a magic item: after the mage)
            for i, ci in enumerate(now):
                if ci in old:
                    continue
                later = [cj for cj in now[i + 1:] if cj in old]
                if name[ci].kind == "magic_item":
                    later = [cj for cj in later if name[cj].kind == "mage"]
                if later:
                    out.append(f"{key}: new {name[ci].name} before {[name[cj].name for cj in later]}")
    return out


def _play(cfg: Any, players: int, seed: int) -> tuple[list[str], dict[str, int]]:
    """Play a seeded game on a table, reading it after every move: (what changed order, how many claims and
    cards placed were seen)."""
    st = _action_phase_state(players, seed)
    _app, table = _table_any(cfg, st, players)
    rng = random.Random(seed)
    before = _groups(table)
    seen = {"claims": 0, "placed": 0, "destroyed": 0}
    problems: list[str] = []
    for _ in range(MAX_MOVES):
        if st.is_terminal():
            break
        places, mons = len(st.places), list(st.mon_up)
        cards = sum(len(p) for p in st.play)
        st.apply(fast_policy(st, rng))
        seen["claims"] += len(st.places) < places or st.mon_up != mons
        seen["placed"] += sum(len(p) for p in st.play) > cards
        seen["destroyed"] += sum(len(p) for p in st.play) < cards
        after = _groups(table)
        problems += _problems(before, after, table)
        before = after
    return problems, seen


def _table_any(cfg: Any, st: Any, players: int) -> tuple[Any, Any]:
    """A table of people at one screen for the state ``st``, which the test then plays on by itself."""
    from game.arcana.ui import TableScene
    from game.core.session import GameSession, Seat
    from game.shell import testing

    app = testing.make_app(window_size=(1280, 720), skip_animations=True)
    sess = GameSession(players, [Seat("human", name=f"P{p + 1}") for p in range(players)], 7, {"preset": "random"},
                       presets=None, game="arcana")
    sess.state = st
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 2)
    return app, table


@pytest.mark.parametrize("players,seed", GAMES)
def test_cards_on_the_table_keep_their_order_through_a_game(cfg, players: int, seed: int) -> None:
    problems, seen = _play(cfg, players, seed)
    assert seen["claims"] and seen["placed"], seen  # the game did claim and place: the check saw them
    assert not problems, "\n".join(problems[:20])


def test_control_the_old_column_by_column_rows_change_the_order(cfg, monkeypatch) -> None:
    """The control: the centre's rows filled column by column (the old layout) fail the same reading."""
    from game.arcana.ui import layout as LY
    from game.arcana.ui import table as TB

    def old_centre(self: Any, a: dict, v: dict) -> None:
        tw, th = LY.TILE_W - 8, 40
        x = 12
        for key in ("places_of_power", "monuments_face_up", "magic_items_free"):
            ids = v[key]
            for i, cid in enumerate(ids):
                a[("card", self.c.by_id[cid])] = TB.pygame.Rect(x + (i // 2) * (tw + 4), 362 + (i % 2) * (th + 4),
                                                                tw, th)
            x += ((len(ids) + 1) // 2) * (tw + 4) + 20

    monkeypatch.setattr(TB.TableScene, "_centre_layout", old_centre)
    found = []
    for players, seed in GAMES[:3]:
        problems, _seen = _play(cfg, players, seed)
        found += [p for p in problems if "places_of_power" in p or "monuments" in p]
    assert found
