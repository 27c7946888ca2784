"""Res Arcana's collect step in one panel: every choice of a seat's collect planned together with
defaults (a take that costs points is left unless the player says otherwise), changed with steppers and
toggles, and carried out by one Collect click as the engine's actions, one by one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.shell import testing

from .arcana_helpers import table_at


def _collect_state(want: Any, players: int = 2) -> Any:
    """A seeded random game played until seat 0 is at a collect whose plan satisfies ``want``."""
    from game.arcana.engine import new_game
    from game.arcana.ui.collect import collecting, plan_collect

    for seed in range(400):
        s = new_game(players, seed, preset="random")
        rng = random.Random(seed)
        for _ in range(900):
            if s.is_terminal():
                break
            if collecting(s, 0) and want(plan_collect(s, 0)):
                return s
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
    return None


def _rich(steps: list) -> bool:
    """A gain of several, and a take that costs points, among at most five steps (all shown at once)."""
    return (any(st.kind == "gain" and st.n > 1 for st in steps) and any(st.kind == "take" and st.loss for st in steps)
            and len(steps) <= 5)


def _button(table: Any, text: str, k: int = 0) -> Any:
    return [b for b in table.buttons if b.text == text][k]


def test_the_whole_collect_is_one_panel_and_one_click(cfg) -> None:
    from game.arcana.engine.state import K_ESS, K_TAKE

    st = _collect_state(_rich)
    assert st is not None
    app, table, sess = table_at(cfg, st)
    steps = list(table.collect_steps)
    assert len(steps) >= 2 and len(table.collect_rows) == len(steps)  # every choice at once
    assert not [b for b in table.buttons if getattr(b, "action", (None,))[0] in (K_ESS, K_TAKE)]  # no one-by-one list
    costly = next(step for step in steps if step.kind == "take" and step.loss)
    assert not costly.yes  # the default never costs points...
    assert testing.was_drawn(app, f"costs {costly.loss} point")  # ...and taking says how many it would
    points = st.points(0)
    planned = [a for step in steps for a in step.actions()]
    done = len(sess.actions)
    testing.click_widget(app, _button(table, "Collect"), frames=2)
    got = [sess.adapter.from_json(sess.state, a["action"]) for a in sess.actions[done:done + len(planned)]]
    assert got == planned and all(a["seat"] == 0 for a in sess.actions[done:done + len(planned)])
    assert sess.state.points(0) == points  # nothing lost by the defaults


def test_a_changed_choice_is_what_is_done_and_a_costly_take_loses_the_points_it_said(cfg) -> None:
    st = _collect_state(_rich)
    app, table, sess = table_at(cfg, st)
    gain_i = next(i for i, step in enumerate(table.collect_steps) if step.kind == "gain" and step.n > 1)
    gain = table.collect_steps[gain_i]
    other = next(e for e in gain.allowed if gain.vec[e] < gain.n)
    plus = [b for b in table.buttons if b.text == "+"]
    testing.click_widget(app, plus[sum(len(s.allowed) for s in table.collect_steps[:gain_i] if s.kind == "gain"
                                       and len(s.allowed) > 0) + gain.allowed.index(other)], frames=2)
    changed = table.collect_steps[gain_i]
    assert changed.vec[other] == gain.vec[other] + 1 and sum(changed.vec) == gain.n  # one moved over, still whole
    take_i = next(i for i, step in enumerate(table.collect_steps) if step.kind == "take" and step.loss)
    loss = table.collect_steps[take_i].loss
    takes = [b for b in table.buttons if b.text.endswith("Take")]
    k = [i for i, step in enumerate(table.collect_steps) if step.kind == "take"].index(take_i)
    testing.click_widget(app, takes[k], frames=2)
    assert table.collect_steps[take_i].yes
    points = st.points(0)
    done = len(sess.actions)
    planned = [a for step in table.collect_steps for a in step.actions()]
    testing.click_widget(app, _button(table, "Collect"), frames=2)
    got = [sess.adapter.from_json(sess.state, a["action"]) for a in sess.actions[done:done + len(planned)]]
    assert got == planned
    assert sess.state.points(0) == points - loss


def test_a_gain_left_short_waits_for_its_last_essence(cfg) -> None:
    st = _collect_state(_rich)
    app, table, sess = table_at(cfg, st)
    gain_i = next(i for i, step in enumerate(table.collect_steps) if step.kind == "gain" and step.n > 1)
    e = next(e for e in range(5) if table.collect_steps[gain_i].vec[e])
    minus = [b for b in table.buttons if b.text == "-"]
    first = sum(len(s.allowed) for s in table.collect_steps[:gain_i] if s.kind == "gain")
    testing.click_widget(app, minus[first + table.collect_steps[gain_i].allowed.index(e)], frames=2)
    assert not _button(table, "Collect").enabled
    assert testing.was_drawn(app, "(1 left)")
    done = len(sess.actions)
    testing.click_widget(app, _button(table, "Collect"), frames=2)
    assert len(sess.actions) == done  # the control: nothing is done while a gain is short


@pytest.mark.parametrize("pay", [True, False])
def test_the_forge_is_paid_or_tapped_as_chosen(pay) -> None:
    from game.arcana.engine.state import K_FORGE
    from game.arcana.ui.collect import plan_collect

    st = _collect_state(lambda steps: any(step.kind == "forge" for step in steps))
    if st is None:
        pytest.skip("no seeded game reached a Cursed Forge's collect for seat 0")
    key = next(step.key for step in plan_collect(st, 0) if step.kind == "forge")
    steps = plan_collect(st, 0, {key: pay})
    forge = next(step for step in steps if step.kind == "forge")
    assert forge.actions() == [(K_FORGE, 0 if pay else 1)]
    for a in [a for step in steps for a in step.actions()]:
        st.apply(a)
    assert bool(st.turned[forge.card]) is not pay


def test_a_take_after_the_collect_gains_is_told_once(cfg) -> None:
    """The engine tells a take as a gain and a take; the log's folded collect line gives the taken
    essences back to the take, so they are not counted twice (the control: gains alone still fold)."""
    st = _collect_state(_rich)
    app, table, sess = table_at(cfg, st)
    card = sess.state.c.cards[sess.state.play[1][0]].id
    table._told = None
    told = []
    for ev in ({"type": "gain", "seat": 1, "essences": [1, 0, 0, 0, 0]},
               {"type": "gain", "seat": 1, "essences": [0, 0, 2, 0, 0]},
               {"type": "take", "seat": 1, "card": card, "essences": [0, 0, 2, 0, 0]}):
        table.tell(ev, table.narrate)  # the shell's telling: the game's fold makes one line
        told.append(table.log.entries[-1].text)
    assert "1 Elan, 2 Calm" in told[1]  # the control: two gains in a row, one line
    assert "2 Calm" not in told[2].split(";")[0] and "1 Elan" in told[2] and "takes 2 Calm" in told[2]
    assert len(table.log.entries) == 1


def test_the_collect_panel_tells_the_guide_where_each_answer_is_clicked(cfg) -> None:
    """``target_rect_for``: the next planned answer is the Collect button; another answer to the first step
    is the control that changes it; the control: an answer of no step is nowhere."""
    from game.arcana.engine.state import K_PASS, K_TAKE

    st = _collect_state(lambda steps: _rich(steps) and steps[0].kind == "gain" and len(steps[0].allowed) > 1)
    app, table, sess = table_at(cfg, st)
    first = table.collect_steps[0]
    collect = next(b for b in table.buttons if b.text == "Collect")
    assert table.target_rect_for(first.actions()[0]) == collect.rect
    other = next(e for e in first.allowed if not first.vec[e])
    plus = table.target_rect_for((3, other))
    assert plus is not None and plus != collect.rect
    assert any(b.text == "+" and b.rect == plus for b in table.buttons)
    assert table.target_rect_for((K_PASS,)) is None
    take = next(step for step in table.collect_steps if step.kind == "take")
    assert table.target_rect_for((K_TAKE, take.card, 1)) is None  # a later step's answer: not the next click
    assert table.order_pick == []  # the name the guide reads for "look at 3"


def test_a_discard_and_the_gain_it_brings_are_told_as_one_move(cfg) -> None:
    """'Seer discards Vault for 1 Gold.' (the issue's own example), the two essences of a discard for 2 in
    the same line; the control: a gain of another seat after a discard is a line of its own."""
    st = _collect_state(_rich)
    app, table, sess = table_at(cfg, st)
    card = sess.state.c.cards[sess.state.hand[1][0] if sess.state.hand[1] else 0].id
    name = sess.state.c.card(card).name
    who = table.who(1, True)
    table._told = None

    def tell(ev: dict) -> str:
        table.tell(ev, table.narrate)  # the shell's telling: the game's fold makes one line
        return table.log.entries[-1].text

    tell({"type": "discard", "seat": 1, "card": card})
    assert tell({"type": "gain", "seat": 1, "essences": [0, 0, 0, 0, 1]}) == f"{who} discards {name} for 1 Gold."
    tell({"type": "discard", "seat": 1, "card": card})
    tell({"type": "gain", "seat": 1, "essences": [1, 0, 0, 0, 0]})
    assert tell({"type": "gain", "seat": 1, "essences": [0, 0, 1, 0, 0]}) == \
        f"{who} discards {name} for 1 Elan, 1 Calm."
    tell({"type": "discard", "seat": 1, "card": card})
    assert "for" not in tell({"type": "gain", "seat": 0, "essences": [0, 0, 0, 0, 1]})
    assert len(table.log.entries) == 4


def _keeps_paying(steps: list) -> bool:
    """A take off a card whose own collect needs what is on it (Vault, Windup Man), at no cost in points."""
    return any(st.kind == "take" and st.keeps_paying and not st.loss for st in steps) and len(steps) <= 5


def test_a_take_row_says_what_the_chosen_option_does(cfg) -> None:
    """Play-test: Windup Man's row still said "left there, the card collects more" after the player chose
    Take. Its words follow the option chosen: Leave, the card collects more; Take, it collects no more."""
    st = _collect_state(_keeps_paying)
    assert st is not None
    app, table, sess = table_at(cfg, st)
    i = next(i for i, step in enumerate(table.collect_steps) if step.kind == "take" and step.keeps_paying)
    k = [j for j, step in enumerate(table.collect_steps) if step.kind == "take"].index(i)
    for label, yes in (("Leave", False), ("Take", True), ("Leave", False)):
        testing.click_widget(app, [b for b in table.buttons if b.text.endswith(label)][k], frames=2)
        assert table.collect_steps[i].yes is yes
        drawn = " ".join(d.text for d in app.last_frame_texts)
        assert ("collects no more" in drawn) is yes, (label, drawn)
        assert ("left there, the card collects more" in drawn) is not yes, (label, drawn)
