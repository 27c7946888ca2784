"""The stable JSON form and the plain-words description of every action.

Internally an action is a tuple of small ints whose first element is a kind (``K_*`` in constants.py);
its JSON form names cards and essences by their content ids. See docs/arcana-engine.md for the table.
"""

from __future__ import annotations

from typing import Any

from .constants import (
    ACTION_LEN,
    K_BLIND,
    K_CLAIM,
    K_DECK,
    K_DISCARD,
    K_DRAFT,
    K_ESS,
    K_FIRST,
    K_FORGE,
    K_HAND,
    K_HIT,
    K_IGNORE,
    K_ITEM,
    K_MAGE,
    K_MPICK,
    K_ORDER,
    K_PASS,
    K_PAY,
    K_PLACE,
    K_POWER,
    K_REACT,
    K_RIVAL,
    K_STATUE,
    K_TAKE,
    K_TARGET,
    K_X,
)
from .content import ESSENCES, Content
from .errors import ActionFormatError, IllegalAction, ReplayError
from .state import new_game

TYPES = {K_DRAFT: "draft", K_MAGE: "mage", K_ITEM: "magic_item", K_ESS: "essence", K_TAKE: "take",
         K_FORGE: "forge", K_PLACE: "place", K_CLAIM: "claim", K_BLIND: "claim_blind", K_DISCARD: "discard",
         K_POWER: "power", K_PASS: "pass", K_PAY: "pay", K_TARGET: "target", K_RIVAL: "rival", K_DECK: "deck",
         K_ORDER: "order", K_HIT: "take_hit", K_IGNORE: "ignore", K_REACT: "react", K_X: "identical",
         K_HAND: "hand", K_STATUE: "statue", K_FIRST: "first_player", K_MPICK: "match_pick"}
KIND_OF = {v: k for k, v in TYPES.items()}
CARD_KINDS = (K_DRAFT, K_MAGE, K_ITEM, K_PLACE, K_CLAIM, K_TARGET, K_HAND, K_MPICK)
DECKS = ("own", "monuments")
FORGE = ("pay_death", "turn")
DISCARD = ("gold", "two_essences")
FIELDS: dict[int, tuple[str, ...]] = {  # the JSON fields of each kind besides its "type" (to_json writes all)
    **{k: ("card",) for k in CARD_KINDS}, K_ESS: ("essence",), K_TAKE: ("card", "take"), K_FORGE: ("choice",),
    K_DISCARD: ("card", "gain"), K_POWER: ("card", "power"), K_REACT: ("card", "power"), K_PAY: ("essences",),
    K_RIVAL: ("seat",), K_FIRST: ("seat",), K_DECK: ("deck",), K_ORDER: ("permutation",),
    K_X: ("essence", "count"), K_STATUE: ("use",),
}


def _eid(e: int) -> str:
    return ESSENCES[e]


def to_json(content: Content, a: tuple) -> dict[str, Any]:
    """The JSON form of an internal action tuple."""
    c = content
    if not isinstance(a, tuple) or not a or a[0] not in TYPES or len(a) != ACTION_LEN[a[0]]:
        raise ActionFormatError(f"unknown action {a!r}")
    k = a[0]
    t = TYPES[k]
    if k in CARD_KINDS:
        return {"type": t, "card": c.cards[a[1]].id}
    if k == K_ESS:
        return {"type": t, "essence": _eid(a[1])}
    if k == K_TAKE:
        return {"type": t, "card": c.cards[a[1]].id, "take": bool(a[2])}
    if k == K_FORGE:
        return {"type": t, "choice": FORGE[a[1]]}
    if k == K_DISCARD:
        return {"type": t, "card": c.cards[a[1]].id, "gain": DISCARD[a[2]]}
    if k in (K_POWER, K_REACT):
        return {"type": t, "card": c.cards[a[1]].id, "power": a[2]}
    if k == K_PAY:
        return {"type": t, "essences": {ESSENCES[e]: a[1 + e] for e in range(5) if a[1 + e]}}
    if k in (K_RIVAL, K_FIRST):
        return {"type": t, "seat": a[1]}
    if k == K_DECK:
        return {"type": t, "deck": DECKS[a[1]]}
    if k == K_ORDER:
        return {"type": t, "permutation": a[1]}
    if k == K_X:
        return {"type": t, "essence": _eid(a[1]), "count": a[2]}
    if k == K_STATUE:
        return {"type": t, "use": bool(a[1])}
    return {"type": t}


