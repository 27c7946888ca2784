"""Every Res Arcana move is named by what it does (play-test: "Use Coral Castle (power 1)" named no effect).

Over seeded games played by the rule bot, every legal move at every position is described as the hint and the
review describe it (``describe`` with the position) and every power used is told as the log tells it; each power
line must carry words for each of its costs and effects, read from the card's data here (not from the words
module), and no step inside a power may be a bare "Choose X". Then one concrete example per rewritten branch.
"""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game.arcana.bots import RuleAgent
from game.arcana.engine import describe, new_game
from game.arcana.engine.state import (
    D_DEFEND,
    D_ESS,
    D_MAIN,
    D_PAY,
    D_RIVAL,
    D_TARGET,
    D_X,
    K_CLAIM,
    K_DISCARD,
    K_ESS,
    K_HIT,
    K_IGNORE,
    K_ITEM,
    K_PASS,
    K_PAY,
    K_PLACE,
    K_POWER,
    K_REACT,
    K_RIVAL,
    K_TAKE,
    K_TARGET,
    K_X,
)
from game.arcana.ui.words import event_text
from tests.arcana_helpers import give, set_ess, to_main, use

ESS = ("Elan", "Life", "Calm", "Death", "Gold")
# a word each effect's line must hold (the data's own numbers are checked besides)
OP_WORD = {"check_victory_now": "victory", "ignore_life_loss": "ignore the attack", "straighten": "untap",
           "draw_cards": "draw", "draw_then_discard": "draw", "look_top_reorder": "look at the top",
           "place_artifact": "play", "gain_cost_of_destroyed": "cost", "gain_cost_of_discarded": "cost",
           "convert_paid_identical": "gain X", "put_paid_essence_on": "put it on", "temp_vp": "points",
           "gain_equal_to_rival_pool": "per", "life_loss": "lose", "rivals_gain": "rivals gain", "gain": ""}


def power_facts(cd, pi: int) -> list[str]:
    """Words a line about power ``pi`` of ``cd`` must hold, read from the card's data."""
    pw = cd.powers[pi]
    need = ["tap"] if pw.turn else []
    need += [f"{v} {ESS[e]}" for e, v in enumerate(pw.pay) if v]
    if pw.pay_any:
        need.append(f"{pw.pay_any} of any")
    if pw.destroy_self or pw.destroy is not None:
        need.append("destroy")
    for eff in pw.effects:
        if OP_WORD[eff["op"]]:
            need.append(OP_WORD[eff["op"]])
        if eff["op"] in ("gain", "rivals_gain"):
            need += [f"{v} {e.capitalize()}" for e, v in eff["essences"].items() if e in
                     ("elan", "life", "calm", "death", "gold")]
        if eff["op"] == "life_loss":
            need.append(f"{eff['amount']} Life")
    return need


def walk(games: int):
    """(state before, legal moves, move played, events of the move) over seeded rule-bot games."""
    for seed in range(games):
        n = 2 + seed % 3
        s = new_game(n, seed, preset="random" if seed % 2 else "first_game")
        bot, rng = RuleAgent(), random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            a = bot.decide(s, s.to_move(), legal, rng)
            before = s.copy()
            s.events = []
            s.apply(a)
            yield before, legal, a, list(s.events)


def test_every_move_of_seeded_games_names_what_it_does():
    names = ["Ann", "Bob", "Cy", "Di"]
    counted = {"power": 0, "event": 0, "step": 0}
    for st, legal, _played, events in walk(10):
        c = st.c
        for a in legal:
            words = describe(c, a, names, st)
            assert "(power" not in words, words
            if a[0] in (K_POWER, K_REACT):
                cd = c.cards[a[1]]
                missing = [w for w in power_facts(cd, a[2]) if w not in words]
                assert not missing, (words, missing)
                counted["power"] += 1
            if st.dec in (D_ESS, D_PAY, D_TARGET, D_X, D_RIVAL, D_DEFEND):
                assert not words.startswith("Choose "), words  # the step says what it is for
                counted["step"] += 1
        for ev in events:
            if ev["type"] in ("power", "react"):
                line = event_text(c, ev, names)
                cd = c.card(ev["card"])
                missing = [w for w in power_facts(cd, ev["power"]) if w not in line]
                assert not missing, (line, missing)
                counted["event"] += 1
    assert min(counted.values()) > 50, counted  # the walk reached each kind many times


