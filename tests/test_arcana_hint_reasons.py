"""The hint's reason says what the move does for the player here (play-test: "discard X for 1 Gold" came with
"it keeps you near the lead", the same words for every move).

Over seeded positions of rule-bot games, the reason for each move the bot played (the hint's move is a bot's
move: the words are all this changes) is checked against facts computed here from the position: a discard names
the card discarded and a number of essences or Gold; a power, a claim, a placement name their card's effect or
points; no two different kinds of move share one sentence; and the table's line of why carries the reason.
A player at 10 points or more with a winning victory check at hand is told so when the hint is another move.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict

from game.arcana.bots import RuleAgent
from game.arcana.engine import new_game
from game.arcana.engine.power_words import power_words
from game.arcana.engine.state import K_CLAIM, K_DISCARD, K_ESS, K_PASS, K_PLACE, K_POWER
from game.arcana.ui.reasons import free_gains, hint_reason, short_of, victory_note
from game.shell.hint import Hint
from tests.arcana_helpers import give, set_ess, table_at, to_main, use

# a number and a noun that disagree: "the 1 cards", "1 essences", "+2 point", "0 rival"
AGREEMENT = re.compile(r"\b1 (?:cards|essences|points|rivals)\b|\b(?:0|[2-9]|\d{2,}) (?:card|essence|point|rival)\b")


def positions(games: int):
    for seed in range(games):
        n = 2 + seed % 3
        s = new_game(n, seed, preset="random" if seed % 2 else "first_game")
        bot, rng = RuleAgent(), random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            a = bot.decide(s, s.to_move(), legal, rng)
            yield s, legal, a
            s.apply(a)


def test_reasons_over_seeded_positions_name_the_move_and_a_fact():
    by_kind: dict[int, set[str]] = defaultdict(set)
    discards = nones = 0
    for s, _legal, a in positions(8):
        p = s.to_move()
        why = hint_reason(s, p, a)
        by_kind[a[0]].add(why)
        name = s.c.cards[a[1]].name if a[0] in (K_DISCARD, K_PLACE, K_CLAIM, K_POWER) else ""
        if a[0] == K_DISCARD:
            discards += 1
            assert name in why, (a, why)  # the card discarded
            # what the discard brings comes first, never a shortfall alone (play-test: "Discard Dragon Teeth: you
            # are 1 short of its cost", a reason that argues for keeping it)
            assert why.startswith(("1 Gold", "2 essences")), why
            assert not re.search(rf"\b[01] short of {re.escape(name)}|you are \d+ short of {re.escape(name)}", why), why
            pool = list(s.ess[p * 5:p * 5 + 5])
            short = short_of(pool, tuple(s.cost_for(p, a[1])))
            if short >= 2 and f"{name}'s cost" in why:
                assert f"{short} short" in why, why
            paid = re.search(r"(?:let you pay for|you can then pay for) ([^;(]+?)(?: \(|$)", why)
            if paid:  # true: the Gold, or some two essences but Gold, pay for that card
                goal = next(x for x in list(s.hand[p]) + s.mon_up + s.places if s.c.cards[x].name == paid[1])
                cd = s.c.cards[goal]
                cost = tuple(s.cost_for(p, goal)) if cd.kind == "artifact" else (cd.cost, cd.cost_any, 0, 0)
                afters = ([[v + (e == 4) for e, v in enumerate(pool)]] if a[2] == 0 else
                          [[v + (e == i) + (e == j) for e, v in enumerate(pool)] for i in range(4) for j in range(4)])
                assert any(short_of(after, cost) == 0 for after in afters), (why, pool)
        assert not AGREEMENT.search(why), why  # "the 1 cards", "1 essences", "+2 point"
        passing = hint_reason(s, p, (K_PASS,)) if (K_PASS,) in _legal else ""  # the pass's words wherever legal
        assert not AGREEMENT.search(passing), passing
        assert "keep your essences" not in passing, passing  # what passing does, not what it keeps
        if "pay for none" in passing or "you cannot pay for" in passing:
            extra, any_n = free_gains(s, p)  # true only with every free action at hand counted
            for x in s.hand[p]:
                cd = s.c.cards[x]
                cost = tuple(s.cost_for(p, x)) if cd.kind == "artifact" else (cd.cost, cd.cost_any, 0, 0)
                assert short_of([u + v for u, v in zip(s.ess[p * 5:p * 5 + 5], extra)], cost) > any_n, passing
            nones += 1
        if a[0] == K_CLAIM and s.c.cards[a[1]].vp:
            assert f"you reach {s.points(p) + s.c.cards[a[1]].vp} of 10 points" in why, why
        if a[0] in (K_POWER, K_PLACE, K_CLAIM, K_PASS):
            assert why, (a, s.decision_name())
        if a[0] == K_POWER:  # a fact, not the power's own words again (the move's words already say them)
            assert why != power_words(s.c.cards[a[1]], a[2]), why
    assert discards > 10 and nones > 3
    kinds = [k for k in by_kind if by_kind[k]]
    for i, k in enumerate(kinds):
        for other in kinds[i + 1:]:
            shared = by_kind[k] & by_kind[other] - {""}
            assert not shared, (k, other, shared)  # no sentence serves two kinds of move


def test_a_discard_says_its_cost_and_what_the_gold_pays_for():
    s = to_main()
    c = s.c
    s.hand[0][:] = []
    give(s, 0, "fire_dragon", where="hand")  # 6 Elan
    set_ess(s, 0, elan=1, gold=3)
    s.mon_up[:] = [c.by_id["obelisk"]] + [x for x in s.mon_up if x != c.by_id["obelisk"]][:1]
    why = hint_reason(s, 0, (K_DISCARD, c.by_id["fire_dragon"], 0))
    assert why == "1 Gold: you can then pay for Obelisk (4 Gold); Fire Dragon's cost (6 Elan) is far off: 5 short"


def test_a_discard_one_short_of_its_cost_says_what_it_brings_and_why_that_card():
    """Play-test: "Discard Dragon Teeth: you are 1 short of its cost", a reason to keep it, not to let it go."""
    s = to_main()
    c = s.c
    s.hand[0][:] = []
    teeth = give(s, 0, "dragon_teeth", where="hand")  # 1 Elan, 1 Death
    give(s, 0, "fire_dragon", where="hand")  # 6 Elan
    set_ess(s, 0, elan=1, gold=3)
    s.mon_up[:] = [c.by_id["obelisk"]]
    s.places[:] = []
    assert short_of(list(s.ess[:5]), tuple(s.cost_for(0, teeth))) == 1
    why = hint_reason(s, 0, (K_DISCARD, teeth, 0))
    assert "short of Dragon Teeth" not in why and "1 short" not in why, why
    assert why == "1 Gold: you can then pay for Obelisk (4 Gold); Dragon Teeth is the cheapest card in your hand " \
                  "to lose (it costs 1 Elan, 1 Death)", why


def test_passing_counts_the_free_actions_and_says_the_one_card():
    """Play-test: "Pass: you can pay for none of the 1 cards in your hand" while the free Hand of Glory's +2 Death
    would have paid for Cursed Skull (2 Death); and "you keep your essences" with free gains at hand."""
    s = to_main()
    s.hand[0][:] = []
    give(s, 0, "cursed_skull", where="hand")  # 2 Death
    set_ess(s, 0, elan=1)
    why = hint_reason(s, 0, (K_PASS,))
    assert "you cannot pay for Cursed Skull, the one card in your hand" in why, why  # no free action: true
    assert "keep your essences" not in why, why  # what passing does, not what it keeps
    give(s, 0, "hand_of_glory")  # tap: gain 2 Death, free
    why = hint_reason(s, 0, (K_PASS,))
    assert "pay for" not in why, why  # the free 2 Death pay for it: no claim that nothing can be paid
    give(s, 0, "fire_dragon", where="hand")
    why = hint_reason(s, 0, (K_PASS,))
    assert "pay for" not in why, why
    s.hand[0].remove(s.c.by_id["cursed_skull"])
    give(s, 0, "sea_serpent", where="hand")
    why = hint_reason(s, 0, (K_PASS,))
    assert "you can pay for none of the 2 cards in your hand even with your free actions" in why, why


def test_two_essences_never_pay_for_a_gold_cost():
    """Found in the window: "Discard Fiery Whip for 2 essences ... the two essences let you pay for Golden
    Statue" (4 Gold, with 2 Gold in the pool): the two essences cannot be Gold."""
    s = to_main()
    c = s.c
    s.hand[0][:] = []
    give(s, 0, "fiery_whip", where="hand")
    set_ess(s, 0, elan=5, life=3, gold=2)
    s.mon_up[:] = [c.by_id["golden_statue"]]
    s.places[:] = []
    why = hint_reason(s, 0, (K_DISCARD, c.by_id["fiery_whip"], 1))
    assert "Golden Statue" not in why, why
    assert why == "2 essences of your choice (not Gold) join your 10; Fiery Whip's cost (2 Elan, 2 Death) is far " \
                  "off: 2 short", why


