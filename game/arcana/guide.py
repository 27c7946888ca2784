"""Res Arcana's guided first game ("Learn to play"): the fixed deal, the scripted bot and the lesson's steps.

The lesson is a normal two-player game of the first-game preset at the real table: the learner plays the
Duelist (seat 0, preset 1) against the Seer (seat 1, preset 2), an easy bot. The deal is fixed by
:data:`LESSON_SEED`, chosen so that the learner goes first and the Elvish Bow is in the top three cards
of the Seer's deck. The Seer's moves are scripted for two rounds (:func:`scripted_bot_move`) so that every
concept arises early:

- round 0 (setup): both take a magic item;
- round 1: Collect (the learner chooses an essence), the learner places two artifacts and uses a power,
  the Seer looks at its deck and puts the Elvish Bow on top; the learner passes first (the first-player
  token, the magic item swap, a card drawn); the Seer passes and draws the Bow; the victory check;
- round 2: the learner turns essences into Gold (a payment with a choice) and discards a card for Gold; the
  Seer places the Elvish Bow and attacks; the learner reacts with Elemental Spring; the learner claims a
  monument and passes; the victory check ends the lesson.

Why two rounds and not a whole game: every concept of the lesson has come up by the end of round 2, and
the rest of a game (five to eight more rounds against an easy bot) repeats them. The summary says how the
game goes on and is won, and "Play on" continues this very game without the guide.

Everything the bot script reads is its own seat's information: it works on a world dealt from the bot's
seat (``State.determinize``), never on the learner's hidden cards. When a scripted move is not legal the
easy bot decides, so a learner who strays from the lesson still gets a proper game.

The steps are data (:data:`STEPS`): an id, a title, two or three sentences in our words, when the step
applies (a predicate on the learner's decision and the events seen) and which legal actions to highlight.
Where an action is clicked is the table's to say (``TableScene.guide_targets``, from its ``target_rect_for``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.core.session import GameSession, Seat, presets_of
from game.shell.guide import GuidedSession, GuideScript, Moment, Step

from .bots import RuleAgent
from .engine import State, from_json
from .engine.constants import (
    K_BLIND,
    K_CLAIM,
    K_ORDER,
    K_PAY,
    K_REACT,
)

LESSON_SEED = 8  # first player: the learner; the Elvish Bow among the Seer's top three cards
LEARNER, BOT = 0, 1
LESSON_ROUNDS = 2  # the lesson ends with the victory check of this round
PLAYER_AREA_RIGHT = 1104  # the right edge of the learner's area on Res Arcana's table (its decision panel's x - 8)
SEER_AREA_TOP = 44  # the top of the rival's area


def new_lesson_session(presets: dict[str, dict[str, Any]] | None = None) -> GuidedSession:
    """The lesson's game: the first-game preset for two, the learner (seat 0) against an easy bot."""
    return GuidedSession(2, [Seat("human"), Seat("bot", "easy")], LESSON_SEED, setup={"preset": "first_game"},
                         presets=presets or {}, game="arcana")


# ------------------------------------------------------------------ the scripted bot
def _first_legal(state: State, legal: list[tuple], wishes: list[dict[str, Any]]) -> tuple | None:
    """The first of ``wishes`` (action JSON) that is legal now."""
    for wish in wishes:
        action = from_json(state.c, wish)
        if action in legal:
            return action
    return None


def _bot_wishes(state: State, seat: int) -> list[dict[str, Any]]:
    """What the Seer wants to do now, best first, in the two rounds of the lesson ([] after them)."""
    decision, rnd = state.decision_name(), state.round
    learner_in = not state.passed[LEARNER]
    if decision == "magic_item":  # Calm / Elan to place its cards; Research as it passes
        return [{"type": "magic_item", "card": "calm_elan" if rnd == 0 else "research"}]
    if rnd > LESSON_ROUNDS:
        return []
    if decision == "essence":  # the Elvish Bow costs 2 Elan and 1 Life
        return [{"type": "essence", "essence": "elan"}, {"type": "essence", "essence": "life"}]
    if decision == "deck":
        return [{"type": "deck", "deck": "own"}]
    if decision == "action" and rnd == 1:
        wishes = [{"type": "place", "card": "chalice_of_life"}, {"type": "power", "card": "seer", "power": 0},
                  {"type": "discard", "card": "vault", "gain": "two_essences"}]
        return wishes + ([] if learner_in else [{"type": "pass"}])  # the learner passes first: the token
    if decision == "action" and rnd == 2:
        wishes = [{"type": "place", "card": "elvish_bow"}]
        return wishes + ([{"type": "power", "card": "elvish_bow", "power": 0}] if learner_in else [])
    return []


