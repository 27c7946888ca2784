"""The Realm of Reckoning table: one session's game, seen from the seat whose turn it is.

The scene reads a seat's view and submits actions through the session; it never changes the
engine's state itself. Bots think in the session's worker. The flow around the session (bots'
pace, pass-and-play curtain, preview and confirm, log, rules, leaving, autosave, results) is the
shell's :class:`~game.shell.table.TableBase`; this module draws Realm's table and adds its hints,
sounds and the end of an age. Clicks are lookups: the renderer's hotspots carry the legal actions
they stand for.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.core.session import GameSession
from game.shell.hint import Hint
from game.shell.scene import Scene
from game.shell.table import TableBase
from game.shell.text import draw_text, line_height, text_size, wrap
from game.shell.text import registry as text_registry
from game.shell.widgets import Button

from ..engine.scoring import space_points
from . import look as L
from .hint import PICK, bid_rows, hint_line, sentences
from .overlays import AgeScoringScene, ReckoningCollector, ReckoningScene, reward_prompt
from .payment import BID_RECT, PAY_RECT, WARN, BidLayout, PaymentPanel, pay_hint_words, rival_most
from .results import ResultsScene
from .table import (
    BOARDS_RECT,
    PROMPT_X,
    REWARDS_RECT,
    SUPPLY_RECT,
    PocketFeed,
    TableRenderer,
    UIHints,
    board_rect,
    rule_for_players,
)
from .words import (
    acolytes_left,
    card_name,
    claim_words,
    does,
    event_text,
    forced_bid_words,
    last_place_words,
    more_here_words,
    option_words,
    place_all_words,
    place_prompt,
    preview_title,
    prompt,
    rules_section,
)

MORE_HERE_MAX_W = 330  # "All N more in <region>": right of x 664, past a hand of 4 cards and the first player card
PREVIEW_RECT = pygame.Rect(PROMPT_X, 0, 1600 - PROMPT_X, 44)  # in the header, where the prompt was
TITLE_GAP = 14  # between the preview's title and a hint's words beside it
# the line of keys, under the rivals' boards, at the size every word a player reads has (issue 22: it was 11 px,
# across the bottom edge of the hand and the boards)
# the option buttons' place: under the hand's top, their panel (8 px round them) ending above the supply bar
OPTIONS_TOP = 612
OPTIONS_BOTTOM = SUPPLY_RECT.y - 12
OPTIONS_CUE_H = 22  # under a window on more options than the panel holds: how many more, and how to see them
KEYS_RECT = pygame.Rect(BOARDS_RECT.x, BOARDS_RECT.bottom + 2, BOARDS_RECT.w, 900 - BOARDS_RECT.bottom - 2)
KEYS_PX = 13


def key_help(hints: bool) -> str:
    """The table's keys in one line short enough for :data:`KEYS_RECT` (H only where hints are offered)."""
    dot = " \u00b7 "
    keys = ["Enter confirm", "Esc cancel/leave", "L log", "F1 rules"] + (["H hint"] if hints else [])
    return dot.join(keys + ["Ctrl+Z undo", "Y history"])


def monument_points(st: Any, monuments: list[Any]) -> dict[int, list[int]]:
    """What each built monument (``view["monuments"]``) would score every seat now (public: tracks,
    acolytes, coins, mercenary counts, wardens and icons are all on the table)."""
    age = min(max(st.age, 1), 3)
    return {i: space_points(st, i, b["option"], age) for i, b in enumerate(monuments) if b is not None}


def free_space_points(st: Any, monuments: list[Any]) -> dict[int, list[tuple[str, list[int]]]]:
    """What each free monument space would score every seat now, built with each of its options
    (public, as ``monument_points``): a monument's score before it is placed."""
    age = min(max(st.age, 1), 3)
    out = {}
    for sp in st.c.spaces:
        if monuments[sp.index] is None:
            out[sp.index] = [(o["name"] if sp.options else "", space_points(st, sp.index, k, age))
                             for k, o in enumerate(sp.options or [{}])]
    return out


def scores_before(scored: dict[str, Any]) -> list[int]:
    """Each seat's score before the monuments scored, from an ``age_scored`` event."""
    return [sc - sum(g[1 + p] for g in scored["gains"]) for p, sc in enumerate(scored["scores"])]


def first_sentences(words: str, width: int, size: int) -> str:
    """As many whole sentences of ``words`` as fit on one line (the tooltip has them all); of a first
    sentence too long for the line, its first whole clauses."""
    sentences = [x if x.endswith(".") else x + "." for x in words.split(". ")] if ". " in words else [words]
    shown = ""
    for sentence in sentences:
        longer = f"{shown} {sentence}".strip()
        if len(wrap(longer, width, size)) > 1:
            break
        shown = longer
    if not shown:  # no whole sentence fits: its first clauses, else the way to confirm (never a cut word)
        clauses = re.split(r"(?<=[;:,]) ", sentences[0])
        for k in range(len(clauses) - 1, 0, -1):
            head = " ".join(clauses[:k]).rstrip(";:,") + " (more on hover)"
            if len(wrap(head, width, size)) == 1:
                return head
        return "Enter or a second click confirms; Esc cancels."
    return shown


def two_lines(words: str, first: int, width: int, size: int = 13) -> tuple[str, str] | None:
    """``words`` as a line of ``first`` px, then one of ``width`` (None: they do not fit); broken between words."""
    parts = words.split(" ")
    k = 0
    while k < len(parts) and text_size(" ".join(parts[:k + 1]), size)[0] <= first:
        k += 1
    rest = " ".join(parts[k:])
    return (" ".join(parts[:k]), rest) if text_size(rest, size)[0] <= width else None


def cut_points(words: str) -> list[int]:
    """Where ``words`` may end short, best first: after a sentence, the longest first; then after a clause ("; ",
    ": ", ", ") outside brackets, the longest first."""
    ends, clauses, depth = [], [], 0
    for i, ch in enumerate(words[:-1]):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and words[i + 1] == " ":
            if ch == ".":
                ends.append(i + 1)
            elif ch in ";:,":
                clauses.append(i + 1)
    return ends[::-1] + clauses[::-1]


def with_note(note: str, tip: str) -> str:
    """A last place row's tip led by ``note`` (that its chooser keeps the bid), without the tip's own first
    sentence of what it loses, which the note says."""
    if tip.startswith("Last place pays"):
        tip = tip.split(". ", 1)[1] if ". " in tip else ""
    return f"{note} {tip}".strip()


def canvas(size: tuple[int, int]) -> pygame.Surface:
    image = pygame.Surface(size)
    return image.convert() if pygame.display.get_surface() else image


