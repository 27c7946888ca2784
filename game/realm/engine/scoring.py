"""Monument scoring (rulebook "Monument Scoring", A-J).

Ties are friendly (every tied player gets the points or the penalty) unless the
rule says otherwise; the region monuments score only a player with more acolytes
than any other, so a tie for the most scores nobody. Wild reckoning icons count as the best icon of their
pillar for each monument (each icon kind scores on only one monument, so the
choice never conflicts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .constants import ICON_SLOTS, N_ICONS, N_PILLARS

if TYPE_CHECKING:
    from .content import Content
    from .state import State


def _prepare(c: Content, sp: Any) -> Any:
    """A space's parameters with every id turned into an index (done once per content)."""
    rule = sp.rule
    prm = sp.params
    icon = c.icon_ids.index
    if rule == "ashes":
        return tuple(prm["points_by_age"])
    if rule == "track":
        return c.pillar_ids.index(prm["pillar"]), tuple(tuple(z) for z in prm["zones"])
    if rule == "regions":
        return tuple(c.region_ids.index(rid) for rid in prm["regions"]), prm["points"]
    if rule == "most_coins":
        return prm["points"]
    if rule == "mercenaries":
        return prm["per"], prm["max"]
    if rule == "balanced":
        return prm["per"]
    if rule == "warden_sets":
        return tuple((tuple(c.pillar_ids.index(x) for x in o["pillars"]), o["per"]) for o in sp.options)
    if rule == "product":
        a, b = (icon(x) for x in prm["icons"])
        return a, b, c.icon_pillar[a]
    if rule == "neighbours":
        ic = icon(prm["icon"])
        return ic, c.icon_pillar[ic], prm["fewer"], prm["more"]
    if rule == "per_icon":
        return tuple((icon(o["icon"]), c.icon_pillar[icon(o["icon"])], o["per"]) for o in sp.options)
    if rule == "collection":
        ics = tuple(icon(x) for x in prm["icons"])
        return ics, c.icon_pillar[ics[0]], tuple(prm["points"])
    if rule == "most_least":
        ic = icon(prm["icon"])
        return ic, c.icon_pillar[ic], prm["most"], prm["least"]
    raise ValueError(f"unknown scoring rule {rule}")  # pragma: no cover - content validation rejects it


_PREPARED: dict[int, tuple] = {}


def _prepared(c: Content) -> list:
    got = _PREPARED.get(id(c))
    if got is None or got[0] is not c:
        got = _PREPARED[id(c)] = (c, [(sp.rule, _prepare(c, sp)) for sp in c.spaces])
    return got[1]


def space_points(s: State, space: int, option: int, age: int) -> list[int]:
    """The points every player scores from one built monument now."""
    rule, prm = _prepared(s.c)[space]
    n = s.n
    out = [0] * n
    icons = s.icons
    if rule == "ashes":
        low = min(s.score)
        pts = prm[age - 1]
        for p in range(n):
            if s.score[p] == low:
                out[p] = pts
    elif rule == "track":
        pl, zones = prm
        for p in range(n):
            v = s.tracks[p * N_PILLARS + pl]
            for lo, hi, pts in zones:
                if lo <= v <= hi:
                    out[p] = pts
    elif rule == "regions":
        # "each region where you have more acolytes than any other player": a tie for the most
        # is settled by the text itself (nobody has more than every other), so nobody scores
        regions, points = prm
        for r in regions:
            counts = s.board[r * n:(r + 1) * n]
            best = max(counts)
            if best <= 0 or counts.count(best) > 1:
                continue
            out[counts.index(best)] += points
    elif rule == "most_coins":
        best = max(s.coins)
        for p in range(n):
            if s.coins[p] == best:
                out[p] = prm
    elif rule == "mercenaries":
        per, mx = prm
        for p in range(n):
            out[p] = per * min(len(s.mercs[p]), mx)
    elif rule == "balanced":
        for p in range(n):
            out[p] = prm * min(s.tuck_count[p * N_PILLARS:(p + 1) * N_PILLARS])
    elif rule == "warden_sets":
        cols, per = prm[option]
        for p in range(n):
            out[p] = per * min(s.wardens[p * N_PILLARS + col] for col in cols)
    elif rule == "product":
        a, b, pl = prm
        for p in range(n):
            base = p * ICON_SLOTS
            x, y, w = icons[base + a], icons[base + b], icons[base + N_ICONS + pl]
            for _ in range(w):  # each wild goes to the smaller count: maximises the product
                if x <= y:
                    x += 1
                else:
                    y += 1
            out[p] = x * y
    elif rule == "neighbours":
        ic, pl, fewer, more = prm
        counts = [icons[p * ICON_SLOTS + ic] + icons[p * ICON_SLOTS + N_ICONS + pl] for p in range(n)]
        for p in range(n):
            for q in s.neighbours(p):
                if counts[q] < counts[p]:
                    out[p] += fewer
                elif counts[q] > counts[p]:
                    out[p] += more
    elif rule == "per_icon":
        ic, pl, per = prm[option]
        for p in range(n):
            out[p] = per * (icons[p * ICON_SLOTS + ic] + icons[p * ICON_SLOTS + N_ICONS + pl])
    elif rule == "collection":
        ics, pl, points = prm
        for p in range(n):
            base = p * ICON_SLOTS
            have = sum(1 for ic in ics if icons[base + ic] > 0)
            have = min(len(ics), have + icons[base + N_ICONS + pl])
            out[p] = points[have]
    elif rule == "most_least":
        ic, pl, most, least = prm
        counts = [icons[p * ICON_SLOTS + ic] + icons[p * ICON_SLOTS + N_ICONS + pl] for p in range(n)]
        hi, lo = max(counts), min(counts)
        for p in range(n):
            if counts[p] == hi:
                out[p] += most
            if counts[p] == lo:
                out[p] += least
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
