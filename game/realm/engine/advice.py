"""Which payment protects the score: candidate payments ranked by what they cost at the coming
end-of-age scoring, each with its consequences in words (issue 22).

Pure (no pygame): the window's pay panel opens on the best-ranked payment and lists the others,
and the rule bot may choose its payment by it (``RuleWeights.score_payment``). It reads only what
the payer may know: its own resources and what the table shows of the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .constants import N_PILLARS, N_REGIONS, coin_bids
from .scoring import space_points

if TYPE_CHECKING:
    from .state import State

# what a resource spent is worth in VP when nothing on the board scores it (the rule bot's weights)
SPENT_VP = {"acolyte": 0.35, "coin": 0.45, "influence": 0.45, "mercenary": 0.7, "warden": 1.0}
ARTIFACT_VP = 3.0
UNBUILT_SHARE = 0.3  # a monument space nobody builds this reckoning: the chance it is built for you


@dataclass(frozen=True)
class PaymentAdvice:
    """One candidate payment: ``cost`` in VP (lower is better), ``points`` the VP it changes at the
    coming end-of-age scoring (negative: lost), and its consequences in words, worst first."""

    action: tuple
    cost: float
    points: int
    loses_artifact: bool
    consequences: tuple[str, ...]


def rank_payments(s: State, p: int, candidates: list[tuple] | None = None, limit: int = 400, *,
                  bid: int | None = None, builds: bool | None = None) -> list[PaymentAdvice]:
    """``p``'s legal payments of its bid (or ``candidates``), best first: cheapest in points and
    artifacts at the coming end-of-age scoring, then in resources. Ties keep the engine's order.

    ``bid`` and ``builds`` ask it before the payment (the bid panel): the payments of a bid of ``bid``,
    weighed as for a payer who builds a monument this reckoning (``builds``; default: whether ``p`` does)."""
    if builds is None:
        builds = ("rk_monument", p) in s.tasks
    return rank_payments_for_rows(s, p, (builds,), candidates, limit, bid=bid)[0]


def rank_payments_for_rows(s: State, p: int, rows: tuple[bool, ...], candidates: list[tuple] | None = None,
                           limit: int = 400, *, bid: int | None = None) -> list[list[PaymentAdvice]]:
    """``rank_payments`` once for each of ``rows`` (True: a row with which the payer builds a monument), what
    each payment changes worked out once for all of them (the bid panel weighs the monument row and the others)."""
    if candidates is None:
        candidates = _candidates(s, p, limit, bid)
    before = _points_now(s, p)
    best_space = _best_unbuilt(s, p)
    ranked: list[list[tuple[float, int, PaymentAdvice]]] = [[] for _ in rows]
    for i, a in enumerate(candidates):
        points, words, unbuilt, artifacts, leads = _what_payment_changes(s, p, a, before, best_space[0])
        spent = _spent(s, p, a)
        for k, builds in enumerate(rows):
            cost, said = float(-points), list(words)
            if unbuilt:
                cost += unbuilt * (1.0 if builds else UNBUILT_SHARE)
                if builds:
                    said.append((-unbuilt, f"-{unbuilt} VP from the best monument you can build ({best_space[1]})"))
            for pl in artifacts:
                cost += ARTIFACT_VP
                said.append((-ARTIFACT_VP, f"loses the {s.c.pillar_names[pl]} artifact"))
            said += [(-0.5, f"loses the lead in {s.c.region_names[r]}") for r in leads]
            cost += spent
            said.sort(key=lambda w: w[0])
            ranked[k].append((cost, i, PaymentAdvice(a, round(cost, 3), points, bool(artifacts),
                                                     tuple(w for _, w in said))))
    return [[adv for _, _, adv in sorted(one, key=lambda x: (x[0], x[1]))] for one in ranked]


def _what_payment_changes(s: State, p: int, a: tuple, before: dict[int, int],
                          best_unbuilt: int) -> tuple[int, list[tuple[float, str]], int, list[int], list[int]]:
    """What payment ``a`` changes for ``p``: the VP from built monuments (and their words), the VP lost from the
    best monument it could build, the artifacts (pillars) it loses and the regions whose lead it loses."""
    t = s.after_payment(p, a)
    after = _points_now(t, p)
    points, words = 0, []
    for space, was in before.items():
        got = after[space] - was
        if got:
            points += got
            words.append((float(got), f"{got:+d} VP from the {s.c.spaces[space].name} monument"))
    unbuilt = max(0, best_unbuilt - _best_unbuilt(t, p)[0])
    artifacts = [pl for pl in range(N_PILLARS) if s.artifact[pl] == p and t.artifact[pl] != p]
    return points, words, unbuilt, artifacts, _leads_lost(s, t, p)


def _candidates(s: State, p: int, limit: int, bid: int | None = None) -> list[tuple]:
    """The bots' short list first, then every other legal payment (up to ``limit``) of ``p``'s bid (or ``bid``)."""
    out = list(s.payment_options(p, bid=bid))
    seen = set(out)
    for a in s.legal_payments(p, limit=limit, bid=bid):
        if a not in seen:
            seen.add(a)
            out.append(a)
    return out


def _points_now(s: State, p: int) -> dict[int, int]:
    """``p``'s points from each built monument if the age were scored now."""
    age = max(1, s.age)
    return {i: space_points(s, i, b[1], age)[p] for i, b in enumerate(s.built) if b is not None}


def _best_unbuilt(s: State, p: int) -> tuple[int, str]:
    """The most ``p`` would score from a free monument space at the coming scoring, and its name."""
    best, name = 0, ""
    if s.monuments_left <= 0:
        return best, name
    age = max(1, s.age)
    for sp in s.c.spaces:
        if s.built[sp.index] is not None:
            continue
        for option in range(max(1, len(sp.options))):
            got = space_points(s, sp.index, option, age)[p]
            if got > best:
                best, name = got, sp.name + (f" ({sp.options[option]['name']})" if sp.options else "")
    return best, name


def _leads_lost(s: State, t: State, p: int) -> list[int]:
    """Regions where ``p`` had more acolytes than anyone before paying and not after."""
    n = s.n

    def leads(st: State, r: int) -> bool:
        counts = st.board[r * n:(r + 1) * n]
        return counts[p] > 0 and all(counts[q] < counts[p] for q in range(n) if q != p)

    return [r for r in range(N_REGIONS) if leads(s, r) and not leads(t, r)]


def _spent(s: State, p: int, a: tuple) -> float:
    """What the resources of payment ``a`` are worth in VP, nothing on the board counting them."""
    _, aco, cb, infl, mercs, disc = a
    coins = cb * (cb + 1) // 2 if cb <= coin_bids(s.coins[p]) else s.coins[p]
    return (SPENT_VP["acolyte"] * aco + SPENT_VP["coin"] * coins + SPENT_VP["influence"] * sum(infl)
            + SPENT_VP["mercenary"] * len(mercs) + SPENT_VP["warden"] * sum(disc))
