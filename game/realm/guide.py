"""Learn to play Realm of Reckoning: the guided first game (``GameAdapter.guide_path``).

The lesson is one age of a three-player game (the standard rules, not the two-player variant with its
table hand and bag) on a fixed deal: the learner is the Guilded, holding the first player card and a
Deploy card, against two easy bots. The bots are scripted only where the lesson needs it: they keep
their reckoning cards until the learner has played one (so the reckoning card of the second round's
hand reaches the learner), and they bid nothing in the learner's first reckoning (so the learner bids
highest, takes the monument row and sees another seat take the last place). Everything else they
decide as easy bots do.

Why one age: every concept of the game arises in it (the secret choice, the reveal and the order of
play, the four actions, tucking, artifacts, a reckoning from both sides, monuments, the final reckoning
and the scoring at an age's end); ages 2 and 3 repeat it with the passing direction reversed in age 2,
which the summary says, with how the game is won. A first lesson of about fifteen minutes; Play on
finishes the same game without the guide.

The highlights come from the table's hotspots (each carries the legal actions a click there makes), its
option buttons (their words are :func:`~game.realm.ui.words.option_words` of the action), the bid dial
and the payment panel; a monument space with options opens a dialog, whose button for the option is
highlighted; the reckoning and age overlays are closed with their Continue.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.core.session import Seat, presets_of
from game.shell.guide import GuidedSession, GuideScript, Moment, Step
from game.shell.scene import ModalScene, Scene
from game.shell.widgets import Dialog

from .engine.content import default_content
from .engine.scoring import space_points
from .hooks import fallback_move
from .ui.overlays import AgeScoringScene, ReckoningScene
from .ui.words import option_words, prompt

SEED = 27  # three players: the Guilded (seat 0) with the first player card and a Deploy card
FACTIONS = ["guilded", "veil_wardens", "watchers"]
LEARNER = 0
DEPLOY, RECKONING_CARD = 0, 1  # a card's action (deploy acolytes) and kind (a reckoning card)
ARTIFACT_POWERS = {  # the rulebook's Artifact Abilities, in our words
    "Guidance": "whenever you gain wardens, you also advance 1 on a matching track",
    "Radiance": "whenever you deploy acolytes, you deploy 2 more",
    "Understanding": "whenever you draw mercenaries, you draw 2 more",
    "Equity": "whenever you gather coins, you take 2 more",
    "Dominion": "at every reckoning you take a small bonus before the reward card is chosen",
}


# ------------------------------------------------------------------ what the learner should do
def _cards(m: Moment) -> Any:
    return m.state.c.cards


def _deploy_cards(m: Moment) -> list[tuple]:
    return [a for a in m.legal if a[0] == "select" and _cards(m)[a[1]].kind != RECKONING_CARD
            and _cards(m)[a[1]].action == DEPLOY]


def _reckoning_cards(m: Moment) -> list[tuple]:
    return [a for a in m.legal if a[0] == "select" and _cards(m)[a[1]].kind == RECKONING_CARD]


def _best_tuck(m: Moment) -> list[tuple]:
    """A top tuck that wins an artifact, else the top tuck with the most influence."""
    st, p = m.state, m.seat
    had = set(st.artifacts_of(p))
    tops = [a for a in m.legal if a[0] == "tuck" and a[2] == 0] or m.legal
    winning = [a for a in tops if set(st.preview(a).artifacts_of(p)) - had]
    card = st.c.cards[st.tucking_card()]
    return (winning or sorted(tops, key=lambda a: -card.halves[a[2]].influence))[:1]


def _monument_rewards(m: Moment) -> list[tuple]:
    rewards = m.state.c.rewards
    return [a for a in m.legal if a[0] == "reward" and rewards[a[1]].rows[0].monument] or m.legal


def _strong_claim(m: Moment) -> list[tuple]:
    """The claim token of the colour whose track the learner is highest on (influence pays there)."""
    st = m.state
    claims = [a for a in m.legal if a[0] == "claim"]
    return sorted(claims, key=lambda a: -st.track(m.seat, a[2]))[:1] or m.legal[:1]


def lesson_bid(m: Moment) -> int:
    """The bid of the learner's first reckoning: 2, or what the dial allows."""
    return min(2, m.state.bid_limit(m.seat))


def _monument_row(m: Moment) -> list[tuple]:
    rows = m.state.c.rewards[m.state.reckoning_reward()].rows
    return [a for a in m.legal if a[0] == "row" and rows[a[1]].monument] or _rule_move(m)


def _best_monument(m: Moment) -> list[tuple]:
    """The free space (and option) that scores the learner most now against the best other seat."""
    st, p = m.state, m.seat
    age = min(max(st.age, 1), 3)

    def lead(a: tuple) -> int:
        points = space_points(st, a[1], a[2], age)
        return points[p] - max(points[q] for q in range(st.n) if q != p)

    return sorted((a for a in m.legal if a[0] == "monument"), key=lambda a: (-lead(a), a))[:1]


