"""Why the hint's move, in facts of this position (play-test: "bid 5 ... it expects to win from here" left the
player last, and "about 21 VP behind the winner" was no real estimate: Realm's return mixes a win and a margin).

:func:`hint_reason` says what the hinted move does for the seat to move, from the position and the move alone,
through the engine's public reads (``State.preview``, tracks, acolytes, wardens, coins, claims, the monuments'
scoring): what a card gives now and which pillar its tuck can feed, the lead a placement takes or keeps in its
region, what a bid is against the rivals' public most, what a monument would score now for the seat and its
rivals. It never reads what the seat cannot see (the rivals' hands, mercenaries and sealed bids, the decks): a
rival's mercenaries count only by how many it holds. The move is the bot's: nothing here chooses.
:func:`hint_line` puts it together with the move named in full ("Warden Hall (Radiance + Guidance)").
No pygame here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..engine.constants import (
    ARTIFACT_AT,
    D_MOVE,
    D_NONE,
    D_PLACE,
    EQUITY,
    N_PILLARS,
    RADIANCE,
    TRACK_MAX,
    UNDERSTANDING,
    coin_bids,
)
from ..engine.content import ACTION_KINDS, CARD_ACTION
from ..engine.flow import HANDLERS
from ..engine.scoring import space_points
from .words import GAIN_NAMES, LOSS_NAMES, card_name, plural, singular, tuck_gain_words

Namer = Callable[[int], str]


def _age(st: Any) -> int:
    return min(max(st.age, 1), 3)


def _built_points(st: Any, p: int) -> int:
    """What the monuments built so far would score seat ``p`` now (public: every count they read is on the table)."""
    age = _age(st)
    return sum(space_points(st, i, b[1], age)[p] for i, b in enumerate(st.built) if b is not None)


def _points_words(d: list[int], p: int, who: Namer) -> str:
    """Each seat's change in VP, the mover's first: "−2 VP for you, +1 for X, no change for Y"."""
    def one(q: int) -> str:
        return f"{d[q]:+d}".replace("-", "−") if d[q] else "no change"

    rivals = ", ".join(f"{one(q)} for {who(q)}" for q in range(len(d)) if q != p)
    mine = f"{one(p)} VP for you" if d[p] else "no change for you"
    return f"{mine}, {rivals}" if rivals else mine


def _monument_change(st: Any, after: Any, p: int, who: Namer) -> str:
    """"; the built monuments now: +3 VP for you, −1 for X, no change for Y" when the move changes what the built
    monuments score anyone: what the mover gains or loses beside what each rival does, so the two can be weighed."""
    d = [_built_points(after, q) - _built_points(st, q) for q in range(st.n)]
    return f"{MONUMENTS_NOW}{_points_words(d, p, who)}" if any(d) else ""


def _track_words(c: Any, st: Any, p: int, pillar: int, after: Any) -> str:
    """"your Radiance influence 3 \u2192 5 (best rival 4)" (no-break spaces keep the arrow with its numbers)."""
    before, now = st.track(p, pillar), after.track(p, pillar)
    best = max((st.track(q, pillar) for q in range(st.n) if q != p), default=0)
    moved = f"{before}\u00a0\u2192\u00a0{now}" if now != before else f"stays {now}"
    return f"your {c.pillar_names[pillar]} influence {moved} (best rival {best})"


def _lead_words(st: Any, p: int, region: int, who: Namer, past: bool = False) -> str:
    """Where seat ``p`` stands in ``region`` by acolytes: "you lead 3 to 2", "tied for the lead at 2 with X",
    "X leads 4 to your 1"; ``past``: as it was, short ("you led 3 to 2", "tied at 2", "X led 4 to your 1")."""
    mine = st.acolytes_in(region, p)
    others = [(st.acolytes_in(region, q), q) for q in range(st.n) if q != p]
    best, q = max(others) if others else (0, -1)
    if mine > best:
        return f"you {'led' if past else 'lead'} {mine}\u00a0to\u00a0{best}"
    if mine == best:
        if past:
            return f"tied at {mine}" if mine else "nobody there"
        return f"tied for the lead at {mine} with {who(q)}" if mine else "nobody has an acolyte there"
    return f"{who(q)} {'led' if past else 'leads'} {best}\u00a0to your\u00a0{mine}"


def _own_reckonings(st: Any, p: int, region: int) -> int:
    """The reckoning cards for ``region`` in the seat's own hand (its own cards: no secret of anyone else)."""
    c = st.c
    return sum(1 for x in st.hand(p) if c.cards[x].kind != CARD_ACTION and c.cards[x].region == region)


