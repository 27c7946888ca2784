"""How the Realm window names things to a player: as the game does, never by an id.

Cards by their action and amount ("Gather 3 coins") or their region ("Reckoning: Stone Gardens"),
mercenaries by name and colours, seats by their player's name or faction ("You" for the one human),
moves in plain words. Nothing here reads private information: callers pass what they may show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import kinds
from ..engine.constants import ARTIFACT_AT, DOM_COIN, DOM_MERC, N_PILLARS, RADIANCE, TRACK_MAX, coin_bids
from ..engine.content import ACTION_KINDS, CARD_ACTION, CARD_FINAL
from ..engine.kinds import a_or_an
from . import look as L

Namer = Callable[[int], str]  # seat -> how the player sees that seat named


def card_name(c: Any, card: Any) -> str:
    """``card``: a Card or its index."""
    cd = c.cards[card] if isinstance(card, int) else card
    if cd.kind == CARD_ACTION:
        noun = L.ACTION_NOUN[cd.action]
        if cd.amount == 1:
            noun = {"acolytes": "acolyte", "coins": "coin", "mercenaries": "mercenary"}.get(noun, noun)
        elif noun == "warden":
            noun = "wardens"
        return f"{L.ACTION_WORD[cd.action]} {cd.amount} {noun}"
    if cd.kind == CARD_FINAL:
        return f"Final reckoning: {c.region_names[cd.region]}"
    return f"Reckoning: {c.region_names[cd.region]}"


def merc_name(c: Any, m: Any) -> str:
    """``m``: a mercenary or its index: "Forest Pathfinder (Guidance)"."""
    mc = c.mercenaries[m] if isinstance(m, int) else m
    return f"{mc.name} ({' / '.join(c.pillar_names[x] for x in mc.colors)})"


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def coin_words(coin_bids: int) -> str:
    """What ``coin_bids`` bids in coins spend (the k-th bid costs k coins): "6 coins (3 bids)"."""
    coins = coin_bids * (coin_bids + 1) // 2
    return plural(coins, "coin") + (f" ({coin_bids} bids)" if coin_bids > 1 else "")


def coin_bid_note(coins: int) -> str:
    """Why ``coins`` coins pay the bids they do, in a newcomer's words (the k-th bid costs k coins, rulebook
    p.14): "each bid costs 1 coin more than the one before: 1 + 2 = 3 of your 5"."""
    bids = coin_bids(coins)
    if bids == 1:
        return "the 1st bid costs 1 coin, the 2nd 2 more" + (f"; you have {coins}" if coins > 1 else "")
    spent = bids * (bids + 1) // 2
    terms = " + ".join(str(k) for k in range(1, bids + 1))
    return (f"each bid costs 1 coin more than the one before: {terms} = {spent}"
            + (f" of your {coins}" if spent < coins else ""))


LOSS_NAMES = ("VP", "coins", "acolytes", "mercenaries", "wardens")  # a last place row's losses, in order
GAIN_NAMES = ("VP", "coins", "wardens", "acolytes", "mercenaries")  # a reward row's gains, in order
_ONE = {"coins": "coin", "acolytes": "acolyte", "mercenaries": "mercenary", "wardens": "warden"}


def singular(noun: str) -> str:
    """The singular of a resource's name ("1 coin", "1 mercenary"; "VP" stays)."""
    return _ONE.get(noun, noun)


def penalty_words(row: Any) -> str:
    """What a last place row takes, in words: "\u22121 VP, \u22121 coin"."""
    return row_words(row).removeprefix("last place: ")


def _merc_words(c: Any, m: int, short: bool) -> str:
    """A mercenary spent, by name and colours ("Dawn Singer (Radiance / Equity)"; ``short``: "(R/E)")."""
    if not short:
        return merc_name(c, m)
    mc = c.mercenaries[m]
    return f"{mc.name} ({'/'.join(c.pillar_letters[x] for x in mc.colors)})"


def payment(c: Any, a: tuple, short: bool = False, counted: bool = False) -> str:
    """A payment action in words, each mercenary by name, so two different payments never read the same
    (kept wardens are not in the action: they are the same in every way to pay). ``short``: mercenaries'
    colours by their letters; ``counted``: only how many mercenaries (an example, where no choice is made)."""
    _, aco, cb, infl, mercs, disc = a
    parts = [plural(aco, "acolyte")] if aco else []
    parts += [coin_words(cb)] if cb else []
    parts += [f"{v} {c.pillar_names[i]} influence" for i, v in enumerate(infl) if v]
    if counted:
        parts += [plural(len(mercs), "mercenary", "mercenaries")] if mercs else []
    else:
        parts += [_merc_words(c, m, short) for m in mercs]
    parts += [f"{plural(v, c.pillar_names[i] + ' warden')} discarded" for i, v in enumerate(disc) if v]
    return ", ".join(parts) or "nothing more (kept wardens cover it)"