def option_cue(above: int, below: int) -> str:
    """The line under a window on a list of options: how many are out of view, and how to bring them."""
    parts = [f"{above} more above" if above else "", f"{below} more below" if below else ""]
    return ", ".join(p for p in parts if p) + ": wheel or \u2191 \u2193"


def first_showing(made: list[tuple[Any, str, int]], last: int, room: int) -> int:
    """The first of a window of options (each with its height, third) ``room`` high that ends with option ``last``
    (the window that ends with the last option, or one that brings an option into view from below)."""
    first, used = last + 1, 0
    while first > 0 and used + made[first - 1][2] + 4 <= room:
        first, used = first - 1, used + made[first - 1][2] + 4
    return first


def public_view(session: GameSession, seat: int) -> dict[str, Any]:
    """What every player sees (the engine's view of nobody in particular), laid out for ``seat``."""
    return dict(session.view(-1), seat=seat)


class OptionButton(Button):
    """An option as a button whose words wrap to a second line rather than being cut."""

    def draw(self, surface: pygame.Surface) -> None:
        words, self.text = self.text, ""  # the button's face without its one-line label
        try:
            super().draw(surface)
        finally:
            self.text = words
        ink = L.INK if self.style == "primary" else L.TEXT
        lines = wrap(words, self.rect.w - 24, "tiny", bold=True)
        lh = line_height("tiny", bold=True)
        top = self.rect.centery - lh * len(lines) // 2 + (2 if self.pressed and self.hovered else 0)
        for k, line in enumerate(lines):
            draw_text(surface, line, (self.rect.centerx, top + k * lh), "tiny", ink, bold=True, anchor="midtop")


