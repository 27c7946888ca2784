"""A choice that taps one of the player's cards says what that costs (play-test: the Cursed Forge's upkeep
"Tap it" gave no warning that the Forge's ability is then out of use for the round).

Said wherever such a choice is offered, from one rule (``advice.tapped_by``: the cards a move taps whose
abilities a tapped card cannot use), not for one card: the Forge's tap in the collect panel and as a lone
choice, a card chosen to tap for another's power, and a power that taps the only such card by itself. The
controls: paying the Forge's Death, and tapping a creature with no ability, say nothing of the kind.
"""

from __future__ import annotations

from typing import Any

from game.arcana.engine.state import K_FORGE, K_POWER, K_TARGET
from game.arcana.ui.advice import abilities_lost_to_a_tap, tap_words, tapped_by
from game.arcana.ui.collect import plan_collect

from .arcana_helpers import card, give, set_ess, table_at, to_main
from .test_arcana_ui_collect import _collect_state

FORGE_WORDS = tap_words("Cursed Forge", 1)


def _drawn(app: Any) -> str:
    return " ".join(d.text for d in app.last_frame_texts)


def test_the_words() -> None:
    assert FORGE_WORDS == "Cursed Forge is then tapped: its ability cannot be used this round"
    assert tap_words("Sacred Grove", 2).endswith("its abilities cannot be used this round")


def test_the_forge_tapped_in_the_collect_says_its_ability_is_lost(cfg) -> None:
    st = _collect_state(lambda steps: any(step.kind == "forge" for step in steps))
    assert st is not None
    app, table, _ = table_at(cfg, st)
    _move_away(app)
    drawn = _drawn(app)
    assert FORGE_WORDS in drawn, drawn  # the collect panel's Forge row, or the lone choice's Tap button
    if table.collect_steps:  # the panel's Tap it button's tip too
        tap = next(b for b in table.buttons if b.text == "Tap it")
        assert FORGE_WORDS in tap.tooltip
    sim = st.copy()
    for step in plan_collect(sim, 0):  # the panel's defaults up to the Forge's own step
        if step.kind == "forge":
            break
        for a in step.actions():
            sim.apply(a)
    assert sim.decision_name() == "forge"
    forge = sim.dd
    assert tapped_by(sim, 0, (K_FORGE, 1)) == [forge]
    assert tapped_by(sim, 0, (K_FORGE, 0)) == []  # the control: paying the Death taps nothing
    table.s.state = sim
    table.rebuild()
    assert table.label((K_FORGE, 1)).endswith(f"({FORGE_WORDS})")
    assert "tapped" not in table.label((K_FORGE, 0))


def _move_away(app: Any) -> None:
    from game.shell import testing

    testing.move(app, (4, 896), frames=2)


def _hawk(st: Any) -> str:
    return tap_words("Hawk", abilities_lost_to_a_tap(st.c.cards[card(st, "hawk")]))


def _grove_state(creatures: list[str]) -> tuple[Any, int]:
    st = to_main(2, 3)
    grove = give(st, 0, "sacred_grove")
    for cid in creatures:
        give(st, 0, cid)
    set_ess(st, 0, elan=2, life=2, calm=2, death=2, gold=2)
    return st, grove


def test_a_card_chosen_to_tap_for_a_power_says_its_ability_is_lost(cfg) -> None:
    st, grove = _grove_state(["hawk", "nightingale"])
    use = (K_POWER, grove, 1)  # tap it and tap one of your untapped creatures
    assert st.is_legal(use)
    st.apply(use)
    assert st.decision_name() == "target"
    app, table, _ = table_at(cfg, st)
    _move_away(app)
    hawk, bird = card(st, "hawk"), card(st, "nightingale")
    labels = {b.action: b.text for b in table.buttons if getattr(b, "action", (None,))[0] == K_TARGET}
    assert labels[(K_TARGET, hawk)].endswith(f"({_hawk(st)})")
    assert "tapped" not in labels[(K_TARGET, bird)]  # the control: the Nightingale has no ability to lose
    assert _hawk(st) in _drawn(app)  # (the button wraps it: its rows joined)


def test_a_power_that_taps_the_only_creature_by_itself_says_so(cfg) -> None:
    st, grove = _grove_state(["hawk"])
    app, table, _ = table_at(cfg, st)
    use = (K_POWER, grove, 1)
    assert use in st.legal_actions()
    assert table.label(use).endswith(f"({_hawk(st)})")
    assert "tapped" not in table.label((K_POWER, grove, 0))  # the grove's other power taps only itself
