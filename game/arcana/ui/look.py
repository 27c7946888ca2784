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
def _glyphs_of_gain(g: Any) -> list[tuple]:
    out: list[tuple] = [("ess", e, v) for e, v in enumerate(g.fixed) if v]
    if g.any:
        out.append(("any", g.any))
    if g.one_of:
        for k, e in enumerate(g.one_of):
            if k:
                out.append(("txt", "/"))
            out.append(("ess", e, 1))
    return out


def effect_glyphs(e: dict[str, Any]) -> list[tuple]:
    op = e["op"]
    if op == "gain":
        gl = _glyphs_of_gain(e["_gain"])
        return gl + ([("txt", "on")] if e.get("to") == "self" else [])
    if op == "rivals_gain":
        return [("txt", "all rivals")] + _glyphs_of_gain(e["_gain"])
    if op == "life_loss":
        return [("txt", "rivals"), ("txt", f"-{e['amount']}"), ("ess", 1, 1)]
    if op == "ignore_life_loss":
        return [("txt", "stop attack")]
    if op == "straighten":
        return [("txt", "untap")]
    if op == "draw_cards":
        return [("txt", f"draw {e['count']}")]
    if op == "look_top_reorder":
        return [("txt", "look 3")]
    if op == "draw_then_discard":
        return [("txt", "draw 3, discard 3")]
    if op == "place_artifact":
        return [("txt", "place")]
    if op in ("gain_cost_of_destroyed", "gain_cost_of_discarded"):
        return [("txt", "gain its cost")]
    if op == "gain_equal_to_rival_pool":
        return [("txt", "copy rival")]
    if op == "convert_paid_identical":
        return [("txt", "convert")]
    if op == "put_paid_essence_on":
        return [("txt", "store")]
    if op == "check_victory_now":
        return [("txt", "score now")]
    if op == "temp_vp":
        return [("txt", f"+{e['amount']} pts")]
    return [("txt", op)]


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
    if any(pw.remove_self):
        out.append(("txt", "off:"))
        out += [("ess", e, v) for e, v in enumerate(pw.remove_self) if v]
    if pw.turn_other:
        out.append(("txt", f"tap {pw.turn_other}"))
    if pw.destroy_self:
        out.append(("txt", "destroy this"))
    if pw.destroy is not None:
        out.append(("txt", "destroy 1"))
    if pw.discard:
        out.append(("txt", "discard 1"))
    return out


def draw_glyphs(surface: pygame.Surface, x: int, cy: int, glyphs: list[tuple], r: int, size: int | str,
                colour: Any = INK, right: int | None = None) -> int:
    for g in glyphs:
        if right is not None and x > right - r:
            break
        if g[0] == "ess":
            essence_icon(surface, (x + r, cy), r, g[1], letter=r >= 9)
            x += 2 * r + 1
            if g[2] != 1:
                x = T.draw_text(surface, str(g[2]), (x, cy), size, colour, bold=True, anchor="midleft").right
            x += 3
        elif g[0] == "any":
            any_icon(surface, (x + r, cy), r + 1, g[1])
            x += 2 * r + 5
        elif g[0] == "turn":
            pygame.draw.arc(surface, colour, (x, cy - r, 2 * r, 2 * r), 0.3, 4.6, 2)
            tip = [(x + 2 * r - 1, cy - 4), (x + 2 * r + 3, cy + 1), (x + 2 * r - 5, cy + 1)]
            pygame.draw.polygon(surface, colour, tip)
            x += 2 * r + 5
        elif g[0] == "arrow":
            pygame.draw.polygon(surface, colour, [(x, cy - 4), (x + 7, cy), (x, cy + 4)])
            x += 11
        else:
            x = T.draw_text(surface, g[1], (x, cy), size, colour, anchor="midleft").right + 3
    return x


def type_line(cd: Any) -> str:
    subs = [s for s, on in (("Dragon", cd.dragon), ("Creature", cd.creature)) if on]
    return KIND_NAMES.get(cd.kind, cd.kind) + (" \u00b7 " + ", ".join(subs) if subs else "")