def action_words(c: Any, a: tuple, who: Namer) -> str:
    """A move as a short phrase in the imperative: "Place an acolyte in Stone Gardens"."""
    k = a[0]
    if k == "select":
        return f"Play {card_name(c, a[1])}"
    if k == "discard":
        return f"Put {card_name(c, a[1])} back in the box"
    if k == "place":
        return f"Place an acolyte in {c.region_names[a[1]]}"
    if k == "move":
        return f"Move an acolyte from {c.region_names[a[1]]} to {c.region_names[a[2]]}"
    if k == "stop":
        return "Stop moving"
    if k == "steal":
        return f"Take a coin from {who(a[1])}"
    if k == "warden":
        return f"Recruit {a_or_an(c.pillar_names[a[1]])} warden"
    if k == "lose_warden":
        return f"Lose {a_or_an(c.pillar_names[a[1]])} warden"
    if k == "advance":
        return f"Advance {c.pillar_names[a[1]]} influence"
    if k == "merc_discard":
        return f"Discard {merc_name(c, a[1])}"
    if k == "tuck":
        return f"Tuck under {c.pillar_names[a[1]]}, {('top', 'bottom')[a[2]]} half"
    if k == "dominion":
        return ("No bonus", "Draw a mercenary", "Gain a coin", "Place an acolyte")[a[1]]
    if k == "reward":
        return reward_option_words(c, a[1])
    if k == "claim":
        return f"Move the {c.pillar_names[a[2]]} claim token from {c.region_names[a[1]]}"
    if k == "bid":
        return f"Bid {a[1]}"
    if k == "row":
        return f"Take reward row {a[1] + 1}"
    if k == "pay":
        return "Pay " + payment(c, a)
    if k == "monument":
        sp = c.spaces[a[1]]
        opt = f" ({sp.options[a[2]]['name']})" if sp.options else ""
        return f"Build your monument on {sp.name}{opt}"
    if k == "lose_acolyte":
        return f"Remove an acolyte from {c.region_names[a[1]]}"
    return k.replace("_", " ").capitalize()


def plural_name(name: str) -> bool:
    """Whether a seat's name takes a plural verb. The rule: "You", and a faction's name, which names a
    people ("The Watchers gain", "The Guilded take"), also with a bot's level after it ("The Watchers (rule)
    are thinking"). A name a player typed in setup is one person ("Ann takes"), unless it is a faction's name."""
    base = name.split(" (", 1)[0]
    return base == "You" or base in _faction_names()


def _faction_names() -> frozenset[str]:
    from ..engine.content import default_content  # loaded once per process

    return frozenset(f.name for f in default_content().factions)


