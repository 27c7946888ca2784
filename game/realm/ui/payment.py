"""Bidding and paying in a reckoning: the sealed-bid dial and the payment panel.

``PaymentPanel`` is mixed into the table scene: it builds the buttons of the ``bid`` and ``pay``
decisions and draws their panels. Everything it reads comes through the engine's public accessors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pygame

from game.shell.text import text_size, wrap
from game.shell.widgets import Button

from ..engine.advice import PaymentAdvice, rank_payments, rank_payments_for_rows
from ..engine.constants import MATCH, coin_bids
from . import look as L
from .table import MERC_Y, SUPPLY_RECT
from .words import coin_bid_note, merc_name, penalty_words, plural
from .words import payment as payment_words

PAY_RECT = pygame.Rect(16, 604, 984, 288)  # over the hand (= HAND_RECT), never over the monument spaces
RIGHT_X = PAY_RECT.x + 496  # the resource steppers; the ranked ways to pay on the left
SHOWN_WAYS = 3
WAY_H = 64  # one way to pay: what it spends (up to two lines) and what it costs


class WayButton(Button):
    """A way to pay as a button: what it spends, then its consequences in their colour."""

    def __init__(self, lines: list[str], said: str, colour: tuple, rect: Any, on_click: Any, **kw: Any) -> None:
        super().__init__("", rect, on_click, size="tiny", **kw)
        self.lines, self.said, self.colour = lines, said, colour

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ink = L.INK if self.style == "primary" else L.TEXT
        x, y = self.rect.x + 8, self.rect.y + 5
        for line in self.lines:
            L.text(surface, line, (x, y), 13, ink, bold=True)
            y += 17
        colour = self.colour if self.style != "primary" else L.INK
        L.text(surface, self.said, (x, self.rect.bottom - 20), 13, colour)
BID_RECT = pygame.Rect(580, 604, 410, 246)  # a bid panel right of four cards in hand, above the supply: the right edge
# the bid panel stands in one place at every bid (play-test s6 p2 item 15: it moved between reckonings), from BID_LEFT,
# over the hand but clear of its first card, "Your hand" and the mercenaries: its words fit there in 9 lines
BID_LEFT = 156
MERCS_TOP = MERC_Y  # the "Mercenaries" line under the hand's cards (play-test: the panel cut through it)
BID_LINE, BID_TOP_ROW = 16, 56  # a line of the panel's words; the dial's row (12 to 52) above them
FOOTER_GAP = 4  # between the panel's words and its footer (how to set the dial, the region's line)
BID_HELP = "type the number, or use the wheel or the arrow keys"
BESIDE_BID = 414  # from the panel's left: where the help may stand beside the Bid button, in a wide panel
WARN = (240, 140, 120)  # the last place's words: a light red, readable on the panel (4.8:1)
BOLD = (L.GOLD, L.HILITE)  # the colours of the bid panel's bold lines: headings and the hint


def spend_lines(words: str, width: int, short_words: str | None = None) -> list[str]:
    """What a way to pay spends, in lines of ``width`` at 13 px bold: in words in two lines where they
    fit, else in ``short_words`` (mercenaries' colours by their letters) with "infl." and "disc.", and in
    a third line rather than cut."""
    lines = wrap(words, width, 13, bold=True)
    if len(lines) > 2:
        shorter = (short_words or words).replace(" influence", " infl.").replace(" discarded", " disc.")
        lines = wrap(shorter, width, 13, bold=True)
    return lines


class Headed(str):
    """A line of the bid panel that begins with a heading, drawn bold in gold, the rest in the body's colour
    on the same line (the heading's own line would leave most of a line empty): ``head`` characters."""

    head: int

    def __new__(cls, line: str, head: int) -> Headed:
        made = super().__new__(cls, line)
        made.head = head
        return made


def headed_lines(head: str, text: str, width: int) -> list[str]:
    """``head`` then ``text`` in lines of ``width`` at 13 px, the first a ``Headed`` line: wrapped as if the
    heading were bold throughout, so the bold heading never pushes its line past ``width``."""
    extra = text_size(head, 13, bold=True)[0] - text_size(head, 13)[0]
    lines = wrap(f"{head} {text}", width - extra, 13)
    return [Headed(lines[0], len(head)), *lines[1:]] if lines[0].startswith(head) else lines


def ways_heading(weighed: int, ways: int) -> str:
    """The heading of the pay screen's ranked ways: where there are more legal ways than the ranking weighs
    (``rank_payments`` takes the first ``limit`` the engine lists, mercenaries often among the last), it says
    the list is the best of those only; the others are still there to set by hand."""
    if weighed >= ways:
        return "Ways to pay, best for your score first:"
    return f"Best of the first {weighed} of {ways} ways, for your score:"


@dataclass(frozen=True)
class BidLayout:
    """Where the bid panel stands and how its words are shared out (``PaymentPanel.bid_layout``)."""

    rect: pygame.Rect
    beside: list[str]  # how to set the dial, beside the Bid button in a wide panel
    footer: list[str]  # at the panel's foot: how to set the dial where not beside, then the region's line
    room: int  # lines left for the words between the dial and the footer


SHORTEST = 2  # the bid panel's words in full, then up to two steps shorter (``PaymentPanel._bid_lines``)
SAID_LOSSES = 2  # the bid panel names the worst two losses of a bid's best payment, then counts the rest
NO_CONSEQUENCES = "keeps your monument points and artifacts"  # a payment that costs nothing at the scoring


def whole_items(prefix: str, items: list[str], sep: str, width: int, lines: int, more: str, *,
                what: str) -> list[str]:
    """``prefix`` and as many whole ``items`` as fit in ``lines`` lines of ``width`` at 13 px, then how many
    are left out and where to read them (``more``, e.g. "hover" or "point at Pay"): never an item cut off
    mid-word. Where not even one fits with that, how many there are, named by ``what`` (a noun: "4 consequences
    (hover)"), and where to read them if that fits too."""
    where = f" ({more})" if more else ""
    for k in range(len(items), 0, -1):
        left = len(items) - k
        text = prefix + sep.join(items[:k]) + (f"{sep}{left} more{where}" if left else "")
        wrapped = wrap(text, width, 13)
        if len(wrapped) <= lines:
            return wrapped
    counted = prefix + plural(len(items), what)
    for text in (counted + where, counted):
        wrapped = wrap(text, width, 13)
        if len(wrapped) <= lines:
            return wrapped
    return wrapped[:lines]


def most_lines(head: str, sources: list[tuple[str, int]], width: int, lines: int) -> list[str]:
    """``head`` ("You can pay at most 17 here:") and where that most comes from (``bid_sources``) in ``lines``
    lines of ``width`` at 13 px, shorter step by step where it does not fit: the sources without the coins'
    note; the first sources by their worth, and the rest added up by name ("acolytes here 3, and 14 from
    coins and mercenaries"); the sources named only. Never an unexplained "4 more" (play-test: "acolytes here
    3, 4 more" meant nothing)."""
    items = [f"{what} {v}" for what, v in sources]
    tries = [", ".join(items) or "nothing"]
    for named in (lambda what: what, _source_kind):  # the rest by name, then by kind ("influence")
        for k in range(len(items) - 1, 0, -1):
            rest = sources[k:]
            tries.append(", ".join(items[:k]) + f", and {sum(v for _w, v in rest)} from "
                         + and_list(list(dict.fromkeys(named(what) for what, _v in rest))))
    if sources:
        tries.append("from " + and_list(list(dict.fromkeys(_source_kind(what) for what, _v in sources))))
    for words in tries:
        wrapped = wrap(f"{head} {words}", width, 13)
        if len(wrapped) <= lines:
            return wrapped
    return wrap(head, width, 13)[:lines]


def _source_kind(what: str) -> str:
    """A source of the most by its kind: "Guidance influence" -> "influence", "Radiance wardens discarded" ->
    "wardens discarded"."""
    if what.endswith("influence"):
        return "influence"
    if "warden" in what:
        return "wardens discarded"
    return what


def and_list(words: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def short_consequence(words: str) -> str:
    """One consequence of a payment, short for its button ("-5 VP from the Equity Track monument" ->
    "-5 VP Equity Track", "-7 VP from the best monument you can build (Coin Hoard)" -> "-7 VP from the Coin
    Hoard you could build"); the button's tooltip keeps the words in full."""
    could = r"\1 VP from the \2 you could build"
    words = re.sub(r"^([-+]\d+) VP from the best monument you can build \((.*)\)$", could, words)
    return re.sub(r"^([-+]\d+) VP from the (.*) monument$", r"\1 VP \2", words)


def _colour_mask(colours: list[int]) -> int:
    return sum(1 << col for col in colours)


def paid(st: Any, p: int, a: tuple) -> int:
    """What payment ``a`` is worth against the bid (as the engine counts it: kept matching wardens
    pay 1 each, a discarded one 3, a mercenary 1 per matching colour up to 2)."""
    _, aco, cb, infl, mercs, disc = a
    colours = st.matching_colours(st.reckoning_region())
    mask = _colour_mask(colours)
    kept = sum(st.wardens_of(p, col) for col in colours)
    mv = sum(MATCH[st.c.mercenaries[m].mask & mask] for m in mercs)
    return aco + cb + sum(infl) + mv + kept + 2 * sum(disc)


def bid_sources(st: Any, p: int, own: bool) -> list[tuple[str, int]]:
    """Where seat ``p``'s most in the reckoning comes from (rulebook p.14), as (what, value): the most
    is reached by discarding every matching warden (3 each; kept, one pays 1, free: ``free_bids``).

    ``own``: the seat's own mercenaries by their colours; a rival's mercenaries are hidden, so
    they are left out here (the caller shows "up to 2 each").
    """
    c = st.c
    region = st.reckoning_region()
    out = [("acolytes here", st.acolytes_in(region, p))]
    coins = st.coins[p]  # public: every seat's coins are on the table
    k = coin_bids(coins)
    out.append(("coins", k))  # why so many: coin_bid_note
    colours = st.matching_colours(region)
    for col in colours:
        out.append((f"{c.pillar_names[col]} influence", st.track(p, col)))
        wardens = st.wardens_of(p, col)
        out.append((f"{c.pillar_names[col]} warden{'s' if wardens != 1 else ''} discarded", 3 * wardens))
    if own:
        mask = _colour_mask(colours)
        out.append(("mercenaries", sum(MATCH[c.mercenaries[m].mask & mask] for m in st.mercenaries(p))))
    return [(what, v) for what, v in out if v]


def kept_wardens(st: Any, p: int) -> list[tuple[int, int]]:
    """Seat ``p``'s wardens of this reckoning's colours, as (colour, how many): kept, each pays 1 of a bid
    for free (public: wardens are on the table)."""
    colours = st.matching_colours(st.reckoning_region())
    return [(col, st.wardens_of(p, col)) for col in colours if st.wardens_of(p, col)]


def free_bids(st: Any, p: int) -> int:
    """How much seat ``p`` can bid at no cost: its kept matching wardens pay 1 each."""
    return sum(k for _col, k in kept_wardens(st, p))


def free_bid_words(c: Any, st: Any, p: int, discarded: int = 0) -> str:
    """What the kept matching wardens pay, said before a bid ("" without any): "Bids up to 3 cost nothing:
    your 1 Understanding and 2 Dominion wardens stay and pay 1 each.". ``discarded``: how many of them the
    panel's example of a payment (``bid_example``) discards; then the wardens are not said to stay, but what
    each pays kept and discarded, so the example agrees (play-test s7: "your warden stays" beside an example
    that discarded it)."""
    kept = kept_wardens(st, p)
    free = sum(k for _col, k in kept)
    if not free:
        return ""
    if free == 1:
        name = c.pillar_names[kept[0][0]]
        if discarded:
            return f"Your {name} warden pays 1 if kept, 3 if discarded: a bid of 1 costs nothing."
        return f"A bid of 1 costs nothing: your {name} warden stays and pays it."
    named = [f"{k} {c.pillar_names[col]}" for col, k in kept]
    which = " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)
    if discarded:
        return f"Your {which} wardens pay 1 each if kept, 3 if discarded: bids up to {free} cost nothing."
    return f"Bids up to {free} cost nothing: your {which} wardens stay and pay 1 each."


def points_lost(advice: PaymentAdvice) -> tuple[str, ...]:
    """The consequences of a payment that lose points or an artifact ("-5 VP from the Equity Track monument",
    "loses the Equity artifact"), worst first; a lost lead alone costs no points."""
    return tuple(w for w in advice.consequences if w.startswith("-") or (w.startswith("loses the") and "artifact" in w))


def pay_hint_words(hinted: PaymentAdvice, best: PaymentAdvice, why: str) -> str:
    """What the hint's payment is beside the pay list's starred way: the same, or another way with what it loses
    at this age's scoring that the starred one keeps (a suggestion never costs points unsaid: play-test s7, the
    hint filled in a payment that lost the Guidance artifact beside a starred way that kept it)."""
    if hinted.action == best.action:
        return f"Hint: the \u2605 way to pay. {why}"
    lost = [w for w in points_lost(hinted) if w not in points_lost(best)]
    if lost:
        return (f"Hint: this way to pay {'; '.join(lost)}, which the \u2605 way keeps: the bot weighs the rest "
                f"of the game, the list this age's scoring only. {why}")
    return f"Hint: another way than the \u2605 one, losing no more points at this scoring. {why}"


def may_build(st: Any) -> bool:
    """Whether the seat that takes this reckoning's monument row (every reward card has one) could still build."""
    return st.monuments_left > 0 and any(b is None for b in st.built)


def bid_payment_rankings(st: Any, p: int, bid: int) -> list[list[PaymentAdvice]]:
    """The pay screen's ranked ways to pay a bid of ``bid``, before it is made: the same ranking
    (``rank_payments``) over the same ways, for each row the bid may win that weighs them differently (the
    monument row first, where a monument can still be built: a payment then says what it costs the monument
    you build; then any other row). Empty lists: more than ``p`` can pay."""
    rows = (True, False) if may_build(st) else (False,)
    if bid > st.bid_limit(p):
        return [[] for _ in rows]
    return rank_payments_for_rows(st, p, rows, bid=bid)


def best_ways_lose(rankings: list[list[PaymentAdvice]]) -> tuple[str, ...]:
    """What the best way of each ranking (``bid_payment_rankings``) loses, points or an artifact, each said
    once: the monument row's losses first."""
    lost: list[str] = []
    for ranked in rankings:
        if ranked:
            lost += [w for w in points_lost(ranked[0]) if w not in lost]
    return tuple(lost)


def bid_example(rankings: list[list[PaymentAdvice]]) -> tuple | None:
    """The bid panel's example of a payment: the pay screen's best way (``bid_payment_rankings``), for the
    monument row where it can be won; None where nothing is ranked (a free bid, or more than can be paid)."""
    return rankings[0][0].action if rankings and rankings[0] else None


def bid_cost_words(c: Any, st: Any, p: int, bid: int, rankings: list[list[PaymentAdvice]] | None = None) -> str:
    """What a bid of ``bid`` would cost seat ``p`` when paid: the part its kept matching wardens pay free,
    then the resources of the pay screen's best way to pay (said "e.g." when there are others), then the
    points or artifact the best way loses, whichever row the bid wins, if any. ``rankings``: the bid's
    ``bid_payment_rankings``, where the caller has them already."""
    free = free_bids(st, p)
    if bid <= free:
        return f"A bid of {bid} costs nothing."
    rankings = bid_payment_rankings(st, p, bid) if rankings is None else rankings
    if not rankings[0]:
        return f"A bid of {bid} is more than you can pay."
    best = rankings[0][0].action
    still_kept = free - sum(best[5])  # a warden discarded (worth 3) no longer stays to pay 1
    # the bid panel's example counts the mercenaries (a hand of seven named ran to five lines, played by mouse)
    example = ("e.g. " if st.payment_count(p, bid=bid) > 1 else "") + payment_words(c, best, counted=True)
    lost = [short_consequence(words) for words in best_ways_lose(rankings)]  # in full on the pay screen
    if len(lost) > SAID_LOSSES:  # the worst, then how many more: the panel's words fit beside the hand
        more = len(lost) - SAID_LOSSES
        lost = lost[:SAID_LOSSES] + [f"{more} more loss{'es' if more > 1 else ''}"]
    loss = f": {'; '.join(lost)}" if lost else ""
    if still_kept:
        return f"A bid of {bid}: {still_kept} free (kept wardens), then {example}{loss}."
    return f"A bid of {bid} costs {example}{loss}."


def no_points_limit(st: Any, p: int) -> int:
    """The largest bid seat ``p`` can make whose pay screen's best way loses no points or artifact, whichever
    row it wins. Bids are weighed from 1 up and the first that loses stops it."""
    most = st.bid_limit(p)
    for bid in range(free_bids(st, p) + 1, most + 1):
        if best_ways_lose(bid_payment_rankings(st, p, bid)):
            return bid - 1
    return most


def dial_points_words(st: Any, p: int, bid: int, limit: int, loses: bool) -> str:
    """Whether paying the dial's bid ``bid`` loses points or an artifact, said of that bid, with the first bid
    that does (``limit``: ``no_points_limit``; "" when no bid up to the most loses); ``loses``: whether the
    bid's best ways lose any, as the panel's cost line says. Play-test g7: at a dial of 0 the panel said "A bid
    of 1 keeps all your points and artifacts", of a bid nobody had chosen."""
    if limit >= st.bid_limit(p):
        return ""
    if loses:
        return f"To lose no points or artifacts, bid at most {limit}."
    if bid == 0:
        upto = f"paying up to {limit} loses no points or artifacts, " if limit else ""
        return f"A bid of 0 pays nothing; {upto}paying {limit + 1} loses some."
    if bid < limit:
        return f"Paying {bid} (or any bid up to {limit}) loses no points or artifacts; paying {limit + 1} would."
    if bid == limit:
        return f"Paying {bid} loses no points or artifacts; paying {limit + 1} would."
    return f"Paying {bid} loses no points or artifacts."


def rival_most(st: Any, q: int) -> tuple[int, int]:
    """The least and the most seat ``q`` could pay in this reckoning, as a rival sees it: its mercenaries are
    hidden, so each may add up to 2."""
    lo = sum(v for _what, v in bid_sources(st, q, own=False))
    return lo, lo + 2 * len(st.mercenaries(q))  # the count is public, the cards are not


ROWS_RULE = "Reward rows are chosen by bid, highest first"


def lowest_bid_words(c: Any, st: Any, short: bool = False) -> str:
    """How the rows of this reckoning's reward card are shared out, said before the bids (rulebook p.13 and
    docs/rules-decisions.md): in bid order, highest first (``ROWS_RULE``); anyone may take the last place
    row on their turn instead, and whoever takes it pays no bid; the lowest bid gets the row left. The last
    place row is named by what it takes (a card whose last row is no penalty: the order alone). ``short``:
    without what the lowest bid gets, for the panel's most crowded states (``SHORTEST``)."""
    row = c.rewards[st.reckoning_reward()].rows[-1]
    if not row.is_penalty:
        return f"{ROWS_RULE}; the lowest bid gets the row left."
    last = f"anyone may take last place ({penalty_words(row)})"
    if short:
        return f"{ROWS_RULE}; {last} and pay no bid."
    return f"{ROWS_RULE}; {last} instead and pay no bid. The lowest bid gets the row left."


def wins_ties_against(st: Any, p: int) -> list[int]:
    """The rivals who choose before seat ``p`` on an equal bid (rulebook p.13 and the engine's order: the
    lower score first, then the drafting order from the first player)."""
    draft = st.drafting_order()
    return [q for q in range(st.n) if q != p and (st.score[q], draft.index(q)) < (st.score[p], draft.index(p))]


TIE_RULE = "On an equal bid the lower score chooses first, then the nearer the first player in drafting order."


def last_place_risk_words(st: Any, p: int, bid: int, namer: Any, short: bool = False) -> str:
    """Whether a bid of ``bid`` can be the lowest, and so be left the last place row: it cannot once it is over
    what some rival could pay at most (``namer`` names that rival); else it is the lowest if every rival bids
    more, or as much where that rival wins the tie (``wins_ties_against``, named; ``TIE_RULE``). In the
    2-player game the table's bid is one more to weigh: it loses every tie. ``short``: without the why."""
    most, q = min((rival_most(st, q)[1], q) for q in range(st.n) if q != p)
    if bid > most:
        return f"A bid of {bid} cannot be the lowest" + ("." if short else f": {namer(q)} can pay at most {most}.")
    if short:
        return f"A bid of {bid} may be the lowest."
    ahead = wins_ties_against(st, p)
    if not ahead:
        bids = "more"
    elif len(ahead) == st.n - 1:
        bids = "as much or more"
    else:
        bids = f"more, or as much for {' and '.join(namer(q) for q in ahead)}"
    if st.n == 2:  # the table's bid counts too; it loses every tie
        return f"A bid of {bid} is the lowest if your rival bids {bids} and the table bids more. {TIE_RULE}"
    return f"A bid of {bid} is the lowest if every rival bids {bids}. {TIE_RULE}"


class PaymentPanel:
    """The bid and pay decisions of the table scene (a mixin: it uses the scene's ``s``, ``buttons``,
    ``pay``, ``pay_rows``, ``bid_value``, ``bid_key``, ``bid_hint``, ``bid_costs``, ``submit``, ``rebuild``
    and ``seat_label``)."""

    def only_move(self) -> bool:
        """A payment's decision lists a short list of ways to pay (``legal_actions``), which may hold one of many;
        the panel offers every legal payment, so it is the only move only when the bid has one way to be paid."""
        st = self.s.state  # type: ignore[attr-defined]
        if st.decision_name() == "pay":
            return st.payment_count(st.to_move()) == 1
        return super().only_move()  # type: ignore[misc]

    def bid_decision_key(self) -> tuple:
        """Which bid the dial is set for (a new reckoning's bid is another)."""
        st = self.s.state
        return (st.age, st.round, len(self.s.actions))

    def hint_bid(self, bid: int, why: str) -> None:
        """A hinted bid: the dial is set to it and the reason stays beside it until the bid changes or is sent."""
        self.bid_key, self.bid_digits = self.bid_decision_key(), ""
        self.bid_value = bid
        self.bid_hint = (self.bid_key, bid, why)
        self.rebuild()  # the panel may grow for the reason, and its buttons with it

    def _bid_buttons(self, st: Any) -> None:
        mx = st.bid_limit(st.to_move())
        key = self.bid_decision_key()
        if self.bid_key != key:  # a new bid starts at 0, never at the last one
            self.bid_key, self.bid_value, self.bid_digits = key, 0, ""
            self.bid_costs = {}
        self.bid_value = min(self.bid_value, mx)
        rect = self.bid_layout(st).rect
        bx, by = rect.x + 12, rect.y + 12
        self.buttons.append(Button("-", (bx, by, 50, 40), lambda: self._bump(-1), shortcut=pygame.K_LEFT))
        self.buttons.append(Button("+", (bx + 150, by, 50, 40), lambda: self._bump(1), shortcut=pygame.K_RIGHT))
        self.buttons.append(Button("Bid", (bx + 214, by, 160, 40), self._send_bid,
                                   shortcut=pygame.K_RETURN, style="primary"))

    def _send_bid(self) -> None:
        self.bid_hint = None  # said until the bid is sent
        self.submit(("bid", self.bid_value))

    def _bump(self, k: int) -> None:
        mx = self.s.state.bid_limit(self.s.to_move())
        self.bid_value = max(0, min(mx, self.bid_value + k))
        self.bid_digits = ""

    def _bid_input(self, event: pygame.event.Event) -> bool:
        """The dial also takes typed digits (a number above the most starts again from the last
        digit; Backspace takes one back), the mouse wheel and the up and down arrows."""
        st = self.s.state
        if not self.buttons or st.is_terminal() or st.decision_name() != "bid" or self.viewer != st.to_move():
            return False
        if event.type == pygame.MOUSEWHEEL:
            self._bump(1 if event.y > 0 else -1)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self._bump(1 if event.key == pygame.K_UP else -1)
            return True
        digits = self.bid_digits
        if event.key == pygame.K_BACKSPACE:
            digits = digits[:-1]
        elif event.unicode and event.unicode in "0123456789":
            digits = digits + event.unicode if int(digits + event.unicode) <= st.bid_limit(st.to_move()) \
                else event.unicode
        else:
            return False
        self.bid_digits = digits
        self.bid_value = min(int(digits or 0), st.bid_limit(st.to_move()))
        return True

    # payment: the ranked ways to pay on the left (best for the score first), resource by resource
    # on the right, starting from the best-ranked payment
    def _pay_buttons(self, st: Any, legal: list[tuple]) -> None:
        p = st.to_move()
        key = (st.age, st.round, len(self.s.actions))
        if self.pay is None or self.pay.get("key") != key:
            ranked = rank_payments(st, p)
            _, aco, cb, infl, mercs, disc = ranked[0].action
            self.pay = {"key": key, "a": aco, "c": cb, "i": list(infl), "m": set(mercs), "d": list(disc),
                        "ranked": ranked, "ways": st.payment_count(p)}
        elif "ranked" not in self.pay:  # filled in by a hint before the panel was built
            self.pay.update(ranked=rank_payments(st, p), ways=st.payment_count(p))
        self.pay_rows = []
        act = self._current_payment()
        self._pay_choice_buttons(act)
        self._pay_steppers(st, p)
        ok = st.is_legal(act)
        b = Button("Pay", (PAY_RECT.right - 130, PAY_RECT.y + 8, 120, 32), lambda: self.submit(act),
                   shortcut=pygame.K_RETURN, style="primary")
        b.enabled = ok
        worth = paid(st, p, act)
        bid = st.bid_of(p)
        note = "" if ok else (" \u2013 not enough yet" if worth < bid else " \u2013 too much")
        self.pay_rows.append((f"Your bid: {bid} \u00b7 paid {worth} of {bid}{note}", (RIGHT_X, PAY_RECT.y + 10),
                              L.TEXT))
        if ok:
            adv = self._advice_of(st, p, act)
            if adv.consequences:
                b.tooltip = "This payment " + "; ".join(adv.consequences)
            if adv.loses_artifact or adv.points < 0:  # said before it is confirmed
                warning = whole_items("This payment: ", list(adv.consequences), "; ", PAY_RECT.right - RIGHT_X - 12,
                                      2, "point at Pay", what="consequence")
                for i, line in enumerate(warning):
                    self.pay_rows.append((line, (RIGHT_X, PAY_RECT.y + 40 + 17 * i), L.BAD))
        self.buttons.append(b)
        colours = st.matching_colours(st.reckoning_region())
        kept = sum(st.wardens_of(p, col) for col in colours)
        self.pay_rows.append((f"Kept matching wardens pay 1 each ({kept}); a discarded one pays 3.",
                              (RIGHT_X, PAY_RECT.y + 78), L.TEXT_DIM))

    def _current_payment(self) -> tuple:
        pay = self.pay
        return ("pay", pay["a"], pay["c"], tuple(pay["i"]), tuple(sorted(pay["m"])), tuple(pay["d"]))

    def _advice_of(self, st: Any, p: int, act: tuple) -> PaymentAdvice:
        for adv in self.pay["ranked"]:
            if adv.action == act:
                return adv
        return rank_payments(st, p, [act])[0]

    def _pay_choice_buttons(self, act: tuple) -> None:
        """The best-ranked payments, each with what it costs at the coming end-of-age scoring."""
        c = self.s.content
        x, y, w = PAY_RECT.x + 12, PAY_RECT.y + 10, RIGHT_X - PAY_RECT.x - 36
        ranked = self.pay["ranked"]
        self.pay_rows.append((ways_heading(len(ranked), self.pay["ways"]), (x, y), L.GOLD))
        y += 24
        shown = 0
        for i, adv in enumerate(ranked[:SHOWN_WAYS]):
            star = "\u2605 " if i == 0 else ""
            lines = spend_lines(star + payment_words(c, adv.action), w - 16,
                                star + payment_words(c, adv.action, short=True))
            height = WAY_H - 4 + 17 * (len(lines) - 2)
            if y + height > PAY_RECT.bottom - 4:  # long ways to pay (mercenaries by name): the rest on the right
                break
            shown = i + 1
            said = "; ".join(adv.consequences) or NO_CONSEQUENCES
            colour = L.BAD if adv.loses_artifact or adv.points < 0 else (L.GOLD if adv.consequences else L.GOOD)
            shorts = [short_consequence(words) for words in adv.consequences]  # the costliest first, whole
            costs = whole_items("", shorts, "; ", w - 16, 1, "hover", what="consequence")[0] if shorts else said
            self.buttons.append(WayButton(lines, costs, colour,
                                          (x, y, w, height),
                                          lambda a=adv.action: self._pay_set(a),
                                          style="primary" if adv.action == act else "secondary",
                                          tooltip=f"{payment_words(c, adv.action)}: {said}"))
            y += WAY_H + 17 * (len(lines) - 2)
        ways = self.pay["ways"]
        if ways > shown and y + 18 <= PAY_RECT.bottom:  # a long way to pay may take its room
            self.pay_rows.append((f"{ways} ways in all: set any other on the right", (x, y + 2), L.TEXT_DIM))

    def _pay_steppers(self, st: Any, p: int) -> None:
        """A - / + pair for each resource that can pay here, then the matching mercenaries."""
        c = self.s.content
        region = st.reckoning_region()
        x, y = RIGHT_X, PAY_RECT.y + 102
        kmax = coin_bids(st.coins[p])
        coins = self.pay["c"] * (self.pay["c"] + 1) // 2
        self._stepper("a", f"acolytes {self.pay['a']}/{st.acolytes_in(region, p)}", st.acolytes_in(region, p), x, y)
        self._stepper("c", f"coin bids {self.pay['c']}/{kmax} ({plural(coins, 'coin')})", kmax, x + 200, y)
        for col in st.matching_colours(region):
            track, wardens = st.track(p, col), st.wardens_of(p, col)
            if not track and not wardens:
                continue
            y += 28
            self.pay_rows.append((c.pillar_names[col], (x, y + 5), L.TEXT))
            self._stepper(f"i{col}", f"influence {self.pay['i'][col]}/{track}", track, x + 112, y)
            self._stepper(f"d{col}", f"discard {self.pay['d'][col]}/{wardens} (\u00d73)", wardens, x + 290, y)
        mask = _colour_mask(st.matching_colours(region))
        mine = [m for m in st.mercenaries(p) if c.mercenaries[m].mask & mask]
        if mine:
            y += 32
            self.pay_rows.append(("Mercs", (x, y + 5), L.TEXT))
            mx = x + 52
        for m in mine:
            if mx + 66 > PAY_RECT.right - 8:  # the next row
                mx, y = x + 52, y + 30
            on = m in self.pay["m"]
            letters = "/".join(c.pillar_letters[k] for k in c.mercenaries[m].colors)
            worth = MATCH[c.mercenaries[m].mask & mask]
            self.buttons.append(Button(("\u2713 " if on else "") + letters, (mx, y, 64, 26),
                                       lambda m=m: self._pay_merc(m), size="tiny",
                                       style="primary" if on else "secondary",
                                       tooltip=f"{merc_name(c, m)}: pays {worth} of the bid here"))
            mx += 68

    def _stepper(self, key: str, label: str, most: int, x: int, y: int) -> None:
        if most <= 0:
            return
        self.buttons.append(Button("-", (x, y, 30, 26), lambda: self._pay_bump(key, -1), size="tiny"))
        self.buttons.append(Button("+", (x + 34, y, 30, 26), lambda: self._pay_bump(key, 1, most), size="tiny"))
        self.pay_rows.append((label, (x + 70, y + 5), L.TEXT))

    def _pay_set(self, a: tuple) -> None:
        _, aco, cb, infl, mercs, disc = a
        self.pay.update(a=aco, c=cb, i=list(infl), m=set(mercs), d=list(disc))
        self.rebuild()

    def _pay_bump(self, key: str, k: int, mx: int = 99) -> None:
        if key in ("a", "c"):
            self.pay[key] = max(0, min(mx, self.pay[key] + k))
        else:
            lst = self.pay[key[0]]
            col = int(key[1:])
            lst[col] = max(0, min(mx, lst[col] + k))
        self.rebuild()

    def _pay_merc(self, m: int) -> None:
        self.pay["m"] ^= {m}
        self.rebuild()

    def _draw_pay_panel(self, surface: pygame.Surface) -> None:
        if not self.pay_rows:
            return
        pygame.draw.rect(surface, L.BG_PANEL_HI, PAY_RECT, border_radius=8)
        pygame.draw.line(surface, L.BG_PANEL, (RIGHT_X - 12, PAY_RECT.y + 8), (RIGHT_X - 12, PAY_RECT.bottom - 8), 2)
        with L.box(PAY_RECT):
            for line, pos, colour in self.pay_rows:
                L.text(surface, line, pos, 13, colour, bold=colour == L.GOLD)

    def bid_panel_lines(self, st: Any, p: int, room: int = 14, width: int = BID_RECT.w - 28,
                        bid: int | None = None) -> list[tuple[str, tuple]]:
        """The words beside the dial, line by line with their colours: the hint's reason while the dial
        shows the hinted bid, what the bid on the dial (or ``bid``) costs (free from kept wardens, then
        resources), how the reward rows are chosen (by bid; last place, which pays no bid, taken by anyone who
        wants it or left to the lowest bid) and whether this bid can be the lowest, where the most comes from,
        and what each rival could pay at most (public); in ``room`` lines of ``width`` where they would take
        more (``_bid_lines``'s steps, and where the most comes from shortened)."""
        bid = self.bid_value if bid is None else bid
        for short in range(SHORTEST + 1):
            out = self._bid_lines(st, p, room, width, bid, short)
            if len(out) <= room:
                break
        return out

    def _bid_lines(self, st: Any, p: int, room: int, width: int, bid: int, short: int) -> list[tuple[str, tuple]]:
        """``bid_panel_lines``, ``short`` steps shorter: 0 in full; 1 whether the bid can be the lowest said
        short; 2 (``SHORTEST``) the rule of the rows' order short, and not whether the bid can be the lowest."""
        c = self.s.content
        out: list[tuple[str, tuple]] = []

        def say(words: str, colour: tuple) -> None:  # the gold and the hint's words are bold; nothing: no line
            if words:
                out.extend((line, colour) for line in wrap(words, width, 13, bold=colour in BOLD))

        hint = self.bid_hint
        if hint is not None and hint[0] == self.bid_key and hint[1] == bid:
            say(f"Hint: bid {hint[1]}. {hint[2]}", L.HILITE)
        example = bid_example(self._bid_rankings(st, p, bid))
        free = free_bid_words(c, st, p, sum(example[5]) if example else 0)  # as the example pays
        say(free, L.GOOD)
        say(self._bid_cost_paragraph(st, p, bid, bool(free)), L.TEXT)
        risk = last_place_risk_words(st, p, bid, self.seat_label, short >= 1) if short < SHORTEST else ""
        say(f"{lowest_bid_words(c, st, short >= SHORTEST)} {risk}".strip(), WARN)
        head = f"You can pay at most {st.bid_limit(p)} here:"  # its heading on its first line (``Headed``)
        sources_at = len(out)
        found = bid_sources(st, p, own=True)
        sources = [f"{what} {v}" + (f" ({coin_bid_note(st.coins[p])})" if what == "coins" else "")
                   for what, v in found]
        out.extend((line, L.TEXT) for line in headed_lines(head, ", ".join(sources) or "nothing", width))
        sources_end = len(out)
        out.extend((line, L.TEXT) for line in headed_lines(self._rivals_heading(st, p),
                                                           " \u00b7 ".join(self._rival_mosts(st, p)), width))
        over = len(out) - room
        if over > 0:  # where the most comes from gives way, in part, to the rest (its lines say it whole)
            keep = max(1, sources_end - sources_at - over)
            extra = text_size(head, 13, bold=True)[0] - text_size(head, 13)[0]
            shown = most_lines(head, found, width - extra, keep)
            shown = [Headed(shown[0], len(head)), *shown[1:]] if shown[0].startswith(head) else shown
            out[sources_at:sources_end] = [(line, L.TEXT) for line in shown]
        return out

    def _bid_cost_paragraph(self, st: Any, p: int, bid: int, free_said: bool) -> str:
        """What a bid of ``bid`` costs ("" where the kept wardens' line says it), then the largest bid that
        costs no points: one paragraph, a line less than two (each worked out once per bid decision)."""
        key = (self.bid_key, bid)
        if key not in self.bid_costs:
            costs = bid > free_bids(st, p) or (not free_said and bid)
            self.bid_costs[key] = bid_cost_words(self.s.content, st, p, bid, self._bid_rankings(st, p, bid)) \
                if costs else ""
        limit = (self.bid_key, "no points")  # it weighs every bid up to the first that loses: once a decision
        if limit not in self.bid_costs:
            self.bid_costs[limit] = no_points_limit(st, p)
        loses = bool(best_ways_lose(self._bid_rankings(st, p, bid)))
        said = dial_points_words(st, p, bid, self.bid_costs[limit], loses)
        return f"{self.bid_costs[key]} {said}".strip()

    def _bid_rankings(self, st: Any, p: int, bid: int) -> list[list[PaymentAdvice]]:
        """``bid_payment_rankings`` of a bid over what the kept wardens pay (empty for a free bid), worked out
        once per bid decision: the example and the kept wardens' line both read it."""
        key = (self.bid_key, bid, "ranked")
        if key not in self.bid_costs:
            self.bid_costs[key] = bid_payment_rankings(st, p, bid) if bid > free_bids(st, p) else []
        return self.bid_costs[key]

    @staticmethod
    def _rivals_heading(st: Any, p: int) -> str:
        """The rivals' line's heading, saying what a range and "free" mean where the line has them."""
        rivals = [q for q in range(st.n) if q != p]
        why = ["public"]
        if any(st.mercenaries(q) for q in rivals):
            why.append("a range: hidden mercenaries add 0\u20132 each")
        if any(free_bids(st, q) for q in rivals):
            why.append("free: kept wardens pay it")
        return f"Rivals could pay at most ({'; '.join(why)}):"

    def _rival_mosts(self, st: Any, p: int) -> list[str]:
        """What each rival could pay at most, as the table shows it: "The Guilded: 5\u20139 (1 free)"."""
        out = []
        for q in range(st.n):
            if q != p:
                lo, hi = rival_most(st, q)
                free_q = free_bids(st, q)
                most = f"{lo}" if hi == lo else f"{lo}\u2013{hi}"
                out.append(f"{self.seat_label(q)}: {most}" + (f" ({free_q} free)" if free_q else ""))
        return out

    @staticmethod
    def _secret_line(region: str, width: int) -> str:
        """The bid's place and secrecy in one line at 13 px, the region left out where it does not fit."""
        line = f"in {region}; secret until all have bid"
        return line if text_size(line, 13)[0] <= width else "secret until all have bid"

    def _bid_layout_at(self, st: Any, left: int) -> BidLayout:
        """The bid panel from ``left`` to the narrow panel's right: above the supply, and above the
        mercenaries in hand where it reaches over them; the help beside the Bid button where it fits in two
        lines, else in the footer over the region's line; how many lines the words above may take."""
        bottom = (SUPPLY_RECT.y - 6) if left >= SUPPLY_RECT.x else (MERCS_TOP - 2)
        rect = pygame.Rect(left, BID_RECT.y, BID_RECT.right - left, bottom - BID_RECT.y)
        beside_w = rect.w - BESIDE_BID - 12
        region = self.s.content.region_names[st.reckoning_region()]
        footer = [BID_HELP, self._secret_line(region, beside_w if beside_w >= 100 else rect.w - 28)]
        beside: list[str] = []
        if beside_w >= 100:  # as many of the footer's lines as fit in two lines beside the Bid button go there
            for k in (2, 1):
                lines = [line for words in footer[:k] for line in wrap(words, beside_w, 13)]
                if len(lines) <= 2:
                    beside, footer = lines, footer[k:]
                    break
        room = (rect.h - BID_TOP_ROW - 4 - (FOOTER_GAP if footer else 0)) // BID_LINE - len(footer)
        return BidLayout(rect, beside, footer, room)

    def bid_layout(self, st: Any) -> BidLayout:
        """The bid panel for this decision, always from ``BID_LEFT``, so it stays put from one reckoning to the
        next; its words are shortened to its room (``bid_panel_lines``)."""
        key = (self.bid_key, self.bid_hint)
        if self.bid_layout_of is None or self.bid_layout_of[0] != key:
            self.bid_layout_of = (key, self._bid_layout_at(st, BID_LEFT))
        return self.bid_layout_of[1]

    def _draw_bid_panel(self, surface: pygame.Surface, st: Any) -> None:
        """The dial and the words beside it (``bid_panel_lines``), how to set the dial beside the Bid button
        or in the footer, and the region's line: all inside the panel (``bid_layout``)."""
        layout = self.bid_layout(st)
        rect = layout.rect
        L.panel(surface, rect, L.BG_PANEL_HI, radius=10, border=L.GOLD)
        p = st.to_move()
        with L.box(rect):
            dial = pygame.Rect(rect.x + 12 + 54, rect.y + 12, 92, 40)  # between the - and + buttons
            pygame.draw.rect(surface, L.PARCHMENT, dial, border_radius=8)
            L.text(surface, str(self.bid_value), dial.center, 24, L.INK, bold=True, anchor="center")
            for k, line in enumerate(layout.beside):
                L.text(surface, line, (rect.x + BESIDE_BID, rect.y + 16 + BID_LINE * k), 13, L.TEXT_DIM)
            y = rect.y + BID_TOP_ROW
            for line, colour in self.bid_panel_lines(st, p, layout.room, rect.w - 28):
                x = rect.x + 14
                if isinstance(line, Headed):  # the heading in bold gold, the rest after it
                    L.text(surface, line[:line.head], (x, y), 13, L.GOLD, bold=True)
                    x += text_size(line[:line.head], 13, bold=True)[0] + text_size(" ", 13)[0]
                    line = line[line.head:].lstrip()
                L.text(surface, line, (x, y), 13, colour, bold=colour in BOLD)
                y += BID_LINE
            y += FOOTER_GAP  # the footer right under the words, not at the panel's foot (play-test s6 p2 item 15)
            for line in layout.footer:
                L.text(surface, line, (rect.x + 14, y), 13, L.TEXT_DIM)
                y += BID_LINE
