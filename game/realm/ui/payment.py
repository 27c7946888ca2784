"""Bidding and paying in a reckoning: the sealed-bid dial and the payment panel.

``PaymentPanel`` is mixed into the table scene: it builds the buttons of the ``bid`` and ``pay``
decisions and draws their panels. Everything it reads comes through the engine's public accessors.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.shell.text import fit, text_size, wrap
from game.shell.widgets import Button

from ..engine.advice import PaymentAdvice, rank_payments
from ..engine.constants import MATCH, coin_bids
from . import look as L
from .words import merc_name, plural
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
BID_RECT = pygame.Rect(580, 604, 410, 284)


def spend_lines(words: str, width: int, short_words: str | None = None) -> list[str]:
    """What a way to pay spends, in lines of ``width`` at 13 px bold: in words in two lines where they
    fit, else in ``short_words`` (mercenaries' colours by their letters) with "infl." and "disc.", and in
    a third line rather than cut."""
    lines = wrap(words, width, 13, bold=True)
    if len(lines) > 2:
        shorter = (short_words or words).replace(" influence", " infl.").replace(" discarded", " disc.")
        lines = wrap(shorter, width, 13, bold=True)
    return lines


def short_consequence(words: str) -> str:
    """One consequence of a payment, short for its button ("-5 VP from the Equity Track monument" ->
    "-5 VP Equity Track"); the button's tooltip keeps the words in full."""
    words = re.sub(r"^([-+]\d+) VP from the best monument you can build \((.*)\)$", r"\1 VP buildable \2", words)
    return re.sub(r"^([-+]\d+) VP from the (.*) monument$", r"\1 VP \2", words)


def consequence_line(consequences: tuple[str, ...] | list[str], width: int) -> str:
    """A payment's consequences on one line of ``width`` at 13 px, the costliest first: as many whole
    as fit, then how many more (never a consequence cut off)."""
    if not consequences:
        return "keeps your monument points and artifacts"
    items = [short_consequence(c) for c in consequences]
    for k in range(len(items), 0, -1):
        more = len(items) - k
        line = "; ".join(items[:k]) + (f"; {more} more (hover)" if more else "")
        if text_size(line, 13)[0] <= width:
            return line
    return f"{len(items)} consequences (hover)"


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
    """Where seat ``p``'s most in the reckoning comes from (rulebook p.14), as (what, value).

    ``own``: the seat's own mercenaries by their colours; a rival's mercenaries are hidden, so
    they are left out here (the caller shows "up to 2 each").
    """
    c = st.c
    region = st.reckoning_region()
    out = [("acolytes here", st.acolytes_in(region, p))]
    coins = st.coins[p]  # public: every seat's coins are on the table
    k = coin_bids(coins)
    out.append((f"coins ({coins} pay {k} bid{'s' if k != 1 else ''})", k))
    colours = st.matching_colours(region)
    for col in colours:
        out.append((f"{c.pillar_names[col]} influence", st.track(p, col)))
        out.append((f"{c.pillar_names[col]} wardens \u00d73", 3 * st.wardens_of(p, col)))
    if own:
        mask = _colour_mask(colours)
        out.append(("mercenaries", sum(MATCH[c.mercenaries[m].mask & mask] for m in st.mercenaries(p))))
    return [(what, v) for what, v in out if v]


class PaymentPanel:
    """The bid and pay decisions of the table scene (a mixin: it uses the scene's ``s``, ``buttons``,
    ``pay``, ``pay_rows``, ``bid_value``, ``bid_key``, ``submit``, ``rebuild`` and ``seat_label``)."""

    def _bid_buttons(self, st: Any) -> None:
        mx = st.bid_limit(st.to_move())
        key = (st.age, st.round, len(self.s.actions))
        if self.bid_key != key:  # a new bid starts at 0, never at the last one
            self.bid_key, self.bid_value, self.bid_digits = key, 0, ""
        self.bid_value = min(self.bid_value, mx)
        bx, by = BID_RECT.x + 12, BID_RECT.y + 12
        self.buttons.append(Button("-", (bx, by, 50, 40), lambda: self._bump(-1), shortcut=pygame.K_LEFT))
        self.buttons.append(Button("+", (bx + 150, by, 50, 40), lambda: self._bump(1), shortcut=pygame.K_RIGHT))
        self.buttons.append(Button("Bid", (bx + 214, by, 160, 40), lambda: self.submit(("bid", self.bid_value)),
                                   shortcut=pygame.K_RETURN, style="primary"))

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
                warning = wrap("This payment: " + "; ".join(adv.consequences), PAY_RECT.right - RIGHT_X - 12, 13)
                for i, line in enumerate(warning[:2]):
                    self.pay_rows.append((line if i == 0 or len(warning) == 2 else fit(line + " \u2026", 470, 13),
                                          (RIGHT_X, PAY_RECT.y + 40 + 17 * i), L.BAD))
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
        self.pay_rows.append(("Ways to pay, best for your score first:", (x, y), L.GOLD))
        y += 24
        for i, adv in enumerate(ranked[:SHOWN_WAYS]):
            star = "\u2605 " if i == 0 else ""
            lines = spend_lines(star + payment_words(c, adv.action), w - 16,
                                star + payment_words(c, adv.action, short=True))
            said = "; ".join(adv.consequences) or "keeps your monument points and artifacts"
            colour = L.BAD if adv.loses_artifact or adv.points < 0 else (L.GOLD if adv.consequences else L.GOOD)
            self.buttons.append(WayButton(lines, consequence_line(adv.consequences, w - 16), colour,
                                          (x, y, w, WAY_H - 4 + 17 * (len(lines) - 2)),
                                          lambda a=adv.action: self._pay_set(a),
                                          style="primary" if adv.action == act else "secondary",
                                          tooltip=f"{payment_words(c, adv.action)}: {said}"))
            y += WAY_H + 17 * (len(lines) - 2)
        ways = self.pay["ways"]
        if ways > SHOWN_WAYS and y + 18 <= PAY_RECT.bottom:  # a long way to pay may take its room
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

    def _draw_bid_panel(self, surface: pygame.Surface, st: Any) -> None:
        """The dial, where your maximum comes from, and what each rival could pay at most (public)."""
        L.panel(surface, BID_RECT, L.BG_PANEL_HI, radius=10, border=L.GOLD)
        c = self.s.content
        p = st.to_move()
        with L.box(BID_RECT):
            dial = pygame.Rect(BID_RECT.x + 12 + 54, BID_RECT.y + 12, 92, 40)  # between the - and + buttons
            pygame.draw.rect(surface, L.PARCHMENT, dial, border_radius=8)
            L.text(surface, str(self.bid_value), dial.center, 24, L.INK, bold=True, anchor="center")
            y = BID_RECT.y + 64
            mine = bid_sources(st, p, own=True)
            L.text(surface, f"You can pay at most {st.bid_limit(p)} here:", (BID_RECT.x + 14, y), 13, L.GOLD,
                   bold=True)
            for line in wrap(", ".join(f"{what} {v}" for what, v in mine) or "nothing", BID_RECT.w - 28, 13):
                y += 17
                L.text(surface, line, (BID_RECT.x + 14, y), 13, L.TEXT)
            y += 24
            L.text(surface, "Rivals could pay at most (what the table shows):", (BID_RECT.x + 14, y), 13, L.GOLD,
                   bold=True)
            for q in range(st.n):
                if q == p:
                    continue
                lo = sum(v for _what, v in bid_sources(st, q, own=False))
                hidden = len(st.mercenaries(q))  # the count is public, the cards are not
                most = f"{lo}" if not hidden else f"{lo}\u2013{lo + 2 * hidden}"
                y += 17
                L.text(surface, fit(f"{self.seat_label(q)}: {most}", BID_RECT.w - 28, 13),
                       (BID_RECT.x + 14, y), 13, L.TEXT)
            L.text(surface, "type the number, or use the wheel or the arrow keys",
                   (BID_RECT.x + 14, BID_RECT.bottom - 40), 13, L.TEXT_DIM)
            L.text(surface, fit(f"in {c.region_names[st.reckoning_region()]}; secret until all have bid",
                                BID_RECT.w - 28, 13), (BID_RECT.x + 14, BID_RECT.bottom - 22), 13, L.TEXT_DIM)