def _region_words(st: Any, p: int, region: int, who: Namer, after: Any) -> str:
    """"in Weeping Cliffs you lead 3 to 2 (was: tied at 2)"."""
    now, had = _lead_words(after, p, region, who), _lead_words(st, p, region, who, past=True)
    lead_now = now.startswith("you lead")
    changed = lead_now != had.startswith("you led") or now.startswith("tied") != had.startswith("tied")
    return f"in {st.c.region_names[region]} {now}" + (f" (was: {had})" if changed else "")


def _place_reason(st: Any, p: int, region: int, who: Namer, after: Any) -> str:
    out = _region_words(st, p, region, who, after)
    if _own_reckonings(st, p, region):
        out += "; each acolyte pays 1 of a bid there: its reckoning card is in your hand"
    else:
        out += "; each acolyte pays 1 of a bid at its reckoning"
    return out + _monument_change(st, after, p, who)


def _artifact_at(st: Any, p: int, pillar: int, level: int) -> bool:
    """Whether influence ``level`` on ``pillar`` holds its artifact: 3 or more and more than every rival."""
    return level >= ARTIFACT_AT and all(level > st.track(q, pillar) for q in range(st.n) if q != p)


def _tuck_options(st: Any, p: int, card: Any) -> str:
    """Which pillar the card's tuck can feed and what its better half for influence brings each: "tucked top (+2
    influence): Understanding 0 \u2192 2 or Equity 2 \u2192 4 (its artifact)": the artifact
    when it would then lead alone at 3 or more."""
    c = st.c
    side = max((0, 1), key=lambda k: (card.halves[k].influence, -k))
    gain = card.halves[side].influence
    if not gain:
        return "its tuck under " + " or ".join(c.pillar_names[x] for x in card.pillars) + " brings icons only"
    each = []
    for pl in card.pillars:
        now = st.track(p, pl)
        then = min(TRACK_MAX, now + gain)
        art = " (its artifact)" if _artifact_at(st, p, pl, then) and st.artifact[pl] != p else ""
        each.append(f"{c.pillar_names[pl]} {now}\u00a0\u2192\u00a0{then}{art}")
    return f"tucked {('top', 'bottom')[side]} (+{gain} influence): " + " or ".join(each)


def _public_most(st: Any, q: int, region: int) -> tuple[int, int]:
    """The least and most seat ``q`` could pay in ``region`` as everyone sees it (``State.max_bid`` without the
    mercenaries' colours, which are hidden: each may add 0-2)."""
    total = st.acolytes_in(region, q) + coin_bids(st.coins[q])
    claims = st.claims_in(region)
    total += sum(st.track(q, col) + 3 * st.wardens_of(q, col) for col in range(N_PILLARS) if claims[col] > 0)
    return total, total + 2 * len(st.mercenaries(q))


_BOOSTER = {"coins": EQUITY, "deploy": RADIANCE, "mercs": UNDERSTANDING}  # the artifact that adds to each gain


def gain_now(st: Any, p: int, kind: str, amount: int) -> int:
    """What seat ``p`` really gets from a gain of ``amount`` of ``kind`` ("coins", "deploy", "mercs", "wardens", the
    engine's task names) carried out now: the engine's own task run on a copy, so every effect counts (an artifact's
    bonus, a short supply, coins taken from rivals). Its choices are answered with the first legal one (they move
    no count); "deploy" counts the acolytes to place or move, "mercs" the cards drawn (before any hand-limit discard).
    A fact of this position: an artifact that changes hands before the gain changes it."""
    t = st.copy()
    base = len(t.tasks)
    t.tasks.append((kind, p, amount))
    t.dec = D_NONE
    for _ in range(200):  # a bound, never reached: each step places, takes or ends something
        if t.dec == D_NONE:
            if len(t.tasks) <= base:
                break
            task = t.tasks.pop()
            HANDLERS[task[0]](t, task)
        elif kind == "deploy":
            return t.dec_n if t.dec in (D_PLACE, D_MOVE) else 0
        elif kind == "mercs":
            break
        else:
            t._do(t.legal_actions()[0])
    if kind == "coins":
        return t.coins[p] - st.coins[p]
    if kind == "mercs":
        return len(t.mercenaries(p)) - len(st.mercenaries(p))
    if kind == "wardens":
        return t.warden_total(p) - st.warden_total(p)
    return 0


