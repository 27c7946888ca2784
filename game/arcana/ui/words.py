"""Res Arcana in words, without pygame: an engine event as a sentence.

The one place that turns an event into words, shared by the table's log, the history of moves and
the move feed (:mod:`game.shell.feed`). Seats are named by ``names`` as the reader sees them ("You"
for the one human at the table); cards by their names.
"""

from __future__ import annotations

from typing import Any

from ..engine.power_words import power_words

ESS_NAMES = ("Elan", "Life", "Calm", "Death", "Gold")


def ess_words(vec: Any, any_n: int = 0) -> str:
    """Essences in words: "2 Elan, 1 Gold" ("nothing" for none)."""
    parts = [f"{v} {ESS_NAMES[e]}" for e, v in enumerate(vec) if v]
    if any_n:
        parts.append(f"{any_n} of any type")
    return ", ".join(parts) if parts else "nothing"


def card_name(c: Any, cid: Any) -> str:
    if isinstance(cid, int):
        return c.cards[cid].name
    return c.card(cid).name if cid in c.by_id else "a card"


def fold_gains(previous: dict[str, Any], ev: dict[str, Any]) -> dict[str, Any] | None:
    """``ev`` told together with ``previous`` in one line in place of the last, or None when it does not
    continue it: gains in a row by one seat (a collect step) add up, and so do gains in a row onto one card
    ("You gain 3 Death on Cursed Skull.", not that line with 1 Death three times); a payment and the card it
    puts into play or claims are one line; the gain a discard brings joins the discard ("Seer discards Vault
    for 1 Gold."); a take after the gains it came with gives those essences back to the take, so nothing is
    told twice."""
    def plain_gain(e: dict[str, Any]) -> bool:
        return e.get("type") == "gain" and not e.get("card")

    if previous.get("seat") != ev.get("seat"):
        return None
    if plain_gain(previous) and plain_gain(ev):
        return dict(ev, essences=[a + b for a, b in zip(previous["essences"], ev["essences"])])
    if (previous.get("type") == ev.get("type") == "gain" and ev.get("card")
            and previous.get("card") == ev.get("card")):  # Cursed Skull's three essences put one at a time
        return dict(ev, essences=[a + b for a, b in zip(previous["essences"], ev["essences"])])
    if previous.get("type") == "discard" and plain_gain(ev):
        got = previous.get("for_essences") or [0] * len(ev["essences"])
        return dict(previous, for_essences=[a + b for a, b in zip(got, ev["essences"])])
    if previous.get("type") == "pay" and ev.get("type") in ("place", "claim"):
        return dict(ev, paid=previous.get("essences"))  # one line: "Druid puts Vault into play for 1 Gold."
    if plain_gain(previous) and ev.get("type") == "take" and ev.get("essences"):
        rest = [a - b for a, b in zip(previous["essences"], ev["essences"])]
        return None if min(rest) < 0 else dict(ev, gained_before=rest)
    return None


def heading(ev: dict[str, Any]) -> str | None:
    """The part of the game an event begins (a round), for the history's groups."""
    return f"Round {ev['round']}" if ev.get("type") == "round" else None


def _before_reveal(c: Any, names: list[str], seat: int) -> str:
    """Seat ``seat`` as it was named before the mages were revealed: a seat named by its mage now (a bot's
    seat) was "Player N" then; "You" and a player's own name stay."""
    name = names[seat] if 0 <= seat < len(names) else ""
    if not name or any(cd.kind == "mage" and cd.name == name for cd in c.cards):
        return f"Player {seat + 1}"
    return name


def tie_words(points: list[int], tiebreak: list[int] | None, winners: list[int], names: list[str]) -> str:
    """How a tie for the most points was settled, as a sentence after a space ("" when nobody tied): the most
    essences left in the pool, Gold counting double; still tied, the victory is shared."""
    best = max(points)
    top = [q for q, v in enumerate(points) if v == best]
    if len(top) < 2 or tiebreak is None:
        return ""
    counts = ", ".join(f"{names[q]} {tiebreak[q]}" for q in top)
    shared = " Still tied: they share the victory." if len(winners) > 1 else ""
    return (f" Tied at {best} points: the most essences left in the pool wins, Gold counting double"
            f" ({counts}).{shared}")


