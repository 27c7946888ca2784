"""Bidding and paying in a reckoning: the sealed-bid dial and the payment panel.

``PaymentPanel`` is mixed into the table scene: it builds the buttons of the ``bid`` and ``pay``
decisions and draws their panels. Everything it reads comes through the engine's public accessors.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.shell.text import fit, wrap
from game.shell.widgets import Button

from ..engine.constants import MATCH, coin_bids
from . import look as L
from .words import merc_name

PAY_RECT = pygame.Rect(550, 604, 450, 288)  # over the hand, never over the monument spaces
BID_RECT = pygame.Rect(580, 604, 410, 284)


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
            self.bid_key, self.bid_value = key, 0
        self.bid_value = min(self.bid_value, mx)
        bx, by = BID_RECT.x + 12, BID_RECT.y + 12
        self.buttons.append(Button("-", (bx, by, 50, 40), lambda: self._bump(-1), shortcut=pygame.K_LEFT))
        self.buttons.append(Button("+", (bx + 150, by, 50, 40), lambda: self._bump(1), shortcut=pygame.K_RIGHT))
        self.buttons.append(Button("Bid", (bx + 214, by, 160, 40), lambda: self.submit(("bid", self.bid_value)),
                                   shortcut=pygame.K_RETURN, style="primary"))

    def _bump(self, k: int) -> None:
        mx = self.s.state.bid_limit(self.s.to_move())
        self.bid_value = max(0, min(mx, self.bid_value + k))

    # payment: resource by resource, starting from the suggested (cheapest) payment
    def _pay_buttons(self, st: Any, legal: list[tuple]) -> None:
        from ..bots import RuleAgent

        p = st.to_move()
        if self.pay is None or self.pay.get("key") != (st.age, st.round, len(self.s.actions)):
            best = RuleAgent().decide(st, p, legal, random.Random(0))
            _, aco, cb, infl, mercs, disc = best
            self.pay = {"key": (st.age, st.round, len(self.s.actions)), "a": aco, "c": cb, "i": list(infl),
                        "m": set(mercs), "d": list(disc)}
        c = self.s.content
        region = st.reckoning_region()
        colours = st.matching_colours(region)
        x, y = 560, 666
        rows: list[tuple[str, str, int, int]] = [("a", f"acolytes in {c.region_names[region]}", self.pay["a"],
                                                   st.acolytes_in(region, p))]
        kmax = coin_bids(st.coins[p])
        rows.append(("c", f"bids in coins ({self.pay['c'] * (self.pay['c'] + 1) // 2} coins)", self.pay["c"], kmax))
        for col in colours:
            rows.append((f"i{col}", f"{c.pillar_names[col]} influence", self.pay["i"][col], st.track(p, col)))
            rows.append((f"d{col}", f"{c.pillar_names[col]} wardens discarded (3 each)", self.pay["d"][col],
                         st.wardens_of(p, col)))
        self.pay_rows = []
        for key, label, val, mx in rows:
            if mx <= 0:
                continue
            self.buttons.append(Button("-", (x, y, 30, 26), lambda k=key: self._pay_bump(k, -1), size="small"))
            self.buttons.append(Button("+", (x + 34, y, 30, 26), lambda k=key, m=mx: self._pay_bump(k, 1, m),
                                       size="small"))
            self.pay_rows.append((f"{val} / {mx}  {label}", (x + 72, y + 5)))
            y += 26
        mask = _colour_mask(colours)
        for m in st.mercenaries(p):
            if c.mercenaries[m].mask & mask:
                if x + 104 > PAY_RECT.right - 10:  # the next row
                    x, y = 560, y + 28
                on = m in self.pay["m"]
                letters = "/".join(c.pillar_letters[k] for k in c.mercenaries[m].colors)
                worth = MATCH[c.mercenaries[m].mask & mask]
                self.buttons.append(Button(("\u2713 " if on else "") + f"Merc {letters}", (x, y + 2, 104, 26),
                                           lambda m=m: self._pay_merc(m), size="small",
                                           style="primary" if on else "secondary",
                                           tooltip=f"{merc_name(c, m)}: pays {worth} of the bid here"))
                x += 108
        act = ("pay", self.pay["a"], self.pay["c"], tuple(self.pay["i"]), tuple(sorted(self.pay["m"])),
               tuple(self.pay["d"]))
        ok = st.is_legal(act)
        b = Button("Pay", (PAY_RECT.right - 130, PAY_RECT.y + 8, 120, 32), lambda: self.submit(act),
                   shortcut=pygame.K_RETURN, style="primary")
        b.enabled = ok
        self.buttons.append(b)
        worth = paid(st, p, act)
        bid = st.bid_of(p)
        note = "" if ok else (" \u2013 not enough yet" if worth < bid else " \u2013 too much")
        self.pay_rows.append((f"Your bid: {bid} \u00b7 paid {worth} of {bid}{note}", (560, 610)))
        kept = sum(st.wardens_of(p, col) for col in colours)
        self.pay_rows.append((f"Kept matching wardens pay 1 each ({kept}); a discarded one pays 3.", (560, 642)))

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
        with L.box(PAY_RECT):
            for line, pos in self.pay_rows:
                L.text(surface, line, pos, 13, L.TEXT)

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
            for line in wrap(", ".join(f"{what} {v}" for what, v in mine) or "nothing", BID_RECT.w - 28, 12):
                y += 17
                L.text(surface, line, (BID_RECT.x + 14, y), 12, L.TEXT)
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
                L.text(surface, fit(f"{self.seat_label(q)}: {most}", BID_RECT.w - 28, 12),
                       (BID_RECT.x + 14, y), 12, L.TEXT)
            L.text(surface, f"in {c.region_names[st.reckoning_region()]}; your bid stays secret until all have bid",
                   (BID_RECT.x + 14, BID_RECT.bottom - 22), 11, L.TEXT_DIM)
