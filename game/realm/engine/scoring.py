"""Monument scoring (rulebook "Monument Scoring", A-J).

Ties are friendly (every tied player gets the points or the penalty) unless the
rule says otherwise; the region monuments score only a player with more acolytes
than any other, so a tie for the most scores nobody. Wild reckoning icons count as the best icon of their
pillar for each monument (each icon kind scores on only one monument, so the
choice never conflicts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

from .constants import ICON_SLOTS, N_ICONS, N_PILLARS


def _icons(s: State, p: int, icon: int) -> int:
    return s.icons[p * ICON_SLOTS + icon]


def _wild(s: State, p: int, pillar: int) -> int:
    return s.icons[p * ICON_SLOTS + N_ICONS + pillar]


def space_points(s: State, space: int, option: int, age: int) -> list[int]:
    """The points every player scores from one built monument now."""
    c = s.c
    sp = c.spaces[space]
    n = s.n
    rule = sp.rule
    prm = sp.params
    out = [0] * n
    if rule == "ashes":
        low = min(s.score)
        pts = prm["points_by_age"][age - 1]
        for p in range(n):
            if s.score[p] == low:
                out[p] = pts
    elif rule == "track":
        pl = c.pillar_ids.index(prm["pillar"])
        for p in range(n):
            v = s.tracks[p * N_PILLARS + pl]
            for lo, hi, pts in prm["zones"]:
                if lo <= v <= hi:
                    out[p] = pts
    elif rule == "regions":
        # "each region where you have more acolytes than any other player": a tie for the most
        # is settled by the text itself (nobody has more than every other), so nobody scores
        for rid in prm["regions"]:
            r = c.region_ids.index(rid)
            counts = s.board[r * n:(r + 1) * n]
            best = max(counts)
            if best <= 0 or counts.count(best) > 1:
                continue
            out[counts.index(best)] += prm["points"]
    elif rule == "most_coins":
        best = max(s.coins)
        for p in range(n):
            if s.coins[p] == best:
                out[p] = prm["points"]
    elif rule == "mercenaries":
        for p in range(n):
            out[p] = prm["per"] * min(len(s.mercs[p]), prm["max"])
    elif rule == "balanced":
        for p in range(n):
            out[p] = prm["per"] * min(s.tuck_count[p * N_PILLARS:(p + 1) * N_PILLARS])
    elif rule == "warden_sets":
        opt = sp.options[option]
        cols = [c.pillar_ids.index(x) for x in opt["pillars"]]
        for p in range(n):
            out[p] = opt["per"] * min(s.wardens[p * N_PILLARS + col] for col in cols)
    elif rule == "product":
        a, b = (c.icon_ids.index(x) for x in prm["icons"])
        pl = c.icon_pillar[a]
        for p in range(n):
            x, y, w = _icons(s, p, a), _icons(s, p, b), _wild(s, p, pl)
            for _ in range(w):  # each wild goes to the smaller count: maximises the product
                if x <= y:
                    x += 1
                else:
                    y += 1
            out[p] = x * y
    elif rule == "neighbours":
        ic = c.icon_ids.index(prm["icon"])
        pl = c.icon_pillar[ic]
        counts = [_icons(s, p, ic) + _wild(s, p, pl) for p in range(n)]
        for p in range(n):
            for q in s.neighbours(p):
                if counts[q] < counts[p]:
                    out[p] += prm["fewer"]
                elif counts[q] > counts[p]:
                    out[p] += prm["more"]
    elif rule == "per_icon":
        opt = sp.options[option]
        ic = c.icon_ids.index(opt["icon"])
        pl = c.icon_pillar[ic]
        for p in range(n):
            out[p] = opt["per"] * (_icons(s, p, ic) + _wild(s, p, pl))
    elif rule == "collection":
        ics = [c.icon_ids.index(x) for x in prm["icons"]]
        pl = c.icon_pillar[ics[0]]
        for p in range(n):
            have = sum(1 for ic in ics if _icons(s, p, ic) > 0)
            have = min(len(ics), have + _wild(s, p, pl))
            out[p] = prm["points"][have]
    elif rule == "most_least":
        ic = c.icon_ids.index(prm["icon"])
        pl = c.icon_pillar[ic]
        counts = [_icons(s, p, ic) + _wild(s, p, pl) for p in range(n)]
        hi, lo = max(counts), min(counts)
        for p in range(n):
            if counts[p] == hi:
                out[p] += prm["most"]
            if counts[p] == lo:
                out[p] += prm["least"]
    else:  # pragma: no cover - content validation rejects unknown rules
        raise ValueError(f"unknown scoring rule {rule}")
    return out


def score_monuments(s: State) -> list[list[int]]:
    """Score every built monument for the current age; From the Ashes first.

    Returns one row per scored monument: ``[space, p0, p1, ...]``.
    """
    rows: list[list[int]] = []
    order = sorted((i for i, b in enumerate(s.built) if b is not None),
                   key=lambda i: (s.c.spaces[i].rule != "ashes", i))
    for i in order:
        _, option, _ = s.built[i]
        pts = space_points(s, i, option, s.age)
        for p in range(s.n):
            s.score[p] += pts[p]
        rows.append([i, *pts])
    return rows
