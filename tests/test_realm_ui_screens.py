"""Realm's setup and results screens (headless)."""

from __future__ import annotations

import contextlib
from typing import Any

from game.realm.ui import look as L
from game.realm.ui.setup import SetupScene
from game.shell import testing


def test_setup_has_column_headers_and_each_faction_shows_its_colour_and_mark(cfg) -> None:
    app = testing.make_app()
    scene = SetupScene(cfg)
    app.push(scene)
    scene.players.select(1)  # 3 players
    _kind, fac = scene.seat_choices[1]
    fac.select(SetupScene.FACTIONS.index("veil_wardens"))
    testing.step(app, 2)
    texts = testing.drawn_texts(app)
    for header in ("Seat", "Who plays", "Faction (home pillar)"):
        assert header in texts
    cx, cy = scene.mark_centre(1)
    assert tuple(app.canvas.get_at((cx, cy + 10)))[:3] == L.FACTION_RGB["veil_wardens"]  # its colour
    assert L.FACTION_LETTER["veil_wardens"] in texts  # and its mark, never colour alone
    cx, cy = scene.mark_centre(0)  # a random faction: no colour yet
    assert tuple(app.canvas.get_at((cx, cy + 10)))[:3] == L.TEXT_DIM
    cx, cy = scene.mark_centre(3)  # a seat that does not play: no mark
    assert tuple(app.canvas.get_at((cx, cy + 10)))[:3] not in (L.TEXT_DIM, *L.FACTION_RGB.values())


def _finished_solo_session():
    import random

    from game.core.session import GameSession, Seat

    s = GameSession(3, [Seat("human")] * 3, 5, {"factions": ["random"] * 3}, game="realm")
    rng = random.Random(5)
    while not s.state.is_terminal():
        s.submit(rng.choice(s.state.legal_actions()))
    s.seats[1:] = [Seat("bot", "easy"), Seat("bot", "hard")]  # as if bots had played them
    return s


def test_results_show_points_by_source_turning_points_and_you_in_a_solo_game(cfg) -> None:
    from game.realm.ui.results import ResultsScene

    s = _finished_solo_session()
    app = testing.make_app()
    scene = ResultsScene(cfg, s)
    app.push(scene)
    testing.step(app, 2)
    texts = testing.drawn_texts(app)
    st = s.state
    assert any("(You)" in t for t in texts) and not any("human" in t for t in texts)
    for p in range(st.n):  # the sources add up to the score, and every cell is on screen
        b = scene.parts[p]
        assert b.total == st.score[p]
        assert str(st.score[p]) in texts
    assert scene.points and all(line in texts for line in scene.points)
    age1 = scene.cell_rect(0, 1)  # hovering an age's cell names each monument it scored
    tip = scene.tooltip_at(age1.center)
    assert tip and "age 1" in tip
    buttons = [w for w in testing.widgets(app) if getattr(w, "text", "") in ("Play again", "Title screen")]
    assert len(buttons) == 2 and all(b.rect.top > scene.chart.bottom for b in buttons)  # below the chart


def test_play_again_starts_a_new_deal_with_the_same_seats(cfg) -> None:
    from game.realm.ui.results import ResultsScene
    from game.realm.ui.table_scene import TableScene

    s = _finished_solo_session()
    app = testing.make_app()
    app.push(TableScene(cfg, s))  # the finished game's table, with its results over it
    app.push(ResultsScene(cfg, s))
    testing.step(app, 1)
    testing.click_widget(app, testing.find_widget(app, "Play again"))
    testing.step(app, 1)
    tables = [x for x in app.stack.scenes if isinstance(x, TableScene)]
    assert len(tables) == 1 and tables[0].s is not s  # the old table is gone, not under the new one
    table = tables[0]
    new = table.s
    assert [(x.kind, x.bot) for x in new.seats] == [(x.kind, x.bot) for x in s.seats]
    assert new.setup["factions"] == s.setup["factions"] and not new.state.is_terminal()
    table.s.close()


def _table_before_the_last_move_of_age_1(cfg: Any) -> tuple[Any, Any, Any]:
    """A 3-player table (a human and two easy bots, seed 3) after random moves up to the last one of age 1:
    (app, table, that last move, not yet made)."""
    import random

    from game.core.session import GameSession, Seat
    from game.realm.ui.table_scene import TableScene

    s = GameSession(3, [Seat("human"), Seat("bot", "easy"), Seat("bot", "easy")], 3,
                    {"factions": ["random"] * 3}, game="realm")
    rng = random.Random(3)
    while True:
        a = rng.choice(s.state.legal_actions())
        after = s.state.copy()
        after.apply(a)
        if after.age == 2:
            break
        s.submit(a)
    app = testing.make_app()
    table = TableScene(cfg, s)
    app.push(table)
    return app, table, a