def test_an_essence_gained_onto_a_card_is_not_said_to_join_the_pool():
    """Found in the window: "Gain 1 Elan on Cursed Skull ... you then hold 9 Elan" (the pool's 8 stay 8)."""
    s = to_main()
    give(s, 0, "cursed_skull")
    set_ess(s, 0, elan=8, life=1)
    use(s, "cursed_skull")
    assert s.decision_name() == "essence"
    why = hint_reason(s, 0, (K_ESS, 0))
    assert why == "Cursed Skull then holds 1 Elan", why


def test_a_power_says_what_it_gains_and_a_claim_the_race():
    s = to_main()
    c = s.c
    give(s, 0, "hand_of_glory")
    set_ess(s, 0, death=1)
    assert "you gain 2 Death" in hint_reason(s, 0, (K_POWER, c.by_id["hand_of_glory"], 0))
    set_ess(s, 0, gold=4)
    ob = c.by_id["obelisk"]
    why = hint_reason(s, 0, (K_CLAIM, ob))
    assert f"+{c.cards[ob].vp} point" in why and f"you reach {s.points(0) + c.cards[ob].vp} of 10 points" in why


def test_the_table_says_the_reason_not_the_outlook(cfg):
    s = to_main()
    c = s.c
    s.hand[0][:] = []
    give(s, 0, "fire_dragon", where="hand")
    set_ess(s, 0, elan=1, gold=3)
    _app, table, _sess = table_at(cfg, s)
    move = (K_DISCARD, c.by_id["fire_dragon"], 0)
    lines = {table.hint_why(Hint(move, v, 400, False)) for v in (0.9, 0.6, 0.3, 0.1)}
    assert len(lines) == 1
    line = lines.pop()
    assert line.startswith("The expert bot's pick: 1 Gold: you can then pay for Obelisk (4 Gold); Fire Dragon's cost "
                           "(6 Elan) is far off: 5 short"), line
    assert "near the lead" not in line


