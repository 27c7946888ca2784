"""One scenario per card power (every power of every card); a coverage test checks that each one fires."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.arcana.engine import IllegalAction, default_content
from game.arcana.engine.content import CALM, DEATH, ELAN, GOLD, LIFE
from game.arcana.engine.state import (
    D_DEFEND,
    D_MAIN,
    D_STATUE,
    K_DECK,
    K_ESS,
    K_HAND,
    K_HIT,
    K_IGNORE,
    K_ORDER,
    K_PASS,
    K_PAY,
    K_POWER,
    K_REACT,
    K_RIVAL,
    K_STATUE,
    K_TARGET,
    K_X,
    State,
)

from .arcana_helpers import card, give, on, pool, set_ess, to_main, use

SCENARIOS: dict[str, Callable[[], State]] = {}


def covers(*ids: str) -> Callable[[Callable[[], State]], Callable[[], State]]:
    def deco(fn: Callable[[], State]) -> Callable[[], State]:
        for i in ids:
            assert i not in SCENARIOS, i
            SCENARIOS[i] = fn
        return fn
    return deco


def base(n: int = 2) -> State:
    """Seat 0 to act in round 1; both pools emptied; firing traced."""
    s = to_main(n, 0)
    for p in range(n):
        set_ess(s, p)
    s.fired = set()
    return s


def e(x: int) -> tuple:
    return (K_ESS, x)


def t(s: State, cid: str) -> tuple:
    return (K_TARGET, card(s, cid))


# ------------------------------------------------------------------ essence makers
@covers("athanor.1")
def s_athanor_1() -> State:
    s = base()
    give(s, 0, "athanor")
    set_ess(s, 0, elan=1)
    use(s, "athanor", 0)
    assert on(s, "athanor") == [2, 0, 0, 0, 0] and pool(s, 0) == [0] * 5 and s.turned[card(s, "athanor")]
    return s


@covers("athanor.2")
def s_athanor_2() -> State:
    s = base()
    x = give(s, 0, "athanor")
    s.on[x * 5 + ELAN] = 7
    set_ess(s, 0, death=4)
    use(s, "athanor", 1, [(K_X, DEATH, 3)])
    assert on(s, "athanor")[ELAN] == 1 and pool(s, 0) == [0, 0, 0, 1, 3]
    return s


@covers("chalice_of_life.1")
def s_chalice_life() -> State:
    s = base()
    give(s, 0, "chalice_of_life")
    set_ess(s, 0, calm=4)
    use(s, "chalice_of_life", 0)
    assert on(s, "chalice_of_life") == [0, 1, 2, 0, 0] and pool(s, 0)[CALM] == 2
    assert not s.turned[card(s, "chalice_of_life")]  # no turn: usable again next turn
    return s


@covers("corrupt_altar.1")
def s_altar_1() -> State:
    s = base()
    give(s, 0, "corrupt_altar")
    set_ess(s, 0, life=2)
    use(s, "corrupt_altar", 0)
    assert on(s, "corrupt_altar") == [3, 0, 0, 0, 0]
    return s


@covers("corrupt_altar.2")
def s_altar_2() -> State:
    s = base()
    give(s, 0, "corrupt_altar")
    give(s, 0, "athanor")  # printed cost 2 -> 4 essences
    use(s, "corrupt_altar", 1, [t(s, "athanor"), e(ELAN), e(LIFE), e(CALM), e(DEATH)])
    assert pool(s, 0) == [1, 1, 1, 1, 0] and card(s, "athanor") in s.disc[0]
    return s


def test_corrupt_altar_may_destroy_itself() -> None:
    s = base()
    give(s, 0, "corrupt_altar")  # printed cost 5 -> 7
    use(s, "corrupt_altar", 1, [e(ELAN)] * 7)
    assert pool(s, 0)[ELAN] == 7 and card(s, "corrupt_altar") in s.disc[0]


@covers("crypt.1")
def s_crypt_1() -> State:
    s = base()
    give(s, 0, "crypt")
    use(s, "crypt", 0)
    assert pool(s, 0)[DEATH] == 2
    return s


@covers("crypt.2")
def s_crypt_2() -> State:
    s = base()
    give(s, 0, "crypt")
    give(s, 0, "ring_of_midas", where="disc")  # Life + Gold: the reduction cannot touch the Gold
    set_ess(s, 0, death=1, gold=1)
    use(s, "crypt", 1, [t(s, "ring_of_midas")])
    assert card(s, "ring_of_midas") in s.play[0] and pool(s, 0) == [0] * 5
    return s


@covers("cursed_skull.1")
def s_skull() -> State:
    s = base()
    give(s, 0, "cursed_skull")
    set_ess(s, 0, life=1)
    use(s, "cursed_skull", 0, [e(ELAN), e(DEATH), e(DEATH)])
    assert on(s, "cursed_skull") == [1, 0, 0, 2, 0]
    with pytest.raises(IllegalAction):
        s2 = base()
        give(s2, 0, "cursed_skull")
        set_ess(s2, 0, life=1)
        use(s2, "cursed_skull", 0, [e(LIFE)])
    return s


@covers("dwarven_pickaxe.1")
def s_pickaxe() -> State:
    s = base()
    give(s, 0, "dwarven_pickaxe")
    set_ess(s, 0, elan=1)
    use(s, "dwarven_pickaxe", 0)
    assert pool(s, 0) == [0, 0, 0, 0, 1]
    return s


@covers("flaming_pit.1")
def s_flaming_pit() -> State:
    s = base()
    give(s, 0, "flaming_pit")
    set_ess(s, 0, life=1)
    use(s, "flaming_pit", 0)
    assert pool(s, 0) == [1, 0, 0, 1, 0]
    return s


@covers("fountain_of_youth.1")
def s_fountain() -> State:
    s = base()
    give(s, 0, "fountain_of_youth")
    set_ess(s, 0, death=2)
    use(s, "fountain_of_youth", 0)
    assert on(s, "fountain_of_youth") == [0, 1, 2, 0, 0]
    return s


@covers("fiery_whip.1")
def s_whip_1() -> State:
    s = base()
    give(s, 0, "fiery_whip")
    s.passed[1] = True  # rivals gain even after passing
    use(s, "fiery_whip", 0)
    assert pool(s, 0)[ELAN] == 3 and pool(s, 1)[ELAN] == 1
    return s


@covers("fiery_whip.2")
def s_whip_2() -> State:
    s = base()
    give(s, 0, "fiery_whip")
    give(s, 0, "dwarven_pickaxe")  # cost 1 -> 3
    use(s, "fiery_whip", 1, [e(CALM)] * 3)
    assert pool(s, 0)[CALM] == 3 and card(s, "dwarven_pickaxe") in s.disc[0]
    return s


def test_fiery_whip_cannot_destroy_itself() -> None:
    s = base()
    give(s, 0, "fiery_whip")
    assert (K_POWER, card(s, "fiery_whip"), 1) not in s.legal_actions()


@covers("hand_of_glory.1")
def s_hand_of_glory() -> State:
    s = base()
    give(s, 0, "hand_of_glory")
    use(s, "hand_of_glory", 0)
    assert pool(s, 0)[DEATH] == 2 and pool(s, 1)[DEATH] == 1
    return s


@covers("horn_of_plenty.1")
def s_horn_1() -> State:
    s = base()
    give(s, 0, "horn_of_plenty")
    use(s, "horn_of_plenty", 0, [e(LIFE), e(LIFE), e(CALM)])
    assert pool(s, 0) == [0, 2, 1, 0, 0]
    return s


@covers("horn_of_plenty.2")
def s_horn_2() -> State:
    s = base()
    give(s, 0, "horn_of_plenty")
    use(s, "horn_of_plenty", 1)
    assert pool(s, 0) == [0, 0, 0, 0, 1]
    return s


@covers("hypnotic_basin.1")
def s_basin() -> State:
    s = base(3)
    give(s, 0, "hypnotic_basin")
    set_ess(s, 2, elan=4)
    use(s, "hypnotic_basin", 0, [(K_RIVAL, 2)])
    assert pool(s, 0)[CALM] == 4 and pool(s, 2)[ELAN] == 4
    return s


@covers("treant.1")
def s_treant() -> State:
    s = base()
    give(s, 0, "treant")
    set_ess(s, 1, death=3)
    use(s, "treant", 0)
    assert pool(s, 0)[ELAN] == 3 and pool(s, 1)[DEATH] == 3
    return s


@covers("jeweled_statuette.1")
def s_statuette_1() -> State:
    s = base()
    give(s, 0, "jeweled_statuette")
    use(s, "jeweled_statuette", 0)
    assert pool(s, 0)[DEATH] == 3 and pool(s, 1)[DEATH] == 1
    return s


@covers("jeweled_statuette.2")
def s_statuette_2() -> State:
    s = base()
    give(s, 0, "jeweled_statuette", turned=True)  # destroying needs no straight card? it does: not turned
    s.turned[card(s, "jeweled_statuette")] = 0
    use(s, "jeweled_statuette", 1)
    assert pool(s, 0) == [1, 0, 0, 0, 2] and card(s, "jeweled_statuette") in s.disc[0]
    return s


@covers("magical_shard.1")
def s_shard() -> State:
    s = base()
    give(s, 0, "magical_shard")
    use(s, "magical_shard", 0, [e(DEATH)])
    assert pool(s, 0) == [0, 0, 0, 1, 0]
    return s


@covers("mermaid.1")
def s_mermaid() -> State:
    s = base()
    give(s, 0, "mermaid")
    give(s, 0, "cursed_forge", turned=True)  # FAQ: may go on a turned component
    set_ess(s, 0, gold=1, calm=1)
    use(s, "mermaid", 0, [e(GOLD), t(s, "cursed_forge")])
    assert on(s, "cursed_forge")[GOLD] == 1 and pool(s, 0) == [0, 0, 1, 0, 0]
    assert s.points(0) == 1 + 1 + 1  # forge 1 + 1 per Gold on it + first-player token
    return s


@covers("philosophers_stone.1")
def s_stone() -> State:
    s = base()
    give(s, 0, "philosophers_stone")
    set_ess(s, 0, elan=2, life=5)
    use(s, "philosophers_stone", 0, [(K_PAY, 2, 0, 0, 0, 0), (K_X, LIFE, 5)])
    assert pool(s, 0) == [0, 0, 0, 0, 5]
    return s


@covers("prism.1")
def s_prism_1() -> State:
    s = base()
    give(s, 0, "prism")
    set_ess(s, 0, gold=1)
    use(s, "prism", 0, [e(CALM), e(ELAN)])
    assert pool(s, 0) == [1, 0, 1, 0, 0]
    return s


@covers("prism.2")
def s_prism_2() -> State:
    s = base()
    give(s, 0, "prism")
    set_ess(s, 0, gold=3)
    use(s, "prism", 1, [(K_X, GOLD, 3), e(DEATH)])
    assert pool(s, 0) == [0, 0, 0, 3, 0]
    return s


@covers("ring_of_midas.1")
def s_ring_1() -> State:
    s = base()
    give(s, 0, "ring_of_midas")
    set_ess(s, 0, life=2)
    use(s, "ring_of_midas", 0)
    assert on(s, "ring_of_midas")[GOLD] == 1 and s.points(0) == 1 + 1  # Gold on an artifact scores nothing
    return s


@covers("ring_of_midas.2")
def s_ring_2() -> State:
    s = base()
    give(s, 0, "ring_of_midas")
    use(s, "ring_of_midas", 1)
    assert on(s, "ring_of_midas")[GOLD] == 1
    return s


@covers("sacrificial_dagger.1")
def s_dagger_1() -> State:
    s = base()
    give(s, 0, "sacrificial_dagger")
    set_ess(s, 0, life=1)
    use(s, "sacrificial_dagger", 0)
    assert on(s, "sacrificial_dagger") == [0, 0, 0, 3, 0]
    return s


@covers("sacrificial_dagger.2")
def s_dagger_2() -> State:
    s = base()
    give(s, 0, "sacrificial_dagger")
    s.hand[0] = []
    give(s, 0, "fire_dragon", where="hand")  # printed cost 6
    use(s, "sacrificial_dagger", 1, [(K_HAND, card(s, "fire_dragon"))] + [e(CALM)] * 6)
    assert pool(s, 0) == [0, 0, 6, 0, 0]  # no essences for the discard itself
    assert card(s, "fire_dragon") in s.disc[0] and card(s, "sacrificial_dagger") in s.disc[0]
    return s


@covers("tree_of_life.1")
def s_tree_1() -> State:
    s = base()
    give(s, 0, "tree_of_life")
    use(s, "tree_of_life", 0)
    assert pool(s, 0)[LIFE] == 3 and pool(s, 1)[LIFE] == 1
    return s


@covers("vault.1")
def s_vault() -> State:
    s = base()
    give(s, 0, "vault")
    use(s, "vault", 0)
    assert on(s, "vault")[GOLD] == 1
    return s


@covers("windup_man.1")
def s_windup() -> State:
    s = base()
    give(s, 0, "windup_man")
    set_ess(s, 0, death=1, gold=1)
    use(s, "windup_man", 0, [(K_PAY, 0, 0, 0, 1, 0)])
    assert on(s, "windup_man") == [0, 0, 0, 1, 0] and pool(s, 0) == [0, 0, 0, 0, 1]
    return s


@covers("dragon_teeth.1")
def s_teeth_1() -> State:
    s = base()
    give(s, 0, "dragon_teeth")
    set_ess(s, 0, elan=2)
    use(s, "dragon_teeth", 0)
    assert on(s, "dragon_teeth")[ELAN] == 3
    return s


@covers("dragon_teeth.2")
def s_teeth_2() -> State:
    s = base()
    give(s, 0, "dragon_teeth")
    give(s, 0, "fire_dragon", where="hand")
    set_ess(s, 0, elan=3)
    use(s, "dragon_teeth", 1, [t(s, "fire_dragon")])
    assert card(s, "fire_dragon") in s.play[0] and pool(s, 0) == [0] * 5
    return s


@covers("dragon_egg.1")
def s_egg() -> State:
    s = base()
    give(s, 0, "dragon_egg")
    give(s, 0, "fire_dragon", where="hand")  # 6 Elan - 4
    set_ess(s, 0, elan=2)
    use(s, "dragon_egg", 0, [t(s, "fire_dragon")])
    assert card(s, "fire_dragon") in s.play[0] and card(s, "dragon_egg") in s.disc[0] and pool(s, 0) == [0] * 5
    return s


# ------------------------------------------------------------------ attacks and defences
def attack_setup(attacker: str) -> State:
    s = base()
    give(s, 0, attacker)
    set_ess(s, 1, life=1, calm=1, elan=1, death=1, gold=1)
    s.hand[1] = s.hand[1][:1]
    use(s, attacker, 0)
    assert s.dec == D_DEFEND and s.actor == 1
    return s


@covers("bone_dragon.1")
def s_bone() -> State:
    s = attack_setup("bone_dragon")
    assert (K_IGNORE,) in s.legal_actions()
    s.apply((K_IGNORE,))
    assert pool(s, 1) == [1, 1, 1, 0, 1]
    return s


@covers("earth_dragon.1")
def s_earth() -> State:
    s = attack_setup("earth_dragon")
    s.apply((K_IGNORE,))
    assert pool(s, 1) == [1, 1, 1, 1, 0]
    return s


@covers("fire_dragon.1")
def s_fire() -> State:
    s = attack_setup("fire_dragon")
    s.apply((K_IGNORE,))
    assert pool(s, 1) == [1, 1, 0, 1, 1]
    return s


@covers("water_dragon.1")
def s_water() -> State:
    s = attack_setup("water_dragon")
    s.apply((K_IGNORE,))
    assert pool(s, 1) == [0, 1, 1, 1, 1]
    return s


@covers("wind_dragon.1")
def s_wind() -> State:
    s = attack_setup("wind_dragon")
    c = s.hand[1][0]
    s.apply((K_IGNORE,))
    s.apply((K_HAND, c))
    assert c in s.disc[1] and pool(s, 1) == [1, 1, 1, 1, 1]
    return s


@covers("sea_serpent.1")
def s_serpent() -> State:
    s = base()
    give(s, 0, "sea_serpent")
    give(s, 1, "hawk")
    use(s, "sea_serpent", 0)
    s.apply((K_IGNORE,))
    assert card(s, "hawk") in s.disc[1]
    return s


@covers("elvish_bow.1")
def s_bow_1() -> State:
    s = base()
    give(s, 0, "elvish_bow")
    set_ess(s, 1, calm=3)
    use(s, "elvish_bow", 0)
    assert (K_IGNORE,) not in s.legal_actions()
    s.apply((K_HIT,))  # no Life: lose 2 other essences instead
    assert pool(s, 1) == [0, 0, 1, 0, 0]
    return s


@covers("elvish_bow.2")
def s_bow_2() -> State:
    s = base()
    give(s, 0, "elvish_bow")
    h = len(s.hand[0])
    use(s, "elvish_bow", 1)
    assert len(s.hand[0]) == h + 1
    return s


def defend_with(cid: str, power: int, pool1: dict, attacker: str = "elvish_bow") -> State:
    s = base()
    give(s, 0, attacker)
    give(s, 1, cid)
    set_ess(s, 1, **pool1)
    use(s, attacker, 0)
    x = card(s, cid)
    assert (K_REACT, x, power) in s.legal_actions()
    s.apply((K_REACT, x, power))
    assert s.dec == D_MAIN and s.actor == 1
    return s


@covers("chalice_of_life.2")
def s_chalice_react() -> State:
    s = defend_with("chalice_of_life", 1, {"life": 1})
    assert pool(s, 1)[LIFE] == 1 and s.turned[card(s, "chalice_of_life")]
    return s


@covers("dancing_sword.1")
def s_sword() -> State:
    s = defend_with("dancing_sword", 0, {"elan": 1, "life": 1})
    assert pool(s, 1) == [0, 1, 0, 0, 0] and on(s, "dancing_sword")[DEATH] == 1
    return s


@covers("dragon_bridle.1")
def s_bridle() -> State:
    s = defend_with("dragon_bridle", 0, {"life": 2}, attacker="fire_dragon")
    assert pool(s, 1)[LIFE] == 2
    t2 = base()
    give(t2, 0, "elvish_bow")
    give(t2, 1, "dragon_bridle")
    use(t2, "elvish_bow", 0)
    assert not any(a[0] == K_REACT for a in t2.legal_actions())  # only a Dragon's power
    return s


@covers("elemental_spring.1")
def s_spring() -> State:
    s = defend_with("elemental_spring", 0, {"calm": 1, "life": 1})
    assert pool(s, 1) == [0, 1, 0, 0, 0]
    return s


@covers("guard_dog.2")
def s_dog_2() -> State:
    s = defend_with("guard_dog", 1, {"life": 1})
    assert s.turned[card(s, "guard_dog")]
    return s


@covers("guard_dog.1")
def s_dog_1() -> State:
    s = base()
    x = give(s, 0, "guard_dog", turned=True)
    set_ess(s, 0, elan=1)
    use(s, "guard_dog", 0)
    assert not s.turned[x]
    u = base()
    give(u, 0, "guard_dog")
    set_ess(u, 0, elan=1)
    assert (K_POWER, card(u, "guard_dog"), 0) not in u.legal_actions()
    return s


@covers("tree_of_life.2")
def s_tree_2() -> State:
    s = defend_with("tree_of_life", 1, {"life": 1})
    assert pool(s, 1)[LIFE] == 0 and not s.turned[card(s, "tree_of_life")]
    return s


@covers("healer.1")
def s_healer() -> State:
    return defend_with("healer", 0, {"life": 1})


@covers("protection.1")
def s_protection() -> State:
    return defend_with("protection", 0, {"life": 1})


@covers("temple.1")
def s_temple() -> State:
    return defend_with("temple", 0, {"life": 1})


@covers("alchemists_tower.2")
def s_tower_2() -> State:
    return defend_with("alchemists_tower", 1, {})


@covers("coral_castle.2")
def s_castle_2() -> State:
    return defend_with("coral_castle", 1, {})


# ------------------------------------------------------------------ straighten, draw, look
@covers("chalice_of_fire.1")
def s_chalice_fire() -> State:
    s = base()
    give(s, 0, "chalice_of_fire")
    x = give(s, 0, "horn_of_plenty", turned=True)
    set_ess(s, 0, elan=1)
    use(s, "chalice_of_fire", 0, [(K_TARGET, x)])
    assert not s.turned[x] and s.turned[card(s, "chalice_of_fire")]
    return s


@covers("witch.1")
def s_witch() -> State:
    s = base()
    give(s, 0, "witch")
    x = give(s, 0, "horn_of_plenty", turned=True)
    y = give(s, 0, "vault", turned=True)
    set_ess(s, 0, gold=2)
    use(s, "witch", 0, [(K_TARGET, y)])
    assert not s.turned[y] and s.turned[x]
    return s


@covers("reanimate.1")
def s_reanimate() -> State:
    s = base()
    give(s, 0, "reanimate")
    x = give(s, 0, "horn_of_plenty", turned=True)
    y = give(s, 0, "vault", turned=True)
    set_ess(s, 0, gold=1)
    use(s, "reanimate", 0, [(K_TARGET, x)])
    assert not s.turned[x] and s.turned[y]
    return s


@covers("druid.1")
def s_druid() -> State:
    s = base()
    give(s, 0, "druid")
    h = give(s, 0, "hawk", turned=True)
    give(s, 0, "vault", turned=True)
    use(s, "druid", 0)  # the only turned Creature is chosen without asking
    assert s.dec == D_MAIN or s.legal_actions() == [(K_TARGET, h)]
    if s.dec != D_MAIN:
        s.apply((K_TARGET, h))
    assert not s.turned[h] and s.turned[card(s, "vault")]
    return s


@covers("hawk.2")
def s_hawk_2() -> State:
    s = base()
    give(s, 0, "hawk")
    set_ess(s, 0, calm=2)
    h = len(s.hand[0])
    use(s, "hawk", 1)
    assert len(s.hand[0]) == h + 1 and pool(s, 0) == [0] * 5
    return s


@covers("scholar.1")
def s_scholar() -> State:
    s = base()
    give(s, 0, "scholar")
    set_ess(s, 0, death=1)
    h = len(s.hand[0])
    use(s, "scholar", 0)
    assert len(s.hand[0]) == h + 1
    return s


@covers("research.1")
def s_research() -> State:
    s = base()
    give(s, 0, "research")
    set_ess(s, 0, life=1)
    h = len(s.hand[0])
    use(s, "research", 0)
    assert len(s.hand[0]) == h + 1
    return s


@covers("library.1")
def s_library() -> State:
    s = base()
    give(s, 0, "library")
    h = len(s.hand[0])
    use(s, "library", 0)
    assert len(s.hand[0]) == h + 1
    return s


def look(cid: str, deck: int) -> State:
    s = base()
    give(s, 0, cid)
    pile = s.deck[0] if deck == 0 else s.mon_deck
    top3 = pile[-3:][::-1]  # top first
    use(s, cid, 0, [(K_DECK, deck), (K_ORDER, 5)])  # permutation (2, 1, 0): reverse
    assert (s.deck[0] if deck == 0 else s.mon_deck)[-3:][::-1] == top3[::-1]
    return s


@covers("hawk.1")
def s_hawk_1() -> State:
    s = look("hawk", 0)
    assert s.known_top[0] == 3
    return s


@covers("seer.1")
def s_seer() -> State:
    s = look("seer", 1)
    assert s.mon_known[0] == 3
    return s


@covers("oracle.1")
def s_oracle() -> State:
    return look("oracle", 0)


@covers("divination.1")
def s_divination() -> State:
    s = base()
    give(s, 0, "divination")
    h = len(s.hand[0])
    use(s, "divination", 0)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert len(s.hand[0]) == h and len(s.disc[0]) == 3
    return s


# ------------------------------------------------------------------ mages and items
@covers("alchemist.1")
def s_alchemist_1() -> State:
    s = base()
    give(s, 0, "alchemist")
    set_ess(s, 0, elan=4)
    use(s, "alchemist", 0)
    assert pool(s, 0) == [0, 0, 0, 0, 2]
    return s


@covers("alchemist.2")
def s_alchemist_2() -> State:
    s = base()
    give(s, 0, "alchemist")
    use(s, "alchemist", 1, [e(LIFE)])
    assert pool(s, 0) == [0, 1, 0, 0, 0]
    return s


@covers("alchemy.1")
def s_alchemy() -> State:
    s = base()
    give(s, 0, "alchemy")
    set_ess(s, 0, calm=2, death=3)
    use(s, "alchemy", 0, [(K_PAY, 0, 0, 2, 2, 0)])
    assert pool(s, 0) == [0, 0, 0, 1, 2]
    return s


@covers("duelist.1")
def s_duelist() -> State:
    s = base()
    set_ess(s, 0, death=1)
    use(s, "duelist", 0)
    assert on(s, "duelist")[GOLD] == 1
    return s


@covers("necromancer.1")
def s_necromancer() -> State:
    s = base()
    give(s, 0, "necromancer")
    set_ess(s, 0, life=2)
    use(s, "necromancer", 0)
    assert on(s, "necromancer")[DEATH] == 3
    return s


@covers("transmuter.1")
def s_transmuter() -> State:
    s = base()
    give(s, 0, "transmuter")
    set_ess(s, 0, elan=1, life=1, gold=1)
    use(s, "transmuter", 0, [(K_PAY, 1, 1, 0, 0, 0), e(ELAN), e(ELAN), e(LIFE)])
    assert pool(s, 0) == [2, 1, 0, 0, 1]
    return s


@covers("transmutation.1")
def s_transmutation() -> State:
    s = base()
    give(s, 0, "transmutation")
    set_ess(s, 0, calm=3)
    use(s, "transmutation", 0, [e(CALM), e(CALM), e(DEATH)])
    assert pool(s, 0) == [0, 0, 2, 1, 0]
    return s


# ------------------------------------------------------------------ monuments
@covers("colossus.1")
def s_colossus() -> State:
    s = base()
    give(s, 0, "colossus")
    set_ess(s, 0, gold=1)
    use(s, "colossus", 0)
    assert on(s, "colossus")[GOLD] == 1 and pool(s, 0) == [0] * 5
    return s


@covers("mausoleum.1")
def s_mausoleum() -> State:
    s = base()
    give(s, 0, "mausoleum")
    set_ess(s, 0, life=1)
    use(s, "mausoleum", 0)
    assert on(s, "mausoleum")[DEATH] == 1 and not s.turned[card(s, "mausoleum")]
    return s


@covers("solomons_mine.1")
def s_mine() -> State:
    s = base()
    give(s, 0, "solomons_mine")
    use(s, "solomons_mine", 0)
    assert pool(s, 0)[GOLD] == 1
    return s


@covers("golden_statue.1")
def s_statue() -> State:
    s = base()
    give(s, 0, "golden_statue")
    give(s, 0, "great_pyramid")
    give(s, 0, "colossus")
    set_ess(s, 0, gold=3)
    s.fired = set()
    s.apply((K_PASS,))
    s.apply(s.legal_actions()[0])  # swap the magic item
    s.apply((K_PASS,))
    s.apply(s.legal_actions()[0])
    assert s.dec == D_STATUE and s.actor == 0
    s.apply((K_STATUE, 1))  # 1 + 3 + 2 + token 1 + 3 = 10
    assert s.is_terminal() and s.winners == [0] and s.final[0] == 10
    return s


# ------------------------------------------------------------------ places of power
@covers("sacred_grove.1")
def s_grove_1() -> State:
    s = base()
    give(s, 0, "sacred_grove")
    set_ess(s, 0, calm=1)
    use(s, "sacred_grove", 0)
    assert pool(s, 0) == [0, 5, 0, 0, 0]
    return s


@covers("sacred_grove.2")
def s_grove_2() -> State:
    s = base()
    give(s, 0, "sacred_grove")
    h = give(s, 0, "hawk")
    use(s, "sacred_grove", 1)
    assert s.turned[h] and on(s, "sacred_grove")[LIFE] == 1 and s.points(0) == 2 + 1 + 1
    return s


@covers("alchemists_tower.1")
def s_tower_1() -> State:
    s = base()
    give(s, 0, "alchemists_tower")
    set_ess(s, 0, 1, 1, 1, 1)
    use(s, "alchemists_tower", 0)
    assert on(s, "alchemists_tower")[GOLD] == 1
    return s


@covers("catacombs_of_the_dead.1")
def s_catacombs_1() -> State:
    s = base()
    give(s, 0, "catacombs_of_the_dead")
    set_ess(s, 0, death=5)
    use(s, "catacombs_of_the_dead", 0)
    assert on(s, "catacombs_of_the_dead")[DEATH] == 1
    return s


@covers("catacombs_of_the_dead.2")
def s_catacombs_2() -> State:
    s = base()
    give(s, 0, "catacombs_of_the_dead")
    use(s, "catacombs_of_the_dead", 1)
    assert on(s, "catacombs_of_the_dead")[DEATH] == 1
    return s


@covers("sacrificial_pit.1")
def s_pit_1() -> State:
    s = base()
    give(s, 0, "sacrificial_pit")
    set_ess(s, 0, life=3)
    use(s, "sacrificial_pit", 0)
    assert on(s, "sacrificial_pit")[DEATH] == 1
    return s


@covers("sacrificial_pit.2")
def s_pit_2() -> State:
    s = base()
    give(s, 0, "sacrificial_pit")
    give(s, 0, "sea_serpent")  # printed cost 9
    give(s, 0, "athanor")  # not a Dragon or Creature: cannot be destroyed here
    set_ess(s, 0, death=1)
    use(s, "sacrificial_pit", 1)
    assert pool(s, 0) == [0, 0, 0, 0, 9] and card(s, "sea_serpent") in s.disc[0]
    return s


@covers("cursed_forge.1")
def s_forge() -> State:
    s = base()
    give(s, 0, "cursed_forge")
    set_ess(s, 0, elan=2, gold=1)
    use(s, "cursed_forge", 0)
    assert on(s, "cursed_forge")[GOLD] == 1
    return s


@covers("dwarven_mines.1")
def s_mines_1() -> State:
    s = base()
    give(s, 0, "dwarven_mines")
    set_ess(s, 0, elan=5)
    use(s, "dwarven_mines", 0)
    assert pool(s, 0) == [0, 0, 0, 0, 3]
    return s


@covers("dwarven_mines.2")
def s_mines_2() -> State:
    s = base()
    give(s, 0, "dwarven_mines")
    set_ess(s, 0, elan=3, death=3)
    use(s, "dwarven_mines", 1)
    assert on(s, "dwarven_mines")[GOLD] == 2
    return s


@covers("coral_castle.1")
def s_castle_1() -> State:
    s = base()
    give(s, 0, "coral_castle")
    for m in ("great_pyramid", "colossus", "oracle"):
        give(s, 1, m)
    use(s, "coral_castle", 0)  # a mid-round check: seat 1 has 3+2+2 = 7, nobody wins yet
    assert not s.is_terminal() and s.dec == D_MAIN and s.actor == 1
    give(s, 1, "temple")
    give(s, 1, "mausoleum")
    s2 = base()
    give(s2, 0, "coral_castle")
    for m in ("great_pyramid", "colossus", "oracle", "temple", "mausoleum"):
        give(s2, 1, m)
    use(s2, "coral_castle", 0)  # [UNSURE] 7: whoever leads at the check wins, even a rival
    assert s2.is_terminal() and s2.winners == [1]
    return s


@covers("sunken_reef.1")
def s_reef() -> State:
    s = base()
    give(s, 0, "sunken_reef")
    set_ess(s, 0, life=1, calm=2)
    use(s, "sunken_reef", 0)
    assert on(s, "sunken_reef")[CALM] == 1
    return s


@covers("dragons_lair.1")
def s_lair_1() -> State:
    s = base()
    give(s, 0, "dragons_lair")
    use(s, "dragons_lair", 0)
    assert pool(s, 0)[GOLD] == 2
    return s


@covers("dragons_lair.2")
def s_lair_2() -> State:
    s = base()
    give(s, 0, "dragons_lair")
    d = give(s, 0, "fire_dragon")
    use(s, "dragons_lair", 1)
    assert s.turned[d] and on(s, "dragons_lair")[GOLD] == 2 and s.points(0) == 2 + 1 + 1
    return s


@covers("sorcerers_bestiary.1")
def s_bestiary_1() -> State:
    s = base()
    give(s, 0, "sorcerers_bestiary")
    for x in ("sea_serpent", "fire_dragon", "water_dragon", "hawk"):
        give(s, 0, x)
    # Sea Serpent 3 + 2 + 2 + Hawk 1 = 8, dragons 1 point each = 3, token 1: 12
    use(s, "sorcerers_bestiary", 0)
    assert s.is_terminal() and s.winners == [0] and s.final[0] == 12
    return s


@covers("sorcerers_bestiary.2")
def s_bestiary_2() -> State:
    s = base()
    give(s, 0, "sorcerers_bestiary")
    give(s, 1, "water_dragon", where="disc")  # from any player's discard pile
    set_ess(s, 0, calm=6, gold=4)
    use(s, "sorcerers_bestiary", 1, [(K_PAY, 0, 0, 0, 0, 4)])
    if s.dec != D_MAIN:
        s.apply(t(s, "water_dragon"))
    assert card(s, "water_dragon") in s.play[0] and pool(s, 0) == [0] * 5
    return s


# ------------------------------------------------------------------ the tests
@pytest.mark.parametrize("pid", sorted(SCENARIOS))
def test_power(pid: str) -> None:
    s = SCENARIOS[pid]()
    assert pid in s.fired


def test_every_power_of_every_card_has_a_scenario() -> None:
    c = default_content()
    ids = {pw.id for cd in c.cards for pw in cd.powers}
    assert ids == set(SCENARIOS), sorted(ids ^ set(SCENARIOS))