_PLURAL_OF = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def plural_verb(verb: str) -> str:
    """A verb given in the third person singular ("takes", "passes", "is") as the plural ("take", "pass", "are")."""
    if verb in _PLURAL_OF:
        return _PLURAL_OF[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def does(name: str, verb: str) -> str:
    """``name`` and ``verb`` (given as "takes") agreeing: "Ann takes", "You take", "The Watchers take"
    (:func:`plural_name` is the rule). Every line that puts a seat's name before a verb goes through here."""
    return f"{name} {plural_verb(verb) if plural_name(name) else verb}"


def row_words(row: Any, glyphs: dict[str, str] | None = None) -> str:
    """A reward row in words: "monument, +1 coin", "last place: \u22121 VP, \u22122 coins"; ``glyphs`` (a
    resource's name -> the boards' symbol, for a narrow row): "+2\u00a4", and the last place row begins "last:"."""
    glyphs = glyphs or {}

    def amount(sign: str, v: int, nm: str) -> str:
        return f"{sign}{v}{glyphs[nm]}" if nm in glyphs else f"{sign}{v} {singular(nm) if v == 1 else nm}"

    if row.is_penalty:
        return ("last: " if glyphs else "last place: ") + ", ".join(
            amount("\u2212", v, nm) for v, nm in zip(row.losses, LOSS_NAMES) if v)
    return ", ".join((["monument"] if row.monument else [])
                     + [amount("+", v, nm) for v, nm in zip(row.gains, GAIN_NAMES) if v])


def last_place_words(row: Any, bid: int) -> str:
    """What taking the last place (penalty) row means for a bidder (rulebook: whoever chooses it "does not
    have to pay their bid"): "You keep your bid of 13: last place pays no bid, but loses 2 VP, 1 acolyte."."""
    losses = ", ".join(plural(v, singular(nm), nm) for v, nm in zip(row.losses, LOSS_NAMES) if v)
    keep = f"You keep your bid of {bid}" if bid else "Your bid is 0"
    return f"{keep}: last place pays no bid, but loses {losses or 'nothing'}."


def ordinal(k: int) -> str:
    """1 -> "1st", 2 -> "2nd", 3 -> "3rd", 4 -> "4th"."""
    return f"{k}{({1: 'st', 2: 'nd', 3: 'rd'}.get(k if k < 20 else k % 10, 'th'))}"


def forced_bid_words(c: Any, st: Any, bid: int, may_be_lowest: bool) -> str:
    """The bid panel's warning that a rival's last place can make a bid be paid ('' where it cannot): the rows
    go by bid and anyone may take last place on their turn, so when a higher bidder takes it the lowest bid is
    left a row that is not last place, and "the last chooser ... pays its bid unless that row is the last place
    row" (rulebook p.13, docs/rules-decisions.md). Only a bid that may be the lowest is left a row; a bid of 0
    pays nothing either way."""
    if not bid or not may_be_lowest or not c.rewards[st.reckoning_reward()].rows[-1].is_penalty:
        return ""
    return f"If a rival takes last place before you, the row left costs your bid of {bid}."


def last_place_reason(bid: int, forced: bool) -> str:
    """Why a bidder holds the last place row, which can read like a bug when a higher bidder has it: the
    rulebook lets anyone choose it on their turn, and whoever chooses (or is forced to) it "does not have to
    pay their bid" (Reckoning, p.13). ``forced``: the last to choose, left with that row."""
    if forced:
        kept = f", so its bid of {bid} goes unpaid (last place pays no bid)" if bid else ""
        return f"last to choose: last place was the row left{kept}"
    if bid:
        return f"chose last place, so its bid of {bid} goes unpaid (last place pays no bid)"
    return "chose last place (a bid of 0: nothing to pay either way)"


def _tuck_text(c: Any, d: dict[str, Any], name: str) -> str:
    side = ("top", "bottom")[d["side"]] if "side" in d else ""
    half = c.cards[d["card"]].halves[d["side"]] if "side" in d else None
    gain = [f"+{half.influence} influence"] if half is not None and half.influence else []
    if half is not None:
        gain += ["wild icon" if i == -1 else c.icon_names[i] for i in half.icons]
    where = f"{c.pillar_names[d['pillar']]}" + (f" ({side})" if side else "")
    return f"{does(name, 'tucks')} {card_name(c, d['card'])} under {where}" + (f": {', '.join(gain)}" if gain else "")


_BOOST_NOUNS = {"coins": ("coin", "coins"), "mercs": ("mercenary", "mercenaries"), "deploy": ("acolyte", "acolytes"),
                "track": ("influence", "influence")}


def boost_words(c: Any, d: dict[str, Any]) -> str:
    """The cause an event carries when an artifact changed an action's outcome, as the head of its log line:
    "Hire 2 mercenaries, +2 from the Understanding artifact" (the card played when the action was a card's, else
    the amount it brought: "1 coin, +2 from the Equity artifact"); '' for an event no artifact changed."""
    pillar = d.get("artifact", -1)
    if not isinstance(pillar, int) or pillar < 0 or "bonus" not in d:
        return ""
    one, many = _BOOST_NOUNS.get(d["type"], ("", ""))
    card = d.get("card", -1)
    if isinstance(card, int) and card >= 0:
        base = card_name(c, card)
    elif "base" in d:
        base = plural(d["base"], one, many)
    else:
        return f"{c.pillar_names[pillar]} artifact"
    return f"{base}, +{d['bonus']} from the {c.pillar_names[pillar]} artifact"


def _gain_text(c: Any, t: str, d: dict[str, Any], name: str, who: Namer) -> str:
    """The lines of what a player gains and loses; an artifact that changed the amount is named first."""
    cause = boost_words(c, d)
    head = f"{cause}: " if cause else ""
    if t == "coins":
        if not d["amount"]:
            return f"{head}{does(name, 'gains')} no coin: the supply is empty" if cause else ""
        return f"{head}{does(name, 'gains')} {plural(d['amount'], 'coin')}"
    if t == "mercs":
        if not d["amount"]:
            return f"{head}{does(name, 'draws')} no mercenary: none are left" if cause else ""
        return f"{head}{does(name, 'draws')} {plural(d['amount'], 'mercenary', 'mercenaries')}"
    if t == "deploy" and cause:
        return f"{head}{does(name, 'deploys')} {plural(d['amount'], 'acolyte')}"
    if t == "track" and cause:
        return f"{c.pillar_names[d['artifact']]} artifact: {does(name, 'advances')} {d['bonus']} on the " \
            f"{c.pillar_names[d['pillar']]} track (now {d['value']})"
    if t == "warden":
        pillar = c.pillar_names[d["colour"]]
        return f"{does(name, 'recruits')} {'an' if pillar[0] in 'AEIOU' else 'a'} {pillar} warden"
    if t == "vp":
        k = d["amount"]
        return f"{does(name, 'gains')} {k} VP" if k > 0 else f"{does(name, 'loses')} {-k} VP"
    if t == "place":
        return f"{does(name, 'places')} an acolyte in {c.region_names[d['region']]}"
    if t == "move":
        return f"{does(name, 'moves')} an acolyte from {c.region_names[d['region']]} to {c.region_names[d['to']]}"
    if t == "steal":
        return f"{does(name, 'takes')} {plural(d.get('amount', 1), 'coin')} from {who(d['target'])}"
    if t == "penalty":
        return f"{does(name, 'pays')} {plural(d['coins'], 'coin')} as last place" if d["coins"] else ""
    if t == "lose_acolyte":
        return f"{does(name, 'loses')} {plural(d.get('amount', 1), 'acolyte')} in {c.region_names[d['region']]}"
    if t == "lose_warden":
        return f"{does(name, 'loses')} {plural(d.get('amount', 1), c.pillar_names[d['colour']] + ' warden')}"
    if t == "merc_discard":
        return f"{does(name, 'discards')} {merc_name(c, d['merc'])}"
    return ""


_DOMINION_WORDS = ("takes no Dominion bonus", "draws a mercenary", "gains a coin", "places an acolyte")


def event_text(c: Any, d: dict[str, Any], who: Namer) -> str:
    """One line of the game log for an engine event, ended as a sentence ('' for events the log leaves out):
    the history tells a move's lines one after another (play-test 2: "... (Understanding) The Guilded gain")."""
    line = _event_line(c, d, who)
    return line if not line or line.endswith((".", "!", "?")) else line + "."


# what a Dominion bonus brings, by its choice: the events that carry it out (a coin taken from a rival when the
# supply is empty); the log tells the bonus and what it brought as one line (``fold_dominion``)
_DOMINION_GAINS = {DOM_MERC: ("mercs",), DOM_COIN: ("coins", "steal")}


def fold_dominion(previous: dict[str, Any], event: dict[str, Any]) -> dict[str, Any] | None:
    """``event`` told with the Dominion bonus told just before it, as one line naming the artifact as its cause
    ("Dominion artifact: The Watchers draw 1 mercenary"), or None where it does not carry that bonus out. Play-test
    g1: "Dominion artifact: X draws a mercenary" then "X draws 1 mercenary" read as two mercenaries."""
    choice = previous.get("choice") if previous["type"] == "dominion" else previous.get("dominion")
    if choice not in _DOMINION_GAINS or event.get("seat") != previous.get("seat"):
        return None
    if event["type"] not in _DOMINION_GAINS[choice] or previous["type"] == event["type"]:
        return None
    if event["type"] == "steal" and previous.get("amount"):  # some from the supply: both lines stay
        return None
    return {**event, "dominion": choice}


def _dominion_line(c: Any, d: dict[str, Any], name: str, who: Namer) -> str:
    """A gain the Dominion artifact brought (``fold_dominion``), the artifact first; an artifact that added to
    it said after ("(1 coin, +2 from the Equity artifact)")."""
    t, boost = d["type"], boost_words(c, d)
    plain = {k: v for k, v in d.items() if k not in ("artifact", "bonus")}
    if t == "steal":
        what = f"{_gain_text(c, t, plain, name, who)} (the supply is empty)"
    elif t == "coins" and not d["amount"]:
        what = f"{does(name, 'gains')} no coin: the supply is empty"
    elif t == "mercs" and not d["amount"]:
        what = f"{does(name, 'draws')} no mercenary: none are left"
    else:
        what = _gain_text(c, t, plain, name, who)
    return f"Dominion artifact: {what}" + (f" ({boost})" if boost and d.get("amount") else "")


def _event_line(c: Any, d: dict[str, Any], who: Namer) -> str:
    """An event's words, unended."""
    t = d["type"]
    seat = d.get("seat")
    name = who(seat) if isinstance(seat, int) and seat >= 0 else "The table"
    if "dominion" in d:
        return _dominion_line(c, d, name, who)
    if t == "reveal":
        played = [f"{who(p)} {card_name(c, d['cards'][p])}" for p in d.get("order", range(len(d["cards"])))
                  if d["cards"][p] >= 0]
        return "Revealed: " + "; ".join(played)
    if t == "tuck":
        return _tuck_text(c, d, name)
    if t == "reckoning":
        return f"{does(name, 'starts')} a {'final ' if d['final'] else ''}reckoning in {c.region_names[d['region']]}"
    if t == "dominion":
        verb, rest = _DOMINION_WORDS[d["choice"]].split(" ", 1)
        return f"Dominion artifact: {does(name, verb)} {rest}"
    if t == "reward_card":
        return f"{does(name, 'chooses')} the reward card whose top row is {row_words(c.rewards[d['reward']].rows[0])}"
    if t == "claim":
        return f"{does(name, 'moves')} the {c.pillar_names[d['colour']]} claim token from " \
            f"{c.region_names[d['region']]} to {c.region_names[d['to']]}"
    if t == "bids_revealed":
        tb = f", the table {d['table_bid']}" if d.get("table_bid", -1) >= 0 else ""
        return "Bids: " + ", ".join(f"{who(p)} {b}" for p, b in enumerate(d["bids"])) + tb
    if t == "row":
        reward = d.get("reward", -1)
        what = f": {row_words(c.rewards[reward].rows[d['row']])}" if isinstance(reward, int) and reward >= 0 else ""
        bid = f" (bid {d['bid']})" if d.get("bid") else ""
        return f"{does(name, 'takes')} row {d['row'] + 1}{what}{bid}"
    if t == "pay":
        only = " (the only way to pay it)" if d.get("auto") else ""
        return f"{does(name, 'pays')} {payment_event(c, d)} for a bid of {d['bid']}{only}"
    if t == "monument":
        sp = c.spaces[d["space"]]
        opt = f" ({sp.options[d['option']]['name']})" if sp.options and "option" in d else ""
        return f"{does(name, 'builds')} a monument on {sp.name}{opt}"
    if t == "artifact":
        pillar = c.pillar_names[d["pillar"]]
        before = d.get("previous", -1)
        if isinstance(seat, int) and seat >= 0:
            took = f" from {who(before)}" if isinstance(before, int) and before >= 0 else ""
            return f"{does(name, 'takes')} the {pillar} artifact{took}"
        if isinstance(before, int) and before >= 0:
            return f"{does(who(before), 'loses')} the {pillar} artifact: it goes back to the board"
        return f"The {pillar} artifact goes back to the board"
    if t == "age_scored":
        return age_scored_text(d, who)
    if t == "game_over":
        return f"Game over: {does(who(d['winner']), 'wins')}" if d.get("winner", -1) >= 0 else "Game over"
    return _gain_text(c, t, d, name, who)


def signed(k: int) -> str:
    """A change as a player reads it: +2, 0, \u22123."""
    return f"+{k}" if k > 0 else f"\u2212{-k}" if k < 0 else "0"


def age_scored_text(d: dict[str, Any], who: Namer) -> str:
    """What the monuments scored each seat this age, then the totals, labelled as such (a play-tester read
    "Monuments scored: You 9" as what the monuments gave)."""
    gained = [sum(g[1 + p] for g in d.get("gains", [])) for p in range(len(d["scores"]))]
    scored = ", ".join(f"{who(p)} {signed(g)}" for p, g in enumerate(gained))
    totals = ", ".join(f"{who(p)} {s}" for p, s in enumerate(d["scores"]))
    return f"Monuments scored this age: {scored}. Totals now: {totals}"


def payment_parts(c: Any, d: dict[str, Any], named: bool = True) -> list[tuple[str, int]]:
    """What a ``pay`` event spent and kept, part by part, each with what it pays of the bid: coins by the
    bids they make, a mercenary 1 per matching colour, a discarded warden 3, a kept matching warden 1
    (free: it stays). ``named``: each mercenary by name, else how many. The parts add up to the payment."""
    parts = [(plural(d["acolytes"], "acolyte"), d["acolytes"])] if d["acolytes"] else []
    parts += [(coin_words(d["coin_bids"]), d["coin_bids"])] if d["coin_bids"] else []
    parts += [(f"{v} {c.pillar_names[i]} influence", v) for i, v in enumerate(d["influence"]) if v]
    worths = d.get("merc_worth") or [1] * len(d["mercs"])
    if named:
        parts += [(merc_name(c, m) + (f" ({w} bids)" if w > 1 else ""), w) for m, w in zip(d["mercs"], worths)]
    elif d["mercs"]:
        k, w = len(d["mercs"]), sum(worths)
        parts.append((plural(k, "mercenary", "mercenaries") + (f" ({w} bids)" if w != k else ""), w))
    parts += [(f"{plural(v, c.pillar_names[i] + ' warden')} discarded ({3 * v} bids)", 3 * v)
              for i, v in enumerate(d["discards"]) if v]
    parts += [(f"{plural(v, c.pillar_names[i] + ' warden')} kept", v) for i, v in enumerate(d.get("kept", ())) if v]
    return parts


def payment_event(c: Any, d: dict[str, Any], named: bool = True) -> str:
    """What a ``pay`` event spent and kept: "3 coins (2 bids), 1 acolyte, Forest Pathfinder (Guidance),
    1 Equity warden kept"; when it comes to more than the bid (a 2-bid mercenary cannot be halved), what
    it was worth."""
    parts = payment_parts(c, d, named)
    worth = sum(v for _, v in parts)
    words = ", ".join(w for w, _ in parts) or "nothing"
    return words + (f" (worth {worth})" if worth > d["bid"] else "")


# ------------------------------------------------------------------ the decision's words
# The engine's table of kinds (``engine/kinds.py``) holds every prompt and preview title; the window
# takes them from there except where a player needs plainer words: cards and mercenaries by their
# names rather than ids, and the two-player discard, which puts a card back in the box (rulebook
# p.20), not into the table hand. These are the only overrides.
_PROMPTS = {
    "discard": "Put a card back in the box before the reveal (click it)",
}
# kinds whose engine title names an id or a seat number: the window says it in words
# a monument by its option too (play-test: Confirm built one of Warden Hall's two options, unnamed)
_OWN_TITLES = {"select", "discard", "steal", "merc_discard", "reward", "claim", "pay", "tuck", "advance", "monument"}


def prompt(decision: str) -> str:
    """What the player to move is asked."""
    return _PROMPTS.get(decision) or kinds.prompt(decision)


def acolytes_left(decision: str, left: int, reserve: int) -> str:
    """How many acolytes the decision still asks for, said after its prompt ("" for other decisions):
    " (3 left to deploy, 5 in reserve)"."""
    if decision == "place":
        return f" ({left} left to deploy, {reserve} in reserve)"
    if decision == "move":  # the reserve is empty: the deployment moves acolytes instead
        return f" ({plural(left, 'move')} left, reserve empty)"
    if decision == "lose_acolyte":
        return f" ({left} left to remove)"
    return ""


def place_prompt(left: int, reserve: int) -> str:
    """The prompt of a deployment's placements: each click on a region places one acolyte; how many are left."""
    return f"Click a region to place an acolyte; {left} left ({reserve} in reserve)"


def more_here_words(name: str, more: int, left: int) -> tuple[str, str]:
    """The button that places the rest of a deployment where the last acolyte went, and its tip: ``more`` acolytes
    from the reserve, of ``left`` still to deploy (play-test s8 item 5: "All 1 more in" read oddly). "All 3 more in
    Weeping Cliffs"; one: "The last one in Weeping Cliffs", or "One more in ..." where the reserve runs out before
    the deployment does (the rest then move acolytes already on the board)."""
    if more == 1:
        words = f"The last one in {name}" if left == 1 else f"One more in {name}"
        tip = f"Place your {'last acolyte of this deployment' if left == 1 else 'last reserve acolyte'} in {name} too."
    else:
        words = f"All {more} more in {name}"
        tip = f"Place the other {more} acolytes of this deployment in {name} too, one after another; Ctrl+Z takes " \
            "them back together."
    if more < left:
        tip += f" Your reserve is then empty: the other {plural(left - more, 'acolyte')} of the deployment move " \
            "acolytes already on the board."
    return words, tip


def place_all_words(c: Any, region: int, count: int) -> str:
    """The tip of the preview's "All here" button."""
    return (f"Place all {count} acolytes in {c.region_names[region]}, one after another; Ctrl+Z takes them back "
            "together.")


def rules_section(decision: str) -> str | None:
    """The rules section F1 opens for a decision."""
    return kinds.rules_section(decision)


def tuck_card_short(c: Any, card: int) -> str:
    """The card being tucked, short enough for an option: a reckoning card by its region ("Weeping Cliffs"),
    an action card by its action ("Hire 2 mercenaries")."""
    cd = c.cards[card]
    return c.region_names[cd.region] if cd.kind != CARD_ACTION else card_name(c, cd)


def tuck_card_words(c: Any, card: int) -> str:
    """The card being tucked, in full: "the final reckoning card Weeping Cliffs", "the card Hire 2 mercenaries"."""
    cd = c.cards[card]
    if cd.kind == CARD_ACTION:
        return f"the card {card_name(c, cd)}"
    final = "final " if cd.kind == CARD_FINAL else ""
    return f"the {final}reckoning card {c.region_names[cd.region]}"


def artifact_rule(pillar: str) -> str:
    """What holding an artifact means (rulebook, Gaining Artifacts; the engine's ``_check_artifact``)."""
    return (f"the {pillar} artifact is held by whoever alone leads the {pillar} track at {ARTIFACT_AT} or more, "
            "until someone ties or overtakes them")


# what each artifact does, by pillar id (the tracks' and the boards' tooltips)
ARTIFACT_POWERS = {
    "guidance": "Its holder advances 1 influence in a colour of the wardens they gain.",
    "radiance": "Its holder deploys 2 more acolytes whenever they deploy.",
    "understanding": "Its holder draws 2 more mercenaries whenever they draw mercenaries.",
    "equity": "Its holder gains 2 more coins from every single source of coins: an action card, a reward row "
              "or the Dominion artifact.",
    "dominion": "At each reckoning its holder may draw a mercenary, gain a coin or place an acolyte.",
}


def artifacts_tip(c: Any, pillars: list[int]) -> str:
    """The tip for a board's "artifacts:" line (for the table's hook): what each held artifact does, then how it
    is held (play-test s6 item 7: the tip said only who holds it)."""
    return " ".join(f"{ARTIFACT_POWERS.get(c.pillar_ids[pl], '')} {artifact_rule(c.pillar_names[pl])[0].upper()}"
                    f"{artifact_rule(c.pillar_names[pl])[1:]}.".strip() for pl in pillars)


def influence_words(st: Any, a: tuple, raise_by: int) -> str:
    """A tuck's influence as applying it moves the track (the engine's preview, on a copy), and the cap when it
    stops the printed raise: "+2 influence", "+1 influence (capped at 8)", "+0 influence (capped at 8)"
    (play-test g7: at 7 of 8 an option read "+2 influence" and gave 1)."""
    slot = st.to_move() * N_PILLARS + a[1]
    gained = st.preview(a).tracks[slot] - st.tracks[slot]
    return f"+{gained} influence" + (f" (capped at {TRACK_MAX})" if gained < raise_by else "")


def _tuck_artifacts(c: Any, st: Any, a: tuple) -> list[str]:
    """The artifacts a tuck wins the seat to move, exactly by the engine's preview."""
    p = st.to_move()
    had = set(st.artifacts_of(p))
    return [c.pillar_names[pl] for pl in st.preview(a).artifacts_of(p) if pl not in had]


def tuck_gain_words(c: Any, st: Any, a: tuple) -> str:
    """What a tuck action gives the seat to move: "Radiance top: +2 influence, + artifact (lead 3+)" (an option
    has two lines of room: the preview says the artifact's rule whole)."""
    h = c.cards[st.tucking_card()].halves[a[2]]
    gain = [influence_words(st, a, h.influence)] if h.influence else []
    icons: dict[str, int] = {}
    for i in h.icons:
        name = "wild" if i == -1 else c.icon_names[i]
        icons[name] = icons.get(name, 0) + 1
    gain += [nm if n == 1 else f"{nm} \u00d7{n}" for nm, n in icons.items()]
    # tucking raises only this pillar's track, so only its artifact can be won: "+ artifact" says it
    # (a no-break space keeps "+" with "artifact" when the option wraps)
    gain += [f"+\u00a0artifact (lead {ARTIFACT_AT}+)" if nm == c.pillar_names[a[1]] else f"+\u00a0{nm} artifact"
             for nm in _tuck_artifacts(c, st, a)]
    return f"{c.pillar_names[a[1]]} {('top', 'bottom')[a[2]]}: {', '.join(gain) or 'nothing'}"


def tuck_title(c: Any, st: Any, a: tuple) -> str:
    """A tuck's preview, one line (the option beside it lists the gains): the card and where it goes, and when the
    tuck wins an artifact, what holding it means, the card then by its short name to keep to the line: "Tuck the
    reckoning card Weeping Cliffs under Radiance top?", "Tuck Weeping Cliffs under Radiance top? Artifact: yours
    until a rival ties or passes you."."""
    card, where = st.tucking_card(), f"{c.pillar_names[a[1]]} {('top', 'bottom')[a[2]]}"
    if _tuck_artifacts(c, st, a):
        return f"Tuck {tuck_card_short(c, card)} under {where}? {ARTIFACT_WON}"
    return f"Tuck {tuck_card_words(c, card)} under {where}?"


# the rule as the engine keeps it (rulebook, Gaining Artifacts; ``_check_artifact``): won at 3+ alone in the lead,
# kept until a rival ties or passes, even below 3 (play-test g7: paying Radiance 4 -> 1 kept the artifact)
ARTIFACT_WON = "Artifact: yours until a rival ties or passes you."


def option_words(c: Any, st: Any, a: tuple, who: Namer) -> str:
    """A move as an option button says it (short: the decision's prompt says the rest)."""
    k = a[0]
    if k == "tuck":
        return f"{tuck_card_short(c, st.tucking_card())} \u2192 {tuck_gain_words(c, st, a)}"
    if k == "move":
        return f"{c.region_names[a[1]]} \u2192 {c.region_names[a[2]]}"
    if k == "claim":
        return f"{c.pillar_names[a[2]]} token from {c.region_names[a[1]]}"
    if k == "merc_discard":
        return merc_name(c, a[1])
    return action_words(c, a, who)


def reward_option_words(c: Any, r: int) -> str:
    """Choosing a reward card in words, from its rows: its top two rows and its last place row ("Use the card: row 1
    monument; row 2 +4 VP, +1 coin; last place \u22122 coins"), so each card's preview, hint and history line says
    what it does (play-test g1: both read "Use this reward card"); the rows between, at 4 and 5 players, are on
    the card itself."""
    rows = c.rewards[r].rows
    parts = [f"row {j + 1} {row_words(row)}" for j, row in enumerate(rows[:2]) if not row.is_penalty]
    return f"Use the card: {'; '.join(parts)}; last place {penalty_words(rows[-1])}"


def claim_words(c: Any, st: Any, a: tuple) -> str:
    """What moving a claim token into the reckoning region does for the seat choosing it: the most it could
    pay there with it and without (its own resources only: a rival's mercenaries are hidden)."""
    p, region = st.to_move(), st.reckoning_region()
    before = st.max_bid(p, region)
    after = st.preview(a).max_bid(p, region)
    colour = c.pillar_names[a[2]]
    with_article = a_or_an(colour)
    why = f"{with_article[0].upper()}{with_article[1:]} claim lets {colour} influence, wardens and mercenaries " \
          f"pay bids in {c.region_names[region]}."
    if after == before:
        return f"No change for you: you could pay at most {before} here either way. {why}"
    return f"With it you could pay at most {after} here ({before} without). {why}"

def deploy_reason(c: Any, st: Any) -> str:
    """Why the deployment of the seat to move places more acolytes than printed ("" when it does not): the
    Radiance artifact deploys 2 more with every deployment (rulebook, Artifact Abilities), from a card, a reward
    row or the Dominion artifact's acolyte alike. With the played card known: "3 printed + 2 from your Radiance
    artifact." (the preview's line beside its All here button holds about 45 characters more)."""
    p = st.to_move()
    if st.artifact[RADIANCE] != p:
        return ""
    played = st.selected[p]
    card = c.cards[played] if played >= 0 else None
    from_card = bool(st.tasks) and st.tasks[-1][:3] == ("tuck", p, played)  # the card's action, before its tuck
    if card is not None and from_card and card.kind == CARD_ACTION and ACTION_KINDS[card.action] == "deploy":
        return f"{card.amount} printed + 2 from your Radiance artifact."
    return "+2 acolytes from your Radiance artifact."


def only_payment(st: Any, a: tuple) -> tuple | None:
    """The payment that taking reward row ``a`` makes at once, without a payment panel, because it is the only
    legal way to pay the seat's bid (the engine pays it itself); None when the bid is asked for or nothing is
    paid."""
    p = st.to_move()
    if st.rk is None or st.rk.bids[p] <= 0 or st.rk.paid[p] or st.payment_count(p) != 1:
        return None
    after = st.preview(a, check=False)
    if not after.rk.paid[p]:
        return None
    return next(iter(st.payment_options(p)), None)


def preview_title(c: Any, st: Any, a: tuple, who: Namer) -> str:
    """The chosen move as a question, for the preview."""
    if a[0] == "tuck":
        return tuck_title(c, st, a)
    if a[0] == "pay":
        return option_words(c, st, a, who) + "?"
    if a[0] == "place" and deploy_reason(c, st):
        return f"{kinds.preview_title(c, a)} {deploy_reason(c, st)}"
    if a[0] == "row" and c.rewards[st.reckoning_reward()].rows[a[1]].is_penalty:
        return f"Take reward row {a[1] + 1}, last place: no bid to pay?"
    if a[0] == "row" and only_payment(st, a):
        return f"Take reward row {a[1] + 1} and pay your bid at once, the only way it can be paid?"
    if a[0] in _OWN_TITLES:
        return action_words(c, a, who) + "?"
    return kinds.preview_title(c, a)


# ------------------------------------------------------------------ monument spaces
# Each space's rule in a line short enough for its tile (the tooltip has the full text).
SPACE_RULES = {
    "ashes": "fewest VP: 5 / 10 / 15",
    "regions_south": "8 per south region led",
    "regions_north": "8 per north region led",
    "coins": "most coins: 12",
    "mercenaries": "2 per mercenary",
    "balanced": "8 \u00d7 smallest pillar",
    "wardens": "R+G pair 5 \u00b7 U+E+D 8",
    "icons_guidance": "maps \u00d7 keys",
    "icons_radiance": "+6 / \u22122 per neighbour",
    "icons_understanding": "3 per eye of one kind",
    "icons_dominion": "unique icons: \u22126 to 16",
    "icons_equity": "most purse icons +10, fewest \u22125",  # what is counted: icons, not coins (s6 item 10)
}
# the rule in one line of a built tile, where it cannot take two (the tooltip has it whole)
BUILT_RULES = {"icons_equity": "purse icons: +10 / \u22125"}


def space_title(sp: Any) -> str:
    """A space's name as its tile shows it: its name, as the hint, the score table and the log give it ("Coin
    Hoard", "Dominion Collection": play-test s8, the tile said "Collection" where the others said "Dominion
    Collection"); a track's monument by its pillar ("Guidance"), as the Influence panel's rows have it."""
    return sp.name.removesuffix(" Track")


def built_title(sp: Any, option: int) -> str:
    """A built space's name, as everywhere else (play-test s6 item 9: the tile said "Wardens R+G" where the
    summaries said "Warden Hall (Radiance + Guidance)"): the space's; the option built is in ``built_rule``."""
    return space_title(sp)


def built_rule(sp: Any, option: int) -> str:
    """A built space's rule in a tile's line; with options, the one built ("R+G pairs: 5 each", "3 per open eye")."""
    if not sp.options:
        return BUILT_RULES.get(sp.id) or space_rule(sp)
    chosen = sp.options[option]
    if "pillars" not in chosen:  # Open and Closed Eye: "3 per open eye"
        return f"{chosen['per']} per {chosen['name'].lower()}"
    letters = "+".join(word[0] for word in chosen["name"].split(" + "))
    return f"{letters} {'pairs' if len(chosen['pillars']) == 2 else 'sets'}: {chosen['per']} each"


def space_rule(sp: Any) -> str:
    if sp.id.startswith("track_"):
        return "0\u20132 \u22122 \u00b7 3\u20135 +3 \u00b7 6\u20138 +8"
    return SPACE_RULES.get(sp.id, sp.text)
