"""The table's advice serves the player: the suggested payment spares what the hand and the action need,
a card's cost is shown after discounts, and a move that gives up points says how many."""

from __future__ import annotations

from game.arcana.engine.state import K_PAY, K_POWER

from .test_arcana_ui_fit import _action_phase_state


def _my_turn_state(players: int = 2):
    for seed in range(40):
        s = _action_phase_state(players, seed)
        if s.to_move() == 0:
            return s
    raise AssertionError("no seed gives seat 0 the first action")


def _move_to(s, p: int, card_id: str, where: str) -> int:
    """Move a card (by id) into seat ``p``'s ``where`` ("play" or "hand") from wherever it is."""
    x = s.c.by_id[card_id]
    for pile in [s.box, s.mon_up, s.mon_deck, s.places] + [getattr(s, k)[q] for k in ("hand", "deck", "disc", "play")
                                                           for q in range(s.n)]:
        if x in pile:
            pile.remove(x)
    getattr(s, where)[p].append(x)
    return x


def test_the_suggested_payment_spares_what_the_hand_needs_and_what_the_action_gains() -> None:
    from game.arcana.ui.advice import suggest_payment

    s = _my_turn_state()
    s.ess[0:5] = [3, 3, 3, 3, 3]
    pays = [(K_PAY, 1, 0, 0, 0, 0), (K_PAY, 0, 1, 0, 0, 0)]
    for x in list(s.hand[0]):
        s.hand[0].remove(x)
        s.box.append(x)
    assert suggest_payment(s, 0, pays) == [1, 0, 0, 0, 0]  # the control: nothing to spare, the first
    _move_to(s, 0, "fire_dragon", "hand")  # six Elan wanted for the dragon in hand
    assert suggest_payment(s, 0, pays) == [0, 1, 0, 0, 0]
    for x in list(s.hand[0]):
        s.hand[0].remove(x)
        s.box.append(x)
    life_giver = next(cd for cd in s.c.cards for pw in cd.powers for e in pw.effects
                      if e.get("_gain") is not None and e["_gain"].fixed[1] and not e["_gain"].fixed[0])
    pw = next(i for i, pw in enumerate(life_giver.powers) if any(e.get("_gain") is not None and e["_gain"].fixed[1]
                                                                 for e in pw.effects))
    assert suggest_payment(s, 0, pays, (K_POWER, life_giver.idx, pw)) == [1, 0, 0, 0, 0]
    pays.reverse()
    assert suggest_payment(s, 0, pays, (K_POWER, life_giver.idx, pw)) == [1, 0, 0, 0, 0]  # whatever the order


def test_a_cost_is_shown_after_the_discounts() -> None:
    from game.arcana.ui.advice import cost_words

    s = _my_turn_state()
    pit = _move_to(s, 0, "flaming_pit", "hand")
    assert cost_words(s, 0, pit) == "2 Elan"  # the control: no discount in play
    _move_to(s, 0, "artificer", "play")
    assert cost_words(s, 0, pit) == "1 Elan after your discount"


def test_a_move_that_gives_up_points_says_how_many(cfg) -> None:
    from game.arcana.ui import TableScene
    from game.core.session import GameSession, Seat

    s = _my_turn_state()
    js = _move_to(s, 0, "jeweled_statuette", "play")
    sess = GameSession(2, [Seat("human", name="Annabel"), Seat("bot", "rule")], 7, {"preset": "random"},
                       presets=None, game="arcana")
    sess.state = s
    table = TableScene(cfg, sess)
    assert table.my_turn
    destroy, tap = (K_POWER, js, 1), (K_POWER, js, 0)
    assert s.is_legal(destroy) and s.is_legal(tap)
    assert table.label(destroy).endswith("(you lose 1 point)")
    assert "lose" not in table.label(tap)  # the control: tapping it keeps its point
