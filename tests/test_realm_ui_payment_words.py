"""Payments in words (issue 22, play-test): every payment the log and the reckoning summary tell adds up
to what it paid, kept matching wardens included ("bid 3 ... paid 2 acolytes" hid the kept warden), and no
two ways to pay read the same ("3 coins, 2 Equity influence, 2 mercenaries, ..." twice)."""

from __future__ import annotations

import random
import re
from typing import Any

from game.realm.engine import new_game
from game.realm.engine.constants import MATCH, N_PILLARS
from game.realm.ui.overlays import ReckoningCollector
from game.realm.ui.payment import spend_lines
from game.realm.ui.words import event_text, payment

from .engine_helpers import play_until

SEEDS = [(4, 3), (4, 11), (3, 5), (2, 7), (4, 21), (3, 30)]


def _bids_in(c: Any, words: str, mask: int) -> int:
    """What the parts of a payment in words pay of a bid, read from the words alone (and the rules:
    the k-th coin bid costs k coins, a mercenary pays 1 per colour it matches, a discarded warden 3)."""
    names = {mc.name: mc for mc in c.mercenaries}
    total = 0
    for part in words.split(", "):
        if m := re.fullmatch(r"(\d+) acolytes?", part):
            total += int(m[1])
        elif m := re.fullmatch(r"(\d+) coins?(?: \((\d+) bids\))?", part):
            coins, k = int(m[1]), 0
            while (k + 1) * (k + 2) // 2 <= coins:
                k += 1
            assert k * (k + 1) // 2 == coins and (m[2] is None or int(m[2]) == k), part
            total += k
        elif m := re.fullmatch(r"(\d+) (\w+) influence", part):
            total += int(m[1])
        elif m := re.fullmatch(r"(\d+) \w+ wardens? discarded(?: \((\d+) bids\))?", part):
            assert m[2] is None or int(m[2]) == 3 * int(m[1]), part
            total += 3 * int(m[1])
        elif m := re.fullmatch(r"(\d+) \w+ wardens? kept", part):
            total += int(m[1])
        elif m := re.fullmatch(r"(\d+) mercenar(?:y|ies)(?: \((\d+) bids\))?", part):
            total += int(m[2] or m[1])
        elif m := re.fullmatch(r"(.+?) \([^)]*\)(?: \((\d) bids\))?", part):
            worth = MATCH[names[m[1]].mask & mask]  # KeyError: not a mercenary's name
            assert m[2] is None or int(m[2]) == worth, part
            total += worth
        else:
            raise AssertionError(f"a part of a payment the test cannot read: {part!r} in {words!r}")
    return total


def _payments_told(players: int, seed: int) -> list[tuple[Any, dict[str, Any], int, int, str, str, int]]:
    """Every payment of a random game: (content, event, what it paid, its claim mask, the log's words,
    the summary's words, the matching wardens kept). What it paid is counted from the state before it,
    as the engine counts."""
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    collector = ReckoningCollector(s.c)
    out = []
    while not s.is_terminal():
        before = s.copy()
        s.events = []
        s.apply(rng.choice(s.legal_actions()))
        for d in s.events:
            report_done = collector.feed(d)
            if d["type"] != "pay":
                continue
            p = d["seat"]
            mask = before.claim_mask(before.reckoning_region())
            kept = sum(before.wardens[p * N_PILLARS + c] - d["discards"][c] for c in range(N_PILLARS)
                       if mask & (1 << c))
            worth = (d["acolytes"] + d["coin_bids"] + sum(d["influence"]) + kept + 3 * sum(d["discards"])
                     + sum(MATCH[s.c.mercenaries[m].mask & mask] for m in d["mercs"]))
            log = event_text(s.c, d, lambda q: f"Seat {q}")
            summary = collector.current.paid[p] if collector.current is not None else report_done.paid[p]
            out.append((s.c, d, worth, mask, log, summary, kept))
    return out


