"""How Res Arcana looks: essence icons, card faces drawn from the content data, plain-words tooltips.

No art files: every card is drawn from its data (kind, cost, points, collect, powers). Essences
differ in shape and letter as well as colour, so they read without colour: Elan a red triangle
(a flame), Life a green circle (a leaf), Calm a blue drop, Death a dark violet square (a skull's
box), Gold a gold diamond (a coin on edge).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.shell import text as T
from game.shell import theme as TH

ESS_KEYS = ("elan", "life", "calm", "death", "gold")
ESS_NAMES = ("Elan", "Life", "Calm", "Death", "Gold")
ESS_RGB = ((214, 72, 52), (86, 170, 84), (70, 130, 214), (118, 84, 150), (230, 190, 64))
ESS_SHAPE = ("triangle", "circle", "drop", "square", "diamond")
ESS_LETTER = ("E", "L", "C", "D", "G")
ESS_LOOKS = ("a red triangle, a flame", "a green circle, a leaf", "a blue drop", "a violet square",
             "a gold diamond, a coin")
ANY_RGB = (150, 150, 156)

KIND_NAMES = {"artifact": "Artifact", "mage": "Mage", "magic_item": "Magic item", "monument": "Monument",
              "place_of_power": "Place of power"}
KIND_RGB = {"artifact": (150, 108, 62), "mage": (112, 78, 150), "magic_item": (46, 130, 128),
            "monument": (120, 120, 128), "place_of_power": (176, 140, 50)}
PARCH = (238, 228, 204)
INK = (40, 32, 24)


def essence_icon(surface: pygame.Surface, center: tuple[float, float], r: float, e: int,
                 letter: bool = True) -> pygame.Rect:
    """One essence: its shape in its colour, its initial inside when there is room."""
    rgb = ESS_RGB[e]
    shape = ESS_SHAPE[e]
    cx, cy = center
    if shape == "drop":
        edge = TH.shade(rgb, 0.35)
        pts = [(cx, cy - r * 1.25)] + [(cx + r * math.cos(a), cy + r * 0.2 + r * math.sin(a))
                                       for a in [math.pi * (-0.15 + 1.3 * i / 16) for i in range(17)]]
        pygame.draw.polygon(surface, edge, pts)
        inner = [(cx, cy - r * 1.25 + 3)] + [(cx + (r - 2) * math.cos(a), cy + r * 0.2 + (r - 2) * math.sin(a))
                                             for a in [math.pi * (-0.15 + 1.3 * i / 16) for i in range(17)]]
        rect = pygame.draw.polygon(surface, rgb, inner)
        if letter and r >= 7:
            T.draw_text(surface, ESS_LETTER[e], (cx, cy + r * 0.2), max(9, int(r * 1.05)), TH.readable_on(rgb),
                        bold=True, anchor="center")
        return rect
    return TH.draw_marker(surface, center, r, rgb, shape, ESS_LETTER[e] if letter and r >= 7 else "")


def any_icon(surface: pygame.Surface, center: tuple[float, float], r: float, n: int | str = "") -> pygame.Rect:
    """Essences of any type: a grey pentagon (with a number)."""
    cx, cy = center
    angles = [-math.pi / 2 + 2 * math.pi * i / 5 for i in range(5)]
    pts = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]
    pygame.draw.polygon(surface, (70, 70, 74), pts)
    inner = [(cx + (r - 2) * math.cos(-math.pi / 2 + 2 * math.pi * i / 5),
              cy + (r - 2) * math.sin(-math.pi / 2 + 2 * math.pi * i / 5)) for i in range(5)]
    rect = pygame.draw.polygon(surface, ANY_RGB, inner)
    if n != "" and r >= 6:
        T.draw_text(surface, str(n), (cx, cy + 1), max(9, int(r * 1.1)), INK, bold=True, anchor="center")
    return rect


def essence_row(surface: pygame.Surface, x: int, cy: int, vec: Any, r: int = 8, any_n: int = 0,
                colour: Any = INK, size: int | str = "tiny", show_zero: bool = False, gap: int = 4,
                counts: bool = False) -> int:
    """Counts of essences as icon + number, left to right from ``x``; returns the x after the last."""
    for e in range(5):
        v = vec[e] if e < len(vec) else 0
        if not v and not show_zero:
            continue
        essence_icon(surface, (x + r, cy), r, e, letter=r >= 9)
        x += 2 * r + 2
        if v != 1 or show_zero or counts:
            rr = T.draw_text(surface, str(v), (x, cy), size, colour, bold=True, anchor="midleft")
            x = rr.right
        x += gap
    if any_n:
        any_icon(surface, (x + r, cy), r, any_n)
        x += 2 * r + 2 + gap
    return x


def ess_words(vec: Any, any_n: int = 0) -> str:
    parts = [f"{v} {ESS_NAMES[e]}" for e, v in enumerate(vec) if v]
    if any_n:
        parts.append(f"{any_n} of any type")
    return ", ".join(parts) if parts else "nothing"


# ---------------------------------------------------------------- card faces
# The icon grammar of a card face, one row per ability: "\u21bb" each round (collect); a curved arrow:
# tap this card; an essence icon with its count; a grey pentagon: essences of any type; "\u25b6" then;
# "on card": onto this card. Words are whole words: a row wraps onto the next line, it is never cut.
def _glyphs_of_gain(g: Any, excludes_gold: bool = False) -> list[tuple]:
    out: list[tuple] = [("ess", e, v) for e, v in enumerate(g.fixed) if v]
    if g.any:
        out.append(("any", g.any))
        left_out = [ESS_NAMES[e] for e in range(5) if not g.mask >> e & 1 or (excludes_gold and e == 4)]
        if left_out:  # "not Gold", "not Gold or Death" (Celestial Horse)
            out.append(("txt", "not " + " or ".join(left_out)))
    if g.one_of:
        for k, e in enumerate(g.one_of):
            if k:
                out.append(("txt", "/"))
            out.append(("ess", e, 1))
    return out


_UNTAP = {"creature_turned": "untap 1 creature", "any_turned": "untap 1 card", "this": "untap this"}


def _place_words(e: dict[str, Any]) -> str:
    what = "a dragon" if e.get("subtype") == "dragon" else "an artifact"
    src = {"own_discard": "from your discards", "hand": "from hand",
           "any_player_discard": "from any discards"}.get(e.get("from", ""), "")
    red = e.get("cost_reduction") or {}
    cost = ""
    if "cost_override" in e:
        cost = ", free"
    elif red:
        cost = f", {red['amount']} less" + (" (not Gold)" if "gold" in red.get("excludes", []) else "")
    return f"place {what} {src}{cost}".replace("  ", " ")


def _way_out(options: list[dict[str, Any]]) -> list[tuple]:
    """How a rival may escape an attack, after "rivals lose 2 Life": "unless they pay [Calm]", "unless they
    discard 1 card", "unless they destroy 1 artifact" (several: joined by "or")."""
    out: list[tuple] = []
    for k, option in enumerate(options):
        out.append(("txt", "unless they" if not k else "or"))
        if option.get("pay"):
            out += [("txt", "pay")] + [("ess", ESS_KEYS.index(key), v) for key, v in option["pay"].items() if v]
        if option.get("discard_from_hand"):
            out.append(("txt", f"discard {option['discard_from_hand']} card"))
        if option.get("destroy_own_artifact"):
            out.append(("txt", f"destroy {option['destroy_own_artifact']} artifact"))
    return out


