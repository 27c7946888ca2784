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
from game.arcana.ui.reasons import hint_reason, short_of, victory_note
from game.shell.hint import Hint
from tests.arcana_helpers import give, set_ess, table_at, to_main, use


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
    discards = 0
    for s, _legal, a in positions(8):
        p = s.to_move()
        why = hint_reason(s, p, a)
        by_kind[a[0]].add(why)
        name = s.c.cards[a[1]].name if a[0] in (K_DISCARD, K_PLACE, K_CLAIM, K_POWER) else ""
        if a[0] == K_DISCARD:
            discards += 1
            assert name in why, (a, why)  # the card discarded
            assert re.search(r"\d+ short|would cost", why), why  # what its cost is to this player
            assert re.search(r"Gold|essences", why), why  # what the gain does
            pool = list(s.ess[p * 5:p * 5 + 5])
            short = short_of(pool, tuple(s.cost_for(p, a[1])))
            if short:
                assert f"you are {short} short of {name}" in why, why
            paid = re.search(r"(?:let you pay for|you can then pay for) ([^;(]+?)(?: \(|$)", why)
            if paid:  # true: the Gold, or some two essences but Gold, pay for that card
                goal = next(x for x in list(s.hand[p]) + s.mon_up + s.places if s.c.cards[x].name == paid[1])
                cd = s.c.cards[goal]
                cost = tuple(s.cost_for(p, goal)) if cd.kind == "artifact" else (cd.cost, cd.cost_any, 0, 0)
                afters = ([[v + (e == 4) for e, v in enumerate(pool)]] if a[2] == 0 else
                          [[v + (e == i) + (e == j) for e, v in enumerate(pool)] for i in range(4) for j in range(4)])
                assert any(short_of(after, cost) == 0 for after in afters), (why, pool)
        if a[0] == K_CLAIM and s.c.cards[a[1]].vp:
            assert f"you reach {s.points(p) + s.c.cards[a[1]].vp} of 10 points" in why, why
        if a[0] in (K_POWER, K_PLACE, K_CLAIM, K_PASS):
            assert why, (a, s.decision_name())
        if a[0] == K_POWER:  # a fact, not the power's own words again (the move's words already say them)
            assert why != power_words(s.c.cards[a[1]], a[2]), why
    assert discards > 10
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
    assert why.startswith("you are 5 short of Fire Dragon's cost (6 Elan)"), why
    assert "with the Gold you can then pay for Obelisk (4 Gold)" in why, why


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
    assert why == "you are 2 short of Fiery Whip's cost (2 Elan, 2 Death); 2 essences of your choice (not Gold) " \
                  "join your 10", why


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
    assert line.startswith("The expert bot's pick: you are 5 short of Fire Dragon's cost"), line
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
