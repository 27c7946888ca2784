"""Undo and the history in the window (headless): a move made by mouse, Ctrl+Z, and the decision is
asked again; the history's view of a past move draws nothing the viewer did not know then."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.history import HistoryScene


def _slow_bots(cfg: Any) -> Any:
    cfg.ui["bot_delay"] = 60.0  # the bots wait: the human's move can be taken back before they answer
    return cfg


def test_realm_a_card_chosen_by_mouse_is_taken_back_with_ctrl_z(cfg) -> None:
    from game.realm.ui.table_scene import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(3, [Seat("human"), Seat("bot", "random"), Seat("bot", "random")], 8, game="realm")
    table = TableScene(_slow_bots(cfg), sess)
    app.push(table)
    testing.step(app, 3)
    assert table.my_turn and sess.state.decision_name() == "select" and not table.can_undo()
    card = next(h for h in table.hotspots if h.actions)
    testing.click(app, card.rect.center)  # preview
    testing.click(app, card.rect.center)  # confirm
    assert len(sess.actions) == 1 and not table.my_turn
    testing.step(app, 2)
    assert testing.was_drawn(app, "Undo")
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    testing.step(app, 2)
    assert len(sess.actions) == 0 and table.my_turn and sess.state.decision_name() == "select"
    assert testing.was_drawn(app, "Choose a card to play (click it)")
    assert any(h.actions for h in table.hotspots)  # the cards may be clicked again


def test_arcana_a_move_made_by_mouse_is_taken_back_with_ctrl_z(cfg) -> None:
    from game.arcana.ui import TableScene
    from tests.test_arcana_ui import click_action

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 8, {"preset": "first_game"}, game="arcana")
    table = TableScene(_slow_bots(cfg), sess)
    app.push(table)
    testing.step(app, 3)
    rng = random.Random(8)
    while not (table.my_turn and sess.state.decision_name() == "action"):  # past the setup, to a turn
        if table.my_turn:
            click_action(app, table, rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
            table.after_action()
        testing.step(app, 1)
    count = len(sess.actions)
    action = next(a for a in sess.state.legal_actions() if a[0] != 11)  # not a pass (it draws a card)
    click_action(app, table, action)
    assert len(sess.actions) == count + 1
    from game.shell.title import autosave_of

    autosave_of(sess.adapter).unlink(missing_ok=True)  # only the undo can write it now
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    testing.step(app, 2)
    assert len(sess.actions) == count and table.my_turn and sess.state.decision_name() == "action"
    assert testing.was_drawn(app, "Your decision")
    assert any(sp.actions for sp in table.spots)
    saved = GameSession.load(autosave_of(sess.adapter))  # the autosave followed the undo
    assert saved.actions == sess.actions and saved.view(0) == sess.view(0)
    for _ in range(3):  # Ctrl+Z again and again: each message shows once, fresh, not stacked
        testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    shown = [text for text, _seconds in app._toasts]
    assert shown and len(shown) == len(set(shown))


def test_arcana_history_of_a_past_move_shows_only_what_the_viewer_knew_then(cfg) -> None:
    from game.arcana.ui import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 5, {"preset": "random"}, game="arcana")
    rng = random.Random(5)
    while len(sess.actions) < 30:  # the mages are chosen in secret, then revealed; the game goes on
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
    reveal = next(ev for ev in sess.events if ev.data["type"] == "mages")
    rival_mage = sess.content.card(reveal.data["mages"][1]).name
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 2)
    assert testing.was_drawn(app, rival_mage)  # the live table names the rival's mage
    testing.key(app, pygame.K_y)
    history = app.stack.top
    assert isinstance(history, HistoryScene)
    history.choose(reveal.action_index - 2)  # the move before the reveal
    testing.step(app, 2)
    assert testing.was_drawn(app, "Looking back")
    assert not testing.was_drawn(app, rival_mage)
    testing.key(app, pygame.K_RIGHT)  # control: one step on, the reveal, and the name is drawn
    testing.step(app, 2)
    assert history.chosen == reveal.action_index - 1 and testing.was_drawn(app, rival_mage)
    testing.click(app, history.back.rect.center)  # "Back to the game"
    assert app.stack.top is table


def test_realm_history_lists_moves_by_round_and_steps_with_the_arrows(cfg) -> None:
    from game.realm.ui.table_scene import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(3, [Seat("human"), Seat("bot", "random"), Seat("bot", "random")], 6, game="realm")
    rng = random.Random(6)
    while len(sess.actions) < 40:
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
    sess.restored_events = len(sess.events)  # as a continued game: nothing to show again
    table = TableScene(_slow_bots(cfg), sess)
    app.push(table)
    testing.step(app, 2)
    assert testing.was_drawn(app, "History")
    testing.click(app, table.history_button.rect.center)
    history = app.stack.top
    n = len(sess.actions)
    assert isinstance(history, HistoryScene) and len(history.moves) == n >= 40
    testing.step(app, 2)
    assert testing.was_drawn(app, "Age 1, round ") and testing.was_drawn(app, "Back to the game")
    assert [m.heading for m in history.moves[:2]] == ["Age 1, round 1"] * 2
    assert any(m.heading == "Age 1, round 2" for m in history.moves)
    testing.key(app, pygame.K_LEFT)  # the first step back: the table before the last move (after it is now)
    testing.step(app, 2)
    assert history.chosen == n - 2 and testing.was_drawn(app, f"Looking back: the table after move {n - 1} of {n}")
    testing.key(app, pygame.K_LEFT)
    testing.step(app, 2)
    assert history.chosen == n - 3
    assert len(history.past.s.actions) == n - 2 and len(sess.actions) == n  # the game itself is untouched
    testing.key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def _to_decision(app: Any, table: Any, sess: GameSession, rng: random.Random, moves: int) -> None:
    """Play random moves (humans by the table's submit, bots by the session) until ``moves`` are made and a
    human is to decide, lifting any pass-and-play curtain."""
    while len(sess.actions) < moves or not sess.human_to_move():
        if app.stack.top is not table:
            testing.click_widget(app, testing.find_widget(app, "I am ready"))
        elif sess.human_to_move() and table.my_turn:
            table.submit(rng.choice(sess.state.legal_actions()))
        elif not sess.human_to_move():
            sess.tick()
            table.after_action()
        testing.step(app, 1)
    testing.step(app, 2)
    if app.stack.top is not table:
        testing.click_widget(app, testing.find_widget(app, "I am ready"))


def test_pass_and_play_the_next_human_cannot_take_back_the_move_before(cfg) -> None:
    from game.arcana.ui import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("human")], 9, {"preset": "first_game"}, game="arcana")
    table = TableScene(cfg, sess)
    app.push(table)
    rng = random.Random(9)
    checked = own = 0
    for _ in range(40):
        _to_decision(app, table, sess, rng, len(sess.actions) + 1)
        mover = sess.actions[-1]["seat"]
        assert table.viewer == sess.to_move()
        if mover != table.viewer:  # the screen passed to the other human after the move
            checked += 1
            count = len(sess.actions)
            assert not table.can_undo() and not table.undo_button.enabled  # in its place, dimmed
            testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
            assert len(sess.actions) == count
        elif table.can_undo():  # control: the human who just moved and goes on may take it back
            own += 1
            assert testing.was_drawn(app, "Undo") and table.undo_button.enabled
    assert checked >= 5 and own >= 3


def test_learning_mode_goes_back_across_the_bots_moves_and_marks_the_results(cfg) -> None:
    from game.arcana.ui import TableScene

    cfg.ui["learning_mode"] = True
    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 4, {"preset": "first_game"}, game="arcana")
    table = TableScene(cfg, sess)
    app.push(table)
    rng = random.Random(4)
    _to_decision(app, table, sess, rng, 12)
    while sess.undo_target(0) is not None:  # until a bot's move stands between the human and their last move
        _to_decision(app, table, sess, rng, len(sess.actions) + 1)
    mine = max(k for k, row in enumerate(sess.actions) if row["seat"] == 0)
    cfg.ui["learning_mode"] = False  # control: in fair play nothing can be taken back here
    assert not table.can_undo()
    cfg.ui["learning_mode"] = True
    testing.step(app, 2)
    assert table.can_undo() and table.undo_button.enabled
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    testing.step(app, 2)
    assert len(sess.actions) == mine and sess.assisted and table.my_turn
    results = table.marked_results()
    said = [w.text for w in results.root.children if "assisted game" in (getattr(w, "text", "") or "")]
    assert said == ["An assisted game: moves were taken back in learning mode"]  # no hint was asked for


def test_the_feed_names_each_move_and_fades(cfg) -> None:
    from game.realm.ui.table_scene import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(3, [Seat("human"), Seat("bot", "random"), Seat("bot", "random")], 3, game="realm")
    table = TableScene(cfg, sess)
    app.push(table)
    rng = random.Random(3)
    _to_decision(app, table, sess, rng, 6)
    assert table.feed.lines
    newest = table.feed.lines[-1].text
    assert newest in table.log.items  # the same words as the log
    testing.step(app, 2)
    assert newest in " ".join(testing.drawn_texts(app))  # drawn, wrapped into rows where it is long
    for _ in range(int((table.feed.hold + table.feed.fade) * 60) + 5):
        table.feed.update(1 / 60)
    testing.step(app, 2)
    assert not table.feed.lines and newest[:24] not in " ".join(testing.drawn_texts(app))


def test_pass_and_play_the_feed_never_tells_the_next_human_a_hidden_move(cfg) -> None:
    from game.realm.ui.table_scene import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human", name="Ann"), Seat("human", name="Bob")], 5, game="realm")
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 2)
    testing.click_widget(app, testing.find_widget(app, "I am ready"))
    assert table.viewer == 0 and sess.state.decision_name() in ("select", "discard")
    action = sess.state.legal_actions()[0]
    table.submit(action)
    testing.step(app, 2)
    testing.click_widget(app, testing.find_widget(app, "I am ready"))  # Bob's turn now
    assert table.viewer == 1
    secret = table.s.adapter.move_words(sess.state, action, ["Ann", "Bob"])
    assert table.feed.lines and not any(secret in line.text for line in table.feed.lines)
    assert any(line.text == "Ann: A hidden choice." for line in table.feed.lines)
    assert not testing.was_drawn(app, secret)
    assert not table.can_undo()  # nor can Bob take Ann's choice back
    from game.shell.history import move_words

    assert secret in move_words(sess, 1, ["Ann", "Bob"], 0)  # control: Ann herself would read her choice


def test_the_history_of_a_game_with_no_moves_yet(cfg) -> None:
    from game.arcana.ui import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 2, {"preset": "random"}, game="arcana")
    app.push(TableScene(_slow_bots(cfg), sess))
    testing.step(app, 2)
    testing.key(app, pygame.K_y)
    testing.key(app, pygame.K_LEFT)
    testing.step(app, 2)
    assert isinstance(app.stack.top, HistoryScene) and testing.was_drawn(app, "No moves yet.")


def test_the_setup_screens_switch_learning_mode_inside_their_panel_for_solo_games(cfg) -> None:
    """Each game's setup shows the one learning-mode setting inside its panel, only while the seats make a solo
    game (the control: with a second human it is gone), and the switch changes the setting."""
    from game.core.games import get_game

    for key in ("realm", "arcana"):
        cfg.ui["learning_mode"] = False
        app = testing.make_app()
        game = get_game(key)
        setup = app.push(game.ui().SetupScene(cfg, game))
        testing.step(app, 2)
        switch = testing.find_widget(app, "Learning mode (solo): undo across the bots' moves")
        assert switch.visible and switch.value is False  # off by default
        assert setup.panel.contains(switch.rect), key
        testing.click_widget(app, switch)
        assert cfg.ui.learning_mode is True
        seats = setup.seat_choices
        second = seats[1][0] if key == "realm" else seats[1]
        second.select(0)  # a second human: pass and play
        testing.step(app, 2)
        assert second.value == "human" and not switch.visible
        assert not testing.was_drawn(app, "Learning mode (solo): undo across the bots' moves")


def test_arcana_gains_in_a_row_are_one_line_in_the_feed_as_in_the_log(cfg) -> None:
    """A collect step's gains fold into one log line as they come; the feed and the curtain's list say
    that line once, grown, not every step of it (a control: the fold does happen in these games)."""
    from game.arcana.ui import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 4, {"preset": "random"}, game="arcana")
    table = TableScene(cfg, sess)
    app.push(table)
    _to_decision(app, table, sess, random.Random(4), 40)
    logged = set(table.log.items)
    gains = [line for line in table.happened if " gain" in line and ":" not in line]
    assert gains and all(line in logged for line in gains)
    assert any(line.count(",") >= 1 for line in gains)  # some line folded several gains


def test_the_chosen_move_in_the_history_reads_in_full(cfg) -> None:
    """A move that caused many sentences lists the first few and counts the rest; chosen, it shows them
    all (the control: unchosen, the rest are only counted)."""
    from game.arcana.ui import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 4, {"preset": "random"}, game="arcana")
    rng = random.Random(4)
    while len(sess.actions) < 60:
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
    sess.restored_events = len(sess.events)
    table = TableScene(_slow_bots(cfg), sess)
    app.push(table)
    testing.step(app, 2)
    testing.click(app, table.history_button.rect.center)
    history = app.stack.top
    long = [i for i, m in enumerate(history.moves) if "more: click" in m.text and "more)" not in m.full]
    assert long, "a move with more than three sentences"
    index = long[-1]
    last_sentence = history.moves[index].full.rstrip(".").split(". ")[-1]
    history.choose(index)
    testing.step(app, 2)
    assert last_sentence in " ".join(testing.drawn_texts(app))
    history.choose(None)
    history.scroll = len(history.moves) - 1 - index  # the same move in view, not chosen
    testing.step(app, 2)
    drawn = " ".join(testing.drawn_texts(app))
    assert "more: click to read them all" in drawn


def _held_cfg(cfg: Any, seconds: float = 2.0) -> Any:
    """Animations on (the hold is a pause of the table: skipped with them) and the bots slow."""
    cfg.ui["skip_animations"] = False
    cfg.ui["reveal_hold"] = seconds
    return _slow_bots(cfg)


def _realm_table(cfg: Any, seats: list[Seat], seed: int = 8) -> tuple[Any, Any, GameSession]:
    from game.realm.ui.table_scene import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(len(seats), seats, seed, game="realm")
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    return app, table, sess


def _cards(table: Any) -> list[Any]:
    return [h for h in table.hotspots if h.actions and h.kind == "card"]


def test_realm_a_card_clicked_is_held_face_down_and_taken_back_by_mouse_and_ctrl_z(cfg) -> None:
    """One click holds the card face down (nothing is sent); Change and Ctrl+Z take it back and the decision
    is asked again; another card replaces it; the hold's end sends the last one (the control: not before)."""
    app, table, sess = _realm_table(_held_cfg(cfg), [Seat("human"), Seat("bot", "random"), Seat("bot", "random")])
    first, second = _cards(table)[:2]
    testing.click(app, first.rect.center)
    testing.step(app, 2)
    assert table.face_down == first.actions[0] and not sess.actions
    assert testing.was_drawn(app, "face down until the reveal") and testing.was_drawn(app, "Change")
    testing.key(app, pygame.K_h)  # no hint over a held choice (it would replace it)
    assert not table.hint_wait and not table.hint.busy and table.face_down == first.actions[0]
    testing.click(app, table.change_button.rect.center)
    testing.step(app, 2)
    assert table.face_down is None and not sess.actions and table.my_turn
    assert testing.was_drawn(app, "Choose a card to play (click it)")
    testing.click(app, first.rect.center)
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.face_down is None and not sess.actions and table.my_turn
    testing.click(app, first.rect.center)
    testing.click(app, second.rect.center)  # another card replaces the first, and its hold starts again
    assert table.face_down == second.actions[0]
    testing.step(app, 100)  # 1.7 s of the 2 s hold
    assert not sess.actions  # the control: held until the hold ends
    testing.step(app, 30)
    assert table.face_down is None and sess.actions[0]["seat"] == 0
    assert sess.adapter.from_json(sess.state, sess.actions[0]["action"]) == second.actions[0]


def test_realm_the_last_to_choose_can_take_the_card_back_before_the_reveal(cfg) -> None:
    """The bots have chosen, so the human's card would reveal all at once: held, it is taken back with no
    reveal; locked in with Enter, it goes at once and the cards are revealed (the control)."""
    app, table, sess = _realm_table(_held_cfg(cfg), [Seat("bot", "random"), Seat("bot", "random"), Seat("human")])
    cfg.ui["bot_delay"] = 0.0
    for _ in range(200):
        if table.my_turn:
            break
        testing.step(app, 1)
    assert table.my_turn and sess.state.decision_name() == "select" and len(sess.actions) == 2
    testing.click(app, _cards(table)[0].rect.center)
    assert not any(ev.data["type"] == "reveal" for ev in sess.events)
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(sess.actions) == 2 and table.face_down is None and table.my_turn
    testing.click(app, _cards(table)[0].rect.center)
    testing.key(app, pygame.K_RETURN)  # lock in now
    assert len(sess.actions) == 3 and table.face_down is None
    assert any(ev.data["type"] == "reveal" for ev in sess.events)


def test_realm_without_the_hold_a_card_is_previewed_and_confirmed(cfg) -> None:
    """With ``reveal_hold`` 0 nothing is held: a click previews, a second click confirms (the old way)."""
    app, table, sess = _realm_table(_held_cfg(cfg, 0.0), [Seat("human"), Seat("bot", "random")])
    card = _cards(table)[0]
    testing.click(app, card.rect.center)
    assert table.face_down is None and table.pending == card.actions[0] and not sess.actions
    testing.click(app, card.rect.center)
    assert len(sess.actions) == 1


def _arcana_past(cfg: Any, window: tuple[int, int]) -> tuple[Any, Any]:
    from game.arcana.ui import TableScene

    app = testing.make_app(window_size=window, skip_animations=True)
    sess = GameSession(3, [Seat("human"), Seat("bot", "random"), Seat("bot", "random")], 3, {"preset": "random"},
                       game="arcana")
    _play(sess, 45, 3)
    app.push(TableScene(_slow_bots(cfg), sess))
    return app, sess


def _realm_past(cfg: Any, window: tuple[int, int]) -> tuple[Any, Any]:
    from game.realm.ui.table_scene import TableScene

    app = testing.make_app(window_size=window, skip_animations=True)
    sess = GameSession(4, [Seat("human")] + [Seat("bot", "random")] * 3, 3, game="realm")
    _play(sess, 45, 3)
    app.push(TableScene(_slow_bots(cfg), sess))
    return app, sess


def _play(sess: GameSession, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    while len(sess.actions) < moves or not sess.human_to_move():
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
    sess.restored_events = len(sess.events)


def _rivals_rects(key: str, past: Any) -> list[pygame.Rect]:
    """Where the past table drew the rivals' boards (Realm) or play areas (Res Arcana)."""
    seats = [p for p in range(past.s.players) if p != past.viewer]
    if key == "realm":
        from game.realm.ui.table import board_rect

        return [board_rect(past.s.players, p) for p in seats]
    return [past.anchors[("area", q)] for q in seats]


def test_the_history_panel_leaves_the_rivals_boards_in_view(cfg) -> None:
    """With a past move shown, the list of moves covers none of the rivals' boards (nor Realm's hand of five),
    in both games and at both window sizes, and a rival's name on them is drawn where nothing covers it (the
    control: the panel where it used to be, over the right of the table, covers a rival's board)."""
    for key, make in (("realm", _realm_past), ("arcana", _arcana_past)):
        for window in ((1280, 720), (1600, 900)):
            app, sess = make(cfg, window)
            testing.step(app, 2)
            testing.key(app, pygame.K_y)
            history = app.stack.top
            history.choose(0 if key == "realm" else len(history.moves) - 4)  # Realm: a full hand of five
            testing.step(app, 2)
            rivals = _rivals_rects(key, history.past)
            if key == "realm":  # and the viewer's hand: its cards are what the viewer held then
                rivals += [h.rect for h in history.past.hotspots if h.kind == "card"]
            assert rivals and history.panel.collidelist(rivals) < 0, (key, window)
            assert not any(history.panel.colliderect(r) for r in rivals)
            assert any(pygame.Rect(1124, 52, 468, 840).colliderect(r) for r in rivals)  # the control
            names = history.past.seat_words()[1:]
            drawn = [t for t in app.last_frame_texts if any(n in t.text for n in names)]
            assert any(not history.panel.colliderect(t.rect) and t.rect.y > 46 for t in drawn), (key, window)


def test_undo_hint_and_history_sit_in_one_place_drawn_by_the_shell_in_both_games(cfg) -> None:
    """The shared buttons are the shell's, at the right end of the top bar in both games, clear of each
    game's own controls; Undo stays in its place, dimmed, while there is nothing to take back."""
    from game.shell.table import TableBase

    placed = []
    for key, make in (("realm", _realm_past), ("arcana", _arcana_past)):
        app, sess = make(cfg, (1600, 900))
        testing.step(app, 3)
        table = app.stack.top
        shared = [table.hint_button.rect, table.undo_button.rect, table.history_button.rect]
        placed.append([tuple(r) for r in shared])
        assert all(r.bottom <= 44 and r.right <= 1600 for r in shared)
        own = [pygame.Rect(b.rect) for b in getattr(table, "top_buttons", [])] + table.control_rects()
        assert not any(r.collidelist(own) >= 0 for r in shared), key
        assert testing.was_drawn(app, "History") and testing.was_drawn(app, "Undo")
        assert table.undo_button.enabled == table.can_undo()
    assert placed[0] == placed[1] == [tuple(r) for r in (TableBase.hint_rect, TableBase.undo_rect,
                                                          TableBase.history_rect)]


def _gain_lines(lines: list[str]) -> list[str]:
    return [ln for ln in lines if " gain" in ln and " on " not in ln]


def test_arcana_gains_fold_into_one_line_live_and_after_an_undo_alike(cfg, monkeypatch) -> None:
    """The shell folds what the game's ``fold`` joins, on both paths: the log told live and the log told again
    after an undo (through the adapter's words) have the same gain lines, some of them folded; the control:
    without the game's fold the same events make more lines."""
    from game.arcana.ui import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 4, {"preset": "random"}, game="arcana")
    table = TableScene(cfg, sess)
    app.push(table)
    _to_decision(app, table, sess, random.Random(4), 40)
    live = _gain_lines(table.log.items)
    assert any(ln.count(",") >= 1 for ln in live)  # some line folded several gains
    table.after_rewind()  # told again, as after an undo
    assert _gain_lines(table.log.items) == live
    assert _gain_lines(table.happened) == []  # the feed starts again after an undo
    monkeypatch.setattr(sess.adapter, "fold", None)
    table.after_rewind()
    assert len(_gain_lines(table.log.items)) > len(live)


def test_the_history_tells_a_moves_gains_in_one_line_as_the_log_does(cfg) -> None:
    from game.shell.history import told_lines

    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 4, {"preset": "random"}, game="arcana")
    _play(sess, 60, 4)
    names = ["You", "Rival"]
    gains = [{"type": "gain", "seat": 1, "essences": [1, 0, 0, 0, 0]},
             {"type": "gain", "seat": 1, "essences": [0, 2, 0, 0, 0]},
             {"type": "gain", "seat": 0, "essences": [0, 0, 1, 0, 0]}]
    assert told_lines(sess, gains, names) == ["Rival gains 1 Elan, 2 Life.", "You gain 1 Calm."]