def test_a_power_names_its_effect():
    s = to_main()
    give(s, 0, "coral_castle")
    x = s.c.by_id["coral_castle"]
    assert describe(s.c, (K_POWER, x, 0), state=s) == "Use Coral Castle: tap, check for victory now"
    assert describe(s.c, (K_POWER, x, 0)) == "Use Coral Castle: tap, check for victory now"
    forge = s.c.by_id["cursed_forge"]
    assert describe(s.c, (K_POWER, forge, 0)) == "Use Cursed Forge: pay 2 Elan, 1 Gold, put 1 Gold on it"
    assert describe(s.c, (K_REACT, x, 1)) == "React with Coral Castle: tap, ignore the attack"


def test_the_log_tells_the_power_used():
    c = new_game(2, 0).c
    line = event_text(c, {"type": "power", "seat": 0, "card": "hand_of_glory", "power": 0}, ["You", "Bob"])
    assert line == "You use Hand of Glory: tap, gain 2 Death, rivals gain 1 Death."
    line = event_text(c, {"type": "react", "seat": 1, "card": "golden_statue", "power": 0}, ["You", "Bob"])
    assert line == "Bob reacts with Golden Statue: tap, pay 3 Gold, +3 points at this check."


def test_place_claim_and_discard_say_the_price():
    s = to_main()
    c = s.c
    vault = c.by_id["vault"]
    assert describe(c, (K_PLACE, vault, )) == "Put Vault into play (cost 1 Gold, 1 of any)"
    assert describe(c, (K_CLAIM, c.by_id["obelisk"])).startswith("Claim Obelisk (cost 4 Gold, ")
    assert describe(c, (K_DISCARD, vault, 1)) == "Discard Vault for 2 essences (not Gold)"
    assert describe(c, (K_DISCARD, vault, 0)) == "Discard Vault for 1 Gold"


def test_pass_says_first_player_token_only_to_the_first():
    s = to_main()
    assert s.dec == D_MAIN
    holder = s.token == s.actor
    first = f"Pass (first: {'keep' if holder else 'take'} the first-player token): swap your magic item, draw 1"
    assert describe(s.c, (K_PASS,), state=s) == first
    s.token = s.actor if not holder else (s.actor + 1) % s.n  # the other case: the words follow the holder
    other = "take" if holder else "keep"
    said = describe(s.c, (K_PASS,), state=s)
    assert said == f"Pass (first: {other} the first-player token): swap your magic item, draw 1"
    s.any_passed = True
    assert describe(s.c, (K_PASS,), state=s) == "Pass: swap your magic item, draw 1"


def test_steps_inside_a_power_say_what_they_are_for():
    s = to_main()
    c = s.c
    give(s, 0, "transmuter")
    set_ess(s, 0, elan=3, life=2)
    use(s, "transmuter")
    assert s.dec == D_PAY
    assert describe(c, (K_PAY, 2, 0, 0, 0, 0), state=s) == "Pay 2 Elan for Transmuter"
    s.apply((K_PAY, 2, 0, 0, 0, 0))
    assert s.dec == D_ESS
    assert describe(c, (K_ESS, 1), state=s) == "Gain 1 Life"
    assert describe(c, (K_ESS, 1)) == "Choose Life"  # without the position nothing more is known


def test_a_card_put_into_play_is_paid_for_by_name():
    s = to_main()
    c = s.c
    give(s, 0, "vault", where="hand")
    set_ess(s, 0, elan=2, gold=2)
    s.apply((K_PLACE, c.by_id["vault"]))
    assert s.dec == D_PAY  # 1 Gold and one of any: a choice
    pay = next(a for a in s.legal_actions() if a[0] == K_PAY)
    assert describe(c, pay, state=s).endswith("to put Vault into play")


def test_untap_target_and_rival_count_and_identical():
    s = to_main()
    c = s.c
    give(s, 0, "chalice_of_fire")
    give(s, 0, "hawk", turned=True)
    set_ess(s, 0, elan=2)
    use(s, "chalice_of_fire")
    assert s.dec == D_TARGET
    hawk = c.by_id["hawk"]
    assert describe(c, (K_TARGET, hawk), state=s) == "Untap Hawk"

    s = to_main(3)  # two rivals: the player chooses whose Death to count
    give(s, 0, "treant")
    set_ess(s, 1, death=4)
    set_ess(s, 2, death=1)
    use(s, "treant")
    assert s.dec == D_RIVAL
    assert describe(c, (K_RIVAL, 1), ["You", "Bob", "Cy"], s) == "Count the Death of Bob (4): gain 4 Elan"

    s = to_main()
    give(s, 0, "philosophers_stone")
    set_ess(s, 0, elan=2, calm=3)
    use(s, "philosophers_stone", choices=[(K_PAY, 2, 0, 0, 0, 0)])
    assert s.dec == D_X
    assert describe(c, (K_X, 2, 3), state=s) == "Spend 3 Calm on Philosopher's Stone: gain 3 Gold"


