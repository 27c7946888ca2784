"""Res Arcana's guided first game: the fixed deal, the scripted Seer, the steps, the table's targets.

The first tests play the lesson at the session (no window): the learner takes the first highlighted move of
each step, in the order the guide shows them, and the suggested move where no step speaks.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.arcana import guide as G
from game.arcana.engine.constants import K_REACT
from game.core.session import GameSession


class _Moment:
    """The part of the shell's Moment the steps read."""

    def __init__(self, session: GameSession, seen: set[str], done: set[str]) -> None:
        self.session = session
        self.done = done
        self.state = session.state
        mine = not session.is_over() and session.human_to_move()
        self.decision = session.state.decision_name() if mine else None
        self.legal = session.state.legal_actions() if mine else []
        self.seen = seen


def play_lesson(scripted: bool = True, rounds: int = G.LESSON_ROUNDS,
                pay: tuple | None = None) -> tuple[GameSession, list[str], list[dict]]:
    """Play the lesson's game to the end of ``rounds``; the steps shown, in order, and every event
    (``pay``: the payment the learner makes at the pay step instead of the highlighted one)."""
    session = G.new_lesson_session()
    shown: list[str] = []
    seen: set[str] = set()
    for _ in range(400):
        seen.update(ev.data["type"] for ev in session.events)
        if session.is_over() or session.state.round > rounds:
            break
        moment = _Moment(session, seen, set(shown))
        step = next((s for s in G.STEPS if s.id not in shown and s.applies(moment)), None)
        if step is not None:
            shown.append(step.id)
            if step.wants is None:
                continue
        if session.human_to_move():
            legal = moment.legal
            wanted = step.wants(moment) if step is not None else [G.suggested_move(session, 0, legal)]
            assert wanted and all(a in legal for a in wanted), (step and step.id, wanted)
            session.submit(pay if pay is not None and moment.decision == "pay" else wanted[0])
            continue
        seat = session.to_move()
        move = G.scripted_bot_move(G.bot_world(session, seat), seat, session.state.legal_actions()) \
            if scripted else None
        if move is None:
            session.tick()
        else:
            session.submit(move)
    return session, shown, [ev.data for ev in session.events]


def test_the_lesson_is_legal_and_reaches_every_concept_in_two_rounds() -> None:
    session, shown, events = play_lesson()
    assert shown == [s.id for s in G.STEPS if s.id not in G.FALLBACKS]  # every step came up, in order
    assert session.state.round == G.LESSON_ROUNDS + 1 and not session.is_over()
    learner = [e for e in events if e.get("seat") == G.LEARNER]
    kinds = {e["type"] for e in learner}
    assert {"place", "power", "discard", "claim", "react", "item", "pay", "gain"} <= kinds
    assert any(e["type"] == "pass" and e["first"] for e in learner)  # the first-player token
    assert any(e["type"] == "attack" and e["seat"] == G.BOT for e in events)
    assert sum(e["type"] == "victory_check" for e in events) == G.LESSON_ROUNDS
    assert session.state.token == G.LEARNER


def test_the_learner_goes_first_and_the_seer_attacks_while_the_learner_is_in() -> None:
    session = G.new_lesson_session()
    assert session.state.fp == G.LEARNER
    _, _, events = play_lesson()
    attack = next(i for i, e in enumerate(events) if e["type"] == "attack")
    passes = [i for i, e in enumerate(events) if e["type"] == "pass" and e["seat"] == G.LEARNER]
    assert passes[0] < attack < passes[1]  # round 2: the learner had not passed yet


def test_a_learner_who_spends_gold_on_alchemy_still_hears_of_monuments() -> None:
    from game.arcana.engine.constants import K_PAY

    with_gold = (K_PAY, 2, 0, 0, 1, 1)  # Elan, Life, Calm, Death, Gold: 4 essences, one of them Gold
    session, shown, events = play_lesson(pay=with_gold)
    assert any(e["type"] == "pay" and e["essences"][4] == 1 for e in events)
    assert "monument" not in shown and "monument_later" in shown
    assert not any(e["type"] == "claim" for e in events)
    _, usual, _ = play_lesson()
    assert "monument_later" not in usual  # the control: on the lesson's path the claim itself is taught


def test_without_the_script_the_easy_bot_does_not_attack_in_the_lesson() -> None:
    """The control: the attack is the script's doing, not the deal's."""
    _, shown, events = play_lesson(scripted=False)
    assert not any(e["type"] == "attack" for e in events)
    assert "attack" not in shown