def test_realm_a_sealed_bid_is_held_and_a_new_bid_on_the_dial_replaces_it(cfg) -> None:
    """A bid is a sealed choice too: Bid holds it face down; a changed dial and Bid again replace it (nothing is
    sent); Enter locks it in."""
    from game.realm.ui.table_scene import TableScene

    sess = GameSession(3, [Seat("human"), Seat("bot", "random"), Seat("bot", "random")], 2, game="realm")
    rng = random.Random(2)
    while not (sess.human_to_move() and sess.state.decision_name() == "bid" and sess.state.bid_limit(0) >= 2):
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
    sess.restored_events = len(sess.events)
    app = testing.make_app(skip_animations=True)
    table = TableScene(_held_cfg(cfg), sess)
    app.push(table)
    testing.step(app, 3)
    count = len(sess.actions)

    def press(text: str) -> None:
        testing.click(app, next(b for b in table.buttons if b.text == text).rect.center)

    press("+")
    press("Bid")
    held = table.face_down
    assert held is not None and held[0] == "bid" and len(sess.actions) == count
    press("+")
    press("Bid")
    assert table.face_down == ("bid", held[1] + 1) and len(sess.actions) == count  # replaced, not sent
    testing.key(app, pygame.K_RETURN)
    assert table.face_down is None and len(sess.actions) == count + 1
    assert sess.adapter.from_json(sess.state, sess.actions[-1]["action"]) == ("bid", held[1] + 1)