def test_an_attack_says_what_it_costs():
    s = to_main()
    c = s.c
    give(s, 0, "bone_dragon")
    set_ess(s, 1, life=3, death=1)
    use(s, "bone_dragon")
    assert s.dec == D_DEFEND
    assert describe(c, (K_HIT,), state=s) == "Take the attack of Bone Dragon: lose 2 Life"
    assert describe(c, (K_IGNORE,), state=s) == "Stop the attack of Bone Dragon: pay 1 Death"


def test_take_or_leave_counts_the_essences():
    s = to_main()
    c = s.c
    x = give(s, 0, "vault")
    s.on[x * 5 + 4] = 2
    s.dec = 6  # D_TAKE, as the collect asks it
    s.dd = x
    assert describe(c, (K_TAKE, x, 1), state=s) == "Take 2 Gold off Vault"
    assert describe(c, (K_TAKE, x, 0), state=s) == "Leave 2 Gold on Vault"


def test_a_magic_item_says_its_power():
    c = new_game(2, 0).c
    assert describe(c, (K_ITEM, c.by_id["research"])) == "Take the magic item Research (tap, pay 1 of any, draw 1)"


def test_no_power_number_is_left():
    c = new_game(2, 0).c
    for cd in c.cards:
        for pi in range(len(cd.powers)):
            words = describe(c, (K_POWER, cd.idx, pi))
            assert not re.search(r"\(power \d\)", words) and words.startswith(f"Use {cd.name}: "), words