class _Fields:
    """Reads the fields of one action's JSON object, each checked; ActionFormatError names what is wrong."""

    def __init__(self, content: Content, kind_name: str, obj: dict[str, Any]) -> None:
        self.c = content
        self.kind_name = kind_name
        self.obj = obj

    def field(self, name: str) -> Any:
        if name not in self.obj:
            raise ActionFormatError(f"a {self.kind_name!r} action needs {name!r}")
        return self.obj[name]

    def card(self) -> int:
        cid = self.field("card")
        if not isinstance(cid, str) or cid not in self.c.by_id:
            raise ActionFormatError(f"unknown card {cid!r}")
        return self.c.by_id[cid]

    def ess(self, name: str = "essence") -> int:
        e = self.field(name)
        if e not in ESSENCES:
            raise ActionFormatError(f"unknown essence {e!r}")
        return ESSENCES.index(e)

    def whole(self, name: str) -> int:
        v = self.field(name)
        if type(v) is not int or v < 0:
            raise ActionFormatError(f"{name!r} must be a whole number >= 0 (got {v!r})")
        return v

    def flag(self, name: str) -> int:
        v = self.field(name)
        if type(v) is not bool:
            raise ActionFormatError(f"{name!r} must be true or false (got {v!r})")
        return int(v)

    def choice(self, name: str, options: tuple[str, ...]) -> int:
        v = self.field(name)
        if v not in options:
            raise ActionFormatError(f"{name!r} must be one of {', '.join(options)} (got {v!r})")
        return options.index(v)

    def payment(self) -> tuple[int, ...]:
        es = self.field("essences")
        if not isinstance(es, dict) or set(es) - set(ESSENCES):
            raise ActionFormatError(f"'essences' must map essence names to counts (got {es!r})")
        for v in es.values():
            if type(v) is not int or v < 0:
                raise ActionFormatError(f"essence counts must be whole numbers >= 0 (got {es!r})")
        return tuple(es.get(e, 0) for e in ESSENCES)


def from_json(content: Content, obj: Any) -> tuple:
    """Parse the JSON form of an action; raise ActionFormatError naming what is wrong."""
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise ActionFormatError(f"an action is an object with a 'type' (got {obj!r})")
    t = obj["type"]
    if t not in KIND_OF:
        raise ActionFormatError(f"unknown action type {t!r}")
    k = KIND_OF[t]
    allowed = FIELDS.get(k, ())
    for name in obj:  # a stray key (a typo, a note) is refused, not ignored: a record replays what it says
        if name != "type" and name not in allowed:
            raise ActionFormatError(f"a {t!r} action has no field {repr(name)[:40]} "
                                    f"(its fields: {', '.join(allowed) or 'none'})")

    f = _Fields(content, t, obj)
    if k in CARD_KINDS:
        return (k, f.card())
    if k == K_ESS:
        return (k, f.ess())
    if k == K_TAKE:
        return (k, f.card(), f.flag("take"))
    if k == K_FORGE:
        return (k, f.choice("choice", FORGE))
    if k == K_DISCARD:
        return (k, f.card(), f.choice("gain", DISCARD))
    if k in (K_POWER, K_REACT):
        return (k, f.card(), f.whole("power"))
    if k == K_PAY:
        return (k, *f.payment())
    if k in (K_RIVAL, K_FIRST):
        return (k, f.whole("seat"))
    if k == K_DECK:
        return (k, f.choice("deck", DECKS))
    if k == K_ORDER:
        return (k, f.whole("permutation"))
    if k == K_X:
        return (k, f.ess(), f.whole("count"))
    if k == K_STATUE:
        return (k, f.flag("use"))
    return (k,)


