"""The history's list in both games (play-test s5 item 10: in Realm it opened as a small box over the supply and,
stepped back, showed one move under a blank area): the moves around the chosen one fill the panel, earlier
above and later below, the wheel scrolls it, a click jumps to a move, every line reads whole, and Realm's
panel leaves the supply and the table's key parts in view."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.history import HistoryScene

WINDOWS = ((1280, 720), (1600, 900))
MIN_TEXT_PX = 13  # as the other screens' text tests: no word drawn smaller
OLD_REALM_PANEL = pygame.Rect(662, 604, 338, 288)  # where Realm's list was before the play-test


def _played(key: str) -> GameSession:
    """A game some way in, the human to move: Realm for four, Res Arcana for two (random moves, fixed seeds)."""
    if key == "realm":
        sess = GameSession(4, [Seat("human")] + [Seat("bot", "random")] * 3, 3, game="realm")
    else:
        sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 5, {"preset": "random"}, game="arcana")
    rng = random.Random(3)
    while len(sess.actions) < (70 if key == "realm" else 60) or not sess.human_to_move():
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
    sess.restored_events = len(sess.events)  # as a continued game: nothing to show again
    return sess


def _history(cfg: Any, key: str, window: tuple[int, int] = (1600, 900),
             sess: GameSession | None = None) -> tuple[Any, HistoryScene]:
    if key == "realm":
        from game.realm.ui.table_scene import TableScene
    else:
        from game.arcana.ui import TableScene
    cfg.ui["bot_delay"] = 60.0
    app = testing.make_app(window_size=window, skip_animations=True)
    app.push(TableScene(cfg, sess or _played(key)))
    testing.step(app, 2)
    testing.key(app, pygame.K_y)
    history = app.stack.top
    assert isinstance(history, HistoryScene)
    testing.step(app, 2)
    return app, history


def _list_texts(app: Any, history: HistoryScene) -> list[Any]:
    """The texts the history drew in its list (under its title), as shown (cut where a clip cuts them)."""
    panel = history.panel
    below_title = pygame.Rect(panel.x, history.list_top, panel.w, panel.bottom - history.list_top)
    return [d for d in app.last_frame_texts if below_title.contains(d.rect)]


def _history_texts(app: Any) -> list[Any]:
    """Every text the history drew over the table: from its banner on."""
    items = list(app.last_frame_texts)
    first = next(i for i, d in enumerate(items) if d.text.startswith(("Looking back", "The game as it is now")))
    return items[first:]


@pytest.mark.parametrize("key", ["realm", "arcana"])
def test_stepped_back_the_list_fills_its_panel_with_the_moves_around_the_chosen_one(cfg, key) -> None:
    """Five moves back, the list shows moves before the chosen one above it and the next after it below, and
    its lines run from the top of the list to its foot (the old list drew one move under a blank area)."""
    app, history = _history(cfg, key)
    for _ in range(5):
        testing.key(app, pygame.K_LEFT)
    testing.step(app, 2)
    chosen = history.chosen
    assert chosen == len(history.moves) - 6  # the first step back skips the table as it is now (the last move's)
    drawn = [index for _rect, index in history.rows]
    assert chosen in drawn and chosen + 1 in drawn  # the next move below it, one line
    earlier = [i for i in drawn if i < chosen]
    if key == "arcana":
        assert len(earlier) >= 5, drawn
    else:  # Realm's short panel: the move before, whole above the chosen one in full, or left out whole
        assert earlier or chosen - 1 in history.left_out, drawn
    lines = _list_texts(app, history)
    step = max(d.rect.h for d in lines)
    # no blank area above, nor below: at most the room of a row that would not fit whole (a later move under a
    # heading of its own: a heading and a line)
    assert min(d.rect.y for d in lines) - history.list_top <= 3 * step
    assert history.list_bottom - max(d.rect.bottom for d in lines) <= 3 * step


def test_the_later_moves_are_listed_only_by_number_and_mover_as_named_then(cfg) -> None:
    """Res Arcana, before the mages are revealed: the reveal is listed below the chosen move (its number and
    who made it) and the rival's mage is not drawn; the control: chosen, the reveal names it."""
    sess = _played("arcana")
    reveal = next(ev for ev in sess.events if ev.data["type"] == "mages")
    rival_mage = sess.content.card(reveal.data["mages"][1]).name
    app, history = _history(cfg, "arcana", sess=sess)
    assert testing.was_drawn(app, rival_mage) or any(rival_mage in m.text for m in history.moves)
    history.choose(reveal.action_index - 2)  # the move before the reveal
    testing.step(app, 2)
    later = history.moves[reveal.action_index - 1]
    assert reveal.action_index - 1 in [index for _rect, index in history.rows]
    assert testing.was_drawn(app, f"Move {later.count}: ") and not testing.was_drawn(app, rival_mage)
    testing.click(app, next(r for r, i in history.rows if i == reveal.action_index - 1).center)
    testing.step(app, 2)
    assert history.chosen == reveal.action_index - 1 and testing.was_drawn(app, rival_mage)


