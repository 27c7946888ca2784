"""The payment dialog's default spares Gold (it is worth points): "any" costs are paid with the other
essences the player holds, and when Gold must be spent the dialog says so. The default is the UI's own; the
engine's list of payments (what the bots choose from) is unchanged."""

from __future__ import annotations

from game.arcana.engine.state import K_PAY, K_PLACE, K_POWER
from game.arcana.ui.advice import all_payments, gold_words, suggest_payment

from .arcana_helpers import give, set_ess, to_main


def _prism_payment():
    """Seat 0 uses Prism (tap, pay 1 of any) holding 2 Elan and 2 Gold, a Fire Dragon (6 Elan) in hand."""
    s = to_main()
    for x in list(s.hand[0]):
        s.hand[0].remove(x)
        s.box.append(x)
    give(s, 0, "fire_dragon", where="hand")
    prism = give(s, 0, "prism")
    set_ess(s, 0, elan=2, gold=2)
    action = (K_POWER, prism, 0)
    s.apply(action)
    assert s.decision_name() == "pay"
    return s, action


def test_the_default_pays_any_with_another_essence_than_gold() -> None:
    s, action = _prism_payment()
    legal = s.legal_actions()
    assert (K_PAY, 0, 0, 0, 0, 1) in legal  # the engine still offers Gold (the bots' list is unchanged)
    assert suggest_payment(s, 0, legal, action) == [1, 0, 0, 0, 0]
    assert gold_words(s, 0, [1, 0, 0, 0, 0]) == ""
    assert gold_words(s, 0, [0, 0, 0, 0, 1]) == "This spends 1 Gold: other essences could pay 1 of it."


def _altar_payment():
    """Seat 0 puts Corrupt Altar (2 Death and 3 of any) into play holding 2 Death, 1 Elan and 3 Gold."""
    s = to_main()
    altar = give(s, 0, "corrupt_altar", where="hand")
    set_ess(s, 0, elan=1, death=2, gold=3)
    action = (K_PLACE, altar)
    s.apply(action)
    assert s.decision_name() == "pay"
    return s, action


def test_gold_that_must_be_spent_is_said() -> None:
    s, action = _altar_payment()
    vec = suggest_payment(s, 0, s.legal_actions(), action)
    assert vec == [1, 0, 0, 2, 2]
    assert gold_words(s, 0, vec) == "Only Gold is left to pay with: this spends 2 Gold."


def test_the_default_never_spends_gold_another_payment_spares_over_seeded_positions() -> None:
    """Over seeded positions with every pool of a few essences: the default spends the least Gold of
    every legal payment, and is itself legal."""
    seen = 0
    for seed in range(6):
        for pool in ([1, 0, 0, 0, 3], [0, 2, 1, 0, 2], [3, 0, 0, 0, 1], [0, 0, 1, 2, 4], [2, 2, 0, 0, 2]):
            s = to_main(seed=seed)
            prism = give(s, 0, "prism")
            set_ess(s, 0, *pool)
            s.apply((K_POWER, prism, 0))
            if s.decision_name() != "pay":
                continue
            vec = suggest_payment(s, 0, s.legal_actions(), (K_POWER, prism, 0))
            assert s.is_legal((K_PAY, *vec))
            assert vec[4] == min(a[5] for a in all_payments(s, 0))
            seen += 1
    assert seen >= 20


def test_the_dialog_says_when_gold_must_be_spent(cfg) -> None:
    from .arcana_helpers import table_at

    s, action = _altar_payment()
    _app, table, _sess = table_at(cfg, s)
    table.rebuild()
    assert table.pay_vec == [1, 0, 0, 2, 2]
    assert "Only Gold is left to pay with: this spends 2 Gold." in table.prompt