def test_a_winning_victory_check_is_mentioned_when_the_hint_is_another_move(cfg):
    s = to_main()
    castle = give(s, 0, "coral_castle")
    for cid in ("great_pyramid", "obelisk", "colossus", "temple"):
        give(s, 0, cid)
    assert s.points(0) >= 10 > max(s.points(q) for q in range(1, s.n))
    legal = s.legal_actions()
    check = (K_POWER, castle, 0)
    assert check in legal
    note = victory_note(s, 0, legal, (K_PASS,))
    assert note == f"You could check for victory now with Coral Castle: you have {s.points(0)}, the most."
    assert victory_note(s, 0, legal, check) == ""  # the hint is the check itself: nothing to add
    _app, table, _sess = table_at(cfg, s)
    assert table.hint_why(Hint((K_PASS,), 0.8, 400, False)).endswith(note)
    s.turned[castle] = 1  # tapped: no check at hand
    assert victory_note(s, 0, s.legal_actions(), (K_PASS,)) == ""


def test_taking_a_magic_item_never_says_it_is_the_first() -> None:
    """Play-test: the hint said "it is your first magic item", though a player only ever holds one. Over the
    item choices of seeded games (in the setup, before anyone holds one, and as a seat passes and swaps its
    own), the reason says what is held: none yet, or the item it replaces."""
    from game.arcana.engine.state import K_ITEM

    seen = {False: 0, True: 0}
    for s, legal, _ in positions(6):
        p = s.to_move()
        for a in (a for a in legal if a[0] == K_ITEM):
            why = hint_reason(s, p, a)
            held = s.item_of[p] if p < len(s.item_of) else -1
            assert "first" not in why, why
            assert ("no magic item yet" in why) is (held < 0), why
            assert (held < 0) or f"replaces {s.c.cards[held].name}" in why, why
            seen[held >= 0] += 1
    assert seen[False] and seen[True], seen  # both: choosing the first one held, and swapping
