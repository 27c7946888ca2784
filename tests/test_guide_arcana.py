"""Res Arcana's guided first game: the fixed deal, the scripted Seer, the steps, the table's targets.

The first tests play the lesson at the session (no window): the learner takes the first highlighted move of
each step, in the order the guide shows them, and the suggested move where no step speaks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.arcana import guide as G
from game.arcana.engine.constants import K_REACT
from game.core.session import GameSession


class _Moment:
    """The part of the shell's Moment the steps read."""

    def __init__(self, session: GameSession, seen: set[str]) -> None:
        self.session = session
        self.state = session.state
        mine = not session.is_over() and session.human_to_move()
        self.decision = session.state.decision_name() if mine else None
        self.legal = session.state.legal_actions() if mine else []
        self.seen = seen


def play_lesson(scripted: bool = True, rounds: int = G.LESSON_ROUNDS) -> tuple[GameSession, list[str], list[dict]]:
    """Play the lesson's game to the end of ``rounds``; the steps shown, in order, and every event."""
    session = G.new_lesson_session()
    shown: list[str] = []
    seen: set[str] = set()
    for _ in range(400):
        seen.update(ev.data["type"] for ev in session.events)
        if session.is_over() or session.state.round > rounds:
            break
        moment = _Moment(session, seen)
        step = next((s for s in G.STEPS if s.id not in shown and s.applies(moment)), None)
        if step is not None:
            shown.append(step.id)
            if step.wants is None:
                continue
        if session.human_to_move():
            legal = moment.legal
            wanted = step.wants(moment) if step is not None else [G.suggested_move(session, 0, legal)]
            assert wanted and all(a in legal for a in wanted), (step and step.id, wanted)
            session.submit(wanted[0])
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
    assert shown == [s.id for s in G.STEPS]  # every step came up, in the order written
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
