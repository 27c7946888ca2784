"""The review's chart speaks in the seats' colours: each player's line and legend swatch are that seat's colour
on the game's own table (Realm's faction colours, Res Arcana's seat markers), lightened only where it would not
stand out from the chart."""

from __future__ import annotations

import colorsys
from typing import Any

import pytest

from game.core.records import Record, SeatRecord
from game.core.session import GameSession
from game.shell import testing

from .test_history import play

GAMES = {"realm": 4, "arcana": 2}


@pytest.fixture(scope="module")
def records() -> dict[str, Record]:
    return {game: play(game, [SeatRecord("human")] + [SeatRecord("bot", "normal")] * (n - 1), seed=4)[0]
            for game, n in GAMES.items()}


def table_colours(record: Record) -> list[tuple[int, int, int]]:
    """Each seat's colour as the game's table draws it (its disc, its marker), read from the table's own module."""
    if record.game == "realm":
        from game.realm.ui.look import FACTION_RGB

        return [FACTION_RGB[f] for f in record.setup["factions"]]
    from game.arcana.ui.table import SEAT_RGB

    return [SEAT_RGB[p] for p in range(record.players)]


def _scene(cfg: Any, record: Record) -> tuple[Any, Any]:
    from game.shell.review import ReviewScene

    app = testing.make_app()
    scene = app.push(ReviewScene(cfg, GameSession.from_record(record, "test"), analyse=False))
    testing.step(app, 2)
    return app, scene


def swatches(app: Any, scene: Any) -> list[tuple[int, int, int]]:
    """The colour drawn at the middle of each player's legend swatch."""
    return [tuple(app.canvas.get_at(scene.swatch_rect(p).center))[:3] for p in range(len(scene.names))]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_legend_swatches_are_the_seats_colours_on_the_table(cfg: Any, records: dict[str, Record],
                                                                game: str) -> None:
    from game.shell.review import CHART_FILL, LINE_CONTRAST, contrast

    app, scene = _scene(cfg, records[game])
    seats = table_colours(records[game])
    assert len(set(seats)) == len(seats)
    assert swatches(app, scene) == seats  # every seat colour stands out from the chart as it is: none lightened
    assert scene.line_colours() == seats  # and the lines are drawn in the same colours
    assert all(contrast(rgb, CHART_FILL) >= LINE_CONTRAST for rgb in seats)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_check_sees_a_legend_in_other_colours(cfg: Any, records: dict[str, Record], game: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The control: a game that names no seat colours gets the shell's palette, and the check sees it."""
    from game.core.games import get_game
    from game.shell.review import LINE_COLOURS

    monkeypatch.setattr(get_game(game), "seat_colours", None)
    app, scene = _scene(cfg, records[game])
    drawn = swatches(app, scene)
    assert drawn == LINE_COLOURS[:len(drawn)]
    assert drawn != table_colours(records[game])


def _hue(rgb: tuple[int, ...]) -> float:
    return colorsys.rgb_to_hsv(*(v / 255 for v in rgb[:3]))[0]


def test_a_seat_colour_too_dark_for_the_chart_is_lightened_keeping_its_hue(cfg: Any, records: dict[str, Record],
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core.games import get_game
    from game.shell import theme as TH
    from game.shell.review import CHART_FILL, LINE_CONTRAST, contrast, lightened_to_stand_out

    dark = [(70, 40, 120), (176, 124, 84)]  # a deep violet (2:1 on the chart), and Realm's bronze (4.5:1)
    assert contrast(dark[0], CHART_FILL) < LINE_CONTRAST <= contrast(dark[1], CHART_FILL)
    monkeypatch.setattr(get_game("arcana"), "seat_colours", lambda state: dark)
    app, scene = _scene(cfg, records["arcana"])
    violet, bronze = swatches(app, scene)
    assert bronze == dark[1]  # light enough: kept as it is
    assert violet != dark[0] and violet == lightened_to_stand_out(dark[0], (CHART_FILL, TH.current().colour("slate")))
    assert contrast(violet, CHART_FILL) >= LINE_CONTRAST and contrast(violet, TH.current().colour("slate")) >= 3
    assert abs(_hue(violet) - _hue(dark[0])) < 0.01  # the same hue, paler
    least = lightened_to_stand_out(dark[0], (CHART_FILL,), 4.5)  # the least lightening that does
    assert contrast(least, CHART_FILL) >= 4.5
    assert contrast(least, CHART_FILL) < 4.8


# ------------------------------------------------------------------ seats' lines told apart (play-test: Realm)
def test_every_choice_of_realms_factions_gets_lines_apart_from_each_other_and_the_grounds() -> None:
    """Play-test: "You" (the Guilded, orange) and the Remnants (bronze) were one colour on the chart. Every order of
    every two to four factions gets lines :data:`SEAT_DELTA` apart or more, each standing out from the chart and the
    panel; the control: the factions' own colours are not all that far apart."""
    import itertools

    from game.realm.ui.look import FACTION_RGB
    from game.shell import theme as TH
    from game.shell.review import (
        CHART_FILL,
        LINE_CONTRAST,
        SEAT_DELTA,
        contrast,
        delta_e,
        distinct_colours,
        lightened_to_stand_out,
    )

    grounds = (CHART_FILL, TH.current().colour("slate"))
    assert delta_e(FACTION_RGB["remnants"], FACTION_RGB["guilded"]) < SEAT_DELTA  # the control
    for n in (2, 3, 4):
        for factions in itertools.permutations(FACTION_RGB, n):
            own = [lightened_to_stand_out(FACTION_RGB[f], grounds) for f in factions]
            lines = distinct_colours(own, list(range(n)), grounds)
            assert lines[0] == own[0]  # the first (the human's) keeps its seat's colour
            assert min(delta_e(a, b) for a, b in itertools.combinations(lines, 2)) >= SEAT_DELTA, factions
            assert all(contrast(c, g) >= LINE_CONTRAST for c in lines for g in grounds)


def test_you_and_the_remnants_are_told_apart_on_the_chart_and_in_its_legend(cfg: Any) -> None:
    from game.realm.ui.look import FACTION_RGB
    from game.shell.review import SEAT_DELTA, delta_e

    record = play("realm", [SeatRecord("human")] + [SeatRecord("bot", "normal")] * 3, seed=7)[0]
    assert record.setup["factions"][0] == "guilded" and "remnants" in record.setup["factions"]
    app, scene = _scene(cfg, record)
    drawn = swatches(app, scene)
    assert drawn == scene.line_colours()
    assert drawn[0] == FACTION_RGB["guilded"]  # the player's own colour, as on the table
    assert all(delta_e(a, b) >= SEAT_DELTA for k, a in enumerate(drawn) for b in drawn[k + 1:])
    assert scene.names[0] == "You" and all(testing.was_drawn(app, name) for name in scene.names)  # the legend
