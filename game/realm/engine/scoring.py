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


# one function per rule: (state, prepared parameters, option, age) -> points of every player
def _ashes(s: State, prm: Any, option: int, age: int) -> list[int]:
    score = s.score
    low = min(score)
    pts = prm[age - 1]
    return [pts if v == low else 0 for v in score]


def _track(s: State, prm: Any, option: int, age: int) -> list[int]:
    pl, zones = prm
    tracks = s.tracks
    out = []
    for i in range(pl, s.n * N_PILLARS, N_PILLARS):
        v = tracks[i]
        got = 0
        for lo, hi, pts in zones:
            if lo <= v <= hi:
                got = pts
        out.append(got)
    return out


def _regions(s: State, prm: Any, option: int, age: int) -> list[int]:
    # "each region where you have more acolytes than any other player": a tie for the most
    # is settled by the text itself (nobody has more than every other), so nobody scores
    regions, points = prm
    n = s.n
    out = [0] * n
    board = s.board
    for r in regions:
        counts = board[r * n:(r + 1) * n]
        best = max(counts)
        if best <= 0 or counts.count(best) > 1:
            continue
        out[counts.index(best)] += points
    return out


def _most_coins(s: State, prm: Any, option: int, age: int) -> list[int]:
    coins = s.coins
    best = max(coins)
    return [prm if v == best else 0 for v in coins]


def _mercenaries(s: State, prm: Any, option: int, age: int) -> list[int]:
    per, mx = prm
    return [per * min(len(m), mx) for m in s.mercs]


def _balanced(s: State, prm: Any, option: int, age: int) -> list[int]:
    tc = s.tuck_count
    return [prm * min(tc[b:b + N_PILLARS]) for b in range(0, s.n * N_PILLARS, N_PILLARS)]


def _warden_sets(s: State, prm: Any, option: int, age: int) -> list[int]:
    cols, per = prm[option]
    wardens = s.wardens
    return [per * min([wardens[b + col] for col in cols]) for b in range(0, s.n * N_PILLARS, N_PILLARS)]


def _product(s: State, prm: Any, option: int, age: int) -> list[int]:
    a, b, pl = prm
    icons = s.icons
    out = []
    for base in range(0, s.n * ICON_SLOTS, ICON_SLOTS):
        x, y, w = icons[base + a], icons[base + b], icons[base + N_ICONS + pl]
        for _ in range(w):  # each wild goes to the smaller count: maximises the product
            if x <= y:
                x += 1
            else:
                y += 1
        out.append(x * y)
    return out


def _neighbours(s: State, prm: Any, option: int, age: int) -> list[int]:
    ic, pl, fewer, more = prm
    n = s.n
    icons = s.icons
    counts = [icons[p * ICON_SLOTS + ic] + icons[p * ICON_SLOTS + N_ICONS + pl] for p in range(n)]
    out = [0] * n
    for p in range(n):
        for q in s.neighbours(p):
            if counts[q] < counts[p]:
                out[p] += fewer
            elif counts[q] > counts[p]:
                out[p] += more
    return out


def _per_icon(s: State, prm: Any, option: int, age: int) -> list[int]:
    ic, pl, per = prm[option]
    icons = s.icons
    wild = N_ICONS + pl
    return [per * (icons[base + ic] + icons[base + wild]) for base in range(0, s.n * ICON_SLOTS, ICON_SLOTS)]


def _collection(s: State, prm: Any, option: int, age: int) -> list[int]:
    ics, pl, points = prm
    icons = s.icons
    k = len(ics)
    wild = N_ICONS + pl
    out = []
    for base in range(0, s.n * ICON_SLOTS, ICON_SLOTS):
        have = icons[base + wild]
        for ic in ics:
            if icons[base + ic] > 0:
                have += 1
        out.append(points[have if have < k else k])
    return out


def _most_least(s: State, prm: Any, option: int, age: int) -> list[int]:
    ic, pl, most, least = prm
    icons = s.icons
    wild = N_ICONS + pl
    counts = [icons[base + ic] + icons[base + wild] for base in range(0, s.n * ICON_SLOTS, ICON_SLOTS)]
    hi, lo = max(counts), min(counts)
    return [(most if v == hi else 0) + (least if v == lo else 0) for v in counts]


_RULES = {"ashes": _ashes, "track": _track, "regions": _regions, "most_coins": _most_coins,
          "mercenaries": _mercenaries, "balanced": _balanced, "warden_sets": _warden_sets, "product": _product,
          "neighbours": _neighbours, "per_icon": _per_icon, "collection": _collection, "most_least": _most_least}
_PREPARED: dict[int, tuple] = {}


def _prepared(c: Content) -> list:
    """Per space: (rule, its parameters with ids turned into indices, the rule's function)."""
    got = _PREPARED.get(id(c))
    if got is None or got[0] is not c:
        got = _PREPARED[id(c)] = (c, [(sp.rule, _prepare(c, sp), _RULES[sp.rule]) for sp in c.spaces])
    return got[1]


def space_points(s: State, space: int, option: int, age: int) -> list[int]:
    """The points every player scores from one built monument now."""
    _, prm, f = _prepared(s.c)[space]
    return f(s, prm, option, age)


def score_monuments(s: State) -> list[list[int]]:
    """Score every built monument for the current age; From the Ashes first.

    Returns one row per scored monument: ``[space, p0, p1, ...]``.
    """
    rows: list[list[int]] = []
    prep = _prepared(s.c)
    built = [i for i, b in enumerate(s.built) if b is not None]
    order = [i for i in built if prep[i][0] == "ashes"] + [i for i in built if prep[i][0] != "ashes"]
    score = s.score
    for i in order:
        _, option, _ = s.built[i]
        _, prm, f = prep[i]
        pts = f(s, prm, option, s.age)
        for p in range(s.n):
            score[p] += pts[p]
        rows.append([i, *pts])
    return rows