def _spent_words(text: str) -> tuple[str, int | None]:
    """A payment's words without the "(worth N)" a payment above its bid ends with, and that N."""
    m = re.fullmatch(r"(.*) \(worth (\d+)\)", text)
    return (m[1], int(m[2])) if m else (text, None)


def test_every_payment_told_adds_up_to_what_it_paid_kept_wardens_included() -> None:
    kept_seen = overshoot_seen = 0
    for players, seed in SEEDS:
        for c, d, worth, mask, log, summary, kept in _payments_told(players, seed):
            assert worth >= d["bid"]
            m = re.fullmatch(r"Seat \d+ pays (.*) for a bid of (\d+)(?: \(the only way to pay it\))?\.", log)
            assert m and int(m[2]) == d["bid"], log
            assert log.endswith("(the only way to pay it).") == bool(d.get("auto")), log
            for text in (m[1], summary):
                words, said = _spent_words(text)
                assert _bids_in(c, words, mask) == worth, (text, d)
                assert said == (worth if worth > d["bid"] else None), text  # a payment above the bid says so
            kept_seen += kept > 0
            overshoot_seen += worth > d["bid"]
    assert kept_seen >= 3, "the games must pay with kept wardens for this test to show they are told"
    assert overshoot_seen >= 1


def test_control_a_payment_covered_by_kept_wardens_alone_names_them() -> None:
    """The summary said "nothing (wardens covered it)": now how many of which colour stayed."""
    s = new_game(4, seed=3)
    d = {"type": "pay", "seat": 0, "acolytes": 0, "coin_bids": 0, "influence": [0] * 5, "mercs": [],
         "discards": [0] * 5, "bid": 3, "kept": [0, 0, 1, 0, 2], "merc_worth": []}
    names = s.c.pillar_names
    assert event_text(s.c, d, lambda q: "You") == \
        f"You pay 1 {names[2]} warden kept, 2 {names[4]} wardens kept for a bid of 3."
    d_without = dict(d, kept=[0] * 5, acolytes=3)
    assert "kept" not in event_text(s.c, d_without, lambda q: "You")


def test_different_ways_to_pay_never_read_the_same() -> None:
    """At seeded payment decisions, every way to pay the window may list reads differently from every
    other, in full and in the short form its buttons use; control: some of these decisions hold payments
    that differ only in which mercenaries they spend (which the words "2 mercenaries" could not tell)."""
    decisions = differ_in_mercs_only = 0
    for seed in (40, 90, 140, 190):
        st = play_until(4, seed, lambda s: s.decision_name() == "pay" and len(s.mercenaries(s.to_move())) >= 2)
        p = st.to_move()
        ways = st.legal_payments(p)
        decisions += 1
        texts = [payment(st.c, a) for a in ways]
        assert len(set(texts)) == len(ways), [t for t in texts if texts.count(t) > 1][:2]
        texts = [payment(st.c, a, short=True) for a in ways]  # as a way's button says it where room is short
        assert len(set(texts)) == len(ways), [t for t in texts if texts.count(t) > 1][:2]
        by_rest: dict[tuple, set] = {}
        for a in ways:
            by_rest.setdefault((a[1], a[2], a[3], len(a[4]), a[5]), set()).add(a[4])
        differ_in_mercs_only += any(len(mercs) > 1 for mercs in by_rest.values())
    assert decisions == 4 and differ_in_mercs_only >= 1


def test_a_way_to_pay_with_named_mercenaries_still_fits_its_button() -> None:
    import pygame

    pygame.font.init()
    s = new_game(4, seed=3)
    mercs = tuple(range(3))
    way = ("pay", 1, 1, (0, 0, 0, 2, 0), mercs, (0, 0, 0, 1, 0))
    lines = spend_lines(payment(s.c, way), 390, payment(s.c, way, short=True))
    assert len(lines) <= 3