def _longest_lines(c, names: list[str]) -> list[str]:
    """The longest log line of each power (a seat with the longest name using it), longest first."""
    who = max(names, key=len)
    lines = [event_text(c, {"type": "power", "seat": names.index(who), "card": cd.id, "power": pi}, names)
             for cd in c.cards for pi in range(len(cd.powers))]
    return sorted(lines, key=len, reverse=True)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_the_longest_power_lines_read_whole_in_the_feed_the_log_and_the_hint(cfg, size):
    """The words are longer now: the longest of them, in the move feed, the open log and the hint's preview,
    read whole (the text registry: none cut to "…", out of its box, overlapping or under 13 px)."""
    from game.arcana.ui import TableScene
    from game.core.session import GameSession, Seat
    from game.shell import testing
    from game.shell.hint import Hint

    from .test_arcana_ui_fit import Audit

    app = testing.make_app(window_size=size, skip_animations=True)
    seats = [Seat("human", name="Annabel"), Seat("bot", "rule", name="Bartholomew"),
             Seat("bot", "rule", name="Constantine")]
    sess = GameSession(3, seats, 4, {"preset": "random"}, presets=None, game="arcana")
    s = to_main(3, 4, preset="random")
    give(s, 0, "sacrificial_pit")  # the longest power line of all
    give(s, 0, "bone_dragon")  # for the pit to destroy
    set_ess(s, 0, life=3, death=1)
    sess.state = s
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    lines = _longest_lines(s.c, table.seat_words())[:4]
    for line in lines:
        table.feed.add(line)
        table.log.append(line)
    table.show_log = True
    pit = (K_POWER, s.c.by_id["sacrificial_pit"], 1)
    assert pit in s.legal_actions()
    table.show_hint(Hint(pit, 0.6, 400, False), table.hint_why(Hint(pit, 0.6, 400, False)))
    testing.step(app, 3)
    audit = Audit()
    audit.check(app.last_frame_texts, table.card_boxes)
    assert not audit.bad, audit.report()
    drawn = " ".join(d.text for d in app.last_frame_texts)
    assert lines[-1] in drawn, (lines[-1], drawn[-600:])  # the open log's newest line whole
    seen = set()  # the log read through a page at a time (it stands in the panel's room under the hint)
    testing.key(app, pygame.K_HOME, frames=2)
    for _ in range(int(table.log.max_scroll() // max(1, table.log.view_rect().h - 40)) + 2):
        page = " ".join(d.text for d in app.last_frame_texts)
        seen |= {line for line in lines if line in page}
        testing.key(app, pygame.K_PAGEDOWN, frames=2)
    assert seen == set(lines), set(lines) - seen
    assert "Use Sacrificial Pit: tap, pay 1 Death, destroy a dragon or creature, gain its cost in Gold" in drawn


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_five_key_moments_with_the_longest_move_words_are_all_listed_whole(cfg, size):
    """The review names moves in the same words: five key moments with the longest of them (a power played,
    a place of power as the hint) are listed whole at 13 px or more, or those that do not fit are counted in a
    line that points to the chart (at first 3 of 5 were listed and 2 silently left out), and a moment chosen there
    is listed."""
    from game.core.records import SeatRecord
    from game.core.review import KeyMoment, Review
    from game.core.session import GameSession
    from game.shell import testing
    from game.shell.review import ReviewScene, left_out_words

    from .test_arcana_ui_fit import Audit
    from .test_history import play

    rec, _state = play("arcana", [SeatRecord("human"), SeatRecord("bot", "normal")], seed=4)
    c = new_game(2, 0).c
    powers = sorted((describe(c, (K_POWER, cd.idx, i)) for cd in c.cards for i in range(len(cd.powers))), key=len)
    claims = sorted((describe(c, (K_CLAIM, cd.idx)) for cd in c.cards if cd.kind == "place_of_power"), key=len)
    moments = [KeyMoment(10 * k + 10, 0, played, best, 0.1) for k, (played, best) in
               enumerate(zip(powers[-5:], claims[-5:]))]
    app = testing.make_app(window_size=size)
    scene = ReviewScene(cfg, GameSession.from_record(rec, "test"), analyse=False)
    scene.review = Review([[0.5, 0.5]] * (len(rec.actions) + 1), moments, True)
    app.push(scene)
    testing.step(app, 3)
    listed = [index for _rect, index in scene.moment_rows]
    assert listed == [m.index for m in moments][:len(listed)] and len(listed) >= 3  # (the panel clear of the cards)
    drawn = [d.text for d in app.last_frame_texts]
    if len(listed) < len(moments):
        assert left_out_words(len(moments) - len(listed)) in drawn, drawn[-4:]
        scene.choose(moments[-1].index + 1)  # its ring clicked on the chart: the list shows it
        testing.step(app, 2)
        assert moments[-1].index in [index for _rect, index in scene.moment_rows]
        scene.choose(len(rec.actions))
        testing.step(app, 2)
    audit = Audit()  # the panel's key moments (the table under the review's panel is another test's)
    texts = app.last_frame_texts
    start = next(k for k, d in enumerate(texts) if d.text == "Key moments")  # drawn after the table's own
    box = scene.lay.moments
    audit.check([d for d in texts[start:] if scene.lay.panel.contains(d.rect) and d.rect.y >= box.y], [])
    assert not audit.bad, audit.report()


def test_the_other_branches_say_what_they_do():
    """The blind claim's price, the statue's price, the order put back (top first), a card thrown away for
    Divination, a card destroyed for a power."""
    from game.arcana.engine.state import D_HAND, D_ORDER, K_BLIND, K_DECK, K_HAND, K_ORDER, K_STATUE

    c = new_game(2, 0).c
    assert describe(c, (K_BLIND,)) == "Claim the top monument of the pile, unseen, for 4 Gold"
    assert describe(c, (K_STATUE, 1)) == "Pay 3 Gold: the Golden Statue's 3 points"

    s = to_main()
    give(s, 0, "seer")
    use(s, "seer")
    if s.decision_name() == "deck":
        s.apply((K_DECK, 0))
    assert s.dec == D_ORDER
    top = [s.c.cards[x].name for x in s.dd.top]
    words = describe(c, (K_ORDER, 0), state=s)
    assert words == "Put back on your deck, top first: " + ", ".join(top), words

    s = to_main()
    give(s, 0, "divination")
    use(s, "divination")
    assert s.dec == D_HAND
    x = s.hand[0][0]
    assert describe(c, (K_HAND, x), state=s) == f"Discard {c.cards[x].name} (Divination)"

    s = to_main()
    give(s, 0, "fiery_whip")
    vault = give(s, 0, "vault")
    give(s, 0, "hawk")  # two to choose from
    use(s, "fiery_whip", power=1)
    assert s.dec == D_TARGET
    assert describe(c, (K_TARGET, vault), state=s) == "Destroy Vault for Fiery Whip"
