"""Res Arcana's match of three games in the window: the setup option, the loser's choice of the
first player and the face-up pick by mouse, the match in the top bar and on the results, and the
next game (or a new match) from there."""

from __future__ import annotations

import random
import time

from ai.registry import make_agent
from game.arcana.engine.state import K_FIRST, K_MPICK, pick_seat
from game.core.games import games, get_game
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.table import ResultsScene
from game.shell.title import TitleScene, autosave_of, presets

from .test_arcana_ui import click_action, play_by_mouse

GAME_ONE = {"preset": "random", "draft": False, "match": {"game": 1, "wins": [0, 0]}}


def _game_one_lost_by(seat: int, cfg, moves: list | None = None) -> object:
    """A finished game 1 of a match that ``seat`` lost outright (rule bots on both sides); ``moves``
    receives its seed and its actions."""
    g = get_game("arcana")
    bot = make_agent("normal", presets(cfg), g.hooks)
    for seed in range(1, 100):
        st = g.new_game(2, seed, **GAME_ONE)
        done = []
        while not st.is_terminal():
            a = bot.decide(st, st.to_move(), st.legal_actions(), random.Random(seed))
            done.append(a)
            st.apply(a)
        if st.winners == [1 - seat]:
            if moves is not None:
                moves[:] = [seed, done]
            return st
    raise AssertionError("no game 1 lost by that seat")


def test_the_setup_offers_the_match_for_two_players(cfg) -> None:
    from game.arcana.ui.setup import MATCH, SetupScene

    app = testing.make_app(skip_animations=True)
    setup = app.push(SetupScene(cfg, get_game("arcana")))
    testing.step(app, 1)
    setup.players.select(2)  # four players ...
    testing.step(app, 1)
    setup.setup.select(MATCH)  # ... then the match: the table shrinks to two
    testing.step(app, 2)
    assert setup.players.value == 2 and setup.setup.value == MATCH
    assert testing.was_drawn(app, "A match of three games")
    sess = setup.session()
    assert sess.players == 2 and sess.setup == {"preset": "random", "draft": False,
                                                "match": {"game": 1, "wins": [0, 0]}}
    assert get_game("arcana").match_of(sess.state)["game"] == 1
    setup.players.select(1)  # three players leave the match for the random deal ...
    testing.step(app, 1)
    assert setup.players.value == 3 and setup.setup.value == 1
    setup.players.select(0)  # ... and back to two, the match again
    testing.step(app, 1)
    assert setup.players.value == 2 and setup.setup.value == MATCH
    setup.players.select(1)
    testing.step(app, 1)
    setup.setup.select(2)  # another setup chosen meanwhile stays
    testing.step(app, 1)
    setup.players.select(0)
    testing.step(app, 1)
    assert setup.players.value == 2 and setup.setup.value == 2


