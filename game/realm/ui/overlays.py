"""Events presented as the events they are: a reckoning's summary and the end-of-age scoring.

Both are scenes pushed over the table (``pauses_below``: the game waits while they show).
They only read the engine's events and a view; closing them changes nothing in the game.
With a human at the table they wait for Continue (Enter, Space or a click); in an all-bots
game they close by themselves after a pause scaled by the animation speed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.shell.scene import Scene
from game.shell.text import draw_wrapped, wrap
from game.shell.widgets import Button

from ..engine.constants import EQUITY, N_PILLARS, RADIANCE, TABLE_SEAT, UNDERSTANDING
from . import look as L
from .table import TableRenderer, UIHints
from .words import last_place_reason, ordinal, payment_event

PANEL_BG = (30, 33, 42)


# ------------------------------------------------------------------ reckoning
@dataclass
class ReckoningReport:
    """What happened in one reckoning, gathered from the engine's events in order."""

    region: int
    final: bool
    starter: int
    reward: str = ""
    claims: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, from region, colour)
    bids: list[int] = field(default_factory=list)
    table_bid: int = -1
    order: list[int] = field(default_factory=list)
    cut: list[int] = field(default_factory=list)
    rows: dict[int, int] = field(default_factory=dict)  # seat (or TABLE_SEAT) -> row
    paid: dict[int, str] = field(default_factory=dict)
    effects: dict[int, list[str]] = field(default_factory=dict)
    radiance: dict[int, int] = field(default_factory=dict)  # seat -> acolytes its Radiance artifact added
    card: int = -1  # the reward card's index in the content

    def note(self, seat: int, text: str, *, glue: bool = True) -> None:
        """One thing that happened to ``seat``, after what happened before (the board's order); ``glue``: it may
        be what a "Dominion artifact:" note just before it gave."""
        notes = self.effects.setdefault(seat, [])
        if glue and notes and notes[-1].endswith(":"):  # "Dominion artifact:" names the cause of what follows
            notes[-1] += " " + text
        else:
            notes.append(text)


_ONE_OF = re.compile(r"^([+\u2212-])1 ([^(]+?)( (?:in|from|on) .+| \(.+\))?$")


def fold_notes(notes: list[str]) -> list[str]:
    """A seat's notes with repeats told once: three "+1 acolyte in Stone Gardens" become "+3 acolytes in Stone
    Gardens", two "-1 mercenary" "-2 mercenaries"; another repeated note gets "(×k)". Order is kept."""
    counts: dict[str, int] = {}
    for note in notes:
        counts[note] = counts.get(note, 0) + 1
    out: list[str] = []
    for note, k in counts.items():
        one = _ONE_OF.match(note)
        if k == 1:
            out.append(note)
        elif one:
            sign, noun, rest = one.group(1), one.group(2), one.group(3) or ""
            many = noun if noun.endswith("VP") else noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
            out.append(f"{sign}{k} {many}{rest}")
        else:
            out.append(f"{note} (\u00d7{k})")
    return out


ROW_GAIN_DECISIONS = ("warden", "place", "move", "monument", "steal")  # what a won row's gains may ask of its owner


def reward_prompt(rk: ReckoningReport | None, seat: int, decision: str, asked: str) -> str:
    """The top bar's ``asked`` for ``seat``'s ``decision``, said to be the reward of the row it won where that
    is what asks it ("Row 2's reward \u2014 recruit a warden of any colour"; play-test: the reward's "+1 warden" was
    asked as the action card's "Recruit a warden of any colour"); else ``asked`` as it is."""
    row = rk.rows.get(seat) if rk is not None else None
    if row is None or decision not in ROW_GAIN_DECISIONS or rk is None or not rk.reward:
        return asked
    return f"Row {row + 1}'s reward \u2014 {asked[:1].lower()}{asked[1:]}"


def payment_text(c: Any, d: dict[str, Any]) -> str:
    """A ``pay`` event in the summary's words, kept wardens too, so it adds up to the bid (words.py says it)."""
    return payment_event(c, d, named=False)


