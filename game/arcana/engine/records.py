"""Named records for what a pending decision carries (``State.dd``) and for a power's context.

They are tuples (``NamedTuple``): cheap to make, compared and copied like the plain tuples they
replace, and read by name. The decisions that carry a single card (``take``, ``forge``, ``statue``)
hold its index; the main action, the mage, draft, magic item, rival-less and match decisions carry
nothing (None).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .constants import T_STEP


class PowerContext(NamedTuple):
    """What a power's cost stages left for its effects to read."""

    x: int = 0  # X essences paid (``pay_identical``)
    x_essence: int = -1  # ...of this essence
    paid: int = -1  # the one essence paid (a cost of one essence of a choice)
    destroyed: int = -1  # the card destroyed as a cost
    discarded: int = -1  # the card discarded from hand as a cost


NO_CONTEXT = PowerContext()


# A power in progress is a task (like every task, a plain tuple: it is made at every effect, a hot path):
# (T_STEP, seat, card, power index, stage, PowerContext), the stage an S_* cost stage or S_EFFECTS + i.
Step = tuple


def resume_after(step: Step, ctx: PowerContext | None = None) -> Step:
    """The power step after ``step`` (with a new context when given): what a decision taken at a stage
    resumes."""
    _, p, ci, pi, stage, old = step
    return (T_STEP, p, ci, pi, stage + 1, old if ctx is None else ctx)


# ``make(Record, (fields...))`` builds a record without the Python-level call of its constructor
# (three times faster; for the hot paths)
make = tuple.__new__


class EssenceChoice(NamedTuple):
    """``essence`` decision: choose one essence (``options``) to gain, lose, pay or convert into."""

    mode: int  # M_GAIN, M_LOSE, M_PAYONE, M_CONVERT
    count: int  # how many are still to choose one at a time (1 for paying or converting)
    then: Any  # M_GAIN: the T_GAIN task; M_PAYONE: the Step to resume; M_CONVERT: how many to gain
    options: tuple[int, ...]


class Cost(NamedTuple):
    """A cost to pay with its discounts (see payment.py)."""

    fixed: tuple[int, ...]
    any: int
    discount: int  # may remove any essence
    discount_no_gold: int  # may not remove Gold


class Placing(NamedTuple):
    """A card waiting for its payment to be put into play."""

    card: int
    source: str  # "hand" or "discard"


class PaymentDue(NamedTuple):
    """``pay`` decision: pay ``cost``; then resume ``then`` (a Step) or put a card in play (Placing)."""

    cost: Cost
    then: Step | Placing


class TargetPurpose(NamedTuple):
    """What a chosen target is for: ``kind`` and its ``data``: ``turn`` / ``destroy`` (the step to
    resume), ``straighten`` (None), ``place`` (a PlaceSpec), ``put`` (the essence to put on the chosen
    card), ``sacrifice`` (None: the artifact destroyed to ignore a Sea Serpent)."""

    kind: str
    data: Any


class TargetChoice(NamedTuple):
    """``target`` decision: choose one of ``targets`` for ``purpose``."""

    purpose: TargetPurpose
    targets: list[int]


class PlaceSpec(NamedTuple):
    """A "place an artifact" effect: where from, with what reduction, which cards."""

    source: str  # "hand", "own_discard" or "any_discard"
    reduction: tuple[int, bool] | None  # (amount, excludes Gold)
    override: bool  # the cost is replaced (paid nothing)
    dragons_only: bool


class Attack(NamedTuple):
    """``defend`` decision: a seat is attacked (Life loss)."""

    attacker: int
    card: int
    amount: int
    ignore_option: dict[str, Any] | None  # what the attacking card lets a rival pay to ignore it


class Peek(NamedTuple):
    """``order`` decision: put the peeked cards back in an order."""

    pile: int  # PILE_OWN or PILE_MONUMENTS
    top: tuple[int, ...]  # the peeked cards, top first


class RivalCount(NamedTuple):
    """``rival`` decision: gain ``gain`` essences equal to a chosen rival's ``count`` essences."""

    gain: int
    count: int


class HandDiscard(NamedTuple):
    """``hand`` decision: discard a card from hand, for a power's cost (``data``: its Step), for
    Divination (``data``: how many are left to discard) or to ignore an attack (``data``: 0)."""

    purpose: str  # "power", "divination" or "ignore"
    data: Any
