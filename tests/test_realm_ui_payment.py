"""The pay panel (issue 22): it opens on the payment that protects the score, lists the others with
their consequences, and a payment that loses an artifact or points says so before it is made."""

from __future__ import annotations

import pygame

from game.realm.engine.advice import rank_payments
from game.realm.engine.constants import EQUITY
from game.realm.ui.payment import WayButton
from game.shell import testing

from .realm_ui_helpers import realm_table_at
from .test_realm_payment import _guidance_equity_position, _track_monument_position

testing.use_dummy_drivers()


def _pay_button(scene):
    return next(b for b in scene.buttons if b.text == "Pay")


def test_the_panel_opens_on_the_best_ranked_payment_and_lists_the_others_with_consequences(cfg) -> None:
    st, p = _track_monument_position()
    app, scene = realm_table_at(cfg, st)
    ranked = rank_payments(st, p)
    assert scene._current_payment() == ranked[0].action
    ways = [b for b in scene.buttons if isinstance(b, WayButton)]
    assert len(ways) == 3 and ways[0].style == "primary"
    assert testing.was_drawn(app, "Ways to pay, best for your score first:")
    assert testing.was_drawn(app, "keeps your monument points and artifacts")
    assert not testing.was_drawn(app, "This payment")  # the best one costs nothing: no warning
    assert _pay_button(scene).enabled


def test_choosing_a_payment_that_costs_points_warns_before_paying(cfg) -> None:
    st, p = _track_monument_position()
    app, scene = realm_table_at(cfg, st)
    scene._pay_set(("pay", 0, 0, (0, 0, 0, 5, 0), (), (0,) * 5))  # all the Equity, as set by the steppers
    app.invalidate()
    testing.step(app, 2)
    assert testing.was_drawn(app, "This payment: -10 VP from the Equity Track monument")
    assert "-10 VP" in _pay_button(scene).tooltip


def test_the_issue_case_opens_on_a_payment_that_keeps_the_artifact_and_clicking_a_way_sets_it(cfg) -> None:
    st, p, row = _guidance_equity_position()
    st.apply(row)
    app, scene = realm_table_at(cfg, st)
    assert scene._current_payment() != ("pay", 0, 0, (0, 0, 0, 3, 0), (), (0,) * 5)
    ways = [b for b in scene.buttons if isinstance(b, WayButton)]
    assert any(w.said == "loses the Equity artifact" for w in ways)
    losing = next(w for w in ways if w.said == "loses the Equity artifact")
    testing.click(app, losing.rect.center)
    testing.step(app, 2)
    assert scene._current_payment() == ("pay", 0, 0, (0, 0, 0, 3, 0), (), (0,) * 5)
    assert testing.was_drawn(app, "This payment: loses the Equity artifact")
    testing.click(app, _pay_button(scene).rect.center)
    testing.step(app, 2)
    assert scene.s.state.artifact[EQUITY] == -1  # paid as chosen: the artifact went back to the board


def _button_costs(consequences: list[str], width: int) -> list[str]:
    """A way to pay's line of consequences, as its button makes it."""
    from game.realm.ui.payment import short_consequence, whole_items

    return whole_items("", [short_consequence(c) for c in consequences], "; ", width, 1, "hover", what="consequence")


def test_a_ways_consequences_fit_its_button_whole_and_say_how_many_more() -> None:
    """Seen in a retaken screenshot: "-5 VP from the Equity Track monument; -2 VP from the Mercenary…"
    was cut. The button now says each consequence short and whole, the costliest first, then how many
    more its tooltip names."""
    from game.shell.text import text_size

    pygame.font.init()
    two = ["-5 VP from the Equity Track monument", "-2 VP from the Mercenary Camp monument"]
    assert _button_costs(two, 400) == ["-5 VP Equity Track; -2 VP Mercenary Camp"]
    many = [*two, "loses the Equity artifact", "loses the lead in Stone Gardens"]
    [line] = _button_costs(many, 400)
    assert line.startswith("-5 VP Equity Track") and line.endswith("more (hover)") and "\u2026" not in line
    assert text_size(line, 13)[0] <= 400
    assert _button_costs(many, 2000) == ["; ".join(["-5 VP Equity Track", "-2 VP Mercenary Camp", *many[2:]])]


