"""The Res Arcana table: every player's area, the centre (places of power, monuments, magic items,
the supply), and the decision panel. It presents a seat's view and submits legal actions; the
shared flow (bots, curtain, preview/confirm, log, rules, autosave, results) is the shell's
:class:`TableBase`.

Hotspots carry the legal actions themselves: a click on a card looks its actions up, a single
action goes into preview at once, several are listed in the decision panel.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.session import GameSession
from game.shell import text as T
from game.shell import theme as TH
from game.shell.hint import Hint
from game.shell.table import TableBase
from game.shell.widgets import Button, draw_panel, key_label

from ..adapter import SEAT_COLOURS, points_by_source
from ..engine.state import (
    K_BLIND,
    K_CLAIM,
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
    K_TAKE,
    K_TARGET,
    K_X,
    PERMS,
)
from . import chips as CH
from . import collect as CO
from . import layout as LY
from . import legend as LG
from . import look as L
from .advice import (
    abilities_lost_to_a_tap,
    cost_words,
    gain_plan,
    gold_words,
    points_lost,
    suggest_payment,
    tap_words,
    tapped_by,
)
from .cardview import draw_card_view
from .feed import KeptFeed
from .reasons import IDLE_WORDS, effect_idle, hint_reason, victory_note
from .reorder import SLOT_WORDS, Reorder

W, H = 1600, 900
TOP_H = 40
OPP_Y, OPP_H = 44, 286
MID_Y, MID_H = 334, 116
ME_Y = 454
PANEL = LY.decision_panel(2)
RIVAL_ROOM = LY.RIVAL_ROOM
DECK_H = 112  # the deck's back at the top of the hand band
LOG_LEAST = 90  # the open log no shorter than its title and three lines (a list of choices leaves that) ...
LOG_LEAST_W = 320  # ... and no narrower than this beside the hand
OWN_LEAST = 60  # the player's cards in play over a wide hand: faces no shorter (the name, cost, type, an ability)


def set_room(players: int) -> None:
    """The table's rows for ``players``: the rivals' row (``OPP_H``), the centre (``MID_Y``), the player's
    area and the decision panel (``ME_Y``, ``PANEL``)."""
    global OPP_H, MID_Y, ME_Y, PANEL
    d = RIVAL_ROOM.get(players, 0)
    OPP_H, MID_Y, ME_Y = 286 + d, 334 + d, 454 + d
    PANEL = LY.decision_panel(players, RIVAL_ROOM)

BANNER = pygame.Rect(140, 2, 780, TOP_H - 4)  # passing messages, over the middle of the top bar (up to its buttons)
# the top bar's status ("Your decision"), then a bot's thinking bar, then the goal at the right; the round starts
# the bar, as Realm's age and round do (the game's name gave way to the shell's buttons' key badges)
STATUS_X = 150
CARD_KINDS = (K_DRAFT, K_MPICK, K_MAGE, K_ITEM, K_PLACE, K_CLAIM, K_TARGET, K_HAND, K_DISCARD, K_POWER, K_TAKE, K_REACT)
SEAT_SHAPES = ("circle", "square", "triangle", "hexagon")
SEAT_RGB = SEAT_COLOURS  # one list of seat colours: the table's markers and the review's chart lines
KIND_GROUP = {"mage": 0, "magic_item": 0}  # a wider gap after the mage and item; the rest in the order they came

PROMPTS = {
    "draft": "Draft: keep one card of this pack; the rest pass on.",
    "mage": "Choose your mage: you play as one of these two.",
    "magic_item": "Take a magic item (you give it back when you pass).",
    "essence": "Choose an essence.",
    "take": "Take the essences stored on this card, or leave them there?",
    "forge": "The Cursed Forge: pay 1 Death, or tap it (then its ability cannot be used this round).",
    "action": "Your turn: click a glowing card to act with it, or pass.",
    "pay": "Choose how to pay.",
    "target": "Choose a card (the glowing ones).",
    "rival": "Choose an opponent whose essences to count.",
    "deck": "Look at the top three cards of which pile?",
    "order": "Put the cards back: choose their order (top card first).",
    "defend": "You are attacked!",
    "identical": "Spend some essences, all of one type.",
    "hand": "Choose a card in your hand to discard.",
    "statue": "Victory check: use the Golden Statue for 3 points?",
    "first_player": "You lost the previous game of the match, so you choose who goes first.",
    "match_pick": "Take an artifact from the sixteen face up.",
}
POOL = pygame.Rect(6, ME_Y + 36, PANEL.x - 12, H - ME_Y - 42)  # a match's face-up artifacts, below the
POOL_COLS, POOL_GAP = 8, 2  # player's name and essences: sixteen cards in two rows of eight, 2 px apart
LABEL_MAX_W = 240  # that row's label ("Bartholomew has (8):") at most this wide: a longer one wraps

GLOW_WORDS = ("Glowing cards can be used now: your hand (place or discard), your cards in play (their powers), "
              "places of power and monuments (claim).")
WAIT_WORDS = "Hover over any card, essence or number to see what it is. L shows the log, F1 the rules."
FEED_TIP = ("What happened since your last decision: it stays here until you act again, then fades. Click it to "
            "put it away now; L opens the whole game log.")

SOURCE_WORDS = {"First player": "First-player token"}  # a source of points as the points' tip says it
TOKEN_TIP = "The first-player token: its holder goes first next round and it is worth 1 point at a victory check."
TOKEN_LEGENDS = ("+1 for the first-player token", "+1 for 1st")  # short (the badge's "1st") only where room forces

ONE_CLICK = {"pay", "essence", "target", "rival", "hand", "deck", "take", "draft", "mage", "magic_item", "identical",
             "forge", "statue", "first_player", "defend"}
RULES_FOR = {"draft": "draft", "mage": "setup", "magic_item": "passing", "essence": "collect", "take": "collect",
             "forge": "collect", "action": "actions", "pay": "costs", "target": "powers", "rival": "powers",
             "deck": "powers", "order": "powers", "defend": "attacks", "identical": "powers", "hand": "powers",
             "statue": "victory", "first_player": "match", "match_pick": "match"}


class EssIcon:
    """A button icon for an essence (duck-types ``theme.Icon``)."""

    def __init__(self, e: int) -> None:
        self.e = e

    def draw(self, surface: pygame.Surface, center: tuple[float, float], radius: float) -> pygame.Rect:
        return L.essence_icon(surface, center, max(7.0, radius * 1.3), self.e)


class WrapButton(Button):
    """A button whose text wraps onto two lines when it is long (option rows in the decision panel)."""

    def draw(self, surface: pygame.Surface) -> None:
        lines = T.wrap(self.text, self.rect.w - 24 - (30 if self.icon else 0), self.size, bold=True)
        if len(lines) <= 1:
            super().draw(surface)
            return
        text, icon = self.text, self.icon
        self.text, self.icon = "", None
        super().draw(surface)
        self.text, self.icon = text, icon
        c = TH.current().colours
        ink = c.text if self.enabled else c.text_disabled
        x = self.rect.x + 12
        if icon is not None:
            icon.draw(surface, (x + 10, self.rect.centery), 10)
            x += 30
        lh = T.line_height(self.size, bold=True)
        y = self.rect.centery - lh * len(lines) // 2
        for line in lines:  # the panel makes the button as tall as its lines
            T.draw_text(surface, line, (x, y), self.size, ink, bold=True)
            y += lh


@dataclass
class Spot:
    rect: pygame.Rect
    tip: str
    actions: list[tuple] = field(default_factory=list)
    card: int = -1
    key: str = ""


def _count(n: int, noun: str) -> str:
    """'1 card', '2 cards'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _power_texts(cd: Any) -> list[str]:
    parts = [p.strip() for p in re.split(r"(?=\b(?:Action|Reaction)\b[^:.]*:)", cd.text) if p.strip()]
    parts = [p for p in parts if p.startswith(("Action", "Reaction"))]
    return parts if len(parts) == len(cd.powers) else []


def _button_width(label: str, key: int | None) -> int:
    """A small top-bar button's width: its label, and its key's badge where it has one (the room the shell's
    Button needs to draw the badge: the label, the badge, 8 px between, the theme's padding each side)."""
    text = T.text_size(label, "small", bold=True)[0]
    if key is None:
        return max(70, text + 16)
    badge = T.text_size(key_label(key), "tiny", bold=True)[0] + 12
    return text + badge + 8 + 2 * TH.current().padding + 2