@pytest.mark.parametrize("key", ["realm", "arcana"])
def test_a_click_on_a_move_above_or_below_jumps_to_it(cfg, key) -> None:
    app, history = _history(cfg, key)
    for _ in range(3):
        testing.key(app, pygame.K_LEFT)
    testing.step(app, 2)
    for above in (True, False):  # the topmost move drawn, then the one drawn below the chosen
        target = min(i for _r, i in history.rows) if above else history.chosen + 1
        assert target != history.chosen
        testing.click(app, next(r for r, i in history.rows if i == target).center)
        testing.step(app, 2)
        assert history.chosen == target, (key, target)
        move = history.moves[target]
        assert testing.was_drawn(app, f"Looking back: the table after move {move.count} of {len(history.moves)}")


@pytest.mark.parametrize("key", ["realm", "arcana"])
def test_the_wheel_scrolls_back_through_the_game_and_never_past_its_ends(cfg, key) -> None:
    """Turning the wheel up brings earlier moves into view, as far as the first; turned on further it does
    nothing, so the first turn back down moves the list at once (the control: unscrolled, the first move is
    not in view)."""
    app, history = _history(cfg, key)
    centre = history.panel.center
    first_drawn = min(i for _r, i in history.rows)
    assert first_drawn > 0  # the control
    testing.wheel(app, centre, dy=1)
    testing.step(app, 2)
    assert min(i for _r, i in history.rows) < first_drawn and history.chosen is None
    for _ in range(len(history.moves)):
        testing.wheel(app, centre, dy=1)
    testing.step(app, 2)
    assert min(i for _r, i in history.rows) == 0 and testing.was_drawn(app, history.moves[0].heading)
    at_the_top = sorted(i for _r, i in history.rows)
    testing.wheel(app, centre, dy=-1)
    testing.step(app, 2)
    assert sorted(i for _r, i in history.rows) != at_the_top
    testing.key(app, pygame.K_PAGEDOWN)
    testing.key(app, pygame.K_END)
    testing.step(app, 2)
    assert history.chosen is None and max(i for _r, i in history.rows) == len(history.moves) - 1
    testing.key(app, pygame.K_HOME)
    testing.step(app, 2)
    assert history.chosen == 0 and 0 in [i for _r, i in history.rows]


def test_realms_panel_leaves_the_supply_and_the_tables_key_parts_in_view(cfg) -> None:
    """Realm's list is right of a full hand of five and above the supply: over none of the regions, the tracks,
    the reward card, the monument spaces or the supply (the control: the panel where it was covers the
    supply)."""
    from game.realm.ui.table import REGION_RECTS, REWARDS_RECT, SPACES_RECT, SUPPLY_RECT, TRACKS_RECT

    assert OLD_REALM_PANEL.colliderect(SUPPLY_RECT)  # the control
    for window in WINDOWS:
        app, history = _history(cfg, "realm", window)
        history.choose(0)  # a full hand of five
        testing.step(app, 2)
        key_parts = [SUPPLY_RECT, SPACES_RECT, REWARDS_RECT, TRACKS_RECT, *REGION_RECTS.values()]
        key_parts += [h.rect for h in history.past.hotspots if h.kind == "card"]
        assert history.panel.collidelist(key_parts) < 0, window
        assert testing.was_drawn(app, "Supply")
        supply_words = [d for d in app.last_frame_texts if d.text == "Supply"]
        assert supply_words and not any(history.panel.colliderect(d.rect) for d in supply_words)