def test_the_end_of_age_overlay_shows_over_the_age_that_ended_and_the_deal_waits_for_continue(cfg) -> None:

    import pygame

    from game.realm.ui.overlays import AgeScoringScene, ReckoningScene

    app, table, a = _table_before_the_last_move_of_age_1(cfg)
    table.submit(a)  # ends age 1: the final reckoning, the age's scoring, the next deal
    saw_age_overlay = False
    for _ in range(400):
        testing.step(app, 1)
        top = app.stack.top
        if isinstance(top, (ReckoningScene, AgeScoringScene)):
            texts = testing.drawn_texts(app)
            assert not any(t.startswith("Age 2") for t in texts), "the next age shows behind the overlay"
            assert any(t.startswith("Age 1") for t in texts)
            saw_age_overlay |= isinstance(top, AgeScoringScene)
            testing.key(app, pygame.K_RETURN)
        elif saw_age_overlay and top is table:
            break
    assert saw_age_overlay
    testing.step(app, 2)
    assert any(t.startswith("Age 2") for t in testing.drawn_texts(app))  # Continue: the deal shows
    table.s.close()


def _table_at_a_human_choice(cfg, seats):
    from game.core.session import GameSession
    from game.realm.ui.table_scene import TableScene

    s = GameSession(len(seats), seats, 9, {"factions": ["random"] * len(seats)}, game="realm")
    app = testing.make_app()
    table = TableScene(cfg, s)
    app.push(table)
    testing.step(app, 2)
    return app, table


def test_h_asks_the_expert_bot_in_a_worker_and_shows_its_move_as_a_preview_with_why(cfg) -> None:
    import time

    import pygame

    from game.core.session import Seat

    app, table = _table_at_a_human_choice(cfg, [Seat("human"), Seat("bot", "easy"), Seat("bot", "easy")])
    assert table.s.human_to_move() and table.s.state.decision_name() == "select"
    testing.key(app, pygame.K_h)
    assert table.pending is None and table.hint.busy  # the frame did not wait for the answer
    assert "H hint" in " ".join(testing.drawn_texts(app))
    t0 = time.time()
    while table.pending is None and time.time() - t0 < 60:  # a safety limit, not a timing
        testing.step(app, 1)
        time.sleep(0.01)
    assert table.pending in table.s.state.legal_actions()
    assert table.pending_text.startswith("Hint: ") and "expert bot" in table.pending_text
    testing.key(app, pygame.K_ESCAPE)  # the player may cancel it
    assert table.pending is None
    table.hint.close()
    table.s.close()


def test_no_hint_in_pass_and_play_unless_enabled(cfg) -> None:
    import pygame

    from game.core.session import Seat

    app, table = _table_at_a_human_choice(cfg, [Seat("human"), Seat("human")])
    for _ in range(5):  # past the curtain
        testing.step(app, 1)
        with contextlib.suppress(LookupError):
            testing.click_widget(app, testing.find_widget(app, "I am ready"))
    testing.key(app, pygame.K_h)
    assert not table.hint.busy and table.hint.worker is None
    table.s.close()


def test_the_tuck_animation_lands_on_the_pillars_stack(cfg) -> None:
    from game.core.session import GameSession, Seat
    from game.realm.ui.table_scene import TableScene

    cfg.ui["skip_animations"] = False
    s = GameSession(3, [Seat("human"), Seat("bot", "easy"), Seat("bot", "easy")], 2,
                    {"factions": ["random"] * 3}, game="realm")
    app = testing.make_app()
    table = TableScene(cfg, s)
    app.push(table)
    testing.step(app, 2)  # the table is drawn: its stacks' anchors are known
    card = s.state.hand(0)[0]
    for pillar, side in ((0, 0), (3, 1)):
        before = len(app.motion.tokens)
        table._animate_tuck({"type": "tuck", "seat": 1, "card": card, "pillar": pillar, "side": side})
        tok = app.motion.tokens[before]
        assert tok.current.pos == table.r.anchors[("stack", 1, pillar, side)]
        assert tok.image.get_height() < 40  # the card's visible half, not the whole card
    table.s.close()


