"""The review's screen laid out over each game's table: with the panel put aside (Tab), its one button covers
nothing of the table, at every window size."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.records import Record, SeatRecord
from game.core.session import GameSession
from game.shell import testing

from .test_history import play

WINDOWS = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080)]
GAMES = {"realm": 4, "arcana": 2}  # Realm's four boards reach the table's lower right corner


@pytest.fixture(scope="module")
def records() -> dict[str, Record]:
    return {game: play(game, [SeatRecord("human")] + [SeatRecord("bot", "normal")] * (n - 1), seed=4)[0]
            for game, n in GAMES.items()}


def _review_with_the_panel_aside(cfg: Any, record: Record, window: tuple[int, int]) -> tuple[Any, Any]:
    from game.shell.review import ReviewScene

    app = testing.make_app(window_size=window)
    scene = ReviewScene(cfg, GameSession.from_record(record, "test"), analyse=False)
    app.push(scene)
    testing.step(app, 2)
    testing.key(app, pygame.K_TAB, frames=2)
    assert not scene.panel_shown
    return app, scene


def _what_the_table_shows(table: Any) -> list[pygame.Rect]:
    """The table's boards, cards and places to click, as far as its game says where they are."""
    rects = [pygame.Rect(h.rect) for h in getattr(table, "hotspots", [])]  # Realm
    rects += [pygame.Rect(sp.rect) for sp in getattr(table, "spots", [])]  # Res Arcana
    rects += [pygame.Rect(rect) for rect, _tip in getattr(table, "tips", {}).values()]
    if table.s.adapter.key == "realm":
        from game.realm.ui.table import board_rect

        rects += [board_rect(table.s.players, p) for p in range(table.s.players)]
    return rects


CLEAR = 4  # the least space between the button and anything else drawn