def _bow_on_top(state: State, seat: int, legal: list[tuple]) -> tuple | None:
    """The Seer's look at its deck: the order that puts the Elvish Bow on top, if it is among the cards."""
    bow = state.c.by_id["elvish_bow"]
    for action in legal:
        if action[0] != K_ORDER:
            continue
        after = state.copy()
        after.apply(action)
        if after.deck[seat] and after.deck[seat][-1] == bow:
            return action
    return None


def scripted_bot_move(state: State, seat: int, legal: list[tuple]) -> tuple | None:
    """The Seer's scripted move in ``state`` (a world of the bot's own seat), or None: the easy bot decides."""
    if state.decision_name() == "order":
        return _bow_on_top(state, seat, legal) if state.round <= LESSON_ROUNDS else None
    return _first_legal(state, legal, _bot_wishes(state, seat))


def bot_world(session: GameSession, seat: int) -> State:
    """A world dealt from ``seat``'s own information: what the learner hides is dealt anew (the same world
    for the same position, so the script plays the same after a resume)."""
    return session.state.determinize(seat, random.Random(session.seed * 7919 + len(session.actions)))


# ------------------------------------------------------------------ the steps
Want = Callable[[Moment], list[tuple]]


def _wanted(*wishes: dict[str, Any]) -> Want:
    """Highlight the legal ones of these actions (JSON forms)."""
    def wants(moment: Moment) -> list[tuple]:
        state, legal = moment.state, moment.legal
        out = []
        for wish in wishes:
            action = from_json(state.c, wish)
            if action in legal:
                out.append(action)
        return out
    return wants


def _all_of_kind(*kinds: int) -> Want:
    def wants(moment: Moment) -> list[tuple]:
        return [a for a in moment.legal if a[0] in kinds]
    return wants


def _at(decision: str, rnd: int | None = None, legal: Want | None = None) -> Callable[[Moment], bool]:
    """The learner faces ``decision`` (in round ``rnd``), and, if given, one of ``legal``'s actions is legal."""
    def applies(moment: Moment) -> bool:
        if moment.decision != decision or (rnd is not None and moment.state.round != rnd):
            return False
        return legal is None or bool(legal(moment))
    return applies


def _after(event_type: str) -> Callable[[Moment], bool]:
    """An event of this type has been seen in the lesson."""
    def applies(moment: Moment) -> bool:
        return event_type in moment.seen
    return applies


def _round_over(rnd: int) -> Callable[[Moment], bool]:
    """Round ``rnd``'s victory check has been made (the game is in a later round, or over)."""
    def applies(moment: Moment) -> bool:
        return moment.state.round > rnd or moment.session.is_over()
    return applies


def _attacked(moment: Moment) -> bool:
    return moment.decision == "defend"


def _react_or_hit(moment: Moment) -> list[tuple]:
    reacts = [a for a in moment.legal if a[0] == K_REACT]
    return reacts[:1] or moment.legal[:1]


def _short_of_gold(moment: Moment) -> bool:
    """Round 2 after the attack, and the learner cannot claim a monument (they paid Alchemy with Gold)."""
    return (moment.decision == "action" and moment.state.round == 2 and "attack" in moment.done
            and "monument" not in moment.done and not CLAIMS(moment))


PLACE_SPRING = _wanted({"type": "place", "card": "elemental_spring"})
PLACE_HAND = _wanted({"type": "place", "card": "hand_of_glory"})
USE_HAND = _wanted({"type": "power", "card": "hand_of_glory", "power": 0})
USE_ALCHEMY = _wanted({"type": "power", "card": "alchemy", "power": 0})
DISCARD_TEETH = _wanted({"type": "discard", "card": "dragon_teeth", "gain": "gold"})
CLAIMS = _all_of_kind(K_CLAIM, K_BLIND)
PASS = _wanted({"type": "pass"})


