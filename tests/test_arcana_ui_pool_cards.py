"""A match's pool of sixteen artifacts, as a player picks from it (play-test s5 p1, items 17 and 20).

- Every card in the pool reads whole: no face cut to its first lines with a chevron (Corrupt Altar, Crypt,
  Fountain of Youth and Tree of Life were), over the pools of seeded matches and over every artifact, at
  1280x720 and 1600x900. The control draws the old 124 x 136 grid and finds cut faces.
- A card taken leaves no hole: the cards left close up, in the order dealt, eight to a row.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.arcana.adapter import _next_in_match
from game.arcana.engine import new_game
from game.arcana.engine.state import K_FIRST, K_MPICK
from game.arcana.ui import table as TB
from game.core.games import get_game
from game.core.session import GameSession, Seat
from game.shell import testing

from .test_arcana_pool_fit import _show, _visible
from .test_arcana_ui_fit import Audit, _table_frame

WINDOWS = [(1280, 720), (1600, 900)]
SEEDS = [1, 2, 3]


def _seeded_pool(seed: int) -> dict[str, Any]:
    """Game 2's setup after a seeded game 1 of a match played at random (its sixteen artifacts the pool)."""
    s = new_game(2, seed, preset="random", draft=False, match={"game": 1, "wins": [0, 0]})
    rng = random.Random(seed)
    while not s.is_terminal():
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
    return _next_in_match(s)


def _pool_of(ids: list[str]) -> dict[str, Any]:
    content = new_game(2, 1, preset="random").c
    mages = [cd.id for cd in content.cards if cd.kind == "mage"][:2]
    return {"preset": "random", "draft": False,
            "match": {"game": 2, "wins": [0, 1], "chooser": 0, "mages": mages, "pool": ids}}


def _every_artifact_in_pools() -> list[dict[str, Any]]:
    """Pools of sixteen that together hold every artifact (the last one topped up from the first)."""
    arts = [cd.id for cd in new_game(2, 1, preset="random").c.cards if cd.kind == "artifact"]
    pools = [arts[i:i + 16] for i in range(0, len(arts), 16)]
    pools[-1] += [x for x in arts if x not in pools[-1]][:16 - len(pools[-1])]
    return [_pool_of(p) for p in pools]


def _table(setup: dict[str, Any], window: tuple[int, int], rival: str = "Bartholomew"
           ) -> tuple[Any, Any, GameSession]:
    g = get_game("arcana")
    app = testing.make_app(window_size=window, skip_animations=True)
    sess = GameSession(2, [Seat("human", name="Annabel"), Seat("human", name=rival)], 5, setup,
                       presets=None, game=g)
    sess.state.apply((K_FIRST, 0))
    return app, app.push(g.ui().TableScene(_cfg(), sess)), sess


def _cfg() -> Any:
    from game.core.config import load_config

    c = load_config(user=False)
    c.ui["skip_animations"] = True
    c.ui["bot_delay"] = 0.0
    return c


def _pool_cards(table: Any, sess: GameSession) -> list[tuple[int, pygame.Rect]]:
    """The cards left in the pool, in the order dealt, with where the table drew them."""
    dealt = [sess.content.by_id[x] for x in sess.setup["match"]["pool"]]
    left = {sess.content.by_id[x] for x in table.view()["pool"]}
    return [(ci, table.anchors[("card", ci)]) for ci in dealt if ci in left]


def _holes(cards: list[tuple[int, pygame.Rect]], first_x: int) -> list[str]:
    """Where the cards, read in the order dealt, leave a gap: each follows the one before in its row, or
    starts the next row at the left once a row holds eight."""
    rects = [r for _, r in cards]
    problems = [] if not rects or rects[0].x == first_x else [f"the first card at x {rects[0].x}, not {first_x}"]
    in_row = 1
    for before, r in zip(rects, rects[1:]):
        if r.y == before.y and 0 <= r.x - before.right <= TB.POOL_GAP:
            in_row += 1
        elif r.y > before.bottom and r.x == first_x and in_row == TB.POOL_COLS:
            in_row = 1
        else:
            problems.append(f"a gap between {tuple(before)} and {tuple(r)} ({in_row} in the row)")
    return problems