def test_the_bot_script_reads_only_its_own_seat() -> None:
    """At every decision of the Seer in the lesson, the script moves the same in worlds dealt anew from the
    bot's seat (the learner's hand and deck shuffled among what the bot cannot see); the control shows the
    worlds do differ there."""
    session = G.new_lesson_session()
    worlds_differ = 0
    decisions = 0
    for _ in range(400):
        if session.is_over() or session.state.round > G.LESSON_ROUNDS:
            break
        if session.human_to_move():
            session.submit(G.suggested_move(session, G.LEARNER, session.state.legal_actions()))
            continue
        legal = session.state.legal_actions()
        worlds = [session.state.determinize(G.BOT, random.Random(k)) for k in range(3)]
        worlds_differ += len({tuple(w.hand[G.LEARNER] + w.deck[G.LEARNER]) for w in worlds}) > 1
        moves = {G.scripted_bot_move(w, G.BOT, legal) for w in worlds}
        assert len(moves) == 1, moves
        decisions += 1
        move = moves.pop()
        if move is None:
            session.tick()
        else:
            session.submit(move)
    assert decisions > 10 and worlds_differ > 5


def test_a_scripted_move_that_is_not_legal_leaves_it_to_the_easy_bot() -> None:
    session = G.new_lesson_session()
    state = session.state
    assert G.scripted_bot_move(state, G.BOT, [(K_REACT, 0, 0)]) is None


@pytest.mark.parametrize("step", G.STEPS, ids=lambda s: s.id)
def test_each_step_says_two_or_three_sentences(step: Any) -> None:
    sentences = [s for s in step.text.replace("!", ".").split(". ") if s.strip()]
    assert 2 <= len(sentences) <= 4 and len(step.text) <= 330, step.id


# ------------------------------------------------------------------ the lesson at the real table
def _start(cfg: Any, resume: bool = False, window: tuple[int, int] | None = None) -> tuple[Any, Any]:
    from game.core.games import get_game
    from game.shell import guide as SG
    from game.shell import testing
    from game.shell.title import TitleScene

    app = testing.make_app(window_size=window, skip_animations=True)
    app.home = lambda: TitleScene(cfg, [get_game("arcana")])
    app.push(app.home())
    guide = SG.start_lesson(app, cfg, get_game("arcana"), resume=resume)
    testing.step(app, 2)
    return app, guide


def _drive(app: Any, guide: Any, until: Any, clicks: int = 400, each_frame: Any = None) -> list[str]:
    """Click only where the guide points until ``until()``; the steps shown, in order."""
    import time

    from game.shell import testing

    shown: list[str] = []
    for _ in range(clicks * 4):
        testing.step(app, 1)
        if each_frame is not None:
            each_frame()
        if until():
            return shown
        if guide.step is not None and guide.step.id not in shown:
            shown.append(guide.step.id)
        pos = guide.next_click()  # looks afresh: a step that came up since the frame counts as shown
        if guide.step is not None and guide.step.id not in shown:
            shown.append(guide.step.id)
        if pos is None:
            time.sleep(0.002)  # the easy bot thinks in the worker thread
            continue
        testing.click(app, pos)
    raise AssertionError(f"not reached; steps {shown}, decision {guide.s.state.decision_name()}")


def test_the_whole_lesson_by_clicking_only_what_the_guide_outlines(cfg) -> None:
    app, guide = _start(cfg)
    assert guide.step.id == "welcome"
    shown = _drive(app, guide, lambda: guide.ended)
    assert shown == [s.id for s in G.STEPS if s.id not in G.FALLBACKS]
    events = [ev.data for ev in guide.s.events]
    assert any(e["type"] == "react" and e["seat"] == G.LEARNER for e in events)
    assert any(e["type"] == "claim" and e["seat"] == G.LEARNER for e in events)
    assert guide.s.state.round == G.LESSON_ROUNDS + 1
    assert guide.s.record.assisted