class TableScene(PaymentPanel, TableBase):
    """The game table for one session: the shell's table flow (:class:`TableBase`) with Realm's
    board, its hints, the bid dial, the payment panel and the end of an age shown as it ended."""

    # the move feed under the icon legend (its 13 px rows end at 750), right of a fifth card and of the first
    # player card beside it, above the supply: over nothing a player reads (issue 22: it covered the foot of a
    # fifth card and the first player card); while a decision's options, bid or payment panel is up it waits.
    # The history's list over the same corner (a past position has no decision), right of a full hand of five
    # and above the supply (play-test s5 item 10: it covered the supply): the rivals' boards, the regions, the
    # monument spaces, the hand and the supply stay in view
    feed_rect = pygame.Rect(744, 754, 250, 96)
    # a message ("Hints mark this game as assisted ...") stands at the foot of the boards, over the line of keys,
    # not over the supply row and the bid panel's last line (play-test s6 item 18)
    toast_midbottom = (BOARDS_RECT.centerx, 898)
    log_rect = pygame.Rect(BOARDS_RECT)  # over the rivals' boards, clear of the line of keys
    history_panel_rect = pygame.Rect(662, 604, 338, SUPPLY_RECT.y - 6 - 604)
    # on asking (Tab), the list grows up over the reward card and the right of the monument spaces: twice the moves
    history_tall_rect = pygame.Rect(662, REWARDS_RECT.y, 338, SUPPLY_RECT.y - 6 - REWARDS_RECT.y)

    def __init__(self, cfg: Any, session: GameSession) -> None:
        self.r = TableRenderer(session.content)
        self.hotspots: list[Any] = []
        self.buttons: list[Button] = []
        self.bid_value = 0
        self.bid_key: tuple | None = None
        self.bid_digits = ""  # what has been typed into the bid dial
        self.bid_hint: tuple[tuple | None, int, str] | None = None  # (bid key, the hinted bid, why): beside the dial
        self.bid_costs: dict[tuple, str] = {}  # (bid key, bid) -> what that bid costs, in words
        self.bid_layout_of: tuple[tuple, BidLayout] | None = None  # ((bid key, hint), the bid panel's layout)
        self.pay: dict[str, Any] | None = None
        self.pay_rows: list[tuple[str, tuple[int, int], tuple]] = []  # text, where, colour
        self.options_rect: pygame.Rect | None = None  # the panel behind option buttons
        self.options_key: tuple | None = None  # the decision the options listed are for (its window kept on it)
        self.options_pending: Any = None  # the move in preview the window was last moved to show
        self.option_first = 0  # the first option in the panel's window (more options than it holds: scrolled)
        self.option_cue: str | None = None  # under a scrolled window of options: how many more, and how to see them
        self.space_options: list[tuple] = []  # a clicked monument space's options (Warden Hall's two), as buttons
        self._cache: tuple | None = None  # (key, drawn table, hotspots, drawn texts): the table is redrawn on change
        self.pending_spot: tuple[str, Any] | None = None  # what the move in preview was chosen by, lit
        self.pressed_at: tuple[int, int] | None = None  # where the mouse rested at a press or as the table came up
        # built space -> each seat's points now; free space -> (option, each seat's points) if built now
        self._points: tuple[Any, dict[int, list[int]], dict[int, list[tuple[str, list[int]]]]] = (None, {}, {})
        self._hints_memo: tuple[tuple, UIHints] | None = None  # (what they were worked out from, the hints)
        self.frozen: dict[str, Any] | None = None  # the table at an age's end, shown until its overlays close
        self.reckonings = ReckoningCollector(session.content)
        self.overlays: list[Scene] = []  # event presentations waiting their turn (reckonings, age scoring)
        self.held_events = False  # events after an age's scoring wait for its overlay (``drain_events``)
        self.last_reveal: tuple[list[str | None], list[int]] = ([], [])  # the latest round's cards by seat, order
        super().__init__(cfg, session)
        self.feed = PocketFeed()  # its place is narrow: a long line comes a size smaller rather than not at all
        self.last_round = (0, 0)  # a game is saved after its first move already, a continued one too
        for ev in session.events[:session.restored_events]:  # a continued game's reckonings count on
            self.reckonings.feed(ev.data)
            self.note_reveal(ev.data)

    # ------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        super().on_enter()
        self.hold_tips()

    def on_resume(self) -> None:
        super().on_resume()
        self.hold_tips()

    def hold_tips(self) -> None:
        """No tip until the mouse moves: the table came up (or back) under a resting mouse, which was
        aimed at a button of the scene before (play-test: the legend's tip popped up at the start)."""
        if self.app is not None:
            self.pressed_at = self.app.mouse

    def on_exit(self) -> None:
        super().on_exit()

    def results_scene(self) -> Scene:
        return ResultsScene(self.cfg, self.s)

    def rules_section(self, decision: str) -> str | None:
        return rules_section(decision)

    # ----------------------------------------------------------------- hint
    # the shell asks (game/shell/hint.py); Realm says why in its own words and shows a bid on the dial and a
    # payment on the payment panel
    def hint_ready(self) -> bool:
        return self.frozen is None  # not while an age's end is shown

    def hint_why(self, hint: Hint) -> str:
        """The hint's line: the move named in full (which option, pillar, region) and what it does here, in facts
        of the table (:mod:`.hint`; play-test: the search's value said "it expects to win" of a bid that came
        last). A bid and a payment are named where they are shown (the dial, the payment panel): only the facts."""
        st = self.s.state
        a = hint.action
        p = st.to_move()
        if a[0] == "bid" and not hint.forced:  # beside the dial, whose own lines say what the bid costs
            why = f"{PICK}: {sentences(bid_rows(st, p, a[1], self.seat_label))}"
        else:
            why = hint_line(st, p, a, self.seat_label, hint.forced)
        last_place = self.last_place_note(a)
        return f"{last_place} {why}" if last_place else why  # first: the preview's line shows whole sentences

    def last_place_note(self, a: tuple) -> str:
        """For the last place row of the reckoning being executed: that its chooser keeps the bid, what it
        loses ("" for any other move)."""
        st = self.s.state
        if a[0] != "row" or st.decision_name() != "row":
            return ""
        row = self.s.content.rewards[st.reckoning_reward()].rows[a[1]]
        return last_place_words(row, st.bid_of(st.to_move())) if row.is_penalty else ""

    def show_hint(self, hint: Hint, why: str) -> None:
        a = hint.action
        if a[0] == "bid":  # the dial: set to the bot's bid, its reason beside it, confirmed with Bid
            self.hint_bid(a[1], why)
            return
        if a[0] == "pay":  # the payment panel: filled in with the bot's payment, confirmed with Pay
            _, aco, cb, infl, mercs, disc = a
            self.pay = dict(self.pay or {}, a=aco, c=cb, i=list(infl), m=set(mercs), d=list(disc))
            self.rebuild()
            st = self.s.state
            words = why
            if self.pay and self.pay.get("ranked"):
                words = pay_hint_words(self._advice_of(st, st.to_move(), a), self.pay["ranked"][0], why)
            self.app.toast(words, seconds=8.0)
            return
        self.pending = None  # the hint replaces any move in preview
        self.choose(a, "Hint: " + why, self._spot_of(a))

    def seat_label(self, p: int) -> str:
        """How the players see seat ``p`` named: "You" (the one human), a player's name, or the faction."""
        seat = self.s.seats[p]
        if seat.human and len(self.s.humans()) == 1:
            return "You"
        return self.seat_name(p)

    # ----------------------------------------------------------------- flow
    def update(self, dt: float) -> None:
        super().update(dt)

    def hold_flow(self) -> bool:
        """The reckonings and age scorings show one by one before the game goes on; then the table
        that stood still at the age's end gives way to the next deal."""
        if self.overlays:
            if not self.app.motion.busy:
                self.app.push(self.overlays.pop(0))
            return True
        if self.frozen is not None and self.app.stack.top is self:  # Continue: now the next age is dealt
            self.frozen = None
            self.rebuild()
        if self.held_events and self.app.stack.top is self:
            self.held_events = False
            self.drain_events()  # what came after an age's scoring, now that its overlay has closed
        return False

    def drain_events(self) -> None:
        """The new events into the log and the animations, but those after an age's scoring only once its
        overlay closed (``hold_flow``): play-test, the log said "Game over: The Remnants win" while the
        end-of-age scores were still being counted."""
        new = self.s.events[self.shown_events:]
        cut = next((k + 1 for k, ev in enumerate(new) if ev.data["type"] == "age_scored"), len(new))
        if cut == len(new):
            super().drain_events()
            return
        events = self.s.events
        self.held_events = True
        self.s.events = events[:self.shown_events + cut]  # the base drains what the session holds
        try:
            super().drain_events()
        finally:
            self.s.events = events

    def needs_curtain(self, seat: int) -> bool:
        # pass and play: the curtain comes whenever the deciding human changes (public decisions too),
        # but not for the first decision of the human already shown, unless it is secret
        return super().needs_curtain(seat) and (self.viewer != seat or self.s.state.is_secret())

    def human_turn_begins(self) -> None:
        self.app.play_sound("turn")

    def curtain_prompt(self, seat: int) -> str | None:
        return prompt(self.s.state.decision_name()) if self.s.to_move() == seat else None

    def round_key(self) -> Any:
        return (self.s.state.age, self.s.state.round)

    def _age_end_view(self, batch: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The table as the age ended (the public table the engine gave with the monuments' scoring,
        before the next age is dealt), when ``batch`` (one action's events) ends an age; else None."""
        scored = [d for d in batch if d["type"] == "age_scored"]
        if not scored:
            return None
        # the boards show the scores before the monuments' (the end-of-age overlay counts those up); the one
        # human's mercenaries stay in the hand (play-test: "Mercenaries: none" while the player held 3: the
        # engine's table is nobody's view; the age's end and its next deal change no mercenary)
        seat = self._default_viewer()
        own = self.s.view(seat)["mercenaries"] if len(self.s.humans()) == 1 else []
        return dict(scored[-1]["table"], seat=seat, reckoning=None, to_move=-1, mercenaries=list(own),
                    score=scores_before(scored[-1]))

    def before_events(self, batch: list[dict[str, Any]]) -> None:
        self.frozen = self._age_end_view(batch) or self.frozen

    def after_rewind(self) -> None:
        """Undo: besides the log, the reckonings are collected again and nothing of the future is shown."""
        super().after_rewind()
        self.frozen = None
        self.held_events = False  # the base told every event again
        self.overlays = []
        self.pay = None
        self.reckonings = ReckoningCollector(self.s.content)
        self.last_reveal = ([], [])
        for ev in self.s.events:
            self.reckonings.feed(ev.data)
            self.note_reveal(ev.data)

    def narrate(self, event: dict[str, Any]) -> str | None:
        return event_text(self.s.content, event, self.seat_label)

    def note_reveal(self, d: dict[str, Any]) -> None:
        """Keep the latest round's revealed cards (shown by each board until the next are revealed; a new
        age starts with none)."""
        if d["type"] == "reveal":
            cards = self.s.content.cards
            self.last_reveal = ([cards[x].id if x >= 0 else None for x in d["cards"]], list(d["order"]))
        elif d["type"] == "age_start":
            self.last_reveal = ([], [])

    def animate(self, event: dict[str, Any]) -> None:
        d = event
        self.note_reveal(d)
        if d["type"] == "tuck":
            self._animate_tuck(d)
        else:
            self._animate_resources(d)
        if d["type"] == "reveal":
            self.app.play_sound("card")
        elif d["type"] in ("bids_revealed", "age_scored"):
            self.app.play_sound("chime")
        report = self.reckonings.feed(d)
        if report is not None:
            self.overlays.append(ReckoningScene(self.r, self._overlay_view(), self._hints(), report,
                                                auto=self._overlay_auto(3.5)))
        if d["type"] == "age_scored":
            self.overlays.append(AgeScoringScene(self.r, self._overlay_view(), self._hints(),
                                                 len(self.s.state.age_scores), d["gains"], scores_before(d),
                                                 auto=self._overlay_auto(2.5)))

    def _overlay_view(self) -> dict[str, Any]:
        """A view with nothing private in it (an overlay may show while the next player waits); at
        an age's end, the table as the age ended."""
        if self.frozen is not None:
            return self.frozen
        return public_view(self.s, self.viewer if self.viewer >= 0 else self._default_viewer())

    def _overlay_auto(self, seconds: float) -> float | None:
        """Humans at the table close an overlay themselves; an all-bots game moves on by itself."""
        if self.s.humans():
            return None
        if self.cfg.ui.skip_animations:
            return 0.3
        return seconds / max(0.25, self.cfg.ui.animation_speed)

    # things that move between the supply, the boards and the regions
    _MAX_TOKENS = 6  # per event: a big gain shows as a short stream, not a flood

    def _token_image(self, kind: str, seat: int = -1, colour: int = 0) -> pygame.Surface:
        img = pygame.Surface((26, 26), pygame.SRCALPHA)
        if kind == "coin":
            pygame.draw.circle(img, (120, 86, 20), (13, 13), 10)
            pygame.draw.circle(img, L.GOLD, (13, 13), 8)
        elif kind == "acolyte":
            view = self.s.view(max(0, self.viewer))
            L.disc(img, (13, 13), 10, self.r.faction_rgb(view, seat), self.r.faction_letter(view, seat))
        elif kind == "warden":
            L.badge(img, pygame.Rect(4, 4, 18, 18), self.r.pillar_rgb(colour), self.s.content.pillar_letters[colour])
        else:  # a mercenary card
            pygame.draw.rect(img, (70, 62, 58), (3, 1, 20, 24), border_radius=3)
            pygame.draw.rect(img, L.GOLD, (3, 1, 20, 24), 1, border_radius=3)
        return img

    def _fly(self, kind: str, src: tuple | None, dst: tuple | None, count: int = 1, seat: int = -1,
             colour: int = 0, sound: str = "") -> None:
        """Send ``count`` tokens from anchor ``src`` to anchor ``dst`` (anchors of the last drawn table)."""
        a = self.r.anchors.get(src) if src else None
        b = self.r.anchors.get(dst) if dst else None
        if a is None or b is None or count <= 0 or self.cfg.ui.skip_animations:
            return
        world = self.app.motion
        img = self._token_image(kind, seat, colour)
        dur = 0.42 / max(0.25, self.cfg.ui.animation_speed)
        for k in range(min(count, self._MAX_TOKENS)):
            tok = world.token(img, a, layer=3)
            tok.to(b, delay=0.07 * k, arc=0.35, duration=dur, remove=True,
                   on_arrive=(lambda: self.app.play_sound(sound)) if sound else None)

    def _animate_resources(self, d: dict[str, Any]) -> None:
        t = d["type"]
        p = d.get("seat", -1)
        if t == "coins":
            self._fly("coin", ("supply", "coins"), ("coins", p), d["amount"], sound="coin")
        elif t == "steal":
            self._fly("coin", ("coins", d["target"]), ("coins", p), d.get("amount", 1), sound="coin")
        elif t == "place":
            self._fly("acolyte", ("reserve", p), ("region", d["region"], p), seat=p)
        elif t == "move":
            self._fly("acolyte", ("region", d["region"], p), ("region", d["to"], p), seat=p)
        elif t == "lose_acolyte":
            self._fly("acolyte", ("region", d["region"], p), ("reserve", p), d.get("amount", 1), seat=p)
        elif t == "warden":
            self._fly("warden", ("supply", "warden", d["colour"]), ("warden", p, d["colour"]), colour=d["colour"])
        elif t == "lose_warden":
            self._fly("warden", ("warden", p, d["colour"]), ("supply", "warden", d["colour"]), d.get("amount", 1),
                      colour=d["colour"])
        elif t == "mercs":
            self._fly("merc", ("supply", "mercs"), ("mercs", p), d["amount"])
        elif t == "merc_discard":
            self._fly("merc", ("mercs", p), ("supply", "mercs"))
        elif t == "penalty":
            self._fly("coin", ("coins", p), ("supply", "coins"), d["coins"], sound="coin")
        elif t == "pay":
            region = self.s.state.reckoning_region()
            k = d["coin_bids"]
            self._fly("coin", ("coins", p), ("supply", "coins"), k * (k + 1) // 2, sound="coin")
            if region >= 0:
                self._fly("acolyte", ("region", region, p), ("reserve", p), d["acolytes"], seat=p)
            for col, v in enumerate(d["discards"]):
                self._fly("warden", ("warden", p, col), ("supply", "warden", col), v, colour=col)
            self._fly("merc", ("mercs", p), ("supply", "mercs"), len(d["mercs"]))

    def _animate_tuck(self, d: dict[str, Any]) -> None:
        """The card's visible half flies from the hand and lands on its pillar's stack."""
        if self.cfg.ui.skip_animations:  # as for every other token: nothing flies, nothing waits
            return
        card = self.s.content.cards[d["card"]]
        img = self.r.strip_image(card.id, d["side"], d["pillar"])
        target = self.r.anchors.get(("stack", d["seat"], d["pillar"], d["side"]))
        if target is None:
            br = board_rect(self.s.players, d["seat"])
            target = (br.x + 8 + d["pillar"] * (558 // 5) + 55, br.y + (br.h - 20 if d["side"] else 90))
        tok = self.app.motion.token(img, (500, 700), angle=-6, layer=2, texts=[card_name(self.s.content, card)])
        tok.to(target, 0, arc=0.3, duration=0.45 / max(0.25, self.cfg.ui.animation_speed),
               on_arrive=lambda: self.app.play_sound("tuck")).to(
            (target[0], target[1]), 0, layer=-1, visible=False, remove=True)

    # ------------------------------------------------------------- decisions
    def choose(self, action: Any, text: str | None = None, spot: tuple[str, Any] | None = None) -> None:
        """First step of a move: show it in preview (``text``: why or what, under its title; ``spot``:
        the thing on the table it was chosen by, lit meanwhile); choosing the same move again confirms it."""
        self.pending_spot = spot
        last_place = self.last_place_note(action)
        if last_place and not (text or "").startswith("Hint"):  # the row's own tip: what last place means first
            text = with_note(last_place, text or "")
        super().choose(action, text or "")

    def rebuild(self) -> None:
        """Buttons for the decision of the human seat to move."""
        self.buttons = []
        self.options_rect = None
        self.option_cue = None
        self.pay_rows = []
        if not self.my_turn or self.frozen is not None or self.looking_back:
            return
        s = self.s
        st = s.state
        legal = st.legal_actions()
        d = st.decision_name()
        if d == "bid":
            self._bid_buttons(st)
            return
        if d == "pay":
            self._pay_buttons(st, legal)
            return
        clickable = {"select", "discard", "place", "reward", "row", "monument", "lose_acolyte", "merc_discard"}
        if self.pending is not None and self.pending not in legal:
            self.pending = self.pending_spot = None
        self.space_options = [a for a in self.space_options if a in legal]
        options = legal if d not in clickable else self.space_options
        self._option_buttons(st, d, options)
        more = self.more_here_count()
        if more:  # the rest of the deployment where the last one went, with one click (Ctrl+Z: all of them)
            region = self.last_placed()
            words, tip = more_here_words(s.content.region_names[region], more, st.dec_n)
            # in the feed's place under the icon legend (the feed gives way to it), over no card and no legend
            # (play-test s8 item 5: under the options' place it covered the legend)
            # (as wide as its words ask, leftwards over the hand's empty end: a hand at a placement has 4 cards
            # at most, its card played, and the first player card)
            box = self.feed_rect
            bw = min(MORE_HERE_MAX_W, max(box.w, text_size(words, "tiny", bold=True)[0] + 32))
            h = 30 if len(wrap(words, bw - 24, "tiny", bold=True)) == 1 else 48
            button = OptionButton(words, (box.right - bw, box.y + 4, bw, h), lambda: self.place_all(region, more),
                                  size="tiny")
            button.tooltip = tip
            self.buttons.append(button)
            if options:  # one panel holds both (never with placements today, but a panel holds its buttons)
                self.options_rect = self.options_rect.union(button.rect.inflate(16, 16))
        if self.pending is not None:
            box = PREVIEW_RECT
            k = self.place_all_count()
            if k:  # a deployment's acolytes all in the region in preview, with one click
                region = self.pending[1]
                button = Button(f"All {k} here", (box.right - 352, box.y + 5, 124, 34),
                                lambda: self.place_all(region, k))
                button.tooltip = place_all_words(self.s.content, region, k)
                self.buttons.append(button)
            self.buttons.append(Button("Confirm", (box.right - 222, box.y + 5, 116, 34), self.confirm,
                                       shortcut=pygame.K_RETURN, style="primary"))
            self.buttons.append(Button("Cancel", (box.right - 100, box.y + 5, 94, 34), self.cancel_pending))

    def _option_buttons(self, st: Any, d: str, options: list[tuple]) -> None:
        """The options as buttons in their panel above the supply bar. More than it holds: a window on them that
        the wheel or the up and down arrows move, with a line under it saying how many are above and below
        (play-test g6: only the first 8 were listed, the panel over the supply, a claim token out of reach)."""
        x, w, s = 590, 400, self.s
        made = []
        for a in options:  # an option too long for one line takes two, never cut
            words = self._space_option_words(a) if d == "monument" else option_words(s.content, st, a,
                                                                                     self.seat_label)
            lines = len(wrap(words, w - 24, "tiny", bold=True))  # a reward card's rows take three
            made.append((a, words, 30 if lines == 1 else 14 + line_height("tiny", bold=True) * lines))
        key = (d, len(s.actions), tuple(options))
        if key != self.options_key:
            self.options_key, self.option_first = key, 0
        fits = sum(h + 4 for _a, _w, h in made) <= OPTIONS_BOTTOM - OPTIONS_TOP
        room = OPTIONS_BOTTOM - OPTIONS_TOP - (0 if fits else OPTIONS_CUE_H)
        if self.pending in options and self.pending != self.options_pending:  # a hint's option brought into view
            at = options.index(self.pending)
            self.option_first = max(first_showing(made, at, room), min(self.option_first, at))
        self.options_pending = self.pending
        self.option_first = max(0, min(first_showing(made, len(made) - 1, room), self.option_first))
        y, shown = OPTIONS_TOP, 0
        for a, words, h in made[self.option_first:]:
            if y + h > OPTIONS_TOP + room:
                break
            button = OptionButton(words, (x, y, w, h), lambda a=a: self._choose_option(a), size="tiny",
                                  style="primary" if a == self.pending else "secondary")
            if d == "claim":  # what a claim does for the chooser (played by mouse: nothing said why it matters)
                button.tooltip = claim_words(s.content, st, a)
            self.buttons.append(button)
            y, shown = y + h + 4, shown + 1
        self.option_cue = None if fits else option_cue(self.option_first, len(made) - self.option_first - shown)
        bottom = y if fits else OPTIONS_BOTTOM
        self.options_rect = pygame.Rect(x - 8, OPTIONS_TOP - 8, w + 16, bottom - OPTIONS_TOP + 8) if options else None

    def over_options(self, pos: tuple[int, int] | None) -> bool:
        """Whether logical ``pos`` (the mouse's) is over the option menu's panel: only there does the wheel
        scroll it (play-test gB: it scrolled the menu wherever the mouse was)."""
        return pos is not None and self.options_rect is not None and self.options_rect.collidepoint(pos)

    def scroll_options(self, by: int) -> bool:
        """The wheel or an arrow key over a list of options longer than its panel: ``by`` options on (negative:
        back). Whether the list scrolls (else the event is someone else's)."""
        if self.option_cue is None:
            return False
        self.option_first = max(0, self.option_first + by)
        self.rebuild()
        return True

    def place_all_count(self) -> int:
        """How many acolytes "All here" would place for the placement in preview: the rest of the deployment, as
        far as the reserve goes (0: no such button, for one acolyte or another kind of move)."""
        st = self.s.state
        if self.pending is None or self.pending[0] != "place" or st.decision_name() != "place":
            return 0
        k = min(st.dec_n, st.reserve[st.to_move()])
        return k if k >= 2 else 0

    def place_all(self, region: int, count: int) -> None:
        """The player's "All here": ``count`` acolytes into ``region``, each the engine's own legal ``place``
        action, submitted one at a time as the engine asks for them; one decision, so Ctrl+Z takes them back
        together. Stops early if the engine asks for something else."""
        seat = self.s.to_move()
        with self.s.one_decision():
            for _ in range(count):
                st = self.s.state
                if self.s.is_over() or not self.my_turn or st.to_move() != seat or st.decision_name() != "place" \
                        or not st.is_legal(("place", region)):
                    break
                self.send(("place", region))
        self.rebuild()

    def _choose_option(self, a: tuple) -> None:
        """An option button previews its move; a monument's option keeps its space lit and says its rule."""
        if a[0] == "claim":
            self.choose(a, claim_words(self.s.content, self.s.state, a))
            return
        if a[0] != "monument":
            self.choose(a)
            return
        self.choose(a, rule_for_players(self.s.content.spaces[a[1]].text, self.s.players), ("space", a[1]))

    def _space_option_words(self, a: tuple) -> str:
        """A monument option as its button says it: the option's name and what it would score the mover now."""
        name = self.s.content.spaces[a[1]].options[a[2]]["name"]
        worth = {nm: pts[self.s.to_move()] for nm, pts in self._points[2].get(a[1], [])}
        return name + (f" ({worth[name]:+d} VP now)" if name in worth else "")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed_at = event.pos
        if self._bid_input(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.over_options(getattr(event, "pos", None)) \
                and self.scroll_options(-event.y):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) \
                and self.scroll_options(1 if event.key == pygame.K_DOWN else -1):
            return True
        if super().handle_event(event):
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.my_turn:
            self._click(event.pos)
            return True
        return False

    def _spot_of(self, a: tuple) -> tuple[str, Any] | None:
        """The thing on the table a person clicks for action ``a`` (None: an option button makes it)."""
        c = self.s.content
        k = a[0]
        if k in ("select", "discard"):
            return ("card", c.cards[a[1]].id)
        if k in ("place", "lose_acolyte"):
            return ("region", a[1])
        if k == "reward":
            return ("reward", c.rewards[a[1]].id)
        if k == "row":
            return ("row", a[1])
        if k == "monument":
            return ("space", a[1])
        if k == "merc_discard":
            return ("merc", c.mercenaries[a[1]].id)
        return None

    def quick_place(self) -> bool:
        """Whether a click on a region places an acolyte at once: the viewer is placing a deployment's acolytes.
        Every click places one, the first too (play-test s7 item 3: the first click was a preview and the rest
        were not, so five clicks placed four); Ctrl+Z takes back one."""
        return self.my_turn and self.s.state.decision_name() == "place"

    def last_placed(self) -> int | None:
        """The region of the viewer's placement just made, while their deployment goes on (None: none)."""
        s = self.s
        if not self.quick_place() or not s.actions:
            return None
        last = s.actions[-1]
        if last["seat"] != self.viewer or last["action"].get("type") != "place":
            return None
        return s.content.region_ids.index(last["action"]["region"])

    def more_here_count(self) -> int:
        """How many acolytes "All ... more in" the region just placed in would place: the rest of the
        deployment, as far as the reserve goes (0: no such button)."""
        st = self.s.state
        region = self.last_placed()
        if region is None or self.pending is not None or not st.is_legal(("place", region)):
            return 0
        return min(st.dec_n, st.reserve[st.to_move()])

    def _click(self, pos: tuple[int, int]) -> None:
        """A click is a lookup: each hotspot carries the legal actions it stands for. A deployment's acolytes go
        with one click on a region each (:meth:`quick_place`), each the engine's own legal ``place`` action, one
        at a time; any other move is previewed first."""
        for h in reversed(self.hotspots):
            if not h.rect.collidepoint(pos) or not h.actions:
                continue
            if len(h.actions) == 1 and h.actions[0][0] == "place" and self.quick_place():
                self.space_options = []
                self.pending = self.pending_spot = None
                self.app.play_sound("click")
                self.submit(h.actions[0])
            elif len(h.actions) == 1:
                self.space_options = []
                self.choose(h.actions[0], h.tip, (h.kind, h.value))
            else:  # a monument space with options: its options come up as option buttons (preview, Confirm)
                self.space_options = list(h.actions)
                self.pending, self.pending_spot = None, (h.kind, h.value)
                self.rebuild()
            return

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The tip of the hotspot under the mouse, once the mouse has moved since the last press: a control
        that goes away from under a resting mouse (an option chosen) does not open the tip of what lay
        beneath it (play-test: the icon legend's tip popped up after a choice)."""
        if self.pressed_at is not None:
            if abs(pos[0] - self.pressed_at[0]) + abs(pos[1] - self.pressed_at[1]) <= 3:
                return None
            self.pressed_at = None
        if self._shared_button_at(pos) is not None:  # the shell's Hint, Undo or History: placed by tooltip_owner
            return self.controls_tooltip_at(pos)
        preview = self.preview_tip_at(pos)
        if preview is not None:
            return preview
        spot = self._tip_spot(pos)
        row = next((h for h in self.hotspots if h.kind == "row" and isinstance(h.value, int)
                    and h.rect.collidepoint(pos)), None) if spot is not None and self.my_turn else None
        last_place = self.last_place_note(("row", row.value)) if row is not None else ""
        if last_place:  # the last place row, to choose now (under the reward card's tip): it keeps the bid
            return with_note(last_place, row.tip)
        return spot.tip if spot is not None else None

    def _tip_spot(self, pos: tuple[int, int]) -> Any:
        """The hotspot whose tip shows at ``pos`` (none over a button)."""
        if any(b.rect.collidepoint(pos) for b in self.buttons):
            return None
        return next((h for h in reversed(self.hotspots) if h.rect.collidepoint(pos) and h.tip), None)

    def _shared_button_at(self, pos: tuple[int, int]) -> Any:
        return next((b for b in self.shared_shown if b.tooltip and b.rect.collidepoint(pos)), None)

    def tooltip_owner(self, pos: tuple[int, int]) -> tuple[pygame.Rect, list[pygame.Rect]] | None:
        """The icon legend's tip goes beside the legend and never over the players' boards; the tip of Hint,
        Undo or History beside its button, over none of the others nor a board's name (play-test p1: Undo's
        tip covered "You")."""
        button = self._shared_button_at(pos)
        if button is not None:
            others = [b.rect for b in self.shared_shown if b is not button]
            return pygame.Rect(button.rect), others + list(self.r.name_rects.values())
        spot = self._tip_spot(pos)
        if spot is not None and spot.kind == "legend":
            return pygame.Rect(spot.rect), [BOARDS_RECT]
        return None

    # ----------------------------------------------------------------- draw
    def _hints(self) -> UIHints:
        """What the renderer shows beyond the view: prompt, names, thinking bots, what may be clicked.
        Worked out once a frame (the layers ask for it several times), and again when what it reads
        changes within the frame; a bot's progress is read once a frame."""
        s = self.s
        key = (self.app.frame if self.app else None, id(s.state), len(s.actions), self.viewer, repr(self.pending),
               self.pending_spot, self.hint_wait, self.bid_value, id(self.frozen))
        if self._hints_memo is None or self._hints_memo[0] != key:
            self._hints_memo = (key, self._work_out_hints())
        return self._hints_memo[1]

    def _work_out_hints(self) -> UIHints:
        s = self.s
        st = s.state
        h = UIHints()
        h.seat_names = [self.seat_label(i) + ("" if seat.human or seat.name else f" ({seat.bot})")
                        for i, seat in enumerate(s.seats)]
        key = (id(st), len(s.actions))
        if self._points[0] != key:  # worked out once per move, not every frame
            built = s.view(self._default_viewer())["monuments"]
            self._points = (key, monument_points(st, built), free_space_points(st, built))
        h.monument_points = self._points[1]
        if self.reckonings.current is not None:  # the claim tokens moved in this reckoning so far (s6 item 13)
            h.reckoning_claims = list(self.reckonings.current.claims)
        h.free_points = self._points[2]
        h.last_revealed, h.reveal_order = self.last_reveal
        if self.viewer >= 0:  # the neighbour the viewer's hand goes to next (seating is public; play-test t1)
            h.pass_to = st.hand_goes_to(self.viewer)
        waiting = self._overlay_waits()
        if waiting:
            h.prompt = waiting
            return h
        if self.frozen is not None:
            h.prompt = f"The end of age {self.frozen['age']}"
            return h
        if self.viewer < 0:
            h.hidden_hand = True
            return h
        if st.is_terminal():
            h.prompt = "Game over"
            return h
        p = st.to_move()
        d = st.decision_name()
        if not s.seats[p].human and not self.finished:  # (a finished table, such as the history's, waits for nobody)
            prog, _its = s.bot_progress()
            h.thinking = {p: prog}
            if d == "select":  # a simultaneous choice: every bot that has not chosen yet is still deciding
                committed = s.view(p)["committed"]
                h.thinking.update({q: 0.0 for q in range(st.n) if q != p and not s.seats[q].human
                                   and not committed[q]})
            h.prompt = f"{does(h.seat_names[p], 'is')} thinking\u2026"
            return h
        if self.viewer != p:
            return h
        h.prompt = self._decision_prompt(d) if not self.hint_wait else "Asking the expert bot for a hint\u2026"
        if len(s.humans()) > 1 and not self.hint_wait:  # pass-and-play: whose decision it is
            h.prompt = f"{h.seat_names[p]}: {h.prompt}"
        if self.pending is not None or self.face_down is not None:  # a preview, or a sealed choice held face down
            h.prompt = " "  # the preview takes the header's place
            if self.pending_spot is not None:
                h.chosen.add(self.pending_spot)
        if d == "bid":
            h.prompt = f"Your sealed bid: {self.bid_value} (at most {st.bid_limit(p)})"
        for a in st.legal_actions():
            spot = self._spot_of(a)
            if spot is not None:
                h.actions[spot] = h.actions.get(spot, ()) + (a,)
        h.choosable = set(h.actions)
        return h

    def _overlay_waits(self) -> str:
        """What the top bar says while a reckoning's summary or an age's scoring waits for Continue ("" where
        none does): play-test, it said "The Archivists are thinking\u2026" while the game waited for the player."""
        top = self.app.stack.top if self.app is not None else None
        if not isinstance(top, (ReckoningScene, AgeScoringScene)) or top.auto is not None:
            return ""
        if isinstance(top, AgeScoringScene):
            return "Counting the monuments' points" if top.busy() else "Read the scores, then press Continue"
        return "Read the reckoning's summary, then press Continue"

    def _decision_prompt(self, d: str) -> str:
        """What the header asks the viewer to do now, with how many acolytes are left where it counts them; a
        reward row's gain says it is the row's ("Row 2's reward: ..."; play-test: "+1 warden" won at a
        reckoning was asked as the action "Recruit a warden of any colour")."""
        st = self.s.state
        p = st.to_move()
        if d == "place":
            asked = place_prompt(st.dec_n, st.reserve[p])  # each click places one
        else:
            asked = prompt(d) + acolytes_left(d, st.dec_n, st.reserve[p])
        return reward_prompt(self.reckonings.current, p, d, asked)

    def _table_key(self, hints: UIHints) -> tuple:
        """Everything the cached table image depends on, but the size it is drawn at."""
        seat = self.viewer if self.viewer >= 0 else self._default_viewer()
        return (id(self.s.state), len(self.s.actions), self.viewer, seat, hints.prompt, frozenset(hints.choosable),
                frozenset(hints.chosen), hints.hidden_hand, tuple(hints.seat_names),
                tuple(hints.thinking), id(self.frozen))

    def _bars(self, hints: UIHints) -> list[tuple[pygame.Rect, float | None]]:
        """The thinking bars: one on the board of each bot still deciding, and how far it is."""
        out: list[tuple[pygame.Rect, float | None]] = []
        for p, prog in hints.thinking.items():
            br = board_rect(self.s.players, p)
            out.append((pygame.Rect(br.right - 132, br.y + 34, 120, 6), prog))
        return out

    # the layers (see TableBase): the table image changes with the game, the bars as the bots think
    def picture_key(self) -> tuple:
        # the bid hint's words too: a hinted bid equal to the dial's (0 on a new bid) changes nothing else drawn
        return super().picture_key() + self._table_key(self._hints()) + (repr(self.bid_hint),)

    def thinking_parts(self) -> list[tuple[pygame.Rect, float | None]]:
        return self._bars(self._hints())

    def control_rects(self) -> list[pygame.Rect]:
        """The feed gives way to these too: the option panel, the bid panel with its words and the payment
        rows (it may cover the foot of a fifth card in hand for a few seconds rather than go)."""
        bid = [self.bid_layout(self.s.state).rect] if self.bid_panel_shown() else []
        return super().control_rects() + ([self.options_rect] if self.options_rect else []) + bid \
            + ([PAY_RECT] if self.pay_rows else [])

    def feed_area(self) -> pygame.Rect | None:
        """No feed while a decision's panel is up: under the tuck menu its lines read as more options."""
        busy = self.options_rect is not None or self.bid_panel_shown() or bool(self.pay_rows)
        return None if busy else super().feed_area()

    def bid_panel_lines(self, st: Any, p: int, room: int = 14, width: int = BID_RECT.w - 28,
                        bid: int | None = None) -> list[tuple[str, tuple]]:
        """The bid panel's words (``PaymentPanel.bid_panel_lines``) with, after whether the bid can be the
        lowest, one line where a rival's last place can make this bid be paid (``forced_bid_words``; play-test
        g1: the panel never said so), where the room holds it."""
        bid = self.bid_value if bid is None else bid
        may_be_lowest = bid <= min(rival_most(st, q)[1] for q in range(st.n) if q != p)
        lines = wrap(forced_bid_words(self.s.content, st, bid, may_be_lowest), width, 13)
        lines = [words for words in lines if words]
        out = super().bid_panel_lines(st, p, room - len(lines), width, bid)
        if not lines or len(out) + len(lines) > room:  # no room for it: the panel's own words as they were
            return super().bid_panel_lines(st, p, room, width, bid) if lines else out
        at = max((k + 1 for k, (_words, colour) in enumerate(out) if colour == WARN), default=len(out))
        return out[:at] + [(words, WARN) for words in lines] + out[at:]

    def bid_panel_shown(self) -> bool:
        """The viewer is bidding now, so the bid panel (dial and the words beside it) is on the table."""
        st = self.s.state
        return bool(self.buttons) and not st.is_terminal() and st.decision_name() == "bid" \
            and self.viewer == st.to_move()

    def covering_rects(self) -> list[pygame.Rect]:
        return super().covering_rects() + [b.rect for b in self.buttons] \
            + ([self.options_rect] if self.options_rect else []) + ([PAY_RECT] if self.pay_rows else [])

    def draw_thinking(self, surface: pygame.Surface, rect: pygame.Rect, fraction: float | None) -> None:
        """A thin gold bar on the table's colour (opaque over its rectangle)."""
        pygame.draw.rect(surface, L.BG, rect, border_radius=3)
        pygame.draw.rect(surface, L.GOLD, (rect.x, rect.y, max(2, int(rect.w * (fraction or 0.0))), rect.h),
                         border_radius=3)

    def draw_table(self, surface: pygame.Surface) -> None:
        hints = self._hints()
        key = (self._table_key(hints), surface.get_size())
        if self._cache is not None and self._cache[0] == key:
            _, image, self.hotspots, texts = self._cache
            surface.blit(image, (0, 0))
            text_registry.items.extend(texts)  # what the cached image shows, as if drawn again
        else:
            view = self.view() if self.viewer >= 0 else public_view(self.s, self._default_viewer())  # curtain
            if self.frozen is not None:  # the age's end, until Continue: the next deal waits
                view = self.frozen
            start = len(text_registry.items)
            image = self._cache[1] if self._cache is not None and self._cache[1].get_size() == surface.get_size() \
                else canvas(surface.get_size())  # the last drawing's surface is redrawn in place
            self.hotspots = self.r.draw(image, view, hints)
            surface.blit(image, (0, 0))
            self._cache = (key, image, self.hotspots, list(text_registry.items[start:]))
        for rect, fraction in self._bars(hints):  # drawn over the cached table: they change as the bots think
            self.draw_thinking(surface, rect, fraction)
        self.app.motion.draw(surface)
        self._draw_pay_panel(surface)
        if self.pending is not None:
            with L.box(PREVIEW_RECT):
                self._draw_preview(surface)
        if self.options_rect is not None and self.buttons:
            L.panel(surface, self.options_rect, L.BG_PANEL_HI, radius=10, border=L.GOLD)
        st = self.s.state
        if self.bid_panel_shown():
            self._draw_bid_panel(surface, st)
        for b in self.buttons:
            with L.box(b.rect):
                b.draw(surface)
        if self.option_cue is not None and self.options_rect is not None:
            cue = pygame.Rect(self.options_rect.x + 8, OPTIONS_BOTTOM - OPTIONS_CUE_H + 2, self.options_rect.w - 16,
                              OPTIONS_CUE_H - 2)
            with L.box(cue):
                L.text(surface, self.option_cue, cue.center, 14, L.GOLD, bold=True, anchor="center")
        self.draw_log(surface)
        with L.box(KEYS_RECT):
            L.text(surface, key_help(self.hints_allowed()), KEYS_RECT.topright, KEYS_PX, L.TEXT_DIM, anchor="topright")

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """What the chosen move will do, before it is confirmed (a hint's words begin beside the title)."""
        box = PREVIEW_RECT
        L.panel(surface, box, (66, 58, 36), radius=8, border=L.HILITE, shadow=False)
        head = self._preview_title()
        L.text(surface, head, (box.x + 12, box.y + 5), 15, L.HILITE, bold=True)
        beside, below = self.preview_lines()
        if beside:
            L.text(surface, beside, (box.x + 12 + text_size(head, 15, bold=True)[0] + TITLE_GAP, box.y + 7), 13,
                   L.TEXT)
        L.text(surface, below, (box.x + 12, box.y + 24), 13, L.TEXT)

    def _preview_title(self) -> str:
        return preview_title(self.s.content, self.s.state, self.pending, self.seat_label)

    def preview_lines(self) -> tuple[str, str]:
        """The preview's words: (beside the title, under it). Under it, the first whole sentences of what the move
        does that fit. A hint's line (play-test: a reason, not the search's value) takes the room the title leaves
        too; what fits in neither gives way, at the end of a sentence (else of a clause outside brackets), to
        "(more on hover)": the tip has it whole."""
        tip = self.pending_text or "Enter or a second click confirms; Esc or a right-click cancels."
        width = PREVIEW_RECT.w - 24 - (380 if self.place_all_count() else 250)  # the room the buttons leave
        if not tip.startswith("Hint:"):
            return "", first_sentences(tip, width, 13)
        room = width - text_size(self._preview_title(), 15, bold=True)[0] - TITLE_GAP
        # where the title leaves little room, the facts go before the bot's name (the Hint button's tip names it)
        short = "Hint: " + tip.removeprefix(f"Hint: {PICK}: ") if tip.startswith(f"Hint: {PICK}: ") else tip
        for text in dict.fromkeys((tip, short)):
            whole = two_lines(text, room, width)
            if whole is not None:
                return whole
        more = " (more on hover)"
        for text in dict.fromkeys((tip, short)):
            for cut in cut_points(text):
                got = two_lines(text[:cut].rstrip(";:,") + more, room, width)
                if got is not None and (cut > len(f"Hint: {PICK}:") or text == short):
                    return got
        return "", "Hint: more on hover."

    def preview_line(self) -> str:
        """The preview's words in one string (as a player reads them, beside the title then under it)."""
        return " ".join(x for x in self.preview_lines() if x)

    def preview_tip_at(self, pos: tuple[int, int]) -> str | None:
        """Over the preview's line, when it shows less than the whole of what the move does: all of it."""
        if self.pending is None or not PREVIEW_RECT.collidepoint(pos) or not self.pending_text:
            return None
        if any(b.rect.collidepoint(pos) for b in self.buttons):
            return None
        return self.pending_text if self.preview_line() != self.pending_text else None