def _converted_glyphs(e: dict[str, Any]) -> list[tuple]:
    """What X essences of one type turn into, from the effect's ``to``: X Gold (Athanor, Philosopher's
    Stone), or X of one other type less the ones it ``excludes`` (Prism: "not Gold")."""
    to = e.get("to", "one_other_type")
    if to in ESS_KEYS:
        return [("ess", ESS_KEYS.index(to), "X")]
    left_out = [ESS_NAMES[ESS_KEYS.index(k)] for k in e.get("excludes") or () if k in ESS_KEYS]
    return [("txt", "X of one other type" + (f" (not {' or '.join(left_out)})" if left_out else ""))]


def effect_glyphs(e: dict[str, Any]) -> list[tuple]:
    op = e["op"]
    if op == "gain":
        gl = _glyphs_of_gain(e["_gain"])
        return gl + ([("txt", "on card")] if e.get("to") == "self" else [])
    if op == "rivals_gain":
        return [("txt", "each rival gains")] + _glyphs_of_gain(e["_gain"])
    if op == "life_loss":
        return [("txt", "rivals lose"), ("ess", 1, e["amount"])] + _way_out(e.get("rival_may_ignore_by") or [])
    if op == "ignore_life_loss":
        return [("txt", "stop the attack")]
    if op == "straighten":
        return [("txt", _UNTAP.get((e.get("target") or {}).get("component", ""), "untap 1 card"))]
    if op == "draw_cards":
        return [("txt", f"draw {e['count']}")]
    if op == "look_top_reorder":
        return [("txt", f"look at the top {e.get('count', 3)} of a deck, reorder")]
    if op == "draw_then_discard":
        return [("txt", "draw 3, then discard 3")]
    if op == "place_artifact":
        return [("txt", _place_words(e))]
    if op in ("gain_cost_of_destroyed", "gain_cost_of_discarded"):
        mod = f" +{e['modifier']}" if e.get("modifier") else ""
        as_ = " as Gold" if e.get("_gold") else " (not Gold)"
        return [("txt", f"gain its cost{mod}{as_}")]
    if op == "gain_equal_to_rival_pool":
        gain, count = ESS_KEYS.index(e["gain"]), ESS_KEYS.index(e["count"])
        return [("ess", gain, 1), ("txt", "per"), ("ess", count, 1), ("txt", "of a rival")]
    if op == "convert_paid_identical":
        return _converted_glyphs(e)
    if op == "put_paid_essence_on":
        return [("txt", "put it on " + ("this card" if (e.get("target") or {}).get("component") == "this"
                                        else "a card"))]
    if op == "check_victory_now":
        return [("txt", "victory check now")]
    if op == "temp_vp":
        return [("txt", f"+{e['amount']} points this check")]
    return [("txt", op.replace("_", " "))]


def power_cost_glyphs(pw: Any) -> list[tuple]:
    out: list[tuple] = []
    if pw.turn:
        out.append(("turn",))
    out += [("ess", e, v) for e, v in enumerate(pw.pay) if v]
    if pw.pay_any:
        out.append(("any", pw.pay_any))
    for k, e in enumerate(pw.pay_one_of):
        if k:
            out.append(("txt", "/"))
        out.append(("ess", e, 1))
    if pw.identical:
        out.append(("any", "X"))
        out.append(("txt", "of one type"))
    if any(pw.remove_self):
        out.append(("txt", "off card:"))
        out += [("ess", e, v) for e, v in enumerate(pw.remove_self) if v]
    if pw.turn_other:
        out.append(("txt", f"tap 1 {pw.turn_other}"))
    if pw.destroy_self:
        out.append(("txt", "destroy this"))
    if pw.destroy is not None:
        kinds = "/".join(pw.destroy[1]) if pw.destroy[1] else "artifact"
        out.append(("txt", f"destroy 1 {kinds}" if pw.destroy[0] or pw.destroy[1] else "destroy 1 artifact"))
    if pw.discard:
        out.append(("txt", "discard 1 card"))
    return out


def ability_rows(cd: Any) -> list[list[tuple]]:
    """The card's abilities in the icon grammar: collect, discount, points formula, each power."""
    rows: list[list[tuple]] = []
    for g in cd.collect:
        rows.append([("txt", "\u21bb")] + _glyphs_of_gain(g))
    if cd.conditional == "vault":
        rows.append([("txt", "\u21bb if Gold on it:"), ("any", 2), ("txt", "not Gold")])
    elif cd.conditional:
        rows.append([("txt", "\u21bb if essences on it: 2 more of each")])
    if cd.forge:
        rows.append([("txt", "\u21bb pay"), ("ess", 3, 1), ("txt", "or tap it")])
    if cd.discount is not None:
        amt, no_gold, dragons = cd.discount
        rows.append([("txt", f"{'dragons' if dragons else 'artifacts'} cost {amt} less"
                             + (" (not Gold)" if no_gold else ""))])
    for f in cd.vp_formula:
        if f[0] == "essence":
            rows.append([("txt", f"{f[2]} point per"), ("ess", ESS_KEYS.index(f[1]), 1), ("txt", "on it")])
        else:
            rows.append([("txt", f"{f[2]} point per {f[1]}")])
    if cd.on_claim is not None:  # a monument's gain as it is claimed (Obelisk)
        rows.append([("txt", "when claimed:")] + _glyphs_of_gain(cd.on_claim))
    for pw in cd.powers:
        pre = [("txt", "React:")] if pw.reaction else []
        effects: list[tuple] = []
        for k, e in enumerate(pw.effects):  # "and" between two effects: "2 Death and each rival gains 1 Death"
            effects += ([("txt", "and")] if k else []) + effect_glyphs(e)
        rows.append(pre + power_cost_glyphs(pw) + [("arrow",)] + effects)
    return rows