def _show_button_problems(app: Any, scene: Any) -> list[str]:
    button = scene.panel_button.rect
    out = [] if app.canvas.get_rect().contains(button) else [f"off the screen {tuple(button)}"]
    space = button.inflate(2 * CLEAR, 2 * CLEAR)  # the button and the clear space around it
    drawn = list(app.last_frame_texts)  # what shows: the review's bar covers the table's top bar and its texts
    seen = drawn[next(k for k, d in enumerate(drawn) if d.text.startswith("Review: the table")):]
    seen += [d for d in drawn if d.rect.y >= 46 and d not in seen]
    out += [f"over {d.text!r}" for d in seen
            if d.text != scene.panel_button.text and d.rect.clip(space).w > 1 and d.rect.clip(space).h > 1]
    out += [f"over the table's {tuple(r)}" for r in _what_the_table_shows(scene.past) if r.colliderect(space)]
    return out


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_button_that_brings_the_review_back_covers_nothing(cfg, records, game: str, window) -> None:
    app, scene = _review_with_the_panel_aside(cfg, records[game], window)
    assert testing.was_drawn(app, "Show the review")
    assert len(_what_the_table_shows(scene.past)) > 10  # the control: the check sees the table's parts
    for chosen in (0, len(scene.s.actions) // 2, len(scene.s.actions)):
        scene.choose(chosen)
        testing.step(app, 2)
        assert _show_button_problems(app, scene) == [], (chosen, scene.panel_button.rect)


def test_the_check_sees_a_button_over_the_last_board(cfg, records) -> None:
    """The control of the test above: the button where it was (the panel's foot) lies on Realm's last board."""
    app, scene = _review_with_the_panel_aside(cfg, records["realm"], (1600, 900))
    scene.panel_button.rect = pygame.Rect(1356, 822, 236, 42)
    testing.step(app, 1)
    assert any("the table's" in p for p in _show_button_problems(app, scene))


def test_the_review_bar_leaves_room_for_the_button(cfg, records) -> None:
    """The bar's line is cut short of the buttons at its right end, with the panel aside or shown (its win chances
    for four players are long: the control, they would run on under the buttons)."""
    from game.shell import text as T
    app, scene = _review_with_the_panel_aside(cfg, records["realm"], (1600, 900))
    scene.lines = lambda: [[0.25, 0.25, 0.25, 0.25]] * (len(scene.s.actions) + 1)  # the chart's figures
    scene.names = ["A rather long name"] * 4
    scene.choose(3)
    testing.step(app, 2)
    line = next(d for d in app.last_frame_texts if d.text.startswith("Review: the table"))
    assert line.rect.right <= scene.panel_button.rect.x
    assert 12 + T.text_size(line.text, "body")[0] > scene.panel_button.rect.x  # the control
    testing.key(app, pygame.K_TAB, frames=2)
    shown = next(d for d in app.last_frame_texts if d.text.startswith("Review: the table"))
    assert shown.rect.right <= min(scene.panel_button.rect.x, scene.back.rect.x)


def test_the_reviews_realm_table_shows_no_bot_thinking(cfg, records) -> None:
    """The table behind the review is a picture of the past: no bot is deciding there, whoever was to move
    (a bot's "thinking…" and its bar showed behind the panel). The control: the same position on a table of
    the game in play does show the bot thinking."""
    from game.shell.history import past_session

    app, scene = _review_with_the_panel_aside(cfg, records["realm"], (1280, 720))
    bots_to_move = 0
    for count in range(0, len(scene.s.actions), 9):
        scene.choose(count)
        testing.step(app, 2)
        state = scene.past.s.state
        if state.is_terminal() or scene.s.seats[state.to_move()].human:
            continue
        bots_to_move, last = bots_to_move + 1, count
        assert not testing.was_drawn(app, "thinking"), count
        assert scene.past.thinking_parts() == [], count
    assert bots_to_move >= 10
    in_play = scene.s.adapter.ui().TableScene(cfg, past_session(scene.s, last))
    in_play.stack, in_play.viewer, in_play.revealed_for = scene.stack, scene.seat, scene.seat
    in_play.rebuild()
    scene.past, scene._changed = in_play, True
    testing.step(app, 1)
    assert testing.was_drawn(app, "thinking") and in_play.thinking_parts()


# ------------------------------------------------------------------ the chart's legend with long names
LONG_NAMES = {  # five players who typed names up to the name field's limit (14 letters)
    "two columns": ["Bartholomew th", "Maximiliana Wo", "Gwendolyn Hart", "Xavier Quinten", "Persephone Ann"],
    "one a row": ["Bartholomew th", "WWWWWWWWWWWWWW", "Maximiliana Wo", "MMMMMMMMMMMMMM", "Gwendolyn Hart"],
}


@pytest.fixture(scope="module")
def long_named() -> dict[str, Record]:
    return {key: play("realm", [SeatRecord("human", "", name) for name in names], seed=4)[0]
            for key, names in LONG_NAMES.items()}


def _legend_problems(app: Any, names: list[str]) -> list[str]:
    """What is wrong with the legend as drawn in the last frame: a name not shown whole on its lines (cut, or
    made smaller than the small size), two entries over each other, or an entry over the chart."""
    from game.shell import text as T

    drawn = list(app.last_frame_texts)
    ours = drawn[next(i for i, d in enumerate(drawn) if d.text.startswith("Review: the table")):]
    legend = sorted((d for d in ours if d.text and any(d.text in name for name in names)),
                    key=lambda d: (d.rect.y, d.rect.x))
    chart_top = next(d.rect.y for d in ours if d.text == "100%") - 2
    out = [f"{name!r} not whole" for name in names if name not in " ".join(d.text for d in legend)]
    out += [f"{d.text!r} cut" for d in legend if d.text.endswith("\u2026")]
    out += [f"{d.text!r} smaller ({d.rect.h} px)" for d in legend if d.rect.h < T.line_height("small") - 1]
    out += [f"{a.text!r} over {b.text!r}" for k, a in enumerate(legend) for b in legend[k + 1:]
            if a.rect.colliderect(b.rect)]
    out += [f"{d.text!r} over the chart" for d in legend if d.rect.bottom > chart_top]
    return out


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("key", list(LONG_NAMES))
def test_the_legend_shows_five_long_names_whole_and_apart(cfg, long_named, key: str, window) -> None:
    from game.shell.review import ReviewScene

    app = testing.make_app(window_size=window)
    scene = ReviewScene(cfg, GameSession.from_record(long_named[key], "test"), analyse=False)
    app.push(scene)
    testing.step(app, 2)
    assert scene.names == LONG_NAMES[key]
    assert _legend_problems(app, scene.names) == []
    assert scene.lay.panel.contains(scene.chart) and scene.chart.h >= 100  # the chart gave the legend room


def test_the_legend_check_sees_names_over_each_other_and_the_chart(cfg, long_named) -> None:
    """The control of the test above: the legend drawn as it was (two columns of rows 20 px high over a chart that
    stays put, a name too wide for its column made smaller) shows every problem."""
    from game.shell import text as T
    from game.shell.review import ReviewScene

    class OldLegend(ReviewScene):
        @property
        def chart(self) -> pygame.Rect:  # a chart that stays put under two rows
            return pygame.Rect(self.lay.chart.x, self.lay.legend.y + 46, self.lay.chart.w, 150)

        def _legend(self, surface: pygame.Surface) -> None:
            legend = self.lay.legend
            width = legend.w // 2
            for p, name in enumerate(self.names):
                x, y = legend.x + (p % 2) * width, legend.y + (p // 2) * 20
                T.draw_whole(surface, name, pygame.Rect(x + 20, y, width - 24, 20), "small", "text", align="left")

    app = testing.make_app(window_size=(1600, 900))
    scene = OldLegend(cfg, GameSession.from_record(long_named["one a row"], "test"), analyse=False)
    app.push(scene)
    testing.step(app, 2)
    problems = _legend_problems(app, scene.names)
    assert any("over the chart" in p for p in problems) and any("smaller" in p for p in problems), problems
    scene.names = ["Ann", "Bob", "Cy"]  # and sees nothing wrong with short names there
    testing.step(app, 1)
    scene._changed = True
    testing.step(app, 1)
    assert _legend_problems(app, scene.names) == []


def test_legend_layout_keeps_entries_apart_inside_its_width() -> None:
    from game.shell import text as T
    from game.shell.review import LEGEND_SWATCH, legend_layout

    pygame.font.init()
    width = 436  # the legend's width in a one-column panel
    cases = [*LONG_NAMES.values(), ["You", "Veil Wardens", "Guilded"], ["A"], [],
             ["Bartholomew the Magnificent of the Northern Marches and Beyond, Keeper of Keys", "Ann"]]
    for names in cases:
        places = legend_layout(names, width)
        assert len(places) == len(names)
        rects = [rect for rect, _lines in places]
        assert [(a, b) for k, a in enumerate(rects) for b in rects[k + 1:] if a.colliderect(b)] == [], names
        assert all(rect.x >= 0 and rect.right <= width for rect in rects), names
        for name, (rect, lines) in zip(names, places):
            assert " ".join(lines) == name  # whole, never cut
            assert all(T.text_size(line, "small")[0] <= rect.w - LEGEND_SWATCH for line in lines), name
            assert rect.h == T.line_height("small") * len(lines)
    assert len({rect.y for rect, _ in legend_layout(["You", "Veil Wardens", "Guilded"], width)}) == 1  # one row


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
def test_the_show_button_keeps_clear_at_five_seats_with_long_names(cfg, long_named, window) -> None:
    """Five boards reach further down Realm's right column, and five long names make the review's bar long."""
    from game.shell.review import ReviewScene

    app = testing.make_app(window_size=window)
    scene = ReviewScene(cfg, GameSession.from_record(long_named["two columns"], "test"), analyse=False)
    scene.lines = lambda: [[0.2] * 5] * (len(scene.s.actions) + 1)  # the bar names every player's chance
    app.push(scene)
    testing.step(app, 2)
    testing.key(app, pygame.K_TAB, frames=2)
    for chosen in (0, len(scene.s.actions) // 2, len(scene.s.actions)):
        scene.choose(chosen)
        testing.step(app, 2)
        assert testing.was_drawn(app, "Win chance: Bartholomew th")
        assert _show_button_problems(app, scene) == [], (chosen, scene.panel_button.rect)


def test_the_check_wants_clear_space_around_the_button(cfg, records) -> None:
    """The control of the clear space: the button moved down until it ends 2 px above the topmost part of Res
    Arcana's table (a rival's card, wherever the layout puts it) is too close."""
    app, scene = _review_with_the_panel_aside(cfg, records["arcana"], (1600, 900))
    top = min(_what_the_table_shows(scene.past), key=lambda r: r.y)
    scene.panel_button.rect = pygame.Rect(top.x, top.y - 2 - 38, 220, 38)
    assert not scene.panel_button.rect.colliderect(top)  # near, not over
    testing.step(app, 1)
    assert any("the table's" in p for p in _show_button_problems(app, scene))


# ------------------------------------------------------------------ the panel over the table (play-test)
def _what_the_review_must_show(table: Any) -> list[pygame.Rect]:
    """Every player's board and cards: Realm's boards and what is above its hand (the regions, the tracks, the
    objectives); every card and tip of Res Arcana's table (the rivals', the player's own, the centre's)."""
    if table.s.adapter.key == "realm":
        from game.realm.ui import table as RT

        return [RT.board_rect(table.s.players, p) for p in range(table.s.players)] + [
            pygame.Rect(h.rect) for h in table.hotspots if pygame.Rect(h.rect).bottom <= RT.HAND_RECT.y]
    rects = [pygame.Rect(sp.rect) for sp in table.spots if sp.card >= 0]
    return rects + [pygame.Rect(rect) for rect, _tip in getattr(table, "tips", {}).values()]


PANEL_GAMES = [("realm", 4), ("realm", 2), ("arcana", 2), ("arcana", 3), ("arcana", 4)]


@pytest.fixture(scope="module")
def tables() -> dict[tuple[str, int], Record]:
    return {(game, n): play(game, [SeatRecord("human")] + [SeatRecord("bot", "normal")] * (n - 1), seed=4)[0]
            for game, n in PANEL_GAMES}


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
@pytest.mark.parametrize("key", PANEL_GAMES)
def test_the_review_panel_covers_no_players_board_or_cards(cfg, tables, key, window) -> None:
    """Play-test: the panel covered a rival's cards (Res Arcana) and the players' boards (Realm). At the start, the
    middle and the end of a game, the panel shown lies over none of them, whole on the screen; the control: the
    panel where it was (the right edge) lies over some."""
    from game.shell.review import PANEL, ReviewScene

    app = testing.make_app(window_size=window)
    scene = ReviewScene(cfg, GameSession.from_record(tables[key], "test"), analyse=False)
    app.push(scene)
    for chosen in (0, len(scene.s.actions) // 2, len(scene.s.actions)):
        scene.choose(chosen)
        testing.step(app, 2)
        must = _what_the_review_must_show(scene.past)
        assert len(must) > 6 and app.canvas.get_rect().contains(scene.lay.panel)
        assert [tuple(r) for r in must if r.colliderect(scene.lay.panel)] == [], (chosen, tuple(scene.lay.panel))
        assert any(r.colliderect(PANEL) for r in must)  # the control
    drawn = [d for d in app.last_frame_texts if scene.lay.panel.contains(d.rect)]
    assert any(d.text == "Key moments" for d in drawn)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_res_arcanas_review_room_is_its_tables_decision_panel(players: int) -> None:
    """The adapter names the room without importing the table (which imports it): the two agree."""
    from game.arcana.ui import table as AT
    from game.core.games import get_game

    AT.set_room(players)
    assert pygame.Rect(get_game("arcana").review_room(players)) == AT.PANEL