def test_the_button_and_the_warning_count_what_does_not_fit_in_the_same_words() -> None:
    """One function lays out both (they were twins that differed only here): where not even the first consequence
    fits beside how many more, both say how many consequences there are and where to read them."""
    from game.realm.ui.payment import whole_items
    from game.shell.text import text_size

    pygame.font.init()
    many = ["-5 VP from the Equity Track monument", "-2 VP from the Mercenary Camp monument",
            "loses the Equity artifact", "loses the lead in Stone Gardens"]
    narrow = text_size("4 consequences (hover)", 13)[0] + 2
    assert text_size("-5 VP Equity Track; 3 more (hover)", 13)[0] > narrow  # the first with the count is too wide
    assert _button_costs(many, narrow) == ["4 consequences (hover)"]
    assert _button_costs(many, narrow - 30) == ["4 consequences"]  # whole words, where to read them left out
    lone = ["-3 VP from the best monument you can build (Coin Hoard)"]
    assert _button_costs(lone, text_size("1 consequence (hover)", 13)[0] + 2) == ["1 consequence (hover)"]
    said = "This payment: 4 consequences (point at Pay)"
    warning = whole_items("This payment: ", many, "; ", text_size(said, 13)[0] + 2, 1, "point at Pay",
                          what="consequence")
    assert warning == [said]
    assert _button_costs(many, 400) != ["4 consequences (hover)"]  # the control: with room, the items show


def _pay_with_more_ways_than_weighed():
    """A seeded pay decision with more legal ways to pay than the ranking weighs (its first ``limit``)."""
    import random

    from game.realm.engine import new_game

    st, rng = new_game(4, seed=1), random.Random(1)
    while not (st.decision_name() == "pay" and st.payment_count(st.to_move()) > 500):
        st.apply(rng.choice(st.legal_actions()))
    return st, st.to_move()


def test_the_ways_to_pay_say_they_are_the_best_of_those_weighed_where_there_are_more(cfg) -> None:
    """Play-test s7 item 3: with more legal ways than the ranking weighs, the listed ways could all leave out
    the mercenaries, as if none were better. The ranking stays as it is (the bots use it); its heading says
    the list is the best of the first ways weighed, of how many in all. The control: where every way is
    weighed, the heading is the plain one (the panel's first test)."""
    from game.realm.ui.payment import PAY_RECT

    st, p = _pay_with_more_ways_than_weighed()
    app, scene = realm_table_at(cfg, st)
    weighed, ways = len(rank_payments(st, p)), st.payment_count(p)
    assert weighed < ways
    heading = f"Best of the first {weighed} of {ways} ways, for your score:"
    assert testing.was_drawn(app, heading) and not testing.was_drawn(app, "Ways to pay, best for your score first:")
    drawn = next(d for d in app.last_frame_texts if d.text == heading)
    assert PAY_RECT.contains(drawn.rect) and drawn.rect.right <= scene_divider()


def scene_divider() -> int:
    """Where the ranked ways end: the line between them and the resource steppers."""
    from game.realm.ui.payment import RIGHT_X

    return RIGHT_X - 12


def test_the_hints_payment_says_what_it_loses_that_the_starred_way_keeps() -> None:
    """Play-test s7: the hint filled in a payment that lost the Guidance artifact beside a starred way that kept
    it, with no word of it."""
    from game.realm.engine.advice import PaymentAdvice
    from game.realm.ui.payment import pay_hint_words

    star = PaymentAdvice(("pay", 1, 0, (), (), ()), 0.5, 0, False, ("keeps your monument points",))
    loser = PaymentAdvice(("pay", 0, 2, (), (), ()), 1.5, 0, True, ("loses the Guidance artifact",))
    other = PaymentAdvice(("pay", 0, 1, (), (), ()), 0.7, 0, False, ())
    assert pay_hint_words(star, star, "Why.").startswith("Hint: the \u2605 way to pay.")
    said = pay_hint_words(loser, star, "Why.")
    assert "loses the Guidance artifact" in said and "\u2605 way keeps" in said and said.endswith("Why.")
    assert "loses" not in pay_hint_words(other, star, "Why.")  # the control: nothing lost, nothing said of it
