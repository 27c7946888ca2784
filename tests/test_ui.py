"""The window, driven headless with synthetic mouse and key events (SDL dummy drivers)."""

from __future__ import annotations

import time

import pygame

from game.core.games import games
from game.core.session import GameSession, Seat
from game.realm.ui.main import ResultsScene, SetupScene, TableScene
from game.realm.ui.overlays import AgeScoringScene, ReckoningScene
from game.shell import testing  # make_app() uses the SDL dummy drivers
from game.shell.title import TitleScene


def _click_for(app, scene: TableScene) -> None:
    """Play the human seat's first legal action by clicking the table or a button, as a person would."""
    st = scene.s.state
    d = st.decision_name()
    legal = st.legal_actions()
    # the rest of a deployment in one go ("All 3 more in ...", "The last one in ...", "One more in ...")
    buttons = [b for b in scene.buttons if not b.text.startswith(("All ", "The last one in ", "One more in "))]
    if buttons:
        btn = next((b for b in buttons if b.text in ("Bid", "Pay", "Confirm")), buttons[0])
        testing.click(app, btn.rect.center)
        if btn.text not in ("Bid", "Pay", "Confirm"):  # an option: previewed first, then confirmed
            testing.step(app, 1)
            assert scene.pending is not None
            testing.click(app, next(b for b in scene.buttons if b.text == "Confirm").rect.center)
        return
    a = legal[0]
    c = scene.s.content
    want = {
        "select": ("card", c.cards[a[1]].id) if a[0] == "select" else None,
        "discard": ("card", c.cards[a[1]].id) if a[0] == "discard" else None,
        "place": ("region", a[1]), "lose_acolyte": ("region", a[1]),
        "reward": ("reward", c.rewards[a[1]].id) if a[0] == "reward" else None,
        "row": ("row", a[1]), "monument": ("space", a[1]),
        "merc_discard": ("merc", c.mercenaries[a[1]].id) if a[0] == "merc_discard" else None,
        "lose_merc": ("merc", c.mercenaries[a[1]].id) if a[0] == "merc_discard" else None,
    }[d]
    spot = next(h for h in reversed(scene.hotspots) if (h.kind, h.value) == want)
    quick = d == "place" and scene.quick_place()  # a deployment's later acolytes go with one click
    testing.click(app, spot.rect.center)
    if quick:
        return
    if d == "monument" and len(c.spaces[a[1]].options) > 1:  # option buttons: take the first option, confirm
        testing.step(app, 1)
        opt = c.spaces[a[1]].options[0]["name"]
        testing.click(app, next(b for b in scene.buttons if b.text.startswith(opt)).rect.center)
        testing.step(app, 1)
        testing.click(app, next(b for b in scene.buttons if b.text == "Confirm").rect.center)
        return
    testing.step(app, 1)
    assert scene.pending == a  # the first click previews the move; the second confirms it
    testing.click(app, spot.rect.center)


def _run_until_over(app, play_human: bool, limit_s: float = 240) -> set[str]:
    """Step until the results show; the overlays (reckoning, age scoring) that were seen."""
    t0 = time.time()
    seen: set[str] = set()
    while time.time() - t0 < limit_s:
        testing.step(app, 1)
        if app.stack.find(ResultsScene):
            return seen
        scene = app.stack.find(TableScene)
        if isinstance(app.stack.top, (ReckoningScene, AgeScoringScene)):
            seen.add(type(app.stack.top).__name__)
            testing.key(app, pygame.K_RETURN)  # skips the counting, then Continue
        elif play_human and scene is not None and app.stack.top is scene and scene.s.human_to_move() \
                and scene.frozen is None:  # a person waits for the end of an age to be shown
            _click_for(app, scene)
        time.sleep(0.001)
    raise AssertionError("the game did not finish in time")


def test_title_to_setup_to_a_finished_game_with_one_human(cfg) -> None:
    """Title screen -> new game -> a 3-player game with one human seat and two bots -> final results."""
    app = testing.make_app(skip_animations=True)
    app.push(TitleScene(cfg, games()))
    testing.step(app, 2)
    assert testing.was_drawn(app, "Realm of Reckoning")
    testing.click_widget(app, testing.find_widget(app, "New game"))
    testing.step(app, 2)
    setup = app.stack.find(SetupScene)
    assert setup is not None
    setup.players.index = 1  # 3 players: seat 1 human, seats 2-3 "normal" bots by default
    testing.click_widget(app, testing.find_widget(app, "Start"))
    testing.step(app, 3)
    table = app.stack.find(TableScene)
    assert table is not None and table.s.players == 3 and table.s.seats[0].human
    seen = _run_until_over(app, play_human=True)
    assert seen == {"ReckoningScene", "AgeScoringScene"}  # both waited for the human's Continue
    res = app.stack.find(ResultsScene)
    st = res.s.state
    assert st.is_terminal() and len(st.age_scores) == 3
    testing.step(app, 2)
    assert testing.was_drawn(app, "Final results")
    humans_actions = [a for a in res.s.actions if a["seat"] == 0]
    assert len(humans_actions) >= 30  # every human decision went through the mouse


