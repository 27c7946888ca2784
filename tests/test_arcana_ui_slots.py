"""Cards on the Res Arcana table keep their places (play-test s8, items 2 and 3): a rival's area reflowed
its columns (3, then 4, then 3 again) as its cards came and when the log opened, so a card's place jumped;
and the rows of places of power, monuments and magic items closed up after a claim.

Now a rival's area has as many columns as it has had this game (they only grow, up to what the area holds
with the log open), and opening the log keeps them (the faces narrower); a card claimed or taken from the
centre leaves its place empty (an outline), and a card that comes there (a monument revealed, an item given
back) takes an empty place.

Over seeded games (3 and 4 players, the playout policy, which claims and places often), after every move:
every rival card that stays keeps its row and column, unless a card left that area (destroyed: the others
close up, in their order); a rival's columns never fall; every centre card that stays keeps its rectangle;
every so often the log opens and no rival card changes row or column. The controls: the old layouts (columns
chosen afresh each frame, the centre rows closing up) fail the same checks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.arcana.bots import fast_policy

from .test_arcana_ui_card_order import _table_any
from .test_arcana_ui_fit import _action_phase_state

GAMES = [(3, 5), (4, 11), (4, 12)]  # (players, seed)
MAX_MOVES = 600


def _slots(table: Any) -> dict[int, dict[int, tuple[int, int]]]:
    """Each rival's cards in play -> (row, column) as drawn: rows by height on the table, columns by order."""
    table._layout()
    out: dict[int, dict[int, tuple[int, int]]] = {}
    for q in range(table.s.players):
        if q == table.me():
            continue
        rects = {ci: table.anchors[("card", ci)] for ci in table._play_order[q]}
        ys = sorted({r.y for r in rects.values()})
        got: dict[int, tuple[int, int]] = {}
        for row, y in enumerate(ys):
            in_row = sorted((r.x, ci) for ci, r in rects.items() if r.y == y)
            got.update({ci: (row, col) for col, (_x, ci) in enumerate(in_row)})
        out[q] = got
    return out


def _centre(table: Any) -> dict[int, tuple[int, int, int, int]]:
    v = table.s.view(table.me())
    by = table.c.by_id
    ids = list(v["places_of_power"]) + list(v["monuments_face_up"]) + list(v["magic_items_free"])
    return {by[cid]: tuple(table.anchors[("card", by[cid])]) for cid in ids}


def _moved(before: dict, after: dict, what: str, name: Any) -> list[str]:
    return [f"{what}: {name[ci].name} {before[ci]} -> {after[ci]}" for ci in after if ci in before
            and before[ci] != after[ci]]


def _play(cfg: Any, players: int, seed: int) -> tuple[list[str], dict[str, int]]:
    st = _action_phase_state(players, seed)
    _app, table = _table_any(cfg, st, players)
    name = table.c.cards
    rng = random.Random(seed)
    slots, centre = _slots(table), _centre(table)
    cols = dict(table._rival_cols)
    seen = {"claims": 0, "placed": 0, "log": 0}
    problems: list[str] = []
    for move in range(MAX_MOVES):
        if st.is_terminal():
            break
        places, mons = len(st.places), list(st.mon_up)
        cards = sum(len(p) for p in st.play)
        st.apply(fast_policy(st, rng))
        seen["claims"] += len(st.places) < places or st.mon_up != mons
        seen["placed"] += sum(len(p) for p in st.play) > cards
        now, now_centre = _slots(table), _centre(table)
        for q, got in now.items():
            if set(slots.get(q, {})) <= set(got):  # nothing left this area: every card where it was
                problems += _moved(slots.get(q, {}), got, f"move {move} seat {q}", name)
            if table._rival_cols.get(q, 0) < cols.get(q, 0):
                problems.append(f"move {move} seat {q}: columns {cols[q]} -> {table._rival_cols.get(q)}")
        problems += _moved(centre, now_centre, f"move {move} centre", name)
        if move % 20 == 0:  # the log opens and closes: no rival card changes row or column
            table.show_log = True
            seen["log"] += 1
            for q, got in _slots(table).items():
                problems += _moved(now[q], got, f"log open, seat {q}", name)
            table.show_log = False
        slots, centre, cols = now, now_centre, dict(table._rival_cols)
    return problems, seen


@pytest.mark.parametrize("players,seed", GAMES)
def test_rival_cards_and_centre_cards_keep_their_places_through_a_game(cfg, players: int, seed: int) -> None:
    problems, seen = _play(cfg, players, seed)
    assert seen["claims"] and seen["placed"] and seen["log"], seen  # the game did claim, place and open the log
    assert not problems, "\n".join(problems[:20])


def test_control_columns_chosen_afresh_and_closing_centre_rows_move_cards(cfg, monkeypatch) -> None:
    """The controls: a rival's columns chosen afresh every frame (no columns held) and the centre's rows
    closing up after a claim (no places kept) fail the same checks."""
    from game.arcana.ui import table as TB

    def afresh(self: Any, comps: list, area: Any, starts: set, q: int) -> Any:
        return self._rival_layout(comps, area, starts, (1, len(comps)))

    def closing(self: Any, key: str, ids: list) -> list:
        return list(ids)

    monkeypatch.setattr(TB.TableScene, "_rival_cards", afresh)
    monkeypatch.setattr(TB.TableScene, "_centre_slots", closing)
    found: list[str] = []
    for players, seed in GAMES:
        problems, _seen = _play(cfg, players, seed)
        found += problems
    assert any("seat" in p for p in found) and any("centre" in p for p in found)