def _assert_texts_sound(app: Any, history: HistoryScene) -> None:
    """The history's texts: each inside its panel (or the banner), whole, not too small, clear of each other."""
    ours = _history_texts(app)
    banner = pygame.Rect(0, 0, 1600, 46)
    shown = [(d.text, d.rect.clip(d.clip) if d.clip is not None else d.rect) for d in ours]
    shown = [(text, rect) for text, rect in shown if rect.w and rect.h]
    assert len(shown) >= 4
    assert [t for t, r in shown if not (history.panel.contains(r) or banner.contains(r))] == []
    assert [t for t, r in shown if r.h < MIN_TEXT_PX] == []
    assert [d.text for d in ours if d.text.endswith("\u2026")] == []
    assert [d.text for d in ours if d.overflows(app.canvas.get_rect())] == []
    cut = [d.text for d in ours if d.clip is not None and d.rect.clip(d.clip) != d.rect and d.rect.clip(d.clip).h]
    assert cut == []  # a line the list's edge would cut is left out, never drawn half
    pairs = itertools.combinations(shown, 2)
    assert [(a[0], b[0]) for a, b in pairs if a[1].inflate(-2, -2).colliderect(b[1].inflate(-2, -2))] == []


def _straddles(history: HistoryScene) -> bool:
    """True when a row ran past the list's edge (so the whole-rows rule had a row to leave out); every row drawn
    is drawn whole (play-test s6: a row cut at the top began mid-sentence) and none left out is drawn."""
    heights = {e.index: e.height - 2 for e in history.entries()}
    assert [index for rect, index in history.rows if rect.h < heights[index]] == []
    assert not set(history.left_out) & {index for _rect, index in history.rows}
    return bool(history.left_out)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("key", ["realm", "arcana"])
def test_every_history_line_reads_whole_now_stepped_back_and_scrolled(cfg, key, window) -> None:
    """In its panel, whole, 13 px or more, clear of each other: the game as it is now, five moves back, scrolled
    up a row and down past the chosen move (the control: some row ran past the list's edge on the way)."""
    app, history = _history(cfg, key, window)
    _assert_texts_sound(app, history)
    straddled = _straddles(history)
    for _ in range(5):
        testing.key(app, pygame.K_LEFT)
    testing.step(app, 2)
    _assert_texts_sound(app, history)
    for dy in (1, -3):  # a row scrolled part way out at the top; then the later moves
        testing.wheel(app, history.panel.center, dy=dy)
        testing.step(app, 2)
        _assert_texts_sound(app, history)
        straddled = straddled or _straddles(history)
    assert straddled


@pytest.mark.parametrize("window", WINDOWS)
def test_realms_list_grows_taller_on_asking_and_back(cfg, window) -> None:
    """Tab (or the Taller button) puts Realm's list in its taller place, over the reward card and the right of
    the monument spaces, still clear of the supply, the regions, the tracks, the hand and the boards: more moves
    read at once, every line whole; Tab again puts it back. Res Arcana, whose panel is tall already, has no
    such button and Tab leaves its panel where it is (the control)."""
    from game.realm.ui.table import REGION_RECTS, SUPPLY_RECT, TRACKS_RECT, board_rect

    app, history = _history(cfg, "realm", window)
    short_panel = pygame.Rect(history.panel)
    for _ in range(5):
        testing.key(app, pygame.K_LEFT)
    testing.step(app, 2)
    short_rows = len(history.rows)
    assert testing.was_drawn(app, "Taller")
    testing.click(app, history.size_button.rect.center)
    testing.step(app, 2)
    assert history.tall and history.panel == history.table.history_tall_rect
    assert history.panel.h >= 2 * short_panel.h and len(history.rows) >= 2 * short_rows
    keep = [SUPPLY_RECT, TRACKS_RECT, *REGION_RECTS.values(), *(board_rect(4, p) for p in range(4))]
    keep += [h.rect for h in history.past.hotspots if h.kind == "card"]
    assert history.panel.collidelist(keep) < 0
    _assert_texts_sound(app, history)
    assert testing.was_drawn(app, "Shorter")
    testing.key(app, pygame.K_TAB)
    testing.step(app, 2)
    assert not history.tall and history.panel == short_panel and len(history.rows) == short_rows

    app, history = _history(cfg, "arcana", window)
    panel = pygame.Rect(history.panel)
    testing.key(app, pygame.K_TAB)
    testing.step(app, 2)
    assert history.panel == panel and not testing.was_drawn(app, "Taller")