def test_an_ordinary_undo_of_a_game_a_hint_made_assisted_does_not_name_learning_mode(cfg) -> None:
    """The play-tester's undo said "(learning mode)" with learning mode off, because a hint had made the game
    assisted: the toast names learning mode only when learning mode took the move back past the fair rule."""
    from game.realm.ui.table_scene import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(3, [Seat("human"), Seat("bot", "random"), Seat("bot", "random")], 8, game="realm")
    table = app.push(TableScene(_slow_bots(cfg), sess))
    testing.step(app, 3)
    sess.record.assisted = True  # as the first hint does
    table.submit(sess.state.legal_actions()[0])
    assert len(sess.actions) == 1 and table.can_undo()
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    shown = [text for text, _seconds in app._toasts]
    assert len(sess.actions) == 0 and shown == ["Move taken back"]
    cfg.ui["learning_mode"] = True  # learning mode on, but the fair rule alone takes this move back
    table.submit(sess.state.legal_actions()[0])
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(sess.actions) == 0 and not any("learning mode" in text for text, _seconds in app._toasts)


def test_learning_mode_taking_a_move_back_past_the_fair_rule_says_so(cfg) -> None:
    """The control of the test above: an undo only learning mode allows names learning mode and the assisted game."""
    from game.arcana.ui import TableScene

    cfg.ui["learning_mode"] = True
    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 4, {"preset": "first_game"}, game="arcana")
    table = app.push(TableScene(cfg, sess))
    rng = random.Random(4)
    _to_decision(app, table, sess, rng, 12)
    while sess.undo_target(0) is not None:  # until a bot's move stands between the human and their last move
        _to_decision(app, table, sess, rng, len(sess.actions) + 1)
    app._toasts.clear()
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    [(text, _seconds)] = app._toasts
    assert "learning mode" in text and "assisted" in text and sess.assisted