def _pick_all(app: Any, table: Any, sess: GameSession, seed: int, each: Any) -> int:
    """Seat 0 and its rival take the pool's cards at random; ``each(cards)`` after every pick (and before the
    first) on the table as drawn. Returns the frames seen."""
    rng, frames = random.Random(seed), 0
    while sess.state.decision_name() == "match_pick":
        _show(app)
        assert _table_frame(app, table)
        each(_pool_cards(table, sess))
        frames += 1
        picks = [a for a in sess.state.legal_actions() if a[0] == K_MPICK]
        sess.state.apply(picks[rng.randrange(len(picks))])
    return frames


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_card_in_a_seeded_pool_reads_whole_after_every_pick(window: tuple[int, int], seed: int) -> None:
    app, table, sess = _table(_seeded_pool(seed), window)
    audit = Audit()
    sizes: list[int] = []

    def whole(cards: list[tuple[int, pygame.Rect]]) -> None:
        sizes.append(len(cards))
        cut = [sess.content.cards[ci].name for ci, _ in cards if ci in table.cut_faces]
        assert cut == [], f"cut with a chevron at {len(cards)} left: {cut}"
        audit.check(*_visible(app.last_frame_texts, table.card_boxes), f"{window} {len(cards)} left: ")

    assert _pick_all(app, table, sess, seed, whole) >= 14
    assert sizes[0] == 16
    assert not audit.bad, audit.report()


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("rival", ["Bartholomew", "Bartholomew Longname"])
def test_every_artifact_reads_whole_in_a_full_pool(window: tuple[int, int], rival: str) -> None:
    """A long rival's name too: the label of what it has taken steps down to 13 px on one line, so the
    rows at the pool's foot leave the cards their room."""
    for setup in _every_artifact_in_pools():
        app, table, sess = _table(setup, window, rival)
        _show(app)
        cards = _pool_cards(table, sess)
        assert len(cards) == 16 and _table_frame(app, table)
        assert [sess.content.cards[ci].name for ci, _ in cards if ci in table.cut_faces] == []


def test_control_the_old_grid_cut_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same check on the grid the play-tester saw (124 x 136 faces, the kind said): cards are cut."""
    def old_slots(n: int, room: pygame.Rect) -> list[pygame.Rect]:
        return [pygame.Rect(room.x + (i % 8) * 132, room.y + (i // 8) * 144, 124, 136) for i in range(n)]

    monkeypatch.setattr(TB, "pool_slots", old_slots)
    monkeypatch.setattr(TB.L, "type_line", lambda cd, kind_said=False: "Artifact")
    cut: set[str] = set()
    for setup in _every_artifact_in_pools():
        app, table, sess = _table(setup, WINDOWS[0])
        _show(app)
        cut |= {sess.content.cards[ci].name for ci, _ in _pool_cards(table, sess) if ci in table.cut_faces}
    assert {"Corrupt Altar", "Crypt", "Tree of Life"} <= cut


@pytest.mark.parametrize("seed", SEEDS)
def test_a_taken_card_leaves_no_hole(seed: int) -> None:
    app, table, sess = _table(_seeded_pool(seed), (1600, 900))
    first: list[int] = []
    seen: list[int] = []

    def closed_up(cards: list[tuple[int, pygame.Rect]]) -> None:
        first.extend([] if first else [cards[0][1].x])
        seen.append(len(cards))
        assert _holes(cards, first[0]) == [], f"{len(cards)} left"

    _pick_all(app, table, sess, seed, closed_up)
    assert seen[0] == 16 and min(seen) <= 2


def test_control_a_card_taken_from_the_middle_of_a_fixed_grid_is_a_hole() -> None:
    slots = [pygame.Rect(10 + (i % 8) * 137, 100 + (i // 8) * 160, 135, 155) for i in range(16)]
    kept = list(enumerate(slots))
    del kept[5]
    assert _holes(kept, 10) and not _holes(list(enumerate(slots)), 10)