def _ess_list(vec: tuple[int, ...] | list[int]) -> str:
    parts = [f"{v} {ESSENCES[e].capitalize()}" for e, v in enumerate(vec) if v]
    return ", ".join(parts) if parts else "nothing"


# the actions whose words only name their card
_CARD_WORDS = {K_DRAFT: "Keep {} from the draft", K_MAGE: "Play as the {}", K_ITEM: "Take the magic item {}",
               K_PLACE: "Put {} into play", K_CLAIM: "Claim {}", K_TARGET: "Choose {}", K_REACT: "React with {}",
               K_HAND: "Discard {}", K_MPICK: "Take {} from the match pool"}


def describe(content: Content, a: tuple, names: list[str] | None = None) -> str:
    """Plain player-facing words for an action (card names, never seat numbers)."""
    c = content
    if not isinstance(a, tuple) or not a or a[0] not in TYPES:
        raise IllegalAction(f"unknown action {a!r}")
    k = a[0]

    def nm(i: int) -> str:
        return c.cards[i].name

    if k in _CARD_WORDS:
        return _CARD_WORDS[k].format(nm(a[1]))
    if k == K_ESS:
        return f"Choose {ESSENCES[a[1]].capitalize()}"
    if k == K_TAKE:
        return f"Take the essences on {nm(a[1])}" if a[2] else f"Leave the essences on {nm(a[1])}"
    if k == K_FORGE:
        return "Pay 1 Death for the Cursed Forge" if a[1] == 0 else "Tap the Cursed Forge instead of paying"
    if k == K_BLIND:
        return "Claim the top monument of the pile, unseen"
    if k == K_DISCARD:
        return f"Discard {nm(a[1])} for " + ("1 Gold" if a[2] == 0 else "2 essences")
    if k == K_POWER:
        return f"Use {nm(a[1])} (power {a[2] + 1})"
    if k == K_PASS:
        return "Pass"
    if k == K_PAY:
        return f"Pay {_ess_list(a[1:])}"
    if k == K_RIVAL:
        who = names[a[1]] if names and a[1] < len(names) else "that opponent"
        return f"Count the essences of {who}"
    if k == K_DECK:
        return "Look at your own deck" if a[1] == 0 else "Look at the monument pile"
    if k == K_ORDER:
        return f"Put the cards back in order #{a[1] + 1}"
    if k == K_HIT:
        return "Take the hit"
    if k == K_IGNORE:
        return "Pay to ignore the attack"
    if k == K_X:
        return f"Spend {a[2]} {ESSENCES[a[1]].capitalize()}" if a[2] else "Spend nothing extra"
    if k == K_STATUE:
        return "Use the Golden Statue for 3 points" if a[1] else "Keep the Golden Statue unused"
    if k == K_FIRST:
        who = names[a[1]] if names and a[1] < len(names) else f"Player {a[1] + 1}"
        return f"{who} takes the first-player token"
    return TYPES[k]


def replay(players: int, seed: int, actions: list[Any], *, preset: str = "first_game", draft: bool = False,
           content: Content | None = None, match: dict[str, Any] | None = None) -> Any:
    """Replay a game from its setup and its JSON actions; ``ReplayError`` names the first bad step."""
    s = new_game(players, seed, preset=preset, draft=draft, content=content, match=match)
    for i, obj in enumerate(actions):
        try:
            s.apply(from_json(s.c, obj))
        except IllegalAction as exc:
            raise ReplayError(f"step {i}: {exc}") from None
    return s
