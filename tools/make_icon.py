"""Draw the game's icon and write it as PNG (window), ICO (Windows) and ICNS (macOS).

Run from the project root: ``python tools/make_icon.py``. The three files land in
``assets/`` and are committed; this script is how they were made. ICO and ICNS
both embed PNG images, so no image library beyond pygame is needed.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BG = (24, 26, 33)
GOLD = (222, 182, 84)
GOLD_DARK = (150, 114, 44)
PARCHMENT = (236, 224, 196)
INK = (40, 32, 24)
CARD_EDGES = [(82, 132, 230), (206, 70, 60), (40, 170, 156)]


def draw(size: int = 512) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    k = size / 512
    r = pygame.Rect(0, 0, size, size).inflate(-24 * k, -24 * k)
    pygame.draw.rect(s, BG, r, border_radius=int(96 * k))
    pygame.draw.rect(s, GOLD, r, max(2, int(14 * k)), border_radius=int(96 * k))
    # three cards fanned, as if tucked under a pillar
    for i, edge in enumerate(CARD_EDGES):
        card = pygame.Surface((int(190 * k), int(270 * k)), pygame.SRCALPHA)
        cr = card.get_rect()
        pygame.draw.rect(card, PARCHMENT, cr, border_radius=int(18 * k))
        pygame.draw.rect(card, edge, pygame.Rect(0, 0, cr.w, int(46 * k)), border_top_left_radius=int(18 * k),
                         border_top_right_radius=int(18 * k))
        pygame.draw.rect(card, INK, cr, max(1, int(5 * k)), border_radius=int(18 * k))
        rot = pygame.transform.rotozoom(card, (1 - i) * 16, 1.0)
        cx = size / 2 + (i - 1) * 70 * k
        cy = size / 2 + 10 * k + abs(i - 1) * 14 * k
        s.blit(rot, rot.get_rect(center=(cx, cy)))
    # a gold seal with the letter R on the front card
    cx, cy, rad = size / 2, size / 2 + 40 * k, 92 * k
    pts = [(cx + rad * math.cos(a * math.pi / 8), cy + rad * math.sin(a * math.pi / 8)) for a in range(16)]
    pygame.draw.polygon(s, GOLD_DARK, pts)
    pygame.draw.circle(s, GOLD, (cx, cy), rad * 0.86)
    pygame.font.init()
    font = pygame.font.Font(str(ROOT / "assets" / "fonts" / "DejaVuSerif-Bold.ttf"), int(120 * k))
    letter = font.render("R", True, INK)
    s.blit(letter, letter.get_rect(center=(cx, cy + 4 * k)))
    return s


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def write_ico(images: list[tuple[int, bytes]], path: Path) -> None:
    """An ICO whose entries are PNG images (valid since Windows Vista)."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images:
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    path.write_bytes(head + entries + blobs)


def write_icns(images: list[tuple[str, bytes]], path: Path) -> None:
    """An ICNS whose entries are PNG images (ic07 128px, ic08 256px, ic09 512px)."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data for kind, data in images)
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)


def main() -> int:
    pygame.display.init()
    big = draw(512)
    sizes = {n: pygame.transform.smoothscale(big, (n, n)) for n in (16, 32, 48, 128, 256)}
    assets = ROOT / "assets"
    pygame.image.save(sizes[256], str(assets / "icon.png"))
    write_ico([(n, png_bytes(sizes[n])) for n in (16, 32, 48, 256)], assets / "icon.ico")
    write_icns([("ic07", png_bytes(sizes[128])), ("ic08", png_bytes(sizes[256])), ("ic09", png_bytes(big))],
               assets / "icon.icns")
    print("wrote assets/icon.png, assets/icon.ico, assets/icon.icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