def _pile_grid(n: int) -> tuple[int, tuple[int, int], int]:
    """A discard pile's view of ``n`` cards: cards a row, each card's width and height, the gap. Faces stay 120
    px wide (every name whole at 13 px: narrower, "Nightingale" broke into "Nightingal" and "e"); past
    sixteen cards ten go in a row, and faces get shorter only when the rows would leave the screen."""
    per_row, gap = (8 if n <= 16 else 10), 12
    rows = (n + per_row - 1) // per_row
    room = H - 40 - 110 - gap * (rows - 1)  # the screen less a margin, the title and the foot
    return per_row, (120, max(LY.MIN_FACE_H, min(168, room // rows))), gap


def _face_key(cd: Any, w: int, h: int, on: Any, dim: bool, kind_said: bool) -> tuple:
    """What a drawn card face depends on (the key of the table's cache of faces)."""
    return cd.idx, w, h, tuple(on) if on else None, dim, kind_said


def pool_slots(n: int, room: pygame.Rect) -> list[pygame.Rect]:
    """Where ``n`` cards of a match's pool go in ``room``: eight to a row, from the left, in two rows (one
    row when eight or fewer are left), each as wide as eight fit across and as tall as the rows fit
    (no larger than a table face). At 135 x 155 every artifact's face, its kind going without saying, is
    whole (``look.draw_card``)."""
    rows = 1 if n <= POOL_COLS else 2
    w = min(LY.FACE[0], (room.w - 6 - POOL_GAP * (POOL_COLS - 1)) // POOL_COLS)
    h = min(LY.FACE[1], (room.h - POOL_GAP * (rows - 1)) // rows)
    x0 = room.centerx - (POOL_COLS * (w + POOL_GAP) - POOL_GAP) // 2
    return [pygame.Rect(x0 + (i % POOL_COLS) * (w + POOL_GAP), room.y + (i // POOL_COLS) * (h + POOL_GAP), w, h)
            for i in range(n)]


class TableScene(TableBase):
    rules_for = RULES_FOR
    # the move feed at the foot of the decision panel; the history's list in the panel's place (a past position
    # has no decision), so the rivals' areas and the centre stay in view
    feed_rect = pygame.Rect(PANEL.x + 8, PANEL.bottom - 124, PANEL.w - 16, 116)
    holds_growing_lines = True  # a bot's collect, a discard and what it brings: shown once, whole
    shared_stay_in_preview = True  # the preview is in the panel: the top bar keeps its buttons (dimmed), not jumping
    history_panel_rect = pygame.Rect(PANEL)
    # the open log: in the decision panel's room under its words and controls (``_place_log``), so opening it
    # moves no card (over the rivals' row it squeezed the rivals' cards) and covers nothing a player needs
    log_rect = pygame.Rect(PANEL.x + 2, PANEL.y + 80, PANEL.w - 4, PANEL.h - 80)

    def __init__(self, cfg: Any, session: GameSession) -> None:
        self.c = session.content
        self.spots: list[Spot] = []
        self.buttons: list[Button] = []
        self.top_buttons: list[Button] = []
        self.selected = -1
        self.pay_vec: list[int] | None = None
        self.paying_for = ""
        self.paying_action: tuple | None = None  # the move being paid for (its gains are not spent)
        self._loss_cache: dict[tuple, int] = {}
        self._idle_cache: dict[tuple, str] = {}  # a power that would only spend its cost: the words that say so
        self._tap_cache: dict[tuple, str] = {}  # (moves so far, action) -> what tapping by it costs, in words
        self.hidden: dict[int, int] = {}  # card -> tokens still flying there
        self.anchors: dict[Any, pygame.Rect] = {}
        self.banner: list[Any] = []  # [text, seconds left]
        self._img_cache: dict[tuple, tuple[pygame.Surface, list[str]]] = {}
        self._cut_images: set[tuple] = set()  # the cached faces (their keys) missing rows that did not fit
        self.prompt = ""
        self.page_starts: list[int] = []
        self.tips: dict[Any, tuple[pygame.Rect, str]] = {}
        self.last_anchors: dict[Any, pygame.Rect] = {}
        self.piles: dict[int, pygame.Rect] = {}  # seat -> the "Discards N" text: a click shows the pile
        self.pile_seat = -1  # whose discard pile is shown over the table (-1: none)
        self.card_lines: dict[int, int] = {}
        self.card_boxes: list[tuple[int, pygame.Rect]] = []  # each card drawn: (texts drawn before it, its rect)
        self.cut_faces: set[int] = set()  # the cards drawn as faces whose lower rows did not fit (a chevron)
        self.compact: set[int] = set()  # the faces drawn compact (``look.draw_compact``)
        self._play_order: dict[int, list[int]] = {}  # seat -> its cards in play, in the order they are shown
        self._rival_cols: dict[int, int] = {}  # seat -> the columns its area has had this game (they only grow)
        self._slots: dict[str, list[str | None]] = {}  # a centre group -> its cards' places (None: one left)
        self._slot_of: dict[str, dict[str, int]] = {}  # a centre group -> each card's last place in it
        self.centre_holes: list[pygame.Rect] = []  # the places of cards claimed or taken from the centre
        self._most_cols = 0  # the most columns a rival's area has (0: no bound, two players)
        self._need_cache: dict[tuple, int] = {}  # (card, width, essences on it, tapped) -> the height it reads whole at
        self._hand_rects: list[pygame.Rect] | None = None  # the hand's faces (None: tiles)
        self._band_h: int | None = None  # the hand's faces' height, the same all game (``_band_height``)
        self._centre_cards: set[int] = set()  # cards drawn as offers (a tile shows their cost)
        self.reorder = Reorder()  # "look at 3": the peeked cards' order being built (dragged or clicked)
        self.ess_plan: list[int] | None = None  # several essences of one's choice to gain: how many of each
        self._plan_n = 0  # how many the plan is for
        self.collect_choice: dict[tuple, Any] = {}  # the collect panel: the player's changes to its defaults
        self.collect_steps: list[CO.CollectStep] = []  # ... the steps of the collect from here, as planned
        self.collect_rows: list[pygame.Rect] = []  # ... and where each shows in the panel
        self._collect_at = -1  # the number of moves when the choices were made (a move makes them stale)
        self.viewing: tuple[int, str] | None = None  # the card shown large (right-click or V) and its words
        self._eat_release = False  # the button release of the click that opened or closed the card view
        self._clicked_at: tuple[int, ...] = ()  # where the last click was: its tip stays down there
        self.click_ahead: int | None = None  # a card clicked before the person's decision: taken up when it comes
        set_room(session.players)
        self.history_panel_rect = pygame.Rect(PANEL)
        self.log_rect = pygame.Rect(PANEL.x + 2, PANEL.y + 80, PANEL.w - 4, PANEL.h - 80)  # (``_place_log`` moves it)
        super().__init__(cfg, session)
        self.feed = KeptFeed()  # the rivals' moves stay until a person at the table acts (feed.py)
        self._replay_slots()
        self.feed.keeping = bool(session.humans())
        self.top_buttons = self._top_buttons()
        self.banner_rect = pygame.Rect(BANNER.x, BANNER.y, self.top_buttons[0].rect.x - 6 - BANNER.x, BANNER.h)

    def results_scene(self) -> Any:
        """Res Arcana's results: the shared table of points, and each player's cards in play under it."""
        from .results import ResultsScene

        return ResultsScene(self.cfg, self.s)

    def _top_buttons(self) -> list[Button]:
        """Log, Rules and Leave, right-aligned before the shell's Hint, Undo and History; Log and Rules as wide as
        their key's badge needs (the shell's Button draws it only when it fits: L and F1 went unseen in buttons
        70 and 80 wide). Leave shows none: Esc first puts a move in preview away (the shell's key)."""
        specs = [("Log", self._toggle_log, pygame.K_l, "Show or hide the game log (L)"),
                 ("Rules", self._rules, pygame.K_F1, "The rules, at the part about this decision (F1)"),
                 ("Leave", self.ask_leave, None,
                  "Leave the table (the game is saved as you leave; Continue on the title screen)")]
        widths = [_button_width(label, key) for label, _, key, _ in specs]
        x = self.hint_rect.x - 6 - sum(widths) - 6 * (len(specs) - 1)
        out = []
        for (label, action, key, tip), w in zip(specs, widths):
            out.append(Button(label, (x, 4, w, 32), action, size="small", shortcut=key, tooltip=tip))
            x += w + 6
        return out

    # ------------------------------------------------------------ names
    def me(self) -> int:
        return self.viewer if self.viewer >= 0 else self._default_viewer()

    def who(self, seat: int, for_log: bool = False) -> str:
        humans = self.s.humans()
        if seat == self.me() and self.viewer >= 0 and seat in humans and (len(humans) == 1 or not for_log):
            return "You"
        return self.seat_name(seat)

    def cname(self, cid: Any) -> str:
        if isinstance(cid, int):
            return self.c.cards[cid].name
        return self.c.card(cid).name if cid in self.c.by_id else "a card"

    # ------------------------------------------------------------ TableBase hooks
    def round_key(self) -> Any:
        return self.s.state.round

    def curtain_prompt(self, seat: int) -> str | None:
        return PROMPTS.get(self.s.state.decision_name()) if self.s.to_move() == seat else None

    def narrate(self, ev: dict[str, Any]) -> str | None:
        """An event as a log line (the words are :func:`game.arcana.ui.words.event_text`'s); here only what
        the table does besides: a match pick and a victory check show in the banner, a victory check chimes.
        (Gains in a row, a discard and the gain it brings, and a take after the gains it came with each make
        one line through the adapter's ``fold``, which the shell applies.)"""
        from .words import event_text

        t = ev.get("type")
        p = ev.get("seat", -1)
        names = [self.who(q, True) for q in range(self.s.players)]
        line = event_text(self.c, ev, names, used=getattr(self, "_used", None), before_rounds=not self.s.state.round)
        if t == "round":
            self._used = None
        if t == "power":
            self._used = ev["card"]
        if t == "match_pick" and not (self.viewer >= 0 and p == self.me()):
            self.banner = [line, 2.0]
        if t == "victory_check":
            if self.app is not None:
                self.app.play_sound("chime")
            self.banner = [line, 3.0]
        return line

    # ------------------------------------------------------------ motion
    def _token_image(self, e: int) -> pygame.Surface:
        img = pygame.Surface((24, 24), pygame.SRCALPHA)
        if e < 0:
            L.any_icon(img, (12, 12), 10)
        else:
            L.essence_icon(img, (12, 12), 9, e, letter=False)
        return img

    def _fly_essences(self, vec: Any, src: Any, dst: Any) -> None:
        a, b = self.last_anchors.get(src) or self.anchors.get(src), self.anchors.get(dst)
        if a is None or b is None:
            return
        world = self.app.motion
        k = 0
        dur = 0.45 / max(0.25, self.cfg.ui.animation_speed)
        if any(vec):
            self.app.play_sound("coin")
        for e in range(5):
            for _ in range(min(vec[e], 4)):
                tok = world.token(self._token_image(e), a.center, layer=3)
                tok.to(b.center, delay=0.06 * k, arc=0.3, duration=dur, remove=True)
                k += 1

    def _slide_card(self, ci: int, src: pygame.Rect | None, turned: bool = False) -> None:
        """The card flies from ``src`` to its place (or, as it is tapped, rocks where it lies)."""
        dst = self.anchors.get(("card", ci))
        if dst is None or src is None:
            return
        img, texts = self._card_picture(ci, dst, turned)
        self.hidden[ci] = self.hidden.get(ci, 0) + 1

        def arrived() -> None:
            self.hidden[ci] -= 1
            if self.hidden[ci] <= 0:
                del self.hidden[ci]

        dur = 0.5 / max(0.25, self.cfg.ui.animation_speed)
        self.app.play_sound("card")
        tok = self.app.motion.token(img, src.center, -25.0 if turned else 0.0, layer=2,
                                    texts=[t for t, _ in texts])
        tok.to(dst.center, 0.0, arc=0.15, duration=dur, remove=True, on_arrive=arrived)

    def _card_picture(self, ci: int, rect: pygame.Rect, turned: bool = False
                      ) -> tuple[pygame.Surface, list[tuple[str, pygame.Rect]]]:
        """The card as the table draws it at ``rect`` (a face or a tile), for a moving token."""
        cd = self.c.cards[ci]
        lines = self.card_lines.get(ci, 0)
        if not lines:
            return self._card_image(cd, rect.w, rect.h, None, turned, compact=ci in self.compact)
        img = pygame.Surface(rect.size, pygame.SRCALPHA)
        before = len(T.registry.items)
        L.draw_tile(img, img.get_rect(), cd, None, turned, centre=ci in self._centre_cards, rows=lines)
        texts = [(d.text, d.rect) for d in T.registry.items[before:]]
        del T.registry.items[before:]
        return img, texts

    def animate(self, ev: dict[str, Any]) -> None:
        if self.cfg.ui.skip_animations or self.app is None:
            return
        t = ev.get("type")
        p = ev.get("seat", -1)
        self._layout()
        if t == "gain":
            cid = ev.get("card")
            dst = ("card", self.c.by_id[cid]) if cid else ("pool", p)
            self._fly_essences(ev["essences"], ("supply",), dst)
        elif t == "pay":
            self._fly_essences(ev["essences"], ("pool", p), ("supply",))
        elif t == "take":
            ci = self.c.by_id[ev["card"]]
            self._fly_essences([0, 0, 0, 0, 3], ("card", ci), ("pool", p))
        elif t == "life_loss":
            self._fly_essences([0, min(ev["life"], 4), 0, 0, 0], ("pool", p), ("supply",))
        elif t in ("place", "claim", "item"):
            ci = self.c.by_id[ev["card"]]
            origin = ("pile",) if t == "claim" else ("hand", p)
            src = self.last_anchors.get(("card", ci)) or self.last_anchors.get(origin)
            self._slide_card(ci, src)
        elif t == "turn":
            ci = self.c.by_id[ev["card"]]
            dst = self.anchors.get(("card", ci))
            if dst is not None:
                self._slide_card(ci, dst, turned=True)

    # ------------------------------------------------------------ decisions
    def legal(self) -> list[tuple]:
        return self.s.state.legal_actions() if self.my_turn else []

    def after_action(self) -> None:
        was = self.my_turn
        super().after_action()
        if self.my_turn and not was and len(self.s.humans()) == 1:
            self.app.play_sound("turn")

    def send(self, action: Any) -> None:
        """The player acts: the lines the feed kept and showed at this decision start to fade (those a
        decision's controls kept out of view, as the collect panel does, stay for the next); this move's own
        lines and whatever follows it are kept until a decision shows them."""
        self.feed.release(now=True, seen_only=True)
        super().send(action)

    def feed_area(self) -> pygame.Rect | None:
        """The move feed in the decision panel: while a rival decides, or at one's action with no card chosen,
        all the room under the panel's words (several moves at once); else the panel's foot, as the shell has
        it (none while a control is there). None while a card or a discard pile is shown over the table."""
        if self.viewing is not None or self.pile_seat >= 0:
            return None
        top = self._feed_top()[0]
        if top is not None:
            area = pygame.Rect(self.feed_rect.x, top + 12, self.feed_rect.w, self.feed_rect.bottom - top - 12)
            if area.collidelist(self.control_rects()) < 0:
                return area
        return super().feed_area()

    def _feed_top(self) -> tuple[int | None, bool]:
        """Where the feed in the decision panel starts (None: the shell's place at the panel's foot) and
        whether the panel's words (how to play, where to hover) show above it: not when the moves since the
        player's last decision would not all fit under them (four players: a round of three bots)."""
        s = self.s
        if s.is_over() or self.looking_back or self.pending is not None:
            return None, True
        if not self.my_turn:
            bare = PANEL.y + 52
            top = PANEL.y + 60 + T.wrapped_height(WAIT_WORDS, PANEL.w - 28, "small")
        elif s.state.decision_name() == "action" and self.selected < 0:
            bare = PANEL.y + 72
            top = PANEL.y + 84 + T.wrapped_height(GLOW_WORDS, PANEL.w - 28, "small")
        else:
            return None, True
        if self.feed.left_out(pygame.Rect(self.feed_rect.x, top + 12, self.feed_rect.w,
                                          self.feed_rect.bottom - top - 12)):
            return bare, False
        return top, True

    def draw_shared(self, surface: pygame.Surface) -> None:
        self.feed.drawn = None  # (set again where the feed is drawn this frame)
        super().draw_shared(surface)
        if self.feed.drawn is not None and self.my_turn:  # in view at the player's decision
            self.feed.mark_seen()

    def _feed_clicked(self, event: pygame.event.Event) -> bool:
        """A click on the feed while it keeps moves: they fade now (the player has read them)."""
        drawn = self.feed.drawn
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or drawn is None or not self.feed.kept():
            return False
        if not drawn.collidepoint(event.pos):
            return False
        self.feed.release(now=True)
        return True

    def rebuild(self) -> None:
        self.buttons = []
        self.collect_steps, self.collect_rows = [], []
        st = self.s.state
        if not self.my_turn:
            self.pay_vec = None
            self.ess_plan = None
            self.prompt = ""
            return
        legal = st.legal_actions()
        d = st.decision_name()
        if self.pending is not None and self.pending not in legal and not (d == "pay" and st.is_legal(self.pending)):
            self.pending = None
        v = self.view()
        if d != "essence":
            self.ess_plan = None
        self.prompt = PROMPTS.get(d, "Your decision.")
        x, y, w = PANEL.x + 14, PANEL.y + 84, PANEL.w - 28
        options: list[tuple] = []
        if CO.collecting(st, st.to_move()) and len(CO.plan_collect(st, st.to_move())) > 1:
            self.ess_plan = None  # several choices: one panel (a lone choice is answered as any other step)
            self._collect_controls()
        elif d == "action":
            if self.selected >= 0:
                options = [a for a in legal if len(a) > 1 and a[0] in CARD_KINDS and a[1] == self.selected]
                if not options:
                    self.selected = -1
            if self.selected < 0:
                options = [a for a in legal if a[0] == K_BLIND] if self.selected == -2 else []
        elif d == "pay":
            self._pay_controls(legal, v)
            options = []
        elif d == "order":  # the cards are dragged or clicked into order (see _draw_special)
            self._order_controls()
            options = []
        elif d == "defend":
            att = v.get("attack", {})
            self.prompt = (f"{self.who(att.get('by', 0))} attack{'' if self.who(att.get('by', 0)) == 'You' else 's'}"
                           f" with {self.cname(att.get('card'))}: lose {att.get('amount', 0)} Life, or stop it.")
            options = legal
        elif d == "essence":
            ch = v.get("essence_choice", {})
            mode, n = ch.get("mode", 0), ch.get("count", 1)
            stepper = mode == 0 and n > 1 and len(legal) > 1
            if stepper:  # several to gain: steppers and one button
                self._gain_controls(legal, n)
            else:
                self.ess_plan = None
            self.prompt = {0: f"Gain an essence of your choice ({n} to choose).",
                           1: f"Lose an essence of your choice ({n} to lose).",
                           2: "Pay one essence: which?",
                           3: f"Convert into {n} essences of which type?"}.get(mode, "Choose an essence.")
            options = [] if stepper else legal
            if stepper:
                self.prompt = f"Gain {n} essences of your choice: set how many of each, then Gain."
            source = CO.plan_collect(st, st.to_move())[:1] if CO.collecting(st, st.to_move()) else []
            if source and source[0].card >= 0:  # a collect's lone choice: say which card gives it
                self.prompt = f"Collect from {self.cname(source[0].card)}: {self.prompt[0].lower()}{self.prompt[1:]}"
        elif d == "take":
            ci = legal[0][1]
            on = L.ess_words(self.s.state.on[ci * 5:ci * 5 + 5])
            self.prompt = f"Take the {on} stored on {self.cname(ci)} into your pool, or leave them there?"
            options = legal
        else:
            options = self._board_order(legal) if d == "magic_item" else legal
        if d == "draft":  # the pack's cards are the choices (click one); the panel shows one's mages
            self.prompt = "Draft: click the card of this pack to keep; the rest pass on."
            options = []
        if d == "match_pick":  # the pool's cards are the choices: no list of sixteen buttons beside them
            n = v.get("picks_left", 1)
            self.prompt = (f"Click an artifact in the pool to take it: {n} to take this turn." if n > 1 else
                           "Click an artifact in the pool to take it.")
            options = []
        used = getattr(self, "_used", None)
        if d in ("target", "identical", "deck", "rival", "hand", "order") and used in self.c.by_id:
            self.prompt = f"{self.cname(used)}: {self.prompt[0].lower()}{self.prompt[1:]}"
        if d != "pay" and options:
            if len(options) > 8 and d in ("identical",):
                self._grid(options, x, y, w)
            elif not self._fits_one_column(options, y, w) and self._two_columns(options, x, y, w):
                pass
            else:
                bottom = PANEL.bottom - 104
                start = self.page_starts[-1] if self.page_starts and self.page_starts[-1] < len(options) else 0
                shown = 0
                for a in options[start:]:
                    text = self.label(a)
                    n_lines = len(T.wrap(text, w - 24 - (30 if a[0] == K_ESS else 0), "small", bold=True))
                    h = 34 if n_lines == 1 else 16 + n_lines * T.line_height("small", bold=True)
                    if y + h > bottom - (40 if start + shown < len(options) - 1 else 0):
                        break
                    self._btn(text, (x, y, w, h), a, size="small", cls=WrapButton,
                              icon=EssIcon(a[1]) if a[0] == K_ESS else None, tooltip=self.action_tip(a))
                    y += h + 6
                    shown += 1
                if start or start + shown < len(options):
                    nxt = start + shown if start + shown < len(options) else 0
                    more = Button("More options" if nxt else "Back to the first options", (x, y, w, 32),
                                  lambda: self._page(nxt), size="small", style="ghost",
                                  tooltip=f"{len(options)} choices in all; show the others")
                    self.buttons.append(more)
        if d == "action":
            pa = (K_PASS,)
            self._btn("Pass", (PANEL.right - 154, PANEL.y + 30, 140, 36), pa,
                      text="Pass: take the first-player token if nobody has passed yet, swap your magic item, "
                           "draw a card", shortcut=pygame.K_p,
                      tooltip="End your part in this round: you swap your magic item, draw a card, and the first "
                              "to pass takes the first-player token.")
        if self.pending is not None:
            by = PANEL.bottom - 46
            self.buttons.append(Button("Confirm", (PANEL.right - 250, by, 120, 38), self.confirm, style="primary",
                                       shortcut=pygame.K_RETURN, tooltip="Do it (Enter, or click it again)"))
            self.buttons.append(Button("Cancel", (PANEL.right - 122, by, 108, 38), self.cancel_pending,
                                       tooltip="Choose something else (Esc or right-click)"))

    def _board_order(self, options: list[tuple]) -> list[tuple]:
        """The magic items to take in the order the centre shows them, row by row (each item keeps its place
        there, ``_centre_slots``, while the engine lists them by name: play-test, the top button was not the
        first item on the board)."""
        slots = self._slots.get("items") or []
        place = {cid: i for i, cid in enumerate(slots) if cid is not None}
        return sorted(options, key=lambda a: place.get(self.c.cards[a[1]].id, len(slots)))

    def _fits_one_column(self, options: list[tuple], y: int, w: int) -> bool:
        lh = T.line_height("small", bold=True)
        need = sum(max(34, 16 + lh * len(T.wrap(self.label(a), w - 24, "small", bold=True))) + 6 for a in options)
        return y + need <= PANEL.bottom - 104

    def _two_columns(self, options: list[tuple], x: int, y: int, w: int) -> bool:
        """All the choices in two columns of two-line buttons, when they fit there (no paging of a short
        list); False, placing nothing, when they do not."""
        bw = (w - 8) // 2
        labels = [self.label(a) for a in options]
        most = max(len(T.wrap(t, bw - 24 - (30 if a[0] == K_ESS else 0), "small", bold=True))
                   for t, a in zip(labels, options))
        bh = 34 if most == 1 else 16 + 2 * T.line_height("small", bold=True)
        rows = (PANEL.bottom - 104 - y + 6) // (bh + 6)
        if len(options) > 2 * rows or most > 2:
            return False
        for i, (a, text) in enumerate(zip(options, labels)):
            self._btn(text, (x + (i % 2) * (bw + 8), y + (i // 2) * (bh + 6), bw, bh), a, size="small",
                      cls=WrapButton, icon=EssIcon(a[1]) if a[0] == K_ESS else None, tooltip=self.action_tip(a))
        return True

    def _page(self, start: int) -> None:
        self.page_starts = [start]
        self.rebuild()

    def _btn(self, label: str, rect: Any, action: tuple, text: str | None = None, **kw: Any) -> Button:
        """A button that previews ``action`` (the button carries it: a click is a lookup)."""
        kw.setdefault("style", "primary" if action == self.pending else "secondary")
        cls = kw.pop("cls", Button)
        b = cls(label, rect, lambda: self.choose(action, text or self.label(action)), **kw)
        b.action = action  # type: ignore[attr-defined]
        self.buttons.append(b)
        return b

    def _grid(self, options: list[tuple], x: int, y: int, w: int) -> None:
        cols = 3
        bw = (w - 8 * (cols - 1)) // cols
        for i, a in enumerate(options[:18]):
            bx, by = x + (i % cols) * (bw + 8), y + (i // cols) * 36
            self._btn(self.label(a, short=True), (bx, by, bw, 30), a, size="tiny",
                      icon=EssIcon(a[1]) if a[0] == K_X and a[2] else None)

    def _pay_controls(self, legal: list[tuple], v: dict[str, Any]) -> None:
        st = self.s.state
        p = st.to_move()
        if self.pay_vec is None:  # spare what the action gains and what the hand and powers need next
            self.pay_vec = suggest_payment(st, p, legal, self.paying_action)
        cost = v.get("cost", {})
        fixed, any_n = cost.get("fixed", [0] * 5), cost.get("any", 0)
        disc = cost.get("discount", 0) + cost.get("discount_no_gold", 0)
        what = f" for {self.paying_for}" if self.paying_for else ""
        self.prompt = (f"Pay{what}: {L.ess_words(fixed, any_n)}" + (f", {disc} less (discount)" if disc else "")
                       + ". Adjust with - and +.")
        gold = gold_words(st, p, self.pay_vec)  # Gold is worth points: the dialog says when it spends any
        if gold:
            self.prompt += " " + gold
        pool = v["players"][p]["essences"]
        x0, y = PANEL.x + 14, PANEL.y + 84
        for e in range(5):
            bx = x0 + e * 92
            self.buttons.append(Button("-", (bx, y + 40, 40, 32), lambda e=e: self._bump(e, -1), size="small",
                                       enabled=self.pay_vec[e] > 0, tooltip=f"Pay one {L.ESS_NAMES[e]} less"))
            self.buttons.append(Button("+", (bx + 44, y + 40, 40, 32), lambda e=e: self._bump(e, 1), size="small",
                                       enabled=self.pay_vec[e] < pool[e], tooltip=f"Pay one {L.ESS_NAMES[e]} more"))
        a = (K_PAY, *self.pay_vec)
        ok = st.is_legal(a)
        self._btn("Pay", (x0, y + 96, 140, 38), a, text=f"Pay {L.ess_words(self.pay_vec)}",
                  style="primary" if ok else "secondary", enabled=ok,
                  tooltip="Pay exactly this" if ok else "This does not pay the cost exactly")
        self.buttons.append(Button("Suggested", (x0 + 150, y + 96, 150, 38), self._suggest, size="small",
                                   tooltip="Go back to the suggested payment"))

    def _gain_controls(self, legal: list[tuple], n: int) -> None:
        """Gaining several essences of one's choice in one go: a - and + under each type, a Gain button."""
        st = self.s.state
        allowed = [a[1] for a in legal if a[0] == K_ESS]
        plan = self.ess_plan
        if plan is None or self._plan_n != n or any(plan[e] and e not in allowed for e in range(5)):
            plan = self.ess_plan = gain_plan(st, st.to_move(), allowed, n)
            self._plan_n = n
        x0, y = PANEL.x + 14, PANEL.y + 84
        for i, e in enumerate(allowed):
            bx = x0 + i * 92
            self.buttons.append(Button("-", (bx, y + 40, 40, 32), lambda e=e: self._step_gain(e, -1), size="small",
                                       enabled=plan[e] > 0, tooltip=f"One {L.ESS_NAMES[e]} less"))
            self.buttons.append(Button("+", (bx + 44, y + 40, 40, 32), lambda e=e: self._step_gain(e, 1),
                                       size="small", enabled=sum(plan) < n, tooltip=f"One {L.ESS_NAMES[e]} more"))
        self.buttons.append(Button("Gain", (x0, y + 96, 140, 38), self._gain_all, style="primary",
                                   enabled=sum(plan) == n, shortcut=pygame.K_RETURN,
                                   tooltip=f"Gain {L.ess_words(plan)}" if sum(plan) == n else
                                   f"Choose {n - sum(plan)} more"))

    def _collect_controls(self) -> None:
        """Every choice of the viewer's collect in one panel, defaults filled in, and one Collect button."""
        st = self.s.state
        if self._collect_at != len(self.s.actions):
            self.collect_choice, self._collect_at = {}, len(self.s.actions)
        steps = CO.plan_collect(st, st.to_move(), self.collect_choice)
        names = [self.cname(step.card) if step.card >= 0 else "Your cards" for step in steps]
        top = PANEL.y + 54 + self._income_height()
        area = pygame.Rect(PANEL.x + 14, top, PANEL.w - 28, PANEL.bottom - 56 - top)
        self.collect_steps, self.collect_rows = steps, CO.layout_rows(steps, names, area)
        self.buttons += CO.build_buttons(steps, self.collect_rows, names, self._collect_shift, self._collect_toggle)
        shown = steps[:len(self.collect_rows)]
        ready = all(step.complete() for step in shown)
        more = len(steps) - len(shown)
        self.prompt = "Collect: change any suggestion, then Collect." if not more else \
            f"Collect: change any, then Collect; {more} more after these."
        tip = "Collect as set here (Enter)" + (f"; {more} more choices follow" if more else "")
        self.buttons.append(Button("Collect", (PANEL.right - 140, PANEL.bottom - 46, 126, 38), self._collect_all,
                                   style="primary", shortcut=pygame.K_RETURN, enabled=ready,
                                   tooltip=tip if ready else "Choose every essence first"))

    def _income_words(self) -> str:
        vec = CO.fixed_income(self.s.state, self.s.state.to_move())
        return ("Your cards gave you, with nothing to choose: " + L.ess_words(vec) + "." if any(vec) else
                "Nothing came in without a choice this round.")

    def _income_height(self) -> int:
        """The height of the income's words (under the prompt's one line) and a gap."""
        return T.wrapped_height(self._income_words(), PANEL.w - 28, "small") + 8

    def _collect_shift(self, i: int, e: int, d: int) -> None:
        step = self.collect_steps[i]
        self.collect_choice[step.key] = CO.shift_gain(step, e, d)
        self.rebuild()

    def _collect_toggle(self, i: int, value: bool) -> None:
        self.collect_choice[self.collect_steps[i].key] = value
        self.rebuild()

    def _collect_all(self) -> None:
        """Submit the shown steps' answers, one action at a time, as the engine asks for them (one decision:
        an undo takes the whole collect back)."""
        with self.s.one_decision():
            self._submit_collect(self.collect_steps[:len(self.collect_rows)])

    def _submit_collect(self, steps: list[CO.CollectStep]) -> None:
        self.collect_choice = {}
        for step in steps:
            for a in step.actions():
                st = self.s.state
                if self.s.is_over() or not self.my_turn or not st.is_legal(a):
                    self.rebuild()
                    return
                self.submit(a)

    def _step_gain(self, e: int, d: int) -> None:
        if self.ess_plan is not None:
            self.ess_plan[e] = max(0, self.ess_plan[e] + d)
            self.rebuild()

    def _gain_all(self) -> None:
        """Submit the planned gains one essence at a time, as the engine asks for them (one decision)."""
        plan, self.ess_plan = self.ess_plan or [0] * 5, None
        with self.s.one_decision():
            for e in range(5):
                for _ in range(plan[e]):
                    st = self.s.state
                    if self.s.is_over() or not self.my_turn or st.decision_name() != "essence" or \
                            not st.is_legal((K_ESS, e)):
                        self.rebuild()
                        return
                    self.submit((K_ESS, e))

    def _bump(self, e: int, d: int) -> None:
        if self.pay_vec is not None:
            self.pay_vec[e] = max(0, self.pay_vec[e] + d)
            self.pending = None
            self.rebuild()

    def _suggest(self) -> None:
        self.pay_vec = None
        self.pending = None
        self.rebuild()

    def submit(self, action: Any) -> None:
        if isinstance(action, tuple) and action and action[0] in (K_PLACE, K_POWER, K_CLAIM):
            self.paying_for = self.cname(action[1])
            self.paying_action = action
        self.selected = -1
        self.pay_vec = None
        self.page_starts = []
        self.reorder.reset()
        if not self.s.is_over() and not self.s.state.is_legal(action):  # the engine's message names internals
            self.pending = None
            self.app.toast("That move is not possible now.")
            self.rebuild()
            return
        super().submit(action)

    def choose(self, action: Any, text: str | None = None) -> None:
        """A click answers a step with nothing more to weigh (an essence, a target, a draft pick, a payment
        adjusted on the panel, one of a clicked card's moves); a card's only move, a pass and a match pick
        are shown first and confirmed."""
        d = self.s.state.decision_name() if self.my_turn and not self.s.is_over() else ""
        picked_from_card = d == "action" and self.selected >= 0 and len(action) > 1 and action[1] == self.selected
        if d in ONE_CLICK or picked_from_card:  # the card's own list of moves is already a deliberate second click
            self.submit(action)
            return
        super().choose(action, text)

    # ------------------------------------------------------------ labels
    def power_text(self, ci: int, pi: int) -> str:
        cd = self.c.cards[ci]
        texts = _power_texts(cd)
        if texts:
            t = texts[pi].split(":", 1)[-1].strip()
            return t[0].upper() + t[1:] if t else t
        return f"power {pi + 1}"

    def label(self, a: tuple, short: bool = False) -> str:
        k = a[0]
        st = self.s.state
        if k == K_POWER:
            return (f"Use {self.cname(a[1])}: {self.power_text(a[1], a[2])}" + self._idle_words(a) + self._loss_words(a)
                    + self._tap_words(a))
        if k == K_REACT:
            return f"React with {self.cname(a[1])}: {self.power_text(a[1], a[2])}" + self._tap_words(a)
        if k == K_PLACE:
            cd = self.c.cards[a[1]]
            return f"Put {cd.name} into play (cost {cost_words(st, st.to_move(), a[1])})"
        if k == K_CLAIM:
            cd = self.c.cards[a[1]]
            worth = f", worth {_count(cd.vp, 'point')}" if cd.vp else ""
            return f"Claim {cd.name} (cost {cost_words(st, st.to_move(), a[1])}{worth})"
        if k == K_TAKE:
            where = self.cname(a[1])
            return (f"Take the essences on {where} into your pool" + self._loss_words(a) if a[2] else
                    f"Leave them on {where}")
        if k == K_TARGET:
            return f"Choose {self.cname(a[1])}" + self._loss_words(a) + self._tap_words(a)
        if k == K_FORGE:
            return ("Pay 1 Death for the Cursed Forge" if a[1] == 0 else
                    "Tap the Cursed Forge instead of paying" + self._tap_words(a))
        if k == K_HIT:
            v = self.view()
            att = v.get("attack", {})
            life = v["players"][st.to_move()]["essences"][1]
            amt = att.get("amount", 0)
            extra = f" (you have {life}: 2 other essences for each one missing)" if life < amt else ""
            return f"Take it: lose {amt} Life{extra}"
        if k == K_IGNORE:
            return f"Stop it: {self._ignore_words()}"
        if k == K_RIVAL:  # Hypnotic Basin: how many of the counted essence each rival holds, and so the gain
            dd = st.dd
            if dd is None:
                return f"Count the essences of {self.who(a[1])}"
            n = st.ess[a[1] * 5 + dd.count]
            return f"{self.who(a[1])}: {n} {L.ESS_NAMES[dd.count]}, gain {n} {L.ESS_NAMES[dd.gain]}"
        if k == K_ORDER:
            peek = self.view().get("peek", [])
            perm = PERMS[len(peek)][a[1]] if peek else ()
            return ", ".join(self.cname(peek[i]) for i in perm)
        if k == K_X:
            if not a[2]:
                return "Nothing" if short else "Spend nothing extra"
            return f"{a[2]} {L.ESS_NAMES[a[1]]}" if short else f"Spend {a[2]} {L.ESS_NAMES[a[1]]}"
        if k == K_ESS:
            return L.ESS_NAMES[a[1]]
        if k == K_FIRST:
            who = self.who(a[1])
            return "You go first" if who == "You" else f"{who} goes first"
        if k in (K_MPICK, K_ITEM):  # the prompt says what is taken: the button names only the card
            return f"Take {self.cname(a[1])}"
        names = [self.who(q) for q in range(st.n)]
        from ..engine.actions import describe

        return describe(self.c, a, names, st)

    def _idle_words(self, a: tuple) -> str:
        """' (its effect does nothing now; you only pay the cost)' when the power would only spend its cost
        (``reasons.effect_idle``: Dragon Teeth with no dragon in hand), else ''."""
        if not self.my_turn:
            return ""
        key = (len(self.s.actions), a)
        if key not in self._idle_cache:
            if len(self._idle_cache) > 200:
                self._idle_cache.clear()
            st = self.s.state
            self._idle_cache[key] = f" ({IDLE_WORDS})" if effect_idle(st, st.to_move(), a) else ""
        return self._idle_cache[key]

    def _loss_words(self, a: tuple) -> str:
        """' (you lose N points)' when the move costs points at once, else ''."""
        if not self.my_turn:
            return ""
        key = (len(self.s.actions), a)
        if key not in self._loss_cache:
            if len(self._loss_cache) > 200:
                self._loss_cache.clear()
            self._loss_cache[key] = points_lost(self.s.state, self.s.state.to_move(), a)
        n = self._loss_cache[key]
        return f" (you lose {n} point{'s' if n != 1 else ''})" if n else ""

    def _tap_words(self, a: tuple) -> str:
        """' (X is then tapped: its ability cannot be used this round)' when the move taps a card of the
        player's whose abilities a tapped card cannot use (``advice.tapped_by``), else ''."""
        if not self.my_turn:
            return ""
        key = (len(self.s.actions), a)
        cache = self._tap_cache
        if key not in cache:
            if len(cache) > 200:
                cache.clear()
            st = self.s.state
            cache[key] = "".join(f" ({tap_words(self.cname(ci), abilities_lost_to_a_tap(self.c.cards[ci]))})"
                                 for ci in tapped_by(st, st.to_move(), a))
        return cache[key]

    def _ignore_words(self) -> str:
        att = self.view().get("attack", {})
        cid = att.get("card")
        if cid not in self.c.by_id:
            return "pay the price"
        for pw in self.c.card(cid).powers:
            for e in pw.effects:
                if e["op"] == "life_loss":
                    opts = e.get("rival_may_ignore_by") or []
                    if opts:
                        o = opts[0]
                        if "pay" in o:
                            return "pay " + L.ess_words([o["pay"].get(k, 0) for k in L.ESS_KEYS])
                        if "discard_from_hand" in o:
                            return "discard a card from your hand"
                        return "destroy one of your artifacts"
        return "pay the price"

    def action_tip(self, a: tuple) -> str:
        if len(a) > 1 and a[0] in CARD_KINDS:
            cd = self.c.cards[a[1]]
            return L.card_tooltip(cd)
        if a[0] == K_BLIND:
            return "Pay 4 Gold and take the top monument of the pile without seeing it first."
        if a[0] == K_FIRST:
            return ("The first player takes the first artifact and the last one; the other player takes two at "
                    "a time in between. The first player also holds the first-player token (1 point) and acts "
                    "first in round 1.")
        return self.label(a)

    # ------------------------------------------------------------ where an action is clicked (the guide)
    @property
    def order_pick(self) -> list[int]:
        """"Look at 3": the peeked cards clicked so far, top first (the name the guide reads)."""
        return self.reorder.picks

    def target_rect_for(self, action: tuple) -> pygame.Rect | None:
        """Where one click makes ``action`` now, or moves toward it: Confirm when it is in preview; a button
        that carries it; in the collect panel, Collect when the plan makes it next, else the control that
        changes the first step to it; another payment or gain than the one set, a - or + toward it (or Gain);
        "look at 3", Put back or the peeked card to click next; a card whose click offers it; More options
        when it is on another page of the list. None when nowhere."""
        if action == self.pending:
            return self._button_rect("Confirm")
        button = next((b for b in self.buttons if getattr(b, "action", None) == action and b.enabled), None)
        if button is not None:
            return pygame.Rect(button.rect)
        if self.collect_steps:
            return self._collect_target(action)
        if action[0] == K_PAY and self.pay_vec is not None:
            return self._pay_target(list(action[1:]))
        if action[0] == K_ESS and self.ess_plan is not None:
            return self._gain_target(action[1])
        if action[0] == K_ORDER:
            return self._order_target(action)
        spot = next((sp for sp in reversed(self.spots) if action in sp.actions), None)
        if spot is not None:
            return pygame.Rect(spot.rect)
        return self._button_rect("More options", "Back to the first options") if action in self.legal() else None

    def _button_rect(self, *texts: str) -> pygame.Rect | None:
        """The first enabled button of the decision panel that says one of ``texts``."""
        return next((pygame.Rect(b.rect) for b in self.buttons if b.text in texts and b.enabled), None)

    def _pay_target(self, vec: list[int]) -> pygame.Rect | None:
        """Another payment than the one set: the - (first) or + that brings the set one a step toward ``vec``."""
        have = self.pay_vec or [0] * 5
        steps = [("-", e) for e in range(5) if have[e] > vec[e]] + [("+", e) for e in range(5) if have[e] < vec[e]]
        if not steps:
            return None
        sign, e = steps[0]
        button = [b for b in self.buttons if b.text == sign][e]
        return pygame.Rect(button.rect) if button.enabled else None

    def _gain_target(self, e: int) -> pygame.Rect | None:
        """Several essences to gain at once: Gain when the plan holds essence ``e`` and is complete, else its +,
        else a - that makes room for it."""
        plan = self.ess_plan or [0] * 5
        gain = self._button_rect("Gain") if plan[e] else None
        if gain is not None:
            return gain
        allowed = [a[1] for a in self.legal() if a[0] == K_ESS]
        if e not in allowed:
            return None
        plus = [b for b in self.buttons if b.text == "+"][allowed.index(e)]
        if plus.enabled:
            return pygame.Rect(plus.rect)
        return self._button_rect("-")

    def _order_target(self, action: tuple) -> pygame.Rect | None:
        """"Look at 3": Put back when the cards lie in the order ``action`` makes, else the peeked card to
        click next for it (a card clicked out of that order: itself, which takes it back)."""
        if not self.reorder.picks and self._order_action(self.reorder.arrangement) == action:
            return self._button_rect("Put back in this order")
        peeked = {sp.key: sp.rect for sp in self.spots if sp.key.startswith("order:")}
        if not peeked:
            return None
        perm, picks = PERMS[len(peeked)][action[1]], self.reorder.picks
        wrong = next((k for k, card in enumerate(picks) if k >= len(perm) or perm[k] != card), None)
        card = picks[wrong] if wrong is not None else perm[len(picks)] if len(picks) < len(perm) else None
        rect = peeked.get(f"order:{card}")
        return pygame.Rect(rect) if rect is not None else None

    def _collect_target(self, action: tuple) -> pygame.Rect | None:
        step = self.collect_steps[0]
        if action in step.actions():
            return next((pygame.Rect(b.rect) for b in self.buttons if b.text == "Collect" and b.enabled), None)
        if step.kind == "gain" and action[0] == K_ESS and action[1] in step.allowed:
            return pygame.Rect([b for b in self.buttons if b.text == "+"][step.allowed.index(action[1])].rect)
        if action[0] == K_TAKE and step.kind == "take":
            label = "Take" if action[2] else "Leave"
        elif action[0] == K_FORGE and step.kind == "forge":
            label = "Pay Death" if action[1] == 0 else "Tap it"
        else:
            return None
        return next((pygame.Rect(b.rect) for b in self.buttons if b.text == label), None)

    # ------------------------------------------------------------ input
    def _toggle_log(self) -> None:
        self.show_log = not self.show_log

    def _rules(self) -> None:
        from game.shell.rules import open_rules, rules_path

        d = self.s.state.decision_name() if not self.s.is_over() else ""
        open_rules(self.app, rules_path(self.s.adapter.rules_key), self.rules_for.get(d))

    def guide_targets(self, actions: list[Any]) -> list[pygame.Rect]:
        """Where to click for one of ``actions`` now, in order (the guided first game's outlines): Confirm alone
        when one is in preview, else each action's :meth:`target_rect_for`, once each."""
        if self.pending is not None and self.pending in actions:
            actions = [self.pending]
        rects: list[pygame.Rect] = []
        for action in actions:
            rect = self.target_rect_for(action)
            if rect is not None and rect not in rects:
                rects.append(rect)
        return rects

    def _card_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        """The card drawn at ``pos`` (in play, a hand, the centre, a shown pile, the pool) and its words."""
        kinds = ("discard_pile",) if self.pile_seat >= 0 else ("card", "chip")
        for key, (rect, tip) in reversed(list(self.tips.items())):
            if key[0] in kinds and rect.collidepoint(pos):
                return key[1], re.sub(r"\n\n(Click \(or right-click, V\)|Right-click \(or V\)): the card in full\.$",
                                      "", tip)
        return None

    def _card_view_event(self, event: pygame.event.Event) -> bool:
        """Open the large card view (right-click or V on a card); while it is up, any click or key closes it."""
        if event.type == pygame.MOUSEBUTTONUP and self._eat_release:
            self._eat_release = False
            return True
        if self.viewing is not None:
            if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and
                                                        event.key not in (pygame.K_F11, pygame.K_F12)):
                self.viewing = None
                self._eat_release = event.type == pygame.MOUSEBUTTONDOWN
                return True
            return event.type == pygame.MOUSEBUTTONUP
        opening = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_v)
        if opening:
            got = self._card_at(event.pos if event.type == pygame.MOUSEBUTTONDOWN else self.app.mouse)
            if got is not None:
                self.viewing = got
                self._eat_release = event.type == pygame.MOUSEBUTTONDOWN
                return True
        return False

    def hint_why(self, hint: Hint) -> str:
        """Res Arcana's line of why, short (it shares the preview with the move): what the move does for the
        player here, in facts of the position (``reasons.hint_reason``: essences, points, what the cards on
        offer cost), and a victory check the player could win now when the hint is another move. Without a
        fact to tell, the search's view of the seat's lead."""
        if hint.forced:
            return super().hint_why(hint)
        st = self.s.state
        p = st.to_move()
        try:
            facts = hint_reason(st, p, hint.action, self.seat_words()) if p >= 0 else ""
            note = victory_note(st, p, st.legal_actions(), hint.action) if p >= 0 else ""
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):  # words only: never a crash
            facts, note = "", ""
        head = ("The expert bot's rules pick this move" if hint.value is None or hint.iterations <= 0 else
                "The expert bot's pick")
        if facts:
            line = f"{head}: {facts}."
        elif hint.value is None or hint.iterations <= 0:
            line = f"{head}."
        elif hint.value >= 0.75:
            line = f"{head}: it sees you well ahead."
        elif hint.value >= 0.5:
            line = f"{head}: it sees you a little ahead."
        elif hint.value >= 0.25:
            line = f"{head}: it keeps you near the lead."
        else:
            line = f"{head}: your best chance to catch up."
        return f"{line} {note}" if note else line

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:  # no tip where the player just clicked, until the mouse moves
            self._clicked_at = tuple(event.pos)
        if self._card_view_event(event):
            return True
        if self.pile_seat >= 0 and (event.type == pygame.MOUSEBUTTONDOWN or
                                    event.type == pygame.KEYDOWN and event.key not in (pygame.K_F11, pygame.K_F12)):
            self.pile_seat = -1  # any click or key puts the pile away (and does nothing else)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_l, pygame.K_F1):
            return super().handle_event(event)
        if super().handle_event(event):
            return True
        for b in list(self.top_buttons) + list(self.buttons):
            if b.handle_event(event):
                return True
        if self._feed_clicked(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for q, rect in self.piles.items():
                if rect.collidepoint(event.pos):
                    self.pile_seat = q
                    return True
        if self._clicked_ahead(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.my_turn:
            for sp in self.spots:
                if sp.key.startswith("order:") and sp.rect.collidepoint(event.pos):
                    self.reorder.press(int(sp.key.split(":")[1]), event.pos[0])
                    return True
            for sp in reversed(self.spots):
                if sp.rect.collidepoint(event.pos) and sp.actions:
                    self.click_spot(sp)
                    return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:  # a card shown compact: a click opens it
            got = self._card_at(event.pos)
            if got is not None and got[0] in self.compact:
                self.viewing = got
                self._eat_release = True
                return True
        return self._order_event(event)

    def _decision_coming(self) -> bool:
        """The bots still move before the one person's decision (a click on the table waits for it)."""
        s = self.s
        return (not self.my_turn and not s.is_over() and not self.looking_back and self.viewer >= 0
                and len(s.humans()) == 1)

    def _clicked_ahead(self, event: pygame.event.Event) -> bool:
        """A left click on the person's own card or one in the centre while the bots' moves still play out
        (play-test: such clicks vanished, or opened the card in full): the rest of the bots' moves play at once
        and the click is taken up at the person's decision (:meth:`_take_click_ahead`); a toast says so."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not self._decision_coming():
            return False
        got = self._card_at(event.pos)
        me = self.me()
        rival = any(len(k) == 2 and k[0] == "area" and k[1] != me and r.collidepoint(event.pos)
                    for k, r in self._layout().items())
        if got is None or rival:
            return False
        self.click_ahead = got[0]
        self.app.toast(self._ahead_words(), once=True)
        return True

    def _ahead_words(self) -> str:
        return f"{self.cname(self.click_ahead)}: taken up as your turn comes"

    def _take_click_ahead(self) -> None:
        """Before the frame: while a click waits, the bots' moves play without waiting or motion; at the
        person's decision it acts on the card as a click there does (its moves, a preview), else a toast says
        the card has nothing to do now."""
        ci = self.click_ahead
        if ci is None:
            return
        if self._decision_coming():
            self.app.motion.skip_all()
            self.bot_wait = float("inf")  # (the next bot's move at once: set to 0 again when it is made)
            return
        self.app.drop_toast(self._ahead_words())  # (it is taken up now)
        self.click_ahead = None
        if not self.my_turn or self.app.stack.top is not self:
            return
        self.app.motion.skip_all()  # (the last bot's move shown whole, then the preview)
        acts = [a for a in self.legal() if len(a) > 1 and a[0] in CARD_KINDS and a[1] == ci]
        if acts:
            self.click_spot(Spot(pygame.Rect(0, 0, 0, 0), "", acts, ci))
        else:
            self.app.toast(f"Nothing to do with {self.cname(ci)} at this decision", once=True)

    def _order_event(self, event: pygame.event.Event) -> bool:
        """"Look at 3": a held card dragged into a slot, a press let go without a drag (a click in order), or a
        key 1 to 3 (the card in that slot clicked)."""
        if not self.my_turn or self.s.state.decision_name() != "order":
            return False
        slots = self._order_slots(len(self.reorder.arrangement))
        if event.type == pygame.MOUSEMOTION:
            return self.reorder.motion(event.pos[0], slots)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            done, card = self.reorder.release(event.pos[0], slots)
            if done == "click":
                self._order_click(card)
            elif done == "moved":
                self.pending = None
                self.rebuild()
            return bool(done)
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key < pygame.K_1 + len(slots):
            self._order_click(self.reorder.arrangement[event.key - pygame.K_1])
            return True
        return False

    def click_spot(self, sp: Spot) -> None:
        d = self.s.state.decision_name()
        if len(sp.actions) == 1 and not (d == "action" and sp.actions[0][0] in (K_POWER, K_PLACE, K_DISCARD)
                                         and False):
            a = sp.actions[0]
            self.choose(a, self.label(a))
            return
        self.selected = sp.card if sp.card >= 0 else -2
        self.pending = None
        self.rebuild()

    def tooltip_owner(self, pos: tuple[int, int]) -> tuple[pygame.Rect, list[pygame.Rect]] | None:
        """A button's tip goes beside it, clear of the other buttons (a list of choices stays readable)."""
        if self.pile_seat >= 0 or self.viewing is not None:
            return None
        shown = [b for b in list(self.top_buttons) + list(self.buttons) if b.visible]
        owner = next((b for b in shown if b.tooltip and b.rect.collidepoint(pos)), None)
        if owner is None:
            return None
        return pygame.Rect(owner.rect), [pygame.Rect(b.rect) for b in shown if b is not owner]

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        if self.viewing is not None or tuple(pos) == self._clicked_at:
            return None
        if self.pile_seat >= 0:  # only the shown pile's cards
            return next((tip for key, (rect, tip) in self.tips.items() if key[0] == "discard_pile" and
                         rect.collidepoint(pos)), None)
        for b in list(self.top_buttons) + list(self.buttons):
            if b.visible and b.rect.collidepoint(pos) and b.tooltip:
                return b.tooltip
        if self.feed.drawn is not None and self.feed.drawn.collidepoint(pos) and self.feed.kept():
            return FEED_TIP
        for _key, (rect, tip) in reversed(list(self.tips.items())):
            if rect.collidepoint(pos):
                return tip
        return None

    def update(self, dt: float) -> None:
        self._take_click_ahead()
        super().update(dt)
        self._take_click_ahead()
        if (self.my_turn and self.app is not None and self.app.stack.top is self and not self.s.is_over()
                and self.s.state.decision_name() == "draft"):
            legal = self.s.state.legal_actions()
            if len(legal) == 1:  # the last card of a pack: nothing to choose, it is taken for you
                self.submit(legal[0])
        for b in list(self.top_buttons) + list(self.buttons):
            b.update(dt)
        if self.banner:
            self.banner[1] -= dt
            if self.banner[1] <= 0:
                self.banner = []

    # ------------------------------------------------------------ layout
    def _order(self) -> list[int]:
        n = self.s.players
        me = self.me()
        return [(me + k) % n for k in range(1, n)]

    def _card_image(self, cd: Any, w: int, h: int, on: Any, dim: bool = False, kind_said: bool = False,
                    compact: bool = False) -> tuple[pygame.Surface, list[tuple[str, pygame.Rect]]]:
        """A card face drawn once and cached, with the texts on it and where they sit on the image
        (``kind_said``: see ``look.draw_card``; ``compact``: ``look.draw_compact``)."""
        key = _face_key(cd, w, h, on, dim, kind_said) + (compact,)
        got = self._img_cache.get(key)
        if got is None:
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            before = len(T.registry.items)
            whole = L.draw_compact(img, img.get_rect(), cd, on, dim) if compact else \
                L.draw_card(img, img.get_rect(), cd, on, dim, kind_said=kind_said)
            texts = [(d.text, d.rect) for d in T.registry.items[before:]]
            del T.registry.items[before:]
            if len(self._img_cache) > 600:
                self._img_cache.clear()
                self._cut_images.clear()
            got = self._img_cache[key] = (img, texts)
            if not whole:
                self._cut_images.add(key)
        return got

    def _layout(self) -> dict[Any, pygame.Rect]:
        """Where everything goes for the current view (also used to aim the motion)."""
        set_room(self.s.players)
        v = self.s.view(self.me())
        a: dict[Any, pygame.Rect] = {}
        self.card_lines: dict[int, int] = {}  # card -> how it is drawn: 0 a face, 1 or 2 a tile of that many lines
        self.compact: set[int] = set()  # the faces drawn compact (``look.draw_compact``)
        order = self._order()
        k = len(order)
        gap = 8
        self._centre_layout(a, v)
        right = W - 6
        if self._legend_up() and k:  # no room for the legend in the centre (two and three players: six and
            # five magic items after the setup): at the right of the rivals' row, the rivals' areas left of it
            lw, lh = LG.size()
            a[("legend",)] = pygame.Rect(W - 6 - lw, OPP_Y + 4, lw, lh)
            right = W - 6 - lw - gap
        ow = (right - 6 - gap * (k - 1)) // k
        # a rival's area keeps its columns as its cards come and go: no fewer than it has had this game, no more
        # than an area as wide as the centre's groups holds (three rivals' faces stay wide enough to read)
        self._most_cols = LY.most_cols((PANEL.x - gap - 6 - gap * (k - 1)) // k - 16) if k > 1 else 0
        for i, q in enumerate(order):
            r = pygame.Rect(6 + i * (ow + gap), OPP_Y, ow, OPP_H)
            a[("area", q)] = r
            self._area_layout(a, v, q, r, small=True)
        me = self.me()
        r = pygame.Rect(6, ME_Y, PANEL.x - 12, H - ME_Y - 6)
        a[("area", me)] = r
        self._area_layout(a, v, me, r, small=False)
        if v.get("pool") is not None:
            self._pool_layout(a, v)
        self.anchors = a
        return a

    def _centre_layout(self, a: dict, v: dict) -> None:
        """Places of power, monuments (with the pile), magic items: each a labelled group of tiles in two
        rows, filled row by row, each card keeping its place (``_centre_slots``): a card claimed or taken
        leaves its place empty (an outline; closing the row up moved the cards after it, play-test s8), a
        monument revealed or an item given back takes an empty place; the supply at the right."""
        tw, th = LY.TILE_W - 8, T.line_height(13, bold=True) * 2 + 8
        y0 = MID_Y + 28
        x = 12
        groups = [("places", v["places_of_power"], "Places of power"),
                  ("monuments", list(v["monuments_face_up"]) + ["<pile>"], "Monuments (4 Gold each)"),
                  ("items", v["magic_items_free"], "Magic items (take one as you pass)")]
        self.centre_holes = []
        for key, ids, label in groups:
            slots = self._centre_slots(key, [cid for cid in ids if cid != "<pile>"])
            slots += ["<pile>"] if "<pile>" in ids else []
            cols = max(1, (len(slots) + 1) // 2)
            width = max(cols * (tw + LY.GAP) - LY.GAP, T.text_size(label, "small")[0])
            a[(key + "_label",)] = pygame.Rect(x, MID_Y + 4, width, 22)
            for i, cid in enumerate(slots):
                rect = pygame.Rect(x + (i % cols) * (tw + LY.GAP), y0 + (i // cols) * (th + LY.GAP), tw, th)
                if cid is None:  # a card claimed or taken: its place kept, an outline
                    self.centre_holes.append(rect)
                elif cid == "<pile>":
                    a[("pile",)] = rect
                else:
                    ci = self.c.by_id[cid]
                    a[("card", ci)] = rect
                    self.card_lines[ci] = 2
            x += width + 20
        a[("supply",)] = pygame.Rect(W - 112, MID_Y + 4, 104, MID_H - 8)
        box = LG.fits(pygame.Rect(x, MID_Y + 4, W - 112 - 8 - x, MID_H - 8))  # the icon legend, where there is room
        if box is not None and not self._legend_up():
            a[("legend",)] = box

    def _legend_up(self) -> bool:
        """The legend stands at the right of the rivals' row for the whole game (not in the centre): the magic
        items left after the setup take three columns (two and three players), leaving no room in the centre.
        Decided by the player count, not by the frame: at four players the setup's eight items left no room
        either, and the legend moving down after it widened the rivals' areas and moved their cards."""
        return (len(self.c.items) - self.s.players + 1) // 2 >= 3

    def _replay_slots(self) -> None:
        """The centre's places as they came to be through the game so far (a loaded save, Continue): its moves
        replayed from the deal, the places noted after each (``_centre_slots``), so a card stays where it was
        before the save (after Continue two monuments swapped places: the engine's order is not the table's,
        play-test t2 item 2). Nothing for a game without moves."""
        s = self.s
        if not s.actions:
            return
        try:
            state = s.adapter.new_game(s.players, s.seed, **(s.setup or {}))
            for row in s.actions:
                state.apply(s.adapter.from_json(state, row["action"]))
                v = s.adapter.view(state, 0)
                for key, ids in self._centre_groups(v):
                    self._centre_slots(key, ids, state.round)
        except (ValueError, KeyError, TypeError):  # a record this build cannot replay: the engine's order
            self._slots.clear()
            self._slot_of.clear()

    @staticmethod
    def _centre_groups(v: dict) -> list[tuple[str, list[str]]]:
        return [("places", list(v["places_of_power"])), ("monuments", list(v["monuments_face_up"])),
                ("items", list(v["magic_items_free"]))]

    def _centre_slots(self, key: str, ids: list[str], round_: int | None = None) -> list[str | None]:
        """The places of a centre group's cards (``ids``, the engine's order): each card where it was, a card
        claimed or taken leaving its place empty (None) so the others do not move; a card that comes (a
        monument revealed, an item given back) in the place it had before if free, else the first empty one,
        else at the end. Kept for the game from its first round (the setup's picks leave no gaps)."""
        if not (self.s.state.round if round_ is None else round_):  # the setup: no places kept yet
            self._slots.pop(key, None)
            self._slot_of.pop(key, None)
            return list(ids)
        slots = self._slots.setdefault(key, [])
        had = self._slot_of.setdefault(key, {})
        slots[:] = [cid if cid in ids else None for cid in slots]
        for cid in ids:
            if cid in slots:
                continue
            k = had.get(cid, -1)
            if not (0 <= k < len(slots) and slots[k] is None):
                k = slots.index(None) if None in slots else len(slots)
            if k == len(slots):
                slots.append(None)
            slots[k] = cid
            had[cid] = k
        return list(slots)

    def _area_layout(self, a: dict, v: dict, q: int, r: pygame.Rect, small: bool) -> None:
        """A player's area: a header (name, points, essences, hand and piles), then the cards in play (mage and
        item, then the others in the order they came into play: ``LY.grouped``): faces while they fit, compact
        faces or tiles when crowded; the viewer's hand along the foot."""
        pl = v["players"][q]
        a[("pool", q)] = pygame.Rect(r.x + 10, r.y + 30, 5 * 56, 22) if small else \
            pygame.Rect(r.x + 360, r.y + 6, 5 * 56, 24)
        comps = LY.grouped(pl["in_play"], lambda comp: self.c.card(comp["card"]).kind)
        self._play_order[q] = [self.c.by_id[comp["card"]] for comp in comps]
        kinds = [KIND_GROUP.get(self.c.card(comp["card"]).kind, 1) for comp in comps]
        starts = {i for i in range(1, len(kinds)) if kinds[i] != kinds[i - 1]}
        if small:
            area = pygame.Rect(r.x + 8, r.y + 54, r.w - 16, r.bottom - 6 - (r.y + 54))  # under a header of two lines
            rects, lines = self._rival_cards(comps, area, starts, q)
            a[("hand", q)] = pygame.Rect(r.right - 150, r.y + 8, 60, 24)
        else:
            hy = r.bottom - 4 - self._band_height(pl) - 22  # the same band all game: the label stays put
            area = pygame.Rect(r.x + 8, r.y + 38, r.w - 16, hy - LY.HAND_CLEAR - (r.y + 38))
            a[("play", q)] = area  # where a decision's offered cards go (the draft, the mages)
            a[("hand", q)] = pygame.Rect(r.x + 8, hy, r.w - 16, r.bottom - 4 - hy)
            self._hand_rects = self._hand_faces(a, pl, q)
            # the cards in play in rows above the hand's band, never beside the hand (a second row run on beside
            # the hand's faces covered the label and read as cards still in hand, play-test t2 item 1): whole
            # faces, else as tall as they all fit (a chevron on those cut), else tiles
            whole = LY.tallest_faces(lambda w: self._own_needs(comps, w), area, None, OWN_LEAST)
            if whole is None or (whole and LY.cut_count(whole, self._own_needs(comps, whole[0].w))):
                # cut faces: compact faces (the name, the essences on it, the points and every ability; the cost
                # paid and the type line left to the tip) where fewer are cut, as a rival's read
                rects, lines = self._rival_layout(comps, area, starts, (1, max(1, len(comps))))
            else:
                rects, lines = whole, 0
        for comp, rect in zip(comps, rects):
            ci = self.c.by_id[comp["card"]]
            a[("card", ci)] = rect
            self.card_lines[ci] = lines

    def _rival_cards(self, comps: list[dict], area: pygame.Rect, starts: set[int], q: int
                     ) -> tuple[list[pygame.Rect], int]:
        """Where a rival's cards in play go in ``area``, in their order: whole faces in rows when they all fit
        (``LY.rival_faces``); else compact faces (``look.draw_compact``: the name, tapped, the essences on it,
        the points and every ability, no cost or type line) when fewer of those are cut; else the faces with
        the fewest cut; else tiles. The cards drawn compact go in ``self.compact``. Seat ``q``'s columns only
        grow through a game (``self._rival_cols``), up to ``self._most_cols``: a card keeps its row and column."""
        held, most = self._rival_cols.get(q, 1), (self._most_cols or len(comps))
        rects, lines = self._rival_layout(comps, area, starts, (held, max(held, most)))
        if not lines and rects:
            self._rival_cols[q] = max(held, LY.row_cols(rects))
        return rects, lines

    def _rival_layout(self, comps: list[dict], area: pygame.Rect, starts: set[int], cols: tuple[int, int]
                      ) -> tuple[list[pygame.Rect], int]:
        """``_rival_cards`` with ``cols`` the least and most cards to a row."""
        cis = [self.c.by_id[comp["card"]] for comp in comps]
        # sized for the taller of tapped and untapped: a card's face keeps its size as it is tapped and untapped,
        # and no neighbour moves (play-test t2 item 2); the taller, since the "tapped" line is not always the
        # taller face (Sea Serpent, 3 players: sized as tapped, its untapped face was cut)
        ons = [comp.get("essences") for comp in comps]

        def full(w: int) -> list[int]:
            return [max(self._face_need(ci, w, on, True), self._face_need(ci, w, on, False))
                    for ci, on in zip(cis, ons)]

        def small(w: int, short: bool | str = False) -> list[int]:
            return [max(self._compact_need(ci, w, on, True, short), self._compact_need(ci, w, on, False, short))
                    for ci, on in zip(cis, ons)]

        faces = LY.rival_faces(full, area, cols=cols)  # the area's whole width
        cut = LY.cut_count(faces, full(faces[0].w)) if faces else len(cis)
        if cut:
            compact = LY.rival_faces(small, area, LY.COMPACT_LEAST, LY.COMPACT_W,
                                     short_at=lambda w: small(w, short=True), gap=4, cols=cols)
            if compact is not None and (faces is None or LY.cut_count(compact, small(compact[0].w, "vague")) < cut):
                self.compact.update(cis)
                return compact, 0
        if faces is not None:
            return faces, 0
        return LY.area_cards(len(comps), area, faces=True, group_starts=starts)

    def _compact_need(self, ci: int, w: int, on: Any = None, dim: bool = False, short: bool | str = False) -> int:
        """How tall card ``ci``'s compact face ``w`` wide must be to read whole, or ``short`` in fewer words
        ("vague": in short; ``look.compact_height``) (cached)."""
        key = ("compact", ci, w, tuple(on) if on else None, dim, short)
        if key not in self._need_cache:
            if len(self._need_cache) > 4000:
                self._need_cache.clear()
            self._need_cache[key] = L.compact_height(self.c.cards[ci], w, on, dim, short)
        return self._need_cache[key]

    def _hand_cards(self, pl: dict) -> list[int]:
        """The cards shown in the viewer's hand: in the draft (no hand yet), those kept so far."""
        if not self.s.state.round and not pl.get("hand") and pl.get("deck_contents"):
            return [self.c.by_id[cid] for cid in pl["deck_contents"]]
        return [self.c.by_id[cid] for cid in pl.get("hand", [])]

    def _face_need(self, ci: int, w: int, on: Any = None, dim: bool = False) -> int:
        """How tall card ``ci``'s face ``w`` wide must be to read whole (cached)."""
        key = (ci, w, tuple(on) if on else None, dim)
        if key not in self._need_cache:
            if len(self._need_cache) > 4000:
                self._need_cache.clear()
            self._need_cache[key] = L.face_height(self.c.cards[ci], w, on, dim)
        return self._need_cache[key]

    def _own_needs(self, comps: list[dict], w: int) -> list[int]:
        """The viewer's cards in play: each one's height to read whole ``w`` wide, tapped or not (the taller:
        a card keeps its size as it is tapped, and Sea Serpent's two-line type line, which "tapped" replaces,
        was cut while untapped when sized as tapped)."""
        return [max(self._face_need(self.c.by_id[cp["card"]], w, cp.get("essences"), dim) for dim in (True, False))
                for cp in comps]

    def _band_height(self, pl: dict) -> int:
        """How tall the hand's faces are: as tall as the tallest artifact's face needs (no taller than a table
        face), whatever the hand holds, so the band and its label ("Your hand") stay put through the game (a
        band as tall as the hand's cards needed moved the label and the cards in play above it by up to 78 px
        as cards came and went). ``pl``: the viewer's part of the view (the hand it holds does not count)."""
        if self._band_h is None:
            needs = [self._face_need(ci, LY.FACE[0]) for ci, cd in enumerate(self.c.cards) if cd.kind == "artifact"]
            self._band_h = min(LY.FACE[1], max([DECK_H] + needs))
        return self._band_h

    def _hand_faces(self, a: dict, pl: dict, q: int) -> list[pygame.Rect] | None:
        """The viewer's hand as faces side by side after the deck along the hand's band (as wide as a table
        face, narrower for a long hand), and the hand's box narrowed to them (a draft's pack goes beside it);
        None (tiles: ``_draw_hand``) when they would be narrower than a face reads at, or the hand is hidden."""
        if self.viewer < 0:  # the hand shows its backs only
            return None
        box = a[("hand", q)]
        n = len(self._hand_cards(pl))
        w = min(LY.FACE[0], (box.w - 92 - 6 * (n - 1)) // max(1, n))
        if w < LY.FACE_WIDTHS[-1]:
            return None
        width = 80 + sum(12 + w if k == 0 else 6 + w for k in range(n))  # the deck, then the faces
        if not pl.get("hand") and n:  # the draft's "kept" words beside the label
            width = max(width, 110 + T.text_size("kept from the draft: your deck", "small")[0])
        a[("hand", q)] = pygame.Rect(box.x, box.y, min(box.w, width), box.h)
        return [pygame.Rect(box.x + 92 + k * (w + 6), box.y + 22, w, box.h - 22) for k in range(n)]

    # ------------------------------------------------------------ drawing
    def picture_key(self) -> tuple:
        return super().picture_key() + (self.banner[0] if self.banner else None, self.pile_seat,
                                        self.viewing[0] if self.viewing else None, tuple(self.reorder.shown()),
                                        tuple(self.reorder.picks), self.reorder.dragging)

    def thinking_parts(self) -> list[tuple[pygame.Rect, float | None]]:
        s = self.s
        if s.is_over() or s.human_to_move() or self.banner:
            return []
        frac, _ = s.bot_progress()
        x = STATUS_X + T.text_size(self._status(), "body")[0] + 16  # just after the status
        return [(pygame.Rect(x, 14, 110, 12), frac if frac > 0 else None)]

    def draw_table(self, surface: pygame.Surface) -> None:
        th = TH.current()
        surface.fill((24, 22, 30))
        self.last_anchors = dict(self.anchors) if self.anchors else {}
        a = self._layout()
        v = self.s.view(self.me())
        legal = self.legal()
        by_card: dict[int, list[tuple]] = {}
        for act in legal:
            if len(act) > 1 and act[0] in CARD_KINDS:
                by_card.setdefault(act[1], []).append(act)
        blind = [act for act in legal if act[0] == K_BLIND]
        self.tips: dict[Any, tuple[pygame.Rect, str]] = {}
        self.spots = []
        self.card_boxes = []
        self.cut_faces = set()
        self._centre_cards = set()
        private = self.viewer >= 0
        self._draw_top(surface, v)
        for q in self._order():
            self._draw_area(surface, v, q, a[("area", q)], True, by_card)
        self._draw_area(surface, v, self.me(), a[("area", self.me())], False, by_card, private)
        self._draw_centre(surface, v, by_card, blind)
        texts, cards = len(T.registry.items), len(self.card_boxes)
        self._draw_panel(surface, v, private)
        if private:
            self._draw_special(surface, v, by_card)
        self._place_log(texts, cards)
        if v.get("pool") is not None:
            self._draw_pool(surface, v, by_card)
        if self.banner:
            self._draw_banner(surface, self.banner[0])
        self.app.motion.draw(surface)
        for b in self.buttons:
            b.draw(surface)
        for b in self.top_buttons:
            b.draw(surface)
        if self.pile_seat >= 0:
            self._draw_pile(surface, v)
        if self.viewing is not None:
            draw_card_view(surface, self.c.cards[self.viewing[0]], self.viewing[1])
        self.draw_log(surface)
        del th

    def _draw_top(self, surface: pygame.Surface, v: dict) -> None:
        pygame.draw.rect(surface, (34, 30, 42), (0, 0, W, TOP_H))
        rnd = v["round"]
        T.draw_text(surface, f"Round {rnd}" if rnd else "Setting up", (14, TOP_H // 2), "body", (240, 206, 120),
                    bold=True, anchor="midleft")
        if self.banner:  # the banner says it in this place for now
            return
        status = self._status()
        T.draw_text(surface, status, (STATUS_X, TOP_H // 2), "body", (240, 206, 120), anchor="midleft")
        left = STATUS_X + T.text_size(status, "body")[0] + 16
        for rect, fraction in self.thinking_parts():
            left = T.draw_text(surface, "thinking", (rect.right + 10, TOP_H // 2), "small", "text_dim",
                               anchor="midleft").right + 16
            self.draw_thinking(surface, rect, fraction)
        room = pygame.Rect(left, 0, self.top_buttons[0].rect.x - 14 - left, TOP_H)  # whole, right-aligned
        m = v.get("match")
        if m:
            wins = m["wins"]
            me = self.me()
            tally = f"{wins[me]:g}\u2013{wins[1 - me]:g}"
            mr = T.draw_whole(surface, f"Match: game {m['game']} of 3 \u00b7 {tally}", room, "small", (240, 206, 120),
                              bold=True, align="right")
            self.tips[("match",)] = (mr.inflate(8, 8), f"A match of up to three games: {self.who(me)} "
                                     f"{wins[me]:g}, {self.who(1 - me)} {wins[1 - me]:g} so far (a shared victory "
                                     "counts half). A game is won by 10 points at a victory check.")
        else:
            T.draw_whole(surface, "10 points at a victory check win", room, "small", "text_dim", align="right")

    def _status(self) -> str:
        """The top bar's word on whose decision it is."""
        if self.s.is_over():
            return "The game is over."
        if self.my_turn:
            return "Your decision"
        return f"{self.who(self.s.to_move())} to decide"

    def _marker(self, surface: pygame.Surface, center: tuple[int, int], q: int, r: int = 10) -> None:
        TH.draw_marker(surface, center, r, SEAT_RGB[q % 4], SEAT_SHAPES[q % 4], str(q + 1))

    def _draw_area(self, surface: pygame.Surface, v: dict, q: int, r: pygame.Rect, small: bool,
                   by_card: dict[int, list[tuple]], private: bool = False) -> None:
        pl = v["players"][q]
        active = not self.s.is_over() and self.s.to_move() == q
        draw_panel(surface, r, fill=(44, 40, 52) if not active else (54, 50, 40),
                   border="gold" if active else "border", radius=10, shadow=False)
        cy = r.y + (16 if small else 17)
        self._marker(surface, (r.x + 20, cy), q, 13)
        pts = pl["points"]  # the points first, at the right: the name has the room up to them
        src = points_by_source(self.s.state, q)
        pr = T.draw_text(surface, f"\u2605 {pts}", (r.right - 12, cy), "body", (246, 214, 120), bold=True,
                         anchor="midright")
        lines = [f"{SOURCE_WORDS.get(k, k)}: {val}" for k, val in src.items()] or ["no points yet"]
        self.tips[("points", q)] = (pr.inflate(8, 8), f"{self.seat_name(q)}: {pts} point{'s' if pts != 1 else ''}\n"
                                    + "\n".join(lines))
        name = self.who(q)
        if name == "You" and self.seat_name(q) != "You":
            name = f"You ({self.seat_name(q)})"
        size = "body" if T.text_size(name, "body", bold=True)[0] <= pr.x - r.x - 200 else "small"
        nr = T.draw_text(surface, name, (r.x + 38, cy), size, "text", bold=True, anchor="midleft")
        self.tips[("name", q)] = (nr, f"{self.seat_name(q)}: " + ("a person at this screen" if self.s.seats[q].human
                                                                 else f"a {self.s.seats[q].bot} bot"))
        x = nr.right + 10
        if v["token"] == q and v.get("decision") != "first_player":  # nobody holds it until it is chosen
            tr = pygame.Rect(x, cy - 14, 28, 28)
            pygame.draw.circle(surface, (120, 84, 26), tr.center, 14)
            pygame.draw.circle(surface, (246, 214, 120), tr.center, 12)
            T.draw_text(surface, "1st", tr.center, 13, L.INK, bold=True, anchor="center")
            self.tips[("token", q)] = (tr, TOKEN_TIP)
            x = tr.right + 8
        if pl["passed"]:
            pr2 = T.draw_text(surface, "PASSED", (x, cy), "small", (200, 120, 100), bold=True, anchor="midleft")
            self.tips[("passed", q)] = (pr2, "Passed: no more actions this round, and attacks do not reach them.")
            x = pr2.right + 8
        self._draw_pool_line(surface, pl, q, r, small, x)
        if src.get("First player"):  # on the name's line: after the name, or after the essences and piles
            info = self.tips.get(("info", q), (self.anchors[("pool", q)], ""))[0]
            self._token_legend(surface, q, pr, cy, x if small else info.right + 8)
        for ci in self._play_order.get(q, []):
            comp = next(cp for cp in pl["in_play"] if cp["card"] == self.c.cards[ci].id)
            self._draw_card_at(surface, ci, self.anchors[("card", ci)], comp.get("essences"), comp["turned"],
                               by_card)
        if not small:
            self._draw_hand(surface, pl, q, by_card, private)

    def _token_legend(self, surface: pygame.Surface, q: int, points: pygame.Rect, cy: int, left: int) -> None:
        """Beside a seat's points, what the first-player token adds to them (a newcomer wonders where the
        point at the start comes from): the longest wording that fits between ``left`` and the points."""
        for words in TOKEN_LEGENDS:
            if T.text_size(words, "small")[0] <= points.x - 10 - left:
                rect = T.draw_text(surface, words, (points.x - 10, cy), "small", (214, 188, 120), anchor="midright")
                self.tips[("token_point", q)] = (rect, TOKEN_TIP)
                return

    def _draw_pool_line(self, surface: pygame.Surface, pl: dict, q: int, r: pygame.Rect, small: bool,
                        after: int) -> None:
        """The essence pool (icon and count each, spaced by the counts' widths), then hand, deck and discards."""
        pool = self.anchors[("pool", q)]
        px = pool.x if small else max(pool.x, after + 16)
        cy = pool.centery
        size = "small" if small else "body"
        cells = []
        for e in range(5):
            L.essence_icon(surface, (px + 10, cy), 10, e)
            tr = T.draw_text(surface, str(pl["essences"][e]), (px + 24, cy), size, "text", bold=True, anchor="midleft")
            cells.append(pygame.Rect(px, pool.y, tr.right - px, pool.h))
            self.tips[("ess", q, e)] = (cells[-1], f"{L.ESS_NAMES[e]} ({L.ESS_LOOKS[e]}): {pl['essences'][e]} in "
                                                   "the pool")
            px = tr.right + 12
        whole = cells[0].unionall(cells[1:])
        self.anchors[("pool", q)] = whole
        self.tips[("pool", q)] = (whole, "Essence pool: " + (L.ess_words(pl["essences"]) if any(pl["essences"])
                                                            else "empty"))
        n_disc = len(pl["discard"])
        info = f"Hand {pl['hand_size']} \u00b7 Deck {pl['deck_size']} \u00b7 Discards {n_disc}"
        room = (r.right - 12 if small else self.tips[("points", q)][0].x - 8) - px
        isize = "small" if T.text_size(info, "small")[0] <= room else "tiny"
        if T.text_size(info, isize)[0] > room:
            info = f"Hand {pl['hand_size']} \u00b7 Deck {pl['deck_size']} \u00b7 Disc. {n_disc}"
        disc = ", ".join(self.cname(c) for c in pl["discard"]) or "none"
        tip = f"Cards in hand: {pl['hand_size']}; in the deck: {pl['deck_size']}.\nDiscard pile (open to all): {disc}"
        if T.text_size(info, isize)[0] > room:  # a rival's narrow area (four players, the log open): in the tip
            self.tips[("pool", q)] = (whole, self.tips[("pool", q)][1] + "\n" + tip)
            self.piles.pop(q, None)
            return
        ir = T.draw_text(surface, info, (px, cy), isize, "text_dim", anchor="midleft")
        v = self.view()
        arts = (v.get("match") or {}).get("artifacts")
        owned = arts[q] if arts and v.get("pool") is None else []
        if owned:
            tip += "\nTheir eight artifacts in this match (known to both): " + ", ".join(
                self.cname(c) for c in owned)
        if pl["discard"]:
            tip += "\n\nClick to see the discard pile."
            self.piles[q] = ir.inflate(8, 8)
        else:
            self.piles.pop(q, None)
        self.tips[("info", q)] = (ir, tip)

    def _draw_card_at(self, surface: pygame.Surface, ci: int, rect: pygame.Rect, on: Any, turned: bool,
                      by_card: dict[int, list[tuple]], extra: str = "", kind_said: bool = False) -> None:
        cd = self.c.cards[ci]
        acts = by_card.get(ci, [])
        if ci in self.hidden:
            return
        lines = self.card_lines.get(ci, 0)
        self.card_boxes.append((len(T.registry.items), pygame.Rect(rect)))
        with T.registry.within(rect):
            if lines:
                L.draw_tile(surface, rect, cd, on, turned, centre=ci in self._centre_cards, rows=lines)
            else:  # a face: tapped is written on it (upright, so it stays readable)
                compact = ci in self.compact
                img, texts = self._card_image(cd, rect.w, rect.h, on, turned, kind_said, compact)
                if _face_key(cd, rect.w, rect.h, on, turned, kind_said) + (compact,) in self._cut_images:
                    self.cut_faces.add(ci)
                surface.blit(img, rect)
                for t, tr in texts:
                    T.registry.record(t, tr.move(rect.topleft))
        dst = rect
        pend = self.pending if isinstance(self.pending, tuple) else None
        hot = bool(acts)
        if pend is not None and len(pend) > 1 and pend[0] in CARD_KINDS and pend[1] == ci:
            pygame.draw.rect(surface, (255, 236, 150), dst.inflate(8, 8), 4, border_radius=10)
        elif self.selected == ci:
            pygame.draw.rect(surface, (255, 236, 150), dst.inflate(6, 6), 3, border_radius=10)
        elif hot:
            glow = 150 + int(80 * abs(((self.app.time if self.app else 0) * 1.5) % 2 - 1))
            pygame.draw.rect(surface, (glow, glow - 30, 60), dst.inflate(4, 4), 2, border_radius=8)
        if self._pending_highlights(ci):
            pygame.draw.rect(surface, (240, 120, 90), dst.inflate(6, 6), 2, border_radius=10)
        tip = L.card_tooltip(cd, on, turned, extra)
        if acts:
            tip += "\n\nClick to " + ("choose:\n" if len(acts) > 1 else "") + "\n".join(
                ("\u2022 " if len(acts) > 1 else "") + self.label(x) for x in acts[:6])
        tip += "\n\n" + ("Click (or right-click, V): the card in full." if ci in self.compact and not acts
                         else "Right-click (or V): the card in full.")
        self.tips[("card", ci)] = (dst, tip)
        self.spots.append(Spot(dst, tip, acts, ci))

    def _pending_highlights(self, ci: int) -> bool:
        """The attacker's card in a reaction prompt; the cards a pending power would tap besides its own."""
        pend = self.pending
        if self.my_turn and self.s.state.decision_name() == "defend":
            att = self.view().get("attack", {})
            return att.get("card") == self.c.cards[ci].id
        if not isinstance(pend, tuple) or not pend or pend[0] != K_POWER:
            return False
        pw = self.c.cards[pend[1]].powers[pend[2]]
        if not pw.turn_other or ci == pend[1]:
            return False
        cd = self.c.cards[ci]
        mine = {comp["card"] for comp in self.view()["players"][self.me()]["in_play"]}
        return (cd.dragon if pw.turn_other == "dragon" else cd.creature) and cd.id in mine

    def _draw_hand(self, surface: pygame.Surface, pl: dict, q: int, by_card: dict[int, list[tuple]],
                   private: bool) -> None:
        """The viewer's deck and hand along the foot of their area: whole faces while they fit side by side,
        else tiles with their costs (never one card over another)."""
        hr = self.anchors[("hand", q)]
        whose = "Your hand" if self.s.seats[q].human else f"Hand of {self.seat_name(q)}"
        T.draw_text(surface, whose, (hr.x, hr.y), "small", "text_dim")
        y = hr.y + 22
        deck = pygame.Rect(hr.x, y, 80, DECK_H)
        x0 = hr.x + 92
        if not private:
            for i in range(pl["hand_size"]):
                L.card_back(surface, pygame.Rect(x0 + i * 40, y, LY.FACE[0], hr.bottom - y))
            return
        L.card_back(surface, deck, f"Deck {pl['deck_size']}")
        top = pl.get("deck_top") or []
        known = f" You know the top: {', '.join(self.cname(t) for t in top)}." if top else ""
        self.tips[("deck", q)] = (deck, f"Your deck: {_count(pl['deck_size'], 'card')}." + known
                                        + (" In it: " + ", ".join(self.cname(t) for t in pl.get("deck_contents", []))
                                           if pl.get("deck_contents") else ""))
        hand = self._hand_cards(pl)
        if hand and not pl["hand"]:  # the draft: the cards kept so far
            T.draw_text(surface, "kept from the draft: your deck", (hr.x + 110, hr.y), "small", "text_dim")
        if self._hand_rects is not None:  # faces side by side (``_hand_faces``)
            rects, lines = self._hand_rects, 0
        else:  # a hand too long for faces: tiles with their costs
            rects, lines = LY.area_cards(len(hand), pygame.Rect(x0, y, hr.right - x0, hr.bottom - y), faces=False)
        for ci, rect in zip(hand, rects):
            self.anchors[("card", ci)] = rect
            self.card_lines[ci] = lines
            self._centre_cards.add(ci)  # a tile in the hand shows the cost, as a centre card does
            self._draw_card_at(surface, ci, rect, None, False, by_card)

    def _draw_centre(self, surface: pygame.Surface, v: dict, by_card: dict[int, list[tuple]],
                     blind: list[tuple]) -> None:
        a = self.anchors
        band = pygame.Rect(4, MID_Y, W - 8, MID_H)
        pygame.draw.rect(surface, (32, 30, 40), band, border_radius=12)
        labels = (("places_label", "Places of power"), ("monuments_label", "Monuments (4 Gold each)"),
                  ("items_label", "Magic items (take one as you pass)"))
        for key, text in labels:
            lr = a[(key,)]
            T.draw_text(surface, text, (lr.x, lr.y), "small", "text_dim")
        for hole in self.centre_holes:  # a card claimed or taken: a faint outline keeps its place
            pygame.draw.rect(surface, (62, 58, 74), hole, 1, border_radius=6)
        for cid in list(v["places_of_power"]) + list(v["monuments_face_up"]) + list(v["magic_items_free"]):
            ci = self.c.by_id[cid]
            self._centre_cards.add(ci)
            self._draw_card_at(surface, ci, a[("card", ci)], None, False, by_card)
        pile = a[("pile",)]
        n = v["monument_pile_size"]
        pygame.draw.rect(surface, (54, 42, 70) if n else (40, 36, 48), pile, border_radius=6)
        pygame.draw.rect(surface, (176, 140, 60) if n else (60, 56, 70), pile, 2, border_radius=6)
        T.draw_text(surface, f"Monument pile: {n}" if n else "Monument pile: empty", pile.center, 13,
                    (236, 224, 196), bold=True, anchor="center")
        top = v.get("monument_pile_top") or []
        tip = f"Monument pile: {_count(n, 'card')} face down."
        if top:
            tip += " You know the top: " + ", ".join(self.cname(t) for t in top) + "."
        if blind:
            tip += "\n\nClick: claim the top monument unseen (4 Gold)."
            glow = 150 + int(80 * abs(((self.app.time if self.app else 0) * 1.5) % 2 - 1))
            pygame.draw.rect(surface, (glow, glow - 30, 60), pile.inflate(4, 4), 2, border_radius=8)
        self.tips[("pile",)] = (pile, tip)
        self.spots.append(Spot(pile, tip, blind, -1, "pile"))
        sr = a[("supply",)]
        draw_panel(surface, sr, fill=(44, 40, 52), border="border", radius=10, shadow=False)
        T.draw_text(surface, "Supply", (sr.centerx, sr.y + 4), "small", "text_dim", anchor="midtop")
        for e in range(5):
            L.essence_icon(surface, (sr.x + 28 + (e % 2) * 48, sr.y + 38 + (e // 2) * 26), 11, e)
        self.tips[("supply",)] = (sr, "The essence supply: it never runs out.\nElan (red triangle, a flame), "
                                      "Life (green circle, a leaf), Calm (blue drop), Death (violet square), "
                                      "Gold (gold diamond). Grey pentagon: any essences.\n\nOn the cards: "
                                      "\u21bb each round (collect); a curved arrow: tap the card; \u25b6 then; "
                                      "a number in a gold circle: points; 'on card': onto this card."
                                      "\n\nThe box 'Signs on the cards' and the rules' first section (F1) "
                                      "say them too.")
        if ("legend",) in a:
            LG.draw(surface, a[("legend",)])
            self.tips[("legend",)] = (a[("legend",)], LG.TIP)

    def _draw_panel(self, surface: pygame.Surface, v: dict, private: bool) -> None:
        draw_panel(surface, PANEL, fill=(40, 38, 50), border="gold" if self.my_turn else "border", radius=10,
                   shadow=False)
        s = self.s
        if s.is_over():
            T.draw_text(surface, "The game is over.", (PANEL.x + 14, PANEL.y + 14), "large", "text", bold=True)
            return
        if not self.my_turn:
            p = s.to_move()
            T.draw_text(surface, f"{self.who(p)} is deciding", (PANEL.x + 14, PANEL.y + 14), "large", "text",
                        bold=True)
            if self._feed_top()[1] and not self.show_log:  # (the open log in their place)
                T.draw_wrapped(surface, WAIT_WORDS, pygame.Rect(PANEL.x + 14, PANEL.y + 60, PANEL.w - 28, 80),
                               "small", "text_dim")
            return
        if s.state.decision_name() == "defend":
            T.draw_text(surface, "You are attacked!", (PANEL.x + 14, PANEL.y + 8), "small", "bad", bold=True)
        else:
            T.draw_text(surface, "Your decision", (PANEL.x + 14, PANEL.y + 10), "small", (240, 206, 120), bold=True)
        T.draw_wrapped(surface, self.prompt, pygame.Rect(PANEL.x + 14, PANEL.y + 30, PANEL.w - 180 if
                                                         s.state.decision_name() == "action" else PANEL.w - 28, 44),
                       "small", "text")
        if s.state.decision_name() == "pay" and self.pay_vec is not None:
            pool = v["players"][s.to_move()]["essences"]
            x0, y = PANEL.x + 14, PANEL.y + 84
            for e in range(5):
                bx = x0 + e * 92
                L.essence_icon(surface, (bx + 14, y + 16), 11, e)
                T.draw_text(surface, str(self.pay_vec[e]), (bx + 32, y + 16), "large", "text", bold=True,
                            anchor="midleft")
                T.draw_text(surface, f"of {pool[e]}", (bx + 52, y + 18), "tiny", "text_dim", anchor="midleft")
        if self.collect_steps:
            T.draw_wrapped(surface, self._income_words(), pygame.Rect(PANEL.x + 14, PANEL.y + 54, PANEL.w - 28, 44),
                           "small", "text_dim")
            CO.draw_rows(surface, self.collect_steps, self.collect_rows,
                         [self.cname(step.card) if step.card >= 0 else "Your cards" for step in self.collect_steps])
        if s.state.decision_name() == "essence" and self.ess_plan is not None:
            x0, y = PANEL.x + 14, PANEL.y + 84
            allowed = [a[1] for a in s.state.legal_actions() if a[0] == K_ESS]
            for i, e in enumerate(allowed):
                bx = x0 + i * 92
                L.essence_icon(surface, (bx + 14, y + 16), 11, e)
                T.draw_text(surface, str(self.ess_plan[e]), (bx + 32, y + 16), "large", "text", bold=True,
                            anchor="midleft")
        if self.pending is not None:
            px, lines = self._preview_lines("Preview: " + self.pending_text, PANEL.w - 32)
            step = T.line_height(px) + 2
            box = self._preview_box()
            pygame.draw.rect(surface, (62, 56, 40), box, border_radius=8)
            for k, line in enumerate(lines):
                T.draw_text(surface, line, (box.x + 8, box.y + 4 + k * step), px, (246, 230, 180))
            pend = self.pending
            if pend[0] == K_POWER:
                pw = self.c.cards[pend[1]].powers[pend[2]]
                L.draw_glyphs(surface, box.x + 10, box.bottom - 24, [("txt", "Cost:")] + L.power_cost_glyphs(pw),
                              9, "tiny", (246, 230, 180), right=box.right - 260)
        elif s.state.decision_name() == "action" and self.selected < 0 and self._feed_top()[1] and not self.show_log:
            T.draw_wrapped(surface, GLOW_WORDS, pygame.Rect(PANEL.x + 14, PANEL.y + 84, PANEL.w - 28, 120), "small",
                           "text_dim")

    def _preview_box(self) -> pygame.Rect:
        """The box of the move in preview at the foot of the panel: beyond two lines it grows up into the room."""
        px, lines = self._preview_lines("Preview: " + self.pending_text, PANEL.w - 32)
        grown = max(0, len(lines) - 2) * (T.line_height(px) + 2)
        return pygame.Rect(PANEL.x + 8, PANEL.bottom - 100 - grown, PANEL.w - 16, 92 + grown)

    def _place_log(self, texts: int, cards: int) -> None:
        """The open log where it covers nothing a player needs and moves no card: in the decision panel's room,
        the tallest stretch of its height that nothing the panel shows is in (its words, controls and cards:
        the texts from the registry's ``texts``-th and the cards from ``card_boxes``'s ``cards``-th, drawn with
        the panel; the move in preview), the feed giving way (the log holds its lines); when that is shorter
        than ``LOG_LEAST`` (a crowded collect), in the hand's band right of the hand, when that is wide enough."""
        if not self.show_log:
            return
        used = [d.rect for d in T.registry.items[texts:] if PANEL.colliderect(d.rect)]
        used += [r for _, r in self.card_boxes[cards:] if PANEL.colliderect(r)]
        used += [b.rect for b in self.buttons if getattr(b, "visible", True) and PANEL.colliderect(b.rect)]
        used += self.collect_rows + ([self._preview_box()] if self.pending is not None else [])
        top, bottom = LY.tallest_gap([(r.y, r.bottom) for r in used], PANEL.y + 6, PANEL.bottom - 4, 8)
        rect = pygame.Rect(PANEL.x + 2, top, PANEL.w - 4, max(LOG_LEAST, bottom - top))
        hand, area = self.anchors.get(("hand", self.me())), self.anchors[("area", self.me())]
        if bottom - top < LOG_LEAST and hand is not None and area.right - 8 - (hand.right + 12) >= LOG_LEAST_W:
            rect = pygame.Rect(hand.right + 12, hand.y, area.right - 8 - (hand.right + 12), hand.h)
        if rect != self.log.rect:
            at_end, width = self.log.at_end(), self.log.rect.w
            self.log.rect = rect
            if rect.w != width:  # its lines wrapped again to the new width
                for entry in self.log.entries:
                    self.log._measure(entry)
            self.log.scroll = min(self.log.scroll, self.log.max_scroll())
            if at_end:
                self.log.scroll_to_end()

    @staticmethod
    def _preview_lines(text: str, width: int) -> tuple[int, list[str]]:
        """The move in preview, whole (play-test s6 p3 item 7: it was cut after two lines): in two lines at the
        panel's small size or a smaller one down to 13 px, else wrapped at 13 px over as many as it takes."""
        return T.whole_lines(text, width, "small", max_lines=2)

    def _draw_special(self, surface: pygame.Surface, v: dict, by_card: dict[int, list[tuple]]) -> None:
        """Cards offered by a decision that are on no table spot: mages to choose and a draft pack (where the
        viewer's cards in play will lie, empty before the game), peeked cards (in the decision panel)."""
        d = v.get("decision")
        if not self.my_turn:
            return
        pl = v["players"][self.me()]
        if d in ("mage", "draft"):
            ids = pl.get("mage_options", []) if d == "mage" else pl.get("draft_pack", [])
            area = self.anchors[("play", self.me())]
            cis = [self.c.by_id[cid] for cid in ids]
            r = self.anchors[("area", self.me())]
            room = pygame.Rect(area.x, area.y, area.w, r.bottom - 4 - area.y)  # down beside the hand's cards
            faces = LY.tallest_faces(lambda w: [self._face_need(ci, w) for ci in cis], room,
                                     self.anchors[("hand", self.me())], LY.MIN_FACE_H)
            rects, lines = (faces, 0) if faces is not None else LY.area_cards(len(ids), area, faces=True)
            for cid, rect in zip(ids, rects):
                ci = self.c.by_id[cid]
                self.card_lines[ci] = lines
                self._draw_card_at(surface, ci, rect, None, False, by_card)
            if d == "draft":
                self._panel_tiles(surface, "Your two mages (keep one after the draft):", pl.get("mage_options", []))
        elif d in ("match_pick", "first_player"):  # the pool covers the viewer's area: their mage stays in view
            mage = [cp["card"] for cp in pl["in_play"] if self.c.card(cp["card"]).kind == "mage"]
            self._panel_tiles(surface, "Your mage:", mage)
        elif d == "order":
            self._draw_order(surface, v)

    def _panel_tiles(self, surface: pygame.Surface, title: str, mages: list[str]) -> None:
        """Cards to keep in view at the foot of the decision panel (the mages dealt while drafting, one's
        mage while the match pool covers one's area), as tiles with their first ability."""
        if not mages:
            return
        th = L.tile_height(2)
        y = PANEL.y + 108  # under the prompt: the panel's foot is the move feed's and Undo's
        below = [b.rect.bottom for b in self.buttons if b.visible and PANEL.contains(b.rect)]
        y = max([y] + [bottom + 34 for bottom in below])  # and under the decision's buttons (who goes first)
        T.draw_text(surface, title, (PANEL.x + 14, y - 24), "small", "text_dim")
        w = (PANEL.w - 28 - 8) // 2
        for i, cid in enumerate(mages):
            ci = self.c.by_id[cid]
            self.card_lines[ci] = 2
            self._centre_cards.add(ci)  # the tile shows the mage's first ability
            self._draw_card_at(surface, ci, pygame.Rect(PANEL.x + 14 + i * (w + 8), y, w, th), None, False, {})

    def _order_slots(self, n: int) -> list[pygame.Rect]:
        """The slots the peeked cards lie in, side by side in the decision panel under its prompt, top first."""
        cw, ch = LY.FACE
        return [pygame.Rect(PANEL.x + 14 + k * (cw + 8), PANEL.y + 84, cw, ch) for k in range(n)]

    def _order_rects(self, v: dict) -> list[tuple[int, pygame.Rect]]:
        """Each peeked card (in the order it was peeked) and the slot it lies in now."""
        ids = v.get("peek", [])
        self.reorder.ensure(len(ids))
        slots = self._order_slots(len(ids))
        out = []
        for i, cid in enumerate(ids):
            ci = self.c.by_id[cid]
            self.card_lines[ci] = 0
            out.append((ci, slots[self.reorder.slot_of(i)]))
        return out

    def _order_action(self, perm: list[int]) -> tuple | None:
        n = len(perm)
        return next((a for a in self.s.state.legal_actions() if a[0] == K_ORDER and PERMS[n][a[1]] == tuple(perm)),
                    None)

    def _order_controls(self) -> None:
        """"Look at 3": the prompt, and a button that puts the cards back as they lie."""
        n = len(self.view().get("peek", []))
        self.reorder.ensure(n)
        self.prompt = "Drag the cards into order (the top card at the left), then Put back; or click them in order."
        a = self._order_action(self.reorder.arrangement)
        if a is not None and self.pending is None:
            slots = self._order_slots(n)
            y = slots[0].bottom + 30 if slots else PANEL.y + 300
            self.buttons.append(Button("Put back in this order", (PANEL.x + 14, y, 300, 38),
                                       lambda: self.submit(a), style="primary", shortcut=pygame.K_RETURN,
                                       tooltip="Put the cards back as they lie now, the left one on top (Enter)"))

    def _draw_order(self, surface: pygame.Surface, v: dict) -> None:
        """The peeked cards in their slots (the one held outlined), each with where it goes."""
        picks = self.reorder.picks
        for i, (ci, rect) in enumerate(self._order_rects(v)):
            self._draw_card_at(surface, ci, rect, None, False, {})
            if i == self.reorder.dragging:
                pygame.draw.rect(surface, (255, 236, 150), rect.inflate(8, 8), 3, border_radius=10)
            slot = self.reorder.slot_of(i)
            if picks:
                words = "goes " + ("on top", "second", "third", "fourth")[picks.index(i)] if i in picks else \
                    "click to place"
            else:
                words = SLOT_WORDS[slot] if slot < len(SLOT_WORDS) else ""
            T.draw_text(surface, words, (rect.centerx, rect.bottom + 4), "small",
                        (240, 206, 120) if i in picks or not picks else "text_dim", bold=i in picks, anchor="midtop")
            self.spots.append(Spot(rect, "Drag the cards into order, or click them in order, the top card first.",
                                   [], ci, f"order:{i}"))

    def _order_click(self, i: int) -> None:
        """A peeked card clicked: it goes next from the top; with every card placed the order is previewed."""
        if self.reorder.click(i):
            a = self._order_action(self.reorder.arrangement)
            if a is not None:
                self.choose(a, self.label(a))
                return
        self.pending = None
        self.rebuild()

    def _pool_layout(self, a: dict, v: dict) -> None:
        """A match's face-up artifacts in two rows of eight, closed up as cards are taken (each card in the
        next slot, in the order dealt), as tall as the room above the rows of what each player has taken
        (at the pool's foot) allows: at sixteen cards every face is whole (``pool_slots``)."""
        dealt = list(self.s.setup.get("match", {}).get("pool") or []) if self.s.setup else []
        left = set(v["pool"])
        cards = [c for c in dealt if c in self.c.by_id and c in left] or list(v["pool"])
        self._pool_rows = self._chip_rows(a, v)
        chips_top = self._pool_rows[0][0].y if self._pool_rows else POOL.bottom
        room = pygame.Rect(POOL.x, POOL.y + 30, POOL.w, chips_top - 3 - (POOL.y + 30))
        for cid, rect in zip(cards, pool_slots(len(cards), room)):
            a[("card", self.c.by_id[cid])] = rect

    def _chip_rows(self, a: dict, v: dict) -> list[tuple[pygame.Rect, int]]:
        """At the pool's foot, a row per player (the viewer first) of the cards each has taken: the row's label
        at the left, then a chip per card with its name whole (``chips.chip_row``). Returns each row's label
        rectangle and its chips' text size; the chips' lines go in ``self.chip_lines``."""
        labels = [self._pool_label(q, 8) for q in (self.me(), 1 - self.me())]
        label_w = min(LABEL_MAX_W, max(T.text_size(t, "small", bold=True)[0] for t in labels))
        x0 = POOL.x + 16 + label_w + 12
        taken = (v.get("match") or {}).get("artifacts") or [[], []]
        self.chip_lines: dict[int, tuple[str, ...]] = {}
        planned = []
        for label, q in zip(labels, (self.me(), 1 - self.me())):
            px, chips = CH.chip_row([self.cname(cid) for cid in taken[q]], POOL.right - 12 - x0)
            label_px, label_lines = T.whole_lines(label, label_w, "small", bold=True)
            h = max(CH.chip_height(chips, px), T.line_height(label_px, bold=True) * len(label_lines) + 4)
            planned.append((q, px, chips, h))
        rows, y = [], POOL.bottom - 4 - sum(h + 2 for *_, h in planned) + 2
        for q, px, chips, h in planned:
            x = x0
            for cid, chip in zip(taken[q], chips):
                ci = self.c.by_id[cid]
                a[("chip", ci)] = pygame.Rect(x, y, chip.width, h)
                self.chip_lines[ci] = chip.lines
                x += chip.width + CH.CHIP_GAP
            rows.append((pygame.Rect(POOL.x + 16, y, label_w, h), px))
            y += h + 2
        return rows

    def _pool_label(self, q: int, n: int) -> str:
        return f"You have ({n}):" if self.who(q) == "You" else f"{self.who(q)} has ({n}):"

    def _draw_pool(self, surface: pygame.Surface, v: dict, by_card: dict[int, list[tuple]]) -> None:
        a = self.anchors
        draw_panel(surface, POOL, fill=(46, 40, 58), border="gold", radius=12, shadow=False)
        left = v["pool"]
        p = self.s.to_move()
        takes = v.get("picks_left", 1)
        if self.s.state.decision_name() == "first_player":
            title = "Game 1's sixteen artifacts, face up"
        elif self.my_turn:
            title = f"Your turn: take {takes} artifact{'s' if takes != 1 else ''}, one at a time"
        else:
            title = f"{self.who(p)} takes {takes} artifact{'s' if takes != 1 else ''}"
        T.draw_text(surface, title, (POOL.x + 16, POOL.y + 4), "body", (240, 206, 120), bold=True)
        note = f"{len(left)} left \u00b7 the first player takes 1, then 2 each in turn, and the last card"
        T.draw_text(surface, note, (POOL.right - 16, POOL.y + 8), "small", "text_dim", anchor="topright")
        for cid in left:
            ci = self.c.by_id[cid]
            rect = a.get(("card", ci))
            if rect is not None:  # every card here an artifact, as the title says
                self._draw_card_at(surface, ci, rect, None, False, by_card, kind_said=True)
        picked = (v.get("match") or {}).get("artifacts") or [[], []]
        for (label_rect, px), q in zip(self._pool_rows, (self.me(), 1 - self.me())):
            T.draw_whole(surface, self._pool_label(q, len(picked[q])), label_rect, "small", "text", bold=True,
                         align="left")
            for cid in picked[q]:
                ci = self.c.by_id[cid]
                r = a.get(("chip", ci))
                if r is None:
                    continue
                pygame.draw.rect(surface, (150, 104, 60), r, border_radius=6)
                with T.registry.within(r):
                    CH.draw_chip_text(surface, self.chip_lines[ci], r, px)
                self.tips[("chip", ci)] = (r, L.card_tooltip(self.c.cards[ci]))

    def _draw_pile(self, surface: pygame.Surface, v: dict) -> None:
        """A seat's discard pile, face up over the table (it is open to all), the last discarded first."""
        q = self.pile_seat
        cards = list(reversed(v["players"][q]["discard"])) if q < len(v["players"]) else []
        if not cards:
            self.pile_seat = -1
            return
        shade = pygame.Surface((W, H), pygame.SRCALPHA)
        shade.fill((10, 8, 14, 170))
        surface.blit(shade, (0, 0))
        n = len(cards)
        per_row, (cw, ch), gap = _pile_grid(n)
        rows = (n + per_row - 1) // per_row
        width = min(n, per_row) * (cw + gap) - gap
        title = f"Discard pile of {self.who(q)} \u00b7 {n} card{'s' if n != 1 else ''}, open to all"
        foot = "The last one discarded first. Click anywhere or press a key to close."
        inner = max(width, T.text_size(title, "large", bold=True)[0], T.text_size(foot, "small")[0])
        box = pygame.Rect(0, 0, inner + 64, rows * (ch + gap) - gap + 110)
        box.center = (W // 2, H // 2)
        draw_panel(surface, box, fill=(50, 44, 62), border="gold", radius=14)
        T.draw_text(surface, title, (box.centerx, box.y + 14), "large", (240, 206, 120), bold=True, anchor="midtop")
        x0 = box.centerx - width // 2
        for i, cid in enumerate(cards):
            ci = self.c.by_id[cid]
            rect = pygame.Rect(x0 + (i % per_row) * (cw + gap), box.y + 56 + (i // per_row) * (ch + gap), cw, ch)
            img, texts = self._card_image(self.c.cards[ci], cw, ch, None)
            surface.blit(img, rect)
            with T.registry.within(rect):
                for t, tr in texts:  # the face's words, where they show
                    T.registry.record(t, tr.move(rect.topleft))
            self.tips[("discard_pile", ci)] = (rect, L.card_tooltip(self.c.cards[ci])
                                               + "\n\nRight-click (or V): the card in full.")
        T.draw_text(surface, foot, (box.centerx, box.bottom - 14), "small", "text_dim", anchor="midbottom")

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        """A passing message (a victory check, a rival's pick) in the top bar, in place of its status."""
        box = pygame.Rect(self.banner_rect.x, BANNER.y, self.banner_rect.w, BANNER.h)
        px, lines = T.whole_lines(text, box.w - 16, "body", bold=True)
        box.h = max(BANNER.h, T.line_height(px, True) * len(lines) + 12)  # taller, never cut, when it wraps
        self.banner_rect = box
        draw_panel(surface, box, fill=(62, 52, 30), border="gold", radius=10, shadow=False)
        inner = box.inflate(-16, -8)  # clear of the gold border
        with T.registry.within(inner):
            T.draw_whole(surface, text, inner, "body", (250, 230, 170), bold=True)