def _gain_note(st: Any, p: int, kind: str, amount: int, got: int, paren: bool = True) -> str:
    """Why ``got`` differs from the printed ``amount``: " (2 + 2 from your Equity artifact)", " (only 1 of 2 to
    be had)"; without ``paren`` ", 2 of them from your Equity artifact"; "" when it does not differ."""
    pillar = _BOOSTER.get(kind, -1)
    if got > amount and pillar >= 0 and st.artifact[pillar] == p:
        name = st.c.pillar_names[pillar]
        return (f" ({amount} + {got - amount} from your {name} artifact)" if paren else
                f", {got - amount} of them from your {name} artifact")
    if got < amount:
        return f" (only {got} of {amount} to be had)" if paren else f", only {got} of {amount} to be had"
    return ""


def _select_reason(st: Any, p: int, card_i: int, who: Namer) -> str:
    c = st.c
    card = c.cards[card_i]
    if card.kind != CARD_ACTION:
        region = card.region
        rivals = []
        for q in range(st.n):
            if q != p:
                lo, hi = _public_most(st, q, region)
                rivals.append(f"{who(q)} {lo}" if lo == hi else f"{who(q)} {lo}–{hi}")
        return (f"{card_name(c, card)} starts the reckoning in {c.region_names[region]}: you could pay at most "
                f"{st.max_bid(p, region)} there now, rivals {', '.join(rivals)}")
    kind = ACTION_KINDS[card.action]
    task = {"deploy": "deploy", "coins": "coins", "mercs": "mercs", "warden": "wardens"}[kind]
    got = gain_now(st, p, task, card.amount)
    note = _gain_note(st, p, task, card.amount, got, paren=False)
    now = {"deploy": f"you place {plural(got, 'acolyte')} now{note} ({st.reserve[p]} in your reserve)",
           "coins": f"you gain {plural(got, 'coin')} now{note} (you have {st.coins[p]})",
           "mercs": f"you draw {plural(got, 'mercenary', 'mercenaries')} now{note} (you hold "
                    f"{len(st.mercenaries(p))})",
           "warden": f"you gain {plural(got, 'warden')} now{note} (you have {st.warden_total(p)})"}[kind]
    return f"{now}; {_tuck_options(st, p, card)}"


def _tuck_reason(st: Any, p: int, a: tuple, after: Any, who: Namer) -> str:
    c = st.c
    pillar = a[1]
    out = f"{tuck_gain_words(c, st, a)}; {_track_words(c, st, p, pillar, after)}"
    return out + _monument_change(st, after, p, who)


def _rival_mosts(st: Any, p: int, who: Namer) -> tuple[list[str], list[tuple[int, int, int]]]:
    """What each rival could pay at most in this reckoning, as the table shows it (public: a rival's
    mercenaries are hidden, so each may add 0-2): words and (low, high, seat)."""
    from .payment import rival_most  # the bid panel's own reading of the table: the hint agrees with it

    words, ranges = [], []
    for q in range(st.n):
        if q != p:
            lo, hi = rival_most(st, q)
            ranges.append((lo, hi, q))
            words.append(f"{who(q)} {lo}" if lo == hi else f"{who(q)} {lo}\u2013{hi}")
    return words, ranges


def bid_rows(st: Any, p: int, bid: int, who: Namer) -> str:
    """Where a bid of ``bid`` stands against what each rival could pay at most (public: a rival's mercenaries are
    hidden, so each may add 0-2): "only X (at most 9) could pay as much: at worst 1 of the 3 rows is taken before
    you choose"."""
    _mosts, ranges = _rival_mosts(st, p, who)
    rows = len(st.c.rewards[st.reckoning_reward()].rows)
    match = [(lo, hi, q) for lo, hi, q in ranges if hi >= bid]  # rivals who could bid as much or more
    if not match:
        most = ", ".join(f"{who(q)} at most {hi}" for _lo, hi, q in ranges)
        return f"no rival could pay as much ({most}), so you choose a row first"
    said = ", ".join(f"{who(q)} at most {lo}" if lo == hi else f"{who(q)} at most {lo}\u2013{hi}"
                     for lo, hi, q in match)
    k = len(match)
    head = (f"only {said.replace(' at most', ' (at most', 1)}) could pay as much" if k < len(ranges) else
            f"every rival could pay as much ({said})")
    return (f"{head}, so at worst {k} of the {rows} rows {'is' if k == 1 else 'are'} taken before you choose"
            if k < rows else f"{head}, so you may be left the last row")


def _bid_reason(st: Any, p: int, bid: int, who: Namer) -> str:
    from .payment import bid_cost_words, free_bids

    if bid <= free_bids(st, p):
        cost = "it costs nothing (kept wardens pay it)" if bid else "it costs nothing"
    else:
        cost = bid_cost_words(st.c, st, p, bid).rstrip(".")
        free = re.match(rf"A bid of {bid}: (\d+) free \(kept wardens\), then ", cost)
        if free:  # "your kept wardens pay 1 of it, the rest costs e.g. 1 acolyte"
            cost = f"your kept wardens pay {free.group(1)} of it, the rest costs {cost[free.end():]}"
        elif cost.startswith(f"A bid of {bid} costs "):
            cost = "it costs " + cost[len(f"A bid of {bid} costs "):]
    return f"{bid_rows(st, p, bid, who)}; {cost}"