FALLBACKS = {"monument_later"}  # steps shown only when the learner strayed from the lesson's path
STEPS: list[Step] = [
    Step("welcome", "Welcome to Res Arcana",
         "You are the Duelist (at the bottom); the Seer across the table is an easy bot. Mages race to "
         "10 points: whoever has 10 or more when a round ends wins. This lesson walks you through the "
         "first two rounds.",
         lambda m: m.decision is not None),
    Step("essences", "Essences and the supply",
         "The five essences are Elan (red triangle), Life (green circle), Calm (blue drop), Death (violet "
         "square) and Gold (yellow diamond). Your pool is the row beside your name: one of each to start. "
         "The supply, far right, never runs out: you pay into it and gain from it.",
         lambda m: m.decision is not None),
    Step("magic_item", "Magic items",
         "Everyone holds one magic item. The Seer took Calm / Elan. Take Death / Life: each round it "
         "gives you a Life or a Death, and your cards' costs call for both.",
         _at("magic_item", 0), _wanted({"type": "magic_item", "card": "death_life"})),
    Step("collect", "Collect",
         "Each round starts with Collect: every card with a \u21bb line gives you the essences shown there. "
         "The Duelist gave you 1 Elan; your item lets you choose. Take Life.",
         _at("essence", 1), _wanted({"type": "essence", "essence": "life"})),
    Step("place", "Put an artifact into play",
         "Your three artifacts are in your hand. Click Elemental Spring, then Put into play on the right: "
         "its cost (2 Elan, 1 Life, 1 Calm, under its name) is paid from your pool. From next round on it "
         "gives 1 Elan, 1 Life and 1 Calm each round.",
         _at("action", 1, PLACE_SPRING), PLACE_SPRING),
    Step("place_again", "One action per turn",
         "You take one action, then the Seer takes one, and so on round the table. Now put Hand of Glory "
         "into play: it costs 1 Life and 1 Death.",
         _at("action", 1, PLACE_HAND), PLACE_HAND),
    Step("seer_looked", "The Seer looked at its deck",
         "The Seer tapped its mage to look at the top three cards of its deck and put them back in an "
         "order of its choice. Only the Seer knows that order, so the feed calls it a hidden choice.",
         _after("reorder")),
    Step("power", "Powers and tapping",
         "A line with \u25b6 is a power: pay the cost left of the arrow, get what is on its right. Hand of "
         "Glory's cost is the curved arrow, tap: you turn it sideways, take 2 Death, and the Seer takes 1. "
         "Click it, then Confirm.",
         _at("action", 1, USE_HAND), USE_HAND),
    Step("pass", "Passing and the first-player token",
         "You hold the first-player token (the 1st badge): 1 point, and you go first. The first to pass in "
         "a round takes it for the next one, so pass now, then Confirm, and it stays yours.",
         _at("action", 1, PASS), PASS),
    Step("swap_item", "Swap your magic item",
         "Passing also swaps your magic item for another and draws you a card. Take Alchemy: it turns "
         "4 essences into 2 Gold, and Gold buys monuments.",
         _at("magic_item", 1), _wanted({"type": "magic_item", "card": "alchemy"})),
    Step("victory_check", "The victory check",
         "Everyone has passed, so the round ended with a victory check: 10 points or more wins (your points "
         "are the star at the right of your area). Nobody had 10, so every tapped card turned straight "
         "and round 2 began with Collect.",
         _round_over(1)),
    Step("alchemy", "Gold from Alchemy",
         "You go first, since you hold the token. Click Alchemy, then Confirm: you tap it and pay 4 "
         "essences of your choice to take 2 Gold.",
         _at("action", 2, USE_ALCHEMY), USE_ALCHEMY),
    Step("pay", "Paying with a choice",
         "When a cost leaves a choice, the table suggests a payment that spares what your cards need "
         "next; - and + change it. Keep your Calm for now, then click Pay.",
         _at("pay", 2), _all_of_kind(K_PAY), must=False),
    Step("discard", "Discard for essences",
         "Any card in your hand can be thrown away for 1 Gold or 2 other essences. Dragon Teeth needs a "
         "dragon in hand to shine: click it, then discard it for 1 Gold.",
         _at("action", 2, DISCARD_TEETH), DISCARD_TEETH),
    Step("attack", "An attack, and a reaction",
         "The Seer's Elvish Bow attacks: everyone still in the round loses 1 Life, or 2 other essences "
         "for each Life they lack. A reaction stops it: Elemental Spring's costs 1 Calm, if you kept one.",
         _attacked, _react_or_hit),
    Step("monument", "Monuments and places of power",
         "With 4 Gold you can claim a monument: one of the two face up, or the top of the pile unseen. "
         "Monuments give points; places of power cost other essences and score their own way. Click one, then "
         "Confirm.",
         _at("action", 2, CLAIMS), CLAIMS),
    Step("monument_later", "Monuments and places of power",
         "Monuments cost 4 Gold each: one of the two face up, or the top of the pile unseen. You are short "
         "of Gold this time. Monuments give points; places of power cost other essences and score their own way.",
         _short_of_gold),
    Step("pass_again", "Your choice",
         "Hand of Glory straightened at the end of round 1, so you could use it again; or pass. If you "
         "pass before the Seer, the first-player token stays yours. From here on, you choose.",
         _at("action", 2, PASS), PASS, must=False),
]