def _rule_move(m: Moment) -> list[tuple]:
    """The rule bot's move from the learner's own information (a world dealt from the learner's seat)."""
    if not m.legal:
        return []
    rng = random.Random(len(m.session.actions))
    world = m.state.determinize(m.seat, rng)
    return [fallback_move(world, m.seat, m.legal)]


# ------------------------------------------------------------------ when
def _at(decision: str) -> Any:
    return lambda m: m.decision == decision


def _learner_reckonings(session: Any) -> list[dict[str, Any]]:
    return [ev.data for ev in session.events
            if ev.data.get("type") == "reckoning" and ev.data.get("seat") == LEARNER and not ev.data.get("final")]


def _in_first_lesson_reckoning(m: Moment) -> bool:
    """The learner's decision in the first reckoning the learner started."""
    rk = m.state.rk
    return m.decision is not None and rk is not None and rk.player == m.seat and not rk.final \
        and len(_learner_reckonings(m.session)) == 1


def _holds_artifact(m: Moment) -> bool:
    return m.over is None and bool(m.state.artifacts_of(m.seat))


def _age_counted(m: Moment) -> bool:
    """The age's scoring is on the screen and has counted every monument (it speaks once the count is done)."""
    return isinstance(m.over, AgeScoringScene) and not m.over.busy()


def _artifact_words(m: Moment) -> str:
    names = [m.state.c.pillar_names[pl] for pl in m.state.artifacts_of(m.seat)]
    name = names[0] if names else "Equity"
    return (f"You now lead the {name} track alone with 3 or more influence, so the {name} artifact is yours: "
            f"{ARTIFACT_POWERS.get(name, 'it helps one kind of action')}. You keep it until someone ties or "
            "passes you on that track.")


def sealed_button(m: Moment) -> str:
    """The word on the button that sends a sealed choice, as the table draws it: "Lock in" where the choice is
    held face down, "Confirm" where it is previewed as any move (animations skipped; play-test t1: the lesson
    said Confirm beside a button that said Lock in)."""
    held = getattr(m.table, "reveal_hold", None)
    return "Lock in" if held is not None and held() > 0 else "Confirm"


def _select_words(m: Moment) -> str:
    return ("Every round all players choose one card from their hand at the same time, face down. Choose "
            f"Deploy 3 acolytes: click the card, then {sealed_button(m)}. The first player card stays in your "
            "hand: it is never played, it only passes on.")


def _reckoning_select_words(m: Moment) -> str:
    return ("This hand holds a reckoning card. Played, it starts a reckoning in its region on your turn: a "
            f"sealed bidding war whose best prize is a monument. Choose it, then {sealed_button(m)}.")


def _bid_words(m: Moment) -> str:
    k = lesson_bid(m)
    clicks = "click + twice" if k == 2 else ("click + once" if k == 1 else "leave the dial at 0")
    return (f"Bids are sealed: everyone dials at once and all are revealed together. Bid {k} here: {clicks}, "
            "then Bid. The bots do not know your bid either.")