def test_game_two_by_mouse_and_the_results_go_on_with_the_match(cfg) -> None:
    g = get_game("arcana")
    first = _game_one_lost_by(0, cfg)
    setup = g.next_in_match(first)
    assert setup["match"]["chooser"] == 0 and setup["match"]["wins"] == [0.0, 1.0]
    app = testing.make_app(skip_animations=True)
    app.home = lambda: TitleScene(cfg, games())
    sess = GameSession(2, [Seat("human", name="Ann"), Seat("bot", "normal")], 5, setup, presets=presets(cfg), game=g)
    table = app.push(g.ui().TableScene(cfg, sess))
    testing.step(app, 2)
    c = sess.content
    pool = setup["match"]["pool"]
    assert testing.was_drawn(app, "Match: game 2 of 3") and testing.was_drawn(app, "sixteen artifacts")
    assert all(("card", c.by_id[cid]) in table.anchors for cid in pool)  # face up while the loser chooses
    assert not any(sp.actions for sp in table.spots if sp.card in {c.by_id[x] for x in pool})  # not yet takeable
    mine = next(b for b in table.buttons if getattr(b, "action", None) == (K_FIRST, 0))
    assert mine.text == "You go first"
    testing.move(app, mine.rect.center)  # its tip goes beside it and leaves the other choice readable
    testing.step(app, 90, dt=1 / 60)
    text = app.tooltips.visible_text
    assert text and "first player takes the first artifact" in text
    tip, _lines = app.tooltips.rect_for(text)
    other = next(b for b in table.buttons if getattr(b, "action", None) == (K_FIRST, 1))
    assert not tip.colliderect(mine.rect) and not tip.colliderect(other.rect)
    click_action(app, table, (K_FIRST, 0))
    # the pick: the human clicks a pool card, then Confirm; the bot takes its two in between
    deadline = time.monotonic() + 60
    while sess.state.decision_name() == "match_pick" and time.monotonic() < deadline:
        testing.step(app, 1)
        if not table.my_turn:
            time.sleep(0.002)
            continue
        spots = [sp for sp in table.spots if sp.actions and sp.actions[0][0] == K_MPICK]
        assert len(spots) == len(table.view()["pool"])  # every card left can be clicked
        n_before = len(sess.actions)
        testing.click(app, spots[0].rect.center)
        assert table.pending == spots[0].actions[0]
        testing.click_widget(app, next(b for b in table.buttons if b.text == "Confirm"))
        assert len(sess.actions) > n_before
        testing.step(app, 1)
        taken = table.view()["match"]["artifacts"][0]
        assert taken
        if "pool" in table.view():  # what each player has taken is listed under the pool
            assert all(("chip", c.by_id[x]) in table.anchors for x in taken)
    picks = [a for a in sess.actions if a["action"]["type"] == "match_pick"]
    assert [a["seat"] for a in picks] == [pick_seat(0, i) for i in range(16)] == [0, 1, 1, 0, 0, 1, 1, 0, 0, 1,
                                                                                  1, 0, 0, 1, 1, 0]
    assert sorted(a["action"]["card"] for a in picks) == sorted(pool)
    testing.step(app, 2)
    v = table.view()
    assert "pool" not in v and v["decision"] == "magic_item"
    assert not testing.was_drawn(app, "Match draft")
    assert all(len(x) == 8 for x in v["match"]["artifacts"])
    play_by_mouse(app, table, random.Random(5))
    results = app.stack.top
    assert isinstance(results, ResultsScene) and sess.is_over()
    testing.step(app, 2)
    info = g.match_of(sess.state)
    mage = g.seat_names(sess.state)[0]
    assert testing.was_drawn(app, f"Match after game 2 of 3: {mage} (Ann) {info['wins'][0]:g} \u2013 ")
    label = "New match" if info["over"] else "Game 3 of 3"
    assert (info["wins"][0] == info["wins"][1]) != info["over"]
    saved = None
    if not info["over"]:  # the next game is dealt and saved already: the match can be left here
        saved = GameSession.load(autosave_of(g), presets(cfg))
        assert saved.setup == g.next_in_match(sess.state) and not saved.actions
    else:
        assert not autosave_of(g).exists()  # a decided match leaves nothing to continue
    testing.click_widget(app, testing.find_widget(app, label))
    nxt = app.stack.top
    assert saved is None or nxt.s.seed == saved.seed  # Continue and the button deal the same game
    assert type(nxt).__name__ == "TableScene" and nxt is not table and table not in app.stack.scenes
    assert nxt.s.setup == g.next_in_match(sess.state)
    assert [(x.kind, x.bot, x.name) for x in nxt.s.seats] == [(x.kind, x.bot, x.name) for x in sess.seats]
    testing.step(app, 2)
    assert testing.was_drawn(app, f"Match: game {1 if info['over'] else 3} of 3")


def test_a_match_left_between_games_continues_from_the_title(cfg) -> None:
    g = get_game("arcana")
    played: list = []
    first = _game_one_lost_by(0, cfg, played)
    app = testing.make_app(skip_animations=True)
    app.home = lambda: TitleScene(cfg, games())
    sess = GameSession(2, [Seat("human", name="Ann"), Seat("bot", "normal")], played[0], GAME_ONE,
                       presets=presets(cfg), game=g)
    for a in played[1]:  # game 1 again, move by move: the bot wins it
        sess.submit(a)
    assert sess.is_over() and sess.state.winners == [1]
    app.push(g.ui().TableScene(cfg, sess))
    testing.step(app, 3)
    assert isinstance(app.stack.top, ResultsScene)
    testing.step(app, 1)
    assert testing.was_drawn(app, "Match after game 1 of 3")
    leave = testing.find_widget(app, "Title screen")
    assert "Continue" in leave.tooltip
    testing.click_widget(app, leave)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    testing.step(app, 2)
    card = next(r for x, r in title.cards if x.key == "arcana")
    cont = next(w for w in testing.widgets(app) if w.text == "Continue" and card.contains(w.rect))
    testing.click_widget(app, cont)
    table = app.stack.top
    assert type(table).__name__ == "TableScene" and table.s.setup == g.next_in_match(first) == \
        g.next_in_match(sess.state)
    testing.step(app, 2)
    assert testing.was_drawn(app, "Match: game 2 of 3")
    assert table.s.state.decision_name() == "first_player" and table.s.to_move() == 0  # Ann lost: she chooses