def test_a_long_held_choice_is_told_whole_in_its_panel(cfg, monkeypatch) -> None:
    """The held choice's words wrap (or shorten) inside the panel, never cut to their first line: every word of
    a long move is drawn, and nothing drawn leaves the panel. The control: the long move really needs two lines."""
    from game.shell import text as T

    app, table, sess = _realm_table(_held_cfg(cfg, 5.0), [Seat("human"), Seat("bot", "random"), Seat("bot", "random")])
    long_move = ("Select Recruit 1 warden with Guidance on top and Equity at the bottom, the Coin Purse and "
                 "Crown icons showing")
    monkeypatch.setattr(sess.adapter, "move_words", lambda state, action, seats: long_move)
    testing.click(app, _cards(table)[0].rect.center)
    testing.step(app, 2)
    assert table.face_down is not None
    room = table.held_rect.w - 290
    assert T.text_size(long_move, "body")[0] > room  # the control: one line cannot hold it
    buttons = (table.change_button.rect, table.lock_button.rect)
    drawn = [d for d in T.registry.items if table.held_rect.colliderect(d.rect)
             and not any(b.colliderect(d.rect) for b in buttons)]
    told = " ".join(d.text for d in drawn)
    assert told.split() == (long_move + ": face down until the reveal; locked in 5 s").split() \
        or told.split() == (long_move + ": locked in 5 s").split()
    assert all(table.held_rect.contains(d.rect) for d in drawn)
    assert not [d for d in drawn if d.overflows(pygame.Rect(0, 0, 1600, 900))]