STEPS = [
    Step("welcome", "Learn to play Realm of Reckoning",
         "You lead the Guilded against two easy bots. A game has three ages of five rounds; this lesson plays "
         "the first age with you and tells the rest at the end. Click what is outlined in gold; Esc leaves "
         "the lesson at any time.", _at("select")),
    Step("select", "Choose a card in secret", _select_words,
         lambda m: m.decision == "select" and bool(_deploy_cards(m)) and m.state.round == 1, wants=_deploy_cards),
    Step("reveal", "The reveal and the order of play",
         "All the chosen cards are now revealed at once (the lines beside your hand name them). Players act "
         "one at a time in drafting order, starting with the holder of the first player card: clockwise in "
         "ages 1 and 3, the other way in age 2.", lambda m: "reveal" in m.seen and m.decision == "place"),
    Step("actions", "The four actions",
         "An action card does one of four things: Deploy places acolytes in regions, Gather takes coins, "
         "Hire draws mercenary cards and Recruit takes a warden. All four are what you later pay bids with.",
         lambda m: "reveal" in m.seen and m.decision == "place"),
    Step("place", "Deploy acolytes",
         "Place your acolytes one at a time by clicking a region on the board. Acolytes pay for bids in the "
         "region they stand in, and having the most in a region can score with some monuments.",
         _at("place"), wants=_rule_move, must=False),
    Step("tuck", "Tucking: top or bottom",
         "After its action the card is tucked under one of its two pillars on your board. At the top it shows "
         "influence, which moves you up that pillar's track; at the bottom it shows icons, which score with "
         "some monuments. Choose the outlined option, then Confirm.", _at("tuck"), wants=_best_tuck),
    Step("artifact", "An artifact", _artifact_words, _holds_artifact),
    Step("passing", "Passing hands",
         "Once everyone has played, each hand passes on to the next player: clockwise in ages 1 and 3, the "
         "other way in age 2. Your new hand is your neighbour's old one, and the first player card travels "
         "with its hand, so the lead changes.",
         lambda m: "pass" in m.seen and m.decision == "select" and m.state.round >= 2),
    Step("select_reckoning", "A reckoning card", _reckoning_select_words,
         lambda m: m.decision == "select" and bool(_reckoning_cards(m)) and not _learner_reckonings(m.session),
         wants=_reckoning_cards),
    Step("reward", "The reward card",
         "Your reckoning begins: pick one of the face-up reward cards. Its rows are the prizes, taken in "
         "order of the bids; the top one here is a monument and the bottom one is a penalty.",
         lambda m: m.decision == "reward" and _in_first_lesson_reckoning(m), wants=_monument_rewards),
    Step("claim", "The claim token",
         "Now move a claim token from another region into this one. The colours of the claim tokens here "
         "decide which influence, mercenaries and wardens can pay bids, so bring a colour you are strong in.",
         lambda m: m.decision == "claim" and _in_first_lesson_reckoning(m), wants=_strong_claim, must=False),
    Step("paying", "What can pay a bid",
         "A bid is paid with acolytes in this region (1 each), coins (1 for the first bid, 2 more for the "
         "second, and so on), influence on tracks of the claim tokens' colours, and mercenaries and wardens "
         "of those colours. The dial stops at what you can pay.", _at("bid")),
    Step("bid", "Sealed bids", _bid_words,
         lambda m: m.decision == "bid" and _in_first_lesson_reckoning(m),
         wants=lambda m: [("bid", lesson_bid(m))]),
    Step("rows", "Choosing rows and the last place",
         "The bids are revealed. The highest bid chooses a row first (a tie goes to the lower score), then "
         "the next. Whoever is left with the bottom row pays nothing but loses what it shows, and a point "
         "for each thing they cannot lose.", _at("row")),
    Step("row", "Take the monument",
         "You bid highest, so you choose first: take the monument row. You pay your bid right after "
         "choosing.", lambda m: m.decision == "row" and _in_first_lesson_reckoning(m), wants=_monument_row),
    Step("pay", "Paying",
         "The panel starts with the cheapest way to pay your bid; change it if you like, then click Pay.",
         _at("pay"), wants=lambda m: list(m.legal), must=False),
    Step("monument", "Monuments",
         "Build your monument on a free space of the board. From now on it scores for every player at the "
         "end of each age, so choose one that favours you: rest the mouse on a space to see what it would "
         "score each player now.",
         _at("monument"), wants=_best_monument, must=False),
    Step("reckoning_done", "The reckoning's outcome",
         "This summary shows each bid, the row each player took and what each paid. The other rows' rewards "
         "come after all have paid. Got it, then Continue, takes you back to the table.",
         lambda m: isinstance(m.over, ReckoningScene)),
    Step("warden", "Recruiting a warden",
         "Take a warden of any colour from the supply. Where a claim token of its colour stands, a kept warden "
         "pays 1 towards your bid, or 3 if you give it back; some monuments score sets of wardens.",
         _at("warden"), wants=_rule_move, must=False),
    Step("final", "The final reckoning",
         "All cards of the age are played, so the player with the fewest points starts one more reckoning, "
         "with a single reward card. Whoever takes its monument also takes the first player card for the "
         "next age.", lambda m: "final_reckoning" in m.seen and (m.decision is not None or m.over is not None)),
    Step("dominion", "The Dominion artifact",
         "At every reckoning the holder of the Dominion artifact takes a small bonus before the reward card is "
         "chosen: a mercenary, a coin, or an acolyte placed in any region (it can pay in this one).",
         _at("dominion"), wants=_rule_move, must=False),
    Step("age_end", "The end of an age",
         "Every monument built so far now scores for every player. They score again at the end of every "
         "later age, so a monument of age 1 scores three times. Got it, then Continue when you have read "
         "the scores.", _age_counted),
]

SUMMARY = [
    "You have played a whole age: choosing a card in secret, the reveal and the order of play, the four "
    "actions, tucking for influence, icons and artifacts, a reckoning with its reward card, claim token, "
    "sealed bids, rows and last place, monuments, the final reckoning and the age's scoring.",
    "Ages 2 and 3 go the same way, each with a new hand of five cards. In age 2 the hands pass the other "
    "way and the turns run counterclockwise; age 3 turns clockwise again.",
    "Monuments score at the end of every age from the one they were built in. After the third age's scoring "
    "the most points wins; a tie goes to the player earlier in drafting order.",
    "Play on finishes this game without the guide; New game sets up one of your own. F1 shows the rules.",
]