def event_text(c: Any, ev: dict[str, Any], names: list[str], *, used: Any = None,
               before_rounds: bool = False) -> str | None:
    """One event as a sentence, or None when it is not told. ``used``: the card whose power the event
    before used (its tapping is then not told again); ``before_rounds``: the game has not begun yet (a
    match's game 2 or 3 dealing its artifacts)."""
    t = ev.get("type")
    p = ev.get("seat", -1)
    who = names[p] if isinstance(p, int) and 0 <= p < len(names) else ""
    you = who == "You"
    s = "" if you else "s"

    def name(key: str) -> str:
        return card_name(c, ev[key])

    if t == "round":
        first = names[ev["first"]]
        return f"Round {ev['round']} begins; {first} start{'' if first == 'You' else 's'}."
    if t == "gain":
        where = f" on {name('card')}" if ev.get("card") else ""
        return f"{who} gain{s} {ess_words(ev['essences'])}{where}."
    simple = {"pay": f"pay{s} {ess_words(ev.get('essences', ()))}", "place": "put{s} {card} into play",
              "claim": "claim{s} {card}", "discard": "discard{s} {card}", "destroy": "destroy{s} {card}",
              "power": "use{s} {card}", "react": "react{s} with {card}", "match_pick": "take{s} {card}",
              "check_victory": "call{s} a victory check with {card}"}
    if t in ("power", "react") and "card" in ev:  # what the power does, from the card's data
        verb = f"use{s} {name('card')}" if t == "power" else f"react{s} with {name('card')}"
        cd = c.card(ev["card"]) if ev["card"] in c.by_id else None
        what = power_words(cd, int(ev.get("power", 0))) if cd is not None else ""
        return f"{who} {verb}" + (f": {what}." if what else ".")
    if t in ("place", "claim") and any(ev.get("paid") or ()):
        return f"{who} " + simple[t].format(s=s, card=name("card")) + f" for {ess_words(ev['paid'])}."
    if t == "discard" and any(ev.get("for_essences") or ()):
        return f"{who} discard{s} {name('card')} for {ess_words(ev['for_essences'])}."
    if t in simple:
        return f"{who} " + simple[t].format(s=s, card=name("card") if "card" in ev else "") + "."
    if t == "turn":
        return None if ev["card"] == used else f"{name('card')} is tapped."
    if t == "straighten":
        return f"{name('card')} is untapped."
    if t == "take":
        what = ess_words(ev["essences"]) if ev.get("essences") else "the essences"
        gained = f"{who} gain{s} {ess_words(ev['gained_before'])}; " if any(ev.get("gained_before") or ()) else ""
        return f"{gained}{who} take{s} {what} off {name('card')}."
    if t == "remove":
        verb = "goes" if sum(ev["essences"]) == 1 else "go"
        return f"{ess_words(ev['essences'])} on {name('card')} {verb} back to the supply."
    if t == "pass":
        first = f" first and take{s} the first-player token." if ev.get("first") else "."
        return f"{who} pass{'' if you else 'es'}{first}"
    if t == "item":
        back = f", returning {name('returned')}" if ev.get("returned") else ""
        return f"{who} take{s} the magic item {name('card')}{back}."
    if t == "mage_chosen":  # told as the seat was named then: a bot seat takes its mage's name only at the reveal
        return f"{_before_reveal(c, names, p)} {'have' if you else 'has'} chosen a mage."
    if t == "mages":
        return "The mages are revealed: " + "; ".join(
            f"{_before_reveal(c, names, q)}: {card_name(c, m)}" for q, m in enumerate(ev["mages"])) + "."
    if t == "draft_pick":
        return f"{who} keep{s} a card from the draft."
    if t == "first_player_chosen":
        chooser = names[ev["chooser"]]
        first = "themselves" if ev["chooser"] == p and chooser != "You" else (
            "yourself" if ev["chooser"] == p else who)
        return f"{chooser} choose{'' if chooser == 'You' else 's'} {first} to go first."
    if t == "attack":
        return f"{who} attack{s} with {name('card')}: rivals still in the round lose {ev['amount']} Life."
    if t == "life_loss":
        extra = f" and {ev['substitute']} other essences" if ev.get("substitute") else ""
        return f"{who} lose{s} {ev['life']} Life{extra}."
    if t == "ignore":
        return f"{who} ignore{s} the attack of {name('card')}."
    if t == "lose":
        return f"{who} lose{s} 1 {ESS_NAMES[ev['essence']]}."
    if t == "draw":
        return f"{who} draw{s} a card."
    if t == "reshuffle":
        if before_rounds:
            return f"{who} shuffle{s} {'your' if you else 'their'} eight artifacts into a deck."
        return f"{who} shuffle{s} the discard pile into a new deck."
    if t == "look":
        return f"{who} look{s} at the top of {'their deck' if ev['deck'] == 'own' else 'the monument pile'}."
    if t == "victory_check":
        pts = ev["points"]
        text = "Victory check: " + ", ".join(f"{names[q]} {v}" for q, v in enumerate(pts))
        return text + (" \u2014 nobody has 10 yet: play on." if max(pts) < 10 else "")
    if t == "game_over":
        ws = ev["winners"]
        return ("Game over: " + " and ".join(names[w] for w in ws)
                + (" win" if len(ws) > 1 or names[ws[0]] == "You" else " wins") + "."
                + tie_words(ev["points"], ev.get("tiebreak"), ws, names))
    return None