def test_all_bots_game_through_the_scene_loop(cfg) -> None:
    app = testing.make_app(skip_animations=True)
    sess = GameSession(4, [Seat("bot", "normal"), Seat("bot", "easy"), Seat("bot", "random"),
                           Seat("bot", "normal")], seed=77)
    app.push(TableScene(cfg, sess))
    _run_until_over(app, play_human=False)
    assert sess.state.is_terminal()


def _cards_shown(app) -> set[str]:
    """The cards of a hand the table shows (as hotspots: the card faces carry no ids)."""
    table = app.stack.find(TableScene)
    if app.stack.top is not table:  # behind the curtain nothing of the table is drawn
        return set()
    return {h.value for h in table.hotspots if h.kind == "card"}


def test_pass_and_play_curtain_hides_the_other_hand(cfg) -> None:
    app = testing.make_app(skip_animations=True)
    sess = GameSession(3, [Seat("human", name="Ann"), Seat("human", name="Bo"), Seat("bot", "normal")], seed=5)
    hand0 = {sess.content.cards[c].id for c in sess.state.hands[0]}
    hand1 = {sess.content.cards[c].id for c in sess.state.hands[1]}
    app.push(TableScene(cfg, sess))
    testing.step(app, 3)
    # seat 0 must choose in secret: the curtain is up and no hand is drawn
    assert sess.to_move() == 0
    assert testing.was_drawn(app, "Ann, it is your turn") and not testing.was_drawn(app, "Your hand")
    assert not _cards_shown(app)
    testing.click_widget(app, testing.find_widget(app, "I am ready"))
    testing.step(app, 2)
    assert _cards_shown(app) == hand0
    table = app.stack.find(TableScene)
    _click_for(app, table)  # seat 0 selects a card
    testing.step(app, 3)
    assert sess.to_move() == 1
    # now the curtain names the next player and nothing of seat 0's hand is drawn
    assert testing.was_drawn(app, "Bo, it is your turn") and not testing.was_drawn(app, "Your hand")
    assert not _cards_shown(app)
    testing.click_widget(app, testing.find_widget(app, "I am ready"))
    testing.step(app, 2)
    assert _cards_shown(app) == hand1
    assert pygame.display.get_init()


def test_payment_resource_by_resource(cfg) -> None:
    """The pay panel starts from the suggested payment; changing it re-checks legality before Pay."""
    from .engine_helpers import play_until

    st = play_until(3, 61, lambda s: s.decision_name() == "pay")
    sess = GameSession(3, [Seat("human"), Seat("human"), Seat("human")], seed=1)
    sess.state = st
    app = testing.make_app(skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    scene.viewer = st.to_move()
    scene.revealed_for = st.to_move()
    scene.rebuild()
    pay = next(b for b in scene.buttons if b.text == "Pay")
    assert pay.enabled  # the suggestion is a legal payment
    suggested = dict(scene.pay)
    # remove everything: not enough for the bid (unless kept wardens cover it), so Pay is disabled
    for _ in range(12):
        for b in [b for b in scene.buttons if b.text == "-"]:
            b.click()
    for m in list(scene.pay["m"]):
        scene._pay_merc(m)
    rk = st.rk
    p = st.to_move()
    kept = sum(st.wardens[p * 5 + c] for c in st.matching_colours(rk.region))
    pay = next(b for b in scene.buttons if b.text == "Pay")
    assert pay.enabled == (kept >= rk.bids[p])
    assert suggested["key"] == scene.pay["key"]


def test_new_game_over_a_game_in_progress_asks_first(cfg) -> None:
    """A saved game is not replaced unannounced: New game asks, Continue it resumes, and without a save
    New game goes straight to the setup (the control)."""
    from game.core.games import get_game
    from game.shell.title import autosave_of

    app = testing.make_app(skip_animations=True)
    app.push(TitleScene(cfg, games()))
    testing.step(app, 2)
    testing.click_widget(app, testing.find_widget(app, "New game"))
    testing.step(app, 2)
    assert app.stack.find(SetupScene) is not None  # no save: no question
    app.stack.pop()
    sess = GameSession(3, [Seat("human"), Seat("bot", "easy"), Seat("bot", "easy")], 5, game=get_game("realm"))
    sess.save(autosave_of(get_game("realm")))
    app.stack.top.on_resume()
    testing.step(app, 2)
    testing.click_widget(app, testing.find_widget(app, "New game"))
    testing.step(app, 2)
    assert testing.was_drawn(app, "game in progress") and app.stack.find(SetupScene) is None
    testing.click_widget(app, testing.find_widget(app, "Continue it"))
    testing.step(app, 3)
    assert app.stack.find(SetupScene) is None and type(app.stack.top).__name__ == "TableScene"