class RealmGuide(GuideScript):
    """Realm's lesson: the fixed deal, the scripted bots and where to click on Realm's table."""

    def new_session(self, cfg: Any) -> GuidedSession:
        seats = [Seat("human"), Seat("bot", "easy"), Seat("bot", "easy")]
        return GuidedSession(3, seats, SEED, {"factions": list(FACTIONS)}, presets_of(cfg), game="realm")

    def bot_action(self, session: Any, seat: int, legal: list[Any]) -> Any | None:
        st = session.state
        d = st.decision_name()
        if d == "select" and st.age == 1 and not _learner_reckonings(session):
            actions = [a for a in legal if st.c.cards[a[1]].kind != RECKONING_CARD]
            if actions and len(actions) < len(legal):
                world = st.determinize(seat, random.Random(len(session.actions)))
                return fallback_move(world, seat, actions)
        rk = st.rk
        if d == "bid" and rk is not None and rk.player == LEARNER and not rk.final \
                and len(_learner_reckonings(session)) == 1 and ("bid", 0) in legal:
            return ("bid", 0)
        return None

    def finished(self, moment: Moment) -> bool:
        """After the first age's scoring has been shown (its overlay closed, the next deal on the table)."""
        t: Any = moment.table
        shown = not getattr(t, "overlays", None) and getattr(t, "frozen", None) is None and moment.over is None
        return ("age_scored" in moment.seen or moment.session.is_over()) and shown

    def suggest(self, moment: Moment) -> list[Any]:
        """The rule move, but nothing while a reckoning's or an age's overlay is up (its Continue comes first:
        the next decision is not the learner's to make yet)."""
        if isinstance(moment.over, (ReckoningScene, AgeScoringScene)):
            return []
        return _rule_move(moment)

    def free_words(self, moment: Moment) -> str:
        return (f"{prompt(moment.decision or '')}. The outlined choice is what a sound player would do; "
                "you may choose another.")

    def panel_places(self, width: int, height: int, screen: tuple[int, int]) -> list[tuple[int, int]]:
        w, h = screen
        return [(w - width - 16, h - height - 16), (16, h - height - 16), (w - width - 16, 56), (16, 56),
                ((w - width) // 2, 56)]

    def targets(self, table: Scene, wants: list[Any]) -> list[pygame.Rect] | None:
        """Where to click on Realm's table for one of ``wants``: the bid dial, the payment's Pay, Confirm
        once the move is in preview, else its hotspots and option buttons."""
        t: Any = table
        if not wants or not t.my_turn or t.frozen is not None:
            return []
        buttons = {b.text: b for b in t.buttons}
        kind = wants[0][0]
        if kind == "bid":
            step = "+" if t.bid_value < wants[0][1] else "-" if t.bid_value > wants[0][1] else "Bid"
            return [buttons[step].rect] if step in buttons else []
        if kind == "pay":
            pay = buttons.get("Pay")
            return [pay.rect] if pay is not None and pay.enabled else []
        if t.pending is not None and t.pending in wants and "Confirm" in buttons:
            return [buttons["Confirm"].rect]
        spots = [h.rect for h in reversed(t.hotspots) if any(a in wants for a in h.actions)]
        st = t.s.state
        words = {option_words(st.c, st, a, t.seat_label) for a in wants if t._spot_of(a) is None}
        return spots + [b.rect for b in t.buttons if b.text in words]

    def overlay_targets(self, scene: Scene, wants: list[Any]) -> list[pygame.Rect] | None:
        if isinstance(scene, AgeScoringScene) and scene.busy():
            return []  # still counting: Continue is not there yet (a click skips the count)
        if isinstance(scene, (ReckoningScene, AgeScoringScene)):
            return [scene.button.rect]
        content = getattr(scene, "content", None)
        if isinstance(scene, ModalScene) and isinstance(content, Dialog):
            names = _option_names(content.dialog_title, wants)
            if names:
                return [b.rect for b in content.buttons if b.text.split(" (")[0] in names]
        return None


def _option_names(space_name: str, wants: list[Any]) -> set[str]:
    """The names of the wanted options of the monument space called ``space_name`` (its dialog's title)."""
    c = default_content()
    out = set()
    for a in wants:
        if a[0] == "monument" and c.spaces[a[1]].name == space_name and c.spaces[a[1]].options:
            out.add(c.spaces[a[1]].options[a[2]]["name"])
    return out


GUIDE = RealmGuide("realm", "Learn to play Realm of Reckoning", STEPS, summary_title="The first age is yours",
                   summary=SUMMARY, first_game_section="first-game")