_GAIN_TASKS = ("", "coins", "", "deploy", "mercs")  # the engine's task for each of GAIN_NAMES that an artifact adds to


def _row_words(row: Any, st: Any = None, p: int = -1) -> str:
    """A row's gains or losses: "+2 coins, +1 VP"; with ``st`` and seat ``p``, the gains as ``p`` would really get
    them now ("+4 coins (2 + 2 from your Equity artifact)")."""
    if row.is_penalty:
        return "last place: " + (", ".join(f"\u2212{v} {singular(nm) if v == 1 else nm}"
                                           for v, nm in zip(row.losses, LOSS_NAMES) if v) or "nothing")
    words = []
    for v, nm, task in zip(row.gains, GAIN_NAMES, _GAIN_TASKS):
        if v:
            got = gain_now(st, p, task, v) if st is not None and task else v
            note = _gain_note(st, p, task, v, got) if st is not None and task else ""
            words.append(f"+{got} {singular(nm) if got == 1 else nm}{note}")
    return ", ".join((["a monument"] if row.monument else []) + words)


def _row_reason(st: Any, p: int, r: int) -> str:
    c = st.c
    card = c.rewards[st.reckoning_reward()]
    row = card.rows[r]
    bid = st.rk.bids[p]  # the seat's own bid (revealed by now: rows are chosen after the reveal)
    others = sum(1 for k in range(len(card.rows)) if k != r and st.is_legal(("row", k)))
    rest = f"{plural(others, 'other row')} left for those after you"
    if row.is_penalty:
        return f"row {r + 1} is {_row_words(row)}, and your bid of {bid} goes unpaid; {rest}"
    out = f"row {r + 1} gives {_row_words(row, st, p)} for your bid of {bid}"
    if row.monument:
        out += f" ({plural(sum(1 for b in st.built if b is None), 'monument space')} free)"
    return f"{out}; {rest}"


def _monument_reason(st: Any, p: int, space: int, option: int, who: Namer) -> str:
    c = st.c
    sp = c.spaces[space]
    rule = sp.options[option]["name"] if sp.options else ""
    pts = space_points(st, space, option, _age(st))
    rivals = ", ".join(f"{who(q)} {pts[q]:+d}" for q in range(st.n) if q != p)
    return f"{sp.name}, {rule}: {pts[p]:+d} VP for you if the age ended now ({rivals})" if sp.options else \
        f"{sp.name}: {pts[p]:+d} VP for you if the age ended now ({rivals})"


def _pay_reason(st: Any, p: int, a: tuple, who: Namer) -> str:
    from .words import payment

    c = st.c
    bid = st.rk.bids[p]
    after = st.preview(a, check=False)
    kept = [plural(after.coins[p], "coin"), plural(after.acolytes_in(st.reckoning_region(), p), "acolyte")
            + f" in {c.region_names[st.reckoning_region()]}"]
    return (f"your bid of {bid} paid with {payment(c, a)}; you keep {', '.join(kept)}"
            + _monument_change(st, after, p, who))


def _warden_reason(st: Any, p: int, colour: int, after: Any, who: Namer) -> str:
    c = st.c
    name = c.pillar_names[colour]
    claimed = [c.region_names[r] for r in range(len(c.region_names)) if st.claims_in(r)[colour] > 0]
    where = f"now in {', '.join(claimed)}" if claimed else "in no region now"
    return (f"{name} wardens then {after.wardens_of(p, colour)}: each pays 1 of a bid (3 if discarded) where {name} "
            f"is claimed ({where})" + _monument_change(st, after, p, who))


def _dominion_reason(st: Any, p: int, choice: int) -> str:
    """What the Dominion artifact's choice gives now, as the engine would carry it out (the Equity artifact adds 2
    to its coin, the Radiance artifact 2 to its acolyte, the Understanding artifact 2 to its mercenary)."""
    if choice == 0:
        return "no bonus this reckoning"
    task = ("", "mercs", "coins", "deploy")[choice]
    got = gain_now(st, p, task, 1)
    note = _gain_note(st, p, task, 1, got, paren=False)
    if task == "mercs":
        return f"{plural(got, 'more mercenary', 'more mercenaries')}{note} (you hold {len(st.mercenaries(p))})"
    if task == "coins":
        return f"{plural(got, 'more coin')}{note} (you have {st.coins[p]})"
    return f"{plural(got, 'more acolyte')} on the board{note} ({st.reserve[p]} in your reserve)"


