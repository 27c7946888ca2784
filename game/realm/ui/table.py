"""Drawing the table from one seat's view: regions, tracks, monuments, rewards, boards, hand.

The renderer is presentation only: it reads a ``view`` dict (``State.view``)
and returns the hotspots it drew, so a scene can map clicks and hovers to
choices. Nothing here changes the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.shell.feed import MoveFeed
from game.shell.text import draw_whole, draw_wrapped, line_height, text_size, wrap

from ..engine.constants import BAG
from ..engine.content import CARD_RECKONING, Content
from . import look as L
from .icons import draw_icon, icon_name
from .words import ARTIFACT_POWERS as _ARTIFACT_TIPS
from .words import a_or_an, artifacts_tip, built_rule, built_title, card_name, row_words, space_rule, space_title

SIDE_WORDS = ("top", "bottom")

W, H = 1600, 900
REGION_RECTS = {
    3: pygame.Rect(16, 52, 488, 116),   # Colossal's Marsh (north)
    4: pygame.Rect(512, 52, 488, 116),  # Weeping Cliffs (north)
    0: pygame.Rect(16, 176, 320, 116),  # Fragmented Forest (south)
    1: pygame.Rect(344, 176, 320, 116),  # Stone Gardens
    2: pygame.Rect(672, 176, 328, 116),  # Shattered Ward
}
# every word on the table is at least 13 px (issue 22): the tracks carry their own monument spaces, the
# reward card has room for two-line rows, the other twelve spaces sit in two rows of six
# (the tracks 60 px wider than they were, from the reward cards' room, for larger markers and a monument line
# that says what the other seats score: play-test t1 items 2 and 3)
TRACKS_RECT = pygame.Rect(16, 300, 530, 193)
REWARDS_RECT = pygame.Rect(554, 300, 446, 193)
# the monument spaces but the tracks', each tile 51 px: three lines of 13 px (a built one's name, rule, then who
# built it and who scores) under a margin of TILE_TOP (play-test s7 item 2: the name sat on the tile's top edge),
# 3 px from the tracks and 2 px from the hand (play-test s6 item 9: the rule had gone)
SPACES_RECT = pygame.Rect(16, 496, 984, 106)
# a tile's first line below its top edge, and a line's step: three 16 px lines of 13 px text 14 px apart end
# inside the TILE_FRAME px frame a choosable or chosen tile gets (play-test g1: at 16 px apart the third line,
# Coin Purses' "fewest \u22125", ran into the tile's bottom edge and under its frame)
TILE_TOP, TILE_LINE, TILE_FRAME = 3, 14, 3
TEXT_H = 16  # a line of 13 px text is drawn 16 px high (its font's line size)
HAND_RECT = pygame.Rect(16, 604, 984, 288)
BOARDS_RECT = pygame.Rect(1010, 52, 574, 830)  # under it, the line of keys (KEYS_RECT in table_scene)
CARD_W, CARD_H = 118, 172
RESOURCE_WORDS = ("coins", "mercs", "reserve")  # beside the numbers on a board: coins, mercenaries, acolytes
HALF_H, CARD_ICON = 40, 20  # a card half: its name, then its icons at 20 logical px (16 px at 1280x720)
SUPPLY_RECT = pygame.Rect(HAND_RECT.right - 448, HAND_RECT.bottom - 36, 440, 30)  # one row: the feed goes above
MERC_X, MERC_Y, MERC_ROW = HAND_RECT.x + 12, HAND_RECT.y + 30 + CARD_H + 7, 19  # the mercenaries' rows, under the cards
MERC_LABEL = "Mercenaries"
MERC_RIGHT = 574  # their rows above the supply's end here, left of the option and bid panels (x 580 on)
LEGEND_RECT = pygame.Rect(HAND_RECT.right - 244, HAND_RECT.y + 8, 236, 140)  # right of a full hand
SMALLEST = 13  # no word a player must read is drawn smaller
PROMPT_X = 440  # where the header's box for a move in preview starts (PREVIEW_RECT in table_scene)
DIRECTION_X = 250  # which way hands pass, between the age and round and that box
PROMPT_CENTRE_X = W // 2 + 100  # the prompt is centred here when it fits...
PROMPT_RIGHT = 1190  # ...and always ends before the shell's Hint button (TableBase.hint_rect; a test checks)





TRACK_CELL = 26  # an influence track's step: nine of them leave the track monument room for five seats' points
WILD_LABEL = "Wild: its pillar"  # the legend's words for the wild icon (any one icon of the pillar it is under)
STACK_MIN_W = 16  # a tight stack of tucked cards narrows to this, at the least, beside its icon totals
STRIP_MAX = 24  # a tucked half at its tallest: its icons at STACK_ICON and its short name fit (19 px at 1280x720)
STACK_ICON = 18  # an icon on a tight stack's label: 14 px at 1280x720, the least any icon is drawn at there
THINKING_ROOM = 140  # a board's second line ends this far from its right edge: a thinking bar goes there
LAST_ROUND_CHIP = (62, 64, 70)  # the chip of a card revealed last round, while the next are chosen: grey
ACOLYTE_COUNT_WIDTH = 32  # the room beside a region's disc for its acolyte count


def acolyte_count(k: int) -> tuple[str, int]:
    """A region's acolyte count as drawn beside the disc, and its size: "×k" at every count (play-test 2:
    "Ve 10" beside "Wa ×9"), a size smaller from two digits so it stays whole in its room."""
    return f"\u00d7{k}", 15 if k < 10 else 13


def reckoning_tag(who: str, final: bool, letter: str, width: int) -> str:
    """Whose reckoning a region holds, in ``width`` pixels: "your reckoning now", "Reckoning now, run by The
    Watchers (normal)" (play-test 2: not "The Watchers (normal)'s"), or by the seat's mark where the name is long."""
    kind = "final reckoning" if final else "reckoning"
    if who == "You":
        return f"your {kind} now"
    tag = f"{kind.capitalize()} now, run by {who}" if who else f"{kind.capitalize()} now"
    return tag if text_size(tag, 13, bold=True)[0] <= width else f"{kind.capitalize()} now: {letter}"


def unheld_badge_colours(rgb: tuple) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """A pillar badge standing for none held: its chip dimmed, its letter the pillar's colour lightened,
    as (chip, letter)."""
    return L.shade(rgb, 0.35), L.shade(rgb, 1.6)


CHIP_H, CHIP_PAD, CHIP_GAP = 18, 3, 5  # a points chip: its height, the room each side of its words, the gap
CHIP_INK = (12, 10, 8)  # the words on a points chip: 4.5:1 or more on every seat's colour (a test checks)


def nobody_scores(width: int) -> str:
    """A built monument's scorers' line when no seat scores from it now, in words that fit ``width`` (a lone dash
    told a new player nothing: play-test s9)."""
    for words in ("nobody scores yet", "no scorer yet", "none yet"):
        if text_size(words, SMALLEST)[0] <= width:
            return words
    return "none"


def chip_words(mark: str, points: int) -> str:
    """A points chip's words: the seat's mark and its points ("Ar 15", "Gu \u22126")."""
    return f"{mark} {points}".replace("-", "\u2212")


def rest_words(rest: list[str], values: list[int] | None = None, everyone: bool = False) -> tuple[str, ...]:
    """The seats that score from a monument but whose chips do not fit (``rest``: their chip words, "Gu \u22122"),
    in words that say what they score, longest first: all of them ("Gu \u22122, Wa \u22122"); where they score
    alike, how many and what ("2 others \u22122 each", "2 others \u22122", and where every other seat scores it,
    "rest \u22122"); else how many ("2 more score", "2 others score"). Never a bare "+2", which read as points
    (play-test t1: "Re 3, +2" where the two others scored \u22122; s8 item 2: "2 more" said nothing of what)."""
    k = len(rest)
    if not k:
        return ("",)
    words = [", ".join(rest)]
    if values and len(set(values)) == 1 and k > 1:
        v = chip_words("", values[0]).strip()
        words += [f"{k} others {v} each", f"{k} others {v}"] + ([f"rest {v}"] if everyone else [])
    return (*words, f"{k} more score{'s' if k == 1 else ''}", f"{k} other{'s' if k > 1 else ''} score"
            f"{'s' if k == 1 else ''}")


def points_chip_plan(marks: list[str], pts: list[int], width: int) -> tuple[list[tuple[int, int]], str]:
    """Which seats' points chips fit in ``width`` px, and the words for the rest: the seats that score (not 0),
    most points first (a tie in seat order), as many as fit with room after them for the rest in words that say
    what they score (``rest_words``); every seat alike: no chip, "all \u22122". Where not one chip fits beside the
    rest's words, the points in plain words, which are narrower ("Wa 12, Ve 8", "Re 3; 2 others \u22122"),
    at the least the top scorer's and how many others score ("Wa 12; 2 others"; play-test s7 item 1: a tile read
    "by Wa | 2 more" with no points shown; t1: "Re 3, +2" read as points). Returns ([(seat, chip width)], the
    rest's words)."""
    if len(set(pts)) == 1 and pts[0] and len(pts) > 1:
        return [], f"all {pts[0]}".replace("-", "−")
    scoring = sorted((p for p, v in enumerate(pts) if v), key=lambda p: (-pts[p], p))
    if not scoring:
        return [], ""
    each = [chip_words(marks[p], pts[p]) for p in scoring]
    values = [pts[p] for p in scoring]
    everyone = len(scoring) == len(pts)
    widths = [text_size(words, SMALLEST, bold=True)[0] + 2 * CHIP_PAD for words in each]
    for count in range(len(scoring), 0, -1):  # as many chips as fit, with the plainer words where they fit
        for words in rest_words(each[count:], values[count:], everyone):
            if sum(w + CHIP_GAP for w in widths[:count]) + text_size(words, SMALLEST)[0] <= width:
                return list(zip(scoring[:count], widths[:count])), words
    return [], points_words(each, width, values, everyone)


def points_words(each: list[str], width: int, values: list[int] | None = None, everyone: bool = False) -> str:
    """Seats' points in plain words in ``width`` px: all of them ("Wa 12, Ve 8"), else the first few and what the
    others score ("Re 3; 2 others \u22122", "Wa 12; 2 more score"; ``rest_words``), at the least the first and how
    many others score ("Wa 12; 2 others"; the tile's tooltip names every seat's points)."""
    values = values or []
    for count in range(len(each), 0, -1):
        for rest in rest_words(each[count:], values[count:], everyone):
            words = "; ".join([", ".join(each[:count])] + ([rest] if rest else []))
            if text_size(words, SMALLEST)[0] <= width:
                return words
    # the narrowest: the top scorer and a count of the others, not the top scorer's alone, which would read as
    # the only one (s8), nor "+2", which read as points (t1)
    k = len(each) - 1
    for counted in (f"{each[0]}; {k} other{'s' if k > 1 else ''}", f"{each[0]}; {k} more"):
        if k and text_size(counted, SMALLEST)[0] <= width:
            return counted
    return each[0]


def pass_target(view: dict[str, Any], p: int) -> int | None:
    """The seat ``p``'s hand goes to at a round's end this age, from the public seating (seats in board
    order, clockwise; rulebook: clockwise in ages 1 and 3, counter-clockwise in age 2); None at 2 players, where
    the table's hand sits between."""
    n = view["players"]
    if n < 3:
        return None
    return (p + (1 if view["direction"] == "clockwise" else -1)) % n


def pass_lines(arrow: str, to: str, width: int) -> list[str]:
    """The header's two lines on passing, naming whom the viewer's hand goes to, each in ``width`` px at 13 px:
    "hands pass ↻ clockwise" over "your hand goes to The Archivists", shorter where that does not fit."""
    for first, second in ((f"hands pass {arrow}", f"your hand goes to {to}"), (f"hands pass {arrow}", f"yours to {to}"),
                          (f"hands {arrow}", f"your hand to {to}"), (f"hands {arrow}", f"yours to {to}"),
                          (arrow, f"yours to {to}"),
                          (f"{arrow[0]} your hand to", to)):
        if max(text_size(first, SMALLEST)[0], text_size(second, SMALLEST)[0]) <= width:
            return [first, second]
    return [f"{arrow[0]} your hand to", to]


def rule_for_players(text: str, players: int) -> str:
    """A rule's words for a game of ``players``: a note for one player count ("(2 players: the opponent is both
    neighbours)") kept, without its count, only in a game of that count (play-test s7 item 5: a 3-player game's
    Spirits tip told the 2-player rule)."""
    def note(m: re.Match[str]) -> str:
        return f" ({m.group(2)})" if int(m.group(1)) == players else ""
    return re.sub(r" ?\((\d) players?: ([^)]*)\)", note, text)


def track_marker_spots(space: pygame.Rect, count: int,
                       room: pygame.Rect | None = None) -> list[tuple[tuple[int, int], int]]:
    """Where ``count`` markers sharing one track space go, as (centre, radius), each with a 1 px ring: the
    largest radius (at most 8) at which a grid of them fits ``room`` (default the space; the table passes the
    space widened into the empty halves of its neighbours), rows overlapping by at most 2 px, the group as
    near the space's centre as the room allows and each centre on the space (play-test gB: three at 0 were
    tiny dots on each other)."""
    room = room or space
    for radius in range(8, 2, -1):
        d = 2 * radius + 2  # a marker's rect, its ring included
        for rows in range(1, count + 1):
            cols = -(-count // rows)
            pitch = d if rows == 1 else min(d, (room.h - d) // (rows - 1))
            if cols * d <= room.w and pitch >= d - 2 and d + (rows - 1) * pitch <= room.h:
                spots = _marker_grid(space, room, count, cols, rows, radius, pitch)
                if all(space.x <= x < space.right for (x, _y), _r in spots):  # each centre on its space
                    return spots
    return _marker_grid(space, room, count, count, 1, 2, 6)


def _marker_grid(space: pygame.Rect, room: pygame.Rect, count: int, cols: int, rows: int, radius: int,
                 pitch: int) -> list[tuple[tuple[int, int], int]]:
    """``count`` markers of ``radius`` in ``rows`` of ``cols`` (the last row centred), ``pitch`` apart down,
    the whole centred on ``space`` and moved inside ``room``."""
    d = 2 * radius + 2
    box = pygame.Rect(0, 0, cols * d, d + (rows - 1) * pitch)
    box.center = space.center
    box.clamp_ip(room)
    out = []
    for k in range(count):
        row, col = divmod(k, cols)
        in_row = min(cols, count - row * cols)
        x = box.x + (cols - in_row) * d // 2 + col * d + d // 2
        out.append(((x, box.y + row * pitch + d // 2), radius))
    return out


def marker_room(space: pygame.Rect, value: int, taken: set[int]) -> pygame.Rect:
    """Where markers on track space ``value`` may go: the space and the nearer half of each neighbouring
    space that no marker holds (never left of space 0, where the pillar's name is, nor right of space 8)."""
    left = TRACK_CELL // 2 if value > 0 and value - 1 not in taken else 0
    right = TRACK_CELL // 2 if value < 8 and value + 1 not in taken else 0
    return pygame.Rect(space.x - left, space.y, space.w + left + right, space.h)


def wild_words(c: Any, pillar: int, k: int) -> str:
    """Wild icons tucked under ``pillar`` in the icon totals' words: which icons they count as (any one
    of that pillar's, the best for each monument: rulebook, Monument Scoring; docs/rules-decisions.md)."""
    mine = [c.icon_names[i] for i, pl in enumerate(c.icon_pillar) if pl == pillar]
    if len(mine) == 1:
        return f"{c.pillar_names[pillar]} wild {k} (each counts as one {mine[0]})"
    which = " or ".join([", ".join(mine[:-1]), mine[-1]])
    return f"{c.pillar_names[pillar]} wild {k} (each counts as one {which}, whichever scores best)"

class PocketFeed(MoveFeed):
    """The move feed for a narrow place (the table's pocket under the icon legend): its lines at the shell's
    size while the newest fits the place whole, a size smaller when not (the shell's feed draws a line whole
    or not at all, so a long payment line showed nothing)."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        newest = self.lines[-1].text if self.lines else ""
        rows = len(wrap(newest, rect.width - 20, MoveFeed.SIZE))
        self.SIZE = MoveFeed.SIZE if rows * line_height(MoveFeed.SIZE) + 8 <= rect.h else "tiny"
        super().draw(surface, rect)


TABLE_HAND_H = 132  # the 2-player game's table hand, under the second board


def board_rect(n: int, p: int) -> pygame.Rect:
    """Where seat ``p``'s board is drawn at ``n`` players: the boards share the column's whole height (at 2
    players, with the table hand under them), so the tucked stacks get all the room there is (play-test g1: at 3
    players boards of 200 px left 214 px empty under them while their stacks were thin strips)."""
    gap = 8
    room = BOARDS_RECT.h - (TABLE_HAND_H + gap if n == 2 else 0)
    bh = (room - gap * (n - 1)) // n
    return pygame.Rect(BOARDS_RECT.x, BOARDS_RECT.y + p * (bh + gap), BOARDS_RECT.w, bh)


@dataclass
class Hotspot:
    rect: pygame.Rect
    kind: str
    value: Any
    tip: str = ""
    actions: tuple[tuple, ...] = ()  # the legal actions a click here stands for (set from the hints)


@dataclass
class UIHints:
    """What the scene wants emphasised."""

    prompt: str = ""
    choosable: set[tuple[str, Any]] = field(default_factory=set)
    chosen: set[tuple[str, Any]] = field(default_factory=set)
    hidden_hand: bool = False  # pass-and-play curtain: draw no private information
    seat_names: list[str] = field(default_factory=list)
    thinking: dict[int, float] = field(default_factory=dict)  # seat -> progress of a bot's decision
    actions: dict[tuple[str, Any], tuple[tuple, ...]] = field(default_factory=dict)  # (kind, value) -> legal actions
    monument_points: dict[int, list[int]] = field(default_factory=dict)  # built space -> each seat's points now
    # free space -> (option name or "", each seat's points) were it built now: the score before it is placed
    free_points: dict[int, list[tuple[str, list[int]]]] = field(default_factory=dict)
    reveal_order: list[int] = field(default_factory=list)  # the seats in the order the revealed cards resolve
    last_revealed: list[str | None] = field(default_factory=list)  # last round's cards, while the next are chosen
    reckoning_claims: list[tuple[int, int, int]] = field(default_factory=list)  # this reckoning's (seat, from, colour)
    pass_to: int | None = None  # the hand the viewer's hand goes to at the round's end (a seat; n: the table's)


def played_first(hand: list[str], view: dict[str, Any]) -> list[str]:
    """The hand as drawn in a reckoning: the card the seat played this round first, in the one slot the bid
    and option panels leave in view (play-test: bidding showed the hand's first card, not the one played)."""
    sel = view["selected"]
    if view["reckoning"] is None or sel not in hand:
        return hand
    return [sel, *(cid for cid in hand if cid != sel)]


class TableRenderer:
    def __init__(self, content: Content) -> None:
        self.c = content
        self.card_by_id = {cd.id: cd for cd in content.cards}
        self.merc_by_id = {m.id: m for m in content.mercenaries}
        self.reward_by_id = {r.id: r for r in content.rewards}
        # where each thing was last drawn, for animations: ("coins", p), ("reserve", p), ("mercs", p),
        # ("warden", p, colour), ("region", r, p), ("supply", "coins"), ("supply", "warden", colour),
        # ("supply", "mercs")
        self.anchors: dict[tuple, tuple[int, int]] = {}
        self.track_marks: dict[tuple[int, int], tuple[tuple[int, int], int]] = {}  # (seat, pillar) -> centre, radius
        self.name_rects: dict[int, pygame.Rect] = {}  # seat -> its board's disc and name (tips stay off them)
        # the hand's cards in the order last drawn: a played card keeps its slot until the next hand comes
        # (play-test: it jumped to the right end at the reveal and the cards under the mouse shifted)
        self.hand_order: list[str] = []

    # ----------------------------------------------------------- helpers
    def pillar_rgb(self, pl: int) -> tuple[int, int, int]:
        return self.c.pillar_rgb[pl]

    def faction_rgb(self, view: dict[str, Any], p: int) -> tuple[int, int, int]:
        return L.FACTION_RGB.get(view["factions"][p], (200, 200, 200))

    def faction_letter(self, view: dict[str, Any], p: int) -> str:
        return L.FACTION_LETTER.get(view["factions"][p], "?")

    def seat_name(self, view: dict[str, Any], hints: UIHints, p: int) -> str:
        if hints.seat_names and p < len(hints.seat_names):
            return hints.seat_names[p]
        return self.c.factions[self.c.faction_index(view["factions"][p])].name

    def ordered_hand(self, hand: list[str], selected: str | None) -> list[str]:
        """The hand as drawn: the cards still there (and the one played, ``selected``) in the order they were
        last drawn, new cards after them in the view's order."""
        cards = [*hand, selected] if selected else list(hand)
        kept = [cid for cid in self.hand_order if cid in cards]
        order = kept + [cid for cid in cards if cid not in kept]
        self.hand_order = order
        return order

    # -------------------------------------------------------------- draw
    def draw(self, surf: pygame.Surface, view: dict[str, Any], hints: UIHints) -> list[Hotspot]:
        hs: list[Hotspot] = []
        self.anchors = {}
        self.name_rects = {}
        self.track_marks = {}
        surf.fill(L.BG)
        with L.box((0, 0, W, 44)):
            self._header(surf, view, hints, hs)
        self._regions(surf, view, hints, hs)
        with L.box(TRACKS_RECT):
            self._tracks(surf, view, hints, hs)
        with L.box(REWARDS_RECT):
            self._rewards(surf, view, hints, hs)
        with L.box(SPACES_RECT):
            self._spaces(surf, view, hints, hs)
        with L.box(BOARDS_RECT):
            self._boards(surf, view, hints, hs)
        with L.box(HAND_RECT):
            self._hand(surf, view, hints, hs)
        for h in hs:
            h.actions = hints.actions.get((h.kind, h.value), ())
        return hs

    def _header(self, surf: pygame.Surface, view: dict[str, Any], hints: UIHints, hs: list[Hotspot]) -> None:
        pygame.draw.rect(surf, L.BG_PANEL, (0, 0, W, 44))
        age = view["age"]
        arrow = "\u21bb clockwise" if view["direction"] == "clockwise" else "\u21ba counter-clockwise"
        L.text(surf, f"Age {age}  \u00b7  Round {view['round']}", (16, 10), 20, L.GOLD, serif=True)
        words = f"hands pass {arrow}"  # where the whole would reach the preview box: "hands pass" over the arrow
        # and its word, at 13 px (play-test s6 item 18: "counter-clockwise" alone did not say what turns)
        lines = [words] if text_size(words, 14)[0] <= PROMPT_X - 8 - DIRECTION_X else ["hands pass", arrow]
        tip = f"This age, hands pass {arrow[2:]}."
        if hints.pass_to is not None:  # whom the viewer's hand goes to (play-test t1: a planned card was lost)
            to = self.pass_name(view, hints.pass_to)
            lines = pass_lines(arrow, to, PROMPT_X - 8 - DIRECTION_X)
            tip += (f" After this pick your hand goes to {to}; the hand you get comes the other way. The direction"
                    " is clockwise in ages 1 and 3, counter-clockwise in age 2.")
        size = 14 if len(lines) == 1 else SMALLEST
        for k, line in enumerate(lines):
            L.text(surf, line, (DIRECTION_X, 14 if len(lines) == 1 else 6 + 16 * k), size,
                   L.TEXT if k and hints.pass_to is not None else L.TEXT_DIM)
        width = max(text_size(line, size)[0] for line in lines)
        hs.append(Hotspot(pygame.Rect(DIRECTION_X, 6, width, 34), "direction", view["direction"], tip))
        if hints.prompt:
            self._prompt(surf, hints.prompt, DIRECTION_X + width + 16)

    def pass_name(self, view: dict[str, Any], hand: int) -> str:
        """Whose hand index ``hand`` is, by faction name ("The Archivists"; at 2 players the table's: "the table")."""
        if hand >= view["players"]:
            return "the table"
        return self.c.factions[self.c.faction_index(view["factions"][hand])].name

    @staticmethod
    def _prompt(surf: pygame.Surface, prompt: str, left: int) -> None:
        """What the viewer is asked, between the passing direction (ending at ``left``) and the Hint button:
        centred at 18 px where it fits, else whole in that room at a smaller size, on two lines if it must."""
        half = text_size(prompt, 18, bold=True)[0] // 2
        if PROMPT_CENTRE_X - half >= left and PROMPT_CENTRE_X + half <= PROMPT_RIGHT:
            L.text(surf, prompt, (PROMPT_CENTRE_X, 22), 18, L.HILITE, bold=True, anchor="center")
            return
        draw_whole(surf, prompt, pygame.Rect(left, 2, PROMPT_RIGHT - left, 40), 18, L.HILITE, bold=True)

    # ------------------------------------------------------------ regions
    def _regions(self, surf: pygame.Surface, view: dict[str, Any], hints: UIHints, hs: list[Hotspot]) -> None:
        c = self.c
        n = view["players"]
        rk = view.get("reckoning")
        final_region = None
        if view.get("final_card"):
            final_region = self.card_by_id[view["final_card"]].region
        for r, rect in REGION_RECTS.items():
            with L.box(rect):
                pl = c.region_pillar[r]
                rgb = self.pillar_rgb(pl)
                choosable = ("region", r) in hints.choosable
                border = L.HILITE if choosable else (L.GOLD if rk and rk["region"] == r else L.shade(rgb, 0.7))
                L.panel(surf, rect, L.shade(rgb, 0.32), border=border)
                if choosable:
                    pygame.draw.rect(surf, L.HILITE, rect.inflate(4, 4), 3, border_radius=12)
                if ("region", r) in hints.chosen:  # the move in preview
                    pygame.draw.rect(surf, L.GOOD, rect.inflate(4, 4), 4, border_radius=12)
                L.badge(surf, pygame.Rect(rect.x + 10, rect.y + 10, 24, 24), rgb, c.pillar_letters[pl])
                L.text(surf, c.region_names[r], (rect.x + 42, rect.y + 10), 18, L.TEXT, serif=True)
                zone = "south" if c.region_zone[r] == "south" else "north"
                L.text(surf, zone, (rect.right - 10, rect.y + 12), 13, L.TEXT_DIM, anchor="topright")
                tags = []
                if rk and rk["region"] == r:  # whose reckoning it is
                    who = hints.seat_names[rk["player"]] if 0 <= rk["player"] < len(hints.seat_names) else ""
                    tags.append(reckoning_tag(who, rk["final"], self.faction_letter(view, rk["player"]), rect.w - 52))
                elif final_region == r:
                    tags.append("final reckoning here")
                if tags:
                    L.whole(surf, " \u00b7 ".join(tags), pygame.Rect(rect.x + 42, rect.y + 31, rect.w - 52, 18), 13,
                            L.GOLD, bold=True)
                # claim tokens
                x = rect.x + 12
                y = rect.y + 52
                L.text(surf, "claims", (x, y - 3), 13, L.TEXT_DIM)
                x += 46
                for col in range(5):
                    for _ in range(view["claims"][r][col]):
                        tr = pygame.Rect(x, y - 4, 20, 20)
                        pygame.draw.polygon(surf, (15, 15, 15), [(tr.centerx, tr.y - 2), (tr.right + 2, tr.centery),
                                                                 (tr.centerx, tr.bottom + 2), (tr.x - 2, tr.centery)])
                        pygame.draw.polygon(surf, self.pillar_rgb(col), [(tr.centerx, tr.y), (tr.right, tr.centery),
                                                                        (tr.centerx, tr.bottom), (tr.x, tr.centery)])
                        L.text(surf, c.pillar_letters[col], tr.center, 13, L.INK, bold=True, anchor="center")
                        hs.append(Hotspot(tr, "claim", (r, col), f"{c.pillar_names[col]} claim token"))
                        x += 24
                # acolytes per player
                x = rect.x + 14
                y = rect.y + 76
                for p in range(n):
                    k = view["board"][r][p]
                    cx = x + p * 60
                    self.anchors[("region", r, p)] = (cx + 14, y + 14)
                    L.disc(surf, (cx + 14, y + 14), 13, self.faction_rgb(view, p), self.faction_letter(view, p))
                    with L.box((cx + 28, y - 2, 32, 32)):  # the count stays clear of the next player's disc
                        words, size = acolyte_count(k)
                        L.text(surf, words, (cx + 29, y + 6), size, L.TEXT if k else L.TEXT_DIM, bold=bool(k))
                hs.append(Hotspot(rect, "region", r, f"{c.region_names[r]} ({c.pillar_names[pl]} region). "
                                  "Acolytes here count for region monuments and pay bids in reckonings here. "
                              "This edition: when players tie for the most acolytes in a region, nobody scores "
                              "that region."))

    # ------------------------------------------------------------- tracks
    def _tracks(self, surf: pygame.Surface, view: dict[str, Any], hints: UIHints, hs: list[Hotspot]) -> None:
        """The five influence tracks, each with its zones' scores over it and its monument space at its end."""
        c = self.c
        rect = TRACKS_RECT
        L.panel(surf, rect)
        L.text(surf, "Influence", (rect.x + 10, rect.y + 6), 14, L.GOLD, bold=True)
        cell = TRACK_CELL
        x0 = rect.x + 134  # right of the longest pillar name
        mon_x = x0 + 9 * cell + 5  # the column of the track monuments, wide enough for five seats' points
        mon_w = rect.right - 4 - mon_x
        for k in range(9):
            L.text(surf, str(k), (x0 + k * cell + cell // 2, rect.y + 6), SMALLEST,
                   L.GOLD if k >= 3 else L.TEXT_DIM, anchor="midtop")
        # what a track monument scores in each zone, over the zone
        L.text(surf, "monument scores", (rect.x + 10, rect.y + 25), SMALLEST, L.TEXT_DIM)
        for zone, (pts, rgb) in enumerate((("\u22122", L.BAD), ("+3", L.GOOD), ("+8", L.GOOD))):
            L.text(surf, pts, (x0 + zone * 3 * cell + 3 * cell // 2, rect.y + 25), SMALLEST, rgb, bold=True,
                   anchor="midtop")
            if zone:
                pygame.draw.line(surf, L.TEXT_DIM, (x0 + zone * 3 * cell - 1, rect.y + 26),
                                 (x0 + zone * 3 * cell - 1, rect.y + 40))
        L.text(surf, "monument", (mon_x + mon_w // 2, rect.y + 6), SMALLEST, L.GOLD, anchor="midtop")
        L.text(surf, "by | scores", (mon_x + mon_w // 2, rect.y + 25), SMALLEST, L.TEXT_DIM, anchor="midtop")
        n = view["players"]
        for pl in range(5):
            y = rect.y + 46 + pl * 29
            rgb = self.pillar_rgb(pl)
            L.badge(surf, pygame.Rect(rect.x + 10, y + 4, 18, 18), rgb, c.pillar_letters[pl])
            owner = view["artifacts"][pl]
            name = c.pillar_names[pl]
            L.text(surf, name, (rect.x + 34, y + 5), SMALLEST, L.TEXT)
            for k in range(9):
                cr = pygame.Rect(x0 + k * cell + 1, y, cell - 2, 26)
                pygame.draw.rect(surf, L.shade(rgb, 0.25 if k < 3 else 0.4), cr, border_radius=4)
            self._track_markers(surf, view, pl, pygame.Rect(x0 + 1, y, cell - 2, 26))
            tip = (f"{name} track. The outright leader at 3+ holds the {name} artifact"
                   + (f" (now: {self.c.factions[self.c.faction_index(view['factions'][owner])].name})." if owner >= 0
                      else " (nobody holds it)."))
            tip += " " + _ARTIFACT_TIPS.get(c.pillar_ids[pl], "")
            tip += " Markers: " + ", ".join(f"{self.seat_name(view, hints, p)} {view['tracks'][p][pl]}"
                                            for p in range(n)) + "."
            hs.append(Hotspot(pygame.Rect(rect.x, y, mon_x - 4 - rect.x, 26), "track", pl, tip.strip()))
            space = c.space_index(f"track_{c.pillar_ids[pl]}")
            self._track_space(surf, pygame.Rect(mon_x, y, mon_w, 26), space, view, hints, hs)

    def _warden_badge(self, surf: pygame.Surface, rect: pygame.Rect, col: int, held: bool) -> None:
        """A warden colour's badge beside its count: the pillar's badge when some are held; dimmed at none, its
        letter light on the dark chip (play-test s5 item 13: dark "R" on dark red)."""
        if held:
            L.badge(surf, rect, self.pillar_rgb(col), self.c.pillar_letters[col])
            return
        fill, letter = unheld_badge_colours(self.pillar_rgb(col))
        pygame.draw.rect(surf, (20, 20, 20), rect.inflate(3, 3), border_radius=5)
        pygame.draw.rect(surf, fill, rect, border_radius=4)
        L.text(surf, self.c.pillar_letters[col], rect.center, max(13, int(rect.h * 0.7)), letter, bold=True,
               anchor="center")

    def _track_markers(self, surf: pygame.Surface, view: dict[str, Any], pl: int, first: pygame.Rect) -> None:
        """Each seat's marker on pillar ``pl``'s track (``first``: the space of 0), those sharing a space side by
        side in it and the empty halves of its neighbours (:func:`marker_room`), each whole (play-test s5 item 13:
        stacked, they hid each other); where each went is kept in
        ``track_marks``. The track's tooltip names who is where."""
        by_value: dict[int, list[int]] = {}
        for p in range(view["players"]):
            by_value.setdefault(view["tracks"][p][pl], []).append(p)
        for v, seats in by_value.items():
            space = first.move(v * TRACK_CELL, 0)
            room = marker_room(space, v, set(by_value))
            for p, (centre, radius) in zip(seats, track_marker_spots(space, len(seats), room)):
                pygame.draw.circle(surf, (20, 20, 20), centre, radius + 1)
                pygame.draw.circle(surf, self.faction_rgb(view, p), centre, radius)
                self.track_marks[(p, pl)] = (centre, radius)

    def _track_space(self, surf: pygame.Surface, r: pygame.Rect, i: int, view: dict[str, Any], hints: UIHints,
                     hs: list[Hotspot]) -> None:
        """A track's monument space at the end of its track: free; built, its builder's disc, then what every
        player would score from it now, as the other monuments' tiles show it (when it was built: its tip)."""
        built = view["monuments"][i]
        with L.box(r):
            pygame.draw.rect(surf, L.BG_PANEL_HI if built else L.BG, r, border_radius=5)
            self._space_marks(surf, r, i, hints)
            if built:
                owner = built["owner"]
                pts = hints.monument_points.get(i)
                L.disc(surf, (r.x + 13, r.centery), 10, self.faction_rgb(view, owner), self.faction_letter(view, owner))
                if pts:  # the builder, a bar, then who scores (the column's head says "by | scores")
                    pygame.draw.line(surf, L.TEXT_DIM, (r.x + 26, r.y + 4), (r.x + 26, r.bottom - 5), 2)
                    self._points_chips(surf, pygame.Rect(r.x + 30, r.y, r.w - 32, r.h), pts, view, owner)
                else:
                    L.text(surf, f"age {built['age']}", (r.x + 28, r.centery), SMALLEST, L.TEXT, anchor="midleft")
            else:
                L.text(surf, "free", (r.centerx, r.centery), SMALLEST, L.TEXT_DIM, anchor="center")
        hs.append(Hotspot(r, "space", i, self._space_tip(i, view, hints)))

    def _points_chips(self, surf: pygame.Surface, room: pygame.Rect, pts: list[int], view: dict[str, Any],
                      builder: int, chip_h: int = CHIP_H) -> None:
        """Who scores from a built monument now, in ``room``: a chip of the seat's colour with its mark and its
        points ("Ar 15"), most points first, the builder's ringed in gold; a seat at 0 has no chip, as the age's
        scoring table has "\u2013" for it (here words when nobody scores: ``nobody_scores``); where chips do not
        all fit, the rest in words ("3 at \u22122", "3 more"; ``points_chip_plan``), the tooltip naming every seat's
        points. Play-test s5 item 11: colour alone did not say whose."""
        marks = [self.faction_letter(view, p) for p in range(len(pts))]
        shown, rest = points_chip_plan(marks, pts, room.w)
        x = room.x
        for p, width in shown:
            chip = pygame.Rect(x, room.centery - chip_h // 2, width, chip_h)
            pygame.draw.rect(surf, L.GOLD if p == builder else (20, 20, 20), chip.inflate(4, 4), border_radius=7)
            pygame.draw.rect(surf, self.faction_rgb(view, p), chip, border_radius=6)
            L.text(surf, chip_words(marks[p], pts[p]), chip.center, SMALLEST, CHIP_INK, bold=True, anchor="center")
            x = chip.right + CHIP_GAP
        if rest or not shown:
            L.text(surf, rest or nobody_scores(room.w), (x, room.centery), SMALLEST, L.TEXT_DIM if shown else L.TEXT,
                   anchor="midleft")

    def _space_marks(self, surf: pygame.Surface, r: pygame.Rect, i: int, hints: UIHints) -> None:
        """A space's frame when it may be chosen, and when it is the move in preview (at most TILE_FRAME px)."""
        if ("space", i) in hints.choosable:
            pygame.draw.rect(surf, L.HILITE, r, 2, border_radius=6)
        if ("space", i) in hints.chosen:
            pygame.draw.rect(surf, L.GOOD, r, TILE_FRAME, border_radius=6)

    # ------------------------------------------------------------ rewards
    def _rewards(self, surf: pygame.Surface, view: dict[str, Any], hints: UIHints, hs: list[Hotspot]) -> None:
        rect = REWARDS_RECT
        L.panel(surf, rect)
        rk = view.get("reckoning")
        cards = list(view["rewards"])
        active = rk["reward"] if rk and rk.get("reward") else None
        bids = rk and rk.get("order") and all(b is not None for b in rk["bids"])
        # with the bids beside it, the title is short enough to leave them room
        news = active and not bids and rk.get("player", -1) >= 0  # the reckoner's moves beside the title
        title = ("Reckoning rewards" if not active
                 else "Reward card" if bids or news else "This reckoning's reward card")
        L.text(surf, title, (rect.x + 10, rect.y + 6), 14, L.GOLD, bold=True)
        if bids:
            parts = [("table" if p == -2 else self.faction_letter(view, p)) + " "
                     + str(rk["table_bid"] if p == -2 else rk["bids"][p]) for p in rk["order"]]
            L.text(surf, "bids: " + " \u203a ".join(parts), (rect.right - 10, rect.y + 7), 13, L.HILITE,
                   bold=True, anchor="topright")
        elif news:  # who chose the card, and moved which claim token, while the
            # bid panel hides the feed (play-test s6 item 13: the reckoner's moves had no visible message)
            words = self.reckoning_news(view, hints, rect.w - 20 - text_size(title, 14, bold=True)[0] - 12)
            L.text(surf, words, (rect.right - 10, rect.y + 7), 13, L.HILITE, anchor="topright")
        elif view.get("final_card"):
            fc = self.card_by_id[view["final_card"]]
            L.text(surf, f"Final: {self.c.region_names[fc.region]}", (rect.right - 10, rect.y + 6), 13,
                   L.TEXT_DIM, anchor="topright")
        shown = [active] if active else cards
        w = (rect.w - 20 - 8 * (max(1, len(shown)) - 1)) // max(1, len(shown))
        for i, rid in enumerate(shown):
            r = pygame.Rect(rect.x + 10 + i * (w + 8), rect.y + 28, w, rect.h - 36)
            self.draw_reward(surf, r, rid, view, hints, hs, active=bool(active))

    def reckoning_news(self, view: dict[str, Any], hints: UIHints, width: int) -> str:
        """The reckoner's moves so far in words for the reward panel's title line, as long as ``width`` allows:
        "chosen by Re; Re moved the Dominion claim from Fragmented Forest", else shorter."""
        c = self.c
        by = self.faction_letter(view, view["reckoning"]["player"])
        claims = hints.reckoning_claims
        long = [f"{self.faction_letter(view, p)} moved the {c.pillar_names[col]} claim from {c.region_names[frm]}"
                for p, frm, col in claims]
        short = [f"{c.pillar_letters[col]} claim from {c.region_names[frm]}" for _p, frm, col in claims]
        for words in ([f"chosen by {by}", *long], [f"chosen by {by}", *short], [f"by {by}", *short]):
            line = "; ".join(words)
            if text_size(line, 13)[0] <= width:
                return line
        return f"chosen by {by}"

    def row_text(self, row: Any, compact: bool = False) -> str:
        """A reward row in words (``row_words``); ``compact``: coins, acolytes and mercenaries as the boards'
        symbols (for a narrow row; the tooltip keeps the words)."""
        return row_words(row, {"coins": L.COIN, "acolytes": "\u25cf", "mercenaries": L.MERC} if compact else None)

    def row_tip(self, row: Any) -> str:
        """A reward row in words, with what this edition decides where the rulebook is silent."""
        tip = self.row_text(row)
        if row.is_penalty:
            tip = "Last place pays: " + tip.removeprefix("last place: ") + "."
            if row.losses[2]:
                tip += " Acolytes are taken from the board (you choose the regions) back to your reserve."
            tip += " Anything you cannot lose costs 1 VP instead."
        elif row.gains[1]:
            tip += ". Whoever holds the Equity artifact takes 2 coins more with this gain (once per row)."
        return tip

    def _row_plan(self, rows: Any, width: int, height: int) -> list[tuple[str, int]]:
        """Each reward row's words and height: in words where the card has room for them (up to two
        lines a row), else with the boards' symbols for coins, acolytes and mercenaries; the spare
        height shared out, so a row is never cut."""
        line = line_height(SMALLEST) + 1

        def need(words: str) -> int:
            return len(wrap(words, width, SMALLEST)) * line + 6

        words = [self.row_text(row).replace("last place:", "last:") for row in rows]
        if sum(need(w) for w in words) > height or max(need(w) for w in words) > 2 * line + 6:
            words = [self.row_text(row, compact=True) for row in rows]  # one style for the whole card
        heights = [need(w) for w in words]
        spare = max(0, height - sum(heights)) // len(rows)
        return [(w, min(h + spare, 44)) for w, h in zip(words, heights)]

    def draw_reward(self, surf: pygame.Surface, r: pygame.Rect, rid: str, view: dict[str, Any], hints: UIHints,
                    hs: list[Hotspot], active: bool) -> None:
        card = self.reward_by_id[rid]
        choosable = ("reward", rid) in hints.choosable
        pygame.draw.rect(surf, L.PARCHMENT, r, border_radius=6)
        if ("reward", rid) in hints.chosen:  # the card in preview, lit as a chosen hand card is (issue 22)
            pygame.draw.rect(surf, L.GOOD, r.inflate(6, 6), 4, border_radius=9)
        elif choosable:
            pygame.draw.rect(surf, L.HILITE, r.inflate(4, 4), 3, border_radius=8)
        rows = card.rows
        rk = view.get("reckoning")
        marked = active and rk  # each row's owner is marked at its right
        plan = self._row_plan(rows, r.w - 8 - 8 - (30 if marked else 0), r.h - 6)
        y = r.y + 3
        for j, (row, (words, h)) in enumerate(zip(rows, plan)):
            rr = pygame.Rect(r.x + 4, y, r.w - 8, h - 2)
            y += h
            col = (200, 160, 150) if row.is_penalty else ((226, 204, 120) if row.monument else L.PARCHMENT_DARK)
            pygame.draw.rect(surf, col, rr, border_radius=4)
            if active and ("row", j) in hints.choosable:
                pygame.draw.rect(surf, (150, 110, 20), rr, 2, border_radius=4)
            if active and ("row", j) in hints.chosen:  # the move in preview
                pygame.draw.rect(surf, L.GOOD, rr, 3, border_radius=4)
            with L.box(rr):
                room = rr.inflate(-8, 0)
                if marked:
                    room.w -= 30
                draw_wrapped(surf, words, room, SMALLEST, L.INK, valign="middle", spacing=1)
                if marked:
                    owner = rk["rows"][j]
                    if owner >= 0:
                        L.disc(surf, (rr.right - 13, rr.centery), 11, self.faction_rgb(view, owner),
                               self.faction_letter(view, owner))
                    elif owner == -2:
                        L.text(surf, "table", (rr.right - 2, rr.centery), SMALLEST, L.INK, anchor="midright")
            hs.append(Hotspot(rr, "row", j if active else (rid, j), self.row_tip(row)))
        hs.append(Hotspot(r, "reward", rid, "Reward card, rows from the top: "
                          + " | ".join(self.row_text(x) for x in rows)))

    # ------------------------------------------------------------- spaces
    def _spaces(self, surf: pygame.Surface, view: dict[str, Any], hints: UIHints, hs: list[Hotspot]) -> None:
        """The monument spaces but the tracks' (those end their tracks), two rows of tiles: each with its
        name and rule; a built one with its builder and what every player would score from it now."""
        rect = SPACES_RECT
        spaces = [sp for sp in self.c.spaces if not sp.id.startswith("track_")]
        per_row = (len(spaces) + 1) // 2
        w = (rect.w - 4 * (per_row - 1)) // per_row
        h = (rect.h - 4) // 2
        for k, sp in enumerate(spaces):
            r = pygame.Rect(rect.x + (k % per_row) * (w + 4), rect.y + (k // per_row) * (h + 4), w, h)
            with L.box(r):
                self._space_tile(surf, r, sp, view, hints)
            hs.append(Hotspot(r, "space", sp.index, self._space_tip(sp.index, view, hints)))

    def _space_tile(self, surf: pygame.Surface, r: pygame.Rect, sp: Any, view: dict[str, Any],
                    hints: UIHints) -> None:
        """One tile: its name over its rule (a built Warden Hall: the option built); built, a third line says who
        built it ("by Re"), then past a bar who scores from it now (a chip per seat, as the track monuments).
        Play-test s6 item 9: the rule went when built, and "Re | Gu 8" read as if the Remnants got Gu's 8."""
        built = view["monuments"][sp.index]
        pygame.draw.rect(surf, L.BG_PANEL_HI if built else L.BG_PANEL, r, border_radius=6)
        self._space_marks(surf, r, sp.index, hints)
        room = r.inflate(-8, 0)
        top, line = r.y + TILE_TOP, TILE_LINE
        if not built:  # a rule too long for a line takes two (Coin Purses: what is counted, play-test s6 item 10)
            rule = wrap(space_rule(sp), room.w, SMALLEST)[:2]
            name_y = top if len(rule) == 2 else r.y + (r.h - 2 * line - 3) // 2  # one line: the two centred
            self._line(surf, space_title(sp), (room.x, name_y), room.w, L.GOLD, bold=True)
            for k, words in enumerate(rule):
                self._line(surf, words, (room.x, name_y + line + (3 if len(rule) == 1 else 0) + line * k), room.w,
                           L.TEXT_DIM)
            return
        title = built_title(sp, built["option"])
        by = f"by {self.faction_letter(view, built['owner'])}"
        by_w = text_size(by, SMALLEST)[0]
        pts = hints.monument_points.get(sp.index)
        rule = built_rule(sp, built["option"])
        third = top + 2 * line + 1  # the chips' line: its words clear the rule's line above
        # the builder beside the name, else beside the rule (a name plain where bold leaves no room), so the line
        # below is all for who scores (play-test s8 item 2: "by Re | Ve 5 4 more" had no room to say more of what)
        beside = next((k for k, words in enumerate((title, rule)) if pts
                       and text_size(words, SMALLEST)[0] + 4 + by_w <= room.w), None)
        self._line(surf, title, (room.x, top), room.w - (4 + by_w if beside == 0 else 0), L.TEXT, bold=True)
        self._line(surf, rule, (room.x, top + line), room.w, L.TEXT_DIM)
        if beside is not None:
            L.text(surf, by, (room.right, top + beside * line), SMALLEST, L.TEXT, anchor="topright")
            self._points_chips(surf, pygame.Rect(room.x, third, room.w, TEXT_H), pts, view, -1, chip_h=line)
            return
        L.text(surf, by, (room.x, third), SMALLEST, L.TEXT)
        x = room.x + by_w + 5
        if pts:  # a bar between the builder and who scores, as the track monuments' "by | scores"
            pygame.draw.line(surf, L.TEXT_DIM, (x, third + 2), (x, third + TEXT_H - 3), 2)
            self._points_chips(surf, pygame.Rect(x + 7, third, room.right - x - 7, TEXT_H), pts, view, -1,
                               chip_h=line)

    def _line(self, surf: pygame.Surface, words: str, pos: tuple[int, int], width: int, colour: tuple,
              bold: bool = False) -> None:
        """One line of at least 13 px: bold if it fits so, else plain (the tooltip always has it whole)."""
        if bold and text_size(words, SMALLEST, bold=True)[0] > width:
            bold = False
        L.text(surf, words, pos, SMALLEST, colour, bold=bold)

    def _space_tip(self, i: int, view: dict[str, Any], hints: UIHints) -> str:
        """A space's rule in full, when it was built, and what it scores (built) or would score (free) now; named
        as its tile names it, the one name it has everywhere (play-test p1 and s8: "Collection" beside "Dominion
        Collection")."""
        sp = self.c.spaces[i]
        n = view["players"]
        built = view["monuments"][i]
        title = built_title(sp, built["option"]) if built else space_title(sp)
        tip = f"{title}: {rule_for_players(sp.text, n)}"
        if built:
            pts = hints.monument_points.get(i)
            option = sp.options[built["option"]]["name"] if sp.options else title
            opt = f" ({option})" if option != title else ""  # "Warden Hall (Radiance + Guidance)", as the age table
            by = self.seat_name(view, hints, built["owner"])
            tip += f" Built by {by} in age {built['age']}{opt}; scores at the end of every age from then on."
            if pts:
                tip += " Now it would score: " + ", ".join(
                    f"{self.seat_name(view, hints, p)} {pts[p]}" for p in range(n)) + "."
                scoring = sum(1 for v in pts if v)
                if scoring > 1:  # what the tile's "2 more score" / "+2 others" counts (play-test s8 item 2)
                    tip += (" The top scorers' points come first, then what the others score (\"2 others \u22122\": "
                            f"two more seats score \u22122 each; \"2 more score\") ({scoring} seats score in all).")
            return tip
        tip += " Free space."
        for name, got in hints.free_points.get(i, []):
            tip += f" Built now{' as ' + name if name else ''}, it would score: " + ", ".join(
                f"{self.seat_name(view, hints, p)} {got[p]}" for p in range(n)) + "."
        return tip

    # ------------------------------------------------------------- boards
    def _boards(self, surf: pygame.Surface, view: dict[str, Any], hints: UIHints, hs: list[Hotspot]) -> None:
        c = self.c
        n = view["players"]
        if n == 2:
            self._table_hand(surf, view, hs)
        for p in range(n):
            r = board_rect(n, p)
            with L.box(r):
                self._board_head(surf, r, view, hints, p, hs)
                # resources
                y = r.y + 46
                res = [("coins", view["coins"][p], L.COIN), ("mercenaries", view["merc_counts"][p], L.MERC),
                       ("reserve acolytes", view["reserve"][p], "\u25cf")]
                x = r.x + 12
                for key, (label, v, glyph), word in zip(("coins", "mercs", "reserve"), res, RESOURCE_WORDS):
                    self.anchors[(key, p)] = (x + 7, y + 9)
                    number = L.text(surf, f"{glyph} {v}", (x, y), 15, L.TEXT, bold=True)
                    named = L.text(surf, word, (number.right + 4, number.bottom - 1), 13, L.TEXT_DIM,
                                   anchor="bottomleft")  # what the number counts, without a hover (issue 22)
                    hs.append(Hotspot(number.union(named), "resource", (p, label), f"{label}: {v}"))
                    x = named.right + 14
                # wardens
                x = L.text(surf, "wardens", (x, y + 17), 13, L.TEXT_DIM, anchor="bottomleft").right + 6
                for col in range(5):
                    k = view["wardens"][p][col]
                    wr = pygame.Rect(x + col * 32, y, 18, 18)
                    self.anchors[("warden", p, col)] = wr.center
                    self._warden_badge(surf, wr, col, k > 0)
                    L.text(surf, str(k), (wr.right + 3, y), 13, L.TEXT if k else L.TEXT_DIM)
                    hs.append(Hotspot(wr, "warden", (p, col), f"{c.pillar_names[col]} wardens: {k}"))
            # artifacts, then the icons the monuments count
            arts = [c.pillar_names[pl] for pl in range(5) if view["artifacts"][pl] == p]
            icons_w = self._icon_totals_width(view, p)
            if arts:
                words = "artifacts: " + ", ".join(arts)
                if text_size(words, 13)[0] > r.w - 36 - icons_w:  # with many icons, the letters
                    words = "artifacts: " + ", ".join(c.pillar_letters[pl] for pl in range(5)
                                                      if view["artifacts"][pl] == p)
                L.text(surf, words, (r.x + 12, y + 20), 13, L.GOLD)
                held = [pl for pl in range(5) if view["artifacts"][pl] == p]
                hs.append(Hotspot(pygame.Rect(r.x + 12, y + 20, text_size(words, 13)[0], 18), "artifacts", p,
                                  artifacts_tip(c, held)))
            with L.box(r):
                self._icon_totals(surf, view, p, pygame.Rect(r.right - 12 - icons_w, y + 20, icons_w, 18), hs)
            # pillars: tucked cards top/bottom and icons
            self._pillars(surf, pygame.Rect(r.x + 8, y + 38, r.w - 16, r.bottom - y - 44), view, p, hs)

    def acting(self, view: dict[str, Any]) -> set[int]:
        """The seats whose decision it is: in a card selection every seat that has not chosen yet, else
        the seat to move (none when the game is over or the table stands still at an age's end)."""
        if view["to_move"] < 0 or view["decision"] == "over":
            return set()
        if view["decision"] == "select":
            return {p for p in range(view["players"]) if not view["committed"][p]}
        return {view["to_move"]}

    def _board_head(self, surf: pygame.Surface, r: pygame.Rect, view: dict[str, Any], hints: UIHints, p: int,
                    hs: list[Hotspot]) -> None:
        """A board's top: the player's disc, name and score, the card they revealed this round (or last
        round's, dimmed, while the next is chosen), and what they are doing; the acting player's board lit."""
        me = p == view["seat"]
        rgb = self.faction_rgb(view, p)
        acting = p in self.acting(view)
        L.panel(surf, r, L.BG_PANEL_HI if me else L.BG_PANEL, border=L.HILITE if acting else None)
        if acting:
            pygame.draw.rect(surf, L.HILITE, r, 3, border_radius=10)
        L.disc(surf, (r.x + 20, r.y + 20), 13, rgb, self.faction_letter(view, p))
        name = self.seat_name(view, hints, p)
        drawn_name = L.text(surf, name, (r.x + 40, r.y + 8), 16, L.TEXT, bold=True)
        self.name_rects[p] = drawn_name.union(pygame.Rect(r.x + 6, r.y + 6, 28, 28))  # with the disc: no tip over it
        end = drawn_name.right
        vp = L.text(surf, f"{view['score'][p]} VP", (r.right - 12, r.y + 6), 20, L.GOLD, serif=True,
                    anchor="topright")
        self._revealed_chip(surf, pygame.Rect(end + 12, r.y + 6, vp.x - 12 - end - 12, 22), view, hints, p, hs)
        x = r.x + 40
        if acting:
            doing = "thinking\u2026" if p in hints.thinking else (
                "choosing a card" if view["decision"] == "select" else "to move")
            x = L.text(surf, "\u25b6 " + doing, (x, r.y + 27), SMALLEST, L.HILITE, bold=True).right + 12
        tags = ["\u2691 first player card"] if view["first_player_card"] == p else []
        if view["committed"][p] and view["decision"] == "select":
            tags.append("card chosen")
        if p in hints.thinking and not acting:
            tags.append("thinking\u2026")
        if tags:
            x = L.text(surf, "  ".join(tags), (x, r.y + 27), SMALLEST, L.TEXT_DIM).right + 12
        to = pass_target(view, p)
        if to is not None:  # the seating: whose board this hand goes to, pointed at (play-test t1)
            down = to > p
            words = f"hand to {self.faction_letter(view, to)} " + ("\u2193" if down else "\u2191")
            if text_size(words, SMALLEST)[0] <= r.right - THINKING_ROOM - x:  # after the tags, left of where a bot's
                # thinking bar goes (table_scene: the board's last 132 px, under the VP)
                drawn = L.text(surf, words, (x, r.y + 27), SMALLEST, L.TEXT_DIM)
                hs.append(Hotspot(drawn, "passes", p, f"At the end of each round this age, {self.pass_name(view, p)}"
                                  f" pass their hand to {self.pass_name(view, to)} (the board "
                                  f"{'below' if down else 'above'}; the boards are in seating order)."))

    def _revealed_chip(self, surf: pygame.Surface, room: pygame.Rect, view: dict[str, Any], hints: UIHints, p: int,
                       hs: list[Hotspot]) -> None:
        """The card seat ``p`` revealed this round, by its place in the order of play; while the next
        cards are chosen, the one it revealed last round, dimmed."""
        cards = hints.last_revealed or view["revealed"]
        cid = cards[p] if p < len(cards) else None
        if cid is None or room.w < 60:
            return
        cd = self.card_by_id[cid]
        choosing = view["decision"] in ("select", "discard")  # the next cards are being chosen
        played = not choosing and view["revealed"][p] is None  # resolved already this round
        order = hints.reveal_order
        place = "last round: " if choosing else (f"{order.index(p) + 1}. " if p in order else "")
        if played:
            place = "\u2713 " + place
        full = self._card_name(cid)
        short = f"{L.ACTION_WORD[cd.action]} {cd.amount}" if cd.kind == 0 else self.c.region_names[cd.region]

        def fits(words: str) -> bool:
            return text_size(words, SMALLEST, bold=True)[0] <= room.w - 12

        words = next((w for w in (place + full, place + short, short) if fits(w)), "")
        if not words:
            return
        chip = pygame.Rect(room.x, room.y, text_size(words, SMALLEST, bold=True)[0] + 12, room.h)
        reck = cd.kind != 0
        base = (122, 52, 48) if reck else L.PARCHMENT  # last round's card: grey, a reckoning's too (s6 item 18)
        pygame.draw.rect(surf, LAST_ROUND_CHIP if choosing else (L.shade(base, 0.8) if played else base), chip,
                         border_radius=5)
        with L.box(chip):
            L.text(surf, words, chip.center, SMALLEST, L.TEXT_DIM if choosing else (L.TEXT if reck else L.INK),
                   bold=True, anchor="center")
        who = self.seat_name(view, hints, p)
        when = "last round" if choosing else ("this round, already played" if played else "this round")
        hs.append(Hotspot(chip, "revealed", p, f"{who} revealed {full} {when}. {self.card_tip(cid)}"))

    def _icon_counts(self, view: dict[str, Any], p: int) -> list[tuple[str, int, int]]:
        """``p``'s icons as (icon name, count, pillar): every kind it holds, then its wild icons."""
        icons = view["icons"][p]
        got = [(nm, icons[i], self.c.icon_pillar[i]) for i, nm in enumerate(self.c.icon_ids) if icons[i]]
        return got + [("wild", icons[len(self.c.icon_ids) + pl], pl) for pl in range(5)
                      if icons[len(self.c.icon_ids) + pl]]

    def _icon_totals_width(self, view: dict[str, Any], p: int) -> int:
        return sum(16 + text_size(str(k), 13, bold=True)[0] + 6 for _, k, _ in self._icon_counts(view, p))

    def _icon_totals(self, surf: pygame.Surface, view: dict[str, Any], p: int, rect: pygame.Rect,
                     hs: list[Hotspot]) -> None:
        """A row of icon totals beside the board: each icon the monuments count, drawn, and how many."""
        counts = self._icon_counts(view, p)
        x = rect.x
        for nm, k, pl in counts:
            draw_icon(surf, nm, (x + 7, rect.centery), 14, self.icon_rgb(nm, pl))
            x += L.text(surf, str(k), (x + 16, rect.y), 13, L.TEXT, bold=True).w + 22
        if counts:
            c = self.c
            words = ", ".join(f"{c.icon_names[c.icon_ids.index(nm)]} {k}" if nm != "wild" else wild_words(c, pl, k)
                              for nm, k, pl in counts)
            hs.append(Hotspot(rect, "icons", p, f"Icons on the cards tucked on this board: {words}."))

    def _table_hand(self, surf: pygame.Surface, view: dict[str, Any], hs: list[Hotspot]) -> None:
        """The 2-player game's table hand and bag: what the table shows of them."""
        r = pygame.Rect(BOARDS_RECT.x, board_rect(2, 1).bottom + 8, BOARDS_RECT.w, TABLE_HAND_H)
        L.panel(surf, r, L.BG_PANEL)
        with L.box(r):
            n_cards = view["hand_counts"][2] if len(view["hand_counts"]) > 2 else 0
            L.text(surf, f"The table hand: {n_cards} card{'s' if n_cards != 1 else ''}", (r.x + 12, r.y + 8), 16,
                   L.TEXT, bold=True)
            known = view.get("known_hands", {}).get("table", [])
            seen = ", ".join(self._card_name(cid) for cid in known) if known else "none you have seen"
            for k, line in enumerate(wrap(f"Cards you saw in it: {seen}", r.w - 24, 13)[:2]):
                L.text(surf, line, (r.x + 12, r.y + 31 + k * 17), 13, L.TEXT_DIM)
            age = max(1, view["age"])
            lo, hi = sum(sorted(BAG)[:age]), sum(sorted(BAG)[-age:])
            L.text(surf, "The bag: tokens " + " ".join(str(t) for t in BAG), (r.x + 12, r.y + 70), 14, L.TEXT,
                   bold=True)
            L.text(surf, f"Each reckoning it draws {age} (the age) and bids their sum, {lo} to {hi}; they go back.",
                   (r.x + 12, r.y + 91), 13, L.TEXT_DIM)
            L.text(surf, "The table plays no cards; its bid takes a reward row.", (r.x + 12, r.y + 108), 13,
                   L.TEXT_DIM)
        hs.append(Hotspot(r, "table_hand", None, "2-player game: the table hand is passed like a player's hand "
                          "but never plays. Its bid in a reckoning is the sum of tokens drawn from the bag (as "
                          "many as the age); the highest row it can take is removed from the reward card."))

    def _card_name(self, cid: str) -> str:
        return card_name(self.c, self.card_by_id[cid])

    def half_icons(self, h: Any) -> list[str]:
        """What a card half shows, as icon names: its influence arrows, then its icons."""
        return ["influence"] * h.influence + [icon_name(self.c, i) for i in h.icons]

    def icon_rgb(self, name: str, pillar: int = -1) -> tuple[int, int, int]:
        """An icon's fill: its pillar's colour (the shape alone tells it; the colour helps)."""
        if name == "influence":
            return L.GOLD
        if name == "wild":
            return self.pillar_rgb(pillar) if pillar >= 0 else L.HILITE
        return self.pillar_rgb(self.c.icon_pillar[self.c.icon_ids.index(name)])

    def _pillars(self, surf: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], p: int,
                 hs: list[Hotspot]) -> None:
        """Each pillar as on the physical board: the band with the pillar's badge and influence, the
        visible half of every card tucked at its top stacked above it and at its bottom below it,
        in the order they were tucked (the newest furthest out)."""
        c = self.c
        w = rect.w // 5
        tucked = view["tucked"][p]
        icons = view["icons"][p]
        band_h = 20
        for pl in range(5):
            cr = pygame.Rect(rect.x + pl * w + 2, rect.y, w - 4, rect.h)
            rgb = self.pillar_rgb(pl)
            stacks = [[t for t in tucked if t["pillar"] == pl and t["side"] == side] for side in (0, 1)]
            top, bot = len(stacks[0]), len(stacks[1])
            side_h = (cr.h - band_h) // 2
            band = pygame.Rect(cr.x, cr.y + side_h, cr.w, band_h)
            with L.box(cr):
                pygame.draw.rect(surf, L.shade(rgb, 0.16), cr, border_radius=6)
                pygame.draw.rect(surf, L.shade(rgb, 0.45), band, border_radius=4)
                # the badge says the pillar (its name is in the band's tooltip); "infl N" its influence, in
                # words: an arrow and a number read as a count of the arrows on the cards (play-test p1)
                L.badge(surf, pygame.Rect(band.x + 3, band.y + 2, 16, 16), rgb, c.pillar_letters[pl])
                infl = f"infl {view['tracks'][p][pl]}"
                L.text(surf, infl, (band.right - 4, band.centery), 13, L.TEXT, bold=True, anchor="midright")
                for side, stack in enumerate(stacks):
                    self._stack(surf, cr, band, side, stack, (p, pl), hs)
            wild = icons[11 + pl]
            tip = (f"{c.pillar_names[pl]} pillar: {top} card(s) tucked at the top, {bot} at the bottom; "
                   f"influence {view['tracks'][p][pl]}. Icons: "
                   + (", ".join(f"{c.icon_names[i]} x{icons[i]}" for i in range(11) if c.icon_pillar[i] == pl
                                and icons[i]) or "none") + (f", wild x{wild}" if wild else ""))
            hs.append(Hotspot(band, "pillar", (p, pl), tip))
            infl_w = text_size(infl, 13, bold=True)[0]
            whose = "Your" if p == view["seat"] else "This player's"
            hs.append(Hotspot(pygame.Rect(band.right - 4 - infl_w, band.y, infl_w + 4, band.h), "influence", (p, pl),
                              f"{whose} influence on {c.pillar_names[pl]}: {view['tracks'][p][pl]} (the marker on the "
                              "Influence track), not a count of the arrows on the cards below"))

    def _stack(self, surf: pygame.Surface, cr: pygame.Rect, band: pygame.Rect, side: int, stack: list[dict[str, Any]],
               seat_pillar: tuple[int, int], hs: list[Hotspot]) -> None:
        """One side's stack of tucked halves, oldest next to the band, each newer one further out, all within the
        pillar's column, each as tall as the side's room allows (up to ``STRIP_MAX``). A half tall enough shows its
        icons at ``STACK_ICON`` (14 px at 1280x720) and the card's short name ("Hire 2") where it has the room;
        tighter, its icons go on a label beside the stack, which narrows to make room (the label covers no card's
        edge: play-test, over a tall stack it hid them), and a half still shows its short name where it fits.
        Play-test s8 item 3: 15 px strips with 12 px icons read as thin bars. The tip of each names the card whole."""
        p, pl = seat_pillar
        side_h = band.y - cr.y if side == 0 else cr.bottom - band.bottom
        step = max(3, min(STRIP_MAX, side_h // max(1, len(stack))))  # never out of the column, over the icon totals
        label = self._stack_label(cr, band, side, len(stack) * step, stack, pl) \
            if stack and step < STACK_ICON + 2 else None
        width = (label[0].x - 3 - (cr.x + 3)) if label else cr.w - 6
        for k, t in enumerate(stack):
            cd = self.card_by_id[t["card"]]
            h = cd.halves[side]
            y = band.y - (k + 1) * step if side == 0 else band.bottom + k * step
            sr = pygame.Rect(cr.x + 3, y, width, step)
            reck = cd.kind != 0
            pygame.draw.rect(surf, (122, 52, 48) if reck else L.PARCHMENT, sr, border_radius=3)
            pygame.draw.rect(surf, (90, 70, 50), sr, 1, border_radius=3)
            x = sr.x + 3
            size = min(step - 2, STACK_ICON)  # (a tight stack of influence alone has no label: smaller arrows)
            if label is None and size >= 7:
                for nm in self.half_icons(h):
                    draw_icon(surf, nm, (x + size // 2, sr.centery), size, self.icon_rgb(nm, pl))
                    x += size + 1
            name = self.tucked_name(t["card"])
            if step >= line_height(SMALLEST) and text_size(name, SMALLEST)[0] + 4 <= sr.right - 3 - x:
                with L.box(sr):
                    L.text(surf, name, (sr.right - 4, sr.centery), SMALLEST, L.TEXT if reck else L.INK,
                           anchor="midright")
            tip = f"{self._card_name(t['card'])}, tucked at the {SIDE_WORDS[side]}: " \
                  f"{self.half_words(h) or 'nothing'}. The whole card: {self.card_tip(t['card'])}"
            hs.append(Hotspot(sr, "tucked", (p, pl, side, k), tip))
        if label is not None:
            self._draw_stack_label(surf, *label, pl)
            words = ", ".join(f"{self._icon_word(nm)} {k}" for nm, k in label[1].items())
            hs.append(Hotspot(label[0], "stack_icons", (p, pl, side), f"{len(stack)} cards tucked at the "
                              f"{SIDE_WORDS[side]} of the {self.c.pillar_names[pl]} pillar show: {words}"))
        nxt = band.y - (len(stack) + 0.5) * step if side == 0 else band.bottom + (len(stack) + 0.5) * step
        self.anchors[("stack", p, pl, side)] = (cr.centerx, int(nxt))

    def tucked_name(self, cid: str) -> str:
        """A tucked card's short name on its half: "Hire 2", "Reckoning"."""
        cd = self.card_by_id[cid]
        return f"{L.ACTION_WORD[cd.action]} {cd.amount}" if cd.kind == 0 else "Reckoning"

    def _icon_word(self, nm: str) -> str:
        """An icon's name in words ("wild icon" for the wild one)."""
        return "wild icon" if nm == "wild" else self.c.icon_names[self.c.icon_ids.index(nm)]

    def _stack_label(self, cr: pygame.Rect, band: pygame.Rect, side: int, height: int, stack: list[dict[str, Any]],
                     pl: int) -> tuple[pygame.Rect, dict[str, int], list[tuple[int, int]]] | None:
        """Where a tight stack's icon totals go (at the column's right, beside the stack, level with its middle),
        every total (for its tip) and where each one shown stands in the label (its icons at ``STACK_ICON``, 14 px
        at 1280x720, in a second row where one does not hold them and the side has the height); None when its
        halves show no icon."""
        counts: dict[str, int] = {}
        for t in stack:  # the icons only: the pillar's influence is the one number on its band (issue 22: "↑6"
            for nm in self.half_icons(self.card_by_id[t["card"]].halves[side]):  # here beside "↑8" there)
                if nm != "influence":
                    counts[nm] = counts.get(nm, 0) + 1
        if not counts:
            return None
        row_h = STACK_ICON + 4
        area = pygame.Rect(cr.x, cr.y, cr.w, band.y - cr.y) if side == 0 \
            else pygame.Rect(cr.x, band.bottom, cr.w, cr.bottom - band.bottom)
        rows = max(1, min(2, (area.h - 2) // row_h))
        room = cr.w - 6 - STACK_MIN_W - 3  # what the narrowed stack leaves
        widths = [STACK_ICON + text_size(str(k), 13, bold=True)[0] + 3 for k in counts.values()]
        spots: list[tuple[int, int]] = []
        x, row = 2, 0
        for w in widths:  # the most that fit; the label's tip names them all
            if x + w + 2 > room and x > 2:
                x, row = 2, row + 1
            if row >= rows or x + w + 2 > room:
                break
            spots.append((x, 2 + row * row_h))
            x += w
        if not spots:
            return None
        used_rows = 1 + spots[-1][1] // row_h if spots else 1
        width = max(sx + w for (sx, _), w in zip(spots, widths))
        label = pygame.Rect(0, 0, width + 2, used_rows * row_h)
        label.right = cr.right - 3
        label.centery = band.y - height // 2 if side == 0 else band.bottom + height // 2
        label.clamp_ip(area)
        return label, counts, spots  # the first len(spots) totals drawn; the tip names them all

    def _draw_stack_label(self, surf: pygame.Surface, label: pygame.Rect, counts: dict[str, int],
                          spots: list[tuple[int, int]], pl: int) -> None:
        pygame.draw.rect(surf, L.PARCHMENT, label, border_radius=4)
        pygame.draw.rect(surf, (90, 70, 50), label, 1, border_radius=4)
        for (nm, k), (x, y) in zip(counts.items(), spots):
            draw_icon(surf, nm, (label.x + x + STACK_ICON // 2, label.y + y + STACK_ICON // 2), STACK_ICON,
                      self.icon_rgb(nm, pl))
            L.text(surf, str(k), (label.x + x + STACK_ICON + 1, label.y + y + 2), 13, L.INK, bold=True)

    def strip_image(self, cid: str, side: int, pillar: int) -> pygame.Surface:
        """A tucked card's visible half as a small image (what the tuck animation carries)."""
        cd = self.card_by_id[cid]
        img = pygame.Surface((100, 18), pygame.SRCALPHA)
        r = img.get_rect()
        pygame.draw.rect(img, (122, 52, 48) if cd.kind != 0 else L.PARCHMENT, r, border_radius=3)
        pygame.draw.rect(img, (90, 70, 50), r, 1, border_radius=3)
        x = 4
        for nm in self.half_icons(cd.halves[side]):
            draw_icon(img, nm, (x + 7, 9), 14, self.icon_rgb(nm, pillar))
            x += 16
        return img

    def half_words(self, h: Any) -> str:
        parts = [f"{h.influence} influence"] if h.influence else []
        parts += ["wild icon" if i == -1 else self.c.icon_names[i] for i in h.icons]
        return ", ".join(parts)

    # --------------------------------------------------------------- hand
    def _hand(self, surf: pygame.Surface, view: dict[str, Any], hints: UIHints, hs: list[Hotspot]) -> None:
        rect = HAND_RECT
        L.panel(surf, rect)
        self._supply(surf, view, hs)
        self._legend(surf, hs)
        if hints.hidden_hand:
            L.text(surf, "(hidden)", rect.center, 18, L.TEXT_DIM, anchor="center")
            return
        L.text(surf, "Your hand", (rect.x + 12, rect.y + 8), 14, L.GOLD, bold=True)
        hand = played_first(self.ordered_hand(view["hand"], view["selected"]), view)
        x = rect.x + 12
        y = rect.y + 30
        for cid in hand:
            r = pygame.Rect(x, y, CARD_W, CARD_H)
            state = "chosen" if ("card", cid) in hints.chosen or cid == view["selected"] else (
                "choosable" if ("card", cid) in hints.choosable else "")
            self.draw_card(surf, r, cid, state)
            hs.append(Hotspot(r, "card", cid, self.card_tip(cid)))
            x += CARD_W + 8
        if view["first_player_card"] == view["seat"]:
            r = pygame.Rect(x, y + 30, 80, 110)
            pygame.draw.rect(surf, L.GOLD, r, border_radius=8)
            L.text(surf, "\u2691", (r.centerx, r.y + 20), 30, L.INK, anchor="midtop")
            L.text(surf, "first", (r.centerx, r.y + 62), 13, L.INK, bold=True, anchor="midtop")
            L.text(surf, "player", (r.centerx, r.y + 78), 13, L.INK, bold=True, anchor="midtop")
            hs.append(Hotspot(r, "fp", None, "The first player card: you resolve first. It is passed with your "
                              "hand and can never be played."))
            x += 90
        self._hand_mercs(surf, view, hints, hs)

    def merc_plan(self, mercs: list[str]) -> list[tuple[str, pygame.Rect, bool]]:
        """Where each mercenary in hand goes, under the hand's cards and left of the supply, after the words
        "Mercenaries": a chip each with its colours' badges and its name, in rows of MERC_ROW (play-test s7
        item 4: the cards showed their colours only); where a hand far over the limit does not fit so, the
        last ones badges only (their tips name them). Returns [(mercenary, chip, named)]."""
        label = text_size(MERC_LABEL, SMALLEST)[0] + 8
        for named in range(len(mercs), -1, -1):  # how many are named
            spots: list[tuple[str, pygame.Rect, bool]] = []
            x, y = MERC_X + label, MERC_Y
            for k, mid in enumerate(mercs):
                m = self.merc_by_id[mid]
                w = 4 + 19 * len(m.colors) + (text_size(m.name, SMALLEST)[0] + 6 if k < named else 0)
                if x + w > (MERC_RIGHT if y + MERC_ROW <= SUPPLY_RECT.y else SUPPLY_RECT.x - 8):
                    x, y = MERC_X, y + MERC_ROW
                spots.append((mid, pygame.Rect(x, y, w, MERC_ROW - 1), k < named))
                x += w + 5
            if y + MERC_ROW - 1 <= HAND_RECT.bottom - 3:
                return spots
        return spots

    def _hand_mercs(self, surf: pygame.Surface, view: dict[str, Any], hints: UIHints, hs: list[Hotspot]) -> None:
        """The mercenaries in hand, each named, with its colours (:meth:`merc_plan`)."""
        mercs = view["mercenaries"]
        L.text(surf, MERC_LABEL if mercs else f"{MERC_LABEL}: none", (MERC_X, MERC_Y + 1), SMALLEST, L.TEXT_DIM)
        for mid, r, named in self.merc_plan(mercs):
            m = self.merc_by_id[mid]
            pygame.draw.rect(surf, (70, 62, 58), r, border_radius=5)
            if ("merc", mid) in hints.choosable:
                pygame.draw.rect(surf, L.HILITE, r.inflate(2, 2), 2, border_radius=6)
            if ("merc", mid) in hints.chosen:
                pygame.draw.rect(surf, L.GOOD, r.inflate(4, 4), 3, border_radius=7)
            for k, col in enumerate(m.colors):
                L.badge(surf, pygame.Rect(r.x + 3 + 19 * k, r.y + 1, 16, 16), self.pillar_rgb(col),
                        self.c.pillar_letters[col])
            if named:
                L.text(surf, m.name, (r.x + 4 + 19 * len(m.colors) + 2, r.y + 1), SMALLEST, L.TEXT)
            hs.append(Hotspot(r, "merc", mid, f"{m.name}: pays bids in regions with "
                              + a_or_an(" or ".join(self.c.pillar_names[x] for x in m.colors)) + " claim token"))

    def _legend(self, surf: pygame.Surface, hs: list[Hotspot]) -> None:
        """The icons and their names, drawn as on the cards (right of the hand, above the supply)."""
        box = pygame.Rect(LEGEND_RECT)
        with L.box(box):
            L.text(surf, "Icons", (box.x + 4, box.y), SMALLEST, L.GOLD, bold=True)
            names = [(nm, self.c.icon_names[self.c.icon_ids.index(nm)]) for nm in self.c.icon_ids]
            names += [("influence", "Influence"), ("wild", WILD_LABEL)]
            rows = (len(names) + 1) // 2
            for k, (nm, label) in enumerate(names):
                x = box.x + 4 + (k // rows) * (box.w // 2)
                y = box.y + 19 + (k % rows) * 17
                draw_icon(surf, nm, (x + 7, y + 8), 14, self.icon_rgb(nm))
                L.text(surf, label, (x + 19, y), SMALLEST, L.TEXT)
        c = self.c
        tip = "Each icon belongs to one pillar (its colour): " + "; ".join(
            f"{c.icon_names[i]} ({c.pillar_names[c.icon_pillar[i]]})" for i in range(len(c.icon_ids)))
        hs.append(Hotspot(box, "legend", None, tip + ". A wild icon counts as any one icon of the pillar it is "
                          "tucked under (for each monument, the one that scores best); an arrow is one step of "
                          "influence on that pillar's track."))

    def _supply(self, surf: pygame.Surface, view: dict[str, Any], hs: list[Hotspot]) -> None:
        """The shared supplies: coins, wardens of each colour, the mercenary deck and discard."""
        with L.box(SUPPLY_RECT):
            self._supply_box(surf, view, hs)

    def _supply_box(self, surf: pygame.Surface, view: dict[str, Any], hs: list[Hotspot]) -> None:
        c = self.c
        box = SUPPLY_RECT
        pygame.draw.rect(surf, L.BG_PANEL_HI, box, border_radius=8)
        y = box.y + 6
        L.text(surf, "Supply", (box.x + 10, y + 1), SMALLEST, L.GOLD, bold=True)
        coins = view["coin_supply"]
        L.text(surf, f"{L.COIN} {coins}", (box.x + 70, y), 15, L.TEXT, bold=True)
        self.anchors[("supply", "coins")] = (box.x + 77, y + 9)
        hs.append(Hotspot(pygame.Rect(box.x + 68, y - 2, 56, 22), "supply", "coins",
                          f"Coin supply: {coins}. When it runs out, gathering players take coins from each other."))
        x = box.x + 128
        for col in range(5):
            k = view["warden_supply"][col]
            wr = pygame.Rect(x + col * 38, y, 18, 18)
            self.anchors[("supply", "warden", col)] = wr.center
            self._warden_badge(surf, wr, col, k > 0)
            L.text(surf, str(k), (wr.right + 3, y), 13, L.TEXT if k else L.TEXT_DIM)
            hs.append(Hotspot(wr, "supply", ("warden", col), f"{c.pillar_names[col]} wardens in the supply: {k}"))
        deck, disc = view["merc_deck"], len(view["merc_discard"])
        mx = box.x + 316
        L.text(surf, f"{L.MERC} {deck}", (mx, y), 15, L.TEXT, bold=True)
        L.text(surf, f"discard {disc}", (mx + 48, y + 1), SMALLEST, L.TEXT_DIM)
        self.anchors[("supply", "mercs")] = (mx + 8, y + 9)
        hs.append(Hotspot(pygame.Rect(mx, y - 2, 118, 22), "supply", "mercs",
                          f"Mercenary deck: {deck} cards; discard pile: {disc} (reshuffled when the deck runs out)"))

    def card_tip(self, cid: str) -> str:
        cd = self.card_by_id[cid]
        c = self.c

        def half(h: Any) -> str:
            return self.half_words(h) or "nothing"

        pillars = " or ".join(c.pillar_names[p] for p in cd.pillars)
        if cd.kind == CARD_RECKONING:
            head = f"Reckoning in {c.region_names[cd.region]}: a bidding war for a reward row (and a monument)."
        else:
            head = f"{L.ACTION_WORD[cd.action]} {cd.amount} {L.ACTION_NOUN[cd.action]}."
        return f"{head} Tuck under {pillars}. Top: {half(cd.halves[0])}. Bottom: {half(cd.halves[1])}."

    def draw_card(self, surf: pygame.Surface, r: pygame.Rect, cid: str, state: str = "") -> None:
        with L.box(r):
            self._draw_card(surf, r, cid, state)

    def _draw_card(self, surf: pygame.Surface, r: pygame.Rect, cid: str, state: str = "") -> None:
        c = self.c
        cd = self.card_by_id[cid]
        reck = cd.kind != 0
        base = (122, 52, 48) if reck else L.PARCHMENT
        ink = L.TEXT if reck else L.INK
        sh = pygame.Surface((r.w + 6, r.h + 6), pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 90), sh.get_rect(), border_radius=12)
        surf.blit(sh, (r.x - 1, r.y + 3))
        pygame.draw.rect(surf, base, r, border_radius=10)
        edge = {"chosen": L.GOOD, "choosable": L.HILITE}.get(state, (90, 70, 50))
        pygame.draw.rect(surf, edge, r, 3 if state else 2, border_radius=10)
        # pillar badges down the left edge
        for k, pl in enumerate(cd.pillars):
            L.badge(surf, pygame.Rect(r.x + 6, r.y + 48 + k * 26, 20, 20), self.pillar_rgb(pl), c.pillar_letters[pl])

        def half(h: Any, y: int, label: str) -> None:
            """The half's name on its first line, its icons on a line of their own below it (issue 22: at
            16 px beside the name they were ~10 px at 1280x720, and an open eye read as a closed one)."""
            hr = pygame.Rect(r.x + 4, y, r.w - 8, HALF_H)
            pygame.draw.rect(surf, L.shade(base, 0.88), hr, border_radius=6)
            L.text(surf, label, (hr.x + 4, hr.y + 1), 13, ink, bold=True)
            names = self.half_icons(h)
            cy = hr.bottom - 2 - CARD_ICON // 2
            if not names:
                L.text(surf, "\u2014", (hr.centerx, cy), 15, ink, anchor="center")
                return
            size = min(CARD_ICON, (hr.w - 8) // len(names) - 3)
            x = hr.centerx - (len(names) * (size + 3) - 3) // 2
            for k, nm in enumerate(names):  # each in its colour (wild: the card's pillars decide)
                draw_icon(surf, nm, (x + k * (size + 3) + size // 2, cy), size,
                          self.icon_rgb(nm, cd.pillars[0] if len(cd.pillars) == 1 else -1))

        half(cd.halves[0], r.y + 4, "TOP")
        half(cd.halves[1], r.bottom - 4 - HALF_H, "BOTTOM")
        if reck:  # centred right of the pillar badges (bold, "RECKONING" ran into them)
            mid = r.x + 30 + (r.w - 34) // 2
            L.text(surf, "RECKONING", (mid, r.y + 52), 13, L.GOLD, anchor="center")
            words = c.region_names[cd.region].split()
            for k, wd in enumerate(words):
                L.text(surf, wd, (mid, r.y + 72 + k * 16), 13, L.TEXT, serif=True, anchor="center")
        else:
            L.text(surf, L.ACTION_WORD[cd.action], (r.centerx + 10, r.y + 62), 15, ink, serif=True, anchor="center")
            L.text(surf, str(cd.amount), (r.centerx + 10, r.y + 92), 26, ink, bold=True, anchor="center")
            L.text(surf, L.ACTION_NOUN[cd.action], (r.centerx + 10, r.y + 114), 13, ink, anchor="center")