def test_setup_shows_each_factions_start_and_takes_a_name_for_each_human(cfg) -> None:
    from game.realm.ui.setup import faction_start
    from game.realm.ui.table_scene import TableScene

    app = testing.make_app()
    scene = SetupScene(cfg)
    app.push(scene)
    scene.players.select(1)  # 3 players
    scene.seat_choices[0][0].select(0)
    scene.seat_choices[1][0].select(0)  # two humans: pass-and-play
    scene.seat_choices[2][0].select(2)
    scene.seat_choices[1][1].select(SetupScene.FACTIONS.index("guilded"))
    testing.step(app, 2)
    assert faction_start("guilded") == ["influence Equity 2, Dominion 1; 3 coins",
                                        "3 acolytes on the board; warden: Equity"]  # the printed board
    for line in faction_start("guilded"):
        assert testing.was_drawn(app, line)
    assert scene.names[0].visible and scene.names[1].visible and not scene.names[2].visible  # a bot has no name
    scene.names[1].value = "Ann"
    testing.click_widget(app, testing.find_widget(app, "Start"))
    testing.step(app, 2)
    table = app.stack.find(TableScene)
    assert table.s.seats[1].name == "Ann" and table.seat_label(1) == "Ann"
    assert table.s.seats[0].name == "" and table.seat_label(0) != "Ann"
    table.s.close()


def test_the_boards_show_the_scores_before_the_age_scoring_until_it_has_counted_them_up(cfg) -> None:
    """Play-test: the end-of-age VP were on the boards before the end-of-age animation counted them."""

    import pygame

    from game.realm.ui.overlays import AgeScoringScene, ReckoningScene
    from game.realm.ui.table import board_rect

    app, table, a = _table_before_the_last_move_of_age_1(cfg)
    table.submit(a)

    def board_vp() -> list[str]:
        return [next(t.text for t in app.last_frame_texts
                     if t.text.endswith(" VP") and board_rect(3, p).contains(t.rect)) for p in range(3)]

    seen = None
    for _ in range(400):
        testing.step(app, 1)
        if isinstance(app.stack.top, (ReckoningScene, AgeScoringScene)):
            if isinstance(app.stack.top, AgeScoringScene):
                seen = board_vp()
            testing.key(app, pygame.K_RETURN)
        elif seen and app.stack.top is table:
            break
    assert seen is not None
    scored = next(e.data for e in table.s.events if e.data["type"] == "age_scored")
    before = [sc - sum(g[1 + p] for g in scored["gains"]) for p, sc in enumerate(scored["scores"])]
    assert before != scored["scores"]  # the control: the monuments scored something this age
    assert seen == [f"{v} VP" for v in before]  # under the overlay: not yet counted
    testing.step(app, 2)
    assert board_vp() == [f"{v} VP" for v in table.s.state.score]  # once it closes: the new scores
    table.s.close()


def _reckoning(*pays: tuple[int, int], age: int = 1) -> list[dict]:
    paid = [{"type": "vp", "seat": p, "amount": k, "age": age} for p, k in pays]
    return [{"type": "reckoning", "age": age}, *paid, {"type": "reckoning_end", "age": age}]


def test_turning_points_say_drew_level_of_a_tie_and_read_the_lead_after_a_whole_reckoning() -> None:
    """Play-test t1: "took the lead with 19 VP" of a player who only tied at 19. Within one reckoning the second
    seat reached 19 while the leader's penalty had them at 18, then the leader's reward tied it again."""
    from game.realm.engine.content import load_content
    from game.realm.ui.results import turning_points

    c = load_content()
    names = ["Remnants", "Veil Wardens"]
    events = _reckoning((0, -1), (1, 4), (0, 1))
    points = turning_points(c, events, [19, 15], lambda p: names[p])
    assert points == ["Age 1: Veil Wardens drew level for the lead at 19 VP"]
    ahead = turning_points(c, _reckoning((1, 5)), [19, 15], lambda p: names[p])  # control: a real lead
    assert ahead == ["Age 1: Veil Wardens took the lead with 20 VP"]


def test_turning_points_keep_the_age_that_decided_the_game() -> None:
    """Play-test t1: six changes of the lead in ages 1 and 2 filled the list, and age 3, whose monuments (each under
    10 VP, +56 in all) decided the game, had no line."""
    from game.realm.engine.content import load_content
    from game.realm.ui.results import turning_points

    c = load_content()
    names = ["A", "B", "C"]
    events: list[dict] = []
    for k in range(8):  # the lead changes hands eight times in ages 1 and 2
        events += _reckoning((k % 2, 3), age=1 + k // 4)
    events.append({"type": "age_scored", "age": 3, "gains": [[sp, 0, 0, 8] for sp in range(7)]})
    points = turning_points(c, events, [60, 60, 0], lambda p: names[p])  # C stays behind A and B
    assert len(points) == 6 and any(line.startswith("Age 3: C +56 VP") for line in points)
    assert any(line.startswith("Age 1") for line in points) and any(line.startswith("Age 2") for line in points)


def test_the_results_charts_sit_under_the_score_table_without_an_empty_band(cfg) -> None:
    from game.realm.ui.results import ResultsScene

    s = _finished_solo_session()
    scene = ResultsScene(cfg, s)
    table_bottom = scene.cell_rect(s.state.n - 1, -1).bottom
    assert 0 < scene.chart.top - table_bottom <= 40 and scene.turns.top == scene.chart.top