class ReckoningCollector:
    """Feeds on engine events; hands back a finished :class:`ReckoningReport` at ``reckoning_end``."""

    def __init__(self, content: Any) -> None:
        self.c = content
        self.current: ReckoningReport | None = None
        self.holders = [-1] * N_PILLARS  # who holds each artifact, from the "artifact" events since the start
        self.placing = -1  # the seat whose acolytes the last events placed (a deployment's run of "place")
        self.penalty: list[list] = []  # the last place row's losses still owed: [kind, owed, met so far]
        self.penalised = -1  # the seat on the last place row, once its penalty began
        self.coins_taken = 0  # the coins the last place row took (a VP for each it could not)
        self.last = ""  # the type of the event fed before this one

    def _vp_reason(self, seat: int, amount: int, after: str) -> str:
        """Why a reckoning's VP change happened (play-test: "-2 VP; -1 VP" said no why): the last place row's
        loss, a thing the last place row takes that ``seat`` did not have, or the gain of the row it won."""
        rk = self.current
        row = rk.rows.get(seat) if rk is not None else None
        if rk is None or row is None or rk.card < 0:
            return ""
        card = self.c.rewards[rk.card]
        if seat == self.penalised and amount < 0:
            if after == "penalty":
                return " (last place row)"
            for owed in self.penalty:
                if owed[2] < owed[1]:
                    owed[2] += -amount
                    return f" (last place row: no {owed[0]} to lose)"
            return ""
        if amount > 0 and not card.rows[row].is_penalty and card.rows[row].gains[0]:
            return f" (row {row + 1})"
        return ""

    def _penalty_vp_notes(self, rk: ReckoningReport, seat: int, amount: int) -> list[str]:
        """The last place row's VP loss, which the engine takes at once with a VP for each coin the seat did not
        have, as one note per cause (play-test g1: "\u22122 VP (last place row)" merged the row's \u22121 VP with a
        coin it could not pay)."""
        if rk.card < 0:
            return [f"{amount:+d} VP (last place row)"]
        printed, coins = self.c.rewards[rk.card].rows[-1].losses[:2]
        short = min(-amount, coins - self.coins_taken)
        notes = [f"-{-amount - short} VP (last place row)"] if -amount - short > 0 else []
        if short > 0:
            had = f"no coin{'s' if coins > 1 else ''}" if not self.coins_taken else \
                f"only {_plural(self.coins_taken, 'coin')} of {coins}"
            notes.append(f"-{short} VP (last place row: {had} to lose)")
        return notes

    def _penalty_met(self, seat: int, kind: str, amount: int) -> str:
        """A thing the last place row took from ``seat``: that loss is so much nearer met. Returns the words
        that say why it was lost (" (last place row)"), or "" where the last place row did not take it."""
        if seat == self.penalised:
            for owed in self.penalty:
                if owed[0] == kind and owed[2] < owed[1]:
                    owed[2] += amount
                    return " (last place row)"
        return ""

    def _artifact_note(self, seat: int, pillar: int, amount: int) -> str:
        """What the artifact held added to a gain, in brackets ("" without it): play-test s6 item 7, "+2
        coins" became "+4 coins" and the Equity artifact was never named. The engine adds 2 before the
        supply runs short, so a gain of 2 or less is all the artifact's."""
        if self.holders[pillar] != seat:
            return ""
        name = self.c.pillar_names[pillar]
        if amount <= 2:
            return f" (from the {name} artifact)"
        return f" ({amount - 2} + 2 from the {name} artifact)"

    def feed(self, d: dict[str, Any]) -> ReckoningReport | None:
        t = d["type"]
        c = self.c
        placing, self.placing = self.placing, (d.get("seat", -1) if t == "place" else -1)
        after, self.last = self.last, t
        if t == "artifact":
            self.holders[d["pillar"]] = d["seat"]
        if t == "reckoning":
            self.current = ReckoningReport(d["region"], bool(d["final"]), d["seat"])
            return None
        rk = self.current
        if rk is None:
            return None
        seat = d.get("seat", -1)
        if t in ("reward_card", "claim", "bids_revealed"):  # the Dominion bonus, if any, is over
            for notes in rk.effects.values():
                if notes and notes[-1].endswith(":"):
                    notes[-1] += " no effect"
        if t == "reward_card":
            rk.reward = c.rewards[d["reward"]].id
            rk.card = d["reward"]
        elif t == "claim":
            rk.claims.append((seat, d["region"], d["colour"]))
        elif t == "bids_revealed":
            rk.bids, rk.table_bid, rk.order, rk.cut = list(d["bids"]), d["table_bid"], list(d["order"]), list(d["cut"])
        elif t == "row":
            rk.rows[seat] = d["row"]
        elif t == "pay":  # told where it happened among the rest (play-test: it read as if before the Dominion bonus)
            rk.paid[seat] = payment_text(c, d)
            rk.note(seat, "paid " + rk.paid[seat], glue=False)
        elif t == "monument":
            rk.note(seat, f"builds on {c.spaces[d['space']].name}")
        elif t == "vp" and after == "penalty" and seat == self.penalised:
            for note in self._penalty_vp_notes(rk, seat, d["amount"]):
                rk.note(seat, note)
        elif t == "vp":
            rk.note(seat, f"{d['amount']:+d} VP" + self._vp_reason(seat, d["amount"], after))
        elif t == "coins" and d["amount"]:
            rk.note(seat, "+" + _plural(d["amount"], "coin") + self._artifact_note(seat, EQUITY, d["amount"]))
        elif t == "mercs" and d["amount"]:
            rk.note(seat, f"+{d['amount']} mercenar{'ies' if d['amount'] != 1 else 'y'}"
                    + self._artifact_note(seat, UNDERSTANDING, d["amount"]))
        elif t == "warden":
            rk.note(seat, f"+1 {c.pillar_names[d['colour']]} warden")
        elif t == "track" and d.get("artifact", -1) >= 0:  # the Guidance artifact's advance after a warden (s8)
            rk.note(seat, f"+{d.get('bonus', 1)} {c.pillar_names[d['pillar']]} influence (from the "
                    f"{c.pillar_names[d['artifact']]} artifact)")
        elif t == "place":
            rk.note(seat, f"+1 acolyte in {c.region_names[d['region']]}")
            if self.holders[RADIANCE] == seat and placing != seat:  # a deployment starts: 2 more from Radiance
                rk.radiance[seat] = rk.radiance.get(seat, 0) + 2
        elif t == "steal":  # a coin gain with the supply empty (play-test t1: the row's "+2 coins" went unsaid)
            k = d.get("amount", 1)
            rk.note(seat, f"+{_plural(k, 'coin')} from a rival (the supply was empty)")
            rk.note(d["target"], f"-{_plural(k, 'coin')} (taken by a rival: the supply was empty)")
        elif t == "penalty":
            self._start_penalty(rk, seat)
            self.coins_taken = d["coins"]
            if d["coins"]:
                rk.note(seat, "-" + _plural(d["coins"], "coin") + " (last place row)")
        elif t == "lose_acolyte":
            why = self._penalty_met(seat, "acolyte", d.get("amount", 1))
            rk.note(seat, f"-{d.get('amount', 1)} acolyte in {c.region_names[d['region']]}{why}")
        elif t == "merc_discard" and seat in rk.rows:
            rk.note(seat, "-1 mercenary" + self._penalty_met(seat, "mercenary", 1))
        elif t == "lose_warden":
            why = self._penalty_met(seat, "warden", d.get("amount", 1))
            rk.note(seat, f"-{d.get('amount', 1)} {c.pillar_names[d['colour']]} warden{why}")
        elif t == "dominion" and d["choice"]:
            rk.note(seat, "Dominion artifact:")  # what it gave follows (a placed or moved acolyte, a coin, ...)
        elif t == "move":
            rk.note(seat, f"moves an acolyte {c.region_names[d['region']]} \u2192 {c.region_names[d['to']]}")
        elif t == "artifact" and seat >= 0:
            rk.note(seat, f"takes the {c.pillar_names[d['pillar']]} artifact")
        elif t == "reckoning_end":
            self.current = None
            self.penalty, self.penalised = [], -1
            return rk
        return None

    def _start_penalty(self, rk: ReckoningReport, seat: int) -> None:
        """The last place row's losses ``seat`` now owes, in the order the engine takes them (acolytes, then
        mercenaries, then wardens), so a VP lost for want of one says which."""
        self.penalised = seat
        self.penalty = []
        if rk.card >= 0:
            _vp, _coins, aco, mercs, wardens = self.c.rewards[rk.card].rows[-1].losses
            self.penalty = [[kind, k, 0] for kind, k in (("acolyte", aco), ("mercenary", mercs), ("warden", wardens))
                            if k]


