"""A power whose effect cannot happen now (Dragon Teeth with no dragon in hand) says so before the player
confirms it: in the move's words (the button and the confirm bar show the label) and in the hint's reason.
The check applies the power on copies of the state (``reasons.effect_idle``), no list of card names."""

from __future__ import annotations

import random

from game.arcana.engine import new_game
from game.arcana.engine.state import K_POWER
from game.arcana.ui.reasons import IDLE_WORDS, effect_idle, hint_reason

from .arcana_helpers import give, set_ess, to_main


def _teeth(dragon: bool):
    s = to_main()
    for x in list(s.hand[0]):
        s.hand[0].remove(x)
        s.box.append(x)
    teeth = give(s, 0, "dragon_teeth")
    if dragon:
        give(s, 0, "fire_dragon", where="hand")
    set_ess(s, 0, elan=4)
    return s, (K_POWER, teeth, 1)


def test_dragon_teeth_without_a_dragon_says_it_does_nothing() -> None:
    s, action = _teeth(dragon=False)
    assert s.is_legal(action)
    assert effect_idle(s, 0, action)
    assert hint_reason(s, 0, action).startswith(IDLE_WORDS)
    s, action = _teeth(dragon=True)  # the control: a dragon to put into play
    assert not effect_idle(s, 0, action)
    assert IDLE_WORDS not in hint_reason(s, 0, action)


def test_the_move_words_say_it_before_the_player_confirms(cfg) -> None:
    from .arcana_helpers import table_at

    s, action = _teeth(dragon=False)
    _app, table, _sess = table_at(cfg, s)
    assert IDLE_WORDS in table.label(action)
    other = (K_POWER, action[1], 0)  # its other power puts Elan on the card: no such words
    assert s.is_legal(other) and IDLE_WORDS not in table.label(other)


def _changed_beyond_cost(before, after, p: int) -> bool:
    """Whether ``after`` holds anything a cost cannot make: more essences somewhere, a card drawn, put into
    play or straightened, a rival's pool changed."""
    if any(after.ess[q * 5 + e] != before.ess[q * 5 + e] for q in range(before.n) if q != p for e in range(5)):
        return True
    if any(a > b for a, b in zip(after.ess[p * 5:p * 5 + 5], before.ess[p * 5:p * 5 + 5])):
        return True
    if any(a > b for a, b in zip(after.on, before.on)):
        return True
    if len(after.hand[p]) > len(before.hand[p]) or len(after.play[p]) > len(before.play[p]):
        return True
    return any(b and not a for a, b in zip(after.turned, before.turned)) or after.temp_vp != before.temp_vp


def _finish(s, p: int, r: random.Random):
    """The move played out on a copy, the seat's follow-up choices at random, up to the next turn."""
    t = s.copy()
    while not t.is_terminal() and t.decision_name() != "action" and t.to_move() == p:
        acts = t.legal_actions()
        t.apply(acts[r.randrange(len(acts))])
    return t


def test_over_seeded_positions_an_idle_power_changes_nothing_but_its_cost_and_is_said() -> None:
    idle, cards = 0, set()
    for seed in range(12):
        s = new_game(2 + seed % 3, seed, preset="random")
        r = random.Random(seed)
        while not s.is_terminal():
            acts = s.legal_actions()
            if s.decision_name() == "action":
                p = s.to_move()
                for a in acts:
                    if a[0] == K_POWER and effect_idle(s, p, a):
                        idle += 1
                        cards.add(a[1])
                        t = s.copy()
                        t.apply(a)
                        assert not _changed_beyond_cost(s, _finish(t, p, r), p), s.c.cards[a[1]].name
                        assert hint_reason(s, p, a).startswith(IDLE_WORDS)
            s.apply(acts[r.randrange(len(acts))])
    assert idle >= 100 and len(cards) >= 5, (idle, len(cards))