def draw_card(surface: pygame.Surface, rect: pygame.Rect, cd: Any, on: Any = None, dim: bool = False) -> None:
    """A card face from its data inside ``rect`` (any size from ~70 px wide up)."""
    w, h = rect.size
    big = w >= 110
    border = KIND_RGB.get(cd.kind, (120, 120, 120))
    rad = max(4, w // 12)
    pygame.draw.rect(surface, TH.shade(border, 0.55), rect, border_radius=rad)
    face = rect.inflate(-4, -4)
    pygame.draw.rect(surface, PARCH if not dim else (190, 182, 166), face, border_radius=rad - 1)
    # name band
    band_h = 34 if big else 28
    band = pygame.Rect(face.x, face.y, face.w, band_h)
    pygame.draw.rect(surface, border, band, border_top_left_radius=rad - 1, border_top_right_radius=rad - 1)
    nsize = 14 if big else 12
    words = cd.name.split()
    while nsize > 8 and max(T.text_size(wd, nsize, bold=True)[0] for wd in words) > face.w - 8:
        nsize -= 1  # a long word is set smaller, never broken
    lines = T.wrap(cd.name, face.w - 8, nsize, bold=True)
    if len(lines) == 1:
        T.draw_text(surface, cd.name, band.center, nsize, (252, 248, 236), bold=True, anchor="center")
    else:
        T.draw_text(surface, lines[0], (band.centerx, band.y + 1), nsize - 1, (252, 248, 236), bold=True,
                    anchor="midtop")
        T.draw_text(surface, " ".join(lines[1:]), (band.centerx, band.bottom - 1), nsize - 1, (252, 248, 236),
                    bold=True, anchor="midbottom")
    y = band.bottom + 10
    r = 7 if big else 6
    tsize = 12 if big else 11
    # cost (left) and points (right)
    cost_any = cd.cost_any
    if any(cd.cost) or cost_any:
        essence_row(surface, face.x + 4, y, cd.cost, r, cost_any, size=tsize, gap=2)
    elif cd.kind == "artifact":
        T.draw_text(surface, "free", (face.x + 5, y), tsize, (110, 100, 88), anchor="midleft")
    y += r + 6
    pts = cd.vp
    type_w = face.w - 8
    if pts or cd.vp_formula:  # points: a gold coin at the right of the type line, clear of the cost
        badge = pygame.Rect(0, 0, 22 if big else 19, 22 if big else 19)
        badge.midright = (face.right - 3, y + 6)
        type_w -= badge.w + 2
        pygame.draw.circle(surface, (120, 84, 26), badge.center, badge.w // 2)
        pygame.draw.circle(surface, (246, 214, 120), badge.center, badge.w // 2 - 2)
        label = str(pts) if not cd.vp_formula or pts else "*"
        if cd.vp_formula and pts:
            label = f"{pts}+"
        T.draw_text(surface, label, badge.center, tsize, INK, bold=True, anchor="center")
    clip = surface.get_clip()
    area = pygame.Rect(face.x + 4, y, type_w, 14)
    surface.set_clip(area.clip(clip) if clip else area)
    T.draw_text(surface, type_line(cd), (face.x + 4, y), 10, (96, 86, 74), anchor="topleft")
    surface.set_clip(clip)
    y += 17
    # collect, discount, powers: one icon row each
    rows: list[list[tuple]] = []
    for g in cd.collect:
        rows.append([("txt", "\u21bb")] + _glyphs_of_gain(g))
    if cd.conditional or cd.forge:
        rows.append([("txt", "\u21bb special")])
    if cd.discount is not None:
        amt, no_gold, dragons = cd.discount
        rows.append([("txt", f"-{amt}" + (" dragons" if dragons else " cost"))])
    for f in cd.vp_formula:
        if f[0] == "essence":
            rows.append([("txt", "pts:"), ("ess", ESS_KEYS.index(f[1]), 1), ("txt", f"={f[2]}")])
        else:
            rows.append([("txt", f"{f[2]} pt / {f[1]}")])
    for pw in cd.powers:
        pre = [("txt", "React:")] if pw.reaction else []
        rows.append(pre + power_cost_glyphs(pw) + [("arrow",)] + sum((effect_glyphs(e) for e in pw.effects), []))
    row_h = 2 * r + 4
    bottom = face.bottom - (18 if on is not None and any(on) else 3)
    for row in rows:
        if y + row_h > bottom:
            break
        pygame.draw.line(surface, (214, 200, 170), (face.x + 3, y - 1), (face.right - 3, y - 1))
        draw_glyphs(surface, face.x + 3, y + row_h // 2, row, r - 1, 10, INK, right=face.right - 2)
        y += row_h
    if on is not None and any(on):
        strip = pygame.Rect(face.x + 2, face.bottom - 17, face.w - 4, 15)
        pygame.draw.rect(surface, (60, 52, 44), strip, border_radius=4)
        essence_row(surface, strip.x + 2, strip.centery, on, 6, colour=(250, 244, 230), size=11, gap=2,
                    counts=True)


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
        parts.append("Tapped (turned sideways): its tap powers wait for the next round.")
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
        T.draw_text(surface, label, (rect.centerx, rect.bottom - 8), 12, (236, 224, 196), bold=True,
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