class _Overlay(Scene):
    """A panel over the table that pauses it, closed by Continue or (``auto``) by itself."""

    opaque = False
    pauses_below = True

    def __init__(self, rect: pygame.Rect, auto: float | None) -> None:
        super().__init__()
        self.rect = rect
        self.auto = auto
        self.age = 0.0
        self.button = Button("Continue", (rect.centerx - 90, rect.bottom - 62, 180, 46), self.close,
                             shortcut=pygame.K_RETURN, style="primary")
        self._veil: pygame.Surface | None = None
        self.pressed = False  # the mouse was pressed while this overlay showed

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.button.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_KP_ENTER):
            self.close()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = True
        # a click outside closes it, but only one pressed while it showed: the release of a click that
        # skipped the table's animation (and so let this overlay come up) must not close it unseen
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed \
                and not self.rect.collidepoint(event.pos):
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def update(self, dt: float) -> None:
        self.age += dt
        self.button.update(dt)
        if self.auto is not None and self.age >= self.auto and not self.busy():
            self.close()

    def busy(self) -> bool:
        return False

    @property
    def animating(self) -> bool:
        """Still once shown, but for Continue's flash (a counting overlay says more)."""
        return self.button.animating

    def frame(self, surface: pygame.Surface) -> None:
        if self._veil is None or self._veil.get_size() != surface.get_size():
            self._veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._veil.fill((8, 9, 12, 150))
        surface.blit(self._veil, (0, 0))
        L.panel(surface, self.rect, PANEL_BG, radius=14, border=L.GOLD)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        with L.box(self.rect):  # every word of the overlay belongs on its panel
            self.draw_content(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.frame(surface)


class ReckoningScene(_Overlay):
    """The summary of one reckoning: region and claim tokens, the bids revealed in order,
    who took which row and what each paid."""

    def __init__(self, renderer: TableRenderer, view: dict[str, Any], hints: UIHints, report: ReckoningReport,
                 auto: float | None = None) -> None:
        self.rk = report
        self.r = renderer  # before the height: a row's words depend on the reward card
        seats = report.order or list(range(len(report.bids))) or [0]
        h = 210 + sum(self.row_height(p) + 4 for p in seats)
        # wide enough that what each bidder paid and got reads at 13 px; a row grows to hold it whole
        super().__init__(pygame.Rect(800 - 600, 450 - h // 2, 1200, h), auto)
        self.r = renderer
        self.view = view
        self.hints = hints

    DETAIL_W = 462  # the width of the "paid, and what it brought" column (see draw_content's cols)

    def detail(self, p: int) -> str:
        """What seat ``p`` paid and what its row brought, repeats folded; on the last place row, first why a
        bidder holds it and paid nothing (a higher bidder there read like a bug in a play-test), then each loss
        on a line of its own with its reason (play-test g1: two losses ran together in one line)."""
        last = self.last_place_note(p)
        notes = fold_notes(self.rk.effects.get(p, []))
        parts = [last, *notes] if last else ["; ".join(notes)]  # payment in its place
        if self.rk.radiance.get(p):  # play-test s6 item 7: "+3 acolytes" became "+7" with no word of why
            parts.append(f"{self.rk.radiance[p]} of these acolytes from the {self.r.c.pillar_names[RADIANCE]} artifact")
        return ("\n" if last else "; ").join(part for part in parts if part)

    def last_place_note(self, p: int) -> str:
        """Why seat ``p`` took the last place row ("" when it did not): chose it to keep its bid, or, last
        to choose, was left with it."""
        rk = self.rk
        reward = self.r.reward_by_id.get(rk.reward)
        row = rk.rows.get(p)
        if reward is None or row is None or not reward.rows[row].is_penalty or p not in rk.order:
            return ""
        bid = rk.table_bid if p == TABLE_SEAT else rk.bids[p] if p < len(rk.bids) else 0
        return last_place_reason(bid, forced=rk.order.index(p) == len(rk.order) - 1)

    def row_taken(self, row: int) -> str:
        """A row taken, said so the row's number cannot be read as a rank: "row 2: monument", "row 3, last
        place: \u22121 VP"."""
        reward = self.r.reward_by_id[self.rk.reward]
        text = self.r.row_text(reward.rows[row])
        if reward.rows[row].is_penalty:
            return f"row {row + 1}, {text}"
        return f"row {row + 1}: {text}"

    def row_height(self, p: int) -> int:
        """A bidder's row: 42 px, or taller where its words take more than two lines at 13 px."""
        return max(42, 16 * len(wrap(self.detail(p) or "-", self.DETAIL_W, 13)) + 8)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.frame(surface)
        c = self.r.c
        rk = self.rk
        r = self.rect
        kind = "Final reckoning" if rk.final else "Reckoning"
        region = c.region_names[rk.region]
        L.text(surface, f"{kind} in {region}", (r.centerx, r.y + 20), 30, L.GOLD, serif=True, anchor="midtop")
        starter = self.r.seat_name(self.view, self.hints, rk.starter) if rk.starter >= 0 else "The final card"
        sub = f"started by {starter}"
        L.text(surface, sub, (r.centerx, r.y + 62), 15, L.TEXT_DIM, anchor="midtop")
        claims = ", ".join(f"{c.pillar_names[col]} from {c.region_names[frm]}"
                           + (f" (by {self.r.faction_letter(self.view, s)})" if s >= 0 else "")
                           for s, frm, col in rk.claims)  # who moved it (play-test s6 item 13)
        L.text(surface, "claim tokens moved in: " + (claims or "none"), (r.centerx, r.y + 86), 14, L.TEXT,
               anchor="midtop")
        # the table: one line per bidder in bid order
        x0, y = r.x + 30, r.y + 122
        cols = (x0, x0 + 40, x0 + 330, x0 + 400, x0 + 680)
        for label, x in zip(("rank", "player", "bid", "row taken", "paid, and what it brought"), cols):
            L.text(surface, label, (x, y), 13, L.TEXT_DIM, bold=True)
        y += 22
        reward = self.r.reward_by_id.get(rk.reward)
        for k, p in enumerate(rk.order):
            line = pygame.Rect(r.x + 20, y, r.w - 40, self.row_height(p))
            pygame.draw.rect(surface, L.BG_PANEL if k % 2 == 0 else L.BG_PANEL_HI, line, border_radius=6)
            cy = line.centery
            L.text(surface, ordinal(k + 1), (cols[0], cy), 16, L.TEXT, anchor="midleft")  # a rank, not a row
            if p == TABLE_SEAT:
                L.text(surface, "The table (2-player bag)", (cols[1], cy), 16, L.TEXT_DIM, anchor="midleft")
                bid = rk.table_bid
            else:
                L.disc(surface, (cols[1] + 12, cy), 12, self.r.faction_rgb(self.view, p),
                       self.r.faction_letter(self.view, p))
                L.whole(surface, self.r.seat_name(self.view, self.hints, p),
                        pygame.Rect(cols[1] + 32, line.y, cols[2] - cols[1] - 44, line.h), 16, L.TEXT, bold=True)
                bid = rk.bids[p] if p < len(rk.bids) else 0
            cut = " (cut)" if p in rk.cut else ""
            L.text(surface, f"{bid}{cut}", (cols[2], cy), 18, L.HILITE, bold=True, anchor="midleft")
            row = rk.rows.get(p)
            if row is not None and reward is not None:
                rtxt = self.row_taken(row)
                colour = L.BAD if reward.rows[row].is_penalty else L.TEXT
                L.whole(surface, rtxt, pygame.Rect(cols[3], line.y, cols[4] - cols[3] - 12, line.h), 14, colour)
            room = pygame.Rect(cols[4], line.y + 2, line.right - 8 - cols[4], line.h - 4)
            draw_wrapped(surface, self.detail(p) or "-", room, 13, L.TEXT, valign="middle", spacing=0)
            y += line.h + 4
        self.button.draw(surface)


def _plural(k: int, noun: str) -> str:
    return f"{k} {noun}{'' if k == 1 else 's'}"


# ------------------------------------------------------------------ age scoring
class AgeScoringScene(_Overlay):
    """End of an age: each monument's points for each player, counted onto a score track.

    The monuments appear one at a time; for each, every player's points fly from the cell
    to that player's marker on the score track, which then slides on (pymunk springs, via
    the app's motion world). A click or key skips to the end; Continue closes.
    """

    STEP = 0.7  # simulated seconds between monuments

    def __init__(self, renderer: TableRenderer, view: dict[str, Any], hints: UIHints, age: int,
                 gains: list[list[int]], before: list[int], auto: float | None = None) -> None:
        n_rows = max(1, len(gains))
        h = min(880, 350 + 40 * n_rows)
        super().__init__(pygame.Rect(800 - 600, 450 - h // 2, 1200, h), auto)
        self.r = renderer
        self.view = view
        self.hints = hints
        self.age_no = age
        self.gains = gains
        self.n = len(before)
        self.before = list(before)
        self.shown = 0  # monuments whose points have been counted
        self.marker_score = list(before)  # what each marker shows
        self.tokens: list[Any] = []
        self.markers: list[Any] = []
        self.started = False
        self.done = False
        self.clock = 0.0

    # geometry
    def cell(self, row: int, p: int) -> tuple[int, int]:
        return (self.rect.x + 470 + p * 130 + 50, self.rect.y + 118 + row * 40 + 14)

    def totals_y(self) -> int:
        return self.rect.y + 118 + 40 * max(1, len(self.gains)) + 6

    def track_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 40, self.totals_y() + 68, self.rect.w - 80, 56)

    def track_range(self) -> tuple[int, int]:
        total = [b + sum(g[1 + p] for g in self.gains) for p, b in enumerate(self.before)]
        top = max([*total, *self.before, 10])
        low = min([*total, *self.before, 0])
        return (-((-low + 9) // 10 * 10), int((top + 9) // 10 * 10))

    def track_x(self, score: float) -> float:
        tr = self.track_rect()
        lo, hi = self.track_range()
        return tr.x + 14 + (tr.w - 28) * (score - lo) / (hi - lo)

    def track_pos(self, p: int, score: int) -> tuple[float, float]:
        tr = self.track_rect()
        same = [q for q in range(self.n) if self.marker_score[q] == score or q == p]
        k = same.index(p) if p in same else 0
        return (self.track_x(score), tr.centery - 8 * (len(same) - 1) + 16 * k)

    def on_enter(self) -> None:
        world = self.app.motion
        for p in range(self.n):
            img = pygame.Surface((30, 30), pygame.SRCALPHA)
            L.disc(img, (15, 15), 12, self.r.faction_rgb(self.view, p), self.r.faction_letter(self.view, p))
            self.markers.append(world.token(img, self.track_pos(p, self.before[p]), layer=6,
                                            texts=[self.r.faction_letter(self.view, p)]))
        self.started = True

    def on_exit(self) -> None:
        world = self.app.motion
        for t in self.tokens + self.markers:
            world.remove(t)

    def busy(self) -> bool:
        return not self.done

    @property
    def animating(self) -> bool:
        return not self.done or super().animating  # the rows are counted one by one

    def _count(self, row: int) -> None:
        """Send monument ``row``'s points to the markers."""
        world = self.app.motion
        g = self.gains[row]
        for p in range(self.n):
            pts = g[1 + p]
            if not pts:
                continue
            img = pygame.Surface((48, 26), pygame.SRCALPHA)
            pygame.draw.rect(img, L.GOLD, img.get_rect(), border_radius=13)
            L.text(img, f"{pts:+d}", (24, 13), 14, L.INK, bold=True, anchor="center")  # not "+-4"
            tok = world.token(img, self.cell(row, p), layer=7, texts=[f"{pts:+d}"])
            self.tokens.append(tok)

            def arrive(p: int = p, pts: int = pts) -> None:
                self.marker_score[p] += pts
                self._settle_markers()

            tok.to(self.track_pos(p, self.marker_score[p] + pts), arc=0.25, duration=0.5, on_arrive=arrive,
                   visible=False, remove=True)

    def counted(self, p: int) -> int:
        """Seat ``p``'s score with the rows shown so far: the Score row adds up what the rows above it show at
        every frame (play-test: it read "58 VP (+28)" with every row shown, then settled at 53, as the markers'
        tokens had not all arrived)."""
        return self.before[p] + sum(g[1 + p] for g in self.gains[:self.shown])

    def _settle_markers(self) -> None:
        for p, m in enumerate(self.markers):
            m.move_to(self.track_pos(p, self.marker_score[p]), duration=0.35)

    def update(self, dt: float) -> None:
        if self.started and not self.done:
            self.clock += dt * self.app.motion.speed
            while self.shown < len(self.gains) and self.clock >= self.STEP * (self.shown + 1):
                self._count(self.shown)
                self.shown += 1
            if self.shown >= len(self.gains) and not self.app.motion.busy:
                self.done = True
                self.age = 0.0
        super().update(dt)

    def skip(self) -> None:
        while self.shown < len(self.gains):
            self._count(self.shown)
            self.shown += 1
        self.app.motion.skip_all()
        self._settle_markers()
        self.app.motion.skip_all()
        self.done = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.done and event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN or event.button == 1:
                self.skip()
            return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.frame(surface)
        c = self.r.c
        r = self.rect
        L.text(surface, f"End of age {self.age_no}: the monuments score", (r.centerx, r.y + 20), 30, L.GOLD,
               serif=True, anchor="midtop")
        hx = r.x + 470
        for p in range(self.n):
            x = hx + p * 130 + 50
            L.disc(surface, (x, r.y + 84), 13, self.r.faction_rgb(self.view, p), self.r.faction_letter(self.view, p))
        L.text(surface, "monument (and the option built)", (r.x + 30, r.y + 78), 13, L.TEXT_DIM, bold=True)
        if not self.gains:
            L.text(surface, "No monument has been built yet: nobody scores this age.", (r.centerx, r.y + 130), 16,
                   L.TEXT_DIM, anchor="midtop")
        built = self.view.get("monuments", [])
        for row, g in enumerate(self.gains):
            sp = c.spaces[g[0]]
            y = r.y + 118 + row * 40
            band = pygame.Rect(r.x + 20, y, r.w - 40, 30)
            lit = row < self.shown
            pygame.draw.rect(surface, L.BG_PANEL_HI if lit else L.BG_PANEL, band, border_radius=6)
            opt = _built_option(built, g[0])
            name = sp.name + (f" ({sp.options[opt]['name']})" if opt is not None and len(sp.options) > 1 else "")
            L.whole(surface, name, pygame.Rect(r.x + 30, band.y, hx - r.x - 40, band.h), 15,
                    L.TEXT if lit else L.TEXT_DIM)  # whole: "Warden Hall (Understanding + Equity + Dominion)"
            for p in range(self.n):
                if lit:
                    pts = g[1 + p]
                    L.text(surface, f"{pts}" if pts else "\u2013", self.cell(row, p), 16,
                           L.HILITE if pts else L.TEXT_DIM, bold=bool(pts), anchor="center")
        # the totals, then the score track they are counted onto
        ty = self.totals_y()
        band = pygame.Rect(r.x + 20, ty, r.w - 40, 34)
        pygame.draw.rect(surface, (58, 52, 36), band, border_radius=6)
        L.text(surface, "Score", (r.x + 30, band.centery), 15, L.GOLD, bold=True, anchor="midleft")
        for p in range(self.n):
            total = self.counted(p)
            gained = total - self.before[p]
            x = hx + p * 130 + 50
            L.text(surface, f"{total} VP" + (f" ({gained:+d})" if gained else ""), (x, band.centery), 15,
                   L.TEXT, bold=True, anchor="center")
        tr = self.track_rect()
        L.text(surface, "Score track", (tr.x, tr.y - 20), 13, L.TEXT_DIM, bold=True)
        pygame.draw.rect(surface, L.BG_PANEL_HI, tr, border_radius=8)
        lo, hi = self.track_range()
        step = 10 if hi - lo <= 150 else 20
        for v in range(lo, hi + 1, step):
            x = self.track_x(v)
            pygame.draw.line(surface, L.TEXT_DIM, (x, tr.bottom - 8), (x, tr.bottom - 2), 1)
            L.text(surface, str(v), (x, tr.bottom + 4), 13, L.TEXT_DIM, anchor="midtop")
        self.app.motion.draw(surface, min_layer=6)
        if self.done:
            self.button.draw(surface)
        else:
            L.text(surface, "click or press a key to skip", (r.centerx, r.bottom - 40), 13, L.TEXT_DIM,
                   anchor="center")


def _built_option(built: list[Any], space: int) -> int | None:
    b = built[space] if space < len(built) else None
    if isinstance(b, dict):
        return b.get("option")
    if isinstance(b, (list, tuple)) and len(b) > 1:
        return int(b[1])
    return None
