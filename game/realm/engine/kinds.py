"""The one table of action kinds: for each kind its JSON fields, the decisions it answers, the
prompt a player sees, the preview title, the rules section and the description.

``actions.py`` (JSON and descriptions) and the engine's legality check read this table, and a
front end can use it for prompts, previews and its rules button instead of its own switches:

>>> from game.realm.engine.kinds import ActionKind, KINDS, prompt, rules_section, preview_title
>>> KINDS[ActionKind.TUCK].fields
(('pillar', 'pillar'), ('side', 'side'))
>>> prompt("lose_merc")
'Last place: discard a mercenary (click it)'

A field is ``(json name, field type)``; the field types are ``card``, ``region``, ``pillar``,
``seat``, ``mercenary``, ``side``, ``dominion``, ``reward``, ``amount`` (0-99), ``row`` (0-4),
``space``/``option`` (monuments) and ``payment`` (the payment's own fields, see ``actions.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .constants import HAND_LIMIT, MAX_BID, SIDES, Decision


def a_or_an(words: str) -> str:
    """``words`` with the indefinite article its first sound takes: "a Guidance", "an Understanding"."""
    return f"{'an' if words[:1].lower() in 'aeiou' and words else 'a'} {words}"

if TYPE_CHECKING:
    from .content import Content


class ActionKind(StrEnum):
    """The first element of an action tuple (a ``str``: ``ActionKind.TUCK == "tuck"``)."""

    SELECT = "select"
    DISCARD = "discard"
    PLACE = "place"
    MOVE = "move"
    STOP = "stop"
    STEAL = "steal"
    WARDEN = "warden"
    ADVANCE = "advance"
    MERC_DISCARD = "merc_discard"
    TUCK = "tuck"
    DOMINION = "dominion"
    REWARD = "reward"
    CLAIM = "claim"
    BID = "bid"
    ROW = "row"
    PAY = "pay"
    MONUMENT = "monument"
    LOSE_ACOLYTE = "lose_acolyte"
    LOSE_WARDEN = "lose_warden"


Describe = Callable[["Content", tuple], str]


@dataclass(frozen=True)
class KindSpec:
    kind: ActionKind
    fields: tuple[tuple[str, str], ...]
    decisions: tuple[Decision, ...]  # the decisions this kind answers
    prompts: tuple[str, ...]  # one per decision: what the player is asked
    rules: tuple[str | None, ...]  # one per decision: the rules section id (assets/realm/rules/rules.toml)
    describe: Describe  # "places an acolyte in Stone Gardens" (logs, summaries)
    title: Describe  # the preview's question: "Place an acolyte in Stone Gardens?"


def _pay_summary(c: Content, a: tuple) -> str:
    _, aco, cb, infl, mercs, disc = a
    parts = ([f"{aco} acolyte"] if aco else []) + ([f"{cb * (cb + 1) // 2} coins"] if cb else [])
    parts += [f"{v} {c.pillar_letters[i]} infl." for i, v in enumerate(infl) if v]
    parts += [f"{len(mercs)} merc"] if mercs else []
    parts += [f"{v} {c.pillar_letters[i]} warden" for i, v in enumerate(disc) if v]
    return ", ".join(parts) or "free (wardens)"


def _monument(c: Content, a: tuple) -> str:
    sp = c.spaces[a[1]]
    opt = f" ({sp.options[a[2]]['name']})" if sp.options else ""
    return f"builds a monument on {sp.name}{opt}"


_DOMINION_TEXT = ("No bonus", "Draw a mercenary", "Gain a coin", "Place an acolyte")
D = Decision
K = ActionKind
_SPECS = (
    KindSpec(K.SELECT, (("card", "card"),), (D.SELECT,), ("Choose a card to play (click it)",),
             ("playing-an-age",), lambda c, a: f"selects {c.cards[a[1]].id}",
             lambda c, a: f"Play {c.cards[a[1]].id}?"),
    KindSpec(K.DISCARD, (("card", "card"),), (D.DISCARD,), ("Discard a card for the table hand (click it)",),
             ("two-player",), lambda c, a: f"discards {c.cards[a[1]].id}",
             lambda c, a: f"Give {c.cards[a[1]].id} to the table hand?"),
    KindSpec(K.PLACE, (("region", "region"),), (D.PLACE,), ("Place an acolyte: click a region",),
             ("action-types",), lambda c, a: f"places an acolyte in {c.region_names[a[1]]}",
             lambda c, a: f"Place an acolyte in {c.region_names[a[1]]}?"),
    KindSpec(K.MOVE, (("from", "region"), ("to", "region")), (D.MOVE,), ("Move an acolyte, or stop",),
             ("action-types",),
             lambda c, a: f"moves an acolyte from {c.region_names[a[1]]} to {c.region_names[a[2]]}",
             lambda c, a: f"Move an acolyte from {c.region_names[a[1]]} to {c.region_names[a[2]]}?"),
    KindSpec(K.STOP, (), (D.MOVE,), ("Move an acolyte, or stop",), ("action-types",),
             lambda c, a: "stops moving", lambda c, a: "Stop moving?"),
    KindSpec(K.STEAL, (("from", "seat"),), (D.STEAL,), ("The supply is empty: take a coin from",),
             ("action-types",), lambda c, a: f"takes a coin from seat {a[1] + 1}",
             lambda c, a: f"Seat {a[1] + 1}?"),
    KindSpec(K.WARDEN, (("colour", "pillar"),), (D.WARDEN,), ("Recruit a warden of any colour",),
             ("action-types",), lambda c, a: f"recruits {a_or_an(c.pillar_names[a[1]])} warden",
             lambda c, a: f"Recruit {a_or_an(c.pillar_names[a[1]])} warden?"),
    KindSpec(K.ADVANCE, (("pillar", "pillar"),), (D.ADVANCE,), ("Guidance artifact: advance one track",),
             ("artifact-abilities",), lambda c, a: f"advances on the {c.pillar_names[a[1]]} track",
             lambda c, a: f"Advance on the {c.pillar_names[a[1]]} track?"),
    KindSpec(K.MERC_DISCARD, (("mercenary", "mercenary"),), (D.MERC_DISCARD, D.LOSE_MERC),
             (f"Too many mercenaries (you may keep {HAND_LIMIT}): click one to discard",
              "Last place: discard a mercenary (click it)"),
             ("action-types", "rewards"), lambda c, a: f"discards mercenary {c.mercenaries[a[1]].id}",
             lambda c, a: f"Discard mercenary {c.mercenaries[a[1]].id}?"),
    KindSpec(K.TUCK, (("pillar", "pillar"), ("side", "side")), (D.TUCK,),
             ("Tuck the card: choose pillar and side",), ("tucking",),
             lambda c, a: f"tucks under {c.pillar_names[a[1]]} ({SIDES[a[2]]})",
             lambda c, a: f"Tuck under {c.pillar_names[a[1]]} ({SIDES[a[2]]})?"),
    KindSpec(K.DOMINION, (("choice", "dominion"),), (D.DOMINION,), ("Dominion artifact: take a bonus",),
             ("artifact-abilities",), lambda c, a: f"Dominion artifact: {_DOMINION_TEXT[a[1]].lower()}",
             lambda c, a: f"{_DOMINION_TEXT[a[1]]}?"),
    KindSpec(K.REWARD, (("card", "reward"),), (D.REWARD,),
             ("Choose the reward card for this reckoning (click it)",), ("reckoning",),
             lambda c, a: f"chooses reward card {c.rewards[a[1]].id}",
             lambda c, a: f"Use reward card {c.rewards[a[1]].id}?"),
    KindSpec(K.CLAIM, (("from", "region"), ("colour", "pillar")), (D.CLAIM,),
             ("Move a claim token into the reckoning region",), ("reckoning",),
             lambda c, a: f"moves the {c.pillar_names[a[2]]} claim token from {c.region_names[a[1]]}",
             lambda c, a: f"{c.pillar_letters[a[2]]} from {c.region_names[a[1]]}?"),
    KindSpec(K.BID, (("amount", "amount"),), (D.BID,), ("Choose your bid",), ("reckoning",),
             lambda c, a: f"bids {a[1]}", lambda c, a: f"Bid {a[1]}?"),
    KindSpec(K.ROW, (("row", "row"),), (D.ROW,), ("Choose your reward row (click it)",), ("rewards",),
             lambda c, a: f"takes row {a[1] + 1}", lambda c, a: f"Take reward row {a[1] + 1}?"),
    KindSpec(K.PAY, (("payment", "payment"),), (D.PAY,), ("Pay your bid",), ("paying-bids",),
             lambda c, a: f"pays {_pay_summary(c, a)}", lambda c, a: f"{_pay_summary(c, a)}?"),
    KindSpec(K.MONUMENT, (("space", "space"), ("option", "option")), (D.MONUMENT,),
             ("Place your monument: click a free space",), ("monument-scoring",), _monument,
             lambda c, a: f"Build your monument on {c.spaces[a[1]].name}?"),
    KindSpec(K.LOSE_ACOLYTE, (("region", "region"),), (D.LOSE_ACOLYTE,),
             ("Last place: remove an acolyte (click a region)",), ("rewards",),
             lambda c, a: f"removes an acolyte from {c.region_names[a[1]]}",
             lambda c, a: f"Remove an acolyte from {c.region_names[a[1]]}?"),
    KindSpec(K.LOSE_WARDEN, (("colour", "pillar"),), (D.LOSE_WARDEN,), ("Last place: lose a warden",),
             ("rewards",), lambda c, a: f"loses {a_or_an(c.pillar_names[a[1]])} warden",
             lambda c, a: f"Lose {a_or_an(c.pillar_names[a[1]])} warden?"),
)
del D, K

KINDS: dict[str, KindSpec] = {s.kind: s for s in _SPECS}  # by kind (an ActionKind or its plain string)

# the action kinds that answer each decision, and the decision's prompt and rules section
KINDS_FOR_DECISION: dict[int, tuple[str, ...]] = {}
_PROMPT: dict[str, str] = {}
_RULES: dict[str, str | None] = {}
for _s in _SPECS:
    for _d, _p, _r in zip(_s.decisions, _s.prompts, _s.rules, strict=True):
        KINDS_FOR_DECISION[_d] = KINDS_FOR_DECISION.get(_d, ()) + (str(_s.kind),)
        _PROMPT.setdefault(_d.name.lower(), _p)
        _RULES.setdefault(_d.name.lower(), _r)
del _s, _d, _p, _r

FIELD_RANGES = {"amount": (0, MAX_BID), "row": (0, 4), "seat": (0, 4)}


def prompt(decision_name: str) -> str:
    """What the player to move is asked, by decision name (``state.decision_name()``)."""
    return _PROMPT.get(decision_name, decision_name)


def rules_section(decision_name: str) -> str | None:
    """The rules section (an id in ``assets/realm/rules/rules.toml``) that explains a decision."""
    return _RULES.get(decision_name)


def preview_title(content: Content, action: tuple) -> str:
    """The chosen move as a question, for a confirmation preview."""
    return KINDS[action[0]].title(content, action)


def describe_action(content: Content, action: tuple) -> str:
    return KINDS[action[0]].describe(content, action)


def spec(kind: Any) -> KindSpec:
    return KINDS[kind]