MONUMENTS_NOW = "; the built monuments now: "


def hint_reason(st: Any, p: int, a: tuple, who: Namer) -> str:
    """What move ``a`` does for seat ``p`` in ``st`` (the position it is taken in), in facts of the table; ``who``
    names a seat. "" when there is nothing to say. A change in what the built monuments score comes first: points
    for both sides, where the preview's line has room for the first sentences only."""
    out = _reason(st, p, a, who)
    i = out.find(MONUMENTS_NOW)
    return out[i + 2:] + "; " + out[:i] if i > 0 else out


def _reason(st: Any, p: int, a: tuple, who: Namer) -> str:
    c = st.c
    k = a[0]
    after = st.preview(a, check=False) if k in ("place", "move", "tuck", "warden", "advance", "lose_acolyte",
                                               "lose_warden", "steal", "dominion") else None
    if k == "select":
        return _select_reason(st, p, a[1], who)
    if k == "discard":
        card = c.cards[a[1]]
        return f"{card_name(c, card)} leaves your hand; {plural(len(st.hand(p)) - 1, 'card')} stay in it"
    if k == "place":
        return _place_reason(st, p, a[1], who, after)
    if k == "move":
        return (f"{_region_words(st, p, a[2], who, after)}; {_region_words(st, p, a[1], who, after)}"
                + _monument_change(st, after, p, who))
    if k == "steal":
        return f"{who(a[1])} has {st.coins[a[1]]} coins, you {st.coins[p]} (then {after.coins[p]})"
    if k == "warden":
        return _warden_reason(st, p, a[1], after, who)
    if k == "advance":
        return _track_words(c, st, p, a[1], after) + _monument_change(st, after, p, who)
    if k == "merc_discard":
        m = c.mercenaries[a[1]]
        cols = " / ".join(c.pillar_names[x] for x in m.colors)
        left = len(st.mercenaries(p)) - 1
        return f"{m.name} pays only where {cols} is claimed; you keep {plural(left, 'mercenary', 'mercenaries')}"
    if k == "tuck":
        return _tuck_reason(st, p, a, after, who)
    if k == "dominion":
        return _dominion_reason(st, p, a[1])
    if k == "reward":
        rows = c.rewards[a[1]].rows
        return "its rows: " + "; ".join(f"{i + 1} {_row_words(r)}" for i, r in enumerate(rows))
    if k == "claim":
        from .words import claim_words

        return claim_words(c, st, a).split(". ")[0].rstrip(".")
    if k == "bid":
        return _bid_reason(st, p, a[1], who)
    if k == "row":
        return _row_reason(st, p, a[1])
    if k == "pay":
        return _pay_reason(st, p, a, who)
    if k == "monument":
        return _monument_reason(st, p, a[1], a[2], who)
    if k == "lose_acolyte":
        return (f"you keep {plural(after.acolytes_in(a[1], p), 'acolyte')} in {c.region_names[a[1]]}: "
                f"{_lead_words(after, p, a[1], who)}" + _monument_change(st, after, p, who))
    if k == "lose_warden":
        name = c.pillar_names[a[1]]
        return f"you keep {plural(after.wardens_of(p, a[1]), name + ' warden')}" + _monument_change(st, after, p, who)
    return ""


def sentences(facts: str) -> str:
    """Facts as whole sentences, each clause of ``hint_reason`` one ("you lead 3 to 2; each acolyte ..." ->
    "You lead 3 to 2. Each acolyte ..."): a line with room for fewer shows the first ones whole."""
    return " ".join(f"{x[:1].upper()}{x[1:]}." for x in facts.split("; ") if x)


def hint_line(st: Any, p: int, a: tuple, who: Namer, forced: bool = False) -> str:
    """The hint's line of why, naming the bot as the Hint button's tip does: what move ``a`` does, in whole
    sentences that name its region, pillar and half, monument and option ("The expert bot's pick: Warden Hall,
    Radiance + Guidance: +5 VP for you if the age ended now (...)."). Nothing of the search's value: Realm's return
    mixes a win (1) with a margin (0.25 less 0.01 a point behind), and it swings from one move to the next."""
    try:
        facts = sentences(hint_reason(st, p, a, who))
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):  # words only: never a crash
        facts = ""
    if forced:
        return f"The only legal move. {facts}".strip()
    return f"{PICK}: {facts}" if facts else f"{PICK}."


PICK = "The expert bot's pick"