def _panel_problems(app: Any, guide: Any) -> list[str]:
    """What is wrong with the guide's panel this frame: a text of it cut, out of its box, under 13 px or
    over another of its texts; the panel over a highlighted target."""
    from game.shell import text as T

    if not guide.panel.w or app.stack.top is not guide.table:
        return []
    low = min(T.font(13).get_height(), T.font(13, bold=True).get_height())
    items = list(app.last_frame_texts)
    title = guide._words()[0]
    first = max((i for i, d in enumerate(items) if d.text == title), default=len(items))  # the guide draws last
    mine = [d for d in items[first:] if guide.panel.contains(d.rect)]
    out = [f"cut {d.text!r}" for d in mine if d.text.endswith("\u2026")]
    out += [f"out of its box {d.text!r}" for d in mine if d.overflows(pygame.Rect(0, 0, 1600, 900))]
    out += [f"small {d.text!r}" for d in mine if d.rect.h < low]
    out += [f"overlap {a.text!r} {b.text!r}" for i, a in enumerate(mine) for b in mine[i + 1:]
            if a.rect.clip(b.rect).w > 2 and a.rect.clip(b.rect).h > 2]
    out += [f"panel over a target {tuple(r)}" for r in guide.targets if guide.panel.colliderect(r)]
    return out


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
def test_the_panel_reads_whole_and_never_covers_what_it_outlines(cfg, window) -> None:
    app, guide = _start(cfg, window=window)
    problems: dict[str, str] = {}
    frames = []

    def check() -> None:
        found = _panel_problems(app, guide)
        frames.append(any(d.text == guide._words()[0] for d in app.last_frame_texts))
        for p in found:
            problems.setdefault(p, guide.step.id if guide.step else "-")

    _drive(app, guide, lambda: guide.ended, each_frame=check)
    from game.shell import testing

    testing.step(app, 2)
    check()  # the summary
    assert testing.was_drawn(app, G.SUMMARY[-1][:40])
    assert sum(frames) >= len(G.STEPS)  # the control: the check saw the panel's words, step after step
    assert not problems, problems


def test_the_panel_check_sees_a_panel_over_its_target(cfg) -> None:
    """The control of the test above: a panel moved over the outlined card is reported."""
    from game.shell import testing

    app, guide = _start(cfg)
    _drive(app, guide, lambda: guide.step is not None and guide.step.id == "place" and bool(guide.targets))
    testing.step(app, 1)
    assert _panel_problems(app, guide) == []
    guide.panel.topleft = guide.targets[0].topleft
    assert any(p.startswith("panel over a target") for p in _panel_problems(app, guide))


def test_leave_mid_lesson_and_resume_at_the_same_step(cfg) -> None:
    from game.shell import guide as SG
    from game.shell import testing
    from game.shell.title import TitleScene

    app, guide = _start(cfg)
    _drive(app, guide, lambda: guide.step is not None and guide.step.id == "discard")
    moves = list(guide.s.actions)
    done = set(guide.done)
    testing.key(app, pygame.K_ESCAPE)
    testing.click_widget(app, testing.find_widget(app, "Leave"))
    testing.step(app, 2)
    assert isinstance(app.stack.top, TitleScene) and SG.has_lesson("arcana")
    assert testing.find_widget(app, "Resume lesson")  # the title's button (its tooltip says the rest)
    app2, resumed = _start(cfg, resume=True)
    assert resumed.s.actions == moves and resumed.done == done
    assert resumed.step is not None and resumed.step.id == "discard"
    assert resumed.s.state.round == 2 and resumed.s.state.hand[G.LEARNER] == guide.s.state.hand[G.LEARNER]
    shown = _drive(app2, resumed, lambda: resumed.ended)  # and it plays on to the end from there
    assert shown == ["discard", "attack", "monument", "pass_again"]


def test_a_click_on_a_card_the_step_does_not_outline_changes_nothing(cfg) -> None:
    from game.shell import guide as SG
    from game.shell import testing

    app, guide = _start(cfg)
    _drive(app, guide, lambda: guide.step is not None and guide.step.id == "place" and bool(guide.targets))
    table, sess = guide.table, guide.s
    hand_of_glory = sess.content.by_id["hand_of_glory"]
    other = next(sp for sp in table.spots if sp.card == hand_of_glory)
    assert not any(r.colliderect(other.rect) for r in guide.targets)
    before = list(sess.actions)
    testing.click(app, other.rect.center)
    testing.step(app, 2)
    assert table.selected == -1 and table.pending is None and sess.actions == before
    assert guide.line == SG.REFUSED
    testing.click(app, guide.next_click())  # the control: the outlined card opens its moves
    testing.step(app, 2)
    assert table.selected == sess.content.by_id["elemental_spring"]


def test_the_guide_links_to_the_first_game_page_of_the_rules(cfg) -> None:
    from game.shell import testing
    from game.shell.rules import RulesScene, load_rules, rules_path

    path = rules_path("arcana")
    sections = load_rules(path)
    if path.with_name("first_game.toml").exists():  # a game's own page beside its rulebook
        sections += load_rules(path.with_name("first_game.toml"))
    page = next(s for s in sections if s["id"] == G.GUIDE.first_game_section)
    assert "Learn to play" in page["text"] and "Duelist" in page["text"]
    app, guide = _start(cfg)
    testing.click_widget(app, next(b for b in guide.buttons if b.text == "Rules"))
    testing.step(app, 2)
    assert isinstance(app.stack.top, RulesScene) and app.stack.top.current["id"] == page["id"]
    assert testing.was_drawn(app, "Who gets what")