def brief_rows(cd: Any, level: int = 1) -> list[list[tuple]]:
    """The card's abilities in fewer words, for a rival's compact face with no room for the whole rows: each
    still says what it does. ``level`` 1: a power's cost and effect without how a rival may escape it
    ("rivals lose [Life] 2", no "unless they pay ..."); ``level`` 2: what a power does alone, after the "then"
    arrow (its cost in the tooltip). Collecting, discounts and points as on the face."""
    rows = ability_rows(cd)
    out: list[list[tuple]] = []
    k0 = len(rows) - len(cd.powers)
    for k, row in enumerate(rows):
        if k < k0:
            out.append(row)
            continue
        pw = cd.powers[k - k0]
        effects: list[tuple] = []
        for j, e in enumerate(pw.effects):
            got = effect_glyphs(e)
            if e["op"] == "life_loss":  # the way out left to the tooltip
                got = got[:2]
            effects += ([("txt", "and")] if j else []) + got
        pre = [("txt", "React:")] if pw.reaction else []
        out.append(pre + (power_cost_glyphs(pw) if level == 1 else []) + [("arrow",)] + effects)
    return out


def _tokens(row: list[tuple], r: int, size: int) -> list[tuple[tuple, int]]:
    """A row's glyphs split into unbreakable pieces (a text glyph into its words), each with its width."""
    out: list[tuple[tuple, int]] = []
    for g in row:
        if g[0] == "txt":
            for word in g[1].split(" "):
                out.append((("txt", word), T.text_size(word, size)[0]))
        elif g[0] == "ess":
            out.append((g, 2 * r + 1 + (T.text_size(str(g[2]), size, bold=True)[0] if g[2] != 1 else 0)))
        elif g[0] == "any":
            out.append((g, 2 * r + 3 + T.text_size(str(g[1]), size, bold=True)[0]))
        elif g[0] == "turn":
            out.append((g, 2 * r + 3))
        else:
            out.append((g, max(9, size * 2 // 3)))
    return out


def glyph_lines(row: list[tuple], width: int, r: int, size: int, first: int | None = None
                ) -> list[list[tuple[tuple, int]]]:
    """The row broken into lines no wider than ``width`` (a piece wider than the line has one alone);
    ``first``: the first line's width (it is left empty when not even the first piece fits in it)."""
    lines: list[list[tuple[tuple, int]]] = [[]]
    x = 0
    for tok, w in _tokens(row, r, size):
        if len(lines) == 1 and first is not None and x + w > first:
            lines.append([])
            x = 0
            first = None
        elif lines[-1] and x + w > width:
            lines.append([])
            x = 0
        lines[-1].append((tok, w))
        x += w + _gap(size)
    return lines


def _gap(size: int) -> int:
    """The space between two pieces of a row: a word space at this text size."""
    return max(4, size // 3)


def draw_glyph_line(surface: pygame.Surface, x: int, cy: int, line: list[tuple[tuple, int]], r: int, size: int,
                    colour: Any = INK) -> int:
    for g, w in line:
        if g[0] == "ess":
            essence_icon(surface, (x + r, cy), r, g[1], letter=r >= 9)
            if g[2] != 1:
                T.draw_text(surface, str(g[2]), (x + 2 * r + 1, cy), size, colour, bold=True, anchor="midleft")
        elif g[0] == "any":
            any_icon(surface, (x + r, cy), r)
            T.draw_text(surface, str(g[1]), (x + 2 * r + 2, cy), size, colour, bold=True, anchor="midleft")
        elif g[0] == "turn":
            pygame.draw.arc(surface, colour, (x, cy - r, 2 * r, 2 * r), 0.3, 4.6, 2)
            tip = [(x + 2 * r - 1, cy - 4), (x + 2 * r + 3, cy + 1), (x + 2 * r - 5, cy + 1)]
            pygame.draw.polygon(surface, colour, tip)
        elif g[0] == "arrow":
            a = w // 2
            pygame.draw.polygon(surface, colour, [(x, cy - a), (x + w - 2, cy), (x, cy + a)])
        else:
            T.draw_text(surface, g[1], (x, cy), size, colour, anchor="midleft")
        x += w + _gap(size)
    return x


def draw_glyphs(surface: pygame.Surface, x: int, cy: int, glyphs: list[tuple], r: int, size: int | str,
                colour: Any = INK, right: int | None = None) -> int:
    """One line of glyphs from ``x`` (as many pieces as end before ``right``); returns the x after them."""
    px = TH.current().size(size)
    line = [(g, w) for g, w in _tokens(glyphs, r, px)]
    if right is not None:
        kept, end = [], x
        for g, w in line:
            if end + w > right:
                break
            kept.append((g, w))
            end += w + _gap(px)
        line = kept
    return draw_glyph_line(surface, x, cy, line, r, px, colour)


def type_line(cd: Any, kind_said: bool = False) -> str:
    """"Artifact · Dragon, Creature"; with ``kind_said`` (every card around is of that kind, as in a match's
    pool of artifacts) only what sets it apart, "Dragon, Creature", or "" for a plain one."""
    subs = [s for s, on in (("Dragon", cd.dragon), ("Creature", cd.creature)) if on]
    if kind_said:
        return ", ".join(subs)
    return KIND_NAMES.get(cd.kind, cd.kind) + (" \u00b7 " + ", ".join(subs) if subs else "")


def face_sizes(w: int, px: int | None = None) -> tuple[int, int, int]:
    """Text size, icon radius and line height of a card face ``w`` wide: 13 px at the table's size, more
    on a larger face (the card view), or ``px`` when given."""
    px = px or max(13, round(13 * w / 136))
    r = max(7, px // 2 + 1)
    return px, r, max(T.line_height(px), 2 * r + 2) + 1


def points_badge(surface: pygame.Surface, center: tuple[int, int], cd: Any, px: int) -> pygame.Rect:
    label = str(cd.vp) if not cd.vp_formula or cd.vp else "*"
    if cd.vp_formula and cd.vp:
        label = f"{cd.vp}+"
    tw, th = T.text_size(label, px, bold=True)
    rad = max(th, tw + 6) // 2 + 1
    pygame.draw.circle(surface, (120, 84, 26), center, rad)
    pygame.draw.circle(surface, (246, 214, 120), center, rad - 2)
    T.draw_text(surface, label, center, px, INK, bold=True, anchor="center")
    return pygame.Rect(center[0] - rad, center[1] - rad, 2 * rad, 2 * rad)


def _name_lines(cd: Any, room: int, px: int) -> tuple[list[str], int, bool]:
    """A card's name in a band ``room`` wide: its lines, text size and boldness (never a word broken)."""
    size, bold = px + 1, True
    for size, bold in ((px + 1, True), (px, True), (px, False)):
        if max(T.text_size(word, size, bold=bold)[0] for word in cd.name.split()) <= room \
                and len(T.wrap(cd.name, room, size, bold=bold)) <= 2:
            break
    return T.wrap(cd.name, room, size, bold=bold), size, bold


def _name_band(surface: pygame.Surface, face: pygame.Rect, cd: Any, px: int, rad: int) -> int:
    border = KIND_RGB.get(cd.kind, (120, 120, 120))
    lines, size, bold = _name_lines(cd, face.w - 8, px)
    lh = T.line_height(size, bold=True)
    band = pygame.Rect(face.x, face.y, face.w, lh * len(lines) + 6)
    pygame.draw.rect(surface, border, band, border_top_left_radius=rad - 1, border_top_right_radius=rad - 1)
    y = band.y + 3
    for ln in lines:
        T.draw_text(surface, ln, (band.centerx, y), size, (252, 248, 236), bold=bold, anchor="midtop")
        y += lh
    return band.bottom


CHIP_R = 7  # the essences on a card: icons as large as a cost's, each with its count (a lone one's too)
CHIP_INK = (250, 244, 230)
last_chips: list[pygame.Rect] = []  # the chips of essences drawn on the last card drawn (a test reads them)


def _chip_pieces(on: Any, px: int, tapped: bool) -> list[list[tuple[tuple, int]]]:
    """The chip's contents, each kind with its count, else their total: pieces with their widths."""
    told = [(("txt", "tapped"), T.text_size("tapped", px)[0])] if tapped else []

    def count_w(n: int) -> int:
        return 2 * CHIP_R + 2 + T.text_size(str(n), px, bold=True)[0]

    return [told + [(("ess", e, v), count_w(v)) for e, v in enumerate(on) if v],
            told + [(("any", sum(on)), count_w(sum(on)))]]


def _essence_chip(surface: pygame.Surface | None, cy: int, left: int, right: int, on: Any, r: int, px: int,
                  tapped: bool = False) -> pygame.Rect | None:
    """The essences on a card in a dark chip ending at ``right`` on the line at ``cy``: each kind with its
    count at the face's text size (a lone essence says "1" too; the icons as large as the cost's, the chip as
    tall as the line, over no text), else their total; None (nothing drawn) when neither fits between ``left``
    and ``right``. ``surface`` None only measures. (``r``: the face's icon size, the chip's no smaller.)"""
    rad = max(r, CHIP_R)
    for line in _chip_pieces(on, px, tapped):
        width = sum(w for _, w in line) + _gap(px) * (len(line) - 1) + 10
        if right - width >= left:
            chip = pygame.Rect(right - width, cy - rad - 2, width, 2 * rad + 4)
            if surface is not None:
                last_chips.append(chip)
                pygame.draw.rect(surface, (60, 52, 44), chip, border_radius=5)
                x = chip.x + 5
                for g, w in line:
                    if g[0] == "txt":
                        T.draw_text(surface, g[1], (x, cy), px, CHIP_INK, anchor="midleft")
                    else:
                        (essence_icon(surface, (x + rad, cy), rad, g[1], letter=False) if g[0] == "ess"
                         else any_icon(surface, (x + rad, cy), rad))
                        T.draw_text(surface, str(g[-1]), (x + 2 * rad + 2, cy), px, CHIP_INK, bold=True,
                                    anchor="midleft")
                    x += w + _gap(px)
            return chip
    return None


def _cost_row(surface: pygame.Surface, face: pygame.Rect, cd: Any, cy: int, px: int, r: int, row_h: int,
              on: Any, tapped: bool = False) -> None:
    """The row under the name: the cost (left), the points (right) and, between them, the essences on the
    card; where cost and essences cannot share the row the cost gives way (the card view still shows it)."""
    right = face.right - 3
    if cd.vp or cd.vp_formula:
        right = points_badge(surface, (face.right - 4 - row_h // 2, cy), cd, px).x - 3
    cost = glyph_lines([("ess", e, v) for e, v in enumerate(cd.cost) if v]
                       + ([("any", cd.cost_any)] if cd.cost_any else []), face.w - 40, r, px)[0]
    if not cost and cd.kind == "artifact":
        cost = [(("txt", "free"), T.text_size("free", px)[0])]
    cost_end = face.x + 4 + sum(w + _gap(px) for _, w in cost)
    if on is not None and any(on) and _essence_chip(None, cy, cost_end, right, on, r - 1, px, tapped) is None:
        cost, cost_end = [], face.x + 4
    if cost and cost[0][0] == ("txt", "free"):
        T.draw_text(surface, "free", (face.x + 5, cy), px, (110, 100, 88), anchor="midleft")
    elif cost:
        draw_glyph_line(surface, face.x + 4, cy, cost, r, px)
    if on is not None and any(on):
        _essence_chip(surface, cy, cost_end, right, on, r - 1, px, tapped)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, cd: Any, on: Any = None, dim: bool = False,
              px: int | None = None, kind_said: bool = False) -> bool:
    """A card face from its data inside ``rect``: name, cost, points, type and every ability in the icon
    grammar, at 13 px or more. The essences on it share a line with the cost or the type, so they take no
    text's room. ``kind_said``: the kind goes without saying (``type_line``), a plain card has no type line.
    Returns False when some rows did not fit (a chevron at the foot says so: the card view shows them all)."""
    w, h = rect.size
    px, r, row_h = face_sizes(w, px)
    last_chips.clear()
    border = KIND_RGB.get(cd.kind, (120, 120, 120))
    rad = max(4, w // 12)
    pygame.draw.rect(surface, TH.shade(border, 0.55), rect, border_radius=rad)
    face = rect.inflate(-4, -4)
    pygame.draw.rect(surface, PARCH if not dim else (190, 182, 166), face, border_radius=rad - 1)
    y = _name_band(surface, face, cd, px, rad) + 3
    held = on is not None and any(on)
    bottom = face.bottom - 3
    said = "tapped" if dim else type_line(cd, kind_said)  # a tapped card says so, upright
    status = T.wrap(said, face.w - 8, px) if said else []
    has_cost_row = any(cd.cost) or cd.cost_any or cd.kind == "artifact" or cd.vp or cd.vp_formula
    type_end = face.x + 4 + (T.text_size(status[-1], px, bold=dim)[0] + _gap(px) if status else 0)
    on_type_line = not has_cost_row and held and bool(status) \
        and _essence_chip(None, 0, type_end, face.right - 3, on, r - 1, px)
    shown = y + row_h * (not on_type_line) + T.line_height(px) * len(status) <= bottom
    if has_cost_row:
        _cost_row(surface, face, cd, y + row_h // 2, px, r, row_h, on, tapped=dim and not shown)
        y += row_h
    elif held and not (on_type_line and shown):  # no cost, no room beside the type: a row of their own
        _essence_chip(surface, y + row_h // 2, face.x + 4, face.right - 3, on, r - 1, px, tapped=dim and not shown)
        y += row_h
    whole = shown = shown and y + T.line_height(px) * len(status) <= bottom  # a short face: "tapped" in the chip
    for ln in status if shown else []:
        T.draw_text(surface, ln, (face.x + 4, y), px, (150, 60, 40) if dim else (96, 86, 74), bold=dim)
        y += T.line_height(px)
    if on_type_line and shown:
        _essence_chip(surface, y - T.line_height(px) // 2, type_end, face.right - 3, on, r - 1, px)
    y += 3
    for row in ability_rows(cd) if whole else []:
        lines = glyph_lines(row, face.w - 8, r - 1, px)
        if y + row_h * len(lines) > bottom:
            whole = False
            break
        pygame.draw.line(surface, (214, 200, 170), (face.x + 3, y - 1), (face.right - 3, y - 1))
        for line in lines:
            draw_glyph_line(surface, face.x + 4, y + row_h // 2, line, r - 1, px)
            y += row_h
    if not whole:  # more below: a chevron at the right, not a cut word
        cx, by = face.right - 12, bottom + 1
        pygame.draw.polygon(surface, (150, 120, 80), [(cx - 7, by - 6), (cx + 7, by - 6), (cx, by)])
    return whole


def face_height(cd: Any, w: int, on: Any = None, dim: bool = False, kind_said: bool = False) -> int:
    """The least height at which ``draw_card`` shows the whole of ``cd`` on a face ``w`` wide (measured by
    drawing it on a scratch surface; the texts drawn go out of the registry again)."""
    lo, hi = 40, 400  # lo: cut for any card (the name band and the cost row alone); hi: whole for any card
    while hi - lo > 1:
        mid = (lo + hi) // 2
        before = len(T.registry.items)
        whole = draw_card(pygame.Surface((w, mid), pygame.SRCALPHA), pygame.Rect(0, 0, w, mid), cd, on, dim,
                          kind_said=kind_said)
        del T.registry.items[before:]
        lo, hi = (lo, mid) if whole else (mid, hi)
    return hi


COMPACT_PX, COMPACT_R = 13, 6  # a compact face's text size and essence icons
COMPACT_STYLES = ((13, True), (13, False))  # its name: bold, else regular, on one or two lines


def _compact_rows(cd: Any, w: int, level: int = 0, first: int | None = None) -> list[list[list[tuple[tuple, int]]]]:
    """A compact face's abilities (each as its lines of glyphs) at width ``w``: as on the face (``level`` 0),
    else in fewer words (``brief_rows``); ``first``: run on (``RUN_ON``), its first line's width (the room
    left on the line saying "tapped" and the essences on it: its first line there, maybe empty)."""
    if level == RUN_ON:  # every ability in the fewest words, run on in one paragraph, a dot between two
        row: list[tuple] = []
        for k, part in enumerate(brief_rows(cd, 1) or _no_ability(cd)):
            row += ([("txt", "\u2022")] if k else []) + part
        return [glyph_lines(row, w - 12, COMPACT_R, COMPACT_PX, first)] if row else []
    rows = (ability_rows(cd) if not level or level == VAGUE else brief_rows(cd, level)) or _no_ability(cd)
    return [glyph_lines(row, w - 12, COMPACT_R, COMPACT_PX) for row in rows]


RUN_ON, VAGUE = 3, 4  # a compact face's abilities run on in one paragraph; in short ("+N more", their kinds)
# the shorter wordings a compact face tries before "+N more": never level 2 (a power without its cost: Fiery
# Whip read "> gain its cost +2" without the tap and "destroy 1 artifact" it costs, play-test t2 item 3); an
# ability is said whole with its cost, else left to "+N more"
BRIEF_LEVELS = (1, RUN_ON)


def _no_ability(cd: Any) -> list[list[tuple]]:
    """What a compact face says of a card with no ability (Nightingale: its points alone): its type line, so
    the face is never an empty body."""
    return [[("txt", type_line(cd))]]


def _badge_w(cd: Any) -> int:
    return T.line_height(COMPACT_PX, bold=True) + 4 if cd.vp or cd.vp_formula else 0


def _compact_name(cd: Any, w: int) -> tuple[list[str], bool, int]:
    """A compact face's name: its lines, boldness and the room its points badge takes at the band's right
    (0: none kept, the name needing the whole width: the badge goes beside its last line when that leaves
    room). On one line, bold, else regular, else on two; never a word broken across lines."""
    badge = _badge_w(cd)
    for room, bold in ((w - 12 - badge, True), (w - 12 - badge, False)):
        if T.text_size(cd.name, COMPACT_PX, bold=bold)[0] <= room:
            return [cd.name], bold, badge
    for room, keep in ((w - 12 - badge, badge), (w - 12, 0)):
        if max(T.text_size(word, COMPACT_PX)[0] for word in cd.name.split()) <= room:
            return T.wrap(cd.name, room, COMPACT_PX), False, keep
    return T.wrap(cd.name, w - 12, COMPACT_PX), False, 0


def _compact_sizes(cd: Any, w: int, on: Any, tapped: bool, level: int = 0) -> tuple[int, int, list[int]]:
    """A compact face ``w`` wide: the height of its top (name band and, for a tapped card or one holding
    essences, the line saying so), its line height, and each ability's height (``level``: see
    ``_compact_rows``; in fewer words, no gap between abilities, a hairline between them)."""
    row_h = T.line_height(COMPACT_PX) + 1
    lines = _compact_name(cd, w)[0]
    top = 2 + T.line_height(COMPACT_PX, bold=True) * len(lines) + 2 + 1
    top += row_h if tapped or (on is not None and any(on)) else 0
    gap = 2 if level in (0, VAGUE) else 0
    room = _status_room(w, on, tapped) if level == RUN_ON else None
    if room is not None:  # the paragraph's first line on the status line
        return top, row_h, [row_h * (len(r) - 1) for r in _compact_rows(cd, w, level, room[1] - room[0])]
    return top, row_h, [row_h * len(r) + gap for r in _compact_rows(cd, w, level)]


def _status_room(w: int, on: Any, tapped: bool) -> tuple[int, int] | None:
    """Where text may go on a compact face's status line (after "tapped", before the chip of essences on
    it), from the card's left edge; None for a card with no status line."""
    if on is not None and any(on):
        chip = _essence_chip(None, 0, 7, w - 5, on, COMPACT_R, COMPACT_PX, tapped)
        return (6, chip.x - 6) if chip is not None else None
    if tapped:
        return 7 + T.text_size("tapped", COMPACT_PX, bold=True)[0] + 6, w - 6
    return None


def ability_kinds(cd: Any, glyph: bool = False) -> str:
    """A card's abilities in a few words, for a compact face with no room for one of them: "attack",
    "2 actions", "collects, reaction" (what kind each is; the tooltip and the card view say what they do);
    ``glyph``: its collecting said by the faces' each-round sign, "\u21bb, 2 actions"."""
    kinds: list[str] = ["\u21bb" if glyph else "collects"] * (len(cd.collect) + bool(cd.conditional) + bool(cd.forge))
    kinds += ["discount"] * (cd.discount is not None) + ["points"] * len(cd.vp_formula)
    kinds += ["on claim"] * (cd.on_claim is not None)
    for pw in cd.powers:
        kinds.append("reaction" if pw.reaction else "attack" if any(e["op"] == "life_loss" for e in pw.effects)
                     else "action")
    words: list[str] = []
    for k in dict.fromkeys(kinds):
        n = kinds.count(k)
        words.append(k if n == 1 or k in ("collects", "\u21bb", "points", "discount") else f"{n} {k}s")
    return ", ".join(words)


def _kinds_lines(cd: Any, w: int) -> list[str]:
    """The kinds of a compact face's abilities in lines ``w`` wide: in words on one line, else with the
    each-round sign on one line, else in words wrapped."""
    for glyph in (False, True):
        lines = T.wrap(ability_kinds(cd, glyph), w - 12, COMPACT_PX)
        if len(lines) <= 1:
            return lines
    return T.wrap(ability_kinds(cd), w - 12, COMPACT_PX)


def _kinds_inline(cd: Any, w: int, on: Any, tapped: bool) -> tuple[str, int, int] | None:
    """The kinds of a compact face's abilities on its status line ("tapped" and the essences on it): the
    words and where they go from the card's left edge (left, right); None when they do not fit there."""
    if not ability_kinds(cd) or not (tapped or (on is not None and any(on))):
        return None
    for words in (ability_kinds(cd), ability_kinds(cd, glyph=True)):
        width = T.text_size(words, COMPACT_PX)[0]
        if on is not None and any(on):  # the chip at the right, each essence or (no room) their total
            chip = _essence_chip(None, 0, 7 + width + 6, w - 5, on, COMPACT_R, COMPACT_PX, tapped)
            if chip is not None:
                return words, 7, chip.x - 6
            continue
        left, right = 7 + T.text_size("tapped", COMPACT_PX, bold=True)[0] + 8, w - 5
        if width <= right - left:
            return words, left, right
    return None


def compact_height(cd: Any, w: int, on: Any = None, tapped: bool = False, short: bool | str = False) -> int:
    """The height at which ``draw_compact`` shows the whole of ``cd`` ``w`` wide; ``short``: the least height
    at which it still says what every ability does, in fewer words (``brief_rows``); ``short`` "vague": the
    least at which it shows its abilities in short: one ability and "+N more", or what kinds they are (or the
    whole card, when that is no taller)."""
    top, row_h, rows = _compact_sizes(cd, w, on, tapped)
    whole = top + sum(rows) + 3
    if not short or not rows:
        return whole
    if short != "vague":  # every ability still said, in the fewest words
        return min([whole] + [top + sum(_compact_sizes(cd, w, on, tapped, lv)[2]) + 3 for lv in BRIEF_LEVELS])
    kinds = top + 3 if _kinds_inline(cd, w, on, tapped) else top + 2 + row_h * len(_kinds_lines(cd, w)) + 3
    return min(whole, kinds, top + min(rows) + row_h + 3) if len(rows) > 1 else min(whole, kinds)


def _shown_rows(heights: list[int], room: int, row_h: int) -> list[int]:
    """Which abilities a compact face shows in ``room``: all when they fit; else, in their order, each that
    still fits with a line left for "+N more" (a long one skipped, a shorter one after it shown)."""
    if sum(heights) <= room:
        return list(range(len(heights)))
    shown: list[int] = []
    for k, h in enumerate(heights):
        if sum(heights[j] for j in shown) + h + row_h <= room:
            shown.append(k)
    return shown


def more_words(n: int) -> str:
    """What a compact face says for the abilities it has no room for (the tooltip and card view show them)."""
    return f"+{n} more"


def compact_level(cd: Any, w: int, h: int, on: Any = None, tapped: bool = False) -> int:
    """How a compact face ``w`` x ``h`` says its abilities: 0 whole, 1 in fewer words (``brief_rows``: each
    still says what it does, with its cost), ``RUN_ON`` so and run on in one paragraph, ``VAGUE`` in short
    ("+N more", or what kinds they are)."""
    for level in (0,) + BRIEF_LEVELS:
        top, _row_h, rows = _compact_sizes(cd, w, on, tapped, level)
        if top + sum(rows) + 3 <= h:
            return level
    return VAGUE


def draw_compact(surface: pygame.Surface, rect: pygame.Rect, cd: Any, on: Any = None, tapped: bool = False) -> bool:
    """A card in play drawn small where a face has no room (a rival's crowded area), every text whole at
    13 px: its name (its points at the right), a line with "tapped" and the essences on it, then its
    abilities in the icon grammar; no cost and no type line (the tooltip and the card view say them). Where
    not every ability fits, each in fewer words (``brief_rows``: without how a rival escapes an attack, never
    without a power's cost), one after another with a hairline between, else run on in one paragraph with a
    dot between two; where not even that fits, those that
    do (``_shown_rows``) and "+N more", else what kinds of ability it has ("attack", "2 actions":
    ``ability_kinds``), its ability in short; a chevron only when not even that fits.
    Returns False when a chevron stands for what is not shown."""
    px, r = COMPACT_PX, COMPACT_R
    level = compact_level(cd, rect.w, rect.h, on, tapped)
    last_chips.clear()
    top, row_h, heights = _compact_sizes(cd, rect.w, on, tapped, level)
    border = KIND_RGB.get(cd.kind, (120, 120, 120))
    pygame.draw.rect(surface, TH.shade(border, 0.55), rect, border_radius=6)
    face = rect.inflate(-4, -4)
    pygame.draw.rect(surface, PARCH if not tapped else (190, 182, 166), face, border_radius=5)
    lines, bold, badge = _compact_name(cd, rect.w)
    lh = T.line_height(px, bold=True)
    band = pygame.Rect(face.x, face.y, face.w, lh * len(lines) + 2)
    pygame.draw.rect(surface, border, band, border_top_left_radius=5, border_top_right_radius=5)
    y = band.y + 1
    for ln in lines:
        T.draw_text(surface, ln, (band.centerx - badge // 2, y), px, (252, 248, 236), bold=bold, anchor="midtop")
        y += lh
    if badge:
        points_badge(surface, (band.right - 2 - badge // 2, band.centery), cd, px)
    elif _badge_w(cd) and T.text_size(lines[-1], px, bold=bold)[0] <= face.w - 2 * _badge_w(cd) - 4:
        points_badge(surface, (band.right - 2 - _badge_w(cd) // 2, band.bottom - 1 - lh // 2), cd, px)
    y = band.bottom + 1
    bottom = face.bottom - 1
    status_y = y
    room = _status_room(rect.w, on, tapped) if level == RUN_ON else None
    rows = _compact_rows(cd, rect.w, level, room[1] - room[0] if room else None)
    status = tapped or (on is not None and any(on))
    if status and y + row_h > bottom:  # not even the line saying "tapped" fits: the chevron says there is more
        cx, by = face.right - 12, bottom + 1
        pygame.draw.polygon(surface, (150, 120, 80), [(cx - 7, by - 6), (cx + 7, by - 6), (cx, by)])
        return False
    shown = _shown_rows(heights, bottom - y - row_h * status, row_h)
    inline = _kinds_inline(cd, rect.w, on, tapped) if len(shown) < len(rows) and not shown else None
    if status:
        cy = y + row_h // 2
        if on is not None and any(on):  # beside the kinds of ability when they go on this line
            _essence_chip(surface, cy, rect.x + (inline[2] + 6 if inline else 5), face.right - 3, on, r, px, tapped)
        else:
            T.draw_text(surface, "tapped", (face.x + 5, cy), px, (150, 60, 40), bold=True, anchor="midleft")
        y += row_h
    if room is not None and rows:  # run on from the status line
        draw_glyph_line(surface, rect.x + room[0], status_y + row_h // 2, rows[0][0], r, px)
        rows, shown = [rows[0][1:]], [0]
    for k in shown:
        pygame.draw.line(surface, (214, 200, 170), (face.x + 3, y), (face.right - 3, y))
        y += 2 if level in (0, VAGUE) else 0  # in fewer words: the hairline on the line's top edge
        for line in rows[k]:
            draw_glyph_line(surface, face.x + 4, y + row_h // 2, line, r, px)
            y += row_h
    kinds = _kinds_lines(cd, rect.w)
    if len(shown) < len(rows):
        if shown:  # the ability in short: those that fit, then how many more
            T.draw_text(surface, more_words(len(rows) - len(shown)), (face.x + 5, y + row_h // 2), px,
                        (110, 96, 80), anchor="midleft")
        elif inline is not None:  # or what kinds of ability it has: on the status line
            T.draw_text(surface, inline[0], (rect.x + inline[1], status_y + row_h // 2), px, (110, 96, 80),
                        anchor="midleft")
        elif y + 2 + row_h * len(kinds) <= bottom:  # or below it
            pygame.draw.line(surface, (214, 200, 170), (face.x + 3, y), (face.right - 3, y))
            y += 2
            for ln in kinds:
                T.draw_text(surface, ln, (face.x + 5, y + row_h // 2), px, (110, 96, 80), anchor="midleft")
                y += row_h
        else:  # not even that: a chevron at the right, not a cut word
            cx, by = face.right - 12, bottom + 1
            pygame.draw.polygon(surface, (150, 120, 80), [(cx - 7, by - 6), (cx + 7, by - 6), (cx, by)])
            return False
    return True


TILE_PX = 13


def _tile_name(name: str, width: int, px: int, lines: int) -> tuple[list[str], bool]:
    """A tile's name in bold, else regular, on one line; else (``lines`` 2) on two regular lines; ([],
    False) when it does not fit."""
    for bold in (True, False):
        if T.text_size(name, px, bold=bold)[0] <= width:
            return [name], bold
    wrapped = T.wrap(name, width, px)
    if lines > 1 and len(wrapped) == 2:
        return wrapped, False
    return [], False


# a magic item's power in fewer words, for an offered tile whose line has no room for the card's own row
SHORT_ITEM_LINES: dict[str, list[list[tuple]]] = {
    "Divination": [[("turn",), ("arrow",), ("txt", "draw 3, discard 3")], [("turn",), ("txt", "draw 3, discard 3")]],
    "Protection": [[("txt", "React:"), ("turn",), ("arrow",), ("txt", "stop it")]],
    "Transmutation": [[("turn",), ("any", 3), ("arrow",), ("any", 3), ("txt", "no Gold")],
                      [("turn",), ("any", 3), ("arrow",), ("txt", "3 not Gold")]],
}


def _offer_line(cd: Any, room: int, r: int, px: int) -> list[tuple]:
    """The first ability of an offered card without a cost (a magic item, a mage) as one line in ``room``:
    its own row, else the shorter words of SHORT_ITEM_LINES; the own row when neither fits."""
    rows = ability_rows(cd)[:1] + SHORT_ITEM_LINES.get(cd.name, [])
    for row in rows:
        if sum(w + _gap(px) for _, w in glyph_lines(row, 10_000, r, px)[0]) <= room + _gap(px):
            return row
    return rows[0]


def tile_height(lines: int = 2) -> int:
    return lines * (T.line_height(TILE_PX, bold=True) + 2) + 4


def tile_fits(cd: Any, width: int) -> bool:
    return T.text_size(cd.name, TILE_PX)[0] <= width - 12


def draw_tile(surface: pygame.Surface, rect: pygame.Rect, cd: Any, on: Any = None, turned: bool = False,
              centre: bool = False, rows: int = 2) -> None:
    """A card in a line or two: its name, then its points, the essences on it and "tapped"; an offered card
    (``centre``) shows its cost instead, or its first ability when it has no cost (a magic item)."""
    border = KIND_RGB.get(cd.kind, (120, 120, 120))
    pygame.draw.rect(surface, TH.shade(border, 0.5), rect, border_radius=6)
    face = rect.inflate(-4, -4)
    pygame.draw.rect(surface, (190, 180, 160) if turned else PARCH, face, border_radius=5)
    pygame.draw.rect(surface, border, (face.x, face.y, 5, face.h), border_top_left_radius=5,
                     border_bottom_left_radius=5)
    px = TILE_PX
    lh = T.line_height(px, bold=True) + 2
    x, right = face.x + 7, face.right - 3
    scores = bool(cd.vp or cd.vp_formula)
    badge_w = T.line_height(px, bold=True) + 6 if scores else 0
    top = face.y + 1
    if rows < 2:  # a one-line tile: the name, the points badge and a tap arrow when they fit
        if turned:
            pygame.draw.arc(surface, INK, (right - 14, top + 2, 12, 12), 0.3, 4.6, 2)
            right -= 17
        names, bold = _tile_name(cd.name, right - x - badge_w - 2, px, lines=1)
        if not names:
            names, bold = _tile_name(cd.name, right - x, px, lines=1)
            scores = False
        T.draw_text(surface, names[0] if names else cd.name, (x, top), px, INK, bold=bold)
        if scores:
            points_badge(surface, (right - badge_w // 2, top + lh // 2), cd, px)
        return
    names, bold = _tile_name(cd.name, right - x, px, lines=2)
    names = names or [cd.name]  # no card's name is that long at a tile's width (the fit test would say)
    end = x
    for i, line in enumerate(names):
        end = T.draw_text(surface, line, (x, top + i * lh), px, INK, bold=bold).right
    cy = top + lh + lh // 2
    if len(names) > 1:  # the name's second line, then the status after it
        x = end + 6
    r = 6
    parts: list[tuple] = []
    if centre:
        parts = [("ess", e, v) for e, v in enumerate(cd.cost) if v] + ([("any", cd.cost_any)] if cd.cost_any else [])
        if not parts and cd.kind == "artifact":
            parts = [("txt", "free")]
        elif not parts and ability_rows(cd):
            parts = _offer_line(cd, right - x - (badge_w if scores else 0), 6, px)
    elif on is not None and any(on):
        parts = [("ess", e, v) for e, v in enumerate(on) if v]
    if turned:
        parts.append(("txt", "tapped"))
    if cd.vp or cd.vp_formula:
        right = points_badge(surface, (right - 9, cy), cd, px).x - 3
    line = glyph_lines(parts, 10_000, r, px)[0] if parts else []
    if sum(w + _gap(px) for _, w in line) > right - x and on is not None and any(on):  # many types: the total
        line = glyph_lines([("any", sum(on))] + ([("txt", "tapped")] if turned else []), 10_000, r, px)[0]
    if sum(w + _gap(px) for _, w in line) <= right - x + _gap(px):
        draw_glyph_line(surface, x, cy, [((g[0], g[1], g[2]) if g[0] == "ess" else g, w) for g, w in line], r, px)


def card_tooltip(cd: Any, on: Any = None, turned: bool = False, extra: str = "") -> str:
    parts = [f"{cd.name} \u2014 {type_line(cd)}"]
    if cd.kind in ("artifact", "monument", "place_of_power"):
        parts.append(f"Cost: {ess_words(cd.cost, cd.cost_any)}" if any(cd.cost) or cd.cost_any else "Cost: free")
    if cd.vp:
        parts.append(f"Worth {cd.vp} point{'s' if cd.vp != 1 else ''}")
    parts.append(cd.text)
    if on is not None and any(on):
        parts.append(f"On it: {ess_words(on)}")
    if turned:
        parts.append("Tapped: its tap powers wait for the next round.")
    if extra:
        parts.append(extra)
    return "\n".join(parts)


def card_back(surface: pygame.Surface, rect: pygame.Rect, label: str = "") -> None:
    rad = max(4, rect.w // 12)
    pygame.draw.rect(surface, (54, 42, 70), rect, border_radius=rad)
    pygame.draw.rect(surface, (176, 140, 60), rect, 2, border_radius=rad)
    inner = rect.inflate(-14, -14)
    pygame.draw.rect(surface, (120, 96, 48), inner, 1, border_radius=rad)
    for e in range(5):
        a = -math.pi / 2 + 2 * math.pi * e / 5
        essence_icon(surface, (rect.centerx + 18 * math.cos(a), rect.centery + 18 * math.sin(a)), 6, e, False)
    if label:
        T.draw_text(surface, label, (rect.centerx, rect.bottom - 8), 13, (236, 224, 196), bold=True,
                    anchor="midbottom")


def draw_cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The title screen's picture of the game: five essences round a glowing place of power, three cards."""
    pygame.draw.rect(surface, (30, 24, 44), rect, border_radius=12)
    cx, cy = rect.center
    cy -= 12
    for k in range(6, 0, -1):
        pygame.draw.circle(surface, (60 + k * 12, 40 + k * 8, 80 + k * 10), (cx, cy), 18 + k * 13)
    from game.arcana.engine import default_content

    c = default_content()
    w, h = 96, 134
    for i, cid in enumerate(("fire_dragon", "sacred_grove", "chalice_of_life")):
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        draw_card(img, img.get_rect(), c.card(cid))
        img = pygame.transform.rotozoom(img, (i - 1) * -10, 1.0)
        surface.blit(img, img.get_rect(center=(cx + (i - 1) * 104, cy + abs(i - 1) * 10)))
    for e in range(5):  # the five essences in a row under the cards, each in its shape
        essence_icon(surface, (cx + (e - 2) * 44, rect.bottom - 16), 12, e)