SUMMARY = [
    "You have played two rounds of Res Arcana. Each round: Collect, then one action each in turn (place an "
    "artifact, claim a monument or place of power, discard for essences, use a power, or pass) until all "
    "have passed, then the victory check.",
    "The first to pass takes the first-player token (1 point) and starts the next round. Whoever has 10 "
    "points or more at a check wins; a tie goes to the most essences, Gold counting twice.",
    "Play on to finish this game against the Seer, or set up a game of your own. The rules (F1) keep a "
    "short page on your first game.",
]


def suggested_move(session: GameSession, seat: int, legal: list[tuple]) -> tuple:
    """A sound move for the learner where no step speaks: the rule bot's choice from the learner's own
    information (a world dealt from their seat)."""
    world = session.state.determinize(seat, random.Random(session.seed + len(session.actions)))
    return RuleAgent().decide(world, seat, list(legal), random.Random(len(session.actions)))


# ------------------------------------------------------------------ the lesson for the shell
class ArcanaGuide(GuideScript):
    """Res Arcana's lesson on the shell's guide (game/shell/guide.py)."""

    def __init__(self) -> None:
        super().__init__("arcana", "Learn to play Res Arcana", STEPS, summary_title="You know how to play",
                         summary=SUMMARY, first_game_section="first_game")
        self._suggested: dict[tuple[int, int], list[tuple]] = {}

    def new_session(self, cfg: Any) -> GameSession:
        return new_lesson_session(presets_of(cfg))

    def bot_action(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        return scripted_bot_move(bot_world(session, seat), seat, legal)

    def finished(self, moment: Moment) -> bool:
        """After round 2's victory check (see the module's docstring), or if the game ended before."""
        return moment.session.is_over() or moment.state.round > LESSON_ROUNDS

    def panel_places(self, width: int, height: int, screen: tuple[int, int]) -> list[tuple[int, int]]:
        """First the right of the learner's own area (empty in the lesson: their cards fill it from the left),
        then the right of the Seer's area, then the shell's places."""
        w, h = screen
        mine = (PLAYER_AREA_RIGHT - width - 8, h - height - 12)
        seer = (w - width - 16, SEER_AREA_TOP + 16)
        return [mine, seer, *super().panel_places(width, height, screen)]

    def suggest(self, moment: Moment) -> list[Any]:
        """The rule bot's move from the learner's seat, worked out once per decision (this runs each frame)."""
        if not moment.legal:
            return []
        key = (id(moment.session), len(moment.session.actions))
        if key not in self._suggested:
            self._suggested = {key: [suggested_move(moment.session, moment.seat, moment.legal)]}
        return self._suggested[key]


GUIDE = ArcanaGuide()
